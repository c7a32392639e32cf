import { expect, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** Open the portal and sign in as `login` through the real login page. */
export async function openPortalAs(page: Page, login: string, path = '/'): Promise<void> {
  await page.goto(path);
  await signIn(page, login);
  await expect(page.locator('portal-app')).toBeAttached();
  // Signed in and settled: MSAL has finished the redirect (it may still rewrite the URL until then).
  await page.waitForFunction(() => sessionStorage.length > 0 && !/[?&#](code|state)=/.test(location.href));
  await page.waitForLoadState('networkidle');
  if (path === '/') await expect(page.locator('portal-home h1')).toHaveText(/^Welcome, /);
}

/** In-page navigation as the router sees Back/Forward: pushState, then a popstate event. */
export async function pushPath(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The tag the portal's main area shows (the real screen, or the not-available stand-in's planned tag). */
export async function shownScreenTag(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const main = document.querySelector('portal-app')?.shadowRoot?.getElementById('portal-main');
    const el = main?.firstElementChild;
    if (!el) return null;
    return el.localName === 'portal-not-available' ? el.getAttribute('tag') : el.localName;
  });
}
