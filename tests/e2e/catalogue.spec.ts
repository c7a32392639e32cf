// The catalogue test: every element of custom-elements.json, put alone on a blank page with one script tag
// and only its required attributes (`requiredAttributes` in the manifest), renders without errors: no page
// error, no console error, something rendered in its shadow root once its loads have settled. The same on a
// page with the real Bootstrap 3.4.1 stylesheet, and on a page that includes the loader twice (the same URL
// twice, and a second copy of the whole bundle under another path). Data-driven from the manifest: a new
// element joins by existing. One signed-in page per scenario; the elements are mounted one after another.
// Run alone: npx rollup -c && E2E_PORT=4647 npx playwright test tests/e2e/catalogue.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../demo/host/security-headers';
import { signIn } from './support/sign-in';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

interface ManifestElement {
  tagName: string;
  requiredAttributes?: Array<{ name: string; example: string }>;
}
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: Array<{ declarations: Array<ManifestElement & { customElement?: boolean }> }> };
const ELEMENTS = manifest.modules.flatMap((mod) => mod.declarations.filter((d) => d.customElement));

const DIST = path.resolve(process.env.DIST_DIR ?? 'dist');
const BOOTSTRAP3 = path.resolve('node_modules/bootstrap3/dist/css/bootstrap.min.css');

/** The scenarios: the page's extra head markup. */
const SCENARIOS = {
  blank: '<script type="module" src="/dist/loader.js"></script>',
  bootstrap3: '<link rel="stylesheet" href="/catalogue-test/bootstrap.min.css">\n<script type="module" src="/dist/loader.js"></script>',
  // The same loader twice, and a second copy of the whole bundle (other URLs: other module instances) first.
  'loader twice': '<script type="module" src="/catalogue-test/copy/loader.js"></script>\n<script type="module" src="/dist/loader.js"></script>\n<script type="module" src="/dist/loader.js"></script>',
} as const;

const pageHtml = (head: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Catalogue test</title>
${head}
</head><body><main id="slot"></main></body></html>`;

/** Serve the scenario's page, Bootstrap 3 and the bundle copy under /catalogue-test/ (with the host's CSP). */
async function routePages(page: Page, head: string): Promise<void> {
  await page.route(/\/catalogue-test\//, async (route) => {
    const { pathname } = new URL(route.request().url());
    const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'cache-control': 'no-store' };
    if (pathname === '/catalogue-test/page.html') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers, body: pageHtml(head) });
    if (pathname === '/catalogue-test/bootstrap.min.css') return route.fulfill({ status: 200, contentType: 'text/css', headers, body: readFileSync(BOOTSTRAP3) });
    const copy = pathname.match(/^\/catalogue-test\/copy\/([\w./-]+\.js)$/);
    if (copy?.[1] && !copy[1].includes('..')) return route.fulfill({ status: 200, contentType: 'text/javascript', headers, body: readFileSync(path.join(DIST, copy[1])) });
    return route.fulfill({ status: 404, body: 'Not Found' });
  });
}

/** Requests to the API and services still in flight. */
function trackLoads(page: Page): { pending: () => number } {
  const open = new Set<unknown>();
  const isLoad = (url: string) => /^\/(api|bi|ai|search)\//.test(new URL(url).pathname);
  page.on('request', (r) => { if (isLoad(r.url())) open.add(r); });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return { pending: () => open.size };
}

/** What the element's shadow root shows ('' while it has none), and whether a progress state is still up. */
async function shown(page: Page, tag: string): Promise<{ text: string; nodes: number; busy: boolean }> {
  return page.evaluate((name) => {
    const el = document.querySelector('#slot')?.querySelector(name);
    const root = el?.shadowRoot;
    if (!root) return { text: '', nodes: 0, busy: true };
    const text = (root.textContent ?? '').replace(/\s+/g, ' ').trim();
    const busy = /Signing in…|Loading|Checking your access/.test(text) || !!root.querySelector('[aria-busy="true"]');
    return { text, nodes: root.children.length, busy };
  }, tag);
}

// The scenarios and the gallery run side by side (each its own signed-in page).
test.describe.configure({ mode: 'parallel' });

for (const [scenario, head] of Object.entries(SCENARIOS)) {
  test(`catalogue: every element alone on a ${scenario} page renders without errors`, async ({ page }) => {
    test.setTimeout(120_000);
    await routePages(page, head);
    const loads = trackLoads(page);
    let current = '(sign-in)';
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`<${current}> page error: ${error.message}`));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(`<${current}> console error: ${message.text()}`); });

    // Sign in once: the first element that needs a user sends the page to the login page and back.
    await page.goto('/catalogue-test/page.html');
    await page.evaluate(() => document.getElementById('slot')!.append(document.createElement('admin-home')));
    await signIn(page, 'admin');
    await page.waitForFunction(() => sessionStorage.length > 0 && !/[?&#](code|state)=/.test(location.href));
    expect(new URL(page.url()).pathname).toBe('/catalogue-test/page.html');

    // Every element is tried; the failures are listed together at the end.
    const failures: string[] = [];
    for (const element of ELEMENTS) {
      current = element.tagName;
      const before = errors.length;
      await page.evaluate(({ tag, attributes }) => {
        // Only the element: whatever the previous one added to the page (a workbench host) goes too.
        for (const node of [...document.body.children]) if (node.id !== 'slot' && node.localName !== 'portal-overlays' && node.localName !== 'script') node.remove();
        const slot = document.getElementById('slot')!;
        slot.replaceChildren();
        const el = document.createElement(tag);
        for (const { name, example } of attributes) el.setAttribute(name, example);
        slot.append(el);
      }, { tag: element.tagName, attributes: element.requiredAttributes ?? [] });
      try {
        await expect.poll(async () => {
          const { nodes, busy } = await shown(page, element.tagName);
          return nodes > 0 && !busy && loads.pending() === 0;
        }, { timeout: 15_000, intervals: [25, 50, 100] }).toBe(true);
      } catch {
        const { text, nodes } = await shown(page, element.tagName);
        failures.push(`<${element.tagName}> did not render and settle in 15 s (${nodes} nodes, ${loads.pending()} loads pending): ${text.slice(0, 120)}`);
      }
      failures.push(...errors.slice(before));
    }
    expect(failures, `${scenario}: ${ELEMENTS.length} elements`).toEqual([]);
  });
}

test('gallery: every element listed; one shown live with editable attributes, an escaped snippet to copy; signed-in ones sign in; axe light and dark', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/gallery');
  const links = page.locator('#gallery-list a');
  await expect(links).toHaveCount(ELEMENTS.length);
  await expect(page.locator('#gallery-count')).toHaveText(`${ELEMENTS.length} of ${ELEMENTS.length} elements`);

  // By keyboard: find it, Tab to it, Enter.
  await page.locator('#gallery-filter').fill('not-found');
  await expect(links).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#gallery-main h2')).toHaveText('<portal-not-found>');
  await expect(page.locator('#gallery-main')).toBeFocused();
  expect(new URL(page.url()).searchParams.get('element')).toBe('portal-not-found');
  const live = page.locator('#gallery-live > portal-not-found');
  await expect(live.locator('h1')).toHaveText('Not Found');

  // An attribute edited: the live element follows, the snippet and the address too; hostile text stays text.
  const hostile = '"><img src=x onerror="window.__galleryXss=1">';
  await page.getByLabel('path', { exact: true }).fill(hostile);
  await page.getByLabel('path', { exact: true }).press('Enter');
  await expect(live.locator('code')).toHaveText(hostile);
  const origin = new URL(page.url()).origin;
  const expected = `<script type="module" src="${origin}/dist/loader.js"></script>\n<portal-not-found path="&quot;&gt;&lt;img src=x onerror=&quot;window.__galleryXss=1&quot;&gt;"></portal-not-found>`;
  await expect(page.locator('#gallery-snippet-code')).toHaveText(expected);
  expect(new URL(page.url()).searchParams.get('attr.path')).toBe(hostile);
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(page.locator('#gallery-copy-status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  expect(await page.evaluate(() => (window as unknown as { __galleryXss?: number }).__galleryXss)).toBeUndefined();

  // An element that needs a user: its required attributes are filled in; it signs in and comes back to it.
  await page.locator('#gallery-filter').fill('');
  await page.locator('#gallery-list a[data-tag="pfm-commitments"]').click();
  await signIn(page, 'admin');
  // Signed in once the element shows its rows (MSAL's cache is in localStorage: sessionStorage tells nothing).
  await expect(page.locator('#gallery-live > pfm-commitments tbody tr').first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => !/[?&#](code|state)=/.test(url.href));
  expect(new URL(page.url()).searchParams.get('element')).toBe('pfm-commitments');
  await expect(page.getByLabel('project-id', { exact: true })).toHaveValue('1');
  await expect(page.locator('#gallery-snippet-code')).toContainText('<pfm-commitments project-id="1"></pfm-commitments>');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, colorScheme).toEqual([]);
    await reviewShot(page, { path: test.info().outputPath(`gallery-${colorScheme}.png`), fullPage: false });
  }
  expect(errors).toEqual([]);
});
