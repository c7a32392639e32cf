/**
 * Approval authority (migration 022, demo/host/api/approvals.ts): every record type's approval moves
 * are refused above the caller's role limit (at the limit allowed, one cent over refused), to the
 * person who submitted the record and to the one who made its previous approval, with a 400 autoAlert
 * naming the role or amount needed and who holds it; the state menu's call says the same before the
 * click; a change to the matrix counts on the next move; each approval is recorded.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const COMMITMENT_MOVE = '/api/pfm/UpdateCommitmentState';
const AUTHORITY = '/api/applications/GetRecordMoveAuthority';

/** A Draft purchase order of project `projectId` whose items add up to `total` (its first item takes the difference). */
function draftPurchaseOrder(projectId: number, total: number): number {
  const po = host.db.prepare(`SELECT po.purchaseOrderId FROM purchase_orders po WHERE po.projectId = ? AND po.applicationRecordStateId = ?
    AND NOT EXISTS (SELECT 1 FROM record_approvals a WHERE a.applicationRecordKey = 'PurchaseOrder' AND a.recordId = po.purchaseOrderId)
    AND EXISTS (SELECT 1 FROM purchase_order_items i WHERE i.purchaseOrderId = po.purchaseOrderId)
    ORDER BY po.purchaseOrderId LIMIT 1`).get(projectId, stateId(host, 'PurchaseOrder', 'Draft')) as { purchaseOrderId: number };
  const items = host.db.prepare('SELECT purchaseOrderItemId FROM purchase_order_items WHERE purchaseOrderId = ? ORDER BY purchaseOrderItemId').pluck().all(po.purchaseOrderId) as number[];
  host.db.prepare('UPDATE purchase_order_items SET amount = 0 WHERE purchaseOrderId = ?').run(po.purchaseOrderId);
  host.db.prepare('UPDATE purchase_order_items SET amount = ? WHERE purchaseOrderItemId = ?').run(total, items[0]);
  return po.purchaseOrderId;
}

const issue = (login: string, purchaseOrderId: number) => api.post(login, COMMITMENT_MOVE, {
  RecordKey: 'PurchaseOrder', ItemId: purchaseOrderId, OldRecordStateId: stateId(host, 'PurchaseOrder', 'Draft'), RouteStateId: stateId(host, 'PurchaseOrder', 'Issued'),
});
const poState = (id: number) => host.db.prepare('SELECT applicationRecordStateId FROM purchase_orders WHERE purchaseOrderId = ?').pluck().get(id);

describe('approval authority by role and amount', () => {
  it('a PM issues a purchase order of exactly his limit ($250,000), and the approval is recorded with his role and limit', async () => {
    const id = draftPurchaseOrder(1, 250000);
    const answer = await issue('pm', id);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const approval = host.db.prepare('SELECT roleName, upToAmount, amount, via FROM record_approvals WHERE applicationRecordKey = ? AND recordId = ?').get('PurchaseOrder', id);
    assert.deepEqual({ ...(approval as object) }, { roleName: 'Project Manager', upToAmount: 250000, amount: 250000, via: 'user' });
  });

  it('one cent over refuses the PM with the role needed and who holds it; the menu said so before; the RPM may', async () => {
    const id = draftPurchaseOrder(1, 250000.01);
    const menu = await api.get('pm', AUTHORITY, { recordKey: 'PurchaseOrder', recordId: id });
    assert.equal(menu.status, 200, JSON.stringify(menu.body));
    const issued = menu.body.data.find((m: { targetApplicationRecordStateId: number }) => m.targetApplicationRecordStateId === stateId(host, 'PurchaseOrder', 'Issued'));
    assert.equal(issued.allowed, false);
    assert.equal(issued.reason, 'Needs RPM approval above $250,000: Linda Okafor');
    const before = checksum(host, ['purchase_orders', 'record_approvals']);
    const refused = await issue('pm', id);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, 'Needs RPM approval above $250,000: Linda Okafor');
    assert.equal(checksum(host, ['purchase_orders', 'record_approvals']), before);
    assert.equal((await issue('rpm', id)).status, 200);
    assert.equal(poState(id), stateId(host, 'PurchaseOrder', 'Issued'));
  });

  it('above the RPM limit ($2,000,000) only a keyPFM Admin approves', async () => {
    const id = draftPurchaseOrder(2, 2000000.01);
    const refused = await issue('rpm', id);
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /^Needs keyPFM Admin approval above \$2,000,000: .*Dana Whitfield/);
    assert.equal((await issue('admin', id)).status, 200);
  });

  it('a change to the matrix (a lower PM limit) counts on the next move', async () => {
    const id = draftPurchaseOrder(3, 10000.01);
    host.db.prepare(`UPDATE approval_limits SET upToAmount = 10000 WHERE roleName = 'Project Manager' AND approvalMoveId =
      (SELECT approvalMoveId FROM approval_moves WHERE targetApplicationRecordStateId = ?)`).run(stateId(host, 'PurchaseOrder', 'Issued'));
    try {
      const refused = await issue('pm', id);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, 'Needs RPM approval above $10,000: Linda Okafor');
    } finally {
      host.db.prepare(`UPDATE approval_limits SET upToAmount = 250000 WHERE roleName = 'Project Manager' AND approvalMoveId =
        (SELECT approvalMoveId FROM approval_moves WHERE targetApplicationRecordStateId = ?)`).run(stateId(host, 'PurchaseOrder', 'Issued'));
    }
  });

  it('the same person may not make two approvals of one record in a row', async () => {
    // A second approval step on purchase orders for this test: Received, by RPM or Admin, not by the previous approver.
    const received = stateId(host, 'PurchaseOrder', 'Received');
    const moveId = Number(host.db.prepare(`INSERT INTO approval_moves (applicationRecordKey, targetApplicationRecordStateId, notSubmitter, notPreviousApprover, modifiedAt)
      VALUES ('PurchaseOrder', ?, 0, 1, '2000-01-01T00:00:00Z')`).run(received).lastInsertRowid);
    host.db.prepare(`INSERT INTO approval_limits (approvalMoveId, applicationKey, roleName, upToAmount, modifiedAt) VALUES (?, 'keyPFM', 'RPM', NULL, '2000-01-01T00:00:00Z'),
      (?, 'keyPFM', 'Admin', NULL, '2000-01-01T00:00:00Z')`).run(moveId, moveId);
    try {
      const id = draftPurchaseOrder(1, 300000);
      assert.equal((await issue('rpm', id)).status, 200);
      const receive = (login: string) => api.post(login, COMMITMENT_MOVE, {
        RecordKey: 'PurchaseOrder', ItemId: id, OldRecordStateId: stateId(host, 'PurchaseOrder', 'Issued'), RouteStateId: received,
      });
      const refused = await receive('rpm');
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, 'You made the previous approval of this purchase order: another person must make this one.');
      assert.equal((await receive('admin')).status, 200);
    } finally {
      host.db.prepare('DELETE FROM approval_moves WHERE approvalMoveId = ?').run(moveId);
    }
  });
});

describe('change event items: approved only with an amount, never by the person who submitted them', () => {
  it('the PM who created an item may not approve it; without an approved amount nobody may; the RPM approves it with one', async () => {
    const event = host.db.prepare(`SELECT ce.changeEventId FROM change_events ce JOIN application_record_states s ON s.applicationRecordStateId = ce.applicationRecordStateId
      WHERE ce.projectId = 1 AND s.closed = 0 ORDER BY ce.changeEventId LIMIT 1`).get() as { changeEventId: number };
    const line = host.db.prepare(`SELECT c.costCodeId FROM cost_codes c JOIN change_events ce ON ce.budgetId = c.budgetId
      WHERE ce.changeEventId = ? AND c.type = 'S' LIMIT 1`).get(event.changeEventId) as { costCodeId: number };
    const vendor = host.db.prepare('SELECT vendorId FROM vendors WHERE active = 1 ORDER BY vendorId LIMIT 1').pluck().get() as number;
    const created = await api.post('pm', '/api/pfm/CreateChangeEventItem', {
      ChangeEventId: event.changeEventId, Description: 'Added blocking at level 3', CostCodeId: line.costCodeId, VendorId: vendor, EstimatedAmount: 1200,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const itemId = created.body.data.changeEventItemId as number;
    const approve = (login: string) => api.post(login, '/api/pfm/UpdateChangeEventItemState', {
      ItemId: itemId, OldRecordStateId: stateId(host, 'ChangeEventItem', 'Open'), RouteStateId: stateId(host, 'ChangeEventItem', 'Approved'),
    });
    const noAmount = await approve('rpm');
    assert.equal(noAmount.status, 400);
    assert.equal(noAmount.body.message, 'Enter the approved amount before approving the item.');
    host.db.prepare('UPDATE change_event_items SET approvedAmount = 1200 WHERE changeEventItemId = ?').run(itemId);
    const own = await approve('pm');
    assert.equal(own.status, 400);
    assert.equal(own.body.message, 'You submitted this change event item: another person with approval authority must approve it.');
    const menu = await api.get('pm', AUTHORITY, { recordKey: 'ChangeEventItem', recordId: itemId });
    const approved = menu.body.data.find((m: { targetApplicationRecordStateId: number }) => m.targetApplicationRecordStateId === stateId(host, 'ChangeEventItem', 'Approved'));
    assert.equal(approved.allowed, false);
    assert.match(approved.reason, /^You submitted/);
    assert.equal((await approve('rpm')).status, 200);
  });
});

describe('cost adjustments are posted by an RPM or Admin only', () => {
  it('a PM is refused naming the RPM', async () => {
    const ca = host.db.prepare('SELECT costAdjustmentId FROM cost_adjustments WHERE projectId = 1 AND applicationRecordStateId = ? LIMIT 1')
      .pluck().get(stateId(host, 'CostAdjustment', 'Open')) as number;
    const refused = await api.post('pm', '/api/pfm/UpdateCostAdjustmentState', {
      ItemId: ca, OldRecordStateId: stateId(host, 'CostAdjustment', 'Open'), RouteStateId: stateId(host, 'CostAdjustment', 'Reconciled'),
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'Needs RPM approval: Linda Okafor');
  });
});

describe('e-sign is no way around the matrix', () => {
  it('sending a subcontract for signature asks the sender for the authority its completion will use', async () => {
    const sub = host.db.prepare(`SELECT s.subcontractId FROM subcontracts s JOIN application_record_states st ON st.applicationRecordStateId = s.applicationRecordStateId
      WHERE s.projectId = 1 AND st.name = 'Pending Signature' AND (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) > 250000
      ORDER BY s.subcontractId LIMIT 1`).pluck().get() as number;
    const before = checksum(host, ['envelopes', 'envelope_signers', 'esign_outbox']);
    const refused = await api.post('pm', '/api/pfm/CreateEnvelope', {
      RecordKey: 'Subcontract', RecordId: sub, 'signers[0].name': 'Ada Vendor', 'signers[0].email': 'ada@vendor.example', Send: 'true',
    });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.message, 'Needs RPM approval above $250,000: Linda Okafor');
    assert.equal(checksum(host, ['envelopes', 'envelope_signers', 'esign_outbox']), before);
  });
});

describe('every record type with a PM limit: at the limit allowed, one cent over refused (the menu call, the same decision as the move)', () => {
  // [record key, its table, id column, the state it is moved from, the approval state, how its amount is set, the PM's limit, the next role]
  const CASES = [
    ['Subcontract', 'subcontracts', 'subcontractId', 'Pending Signature', 'Executed', 'items:subcontract_items', 250_000, 'RPM'],
    ['PurchaseAgreement', 'purchase_agreements', 'purchaseAgreementId', 'Pending Signature', 'Executed', 'items:purchase_agreement_items', 250_000, 'RPM'],
    ['PurchaseOrder', 'purchase_orders', 'purchaseOrderId', 'Draft', 'Issued', 'items:purchase_order_items', 250_000, 'RPM'],
    ['SubcontractChangeOrder', 'subcontract_change_orders', 'subcontractChangeOrderId', 'Pending Approval', 'Approved', 'items:subcontract_change_order_items', 25_000, 'RPM'],
    ['PurchaseAgreementChangeOrder', 'purchase_agreement_change_orders', 'purchaseAgreementChangeOrderId', 'Pending Approval', 'Approved', 'items:purchase_agreement_change_order_items', 25_000, 'RPM'],
    ['OwnerAgreementChangeOrder', 'owner_agreement_change_orders', 'ownerAgreementChangeOrderId', 'Pending Approval', 'Approved', 'column:amount', 100_000, 'RPM'],
    ['ChangeEventItem', 'change_event_items', 'changeEventItemId', 'Pending Approval', 'Approved', 'column:approvedAmount', 25_000, 'RPM'],
  ] as const;
  const PROJECT_OF: Record<string, string> = {
    subcontract_change_orders: 'subcontractId IN (SELECT subcontractId FROM subcontracts WHERE projectId = 1)',
    purchase_agreement_change_orders: 'purchaseAgreementId IN (SELECT purchaseAgreementId FROM purchase_agreements WHERE projectId = 1)',
    owner_agreement_change_orders: 'ownerAgreementId IN (SELECT ownerAgreementId FROM owner_agreements WHERE projectId = 1)',
    change_event_items: 'changeEventId IN (SELECT changeEventId FROM change_events WHERE projectId = 1)',
  };

  for (const [key, table, idColumn, from, to, amountAt, limit, next] of CASES) {
    it(`${key} → ${to}: $${limit.toLocaleString('en-US')} by the PM, one cent over needs the ${next}`, async () => {
      const id = host.db.prepare(`SELECT ${idColumn} FROM ${table} WHERE ${PROJECT_OF[table] ?? 'projectId = 1'}
        AND ${idColumn} NOT IN (SELECT recordId FROM record_approvals WHERE applicationRecordKey = '${key}') ORDER BY ${idColumn} DESC LIMIT 1`).pluck().get() as number;
      assert.ok(id, `a ${key} of project 1`);
      host.db.prepare(`UPDATE ${table} SET applicationRecordStateId = ? WHERE ${idColumn} = ?`).run(stateId(host, key, from), id);
      const setAmount = (amount: number) => {
        const [kind, where] = amountAt.split(':') as [string, string];
        if (kind === 'column') {
          host.db.prepare(`UPDATE ${table} SET ${where} = ? WHERE ${idColumn} = ?`).run(amount, id);
          return;
        }
        host.db.prepare(`DELETE FROM ${where} WHERE ${idColumn} = ?`).run(id);
        // Priced items (agreements and orders) carry quantity × unit price: one unit at the amount.
        const priced = (host.db.prepare(`PRAGMA table_info(${where})`).all() as Array<{ name: string }>).some((c) => c.name === 'unitPrice');
        host.db.prepare(`INSERT INTO ${where} (${idColumn}, costCodeId, description, ${priced ? 'quantity, unitPrice, ' : ''}amount, modifiedAt)
          VALUES (?, (SELECT costCodeId FROM cost_codes WHERE budgetId = 1 LIMIT 1), 'Limit test', ${priced ? '1, @amount, ' : ''}@amount, '2026-01-01T00:00:00.000Z')`)
          .run(id, { amount });
      };
      const decision = async (amount: number) => {
        setAmount(amount);
        const answer = await api.get('pm', AUTHORITY, { recordKey: key, recordId: id });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return (answer.body.data as Array<{ targetApplicationRecordStateId: number; allowed: boolean; reason: string | null }>)
          .find((m) => m.targetApplicationRecordStateId === stateId(host, key, to));
      };
      assert.deepEqual(await decision(limit), { targetApplicationRecordStateId: stateId(host, key, to), allowed: true, reason: null, reasonRequired: to === 'Executed', approval: true });
      const over = await decision(limit + 0.01);
      assert.equal(over?.allowed, false);
      assert.equal(over?.reason, `Needs ${next} approval above $${limit.toLocaleString('en-US')}: Linda Okafor`);
    });
  }

  it('cost adjustments and direct costs: no PM limit at all, the RPM named', async () => {
    for (const [key, table, idColumn, from, to] of [['CostAdjustment', 'cost_adjustments', 'costAdjustmentId', 'Open', 'Reconciled'], ['DirectCost', 'direct_costs', 'directCostId', 'Pending Approval', 'Approved']] as const) {
      const id = host.db.prepare(`SELECT ${idColumn} FROM ${table} WHERE projectId = 1 ORDER BY ${idColumn} DESC LIMIT 1`).pluck().get() as number;
      host.db.prepare(`UPDATE ${table} SET applicationRecordStateId = ?, amount = 1 WHERE ${idColumn} = ?`).run(stateId(host, key, from), id);
      const answer = await api.get('pm', AUTHORITY, { recordKey: key, recordId: id });
      const move = (answer.body.data as Array<{ targetApplicationRecordStateId: number; allowed: boolean; reason: string | null }>)
        .find((m) => m.targetApplicationRecordStateId === stateId(host, key, to));
      assert.equal(move?.allowed, false, key);
      assert.equal(move?.reason, 'Needs RPM approval: Linda Okafor', key);
    }
  });
});

describe('the matrix is the one authority of an approval move', () => {
  it('App Records giving the Project Manager a direct-cost approval limit lets a PM approve one he did not submit (no fixed role rule overrides it)', async () => {
    const approved = stateId(host, 'DirectCost', 'Approved');
    const id = host.db.prepare(`SELECT directCostId FROM direct_costs WHERE projectId = 1 AND amount BETWEEN 1 AND 5000
      AND directCostId NOT IN (SELECT recordId FROM record_approvals WHERE applicationRecordKey = 'DirectCost') ORDER BY directCostId LIMIT 1`).pluck().get() as number;
    assert.ok(id, 'a small direct cost of project 1');
    host.db.prepare('UPDATE direct_costs SET applicationRecordStateId = ? WHERE directCostId = ?').run(stateId(host, 'DirectCost', 'Pending Approval'), id);
    const moveId = host.db.prepare('SELECT approvalMoveId FROM approval_moves WHERE targetApplicationRecordStateId = ?').pluck().get(approved) as number;
    const limit = Number(host.db.prepare(`INSERT INTO approval_limits (approvalMoveId, applicationKey, roleName, upToAmount, modifiedAt)
      VALUES (?, 'keyPFM', 'Project Manager', 5000, '2026-01-01T00:00:00.000Z')`).run(moveId).lastInsertRowid);
    try {
      const answer = await api.post('pm', '/api/pfm/UpdateDirectCostState', { ItemId: id, OldRecordStateId: stateId(host, 'DirectCost', 'Pending Approval'), RouteStateId: approved });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(host.db.prepare("SELECT roleName FROM record_approvals WHERE applicationRecordKey = 'DirectCost' AND recordId = ?").pluck().get(id), 'Project Manager');
    } finally {
      host.db.prepare('DELETE FROM approval_limits WHERE approvalLimitId = ?').run(limit);
    }
  });
});
