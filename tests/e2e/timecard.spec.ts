// <tc-timecard> end to end (issue 13): real sign-in, the real timecard API, database checks after the
// server's answer. Weeks: this spec writes only FUTURE weeks of `employee`, 9 to 11 weeks after the
// current one (no other spec uses them), so a run on any date is independent; the Timecard Admin test
// changes one seeded Approved card of another employee.
// Run alone: npx rollup -c && E2E_PORT=4642 npx playwright test tests/e2e/timecard.spec.ts
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, deadlineText, lateness, timecardDue, weekOf, TIMECARD_TEXT } from '../../src/core/timecards';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { api, watchToken } from './support/api';
import { e2eDb, seeded } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { forgetSignIn } from './support/sign-in';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];
const ROUTE = '/teammembertoolbox/timecards/timecard';
const screen = (page: Page) => page.locator('tc-timecard');
const THIS_WEEK = weekOf(new Date()).weekStart;
/** The future weeks of this spec (see the header). */
const ENTRY_WEEK = addDays(THIS_WEEK, 7 * 10);
const COPY_FROM_WEEK = addDays(ENTRY_WEEK, -7);
const PHONE_WEEK = addDays(THIS_WEEK, 7 * 11);

const employeeId = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login).employeeId as number;
const cardOf = (employee: number, weekStart: string) => one(`SELECT t.*, s.name AS state FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId)
  WHERE t.employeeId = ? AND t.weekStart = ?`, employee, weekStart);
const manualLines = (timecardId: number) => all(`SELECT * FROM timecard_lines WHERE timecardId = ? AND source = 'manual' ORDER BY displayOrder, timecardLineId`, timecardId);

async function axe(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['portal-app', 'tc-timecard'] }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${name} ${colorScheme}`).toEqual([]);
    await reviewShot(page, { path: `.tmp/timecard-${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const cell = (page: Page, row: number, day: number) => screen(page).locator(`[data-cell="${row}-${day}"]`);
/** The messages a field points at (aria-describedby), as text. */
async function described(field: Locator): Promise<string> {
  return field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
    .map((id) => (el.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? '').join(' | '));
}

/** A project the picker offers, with a labour code (the server's own search). */
async function aCharge(page: Page): Promise<{ id: number; number: string; name: string; code: { id: number; code: string } }> {
  for (const search of ['24', '25', '23', '22', '26']) {
    const found = await api(page, 'GET', `${TIMECARD_API.searchCharges}?search=${search}`);
    const project = (found.body?.data ?? []).find((o: Row) => o.kind === 'project' && o.costCodes.length > 0);
    if (project) return { id: project.id, number: project.number, name: project.name, code: project.costCodes[0] };
  }
  throw new Error('no chargeable project');
}

test.describe.configure({ mode: 'serial' });

test.describe('<tc-timecard>', () => {
  test('the employee fills a week by keyboard, copies last week, meets each policy message, submits, recalls and resubmits', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'employee', ROUTE);
    // Without a timecardId: the signed-in user's current week.
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', THIS_WEEK);
    await expect(screen(page).locator('[data-employee]')).toHaveText('Sam Patterson');
    const sam = employeeId('employee');
    const charge = await aCharge(page);
    // Holidays and approved time off of this week are read-only lines, marked as such.
    const current = (await api(page, 'GET', TIMECARD_API.getTimecard)).body.data;
    const systemLines = current.lines.filter((l: Row) => l.source !== 'manual');
    await expect(screen(page).locator('tbody tr[data-source="holiday"], tbody tr[data-source="pto"]')).toHaveCount(systemLines.length);
    await expect(screen(page).locator('tbody [data-read-only-line]')).toHaveCount(systemLines.length);
    await reviewShot(page, { path: '.tmp/timecard-this-week-light.png', fullPage: true });

    // Last week of the entry week holds one line (made through the API, as the employee).
    const made = await api(page, 'POST', TIMECARD_API.saveTimecard, {
      employeeId: sam, weekStart: COPY_FROM_WEEK, version: 0, 'lines[0].projectId': charge.id, 'lines[0].costCodeId': charge.code.id,
      'lines[0].timeType': 'Regular', 'lines[0].monHours': 8,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    // To the entry week by the week navigation.
    for (let i = 0; i < 10; i += 1) {
      const loaded = page.waitForResponse((r) => r.url().includes(TIMECARD_API.getTimecard));
      await screen(page).locator('[data-week="next"]').click();
      await loaded;
    }
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', ENTRY_WEEK);
    const load = (await api(page, 'GET', `${TIMECARD_API.getTimecard}?employeeId=${sam}&weekStart=${ENTRY_WEEK}`)).body.data;
    const perDay: number[] = load.context.expected.perDay;
    const left: number = load.context.expected.left;

    await screen(page).locator('[data-action="copy-last-week"]').click();
    await expect(screen(page).locator('tbody tr[data-source="manual"]')).toHaveCount(1);
    await expect(screen(page).locator('[data-line="0"] [role="combobox"]')).toHaveValue(`${charge.number} ${charge.name}`);
    for (let d = 0; d < 7; d += 1) await expect(cell(page, 0, d)).toHaveValue('');

    // Keyboard: Sunday → type 25 (out of range), then 1.3 (not a quarter), then clear it.
    await cell(page, 0, 0).focus();
    await page.keyboard.type('25');
    await page.keyboard.press('Tab');
    await expect(screen(page).locator('[data-message-for="lines[0].hours[0]"] [data-message]')).toHaveText(TIMECARD_TEXT.hoursRange);
    expect(await described(cell(page, 0, 0))).toBe(`Sunday: ${TIMECARD_TEXT.hoursRange}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('1.3');
    await page.keyboard.press('Enter');
    await expect(screen(page).locator('[data-message-for="lines[0].hours[0]"] [data-message]')).toHaveText(TIMECARD_TEXT.quarterHours);
    await cell(page, 0, 0).focus();
    await page.keyboard.press('Delete');
    await expect(screen(page).locator('[data-message-for="lines[0].hours[0]"]')).toHaveCount(0);
    // The week's expected hours, Monday to Saturday, by keyboard (Tab moves right); Escape cancels a cell.
    await page.keyboard.press('ArrowRight');
    for (let d = 1; d < 7; d += 1) {
      if (perDay[d]) await page.keyboard.type(String(perDay[d]));
      await page.keyboard.press('Tab');
    }
    await cell(page, 0, 1).focus();
    await page.keyboard.type('9');
    await page.keyboard.press('Escape');
    await expect(cell(page, 0, 1)).toHaveValue(String(perDay[1] || ''));
    await expect(screen(page).locator('[data-line-total="0"]')).toHaveText(String(left));
    await expect(screen(page).locator('[data-left]')).toHaveText('0');

    // A second line with the same charge, code and type: duplicate; as Overtime before 40 Regular: overtime.
    await screen(page).locator('[data-action="add-line"]').click();
    const picker = screen(page).locator('[data-line="1"] [role="combobox"]');
    await picker.fill(charge.number);
    await screen(page).locator(`[data-line="1"] [data-option="project:${charge.id}"]`).click();
    await screen(page).locator('[data-line="1"] [data-field="costCodeId"]').selectOption(String(charge.code.id));
    await expect(screen(page).locator('[data-messages-of="1"]')).toContainText(TIMECARD_TEXT.duplicateLine);
    await screen(page).locator('[data-line="1"] [data-field="timeType"]').selectOption('Overtime');
    await cell(page, 1, 1).focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    if (left < 40) {
      await expect(screen(page).locator('[data-message-for="lines[1].hours[1]"] [data-message]')).toHaveText(TIMECARD_TEXT.overtimeEarly);
    }
    await expect(screen(page).locator('[data-message-for="reason"]')).toHaveText(TIMECARD_TEXT.hoursDiffer(left + 2, left));
    // Save is refused on the client while an entry is invalid (nothing sent).
    if (left < 40) {
      await screen(page).locator('[data-action="save"]').click();
      await expect(screen(page).locator('[data-banner="refused"]')).toBeVisible();
    }
    await screen(page).locator('[data-remove="1"]').click();
    // The grid fits a 1280 px window without a horizontal scroll.
    const scroller = await screen(page).locator('[data-grid] .table-responsive').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroller.scroll).toBeLessThanOrEqual(scroller.client);
    await axe(page, 'desktop');

    // Save: the lines are in the database.
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(TIMECARD_API.saveTimecard)),
      screen(page).locator('[data-action="save"]').click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect(screen(page).locator('[data-action="save"]')).toBeEnabled();
    const card = cardOf(sam, ENTRY_WEEK);
    expect(card.state).toBe('Draft');
    const stored = manualLines(card.timecardId);
    expect(stored.map((l) => [l.projectId, l.costCodeId, l.timeType])).toEqual([[charge.id, charge.code.id, 'Regular']]);
    const [only] = stored as [Row];
    expect([only.sunHours, only.monHours, only.tueHours, only.wedHours, only.thuHours, only.friHours, only.satHours])
      .toEqual(perDay.map((h, d) => (d === 0 ? 0 : h)));

    // One more hour on Saturday: Submit asks for a reason first.
    await cell(page, 0, 6).focus();
    await page.keyboard.type(String((perDay[6] ?? 0) + 1));
    await page.keyboard.press('Enter');
    await screen(page).locator('[data-action="submit"]').click();
    await expect(screen(page).locator('#tc-reason')).toBeFocused();
    await expect(screen(page).locator('[data-message-for="reason"]')).toHaveText(TIMECARD_TEXT.hoursDiffer(left + 1, left));
    await page.keyboard.type('Saturday inventory <count>');
    const [submitted] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(TIMECARD_API.updateTimecardState)),
      screen(page).locator('[data-action="submit"]').click(),
    ]);
    expect(submitted.status()).toBe(200);
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-state-name', 'Submitted');
    expect(cardOf(sam, ENTRY_WEEK)).toMatchObject({ state: 'Submitted', shortfallReason: 'Saturday inventory <count>' });

    // Recall, then resubmit.
    const [recalled] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(TIMECARD_API.updateTimecardState)),
      screen(page).locator('[data-action="recall"]').click(),
    ]);
    expect(recalled.status()).toBe(200);
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-state-name', 'Draft');
    expect(cardOf(sam, ENTRY_WEEK).state).toBe('Draft');
    await screen(page).locator('#tc-reason').fill('Saturday inventory');
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(TIMECARD_API.updateTimecardState)),
      screen(page).locator('[data-action="submit"]').click(),
    ]);
    expect(again.status()).toBe(200);
    expect(cardOf(sam, ENTRY_WEEK)).toMatchObject({ state: 'Submitted', shortfallReason: 'Saturday inventory' });
  });

  test('on a phone (390 px) the week is a day-by-day list: entry and submit work there', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watchToken(page);
    await openPortalAs(page, 'employee', ROUTE);
    await expect(screen(page).locator('[data-day-list]')).toBeVisible();
    const sam = employeeId('employee');
    const charge = await aCharge(page);
    const made = await api(page, 'POST', TIMECARD_API.saveTimecard, {
      employeeId: sam, weekStart: PHONE_WEEK, version: 0, 'lines[0].projectId': charge.id, 'lines[0].costCodeId': charge.code.id, 'lines[0].timeType': 'Regular',
    });
    expect(made.status).toBe(200);
    const load = made.body.data;
    await pushPath(page, `${ROUTE}?timecardId=${load.timecard.timecardId}`);
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', PHONE_WEEK);
    await expect(screen(page).locator('[data-grid]')).toHaveCount(0);
    // Nothing wider than the phone: long labels truncate.
    const width = await screen(page).locator('[data-screen="timecard"]').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(width.client).toBeLessThanOrEqual(390);
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    const perDay: number[] = load.context.expected.perDay;
    for (let d = 0; d < 7; d += 1) {
      if (!perDay[d]) continue;
      await screen(page).locator(`[data-phone-day="${d}"] [data-cell="0-${d}"]`).fill(String(perDay[d]));
    }
    await expect(screen(page).locator('[data-phone-week-total] [data-week-total]')).toHaveText(String(perDay.reduce((a, b) => a + b, 0) + load.context.expected.reducedBy));
    await axe(page, 'phone');
    const [submitted] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(TIMECARD_API.updateTimecardState)),
      screen(page).locator('[data-action="submit"]').click(),
    ]);
    expect(submitted.status()).toBe(200);
    const card = cardOf(sam, PHONE_WEEK);
    expect(card.state).toBe('Submitted');
    expect(manualLines(card.timecardId)[0]!.monHours).toBe(perDay[1]);
    await context.close();
  });

  test('a Timecard Admin changes an approved card with a reason; the change is recorded and listed', async ({ page }) => {
    const approved = one(`SELECT t.timecardId, t.employeeId FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId)
      JOIN employees e ON e.employeeId = t.employeeId
      WHERE s.name = 'Approved' AND e.login IS NULL AND EXISTS (SELECT 1 FROM timecard_lines l WHERE l.timecardId = t.timecardId AND l.source = 'manual')
      ORDER BY t.timecardId LIMIT 1`);
    const before = all('SELECT * FROM timecard_changes WHERE timecardId = ?', approved.timecardId).length;
    watchToken(page);
    await openPortalAs(page, 'tcadmin', `${ROUTE}?timecardId=${approved.timecardId}`);
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-state-name', 'Approved');
    await expect(cell(page, 0, 1)).toHaveAttribute('aria-readonly', 'true');
    await screen(page).locator('[data-action="change-approved"]').click();
    await expect(screen(page).locator('[data-message-for="changeReason"]')).toHaveText('A reason is required to change an Approved timecard.');
    const first = manualLines(approved.timecardId)[0]!;
    await cell(page, 0, 3).focus();
    await page.keyboard.type(String(Number(first.wedHours) + 0.25));
    await page.keyboard.press('Enter');
    await screen(page).locator('#tc-change-reason').fill('Missed a quarter hour on Wednesday');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(TIMECARD_API.saveTimecard)),
      screen(page).locator('[data-action="save"]').click(),
    ]);
    expect(saved.status()).toBe(200);
    const changes = all('SELECT * FROM timecard_changes WHERE timecardId = ? ORDER BY timecardChangeId', approved.timecardId);
    expect(changes.length).toBe(before + 1);
    expect(changes.at(-1)!.reason).toBe('Missed a quarter hour on Wednesday');
    expect(manualLines(approved.timecardId)[0]!.wedHours).toBe(Number(first.wedHours) + 0.25);
    await expect(screen(page).locator('[data-changes]')).toContainText('Missed a quarter hour on Wednesday');
    await axe(page, 'approved');

    // Another employee's Draft: the read-only Timecard Preview.
    const owed = cardOf(employeeId('employee'), addDays(seeded().weekStart, -7));
    await pushPath(page, `${ROUTE}?timecardId=${owed.timecardId}`);
    await expect(screen(page).locator('h1')).toHaveText('Timecard Preview');
    await expect(screen(page).locator('[data-preview]')).toHaveText("Sam Patterson's card, read-only.");
    await expect(screen(page).locator('[data-action="save"]')).toHaveCount(0);
    await expect(cell(page, 0, 1)).toHaveAttribute('aria-readonly', 'true');

    // The menu's Timecard Preview (the weekly legacy page): choose the employee by name.
    await page.goto('/pr/Timecards/weeklyredirect');
    const picker = page.locator('tc-timecard #tc-employee');
    await picker.click();
    await expect(page.locator('tc-timecard #tc-employees option[value="Sam Patterson"]')).toHaveCount(1);
    await picker.fill('Sam Patterson');
    await page.locator('tc-timecard [data-employee-picker] button[type="submit"]').click();
    await expect(page.locator('tc-timecard [data-employee]')).toHaveText('Sam Patterson');
    await expect(page.locator('tc-timecard h1')).toHaveText('Timecard Preview');
    await expect(page.locator('tc-timecard [data-screen="timecard"]')).toHaveAttribute('data-week-start', THIS_WEEK);
  });

  test('the deadline reads in Central and in the browser’s own zone (Asia/Tokyo), with a countdown in its last 24 hours', async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await openPortalAs(page, 'employee', ROUTE);
    const due = timecardDue(weekOf(new Date()));
    const text = deadlineText(due, 'Asia/Tokyo');
    expect(text.local).toContain('GMT+9');
    await expect(screen(page).locator('[data-due]')).toHaveText(lateness(due, new Date()).due);
    await expect(screen(page).locator('[data-due-at]')).toHaveText(`(${text.central}; ${text.local} your time)`);
    // The countdown only in the last 24 hours: the page's clock set 5 hours before the due instant (the
    // screen reads the time every 15 s).
    if (due.getTime() - Date.now() > 24 * 3600_000) await expect(screen(page).locator('[data-countdown]')).toHaveCount(0);
    await page.clock.setFixedTime(new Date(due.getTime() - 5 * 3600_000));
    await expect(screen(page).locator('[data-countdown]')).toHaveText('Due in 5 h 00 min', { timeout: 20_000 });
    await context.close();
  });

  test('the bell item opens the owed card; the legacy pages embed the real element', async ({ page }) => {
    await openPortalAs(page, 'employee', '/');
    await page.locator('portal-header .portal-bell').click();
    const item = page.locator('portal-header [data-menu="bell"] a[href*="/teammembertoolbox/timecards/timecard"]').first();
    const href = await item.getAttribute('href');
    await item.click();
    await expect(screen(page).locator('[data-screen="timecard"]')).toBeVisible();
    const timecardId = new URL(href!, 'https://x').searchParams.get('timecardId');
    if (timecardId) {
      const card = one(`SELECT weekStart FROM weekly_timecards WHERE timecardId = ?`, Number(timecardId));
      await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', card.weekStart);
    }
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-state-name', 'Draft');

    const sam = employeeId('employee');
    const owed = one(`SELECT t.timecardId, t.weekStart FROM weekly_timecards t WHERE t.employeeId = ? AND t.weekStart = ?`, sam, addDays(seeded().weekStart, -7));
    await page.goto(`/pr/Timecards/Timecard?timecardId=${owed.timecardId}&noRedirect=1`);
    await expect(page.locator('#legacy-widget > tc-timecard')).toHaveAttribute('timecard-id', String(owed.timecardId));
    await expect(page.locator('tc-timecard [data-screen="timecard"]')).toHaveAttribute('data-week-start', owed.weekStart);
    await page.goto('/pr/Timecards/weeklyredirect');
    await expect(page.locator('tc-timecard [data-screen="timecard"]')).toHaveAttribute('data-week-start', THIS_WEEK);
  });

  test('changing week changes the address: Reload stays on that week, Back returns to the one before', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'employee', ROUTE);
    const card = screen(page).locator('[data-screen="timecard"]');
    await expect(card).toHaveAttribute('data-week-start', THIS_WEEK);
    const before = addDays(THIS_WEEK, -7);
    await card.locator('[data-week="previous"]').click();
    await expect(card).toHaveAttribute('data-week-start', before);
    await expect(page).toHaveURL(new RegExp(`weekStart=${before}`));
    await page.reload();
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', before);
    await screen(page).locator('[data-screen="timecard"] [data-week="previous"]').click();
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', addDays(THIS_WEEK, -14));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`weekStart=${before}`));
    await expect(screen(page).locator('[data-screen="timecard"]')).toHaveAttribute('data-week-start', before);
  });

  test('an employee opening another’s card gets a clear refusal; the viewer gets Forbidden', async ({ page }) => {
    const other = employeeId('rpm');
    await openPortalAs(page, 'employee', `${ROUTE}?employeeId=${other}`);
    await expect(screen(page).locator('[data-state="forbidden"]')).toHaveText(/You may not see this timecard/);
    await forgetSignIn(page);
    await openPortalAs(page, 'viewer', ROUTE);
    await expect(page.locator('portal-app portal-forbidden')).toBeVisible();
  });
});
