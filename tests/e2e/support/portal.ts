import { expect, type Page, type Request } from '@playwright/test';
import { openAs } from './sign-in';

/** Requests of `page` still under way, counted from now; `quiet()` resolves once none has been for `ms`. */
function trackRequests(page: Page, ms = 150): { quiet(): Promise<void>; stop(): void } {
  const open = new Set<Request>();
  let changedAt = Date.now();
  const started = (request: Request): void => {
    open.add(request);
    changedAt = Date.now();
  };
  const ended = (request: Request): void => {
    open.delete(request);
    changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: () => expect.poll(() => open.size === 0 && Date.now() - changedAt >= ms, { timeout: 30_000, intervals: [50] }).toBe(true),
    stop: () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Open the portal on `path` signed in as `login`. The first time in a worker for a login it signs in
 * through the real login page and remembers that sign-in; later tests of that login open the page as a
 * new tab of the signed-in user would (MSAL's localStorage cache, no trip to the provider). Resolves
 * once the page is signed in and its loads have finished.
 */
export async function openPortalAs(page: Page, login: string, path = '/'): Promise<void> {
  const requests = trackRequests(page);
  try {
    await openAs(page, login, path);
    await expect(page.locator('portal-app')).toBeAttached();
    // The screen's first loads are done (as networkidle waited for, without its fixed 500 ms).
    await requests.quiet();
  } finally {
    requests.stop();
  }
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
