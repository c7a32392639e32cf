/**
 * API test harness: a demo host in this process on a free port with a fresh data folder and a reset
 * database, and real access tokens obtained through the identity provider's authorization-code +
 * PKCE flow over HTTP (login form and all), exactly as a browser would get them.
 *
 * TLS: run the tests through `node scripts/run-api-tests.mjs`, which creates one certificate in
 * `TEST_TLS_DIR` and trusts it with `NODE_EXTRA_CA_CERTS`, so plain `fetch(host.url + …)` works.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_CLIENT_ID, DEV_REDIRECT_BRIDGE_PATH, DEV_RESOURCES, TOKEN_RESOURCES } from '../../../src/core/env';
import { DEMO_PASSWORD } from '../../../demo/host/accounts';
import { createHost } from '../../../demo/host/server';

export type TokenResource = 'api' | 'bi' | 'ai' | 'search';

export interface TestHost {
  /** `https://localhost:<port>` */
  url: string;
  db: Database.Database;
  /** A real access token for a demo login (default resource: the product API). Cached per login and resource. */
  tokenFor(login: string, resource?: TokenResource): Promise<string>;
  /** The id token of a sign-in of `login` (for tests that an id token is refused as an access token). */
  idTokenFor(login: string): Promise<string>;
  /** The identity provider's issuer. */
  issuer: string;
  /** The temporary data folder (holds `idp-keys.json`, the database). */
  dataDir: string;
  close(): Promise<void>;
}

/** Where run-api-tests.mjs keeps the shared, trusted test certificate. */
export const DEFAULT_TEST_TLS_DIR = path.resolve('.tmp/test-tls');

const base64url = (buffer: Buffer): string => buffer.toString('base64url');

/** A tiny cookie jar: name → value, from Set-Cookie headers (paths are all under one origin here). */
export class CookieJar {
  #cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const equals = pair?.indexOf('=') ?? -1;
      if (!pair || equals < 1) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

interface TokenSet {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
}

/**
 * Sign `login` in through the provider and exchange the code for `resource`'s tokens.
 * Throws with the step that failed (never with a token in the message).
 */
export async function signInOverHttp(url: string, login: string, resource: TokenResource = 'api', password = DEMO_PASSWORD, jar = new CookieJar()): Promise<TokenSet> {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${url}${DEV_REDIRECT_BRIDGE_PATH}`;
  const state = base64url(randomBytes(12));
  const scope = ['openid', 'profile', 'offline_access', ...TOKEN_RESOURCES.map((name) => DEV_RESOURCES[name].scope)].join(' ');
  const authorize = new URL(`${url}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: DEV_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    state,
    nonce: base64url(randomBytes(12)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'login',
  }).toString();

  const step = async (name: string, target: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(target, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(response);
    if (response.status >= 400) throw new Error(`sign-in of ${login}: ${name} answered ${response.status}`);
    return response;
  };
  const location = (response: Response): string => new URL(response.headers.get('location') ?? '', url).href;

  let response = await step('authorize', authorize.href);
  const interaction = location(response);
  response = await step('interaction', interaction);
  await response.text();
  response = await step('login form', `${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  // Follow the provider's redirects until it sends the browser back to the redirect URI.
  let next = location(response);
  for (let hop = 0; hop < 5 && !next.startsWith(redirectUri); hop++) {
    response = await step(`redirect ${hop + 1}`, next);
    next = location(response);
  }
  const back = new URL(next);
  const params = back.searchParams.has('code') ? back.searchParams : new URLSearchParams(back.hash.slice(1));
  const code = params.get('code');
  if (!code || params.get('state') !== state) throw new Error(`sign-in of ${login}: no authorization code (${params.get('error') ?? 'unknown error'})`);

  return exchangeCode(url, login, code, verifier, { resource: DEV_RESOURCES[resource].identifier });
}

/** The token endpoint's answer for `code`: with `resource` named (RFC 8707), or as MSAL asks, with the `scope` it wants. */
async function exchangeCode(url: string, login: string, code: string, verifier: string, ask: { resource: string } | { scope: string }): Promise<TokenSet> {
  const tokenResponse = await fetch(`${url}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${url}${DEV_REDIRECT_BRIDGE_PATH}`,
      client_id: DEV_CLIENT_ID,
      code_verifier: verifier,
      ...ask,
    }).toString(),
  });
  if (!tokenResponse.ok) throw new Error(`sign-in of ${login}: token endpoint answered ${tokenResponse.status} ${await tokenResponse.text()}`);
  return (await tokenResponse.json()) as TokenSet;
}

/**
 * A token for one service as MSAL gets one without the login page (its hidden frame, or a popup over a session): an
 * authorization with `prompt=none` and that service's scope only, over the session in `jar`, then the code exchanged
 * with that scope and no `resource`.
 */
export async function silentTokenOverHttp(url: string, login: string, jar: CookieJar, resource: TokenResource): Promise<TokenSet> {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(12));
  const scope = ['openid', 'profile', 'offline_access', DEV_RESOURCES[resource].scope].join(' ');
  const authorize = new URL(`${url}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: DEV_CLIENT_ID, response_type: 'code', redirect_uri: `${url}${DEV_REDIRECT_BRIDGE_PATH}`, scope, state,
    nonce: base64url(randomBytes(12)), code_challenge: base64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256',
    prompt: 'none', response_mode: 'fragment',
  }).toString();
  let next = authorize.href;
  for (let hop = 0; hop < 5 && !next.startsWith(`${url}${DEV_REDIRECT_BRIDGE_PATH}`); hop++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status >= 400) throw new Error(`silent sign-in of ${login}: answered ${response.status}`);
    next = new URL(response.headers.get('location') ?? '', url).href;
  }
  const back = new URL(next);
  const params = back.searchParams.has('code') ? back.searchParams : new URLSearchParams(back.hash.slice(1));
  const code = params.get('code');
  if (!code || params.get('state') !== state) throw new Error(`silent sign-in of ${login}: no authorization code (${params.get('error') ?? 'unknown error'})`);
  return exchangeCode(url, login, code, verifier, { scope });
}

export interface StartTestHostOptions {
  /** Add the benchmark project to the seed (a fresh seed, not the run's shared copy). */
  scale?: boolean;
}

/** Start a demo host for a test file. Close it in `after()` (useTestHost in ./use-host does both). */
export async function startTestHost(options: StartTestHostOptions = {}): Promise<TestHost> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bizapps-host-'));
  const tlsDir = process.env.TEST_TLS_DIR ?? DEFAULT_TEST_TLS_DIR;
  if (!process.env.NODE_EXTRA_CA_CERTS) {
    console.warn('startTestHost: NODE_EXTRA_CA_CERTS is not set; run the API tests with `node scripts/run-api-tests.mjs` so fetch trusts the test certificate.');
  }
  // A copy of the run's seeded database and identity provider keys (scripts/run-api-tests.mjs), unless the host needs
  // the benchmark project.
  const seeded = options.scale ? undefined : process.env.TEST_SEEDED_DB;
  if (seeded) {
    copyFileSync(seeded, path.join(dataDir, 'portal.sqlite'));
    const keys = path.join(path.dirname(seeded), 'idp-keys.json');
    if (existsSync(keys)) copyFileSync(keys, path.join(dataDir, 'idp-keys.json'));
  }
  const host = await createHost({ port: 0, dataDir, tlsDir, reset: !seeded, scale: options.scale ?? false });
  const tokens = new Map<string, Promise<TokenSet>>();
  const tokenSet = (login: string, resource: TokenResource): Promise<TokenSet> => {
    const key = `${login}\u0000${resource}`;
    let promise = tokens.get(key);
    if (!promise) {
      promise = signInOverHttp(host.url, login, resource);
      promise.catch(() => tokens.delete(key));
      tokens.set(key, promise);
    }
    return promise;
  };
  return {
    url: host.url,
    db: host.db,
    issuer: host.issuer,
    dataDir,
    tokenFor: async (login, resource = 'api') => (await tokenSet(login, resource)).access_token,
    idTokenFor: async (login) => {
      const set = await tokenSet(login, 'api');
      if (!set.id_token) throw new Error('no id token');
      return set.id_token;
    },
    async close() {
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
