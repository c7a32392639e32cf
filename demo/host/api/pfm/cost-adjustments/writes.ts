/**
 * Cost adjustment writes (issue 11): budget modifications of a project's budget, in the style of
 * pfm/commitments/writes.ts: form-data POST, `{ data }` answers, 400 with validation feedback items
 * (nothing is written then), field security of the record's state, one immediate transaction, 409
 * on a stale OldRecordStateId, 400 autoAlert for a refused post.
 *
 * | route | fields | answer |
 * |---|---|---|
 * | POST /api/pfm/CreateCostAdjustment | ProjectId, BudgetId (of the project), CostAdjustmentReasonId, Description, Amount, AdjustmentDate? (today), Transfer? | the new Open adjustment (CA-{job}-###) |
 * | POST /api/pfm/SaveCostAdjustment | CostAdjustmentId, OldRecordStateId?, description / costAdjustmentReasonId / adjustmentDate / amount / transfer, items[i].itemId? / .costCodeId / .description / .amount / .deleted | { record, feedback } |
 * | POST /api/pfm/UpdateCostAdjustmentState | ItemId, OldRecordStateId, RouteStateId | the record |
 * | POST /api/pfm/UploadCostAdjustmentReferenceDocument | file form: CostAdjustmentId, DocumentType, DocumentNumber, DocumentDate?, Amount?, file | the reference document with fileId, fileName |
 *
 * A reference document's file is a row of `files` (record key CostAdjustment): it downloads through
 * POST /api/pfm/files/download with its FileId, under its uploaded name.
 *
 * Posting is the move to a closed state other than Void ('Reconciled'). It is refused (autoAlert,
 * src/core/cost-adjustments/contract.ts `postRefusal`) for an unreconciled adjustment, for a transfer whose
 * items do not net to zero, for items that do not add up to the amount, and on a locked budget. A
 * posted adjustment writes one cost-code transaction per item (source 'Cost Adjustment', kind 'budgetTransfer':
 * never actual cost), and its items count in the lines' approved changes (pfm/projections/summaries.ts).
 */
import type Database from 'better-sqlite3';
import { COST_ADJUSTMENT_PATHS, postRefusal } from '../../../../../src/core/cost-adjustments/contract';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, invalid, notFound, NUMBER, type FeedbackItem } from '../../http';
import { editableIn } from '../../field-security';
import { itemCostCodeCheck, itemEntry } from '../item-cost-codes';
import { COST_ADJUSTMENT_SELECT } from './loads';
import { loadForWrite, moveRecordState, recordOr404, stateByName, trackChange, updateChangedColumns } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { CODE_DISPLAY_SQL, rowsToApi, toApi } from '../../rows';
import { withCostAdjustmentRules } from './rules';
import { assertProjectTakesCosts } from '../../toolbox/closeouts';
import * as clock from '../../../../../src/core/clock';
import { isCalendarDate } from '../../../../../src/core/format/dates';

const money = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const FUNCTION = 'UpdateCostAdjustmentState';

type Row = Record<string, unknown>;

/** The adjustment as the loads answer it, with its items and reference documents. */
export function costAdjustmentRecord(db: Database.Database, id: number): Row {
  const row = recordOr404(db, COST_ADJUSTMENT_SELECT, 't.costAdjustmentId', id, 'Cost adjustment');
  const [record] = rowsToApi(withCostAdjustmentRules([row]));
  record!.items = rowsToApi(db.prepare(`SELECT i.*, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType
    FROM cost_adjustment_items i JOIN cost_codes cc ON cc.costCodeId = i.costCodeId WHERE i.costAdjustmentId = ? ORDER BY i.costAdjustmentItemId`).all(id) as Row[]);
  return record!;
}

/** Checks of one header value; pushes feedback or returns the value to store. */
function headerValue(db: Database.Database, field: string, value: string, feedback: FeedbackItem[]): unknown {
  const bad = (message: string) => { feedback.push({ integerValue: 1, stringValue: field, message }); return undefined; };
  switch (field) {
    case 'description':
      if (value === '') return bad('A description is required.');
      if (value.length > 2000) return bad('The description is longer than 2,000 characters.');
      return value;
    case 'costAdjustmentReasonId': {
      const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!db.prepare('SELECT 1 FROM cost_adjustment_reasons WHERE costAdjustmentReasonId = ? AND active = 1').get(id)) return bad('Choose a reason.');
      return id;
    }
    case 'adjustmentDate':
      return isCalendarDate(value) ? value : bad('The date must be a date (YYYY-MM-DD) on or after ${EARLIEST_DAY}.');
    case 'amount':
      return NUMBER.test(value) ? Number(value) : bad('The amount must be a number.');
    case 'transfer': {
      const lower = value.toLowerCase();
      if (['true', '1'].includes(lower)) return 1;
      if (['false', '0', ''].includes(lower)) return 0;
      return bad('Transfer must be true or false.');
    }
    default:
      return undefined;
  }
}

const HEADER_FIELDS = ['description', 'costAdjustmentReasonId', 'adjustmentDate', 'amount', 'transfer'] as const;

/** CreateCostAdjustment: the header values as typed (checked into per-field feedback, as a save checks them). */
const CREATE = {
  ProjectId: p.id({ required: true, scope: 'Project' }),
  BudgetId: p.id({ required: true, scope: 'Budget' }),
  CostAdjustmentReasonId: p.string(40, { empty: 'keep' }),
  Description: p.string(4000, { empty: 'keep' }),
  Amount: p.string(40, { empty: 'keep' }),
  AdjustmentDate: p.string(40),
  Transfer: p.string(10, { empty: 'keep' }),
};

function createCostAdjustment({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE>>): unknown {
  const projectId = params.ProjectId;
  if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
  const budgetId = params.BudgetId;
  return db.transaction(() => {
    assertProjectTakesCosts(db, projectId, 'CreateCostAdjustment');
    const budget = db.prepare('SELECT budgetId, jobNumber FROM budgets WHERE budgetId = ? AND projectId = ?').get(budgetId, projectId) as
      { budgetId: number; jobNumber: string } | undefined;
    const feedback: FeedbackItem[] = [];
    if (!budget) feedback.push({ integerValue: 1, stringValue: 'budgetId', message: 'Choose a budget of this project.' });
    const at = clock.nowIso();
    const values: Record<string, unknown> = {};
    const given: Record<string, string> = {
      description: params.Description ?? '', costAdjustmentReasonId: params.CostAdjustmentReasonId ?? '',
      adjustmentDate: params.AdjustmentDate ?? at.slice(0, 10), amount: params.Amount ?? '', transfer: params.Transfer ?? '',
    };
    for (const field of HEADER_FIELDS) values[field] = headerValue(db, field, given[field]!, feedback);
    if (feedback.length || !budget) throw invalid(feedback);
    const numbers = db.prepare('SELECT number FROM cost_adjustments WHERE budgetId = ?').pluck().all(budgetId) as string[];
    const next = Math.max(0, ...numbers.map((n) => Number(/-(\d+)$/.exec(n)?.[1] ?? 0))) + 1;
    const number = `CA-${budget.jobNumber}-${String(next).padStart(3, '0')}`;
    const id = Number(db.prepare(`INSERT INTO cost_adjustments (projectId, budgetId, costAdjustmentReasonId, number, description, adjustmentDate, amount,
        transfer, applicationRecordStateId, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      projectId, budgetId, values.costAdjustmentReasonId, number, values.description, values.adjustmentDate, values.amount, values.transfer,
      stateByName(db, 'CostAdjustment', 'Open').applicationRecordStateId, number, at,
    ).lastInsertRowid);
    trackChange(db, { projectId, actorId: user.employeeId, parentId: id, parentType: 'CostAdjustment', recordId: id, recordType: 'CostAdjustment', description: 'Created', at });
    return costAdjustmentRecord(db, id);
  }).immediate();
}

interface ItemChange { itemId: number | null; deleted: boolean; costCodeId: number; description: string; amount: number }

/** SaveCostAdjustment: the header fields as typed (absent = unchanged) and the items. */
const SAVE = {
  CostAdjustmentId: p.id({ required: true, scope: 'CostAdjustment' }),
  OldRecordStateId: p.id(),
  lastLoad: p.timestamp(),
  description: p.string(4000, { empty: 'keep' }),
  costAdjustmentReasonId: p.string(40, { empty: 'keep' }),
  adjustmentDate: p.string(40, { empty: 'keep' }),
  amount: p.string(40, { empty: 'keep' }),
  transfer: p.string(10, { empty: 'keep' }),
  items: p.list({
    itemId: p.id(), costCodeId: p.id({ empty: 'null' }), description: p.string(4000, { empty: 'keep' }), amount: p.string(40, { empty: 'keep' }), deleted: p.boolean(),
  }, { max: 500 }),
};

function saveCostAdjustment({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE>>): unknown {
  const id = params.CostAdjustmentId;
  const entries = params.items ?? [];
  return db.transaction(() => {
    const { record, stateId } = loadForWrite(db, 'cost_adjustments', 'costAdjustmentId', id, 'Cost adjustment', 'cost adjustment', params);
    const editable = editableIn(db, user, stateId);
    const feedback: FeedbackItem[] = [];
    const changes: Record<string, unknown> = {};
    for (const field of HEADER_FIELDS) {
      const raw = params[field];
      if (raw === undefined) continue;
      const value = headerValue(db, field, raw, []);
      if (value !== undefined && String(record[field] ?? '') === String(value)) continue; // unchanged values pass whatever the security
      if (!editable(field)) {
        feedback.push({ integerValue: 1, stringValue: field, message: `${field} can not be changed in this state.` });
        continue;
      }
      const checked = headerValue(db, field, raw, feedback);
      if (checked !== undefined) changes[field] = checked;
    }

    const items: ItemChange[] = [];
    if (entries.length > 0) {
      if (!editable('items')) {
        feedback.push({ integerValue: 1, stringValue: 'items', message: 'The items can not be changed in this state.' });
      } else {
        const costCodeRefusal = itemCostCodeCheck(db, record.budgetId as number, 'adjusted');
        const existing = new Map((db.prepare('SELECT * FROM cost_adjustment_items WHERE costAdjustmentId = ?').all(id) as Row[])
          .map((row) => [row.costAdjustmentItemId as number, row]));
        for (const entry of entries) {
          const named = itemEntry(entry, existing, 'cost adjustment', feedback);
          if (!named) continue;
          const { line, field, itemId, old } = named;
          if (entry.deleted === true) {
            if (itemId !== null) items.push({ itemId, deleted: true, costCodeId: 0, description: '', amount: 0 });
            continue;
          }
          let ok = true;
          // Absent: the item's cost code stays; empty: none chosen.
          const costCodeId = entry.costCodeId === undefined ? (old?.costCodeId as number | undefined) : entry.costCodeId;
          const costCodeProblem = costCodeRefusal(costCodeId, line);
          if (costCodeProblem) {
            feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: costCodeProblem });
            ok = false;
          }
          const description = (entry.description ?? String(old?.description ?? '')).trim();
          if (description.length > 500) {
            feedback.push({ integerValue: 1, stringValue: field('description'), message: `Line ${line}: the description is longer than 500 characters.` });
            ok = false;
          }
          const amountRaw = (entry.amount ?? String(old?.amount ?? '')).trim();
          if (!NUMBER.test(amountRaw)) {
            feedback.push({ integerValue: 1, stringValue: field('amount'), message: `Line ${line}: the amount must be a number.` });
            ok = false;
          }
          if (ok) items.push({ itemId, deleted: false, costCodeId: costCodeId!, description: description || 'Adjustment', amount: Number(amountRaw) });
        }
      }
    }
    if (feedback.some((f) => f.integerValue === 1)) throw invalid(feedback);
    if (Object.keys(changes).length === 0 && items.length === 0) {
      throw invalid([{ integerValue: 1, stringValue: 'CostAdjustmentId', message: 'Nothing to save: no field was changed.' }]);
    }
    const at = clock.nowIso();
    updateChangedColumns(db, 'cost_adjustments', 'costAdjustmentId', id, changes, at);
    for (const item of items) {
      if (item.deleted) db.prepare('DELETE FROM cost_adjustment_items WHERE costAdjustmentItemId = ?').run(item.itemId);
      else if (item.itemId === null) {
        db.prepare('INSERT INTO cost_adjustment_items (costAdjustmentId, costCodeId, description, amount, modifiedAt) VALUES (?, ?, ?, ?, ?)')
          .run(id, item.costCodeId, item.description, item.amount, at);
      } else {
        db.prepare('UPDATE cost_adjustment_items SET costCodeId = ?, description = ?, amount = ?, modifiedAt = ? WHERE costAdjustmentItemId = ?')
          .run(item.costCodeId, item.description, item.amount, at, item.itemId);
      }
    }
    if (items.length) db.prepare('UPDATE cost_adjustments SET modifiedAt = ? WHERE costAdjustmentId = ?').run(at, id);
    trackChange(db, {
      projectId: record.projectId as number, actorId: user.employeeId, parentId: id, parentType: 'CostAdjustment', recordId: id, recordType: 'CostAdjustment',
      description: `Changed ${[...Object.keys(changes), ...(items.length ? ['items'] : [])].join(', ')}`, at,
    });
    const saved = costAdjustmentRecord(db, id);
    return { record: saved, feedback: [...feedback, ...reconcileFeedback(saved)] };
  }).immediate();
}

/** Warnings and infos on what the saved adjustment needs before it can be posted (§5 per-field feedback). */
function reconcileFeedback(saved: Row): FeedbackItem[] {
  const items = (saved.items as Array<{ costAdjustmentItemId: number; amount: number }>) ?? [];
  const refusal = postRefusal({ number: saved.number as string, amount: saved.amount as number, transfer: saved.transfer === true }, items);
  const total = items.reduce((sum, i) => sum + i.amount, 0);
  const out: FeedbackItem[] = [{ integerValue: 3, stringValue: 'items', message: `Items net ${money(Math.round(total * 100) / 100)}.` }];
  if (refusal) out.unshift({ integerValue: 2, stringValue: items.length ? 'items' : 'amount', message: refusal });
  return out;
}

const UPDATE_STATE = stateUpdateParams('CostAdjustment');

function updateState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_STATE>>): unknown {
  const request = { ...requestedMove(params), actorId: user.employeeId };
  const kind = { recordKey: 'CostAdjustment', table: 'cost_adjustments', idColumn: 'costAdjustmentId', label: 'cost adjustment', functionName: FUNCTION };
  return moveRecordState(db, kind, request, (move) => {
    const record = move.record;
    const posting = move.target.closed === 1 && move.target.name !== 'Void';
    if (posting) {
      const items = db.prepare('SELECT costAdjustmentItemId, costCodeId, description, amount FROM cost_adjustment_items WHERE costAdjustmentId = ? ORDER BY costAdjustmentItemId')
        .all(request.itemId) as Array<{ costAdjustmentItemId: number; costCodeId: number; description: string; amount: number }>;
      const refusal = postRefusal({ number: record.number as string, amount: record.amount as number, transfer: record.transfer === 1 }, items);
      if (refusal) throw autoAlert(FUNCTION, refusal);
      const budget = db.prepare('SELECT budgetLock, jobNumber FROM budgets WHERE budgetId = ?').get(record.budgetId) as { budgetLock: number; jobNumber: string };
      if (budget.budgetLock === 1) throw autoAlert(FUNCTION, `${String(record.number)} can not be posted: budget ${budget.jobNumber} is locked.`);
      // A budget transfer (migration 030): it moves the lines' budget (their approved changes), never their actual cost.
      const insert = db.prepare(`INSERT INTO cost_code_transactions (costCodeId, budgetId, projectId, transactionDate, sourceType, sourceRecordKey, sourceRecordId,
        documentNumber, vendorId, description, units, hours, amount, kind, modifiedAt)
        VALUES (?, ?, ?, ?, 'Cost Adjustment', 'CostAdjustment', ?, ?, NULL, ?, 0, 0, ?, 'budgetTransfer', ?)`);
      for (const item of items) {
        insert.run(item.costCodeId, record.budgetId, record.projectId, move.at.slice(0, 10), request.itemId, record.number, item.description, item.amount, move.at);
      }
    }
    return { projectId: record.projectId as number, parentId: request.itemId, parentType: 'CostAdjustment' };
  }, () => costAdjustmentRecord(db, request.itemId));
}

const UPLOAD = {
  CostAdjustmentId: p.id({ required: true, scope: 'CostAdjustment' }),
  DocumentType: p.string(4000, { empty: 'keep' }),
  DocumentNumber: p.string(4000, { empty: 'keep' }),
  DocumentDate: p.string(40),
  Amount: p.string(40),
  file: p.file(),
};

function uploadReferenceDocument({ db, params, user }: RouteCtx<ParamsOf<typeof UPLOAD>>): unknown {
  const id = params.CostAdjustmentId;
  const record = db.prepare('SELECT costAdjustmentId, amount, projectId FROM cost_adjustments WHERE costAdjustmentId = ?').get(id) as Row | undefined;
  if (!record) throw notFound(`Cost adjustment ${id} not found.`);
  const file = params.file;
  const feedback: FeedbackItem[] = [];
  if (!file) feedback.push({ integerValue: 1, stringValue: 'file', message: 'Attach the document’s file.' });
  const documentType = params.DocumentType ?? '';
  if (documentType === '' || documentType.length > 100) feedback.push({ integerValue: 1, stringValue: 'documentType', message: 'A document type of at most 100 characters is required.' });
  const documentNumber = params.DocumentNumber ?? '';
  if (documentNumber === '' || documentNumber.length > 100) feedback.push({ integerValue: 1, stringValue: 'documentNumber', message: 'A document number of at most 100 characters is required.' });
  const at = clock.nowIso();
  const documentDate = params.DocumentDate ?? at.slice(0, 10);
  if (!isCalendarDate(documentDate)) feedback.push({ integerValue: 1, stringValue: 'documentDate', message: 'The document date must be a date (YYYY-MM-DD) on or after ${EARLIEST_DAY}.' });
  const amountRaw = params.Amount ?? '';
  if (amountRaw !== '' && !NUMBER.test(amountRaw)) feedback.push({ integerValue: 1, stringValue: 'amount', message: 'The amount must be a number.' });
  if (feedback.length || !file) throw invalid(feedback);
  const name = (file.filename || 'document').replace(/[\\/\r\n"]/g, '_').slice(0, 200);
  return db.transaction(() => {
    const fileId = Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
      VALUES ('CostAdjustment', ?, ?, ?, ?, ?, ?, ?, ?)`).run(id, name, file.mimetype || 'application/octet-stream', file.data.length, file.data, user.employeeId, at, at).lastInsertRowid);
    const docId = Number(db.prepare(`INSERT INTO cost_adjustment_reference_documents (costAdjustmentId, documentType, documentNumber, documentDate, amount, fileId, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(id, documentType, documentNumber, documentDate, amountRaw === '' ? record.amount : Number(amountRaw), fileId, at).lastInsertRowid);
    db.prepare('UPDATE cost_adjustments SET modifiedAt = ? WHERE costAdjustmentId = ?').run(at, id);
    return toApi(db.prepare(`SELECT t.*, ca.projectId, ca.budgetId, f.name AS fileName, f.size AS fileSize FROM cost_adjustment_reference_documents t
      JOIN cost_adjustments ca ON ca.costAdjustmentId = t.costAdjustmentId LEFT JOIN files f ON f.fileId = t.fileId
      WHERE t.costAdjustmentReferenceDocumentId = ?`).get(docId) as Row);
  }).immediate();
}

export const costAdjustmentWriteHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: COST_ADJUSTMENT_PATHS.create,
    note: 'added: ProjectId, BudgetId, CostAdjustmentReasonId, Description, Amount, AdjustmentDate?, Transfer? (new Open CA-{job}-###, pfm/cost-adjustments/writes.ts)',
    params: CREATE, handler: createCostAdjustment,
  }),
  route({
    method: 'POST', path: COST_ADJUSTMENT_PATHS.save,
    note: 'added: CostAdjustmentId, OldRecordStateId?, header fields, items[i] (field security of the state)',
    params: SAVE, handler: saveCostAdjustment,
  }),
  route({
    method: 'POST', path: COST_ADJUSTMENT_PATHS.updateState,
    note: 'added: ItemId, OldRecordStateId, RouteStateId; posting refused when unreconciled or not netting (autoAlert)',
    params: UPDATE_STATE, handler: updateState,
  }),
  route({
    method: 'POST', path: COST_ADJUSTMENT_PATHS.upload,
    note: 'added: file form CostAdjustmentId, DocumentType, DocumentNumber, DocumentDate?, Amount?, file',
    params: UPLOAD, handler: uploadReferenceDocument,
  }),
]);
