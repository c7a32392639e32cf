/**
 * §7 call kinds over the global `fetch`: same-origin paths only, a bearer token on every request,
 * `{ data }` or bare JSON responses, and concurrent identical GETs sharing one request.
 */
import { noteProjectRefusal } from '../projects/refusal';
import { showMessage } from '../messages';
import { pageSingleton } from '../singleton';
import { errorFromResponse, retryAfterMs } from './errors';
import { followServerClock } from '../server-clock';

/** The services a token can be asked for (§7): the product API, BI, AI and search. */
export type ApiResource = 'api' | 'bi' | 'ai' | 'search';

/** Query parameters; null and undefined ones are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** Per-call options: which resource's token to send (default 'api') and an abort signal. */
export interface CallOptions {
  resource?: ApiResource;
  signal?: AbortSignal;
}

/**
 * Gives an access token for a resource. With `forceRefresh` it must not answer the cached token
 * (the server refused it with a 401): it gets a new one, silently or through the sign-in popup.
 */
export type TokenProvider = (resource: ApiResource, options?: { forceRefresh?: boolean }) => Promise<string>;

/** Signs the user in again (offered after a 401 that a new token did not cure). */
export type SignInAgain = () => Promise<void> | void;

/** The token a provider holds for a resource right now, without waiting (undefined: ask the provider). */
export type HeldToken = (resource: ApiResource) => string | undefined;

interface ClientState {
  tokenProvider: TokenProvider | null;
  /** The provider's token at hand: a request with it goes out in the caller's own task, ahead of any render queued after it. */
  heldToken?: HeldToken | null;
  inFlight: Map<string, Promise<unknown>>;
  signInAgain?: SignInAgain | null;
  /** New tokens being fetched after a 401, per resource: the calls refused together share one. */
  refreshing?: Map<ApiResource, Promise<string>>;
  /** Answers asked for ahead of their screen ({@link prefetchJson}), by request key, until one caller takes each. */
  held?: Map<string, { answer: Promise<unknown>; expiry: ReturnType<typeof setTimeout> }>;
}

// One per page: every bundle copy shares the signed-in token provider and the requests in flight.
const state = pageSingleton<ClientState>('api.client', () => ({ tokenProvider: null, inFlight: new Map(), signInAgain: null, refreshing: new Map(), held: new Map() }));

/**
 * Plug in (or remove, with null) the function that gives an access token for a resource, and the
 * one that signs in again when even a new token is refused.
 */
export function setTokenProvider(provider: TokenProvider | null, options: { signInAgain?: SignInAgain | null; heldToken?: HeldToken | null } = {}): void {
  state.tokenProvider = provider;
  state.signInAgain = provider ? options.signInAgain ?? null : null;
  state.heldToken = provider ? options.heldToken ?? null : null;
  state.refreshing?.clear();
  // An answer asked for ahead is the signed-in user's: another sign-in (or a sign-out) never takes it.
  dropHeld();
}

/** Forget the token provider and the requests in flight (tests, sign-out). */
export function resetClient(): void {
  state.tokenProvider = null;
  state.signInAgain = null;
  state.heldToken = null;
  state.refreshing?.clear();
  state.inFlight.clear();
  dropHeld();
}

/** Title, text and action of the offer to sign in again (a 401 that a new token did not cure). */
export const SIGN_IN_AGAIN_TITLE = 'Signed Out';
export const SIGN_IN_AGAIN_MESSAGE = 'Your sign-in has expired and could not be renewed. Sign in again, then choose Retry.';
export const SIGN_IN_AGAIN_ACTION = 'Sign in';

/** One box for every call of a burst that stays refused; Sign in runs the handler of {@link setTokenProvider}. */
function offerSignInAgain(): void {
  const signInAgain = state.signInAgain;
  if (!signInAgain) return;
  void showMessage({
    dedupeKey: 'api.sign-in-again',
    title: SIGN_IN_AGAIN_TITLE,
    message: SIGN_IN_AGAIN_MESSAGE,
    buttons: ['cancel', 'ok'],
    labels: { ok: SIGN_IN_AGAIN_ACTION },
    variant: 'warning',
  }).then((result) => result && signInAgain());
}

/** A new token for `resource` after a 401, shared by every call refused meanwhile. */
function refreshedToken(provider: TokenProvider, resource: ApiResource): Promise<string> {
  state.refreshing ??= new Map();
  const refreshing = state.refreshing;
  let pending = refreshing.get(resource);
  if (!pending) {
    pending = provider(resource, { forceRefresh: true }).finally(() => refreshing.delete(resource));
    refreshing.set(resource, pending);
  }
  return pending;
}

/**
 * Check that `path` is a same-origin path (one leading `/`) and add the query string.
 * Throws before any request for absolute URLs, `//host`, `/\host`, `javascript:` and the like.
 */
export function buildUrl(path: string, query?: Query): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    throw new Error(`Refusing request to '${String(path)}': only same-origin paths starting with a single '/' are allowed`);
  }
  const url = new URL(path, location.origin);
  // The URL parser drops tabs and newlines, so '/\t/evil' could still leave the origin.
  if (url.origin !== location.origin) {
    throw new Error(`Refusing request to '${path}': only same-origin paths are allowed`);
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.append(name, String(value));
  }
  return `${url.pathname}${url.search}`;
}

/** The de-duplication key: method, path, query with sorted keys, and the token resource. */
export function requestKey(method: string, path: string, query: Query | undefined, resource: ApiResource): string {
  const params = Object.keys(query ?? {})
    .filter((name) => query?.[name] !== null && query?.[name] !== undefined)
    .sort()
    .map((name) => [name, String(query?.[name])]);
  return JSON.stringify([method.toUpperCase(), path, params, resource]);
}

type BodyKind = 'json' | 'blob' | 'text';

interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: BodyInit;
  contentType?: string;
  accept?: string;
  options?: CallOptions;
}

/** One fetch of the request with `token` (if any); a clear Error on a network failure. */
async function fetchOnce(spec: RequestSpec, token: string | undefined): Promise<Response> {
  const headers = new Headers();
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  if (spec.contentType) headers.set('Content-Type', spec.contentType);
  if (spec.accept) headers.set('Accept', spec.accept);
  try {
    const response = await fetch(spec.url, { method: spec.method, headers, body: spec.body, credentials: 'same-origin', signal: spec.options?.signal });
    // The API's Date is the server's clock (demo/host/server.ts): deadlines and "today" follow it, not this machine's.
    if ((spec.options?.resource ?? 'api') === 'api') followServerClock(response.headers.get('Date'));
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(`Network error: ${spec.method} ${spec.url.split('?')[0]} failed`, { cause: error });
  }
}

/** The longest Retry-After (ms) a 503 on a load is waited out automatically, once. */
export const RETRY_AFTER_LIMIT_MS = 5_000;

/** Wait `ms`, or reject as soon as `signal` aborts. */
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Send one request; throws ApiError on a non-OK status and a clear Error on a network failure.
 * A 401 gets a new token (forceRefresh: silently, or through the sign-in popup) and one retry;
 * only if that is refused too, or no new token comes, is the user offered to sign in again.
 * A GET answered 503 with a short Retry-After (at most RETRY_AFTER_LIMIT_MS) is sent once more after it.
 */
async function send(spec: RequestSpec): Promise<Response> {
  const resource = spec.options?.resource ?? 'api';
  const provider = state.tokenProvider;
  let response = await fetchOnce(spec, provider ? state.heldToken?.(resource) ?? await provider(resource) : undefined);
  if (response.status === 401 && provider) {
    // A failed refresh (logged by the provider, e.g. a closed popup) leaves the 401 to answer.
    const token = await refreshedToken(provider, resource).catch(() => undefined);
    if (token !== undefined) {
      void response.body?.cancel().catch(() => undefined);
      response = await fetchOnce(spec, token);
    }
    if (response.status === 401) offerSignInAgain();
  }
  if (response.status === 503 && spec.method === 'GET') {
    // A load the server asks to repeat shortly (Retry-After) is sent once more after the stated delay; a longer
    // wait is left to the user, whose message can say when (ApiError.retryAfterSeconds). Writes are never resent.
    const wait = retryAfterMs(response.headers.get('Retry-After'));
    if (wait !== undefined && wait <= RETRY_AFTER_LIMIT_MS) {
      void response.body?.cancel().catch(() => undefined);
      await delay(wait, spec.options?.signal);
      response = await fetchOnce(spec, provider ? await provider(resource) : undefined);
    }
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    // Issue 15: a load refused because the caller is not on the project's team is shown once, by the portal.
    if (spec.method === 'GET') noteProjectRefusal(error.status, error.body);
    throw error;
  }
  return response;
}

/** `{ data }` wrapper → its data; anything else as is. */
function unwrap(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, 'data')) {
    return (value as { data: unknown }).data;
  }
  return value;
}

async function readJson<T>(response: Response, spec: RequestSpec): Promise<T> {
  const raw = await response.text();
  if (raw.trim() === '') return undefined as T;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(`Invalid JSON in the response to ${spec.method} ${spec.url.split('?')[0]}`, { cause: error });
  }
  return unwrap(parsed) as T;
}

async function read(response: Response, kind: BodyKind, spec: RequestSpec): Promise<unknown> {
  if (kind === 'blob') return response.blob();
  if (kind === 'text') return response.text();
  return readJson(response, spec);
}

/** Resolve with `promise`, or reject as soon as `signal` aborts (the shared request keeps going). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * How long an answer asked for ahead of its screen is kept for it: long enough for the screen's code to arrive on a
 * slow line, short enough that nobody is shown an answer older than their click.
 */
export const PREFETCH_HOLD_MS = 10_000;

/** Forget every held answer (sign-out, tests). */
function dropHeld(): void {
  for (const { expiry } of state.held?.values() ?? []) clearTimeout(expiry);
  state.held?.clear();
}

/** The held answer of `key`, taken: the first identical call gets it, a later one (a Reload) asks the server again. */
function takeHeld(key: string): Promise<unknown> | undefined {
  const entry = state.held?.get(key);
  if (!entry) return undefined;
  clearTimeout(entry.expiry);
  state.held?.delete(key);
  return entry.answer;
}

const jsonKey = (path: string, query: Query | undefined, options: CallOptions | undefined): string =>
  `json ${requestKey('GET', path, query, options?.resource ?? 'api')}`;

/**
 * Ask for a screen's load before the screen does (the route is known as soon as the URL is, the screen's code and its
 * first render come later): the screen's identical `getJson` takes this answer, once, within PREFETCH_HOLD_MS. A failure
 * reaches a caller that took it while on its way as its own would have, and is then dropped; nobody taking it leaves
 * no unhandled rejection.
 */
export function prefetchJson(path: string, query?: Query, options: Pick<CallOptions, 'resource'> & { holdMs?: number } = {}): void {
  const key = jsonKey(path, query, options);
  // Already asked for (held, or the screen's own call in flight): nothing to ask ahead, and nothing to hold for later.
  if (state.held?.has(key) || state.inFlight.has(key)) return;
  const answer = sharedGet<unknown>('json', path, query, { resource: options.resource });
  const expiry = setTimeout(() => state.held?.delete(key), options.holdMs ?? PREFETCH_HOLD_MS);
  state.held?.set(key, { answer, expiry });
  // A failure is not kept for later: a caller that asks after it (the screen once its refusal is lifted, a Retry)
  // asks the server again. One that took the answer while it was on its way gets the failure as its own.
  answer.catch(() => {
    if (state.held?.get(key)?.answer !== answer) return;
    clearTimeout(expiry);
    state.held.delete(key);
  });
}

/** A GET shared by every identical caller while it is in flight. */
function sharedGet<T>(kind: BodyKind, path: string, query: Query | undefined, options: CallOptions | undefined): Promise<T> {
  const url = buildUrl(path, query);
  const key = kind === 'json' ? jsonKey(path, query, options) : `${kind} ${requestKey('GET', path, query, options?.resource ?? 'api')}`;
  const prefetched = kind === 'json' ? takeHeld(key) as Promise<T> | undefined : undefined;
  if (prefetched) return untilAborted(prefetched, options?.signal);
  let pending = state.inFlight.get(key) as Promise<T> | undefined;
  if (!pending) {
    // The shared request gets no signal: one caller giving up must not cancel it for the others.
    const spec: RequestSpec = { method: 'GET', url, accept: kind === 'json' ? 'application/json' : undefined, options: { resource: options?.resource } };
    pending = (async () => {
      try {
        return (await read(await send(spec), kind, spec)) as T;
      } finally {
        state.inFlight.delete(key);
      }
    })();
    state.inFlight.set(key, pending);
  }
  return untilAborted(pending, options?.signal);
}

/** GET returning JSON (`{ data }` unwrapped). Concurrent identical calls share one request. */
export async function getJson<T>(path: string, query?: Query, options?: CallOptions): Promise<T> {
  return sharedGet<T>('json', path, query, options);
}

/** GET returning a Blob (a photo, a file). Concurrent identical calls share one request. */
export async function getBlob(path: string, query?: Query, options?: CallOptions): Promise<Blob> {
  return sharedGet<Blob>('blob', path, query, options);
}

/** GET returning text. Concurrent identical calls share one request. */
export async function getText(path: string, query?: Query, options?: CallOptions): Promise<string> {
  return sharedGet<string>('text', path, query, options);
}

async function sendForJson<T>(spec: RequestSpec): Promise<T> {
  return readJson<T>(await send(spec), spec);
}

/**
 * The form-data body of `body`, flattened by `toFormData` (./form-data). The flattener loads with the
 * first form write, so the portal's first screen does not carry it; the body is copied first so a
 * caller changing its object right after the call does not change what is sent.
 */
async function formBody(body: object): Promise<FormData> {
  let snapshot = body;
  try {
    snapshot = structuredClone(body);
  } catch {
    // Not cloneable (a function inside): flatten the object as it is.
  }
  const { toFormData } = await import('./form-data');
  return toFormData(snapshot);
}

/** POST with a form-data body flattened by `toFormData`; returns JSON. */
export async function postForm<T>(path: string, body: object, options?: CallOptions): Promise<T> {
  return sendForJson<T>({ method: 'POST', url: buildUrl(path), body: await formBody(body), accept: 'application/json', options });
}

/** POST with a JSON body; returns JSON. */
export async function postJson<T>(path: string, body: unknown, options?: CallOptions): Promise<T> {
  return sendForJson<T>({ method: 'POST', url: buildUrl(path), body: JSON.stringify(body), contentType: 'application/json', accept: 'application/json', options });
}

/** POST of a file form; returns JSON. */
export async function postFile<T>(path: string, form: FormData, options?: CallOptions): Promise<T> {
  return sendForJson<T>({ method: 'POST', url: buildUrl(path), body: form, accept: 'application/json', options });
}

/** POST of a file form; returns the file and its name from the Content-Disposition header. */
export async function postFileForBlob(path: string, form: FormData, options?: CallOptions): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await send({ method: 'POST', url: buildUrl(path), body: form, options });
  // The header parser loads with the first download: the portal's first screen does not carry it.
  const { filenameFromContentDisposition } = await import('./content-disposition');
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition'));
  return { blob: await response.blob(), filename };
}

/** DELETE with a form-data body flattened by `toFormData`; returns JSON. */
export async function deleteForm<T>(path: string, body: object, options?: CallOptions): Promise<T> {
  return sendForJson<T>({ method: 'DELETE', url: buildUrl(path), body: await formBody(body), accept: 'application/json', options });
}
