import type { Page } from '@playwright/test';

const tokens = new WeakMap<Page, string>();

/** Remember the bearer token the page sends, to ask the API directly with the same user's rights. */
export function watchToken(page: Page): void {
  page.on('request', (request) => {
    const header = request.headers().authorization;
    // Only the product API's token: the search and AI services' tokens have their own audience (401 at /api).
    if (header?.startsWith('Bearer ') && new URL(request.url()).pathname.startsWith('/api/')) tokens.set(page, header);
  });
}

/** The `Bearer …` header {@link watchToken} saw the page send, if any (for a page outside /api that asks for it: the e-sign outbox). */
export function bearerOf(page: Page): string | undefined {
  return tokens.get(page);
}

/** Whether {@link watchToken} has seen the page send a token yet. */
export function hasToken(page: Page): boolean {
  return tokens.has(page);
}

/** Call the API as the page's signed-in user (after {@link watchToken} saw a request); forms go as multipart. */
export async function api(page: Page, method: 'GET' | 'POST', path: string, form?: Record<string, string | number>): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers = { Authorization: tokens.get(page) ?? '' };
  const response = method === 'GET'
    ? await page.request.get(path, { headers })
    : await page.request.post(path, { headers, multipart: Object.fromEntries(Object.entries(form ?? {}).map(([k, v]) => [k, String(v)])) });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/** The open and the closed rows of a load (the same path with `&open=false`), as the user sees them across both lists. */
export async function openAndClosedRows(page: Page, path: string): Promise<Record<string, any>[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const [open, closed] = await Promise.all([api(page, 'GET', path), api(page, 'GET', `${path}&open=false`)]);
  return [...(open.body.data as Record<string, any>[]), ...(closed.body.data as Record<string, any>[])]; // eslint-disable-line @typescript-eslint/no-explicit-any
}
