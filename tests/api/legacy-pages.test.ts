/**
 * The legacy hand-off pages (demo/host/legacy/pages.ts) show a user what a real legacy page would: the
 * title and the embedded widget, and no demo debug box echoing the request (issue 29). The path and
 * query that reached the page are read from the request itself (the URL), not from the page.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LEGACY_PAGES } from '../../demo/host/legacy/index';
import { useTestHost } from './support/use-host';

const { host } = useTestHost();

/** The page's content cell: what it shows besides the banner, the site's links and the footer. */
const contentOf = (text: string) => /<td class="content">\n([\s\S]*?)\n<\/td>/.exec(text)?.[1];

describe('legacy hand-off pages show no "Request received" box', () => {
  const query = 'projectId=12&noRedirect=1&marker=echo-7f3a&q=<script>alert(1)</script>';
  for (const page of LEGACY_PAGES) {
    it(`${page.path}: the title and the widget only; nothing of the request is echoed`, async () => {
      const response = await fetch(`${host.url}${page.path}?${query}`);
      assert.equal(response.status, 200);
      assert.equal(new URL(response.url).pathname, page.path, 'served at the path asked for');
      const text = await response.text();
      assert.doesNotMatch(text, /Request received|legacy-path|legacy-query|legacy-parameters/);
      for (const echoed of ['echo-7f3a', 'marker', 'alert(1)']) assert.ok(!text.includes(echoed), `${echoed} is not shown`);
      assert.match(contentOf(text) ?? '', new RegExp(`^<h1>${page.title}</h1>\\n<div class="widget" id="legacy-widget">\\n<${page.tag}[^>]*>Loading…</${page.tag}>\\n</div>$`));
    });
  }
});
