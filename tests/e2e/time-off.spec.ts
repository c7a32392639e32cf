// Time off end to end: real sign-in, the real API, records this spec makes itself (in a far-future
// year picked per run, so runs on any date and reruns on one database do not collide). Database
// checks only after the server's answer. Run alone:
//   npx rollup -c && E2E_PORT=4645 npx playwright test tests/e2e/time-off.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { PTO_TEXT } from '../../src/core/time-off';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { forgetSignIn, openAs } from './support/sign-in';
import { expectNoSeriousAxeLightAndDark } from './support/axe';
import { reviewShot } from './support/review';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row | undefined;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];

// A year from 2040 to 2079, and a week in it, per run.
const YEAR = 2040 + (Math.floor(Date.now() / 1000) % 40);
const day = (offset: number) => new Date(Date.UTC(YEAR, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
/** The first Monday of March of YEAR, plus `weeks` weeks and `days` days. */
function monday(weeks: number, days = 0): string {
  const march = Date.UTC(YEAR, 2, 1);
  const first = march + ((8 - new Date(march).getUTCDay()) % 7) * 86_400_000;
  return new Date(first + (weeks * 7 + days) * 86_400_000).toISOString().slice(0, 10);
}
const W = { mon: monday(0), wed: monday(0, 2), fri: monday(0, 4), sun: monday(0, -1) };
const HOLIDAY = `E2E Half Day ${YEAR}`;
const TITLE = `E2E week off ${YEAR} <b>bold</b>`;
const stateOf = (requestId: number) => one(`SELECT st.name FROM time_off_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE r.requestId = ?`, requestId)?.name as string;
const requestNamed = (title: string) => one('SELECT * FROM time_off_requests WHERE title = ? ORDER BY requestId DESC LIMIT 1', title)!;
const screen = (page: Page) => page.locator('pto-requests');
const response = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() !== 'OPTIONS');

// Bootstrap's links and tabs ease their colour over .15 s: scan the settled colours, not mid-change.
const axe = (page: Page, include: [string, ...string[]], name: string) => expectNoSeriousAxeLightAndDark(page, include, name, { shots: 'time-off', settleMs: 300, fullPage: true });

async function signOutOf(page: Page): Promise<void> {
  await forgetSignIn(page);
}

async function openLegacyAs(page: Page, login: string, path: string): Promise<void> {
  await openAs(page, login, path);
}

test.describe.configure({ mode: 'serial' });

test.describe('time off', () => {
  const employee = () => one("SELECT employeeId, regionId, managerEmployeeId FROM employees WHERE login = 'employee'")!;

  test('regional calendar on its legacy page: the Timecard Admin adds a half-day holiday; the employee sees it read-only and is refused writes', async ({ page }) => {
    const region = employee().regionId as number;
    await openLegacyAs(page, 'tcadmin', `/pr/Requests/ManageRegionalCalendar?regionId=${region}&year=${YEAR}`);
    const calendar = page.locator('#legacy-widget > pto-regional-calendar');
    const form = calendar.locator('[data-holiday-form="new"]');
    await expect(form).toBeVisible();
    await expect(calendar.locator('select[data-field="regionId"]')).toHaveValue(String(region));
    await form.locator('[data-field="holidayDate"]').fill(W.wed);
    await form.locator('[data-field="name"]').fill(HOLIDAY);
    await form.locator('select[data-field="hours"]').selectOption('4');
    const [saved] = await Promise.all([response(page, TIME_OFF_API.saveHoliday), form.locator('[data-action="save-holiday"]').click()]);
    expect(saved.status()).toBe(200);
    expect(one('SELECT hours FROM holidays WHERE regionId = ? AND holidayDate = ? AND name = ?', region, W.wed, HOLIDAY)).toEqual({ hours: 4 });
    const row = calendar.locator(`tr[data-holiday-date="${W.wed}"]`);
    await expect(row.locator('[data-hours]')).toHaveText('Half day (4 h)');
    await axe(page, ['pto-regional-calendar'], 'regional-calendar-admin');

    await signOutOf(page);
    watchToken(page);
    await openLegacyAs(page, 'employee', `/pr/Requests/ManageRegionalCalendar?regionId=${region}&year=${YEAR}`);
    await expect(calendar.locator(`tr[data-holiday-date="${W.wed}"] [data-holiday-name]`)).toHaveText(HOLIDAY);
    await expect(calendar.locator('[data-read-only]')).toBeVisible();
    await expect(calendar.locator('[data-holiday-form]')).toHaveCount(0);
    const refused = await api(page, 'POST', TIME_OFF_API.saveHoliday, { regionId: region, holidayDate: monday(1, 2), name: 'Not mine to add', hours: 8 });
    expect(refused.status).toBe(403);
    expect(one('SELECT 1 AS x FROM holidays WHERE name = ?', 'Not mine to add')).toBeUndefined();
  });

  test('the employee asks for a week off: the half-day holiday is named and halved, an overlap and the balance are refused with the exact messages', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'employee', '/teammembertoolbox/requests?activeTab=new-request');
    const form = screen(page).locator('[data-testid="request-form"]');
    await form.locator('[data-field="title"]').fill(TITLE);
    await form.locator('[data-field="startDate"]').fill(W.mon);
    await form.locator('[data-field="endDate"]').fill(W.fri);
    await expect(form.locator('[data-field-feedback="startDate"]')).toContainText(PTO_TEXT.holidaySkipped(W.wed, HOLIDAY, true));
    await expect(form.locator('[data-days]')).toHaveText('5');
    await expect(form.locator('[data-total-hours]')).toHaveText('36');
    await axe(page, ['portal-app', 'pto-requests'], 'new-request');
    const [sent] = await Promise.all([response(page, TIME_OFF_API.saveRequest), form.locator('[data-action="send"]').click()]);
    expect(sent.status()).toBe(200);
    const saved = requestNamed(TITLE);
    expect([stateOf(saved.requestId), saved.totalHours, saved.startDate, saved.endDate]).toEqual(['Pending', 36, W.mon, W.fri]);
    await expect(screen(page).locator('[data-testid="opened-request"] h2')).toHaveText(`Request: ${TITLE}`);
    await expect(screen(page).locator(`[data-open="${saved.requestId}"]`)).toHaveText(TITLE);

    // The same days again: the overlap, at the start date, while typing and from the server alike.
    await screen(page).locator('[data-tab="new-request"]').click();
    await form.locator('[data-field="title"]').fill('E2E overlap');
    await form.locator('[data-field="startDate"]').fill(W.fri);
    await form.locator('[data-field="endDate"]').fill(W.fri);
    const overlap = PTO_TEXT.overlap(TITLE, W.mon, W.fri);
    await expect(form.locator('[data-field-feedback="startDate"]')).toContainText(overlap);
    const server = await api(page, 'POST', TIME_OFF_API.saveRequest, { type: 'Vacation', title: 'E2E overlap', startDate: W.fri, endDate: W.fri, hoursPerDay: 8 });
    expect(server.status).toBe(400);
    expect(server.body.message).toBe(overlap);

    // Twenty weeks of Vacation: more than the balance on the start date.
    const start = monday(8);
    const end = monday(27, 4);
    await form.locator('[data-field="title"]').fill('E2E too long');
    await form.locator('[data-field="startDate"]').fill(start);
    await form.locator('[data-field="endDate"]').fill(end);
    const balances = await api(page, 'GET', `${TIME_OFF_API.getBalances}?asOf=${start}`);
    const available = (balances.body.data as Row[]).find((b) => b.type === 'Vacation')!.balance as number;
    const message = PTO_TEXT.balance('Vacation', 20 * 5 * 8, available, start);
    await expect(form.locator('[data-field-feedback="hoursPerDay"]')).toContainText(message);
    const refused = await api(page, 'POST', TIME_OFF_API.saveRequest, { type: 'Vacation', title: 'E2E too long', startDate: start, endDate: end, hoursPerDay: 8 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    // Refused before any call: nothing written, the typed work stays.
    await form.locator('[data-action="send"]').click();
    await expect(form.locator('[data-testid="validation-summary"]')).toContainText(message);
    await expect(form.locator('[data-field="title"]')).toHaveValue('E2E too long');
    expect(one('SELECT 1 AS x FROM time_off_requests WHERE title = ?', 'E2E too long')).toBeUndefined();
  });

  test("the manager opens it from the bell and approves it: the hours land on the employee's timecard; the employee cancels and they leave", async ({ page }) => {
    const request = requestNamed(TITLE);
    watchToken(page);
    await openPortalAs(page, 'rpm');
    await page.locator('portal-header [data-menu="bell"] > button').click();
    await page.locator(`portal-header [data-entry="pto-${request.requestId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/teammembertoolbox/requests\\?recordId=${request.requestId}$`));
    const opened = screen(page).locator(`[data-testid="opened-request"][data-request-id="${request.requestId}"]`);
    await expect(opened.locator('[data-action="deny"]')).toBeVisible();
    await expect(opened.locator('[data-employee]')).toHaveText('Sam Patterson');
    const [approved] = await Promise.all([response(page, TIME_OFF_API.updateRequestState), opened.locator('[data-action="approve"]').click()]);
    expect(approved.status()).toBe(200);
    expect(stateOf(request.requestId)).toBe('Approved');
    await expect(opened.locator('[data-opened-state] [data-state]:not([role])')).toHaveText('Approved');
    const lines = all("SELECT l.* FROM timecard_lines l JOIN weekly_timecards w USING (timecardId) WHERE l.source = 'pto' AND l.ptoRequestId = ?", request.requestId);
    // The full days hold 8 hours each; the half-day holiday's Wednesday holds the other 4 (the draft's own
    // holiday line holds 4 and does not block the day).
    const week = (l: Row) => [l.timeType, l.sunHours, l.monHours, l.tueHours, l.wedHours, l.thuHours, l.friHours, l.satHours];
    expect(lines.map(week)).toEqual([['PTO', 0, 8, 8, 4, 8, 8, 0]]);
    const card = await api(page, 'GET', `${TIMECARD_API.getTimecard}?employeeId=${employee().employeeId}&weekStart=${W.sun}`);
    expect(card.status).toBe(200);
    const ptoLine = (card.body.data.lines as Row[]).find((l) => l.source === 'pto' && l.ptoRequestId === request.requestId)!;
    expect(ptoLine.hours).toEqual([0, 8, 8, 4, 8, 8, 0]);
    await axe(page, ['portal-app', 'pto-requests'], 'manager-opened');

    await signOutOf(page);
    await openPortalAs(page, 'employee', '/teammembertoolbox/requests');
    const row = screen(page).locator(`[data-testid="my-request-lists"] tr[data-record-id="${request.requestId}"]`);
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Approved');
    // The cancel is held: meanwhile the request has already left the open list (an optimistic move), so nothing can
    // be sent twice.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route((url) => url.pathname === TIME_OFF_API.updateRequestState, async (route) => { await held; await route.continue(); });
    await row.locator('[data-action="cancel"]').click();
    const canceling = response(page, TIME_OFF_API.updateRequestState);
    await page.locator('portal-overlays').getByRole('button', { name: 'Cancel request' }).click();
    await expect(row).toHaveCount(0);
    release();
    const canceled = await canceling;
    expect(canceled.status()).toBe(200);
    expect(stateOf(request.requestId)).toBe('Canceled');
    expect(all("SELECT 1 FROM timecard_lines WHERE source = 'pto' AND ptoRequestId = ?", request.requestId)).toEqual([]);
  });

  test('bulk approve, and a denial with a reason the employee sees (user text as text)', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'employee', '/teammembertoolbox/requests');
    const made: number[] = [];
    for (const [title, date] of [[`E2E bulk A ${YEAR}`, monday(2, 1)], [`E2E bulk B ${YEAR}`, monday(3, 1)], [`E2E deny ${YEAR}`, monday(4, 1)]] as const) {
      const answer = await api(page, 'POST', TIME_OFF_API.saveRequest, { type: 'Sick', title, startDate: date, endDate: date, hoursPerDay: 4 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      made.push(answer.body.data.requestId as number);
    }
    await signOutOf(page);
    await openPortalAs(page, 'rpm', '/teammembertoolbox/requests?activeTab=team-requests');
    const team = screen(page).locator('[data-testid="team-requests"]');
    await team.locator(`[data-select="${made[0]}"]`).check();
    await team.locator(`[data-select="${made[1]}"]`).check();
    await expect(team.locator('[data-action="bulk-approve"]')).toHaveText('Approve selected (2)');
    const [bulk] = await Promise.all([response(page, TIME_OFF_API.updateRequestStates), team.locator('[data-action="bulk-approve"]').click()]);
    expect(bulk.status()).toBe(200);
    expect([stateOf(made[0]!), stateOf(made[1]!)]).toEqual(['Approved', 'Approved']);
    await axe(page, ['portal-app', 'pto-requests'], 'team-requests');

    // The approval's toast fades first (mid-fade its colours are not the toast's own).
    await expect(page.locator('portal-overlays .toast')).toHaveCount(0, { timeout: 15_000 });
    await team.locator(`tr[data-record-id="${made[2]}"] [data-action="deny"]`).click();
    const box = page.locator('portal-overlays');
    await box.locator('textarea').fill('E2E <b>inventory</b> week');
    await page.setViewportSize({ width: 1280, height: 800 });
    await axe(page, ['portal-overlays'], 'deny-dialog');
    const [denied] = await Promise.all([response(page, TIME_OFF_API.updateRequestState), box.getByRole('button', { name: 'Deny' }).click()]);
    expect(denied.status()).toBe(200);
    expect(stateOf(made[2]!)).toBe('Denied');
    expect(one('SELECT denialReason FROM time_off_requests WHERE requestId = ?', made[2])).toEqual({ denialReason: 'E2E <b>inventory</b> week' });

    await screen(page).locator('[data-tab="team-calendar"]').click();
    await expect(screen(page).locator('[role="grid"]')).toBeVisible();
    await screen(page).locator('[role="gridcell"][tabindex="0"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(screen(page).locator('[role="gridcell"][tabindex="0"]')).toBeFocused();
    await axe(page, ['portal-app', 'pto-requests'], 'team-calendar');

    await signOutOf(page);
    await openPortalAs(page, 'employee', '/teammembertoolbox/requests');
    await screen(page).locator('[data-testid="my-request-lists"] [data-list="closed"]').click();
    const row = screen(page).locator(`tr[data-record-id="${made[2]}"]`);
    await expect(row.locator('[data-denial-reason]')).toHaveText('Reason: E2E <b>inventory</b> week');
    await expect(row.locator('b')).toHaveCount(0);
    await axe(page, ['portal-app', 'pto-requests'], 'my-requests');
  });

  test('at 390 px: the request form is one column and the header folds into a Menu button (Escape closes, focus returns)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPortalAs(page, 'employee', '/teammembertoolbox/requests?activeTab=new-request');
    const form = screen(page).locator('[data-testid="request-form"]');
    const boxes = await Promise.all(['title', 'startDate', 'endDate'].map((f) => form.locator(`[data-field="${f}"]`).boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.x))).size).toBe(1);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[1]!.y);
    expect(boxes.every((b) => b!.x + b!.width <= 390)).toBe(true);
    await form.locator('[data-field="title"]').fill(`E2E phone ${YEAR}`);
    await form.locator('[data-field="startDate"]').fill(monday(6, 2));
    await form.locator('[data-field="endDate"]').fill(monday(6, 2));
    await form.locator('[data-day-kind="half"]').check();
    await expect(form.locator('[data-total-hours]')).toHaveText('4');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe(page, ['portal-app', 'pto-requests'], 'phone-form');
    const [sent] = await Promise.all([response(page, TIME_OFF_API.saveRequest), form.locator('[data-action="send"]').click()]);
    expect(sent.status()).toBe(200);
    expect(stateOf(requestNamed(`E2E phone ${YEAR}`).requestId)).toBe('Pending');
    await axe(page, ['portal-app', 'pto-requests'], 'phone-my-requests');

    const toggle = page.locator('portal-header [popovertarget="portal-nav"]');
    await expect(toggle).toBeVisible();
    await expect(page.locator('portal-header [data-bar="generic"]')).toBeHidden();
    await toggle.click();
    const bar = page.locator('portal-header [data-bar="generic"]');
    await expect(bar).toBeVisible();
    await reviewShot(page, { path: '.tmp/time-off-phone-menu-light.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await reviewShot(page, { path: '.tmp/time-off-phone-menu-dark.png' });
    await page.emulateMedia({ colorScheme: 'light' });
    await bar.locator('[data-menu] > button').first().focus();
    await page.keyboard.press('Escape');
    await expect(bar).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("a manager's phone (390×844, touch): Team requests stack with the name on each and approve by tap; the Team calendar is a list of days; nothing scrolls sideways", async ({ browser }) => {
    // A request of the employee's to approve, in a week of its own.
    const employeeContext = await browser.newContext();
    const employeePage = await employeeContext.newPage();
    watchToken(employeePage);
    await openPortalAs(employeePage, 'employee', '/teammembertoolbox/requests');
    const day = monday(5, 1);
    const title = `E2E phone approval ${YEAR}`;
    const asked = await api(employeePage, 'POST', TIME_OFF_API.saveRequest, { type: 'Sick', title, startDate: day, endDate: day, hoursPerDay: 8 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await employeeContext.close();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    watchToken(page);
    await openPortalAs(page, 'rpm', '/teammembertoolbox/requests');
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    await screen(page).locator('[data-tab="team-requests"]').tap();
    const row = screen(page).locator(`[data-testid="team-request-lists"] tr[data-record-id="${asked.body.data.requestId}"]`);
    await expect(row.locator('[data-column="employee"]')).toHaveText('Sam Patterson');
    // Stacked: each cell on its own line under the phone's width, its column named.
    const cell = await row.locator('[data-column="employee"]').boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(390);
    expect(await wide()).toBeLessThanOrEqual(390);
    await axe(page, ['portal-app', 'pto-requests'], 'team-phone');
    const [approved] = await Promise.all([
      response(page, TIME_OFF_API.updateRequestState),
      row.locator('[data-action="approve"]').tap(),
    ]);
    expect(approved.status()).toBe(200);
    expect(stateOf(asked.body.data.requestId)).toBe('Approved');

    await screen(page).locator('[data-tab="team-calendar"]').tap();
    await expect(screen(page).locator('[data-testid="team-calendar"] [data-layout="agenda"]')).toBeVisible();
    await expect(screen(page).locator('[data-testid="team-calendar"] table')).toHaveCount(0);
    expect(await wide()).toBeLessThanOrEqual(390);
    await axe(page, ['portal-app', 'pto-requests'], 'calendar-phone');
    await context.close();
  });

  test('the legacy /pr/Requests page shows the real element, opening the request named in its query', async ({ page }) => {
    const request = requestNamed(`E2E phone ${YEAR}`);
    await openLegacyAs(page, 'employee', `/pr/Requests?recordId=${request.requestId}`);
    const widget = page.locator('#legacy-widget > pto-requests');
    await expect(widget.locator(`[data-testid="opened-request"][data-request-id="${request.requestId}"] h2`)).toHaveText(`Request: E2E phone ${YEAR}`);
    await expect(widget.locator('[data-action="cancel"]').first()).toBeVisible();
  });

  test('by keyboard alone: the deep path opens a request; a new one is typed and sent from the tabs', async ({ page }) => {
    const request = requestNamed(`E2E phone ${YEAR}`);
    await openPortalAs(page, 'employee', `/teammembertoolbox/requests/${request.requestId}`);
    await expect(screen(page).locator(`[data-testid="opened-request"][data-request-id="${request.requestId}"] h2`)).toHaveText(`Request: E2E phone ${YEAR}`);
    await screen(page).locator('[data-tab="my-requests"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(screen(page).locator('[data-tab="new-request"]')).toBeFocused();
    const form = screen(page).locator('[data-testid="request-form"]');
    await expect(form).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(form.locator('select[data-field="type"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(`E2E keyboard ${YEAR}`);
    const date = monday(7, 1);
    const typed = `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;
    await page.keyboard.press('Tab');
    await page.keyboard.type(typed);
    // Tab walks the date's own segments (month, day, year) before leaving it.
    const end = form.locator('[data-field="endDate"]');
    for (let i = 0; i < 4 && !(await end.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
    await expect(end).toBeFocused();
    await page.keyboard.type(typed);
    await expect(form.locator('[data-total-hours]')).toHaveText('8');
    await form.locator('[data-action="send"]').focus();
    const [sent] = await Promise.all([response(page, TIME_OFF_API.saveRequest), page.keyboard.press('Enter')]);
    expect(sent.status()).toBe(200);
    const saved = requestNamed(`E2E keyboard ${YEAR}`);
    expect([saved.startDate, saved.endDate, saved.totalHours, stateOf(saved.requestId)]).toEqual([date, date, 8, 'Pending']);
  });

  test('cancelled after its week was approved: a correction, which the Timecard Admin resolves; the request, the balance and the card agree', async ({ browser }) => {
    // A Sick day (may go below zero: no balance limit in the way) on the Wednesday three weeks after W, in a week of its own.
    const sunday = monday(3, -1);
    const wednesday = monday(3, 2);
    const title = `E2E sick after approval ${YEAR}`;
    const signedIn = async (login: string, path = '/') => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      watchToken(page);
      await openPortalAs(page, login, path);
      return page;
    };
    const ok = (answer: { status: number; body: any }) => { expect(answer.status, JSON.stringify(answer.body)).toBe(200); return answer.body.data; }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const sickBalance = async (page: Page) => (ok(await api(page, 'GET', `${TIME_OFF_API.getBalances}?asOf=${YEAR}-12-31`)) as Row[]).find((b) => b.type === 'Sick')!.balance as number;

    const employeePage = await signedIn('employee', '/teammembertoolbox/requests');
    const before = await sickBalance(employeePage);
    const asked = ok(await api(employeePage, 'POST', TIME_OFF_API.saveRequest, { type: 'Sick', title, startDate: wednesday, endDate: wednesday, hoursPerDay: 8 }));
    const manager = await signedIn('rpm');
    const pending = (ok(await api(manager, 'GET', `${TIME_OFF_API.getRequests}?recordId=${asked.requestId}`)) as Row[])[0]!;
    const approveRequest = pending.advancements.find((a: Row) => a.action === 'approve');
    ok(await api(manager, 'POST', TIME_OFF_API.updateRequestState, { ItemId: asked.requestId, OldRecordStateId: pending.applicationRecordStateId, RouteStateId: approveRequest.routeStateId }));
    // The employee fills the rest of the week around the sick day and submits; the manager approves the card.
    const loaded = ok(await api(employeePage, 'GET', `${TIMECARD_API.getTimecard}?weekStart=${sunday}`));
    const charge = one(`SELECT c.costCodeId, b.projectId FROM cost_codes c JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId
      WHERE c.type = 'L' AND p.active = 1 ORDER BY c.costCodeId LIMIT 1`)!;
    const days = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];
    const form: Record<string, string | number> = { version: loaded.timecard.version ?? 0, 'lines[0].projectId': charge.projectId, 'lines[0].costCodeId': charge.costCodeId, 'lines[0].timeType': 'Regular' };
    if (loaded.timecard.timecardId) form.timecardId = loaded.timecard.timecardId;
    else Object.assign(form, { employeeId: loaded.timecard.employeeId, weekStart: sunday });
    days.forEach((d, i) => { form[`lines[0].${d}`] = i === 3 ? 0 : loaded.timecard.expectedByDay[i]; });
    const saved = ok(await api(employeePage, 'POST', TIMECARD_API.saveTimecard, form)).timecard;
    const submit = saved.advancements.find((a: Row) => a.action === 'submit');
    ok(await api(employeePage, 'POST', TIMECARD_API.updateTimecardState, { ItemId: saved.timecardId, OldRecordStateId: saved.applicationRecordStateId, RouteStateId: submit.routeStateId }));
    const submitted = ok(await api(manager, 'GET', `${TIMECARD_API.getTimecard}?timecardId=${saved.timecardId}`)).timecard;
    const approve = submitted.advancements.find((a: Row) => a.action === 'approve');
    ok(await api(manager, 'POST', TIMECARD_API.updateTimecardState, { ItemId: saved.timecardId, OldRecordStateId: submitted.applicationRecordStateId, RouteStateId: approve.routeStateId }));
    await manager.context().close();
    const sickLine = () => one("SELECT wedHours FROM timecard_lines WHERE source = 'pto' AND ptoRequestId = ? AND timecardId = ?", asked.requestId, saved.timecardId);
    expect(sickLine()?.wedHours).toBe(8);
    expect(await sickBalance(employeePage)).toBe(before - 8);

    // The employee cancels it on the screen: the week is locked, so a correction waits for the Timecard Admin.
    await employeePage.reload();
    const row = screen(employeePage).locator(`[data-testid="my-request-lists"] tr[data-record-id="${asked.requestId}"]`);
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Approved');
    await row.locator('[data-action="cancel"]').click();
    const [canceled] = await Promise.all([
      response(employeePage, TIME_OFF_API.updateRequestState),
      employeePage.locator('portal-overlays').getByRole('button', { name: 'Cancel request' }).click(),
    ]);
    expect(canceled.status()).toBe(200);
    expect(stateOf(asked.requestId)).toBe('Canceled');
    const correction = one("SELECT * FROM timecard_corrections WHERE timecardId = ? AND status = 'Open'", saved.timecardId)!;
    expect(correction).toBeTruthy();
    // Until it is applied the card keeps the line and the balance follows the card.
    expect(sickLine()?.wedHours).toBe(8);
    expect(await sickBalance(employeePage)).toBe(before - 8);

    // The Timecard Admin resolves it with a note: the line leaves the card and the hours come back.
    const admin = await signedIn('tcadmin', '/teammembertoolbox/timecards?activeTab=corrections');
    const item = admin.locator('tc-manage-timecards').locator(`[data-correction="${correction.correctionId}"]`);
    await item.locator('input').fill('Sick day canceled after approval: removed from the approved week');
    const [resolved] = await Promise.all([
      admin.waitForResponse((r) => r.url().includes(TIMECARD_API.resolveCorrection)),
      item.locator('[data-action="resolve"]').click(),
    ]);
    expect(resolved.status()).toBe(200);
    await expect(item).toHaveCount(0);
    await admin.context().close();
    expect(one('SELECT status FROM timecard_corrections WHERE correctionId = ?', correction.correctionId)!.status).toBe('Resolved');
    expect(sickLine()).toBeUndefined();
    expect(one('SELECT s.name FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) WHERE timecardId = ?', saved.timecardId)!.name).toBe('Approved');
    expect(await sickBalance(employeePage)).toBe(before);
    await employeePage.context().close();
  });

  test('the viewer is refused the route and every call', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'viewer');
    await page.goto('/teammembertoolbox/requests');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.locator('portal-forbidden h1')).toHaveText('No Access');
    for (const path of [TIME_OFF_API.getRequests, TIME_OFF_API.getBalances, TIME_OFF_API.getTeamCalendar]) {
      expect((await api(page, 'GET', path)).status, path).toBe(403);
    }
    expect(day(0)).toBe(`${YEAR}-01-01`);
  });
});
