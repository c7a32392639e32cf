// The element catalogue: custom-elements.json is generated from the source (every element, its attributes from the
// r2wc props, its events from the JSDoc), the committed file is current, README's element table agrees and the
// check names every difference; the demo host serves the gallery page, its script and the manifest under its CSP.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import {
  compareWithReadme, generateManifest, manifestElements, manifestText, namesOutsideParentheses,
} from '../../scripts/custom-elements/manifest.mjs';
import { useTestHost } from './support/use-host';

const manifest = generateManifest();
const elements = manifestElements(manifest);
const byTag = new Map(elements.map((e) => [e.tagName, e]));
const readme = readFileSync('README.md', 'utf8');

describe('custom-elements.json', () => {
  it('holds every element folder of src/elements and <portal-overlays>, each with a description', () => {
    const folders = readdirSync('src/elements', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    assert.ok(folders.length >= 56);
    assert.deepEqual(elements.map((e) => e.tagName).filter((t) => t !== 'portal-overlays').sort(), folders);
    assert.ok(byTag.has('portal-overlays'));
    for (const element of elements) {
      assert.ok(element.description.startsWith(`\`<${element.tagName}`), `<${element.tagName}> has its description`);
      assert.equal(element.customElement, true);
    }
    assert.deepEqual(manifest.modules.flatMap((m) => m.exports.filter((e) => e.kind === 'custom-element-definition').map((e) => e.name)).sort(),
      elements.map((e) => e.tagName).sort());
  });

  it('reads attributes and properties from the r2wc props, events and required attributes from the JSDoc', () => {
    const grid = byTag.get('pfm-projection-grid')!;
    assert.deepEqual(grid.attributes?.map((a) => [a.name, a.fieldName, a.type?.text, a.default]), [
      ['project-id', 'projectId', 'number', '-1'], ['budget-id', 'budgetId', 'number', '-1'],
      ['legal-entity-id', 'legalEntityId', 'number', '-1'], ['variant', 'variant', 'string', "''"],
    ]);
    assert.deepEqual(grid.members?.map((m) => [m.name, m.attribute]), [['projectId', 'project-id'], ['budgetId', 'budget-id'], ['legalEntityId', 'legal-entity-id'], ['variant', 'variant']]);
    assert.deepEqual(grid.events?.map((e) => e.name), ['pfm-projections-submitted']);
    // The tag's text ends at its paragraph: the description after it is the element's.
    assert.match(grid.events?.[0]?.description ?? '', /^after the month's projections were submitted; `detail: \{ budgetId, projectId \}`$/);
    assert.deepEqual(grid.requiredAttributes, [{ name: 'project-id', example: '1' }, { name: 'budget-id', example: '1' }]);
    assert.match(grid.description, /Other portal attributes/);
    assert.doesNotMatch(grid.description, /\| attribute \|/);
    assert.deepEqual(byTag.get('wb-add-cost-code')?.events?.map((e) => e.name), ['pfm-cost-code-added']);
    assert.equal(byTag.get('pfm-projects')?.attributes, undefined);
    // @attr tags describe an attribute (the header has no table).
    assert.match(byTag.get('portal-header')?.attributes?.find((a) => a.name === 'site-name')?.description ?? '', /Business Applications/);
    // signIn: true is said in the description.
    assert.match(byTag.get('pfm-commitments')?.description ?? '', /signs in by itself/);
    for (const element of elements) {
      for (const required of element.requiredAttributes ?? []) assert.ok(element.attributes?.some((a) => a.name === required.name), `<${element.tagName}> ${required.name}`);
    }
  });

  it('every workbench that names its record in the frame declares pfm-workbench-record', () => {
    for (const tag of ['wb-subcontract', 'wb-owner-agreement', 'wb-cost-adjustment', 'wb-direct-cost', 'wb-change-event', 'wb-change-event-item', 'wb-initiating-document', 'wb-survey-instance', 'wb-slim-request', 'wb-risk-assessment']) {
      assert.deepEqual(byTag.get(tag)?.events?.map((e) => e.name), ['pfm-workbench-record'], tag);
    }
  });

  it('the committed file (repo root) is the generated one', () => {
    assert.equal(readFileSync('custom-elements.json', 'utf8'), manifestText(manifest));
  });
});

describe("README's element table check", () => {
  it('agrees today', () => {
    assert.deepEqual(compareWithReadme(manifest, readme), []);
  });

  it('reads attribute names outside parentheses only', () => {
    assert.deepEqual(namesOutsideParentheses("`variant` (`''`, `unit`, `hour`), `project-id` (pre-fills `the-project`)"), ['variant', 'project-id']);
  });

  it('names an attribute missing from README, one README has but the source has not, and events', () => {
    const row = readme.split('\n').find((line) => line.startsWith('| `<pfm-projection-grid>`'))!;
    const changed = row.replace('`variant` (`\'\'`, `unit`, `hour`)', '`variant-x`').replace('| `pfm-projections-submitted` |', '| – |');
    assert.notEqual(changed, row);
    const diff = compareWithReadme(manifest, readme.replace(row, changed));
    assert.equal(diff.length, 2, diff.join('\n'));
    assert.match(diff[0]!, /<pfm-projection-grid> attributes \(README\.md line \d+\):\n {4}manifest: budget-id, legal-entity-id, project-id, variant\n {4}README: {3}budget-id, legal-entity-id, project-id, variant-x\n/);
    assert.match(diff[0]!, /- add to README: variant\b/);
    assert.match(diff[0]!, /- not in the source: variant-x/);
    assert.match(diff[1]!, /<pfm-projection-grid> events .*\n {4}manifest: pfm-projections-submitted\n {4}README: {3}–/);
  });

  it('names a missing element, an unknown one, a tag in two rows, and a table without its columns', () => {
    const row = readme.split('\n').find((line) => line.startsWith('| `<it-billing>`'))!;
    const withoutRow = readme.replace(`${row}\n`, '');
    assert.match(compareWithReadme(manifest, withoutRow).join('\n'), /<it-billing> \(src\/elements\/it-billing\/define\.ts\) is missing from README's element table/);
    const unknown = readme.replace(row, `${row}\n| \`<pfm-nothing>\` | nothing | – | – |`);
    assert.match(compareWithReadme(manifest, unknown).join('\n'), /<pfm-nothing> \(README\.md line \d+\) is not an element of the source/);
    const twice = readme.replace(row, `${row}\n${row}`);
    assert.match(compareWithReadme(manifest, twice).join('\n'), /<it-billing> has a row already/);
    const noEvents = readme.replace('| tag | what | attributes | events |', '| tag | what | attributes |');
    assert.match(compareWithReadme(manifest, noEvents).join('\n'), /needs the columns "attributes" and "events"/);
  });
});

describe('the gallery on the demo host', () => {
  const { host } = useTestHost();

  it('serves /gallery as a plain page under the CSP: the loader and its own script, no inline script', async () => {
    const response = await fetch(`${host.url}/gallery`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self'(;|$)/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.deepEqual(scripts, ['<script type="module" src="/dist/loader.js">', '<script type="module" src="/demo/gallery.js">']);
    assert.doesNotMatch(html, /\sstyle=|\son[a-z]+=/i);
    const script = await fetch(`${host.url}/demo/gallery.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    const code = await script.text();
    assert.match(code, /\/dist\/custom-elements\.json/);
    // Plain DOM code: no product module is bundled into the gallery.
    assert.doesNotMatch(code, /src\/(core|ui|elements|features)\//);
  });

  it('serves the manifest beside the bundle (after a build)', { skip: !existsSync('dist/custom-elements.json') }, async () => {
    const response = await fetch(`${host.url}/dist/custom-elements.json`);
    assert.equal(response.status, 200);
    const served = await response.json() as typeof manifest;
    assert.equal(manifestElements(served).length, elements.length);
  });
});
