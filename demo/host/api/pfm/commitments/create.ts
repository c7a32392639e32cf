/**
 * A new subcontract, purchase agreement or purchase order, written in the portal ("New subcontract" on
 * the commitments screen, "Award" on a buyout line). It starts in Draft with its schedule of values;
 * SaveCommitment edits it and UpdateCommitmentState moves it (the SRA gate and the approval authority
 * apply there, on the way to Pending Signature and Executed).
 *
 * | route | fields | answer |
 * |---|---|---|
 * | POST /api/pfm/CreateCommitment | RecordKey (Subcontract, PurchaseAgreement, PurchaseOrder), ProjectId, BudgetId, VendorId, Title, Scope?, ContractDate?, StartDate?, EndDate?, RetainagePercent?, ReduceRetainageAtHalf?, ExcessLiability?, SubcontractTypeId?, BuyoutLineId?, items[i].costCodeId / .description / .amount (or .quantity and .unitPrice) | the record with its items, as the loads answer it |
 *
 * Rules (core commitments/terms): the budget is one of the project's; the vendor exists and is active;
 * the project takes costs (not in closeout); retainage 10, 5 or 0 (default 10), reduced at half only
 * from 10; excess liability N/A, $3M, $5M or $10M on subcontracts only; dates are calendar dates and the
 * end is not before the start; every item's cost code is a line of the budget of a cost type that fits
 * the kind; the buyout line is such a line too. The number is SC-/PA-/PO-<job>-### after the budget's
 * highest. Field errors answer 400 with one feedback item per field; nothing is written then. A subcontract
 * the SRA gate will stop (over the vendor's single or aggregate limit, or not prequalified) is still written
 * in Draft, and its answer carries `gate: { reasons, startLink }`.
 */
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { invalid, isCalendarDate, notFound, NUMBER, type FeedbackItem } from '../../http';
import { stateByName, trackChange } from '../../records';
import { withoutHiddenFieldsOne } from '../../field-reads';
import { itemCostCodeCheck } from '../item-cost-codes';
import { assertProjectTakesCosts } from '../../toolbox/closeouts';
import {
  COMMITMENT_KINDS, COMMITMENT_LABEL, costTypeFits, costTypeMessage, nextCommitmentNumber, parseExcessLiability, parseRetainage, TERMS_TEXT,
  type CommitmentKind,
} from '../../../../../src/core/commitments/terms';
import { dateMessage, recordWithItems, SPECS } from './specs';
import { sraGateStatus } from '../../risk/sra/gate';
import * as clock from '../../../../../src/core/clock';

const CREATE_COMMITMENT = {
  RecordKey: p.recordKey(COMMITMENT_KINDS, { required: true }),
  ProjectId: p.id({ required: true, scope: 'Project' }),
  BudgetId: p.id({ required: true, scope: 'Budget' }),
  VendorId: p.id({ required: true }),
  Title: p.string(4000, { empty: 'keep' }),
  Scope: p.string(8000, { empty: 'keep' }),
  ContractDate: p.string(40),
  StartDate: p.string(40),
  EndDate: p.string(40),
  RetainagePercent: p.string(20),
  ReduceRetainageAtHalf: p.boolean(),
  ExcessLiability: p.string(20),
  SubcontractTypeId: p.id(),
  BuyoutLineId: p.id(),
  items: p.list({
    costCodeId: p.id({ empty: 'null' }), description: p.string(4000, { empty: 'keep' }), amount: p.string(40, { empty: 'keep' }),
    quantity: p.string(40, { empty: 'keep' }), unitPrice: p.string(40, { empty: 'keep' }),
  }, { max: 500 }),
};

const FUNCTION = 'CreateCommitment';
const cents = (n: number) => Math.round(n * 100) / 100;

interface NewItem { costCodeId: number; description: string; amount: number; quantity: number; unitPrice: number }

function createCommitment({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_COMMITMENT>>): unknown {
  const kind: CommitmentKind = params.RecordKey;
  const spec = SPECS[kind];
  const { ProjectId: projectId, BudgetId: budgetId, VendorId: vendorId } = params;
  return db.transaction(() => {
    const project = db.prepare('SELECT projectId FROM projects WHERE projectId = ?').get(projectId);
    if (!project) throw notFound(`Project ${projectId} not found.`);
    assertProjectTakesCosts(db, projectId, FUNCTION);
    const feedback: FeedbackItem[] = [];
    const fail = (field: string, message: string) => feedback.push({ integerValue: 1, stringValue: field, message });

    const budget = db.prepare('SELECT jobNumber FROM budgets WHERE budgetId = ? AND projectId = ?').get(budgetId, projectId) as { jobNumber: string } | undefined;
    if (!budget) fail('budgetId', 'Choose a budget of the project.');
    const vendor = db.prepare('SELECT name, active FROM vendors WHERE vendorId = ?').get(vendorId) as { name: string; active: number } | undefined;
    if (!vendor) fail('vendorId', `Vendor ${vendorId} does not exist.`);
    else if (vendor.active !== 1) fail('vendorId', `${vendor.name} is inactive: no new commitment can be written to it.`);

    const title = (params.Title ?? '').trim();
    if (title === '') fail('title', TERMS_TEXT.title);
    else if (title.length > 2000) fail('title', 'The title is longer than 2,000 characters.');
    const scope = (params.Scope ?? '').trim();

    const date = (field: string, raw: string | undefined, fallback: string | null): string | null => {
      if (raw === undefined || raw.trim() === '') return fallback;
      if (!isCalendarDate(raw.trim())) {
        fail(field, dateMessage(field));
        return null;
      }
      return raw.trim();
    };
    const contractDate = date('contractDate', params.ContractDate, clock.today());
    const startDate = date('startDate', params.StartDate, null);
    const endDate = date('endDate', params.EndDate, null);
    if (startDate && endDate && endDate < startDate) fail('endDate', TERMS_TEXT.endBeforeStart);

    const retainage = parseRetainage(params.RetainagePercent ?? '');
    if (retainage === undefined) fail('retainagePercent', TERMS_TEXT.retainage);
    const reduceAtHalf = params.ReduceRetainageAtHalf === true;
    if (reduceAtHalf && retainage !== undefined && retainage !== 10) fail('reduceRetainageAtHalf', TERMS_TEXT.reduceNeedsTen);
    const excess = parseExcessLiability(params.ExcessLiability ?? '');
    if (excess === undefined) fail('excessLiability', TERMS_TEXT.excessLiability);
    else if (excess !== null && kind !== 'Subcontract') fail('excessLiability', TERMS_TEXT.excessLiabilityNotSubcontract);

    let subcontractTypeId: number | undefined;
    if (kind === 'Subcontract') {
      subcontractTypeId = params.SubcontractTypeId
        ?? db.prepare('SELECT subcontractTypeId FROM subcontract_types WHERE active = 1 ORDER BY subcontractTypeId LIMIT 1').pluck().get() as number | undefined;
      if (subcontractTypeId === undefined || !db.prepare('SELECT 1 FROM subcontract_types WHERE subcontractTypeId = ?').get(subcontractTypeId)) {
        fail('subcontractTypeId', `Subcontract type '${params.SubcontractTypeId ?? ''}' does not exist.`);
      }
    }

    // Cost codes: lines of the budget (never A or F) of a cost type that fits the kind (§5).
    const costCodeRefusal = budget ? itemCostCodeCheck(db, budgetId, 'committed') : () => null;
    const typeOf = db.prepare('SELECT type FROM cost_codes WHERE costCodeId = ? AND budgetId = ?').pluck();
    const costCodeProblem = (costCodeId: number | null | undefined, line: number): string | null => {
      const refused = costCodeRefusal(costCodeId, line);
      if (refused) return refused;
      const type = costCodeId == null ? undefined : typeOf.get(costCodeId, budgetId) as string | undefined;
      return type !== undefined && !costTypeFits(kind, type) ? costTypeMessage(kind, type, line) : null;
    };
    const buyoutLineId = params.BuyoutLineId ?? null;
    if (buyoutLineId !== null && budget) {
      const problem = costCodeProblem(buyoutLineId, 1);
      if (problem) fail('buyoutLineId', `The buyout line is not a line of this budget that a ${COMMITMENT_LABEL[kind]} can buy out.`);
    }

    const entries = params.items ?? [];
    if (entries.length === 0) fail('items', TERMS_TEXT.noItems);
    const items: NewItem[] = [];
    const priced = spec.items!.priced;
    for (const entry of entries) {
      const line = entry.index + 1;
      const field = (name: string) => `items[${entry.index}].${name}`;
      let ok = true;
      const problem = budget ? costCodeProblem(entry.costCodeId, line) : null;
      if (problem) {
        fail(field('costCodeId'), problem);
        ok = false;
      }
      const description = (entry.description ?? '').trim();
      if (description === '' || description.length > 500) {
        fail(field('description'), `Line ${line}: a description of at most 500 characters is required.`);
        ok = false;
      }
      const number = (name: string, raw: string | undefined): number | null | undefined => {
        const value = (raw ?? '').trim();
        if (value === '') return null;
        if (!NUMBER.test(value)) {
          fail(field(name), `Line ${line}: the ${name === 'unitPrice' ? 'unit price' : name} must be a number.`);
          return undefined;
        }
        return Number(value);
      };
      const amount = number('amount', entry.amount);
      const quantity = priced ? number('quantity', entry.quantity) : null;
      const unitPrice = priced ? number('unitPrice', entry.unitPrice) : null;
      if (amount === undefined || quantity === undefined || unitPrice === undefined) continue;
      if (!priced && (entry.quantity ?? '').trim() + (entry.unitPrice ?? '').trim() !== '') {
        fail(field('quantity'), `Line ${line}: a ${COMMITMENT_LABEL[kind]} item is an amount, without quantity and unit price.`);
        continue;
      }
      let item: Pick<NewItem, 'amount' | 'quantity' | 'unitPrice'> | null = null;
      if (quantity !== null || unitPrice !== null) {
        if (quantity === null || unitPrice === null) fail(field(quantity === null ? 'quantity' : 'unitPrice'), `Line ${line}: give both the quantity and the unit price.`);
        else if (quantity <= 0) fail(field('quantity'), `Line ${line}: the quantity must be more than 0.`);
        else if (amount !== null && Math.abs(cents(quantity * unitPrice) - amount) >= 0.005) {
          fail(field('amount'), `Line ${line}: the amount is not the quantity × the unit price (${cents(quantity * unitPrice).toFixed(2)}).`);
        } else item = { quantity, unitPrice, amount: cents(quantity * unitPrice) };
      } else if (amount === null) fail(field('amount'), `Line ${line}: the amount ${priced ? '(or the quantity and unit price) ' : ''}is required.`);
      else item = { quantity: 1, unitPrice: cents(amount), amount: cents(amount) };
      if (ok && item) items.push({ costCodeId: entry.costCodeId!, description, ...item });
    }
    if (feedback.length) throw invalid(feedback);

    const at = clock.nowIso();
    const numbers = db.prepare(`SELECT number FROM ${spec.table} WHERE budgetId = ?`).pluck().all(budgetId) as string[];
    const number = nextCommitmentNumber(kind, budget!.jobNumber, numbers);
    const row: Record<string, unknown> = {
      projectId, budgetId, vendorId, number, description: title, scope, startDate, endDate, reduceRetainageAtHalf: reduceAtHalf ? 1 : 0,
      buyoutCostCodeId: buyoutLineId, retainagePercent: retainage, applicationRecordStateId: stateByName(db, kind, 'Draft').applicationRecordStateId,
      displayText: `${number} ${vendor!.name}`, modifiedAt: at,
      ...(kind === 'PurchaseOrder' ? { orderDate: contractDate } : { contractDate }),
      ...(kind === 'Subcontract' ? { subcontractTypeId, excessLiability: excess } : {}),
    };
    const columns = Object.keys(row);
    const id = Number(db.prepare(`INSERT INTO ${spec.table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row).lastInsertRowid);
    const t = spec.items!;
    const insertItem = t.priced
      ? db.prepare(`INSERT INTO ${t.table} (${spec.id}, costCodeId, description, quantity, unitPrice, amount, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      : db.prepare(`INSERT INTO ${t.table} (${spec.id}, costCodeId, description, amount, modifiedAt) VALUES (?, ?, ?, ?, ?)`);
    for (const item of items) {
      if (t.priced) insertItem.run(id, item.costCodeId, item.description, item.quantity, item.unitPrice, item.amount, at);
      else insertItem.run(id, item.costCodeId, item.description, item.amount, at);
    }
    // The budget lines' committed amounts are read from the items: loads with lastLoad see the lines changed.
    const touched = [...new Set(items.map((i) => i.costCodeId))];
    if (touched.length) db.prepare(`UPDATE cost_codes SET modifiedAt = ? WHERE costCodeId IN (${touched.map(() => '?').join(', ')})`).run(at, ...touched);
    trackChange(db, { projectId, actorId: user.employeeId, parentId: id, parentType: kind, recordId: id, recordType: kind, description: 'Created', at });
    const record = withoutHiddenFieldsOne(db, user, kind, recordWithItems(db, spec, id));
    // The SRA gate applies from creation: a Draft commits nothing, so it is written, and the answer says at
    // once what the gate will ask before Pending Signature or Executed (the vendor's single or aggregate limit).
    const gate = kind === 'Subcontract' ? sraGateStatus(db, id) : null;
    return gate && !gate.cleared ? { ...record, gate: { reasons: gate.reasons, startLink: gate.startLink } } : record;
  }).immediate();
}

export const commitmentCreateHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: '/api/pfm/CreateCommitment',
    note: 'added: RecordKey (Subcontract, PurchaseAgreement, PurchaseOrder), ProjectId, BudgetId, VendorId, Title, Scope, ContractDate, StartDate, EndDate, RetainagePercent, ReduceRetainageAtHalf, ExcessLiability, SubcontractTypeId?, BuyoutLineId?, items[i]: a Draft commitment SC-/PA-/PO-<job>-### (pfm/commitments/create.ts)',
    params: CREATE_COMMITMENT, handler: createCommitment,
  }),
]);
