/**
 * References stay on the record's own project: a save or create that names another object is refused
 * with 400 (a feedback item naming the field, or a 400 naming the parameter) and nothing is written when
 * that object belongs to another project or budget than the record's, or is an inactive vendor. One
 * test per kind of reference: cost codes, owner agreements and their change orders, RFIs, change
 * events / their items / commitments, inactive vendors; and a line added to a locked budget starts at
 * $0.00 (a locked budget's lines change only by cost adjustment).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, type Answer, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const STATE_JOIN = 'JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId';

/** A line of `budgetId` of cost type `type` (S: one every item may use). */
const lineOf = (budgetId: number, type = 'S') => one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? ORDER BY costCodeId LIMIT 1', budgetId, type).costCodeId as number;

/** 400 with a feedback item (integerValue 1) naming `field`. */
function refusedOn(answer: Answer, field: string, what: string): void {
  assert.equal(answer.status, 400, `${what}: ${JSON.stringify(answer.body)}`);
  const fields = ((answer.body.feedback ?? []) as Row[]).filter((f) => f.integerValue === 1).map((f) => f.stringValue);
  assert.ok(fields.includes(field), `${what}: feedback ${JSON.stringify(answer.body.feedback ?? answer.body)} names ${field}`);
}

/** A Draft direct cost of project 1 (one item on budget 1). */
const directCostForm = (extra: Form = {}): Form => ({
  ProjectId: 1, directCostDate: '2026-10-15', directCostTypeId: 3, description: 'Permit', amount: '100',
  'items[0].costCodeId': lineOf(1, 'M'), 'items[0].description': 'Permit', 'items[0].amount': '100', ...extra,
});

describe('references stay on the record\'s own project', () => {
  it('cost codes: only lines of the item\'s own budget (commitment, direct cost, cost adjustment and change event items, projections)', async () => {
    const TABLES = ['subcontract_items', 'direct_costs', 'direct_cost_items', 'cost_adjustment_items', 'change_event_items', 'projections', 'cost_codes'];
    const before = checksum(host, TABLES);
    const foreign = lineOf(2); // budget 2: project 2
    const draftSub = one(`SELECT t.subcontractId FROM subcontracts t ${STATE_JOIN} WHERE t.projectId = 1 AND st.name = 'Draft' ORDER BY t.subcontractId LIMIT 1`).subcontractId;
    refusedOn(await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: draftSub, 'items[0].costCodeId': foreign, 'items[0].description': 'Elsewhere', 'items[0].amount': '10',
    }), 'items[0].costCodeId', 'SaveCommitment');
    refusedOn(await api.post('pm', '/api/pfm/CreateDirectCost', directCostForm({ 'items[0].costCodeId': foreign })), 'items[0].costCodeId', 'CreateDirectCost');
    const openCa = one(`SELECT t.costAdjustmentId FROM cost_adjustments t ${STATE_JOIN} WHERE t.projectId = 1 AND st.name = 'Open' ORDER BY t.costAdjustmentId LIMIT 1`).costAdjustmentId;
    refusedOn(await api.post('pm', '/api/pfm/SaveCostAdjustment', {
      CostAdjustmentId: openCa, 'items[0].costCodeId': foreign, 'items[0].description': 'Elsewhere', 'items[0].amount': '10',
    }), 'items[0].costCodeId', 'SaveCostAdjustment');
    // A change event item's cost code: a line of its event's budget, not of another project nor of another budget of the same project.
    const openItem = one(`SELECT t.changeEventItemId FROM change_event_items t ${STATE_JOIN} JOIN change_events ce ON ce.changeEventId = t.changeEventId
      WHERE ce.projectId = 1 AND st.name = 'Open' ORDER BY t.changeEventItemId LIMIT 1`).changeEventItemId;
    refusedOn(await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: openItem, costCodeId: foreign }), 'costCodeId', 'SaveChangeEventItem (another project)');
    const itemOn8 = one(`SELECT t.changeEventItemId FROM change_event_items t ${STATE_JOIN} JOIN change_events ce ON ce.changeEventId = t.changeEventId
      WHERE ce.budgetId = 8 AND st.name = 'Open' ORDER BY t.changeEventItemId LIMIT 1`).changeEventItemId;
    refusedOn(await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: itemOn8, costCodeId: lineOf(7) }), 'costCodeId', 'SaveChangeEventItem (another budget)');
    refusedOn(await api.post('pm', '/api/pfm/SaveProjections', {
      BudgetId: 1, 'projections[0].costCodeId': foreign, 'projections[0].method': 'auto',
    }), 'projections[0].costCodeId', 'SaveProjections');
    assert.equal(checksum(host, TABLES), before);
    // A line of the event's own budget is taken.
    const own = await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: openItem, costCodeId: lineOf(1, 'M') });
    assert.equal(own.status, 200, JSON.stringify(own.body));
  });

  it('owner agreements and their change orders: a change event\'s agreement and a change order\'s budget are of the same project', async () => {
    const TABLES = ['change_events', 'owner_agreement_change_orders'];
    const before = checksum(host, TABLES);
    const openEvent = one(`SELECT t.changeEventId FROM change_events t ${STATE_JOIN} WHERE t.projectId = 1 AND st.name = 'Open' ORDER BY t.changeEventId LIMIT 1`).changeEventId;
    const foreignAgreement = one('SELECT ownerAgreementId FROM owner_agreements WHERE projectId = 2 LIMIT 1').ownerAgreementId;
    refusedOn(await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: openEvent, ownerAgreementId: foreignAgreement }), 'ownerAgreementId', 'SaveChangeEvent');
    const agreement = one('SELECT ownerAgreementId FROM owner_agreements WHERE projectId = 1 LIMIT 1').ownerAgreementId;
    refusedOn(await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: agreement, BudgetId: 2, Description: 'Budget of project 2' }),
      'budgetId', 'CreateOwnerAgreementChangeOrder');
    assert.equal(checksum(host, TABLES), before);
    const own = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: openEvent, ownerAgreementId: agreement });
    assert.equal(own.status, 200, JSON.stringify(own.body));
  });

  it('RFIs: an initiating document\'s RFI is of its project', async () => {
    const TABLES = ['change_records'];
    const before = checksum(host, TABLES);
    const draft = one(`SELECT t.changeRecordId FROM change_records t ${STATE_JOIN} WHERE t.projectId = 1 AND st.name = 'Draft' ORDER BY t.changeRecordId LIMIT 1`).changeRecordId;
    const foreignRfi = one('SELECT rfiId FROM rfis WHERE projectId = 2 LIMIT 1').rfiId;
    refusedOn(await api.post('pm', '/api/pfm/SaveChangeRecord', { ChangeRecordId: draft, rfiId: foreignRfi }), 'rfiId', 'SaveChangeRecord');
    refusedOn(await api.post('pm', '/api/pfm/CreateChangeRecord', { ProjectId: 1, Title: 'x', InitiatingDocumentTypeId: 2, RfiId: foreignRfi }), 'rfiId', 'CreateChangeRecord');
    assert.equal(checksum(host, TABLES), before);
    const ownRfi = one('SELECT rfiId FROM rfis WHERE projectId = 1 LIMIT 1').rfiId;
    assert.equal((await api.post('pm', '/api/pfm/SaveChangeRecord', { ChangeRecordId: draft, rfiId: ownRfi })).status, 200);
  });

  it('change events, their items and commitments: a parent item of the same event, an item of the same commitment, a commitment of the same project and budget', async () => {
    const TABLES = ['change_event_items', 'subcontract_items', 'subcontract_change_orders', 'subcontract_change_order_items', 'subcontracts'];
    const otherEventItem = one('SELECT changeEventItemId FROM change_event_items WHERE changeEventId <> 1 ORDER BY changeEventItemId LIMIT 1').changeEventItemId;
    const subOf = (projectId: number, budgetId: number) => one('SELECT subcontractId FROM subcontracts WHERE projectId = ? AND budgetId = ? ORDER BY subcontractId LIMIT 1', projectId, budgetId).subcontractId as number;
    // Approved, unlinked items: one on budget 1 (project 1), one on budget 8 (project 5); a subcontract of the same vendor elsewhere.
    const approvedOn = (budgetId: number) => one(`SELECT t.changeEventItemId, t.vendorId FROM change_event_items t ${STATE_JOIN} JOIN change_events ce ON ce.changeEventId = t.changeEventId
      WHERE ce.budgetId = ? AND st.name = 'Approved' AND t.coItemRecordId IS NULL ORDER BY t.changeEventItemId LIMIT 1`, budgetId);
    const item1 = approvedOn(1);
    const item8 = approvedOn(8);
    const subOtherProject = subOf(2, 2);
    const subOtherBudget = subOf(5, 7);
    host.db.prepare('UPDATE subcontracts SET vendorId = ? WHERE subcontractId = ?').run(item1.vendorId, subOtherProject);
    host.db.prepare('UPDATE subcontracts SET vendorId = ? WHERE subcontractId = ?').run(item8.vendorId, subOtherBudget);
    const before = checksum(host, TABLES);
    refusedOn(await api.post('pm', '/api/pfm/CreateChangeEventItem', {
      ChangeEventId: 1, ParentChangeEventItemId: otherEventItem, Description: 'Nested elsewhere', CostCodeId: lineOf(1), VendorId: item1.vendorId,
    }), 'parentChangeEventItemId', 'CreateChangeEventItem');
    const draftSub = one(`SELECT t.subcontractId FROM subcontracts t ${STATE_JOIN} WHERE t.projectId = 1 AND st.name = 'Draft' ORDER BY t.subcontractId LIMIT 1`).subcontractId;
    const itemOfAnother = one('SELECT subcontractItemId FROM subcontract_items WHERE subcontractId <> ? ORDER BY subcontractItemId LIMIT 1', draftSub).subcontractItemId;
    refusedOn(await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: draftSub, 'items[0].itemId': itemOfAnother, 'items[0].amount': '1' }),
      'items[0].itemId', 'SaveCommitment');
    for (const [item, commitmentId, what] of [[item1, subOtherProject, 'another project'], [item8, subOtherBudget, 'another budget']] as const) {
      const link = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: item.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: commitmentId });
      assert.equal(link.status, 400, `${what}: ${JSON.stringify(link.body)}`);
      assert.equal(link.body.parameter, 'CommitmentId', what);
      assert.match(link.body.message, new RegExp(what), what);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('inactive vendors: refused on a new or changed direct cost and change event item, and on a new commitment change order', async () => {
    const TABLES = ['direct_costs', 'direct_cost_items', 'change_event_items', 'subcontract_change_orders', 'subcontract_change_order_items'];
    const inactive = one('SELECT vendorId FROM vendors WHERE active = 0 ORDER BY vendorId LIMIT 1').vendorId;
    const draftCost = (await api.post('pm', '/api/pfm/CreateDirectCost', directCostForm())).body.data;
    // An approved, unlinked item and a subcontract of its project and budget with its vendor, who then becomes inactive.
    const item = one(`SELECT t.changeEventItemId, t.vendorId FROM change_event_items t ${STATE_JOIN} JOIN change_events ce ON ce.changeEventId = t.changeEventId
      WHERE ce.budgetId = 1 AND st.name = 'Approved' AND t.coItemRecordId IS NULL ORDER BY t.changeEventItemId DESC LIMIT 1`);
    const sub = one('SELECT subcontractId FROM subcontracts WHERE projectId = 1 AND budgetId = 1 ORDER BY subcontractId DESC LIMIT 1').subcontractId;
    host.db.prepare('UPDATE subcontracts SET vendorId = ? WHERE subcontractId = ?').run(item.vendorId, sub);
    const before = checksum(host, TABLES);
    refusedOn(await api.post('pm', '/api/pfm/CreateDirectCost', directCostForm({ vendorId: inactive })), 'vendorId', 'CreateDirectCost');
    refusedOn(await api.post('pm', '/api/pfm/SaveDirectCost', { DirectCostId: draftCost.directCostId, vendorId: inactive }), 'vendorId', 'SaveDirectCost');
    const openItem = one(`SELECT t.changeEventItemId FROM change_event_items t ${STATE_JOIN} JOIN change_events ce ON ce.changeEventId = t.changeEventId
      WHERE ce.projectId = 1 AND st.name = 'Open' ORDER BY t.changeEventItemId LIMIT 1`).changeEventItemId;
    refusedOn(await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: openItem, vendorId: inactive }), 'vendorId', 'SaveChangeEventItem');
    refusedOn(await api.post('pm', '/api/pfm/CreateChangeEventItem', { ChangeEventId: 1, Description: 'x', CostCodeId: lineOf(1), VendorId: inactive }), 'vendorId', 'CreateChangeEventItem');
    const openVendor = one('SELECT vendorId FROM change_event_items WHERE changeEventItemId = ?', openItem).vendorId;
    const deactivate = host.db.prepare('UPDATE vendors SET active = ? WHERE vendorId IN (?, ?)');
    deactivate.run(0, item.vendorId, openVendor);
    try {
      const link = await api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: item.changeEventItemId, CommitmentKey: 'Subcontract', CommitmentId: sub });
      assert.equal(link.status, 400, JSON.stringify(link.body));
      assert.equal(link.body.parameter, 'CommitmentId');
      assert.match(link.body.message, /inactive/);
      assert.equal(checksum(host, TABLES), before);
      // A vendor that became inactive stays on the records that have it: a save that does not change it passes.
      const unchanged = await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: openItem, vendorId: openVendor, description: 'Kept vendor' });
      assert.equal(unchanged.status, 200, JSON.stringify(unchanged.body));
    } finally {
      deactivate.run(1, item.vendorId, openVendor);
    }
  });

  it('a locked budget: a new line starts at $0.00; an original budget is refused (its lines change only by cost adjustment)', async () => {
    const locked = one('SELECT budgetId, budgetLock FROM budgets WHERE budgetId = 16');
    assert.equal(locked.budgetLock, 1);
    const before = checksum(host, ['cost_codes']);
    const refused = await api.post('pm', '/api/pfm/AddCostCode', { BudgetId: locked.budgetId, Code: '01-0199-00', Description: 'Added after lock', CostType: 'L', OriginalBudget: '2500' });
    refusedOn(refused, 'originalBudget', 'AddCostCode with an original budget');
    assert.match(refused.body.feedback.find((f: Row) => f.stringValue === 'originalBudget').message, /locked.*cost adjustment/);
    assert.equal(checksum(host, ['cost_codes']), before);
    const added = await api.post('pm', '/api/pfm/AddCostCode', { BudgetId: locked.budgetId, Code: '01-0199-00', Description: 'Added after lock', CostType: 'L', OriginalBudget: '0' });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.data.costCode.originalBudget, 0);
    assert.equal(added.body.data.costCode.budgetId, locked.budgetId);
  });
});
