/**
 * New commitments (pfm/commitments/create.ts) and the fixed contract sum (SaveCommitment): a subcontract,
 * purchase agreement and purchase order created in Draft, numbered after the budget's highest, answered as
 * the loads answer them; each header and item rule at its boundary, with nothing written on a refusal; the
 * buyout line link; once out of Draft, items change only by change order (header text stays editable).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setClock, today } from '../../src/core/clock';
import { addDays } from '../../src/core/timecards/days';
import { TERMS_TEXT, contractSumFixedMessage } from '../../src/core/commitments/terms';
import { COMMITMENT_CREATE_PATHS } from '../../src/core/commitments/contract';
import { SEED_GATE } from '../../demo/host/db/seed/sra';
import { checksum, stateId } from './api-client';
import { vendorWithLimits } from './support/vendors';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

const TABLES = ['subcontracts', 'subcontract_items', 'purchase_agreements', 'purchase_agreement_items', 'purchase_orders', 'purchase_order_items'];
const project = () => one('SELECT projectId, budgetId FROM projects WHERE number = ?', SEED_GATE.projectNumber);
const job = () => one('SELECT jobNumber FROM budgets WHERE budgetId = ?', project().budgetId).jobNumber as string;
const lineOf = (type: string, budgetId = project().budgetId) =>
  one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? ORDER BY costCodeId LIMIT 1', budgetId, type).costCodeId as number;
const activeVendor = () => one('SELECT vendorId, name FROM vendors WHERE active = 1 ORDER BY vendorId LIMIT 1');
const SC = (name: string) => stateId(host, 'Subcontract', name);

/** A subcontract's form on 24-1032, with `over` replacing or adding fields. */
const form = (over: Record<string, string | number | boolean> = {}) => ({
  RecordKey: 'Subcontract', ProjectId: project().projectId, BudgetId: project().budgetId, VendorId: activeVendor().vendorId,
  Title: 'Drywall and framing', Scope: 'Furnish and install drywall, levels 1-4', ContractDate: today(), StartDate: addDays(today(), 7), EndDate: addDays(today(), 180),
  'items[0].costCodeId': lineOf('S'), 'items[0].description': 'Framing', 'items[0].amount': '150000',
  'items[1].costCodeId': lineOf('S'), 'items[1].description': 'Board and tape', 'items[1].amount': '90000.25',
  ...over,
});
const create = (over: Record<string, string | number | boolean> = {}, login = 'pm') => api.post(login, COMMITMENT_CREATE_PATHS.create, form(over));
/** The field errors of a 400 answer, by field. */
const errors = (body: Row): Record<string, string> => Object.fromEntries((body.data as Row[]).filter((f) => f.integerValue === 1).map((f) => [f.stringValue, f.message]));

describe('CreateCommitment', () => {
  it('a subcontract: Draft, numbered after the budget\'s highest, with its header and items, answered as getsubcontracts answers it', async () => {
    const highest = one(`SELECT max(CAST(substr(number, length(?) + 1) AS INTEGER)) AS n FROM subcontracts WHERE budgetId = ? AND number LIKE ? || '%'`,
      `SC-${job()}-`, project().budgetId, `SC-${job()}-`).n as number;
    const answer = await create({ ExcessLiability: '5000000', ReduceRetainageAtHalf: 'true' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const record = answer.body.data;
    assert.equal(record.number, `SC-${job()}-${String(highest + 1).padStart(3, '0')}`);
    assert.equal(record.recordStateName, 'Draft');
    assert.deepEqual([record.description, record.scope, record.contractDate, record.startDate, record.endDate],
      ['Drywall and framing', 'Furnish and install drywall, levels 1-4', today(), addDays(today(), 7), addDays(today(), 180)]);
    assert.deepEqual([record.retainagePercent, record.reduceRetainageAtHalf, record.excessLiability, record.buyoutCostCodeId], [10, 1, 5_000_000, null]);
    assert.equal(record.executedDate, null);
    assert.deepEqual(record.items.map((i: Row) => [i.description, i.amount, i.costType]), [['Framing', 150000, 'S'], ['Board and tape', 90000.25, 'S']]);
    assert.equal(record.originalAmount, 240000.25);
    const loaded = await api.get('pm', '/api/pfm/getsubcontracts', { recordKey: 'Subcontract', recordId: record.subcontractId });
    const row = (loaded.body.data as Row[]).find((r) => r.subcontractId === record.subcontractId)!;
    // The same fields; the record's own load adds the caller's field security in its state (field-security-reads.test.ts).
    assert.deepEqual(Object.keys(record).filter((k) => k !== 'items').sort(), Object.keys(row).filter((k) => k !== 'items' && k !== 'fieldSecurity').sort());
    assert.equal((row.fieldSecurity as Row).lookupApplicationRecordStateId, record.applicationRecordStateId);
    assert.equal(row.scope, record.scope);
  });

  it('a purchase agreement as quantity × unit price, a purchase order whose contract date is its order date; retainage defaults to 10', async () => {
    const pa = await create({
      RecordKey: 'PurchaseAgreement', ExcessLiability: '', 'items[0].costCodeId': lineOf('M'), 'items[0].amount': '', 'items[0].quantity': '120', 'items[0].unitPrice': '12.5',
      'items[1].costCodeId': lineOf('W'), 'items[1].amount': '300',
    });
    assert.equal(pa.status, 200, JSON.stringify(pa.body));
    assert.match(pa.body.data.number, new RegExp(`^PA-${job()}-\\d{3}$`));
    assert.deepEqual(pa.body.data.items.map((i: Row) => [i.quantity, i.unitPrice, i.amount]), [[120, 12.5, 1500], [1, 300, 300]]);
    assert.equal(pa.body.data.retainagePercent, 10);
    const po = await create({ RecordKey: 'PurchaseOrder', RetainagePercent: '0', 'items[0].costCodeId': lineOf('E'), 'items[1].costCodeId': lineOf('M') });
    assert.equal(po.status, 200, JSON.stringify(po.body));
    assert.match(po.body.data.number, new RegExp(`^PO-${job()}-\\d{3}$`));
    assert.deepEqual([po.body.data.orderDate, po.body.data.retainagePercent, po.body.data.recordStateName], [today(), 0, 'Draft']);
  });

  it('retainage 5 and 0 are taken; 7 is refused; reducing at half needs 10', async () => {
    for (const percent of ['5', '0']) {
      const ok = await create({ RetainagePercent: percent });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.data.retainagePercent, Number(percent));
    }
    const before = checksum(host, TABLES);
    const seven = await create({ RetainagePercent: '7' });
    assert.equal(seven.status, 400);
    assert.deepEqual(errors(seven.body), { retainagePercent: TERMS_TEXT.retainage });
    const reduced = await create({ RetainagePercent: '5', ReduceRetainageAtHalf: 'true' });
    assert.deepEqual(errors(reduced.body), { reduceRetainageAtHalf: TERMS_TEXT.reduceNeedsTen });
    assert.equal(checksum(host, TABLES), before);
  });

  it('excess liability: N/A, $3M, $5M or $10M on subcontracts only', async () => {
    assert.equal((await create({ ExcessLiability: 'N/A' })).body.data.excessLiability, null);
    assert.equal((await create({ ExcessLiability: '10000000' })).body.data.excessLiability, 10_000_000);
    const before = checksum(host, TABLES);
    assert.deepEqual(errors((await create({ ExcessLiability: '4000000' })).body), { excessLiability: TERMS_TEXT.excessLiability });
    const po = await create({ RecordKey: 'PurchaseOrder', ExcessLiability: '3000000', 'items[0].costCodeId': lineOf('E'), 'items[1].costCodeId': lineOf('E') });
    assert.deepEqual(errors(po.body), { excessLiability: TERMS_TEXT.excessLiabilityNotSubcontract });
    assert.equal(checksum(host, TABLES), before);
  });

  it('cost codes: a line of the budget of a cost type that fits (subcontracts S; purchase agreements and orders M, W, E)', async () => {
    const before = checksum(host, TABLES);
    const sub = await create({ 'items[0].costCodeId': lineOf('M'), 'items[1].costCodeId': lineOf('L') });
    assert.equal(sub.status, 400);
    assert.deepEqual(errors(sub.body), {
      'items[0].costCodeId': 'Line 1: cost type M does not fit a subcontract (S only).',
      'items[1].costCodeId': 'Line 2: cost type L does not fit a subcontract (S only).',
    });
    const po = await create({ RecordKey: 'PurchaseOrder', 'items[0].costCodeId': lineOf('S'), 'items[1].costCodeId': lineOf('W') });
    assert.deepEqual(errors(po.body), { 'items[0].costCodeId': 'Line 1: cost type S does not fit a purchase order (M, W, E only).' });
    const otherBudget = one("SELECT c.costCodeId FROM cost_codes c WHERE c.budgetId <> ? AND c.type = 'S' LIMIT 1", project().budgetId).costCodeId;
    assert.deepEqual(errors((await create({ 'items[1].costCodeId': otherBudget })).body), { 'items[1].costCodeId': 'Line 2: choose a cost code of this budget.' });
    assert.equal(checksum(host, TABLES), before);
  });

  it('the budget must be the project\'s, the vendor must exist and be active, and there must be a title, items and an end not before the start', async () => {
    const before = checksum(host, TABLES);
    const otherBudget = one(`SELECT b.budgetId FROM budgets b JOIN project_team_members m ON m.projectId = b.projectId JOIN employees e USING (employeeId)
      WHERE e.login = 'pm' AND m.removedAt IS NULL AND m.projectRole <> 'Viewer' AND b.projectId <> ? ORDER BY b.budgetId LIMIT 1`, project().projectId).budgetId;
    assert.deepEqual(errors((await create({ BudgetId: otherBudget, 'items[0].costCodeId': lineOf('S', otherBudget), 'items[1].costCodeId': lineOf('S', otherBudget) })).body),
      { budgetId: 'Choose a budget of the project.' });
    const missing = (one('SELECT max(vendorId) AS n FROM vendors').n as number) + 1;
    assert.deepEqual(errors((await create({ VendorId: missing })).body), { vendorId: `Vendor ${missing} does not exist.` });
    const inactive = one('SELECT vendorId, name FROM vendors WHERE active = 0 ORDER BY vendorId LIMIT 1');
    assert.deepEqual(errors((await create({ VendorId: inactive.vendorId })).body), { vendorId: `${inactive.name} is inactive: no new commitment can be written to it.` });
    assert.deepEqual(errors((await create({ Title: ' ' })).body), { title: TERMS_TEXT.title });
    assert.deepEqual(errors((await create({ StartDate: today(), EndDate: addDays(today(), -1) })).body), { endDate: TERMS_TEXT.endBeforeStart });
    const noItems = await api.post('pm', COMMITMENT_CREATE_PATHS.create, Object.fromEntries(Object.entries(form()).filter(([k]) => !k.startsWith('items'))));
    assert.deepEqual(errors(noItems.body), { items: TERMS_TEXT.noItems });
    const notPriced = await create({ 'items[0].quantity': '2', 'items[0].unitPrice': '5' });
    assert.deepEqual(errors(notPriced.body), { 'items[0].quantity': 'Line 1: a subcontract item is an amount, without quantity and unit price.' });
    assert.equal(checksum(host, TABLES), before);
    // An end on the start day is within the rule.
    assert.equal((await create({ StartDate: today(), EndDate: today() })).status, 200);
  });

  it('a project out of the caller\'s team is refused (403), and a viewer cannot create; nothing written', async () => {
    const before = checksum(host, TABLES);
    const outside = one(`SELECT p.projectId, p.budgetId FROM projects p WHERE NOT EXISTS (SELECT 1 FROM project_team_members m JOIN employees e USING (employeeId)
      WHERE e.login = 'pm' AND m.projectId = p.projectId AND m.removedAt IS NULL) ORDER BY p.projectId LIMIT 1`);
    const refused = await create({ ProjectId: outside.projectId, BudgetId: outside.budgetId, 'items[0].costCodeId': lineOf('S', outside.budgetId), 'items[1].costCodeId': lineOf('S', outside.budgetId) });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    // The project's own id with another project's budget: the guard checks the budget too.
    assert.equal((await create({ BudgetId: outside.budgetId })).status, 403);
    assert.equal((await create({}, 'employee')).status, 403);
    assert.equal(checksum(host, TABLES), before);
  });

  it('awarded from a buyout line: the link is kept and the loads show it; a line the kind can not buy out is refused', async () => {
    const line = lineOf('S');
    const answer = await create({ BuyoutLineId: line });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.buyoutCostCodeId, line);
    assert.equal(one('SELECT buyoutCostCodeId FROM subcontracts WHERE subcontractId = ?', answer.body.data.subcontractId).buyoutCostCodeId, line);
    const wrong = await create({ BuyoutLineId: lineOf('M') });
    assert.deepEqual(errors(wrong.body), { buyoutLineId: 'The buyout line is not a line of this budget that a subcontract can buy out.' });
  });

  it('a project in closeout takes no new commitment', async () => {
    const before = checksum(host, TABLES);
    host.db.prepare("UPDATE projects SET closeoutState = 'Soft Closed' WHERE projectId = ?").run(project().projectId);
    try {
      const refused = await create();
      assert.equal(refused.status, 400);
      assert.equal(refused.body.autoAlert, true);
      assert.equal(refused.body.functionName, 'CreateCommitment');
    } finally {
      host.db.prepare("UPDATE projects SET closeoutState = 'Open' WHERE projectId = ?").run(project().projectId);
    }
    assert.equal(checksum(host, TABLES), before);
  });
});

describe('the contract sum is fixed once a commitment leaves Draft', () => {
  /** The seed's $240,000 subcontract, out for signature (as if its SRA had cleared it). */
  const pendingSignature = () => {
    const sub = one<{ subcontractId: number; number: string }>(`SELECT s.subcontractId, s.number FROM subcontracts s WHERE s.projectId = ? AND (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) = ?
      ORDER BY s.subcontractId DESC LIMIT 1`, project().projectId, SEED_GATE.blockedAmount);
    host.db.prepare('UPDATE subcontracts SET applicationRecordStateId = ? WHERE subcontractId = ?').run(SC('Pending Signature'), sub.subcontractId);
    return { ...sub, item: one('SELECT * FROM subcontract_items WHERE subcontractId = ? ORDER BY subcontractItemId LIMIT 1', sub.subcontractId) };
  };

  it('a Pending Signature subcontract does not go from $240,000 to $950,000; its header text and an item\'s description still save', async () => {
    const sub = pendingSignature();
    const before = checksum(host, TABLES);
    const refused = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sub.subcontractId, OldRecordStateId: SC('Pending Signature'),
      'items[0].itemId': sub.item.subcontractItemId, 'items[0].amount': '950000',
    });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.functionName, 'SaveCommitment');
    assert.equal(refused.body.message, contractSumFixedMessage(sub.number, 'Pending Signature'));
    assert.match(refused.body.message, /change order/);
    const changes: Array<Record<string, string | number>> = [
      { 'items[0].costCodeId': one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? AND costCodeId <> ? LIMIT 1', project().budgetId, 'S', sub.item.costCodeId).costCodeId },
      { 'items[0].deleted': 'true' },
      { 'items[0].itemId': '', 'items[0].costCodeId': lineOf('S'), 'items[0].description': 'Extra', 'items[0].amount': '1' },
    ];
    for (const change of changes) {
      const again = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: sub.subcontractId, 'items[0].itemId': sub.item.subcontractItemId, ...change });
      assert.equal(again.status, 400, JSON.stringify(change));
      assert.equal(again.body.message, contractSumFixedMessage(sub.number, 'Pending Signature'));
    }
    assert.equal(checksum(host, TABLES), before);
    // The same amount (a form sends every field) and a new description pass; so does the scope.
    const saved = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sub.subcontractId, scope: 'As signed', 'items[0].itemId': sub.item.subcontractItemId,
      'items[0].amount': String(sub.item.amount), 'items[0].description': 'Renamed line',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.record.scope, 'As signed');
    assert.equal(saved.body.data.record.originalAmount, SEED_GATE.blockedAmount);
  });

  it('an executed subcontract does not gain $100,000 without a change order', async () => {
    const executed = one(`SELECT s.subcontractId, s.number FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE s.projectId = ? AND st.name = 'Executed' ORDER BY s.subcontractId LIMIT 1`, project().projectId);
    const before = checksum(host, TABLES);
    const refused = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: executed.subcontractId, 'items[0].costCodeId': lineOf('S'), 'items[0].description': 'Added scope', 'items[0].amount': '100000',
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, contractSumFixedMessage(executed.number, 'Executed'));
    assert.equal(checksum(host, TABLES), before);
  });

  it('a stale OldRecordStateId answers 409 before anything else', async () => {
    const sub = pendingSignature();
    const stale = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sub.subcontractId, OldRecordStateId: SC('Draft'), 'items[0].itemId': sub.item.subcontractItemId, 'items[0].amount': '950000',
    });
    assert.equal(stale.status, 409);
  });

  it('a Draft keeps its items editable, but only with cost codes of a type that fits', async () => {
    const created = (await create()).body.data;
    const added = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: created.subcontractId, 'items[0].costCodeId': lineOf('S'), 'items[0].description': 'More', 'items[0].amount': '10',
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const wrong = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: created.subcontractId, 'items[0].costCodeId': lineOf('L'), 'items[0].description': 'Labor', 'items[0].amount': '10',
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(errors(wrong.body), { 'items[0].costCodeId': 'Line 1: cost type L does not fit a subcontract (S only).' });
    const reduce = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: created.subcontractId, retainagePercent: '5', reduceRetainageAtHalf: 'true' });
    assert.deepEqual(errors(reduce.body), { reduceRetainageAtHalf: TERMS_TEXT.reduceNeedsTen });
  });

  it('the SRA gate applies from creation: over the single or aggregate limit, the Draft is written and the answer says what the gate will ask', async () => {
    const single = vendorWithLimits(host.db, 240_000, 10_000_000);
    const atLimit = await create({ VendorId: single.vendorId, 'items[1].amount': '90000' });
    assert.equal(atLimit.status, 200, JSON.stringify(atLimit.body));
    assert.equal(atLimit.body.data.gate, undefined, 'exactly at the single limit: no SRA needed');
    const over = await create({ VendorId: single.vendorId, 'items[1].amount': '90000.01' });
    assert.equal(over.status, 200, JSON.stringify(over.body));
    assert.equal(over.body.data.recordStateName, 'Draft');
    assert.deepEqual(over.body.data.gate.reasons, [`the amount $240,000.01 exceeds ${single.name}'s single limit of $240,000 by $0.01`]);
    assert.match(over.body.data.gate.startLink, new RegExp(`recordKey=Subcontract&recordId=${over.body.data.subcontractId}$`));
    const pending = await api.post('pm', '/api/pfm/UpdateCommitmentState', {
      RecordKey: 'Subcontract', ItemId: over.body.data.subcontractId, OldRecordStateId: SC('Draft'), RouteStateId: SC('Pending Signature'),
    });
    assert.equal(pending.status, 400, 'the gate refuses the way out of Draft');
    assert.match(pending.body.message ?? JSON.stringify(pending.body), /single limit of \$240,000 by \$0\.01/);

    const aggregate = vendorWithLimits(host.db, 10_000_000, 300_000);
    const first = (await create({ VendorId: aggregate.vendorId })).body.data;
    assert.equal(first.gate, undefined, '$240,000.25 of $300,000');
    // Open commitments are Pending Signature or Executed ones: a Draft is not exposure yet.
    host.db.prepare('UPDATE subcontracts SET applicationRecordStateId = ? WHERE subcontractId = ?').run(SC('Executed'), first.subcontractId);
    const second = await create({ VendorId: aggregate.vendorId, 'items[0].amount': '50000', 'items[1].amount': '9999.76' });
    assert.deepEqual(second.body.data.gate.reasons,
      [`${aggregate.name}'s open subcontracts on all projects, $300,000.01 with this one, exceed its aggregate limit of $300,000 by $0.01`]);
    const po = await create({ RecordKey: 'PurchaseOrder', VendorId: single.vendorId, ExcessLiability: '', 'items[0].costCodeId': lineOf('M'), 'items[1].costCodeId': lineOf('M'), 'items[0].amount': '1000000' });
    assert.equal(po.status, 200, JSON.stringify(po.body));
    assert.equal(po.body.data.gate, undefined, 'the SRA gate is the subcontract\'s');
  });
});
