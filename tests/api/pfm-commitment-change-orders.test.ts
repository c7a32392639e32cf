/**
 * Change orders that bundle (pfm/commitments/change-orders.ts) and the SRA gate on change orders and
 * exposure (risk/sra/gate.ts): one change order of typed lines or of many change event items, numbered
 * `<commitment>-CO01` after the commitment's others; §5's link rules per item; only an executed
 * subcontract or purchase agreement takes one; LinkChangeEventItemToCommitment joins an open Draft one;
 * approving a change order past the vendor's single or aggregate limit needs an approved SRA for the new
 * total (exactly at a limit passes, a cent over is refused and says by how much); the gate status says
 * why an approved SRA does not cover.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setClock, today } from '../../src/core/clock';
import { addDays } from '../../src/core/timecards/days';
import { TERMS_TEXT } from '../../src/core/commitments/terms';
import { COMMITMENT_CREATE_PATHS } from '../../src/core/commitments/contract';
import { RISK_API } from '../../src/core/risk/contract';
import { openBacklog } from '../../demo/host/api/risk/prequal';
import { advanceRecord } from '../../demo/host/api/pfm/esign/service';
import { SEED_GATE } from '../../demo/host/db/seed/sra';
import { checksum, stateId } from './api-client';
import { vendorWithLimits as vendorWithLimitsIn } from './support/vendors';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

const TABLES = ['subcontract_change_orders', 'subcontract_change_order_items', 'purchase_agreement_change_orders', 'purchase_agreement_change_order_items', 'change_event_items'];
const project = () => one('SELECT projectId, budgetId FROM projects WHERE number = ?', SEED_GATE.projectNumber);
const lineOf = (type: string) => one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? ORDER BY costCodeId LIMIT 1', project().budgetId, type).costCodeId as number;
const SC = (name: string) => stateId(host, 'Subcontract', name);
const SCO = (name: string) => stateId(host, 'SubcontractChangeOrder', name);
const errors = (body: Row): Record<string, string> => Object.fromEntries((body.data as Row[]).filter((f) => f.integerValue === 1).map((f) => [f.stringValue, f.message]));

const vendorWithLimits = (singleLimit: number, aggregateLimit: number) => vendorWithLimitsIn(host.db, singleLimit, aggregateLimit);

/** A subcontract of `vendorId` on 24-1032 for `amount`, in `state`, written straight into the tables. */
let n = 700;
function subcontract(vendorId: number, amount: number, state = 'Executed'): { subcontractId: number; number: string } {
  const p = project();
  const number = `SC-COTEST-${n++}`;
  const subcontractId = Number(host.db.prepare(`INSERT INTO subcontracts (projectId, budgetId, vendorId, subcontractTypeId, number, description, applicationRecordStateId,
    retainagePercent, billedToDate, displayText, modifiedAt) VALUES (?, ?, ?, 1, ?, 'CO test', ?, 10, 0, 'CO test', 't')`).run(p.projectId, p.budgetId, vendorId, number, SC(state)).lastInsertRowid);
  host.db.prepare("INSERT INTO subcontract_items (subcontractId, costCodeId, description, amount, modifiedAt) VALUES (?, ?, 'Base', ?, 't')").run(subcontractId, lineOf('S'), amount);
  return { subcontractId, number };
}

/** An Approved change event item of `vendorId` on 24-1032 for `amount` (state `state`). */
function eventItem(vendorId: number, amount: number, state = 'Approved', description = `Change ${amount}`): number {
  const changeEventId = one('SELECT changeEventId FROM change_events WHERE budgetId = ? ORDER BY changeEventId LIMIT 1', project().budgetId).changeEventId;
  return Number(host.db.prepare(`INSERT INTO change_event_items (changeEventId, costCodeId, vendorId, description, estimatedAmount, approvedAmount, applicationRecordStateId,
    displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 't')`).run(changeEventId, lineOf('S'), vendorId, description, amount, amount,
    stateId(host, 'ChangeEventItem', state), description).lastInsertRowid);
}

const createCo = (form: Record<string, string | number>, login = 'pm') => api.post(login, COMMITMENT_CREATE_PATHS.createChangeOrder, form);
const typedLines = (...amounts: number[]) => Object.fromEntries(amounts.flatMap((amount, i) => [
  [`items[${i}].costCodeId`, lineOf('S')], [`items[${i}].description`, `Line ${i + 1}`], [`items[${i}].amount`, String(amount)],
]));

/** Take change order `coId` to Approved: the pm submits, the admin approves (the authority above the pm's $25,000). */
async function approve(coId: number) {
  const submitted = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'SubcontractChangeOrder', ItemId: coId, OldRecordStateId: SCO('Draft'), RouteStateId: SCO('Pending Approval') });
  assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
  return api.post('admin', '/api/pfm/UpdateCommitmentState', { RecordKey: 'SubcontractChangeOrder', ItemId: coId, OldRecordStateId: SCO('Pending Approval'), RouteStateId: SCO('Approved') });
}

describe('CreateCommitmentChangeOrder', () => {
  it('typed lines: one Draft change order with a line per item, numbered <commitment>-CO01, then CO02', async () => {
    const vendor = vendorWithLimits(10_000_000, 20_000_000);
    const sub = subcontract(vendor.vendorId, 100_000);
    const first = await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Owner changes, round 1', ...typedLines(1200, 3400.5) });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const co = first.body.data;
    assert.deepEqual([co.number, co.recordStateName, co.subcontractId, co.amount, co.changeOrderDate], [`${sub.number}-CO01`, 'Draft', sub.subcontractId, 4600.5, today()]);
    assert.deepEqual(co.items.map((i: Row) => [i.description, i.amount, i.costType, i.changeEventItemId]), [['Line 1', 1200, 'S', null], ['Line 2', 3400.5, 'S', null]]);
    const second = await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Round 2', ...typedLines(10) });
    assert.equal(second.body.data.number, `${sub.number}-CO02`);
  });

  it('an older SCO-01 counts: the next is -CO02, never a repeat', async () => {
    const older = one(`SELECT s.subcontractId, s.number FROM subcontract_change_orders co JOIN subcontracts s USING (subcontractId)
      JOIN application_record_states st ON st.applicationRecordStateId = s.applicationRecordStateId WHERE co.number = 'SCO-01' AND st.name = 'Executed' AND s.projectId = ? LIMIT 1`, project().projectId);
    const answer = await createCo({ RecordKey: 'Subcontract', CommitmentId: older.subcontractId, Description: 'After SCO-01', ...typedLines(5) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.number, `${older.number}-CO02`);
  });

  it('from change events: three approved items of the vendor become one change order of three linked lines', async () => {
    const vendor = vendorWithLimits(10_000_000, 20_000_000);
    const sub = subcontract(vendor.vendorId, 100_000);
    const items = [eventItem(vendor.vendorId, 1000), eventItem(vendor.vendorId, 2000), eventItem(vendor.vendorId, 3000)];
    const answer = await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Bundled', ...Object.fromEntries(items.map((id, i) => [`ChangeEventItemIds[${i}]`, id])) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const co = answer.body.data;
    assert.equal(co.amount, 6000);
    assert.deepEqual(co.items.map((i: Row) => i.changeEventItemId), items);
    for (const line of co.items as Row[]) {
      assert.deepEqual(one('SELECT coItemRecordKey, coItemRecordId FROM change_event_items WHERE changeEventItemId = ?', line.changeEventItemId),
        { coItemRecordKey: 'SubcontractChangeOrderItem', coItemRecordId: line.subcontractChangeOrderItemId });
    }
    assert.equal(one('SELECT count(*) AS n FROM subcontract_change_orders WHERE subcontractId = ?', sub.subcontractId).n, 1);
  });

  it('§5 per item: another vendor, not approved, already linked, picked twice: each named, nothing written', async () => {
    const vendor = vendorWithLimits(10_000_000, 20_000_000);
    const other = vendorWithLimits(10_000_000, 20_000_000);
    const sub = subcontract(vendor.vendorId, 100_000);
    const good = eventItem(vendor.vendorId, 10);
    const otherVendor = eventItem(other.vendorId, 20, 'Approved', 'Other vendor');
    const open = eventItem(vendor.vendorId, 30, 'Open', 'Still open');
    const linked = eventItem(vendor.vendorId, 40, 'Approved', 'Linked');
    host.db.prepare("UPDATE change_event_items SET coItemRecordKey = 'SubcontractChangeOrderItem', coItemRecordId = 1 WHERE changeEventItemId = ?").run(linked);
    const missing = (one('SELECT max(changeEventItemId) AS n FROM change_event_items').n as number) + 1000;
    const before = checksum(host, TABLES);
    const answer = await createCo({
      RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Refused',
      'ChangeEventItemIds[0]': good, 'ChangeEventItemIds[1]': otherVendor, 'ChangeEventItemIds[2]': open, 'ChangeEventItemIds[3]': linked,
      'ChangeEventItemIds[4]': good, 'ChangeEventItemIds[5]': missing,
    });
    assert.equal(answer.status, 400);
    const byField = errors(answer.body);
    assert.deepEqual(Object.keys(byField).sort(), ['ChangeEventItemIds[1]', 'ChangeEventItemIds[2]', 'ChangeEventItemIds[3]', 'ChangeEventItemIds[4]', 'ChangeEventItemIds[5]']);
    assert.match(byField['ChangeEventItemIds[1]']!, /^Other vendor: .*vendor/i);
    assert.match(byField['ChangeEventItemIds[2]']!, /^Still open: /);
    assert.match(byField['ChangeEventItemIds[3]']!, /^Linked: /);
    assert.equal(byField['ChangeEventItemIds[4]'], `Change event item ${good} is picked twice.`);
    assert.equal(byField['ChangeEventItemIds[5]'], `Change event item ${missing} does not exist.`);
    assert.equal(checksum(host, TABLES), before);
  });

  it('the parent must be executed; a purchase order has no change orders; lines or items, not both or neither; a line\'s cost type must fit', async () => {
    const vendor = vendorWithLimits(10_000_000, 20_000_000);
    const draft = subcontract(vendor.vendorId, 1000, 'Draft');
    const executed = subcontract(vendor.vendorId, 1000);
    // The change event item of the 'both' case is the test's own: the change orders are what must not change.
    const ORDERS = TABLES.filter((t) => t !== 'change_event_items');
    const before = checksum(host, ORDERS);
    const notExecuted = await createCo({ RecordKey: 'Subcontract', CommitmentId: draft.subcontractId, Description: 'x', ...typedLines(1) });
    assert.equal(notExecuted.status, 400);
    assert.equal(notExecuted.body.autoAlert, true);
    assert.equal(notExecuted.body.message, TERMS_TEXT.parentNotExecuted(draft.number, 'Draft'));
    const po = one('SELECT purchaseOrderId FROM purchase_orders WHERE projectId = ? LIMIT 1', project().projectId).purchaseOrderId;
    const refusedPo = await createCo({ RecordKey: 'PurchaseOrder', CommitmentId: po, Description: 'x', ...typedLines(1) });
    assert.equal(refusedPo.status, 400);
    assert.equal(refusedPo.body.message, TERMS_TEXT.purchaseOrderNoChangeOrders);
    const both = await createCo({ RecordKey: 'Subcontract', CommitmentId: executed.subcontractId, Description: 'x', ...typedLines(1), 'ChangeEventItemIds[0]': eventItem(vendor.vendorId, 1) });
    assert.deepEqual(errors(both.body), { items: TERMS_TEXT.changeOrderBoth });
    const neither = await createCo({ RecordKey: 'Subcontract', CommitmentId: executed.subcontractId, Description: 'x' });
    assert.deepEqual(errors(neither.body), { items: TERMS_TEXT.changeOrderNoLines });
    const wrongType = await createCo({ RecordKey: 'Subcontract', CommitmentId: executed.subcontractId, Description: 'x', ...typedLines(1), 'items[0].costCodeId': lineOf('M') });
    assert.deepEqual(errors(wrongType.body), { 'items[0].costCodeId': 'Line 1: cost type M does not fit a subcontract (S only).' });
    const noDescription = await createCo({ RecordKey: 'Subcontract', CommitmentId: executed.subcontractId, Description: ' ', ...typedLines(1) });
    assert.deepEqual(errors(noDescription.body), { description: 'A description is required.' });
    assert.equal(checksum(host, ORDERS), before);
  });

  it('a purchase agreement takes one too, numbered after its own (an M, W or E line)', async () => {
    const pa = one(`SELECT a.purchaseAgreementId, a.number FROM purchase_agreements a JOIN application_record_states st USING (applicationRecordStateId)
      WHERE a.projectId = ? AND st.name = 'Executed' ORDER BY a.purchaseAgreementId LIMIT 1`, project().projectId);
    const answer = await createCo({ RecordKey: 'PurchaseAgreement', CommitmentId: pa.purchaseAgreementId, Description: 'More material', ...typedLines(50), 'items[0].costCodeId': lineOf('M') });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.match(answer.body.data.number, new RegExp(`^${pa.number}-CO\\d{2}$`));
  });

  it('a project out of the caller\'s team is refused (403)', async () => {
    const outside = one(`SELECT s.subcontractId FROM subcontracts s WHERE NOT EXISTS (SELECT 1 FROM project_team_members m JOIN employees e USING (employeeId)
      WHERE e.login = 'pm' AND m.projectId = s.projectId AND m.removedAt IS NULL) LIMIT 1`);
    assert.equal((await createCo({ RecordKey: 'Subcontract', CommitmentId: outside.subcontractId, Description: 'x', ...typedLines(1) })).status, 403);
  });
});

describe('LinkChangeEventItemToCommitment bundles', () => {
  it('joins the commitment\'s open Draft change order; makes a new numbered one only when there is none', async () => {
    const vendor = vendorWithLimits(10_000_000, 20_000_000);
    const sub = subcontract(vendor.vendorId, 100_000);
    const link = (itemId: number) => api.post('pm', '/api/pfm/LinkChangeEventItemToCommitment', { ChangeEventItemId: itemId, CommitmentKey: 'Subcontract', CommitmentId: sub.subcontractId });
    const first = await link(eventItem(vendor.vendorId, 100));
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.changeOrder.number, `${sub.number}-CO01`);
    const second = await link(eventItem(vendor.vendorId, 200));
    assert.equal(second.body.data.changeOrder.subcontractChangeOrderId, first.body.data.changeOrder.subcontractChangeOrderId);
    assert.equal(second.body.data.changeOrder.amount, 300);
    assert.equal(one('SELECT count(*) AS n FROM subcontract_change_orders WHERE subcontractId = ?', sub.subcontractId).n, 1);
    // Once it is submitted, the next item starts a new Draft.
    host.db.prepare('UPDATE subcontract_change_orders SET applicationRecordStateId = ? WHERE subcontractChangeOrderId = ?').run(SCO('Pending Approval'), first.body.data.changeOrder.subcontractChangeOrderId);
    const third = await link(eventItem(vendor.vendorId, 300));
    assert.equal(third.body.data.changeOrder.number, `${sub.number}-CO02`);
  });
});

describe('the SRA gate on change orders and exposure', () => {
  it('single limit: a change order to exactly the limit is approved; one cent over needs an SRA for the new total, named with the amount over', async () => {
    const vendor = vendorWithLimits(500_000, 10_000_000);
    const sub = subcontract(vendor.vendorId, 460_000);
    const atLimit = (await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'To the limit', ...typedLines(40_000) })).body.data;
    const approved = await approve(atLimit.subcontractChangeOrderId);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const over = (await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'A cent over', ...typedLines(0.01) })).body.data;
    const refused = await approve(over.subcontractChangeOrderId);
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.sraRequired, true);
    assert.equal(refused.body.amount, 500_000.01);
    assert.deepEqual(refused.body.reasons, [`the amount $500,000.01 exceeds ${vendor.name}'s single limit of $500,000 by $0.01`]);
    assert.match(refused.body.message, new RegExp(`^Change order ${over.number} takes subcontract ${sub.number} to \\$500,000\\.01, which needs an approved SRA`));
    assert.equal(one('SELECT applicationRecordStateId AS s FROM subcontract_change_orders WHERE subcontractChangeOrderId = ?', over.subcontractChangeOrderId).s, SCO('Pending Approval'));
    // The status reads the sum that counts (with the approved change order) and the pending one.
    const status = (await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub.subcontractId })).body.data;
    assert.deepEqual([status.amount, status.pendingChanges, status.singleLimit, status.cleared], [500_000, 0.01, 500_000, true]);
  });

  it('e-sign completion does not approve a change order past the limit either: the refusal is its note', async () => {
    const vendor = vendorWithLimits(500_000, 10_000_000);
    const sub = subcontract(vendor.vendorId, 500_000);
    const over = (await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Signed over', ...typedLines(0.01) })).body.data;
    const sent = await api.post('pm', '/api/pfm/UpdateCommitmentState', {
      RecordKey: 'SubcontractChangeOrder', ItemId: over.subcontractChangeOrderId, OldRecordStateId: SCO('Draft'), RouteStateId: SCO('Pending Approval'),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const admin = one("SELECT employeeId FROM employees WHERE login = 'admin'").employeeId as number;
    const note = host.db.transaction(() => advanceRecord(host.db, 'SubcontractChangeOrder', over.subcontractChangeOrderId, 'Approved', admin, 'esign')).immediate();
    assert.match(String(note), new RegExp(`was not moved to 'Approved': Change order ${over.number} takes subcontract ${sub.number} to \\$500,000\\.01, which needs an approved SRA`));
    assert.equal(one('SELECT applicationRecordStateId AS s FROM subcontract_change_orders WHERE subcontractChangeOrderId = ?', over.subcontractChangeOrderId).s, SCO('Pending Approval'));
  });

  it('aggregate limit: the vendor\'s open subcontracts on all projects exactly at it pass; a cent over is refused, named with the amount over', async () => {
    const vendor = vendorWithLimits(5_000_000, 1_000_000);
    subcontract(vendor.vendorId, 300_000); // open elsewhere for this vendor
    const sub = subcontract(vendor.vendorId, 600_000);
    assert.equal(openBacklog(host.db, vendor.vendorId, sub.subcontractId), 300_000);
    const toLimit = (await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'To the aggregate', ...typedLines(100_000) })).body.data;
    assert.equal((await approve(toLimit.subcontractChangeOrderId)).status, 200);
    const over = (await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Over it', ...typedLines(0.01) })).body.data;
    const refused = await approve(over.subcontractChangeOrderId);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.reasons, [
      `${vendor.name}'s open subcontracts on all projects, $1,000,000.01 with this one, exceed its aggregate limit of $1,000,000 by $0.01`,
    ]);
  });

  it("exposure subtracts what the pay applications certified (the last certified one's total completed and stored), not billedToDate", async () => {
    const vendor = vendorWithLimits(5_000_000, 10_000_000);
    const open = subcontract(vendor.vendorId, 300_000);
    const sub = subcontract(vendor.vendorId, 50_000);
    // billedToDate is the imported figure the screens no longer show: it must not count.
    host.db.prepare('UPDATE subcontracts SET billedToDate = 250000 WHERE subcontractId = ?').run(open.subcontractId);
    const p = project();
    const PA = (name: string) => stateId(host, 'PayApplication', name);
    const application = (sequence: number, state: string, certified: number | null) => host.db.prepare(`INSERT INTO pay_applications (commitmentKey, commitmentId, projectId,
      budgetId, vendorId, sequence, number, periodEnd, applicationRecordStateId, retainagePercent, certifiedCompletedAndStored, createdAt, displayText, modifiedAt)
      VALUES ('Subcontract', ?, ?, ?, ?, ?, ?, ?, ?, 10, ?, 't', 'test', 't')`).run(open.subcontractId, p.projectId, p.budgetId, vendor.vendorId, sequence,
      `${open.number} Pay App 0${sequence}`, addDays(today(), -90 + 30 * sequence), PA(state), certified);
    assert.equal(openBacklog(host.db, vendor.vendorId, sub.subcontractId), 300_000, 'nothing certified: the whole sum is open');
    application(1, 'Paid', 80_000);
    application(2, 'Approved for Payment', 120_000.5);
    application(3, 'Draft', null); // not certified: does not count
    assert.equal(openBacklog(host.db, vendor.vendorId, sub.subcontractId), 179_999.5);
    const status = (await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub.subcontractId })).body.data;
    assert.equal(status.exposure, 229_999.5);
  });

  it('an approved SRA for the new total lets it through; one for less says why it does not cover', async () => {
    const vendor = vendorWithLimits(200_000, 10_000_000);
    const sub = subcontract(vendor.vendorId, 200_000);
    const co = (await createCo({ RecordKey: 'Subcontract', CommitmentId: sub.subcontractId, Description: 'Over', ...typedLines(40_000) })).body.data;
    const sra = (amount: number) => Number(host.db.prepare(`INSERT INTO sras (number, projectId, vendorId, amount, subcontractId, description, level, factors, applicationRecordStateId,
      createdByEmployeeId, createdAt, decidedAt, version, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, 'test', 'Low', '[]', ?, 1, 't', 't', 1, 'test', 't')`)
      .run(`SRA-T${amount}`, project().projectId, vendor.vendorId, amount, sub.subcontractId, stateId(host, 'Sra', 'Approved')).lastInsertRowid);
    sra(209_811);
    const refused = await approve(co.subcontractChangeOrderId);
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /SRA-T209811 approved for \$209,811 covers less than the subcontract's \$240,000\./);
    // The workbench's status: the current sum is $200,000, which that SRA covers; a smaller one would not.
    host.db.prepare('UPDATE sras SET amount = 150000 WHERE number = ?').run('SRA-T209811');
    const status = (await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub.subcontractId })).body.data;
    assert.equal(status.amount, 200_000);
    assert.equal(status.cleared, true); // within the single limit: no SRA needed for the current sum
    assert.equal(status.notCovered, null);
    sra(240_000);
    const moved = await api.post('admin', '/api/pfm/UpdateCommitmentState', {
      RecordKey: 'SubcontractChangeOrder', ItemId: co.subcontractChangeOrderId, OldRecordStateId: SCO('Pending Approval'), RouteStateId: SCO('Approved'),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
  });

  it('the gate status of a subcontract over its limit says why its approved SRA does not cover', async () => {
    const vendor = vendorWithLimits(200_000, 10_000_000);
    const sub = subcontract(vendor.vendorId, 240_000, 'Draft');
    host.db.prepare(`INSERT INTO sras (number, projectId, vendorId, amount, subcontractId, description, level, factors, applicationRecordStateId,
      createdByEmployeeId, createdAt, decidedAt, version, displayText, modifiedAt) VALUES ('SRA-T0012', ?, ?, 209811, ?, 'test', 'Low', '[]', ?, 1, 't', 't', 1, 'test', 't')`)
      .run(project().projectId, vendor.vendorId, sub.subcontractId, stateId(host, 'Sra', 'Approved'));
    const status = (await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub.subcontractId })).body.data;
    assert.equal(status.cleared, false);
    assert.equal(status.notCovered, "SRA-T0012 approved for $209,811 covers less than the subcontract's $240,000");
    const refused = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'Subcontract', ItemId: sub.subcontractId, OldRecordStateId: SC('Draft'), RouteStateId: SC('Pending Signature') });
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /SRA-T0012 approved for \$209,811 covers less than the subcontract's \$240,000\./);
    assert.match(refused.body.reasons[0], /exceeds .*single limit of \$200,000 by \$40,000$/);
  });
});
