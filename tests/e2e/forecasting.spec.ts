// Forecasting by period end to end, signed in for real: the PM enters a projection on the grid, the RPM closes the
// month on <pfm-forecast>, and every figure is read back from the database: the snapshot, the month locked, the next
// month carried forward, the comparison and the "why did the forecast move" breakdown.
// One project no other spec writes to (24-1076), so closing its month changes nothing another spec relies on.
// Run alone: npx rollup -c && E2E_PORT=8607 npx playwright test tests/e2e/forecasting.spec.ts
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { expect, test, type Page } from '@playwright/test';
import { api, hasToken, watchToken } from './support/api';
import { arrangeAs } from './support/arrange';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog, serverAnswer } from './support/records';
import { addPeriods, currentPeriod } from '../../src/core/clock';
import { formatMoney } from '../../src/core/format/numbers';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];

const PROJECT_NUMBER = '24-1076';
const scope = () => one('SELECT p.projectId, b.budgetId FROM projects p JOIN budgets b ON b.projectId = p.projectId WHERE p.number = ? ORDER BY b.budgetId LIMIT 1', PROJECT_NUMBER);
const query = () => `projectId=${scope().projectId}&budgetId=${scope().budgetId}`;
const grid = (page: Page) => page.locator('pfm-projection-grid');
const lineRows = (page: Page) => grid(page).locator('.tabulator-row:not(.tabulator-group):not(.tabulator-calcs)');
/** The amount a signed money text shows ('+$1,234.50', '-$12.00', '$0.00'). */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));
const cents = (n: number) => Math.round(n * 100);

test.describe.configure({ mode: 'serial' });

/** A budget line of the project of cost type `type` (its code as displayed, 2-4-2), the `n`-th by code. */
function lineOf(type: string, n = 0): { costCodeId: number; code: string; display: string; typeName: string } {
  const row = all(`SELECT c.costCodeId, c.code, t.name AS typeName FROM cost_codes c JOIN cost_types t ON t.costType = c.type
    WHERE c.budgetId = ? AND c.type = ? ORDER BY c.code, c.costCodeId`, scope().budgetId, type)[n]!;
  const code = row.code as string;
  return { costCodeId: row.costCodeId as number, code, display: `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6, 8)}`, typeName: row.typeName as string };
}
/** The grid's row of a line, filtered to its code and cost type. */
async function gridLine(page: Page, line: { display: string; typeName: string }) {
  await grid(page).getByLabel('Filter Cost code').fill(line.display);
  await grid(page).getByLabel('Filter Cost type').fill(line.typeName);
  const row = lineRows(page).filter({ hasText: line.display }).filter({ hasText: line.typeName });
  await expect(row).toHaveCount(1);
  return row;
}
/** Type `text` into a grid cell, replacing what it holds. */
async function typeInto(page: Page, cell: ReturnType<Page['locator']>, text: string): Promise<void> {
  await cell.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}
const stored = (costCodeId: number) => one('SELECT method, projectedCostToComplete AS ctc, pluggedBy, pluggedQuantity, pluggedRate FROM projections WHERE costCodeId = ? AND month = ?', costCodeId, currentPeriod());
async function post(page: Page, path: string, form: Record<string, string | number>): Promise<Row> {
  const answer = await api(page, 'POST', path, form);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data as Row;
}

test('a pending change event shows in the pending budget column, weighted by its probability, with its record; approved, it moves to approved changes', async ({ page }) => {
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?${query()}`);
  await expect(lineRows(page).first()).toBeVisible();
  const line = lineOf('S');
  const before = (await api(page, 'GET', `/api/pfm/getcostcodetransactionsummary?recordKey=CostCode&recordId=${line.costCodeId}`)).body.data[0] as Row;
  const vendor = one('SELECT vendorId FROM vendors WHERE active = 1 ORDER BY vendorId LIMIT 1').vendorId as number;
  const doc = await post(page, '/api/pfm/CreateChangeRecord', { ProjectId: scope().projectId, Title: `Pending ${Date.now()}`, InitiatingDocumentTypeId: 4 });
  const event = await post(page, '/api/pfm/CreateChangeEvent', { ChangeRecordId: doc.changeRecordId, Title: 'Canopy revision', ReimbursableTypeId: 1 });
  const item = await post(page, '/api/pfm/CreateChangeEventItem', { ChangeEventId: event.changeEventId, Description: 'Canopy steel', CostCodeId: line.costCodeId, VendorId: vendor, EstimatedAmount: 5000 });
  await post(page, '/api/pfm/SaveChangeEvent', { ChangeEventId: event.changeEventId, probability: '40' });

  await grid(page).locator('[data-action="refresh"]').click();
  const row = await gridLine(page, line);
  const pending = row.locator('[tabulator-field="pendingBudgetChanges"]');
  await expect(pending).toContainText(formatMoney(before.pendingBudgetChanges + 2000));
  await pending.locator('button').click();
  const panel = grid(page).locator('[data-pending-panel]');
  await expect(panel.locator(`[data-open-record="ChangeEvent-${event.changeEventId}"]`)).toContainText(event.number);

  // Approved: the item by the RPM (the PM submitted it), then the event; the line's approved changes take the full amount.
  const state = (key: string, name: string) => one('SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = ? AND name = ?', key, name).id as number;
  await post(page, '/api/pfm/UpdateChangeEventItemState', { ItemId: item.changeEventItemId, OldRecordStateId: state('ChangeEventItem', 'Open'), RouteStateId: state('ChangeEventItem', 'Pending Approval') });
  await post(page, '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, approvedAmount: 5000 });
  await arrangeAs('rpm', async (rpm) => {
    await post(rpm, '/api/pfm/UpdateChangeEventItemState', { ItemId: item.changeEventItemId, OldRecordStateId: state('ChangeEventItem', 'Pending Approval'), RouteStateId: state('ChangeEventItem', 'Approved') });
    await post(rpm, '/api/pfm/UpdateChangeEventState', { ItemId: event.changeEventId, OldRecordStateId: state('ChangeEvent', 'Open'), RouteStateId: state('ChangeEvent', 'Pending') });
    await post(rpm, '/api/pfm/UpdateChangeEventState', { ItemId: event.changeEventId, OldRecordStateId: state('ChangeEvent', 'Pending'), RouteStateId: state('ChangeEvent', 'Approved') });
  })(page);
  await grid(page).locator('[data-action="refresh"]').click();
  await expect(pending).toContainText(formatMoney(before.pendingBudgetChanges));
  await expect(row.locator('[tabulator-field="approvedChanges"]')).toContainText(formatMoney(before.approvedChanges + 5000));
});

test('plugging: units to complete × unit cost on the units grid sets the cost to complete, kept with the Plugged mark', async ({ page }) => {
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/projectiongridunit?${query()}`);
  await expect(lineRows(page).first()).toBeVisible();
  const line = lineOf('M');
  const row = await gridLine(page, line);
  await typeInto(page, row.locator('[tabulator-field="unitsToComplete"]'), '50');
  await typeInto(page, row.locator('[tabulator-field="unitCost"]'), '12.5');
  await expect(row.locator('[tabulator-field="projectedCostToComplete"]')).toContainText('$625.00');
  const saved = serverAnswer(page, '/api/pfm/SaveProjections');
  await grid(page).locator('[data-action="save"]').click();
  expect((await saved).status()).toBe(200);
  expect(stored(line.costCodeId)).toEqual({ method: 'manual', ctc: 625, pluggedBy: 'units', pluggedQuantity: 50, pluggedRate: 12.5 });
});

test('two people save one line: the later save is not silent; it names who saved, and Keep mine overwrites', async ({ page }) => {
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?${query()}`);
  await expect(lineRows(page).first()).toBeVisible();
  const line = lineOf('E');
  // Meanwhile the admin, on the grid too, saves the same line.
  await arrangeAs('admin', async (admin) => {
    await openPortalAs(admin, 'admin', `/pfm/projects/projectiongrid?${query()}`);
    await expect(lineRows(admin).first()).toBeVisible();
    const theirs = await gridLine(admin, line);
    await typeInto(admin, theirs.locator('[tabulator-field="projectedCostToComplete"]'), '1111');
    const saved = serverAnswer(admin, '/api/pfm/SaveProjections');
    await grid(admin).locator('[data-action="save"]').click();
    expect((await saved).status()).toBe(200);
  })(page);
  expect(stored(line.costCodeId)).toMatchObject({ method: 'manual', ctc: 1111 });

  const mine = await gridLine(page, line);
  await typeInto(page, mine.locator('[tabulator-field="projectedCostToComplete"]'), '2222');
  const refused = serverAnswer(page, '/api/pfm/SaveProjections');
  await grid(page).locator('[data-action="save"]').click();
  await refused;
  const conflict = grid(page).locator(`[data-conflict="${line.costCodeId}"]`);
  await expect(conflict).toContainText('$1,111.00');
  await expect(conflict).toContainText('$2,222.00');
  await expect(conflict).toContainText(one("SELECT preferredName FROM employees WHERE login = 'admin'").preferredName as string);
  expect(stored(line.costCodeId)).toMatchObject({ ctc: 1111 });
  const kept = serverAnswer(page, '/api/pfm/SaveProjections');
  await conflict.locator('[data-action="keep-mine"]').click();
  expect((await kept).status()).toBe(200);
  await expect(conflict).toHaveCount(0);
  expect(stored(line.costCodeId)).toMatchObject({ method: 'manual', ctc: 2222 });
});

test('the Excel round trip: exported, edited offline (a change, a bad row, a line someone saved since), previewed, then saved', async ({ page }, testInfo) => {
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?${query()}`);
  await expect(lineRows(page).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await grid(page).locator('[data-action="excel"]').click();
  const exported = testInfo.outputPath('export.xlsx');
  await (await download).saveAs(exported);
  const sheets = await readXlsxFile(exported) as Array<{ sheet: string; data: Array<Array<string | number | boolean | Date | null>> }>;
  const projections = sheets.find((s) => s.sheet !== 'Import info')!;
  const header = projections.data[0]!.map(String);
  const col = (title: string) => header.indexOf(title);
  const [changed, bad, theirs] = [lineOf('M', 1), lineOf('M', 2), lineOf('E', 1)];
  const rowOf = (l: { display: string; typeName: string }) => projections.data.findIndex((r) => r[col('Cost code')] === l.display && r[col('Cost type')] === l.typeName);
  for (const l of [changed, bad, theirs]) expect(rowOf(l), `${l.display} is in the export`).toBeGreaterThan(0);
  projections.data[rowOf(changed)]![col('Projected cost to complete')] = 7777;
  projections.data[rowOf(changed)]![col('Reason')] = 'Re-forecast offline';
  projections.data[rowOf(bad)]![col('Projected cost to complete')] = 'lots';
  projections.data[rowOf(theirs)]![col('Projected cost to complete')] = 3333;
  const cell = (value: unknown) => (value === null || value === undefined ? null : typeof value === 'number' ? { type: Number, value } : { type: String, value: String(value) });
  const edited = testInfo.outputPath('edited.xlsx');
  await writeXlsxFile(sheets.map((s) => ({ sheet: s.sheet, data: s.data.map((r) => r.map(cell)) })) as never).toFile(edited);

  // Since the export, the admin saved one of the lines edited offline.
  await arrangeAs('admin', async (admin) => {
    await post(admin, '/api/pfm/SaveProjections', { BudgetId: scope().budgetId, 'projections[0].costCodeId': theirs.costCodeId, 'projections[0].value': '4444' });
  })(page);

  await grid(page).locator('[data-action="import-excel"]').click();
  const dialog = grid(page).locator('[data-dialog="import-excel"]');
  await dialog.locator('[data-field="file"]').setInputFiles(edited);
  await expect(dialog.locator(`[data-section="changed"] [data-cost-code-id="${changed.costCodeId}"]`)).toContainText('$7,777.00');
  await expect(dialog.locator(`[data-section="conflicts"] [data-cost-code-id="${theirs.costCodeId}"]`)).toContainText('$4,444.00');
  await expect(dialog.locator(`[data-section="problems"] [data-problem-row="${rowOf(bad) + 1}"]`)).toHaveAttribute('data-problem-kind', 'badValue');
  // Nothing is saved before the confirmation.
  expect(stored(changed.costCodeId)?.ctc).not.toBe(7777);
  const saved = serverAnswer(page, '/api/pfm/SaveProjections');
  await dialog.locator('[data-action="confirm-import"]').click();
  expect((await saved).status()).toBe(200);
  await expect.poll(() => stored(changed.costCodeId)?.ctc).toBe(7777);
  // The conflict kept theirs (the default), the bad row changed nothing.
  expect(stored(theirs.costCodeId)).toMatchObject({ ctc: 4444 });
  expect(stored(bad.costCodeId)?.ctc ?? null).not.toBe('lots');
});

test('the RPM closes the month: the snapshot is the grid as it stood, the month is locked, the next one carries the projections, and the comparison and why-it-moved agree with the database', async ({ page }) => {
  test.setTimeout(180_000);
  const { budgetId } = scope();
  const month = currentPeriod();
  const next = addPeriods(month, 1);
  const previous = addPeriods(month, -1);
  expect(one('SELECT state FROM forecast_periods WHERE budgetId = ? AND month = ?', budgetId, previous)?.state, 'the seed closed last month').toBe('Closed');

  // 1. The PM types a cost to complete on the first line and saves.
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?${query()}`);
  await expect(lineRows(page).first()).toBeVisible();
  await lineRows(page).first().locator('[tabulator-field="projectedCostToComplete"]').click();
  await page.keyboard.type('43210');
  await page.keyboard.press('Tab');
  const saved = serverAnswer(page, '/api/pfm/SaveProjections');
  await grid(page).locator('[data-action="save"]').click();
  expect((await saved).status()).toBe(200);
  const typed = all("SELECT costCodeId FROM projections WHERE budgetId = ? AND month = ? AND method = 'manual' AND projectedCostToComplete = 43210", budgetId, month);
  expect(typed.length, 'the line typed is saved as a manual projection').toBe(1);
  const costCodeId = typed[0]!.costCodeId as number;
  const linesNow = (await api(page, 'GET', `/api/pfm/getcostcodetransactionsummary?recordKey=Budget&recordId=${budgetId}`)).body.data as Row[];

  // 2. The RPM closes the month on <pfm-forecast>, after the confirmation that says what closing does.
  await arrangeAs('rpm', async (rpm) => {
    await openPortalAs(rpm, 'rpm', `/pfm/projects/forecast?${query()}`);
    await expect.poll(() => hasToken(rpm)).toBe(true);
    const row = rpm.locator(`pfm-forecast tr[data-month="${month}"]`);
    await expect(row.locator('[data-period-state]')).toHaveText('Open');
    await row.locator('[data-action="close"]').click();
    await expect(dialog(rpm)).toContainText(next.slice(0, 4));
    const closed = serverAnswer(rpm, '/api/pfm/CloseForecastPeriod');
    await dialog(rpm).locator('.modal-footer button').last().click();
    expect((await closed).status()).toBe(200);
    await expect(row.locator('[data-period-state]')).toHaveText('Closed');

    // 4. The comparison of last month's snapshot with this one, and why the forecast moved, as the database has them.
    const compare = rpm.locator('pfm-forecast [data-section="compare"]');
    await expect(compare.locator('[data-field="from"]')).toHaveValue(previous);
    await expect(compare.locator('[data-field="to"]')).toHaveValue(month);
    const eac = (m: string) => cents(one('SELECT sum(estimateAtCompletion) AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 0', budgetId, m).n as number);
    const change = eac(month) - eac(previous);
    await expect.poll(async () => cents(amountOf(await compare.locator('[data-totals] [data-column="estimateAtCompletion"]').textContent()))).toBe(change);
    const moved = rpm.locator('pfm-forecast [data-movement]');
    await expect.poll(async () => cents(amountOf(await moved.locator('[data-sum]').textContent()))).toBe(change);
    await expect(moved.locator('[data-mismatch]')).toHaveCount(0);
    // The line the PM changed is in the comparison, with its change in estimate at completion.
    const before = one('SELECT estimateAtCompletion AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND costCodeId = ? AND superseded = 0', budgetId, previous, costCodeId).n as number;
    const after = one('SELECT estimateAtCompletion AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND costCodeId = ? AND superseded = 0', budgetId, month, costCodeId).n as number;
    if (cents(after) !== cents(before)) {
      await expect.poll(async () => cents(amountOf(await compare.locator(`tr[data-cost-code-id="${costCodeId}"] [data-column="estimateAtCompletion"]`).textContent()))).toBe(cents(after) - cents(before));
    }
  })(page);

  // 3. In the database: the period closed by the RPM, one snapshot line per budget line equal to the grid's figures
  // when it closed, and next month's projections carried forward.
  expect(one('SELECT state FROM forecast_periods WHERE budgetId = ? AND month = ?', budgetId, month)).toEqual({ state: 'Closed' });
  const snapshot = all('SELECT costCodeId, estimateAtCompletion, projectedCostToComplete, method FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 0', budgetId, month);
  expect(snapshot.length).toBe(linesNow.length);
  for (const line of linesNow) {
    const taken = snapshot.find((s) => s.costCodeId === line.costCodeId)!;
    expect([cents(taken.projectedCostToComplete), cents(taken.estimateAtCompletion), taken.method], `line ${line.costCodeId}`)
      .toEqual([cents(line.projectedCostToComplete), cents(line.projectedFinalCost), line.projectionMethod]);
  }
  expect(one('SELECT method, projectedCostToComplete AS ctc FROM projections WHERE costCodeId = ? AND month = ?', costCodeId, next)).toEqual({ method: 'manual', ctc: 43_210 });

  // 5. The closed month is locked: the PM's next save is refused with who closed it.
  const refused = await api(page, 'POST', '/api/pfm/SaveProjections', { BudgetId: budgetId, 'projections[0].costCodeId': costCodeId, 'projections[0].value': '1000' });
  expect(refused.status).toBe(400);
  expect(refused.body.autoAlert).toBe(true);
  expect(refused.body.message).toMatch(/closed/i);
  expect(one('SELECT projectedCostToComplete AS ctc FROM projections WHERE costCodeId = ? AND month = ?', costCodeId, month)).toEqual({ ctc: 43_210 });
});
