import { expect, test } from '@playwright/test';

/** Paths under /dist/ the page requested, in order. */
function trackBundleRequests(page: import('@playwright/test').Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/dist/') && !pathname.endsWith('.map')) paths.push(pathname);
  });
  return paths;
}

test.describe('the loader on a plain page', () => {
  test('downloads no element code until one of our tags is in the page', async ({ page }) => {
    const requested = trackBundleRequests(page);
    await page.goto('/demo/embed-empty.html');
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual(['/dist/loader.js']);

    await page.evaluate(() => document.getElementById('slot')!.insertAdjacentHTML('beforeend', '<portal-forbidden></portal-forbidden>'));
    await expect(page.locator('portal-forbidden h1')).toHaveText('No Access');
    expect(requested.some((path) => /^\/dist\/elements\/portal-forbidden-[\w-]+\.js$/.test(path))).toBe(true);
    // Only that element's chunk: no other screen came along.
    expect(requested.filter((path) => path.startsWith('/dist/elements/')).every((path) => path.includes('/portal-forbidden-'))).toBe(true);
    // Its chunk's imports were asked for beside it (modulepreload, scripts/module-preload.mjs), not after it was parsed.
    const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname));
    expect(preloaded.filter((path) => /^\/dist\/(core|react)-[\w-]{8}\.js$/.test(path))).toHaveLength(2);
    expect(preloaded.every((path) => requested.includes(path))).toBe(true);
    // React and the core come once, however many elements follow.
    await page.evaluate(() => document.getElementById('slot')!.insertAdjacentHTML('beforeend', '<portal-unprocessable></portal-unprocessable>'));
    await expect(page.locator('portal-unprocessable h1')).toHaveText('Can Not Proceed');
    const vendor = requested.filter((path) => /\/dist\/(react|core)-/.test(path));
    expect(new Set(vendor).size).toBe(vendor.length);
  });

  test('shows the element a page contains, from the loader alone', async ({ page }) => {
    const requested = trackBundleRequests(page);
    await page.goto('/demo/embed-not-found.html');
    await expect(page.locator('portal-not-found h1')).toHaveText('Not Found');
    await expect(page.locator('portal-not-found code')).toHaveText('/Legacy/Missing.aspx');
    expect(requested[0]).toBe('/dist/loader.js');
    const elementChunks = requested.filter((path) => path.startsWith('/dist/elements/'));
    expect(elementChunks).toHaveLength(1);
    expect(elementChunks[0]).toMatch(/^\/dist\/elements\/portal-not-found-[\w-]{8}\.js$/);
  });

  test('a second copy of the loader on the same page changes nothing', async ({ page }) => {
    await page.goto('/demo/embed-not-found.html');
    await expect(page.locator('portal-not-found h1')).toHaveText('Not Found');
    const warnings: string[] = [];
    page.on('console', (message) => { if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text()); });
    await page.evaluate(async () => {
      const secondCopy = "/dist/loader.js?copy=2";
      await import(secondCopy);
      document.body.insertAdjacentHTML('beforeend', '<portal-not-found></portal-not-found>');
    });
    await expect(page.locator('portal-not-found h1')).toHaveCount(2);
    expect(warnings).toEqual([]);
  });
});
