/**
 * Commitment and owner-agreement writes (issue 6), in the style of writes.ts: form-data POST,
 * `{ data }` answers, 400 with validation feedback items when any item is invalid (nothing is
 * written then), field security of the record's state, one immediate transaction, 409 on a stale
 * OldRecordStateId.
 *
 * | route | fields | answer |
 * |---|---|---|
 * | POST /api/pfm/SaveCommitment | RecordKey (Subcontract, SubcontractChangeOrder, PurchaseAgreement, PurchaseAgreementChangeOrder, PurchaseOrder), RecordId, OldRecordStateId?, header fields, items[i].itemId? / .costCodeId / .description / .amount / .deleted | { record, feedback } (warnings and infos) |
 * | POST /api/pfm/SaveCommitment | RecordKey OwnerAgreement (description, contractType GMP / Lump Sum / Cost Plus Fee, executedDate or '') or OwnerAgreementChangeOrder (description, changeOrderDate), RecordId, OldRecordStateId?: header fields only, no items; amounts are derived, read-only | { record, feedback } |
 * | POST /api/pfm/UpdateCommitmentState | RecordKey (the five above, OwnerAgreement, OwnerAgreementChangeOrder), ItemId, OldRecordStateId, RouteStateId, Reason? (how it was signed: Executed without e-sign) | the record |
 * | POST /api/pfm/CreateOwnerAgreementChangeOrder | OwnerAgreementId (not closed), BudgetId (of the agreement's project), Description, ChangeOrderDate? (default today) | the new Draft change order (OCO-### per agreement, amount 0) |
 *
 * Header terms (migration 025): scope, contractDate (purchase orders: orderDate), startDate, endDate (not before
 * the start), reduceRetainageAtHalf (true/false, only with 10% retainage), retainagePercent on purchase orders too.
 * The contract sum is fixed once a Subcontract, PurchaseAgreement or PurchaseOrder leaves Draft: any added,
 * removed or re-priced item (cost code, amount) answers a 400 autoAlert that changes go through a change order
 * (core commitments/terms); an item's description and the header text stay editable under field security.
 * A cost code chosen now must fit the kind (subcontracts S; purchase agreements and orders M, W, E).
 *
 * Field security: a field with a fieldSecurity row for the state follows it (writes.ts's
 * `fieldPermissions`); a field without one is editable while the state is open (the seed's default).
 * Items are the pseudo-field `items`. Cost codes must be lines of the record's budget and of a
 * selectable cost type (never A or F, src/core/format), the same rule the client's picker applies.
 */
import { declared, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, invalid, notFound, NUMBER, refuseIfChangedSince, refuseIfStateChanged, type FeedbackItem } from '../../http';
import { editableIn } from '../../field-security';
import { itemCostCodeCheck, itemEntry } from '../item-cost-codes';
import { OWNER_AGREEMENT_CO_SELECT, OWNER_AGREEMENT_SELECT } from '../owner-agreements/loads';
import { moveRecordState, recordOr404, stateById, stateByName, trackChange, updateChangedColumns } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { toApi } from '../../rows';
import { withoutHiddenFieldsOne } from '../../field-reads';
import { commitmentGateRefusal } from '../../risk/sra/gate';
import { assertProjectTakesCosts } from '../../toolbox/closeouts';
import * as clock from '../../../../../src/core/clock';
import { isCalendarDate } from '../../../../../src/core/format/dates';
import {
  changesContractSum, commitmentKindOf, contractSumFixed, contractSumFixedMessage, costTypeFits, costTypeMessage, parseExcessLiability, parseRetainage,
  TERMS_TEXT,
} from '../../../../../src/core/commitments/terms';
import { commitmentCreateHandlers } from './create';
import { changeOrderHandlers } from './change-orders';
import { CONTRACT_KEYS, dateMessage, money, recordWithItems, SPECS } from './specs';

interface ItemChange { itemId: number | null; deleted: boolean; costCodeId: number; description: string; amount: number }

/** Every header field of any contract kind (a field of another kind than the record's is ignored, as before). */
const HEADER_FIELDS = [...new Set(Object.values(SPECS).flatMap((spec) => Object.keys(spec.header)))];

/**
 * SaveCommitment: the record (scoped through its key), the stale checks, the header fields as typed
 * (checked by kind into per-field feedback) and the items. ProjectId and BudgetId are not read: the
 * team guard checks them when sent.
 */
const SAVE_COMMITMENT = {
  RecordKey: p.recordKey(CONTRACT_KEYS, { required: true }),
  RecordId: p.id({ required: true, scope: { keyParam: 'RecordKey' } }),
  ProjectId: p.id({ scope: 'Project' }),
  BudgetId: p.id({ scope: 'Budget' }),
  OldRecordStateId: p.id(),
  lastLoad: p.timestamp(),
  ...Object.fromEntries(HEADER_FIELDS.map((field) => [field, p.string(4000, { empty: 'keep' })])) as Record<string, ReturnType<typeof p.string<false>>>,
  items: p.list({
    itemId: p.id(), costCodeId: p.id({ empty: 'null' }), description: p.string(4000, { empty: 'keep' }), amount: p.string(40, { empty: 'keep' }), deleted: p.boolean(),
  }, { max: 500 }),
};

function saveCommitment({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE_COMMITMENT>>): unknown {
  const key = params.RecordKey;
  const spec = SPECS[key];
  const id = params.RecordId;
  const oldStateId = params.OldRecordStateId;
  const entries = params.items ?? [];
  return db.transaction(() => {
    const record = db.prepare(`SELECT * FROM ${spec.table} WHERE ${spec.id} = ?`).get(id) as Record<string, unknown> | undefined;
    if (!record) throw notFound(`${key} ${id} not found.`);
    if (entries.length) assertProjectTakesCosts(db, record.projectId as number, 'SaveCommitment');
    const stateId = record.applicationRecordStateId as number;
    refuseIfStateChanged(oldStateId, stateId, spec.label);
    refuseIfChangedSince(params.lastLoad, record.modifiedAt, spec.label);
    const editable = editableIn(db, user, stateId);
    const feedback: FeedbackItem[] = [];
    const changes: Record<string, unknown> = {};
    const kind = commitmentKindOf(key);
    const existingItems = new Map(spec.items ? (db.prepare(`SELECT * FROM ${spec.items.table} WHERE ${spec.id} = ?`).all(id) as Array<Record<string, unknown>>)
      .map((row) => [row[spec.items!.id] as number, row]) : []);
    // The contract sum is fixed once a commitment leaves Draft: its items change only by change order.
    const stateName = stateById(db, stateId)?.name ?? '';
    if (kind === key && contractSumFixed(stateName) && entries.some((entry) => changesContractSum(
      { ...entry, itemId: entry.itemId ?? null }, entry.itemId === undefined ? undefined : existingItems.get(entry.itemId) as { costCodeId: number; amount: number } | undefined,
    ))) {
      throw autoAlert('SaveCommitment', contractSumFixedMessage(String(record.number), stateName), { parameter: 'items' });
    }

    for (const [field, kind] of Object.entries(spec.header)) {
      const raw = (params as Readonly<Record<string, unknown>>)[field] as string | undefined;
      if (raw === undefined) continue;
      const flag = kind === 'flag' ? ({ true: '1', '1': '1', false: '0', '0': '0' } as Record<string, string>)[raw.trim().toLowerCase()] : undefined;
      const value = kind === 'flag' ? flag ?? raw.trim() : raw.trim();
      if (String(record[field] ?? '') === value) continue; // unchanged values pass whatever the security
      if (!editable(field)) {
        feedback.push({ integerValue: 1, stringValue: field, message: `${field} can not be changed in this state.` });
        continue;
      }
      if (kind === 'text' || kind === 'text?') {
        if (value === '' && kind === 'text') feedback.push({ integerValue: 1, stringValue: field, message: 'A description is required.' });
        else if (value.length > 2000) feedback.push({ integerValue: 1, stringValue: field, message: `${field} is longer than 2,000 characters.` });
        else changes[field] = value;
      } else if (kind === 'flag') {
        if (flag === undefined) feedback.push({ integerValue: 1, stringValue: field, message: `${field} must be true or false.` });
        else changes[field] = Number(flag);
      } else if (kind === 'date' || kind === 'date?') {
        if (value === '' && kind === 'date?') changes[field] = null;
        else if (!isCalendarDate(value)) feedback.push({ integerValue: 1, stringValue: field, message: dateMessage(field) });
        else changes[field] = value;
      } else if (kind === 'retainage') {
        const percent = value === '' ? undefined : parseRetainage(value);
        if (percent === undefined) feedback.push({ integerValue: 1, stringValue: field, message: TERMS_TEXT.retainage });
        else changes[field] = percent;
      } else if (kind === 'excessLiability') {
        const amount = parseExcessLiability(value);
        if (amount === undefined) feedback.push({ integerValue: 1, stringValue: field, message: TERMS_TEXT.excessLiability });
        else changes[field] = amount;
      } else if ('choices' in kind) {
        if (!kind.choices.includes(value)) feedback.push({ integerValue: 1, stringValue: field, message: `${field} must be one of: ${kind.choices.join(', ')}.` });
        else changes[field] = value;
      } else {
        const refId = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
        if (!db.prepare(`SELECT 1 FROM ${kind.ref} WHERE ${kind.id} = ?`).get(refId)) {
          feedback.push({ integerValue: 1, stringValue: field, message: `${field} '${value.slice(0, 20)}' does not exist.` });
        } else changes[field] = refId;
      }
    }

    const items: ItemChange[] = [];
    if (entries.length > 0 && !spec.items) {
      feedback.push({ integerValue: 1, stringValue: 'items', message: `An ${spec.label} has no items: only its header fields are saved.` });
    } else if (entries.length > 0 && spec.items) {
      if (!editable('items')) {
        feedback.push({ integerValue: 1, stringValue: 'items', message: 'The items can not be changed in this state.' });
      } else {
        const budgetId = (db.prepare(spec.budgetSql!).get(id) as { budgetId: number }).budgetId;
        const costCodeRefusal = itemCostCodeCheck(db, budgetId, 'committed');
        const typeOf = db.prepare('SELECT type FROM cost_codes WHERE costCodeId = ?').pluck();
        const existing = existingItems;
        for (const entry of entries) {
          const named = itemEntry(entry, existing, spec.label, feedback);
          if (!named) continue;
          const { line, field, itemId, old } = named;
          if (entry.deleted === true) {
            if (itemId === null) continue;
            if (old?.changeEventItemId != null) {
              feedback.push({ integerValue: 1, stringValue: field('deleted'), message: `Line ${line} is linked to a change event item and can not be removed.` });
            } else items.push({ itemId, deleted: true, costCodeId: 0, description: '', amount: 0 });
            continue;
          }
          // Absent: the item's cost code stays; empty: none chosen.
          const costCodeId = entry.costCodeId === undefined ? (old?.costCodeId as number | undefined) : entry.costCodeId;
          // §5 cost types of the kind, for a cost code chosen now (items written before the rule keep theirs).
          const chosenType = kind && costCodeId != null && costCodeId !== old?.costCodeId ? typeOf.get(costCodeId) as string | undefined : undefined;
          const costCodeProblem = costCodeRefusal(costCodeId, line)
            ?? (kind && chosenType !== undefined && !costTypeFits(kind, chosenType) ? costTypeMessage(kind, chosenType, line) : null);
          let ok = true;
          if (costCodeProblem) {
            feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: costCodeProblem });
            ok = false;
          }
          const description = (entry.description ?? String(old?.description ?? '')).trim();
          if (description === '' || description.length > 500) {
            feedback.push({ integerValue: 1, stringValue: field('description'), message: `Line ${line}: a description of at most 500 characters is required.` });
            ok = false;
          }
          const amountRaw = (entry.amount ?? String(old?.amount ?? '')).trim();
          if (!NUMBER.test(amountRaw)) {
            feedback.push({ integerValue: 1, stringValue: field('amount'), message: `Line ${line}: the amount must be a number.` });
            ok = false;
          } else if (Number(amountRaw) < 0 && !key.endsWith('ChangeOrder')) {
            feedback.push({ integerValue: 2, stringValue: field('amount'), message: `Line ${line}: a negative amount is a credit.` });
          }
          if (ok) items.push({ itemId, deleted: false, costCodeId: costCodeId!, description, amount: Number(amountRaw) });
        }
      }
    }

    // Warnings and infos on what the record will be.
    if (key === 'Subcontract') {
      const retainage = (changes.retainagePercent ?? record.retainagePercent) as number;
      if (retainage === 0) feedback.push({ integerValue: 2, stringValue: 'retainagePercent', message: 'No retainage will be withheld on this subcontract.' });
      if ((changes.excessLiability === undefined ? record.excessLiability : changes.excessLiability) === null) {
        feedback.push({ integerValue: 3, stringValue: 'excessLiability', message: 'No excess liability coverage is required of this vendor.' });
      }
    }

    const after = (field: string) => (field in changes ? changes[field] : record[field]);
    if ('reduceRetainageAtHalf' in changes || 'retainagePercent' in changes) {
      if (after('reduceRetainageAtHalf') === 1 && after('retainagePercent') !== 10) {
        feedback.push({ integerValue: 1, stringValue: 'reduceRetainageAtHalf', message: TERMS_TEXT.reduceNeedsTen });
      }
    }
    if (('startDate' in changes || 'endDate' in changes) && after('startDate') && after('endDate') && String(after('endDate')) < String(after('startDate'))) {
      feedback.push({ integerValue: 1, stringValue: 'endDate', message: TERMS_TEXT.endBeforeStart });
    }

    if (feedback.some((f) => f.integerValue === 1)) throw invalid(feedback);
    if (Object.keys(changes).length === 0 && items.length === 0) {
      throw invalid([{ integerValue: 1, stringValue: 'RecordId', message: 'Nothing to save: no field was changed.' }]);
    }
    const at = clock.nowIso();
    updateChangedColumns(db, spec.table, spec.id, id, changes, at);
    if (items.length && spec.items) {
      const t = spec.items;
      for (const item of items) {
        if (item.deleted) {
          db.prepare(`DELETE FROM ${t.table} WHERE ${t.id} = ?`).run(item.itemId);
        } else if (item.itemId === null) {
          if (t.priced) {
            db.prepare(`INSERT INTO ${t.table} (${spec.id}, costCodeId, description, quantity, unitPrice, amount, modifiedAt) VALUES (?, ?, ?, 1, ?, ?, ?)`)
              .run(id, item.costCodeId, item.description, item.amount, item.amount, at);
          } else {
            db.prepare(`INSERT INTO ${t.table} (${spec.id}, costCodeId, description, amount, modifiedAt) VALUES (?, ?, ?, ?, ?)`)
              .run(id, item.costCodeId, item.description, item.amount, at);
          }
        } else if (t.priced) {
          // The amount is what the form edits; the unit price follows it at the stored quantity.
          db.prepare(`UPDATE ${t.table} SET costCodeId = ?, description = ?, amount = ?, unitPrice = round(? / CASE WHEN quantity = 0 THEN 1 ELSE quantity END, 4),
            modifiedAt = ? WHERE ${t.id} = ?`).run(item.costCodeId, item.description, item.amount, item.amount, at, item.itemId);
        } else {
          db.prepare(`UPDATE ${t.table} SET costCodeId = ?, description = ?, amount = ?, modifiedAt = ? WHERE ${t.id} = ?`)
            .run(item.costCodeId, item.description, item.amount, at, item.itemId);
        }
      }
      db.prepare(`UPDATE ${spec.table} SET modifiedAt = ? WHERE ${spec.id} = ?`).run(at, id);
    }
    const projectId = (db.prepare(spec.projectSql).get(id) as { projectId: number }).projectId;
    trackChange(db, {
      projectId, actorId: user.employeeId, parentId: id, parentType: key, recordId: id, recordType: key,
      description: `Changed ${[...Object.keys(changes), ...(items.length ? ['items'] : [])].join(', ')}`, at,
    });
    const saved = recordWithItems(db, spec, id);
    if (spec.items) {
      const total = ((saved.items as Array<{ amount: number }> | undefined) ?? []).reduce((sum, i) => sum + i.amount, 0);
      feedback.push({ integerValue: 3, stringValue: 'items', message: `Items total ${money(total)}.` });
    }
    // Field security on reads (field-reads.ts): the saved record as the caller may see it in its state.
    return { record: withoutHiddenFieldsOne(db, user, key, saved), feedback };
  }).immediate();
}

const UPDATE_STATE = {
  RecordKey: p.recordKey(CONTRACT_KEYS, { required: true }),
  ...stateUpdateParams({ keyParam: 'RecordKey' }),
  /** How it was signed, for a move to Executed without e-sign (records.ts asks for it). */
  Reason: p.string(4000),
};

function updateState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_STATE>>): unknown {
  const key = params.RecordKey;
  const spec = SPECS[key];
  const request = { ...requestedMove(params), actorId: user.employeeId, reason: params.Reason };
  const kind = { recordKey: key, table: spec.table, idColumn: spec.id, label: spec.label, functionName: 'UpdateCommitmentState' };
  return moveRecordState(db, kind, request,
    ({ target }) => {
      // The SRA gate: a subcontract over its vendor's limits (or of a vendor not prequalified) needs an approved SRA to be
      // issued, and a change order that takes it past them needs one for the new total.
      const refused = commitmentGateRefusal(db, key, request.itemId, target.name);
      if (refused) throw refused;
      return { projectId: (db.prepare(spec.projectSql).get(request.itemId) as { projectId: number }).projectId, parentId: request.itemId, parentType: key };
    },
    () => withoutHiddenFieldsOne(db, user, key, recordWithItems(db, spec, request.itemId)));
}

/**
 * A new Draft owner agreement change order on one of the agreement's project's budgets, numbered
 * OCO-### after the agreement's highest, amount 0 until change events are linked.
 */
const CREATE_OWNER_CHANGE_ORDER = {
  OwnerAgreementId: p.id({ required: true, scope: 'OwnerAgreement' }),
  BudgetId: p.id({ scope: 'Budget' }),
  Description: p.string(4000, { empty: 'keep' }),
  ChangeOrderDate: p.string(40),
};

function createOwnerChangeOrder({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_OWNER_CHANGE_ORDER>>): unknown {
  const agreementId = params.OwnerAgreementId;
  const budgetId = params.BudgetId;
  const description = params.Description ?? '';
  const dateRaw = params.ChangeOrderDate ?? '';
  return db.transaction(() => {
    const agreement = db.prepare(`${OWNER_AGREEMENT_SELECT} WHERE t.ownerAgreementId = ?`).get(agreementId) as Record<string, unknown> | undefined;
    if (!agreement) throw notFound(`Owner agreement ${agreementId} not found.`);
    const feedback: FeedbackItem[] = [];
    if (agreement.closed === 1) {
      feedback.push({ integerValue: 1, stringValue: 'ownerAgreementId', message: `${String(agreement.number)} is '${String(agreement.recordStateName)}' (closed): it takes no new change orders.` });
    }
    if (budgetId === undefined || !db.prepare('SELECT 1 FROM budgets WHERE budgetId = ? AND projectId = ?').get(budgetId, agreement.projectId)) {
      feedback.push({ integerValue: 1, stringValue: 'budgetId', message: 'Choose a budget of the owner agreement’s project.' });
    }
    if (description === '') feedback.push({ integerValue: 1, stringValue: 'description', message: 'A description is required.' });
    else if (description.length > 2000) feedback.push({ integerValue: 1, stringValue: 'description', message: 'description is longer than 2,000 characters.' });
    const at = clock.nowIso();
    const changeOrderDate = dateRaw === '' ? at.slice(0, 10) : dateRaw;
    if (!isCalendarDate(changeOrderDate)) feedback.push({ integerValue: 1, stringValue: 'changeOrderDate', message: dateMessage('changeOrderDate') });
    if (feedback.length) throw invalid(feedback);
    const numbers = db.prepare('SELECT number FROM owner_agreement_change_orders WHERE ownerAgreementId = ?').pluck().all(agreementId) as string[];
    const next = Math.max(0, ...numbers.map((n) => Number(/^OCO-(\d+)$/.exec(n)?.[1] ?? 0))) + 1;
    const number = `OCO-${String(next).padStart(3, '0')}`;
    const id = Number(db.prepare(`INSERT INTO owner_agreement_change_orders (ownerAgreementId, budgetId, number, description, amount, applicationRecordStateId,
        changeOrderDate, displayText, modifiedAt) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)`).run(
      agreementId, budgetId, number, description, stateByName(db, 'OwnerAgreementChangeOrder', 'Draft').applicationRecordStateId, changeOrderDate,
      `${number} ${String(agreement.ownerName)}`, at,
    ).lastInsertRowid);
    trackChange(db, {
      projectId: agreement.projectId as number, actorId: user.employeeId, parentId: agreementId, parentType: 'OwnerAgreement', recordId: id,
      recordType: 'OwnerAgreementChangeOrder', description: 'Created', at,
    });
    return toApi(recordOr404(db, OWNER_AGREEMENT_CO_SELECT, 't.ownerAgreementChangeOrderId', id, 'Owner agreement change order'));
  }).immediate();
}

const commitmentEditHandlers = declared([
  route({
    method: 'POST', path: '/api/pfm/SaveCommitment', access: 'pfm', note: 'added: RecordKey, RecordId, OldRecordStateId?, header fields, items[i] (pfm/commitments/writes.ts)',
    params: SAVE_COMMITMENT, handler: saveCommitment,
  }),
  route({
    method: 'POST', path: '/api/pfm/UpdateCommitmentState', access: 'pfm',
    note: 'added: RecordKey, ItemId, OldRecordStateId, RouteStateId (commitments and owner agreements); a Subcontract to Pending Signature / Executed, and a SubcontractChangeOrder to Approved, pass the SRA gate (risk/sra/gate.ts: 400 autoAlert with sraRequired, startLink, reasons, amount)',
    params: UPDATE_STATE, handler: updateState,
  }),
  route({
    method: 'POST', path: '/api/pfm/CreateOwnerAgreementChangeOrder', access: 'pfm', note: 'added: OwnerAgreementId, BudgetId, Description, ChangeOrderDate? (new Draft OCO-###, pfm/commitments/writes.ts)',
    params: CREATE_OWNER_CHANGE_ORDER, handler: createOwnerChangeOrder,
  }),
]);

/** Every commitment write: the edits and moves above, CreateCommitment (create.ts) and CreateCommitmentChangeOrder (change-orders.ts). */
export const commitmentWriteHandlers = { ...commitmentEditHandlers, ...commitmentCreateHandlers, ...changeOrderHandlers };
