/** Helpers shared by the browser (web-test-runner) tests: waiting for React, and a fetch stub. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll until `read` returns something truthy (React renders asynchronously). */
export async function waitFor<T>(read: () => T | null | undefined | false, timeout = 5000): Promise<T> {
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

const realFetch = window.fetch;
/** Every path + query the stub was asked for since the last {@link stubFetch}. */
export const fetchCalls: string[] = [];

/** Stub `fetch` by path (query ignored); unknown paths answer 404. Undo with {@link restoreFetch}. */
export function stubFetch(answers: Record<string, StubAnswer | (() => StubAnswer)>): void {
  fetchCalls.length = 0;
  window.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
    fetchCalls.push(url.pathname + url.search);
    const found = answers[url.pathname];
    const answer = typeof found === 'function' ? found() : found ?? { status: 404, body: {} };
    if (answer.blob) return new Response(answer.blob, { status: answer.status ?? 200, headers: { 'Content-Type': answer.blob.type } });
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** Put the real `fetch` back. */
export function restoreFetch(): void {
  window.fetch = realFetch;
}
