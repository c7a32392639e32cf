// custom-elements.json: generated from the source by @custom-elements-manifest/analyzer (with our r2wc plugin),
// written to the repo root (committed) and to the build's output folder, and checked against README's element table.
//
//   node scripts/custom-elements/manifest.mjs           generate (repo root and dist/), then check the README
//   node scripts/custom-elements/manifest.mjs --check   generate in memory only; fail when the committed file or README differ
//
// The build (rollup.config.mjs) runs the same steps, so `npm run build` and `npm test` fail when they disagree.
//
// README "### Elements" table: one row per element or group of elements with the same attributes and events;
// column 1 the tags (`<tag>`), the "attributes" column every attribute as `name` (backticked names inside
// parentheses are values or notes, not attributes; `–` none), the "events" column every event it fires (`–` none).
import { create, ts } from '@custom-elements-manifest/analyzer';
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import config from '../../custom-elements-manifest.config.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MANIFEST_FILE = 'custom-elements.json';

/** The analysed files: every element's define.ts, and the shared element helper (for `<portal-overlays>`). */
export function manifestSources(root = ROOT) {
  const elements = readdirSync(path.join(root, 'src/elements'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'src/elements', entry.name, 'define.ts')))
    .map((entry) => `src/elements/${entry.name}/define.ts`);
  return [...elements, ...config.extraGlobs].sort();
}

/** The manifest, as the analyzer makes it from the source. */
export function generateManifest(root = ROOT) {
  const modules = manifestSources(root).map((file) => ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true));
  return create({ modules, plugins: config.plugins, context: { dev: false } });
}

export const manifestText = (manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** Every element declaration of a manifest. */
export function manifestElements(manifest) {
  return manifest.modules.flatMap((mod) => mod.declarations.filter((d) => d.customElement).map((d) => ({ ...d, module: mod.path })));
}

/** Split a markdown table row into cells (no `|` inside our cells). */
function cells(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

/** Backticked names outside parentheses: `a` (`x`, `y`), `b` → a, b. */
export function namesOutsideParentheses(text) {
  let depth = 0;
  let outside = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += ch;
  }
  return [...outside.matchAll(/`([a-z][a-z0-9-]*)`/g)].map((m) => m[1]);
}

/** README's "### Elements" table: tag → { attributes, events, line }. Problems (duplicate rows, bad columns) are listed. */
export function readmeElements(readme) {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim() === '### Elements');
  if (start < 0) return { rows: new Map(), problems: ['README.md has no "### Elements" section'] };
  const headerIndex = lines.findIndex((line, i) => i > start && /^\|\s*tag\s*\|/.test(line));
  if (headerIndex < 0) return { rows: new Map(), problems: ['README.md "### Elements" has no table starting with "| tag |"'] };
  const header = cells(lines[headerIndex]).map((c) => c.toLowerCase());
  const attrCol = header.indexOf('attributes');
  const eventCol = header.indexOf('events');
  const problems = [];
  if (attrCol < 0 || eventCol < 0) problems.push('README.md element table needs the columns "attributes" and "events"');
  const rows = new Map();
  // The table ends at the first line that is not a row (a blank line ends it).
  for (let i = headerIndex + 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
    const row = cells(lines[i]);
    const tags = [...(row[0] ?? '').matchAll(/`<([a-z][a-z0-9-]*)>`/g)].map((m) => m[1]);
    if (tags.length === 0) problems.push(`README.md line ${i + 1}: no \`<tag>\` in the first column`);
    const attributes = namesOutsideParentheses(row[attrCol] ?? '').sort();
    const events = namesOutsideParentheses(row[eventCol] ?? '').sort();
    for (const tag of tags) {
      if (rows.has(tag)) problems.push(`README.md line ${i + 1}: <${tag}> has a row already (line ${rows.get(tag).line})`);
      else rows.set(tag, { attributes, events, line: i + 1 });
    }
  }
  return { rows, problems };
}

/** The differences between the manifest and README's element table; empty when they agree. */
export function compareWithReadme(manifest, readme) {
  const { rows, problems } = readmeElements(readme);
  const diff = [...problems];
  const elements = manifestElements(manifest);
  const list = (names) => (names.length ? names.join(', ') : '–');
  for (const element of elements) {
    const row = rows.get(element.tagName);
    if (!row) {
      diff.push(`<${element.tagName}> (${element.module}) is missing from README's element table`);
      continue;
    }
    const attributes = (element.attributes ?? []).map((a) => a.name).sort();
    const events = (element.events ?? []).map((e) => e.name).sort();
    for (const [what, fromSource, fromReadme] of [['attributes', attributes, row.attributes], ['events', events, row.events]]) {
      const missing = fromSource.filter((n) => !fromReadme.includes(n));
      const extra = fromReadme.filter((n) => !fromSource.includes(n));
      if (missing.length || extra.length) {
        diff.push(`<${element.tagName}> ${what} (README.md line ${row.line}):\n    manifest: ${list(fromSource)}\n    README:   ${list(fromReadme)}` +
          `${missing.length ? `\n    - add to README: ${missing.join(', ')}` : ''}${extra.length ? `\n    - not in the source: ${extra.join(', ')}` : ''}`);
      }
    }
  }
  const known = new Set(elements.map((e) => e.tagName));
  for (const [tag, row] of rows) if (!known.has(tag)) diff.push(`<${tag}> (README.md line ${row.line}) is not an element of the source`);
  return diff;
}

/** Generate, write (unless `check`), and compare. Returns the problems (empty: all agree). */
export function runManifest({ root = ROOT, outDir, check = false, log = console.log } = {}) {
  const manifest = generateManifest(root);
  const text = manifestText(manifest);
  const problems = [];
  const committed = path.join(root, MANIFEST_FILE);
  const current = existsSync(committed) ? readFileSync(committed, 'utf8') : '';
  if (check) {
    if (current !== text) problems.push(`${MANIFEST_FILE} is out of date: run \`node scripts/custom-elements/manifest.mjs\` (or the build) and commit it`);
  } else if (current !== text) {
    writeFileSync(committed, text);
    log(`custom-elements.json: written (${manifestElements(manifest).length} elements)`);
  }
  if (outDir && !check) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, MANIFEST_FILE), text);
  }
  problems.push(...compareWithReadme(manifest, readFileSync(path.join(root, 'README.md'), 'utf8')));
  return { manifest, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const { manifest, problems } = runManifest({ check, outDir: check ? undefined : path.join(ROOT, process.env.DIST_DIR ?? 'dist') });
  if (problems.length) {
    console.error(`custom-elements.json and README.md "### Elements" disagree:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`custom-elements.json: ${manifestElements(manifest).length} elements; README's element table agrees`);
}
