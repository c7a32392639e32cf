/**
 * Forecast periods (demo/host/api/pfm/projections/periods, migration 029): closing a month (the region's RPM or a keyPFM
 * Admin; the PM and another region's RPM refused; a month closed twice refused naming who closed it), the snapshot
 * equal to the grid's lines at the close and never changed, the closed month's projections locked, the next month
 * carried forward, re-opening (admin only, with a reason; the old snapshot kept, superseded, beside the new one), the
 * comparison and "why did the forecast move" agreeing with the snapshots and adding up exactly, bad input, the bell,
 * and a pay application refused in a closed month. Last: the 5,000-line scale budget's close, timed (printed).
 *
 * The clock is pinned a month after the test seed's day: the seed closed the eleven months before the seed's month,
 * so the seed's month is the open last month and the current month is free.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addPeriods, lastDayOf, periodOf, pinClock } from '../../src/core/clock';
import { FORECAST_PERIOD_PATHS as PATHS, type Movement, type SnapshotLine } from '../../src/core/projections/periods';
import { currentLines } from '../../demo/host/api/pfm/projections/periods/store';
import { pendingProjections } from '../../demo/host/api/pfm/projections/pending';
import { saveManualProjection } from './support/projections';
import { TEST_SEED_DAY } from './support/seed-day';
import { useTestHost, type Row } from './support/use-host';

const SEED_MONTH = periodOf(TEST_SEED_DAY);
const CURRENT = addPeriods(SEED_MONTH, 1);
const { host, api, one, all, employeeId } = useTestHost({ clock: () => pinClock(`${addPeriods(SEED_MONTH, 1)}-02T18:00:00.000Z`) });

/** The budget of project 1 (the pm's 24-1032, North Texas: the rpm's region). */
const budgetOf = (projectId: number): Row => one('SELECT b.budgetId, b.jobNumber FROM budgets b WHERE b.projectId = ? ORDER BY b.budgetId LIMIT 1', projectId);
const close = (login: string, form: Record<string, string | number>) => api.post(login, PATHS.close, form);
const cents = (n: number) => Math.round(n * 100);
const sumCents = (values: number[]) => values.reduce((n, v) => n + cents(v), 0);
const FIGURES = ['originalBudget', 'approvedChanges', 'currentBudget', 'committed', 'remainingCommitment', 'actualToDate', 'projectedCostToComplete',
  'estimateAtCompletion', 'variance'] as const;

describe('CloseForecastPeriod', () => {
  it('refuses the PM (403) and an RPM of another region on the team (403); nothing written', async () => {
    const budget = budgetOf(1);
    const pm = await close('pm', { BudgetId: budget.budgetId, Month: SEED_MONTH });
    assert.equal(pm.status, 403, JSON.stringify(pm.body));
    assert.match(pm.body.message, /keyPFM Admin, or the RPM of the project's region/);
    // Project 16 is Gulf Coast, its RPM someone else: the rpm on its team passes the team guard, not the region rule.
    const other = one('SELECT projectId, regionId, regionalProjectManagerEmployeeId AS rpm FROM projects WHERE projectId = 16');
    assert.notEqual(other.regionId, one('SELECT regionId FROM employees WHERE login = ?', 'rpm').regionId);
    assert.notEqual(other.rpm, employeeId('rpm'));
    const at = new Date().toISOString();
    host.db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt) VALUES (16, ?, 'Project Engineer', 'manual', ?, ?)`)
      .run(employeeId('rpm'), at, at);
    const foreign = await close('rpm', { BudgetId: budgetOf(16).budgetId, Month: SEED_MONTH });
    assert.equal(foreign.status, 403, JSON.stringify(foreign.body));
    assert.match(foreign.body.message, /RPM of the project's region/);
    const region = await close('rpm', { RegionId: other.regionId, Month: SEED_MONTH });
    assert.equal(region.status, 403);
    assert.equal(one('SELECT count(*) AS n FROM forecast_periods WHERE month = ?', SEED_MONTH).n, 0);
  });

  it("the region's RPM closes: a snapshot per line equal to the grid's lines, the month Closed, the next month carried forward", async () => {
    const budget = budgetOf(1);
    const before = currentLines(host.db, budget.budgetId);
    const hadNext = one('SELECT count(*) AS n FROM projections WHERE budgetId = ? AND month = ?', budget.budgetId, CURRENT).n;
    const answer = await close('rpm', { BudgetId: budget.budgetId, Month: SEED_MONTH });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.closed.length, 1);
    assert.equal(answer.body.data.lines, before.length);
    const period = one('SELECT * FROM forecast_periods WHERE budgetId = ? AND month = ?', budget.budgetId, SEED_MONTH);
    assert.equal(period.state, 'Closed');
    assert.equal(period.closedBy, employeeId('rpm'));
    const rows = all('SELECT * FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 0', budget.budgetId, SEED_MONTH);
    assert.equal(rows.length, before.length);
    const byLine = new Map(rows.map((r) => [r.costCodeId, r]));
    for (const line of before) {
      const row = byLine.get(line.costCodeId)!;
      for (const figure of FIGURES) assert.equal(row[figure], line[figure], `${line.code} ${figure}`);
      assert.equal(row.method, line.method);
      assert.equal(row.reason, line.reason);
      assert.equal(row.takenBy, employeeId('rpm'));
    }
    // Carried forward: every line has a projection in the next month with the snapshot's method, cost to complete and reason.
    assert.equal(answer.body.data.carriedForward, before.length - hadNext);
    const next = new Map(all('SELECT * FROM projections WHERE budgetId = ? AND month = ?', budget.budgetId, CURRENT).map((p) => [p.costCodeId, p]));
    for (const row of rows) {
      const carried = next.get(row.costCodeId);
      assert.ok(carried, `line ${row.costCodeId} carried forward`);
      assert.equal(carried.method, row.method);
      assert.equal(carried.projectedCostToComplete, row.projectedCostToComplete);
      assert.equal(carried.reason, row.reason);
      assert.equal(carried.submitted, 0);
    }
    // The records behind the figures are kept; each figure's records add up to at most what the line shows.
    assert.ok(one(`SELECT count(*) AS n FROM forecast_snapshot_sources x JOIN forecast_snapshots s USING (snapshotId) WHERE s.budgetId = ? AND s.month = ?`,
      budget.budgetId, SEED_MONTH).n > 0);
  });

  it('refuses a month closed already, naming who closed it and when; refuses a month not begun', async () => {
    const budget = budgetOf(1);
    const again = await close('admin', { BudgetId: budget.budgetId, Month: SEED_MONTH });
    assert.equal(again.status, 400);
    assert.equal(again.body.autoAlert, true);
    assert.match(again.body.message, new RegExp(`of budget ${budget.jobNumber} was closed by Linda Okafor on \\d{2}/\\d{2}/\\d{4}`));
    const future = await close('admin', { BudgetId: budget.budgetId, Month: addPeriods(CURRENT, 1) });
    assert.equal(future.status, 400);
    assert.match(future.body.message, /has not begun/);
  });

  it('a snapshot is never changed or deleted (the database refuses)', () => {
    const row = one('SELECT s.snapshotId FROM forecast_snapshots s WHERE s.month = ? AND EXISTS (SELECT 1 FROM forecast_snapshot_sources x WHERE x.snapshotId = s.snapshotId) LIMIT 1', SEED_MONTH);
    assert.throws(() => host.db.prepare('UPDATE forecast_snapshots SET estimateAtCompletion = estimateAtCompletion + 1 WHERE snapshotId = ?').run(row.snapshotId), /never changed/);
    assert.throws(() => host.db.prepare('UPDATE forecast_snapshots SET superseded = 1 WHERE snapshotId = ?').run(row.snapshotId), /never changed/);
    assert.throws(() => host.db.prepare('DELETE FROM forecast_snapshots WHERE snapshotId = ?').run(row.snapshotId), /never deleted/);
    assert.throws(() => host.db.prepare('UPDATE forecast_snapshot_sources SET amount = 0 WHERE snapshotId = ?').run(row.snapshotId), /never changed/);
    assert.throws(() => host.db.prepare('DELETE FROM forecast_snapshot_sources').run(), /never deleted/);
  });

  it('region-wide: closes every open budget of the region in one call and lists those closed already', async () => {
    const regionId = one("SELECT regionId FROM employees WHERE login = 'rpm'").regionId;
    const expected = one(`SELECT count(*) AS n FROM budgets b JOIN projects p ON p.projectId = b.projectId WHERE p.regionId = ? AND p.active = 1
      AND NOT EXISTS (SELECT 1 FROM budgets c WHERE c.rollUpBudgetId = b.budgetId)`, regionId).n;
    const answer = await close('rpm', { RegionId: regionId, Month: SEED_MONTH });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.closed.length + answer.body.data.alreadyClosed.length, expected);
    assert.deepEqual(answer.body.data.alreadyClosed.map((b: Row) => b.budgetId), [budgetOf(1).budgetId]);
    const again = await close('rpm', { RegionId: regionId, Month: SEED_MONTH });
    assert.equal(again.status, 400);
    assert.match(again.body.message, /closed already on every budget of the region/);
  });
});

describe('a closed month locks its projections; the bell asks only for open months', () => {
  it('SaveProjections and SubmitProjections refuse the closed current month with an autoAlert; the budget leaves the bell', async () => {
    const budget = budgetOf(1);
    const line = one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 1', budget.budgetId);
    const pending = () => pendingProjections(host.db, CURRENT).some((p) => p.budgetId === budget.budgetId);
    // Pending while open (the seed names its PM for it), then not once closed.
    assert.equal(pending(), true);
    const saved = await saveManualProjection(api, 'pm', { budgetId: budget.budgetId, costCodeId: line.costCodeId, value: '1234.5', reason: 'Re-forecast after the field walk' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const closed = await close('admin', { BudgetId: budget.budgetId, Month: CURRENT });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(pending(), false);
    const save = await saveManualProjection(api, 'pm', { budgetId: budget.budgetId, costCodeId: line.costCodeId, value: '1' });
    assert.equal(save.status, 400);
    assert.equal(save.body.autoAlert, true);
    assert.match(save.body.message, /was closed by Dana Whitfield on .*its projections are locked/);
    const submit = await api.post('pm', '/api/pfm/SubmitProjections', { BudgetId: budget.budgetId });
    assert.equal(submit.status, 400);
    assert.match(submit.body.message, /its projections are locked/);
    assert.equal(one('SELECT projectedCostToComplete AS v FROM projections WHERE costCodeId = ? AND month = ?', line.costCodeId, CURRENT).v, 1234.5);
  });
});

describe('ReopenForecastPeriod', () => {
  it('needs keyPFM Admin and a reason; keeps the snapshot, superseded, and a new close takes a new one beside it', async () => {
    const budget = budgetOf(1);
    const lines = one('SELECT count(*) AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 0', budget.budgetId, CURRENT).n;
    assert.ok(lines > 0);
    for (const login of ['pm', 'rpm']) {
      const refused = await api.post(login, PATHS.reopen, { BudgetId: budget.budgetId, Month: CURRENT, Reason: 'Late invoice' });
      assert.equal(refused.status, 403, login);
      assert.match(refused.body.message, /needs keyPFM Admin/);
    }
    const noReason = await api.post('admin', PATHS.reopen, { BudgetId: budget.budgetId, Month: CURRENT, Reason: '  ' });
    assert.equal(noReason.status, 400);
    assert.match(noReason.body.message, /Reason/);
    const notClosed = await api.post('admin', PATHS.reopen, { BudgetId: budget.budgetId, Month: addPeriods(CURRENT, -13), Reason: 'x' });
    assert.equal(notClosed.status, 400);
    assert.match(notClosed.body.message, /is not closed/);
    const reopened = await api.post('admin', PATHS.reopen, { BudgetId: budget.budgetId, Month: CURRENT, Reason: 'Late subcontractor invoice' });
    assert.equal(reopened.status, 200, JSON.stringify(reopened.body));
    assert.equal(reopened.body.data.superseded, lines);
    const period = one('SELECT * FROM forecast_periods WHERE budgetId = ? AND month = ?', budget.budgetId, CURRENT);
    assert.equal(period.state, 'Open');
    assert.equal(period.reopenReason, 'Late subcontractor invoice');
    assert.equal(period.reopenedBy, employeeId('admin'));
    assert.equal(one('SELECT count(*) AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 1 AND supersededAt IS NOT NULL',
      budget.budgetId, CURRENT).n, lines);
    // Open again: the PM's save goes through; closing again takes a new snapshot beside the superseded one.
    const line = one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 1 OFFSET 1', budget.budgetId);
    const saved = await saveManualProjection(api, 'pm', { budgetId: budget.budgetId, costCodeId: line.costCodeId, value: '777', reason: 'Buyout came in under' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const closed = await close('rpm', { BudgetId: budget.budgetId, Month: CURRENT });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(one('SELECT count(*) AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 0', budget.budgetId, CURRENT).n, lines);
    assert.equal(one('SELECT count(*) AS n FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 1', budget.budgetId, CURRENT).n, lines);

    const periods = await api.get('pm', PATHS.periods, { recordKey: 'Budget', recordId: budget.budgetId });
    assert.equal(periods.status, 200, JSON.stringify(periods.body));
    const current = periods.body.data.find((p: Row) => p.month === CURRENT);
    assert.equal(current.state, 'Closed');
    assert.equal(current.current, true);
    assert.equal(current.closedByName, 'Linda Okafor');
    assert.equal(current.reopenReason, 'Late subcontractor invoice');
    assert.deepEqual(current.snapshots.map((s: Row) => [s.superseded, s.lines]), [[true, lines], [false, lines]]);
    // The seed's eleven closed months and the one closed here, newest first.
    const closedMonths = periods.body.data.filter((p: Row) => p.state === 'Closed').map((p: Row) => p.month);
    assert.deepEqual(closedMonths, Array.from({ length: 13 }, (_, i) => addPeriods(CURRENT, -i)));
  });
});

describe('comparison and "why did the forecast move"', () => {
  const snapshot = (budgetId: number, month: string): Row[] =>
    all('SELECT * FROM forecast_snapshots WHERE budgetId = ? AND month = ? AND superseded = 0', budgetId, month);

  it('the comparison of two closed months agrees with the snapshots, line by line and in total, largest movement first', async () => {
    const budget = budgetOf(1);
    const from = addPeriods(SEED_MONTH, -9);
    const answer = await api.get('pm', PATHS.comparison, { recordKey: 'Budget', recordId: budget.budgetId, from, to: SEED_MONTH });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const a = snapshot(budget.budgetId, from);
    const b = snapshot(budget.budgetId, SEED_MONTH);
    const { lines, total } = answer.body.data;
    assert.equal(lines.length, b.length);
    assert.equal(cents(total.change.estimateAtCompletion), sumCents(b.map((r) => r.estimateAtCompletion)) - sumCents(a.map((r) => r.estimateAtCompletion)));
    assert.equal(cents(total.change.committed), sumCents(b.map((r) => r.committed)) - sumCents(a.map((r) => r.committed)));
    assert.equal(sumCents(lines.map((l: Row) => l.change.estimateAtCompletion)), cents(total.change.estimateAtCompletion));
    const moves = lines.map((l: Row) => Math.abs(l.change.estimateAtCompletion));
    assert.deepEqual(moves, [...moves].sort((x, y) => y - x));
    const top = lines[0];
    const before = a.find((r) => r.costCodeId === top.costCodeId)!;
    assert.equal(top.from.estimateAtCompletion, before.estimateAtCompletion);
    assert.ok('from' in top.reason && 'to' in top.reason);
  });

  it('the movement between two seeded months adds up exactly, with records for budget changes and commitments, and no remainder', async () => {
    const budget = budgetOf(1);
    const from = addPeriods(SEED_MONTH, -10);
    const answer = await api.get('rpm', PATHS.movement, { recordKey: 'Budget', recordId: budget.budgetId, from, to: SEED_MONTH });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const movement = answer.body.data as Movement;
    const a = snapshot(budget.budgetId, from);
    const b = snapshot(budget.budgetId, SEED_MONTH);
    assert.equal(cents(movement.change), sumCents(b.map((r) => r.estimateAtCompletion)) - sumCents(a.map((r) => r.estimateAtCompletion)));
    assert.equal(sumCents(movement.parts.map((p) => p.amount)), cents(movement.change));
    assert.equal(movement.parts.some((p) => p.source === 'remainder'), false);
    const part = (source: string) => movement.parts.find((p) => p.source === source)!;
    for (const source of ['budgetChanges', 'commitments', 'actualCost']) {
      assert.ok(part(source).records.length > 0, `${source} has records`);
      for (const r of part(source).records) assert.ok(r.recordKey && r.recordId > 0 && typeof r.amount === 'number');
    }
    // The budget's and the commitments' changes are all their records' (actual cost also has cost no record wrote: payroll).
    for (const source of ['budgetChanges', 'commitments']) {
      assert.equal(cents(part(source).unlinked!), 0, source);
      assert.equal(sumCents(part(source).records.map((r) => r.amount)), cents(part(source).figureChange!), source);
    }
    assert.equal(sumCents(movement.lines.map((l) => l.change)), cents(movement.change));
  });

  it("to 'current': the PM's re-forecast shows as a projection change with its reason; the parts add up to the change", async () => {
    const budget = budgetOf(2);
    const line = one('SELECT costCodeId, code FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 1', budget.budgetId);
    const now = currentLines(host.db, budget.budgetId).find((l) => l.costCodeId === line.costCodeId)!;
    const value = now.projectedCostToComplete + 50_000;
    const saved = await saveManualProjection(api, 'pm', { budgetId: budget.budgetId, costCodeId: line.costCodeId, value: String(value), reason: 'Curtain wall re-bid came in high' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const answer = await api.get('pm', PATHS.movement, { recordKey: 'Budget', recordId: budget.budgetId, from: addPeriods(SEED_MONTH, -1), to: 'current' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const movement = answer.body.data as Movement;
    const after: SnapshotLine[] = currentLines(host.db, budget.budgetId);
    const before = snapshot(budget.budgetId, addPeriods(SEED_MONTH, -1));
    assert.equal(cents(movement.change), sumCents(after.map((l) => l.estimateAtCompletion)) - sumCents(before.map((r) => r.estimateAtCompletion)));
    assert.equal(sumCents(movement.parts.map((p) => p.amount)), cents(movement.change));
    assert.equal(movement.parts.some((p) => p.source === 'remainder'), false);
    const typed = movement.parts.find((p) => p.source === 'projections')!.records.find((r) => r.recordId === line.costCodeId);
    assert.ok(typed, 'the re-forecast line is listed');
    assert.equal(typed.reason, 'Curtain wall re-bid came in high');
    assert.equal(typed.recordKey, 'CostCode');
  });

  it('bad input: a bad month, an unknown budget, from after to, a month with no snapshot, both or neither of BudgetId and RegionId', async () => {
    const budget = budgetOf(1);
    const q = (extra: Record<string, string | number>) => ({ recordKey: 'Budget', recordId: budget.budgetId, from: addPeriods(SEED_MONTH, -2), to: SEED_MONTH, ...extra });
    const cases: Array<[Promise<{ status: number; body: Row }>, number, RegExp]> = [
      [api.get('pm', PATHS.comparison, q({ from: '2026-13' })), 400, /'from' must be a month/],
      [api.get('pm', PATHS.movement, q({ to: 'last' })), 400, /'to' must be a month \(YYYY-MM\) or 'current'/],
      [api.get('pm', PATHS.comparison, q({ from: SEED_MONTH, to: addPeriods(SEED_MONTH, -2) })), 400, /is after 'to'/],
      [api.get('admin', PATHS.comparison, q({ recordId: 999999 })), 404, /Budget 999999 not found/],
      [api.get('pm', PATHS.comparison, q({ from: addPeriods(SEED_MONTH, -40) })), 400, /has no snapshot of/],
      [api.get('pm', PATHS.periods, { recordKey: 'Project', recordId: 1 }), 400, /recordKey/],
      [close('admin', { BudgetId: budget.budgetId, RegionId: 1, Month: SEED_MONTH }), 400, /not both/],
      [close('admin', { Month: SEED_MONTH }), 400, /Send BudgetId/],
      [close('admin', { BudgetId: 999999, Month: SEED_MONTH }), 404, /not found/],
      [close('admin', { RegionId: 999, Month: SEED_MONTH }), 404, /Region 999 not found/],
      [close('admin', { BudgetId: budget.budgetId, Month: 'November' }), 400, /'Month' must be a month/],
    ];
    for (const [call, status, message] of cases) {
      const answer = await call;
      assert.equal(answer.status, status, JSON.stringify(answer.body));
      assert.match(answer.body.message, message);
    }
  });
});

describe('pay applications in a closed month', () => {
  it("refuses a pay application for a month whose forecast period is closed on the commitment's budget", async () => {
    const sub = one(`SELECT t.subcontractId, t.budgetId FROM subcontracts t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.projectId = 1 AND s.name = 'Executed' AND NOT EXISTS (SELECT 1 FROM pay_applications a JOIN application_record_states x
        ON x.applicationRecordStateId = a.applicationRecordStateId WHERE a.commitmentKey = 'Subcontract' AND a.commitmentId = t.subcontractId AND (x.closed = 0 OR a.periodEnd >= ?))
      ORDER BY t.subcontractId LIMIT 1`, lastDayOf(SEED_MONTH));
    assert.equal(one('SELECT state FROM forecast_periods WHERE budgetId = ? AND month = ?', sub.budgetId, SEED_MONTH).state, 'Closed');
    const answer = await api.post('pm', '/api/pfm/CreatePayApplication', { RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, PeriodEnd: lastDayOf(SEED_MONTH) });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(answer.body.message, /The period ending .* is closed: the job's forecast period was closed/);
  });
});

describe('the scale budget (5,000 lines)', () => {
  const scale = useTestHost({ scale: true });
  it('closes its period on the server (time printed, not asserted)', async () => {
    const budget = scale.one("SELECT b.budgetId FROM budgets b JOIN projects p ON p.projectId = b.projectId WHERE p.number = '26-9001' ORDER BY b.budgetId LIMIT 1");
    const lines = scale.one('SELECT count(*) AS n FROM cost_codes WHERE budgetId = ?', budget.budgetId).n;
    const started = performance.now();
    const answer = await scale.api.post('admin', PATHS.close, { BudgetId: budget.budgetId, Month: CURRENT });
    const ms = performance.now() - started;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.lines, lines);
    console.log(`[bench] CloseForecastPeriod of the scale budget (${lines} lines): ${ms.toFixed(0)} ms round trip`);
    const compared = performance.now();
    const comparison = await scale.api.get('admin', PATHS.comparison, { recordKey: 'Budget', recordId: budget.budgetId, from: CURRENT, to: 'current' });
    assert.equal(comparison.status, 200);
    console.log(`[bench] getforecastcomparison of it against today: ${(performance.now() - compared).toFixed(0)} ms round trip`);
  });
});
