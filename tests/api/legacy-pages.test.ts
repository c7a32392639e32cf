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

describe('legacy hand-off pages pass an outside audit (issue 33, Lighthouse)', () => {
  it('declare a viewport, mark the layout table as layout, and give the site\'s links a 24 px target', async () => {
    const text = await (await fetch(`${host.url}/costmanagement/costmanagement/cm?projectId=1&budgetId=1`)).text();
    assert.match(text, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    // A layout table is no data table: its colspan cells are no fake captions to a screen reader.
    assert.match(text, /<table class="frame" role="presentation"/);
    const css = await (await fetch(`${host.url}/legacy-assets/legacy.css`)).text();
    assert.match(css, /^td\.nav li a \{[^}]*min-height: 24px; box-sizing: border-box;/m);
  });
});
