/**
 * Sign-in (§4, §7, §8, §9): one MSAL `PublicClientApplication` per page, built from the page's configuration
 * (src/core/env `readPortalConfig`: the page's or the host's document, read once before MSAL is built; with none,
 * the host-name rules). MSAL is imported dynamically, so a page that never signs in never downloads it; its
 * download starts beside the configuration's read. A configuration that cannot be used builds no MSAL at all:
 * the session ends in 'error' and every element shows the configuration's problems instead (src/ui/element).
 *
 * The cache is MSAL's localStorage cache, shared by every tab of the origin: a new tab of a signed-in
 * user finds the account there and shows its screen with no sign-in redirect (with sessionStorage
 * every new tab went through the identity provider and the redirect bridge: two extra page loads).
 * msal-browser encrypts each entry (AES-GCM) with a key kept in a session cookie
 * (`msal.cache.encryption`, Secure, SameSite=None, cleared when the browser closes; entries written
 * under an older key are dropped on start-up), so localStorage never holds a token in plain text; the
 * one exception, MSAL's "keep me signed in" (an Entra `signin_state: kmsi` claim in the id token),
 * stores unencrypted: the Entra app registration must not add the optional `signin_state` claim.
 * Trade-offs: the key cookie is readable by script (as sessionStorage was, so XSS is no worse off) and
 * goes to the host with every request; signing out in one tab signs out every tab (MSAL clears the
 * cache and tells the other tabs over a BroadcastChannel).
 *
 * Tokens never go into URLs or log lines, nor in plain text into localStorage.
 */
import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import { setTokenProvider, type ApiResource } from '../api';
import { clearAllDrafts, clearOtherUsersDrafts } from '../drafts';
import { hostEnvironment, readPortalConfig, type SignInSettings } from '../env';
import { showToast } from '../messages';
import { loadRoles, resetRoles } from '../roles';
import { clockSourceMs } from '../server-clock';
import { pageSingleton } from '../singleton';
import { INTERACTION_IN_PROGRESS_MESSAGE, isInteractionInProgress, needsInteractiveSignIn } from './errors';
import { $session, type SessionAccount } from './session';

export { $session, type Session, type SessionAccount, type SessionStatus } from './session';
export { INTERACTION_IN_PROGRESS_MESSAGE, needsInteractiveSignIn, isInteractionInProgress } from './errors';

/** The part of MSAL's client this module uses (tests pass a fake through {@link resetAuth}). */
export type AuthClient = Pick<IPublicClientApplication,
  'handleRedirectPromise' | 'getActiveAccount' | 'getAllAccounts' | 'setActiveAccount' | 'loginRedirect' | 'logoutRedirect' | 'acquireTokenSilent' | 'acquireTokenPopup'>;

/** How long before its expiry a held access token is renewed: MSAL's own default (`tokenRenewalOffsetSeconds`, 300). */
const TOKEN_RENEWAL_OFFSET_MS = 300_000;

/** §9: the sign-in popup is 483×600. */
export const POPUP_SIZE = { width: 483, height: 600 } as const;

interface AuthState {
  client: Promise<AuthClient> | null;
  createClient: (settings: SignInSettings) => Promise<AuthClient>;
  /** The settings MSAL was built with (set before the client resolves). */
  signIn?: SignInSettings;
  /** Tests with a stand-in MSAL: settings given, no configuration read. */
  fixedSignIn?: SignInSettings | undefined;
  started: Promise<void> | null;
  /** True while a sign-in or sign-out redirect (or a popup) this page started is running. */
  interacting: boolean;
  popups: Map<ApiResource, Promise<string>>;
  /** The last access token per service and when it expires (machine ms): see {@link getAccessToken}. */
  tokens: Map<ApiResource, { token: string; expiresAt: number }>;
}

async function createMsalClient(settings: SignInSettings): Promise<AuthClient> {
  // Destructured so the bundler keeps only what we use of MSAL (the namespace object would keep it all).
  const { PublicClientApplication, BrowserCacheLocation, ProtocolMode } = await import('@azure/msal-browser');
  const client = new PublicClientApplication({
    auth: {
      clientId: settings.clientId,
      authority: settings.authority,
      knownAuthorities: settings.knownAuthorities,
      redirectUri: settings.redirectUri,
      postLogoutRedirectUri: settings.postLogoutRedirectUri,
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
    },
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
    system: { protocolMode: settings.protocolMode === 'OIDC' ? ProtocolMode.OIDC : ProtocolMode.AAD },
  });
  await client.initialize();
  return client;
}

// One per page, shared by every bundle copy: two MSAL instances would fight over the same cache.
const state = pageSingleton<AuthState>('auth', () => ({ client: null, createClient: createMsalClient, started: null, interacting: false, popups: new Map(), tokens: new Map() }));

/** The configuration could not be used (its problems are on the page and in the console already). */
class ConfigurationProblem extends Error {}

/** The settings MSAL was built with: only called once {@link client} has resolved. */
function settings(): SignInSettings {
  if (!state.signIn) throw new Error('Sign-in settings are read with the MSAL client');
  return state.signIn;
}

async function readSignIn(): Promise<SignInSettings> {
  if (state.fixedSignIn) return state.fixedSignIn;
  // MSAL's chunk downloads while the configuration is read (createMsalClient then awaits the same import).
  // Destructured where imported, both times: Rollup then keeps only what is named (a whole-module import would ship all of MSAL).
  if (state.createClient === createMsalClient) void import('@azure/msal-browser').then(({ PublicClientApplication }) => PublicClientApplication, () => undefined);
  const config = await readPortalConfig();
  if (config.status !== 'ready') throw new ConfigurationProblem(config.status);
  return config.settings.signIn;
}

/**
 * Every sign-in (the redirect, and each popup) consents to every service at once on the OIDC dev host, so the
 * refresh token it leaves covers them all: a popup for one service must not leave a refresh token that cannot
 * renew the others silently. Entra cannot mix resources in one request.
 */
function consentToEveryService(asked: string): { extraScopesToConsent?: string[] } {
  const { scopes, protocolMode } = settings();
  if (protocolMode !== 'OIDC') return {};
  return { extraScopesToConsent: Object.values(scopes).filter((scope) => scope !== asked) };
}

function client(): Promise<AuthClient> {
  state.client ??= readSignIn().then((signIn) => {
    state.signIn = signIn;
    return state.createClient(signIn);
  });
  return state.client;
}

/** The portal's view of an MSAL account. */
export function toSessionAccount(account: Pick<AccountInfo, 'username' | 'name' | 'idTokenClaims'>): SessionAccount {
  const claims = account.idTokenClaims as { preferred_username?: unknown } | undefined;
  const preferred = typeof claims?.preferred_username === 'string' ? claims.preferred_username : account.username;
  const login = preferred.split('@')[0] ?? preferred;
  return account.name ? { username: account.username, name: account.name, login } : { username: account.username, login };
}

/** True when the page's query has `skipautosignon` (any value, any case). */
export function hasSkipAutoSignOn(search: string = location.search): boolean {
  return [...new URLSearchParams(search).keys()].some((name) => name.toLowerCase() === 'skipautosignon');
}

function warnInteractionInProgress(): void {
  showToast(INTERACTION_IN_PROGRESS_MESSAGE, { variant: 'warning' });
}

async function markSignedIn(msal: AuthClient, account: AccountInfo): Promise<void> {
  state.tokens.clear(); // another account's tokens are not this one's
  msal.setActiveAccount(account);
  setTokenProvider(getAccessToken, { signInAgain, heldToken: heldAccessToken });
  const sessionAccount = toSessionAccount(account);
  clearOtherUsersDrafts(sessionAccount.login); // another user's unsaved work is never offered
  $session.set({ status: 'signedIn', account: sessionAccount });
  await loadRoles(); // logs its own failures (§8)
}

/**
 * §4 start-up: finish a pending sign-in redirect first, otherwise take the signed-in account from
 * MSAL's cache; then plug the token provider into the API client, mark the session signed in and
 * load the roles. With no account, sign in by redirect unless the query has `skipautosignon` or
 * `autoSignIn` is false. Safe to call more than once: later calls get the first call's promise.
 */
export function startAuth(options: { autoSignIn?: boolean } = {}): Promise<void> {
  state.started ??= (async () => {
    $session.set({ status: 'starting', account: null });
    try {
      const msal = await client();
      let redirectAccount: AccountInfo | null = null;
      try {
        redirectAccount = (await msal.handleRedirectPromise())?.account ?? null;
      } catch (error) {
        console.error('Sign-in redirect failed', error);
      }
      const account = redirectAccount ?? msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
      if (account) return await markSignedIn(msal, account);
      $session.set({ status: 'signedOut', account: null });
      // Not awaited: the page navigates away, and MSAL's redirect promise may never settle.
      if (options.autoSignIn !== false && !hasSkipAutoSignOn()) void signIn();
    } catch (error) {
      if (!(error instanceof ConfigurationProblem)) console.error('Sign-in start-up failed', error);
      $session.set({ status: 'error', account: null });
    }
  })();
  return state.started;
}

/** Sign in by redirect (the page navigates away). Failures are logged only (§8). */
export async function signIn(): Promise<void> {
  if (state.interacting) return warnInteractionInProgress();
  state.interacting = true;
  const before = $session.get();
  $session.set({ status: 'signingIn', account: before.account });
  try {
    const msal = await client();
    const { scopes } = settings();
    await msal.loginRedirect({
      scopes: [scopes.api],
      ...consentToEveryService(scopes.api),
      redirectStartPage: location.href,
    });
  } catch (error) {
    state.interacting = false;
    $session.set(before);
    if (isInteractionInProgress(error)) warnInteractionInProgress();
    else console.error('Sign-in failed', error);
  }
}

/** Sign out by redirect with the id token hint; clears the roles and the API's token provider. */
export async function signOut(): Promise<void> {
  if (state.interacting) return warnInteractionInProgress();
  state.interacting = true;
  try {
    const msal = await client();
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
    resetRoles();
    setTokenProvider(null);
    state.tokens.clear();
    clearAllDrafts(); // unsaved work may hold business data: none stays behind a sign-out
    await msal.logoutRedirect({
      account,
      ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
      postLogoutRedirectUri: settings().postLogoutRedirectUri,
    });
  } catch (error) {
    state.interacting = false;
    if (isInteractionInProgress(error)) warnInteractionInProgress();
    else console.error('Sign-out failed', error);
  }
}

/** The access token held for a service, while MSAL itself would not renew it yet; else undefined. */
export function heldAccessToken(resource: ApiResource): string | undefined {
  const held = state.tokens.get(resource);
  return held && held.expiresAt - TOKEN_RENEWAL_OFFSET_MS > clockSourceMs() ? held.token : undefined;
}

/**
 * An access token for a service (§7, §8): silently first; when that needs interaction (interaction
 * required, login required, a browser-auth error) through a 483×600 popup. Other errors are logged
 * and rethrown. Concurrent popups for one service share one window. `forceRefresh` (after the server
 * refused a token with a 401) skips MSAL's cached access token and gets a new one.
 */
export async function getAccessToken(resource: ApiResource, options: { forceRefresh?: boolean } = {}): Promise<string> {
  // MSAL finds the account and its token by reading and parsing its whole localStorage cache, about 4 ms a call: a
  // screen's burst of loads paid it once per call. The token it gave is reused until MSAL itself would renew it.
  const held = options.forceRefresh ? undefined : heldAccessToken(resource);
  if (held !== undefined) return held;
  const msal = await client();
  const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
  if (!account) throw new Error('Not signed in');
  const scopes = [settings().scopes[resource]];
  try {
    const result = await msal.acquireTokenSilent({ scopes, account, ...(options.forceRefresh ? { forceRefresh: true } : {}) });
    const expiresAt = result.expiresOn ? new Date(result.expiresOn).getTime() : Number.NaN;
    if (Number.isFinite(expiresAt)) state.tokens.set(resource, { token: result.accessToken, expiresAt });
    return result.accessToken;
  } catch (error) {
    if (!needsInteractiveSignIn(error)) {
      console.error(`Access token for '${resource}' failed`, error);
      throw error;
    }
  }
  let popup = state.popups.get(resource);
  if (!popup) {
    popup = msal
      .acquireTokenPopup({ scopes, account, ...consentToEveryService(scopes[0]!), popupWindowAttributes: { popupSize: { ...POPUP_SIZE } } })
      .then((result) => result.accessToken)
      .catch((error: unknown) => {
        console.error(`Access token for '${resource}' failed in the sign-in popup`, error);
        throw error;
      })
      .finally(() => state.popups.delete(resource));
    state.popups.set(resource, popup);
  }
  return popup;
}

/** MSAL error codes of a popup that could not open; signing in again then goes by redirect. */
const POPUP_BLOCKED_CODES: readonly string[] = ['popup_window_error', 'empty_window_error'];

/**
 * Sign in again in the 483×600 popup, keeping the page and what was typed (offered by the API
 * client after a 401 that a new token did not cure). The new account becomes the signed-in one.
 * A blocked popup falls back to the sign-in redirect; a closed one changes nothing.
 */
export async function signInAgain(): Promise<void> {
  if (state.interacting) return warnInteractionInProgress();
  state.interacting = true;
  let redirect = false;
  try {
    const msal = await client();
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
    const result = await msal.acquireTokenPopup({
      scopes: [settings().scopes.api],
      ...consentToEveryService(settings().scopes.api),
      prompt: 'login',
      ...(account ? { loginHint: account.username } : {}),
      popupWindowAttributes: { popupSize: { ...POPUP_SIZE } },
    });
    const signedIn = (result as { account?: AccountInfo | null }).account ?? account;
    state.interacting = false;
    if (signedIn) await markSignedIn(msal, signedIn);
  } catch (error) {
    state.interacting = false;
    if (isInteractionInProgress(error)) return warnInteractionInProgress();
    const code = (error as { errorCode?: unknown } | null)?.errorCode;
    redirect = typeof code === 'string' && POPUP_BLOCKED_CODES.includes(code);
    if (!redirect) console.error('Signing in again failed', error);
  }
  // Not awaited: the page navigates away, and MSAL's redirect promise may never settle.
  if (redirect) void signIn();
}

/**
 * Back to "never started" (tests): forgets the client, the start-up promise and any interaction,
 * resets the session store, and optionally replaces MSAL with `options.client` (built from `options.signIn`, else
 * this page's host-name rules) or with what `options.buildClient` builds from the page's configuration.
 */
export function resetAuth(options: { client?: AuthClient; signIn?: SignInSettings; buildClient?: (settings: SignInSettings) => AuthClient } = {}): void {
  const fake = options.client;
  const build = options.buildClient;
  state.client = null;
  state.createClient = fake ? async () => fake : build ? async (settings) => build(settings) : createMsalClient;
  // A stand-in `client` reads no configuration: it signs in with the settings given, or this page's host-name rules.
  // A stand-in `buildClient` is built, as MSAL is, from the settings the page's configuration gives.
  state.fixedSignIn = fake ? (options.signIn ?? hostEnvironment(location.origin).signIn ?? undefined) : undefined;
  state.signIn = undefined;
  state.started = null;
  state.interacting = false;
  state.popups.clear();
  state.tokens.clear();
  setTokenProvider(null);
  $session.set({ status: 'starting', account: null });
}
