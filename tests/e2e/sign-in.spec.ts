// Real sign-in: the core's startAuth() with real @azure/msal-browser against the demo identity
// provider's login page, then an API call with the token.
import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { signIn } from './support/sign-in';

const CHECK_PAGE = '/demo/sign-in-check.html';

/** The payload of a JWT (test-side only; never logged). */
function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A JWT in plain text: three base64url parts joined by dots. MSAL's encrypted cache is base64url
 *  too, so a bare 'eyJ' can turn up in it by chance (it did, failing CI once); a dot never can. */
const PLAIN_JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

function apiCall(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === path);
}

test.describe('sign-in through the demo identity provider', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.login} signs in and the API gets a token for them`, async ({ page }) => {
      const call = apiCall(page, '/api/employees/GetCurrentUser');
      await page.goto(CHECK_PAGE);
      await signIn(page, account.login);
      await expect(page).toHaveURL(new RegExp(`${CHECK_PAGE}$`));
      await expect(page.locator('#session-status')).toHaveText('signedIn');
      await expect(page.locator('#session-login')).toHaveText(account.login);
      await expect(page.locator('#session-name')).toHaveText(account.preferredName);

      const request = await call;
      const authorization = (await request.allHeaders()).authorization ?? '';
      expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const claims = jwtPayload(authorization.slice('Bearer '.length));
      expect(claims.sub).toBe(account.login);
      expect(claims.aud).toBe('api://bizapps-portal');
      const response = await request.response();
      // The token passed the host's check (401 would mean refused); 200 once the API helper's route exists.
      expect(response?.status()).not.toBe(401);
      if (response?.status() === 200) await expect(page.locator('#api-result')).toHaveText(`ok ${account.email}`);
      // No token in the address bar or in localStorage.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(page.url()).not.toMatch(PLAIN_JWT);
      expect(stored).not.toMatch(PLAIN_JWT);
      // Nor the token itself, nor its payload part alone.
      const token = authorization.slice('Bearer '.length);
      expect(stored).not.toContain(token.split('.')[1]);
    });
  }

  test('a new tab of the signed-in user shows its screen with no sign-in redirect; the cache in localStorage is encrypted', async ({ page }) => {
    await page.goto(CHECK_PAGE);
    await signIn(page, 'pm');
    await expect(page.locator('#session-status')).toHaveText('signedIn');
    // MSAL's cache is in localStorage (shared by the tabs), every entry encrypted: no JWT in plain text.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.keys(stored).some((key) => /idtoken/i.test(key))).toBe(true);
    expect(JSON.stringify(stored)).not.toMatch(PLAIN_JWT);

    const tab = await page.context().newPage();
    // Page loads, and calls of the provider's sign-in and token endpoints (its metadata may be fetched).
    const loads: string[] = [];
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'document' || /^\/idp\/(auth|token|interaction)/.test(pathname)) loads.push(pathname);
    });
    await tab.goto('/');
    await expect(tab.locator('portal-home h1')).toHaveText(/^Welcome, Marcus/);
    // One page load, no trip to the provider or through the redirect bridge.
    expect(loads).toEqual(['/']);
    await tab.close();
  });

  test('a wrong password is refused with a message, keeping the typed login', async ({ page }) => {
    await page.goto(CHECK_PAGE);
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Login').fill('pm');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#login-error')).toContainText('Unknown login or wrong password');
    await expect(page.getByLabel('Login')).toHaveValue('pm');
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    // The right password still works from here.
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#session-status')).toHaveText('signedIn');
  });

  test('skipautosignon keeps the page signed out, with no redirect to the provider', async ({ page }) => {
    const providerRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/idp/auth')) providerRequests.push(request.url());
    });
    await page.goto(`${CHECK_PAGE}?skipautosignon=true`);
    await expect(page.locator('#session-status')).toHaveText('signedOut');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(new RegExp(`${CHECK_PAGE}\\?skipautosignon=true$`));
    expect(providerRequests).toEqual([]);
  });

  test('sign-out ends the session at the provider with the id token hint and returns signed out', async ({ page }) => {
    await page.goto(CHECK_PAGE);
    await signIn(page, 'pm');
    await expect(page.locator('#session-status')).toHaveText('signedIn');

    const endSession = page.waitForRequest((request) => new URL(request.url()).pathname === '/idp/session/end');
    await page.locator('#sign-out').click();
    const url = new URL((await endSession).url());
    expect(url.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${new URL(page.url()).origin}/`);
    // Back on the portal's origin root, which signs in again by itself: the provider asks for the login
    // (its session ended). Wait for that, or the next navigation races the portal's redirect.
    await page.waitForURL((current) => current.pathname.startsWith('/idp/interaction/'));
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Signing out cleared MSAL's shared cache: no account or token is left in localStorage.
    expect(Object.keys(await page.evaluate(() => ({ ...localStorage }))).filter((key) => /account|idtoken|accesstoken|refreshtoken/i.test(key) && !/\.keys/.test(key))).toEqual([]);

    await page.goto(`${CHECK_PAGE}?skipautosignon`);
    await expect(page.locator('#session-status')).toHaveText('signedOut');
    // The provider's session is gone too: signing in asks for the login again.
    await page.locator('#sign-in').click();
    await page.waitForURL(/\/idp\/interaction\//);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
