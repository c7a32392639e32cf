/** The write calls §7 does not list: pins, projections, record edits under field security, links, files. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TERMS_TEXT } from '../../src/core/commitments/terms';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const TABLES = ['project_pins', 'projections', 'budgets_pending_projections', 'change_events', 'change_event_items', 'change_records', 'files',
  'subcontract_change_orders', 'subcontract_change_order_items', 'owner_agreement_change_orders'];

describe('pins', () => {
  it('pin and unpin a project; GetProjectPins follows; unknown project 404', async () => {
    assert.deepEqual((await api.get('pm', '/api/pfm/projects/GetProjectPins')).body.data, []);
    const pinned = await api.post('pm', '/api/pfm/projects/PinProject', { ProjectId: 3 });
    assert.equal(pinned.status, 200);
    assert.deepEqual(pinned.body.data.map((p: Row) => p.projectId), [3]);
    await api.post('pm', '/api/pfm/projects/PinProject', { ProjectId: 3 });
    await api.post('pm', '/api/pfm/projects/PinProject', { ProjectId: 1 }, 'urlencoded');
    assert.deepEqual((await api.get('pm', '/api/pfm/projects/GetProjectPins')).body.data.map((p: Row) => p.projectId).sort(), [1, 3]);
    assert.deepEqual((await api.get('rpm', '/api/pfm/projects/GetProjectPins')).body.data, [], 'pins are per employee');
    await api.post('pm', '/api/pfm/projects/UnpinProject', { ProjectId: 3 });
    assert.deepEqual((await api.get('pm', '/api/pfm/projects/GetProjectPins')).body.data.map((p: Row) => p.projectId), [1]);
    assert.equal((await api.post('pm', '/api/pfm/projects/PinProject', { ProjectId: 424242 })).status, 404);
  });
});

describe('projections', () => {
  const lines = () => host.db.prepare('SELECT costCodeId FROM cost_codes WHERE budgetId = 1 ORDER BY costCodeId LIMIT 3').all() as Array<{ costCodeId: number }>;

  it('invalid entries answer 400 with feedback items per field, and nothing is written', async () => {
    const [a, b, c] = lines();
    const before = checksum(host, TABLES);
    const answer = await api.post('pm', '/api/pfm/SaveProjections', {
      BudgetId: 1,
      'projections[0].costCodeId': a!.costCodeId, 'projections[0].method': 'manual', 'projections[0].value': '12,5.3.1',
      'projections[1].costCodeId': 999999, 'projections[1].method': 'manual', 'projections[1].value': '10',
      'projections[2].costCodeId': b!.costCodeId, 'projections[2].method': 'guess',
      'projections[3].costCodeId': c!.costCodeId, 'projections[3].method': 'auto', 'projections[3].reason': 'r'.repeat(501),
      'projections[4].costCodeId': c!.costCodeId, 'projections[4].method': 'auto',
    });
    assert.equal(answer.status, 400);
    const feedback = answer.body.data as Row[];
    assert.deepEqual(feedback.map((f) => [f.integerValue, f.stringValue]), [
      [1, 'projections[0].value'], [1, 'projections[1].costCodeId'], [1, 'projections[2].method'], [1, 'projections[3].reason'],
      [1, 'projections[4].costCodeId'],
    ]);
    assert.equal(feedback[0]!.message, "Line 1: the projected cost to complete must be a number. '12,5.3.1' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m.");
    assert.equal(checksum(host, TABLES), before);
  });

  it('save manual and auto projections; the summary shows them; a negative value is a warning', async () => {
    const [a, b] = lines();
    const answer = await api.post('pm', '/api/pfm/SaveProjections', {
      BudgetId: 1,
      'projections[0].costCodeId': a!.costCodeId, 'projections[0].method': 'manual', 'projections[0].value': '12345.67', 'projections[0].reason': 'Buyout savings',
      'projections[1].costCodeId': b!.costCodeId, 'projections[1].method': 'manual', 'projections[1].value': '-100', 'projections[1].reason': 'Credit to come',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.saved, 2);
    assert.deepEqual(answer.body.data.feedback.map((f: Row) => f.integerValue), [2]);
    const summary = (await api.get('pm', '/api/pfm/getcostcodetransactionsummary', { recordKey: 'CostCode', recordId: a!.costCodeId })).body.data[0];
    assert.equal(summary.projectionMethod, 'manual');
    assert.equal(summary.projectedCostToComplete, 12345.67);
    assert.equal(summary.projectionReason, 'Buyout savings');
    assert.equal(summary.projectionSubmitted, false);
    const back = await api.post('pm', '/api/pfm/SaveProjections', { BudgetId: 1, 'projections[0].costCodeId': a!.costCodeId, 'projections[0].method': 'auto' });
    assert.equal(back.status, 200);
    assert.equal(back.body.data.lines[0].projectionMethod, 'auto');
  });

  it('a locked budget refuses projections with a feedback item saying why', async () => {
    const locked = host.db.prepare('SELECT budgetId, jobNumber, budgetLockReason FROM budgets WHERE projectId = 13').get() as Row;
    const line = host.db.prepare('SELECT costCodeId FROM cost_codes WHERE budgetId = ? LIMIT 1').get(locked.budgetId) as Row;
    const answer = await api.post('pm', '/api/pfm/SaveProjections', { BudgetId: locked.budgetId, 'projections[0].costCodeId': line.costCodeId, 'projections[0].method': 'auto' });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.data, [{ integerValue: 1, stringValue: 'budgetId', message: `Budget ${locked.jobNumber} is locked: Budget locked for month-end close.` }]);
    assert.equal((await api.post('pm', '/api/pfm/SubmitProjections', { BudgetId: locked.budgetId })).status, 400);
  });

  it('a roll-up budget refuses projections (they go on its children)', async () => {
    const rollUp = host.db.prepare('SELECT budgetId FROM budgets WHERE projectId = 5 AND rollUpBudgetId IS NULL').get() as Row;
    const answer = await api.post('pm', '/api/pfm/SubmitProjections', { BudgetId: rollUp.budgetId });
    assert.equal(answer.status, 400);
    assert.match(answer.body.data[0].message, /roll-up budget/);
  });

  it('submit marks every line submitted and clears the budget from the bell', async () => {
    const bell = async () => (await api.get('pm', '/api/common/GetOpenItemsByEmployee')).body.data.budgetsPendingProjections as Row[];
    assert.ok((await bell()).some((b) => b.budgetId === 1));
    const answer = await api.post('pm', '/api/pfm/SubmitProjections', { BudgetId: 1 });
    assert.equal(answer.status, 200);
    const count = (host.db.prepare('SELECT count(*) AS n FROM cost_codes WHERE budgetId = 1').get() as { n: number }).n;
    assert.equal(answer.body.data.submitted, count);
    assert.ok(!(await bell()).some((b) => b.budgetId === 1));
    const [line] = (await api.get('pm', '/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 1 })).body.data;
    assert.equal(line.projectionSubmitted, true);
  });
});

describe('record edits under field security (§6)', () => {
  it('a field not editable in the record state is refused with a feedback item; nothing written', async () => {
    const item = host.db.prepare('SELECT changeEventItemId FROM change_event_items WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeEventItem', 'Approved')) as Row;
    const before = checksum(host, TABLES);
    const answer = await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, approvedAmount: '5000', description: 'New text' });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.data, [{ integerValue: 1, stringValue: 'approvedAmount', message: 'approvedAmount can not be changed in this state.' }]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('the same field is editable for the RPM role, and the change is saved', async () => {
    const item = host.db.prepare('SELECT changeEventItemId FROM change_event_items WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeEventItem', 'Approved')) as Row;
    const answer = await api.post('rpm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, approvedAmount: '5000' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.approvedAmount, 5000);
  });

  it('closed records refuse every field; bad values are invalid; a stale OldRecordStateId is 409', async () => {
    const closed = host.db.prepare("SELECT changeEventId FROM change_events WHERE applicationRecordStateId = ? LIMIT 1").get(stateId(host, 'ChangeEvent', 'Complete')) as Row;
    assert.equal((await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: closed.changeEventId, description: 'x' })).status, 400);
    const open = host.db.prepare("SELECT changeEventId FROM change_events WHERE applicationRecordStateId = ? LIMIT 1").get(stateId(host, 'ChangeEvent', 'Open')) as Row;
    const bad = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, reimbursableTypeId: '77', title: '' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.data.map((f: Row) => f.stringValue).sort(), ['reimbursableTypeId', 'title']);
    const stale = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, OldRecordStateId: stateId(host, 'ChangeEvent', 'Approved'), title: 'T' });
    assert.equal(stale.status, 409);
    const ok = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, title: 'Revised title', reimbursableTypeId: 2 });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.title, 'Revised title');
  });

  it('a save may empty what creation leaves optional, and refuses what creation requires, with the same messages', async () => {
    const draft = host.db.prepare('SELECT changeRecordId FROM change_records WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeRecord', 'Draft')) as Row;
    const cleared = await api.post('pm', '/api/pfm/SaveChangeRecord', { ChangeRecordId: draft.changeRecordId, description: '', changeReasonId: '' });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.deepEqual(host.db.prepare('SELECT description, changeReasonId FROM change_records WHERE changeRecordId = ?').get(draft.changeRecordId), { description: '', changeReasonId: null });
    const open = host.db.prepare('SELECT changeEventId FROM change_events WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeEvent', 'Open')) as Row;
    assert.equal((await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, description: '' })).status, 200);
    const item = host.db.prepare('SELECT changeEventItemId FROM change_event_items WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeEventItem', 'Open')) as Row;
    const refusals: Array<[string, Record<string, string | number>, string, string]> = [
      ['/api/pfm/SaveChangeRecord', { ChangeRecordId: draft.changeRecordId, title: ' ' }, 'title', 'A description is required.'],
      ['/api/pfm/SaveChangeEvent', { ChangeEventId: open.changeEventId, title: '' }, 'title', 'A title is required.'],
      ['/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, description: '' }, 'description', 'A description is required.'],
    ];
    for (const [path, form, field, message] of refusals) {
      const answer = await api.post('pm', path, form);
      assert.equal(answer.status, 400, path);
      assert.deepEqual(answer.body.data.map((f: Row) => [f.integerValue, f.stringValue, f.message]), [[1, field, message]], path);
    }
  });

  it('create a change event from an initiating document (Draft moves to Potential Costs)', async () => {
    const draft = host.db.prepare('SELECT changeRecordId FROM change_records WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeRecord', 'Draft')) as Row | undefined;
    const record = draft ?? host.db.prepare('SELECT changeRecordId FROM change_records WHERE applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeRecord', 'Potential Costs')) as Row;
    const refused = await api.post('pm', '/api/pfm/CreateChangeEvent', { ChangeRecordId: record.changeRecordId });
    assert.equal(refused.status, 400);
    const answer = await api.post('pm', '/api/pfm/CreateChangeEvent', { ChangeRecordId: record.changeRecordId, Title: 'Added bollards', ReimbursableTypeId: 1 });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.recordStateName, 'Open');
    assert.equal(answer.body.data.changeRecordId, record.changeRecordId);
    const state = host.db.prepare('SELECT applicationRecordStateId AS s FROM change_records WHERE changeRecordId = ?').get(record.changeRecordId) as Row;
    assert.equal(state.s, stateId(host, 'ChangeRecord', 'Potential Costs'));
  });
});

describe('links (§5) enforced by the server', () => {
  it('an item that is not Approved/Pending Commitment, of another vendor, or already linked is refused with autoAlert', async () => {
    const open = host.db.prepare('SELECT i.changeEventItemId, i.vendorId, ce.projectId FROM change_event_items i JOIN change_events ce USING (changeEventId) WHERE i.applicationRecordStateId = ? AND ce.projectId = 1 LIMIT 1')
      .get(stateId(host, 'ChangeEventItem', 'Open')) as Row;
    const sub = host.db.prepare('SELECT subcontractId FROM subcontracts WHERE projectId = 1 AND vendorId = ? LIMIT 1').get(open.vendorId) as Row | undefined
      ?? host.db.prepare('SELECT subcontractId FROM subcontracts WHERE projectId = 1 LIMIT 1').get() as Row;
    const answer = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: open.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: sub.subcontractId });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.message, 'Only change event items that are Approved or Pending Commitment can be linked to a commitment.');
    const linked = host.db.prepare('SELECT changeEventItemId, vendorId FROM change_event_items WHERE coItemRecordId IS NOT NULL AND applicationRecordStateId = ? LIMIT 1')
      .get(stateId(host, 'ChangeEventItem', 'Committed')) as Row | undefined;
    if (linked) {
      const again = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: linked.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: sub.subcontractId });
      assert.equal(again.status, 400);
    }
  });

  it('an Approved item of the same vendor without a linked item is linked through a new change order item', async () => {
    const candidate = host.db.prepare(`SELECT i.changeEventItemId, s.subcontractId, s.vendorId FROM change_event_items i JOIN change_events ce USING (changeEventId)
      JOIN subcontracts s ON s.vendorId = i.vendorId AND s.projectId = ce.projectId AND s.budgetId = ce.budgetId
      WHERE i.applicationRecordStateId IN (?, ?) AND i.coItemRecordId IS NULL AND i.costCodeId IS NOT NULL AND s.applicationRecordStateId = ? LIMIT 1`)
      .get(stateId(host, 'ChangeEventItem', 'Approved'), stateId(host, 'ChangeEventItem', 'Pending Commitment'), stateId(host, 'Subcontract', 'Executed')) as Row;
    assert.ok(candidate, 'the seed has a linkable item');
    const other = host.db.prepare('SELECT subcontractId FROM subcontracts WHERE vendorId != ? LIMIT 1').get(candidate.vendorId) as Row;
    const wrongVendor = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: candidate.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: other.subcontractId });
    assert.equal(wrongVendor.status, 400);
    assert.equal(wrongVendor.body.message, 'The change event item and the commitment must have the same vendor.');
    // Out for signature, its sum is fixed and no change order is written to it yet.
    const setState = host.db.prepare('UPDATE subcontracts SET applicationRecordStateId = ? WHERE subcontractId = ?');
    setState.run(stateId(host, 'Subcontract', 'Pending Signature'), candidate.subcontractId);
    const unsigned = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: candidate.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: candidate.subcontractId });
    setState.run(stateId(host, 'Subcontract', 'Executed'), candidate.subcontractId);
    const unsignedNumber = (host.db.prepare('SELECT number FROM subcontracts WHERE subcontractId = ?').get(candidate.subcontractId) as Row).number as string;
    assert.deepEqual([unsigned.status, unsigned.body.message, unsigned.body.parameter], [400, TERMS_TEXT.parentNotExecuted(unsignedNumber, 'Pending Signature'), 'CommitmentId']);
    assert.equal((host.db.prepare('SELECT coItemRecordId FROM change_event_items WHERE changeEventItemId = ?').get(candidate.changeEventItemId) as Row).coItemRecordId, null);
    const answer = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: candidate.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: candidate.subcontractId });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.changeEventItem.coItemRecordKey, 'SubcontractChangeOrderItem');
    assert.equal(answer.body.data.changeOrder.recordStateName, 'Draft');
    const { changeEventItem, changeOrder } = answer.body.data;
    const sub = host.db.prepare('SELECT number FROM subcontracts WHERE subcontractId = ?').get(candidate.subcontractId) as Row;
    assert.deepEqual([changeEventItem.changeOrderKey, changeEventItem.changeOrderId, changeEventItem.changeOrderNumber, changeEventItem.commitmentNumber],
      ['SubcontractChangeOrder', changeOrder.subcontractChangeOrderId, changeOrder.number, sub.number]);
    const twice = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: candidate.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: candidate.subcontractId });
    assert.equal(twice.body.message, 'The change event item is already linked to a change order item.');
  });

  it('owner change orders: only Approved change events of the same owner agreement and budget, not reimbursable type 5', async () => {
    const oaco = host.db.prepare('SELECT ownerAgreementChangeOrderId, ownerAgreementId, budgetId FROM owner_agreement_change_orders WHERE budgetId = 1 LIMIT 1').get() as Row;
    const pending = host.db.prepare('SELECT changeEventId FROM change_events WHERE budgetId = 1 AND applicationRecordStateId = ? LIMIT 1').get(stateId(host, 'ChangeEvent', 'Pending')) as Row;
    const refused = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: pending.changeEventId, OwnerAgreementChangeOrderId: oaco.ownerAgreementChangeOrderId });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'Only Approved change events can be linked to an owner agreement change order.');
    const type5 = host.db.prepare('SELECT changeEventId FROM change_events WHERE budgetId = 1 AND applicationRecordStateId = ? AND reimbursableTypeId = 5 LIMIT 1').get(stateId(host, 'ChangeEvent', 'Approved')) as Row;
    const refused5 = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: type5.changeEventId, OwnerAgreementChangeOrderId: oaco.ownerAgreementChangeOrderId });
    assert.equal(refused5.body.message, 'Change events of reimbursable type 5 can not be linked to an owner agreement change order.');
    const otherProject = host.db.prepare('SELECT ownerAgreementChangeOrderId FROM owner_agreement_change_orders WHERE budgetId != 1 LIMIT 1').get() as Row;
    const approved = host.db.prepare('SELECT changeEventId FROM change_events WHERE budgetId = 1 AND applicationRecordStateId = ? AND reimbursableTypeId != 5 LIMIT 1').get(stateId(host, 'ChangeEvent', 'Approved')) as Row;
    const refusedOther = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: approved.changeEventId, OwnerAgreementChangeOrderId: otherProject.ownerAgreementChangeOrderId });
    assert.equal(refusedOther.body.message, 'The change event and the owner agreement change order must belong to the same owner agreement.');
    // The seed's change order of budget 1 is Approved (closed): its amount is settled.
    const closedCo = host.db.prepare(`SELECT o.number, s.name, s.closed FROM owner_agreement_change_orders o
      JOIN application_record_states s ON s.applicationRecordStateId = o.applicationRecordStateId WHERE o.ownerAgreementChangeOrderId = ?`).get(oaco.ownerAgreementChangeOrderId) as Row;
    assert.equal(closedCo.closed, 1);
    const refusedClosed = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: approved.changeEventId, OwnerAgreementChangeOrderId: oaco.ownerAgreementChangeOrderId });
    assert.equal(refusedClosed.status, 400);
    assert.equal(refusedClosed.body.message, `${closedCo.number} is '${closedCo.name}': change events can not be linked to it.`);
    const draft = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oaco.ownerAgreementId, BudgetId: oaco.budgetId, Description: 'Link test' });
    const draftId = draft.body.data.ownerAgreementChangeOrderId as number;
    const ok = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: approved.changeEventId, OwnerAgreementChangeOrderId: draftId });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.ownerAgreementChangeOrderId, draftId);
    assert.equal(ok.body.data.ownerChangeOrderNumber, draft.body.data.number);
    assert.equal(ok.body.data.ownerChangeOrderClosed, false);
  });

  it('a change event on a closed owner change order can not be moved to another', async () => {
    const onClosed = host.db.prepare(`SELECT ce.changeEventId, ce.number, ce.ownerAgreementId, ce.budgetId, o.number AS coNumber FROM change_events ce
      JOIN owner_agreement_change_orders o ON o.ownerAgreementChangeOrderId = ce.ownerAgreementChangeOrderId
      JOIN application_record_states s ON s.applicationRecordStateId = o.applicationRecordStateId
      WHERE s.closed = 1 AND ce.applicationRecordStateId = ? AND ce.reimbursableTypeId != 5 LIMIT 1`).get(stateId(host, 'ChangeEvent', 'Approved')) as Row;
    assert.ok(onClosed, 'the seed has an Approved change event on an Approved owner change order');
    const draft = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: onClosed.ownerAgreementId, BudgetId: onClosed.budgetId, Description: 'Move test' });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    const moved = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: onClosed.changeEventId, OwnerAgreementChangeOrderId: draft.body.data.ownerAgreementChangeOrderId });
    assert.equal(moved.status, 400);
    assert.equal(moved.body.message, `${onClosed.number} is on ${onClosed.coNumber}, which is closed: it can not be moved.`);
  });

  it('owner change order amounts follow their linked change events: seeded, relinked and re-approved', async () => {
    const expected = (coId: number) => (host.db.prepare(`SELECT coalesce(sum(i.approvedAmount), 0) AS n FROM change_event_items i JOIN change_events ce USING (changeEventId)
      WHERE ce.ownerAgreementChangeOrderId = ? AND i.parentChangeEventItemId IS NULL`).get(coId) as Row).n as number;
    const amount = async (coId: number) => (await api.get('pm', '/api/pfm/getOwnerAgreementChangeOrderById', { ownerAgreementChangeOrderId: coId })).body.data.amount as number;
    const linked = host.db.prepare(`SELECT ce.changeEventId, ce.ownerAgreementChangeOrderId AS coId, ce.ownerAgreementId, ce.budgetId FROM change_events ce
      JOIN owner_agreement_change_orders o ON o.ownerAgreementChangeOrderId = ce.ownerAgreementChangeOrderId
      JOIN application_record_states os ON os.applicationRecordStateId = o.applicationRecordStateId
      WHERE os.closed = 0 AND ce.applicationRecordStateId = ? AND ce.reimbursableTypeId != 5
      AND EXISTS (SELECT 1 FROM change_event_items i WHERE i.changeEventId = ce.changeEventId AND i.approvedAmount > 0 AND i.parentChangeEventItemId IS NULL) LIMIT 1`)
      .get(stateId(host, 'ChangeEvent', 'Approved')) as Row;
    assert.ok(linked, 'the seed links an Approved change event with approved amounts to an owner change order');
    const before = await amount(linked.coId);
    assert.ok(before > 0);
    assert.equal(before, expected(linked.coId));
    // Relinking moves the amount from the old change order to the new one.
    const fresh = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: linked.ownerAgreementId, BudgetId: linked.budgetId, Description: 'Amount test' });
    assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
    const freshId = fresh.body.data.ownerAgreementChangeOrderId as number;
    const moved = await api.post('pm', '/api/pfm/LinkChangeEventToOwnerChangeOrder', { ChangeEventId: linked.changeEventId, OwnerAgreementChangeOrderId: freshId });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(await amount(freshId), expected(freshId));
    assert.ok(expected(freshId) > 0);
    assert.equal(await amount(linked.coId), expected(linked.coId));
    assert.ok(await amount(linked.coId) < before);
    // An RPM changing an approved amount changes the change order's amount.
    const item = host.db.prepare(`SELECT changeEventItemId, approvedAmount, applicationRecordStateId FROM change_event_items
      WHERE changeEventId = ? AND parentChangeEventItemId IS NULL AND applicationRecordStateId = ? LIMIT 1`).get(linked.changeEventId, stateId(host, 'ChangeEventItem', 'Approved')) as Row | undefined;
    if (item) {
      const saved = await api.post('rpm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, approvedAmount: String(item.approvedAmount + 100) });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(await amount(freshId), expected(freshId));
    }
  });
});

describe('files', () => {
  it('counts the files of every record the Files calls take: a survey too, and in its project', async () => {
    const upload = await api.post('pm', '/api/pfm/files/upload', {
      ApplicationRecordKey: 'Survey', RecordId: 1, file: new File(['site photo notes'], 'Site visit.txt', { type: 'text/plain' }),
    });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    const own = await api.get('pm', '/api/pfm/getapplicationrecordfilecounts', { recordKey: 'Survey', recordId: 1 });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.deepEqual((own.body.data as Row[]).map((c) => [c.applicationRecordKey, c.recordId, c.fileCount]), [['Survey', 1, 1]]);
    const project = one('SELECT projectId FROM surveys WHERE surveyId = 1').projectId as number;
    const inProject = (await api.get('admin', '/api/pfm/getapplicationrecordfilecounts', { recordKey: 'Project', recordId: project })).body.data as Row[];
    assert.equal(inProject.find((c) => c.applicationRecordKey === 'Survey' && c.recordId === 1)?.fileCount, 1);
    const removed = await api.post('pm', '/api/pfm/files', { FileId: upload.body.data.fileId }, 'multipart', 'DELETE');
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
  });

  it('upload a file to a record, list it, count it, download it with its name', async () => {
    const before = (await api.get('pm', '/api/pfm/getapplicationrecordfilecounts', { recordKey: 'ChangeEvent', recordId: 2 })).body.data;
    assert.deepEqual(before, []);
    const upload = await api.post('pm', '/api/pfm/files/upload', {
      ApplicationRecordKey: 'ChangeEvent', RecordId: 2, file: new File(['proposal text'], 'Proposal – rev 2.txt', { type: 'text/plain' }),
    });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    assert.equal(upload.body.data.name, 'Proposal – rev 2.txt');
    assert.equal(upload.body.data.size, 13);
    const counts = (await api.get('pm', '/api/pfm/getapplicationrecordfilecounts', { recordKey: 'Project', recordId: 1 })).body.data as Row[];
    assert.equal(counts.find((c) => c.applicationRecordKey === 'ChangeEvent' && c.recordId === 2)?.fileCount, 1);
    assert.equal(counts.find((c) => c.applicationRecordKey === 'ChangeEvent' && c.recordId === 1)?.fileCount, 2);
    const list = (await api.get('pm', '/api/pfm/files', { recordKey: 'ChangeEvent', recordId: 2 })).body.data as Row[];
    assert.equal(list.length, 1);
    const download = await api.post('pm', '/api/pfm/files/download', { FileId: list[0]!.fileId });
    assert.equal(download.status, 200);
    assert.equal(download.bytes.toString('utf8'), 'proposal text');
    assert.match(download.headers.get('content-disposition') ?? '', /filename\*=UTF-8''Proposal%20%E2%80%93%20rev%202\.txt/);
    assert.equal((await api.post('pm', '/api/pfm/files/upload', { ApplicationRecordKey: 'ChangeEvent', RecordId: 2 })).status, 400);
    assert.equal((await api.post('pm', '/api/pfm/files/upload', { ApplicationRecordKey: 'Nope', RecordId: 2 })).status, 400);
    assert.equal((await api.post('pm', '/api/pfm/files/download', { FileId: 99999 })).status, 404);
    const removed = await api.post('pm', '/api/pfm/files', { FileId: list[0]!.fileId }, 'multipart', 'DELETE');
    assert.equal(removed.status, 200);
    assert.deepEqual((await api.get('pm', '/api/pfm/files', { recordKey: 'ChangeEvent', recordId: 2 })).body.data, []);
    assert.equal((await api.post('pm', '/api/pfm/files', { FileId: list[0]!.fileId }, 'multipart', 'DELETE')).status, 404);
    assert.equal((await api.post('employee', '/api/pfm/files', { FileId: 1 }, 'multipart', 'DELETE')).status, 403);
  });
});
