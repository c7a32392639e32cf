/** Helpers shared by the browser (web-test-runner) tests: waiting for React, and a fetch stub. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll until `read` returns something truthy (React renders asynchronously; lazy chunks load slowly when the whole suite runs on 2 cores). */
export async function waitFor<T>(read: () => T | null | undefined | false, timeout = 10_000): Promise<T> {
  const end = performance.now() + timeout;
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() > end) throw new Error('waitFor timed out');
    await sleep(5);
  }
}

/** A stubbed answer: JSON body (default `{}`) or a blob, with a status (default 200). */
export type StubAnswer = { status?: number; body?: unknown; blob?: Blob };

/** A request body as the stub records it: form data as an object (a repeated name gives an array), other bodies as text. */
export type RecordedBody = Record<string, FormDataEntryValue | FormDataEntryValue[]> | string | undefined;

/** One request the stub was asked for. */
export interface FetchRequest {
  /** 'GET', 'POST', … */
  method: string;
  /** The path without the query ('/api/pfm/SaveCommitment'). */
  path: string;
  query: URLSearchParams;
  body: RecordedBody;
}

/** A stub for one path: a fixed answer, or a function of the request (may wait, to hold an answer back). */
export type StubFor = StubAnswer | ((request: FetchRequest) => StubAnswer | Promise<StubAnswer>);

const realFetch = window.fetch;
/** Every path + query the stub was asked for since the last {@link stubFetch}. */
export const fetchCalls: string[] = [];
/** Every request (method, path, query, body) the stub was asked for since the last {@link stubFetch}, in order. */
export const fetchRequests: FetchRequest[] = [];

function recordBody(body: BodyInit | null | undefined): RecordedBody {
  if (body instanceof FormData) {
    const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
    for (const [name, value] of body.entries()) {
      const before = fields[name];
      fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    return fields;
  }
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

/** Stub `fetch` by path (query ignored); unknown paths answer 404. Undo with {@link restoreFetch}. */
export function stubFetch(answers: Record<string, StubFor>): void {
  fetchCalls.length = 0;
  fetchRequests.length = 0;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
    const request: FetchRequest = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, query: url.searchParams, body: recordBody(init?.body) };
    fetchCalls.push(url.pathname + url.search);
    fetchRequests.push(request);
    const found = answers[url.pathname];
    const answer = typeof found === 'function' ? await found(request) : found ?? { status: 404, body: {} };
    if (answer.blob) return new Response(answer.blob, { status: answer.status ?? 200, headers: { 'Content-Type': answer.blob.type } });
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** Put the real `fetch` back. */
export function restoreFetch(): void {
  window.fetch = realFetch;
}

/**
 * `fetch` answered by `answer(url)`, with the URL as asked (not parsed, unlike {@link stubFetch}); each URL is pushed
 * to `asked`. {@link restoreFetch} puts the real one back.
 */
export function fakeFetch(asked: string[], answer: (url: string) => Response): void {
  window.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    return answer(url);
  }) as typeof fetch;
}

/** Create `<tag>` with `attributes`, append it to the body, and answer its shadow root once it has one. */
export async function mount(tag: string, attributes: Record<string, string> = {}): Promise<ShadowRoot> {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return waitFor(() => el.shadowRoot);
}

/** {@link mount}, inside a box `width` wide (a phone's 390 px by default): for layouts that follow their container's width. */
export async function mountInWidth(tag: string, width = '390px'): Promise<ShadowRoot> {
  const host = document.createElement('div');
  host.style.width = width;
  document.body.append(host);
  const el = document.createElement(tag);
  host.append(el);
  return waitFor(() => el.shadowRoot);
}

/**
 * Type into (or choose in) a React-controlled field: set the value through the prototype's setter
 * (React's own instance setter would swallow the change) and fire the event React listens to.
 */
export function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The trimmed text of the first `selector` match inside `root`; '' when there is none. */
export const textOf = (root: ParentNode, selector: string): string => root.querySelector(selector)?.textContent?.trim() ?? '';
