import { expect, type BrowserContext, type Page, type Request } from '@playwright/test';

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

/** True in the page once its sign-in has finished: the session store says signedIn and MSAL has left the URL alone. */
function signedInNow(): boolean {
  const session = (globalThis as unknown as Record<symbol, { get(): { status: string } } | undefined>)[Symbol.for('bizapps.auth.session')];
  return session?.get().status === 'signedIn' && !/[?&#](code|state)=/.test(location.href);
}

/** Wait until the page is signed in and settled (MSAL has finished the redirect and may no longer rewrite the URL). */
export async function waitForSignedIn(page: Page): Promise<void> {
  await page.waitForFunction(signedInNow);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Sign-ins this worker made through the real login page, by login: the identity provider's cookies,
 * MSAL's cache-key cookie and MSAL's (encrypted) localStorage cache. Playwright runs a worker's tests one
 * after another in one process, so this is "one real sign-in per (worker, login)".
 */
const remembered = new Map<string, StorageState>();

/**
 * Keep the signed-in state of `page`'s context for later tests of the same login. Only MSAL's entries
 * of localStorage are kept (nothing else a test wrote).
 */
export async function rememberSignIn(page: Page, login: string): Promise<void> {
  const state = await page.context().storageState();
  remembered.set(login, {
    cookies: state.cookies,
    origins: state.origins.map((origin) => ({ ...origin, localStorage: origin.localStorage.filter((item) => item.name.startsWith('msal.')) })),
  });
  forgetOnChange(page, login);
}

/**
 * Forget a remembered sign-in once a page that reused it changes what it holds at the provider:
 * a refresh-token redemption rotates the refresh token (the provider revokes the whole grant when a used
 * one comes back), and an end-session ends the provider's session.
 */
function forgetOnChange(page: Page, login: string): void {
  const watch = (request: Request): void => {
    const { pathname } = new URL(request.url());
    const refresh = pathname === '/idp/token' && (request.postData() ?? '').includes('grant_type=refresh_token');
    if (refresh || pathname.startsWith('/idp/session/end')) remembered.delete(login);
  };
  page.context().on('request', watch);
}

/**
 * Open `path` signed in as `login` with the state this worker remembered from an earlier real sign-in of
 * that login, as a new tab of that user would: MSAL finds the account in its localStorage cache, with no
 * trip to the provider. False when nothing is remembered or the provider asked for the login anyway
 * (the page is then on the login page: finish with {@link signIn}).
 */
export async function openSignedInAs(page: Page, login: string, path: string): Promise<boolean> {
  // E2E_SIGN_IN_EVERY_TIME=1: every test signs in through the login page (to compare, or to rule this out).
  const state = process.env.E2E_SIGN_IN_EVERY_TIME ? undefined : remembered.get(login);
  if (!state) return false;
  const context = page.context();
  await context.addCookies(state.cookies);
  const script = await page.addInitScript((origins) => {
    const mine = origins.find((origin) => origin.origin === location.origin);
    for (const item of mine?.localStorage ?? []) localStorage.setItem(item.name, item.value);
  }, state.origins);
  forgetOnChange(page, login);
  try {
    await page.goto(path);
  } finally {
    await script.dispose();
  }
  const outcome = await Promise.race([
    page.waitForFunction(signedInNow).then(() => 'signedIn' as const, () => 'closed' as const),
    page.waitForURL(/\/idp\/interaction\//).then(() => 'login' as const, () => 'closed' as const),
  ]);
  if (outcome === 'login') remembered.delete(login);
  return outcome === 'signedIn';
}

/**
 * Open `path` (any page of the host that signs in by itself) signed in as `login`: the first time in a
 * worker through the real login page (then remembered), later with the remembered sign-in. Resolves once
 * the page is signed in and settled.
 */
export async function openAs(page: Page, login: string, path: string): Promise<void> {
  if (await openSignedInAs(page, login, path)) return;
  if (!page.url().includes('/idp/interaction/')) await page.goto(path);
  await signIn(page, login);
  // Signed in and settled: MSAL has finished the redirect (it may still rewrite the URL until then).
  await waitForSignedIn(page);
  await rememberSignIn(page, login);
}

/** Sign this page's browser out locally (to open it as someone else): cookies and both web storages. */
export async function forgetSignIn(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
