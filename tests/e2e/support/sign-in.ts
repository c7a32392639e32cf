import { expect, type Page } from '@playwright/test';

/** Every demo account's password. */
export const DEMO_PASSWORD = 'demo';

/**
 * Sign in through the demo identity provider's real login page. Call it when the page has been
 * sent to the login page (e.g. right after `page.goto` of a page that signs in automatically);
 * resolves once the browser has left the identity provider again.
 */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL(/\/idp\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Through the provider and MSAL's redirect bridge, back to the page that started the sign-in.
  await page.waitForURL((url) => !url.pathname.startsWith('/idp/') && !url.pathname.endsWith('/redirect-bridge.html'));
}
