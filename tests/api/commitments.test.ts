/** Commitment writes (pfm/commitments/writes.ts): save under field security with feedback, state updates, the owner link rule. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const TABLES = ['subcontracts', 'subcontract_items', 'purchase_orders', 'purchase_order_items', 'change_events'];

const stateOf = (table: string, idColumn: string, id: number) => one(`SELECT applicationRecordStateId AS s FROM ${table} WHERE ${idColumn} = ?`, id).s as number;
/** A line of budget 1 of cost type `type`. */
const lineOfType = (type: string, budgetId = 1) => one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? ORDER BY costCodeId LIMIT 1', budgetId, type).costCodeId as number;

describe('SaveCommitment', () => {
  it('a draft subcontract: header and an item saved in one transaction, with warnings and infos', async () => {
    const item = one('SELECT * FROM subcontract_items WHERE subcontractId = 1');
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: 1, OldRecordStateId: stateOf('subcontracts', 'subcontractId', 1),
      description: 'Drywall and framing', retainagePercent: '0', excessLiability: '',
      'items[0].itemId': item.subcontractItemId, 'items[0].costCodeId': item.costCodeId, 'items[0].description': 'Framing', 'items[0].amount': '12345.5',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const { record, feedback } = answer.body.data;
    assert.equal(record.description, 'Drywall and framing');
    assert.equal(record.retainagePercent, 0);
    assert.equal(record.items[0].amount, 12345.5);
    assert.equal(record.originalAmount, 12345.5);
    assert.deepEqual(feedback.map((f: Row) => [f.integerValue, f.stringValue]), [[2, 'retainagePercent'], [3, 'excessLiability'], [3, 'items']]);
    assert.equal(feedback[0].message, 'No retainage will be withheld on this subcontract.');
    assert.equal(feedback[2].message, 'Items total $12,345.50.');
  });

  it("an item of another record is refused at its line, and nothing is written", async () => {
    const before = checksum(host, TABLES);
    const foreign = one('SELECT subcontractItemId FROM subcontract_items WHERE subcontractId <> 1 ORDER BY subcontractItemId LIMIT 1').subcontractItemId as number;
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: 1, 'items[0].itemId': foreign, 'items[0].amount': '1' });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.deepEqual((answer.body.data as Row[]).filter((f) => f.integerValue === 1).map((f) => [f.stringValue, f.message]),
      [['items[0].itemId', `Line 1: item '${foreign}' is not an item of this subcontract.`]]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('invalid values answer 400 with one feedback item per field, and nothing is written', async () => {
    const before = checksum(host, TABLES);
    const agency = one("SELECT costCodeId FROM cost_codes WHERE type IN ('A', 'F') LIMIT 1")?.costCodeId as number | undefined;
    const otherBudget = lineOfType('S', 2);
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: 1, description: ' ', retainagePercent: '7', excessLiability: '4000000',
      'items[0].costCodeId': otherBudget, 'items[0].description': 'x', 'items[0].amount': '1',
      'items[1].costCodeId': lineOfType('S'), 'items[1].description': 'y', 'items[1].amount': '1.2.3',
      'items[2].costCodeId': lineOfType('S'), 'items[2].description': '', 'items[2].amount': '5',
      ...(agency ? { 'items[3].costCodeId': agency, 'items[3].description': 'agency', 'items[3].amount': '5' } : {}),
    });
    assert.equal(answer.status, 400);
    const feedback = answer.body.data as Row[];
    const byField = Object.fromEntries(feedback.filter((f) => f.integerValue === 1).map((f) => [f.stringValue, f.message]));
    assert.equal(byField.description, 'A description is required.');
    assert.equal(byField.retainagePercent, 'Retainage must be 10%, 5% or 0%.');
    assert.equal(byField.excessLiability, 'Excess liability must be N/A, $3M, $5M or $10M.');
    assert.equal(byField['items[0].costCodeId'], 'Line 1: choose a cost code of this budget.');
    assert.equal(byField['items[1].amount'], 'Line 2: the amount must be a number.');
    assert.equal(byField['items[2].description'], 'Line 3: a description of at most 500 characters is required.');
    assert.equal(checksum(host, TABLES), before);
  });

  it('cost types A and F are refused even on a line of the budget', async () => {
    const line = one('SELECT costCodeId FROM cost_codes WHERE budgetId = 1 LIMIT 1').costCodeId as number;
    host.db.prepare("UPDATE cost_codes SET type = 'A' WHERE costCodeId = ?").run(line);
    try {
      const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
        RecordKey: 'Subcontract', RecordId: 1, 'items[0].costCodeId': line, 'items[0].description': 'agency', 'items[0].amount': '5',
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.data[0].message, 'Line 1: cost type A can not be committed.');
    } finally {
      host.db.prepare("UPDATE cost_codes SET type = 'L' WHERE costCodeId = ?").run(line);
    }
  });

  it('field security of the state: an executed subcontract keeps its retainage, excess liability stays editable', async () => {
    const executed = one("SELECT s.subcontractId, s.retainagePercent FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) WHERE s.projectId = 1 AND st.name = 'Executed' AND s.retainagePercent = 10 LIMIT 1");
    const refused = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: executed.subcontractId, retainagePercent: '5' });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.data.filter((f: Row) => f.integerValue === 1), [{ integerValue: 1, stringValue: 'retainagePercent', message: 'retainagePercent can not be changed in this state.' }]);
    // The unchanged value passes (the form sends every field), the editable one is saved.
    const saved = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: executed.subcontractId, retainagePercent: '10', excessLiability: '10000000' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.record.excessLiability, 10000000);
  });

  it('a stale OldRecordStateId is 409; a closed record refuses every field; unknown ids 404; bad keys 400', async () => {
    const stale = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: 1, OldRecordStateId: stateId(host, 'Subcontract', 'Closed'), description: 'x' });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateId, stateOf('subcontracts', 'subcontractId', 1));
    const closed = one("SELECT s.subcontractId FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Closed' LIMIT 1");
    const refused = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: closed.subcontractId, description: 'changed' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data[0].message, 'description can not be changed in this state.');
    assert.equal((await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: 999999, description: 'x' })).status, 404);
    assert.equal((await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Vendor', RecordId: 1, description: 'x' })).status, 400);
  });

  it('a purchase order item: new, changed and deleted; the amount keeps the number rule', async () => {
    const po = one("SELECT p.purchaseOrderId FROM purchase_orders p JOIN application_record_states st USING (applicationRecordStateId) WHERE p.projectId = 1 AND st.name = 'Draft' LIMIT 1").purchaseOrderId as number;
    const added = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'PurchaseOrder', RecordId: po, 'items[0].costCodeId': lineOfType('E'), 'items[0].description': 'Lift rental', 'items[0].amount': '2500',
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const item = (added.body.data.record.items as Row[]).find((i) => i.description === 'Lift rental')!;
    assert.equal(item.quantity, 1);
    const removed = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'PurchaseOrder', RecordId: po, 'items[0].itemId': item.purchaseOrderItemId, 'items[0].deleted': 'true' });
    assert.equal(removed.status, 200);
    assert.equal((removed.body.data.record.items as Row[]).some((i) => i.description === 'Lift rental'), false);
  });

  it('employee and viewer are refused (403)', async () => {
    for (const login of ['employee', 'viewer']) {
      assert.equal((await api.post(login, '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: 1, description: 'x' })).status, 403);
      assert.equal((await api.post(login, '/api/pfm/UpdateCommitmentState', { RecordKey: 'Subcontract', ItemId: 1, OldRecordStateId: 1, RouteStateId: 1 })).status, 403);
    }
  });
});

describe('UpdateCommitmentState', () => {
  it('moves along an offered advancement; stale 409; an advancement not offered is 400 autoAlert', async () => {
    const poId = one("SELECT p.purchaseOrderId FROM purchase_orders p JOIN application_record_states st USING (applicationRecordStateId) WHERE p.projectId = 1 AND st.name = 'Received' LIMIT 1").purchaseOrderId as number;
    const received = stateId(host, 'PurchaseOrder', 'Received');
    const closed = stateId(host, 'PurchaseOrder', 'Closed');
    const refused = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'PurchaseOrder', ItemId: poId, OldRecordStateId: received, RouteStateId: stateId(host, 'PurchaseOrder', 'Draft') });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, "A purchase order can not be moved from 'Received' to 'Draft'.");
    const moved = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'PurchaseOrder', ItemId: poId, OldRecordStateId: received, RouteStateId: closed });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.data.closed, true);
    assert.equal(stateOf('purchase_orders', 'purchaseOrderId', poId), closed);
    const stale = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'PurchaseOrder', ItemId: poId, OldRecordStateId: received, RouteStateId: closed });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateId, closed);
  });
});

describe('LinkChangeEventToOwnerChangeOrder (§5)', () => {
  it('an Approved change event of reimbursable type 5 is refused even by a direct call', async () => {
    const ce = one("SELECT ce.changeEventId, ce.budgetId, ce.ownerAgreementId FROM change_events ce JOIN application_record_states st USING (applicationRecordStateId) WHERE ce.projectId = 1 AND st.name = 'Approved' AND ce.reimbursableTypeId = 5 LIMIT 1");
    const co = one('SELECT ownerAgreementChangeOrderId FROM owner_agreement_change_orders WHERE ownerAgreementId = ? AND budgetId = ? LIMIT 1', ce.ownerAgreementId, ce.budgetId);
    const before = checksum(host, ['change_events']);
    const answer = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: ce.changeEventId, OwnerAgreementChangeOrderId: co.ownerAgreementChangeOrderId });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(checksum(host, ['change_events']), before);
  });
});
