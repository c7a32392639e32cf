/**
 * Helpers for element tests that need the bundle's own modules. Kept apart from ./browser so that
 * the plain unit tests, which import ./browser, do not bundle React and the UI with them.
 */
import { createRoot, type Root } from 'react-dom/client';
import { resetApi } from '../../src/core/api';
import { $session } from '../../src/core/auth';
import { resetCurrentUser } from '../../src/core/auth/current-user';
import { clearLibraries, resetLookups } from '../../src/core/lookups';
import { resetMessages } from '../../src/core/messages';
import { OVERLAYS_TAG } from '../../src/ui/element';
import { resetRecordStores, resetStateCache } from '../../src/core/records';
import { restoreFetch } from './browser';

/** The shadow root of the page's `<portal-overlays>` (toasts, message boxes); throws when there is none. */
export function overlaysRoot(): ShadowRoot {
  const host = document.querySelector(OVERLAYS_TAG);
  if (!host?.shadowRoot) throw new Error('no <portal-overlays> with a shadow root');
  return host.shadowRoot;
}

/** Forget every per-page store a record screen fills: API cache, lookups, messages, record stores and record states. */
export function resetPageStores(): void {
  resetApi();
  resetCurrentUser();
  resetLookups();
  resetMessages();
  resetRecordStores();
  resetStateCache();
}

/** A signed-in session, as the portal has before any screen mounts (screens embedded alone wait for one). */
export function signInForTest(login = 'pm'): void {
  $session.set({ status: 'signedIn', account: { username: login, login } } as never);
}

/**
 * The hooks every element test file repeats: before each test a clean local storage, no cached libraries and a
 * signed-in session (`login: null`: none); after it the page emptied, `fetch` restored and every per-page store forgotten.
 */
export function useElementTestPage(options: { login?: string | null; after?: () => void } = {}): void {
  beforeEach(() => {
    localStorage.clear();
    clearLibraries();
    if (options.login !== null) signInForTest(options.login);
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetPageStores();
    options.after?.();
  });
}

/** A `<div>` appended to the page with a React root in it: for rendering UI pieces without their element. */
export function appendReactRoot(): { host: HTMLDivElement; root: Root } {
  const host = document.createElement('div');
  document.body.append(host);
  return { host, root: createRoot(host) };
}

/** After a test, undoes {@link appendReactRoot}: the root unmounted and its `<div>` removed; and `fetch` restored. */
export function removeReactRoot(host: HTMLElement, root: Root): void {
  root.unmount();
  host.remove();
  restoreFetch();
}
