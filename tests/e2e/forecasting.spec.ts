// Forecasting by period end to end, signed in for real: the PM enters a projection on the grid, the RPM closes the
// month on <pfm-forecast>, and every figure is read back from the database: the snapshot, the month locked, the next
// month carried forward, the comparison and the "why did the forecast move" breakdown.
// One project no other spec writes to (24-1076), so closing its month changes nothing another spec relies on.
// Run alone: npx rollup -c && E2E_PORT=8607 npx playwright test tests/e2e/forecasting.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { api, hasToken, watchToken } from './support/api';
import { arrangeAs } from './support/arrange';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog, serverAnswer } from './support/records';
import { addPeriods, currentPeriod } from '../../src/core/clock';

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
