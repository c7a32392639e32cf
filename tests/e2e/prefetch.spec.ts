/**
 * The route's data goes out with its URL (issue 33, src/core/router/prefetch.ts): through real sign-in, each screen of
 * the prefetch table asks for each of its first loads once (the screen takes the prefetched answer; a screen asking
 * differently would ask twice), and shows its data. The pay applications list and workbench: commitment-lifecycle.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { openPortalAs, pushPath } from './support/portal';
import { screenCases, waitForScreen } from './support/screens';

/** Each screen's first loads: their path, and how many the screen makes (a prefetch asked differently adds to it). */
const PREFETCHED: Record<string, [load: RegExp, count: number]> = {
  '/pfm/projects': [/^\/api\/pfm\/getprojects$/, 2],
  '/sr/sra': [/^\/api\/risk\/getsras$/, 1],
  '/usermanagement': [/^\/api\/admin\/users\/getusers$/, 1],
  '/admin/app-records': [/^\/api\/admin\/apprecords\/types$/, 1],
};

test('each prefetched screen asks for each of its first loads once, and shows them (admin, in-page navigation)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (Object.values(PREFETCHED).some(([load]) => load.test(url.pathname))) asked.push(`${url.pathname}${url.search}`);
  });
  await openPortalAs(page, 'admin', '/');
  for (const [path, [load, count]] of Object.entries(PREFETCHED)) {
    const samePage = (entry: { path: string }) => entry.path.split('?')[0] === path.split('?')[0];
    const screen = screenCases().find((entry) => samePage(entry) && entry.login === 'admin') ?? screenCases().find(samePage);
    expect(screen, `${path} is in the screens table`).toBeTruthy();
    asked.length = 0;
    await pushPath(page, path);
    await waitForScreen(page, screen!);
    const urls = asked.filter((url) => load.test(url.split('?')[0]!));
    expect(urls, `${path}: each load asked once`).toHaveLength(count);
    expect(new Set(urls).size, `${path}: ${count} different loads`).toBe(count);
  }
});
