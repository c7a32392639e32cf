import { expect } from 'chai';
import type { AccountInfo } from '@azure/msal-browser';
import {
  $session, getAccessToken, hasSkipAutoSignOn, INTERACTION_IN_PROGRESS_MESSAGE, isInteractionInProgress, needsInteractiveSignIn,
  resetAuth, signIn, signInAgain, signOut, startAuth, toSessionAccount, type AuthClient,
} from '../../src/core/auth';
import { $toasts, resetMessages } from '../../src/core/messages';
import { resetRoles } from '../../src/core/roles';
import { setClockSource } from '../../src/core/server-clock';

const account = { homeAccountId: 'h', environment: 'localhost', tenantId: '', localAccountId: 'pm', username: 'pm', name: 'Marcus Reyes', idToken: 'id.token.value', idTokenClaims: { preferred_username: 'pm' } } as unknown as AccountInfo;

/** A stand-in for MSAL that records what was asked. */
function fakeClient(overrides: Partial<Record<keyof AuthClient, unknown>> = {}): AuthClient & { calls: string[]; requests: unknown[] } {
  const calls: string[] = [];
  const requests: unknown[] = [];
  let active: AccountInfo | null = null;
  const client = {
    calls,
    requests,
    handleRedirectPromise: async () => null,
    getActiveAccount: () => active,
    getAllAccounts: () => [],
    setActiveAccount: (a: AccountInfo | null) => { active = a; },
    loginRedirect: async (request: unknown) => { calls.push('loginRedirect'); requests.push(request); return new Promise<void>(() => {}); },
    logoutRedirect: async (request: unknown) => { calls.push('logoutRedirect'); requests.push(request); return new Promise<void>(() => {}); },
    acquireTokenSilent: async () => ({ accessToken: 'silent-token' }),
    acquireTokenPopup: async (request: unknown) => { calls.push('acquireTokenPopup'); requests.push(request); return { accessToken: 'popup-token' }; },
    ...overrides,
  };
  return client as unknown as AuthClient & { calls: string[]; requests: unknown[] };
}

function error(name: string, errorCode: string): Error & { errorCode: string } {
  return Object.assign(new Error(errorCode), { name, errorCode });
}

const silence = (): (() => void) => {
  const original = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => { logged.push(args); };
  return () => { console.error = original; };
};

describe('auth: error classification (§8)', () => {
  it('sends interaction required, login required and browser-auth errors to the popup', () => {
    expect(needsInteractiveSignIn(error('InteractionRequiredAuthError', 'no_tokens_found'))).to.equal(true);
    expect(needsInteractiveSignIn(error('ServerError', 'interaction_required'))).to.equal(true);
    expect(needsInteractiveSignIn(error('ServerError', 'login_required'))).to.equal(true);
    expect(needsInteractiveSignIn(error('BrowserAuthError', 'monitor_window_timeout'))).to.equal(true);
    // Issue 16: a refresh token without the service's scope ('refresh token missing requested scope').
    expect(needsInteractiveSignIn(error('ServerError', 'invalid_scope'))).to.equal(true);
  });

  it('passes other errors on', () => {
    expect(needsInteractiveSignIn(error('ServerError', 'invalid_client'))).to.equal(false);
    expect(needsInteractiveSignIn(new TypeError('Failed to fetch'))).to.equal(false);
    expect(needsInteractiveSignIn('text')).to.equal(false);
    expect(needsInteractiveSignIn(null)).to.equal(false);
  });

  it('recognises an interaction already in progress', () => {
    expect(isInteractionInProgress(error('BrowserAuthError', 'interaction_in_progress'))).to.equal(true);
    expect(isInteractionInProgress(error('BrowserAuthError', 'user_cancelled'))).to.equal(false);
  });
});

describe('auth: helpers', () => {
  it('reads skipautosignon with any value and any case', () => {
    expect(hasSkipAutoSignOn('?skipautosignon')).to.equal(true);
    expect(hasSkipAutoSignOn('?a=1&SkipAutoSignOn=false')).to.equal(true);
    expect(hasSkipAutoSignOn('?skipautosign=1')).to.equal(false);
    expect(hasSkipAutoSignOn('')).to.equal(false);
  });

  it('maps an account to the session account (login from preferred_username, before any @)', () => {
    expect(toSessionAccount(account)).to.deep.equal({ username: 'pm', name: 'Marcus Reyes', login: 'pm' });
    expect(toSessionAccount({ username: 'dana@summit.example', name: undefined, idTokenClaims: {} } as unknown as AccountInfo)).to.deep.equal({ username: 'dana@summit.example', login: 'dana' });
  });
});

describe('auth: sign-in flow with a stand-in MSAL', () => {
  let restore: () => void;
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    resetMessages();
    resetRoles();
    restore = silence();
    // The role load after sign-in: an empty role list.
    globalThis.fetch = async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    restore();
    resetAuth();
    resetMessages();
  });

  it('warns "Interaction is already in progress." and does nothing else on a second sign-in', async () => {
    const client = fakeClient();
    resetAuth({ client });
    void signIn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await signIn();
    await signOut();
    expect(client.calls).to.deep.equal(['loginRedirect']);
    const warnings = $toasts.get().map((toast) => [toast.message, toast.variant]);
    expect(warnings).to.deep.equal([[INTERACTION_IN_PROGRESS_MESSAGE, 'warning'], [INTERACTION_IN_PROGRESS_MESSAGE, 'warning']]);
    expect(INTERACTION_IN_PROGRESS_MESSAGE).to.equal('Interaction is already in progress.');
  });

  it("warns when MSAL itself reports an interaction in progress, and logs other sign-in failures only", async () => {
    resetAuth({ client: fakeClient({ loginRedirect: async () => { throw error('BrowserAuthError', 'interaction_in_progress'); } }) });
    await signIn();
    expect($toasts.get().map((toast) => toast.message)).to.deep.equal([INTERACTION_IN_PROGRESS_MESSAGE]);
    resetMessages();
    resetAuth({ client: fakeClient({ loginRedirect: async () => { throw error('ServerError', 'server_error'); } }) });
    await signIn();
    expect($toasts.get()).to.deep.equal([]);
    expect($session.get().status).to.equal('starting');
  });

  it('signs in automatically at start-up when there is no account', async () => {
    const client = fakeClient();
    resetAuth({ client });
    await startAuth();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.calls).to.deep.equal(['loginRedirect']);
    expect($session.get().status).to.equal('signingIn');
  });

  it('does not sign in automatically with autoSignIn: false', async () => {
    const client = fakeClient();
    resetAuth({ client });
    await startAuth({ autoSignIn: false });
    expect(client.calls).to.deep.equal([]);
    expect($session.get()).to.deep.equal({ status: 'signedOut', account: null });
  });

  it('finishes a pending redirect first and marks the user signed in; a second start returns the same promise', async () => {
    resetAuth({ client: fakeClient({ handleRedirectPromise: async () => ({ account }) }) });
    const first = startAuth();
    expect(startAuth()).to.equal(first);
    await first;
    expect($session.get()).to.deep.equal({ status: 'signedIn', account: { username: 'pm', name: 'Marcus Reyes', login: 'pm' } });
  });

  it('logs a failed redirect only and falls back to the cached account', async () => {
    resetAuth({ client: fakeClient({ handleRedirectPromise: async () => { throw error('ServerError', 'access_denied'); }, getAllAccounts: () => [account] }) });
    await startAuth({ autoSignIn: false });
    expect($session.get().status).to.equal('signedIn');
    expect($toasts.get()).to.deep.equal([]);
  });

  it('signs out by redirect with the id token hint', async () => {
    const client = fakeClient({ handleRedirectPromise: async () => ({ account }) });
    resetAuth({ client });
    await startAuth();
    void signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.calls).to.deep.equal(['logoutRedirect']);
    expect(client.requests[0]).to.include({ idTokenHint: 'id.token.value' });
  });

  it('gets tokens silently, and through a 483×600 popup when interaction is required', async () => {
    let silentFails = false;
    const client = fakeClient({
      handleRedirectPromise: async () => ({ account }),
      acquireTokenSilent: async () => { if (silentFails) throw error('InteractionRequiredAuthError', 'interaction_required'); return { accessToken: 'silent-token' }; },
    });
    resetAuth({ client });
    await startAuth();
    expect(await getAccessToken('api')).to.equal('silent-token');
    silentFails = true;
    expect(await getAccessToken('bi')).to.equal('popup-token');
    expect(client.requests[0]).to.deep.include({ scopes: ['api://bizapps-bi/access_as_user'], popupWindowAttributes: { popupSize: { width: 483, height: 600 } } });
    // The popup consents to the other services too, so the refresh token it leaves renews them all silently.
    expect((client.requests[0] as { extraScopesToConsent?: string[] }).extraScopesToConsent).to.have.members(['api://bizapps-portal/access_as_user', 'api://bizapps-ai/access_as_user', 'api://bizapps-search/access_as_user']);
  });

  it('forceRefresh (after a 401) asks MSAL for a new token, not the cached one', async () => {
    const silent: unknown[] = [];
    const client = fakeClient({ handleRedirectPromise: async () => ({ account }), acquireTokenSilent: async (request: unknown) => { silent.push(request); return { accessToken: 't' }; } });
    resetAuth({ client });
    await startAuth();
    silent.length = 0; // the role load after sign-in asked too
    await getAccessToken('api');
    await getAccessToken('api', { forceRefresh: true });
    expect((silent[0] as { forceRefresh?: boolean }).forceRefresh).to.equal(undefined);
    expect(silent[1]).to.deep.include({ scopes: ['api://bizapps-portal/access_as_user'], forceRefresh: true });
  });

  it('reuses the token MSAL gave until 5 minutes before it expires, per service; a 401\'s forceRefresh and a new sign-in ask again', async () => {
    let now = Date.parse('2030-01-01T12:00:00Z');
    const restoreClock = setClockSource(() => now);
    try {
      let issued = 0;
      const silent: Array<{ scopes: string[]; forceRefresh?: boolean }> = [];
      const client = fakeClient({
        handleRedirectPromise: async () => ({ account }),
        acquireTokenSilent: async (request: { scopes: string[]; forceRefresh?: boolean }) => {
          silent.push(request);
          issued += 1;
          return { accessToken: `t${issued}`, expiresOn: new Date(now + 60 * 60_000) };
        },
      });
      resetAuth({ client });
      await startAuth();
      const first = await getAccessToken('api'); // (the role load after sign-in may have asked already)
      silent.length = 0;
      expect(await getAccessToken('api')).to.equal(first);
      expect(silent, 'the second call is answered from the held token').to.have.length(0);
      await getAccessToken('bi');
      expect(silent, 'another service asks MSAL for its own token').to.have.length(1);
      now += 54 * 60_000; // 6 minutes left: still held
      expect(await getAccessToken('api')).to.equal(first);
      now += 2 * 60_000; // 4 minutes left: MSAL renews it
      const renewed = await getAccessToken('api');
      expect(renewed).to.not.equal(first);
      expect(silent).to.have.length(2);
      const forced = await getAccessToken('api', { forceRefresh: true });
      expect(silent.at(-1)).to.deep.include({ forceRefresh: true });
      expect(await getAccessToken('api'), 'the forced token is the one held next').to.equal(forced);
      silent.length = 0;
      resetAuth({ client });
      await startAuth();
      expect(await getAccessToken('api'), 'a new sign-in holds no earlier token').to.not.equal(forced);
      expect(silent.length).to.be.greaterThan(0);
    } finally {
      setClockSource(restoreClock);
    }
  });

  it('the API client, signed in, retries a 401 once with a forced-fresh token from MSAL', async () => {
    const silent: Array<{ forceRefresh?: boolean }> = [];
    const client = fakeClient({
      handleRedirectPromise: async () => ({ account }),
      acquireTokenSilent: async (request: { forceRefresh?: boolean }) => { silent.push(request); return { accessToken: request.forceRefresh ? 'fresh' : 'stale' }; },
    });
    resetAuth({ client });
    await startAuth();
    const sent: string[] = [];
    globalThis.fetch = async (_input, init) => {
      const auth = new Headers(init?.headers).get('Authorization') ?? '';
      sent.push(auth);
      return auth === 'Bearer fresh' ? new Response('{"data":5}', { status: 200 }) : new Response('', { status: 401 });
    };
    const { getJson } = await import('../../src/core/api');
    expect(await getJson('/api/x')).to.equal(5);
    expect(sent).to.deep.equal(['Bearer stale', 'Bearer fresh']);
  });

  it('signInAgain signs in through the 483×600 popup (prompt login) and keeps the page; the new account is signed in', async () => {
    const other = { ...account, username: 'pm2', name: 'Second' } as AccountInfo;
    const client = fakeClient({
      handleRedirectPromise: async () => ({ account }),
      acquireTokenPopup: async (request: unknown) => { client.calls.push('acquireTokenPopup'); client.requests.push(request); return { accessToken: 'p', account: other }; },
    });
    resetAuth({ client });
    await startAuth();
    await signInAgain();
    expect(client.calls).to.deep.equal(['acquireTokenPopup']);
    expect(client.requests[0]).to.deep.include({ prompt: 'login', loginHint: 'pm', popupWindowAttributes: { popupSize: { width: 483, height: 600 } } });
    expect((client.requests[0] as { extraScopesToConsent?: string[] }).extraScopesToConsent).to.include('api://bizapps-bi/access_as_user');
    expect($session.get()).to.deep.equal({ status: 'signedIn', account: { username: 'pm2', name: 'Second', login: 'pm' } });
  });

  it('signInAgain falls back to the redirect when the popup is blocked, and does nothing more when it is closed', async () => {
    const blocked = fakeClient({ handleRedirectPromise: async () => ({ account }), acquireTokenPopup: async () => { throw error('BrowserAuthError', 'popup_window_error'); } });
    resetAuth({ client: blocked });
    await startAuth();
    await signInAgain();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(blocked.calls).to.deep.equal(['loginRedirect']);
    const closed = fakeClient({ handleRedirectPromise: async () => ({ account }), acquireTokenPopup: async () => { throw error('BrowserAuthError', 'user_cancelled'); } });
    resetAuth({ client: closed });
    await startAuth();
    await signInAgain();
    expect(closed.calls).to.deep.equal([]);
    expect($session.get().status).to.equal('signedIn');
  });

  it('logs and rethrows other token errors without a popup', async () => {
    const failure = error('ServerError', 'invalid_client');
    const client = fakeClient({ handleRedirectPromise: async () => ({ account }), acquireTokenSilent: async () => { throw failure; } });
    resetAuth({ client });
    await startAuth();
    let caught: unknown;
    try {
      await getAccessToken('search');
    } catch (e) {
      caught = e;
    }
    expect(caught).to.equal(failure);
    expect(client.calls).to.deep.equal([]);
  });
});
