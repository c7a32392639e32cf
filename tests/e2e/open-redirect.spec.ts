// Open redirect (issue 16): hostile targets go through every way a link or a return address reaches the
// portal: `directLink`/`returnUrl`-like query parameters of portal screens and of the §2 hand-off routes,
// the path itself, Can Not Proceed's redirect, MSAL's redirect bridge with a forged state, and the identity
// provider's redirect_uri and post_logout_redirect_uri. Every request to a host other than localhost is
// aborted and counted; the test requires 0 off-site navigations and 0 executed `javascript:` targets.
// Run alone: npx rollup -c && E2E_PORT=4644 npx playwright test tests/e2e/open-redirect.spec.ts
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEV_CLIENT_ID, DEV_REDIRECT_BRIDGE_PATH } from '../../src/core/env';
import { arm, inspect, type Watch } from './support/hostile';
import { openPortalAs, pushPath, shownScreenTag } from './support/portal';

/** Hostile targets: other hosts in every spelling, and script or data URLs. */
export const REDIRECT_TARGETS: readonly string[] = [
  '//evil.example',
  '///evil.example',
  'https://evil.example',
  'http://evil.example/',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  '/\\evil.example',
  '\\/\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '%5C%5Cevil.example',
  '//evil%2Eexample',
  ' //evil.example',
  '\t//evil.example',
  'https://localhost@evil.example',
  'https://localhost.evil.example',
  'https://evil.example#@localhost',
  'https://evil.example\\@localhost',
  'https://evil\u3002example',
  'https://\uFF45\uFF56\uFF49\uFF4C.example',
  'javascript:__xss(1)',
  'JaVaScRiPt:__xss(2)',
  'java\tscript:__xss(3)',
  'java\nscript:__xss(4)',
  '\u0001javascript:__xss(5)',
  'data:text/html,<script>__xss(6)</script>',
  'vbscript:__xss(7)',
];

/** The return-address parameters a portal or legacy link might carry. */
const RETURN_PARAMETERS = ['directLink', 'returnUrl', 'ReturnUrl', 'returnTo', 'redirect', 'redirectUri', 'redirect_uri', 'next', 'url', 'postLogoutRedirectUri'];

const query = (target: string, base: Record<string, string>) => {
  const search = new URLSearchParams(base);
  for (const name of RETURN_PARAMETERS) search.set(name, target);
  return search.toString();
};

/** Nothing left the origin and nothing ran. */
async function stayed(page: Page, watch: Watch, what: string): Promise<void> {
  expect(new URL(page.url()).hostname, `${what}: the page's host`).toBe('localhost');
  expect(watch.navigations, `${what}: off-site navigations`).toEqual([]);
  expect(watch.offsite, `${what}: off-site requests`).toEqual([]);
  const seen = await inspect(page);
  expect(seen.runs, `${what}: javascript: targets that ran`).toEqual([]);
  expect(seen.csp, `${what}: CSP reports naming a target`).toEqual([]);
  expect(watch.dialogs, `${what}: dialogs`).toEqual([]);
}

/** Where the identity provider would send the browser (its Location), or null. */
async function idpLocation(request: APIRequestContext, path: string): Promise<string | null> {
  const answer = await request.get(path, { maxRedirects: 0 });
  expect(answer.status(), path).toBeLessThan(500);
  return answer.headers().location ?? null;
}

test('open redirect: 0 off-site navigations over the hostile targets × return parameters, hand-offs, paths, the redirect bridge and the identity provider', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const watch = await arm(page);
  await openPortalAs(page, 'admin', '/');
  let cases = 0;

  // In-page: every target in every return parameter of a portal screen (the router, the screen and the workbench host read the query).
  for (const target of REDIRECT_TARGETS) {
    await pushPath(page, `/pfm/projects/changemanagement?${query(target, { projectId: '1', budgetId: '1', activeTab: 'change-events' })}`);
    await expect.poll(() => shownScreenTag(page)).toBe('pfm-change-management');
    await stayed(page, watch, `portal screen ${JSON.stringify(target)}`);
    cases += RETURN_PARAMETERS.length;
  }

  // Full page loads: the §2 hand-offs (to the legacy page, query passed along), Can Not Proceed, the path itself.
  const origin = new URL(baseURL!).origin;
  const loads = [
    `/costmanagement/costmanagement/cm?${query('//evil.example', { projectId: '1', budgetId: '1' })}`,
    `/pr/Timecards?${query('https://evil.example', {})}`,
    `/pfm/projects/projectiongrid?${query('https:evil.example', {})}`,
    `/pfm/projects?${query('/\\evil.example', { workbench: 'Reports' })}`,
    `${origin}//evil.example`,
    `${origin}//evil.example/pfm/projects`,
    `${origin}/\\evil.example`,
    `${origin}/%2F%2Fevil.example`,
    `${origin}/%5C%5Cevil.example`,
    `${origin}/.//evil.example`,
  ];
  for (const url of loads) {
    await page.goto(url);
    await page.waitForLoadState('load');
    if (await page.locator('portal-app').count()) await expect.poll(() => shownScreenTag(page)).not.toBeNull();
    await stayed(page, watch, url);
    cases += 1;
  }

  // MSAL's redirect bridge with a forged state naming another site: the response is not followed there.
  const forged = Buffer.from(JSON.stringify({ id: 'forged', meta: { interactionType: 'redirect' } })).toString('base64url');
  await page.goto(`${DEV_REDIRECT_BRIDGE_PATH}#code=forged&state=${forged}|${encodeURIComponent('https://evil.example')}`);
  await page.goto('/');
  await expect(page.locator('portal-home h1')).toHaveText(/^Welcome, /);
  await stayed(page, watch, 'redirect bridge');
  cases += 1;

  // The identity provider: redirect_uri and post_logout_redirect_uri only ever the registered ones.
  // (A cookie-less request context: a sign-out there must not end this page's session.)
  const request = await playwright.request.newContext({ baseURL, ignoreHTTPSErrors: true });
  const offsite: string[] = [];
  for (const target of REDIRECT_TARGETS) {
    const auth = new URLSearchParams({
      client_id: DEV_CLIENT_ID, response_type: 'code', scope: 'openid', redirect_uri: target, state: 's',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256',
    });
    const end = new URLSearchParams({ client_id: DEV_CLIENT_ID, post_logout_redirect_uri: target });
    for (const path of [`/idp/auth?${auth.toString()}`, `/idp/session/end?${end.toString()}`]) {
      const location = await idpLocation(request, path);
      if (location && new URL(location, origin).origin !== origin) offsite.push(`${path} → ${location}`);
      cases += 1;
    }
  }
  await request.dispose();
  expect(offsite, 'identity provider redirects off-site').toEqual([]);

  console.log(`Open redirect: ${REDIRECT_TARGETS.length} targets, ${cases} cases, off-site navigations 0`);
  expect(REDIRECT_TARGETS.length).toBeGreaterThanOrEqual(20);
});
