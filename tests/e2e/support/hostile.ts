/**
 * The hostile-input suites' watch (issue 16): what a page does with hostile text or links. Armed
 * before the page loads: the `__xss(n)` sentinel, CSP reports that name a payload, loads of the
 * payloads' `/xss-hit` image, dialogs, and every request or navigation to a host other than localhost
 * (aborted, so nothing leaves the machine).
 */
import type { Page } from '@playwright/test';
import { XSS_HIT_PATH } from './xss-payloads';

/** What the page saw of the payloads (filled by the init script and the routes). */
export interface Watch { hits: string[]; dialogs: string[]; offsite: string[]; navigations: string[] }

/** The sentinel, the CSP reports and the off-site/hit routes, before any page script runs. */
export async function arm(page: Page): Promise<Watch> {
  const watch: Watch = { hits: [], dialogs: [], offsite: [], navigations: [] };
  await page.addInitScript(() => {
    const w = window as unknown as { __xss(n: number): void; __xssRuns: number[]; __xssCsp: string[] };
    w.__xssRuns = [];
    w.__xssCsp = [];
    w.__xss = (n: number) => { w.__xssRuns.push(n); };
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} ${event.blockedURI} ${event.sample}`;
      if (/xss|evil\.example/i.test(report)) w.__xssCsp.push(report);
    }, true);
  });
  await page.route(`**${XSS_HIT_PATH}**`, (route) => {
    watch.hits.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  await page.route((url) => url.hostname !== 'localhost', (route) => {
    watch.offsite.push(route.request().url());
    return route.abort();
  });
  page.on('framenavigated', (frame) => {
    const url = frame.url();
    if (/^https?:/.test(url) && new URL(url).hostname !== 'localhost') watch.navigations.push(url);
  });
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return watch;
}

/** In the page: executions, CSP reports, payload markup in the DOM (through shadow roots), and the text shown. */
export async function inspect(page: Page): Promise<{ runs: number[]; csp: string[]; injected: string[]; text: string; titles: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __xssRuns?: number[]; __xssCsp?: string[] };
    const dangerous = /^(on.+|src|href|xlink:href|srcdoc|data|action|formaction|style|content|background|poster)$/i;
    const marked = /__xss|xss-hit|evil\.example|__x'\+'ss/i;
    const injected: string[] = [];
    const texts: string[] = [];
    const titles: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      texts.push(root instanceof Document ? root.body?.textContent ?? '' : root.textContent ?? '');
      for (const el of root.querySelectorAll('*')) {
        // A read-only record shows its fields in inputs: their values are text shown too.
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) texts.push(el.value);
        if (el.localName === 'script' && marked.test(el.textContent ?? '')) injected.push(`<script>${el.textContent}`);
        for (const attribute of el.attributes) {
          if (!dangerous.test(attribute.name) || !marked.test(attribute.value)) continue;
          // A link or source that stays an http(s) address on this host is text put in a path (percent-encoded): inert.
          if (/^(src|href|xlink:href|data|action|formaction)$/i.test(attribute.name)) {
            let url: URL | null;
            try { url = new URL(attribute.value, location.href); } catch { url = null; }
            if (url && /^(https?|blob):$/.test(url.protocol) && url.hostname === location.hostname && !url.pathname.startsWith('/xss-hit')) continue;
          }
          injected.push(`<${el.localName} ${attribute.name}="${attribute.value}">`);
          if (attribute.name === 'title' || attribute.name === 'data-bs-title') titles.push(attribute.value);
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return { runs: [...(w.__xssRuns ?? [])], csp: [...(w.__xssCsp ?? [])], injected, text: texts.join('\n'), titles };
  });
}
