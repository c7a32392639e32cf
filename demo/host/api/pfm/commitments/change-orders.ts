/**
 * Change orders of subcontracts and purchase agreements: the §5 link rule of a change event item
 * (shared with LinkChangeEventItemToCommitment), writing a change order and its lines, and the call
 * that makes one change order of many lines.
 *
 * | route | fields | answer |
 * |---|---|---|
 * | POST /api/pfm/CreateCommitmentChangeOrder | RecordKey (Subcontract, PurchaseAgreement; PurchaseOrder refused), CommitmentId (Executed), Description, ChangeOrderDate? (default today), ChangeEventItemIds[i] or items[i].costCodeId / .description / .amount | the Draft change order with its items (number `<commitment>-CO01`…) |
 *
 * Either way it is one change order with one line per item, each with its cost code and amount. A
 * change event item must pass §5 (Approved or Pending Commitment, the commitment's vendor, not linked
 * yet) and be of the commitment's project and budget; a typed line's cost code must be a line of the
 * commitment's budget of a cost type that fits the commitment (core commitments/terms).
 */
import type Database from 'better-sqlite3';
import { canLinkItemToCommitment } from '../../../../../src/core/workflow';
import {
  CHANGE_ORDER_KEY_OF, COMMITMENT_KINDS, costTypeFits, costTypeMessage, nextChangeOrderNumber, TERMS_TEXT, type CommitmentKind,
} from '../../../../../src/core/commitments/terms';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, invalid, isCalendarDate, notFound, NUMBER, type FeedbackItem } from '../../http';
import { CHANGE_EVENT_ITEM_SELECT } from '../change-management/loads';
import { stateById, stateByName, trackChange } from '../../records';
import { withoutHiddenFieldsOne } from '../../field-reads';
import { itemCostCodeCheck } from '../item-cost-codes';
import { assertProjectTakesCosts } from '../../toolbox/closeouts';
import { dateMessage, recordWithItems, SPECS } from './specs';
import * as clock from '../../../../../src/core/clock';

/** The tables of a commitment kind that takes change orders (read off SPECS: the parent's and its change order's). */
export interface ChangeOrderSpec {
  parentKey: 'Subcontract' | 'PurchaseAgreement';
  table: string;
  id: string;
  co: string;
  coId: string;
  coItems: string;
  coItemId: string;
  /** The change order's record key (its states). */
  stateKey: 'SubcontractChangeOrder' | 'PurchaseAgreementChangeOrder';
  /** What a change event item's coItemRecordKey says of a line. */
  coItemKey: string;
  coSelect: string;
}

function changeOrderSpec(parentKey: ChangeOrderSpec['parentKey']): ChangeOrderSpec {
  const stateKey = CHANGE_ORDER_KEY_OF[parentKey]!;
  const parent = SPECS[parentKey];
  const co = SPECS[stateKey];
  return {
    parentKey, table: parent.table, id: parent.id, co: co.table, coId: co.id, coItems: co.items!.table, coItemId: co.items!.id, stateKey,
    coItemKey: `${stateKey}Item`, coSelect: co.select,
  };
}

export const CHANGE_ORDER_SPECS: Readonly<Record<ChangeOrderSpec['parentKey'], ChangeOrderSpec>> = {
  Subcontract: changeOrderSpec('Subcontract'), PurchaseAgreement: changeOrderSpec('PurchaseAgreement'),
};

/** Why change event item `item` (a CHANGE_EVENT_ITEM_SELECT row) can not go on a change order of `commitment` (its row), or null. */
export function linkRefusal(db: Database.Database, item: Record<string, unknown>, commitment: Record<string, unknown>): { message: string; parameter?: string } | null {
  const check = canLinkItemToCommitment(
    { vendorId: item.vendorId as number | null, coItemRecordId: item.coItemRecordId as number | null, stateName: item.recordStateName as string },
    { vendorId: commitment.vendorId as number },
  );
  if (!check.ok) return { message: check.message };
  // References stay on the item's project and budget; a new change-order line needs an active vendor.
  if (commitment.projectId !== item.projectId) return { message: 'The commitment belongs to another project.', parameter: 'CommitmentId' };
  if (commitment.budgetId !== item.budgetId) return { message: "The commitment is on another budget than the change event item's.", parameter: 'CommitmentId' };
  const vendor = db.prepare('SELECT active, name FROM vendors WHERE vendorId = ?').get(commitment.vendorId) as { active: number; name: string } | undefined;
  if (vendor && vendor.active !== 1) return { message: `${vendor.name} is inactive: no new change order can be written to its commitment.`, parameter: 'CommitmentId' };
  if (item.costCodeId === null) return { message: 'The change event item has no cost code.' };
  return null;
}

/**
 * A change order is written only to an executed commitment (its sum is fixed, and a Draft's items are edited
 * directly) of a project that still takes costs: the 400 autoAlert of `functionName` otherwise.
 */
export function assertTakesChangeOrders(db: Database.Database, commitment: Record<string, unknown>, functionName: string): void {
  const state = stateById(db, commitment.applicationRecordStateId as number)!;
  if (state.name !== 'Executed') throw autoAlert(functionName, TERMS_TEXT.parentNotExecuted(String(commitment.number), state.name), { parameter: 'CommitmentId' });
  assertProjectTakesCosts(db, commitment.projectId as number, functionName);
}

/** The amount a change event item carries onto a change order: approved, else proposed, else estimated. */
export const changeEventItemAmount = (item: Record<string, unknown>): number =>
  (item.approvedAmount ?? item.proposedAmount ?? item.estimatedAmount ?? 0) as number;

/** The newest Draft change order of commitment `commitmentId`, or null. */
export function openDraftChangeOrder(db: Database.Database, spec: ChangeOrderSpec, commitmentId: number): number | null {
  const draft = stateByName(db, spec.stateKey, 'Draft').applicationRecordStateId;
  return (db.prepare(`SELECT ${spec.coId} FROM ${spec.co} WHERE ${spec.id} = ? AND applicationRecordStateId = ? ORDER BY ${spec.coId} DESC LIMIT 1`)
    .pluck().get(commitmentId, draft) as number | undefined) ?? null;
}

/** A new Draft change order of `commitment` (its row), numbered after its others (core nextChangeOrderNumber). */
export function createChangeOrder(db: Database.Database, spec: ChangeOrderSpec, commitment: Record<string, unknown>, description: string, date: string, at: string): number {
  const commitmentId = commitment[spec.id] as number;
  const numbers = db.prepare(`SELECT number FROM ${spec.co} WHERE ${spec.id} = ?`).pluck().all(commitmentId) as string[];
  const number = nextChangeOrderNumber(String(commitment.number), numbers);
  return Number(db.prepare(`INSERT INTO ${spec.co} (${spec.id}, number, description, applicationRecordStateId, changeOrderDate, displayText, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(commitmentId, number, description, stateByName(db, spec.stateKey, 'Draft').applicationRecordStateId, date,
    `${number} ${description}`, at).lastInsertRowid);
}

/** One line on change order `coId`; a line from a change event item links the item to it. */
export function addChangeOrderLine(db: Database.Database, spec: ChangeOrderSpec, coId: number,
  line: { costCodeId: number; description: string; amount: number; changeEventItemId: number | null }, at: string): number {
  const lineId = Number(db.prepare(`INSERT INTO ${spec.coItems} (${spec.coId}, costCodeId, changeEventItemId, description, amount, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?)`).run(coId, line.costCodeId, line.changeEventItemId, line.description, line.amount, at).lastInsertRowid);
  if (line.changeEventItemId !== null) {
    db.prepare('UPDATE change_event_items SET coItemRecordKey = ?, coItemRecordId = ?, modifiedAt = ? WHERE changeEventItemId = ?')
      .run(spec.coItemKey, lineId, at, line.changeEventItemId);
  }
  db.prepare(`UPDATE ${spec.co} SET modifiedAt = ? WHERE ${spec.coId} = ?`).run(at, coId);
  return lineId;
}

// --- CreateCommitmentChangeOrder -------------------------------------------------------------------

const CREATE_CHANGE_ORDER = {
  RecordKey: p.recordKey(COMMITMENT_KINDS, { required: true }),
  CommitmentId: p.id({ required: true, scope: { keyParam: 'RecordKey' } }),
  Description: p.string(4000, { empty: 'keep' }),
  ChangeOrderDate: p.string(40),
  ChangeEventItemIds: p.list(p.id(), { max: 200 }),
  items: p.list({ costCodeId: p.id({ empty: 'null' }), description: p.string(4000, { empty: 'keep' }), amount: p.string(40, { empty: 'keep' }) }, { max: 200 }),
};

const FUNCTION = 'CreateCommitmentChangeOrder';

function createCommitmentChangeOrder({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_CHANGE_ORDER>>): unknown {
  const kind: CommitmentKind = params.RecordKey;
  const coKey = CHANGE_ORDER_KEY_OF[kind];
  if (kind === 'PurchaseOrder' || coKey === null) throw autoAlert(FUNCTION, TERMS_TEXT.purchaseOrderNoChangeOrders, { parameter: 'RecordKey' });
  const spec = CHANGE_ORDER_SPECS[kind];
  const commitmentId = params.CommitmentId;
  const eventItemIds = params.ChangeEventItemIds ?? [];
  const typed = params.items ?? [];
  return db.transaction(() => {
    const commitment = db.prepare(`SELECT * FROM ${spec.table} WHERE ${spec.id} = ?`).get(commitmentId) as Record<string, unknown> | undefined;
    if (!commitment) throw notFound(`${kind} ${commitmentId} not found.`);
    assertTakesChangeOrders(db, commitment, FUNCTION);

    const feedback: FeedbackItem[] = [];
    const description = (params.Description ?? '').trim();
    if (description === '') feedback.push({ integerValue: 1, stringValue: 'description', message: 'A description is required.' });
    else if (description.length > 2000) feedback.push({ integerValue: 1, stringValue: 'description', message: 'description is longer than 2,000 characters.' });
    const at = clock.nowIso();
    const date = (params.ChangeOrderDate ?? '') === '' ? clock.today() : params.ChangeOrderDate!;
    if (!isCalendarDate(date)) feedback.push({ integerValue: 1, stringValue: 'changeOrderDate', message: dateMessage('changeOrderDate') });
    if (eventItemIds.length && typed.length) feedback.push({ integerValue: 1, stringValue: 'items', message: TERMS_TEXT.changeOrderBoth });
    else if (!eventItemIds.length && !typed.length) feedback.push({ integerValue: 1, stringValue: 'items', message: TERMS_TEXT.changeOrderNoLines });

    const lines: Array<{ costCodeId: number; description: string; amount: number; changeEventItemId: number | null }> = [];
    const seen = new Set<number>();
    eventItemIds.forEach((itemId, index) => {
      const field = `ChangeEventItemIds[${index}]`;
      const item = db.prepare(`${CHANGE_EVENT_ITEM_SELECT} WHERE t.changeEventItemId = ?`).get(itemId) as Record<string, unknown> | undefined;
      if (!item) {
        feedback.push({ integerValue: 1, stringValue: field, message: `Change event item ${itemId} does not exist.` });
        return;
      }
      if (seen.has(itemId)) {
        feedback.push({ integerValue: 1, stringValue: field, message: `Change event item ${itemId} is picked twice.` });
        return;
      }
      seen.add(itemId);
      const refused = linkRefusal(db, item, commitment);
      if (refused) feedback.push({ integerValue: 1, stringValue: field, message: `${String(item.description)}: ${refused.message}` });
      else lines.push({ costCodeId: item.costCodeId as number, description: String(item.description), amount: changeEventItemAmount(item), changeEventItemId: itemId });
    });

    const costCodeRefusal = itemCostCodeCheck(db, commitment.budgetId as number, 'committed');
    const typeOf = db.prepare('SELECT type FROM cost_codes WHERE costCodeId = ?').pluck();
    for (const entry of typed) {
      const line = entry.index + 1;
      const field = (name: string) => `items[${entry.index}].${name}`;
      let ok = true;
      const type = entry.costCodeId == null ? undefined : typeOf.get(entry.costCodeId) as string | undefined;
      const costCodeProblem = costCodeRefusal(entry.costCodeId, line) ?? (type !== undefined && !costTypeFits(kind, type) ? costTypeMessage(kind, type, line) : null);
      if (costCodeProblem) {
        feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: costCodeProblem });
        ok = false;
      }
      const text = (entry.description ?? '').trim();
      if (text === '' || text.length > 500) {
        feedback.push({ integerValue: 1, stringValue: field('description'), message: `Line ${line}: a description of at most 500 characters is required.` });
        ok = false;
      }
      const amountRaw = (entry.amount ?? '').trim();
      if (!NUMBER.test(amountRaw)) {
        feedback.push({ integerValue: 1, stringValue: field('amount'), message: `Line ${line}: the amount must be a number.` });
        ok = false;
      }
      if (ok) lines.push({ costCodeId: entry.costCodeId!, description: text, amount: Math.round(Number(amountRaw) * 100) / 100, changeEventItemId: null });
    }
    if (feedback.length) throw invalid(feedback);

    const coId = createChangeOrder(db, spec, commitment, description, date, at);
    for (const line of lines) addChangeOrderLine(db, spec, coId, line, at);
    db.prepare(`UPDATE ${spec.table} SET modifiedAt = ? WHERE ${spec.id} = ?`).run(at, commitmentId);
    trackChange(db, {
      projectId: commitment.projectId as number, actorId: user.employeeId, parentId: commitmentId, parentType: kind, recordId: coId, recordType: coKey,
      description: 'Created', at,
    });
    return withoutHiddenFieldsOne(db, user, coKey, recordWithItems(db, SPECS[coKey], coId));
  }).immediate();
}

export const changeOrderHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: '/api/pfm/CreateCommitmentChangeOrder',
    note: 'added: RecordKey (Subcontract, PurchaseAgreement), CommitmentId (Executed), Description, ChangeOrderDate?, ChangeEventItemIds[i] or items[i]: one Draft change order <number>-CO01 with a line per item (pfm/commitments/change-orders.ts)',
    params: CREATE_CHANGE_ORDER, handler: createCommitmentChangeOrder,
  }),
]);
