// Issue 13's benchmark figures (run by run.mjs against the `--scale` host):
//   (a) the Timecard Admin's `all` view of one week over 2,000+ employees: in-page navigation to
//       <tc-manage-timecards> interactive (its first rows painted; selection, Ctrl+A, Approve and export
//       cover every row), against the floor of the same call (fetch + JSON.parse in the same page with
//       the same token);
//   (b) saving a timecard with 30 lines: the server's time from savetimecard's Server-Timing header.
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { findDeep } from './page.mjs';
import { watchApiCalls } from './api-calls.mjs';

const MANAGE_PATH = '/teammembertoolbox/timecards?activeTab=all';
const PARK = '/';
const SAVE_LINES = 30;
const TIMEOUT_MS = 60_000;

/** Wait until <tc-manage-timecards> paints its all-view rows; the time to the end of the frame that painted them, the rows and how many are painted. */
function waitForTeamRows(page, start) {
  return page.evaluate(async ({ start, findDeepSource, timeout }) => {
    const findDeepFn = new Function(`return (${findDeepSource})`)();
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    // Called right after a frame's rAF: a task queued now runs once that frame is painted.
    const afterPaint = () => new Promise((r) => setTimeout(r, 0));
    for (;;) {
      await nextFrame();
      const root = findDeepFn(document, (el) => el.localName === 'tc-manage-timecards', [])[0];
      const table = root?.shadowRoot?.querySelector('[data-team-view="all"] table[data-rows]');
      if (table && table.querySelectorAll('tbody tr').length > 0) {
        await afterPaint();
        return { ms: performance.now() - start, rows: Number(table.getAttribute('data-rows')), painted: table.querySelectorAll('tbody tr').length };
      }
      if (!root && findDeepFn(document, (el) => el.localName === 'portal-not-available' && el.getAttribute('tag') === 'tc-manage-timecards', []).length > 0) {
        return { ms: NaN, notAvailable: true };
      }
      if (performance.now() - start > timeout) return { ms: NaN, timedOut: true, found: Boolean(root) };
    }
  }, { start, findDeepSource: findDeep.toString(), timeout: TIMEOUT_MS });
}

/** Labour cost codes of active projects, one line each (Regular), and the scale seed's week (`benchTimecardWeek`). */
function scaleData(dataDir) {
  const db = new Database(resolve(dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const lines = db.prepare(`SELECT c.costCodeId, b.projectId FROM cost_codes c JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId
      WHERE c.type = 'L' AND p.active = 1 ORDER BY b.projectId, c.costCodeId LIMIT ?`).all(SAVE_LINES);
    const week = db.prepare("SELECT stringValue FROM settings WHERE key = 'benchTimecardWeek'").get()?.stringValue ?? null;
    return { lines, week };
  } finally {
    db.close();
  }
}

/** Save the caller's current-week card with `lines` (hours varied by `run`); the Server-Timing `save` duration. */
function saveOnce(page, authorization, lines, run) {
  return page.evaluate(async ({ authorization, lines, run }) => {
    const headers = { Authorization: authorization, Accept: 'application/json' };
    const loaded = await fetch('/api/timecards/gettimecard', { headers, cache: 'no-store' });
    if (!loaded.ok) return { ms: NaN, error: `gettimecard answered ${loaded.status}` };
    const card = (await loaded.json()).data.timecard;
    const form = new FormData();
    if (card.timecardId) form.set('timecardId', String(card.timecardId));
    else { form.set('employeeId', String(card.employeeId)); form.set('weekStart', card.weekStart); }
    form.set('version', String(card.version ?? 0));
    const days = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];
    lines.forEach((line, index) => {
      form.set(`lines[${index}].projectId`, String(line.projectId));
      form.set(`lines[${index}].costCodeId`, String(line.costCodeId));
      form.set(`lines[${index}].timeType`, 'Regular');
      days.forEach((day, d) => form.set(`lines[${index}].${day}`, d === 1 + (index % 5) ? String(0.25 * (1 + ((index + run) % 4))) : '0'));
    });
    const response = await fetch('/api/timecards/savetimecard', { method: 'POST', headers, body: form });
    const text = await response.text();
    if (!response.ok) return { ms: NaN, error: `savetimecard answered ${response.status}: ${text.slice(0, 200)}` };
    const match = /(?:^|,)\s*save;[^,]*dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    return { ms: match ? Number(match[1]) : NaN, error: match ? undefined : 'no save Server-Timing header' };
  }, { authorization, lines, run });
}

/** fetch + JSON.parse of `url` with the page's token. */
function floorOf(page, url, authorization) {
  return page.evaluate(async ({ url, authorization }) => {
    const start = performance.now();
    const response = await fetch(url, { headers: { Authorization: authorization, Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return { ms: NaN, status: response.status };
    const body = JSON.parse(await response.text());
    return { ms: performance.now() - start, rows: body?.data?.rows?.length ?? 0 };
  }, { url, authorization });
}

/**
 * Sign in as tcadmin in a context of its own and measure (a) and (b) `runs` times after a warm-up.
 * Fills samples.timecardsAll / timecardsAllFloor / timecardSave; notes what was skipped.
 */
export async function measureTimecards({ browser, dataDir, runs, signIn, pushPath, samples, notes, log }) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'America/Chicago', viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => log('page error:', error.message, (error.stack ?? '').split('\n').slice(1, 4).join(' ← ').replace(/\s+/g, ' ')));
    const api = watchApiCalls(page);
    log('timecards: signing in as tcadmin…');
    await signIn(page, 'tcadmin', PARK);
    if (!api.authorization) await page.waitForRequest((req) => Boolean(req.headers().authorization), { timeout: TIMEOUT_MS });

    let lines = [];
    let benchWeek = null;
    try {
      ({ lines, week: benchWeek } = scaleData(dataDir));
    } catch (error) {
      notes.add(`timecard save: the scale database could not be read (${error.message})`);
    }
    if (lines.length < SAVE_LINES) notes.add(`timecard save: only ${lines.length} labour cost codes of active projects found (${SAVE_LINES} wanted)`);

    let floorUrl = '';
    for (let run = 0; run <= runs; run += 1) {
      const warmUp = run === 0;
      await pushPath(page, PARK);
      await page.waitForTimeout(300);
      api.gets.length = 0;
      const start = await pushPath(page, MANAGE_PATH);
      const shown = await waitForTeamRows(page, start);
      if (shown.notAvailable) {
        notes.add('<tc-manage-timecards>: not available in this build (skipped)');
        samples.skipped.push('timecardsAll');
        break;
      }
      if (shown.timedOut) {
        notes.add(`<tc-manage-timecards> all view: no rows within ${TIMEOUT_MS / 1000} s`);
        samples.skipped.push('timecardsAll');
        break;
      }
      // Where the time went: when the view's call started and ended, after the navigation.
      const call = await page.evaluate((start) => {
        const entry = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/timecards/getteamtimecards') && e.name.includes('view=all') && e.startTime >= start).at(-1);
        return entry ? { start: entry.startTime - start, end: entry.responseEnd - start } : null;
      }, start);
      if (call) log(`  (the all view's call: started ${call.start.toFixed(0)} ms, answered ${call.end.toFixed(0)} ms after the navigation)`);
      await page.waitForLoadState('networkidle');
      if (warmUp) {
        floorUrl = api.gets.find((u) => u.startsWith('/api/timecards/getteamtimecards') && u.includes('view=all')) ?? '';
        log(`timecards: all view ${shown.rows} rows, ${shown.painted} painted (floor call ${floorUrl.split('?')[0] || 'not seen'})`);
        if (shown.rows < 2000) notes.add(`timecards all view: ${shown.rows} rows (the scale data should give 2,000+)`);
        // The view opens on the previous week: the scale seed's mixed-state week.
        const week = await page.evaluate(() => document.querySelector('portal-app')?.shadowRoot?.querySelector('tc-manage-timecards')?.shadowRoot
          ?.querySelector('strong[data-week]')?.getAttribute('data-week') ?? null);
        if (!benchWeek) notes.add('timecards all view: the scale seed wrote no benchTimecardWeek (no mixed-state week)');
        else if (week && week !== benchWeek) notes.add(`timecards all view: shows ${week}, the scale seed's week is ${benchWeek}`);
      }
      const floor = floorUrl ? await floorOf(page, floorUrl, api.authorization) : { ms: NaN };
      const save = lines.length ? await saveOnce(page, api.authorization, lines, run) : { ms: NaN };
      if (save.error) notes.add(`timecard save: ${save.error}`);
      if (warmUp) continue;
      samples.timecardsAll.push(shown.ms);
      samples.timecardsAllFloor.push(floor.ms);
      samples.timecardSave.push(save.ms);
      log(`  timecards all view interactive ${shown.ms.toFixed(0)} ms (floor ${floor.ms.toFixed(0)}), save of ${lines.length} lines ${save.ms.toFixed(1)} ms on the server`);
    }
  } finally {
    await context.close();
  }
}
