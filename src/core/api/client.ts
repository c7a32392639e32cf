/**
 * §7 call kinds over the global `fetch`: same-origin paths only, a bearer token on every request,
 * `{ data }` or bare JSON responses, and concurrent identical GETs sharing one request.
 */
import { pageSingleton } from '../singleton';
import { errorFromResponse } from './errors';
import { toFormData } from './form-data';
import { filenameFromContentDisposition } from './content-disposition';

/** The services a token can be asked for (§7): the product API, BI, AI and search. */
export type ApiResource = 'api' | 'bi' | 'ai' | 'search';

/** Query parameters; null and undefined ones are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** Per-call options: which resource's token to send (default 'api') and an abort signal. */
export interface CallOptions {
  resource?: ApiResource;
  signal?: AbortSignal;
}

export type TokenProvider = (resource: ApiResource) => Promise<string>;

interface ClientState {
  tokenProvider: TokenProvider | null;
  inFlight: Map<string, Promise<unknown>>;
}

// One per page: every bundle copy shares the signed-in token provider and the requests in flight.
const state = pageSingleton<ClientState>('api.client', () => ({ tokenProvider: null, inFlight: new Map() }));

/** Plug in (or remove, with null) the function that gives an access token for a resource. */
export function setTokenProvider(provider: TokenProvider | null): void {
  state.tokenProvider = provider;
}

/** Forget the token provider and the requests in flight (tests, sign-out). */
export function resetClient(): void {
  state.tokenProvider = null;
  state.inFlight.clear();
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

/** Send one request; throws ApiError on a non-OK status and a clear Error on a network failure. */
async function send(spec: RequestSpec): Promise<Response> {
  const headers = new Headers();
  const resource = spec.options?.resource ?? 'api';
  if (state.tokenProvider) headers.set('Authorization', `Bearer ${await state.tokenProvider(resource)}`);
  if (spec.contentType) headers.set('Content-Type', spec.contentType);
  if (spec.accept) headers.set('Accept', spec.accept);
  let response: Response;
  try {
    response = await fetch(spec.url, { method: spec.method, headers, body: spec.body, credentials: 'same-origin', signal: spec.options?.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(`Network error: ${spec.method} ${spec.url.split('?')[0]} failed`, { cause: error });
  }
  if (!response.ok) throw await errorFromResponse(response);
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

/** A GET shared by every identical caller while it is in flight. */
function sharedGet<T>(kind: BodyKind, path: string, query: Query | undefined, options: CallOptions | undefined): Promise<T> {
  const url = buildUrl(path, query);
  const key = `${kind} ${requestKey('GET', path, query, options?.resource ?? 'api')}`;
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

/** POST with a form-data body flattened by {@link toFormData}; returns JSON. */
export async function postForm<T>(path: string, body: object, options?: CallOptions): Promise<T> {
  return sendForJson<T>({ method: 'POST', url: buildUrl(path), body: toFormData(body), accept: 'application/json', options });
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
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition'));
  return { blob: await response.blob(), filename };
}

/** DELETE with a form-data body flattened by {@link toFormData}; returns JSON. */
export async function deleteForm<T>(path: string, body: object, options?: CallOptions): Promise<T> {
  return sendForJson<T>({ method: 'DELETE', url: buildUrl(path), body: toFormData(body), accept: 'application/json', options });
}
