/**
 * Pending exposure per budget line (issue 32): pending budget changes (change events Open or Pending, weighted
 * by their probability; approved events on an owner change order not yet approved) and pending cost changes
 * (commitments in Draft or Pending Signature, purchase orders in Draft, commitment change orders and direct costs
 * not yet approved); committed counts commitments from Executed (purchase orders Issued) on (issue 31); the
 * drill-down GET /api/pfm/getpendingexposure; a change event's probability (migration 031, SaveChangeEvent).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const SUMMARY = '/api/pfm/getcostcodetransactionsummary';
const EXPOSURE = '/api/pfm/getpendingexposure';
const cents = (n: number) => Math.round(n * 100) / 100;

const line = async (costCodeId: number): Promise<Row> => (await api.get('admin', SUMMARY, { recordKey: 'CostCode', recordId: costCodeId })).body.data[0] as Row;
const exposure = async (recordKey: 'Budget' | 'CostCode', recordId: number): Promise<Row[]> => {
  const answer = await api.get('admin', EXPOSURE, { recordKey, recordId });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data as Row[];
};
const all = (sql: string, ...args: unknown[]) => host.db.prepare(sql).all(...args) as Row[];

describe('pending budget changes', () => {
  it("a change event's Open items are pending, weighted by the probability SaveChangeEvent sets; the drill-down lists it", async () => {
    const event = one(`SELECT ce.changeEventId, ce.number, ce.applicationRecordStateId, i.costCodeId FROM change_events ce
      JOIN change_event_items i ON i.changeEventId = ce.changeEventId JOIN application_record_states s ON s.applicationRecordStateId = ce.applicationRecordStateId
      JOIN application_record_states si ON si.applicationRecordStateId = i.applicationRecordStateId
      WHERE ce.budgetId = 1 AND s.name = 'Open' AND si.name NOT IN ('Rejected', 'Canceled', 'Void') AND i.costCodeId IS NOT NULL ORDER BY ce.changeEventId LIMIT 1`);
    const amount = cents(all(`SELECT coalesce(approvedAmount, proposedAmount, estimatedAmount, 0) AS a FROM change_event_items i
      JOIN application_record_states si ON si.applicationRecordStateId = i.applicationRecordStateId
      WHERE changeEventId = ? AND costCodeId = ? AND si.name NOT IN ('Rejected', 'Canceled', 'Void')`, event.changeEventId, event.costCodeId).reduce((s, r) => s + r.a, 0));
    assert.ok(amount !== 0);
    const before = await line(event.costCodeId);
    const listed = (await exposure('CostCode', event.costCodeId)).find((r) => r.recordKey === 'ChangeEvent' && r.recordId === event.changeEventId)!;
    assert.deepEqual({ ...listed, costCodeIds: undefined }, {
      side: 'budget', recordKey: 'ChangeEvent', recordId: event.changeEventId, number: event.number, state: 'Open', probability: 100,
      itemCount: listed.itemCount, amount, weightedAmount: amount, costCodeIds: undefined,
    });

    const saved = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: event.changeEventId, Probability: '40%' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.probability, 40);
    const after = await line(event.costCodeId);
    assert.equal(after.pendingBudgetChanges, cents(before.pendingBudgetChanges - amount * 0.6));
    assert.equal(after.approvedChanges, before.approvedChanges);
    assert.equal(after.currentBudgetWithPending, cents(after.currentBudget + after.pendingBudgetChanges));
    const weighted = (await exposure('CostCode', event.costCodeId)).find((r) => r.recordKey === 'ChangeEvent' && r.recordId === event.changeEventId)!;
    assert.deepEqual([weighted.probability, weighted.amount, weighted.weightedAmount], [40, amount, cents(amount * 0.4)]);
  });

  it('the probability is a whole percent from 0 to 100 (400 otherwise, nothing written), and fixed once the event is Approved', async () => {
    const open = one("SELECT changeEventId FROM change_events ce JOIN application_record_states s USING (applicationRecordStateId) WHERE ce.budgetId = 1 AND s.name = 'Pending' LIMIT 1");
    const before = checksum(host, ['change_events']);
    for (const bad of ['101', '-1', '50.5', 'likely', '']) {
      const answer = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, Probability: bad });
      assert.equal(answer.status, 400, bad);
      assert.deepEqual(answer.body.data, [{ integerValue: 1, stringValue: 'probability', message: bad === '' ? 'probability is required.' : 'probability must be a whole percent from 0 to 100.' }]);
    }
    assert.equal(checksum(host, ['change_events']), before);
    assert.equal((await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, Probability: '0' })).body.data.probability, 0);
    const approved = one("SELECT changeEventId FROM change_events ce JOIN application_record_states s USING (applicationRecordStateId) WHERE s.name = 'Approved' AND ce.budgetId = 1 LIMIT 1");
    const refused = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: approved.changeEventId, Probability: '50' });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.data, [{ integerValue: 1, stringValue: 'probability', message: 'probability can not be changed in this state.' }]);
  });

  it('approved events on an owner change order not yet approved are pending, not approved; approving the order moves them once', async () => {
    const order = one(`SELECT o.ownerAgreementChangeOrderId AS id, o.number, o.applicationRecordStateId AS stateId, i.costCodeId, sum(i.approvedAmount) AS amount
      FROM owner_agreement_change_orders o JOIN application_record_states so ON so.applicationRecordStateId = o.applicationRecordStateId
      JOIN change_events ce ON ce.ownerAgreementChangeOrderId = o.ownerAgreementChangeOrderId JOIN change_event_items i ON i.changeEventId = ce.changeEventId
      JOIN application_record_states si ON si.applicationRecordStateId = i.applicationRecordStateId
      WHERE so.name = 'Pending Approval' AND si.name IN ('Approved', 'Pending Commitment', 'Committed') AND i.costCodeId IS NOT NULL
      GROUP BY o.ownerAgreementChangeOrderId, i.costCodeId HAVING abs(sum(i.approvedAmount)) > 0 ORDER BY o.ownerAgreementChangeOrderId LIMIT 1`);
    const before = await line(order.costCodeId);
    const listed = (await exposure('CostCode', order.costCodeId)).find((r) => r.recordKey === 'OwnerAgreementChangeOrder' && r.recordId === order.id)!;
    assert.deepEqual([listed.side, listed.number, listed.state, listed.amount, listed.weightedAmount], ['budget', order.number, 'Pending Approval', cents(order.amount), cents(order.amount)]);
    host.db.prepare('UPDATE owner_agreement_change_orders SET applicationRecordStateId = ? WHERE ownerAgreementChangeOrderId = ?')
      .run(stateId(host, 'OwnerAgreementChangeOrder', 'Approved'), order.id);
    try {
      const after = await line(order.costCodeId);
      assert.equal(after.approvedChanges, cents(before.approvedChanges + order.amount));
      assert.equal(after.pendingBudgetChanges, cents(before.pendingBudgetChanges - order.amount));
      assert.equal(after.currentBudgetWithPending, before.currentBudgetWithPending, 'counted once, before and after');
    } finally {
      host.db.prepare('UPDATE owner_agreement_change_orders SET applicationRecordStateId = ? WHERE ownerAgreementChangeOrderId = ?').run(order.stateId, order.id);
    }
  });
});

describe('pending cost changes and committed cost', () => {
  it('a subcontract in Draft or Pending Signature is pending, not committed; Executed is committed (issue 31)', async () => {
    for (const state of ['Draft', 'Pending Signature']) {
      const item = one(`SELECT c.subcontractId, c.number, i.costCodeId, sum(i.amount) AS amount FROM subcontracts c JOIN subcontract_items i USING (subcontractId)
        JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId
        WHERE s.name = ? AND c.budgetId = 1 GROUP BY c.subcontractId, i.costCodeId HAVING sum(i.amount) > 0 ORDER BY c.subcontractId LIMIT 1`, state);
      const before = await line(item.costCodeId);
      const listed = (await exposure('CostCode', item.costCodeId)).find((r) => r.recordKey === 'Subcontract' && r.recordId === item.subcontractId)!;
      assert.deepEqual([listed.side, listed.number, listed.state, listed.amount], ['cost', item.number, state, cents(item.amount)]);
      // Executing it moves its amount from pending to committed, once.
      const stateBefore = one('SELECT applicationRecordStateId FROM subcontracts WHERE subcontractId = ?', item.subcontractId).applicationRecordStateId;
      host.db.prepare('UPDATE subcontracts SET applicationRecordStateId = ? WHERE subcontractId = ?').run(stateId(host, 'Subcontract', 'Executed'), item.subcontractId);
      try {
        const after = await line(item.costCodeId);
        assert.equal(after.committed, cents(before.committed + item.amount), state);
        assert.equal(after.pendingCostChanges, cents(before.pendingCostChanges - item.amount), state);
      } finally {
        host.db.prepare('UPDATE subcontracts SET applicationRecordStateId = ? WHERE subcontractId = ?').run(stateBefore, item.subcontractId);
      }
    }
  });

  it('direct costs not yet approved are pending; the estimate at completion with pending adds the pending cost', async () => {
    const cost = one(`SELECT d.directCostId, d.number, s.name AS state, i.costCodeId, sum(i.amount) AS amount FROM direct_costs d JOIN direct_cost_items i USING (directCostId)
      JOIN application_record_states s ON s.applicationRecordStateId = d.applicationRecordStateId
      WHERE s.name IN ('Draft', 'Pending Approval') GROUP BY d.directCostId, i.costCodeId ORDER BY d.directCostId LIMIT 1`);
    const listed = (await exposure('CostCode', cost.costCodeId)).find((r) => r.recordKey === 'DirectCost' && r.recordId === cost.directCostId)!;
    assert.deepEqual([listed.side, listed.number, listed.state, listed.amount], ['cost', cost.number, cost.state, cents(cost.amount)]);
    const summary = await line(cost.costCodeId);
    assert.ok(summary.pendingCostChanges >= cents(cost.amount) - 0.01);
    assert.equal(summary.estimateAtCompletionWithPending, cents(summary.projectedFinalCost + summary.pendingCostChanges));
  });

  it("a budget's drill-down adds up to its lines' pending figures, and the budget summary totals them", async () => {
    const records = await exposure('Budget', 1);
    const lines = (await api.get('admin', SUMMARY, { recordKey: 'Budget', recordId: 1 })).body.data as Row[];
    const side = (name: string) => cents(records.filter((r) => r.side === name).reduce((s, r) => s + r.weightedAmount, 0));
    const sum = (field: string) => cents(lines.reduce((s, l) => s + l[field], 0));
    assert.ok(records.some((r) => r.side === 'budget') && records.some((r) => r.side === 'cost'));
    assert.ok(Math.abs(side('budget') - sum('pendingBudgetChanges')) < 0.05, `${side('budget')} vs ${sum('pendingBudgetChanges')}`);
    assert.ok(Math.abs(side('cost') - sum('pendingCostChanges')) < 0.05, `${side('cost')} vs ${sum('pendingCostChanges')}`);
    assert.deepEqual(new Set(records.map((r) => r.recordKey)), new Set(['ChangeEvent', 'Subcontract', 'PurchaseAgreement', 'PurchaseOrder', 'DirectCost',
      ...records.filter((r) => ['OwnerAgreementChangeOrder', 'SubcontractChangeOrder', 'PurchaseAgreementChangeOrder'].includes(r.recordKey)).map((r) => r.recordKey)]));
    const [budget] = (await api.get('admin', '/api/pfm/getcostcodetransactionsummarybudget', { recordKey: 'Budget', recordId: 1 })).body.data as Row[];
    assert.ok(Math.abs(budget!.pendingCostChanges - sum('pendingCostChanges')) < 0.05);
    assert.ok(Math.abs(budget!.estimateAtCompletionWithPending - sum('estimateAtCompletionWithPending')) < 0.05);
  });

  it('the drill-down refuses a record key it does not take and a budget outside the caller\'s projects', async () => {
    assert.equal((await api.get('admin', EXPOSURE, { recordKey: 'Subcontract', recordId: 1 })).status, 400);
    const other = one('SELECT b.budgetId FROM budgets b WHERE b.projectId NOT IN (SELECT projectId FROM project_team_members m JOIN employees e USING (employeeId) WHERE e.login = ?) LIMIT 1', 'pm');
    if (other) assert.ok([403, 404].includes((await api.get('pm', EXPOSURE, { recordKey: 'Budget', recordId: other.budgetId })).status));
  });
});
