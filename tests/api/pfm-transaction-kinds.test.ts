/**
 * A budget transfer moves budget, not actual cost (issue 32, migration 030): a posted cost adjustment writes
 * cost-code transactions of kind 'budgetTransfer'; actual to date (the projection summaries, the transaction
 * counts) counts only kind 'actual'; the adjustment moves the lines' budget once. An upgraded database (the
 * previous release's) is corrected by the migration.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lineSummaries } from '../../demo/host/api/pfm/projections/summaries';
import { stateId } from './api-client';
import { upgradePreviousRelease } from './support/migrations';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const cents = (n: number) => Math.round(n * 100) / 100;

const lineSummary = async (budgetId: number, costCodeId: number): Promise<Row> =>
  ((await api.get('pm', '/api/pfm/getcostcodetransactionsummary', { recordKey: 'CostCode', recordId: costCodeId })).body.data as Row[])
    .find((l) => l.costCodeId === costCodeId && l.budgetId === budgetId)!;

const transactionCount = async (costCodeId: number): Promise<Row> =>
  ((await api.get('pm', '/api/pfm/getcostcodetransactioncount', { recordKey: 'CostCode', recordId: costCodeId })).body.data as Row[])[0]!;

describe('a posted budget transfer', () => {
  it('leaves both lines\' actual to date unchanged and moves their current budgets by ∓$25,000, once', async () => {
    const budget = one('SELECT budgetId, projectId FROM budgets WHERE projectId = 1 AND budgetLock = 0 ORDER BY budgetId LIMIT 1');
    const [a, b] = (host.db.prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'S' ORDER BY costCodeId LIMIT 2").all(budget.budgetId) as Row[])
      .map((r) => r.costCodeId as number);
    const created = await api.post('pm', '/api/pfm/CreateCostAdjustment', {
      ProjectId: budget.projectId, BudgetId: budget.budgetId, CostAdjustmentReasonId: 2, Description: 'Move framing budget to drywall', Amount: '25000', Transfer: 'true',
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const saved = await api.post('pm', '/api/pfm/SaveCostAdjustment', {
      CostAdjustmentId: created.body.data.costAdjustmentId, OldRecordStateId: created.body.data.applicationRecordStateId,
      'items[0].costCodeId': a!, 'items[0].description': 'From framing', 'items[0].amount': '-25000',
      'items[1].costCodeId': b!, 'items[1].description': 'To drywall', 'items[1].amount': '25000',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const [beforeA, beforeB] = [await lineSummary(budget.budgetId, a!), await lineSummary(budget.budgetId, b!)];
    const [countA, countB] = [await transactionCount(a!), await transactionCount(b!)];

    const record = saved.body.data.record;
    const posted = await api.post('rpm', '/api/pfm/UpdateCostAdjustmentState', {
      ItemId: record.costAdjustmentId, OldRecordStateId: record.applicationRecordStateId, RouteStateId: stateId(host, 'CostAdjustment', 'Reconciled'),
    });
    assert.equal(posted.status, 200, JSON.stringify(posted.body));

    assert.deepEqual(host.db.prepare("SELECT costCodeId, amount, kind FROM cost_code_transactions WHERE sourceRecordKey = 'CostAdjustment' AND sourceRecordId = ? ORDER BY costCodeTransactionId")
      .all(record.costAdjustmentId), [{ costCodeId: a, amount: -25000, kind: 'budgetTransfer' }, { costCodeId: b, amount: 25000, kind: 'budgetTransfer' }]);
    const [afterA, afterB] = [await lineSummary(budget.budgetId, a!), await lineSummary(budget.budgetId, b!)];
    assert.equal(afterA.actualToDate, beforeA.actualToDate, 'the transfer is not cost on the line it leaves');
    assert.equal(afterB.actualToDate, beforeB.actualToDate, 'nor on the line it reaches');
    assert.equal(afterA.currentBudget, cents(beforeA.currentBudget - 25000));
    assert.equal(afterB.currentBudget, cents(beforeB.currentBudget + 25000));
    assert.equal(afterA.approvedChanges, cents(beforeA.approvedChanges - 25000));
    assert.equal(afterB.approvedChanges, cents(beforeB.approvedChanges + 25000));
    // The transactions workbench still lists them (marked by kind); the per-line amount is actual cost.
    const [laterA, laterB] = [await transactionCount(a!), await transactionCount(b!)];
    assert.deepEqual([laterA.transactionCount, laterB.transactionCount], [countA.transactionCount + 1, countB.transactionCount + 1]);
    assert.deepEqual([laterA.amount, laterB.amount], [countA.amount, countB.amount]);
    const listed = (await api.get('pm', '/api/pfm/getcostcodetransaction', { recordKey: 'CostCode', recordId: b! })).body.data as Row[];
    assert.deepEqual(listed.filter((t) => t.sourceRecordKey === 'CostAdjustment' && t.sourceRecordId === record.costAdjustmentId).map((t) => t.kind), ['budgetTransfer']);
  });
});

describe('the seed', () => {
  it("posts its reconciled cost adjustments as budget transfers, with no units or hours; all else is actual cost", () => {
    assert.deepEqual(host.db.prepare(`SELECT kind, coalesce(sourceRecordKey, '') = 'CostAdjustment' AS adjustment, max(abs(units) + abs(hours)) > 0 AS quantities
      FROM cost_code_transactions GROUP BY 1, 2 ORDER BY 1`).all(), [{ kind: 'actual', adjustment: 0, quantities: 1 }, { kind: 'budgetTransfer', adjustment: 1, quantities: 0 }]);
  });
});

describe('migration 030 on the previous release\'s database', () => {
  it('marks the postings of cost adjustments as budget transfers, keeps every row, and actual to date stops counting them', () => upgradePreviousRelease('bizapps-kinds-', 30, (old) => {
    const all = old.prepare('SELECT count(*) AS n, sum(amount) AS s FROM cost_code_transactions').get() as Row;
    const transfers = old.prepare("SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'CostAdjustment'").get() as Row;
    assert.ok(transfers.n > 10, `${transfers.n} cost-adjustment postings in the old database`);
    // A line a posted adjustment moved: its actual to date counted the transfer before.
    const moved = old.prepare(`SELECT x.costCodeId, cc.budgetId, sum(x.amount) AS transfer,
        (SELECT sum(amount) FROM cost_code_transactions y WHERE y.costCodeId = x.costCodeId) AS everything
      FROM cost_code_transactions x JOIN cost_codes cc ON cc.costCodeId = x.costCodeId
      WHERE x.sourceRecordKey = 'CostAdjustment' GROUP BY x.costCodeId HAVING abs(sum(x.amount)) > 1 ORDER BY x.costCodeId LIMIT 1`).get() as Row;
    return { all, transfers, moved };
  }, (db, { all, transfers, moved }) => {
    assert.deepEqual(db.prepare('SELECT count(*) AS n, sum(amount) AS s FROM cost_code_transactions').get(), all, 'every row kept');
    assert.deepEqual(db.prepare("SELECT kind, count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'CostAdjustment' GROUP BY kind").all(),
      [{ kind: 'budgetTransfer', n: transfers.n }]);
    assert.equal(db.prepare("SELECT count(*) AS n FROM cost_code_transactions WHERE kind = 'budgetTransfer'").pluck().get(), transfers.n, 'nothing else changed kind');
    const [line] = lineSummaries(db, { recordKey: 'CostCode', recordId: moved.costCodeId, open: true });
    assert.equal(line!.actualToDate, cents(moved.everything - moved.transfer));
    // The projections can carry a plugged quantity and rate; change events a probability of 100 %.
    const columns = (table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as Row[]).map((c) => c.name);
    assert.ok(['pluggedQuantity', 'pluggedRate', 'pluggedBy'].every((c) => columns('projections').includes(c)));
    assert.deepEqual(db.prepare('SELECT DISTINCT probability FROM change_events').pluck().all(), [100]);
    // Migration 031's field security of the probability: editable while the event is open and not Approved.
    assert.deepEqual(db.prepare(`SELECT s.name, f.editable, f.visible FROM field_security f JOIN application_record_states s ON s.applicationRecordStateId = f.lookupApplicationRecordStateId
      WHERE f.fieldName = 'probability' AND f.roleName IS NULL AND f.employeeId IS NULL ORDER BY s.displayOrder`).all(), [
      { name: 'Open', editable: 1, visible: 1 }, { name: 'Pending', editable: 1, visible: 1 }, { name: 'Approved', editable: 0, visible: 1 },
      { name: 'Complete', editable: 0, visible: 1 }, { name: 'No Change', editable: 0, visible: 1 }, { name: 'Rejected', editable: 0, visible: 1 },
      { name: 'Canceled', editable: 0, visible: 1 },
    ]);
  }));
});
