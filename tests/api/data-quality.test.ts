/**
 * GET /api/pfm/getdataqualityissues (pfm/data-quality/issues.ts): the rules of src/core/data-quality
 * over a project's rows, the seeded defects of project 1, a fixed record dropping off, roles and bad input.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addDays } from '../../src/core/timecards/days';
import { pinClock } from '../../src/core/clock';
import { saveManualProjection } from './support/projections';
import { useTestHost, type Row } from './support/use-host';

// The test database is seeded as of this day (tests/api/support/prepare-seed.ts); ages count from the clock's today.
const SEEDED_ON = '2026-11-01';
const { api, one } = useTestHost({ clock: () => pinClock(SEEDED_ON) });

const PATH = '/api/pfm/getdataqualityissues';
const issues = async (query: Record<string, string | number> = { recordKey: 'Project', recordId: 1 }) => {
  const answer = await api.get('pm', PATH, query);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data as Row[];
};

describe('getdataqualityissues', () => {
  it("answers project 1's seeded defects, each with its rule, severity, record, workbench and message", async () => {
    const answer = await api.get('pm', PATH, { recordKey: 'Project', recordId: 1 });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('server-timing') ?? '', /^dq;desc="data-quality rules";dur=\d+(\.\d)?$/);
    const rows = answer.body.data as Row[];
    const byRule = (id: string) => rows.filter((r) => r.ruleId === id);
    const sc = one("SELECT subcontractId, number FROM subcontracts WHERE projectId = 1 AND number = 'SC-24-1032-028'");
    assert.deepEqual(byRule('commitment-without-items'), [{
      ruleId: 'commitment-without-items', ruleTitle: 'Commitment without items', severity: 'error', recordKey: 'Subcontract', recordId: sc.subcontractId,
      number: 'SC-24-1032-028', budgetId: 1, projectId: 1, workbench: 'Subcontract',
      message: 'SC-24-1032-028 has no items: add at least one item with its cost code and amount, or void it.',
    }]);
    const po = one("SELECT purchaseOrderId FROM purchase_orders WHERE number = 'PO-24-1032-006'").purchaseOrderId as number;
    assert.deepEqual(byRule('inactive-vendor').map((r) => [r.recordKey, r.recordId, r.severity]), [['PurchaseOrder', po, 'warning']]);
    assert.deepEqual(byRule('item-cost-code-off-budget').map((r) => [r.recordKey, r.recordId]), [['PurchaseOrder', po]]);
    assert.deepEqual(byRule('owner-change-order-without-change-events').map((r) => [r.number, r.workbench]), [['OCO-002', 'OwnerAgreementChangeOrder']]);
    assert.deepEqual(byRule('unreconciled-cost-adjustment').map((r) => r.number), ['CA-24-1032-002', 'CA-24-1032-004']);
    assert.deepEqual(byRule('direct-cost-pending-approval').map((r) => [r.number, r.workbench, r.message]), [
      ['DC-24-1032-002', 'DirectCost', 'DC-24-1032-002 has waited 20 days for approval: approve it, or send it back with Revise and Resubmit.'],
    ]);
    // Days count to the clock's today, not to the day the data was seeded: 26 days later it has waited 46.
    pinClock(addDays(SEEDED_ON, 26));
    try {
      assert.deepEqual((await issues()).filter((r) => r.ruleId === 'direct-cost-pending-approval').map((r) => r.message),
        ['DC-24-1032-002 has waited 46 days for approval: approve it, or send it back with Revise and Resubmit.']);
    } finally {
      pinClock(SEEDED_ON);
    }
    assert.deepEqual(byRule('approved-item-not-committed').map((r) => [r.recordKey, r.workbench]), [['ChangeEventItem', 'ChangeEventItem']]);
    assert.deepEqual(byRule('projection-not-submitted').map((r) => [r.recordKey, r.recordId, r.workbench, r.severity]), [['Budget', 1, null, 'info']]);
    assert.ok(byRule('change-event-open-too-long').length > 0);
    // The same answer by the project's budget.
    assert.deepEqual(await issues({ recordKey: 'Budget', recordId: 1 }), rows);
  });

  it('a fixed record drops off: the itemless subcontract gets an item through SaveCommitment', async () => {
    const sc = one("SELECT subcontractId, applicationRecordStateId FROM subcontracts WHERE number = 'SC-24-1032-028'");
    const line = one("SELECT costCodeId FROM cost_codes WHERE budgetId = 1 AND type = 'S' ORDER BY costCodeId LIMIT 1").costCodeId as number;
    assert.ok((await issues()).some((r) => r.ruleId === 'commitment-without-items' && r.recordId === sc.subcontractId));
    const saved = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sc.subcontractId, OldRecordStateId: sc.applicationRecordStateId,
      'items[0].costCodeId': line, 'items[0].description': 'Winter enclosures', 'items[0].amount': '18500',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal((await issues()).some((r) => r.ruleId === 'commitment-without-items' && r.recordId === sc.subcontractId), false);
  });

  it('a manual negative cost to complete saved in the grid fails the rule (error, a budget line with no workbench)', async () => {
    const line = one("SELECT costCodeId FROM cost_codes WHERE budgetId = 2 AND type = 'L' ORDER BY costCodeId LIMIT 1").costCodeId as number;
    const saved = await saveManualProjection(api, 'pm', { budgetId: 2, costCodeId: line, value: '-1500', reason: 'Credit expected' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const failing = (await issues({ recordKey: 'Project', recordId: 2 })).filter((r) => r.ruleId === 'negative-cost-to-complete');
    assert.deepEqual(failing.map((r) => [r.recordKey, r.recordId, r.workbench, r.severity]), [['CostCode', line, null, 'error']]);
    assert.match(failing[0]!.message, /projects a cost to complete of -\$1,500\.00: enter zero or more in the projection grid/);
  });

  it('refuses employee and viewer (403), and answers bad input with a 4xx and a clear message', async () => {
    for (const login of ['employee', 'viewer']) {
      const refused = await api.get(login, PATH, { recordKey: 'Project', recordId: 1 });
      assert.equal(refused.status, 403, login);
    }
    assert.equal((await api.get(null, PATH, { recordKey: 'Project', recordId: 1 })).status, 401);
    const cases: Array<[Record<string, string | number>, number, RegExp]> = [
      [{}, 400, /Parameter 'recordKey' is required: Project or Budget\./],
      [{ recordKey: 'Vendor', recordId: 1 }, 400, /must be one of Project, Budget/],
      [{ recordKey: 'Project' }, 400, /Parameter 'recordId' is required\./],
      [{ recordKey: 'Project', recordId: 'abc' }, 400, /must be a positive integer id/],
      [{ recordKey: 'Project', recordId: 999999 }, 404, /Project 999999 not found\./],
      [{ recordKey: 'Budget', recordId: 999999 }, 404, /Budget 999999 not found\./],
      [{ recordKey: 'Project', recordId: 1, lastLoad: 'yesterday' }, 400, /lastLoad/],
    ];
    for (const [query, status, message] of cases) {
      const answer = await api.get('pm', PATH, query);
      assert.equal(answer.status, status, JSON.stringify(query));
      assert.match(answer.body.message, message);
    }
  });
});
