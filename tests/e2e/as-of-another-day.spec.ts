// The demo run as of another day (`--today`, issue 28): a second host started as of 15 March 2027 seeds its data
// relative to that day, and the product reads that day everywhere: the current period is March 2027, the employee's
// week is that week, the SLIM queue is not all past due, and November 2026's projections are history.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { expect, request, test, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { signIn, waitForSignedIn } from './support/sign-in';

const DAY = '2027-03-15';
const PORT = Number(process.env.E2E_PORT ?? 8543) + 7;
const ORIGIN = `https://localhost:${PORT}`;
const DATA = resolve(`.tmp/e2e-as-of-${PORT}`);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

let host: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  host = spawn(process.execPath, ['--import', 'tsx', 'demo/host/main.ts', '--port', String(PORT), '--data', DATA, '--reset', '--today', DAY], { stdio: 'ignore' });
  const probe = await request.newContext({ ignoreHTTPSErrors: true });
  await expect.poll(async () => (await probe.get(`${ORIGIN}/idp/.well-known/openid-configuration`).catch(() => null))?.status(), { timeout: 110_000, intervals: [500] }).toBe(200);
  await probe.dispose();
});

test.afterAll(() => {
  host?.kill();
});

/** Open `path` on the other day's host, signed in for real as `login`. */
async function openAs(page: Page, login: string, path: string): Promise<void> {
  watchToken(page);
  await page.goto(path);
  await signIn(page, login);
  await waitForSignedIn(page);
}

const db = () => new Database(resolve(DATA, 'portal.sqlite'), { readonly: true, fileMustExist: true });

test('the current period is March 2027, and November 2026 is history', async ({ page }) => {
  const store = db();
  const { projectId, budgetId } = store.prepare(`SELECT p.projectId, p.budgetId FROM projects p JOIN employees e ON e.employeeId = p.projectManagerEmployeeId
    WHERE e.login = 'pm' AND p.budgetId IS NOT NULL AND p.active = 1 ORDER BY p.projectId LIMIT 1`).get() as { projectId: number; budgetId: number };
  const lines = page.waitForResponse((r) => r.url().includes('/api/pfm/getcostcodetransactionsummary') && r.status() === 200);
  await openAs(page, 'pm', `/pfm/projects/projectiongrid?projectId=${projectId}&budgetId=${budgetId}`);
  const months = new Set(((await (await lines).json()).data as Array<{ month: string }>).map((l) => l.month));
  expect([...months]).toEqual(['2027-03']);
  // The seed was made as of that day: eleven submitted months end in February 2027, November 2026's among them.
  expect(store.prepare("SELECT stringValue FROM settings WHERE key = 'seedDay'").pluck().get()).toBe(DAY);
  expect(store.prepare("SELECT count(*) FROM projections WHERE month = '2026-11'").pluck().get()).toBeGreaterThan(0);
  // March has none stored yet: its grid shows February's carried forward until someone saves.
  expect(store.prepare('SELECT max(month) FROM projections').pluck().get()).toBe('2027-02');
  store.close();
});

test("the employee's timecard opens on the week of 15 March 2027, and last week is owed", async ({ page }) => {
  const card = page.waitForResponse((r) => r.url().includes('/api/timecards/gettimecard') && r.status() === 200);
  await openAs(page, 'employee', '/teammembertoolbox/timecards/timecard');
  const shown = (await (await card).json()).data as { timecard: { weekStart: string } };
  expect(shown.timecard.weekStart).toBe('2027-03-14');
  const weeks = await api(page, 'GET', '/api/timecards/gettimecardweeks');
  expect(weeks.status).toBe(200);
  const load = weeks.body.data as { weeks: Array<{ weekStart: string; state: string | null }>; pastWeeksToSubmit: string[] };
  expect(load.weeks.find((w) => w.weekStart === '2027-03-07')?.state).toBe('Draft');
  expect(load.pastWeeksToSubmit).toEqual(['2027-03-07']);
});

test('the SLIM queue is current: some requests past due, most not', async ({ page }) => {
  await openAs(page, 'admin', '/');
  const queue = await api(page, 'GET', '/api/slim/getslimqueue?view=all');
  expect(queue.status).toBe(200);
  const open = (queue.body.data as Array<{ pastDue: boolean; state: string }>).filter((r) => !['Approved', 'Denied', 'Canceled', 'Closed'].includes(r.state));
  const pastDue = open.filter((r) => r.pastDue).length;
  expect(pastDue).toBeGreaterThan(0);
  expect(pastDue).toBeLessThan(open.length / 2);
});
