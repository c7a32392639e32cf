// `npm run size`: gzip sizes of what the build wrote, against the budgets of the foundation issue.
//   --check  exit 1 when a budget is exceeded or the README's table has drifted from the build
//   --write  rewrite the README's table from the build
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { closure as closureOf } from './chunk-graph.mjs';
import { chunkAreaProblems } from './chunk-areas.mjs';

const DIST = process.env.DIST_DIR ?? 'dist';
const KB = 1024;
/** Budgets in gzip bytes. */
export const BUDGETS = {
  // 4 since issue 33: the map of what each element's chunk imports (scripts/module-preload.mjs), 1.3 KB of hashed names.
  loader: 4 * KB,
  core: 30 * KB,
  // 171 since issue 13: the header's phone menu (the issue asks for it) and four more element chunks in the
  // loader's map, after the form flattener left the first screen (it loads with the first form write).
  // 172 since issue 15: every page reloads the roles on navigation (role changes without a new sign-in),
  // notes a load's "not on this project's team" refusal, and the loader's map names eight more elements.
  // 174 since issue 16: drafts are dropped at sign-in and sign-out (core/drafts), the shared load-failure block,
  // the skip link, and the one export-formula rule in core/format. The goal (150) is missed: see the README.
  // 175 since issue 29: the bell counts timecards to approve and says the employee's decisions, and the API client
  // follows the server's clock (core/server-clock). Issue 33 takes the first screen to 150.
  // 176 since issue 30: the signed-in employee is one cached load in core/auth (the header's avatar shares it with the
  // screens), and the bell says lateness as the card does.
  // 176.5 since issue 33: the configuration document is read before sign-in (its reader is core; the validator and the
  // problem screen load on demand), and the header follows its label and colour.
  // 178 since issue 33: the loader's map of what each element's chunk imports (scripts/module-preload.mjs, 1.3 KB: the
  // hashed names do not compress), so an element's chunks are asked for together with it, one round trip fewer.
  // 179 since issue 33: the route's data asked for with the URL (core/router/prefetch, the API client's held answers,
  // and the load shapes of the screens it prefetches, src/core/<area>/loads.ts), ahead of the screen's code: a round
  // trip and a render fewer.
  firstScreen: 179 * KB,
  // Issue 16: what the portal needs before its first paint (the first screen less MSAL, which sign-in
  // imports after the first render; `npm run bench` checks that the header has painted before MSAL is asked for).
  // 119 since issue 29: the bell says an owed timecard's lateness as the card does ("overdue since … (N days)"),
  // reading the one clock's source (core/server-clock), and record lists stack on a phone (styles).
  // 120 since issue 30: the header's loads use the one keyed load (core/api/load) that every screen shares.
  // 120.5 since issue 33: the configuration document's reader (as for the first screen).
  // 122 since issue 33: the loader's preload map (as for the first screen).
  // 122.5 since issue 33: the route's prefetch (as for the first screen).
  firstPaint: 122.5 * KB,
  tabulator: 60 * KB,
};

if (!existsSync(path.join(DIST, 'loader.js'))) {
  console.error('dist/loader.js is missing: run `npm run build` first.');
  process.exit(1);
}

const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.js')) files.push(path.relative(DIST, full).replaceAll('\\', '/'));
  }
})(DIST);

const gz = new Map(files.map((file) => [file, gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length]));
const find = (prefix) => files.filter((file) => file.startsWith(prefix));

/** Static imports of a chunk (dynamic `import(...)` excluded), followed transitively. */
const closure = (start) => closureOf(DIST, start);

const sum = (list) => list.reduce((total, file) => total + (gz.get(file) ?? 0), 0);
const rows = [];
const row = (name, list, budget) => rows.push({ name, bytes: sum(list), budget });

row('loader', ['loader.js'], BUDGETS.loader);
row('core (no vendor code)', find('core-'), BUDGETS.core);
row('React + react-dom + r2wc', find('react-'));
row('MSAL', find('msal-'));
row('styles (Bootstrap subset)', find('styles-'));
row('ui (shared React pieces)', find('ui-'));
const tabulatorJs = find('tabulator-').filter((file) => !file.startsWith('tabulator-styles-'));
if (tabulatorJs.length) row('Tabulator', tabulatorJs, BUDGETS.tabulator);
if (find('tabulator-styles-').length) row('Tabulator CSS', find('tabulator-styles-'));
for (const [name, prefix] of [['grid wrapper', 'grid-'], ['Excel export (on demand)', 'write-excel-file-']]) if (find(prefix).length) row(name, find(prefix));

// What the portal page loads before its first screen: the loader, <portal-app> and <portal-header>
// with everything they import statically, and MSAL (loaded by sign-in at start-up).
const firstScreen = new Set(['loader.js', ...find('msal-')]);
for (const tag of ['portal-app', 'portal-header']) {
  for (const chunk of find(`elements/${tag}-`)) for (const file of closure(chunk)) firstScreen.add(file);
}
if (!find('elements/portal-app-').length) for (const file of [...find('core-'), ...find('react-'), ...find('styles-'), ...find('ui-')]) firstScreen.add(file);
row('portal first screen (loader, core, React, MSAL, styles, header)', [...firstScreen], BUDGETS.firstScreen);
const firstPaint = [...firstScreen].filter((file) => !file.startsWith('msal-'));
row('portal first paint (the first screen less MSAL, which loads after it)', firstPaint, BUDGETS.firstPaint);

for (const file of find('elements/').sort()) row(`element ${file.replace(/^elements\//, '').replace(/-[\w-]{8}\.js$/, '')}`, [file]);

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const table = [
  '| chunk | gzip | budget |',
  '|---|---:|---:|',
  ...rows.map((r) => `| ${r.name} | ${fmt(r.bytes)} | ${r.budget ? fmt(r.budget) : ''} |`),
].join('\n');
console.log(table);

const over = rows.filter((r) => r.budget && r.bytes > r.budget);
for (const r of over) console.error(`over budget: ${r.name} is ${fmt(r.bytes)}, budget ${fmt(r.budget)}`);

const README = 'README.md';
const START = '<!-- size:start -->';
const END = '<!-- size:end -->';
const readme = existsSync(README) ? readFileSync(README, 'utf8') : '';
const block = `${START}\n${table}\n${END}`;
if (process.argv.includes('--write')) {
  if (!readme.includes(START)) throw new Error(`README.md has no ${START} … ${END} block`);
  writeFileSync(README, readme.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block));
  console.log('README.md size table updated.');
}

let drift = [];
if (process.argv.includes('--check')) {
  // The README's figures must match the build within 0.5 KB per row, so they cannot silently drift.
  const documented = new Map();
  for (const match of (readme.match(new RegExp(`${START}([\\s\\S]*?)${END}`))?.[1] ?? '').matchAll(/^\| ([^|]+) \| ([\d.]+) KB \|/gm)) {
    documented.set(match[1].trim(), Number(match[2]) * KB);
  }
  drift = rows.filter((r) => !documented.has(r.name) || Math.abs(documented.get(r.name) - r.bytes) > 0.5 * KB);
  for (const r of drift) console.error(`README size table drifted: ${r.name} is ${fmt(r.bytes)}, README says ${documented.has(r.name) ? fmt(documented.get(r.name)) : 'nothing'} (run \`npm run size -- --write\`)`);
}
// No screen loads a chunk of another area (scripts/chunk-areas.mjs).
const areaProblems = process.argv.includes('--check') ? chunkAreaProblems(DIST) : [];
for (const problem of areaProblems) console.error(`chunk of another area: ${problem}`);
process.exit(process.argv.includes('--check') && (over.length || drift.length || areaProblems.length) ? 1 : 0);
