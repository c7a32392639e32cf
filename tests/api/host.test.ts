// The demo host itself: bearer-token check, security headers, error statuses, portal and legacy pages,
// and the identity provider's login page.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT } from 'jose';
import { DEV_REDIRECT_BRIDGE_PATH, DEV_RESOURCES } from '../../src/core/env';
import { LEGACY_PAGES } from '../../demo/host/legacy/index';
import { useTestHost } from './support/use-host';

const ROLES_PATH = '/api/applications/getApplicationRoleAccess';

const { host } = useTestHost();

const get = (pathAndQuery: string, token?: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${host.url}${pathAndQuery}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

async function assertUnauthorized(response: Response): Promise<void> {
  assert.equal(response.status, 401);
  assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = (await response.json()) as { message?: string };
  assert.equal(body.message, 'Unauthorized');
}

/** A token with the right claims, signed with the IdP's real key unless another key is given. */
async function forgeToken(options: { exp?: number; otherKey?: boolean; typ?: string; aud?: string } = {}): Promise<string> {
  const keys = JSON.parse(readFileSync(path.join(host.dataDir, 'idp-keys.json'), 'utf8')) as { signingKey: { kid: string } & Record<string, unknown> };
  const key = options.otherKey ? (await generateKeyPair('RS256')).privateKey : await importJWK(keys.signingKey, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: DEV_RESOURCES.api.scope, client_id: 'portal' })
    .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'at+jwt', kid: keys.signingKey.kid })
    .setIssuer(host.issuer)
    .setAudience(options.aud ?? DEV_RESOURCES.api.identifier)
    .setSubject('pm')
    .setIssuedAt(now - 120)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(key);
}

describe('bearer-token check', () => {
  it('refuses /api without a token', async () => {
    await assertUnauthorized(await get(ROLES_PATH));
  });

  it('refuses the legacy data calls (/costmanagement/costmanagement/Get*) without a token', async () => {
    await assertUnauthorized(await get('/costmanagement/costmanagement/GetSubcontract?subcontractId=1'));
    await assertUnauthorized(await get('/CostManagement/CostManagement/getsubcontract?subcontractId=1'));
  });

  it('refuses a malformed token and a non-Bearer scheme', async () => {
    await assertUnauthorized(await get(ROLES_PATH, 'not-a-jwt'));
    await assertUnauthorized(await get(ROLES_PATH, 'aaa.bbb.ccc'));
    await assertUnauthorized(await get(ROLES_PATH, undefined, { headers: { authorization: `Basic ${Buffer.from('pm:demo').toString('base64')}` } }));
  });

  it('accepts a well-formed token signed by the provider (control for the forged cases below)', async () => {
    const response = await get('/api/no-such-route', await forgeToken());
    assert.equal(response.status, 404);
  });

  it('refuses a token signed by another key', async () => {
    await assertUnauthorized(await get(ROLES_PATH, await forgeToken({ otherKey: true })));
  });

  it('refuses an expired token', async () => {
    await assertUnauthorized(await get(ROLES_PATH, await forgeToken({ exp: Math.floor(Date.now() / 1000) - 60 })));
  });

  it('refuses a token whose typ is not at+jwt', async () => {
    await assertUnauthorized(await get(ROLES_PATH, await forgeToken({ typ: 'JWT' })));
  });

  it('refuses a real token of another resource (BI audience)', async () => {
    const token = await host.tokenFor('pm', 'bi');
    assert.deepEqual(decodeJwt(token).aud, DEV_RESOURCES.bi.identifier);
    await assertUnauthorized(await get(ROLES_PATH, token));
  });

  it('refuses an id token used as an access token', async () => {
    const idToken = await host.idTokenFor('pm');
    assert.notEqual(decodeProtectedHeader(idToken).typ, 'at+jwt');
    await assertUnauthorized(await get(ROLES_PATH, idToken));
  });

  it('accepts a real access token of the product API, whose sub is the demo login', async () => {
    const token = await host.tokenFor('pm');
    assert.equal(decodeProtectedHeader(token).typ, 'at+jwt');
    const claims = decodeJwt(token);
    assert.equal(claims.sub, 'pm');
    assert.equal(claims.iss, host.issuer);
    assert.equal(claims.aud, DEV_RESOURCES.api.identifier);
    assert.match(String(claims.scope), /api:\/\/bizapps-portal\/access_as_user/);
    const response = await get('/api/no-such-route', token);
    assert.equal(response.status, 404);
  });

  it('issues tokens for all four resources, each with its own audience', async () => {
    for (const resource of ['api', 'bi', 'ai', 'search'] as const) {
      const claims = decodeJwt(await host.tokenFor('admin', resource));
      assert.equal(claims.aud, DEV_RESOURCES[resource].identifier, resource);
      assert.equal(claims.sub, 'admin');
    }
  });
});

describe('security headers', () => {
  for (const target of ['/', '/pfm/projects', ROLES_PATH, '/idp/.well-known/openid-configuration', '/SR/Brats', '/dist/loader.js', DEV_REDIRECT_BRIDGE_PATH]) {
    it(`are set on ${target}`, async () => {
      const response = await get(target);
      await response.arrayBuffer();
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const part of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "form-action 'self'", "img-src 'self' data: blob:", "frame-src 'self' blob:"]) {
        assert.ok(csp.includes(part), `${target}: CSP lacks ${part}`);
      }
      assert.ok(!/script-src[^;]*unsafe-inline/.test(csp), 'no inline script');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    });
  }
});

describe('errors', () => {
  it('answers an unknown /api path with a 404 JSON error', async () => {
    const response = await get('/api/nothing/here?x=1', await host.tokenFor('pm'));
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    const body = (await response.json()) as { message?: string; statusCode?: number };
    assert.equal(body.statusCode, 404);
    assert.match(body.message ?? '', /not found/i);
  });

  it('answers an oversized body with 413 JSON and the API route untouched', async () => {
    const big = JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) });
    const response = await get('/api/pfm/UpdateChangeRecordState', await host.tokenFor('pm'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    if (response.status === 404) {
      // Until the API's POST routes exist, prove the limit on the host's own form route instead.
      const form = await get('/idp/interaction/none/login', undefined, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `login=${'x'.repeat(64 * 1024)}` });
      assert.equal(form.status, 413);
      return;
    }
    assert.equal(response.status, 413);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    const body = (await response.json()) as { message?: string };
    assert.match(body.message ?? '', /too large/i);
  });

  it('answers a missing bundle file with 404, not the portal page', async () => {
    const response = await get('/dist/no-such-chunk.js');
    assert.equal(response.status, 404);
    assert.doesNotMatch(await response.text(), /<portal-app/);
  });

  it('does not serve files outside demo/pages', async () => {
    const response = await get('/demo/..%2f..%2fpackage.json');
    assert.equal(response.status, 404);
  });
});

describe('pages', () => {
  for (const target of ['/', '/pfm/projects', '/some/unknown/path', '/PFM/Projects?projectId=3']) {
    it(`serves the portal page at ${target}`, async () => {
      const response = await get(target);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      const text = await response.text();
      assert.match(text, /<portal-app/);
      assert.match(text, /<script type="module" src="\/dist\/loader\.js"><\/script>/);
    });
  }

  it('serves the bundle with a JavaScript MIME type and revalidation', async () => {
    const response = await get('/dist/loader.js');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /javascript/);
    assert.match(response.headers.get('cache-control') ?? '', /no-cache/);
  });

  it('serves the build\'s MSAL redirect bridge page and its own script (no inline script, no other chunk), no-cache', async () => {
    const response = await get(DEV_REDIRECT_BRIDGE_PATH);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.match(response.headers.get('cache-control') ?? '', /no-cache/);
    const page = await response.text();
    assert.match(page, /<script type="module" src="redirect-bridge\.js"><\/script>/);
    assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)[^>]*>/);
    const script = await get('/dist/redirect-bridge.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(script.headers.get('cache-control') ?? '', /no-cache/);
    const code = await script.text();
    assert.match(code, /Microsoft Authentication|msal/i);
    assert.doesNotMatch(code, /\bimport\s*[("'{*\w]/, 'self-contained: it imports no chunk');
  });
});

describe('legacy hand-off pages', () => {
  const query = 'projectId=12&noRedirect=1&q=<script>alert(1)</script>&name="quoted"';
  for (const page of LEGACY_PAGES) {
    // The page echoes nothing of the request (issue 29: no demo debug box; tests/api/legacy-pages.test.ts).
    it(`${page.path} embeds its element through the loader; a hostile query writes nothing into the page`, async () => {
      const response = await get(`${page.path}?${query}`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(new URL(response.url).pathname, page.path, 'served at the path asked for');
      const text = await response.text();
      assert.ok(!text.includes('alert(1)'), 'no injected script');
      assert.match(text, /<script type="module" src="\/dist\/loader\.js"><\/script>/);
      assert.match(text, new RegExp(`<${page.tag}[^>]*>Loading…</${page.tag}>`));
      assert.ok(text.includes('<link rel="stylesheet" href="/demo/bootstrap3-like.css">'), 'the old page loads Bootstrap 3');
      assert.doesNotMatch(text, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    });
  }

  it('embeds the real element where it exists, configured from the query (any case); the others keep their placeholder', async () => {
    const embedded = (text: string) => /<div class="widget" id="legacy-widget">\n(<[^>]*>)Loading…/.exec(text)?.[1];
    const page = async (path: string) => embedded(await (await get(path)).text());
    assert.equal(await page('/costmanagement/costmanagement/cm?projectId=4&budgetId=7&x=1'), '<pfm-projection-grid project-id="4" budget-id="7">');
    assert.equal(await page('/costmanagement/costmanagement/cm?ProjectId=4'), '<pfm-projection-grid project-id="4">');
    assert.equal(
      await page('/costmanagement/costmanagement/changemanagement?projectId=1&budgetId=1&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=3'),
      '<pfm-change-management project-id="1" budget-id="1" active-tab="change-events" record-key="ChangeEvent" record-id="3" workbench="ChangeEvent">',
    );
    assert.equal(await page('/costmanagement/costmanagement/changemanagement?projectId=1'), '<pfm-change-management project-id="1">');
    assert.equal(await page('/CostManagement/Projects?legalEntityId=1'), '<pfm-projects>');
    assert.equal(await page('/SR/Brats?projectId=1&budgetId=2'), '<pfm-buyout project-id="1" budget-id="2">');
    assert.equal(await page('/sr/Brats/BuyoutProject?projectId=3'), '<pfm-buyout project-id="3">');
    // Attribute values are escaped like the rest of the page.
    assert.equal(await page('/SR/Brats?projectId=%22%3E%3Cscript%3E'), '<pfm-buyout project-id="&quot;&gt;&lt;script&gt;">');
    assert.equal(
      await page('/pr/Timecards/Timecard?timecardId=8&employeeId=3&recordKey=Timecard&recordId=8'),
      '<tc-timecard employee-id="3" timecard-id="8" record-id="8" record-key="Timecard">',
    );
    assert.equal(await page('/pr/Timecards/weeklyredirect?week=2026-11-21'), '<tc-timecard>');
    assert.equal(await page('/pr/Requests?RecordId=5&activeTab=team-requests'), '<pto-requests record-id="5" active-tab="team-requests">');
    assert.equal(await page('/pr/Requests/ManageRegionalCalendar?regionId=2&year=2027'), '<pto-regional-calendar region-id="2" year="2027">');
    assert.equal(await page('/ProjectToolbox/ProjectCloseouts?projectId=2'), '<pt-project-closeouts project-id="2">');
    assert.equal(await page('/ProjectToolbox/ProjectCloseouts'), '<pt-project-closeouts>');
    // Issue 15: the access request pages embed the real elements, the project from the query.
    assert.equal(await page('/ProjectToolbox/ProjectSecurities/request?ProjectId=6'), '<pt-access-request project-id="6">');
    assert.equal(await page('/ProjectToolbox/ProjectSecurities/reviewaccess?projectId=6'), '<pt-review-access project-id="6">');
  });

  it('matches legacy paths case-insensitively and keeps the path as received', async () => {
    const response = await get('/SR/BRATS?projectId=5');
    assert.equal(response.status, 200);
    assert.equal(new URL(response.url).pathname, '/SR/BRATS', 'not redirected');
    assert.match(await response.text(), /<div class="widget" id="legacy-widget">\n<pfm-buyout project-id="5">Loading…/);
  });

  it('serves its stylesheets', async () => {
    const response = await get('/legacy-assets/legacy.css');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/css/);
    // And the Bootstrap 3 rules it loads first, with the root font size that old pages set.
    const bootstrap3 = await get('/demo/bootstrap3-like.css');
    assert.equal(bootstrap3.status, 200);
    assert.match(bootstrap3.headers.get('content-type') ?? '', /text\/css/);
    assert.match(await bootstrap3.text(), /^html \{ font-size: 10px;/m);
  });
});

describe('identity provider', () => {
  async function openLoginPage(): Promise<{ url: string; cookie: string; html: string }> {
    const authorize = new URL(`${host.url}/idp/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'portal', response_type: 'code', redirect_uri: `${host.url}${DEV_REDIRECT_BRIDGE_PATH}`, scope: 'openid profile',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's',
    }).toString();
    const first = await fetch(authorize, { redirect: 'manual' });
    assert.equal(first.status, 303);
    const url = new URL(first.headers.get('location') ?? '', host.url).href;
    const cookie = first.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const page = await fetch(url, { headers: { cookie } });
    assert.equal(page.status, 200);
    return { url, cookie, html: await page.text() };
  }

  it('shows our login page listing every demo account, with no inline script or external resources', async () => {
    const { html } = await openLoginPage();
    for (const login of ['admin', 'pm', 'rpm', 'risk', 'reviewer', 'tcadmin', 'it', 'viewer', 'employee']) assert.ok(html.includes(`<code>${login}</code>`), login);
    assert.match(html, /name="password" type="password"/);
    assert.doesNotMatch(html, /<script/);
    assert.doesNotMatch(html, /https?:\/\/(?!localhost)/);
  });

  it('refuses a wrong password with a clear message and keeps the typed login', async () => {
    const { url, cookie } = await openLoginPage();
    const response = await fetch(`${url}/login`, { method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'login=pm&password=wrong' });
    assert.equal(response.status, 401);
    const html = await response.text();
    assert.match(html, /id="login-error"[^>]*>Unknown login or wrong password/);
    assert.match(html, /name="login" type="text"[^>]*value="pm"/);
  });

  it("a code asked for one service (MSAL's hidden frame or popup: its scope only, no resource at the token endpoint) gives that service's token", async () => {
    const { CookieJar, signInOverHttp, silentTokenOverHttp } = await import('./support/host');
    const jar = new CookieJar();
    await signInOverHttp(host.url, 'pm', 'api', undefined, jar);
    for (const resource of ['bi', 'ai', 'search', 'api'] as const) {
      const tokens = await silentTokenOverHttp(host.url, 'pm', jar, resource);
      const claims = decodeJwt(tokens.access_token);
      assert.equal(claims.aud, DEV_RESOURCES[resource].identifier, resource);
      assert.equal(claims.scope, DEV_RESOURCES[resource].scope, resource);
    }
  });

  it('refuses a wrong password at the token level too (no code is issued)', async () => {
    const { signInOverHttp } = await import('./support/host');
    await assert.rejects(signInOverHttp(host.url, 'pm', 'api', 'nope'), /login form answered 401/);
  });

  it('refuses an unknown redirect URI', async () => {
    const response = await fetch(`${host.url}/idp/auth?client_id=portal&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/')}&scope=openid&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`, { redirect: 'manual' });
    assert.equal(response.status, 400);
  });

  it('requires PKCE', async () => {
    const response = await fetch(`${host.url}/idp/auth?client_id=portal&response_type=code&redirect_uri=${encodeURIComponent(`${host.url}/`)}&scope=openid&state=s`, { redirect: 'manual' });
    // PKCE errors go back to the (valid) redirect URI as an error response.
    assert.equal(response.status, 303);
    assert.match(response.headers.get('location') ?? '', /error=invalid_request/);
  });
});
