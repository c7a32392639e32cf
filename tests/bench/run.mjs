// `npm run bench`: the issue 5 performance benchmark. Prints figures; it is not a timed test and not
// part of `npm test`.
//
// Builds the bundle into its own folder, starts the demo host with `--scale --reset` on its own port
// and data folder, signs in as pm in Chromium, and measures (medians of several runs):
//   1. in-page navigation → projection grid interactive for the scale project's budget;
//   2. in-page navigation → Cost Code Transactions workbench with its 100,000+ rows painted;
//   3. a numeric sort (click the amount header) and a header filter on those rows;
//   4. the floor, in the same page: fetch + JSON.parse of the same payloads with the same token;
//   5. (issue 11) in-page navigation → the data-quality screen with its rows, against its floor, and
//      the server's time for the rules (its Server-Timing header); navigation → the cost adjustments
//      and direct costs lists with rows (skipped when the portal shows "not available" for them);
//   6. (issue 13, tests/bench/timecards.mjs) as tcadmin: navigation → the Timecard Admin's `all` view of
//      one week over 2,000+ employees interactive, against its fetch + parse floor; and the server's time
//      (Server-Timing) to save a timecard with 30 lines;
//   7. (issue 16, tests/bench/issue16.mjs) the portal's first screen in gzip KB (scripts/size.mjs on the
//      bench build); typing in the projection grid (keystroke → next paint, Event Timing, p95); a new tab
//      of the signed-in pm against the same tab; the list screens not measured before, as admin, against
//      their floors; and the demo host under load (autocannon, 10 connections, the main list loads: p99, errors);
//   8. (issue 33, tests/bench/lighthouse.mjs) Lighthouse 12.2.3's desktop preset as pm on five pages (projects,
//      timecard, projection grid, commitments, the legacy cm page): performance, accessibility, best practices, CLS;
// and the rendered row elements against the visible rows. The latest table goes into README.md.
//
// Options: --runs N (default 5), --port P (default 8643), --no-build (reuse the bench build),
// --no-readme (print only), --only timecards|issue16|lighthouse (issue 13's, 16's or 33's figures alone),
// --lighthouse-runs N (Lighthouse runs per page, median; default 1). Environment: CHROME_PATH.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { formatTable, readmeSection, replaceBetweenMarkers, summarize } from './report.mjs';
import { deepRowStats, findDeep, waitForScreenRows } from './page.mjs';
import { watchApiCalls } from './api-calls.mjs';
import { measureTimecards } from './timecards.mjs';
import { measureHostLoad, measureListScreens, measureNewTab, measureTyping } from './issue16.mjs';
import { measureLighthouse } from './lighthouse.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '8643' },
    'no-build': { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
    'lighthouse-runs': { type: 'string', default: '1' },
  },
});
const RUNS = Math.max(1, Number(values.runs) || 5);
const PORT = Number(values.port) || 8643;
const DIST_DIR = '.tmp/bench-dist';
const DATA_DIR = `.tmp/bench-data-${PORT}`;
const ORIGIN = `https://localhost:${PORT}`;
const SCALE_PROJECT = { projectId: 41, number: '26-9001', name: 'Benchmark Tower' };
const STEP_TIMEOUT_MS = 60_000;
const FILTER_TIMEOUT_MS = 15_000;
const log = (...args) => console.log('[bench]', ...args);

// --- host ------------------------------------------------------------------------------------

function build() {
  log(`building into ${DIST_DIR} (npx rollup -c)…`);
  const result = spawnSync('npx', ['rollup', '-c'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DIST_DIR } });
  if (result.status !== 0) throw new Error(`build failed (exit ${result.status})`);
}

/** GET over https ignoring the self-signed certificate; resolves with the status code. */
function probe(url) {
  return new Promise((resolvePromise) => {
    const req = request(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolvePromise(res.statusCode ?? 0);
    });
    req.on('error', () => resolvePromise(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** The portal's first screen and first paint in gzip KB, as scripts/size.mjs measures them on the bench build. */
function firstScreenBytes() {
  const out = execFileSync(process.execPath, ['scripts/size.mjs'], { cwd: ROOT, env: { ...process.env, DIST_DIR }, encoding: 'utf8' });
  const kb = (name) => Number(new RegExp(`^\\| ${name}[^|]*\\| ([\\d.]+) KB \\|`, 'm').exec(out)?.[1] ?? NaN);
  return { firstScreenKb: kb('portal first screen'), firstPaintKb: kb('portal first paint') };
}

async function startHost() {
  log(`starting the demo host on port ${PORT} with --scale --reset (data ${DATA_DIR})…`);
  const started = performance.now();
  const host = spawn(process.execPath, ['--import', 'tsx', 'demo/host/main.ts', '--port', String(PORT), '--data', DATA_DIR, '--reset', '--scale'], {
    cwd: ROOT, env: { ...process.env, DIST_DIR }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  host.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
  const exited = new Promise((resolvePromise) => host.once('exit', resolvePromise));
  for (;;) {
    if (host.exitCode !== null) throw new Error(`the demo host exited (${host.exitCode}):\n${stderr}`);
    if ((await probe(`${ORIGIN}/idp/.well-known/openid-configuration`)) === 200) break;
    if (performance.now() - started > 180_000) throw new Error('the demo host did not start within 3 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`host ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    async stop() {
      if (host.exitCode !== null) return;
      host.kill('SIGTERM');
      const timer = setTimeout(() => host.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// --- browser ---------------------------------------------------------------------------------

async function signIn(page, login, path = '/pfm/projects') {
  await page.goto(`${ORIGIN}${path}`);
  await page.waitForURL(/\/idp\/interaction\//, { timeout: STEP_TIMEOUT_MS });
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp/') && !url.pathname.endsWith('/redirect-bridge.html'), { timeout: STEP_TIMEOUT_MS });
  // Signed in and settled: the page's session store says signedIn and MSAL has left the URL alone.
  await page.waitForFunction(() => globalThis[Symbol.for('bizapps.auth.session')]?.get().status === 'signedIn' && !/[?&#](code|state)=/.test(location.href), null, { timeout: STEP_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
}

/** In-page navigation as the router sees it (pushState + popstate); returns performance.now() at the start. */
const pushPath = (page, path) => page.evaluate((to) => {
  const start = performance.now();
  history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
  return start;
}, path);

/**
 * Wait in the page until `root` (found through shadow roots, by tag) holds painted rows, and return
 * the time from `start` to the end of the frame that painted them (each look runs right after a frame's
 * requestAnimationFrame, so rows found there are in that frame's paint; a task queued then runs after it). The workbench's rows are
 * excluded from the grid's (descent stops at `stopAt` tags).
 */
function waitForRows(page, { start, rootTag, stopAt, needEditable }) {
  return page.evaluate(async ({ start, rootTag, stopAt, needEditable, findDeepSource, statsSource, timeout }) => {
    const findDeepFn = new Function(`return (${findDeepSource})`)();
    const statsFn = new Function(`return (${statsSource})`)();
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    // Called right after a frame's rAF: a task queued now runs once that frame is painted.
    const afterPaint = () => new Promise((r) => setTimeout(r, 0));
    let rowsAt = NaN; // when rows first showed (if an editable cell is still awaited)
    for (;;) {
      await nextFrame();
      const root = findDeepFn(document, (el) => el.localName === rootTag, [])[0];
      if (root) {
        const stats = statsFn(root, findDeepFn, stopAt);
        if (stats.rendered > 0 && Number.isNaN(rowsAt)) rowsAt = performance.now();
        const ready = root.hasAttribute('data-grid-ready') || (stats.rendered > 0 && (!needEditable || stats.editable > 0));
        if (ready) {
          await afterPaint();
          return { ms: performance.now() - start, ...statsFn(root, findDeepFn, stopAt) };
        }
        // Rows but no editable cell for 5 s: a read-only grid; report the time to its rows.
        if (performance.now() - rowsAt > 5000) return { ms: rowsAt - start, noEditable: true, ...stats };
      }
      if (performance.now() - start > timeout) {
        return { ms: NaN, timedOut: true, found: Boolean(root), ...(root ? statsFn(root, findDeepFn, stopAt) : {}) };
      }
    }
  }, { start, rootTag, stopAt, needEditable, findDeepSource: findDeep.toString(), statsSource: deepRowStats.toString(), timeout: STEP_TIMEOUT_MS });
}

/** The server's `dq` Server-Timing duration of one data-quality call (ms), asked with the page's token. */
/** CloseForecastPeriod of `budgetId`'s current month, `runs` times (each followed by a re-open): the round trip of each close, ms. */
async function measureClosePeriod(page, authorization, budgetId, runs, log) {
  const times = await page.evaluate(async ({ authorization, budgetId, runs }) => {
    const periods = await (await fetch(`/api/pfm/getforecastperiods?recordKey=Budget&recordId=${budgetId}`, { headers: { authorization } })).json();
    const month = periods.data.find((p) => p.current)?.month;
    const post = (path, fields) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      return fetch(path, { method: 'POST', headers: { authorization }, body: form });
    };
    const out = [];
    for (let run = 0; month && run < runs; run += 1) {
      const start = performance.now();
      const closed = await post('/api/pfm/CloseForecastPeriod', { BudgetId: budgetId, Month: month });
      out.push(closed.ok ? performance.now() - start : NaN);
      await post('/api/pfm/ReopenForecastPeriod', { BudgetId: budgetId, Month: month, Reason: 'bench: close again' });
    }
    return out;
  }, { authorization, budgetId, runs });
  log(`  close the scale budget's month: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  return times;
}

function measureRulesServerTime(page, url, authorization) {
  return page.evaluate(async ({ url, authorization }) => {
    const response = await fetch(url, { headers: { Authorization: authorization, Accept: 'application/json' }, cache: 'no-store' });
    await response.text();
    const match = /(?:^|,)\s*dq;[^,]*dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    return match ? Number(match[1]) : NaN;
  }, { url, authorization });
}

/** fetch + JSON.parse of `urls` in parallel (as the app asks for them), with the page's bearer token. */
function measureFloor(page, urls, authorization) {
  return page.evaluate(async ({ urls, authorization }) => {
    const start = performance.now();
    const parsed = await Promise.all(urls.map(async (url) => {
      const response = await fetch(url, { headers: { Authorization: authorization, Accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw new Error(`floor: ${url.split('?')[0]} answered ${response.status}`);
      return JSON.parse(await response.text());
    }));
    const ms = performance.now() - start;
    const rows = parsed.reduce((sum, body) => sum + (Array.isArray(body?.data) ? body.data.length : 0), 0);
    return { ms, rows };
  }, { urls, authorization });
}

/** The amount column's header, clicked; time until the first visible row changed and was painted. */
function measureSort(page, rootTag) {
  return page.evaluate(async ({ rootTag, findDeepSource, timeout }) => {
    const findDeepFn = new Function(`return (${findDeepSource})`)();
    const root = findDeepFn(document, (el) => el.localName === rootTag, [])[0];
    if (!root) return { ms: NaN, error: `no <${rootTag}>` };
    const headers = findDeepFn(root, (el) => el.classList?.contains('tabulator-col'), []);
    const amount = headers.find((el) => el.getAttribute('tabulator-field') === 'amount')
      ?? headers.find((el) => /^amount$/i.test(el.querySelector('.tabulator-col-title')?.textContent?.trim() ?? ''));
    if (!amount) return { ms: NaN, error: 'no amount column header' };
    const isDataRow = (el) => el.classList?.contains('tabulator-row') && !el.classList.contains('tabulator-calcs') && !el.classList.contains('tabulator-group');
    const firstRowText = () => findDeepFn(root, isDataRow, [])[0]?.textContent ?? '';
    const before = firstRowText();
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    // Called right after a frame's rAF: a task queued now runs once that frame is painted.
    const afterPaint = () => new Promise((r) => setTimeout(r, 0));
    const start = performance.now();
    (amount.querySelector('.tabulator-col-title') ?? amount).dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    do {
      if (performance.now() - start > timeout) return { ms: NaN, error: 'the rows did not change after the sort click' };
      await nextFrame();
    } while (firstRowText() === before);
    await afterPaint();
    return { ms: performance.now() - start, sort: amount.getAttribute('aria-sort') };
  }, { rootTag, findDeepSource: findDeep.toString(), timeout: STEP_TIMEOUT_MS });
}

/** Type into a text column's header filter a value the first row does not have; time until the rows show it. */
function measureFilter(page, rootTag) {
  return page.evaluate(async ({ rootTag, findDeepSource, timeout }) => {
    const findDeepFn = new Function(`return (${findDeepSource})`)();
    const root = findDeepFn(document, (el) => el.localName === rootTag, [])[0];
    if (!root) return { ms: NaN, error: `no <${rootTag}>` };
    const columns = findDeepFn(root, (el) => el.classList?.contains('tabulator-col') && el.querySelector('.tabulator-header-filter input'), []);
    const preferred = ['vendorName', 'vendor', 'description', 'sourceDocument', 'source'];
    const column = preferred.map((field) => columns.find((el) => el.getAttribute('tabulator-field') === field)).find(Boolean) ?? columns[0];
    if (!column) return { ms: NaN, error: 'no header filter' };
    const field = column.getAttribute('tabulator-field');
    // Data rows only: the bottom-calc (totals) row and group headers have no vendor.
    const rows = () => findDeepFn(root, (el) => el.classList?.contains('tabulator-row') && !el.classList.contains('tabulator-calcs') && !el.classList.contains('tabulator-group'), []);
    const cellText = (row) => row.querySelector(`.tabulator-cell[tabulator-field="${field}"]`)?.textContent?.trim() ?? '';
    const values = rows().map(cellText).filter(Boolean);
    const value = values.find((text) => text !== values[0]) ?? values[0];
    if (!value) return { ms: NaN, error: `no values in column ${field}` };
    const input = column.querySelector('.tabulator-header-filter input');
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    // Called right after a frame's rAF: a task queued now runs once that frame is painted.
    const afterPaint = () => new Promise((r) => setTimeout(r, 0));
    const start = performance.now();
    input.focus();
    input.value = value;
    // A real KeyboardEvent for keyup: a plain Event has no `key`, and Tabulator's keybindings read its length
    // (the "Cannot read properties of undefined (reading 'length')" page error twice per run was this).
    const fire = (type) => input.dispatchEvent(type === 'keyup' ? new KeyboardEvent(type, { key: 'Unidentified', bubbles: true }) : new Event(type, { bubbles: true }));
    for (const type of ['input', 'keyup', 'change']) fire(type);
    for (;;) {
      await nextFrame();
      const shown = rows();
      if (shown.length > 0 && shown.every((row) => cellText(row).toLowerCase().includes(value.toLowerCase()))) break;
      if (performance.now() - start > timeout) return { ms: NaN, error: 'the rows were not filtered' };
    }
    await afterPaint();
    const ms = performance.now() - start;
    // Clear the filter for the next run.
    input.value = '';
    for (const type of ['input', 'keyup', 'change']) fire(type);
    return { ms, field, value };
  }, { rootTag, findDeepSource: findDeep.toString(), timeout: FILTER_TIMEOUT_MS });
}

// --- main ------------------------------------------------------------------------------------

async function main() {
  if (!values['no-build']) build();
  const host = await startHost();
  // Ctrl+C or a kill still stops the host this run started.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => { void host.stop().finally(() => process.exit(130)); });
  let browser;
  try {
    const executablePath = findChromium({ headlessShell: false });
    browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: chromiumArgs });
    const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'America/Chicago', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => log('page error:', error.message, (error.stack ?? '').split('\n').slice(1, 4).join(' ← ').replace(/\s+/g, ' ')));

    // The app's bearer token, taken from its own requests (never printed).
    const api = watchApiCalls(page);

    // --only timecards: issue 13's figures alone (the pm's runs below do not run).
    const pmSignIn = values.only !== 'timecards';
    const pmRuns = values.only === '';
    // Whether a part with its own --only value runs: all of them when no --only is given.
    const runsPart = (part) => values.only === '' || values.only === part;
    if (pmSignIn) log('signing in as pm…');
    if (pmSignIn) await signIn(page, 'pm');
    if (pmSignIn && !api.authorization) await page.waitForRequest((req) => Boolean(req.headers().authorization), { timeout: STEP_TIMEOUT_MS });

    const project = !pmSignIn ? { projectId: SCALE_PROJECT.projectId, number: SCALE_PROJECT.number, name: SCALE_PROJECT.name, legalEntityId: 0, budgetId: 0 } : await page.evaluate(async ({ authorization, projectId }) => {
      const response = await fetch(`/api/pfm/getprojects?recordKey=Project&recordId=${projectId}`, { headers: { Authorization: authorization } });
      const body = await response.json();
      return (body.data ?? [])[0] ?? null;
    }, { authorization: api.authorization, projectId: SCALE_PROJECT.projectId });
    if (pmSignIn && (!project || !(project.budgetId > 0))) throw new Error(`the scale project ${SCALE_PROJECT.projectId} or its budget was not found (did --scale run?)`);
    log(`scale project ${project.number} ${project.name}: legal entity ${project.legalEntityId}, budget ${project.budgetId}`);

    const gridPath = `/pfm/projects/projectiongrid?legalEntityId=${project.legalEntityId}&projectId=${project.projectId}&budgetId=${project.budgetId}`;
    const workbenchPath = `${gridPath}&workbench=CostCodeTransactions&recordKey=Budget&recordId=${project.budgetId}`;
    const PARK = '/pfm/projects';
    // The screen's own data calls: PFM GETs, less the header's project menu and pins.
    const isDataLoad = (path) => path.startsWith('/api/pfm/') && !/^\/api\/pfm\/(projects\/|budgets\/GetProjectMenu)/.test(path);

    const samples = {
      grid: [], gridFloor: [], transactions: [], transactionsFloor: [], sort: [], filter: [], rowRatio: [], gridRowRatio: [],
      dataQuality: [], dataQualityFloor: [], rulesServer: [], costAdjustments: [], costAdjustmentsFloor: [], directCosts: [], directCostsFloor: [], payApplications: [], payApplicationsFloor: [], payApplication: [], payApplicationFloor: [], forecast: [], forecastFloor: [], skipped: [],
      timecardsAll: [], timecardsAllFloor: [], timecardSave: [],
      ...firstScreenBytes(), headerBeforeMsal: [], typingP95: NaN, typingKeystrokes: 0, newTab: [], sameTab: [], lists: {}, hostLoad: [],
    };
    log(`portal first screen: ${samples.firstScreenKb} KB gzip; first paint (without MSAL): ${samples.firstPaintKb} KB`);
    const projectQuery = `legalEntityId=${project.legalEntityId}&projectId=${project.projectId}&budgetId=${project.budgetId}`;
    const payApplicationsPath = `/pfm/projects/payapplications?${projectQuery}`;
    // The scale project's first subcontract's application is its 200-line one (demo/host/db/seed/scale-project.ts).
    const largestApplication = !pmSignIn ? null : await page.evaluate(async ({ authorization, projectId }) => {
      const response = await fetch(`/api/pfm/getpayapplications?recordKey=Project&recordId=${projectId}`, { headers: { Authorization: authorization } });
      const rows = (await response.json()).data ?? [];
      return rows.sort((a, b) => a.commitmentId - b.commitmentId)[0]?.payApplicationId ?? null;
    }, { authorization: api.authorization, projectId: project.projectId });
    // Issue 11's screens: [samples key, path, element, a data row inside it, the page it is opened from (default the projects list)].
    const screens = [
      ['dataQuality', `/pfm/projects/dataquality?${projectQuery}`, 'pfm-data-quality', 'tr[data-issue], [data-empty]'],
      ['costAdjustments', `/pfm/projects/costadjustments?${projectQuery}`, 'pfm-cost-adjustments', 'tr[data-record-id], .tabulator-row'],
      ['directCosts', `/pfm/projects/directcosts?${projectQuery}`, 'pfm-direct-costs', 'tr[data-record-id], .tabulator-row'],
      // Issue 31: the pay applications list of 2,000 commitments, and one application of 200 lines opened over it.
      ['payApplications', payApplicationsPath, 'pfm-pay-applications', 'tr[data-record-id], [data-open]'],
      ...(largestApplication ? [['payApplication', `${payApplicationsPath}&workbench=PayApplication&recordKey=PayApplication&recordId=${largestApplication}`,
        'wb-pay-application', '[data-sheet] tbody tr', payApplicationsPath]] : []),
      // Issue 32: the scale budget's two newest snapshots compared (its table's first rows), against the loads' floor.
      ['forecast', `/pfm/projects/forecast?${projectQuery}`, 'pfm-forecast', '[data-comparison] tbody tr[data-cost-code-id], [data-no-snapshots]'],
    ];
    const screenUrls = {};
    const notes = new Set();
    let workbenchMissing = false;
    let gridUrls = [];
    let transactionUrls = [];
    let lastStats = null;
    let lastGridStats = null;

    // One warm-up run (chunks, Tabulator, caches) and RUNS measured ones.
    for (let run = 0; pmRuns && run <= RUNS; run += 1) {
      const warmUp = run === 0;
      log(warmUp ? 'warm-up run…' : `run ${run}/${RUNS}…`);

      // (1) projection grid
      await pushPath(page, PARK);
      await page.waitForTimeout(300);
      api.gets.length = 0;
      let start = await pushPath(page, gridPath);
      const grid = await waitForRows(page, { start, rootTag: 'pfm-projection-grid', stopAt: ['pfm-workbench-host'], needEditable: true });
      if (grid.noEditable) notes.add('projection grid: rows but no editable cell (timed to its rows)');
      if (grid.timedOut) {
        notes.add(`projection grid: no rows within ${STEP_TIMEOUT_MS / 1000} s (element ${grid.found ? 'found' : 'not found'})`);
        break;
      }
      if (warmUp) gridUrls = [...new Set(api.gets.filter(isDataLoad))];
      lastGridStats = grid;
      await page.waitForLoadState('networkidle');

      // (2) transactions workbench, opened over the grid (skipped when it did not show in the warm-up)
      api.gets.length = 0;
      let transactions = { ms: NaN, timedOut: true };
      if (!workbenchMissing) {
        start = await pushPath(page, workbenchPath);
        transactions = await waitForRows(page, { start, rootTag: 'wb-cost-code-transactions', stopAt: [], needEditable: false });
        if (transactions.timedOut) {
          workbenchMissing = true;
          notes.add(`transactions workbench: no rows within ${STEP_TIMEOUT_MS / 1000} s (<wb-cost-code-transactions> ${transactions.found ? 'found' : 'not found'})`);
        }
        if (warmUp && !transactions.timedOut) transactionUrls = [...new Set(api.gets.filter(isDataLoad))];
        await page.waitForLoadState('networkidle');
      }

      // (3) sort and header filter on those rows
      let sort = { ms: NaN };
      let filter = { ms: NaN };
      if (!transactions.timedOut) {
        sort = await measureSort(page, 'wb-cost-code-transactions');
        filter = await measureFilter(page, 'wb-cost-code-transactions');
        if (sort.error) notes.add(`sort: ${sort.error}`);
        if (filter.error) notes.add(`filter: ${filter.error}`);
        lastStats = transactions;
      }

      // (4) the floors, in the same page
      const gridFloor = gridUrls.length ? await measureFloor(page, gridUrls, api.authorization) : { ms: NaN, rows: 0 };
      const transactionsFloor = transactionUrls.length ? await measureFloor(page, transactionUrls, api.authorization) : { ms: NaN, rows: 0 };
      // (5) issue 11's screens, each from the parked projects list; then the floors and the rules' server time.
      const screenFigures = {};
      for (const [key, path, tag, rowSelector, from = PARK] of screens) {
        if (samples.skipped.includes(key)) continue;
        await pushPath(page, from);
        // A workbench is timed from its screen loaded (only its own load counts), a screen from the parked list.
        if (from !== PARK) await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        api.gets.length = 0;
        const shown = await waitForScreenRows(page, { start: await pushPath(page, path), rootTag: tag, rowSelector, timeout: STEP_TIMEOUT_MS });
        if (shown.notAvailable) {
          samples.skipped.push(key);
          notes.add(`<${tag}>: not available in this build (skipped)`);
          continue;
        }
        if (shown.timedOut) {
          notes.add(`<${tag}>: no rows within ${STEP_TIMEOUT_MS / 1000} s (element ${shown.found ? 'found' : 'not found'})`);
          samples.skipped.push(key);
          continue;
        }
        await page.waitForLoadState('networkidle');
        if (warmUp) screenUrls[key] = [...new Set(api.gets.filter(isDataLoad))];
        const floor = screenUrls[key]?.length ? await measureFloor(page, screenUrls[key], api.authorization) : { ms: NaN };
        screenFigures[key] = { ms: shown.ms, floor: floor.ms };
      }
      const dqUrl = (screenUrls.dataQuality ?? []).find((u) => u.startsWith('/api/pfm/getdataqualityissues'));
      const rulesMs = dqUrl ? await measureRulesServerTime(page, dqUrl, api.authorization) : NaN;
      if (warmUp) log(`issue 11 payloads: ${Object.entries(screenUrls).map(([k, urls]) => `${k}: ${urls.map((u) => u.split('?')[0].replace('/api/pfm/', '')).join(', ') || 'none'}`).join('; ') || 'none'}`);
      if (!warmUp) {
        for (const [key, figure] of Object.entries(screenFigures)) {
          samples[key].push(figure.ms);
          samples[`${key}Floor`].push(figure.floor);
        }
        samples.rulesServer.push(rulesMs);
        log(`  ${Object.entries(screenFigures).map(([k, f]) => `${k} ${f.ms.toFixed(0)} ms (floor ${f.floor.toFixed(0)})`).join(', ')}, rules on the server ${rulesMs.toFixed(0)} ms`);
      }

      if (!warmUp) samples.gridRowRatio.push(grid.visible > 0 ? grid.rendered / grid.visible : NaN);
      if (warmUp) {
        log(`grid payloads: ${gridUrls.map((u) => u.split('?')[0].replace('/api/pfm/', '')).join(', ') || 'none'}`);
        log(`transaction payloads: ${transactionUrls.map((u) => u.split('?')[0].replace('/api/pfm/', '')).join(', ') || 'none'} (${transactionsFloor.rows} rows)`);
        if (transactions.rowCount !== undefined) log(`row count shown by the workbench: ${transactions.rowCount}`);
        continue;
      }
      samples.grid.push(grid.ms);
      samples.gridFloor.push(gridFloor.ms);
      samples.transactions.push(transactions.ms);
      samples.transactionsFloor.push(transactionsFloor.ms);
      samples.sort.push(sort.ms);
      samples.filter.push(filter.ms);
      if (transactions.visible > 0) samples.rowRatio.push(transactions.rendered / transactions.visible);
      log(`  grid ${grid.ms.toFixed(0)} ms (floor ${gridFloor.ms.toFixed(0)}), transactions ${transactions.ms.toFixed(0)} ms (floor ${transactionsFloor.ms.toFixed(0)}), sort ${sort.ms.toFixed(0)} ms, filter ${filter.ms.toFixed(0)} ms, rows ${transactions.rendered ?? '–'}/${transactions.visible ?? '–'}`);
    }

    // (7a) issue 16: typing in the projection grid (after the runs: the edits are discarded at the end).
    if (runsPart('issue16')) {
      const typing = await measureTyping(page, { gridPath, pushPath, log });
      samples.typingP95 = typing.p95;
      samples.typingKeystrokes = typing.keystrokes;
      // (7b) a new tab of the signed-in pm against the same tab, RUNS times after a warm-up.
      for (let run = 0; run <= RUNS; run += 1) {
        const tab = await measureNewTab(context, { origin: ORIGIN });
        if (run === 0) continue;
        samples.newTab.push(tab.newTab);
        samples.sameTab.push(tab.sameTab);
        samples.headerBeforeMsal.push(tab.headerBeforeMsal);
        log(`  new tab ${tab.newTab.toFixed(0)} ms (${tab.redirected} redirects), same tab ${tab.sameTab.toFixed(0)} ms; MSAL asked for ${tab.headerBeforeMsal.toFixed(0)} ms after the header's first paint`);
      }
    }

    // (6) issue 13: the Timecard Admin's all view and a 30-line save, as tcadmin in a context of its own.
    if (runsPart('timecards')) await measureTimecards({ browser, dataDir: DATA_DIR, runs: RUNS, signIn, pushPath, samples, notes, log });

    // (7c, 7d) issue 16: the list screens as admin, then the host under load on their calls and the pm's.
    if (runsPart('issue16')) {
      const admin = await measureListScreens({ browser, runs: RUNS, signIn, pushPath, measureFloor, samples, notes, log });
      const calls = Object.entries(admin.urls).flatMap(([key, urls]) => urls.slice(0, 1).map((path) => ({ name: key, path, authorization: admin.authorization })));
      samples.hostLoad = await measureHostLoad({ origin: ORIGIN, calls, log });
      // Issue 32: closing the 5,000-line scale budget's month (a snapshot per line, the month locked, carried forward),
      // as admin, timed in the page; re-opened after each close so the next run closes it again (a new snapshot).
      if (project) samples.closePeriod = await measureClosePeriod(page, admin.authorization, project.budgetId, RUNS, log);
    }

    // (8) issue 33: Lighthouse in a browser of its own (a persistent profile the audits' tabs share the sign-in with).
    if (runsPart('lighthouse')) {
      samples.lighthouse = await measureLighthouse({
        root: ROOT, origin: ORIGIN, query: projectQuery, executablePath: findChromium({ headlessShell: false }), signIn,
        runs: Math.max(1, Number(values['lighthouse-runs']) || 1), log,
      });
    }

    const figures = summarize(samples, lastStats, lastGridStats);
    const table = formatTable(figures, { runs: RUNS, date: new Date().toISOString().slice(0, 10) });
    console.log(`\n${table}\n`);
    for (const note of notes) console.log(`note: ${note}`);
    if (!values['no-readme']) {
      const readmePath = resolve(ROOT, 'README.md');
      const readme = readFileSync(readmePath, 'utf8');
      writeFileSync(readmePath, replaceBetweenMarkers(readme, readmeSection(table, [...notes])));
      log('README.md updated between <!-- bench:start --> and <!-- bench:end -->');
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await host.stop();
    log('host stopped');
  }
}

main().catch((error) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
