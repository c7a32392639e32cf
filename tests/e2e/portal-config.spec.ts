// Issue 33, one build for every environment: the one built dist/ signs in under the demo host's configuration
// document, and, unchanged, follows a second document that page.route serves in its place (another client id, label
// and colour): the header shows the second label and colour and MSAL asks the provider for the second client id.
// The demo provider knows only the client 'portal', so the second sign-in is followed to its authorize request.
import { expect, test, type Page } from '@playwright/test';
import { DEV_REDIRECT_BRIDGE_PATH } from '../../src/core/env';
import { signIn } from './support/sign-in';

const CONFIG_PATH = '/portal-config.json';
const AUTHORIZE_PATH = '/idp/auth';

/** The query of the next authorize request the page sends to the provider. */
async function nextAuthorize(page: Page): Promise<URLSearchParams> {
  const request = await page.waitForRequest((r) => new URL(r.url()).pathname === AUTHORIZE_PATH);
  return new URL(request.url()).searchParams;
}

test.describe('the portal configuration document', () => {
  test("signs in under the demo host's own document", async ({ page }) => {
    const config = page.waitForResponse((r) => new URL(r.url()).pathname === CONFIG_PATH);
    const authorize = nextAuthorize(page);
    await page.goto('/');
    const answer = await config;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    // The page navigates to the provider at once, which drops the body of its own response: read the same document
    // over the test's request context.
    const doc = (await (await page.request.get(CONFIG_PATH)).json()) as { clientId: string; label: string };
    expect((await authorize).get('client_id')).toBe(doc.clientId);
    await signIn(page, 'pm');
    await expect(page.locator('portal-home h1')).toHaveText(/^Welcome, Marcus/);
    await expect(page.locator('portal-header [data-environment-label]')).toHaveText(doc.label);
  });

  test('follows a second document with no rebuild: its label, its colour, its client id', async ({ page }) => {
    await page.route(`**${CONFIG_PATH}`, async (route) => {
      const demo = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
        body: JSON.stringify({ ...demo, name: 'stage', label: 'UAT', headerColor: '#6a1b9a', clientId: 'portal-uat' }),
      });
    });
    // The provider would refuse the unknown client: the authorize request is what this test reads.
    await page.route((url) => url.pathname === AUTHORIZE_PATH, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'authorize request seen' }));
    await page.goto('/?skipautosignon=1');
    await expect(page.locator('portal-header [data-environment-label]')).toHaveText('UAT');
    await expect(page.locator('portal-header .portal-header-env')).toHaveCSS('background-color', 'rgb(106, 27, 154)');
    await expect(page.locator('portal-header header')).toHaveAttribute('data-environment', 'stage');
    const authorize = nextAuthorize(page);
    await page.locator('portal-header').getByRole('button', { name: 'Sign in' }).click();
    const query = await authorize;
    expect(query.get('client_id')).toBe('portal-uat');
    expect(query.get('redirect_uri')).toBe(new URL(DEV_REDIRECT_BRIDGE_PATH, page.url()).href);
  });

  test('shows an invalid document in place of the portal, naming the field', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.route(`**${CONFIG_PATH}`, async (route) => {
      const demo = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...demo, protocolMode: 'SAML' }) });
    });
    await page.goto('/');
    const problem = page.locator('portal-app [data-config-problem]');
    await expect(problem).toContainText('protocolMode must be AAD (Entra ID) or OIDC');
    await expect(page).toHaveURL(/\/$/); // no trip to the provider
    expect(errors.some((text) => text.includes('protocolMode must be AAD (Entra ID) or OIDC'))).toBe(true);
  });
});
