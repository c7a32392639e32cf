// Issue 16's benchmark figures (run by run.mjs against the `--scale` host):
//   (a) typing in the projection grid of the 5,000-line budget: keystroke → next paint, from the Event Timing
//       API (PerformanceObserver 'event', durationThreshold 16); p95 over every keystroke typed;
//   (b) a new tab of a signed-in user against the same tab: page load → the projects list's rows;
//   (c) the list screens not measured before, as admin (Admin on every key): navigation → rows painted,
//       against the fetch + parse floor of the same calls in the same page;
//   (d) the demo host under load: autocannon, 10 connections, the main list loads; p99 latency and errors.
import autocannon from 'autocannon';
import { waitForScreenRows } from './page.mjs';
import { watchApiCalls } from './api-calls.mjs';

const TIMEOUT_MS = 60_000;
/** (a) cells typed into, and what is typed in each (then Enter commits it). */
const TYPED_CELLS = 12;
const TYPED_TEXT = '4321';
/** (d) seconds of load per call. */
const LOAD_SECONDS = 4;
const LOAD_CONNECTIONS = 10;

/** p-th percentile (0..100) of finite values, nearest rank; NaN when none. */
export function percentile(values, p) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Keystroke → next paint per keystroke from Event Timing entries: an interaction's duration is the
 * longest of its keydown / keypress / keyup entries. Keystrokes with no entry took under the 16 ms
 * threshold: they count as 16 ms (an upper bound), so the p95 never looks better than it was.
 */
export function keystrokeDurations(entries, keystrokes) {
  const byInteraction = new Map();
  for (const entry of entries) {
    if (!/^key(down|press|up)$/.test(entry.name) || !(entry.interactionId > 0)) continue;
    byInteraction.set(entry.interactionId, Math.max(byInteraction.get(entry.interactionId) ?? 0, entry.duration));
  }
  const measured = [...byInteraction.values()];
  const unseen = Math.max(0, keystrokes - measured.length);
  return [...measured, ...Array.from({ length: unseen }, () => 16)];
}

/** (a) Type into the grid's projection cells with real key events; the Event Timing entries seen meanwhile. */
export async function measureTyping(page, { gridPath, pushPath, log }) {
  await pushPath(page, gridPath);
  const cells = page.locator('pfm-projection-grid .tabulator-row:not(.tabulator-calcs) .tabulator-cell.tabulator-editable[tabulator-field="projectedCostToComplete"]');
  await cells.first().waitFor({ timeout: TIMEOUT_MS });
  // The grid settles (the AI suggestions arrive after the paint) before the typing starts.
  await page.locator('pfm-projection-grid [data-suggestion-status]').filter({ hasNotText: /Loading/ }).waitFor({ state: 'attached', timeout: TIMEOUT_MS });
  await page.evaluate(() => {
    const store = { entries: [] };
    window.__benchEvents = store;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.entries.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId ?? 0 });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  let keystrokes = 0;
  const count = Math.min(TYPED_CELLS, await cells.count());
  for (let index = 0; index < count; index += 1) {
    await cells.nth(index).click();
    await page.keyboard.type(TYPED_TEXT);
    await page.keyboard.press('Enter');
    keystrokes += TYPED_TEXT.length + 1;
  }
  // The observer reports after the paint that follows the last keystroke.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const entries = await page.evaluate(() => window.__benchEvents?.entries ?? []);
  const durations = keystrokeDurations(entries, keystrokes);
  const slow = durations.filter((ms) => ms > 16).sort((a, b) => b - a);
  log(`typing: ${keystrokes} keystrokes in ${count} cells; over 16 ms: ${slow.length} (slowest ${slow.slice(0, 5).map((ms) => ms.toFixed(0)).join(', ') || '–'} ms)`);
  // Put the edits back so nothing is left unsaved (no leave-page prompt later).
  const discard = page.locator('pfm-projection-grid [data-action="discard"]');
  if (await discard.isEnabled().catch(() => false)) await discard.click();
  return { p95: percentile(durations, 95), keystrokes, slow: slow.length };
}

/** Wait in `page` until `<tag>` (Playwright's CSS looks through open shadow roots) holds a row matching `rowSelector`. */
function waitForDeepRow(page, tag, rowSelector) {
  return page.locator(`${tag} ${rowSelector}`).first().waitFor({ state: 'attached', timeout: TIMEOUT_MS });
}

/**
 * (b) One run: a new tab (no session storage: MSAL's cache is per tab today) opens `path` and shows the
 * projects list's rows; then the same tab loads it again. Milliseconds from the load's start to the rows.
 */
export async function measureNewTab(context, { origin, path = '/pfm/projects' }) {
  const page = await context.newPage();
  try {
    const url = `${origin}${path}`;
    let start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await waitForDeepRow(page, 'pfm-projects', 'tr[data-project-id]');
    const newTab = performance.now() - start;
    const redirected = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.redirectCount ?? 0);
    // When the header's first content was there to paint, and when MSAL's chunk was asked for (same tab).
    await page.addInitScript(() => {
      const tick = () => {
        const header = document.querySelector('portal-app')?.shadowRoot?.querySelector('portal-header');
        if (header?.shadowRoot && header.shadowRoot.childElementCount > 0) window.__benchHeaderAt = performance.now();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await waitForDeepRow(page, 'pfm-projects', 'tr[data-project-id]');
    const sameTab = performance.now() - start;
    const order = await page.evaluate(() => ({
      header: window.__benchHeaderAt ?? NaN,
      msal: performance.getEntriesByType('resource').find((entry) => /\/msal-[\w-]+\.js$/.test(entry.name))?.startTime ?? NaN,
    }));
    return { newTab, sameTab, redirected, headerBeforeMsal: order.msal - order.header };
  } finally {
    await page.close();
  }
}

/**
 * (c) The list screens not measured before: [key, label, path, tag]. Admin sees all of them. Project closeouts
 * and the access review live on legacy pages (the portal hands those paths off), not in in-page navigation.
 */
export const LIST_SCREENS = [
  ['slimQueue', 'SLIM queue', '/sr/slimqueue', 'slim-queue'],
  ['sra', 'SRA', '/sr/sra', 'sr-sra'],
  ['ptoRequests', 'PTO requests', '/teammembertoolbox/requests', 'pto-requests'],
  ['manageTimecards', 'Manage timecards (my team)', '/teammembertoolbox/timecards', 'tc-manage-timecards'],
  ['userManagement', 'User management', '/usermanagement', 'admin-user-management'],
  ['appRecords', 'App records', '/admin/app-records', 'admin-app-records'],
  ['projects', 'Projects', '/pfm/projects', 'pfm-projects'],
];
/** A data row, or the list's empty state; never the row that says it is loading. */
const ROW_SELECTOR = 'tbody tr:not(:has([data-loading], [role=status])), .tabulator-row:not(.tabulator-calcs):not(.tabulator-group), [data-empty]';

/** The page-level GETs that are not a screen's own load (roles, the header's menus, pins, changes, bell). */
const isScreenLoad = (path) => path.startsWith('/api/') && !/^\/api\/(applications\/getApplicationRoleAccess|applications\/data\/|pfm\/projects\/|pfm\/budgets\/GetProjectMenu|changes|notifications\/|pins)/i.test(path);

/**
 * (c) As admin in a context of its own: every list screen from a parked page, `runs` times after a
 * warm-up, against the floor of its own calls. Also returns the admin's token and the calls seen, for (d).
 */
export async function measureListScreens({ browser, runs, signIn, pushPath, measureFloor, samples, notes, log }) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'America/Chicago', viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => log('page error (admin):', error.message));
  const api = watchApiCalls(page);
  const urls = {};
  try {
    log('list screens: signing in as admin…');
    await signIn(page, 'admin', '/');
    for (let run = 0; run <= runs; run += 1) {
      const warmUp = run === 0;
      const figures = [];
      for (const [key, , path, tag] of LIST_SCREENS) {
        if (samples.skipped.includes(key)) continue;
        await pushPath(page, '/');
        await page.waitForTimeout(200);
        api.gets.length = 0;
        // Rows of this screen only: a workbench's rows do not count.
        const shown = await waitForScreenRows(page, { start: await pushPath(page, path), rootTag: tag, rowSelector: ROW_SELECTOR, stopAt: ['pfm-workbench-host'], timeout: TIMEOUT_MS });
        if (shown.notAvailable || shown.timedOut) {
          notes.add(`<${tag}>: ${shown.notAvailable ? 'not available in this build' : `no rows within ${TIMEOUT_MS / 1000} s`} (skipped)`);
          samples.skipped.push(key);
          continue;
        }
        // The screen's calls have all answered before the floor is taken.
        await page.waitForLoadState('networkidle');
        if (warmUp) urls[key] = [...new Set(api.gets.filter(isScreenLoad))];
        const floor = urls[key]?.length ? await measureFloor(page, urls[key], api.authorization) : { ms: NaN };
        if (warmUp) continue;
        (samples.lists[key] ??= []).push(shown.ms);
        (samples.lists[`${key}Floor`] ??= []).push(floor.ms);
        figures.push(`${key} ${shown.ms.toFixed(0)} (${floor.ms.toFixed(0)})`);
      }
      if (warmUp) log(`list screens' calls: ${Object.entries(urls).map(([k, u]) => `${k}: ${u.map((x) => x.split('?')[0].replace(/^\/api\//, '')).join(', ') || 'none'}`).join('; ')}`);
      else log(`  lists: ${figures.join(', ')}`);
    }
    return { authorization: api.authorization, urls };
  } finally {
    await context.close();
  }
}

/** (d) autocannon against each call: 10 connections for a few seconds; p99 latency, errors and non-2xx answers. */
export async function measureHostLoad({ origin, calls, log }) {
  const results = [];
  for (const { name, path, authorization } of calls) {
    const result = await autocannon({
      url: `${origin}${path}`,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      headers: { authorization, accept: 'application/json' },
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    results.push({ name, path: path.split('?')[0], p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, errors });
    log(`  load ${name}: ${result.requests.total} requests, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors}`);
  }
  return results;
}
