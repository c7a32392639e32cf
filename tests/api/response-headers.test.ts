/**
 * Issue 16: the security headers on every response type (HTML, JavaScript, CSS, API JSON, images,
 * file downloads, generated PDFs, the identity provider's pages, legacy pages, the signing service),
 * and no sign-out by a cross-site link (the end-session URL asks unless the portal's own id_token_hint
 * names the signed-in user). One host for the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEV_CLIENT_ID, DEV_REDIRECT_BRIDGE_PATH } from '../../src/core/env';
import { CookieJar, signInOverHttp } from './support/host';
import { useTestHost } from './support/use-host';

const { host } = useTestHost();

interface Target { what: string; path: string; init?: RequestInit; login?: string; status?: number; download?: boolean; type: RegExp }

async function send(target: Target): Promise<Response> {
  const headers: Record<string, string> = { ...(target.init?.headers as Record<string, string> | undefined) };
  if (target.login) headers.authorization = `Bearer ${await host.tokenFor(target.login)}`;
  return fetch(host.url + target.path, { ...target.init, headers, redirect: 'manual' });
}

const form = (fields: Record<string, string | Blob>): FormData => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

describe('security headers on every response type', () => {
  it('HTML, JS, CSS, API (200, 401, 404), images, downloads, PDFs, identity provider, legacy and signing pages', async () => {
    const upload = await send({
      what: 'upload', path: '/api/pfm/files/upload', login: 'admin', type: /json/,
      init: { method: 'POST', body: form({ ApplicationRecordKey: 'Project', RecordId: '1', file: new File(['a,b\n1,2\n'], 'headers.csv', { type: 'text/csv' }) }) },
    });
    assert.equal(upload.status, 200, await upload.clone().text());
    const fileId = String(((await upload.json()) as { data: { fileId: number } }).data.fileId);
    const subcontractId = String((host.db.prepare('SELECT min(subcontractId) AS id FROM subcontracts').get() as { id: number }).id);

    const targets: Target[] = [
      { what: 'portal page', path: '/', type: /text\/html/ },
      { what: 'portal route', path: '/pfm/projects', type: /text\/html/ },
      { what: 'legacy page', path: '/SR/Brats', type: /text\/html/ },
      { what: 'legacy CSS', path: '/legacy-assets/legacy.css', type: /text\/css/ },
      { what: 'identity provider script', path: '/idp-assets/logout.js', type: /javascript/ },
      { what: 'identity provider discovery', path: '/idp/.well-known/openid-configuration', type: /json/ },
      { what: 'identity provider end-session page', path: '/idp/session/end', type: /text\/html/ },
      { what: 'signing service outbox (keyAdmin Admin)', path: '/esign/outbox', login: 'admin', type: /text\/html/ },
      { what: 'API JSON', path: '/api/applications/getApplicationRoleAccess', login: 'pm', type: /json/ },
      { what: 'API 401', path: '/api/applications/getApplicationRoleAccess', status: 401, type: /json/ },
      { what: 'API 404', path: '/api/nothing', login: 'pm', status: 404, type: /json/ },
      { what: 'API 400', path: '/api/pfm/getBudget', login: 'pm', status: 400, type: /json/ },
      { what: 'API image', path: '/api/employees/profilephoto.png?Email=marcus.reyes%40summitbuilders.example', login: 'pm', type: /image\/png/ },
      { what: 'legacy data path', path: `/costmanagement/costmanagement/GetSubcontract?subcontractId=${subcontractId}`, login: 'admin', type: /json/ },
      { what: 'file download', path: '/api/pfm/files/download', login: 'admin', download: true, type: /text\/csv/, init: { method: 'POST', body: form({ FileId: fileId }) } },
      {
        what: 'generated PDF', path: '/api/pfm/documents/RecordDocument', login: 'admin', download: true, type: /application\/pdf/,
        init: { method: 'POST', body: form({ RecordKey: 'Subcontract', RecordId: subcontractId }) },
      },
    ];
    const failures: string[] = [];
    for (const target of targets) {
      const response = await send(target);
      await response.arrayBuffer();
      const h = (name: string) => response.headers.get(name) ?? '';
      const fail = (why: string) => failures.push(`${target.what} (${target.path}): ${why}`);
      if (response.status !== (target.status ?? 200)) fail(`status ${response.status}`);
      if (!target.type.test(h('content-type'))) fail(`content-type ${h('content-type')}`);
      const csp = h('content-security-policy');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1];
      if (!scriptSrc || /unsafe-inline|unsafe-eval|\*/.test(scriptSrc)) fail(`CSP script-src '${scriptSrc}'`);
      if (!/frame-ancestors 'self'/.test(csp)) fail('CSP lacks frame-ancestors');
      if (h('x-content-type-options') !== 'nosniff') fail('no nosniff');
      if (h('referrer-policy') !== 'strict-origin-when-cross-origin') fail(`referrer-policy '${h('referrer-policy')}'`);
      if (!/^max-age=\d{7,}/.test(h('strict-transport-security'))) fail(`HSTS '${h('strict-transport-security')}'`);
      if ((target.login || target.path.startsWith('/api/')) && !/no-store/.test(h('cache-control'))) fail(`cache-control '${h('cache-control')}' on an authenticated answer`);
      if (target.download && !/^attachment; filename="[^"]+"/.test(h('content-disposition'))) fail(`content-disposition '${h('content-disposition')}'`);
    }
    assert.deepEqual(failures, []);
  });
});

describe('no sign-out by a cross-site link (end-session)', () => {
  /** A signed-in browser session (its cookies) and the id token the portal keeps. */
  async function signedInSession(login = 'pm'): Promise<{ jar: CookieJar; idToken: string }> {
    const jar = new CookieJar();
    const tokens = await signInOverHttp(host.url, login, 'api', undefined, jar);
    assert.ok(tokens.id_token);
    return { jar, idToken: tokens.id_token };
  }

  /** True when the session still signs in silently (prompt=none gives a code, not login_required). */
  async function stillSignedIn(jar: CookieJar): Promise<boolean> {
    const authorize = new URL(`${host.url}/idp/auth`);
    authorize.search = new URLSearchParams({
      client_id: DEV_CLIENT_ID, response_type: 'code', redirect_uri: `${host.url}${DEV_REDIRECT_BRIDGE_PATH}`, scope: 'openid', prompt: 'none',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's', response_mode: 'query',
    }).toString();
    let response = await fetch(authorize, { redirect: 'manual', headers: { cookie: jar.header() } });
    for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
      const next = new URL(response.headers.get('location') ?? '', host.url);
      if (next.pathname === DEV_REDIRECT_BRIDGE_PATH) return next.searchParams.has('code');
      jar.store(response);
      response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    }
    return false;
  }

  it('a plain GET of the end-session URL (no id_token_hint) asks; the page does not confirm itself; the session stays', async () => {
    const { jar } = await signedInSession();
    assert.equal(await stillSignedIn(jar), true, 'signed in to start with');
    for (const query of ['', `?client_id=${DEV_CLIENT_ID}`, `?client_id=${DEV_CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(`${host.url}/`)}`]) {
      const page = await fetch(`${host.url}/idp/session/end${query}`, { headers: { cookie: jar.header() } });
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /<h1>Sign out\?<\/h1>/, query);
      assert.doesNotMatch(html, /<script/, `${query}: no script confirms the form`);
      assert.match(html, /id="logout-no"[^>]*href="\/"/, 'Stay signed in leaves without submitting');
      assert.equal(await stillSignedIn(jar), true, `${query}: still signed in after the GET`);
    }
  });

  it("the portal's own sign-out (the signed-in user's id_token_hint) confirms itself; another user's hint asks", async () => {
    const { jar, idToken } = await signedInSession();
    const other = await signedInSession('employee');
    const foreign = await fetch(`${host.url}/idp/session/end?id_token_hint=${other.idToken}`, { headers: { cookie: jar.header() } });
    assert.doesNotMatch(await foreign.text(), /logout\.js/, "another user's hint does not confirm");
    const own = await fetch(`${host.url}/idp/session/end?id_token_hint=${idToken}`, { headers: { cookie: jar.header() } });
    const html = await own.text();
    assert.match(html, /<script src="\/idp-assets\/logout\.js"/, 'the portal sign-out stays one click');
    // What logout.js does: submit the provider's form with logout=yes; the session ends.
    jar.store(own);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    assert.ok(action && xsrf);
    const confirm = await fetch(new URL(action, host.url), {
      method: 'POST', redirect: 'manual', headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    assert.ok(confirm.status === 303 || confirm.status === 302, `confirm answered ${confirm.status}`);
    jar.store(confirm);
    assert.equal(await stillSignedIn(jar), false, 'signed out after the confirmed sign-out');
  });
});
