/**
 * Direct cost writes (issue 11): invoices, expenses and payroll adjustments charged straight to the
 * job. Form-data POSTs answering `{ data }`; 400 with validation feedback when anything is invalid
 * (nothing is written then); field security of the record's state (editable in Draft only, migration
 * 002); 409 on a stale OldRecordStateId. The rules live once in src/core/direct-costs/contract.ts.
 *
 * | route | fields | answer |
 * |---|---|---|
 * | POST /api/pfm/CreateDirectCost | ProjectId, BudgetId? (default the project's budget), directCostDate, directCostTypeId, vendorId?, invoiceNumber?, description, amount, items[i].costCodeId / .description / .amount | the new Draft (DC-<job>-###) with its items |
 * | POST /api/pfm/SaveDirectCost | DirectCostId, OldRecordStateId?, the header fields above (absent = unchanged), items[i] (present = the whole new list) | the record with its items |
 * | POST /api/pfm/UpdateDirectCostState | ItemId, OldRecordStateId, RouteStateId, Reason (required for Revise and Resubmit) | the record with its items |
 *
 * Every save keeps the rules: at least one item, items summing to the amount, a date not in the
 * future. A state move re-checks them; Approved and Posted also need an unlocked budget; approving
 * and Revise and Resubmit need an approver (RPM or Admin). Approval writes one cost-code transaction
 * per item (actual to date); Void takes them off again.
 */
import { approvalMove } from '../../approvals';
import type Database from 'better-sqlite3';
import {
  DIRECT_COST_KEY, DIRECT_COST_PATHS, DIRECT_COST_STATE, DIRECT_COST_TEXT, REASON_MAX, directCostMoveLabel, directCostProblems, isDirectCostApprover,
  isReviseAndResubmit, moveNeedsApprover, movePostsCost,
} from '../../../../../src/core/direct-costs/contract';
import type { Caller } from '../../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { NUMBER, autoAlert, forbidden, invalid, notFound, type FeedbackItem } from '../../http';
import { editableIn } from '../../field-security';
import { itemCostCodeCheck } from '../item-cost-codes';
import { DIRECT_COST_SELECT } from './loads';
import { loadForWrite, moveRecordState, recordOr404, stateByName, trackChange } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { CODE_DISPLAY_SQL, rowsToApi, toApi } from '../../rows';
import { withoutHiddenFieldsOne } from '../../field-reads';
import { assertProjectTakesCosts } from '../../toolbox/closeouts';
import * as clock from '../../../../../src/core/clock';

type Row = Record<string, unknown>;
const FUNCTION = 'UpdateDirectCostState';

/**
 * The server's "today" for the future-date rule: the calendar day anywhere on Earth (UTC+14), so a
 * user whose day is already tomorrow in UTC terms is not refused a cost dated today.
 */
export const latestToday = (now = clock.nowMs()): string => new Date(now + 14 * 3600_000).toISOString().slice(0, 10);

/** The record with its items, as getdirectcosts answers it. */
export function directCostWithItems(db: Database.Database, id: number): Row {
  const record = toApi(recordOr404(db, DIRECT_COST_SELECT, 't.directCostId', id, 'Direct cost'));
  record.items = rowsToApi(db.prepare(`SELECT i.*, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType
    FROM direct_cost_items i JOIN cost_codes cc ON cc.costCodeId = i.costCodeId WHERE i.directCostId = ? ORDER BY i.rowid`).all(id) as Row[]);
  return record;
}

/** {@link directCostWithItems} as `user` may see it in its state (field security on reads, field-reads.ts: `items` too). */
const readableDirectCost = (db: Database.Database, user: Caller, id: number): Row => withoutHiddenFieldsOne(db, user, DIRECT_COST_KEY, directCostWithItems(db, id));

interface Header {
  directCostDate: string;
  directCostTypeId: number;
  vendorId: number | null;
  invoiceNumber: string | null;
  description: string;
  amount: number;
}
interface Item { costCodeId: number; description: string; amount: number }

const HEADER_FIELDS = ['directCostDate', 'directCostTypeId', 'vendorId', 'invoiceNumber', 'description', 'amount'] as const;

/** The header fields as typed (checked into per-field feedback) and the items (present = the whole list; `itemsCleared`: none). */
const FORM = {
  directCostDate: p.string(40, { empty: 'keep' }),
  directCostTypeId: p.string(40, { empty: 'keep' }),
  vendorId: p.string(40, { empty: 'keep' }),
  invoiceNumber: p.string(4000, { empty: 'keep' }),
  description: p.string(4000, { empty: 'keep' }),
  amount: p.string(40, { empty: 'keep' }),
  items: p.list({ costCodeId: p.id(), description: p.string(4000, { empty: 'keep' }), amount: p.string(40, { empty: 'keep' }) }, { max: 500 }),
  itemsCleared: p.boolean(),
};
type Form = ParamsOf<typeof FORM>;

/**
 * Parse the header (absent fields keep `old`) and the items (present = the whole list; absent =
 * `oldItems`) against budget `budgetId`; check the direct cost rules. Feedback names the fields
 * (`items[i].amount` for an item).
 */
function parse(db: Database.Database, form: Form, budgetId: number, old: Header | null, oldItems: Item[] | null, editable: (field: string) => boolean) {
  const feedback: FeedbackItem[] = [];
  const bad = (field: string, message: string) => feedback.push({ integerValue: 1, stringValue: field, message });
  const header: Partial<Header> = { ...(old ?? {}) };
  const changed = new Set<string>();
  for (const field of HEADER_FIELDS) {
    const raw = form[field];
    if (raw === undefined) {
      if (!old) {
        if (field === 'vendorId') header.vendorId = null;
        else if (field === 'invoiceNumber') header.invoiceNumber = null;
        else bad(field, `${field} is required.`);
      }
      continue;
    }
    const value = raw.trim();
    const before = old ? String(old[field] ?? '') : undefined;
    if (before !== undefined && before === value) continue;
    if (old && !editable(field)) {
      bad(field, `${field} can not be changed in this state.`);
      continue;
    }
    changed.add(field);
    if (field === 'directCostDate') header.directCostDate = value;
    else if (field === 'description') {
      if (value === '') bad(field, 'A description is required.');
      else if (value.length > 2000) bad(field, 'description is longer than 2,000 characters.');
      else header.description = value;
    } else if (field === 'invoiceNumber') {
      if (value.length > 50) bad(field, 'The invoice number is longer than 50 characters.');
      else header.invoiceNumber = value === '' ? null : value;
    } else if (field === 'amount') {
      if (!NUMBER.test(value)) bad(field, 'The amount must be a number.');
      else header.amount = Number(value);
    } else {
      const table = field === 'vendorId' ? 'vendors' : 'direct_cost_types';
      if (field === 'vendorId' && value === '') header.vendorId = null;
      else {
        const refId = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
        const ref = db.prepare(`SELECT ${field === 'vendorId' ? 'active, name' : '1 AS active, NULL AS name'} FROM ${table} WHERE ${field} = ?`).get(refId) as
          { active: number; name: string | null } | undefined;
        if (!ref) bad(field, `${field} '${value.slice(0, 20)}' does not exist.`);
        // A new or changed vendor must be active (one already on the record stays: unchanged values are skipped above).
        else if (ref.active !== 1) bad(field, `${ref.name} is inactive: choose an active vendor.`);
        else header[field] = refId;
      }
    }
  }

  const entries = form.items ?? [];
  let items: Item[] = oldItems ?? [];
  if (entries.length > 0 || form.itemsCleared === true) {
    if (old && !editable('items')) bad('items', 'The items can not be changed in this state.');
    else {
      changed.add('items');
      const costCodeRefusal = itemCostCodeCheck(db, budgetId, 'charged');
      items = [];
      entries.forEach((entry, index) => {
        const line = index + 1;
        const field = (name: string) => `items[${index}].${name}`;
        const costCodeProblem = costCodeRefusal(entry.costCodeId, line);
        let ok = true;
        if (costCodeProblem) { bad(field('costCodeId'), costCodeProblem); ok = false; }
        const description = (entry.description ?? '').trim();
        if (description === '' || description.length > 500) { bad(field('description'), `Line ${line}: a description of at most 500 characters is required.`); ok = false; }
        const amountRaw = (entry.amount ?? '').trim();
        if (!NUMBER.test(amountRaw)) { bad(field('amount'), `Line ${line}: the amount must be a number.`); ok = false; }
        if (ok) items.push({ costCodeId: entry.costCodeId!, description, amount: Number(amountRaw) });
      });
    }
  }
  // The rules of the whole record, once its fields parse.
  if (!feedback.length) {
    for (const problem of directCostProblems({ directCostDate: header.directCostDate!, amount: header.amount!, items }, latestToday())) {
      bad(problem.field, problem.message);
    }
  }
  return { header: header as Header, items, feedback, changed };
}

function writeItems(db: Database.Database, id: number, items: Item[], at: string): void {
  db.prepare('DELETE FROM direct_cost_items WHERE directCostId = ?').run(id);
  const insert = db.prepare('INSERT INTO direct_cost_items (directCostId, costCodeId, description, units, hours, amount, modifiedAt) VALUES (?, ?, ?, 0, 0, ?, ?)');
  for (const item of items) insert.run(id, item.costCodeId, item.description, item.amount, at);
}

const CREATE = {
  ProjectId: p.id({ required: true, scope: 'Project' }),
  BudgetId: p.id({ scope: 'Budget' }),
  ...FORM,
};

function createDirectCost({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE>>): unknown {
  const projectId = params.ProjectId;
  const budgetParam = params.BudgetId;
  return db.transaction(() => {
    const project = db.prepare('SELECT projectId, budgetId FROM projects WHERE projectId = ?').get(projectId) as { projectId: number; budgetId: number | null } | undefined;
    if (!project) throw notFound(`Project ${projectId} not found.`);
    assertProjectTakesCosts(db, projectId, 'CreateDirectCost');
    const budgetId = budgetParam ?? project.budgetId ?? 0;
    const budget = db.prepare('SELECT budgetId, jobNumber FROM budgets WHERE budgetId = ? AND projectId = ?').get(budgetId, projectId) as { budgetId: number; jobNumber: string } | undefined;
    if (!budget) throw invalid([{ integerValue: 1, stringValue: 'budgetId', message: 'Choose a budget of the project.' }]);
    const { header, items, feedback } = parse(db, params, budget.budgetId, null, null, () => true);
    if (feedback.length) throw invalid(feedback);
    const numbers = db.prepare('SELECT number FROM direct_costs WHERE budgetId = ?').pluck().all(budget.budgetId) as string[];
    const next = Math.max(0, ...numbers.map((n) => Number(/-(\d+)$/.exec(n)?.[1] ?? 0))) + 1;
    const number = `DC-${budget.jobNumber}-${String(next).padStart(3, '0')}`;
    const at = clock.nowIso();
    const id = Number(db.prepare(`INSERT INTO direct_costs (projectId, budgetId, directCostTypeId, vendorId, number, invoiceNumber, directCostDate, description, amount,
      applicationRecordStateId, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      projectId, budget.budgetId, header.directCostTypeId, header.vendorId, number, header.invoiceNumber, header.directCostDate, header.description, header.amount,
      stateByName(db, DIRECT_COST_KEY, DIRECT_COST_STATE.draft).applicationRecordStateId, number, at,
    ).lastInsertRowid);
    writeItems(db, id, items, at);
    trackChange(db, { projectId, actorId: user.employeeId, parentId: id, parentType: DIRECT_COST_KEY, recordId: id, recordType: DIRECT_COST_KEY, description: 'Created', at });
    return readableDirectCost(db, user, id);
  }).immediate();
}

const headerOf = (row: Row): Header => ({
  directCostDate: String(row.directCostDate), directCostTypeId: row.directCostTypeId as number, vendorId: (row.vendorId as number | null) ?? null,
  invoiceNumber: (row.invoiceNumber as string | null) ?? null, description: String(row.description), amount: row.amount as number,
});
const itemsOf = (db: Database.Database, id: number): Item[] =>
  db.prepare('SELECT costCodeId, description, amount FROM direct_cost_items WHERE directCostId = ? ORDER BY rowid').all(id) as Item[];

/** SaveDirectCost: BudgetId is not read (the record keeps its budget); the team guard checks it when sent. */
const SAVE = {
  DirectCostId: p.id({ required: true, scope: 'DirectCost' }),
  BudgetId: p.id({ scope: 'Budget' }),
  OldRecordStateId: p.id(),
  lastLoad: p.timestamp(),
  ...FORM,
};

function saveDirectCost({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE>>): unknown {
  const id = params.DirectCostId;
  return db.transaction(() => {
    const { record: row, stateId } = loadForWrite(db, 'direct_costs', 'directCostId', id, 'Direct cost', 'direct cost', params);
    const { header, items, feedback, changed } = parse(db, params, row.budgetId as number, headerOf(row), itemsOf(db, id), editableIn(db, user, stateId));
    if (feedback.length) throw invalid(feedback);
    if (changed.size === 0) throw invalid([{ integerValue: 1, stringValue: 'DirectCostId', message: 'Nothing to save: no field was changed.' }]);
    const at = clock.nowIso();
    db.prepare(`UPDATE direct_costs SET directCostDate = @directCostDate, directCostTypeId = @directCostTypeId, vendorId = @vendorId, invoiceNumber = @invoiceNumber,
      description = @description, amount = @amount, modifiedAt = @at WHERE directCostId = @id`).run({ ...header, at, id });
    if (changed.has('items')) writeItems(db, id, items, at);
    trackChange(db, {
      projectId: row.projectId as number, actorId: user.employeeId, parentId: id, parentType: DIRECT_COST_KEY, recordId: id, recordType: DIRECT_COST_KEY,
      description: `Changed ${[...changed].join(', ')}`, at,
    });
    return readableDirectCost(db, user, id);
  }).immediate();
}

/** Put the direct cost's items on the job as cost-code transactions (once). */
function postCost(db: Database.Database, record: Row, at: string): void {
  const id = record.directCostId as number;
  if (db.prepare("SELECT 1 FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost' AND sourceRecordId = ?").get(id)) return;
  const insert = db.prepare(`INSERT INTO cost_code_transactions (costCodeId, budgetId, projectId, transactionDate, sourceType, sourceRecordKey, sourceRecordId,
    documentNumber, vendorId, description, units, hours, amount, modifiedAt) VALUES (?, ?, ?, ?, 'Direct Cost', 'DirectCost', ?, ?, ?, ?, ?, ?, ?, ?)`);
  const items = db.prepare('SELECT i.*, cc.budgetId FROM direct_cost_items i JOIN cost_codes cc USING (costCodeId) WHERE i.directCostId = ? ORDER BY i.rowid').all(id) as Row[];
  for (const item of items) {
    insert.run(item.costCodeId, item.budgetId, record.projectId, record.directCostDate, id, record.number, record.vendorId ?? null, item.description,
      item.units ?? 0, item.hours ?? 0, item.amount, at);
  }
}

const UPDATE_STATE = { ...stateUpdateParams('DirectCost'), Reason: p.string(4000, { empty: 'keep' }) };

function updateDirectCostState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_STATE>>): unknown {
  const request = { ...requestedMove(params), actorId: user.employeeId };
  const reasonRaw = params.Reason ?? '';
  const kind = { recordKey: DIRECT_COST_KEY, table: 'direct_costs', idColumn: 'directCostId', label: 'direct cost', functionName: FUNCTION };
  return moveRecordState(db, kind, request, ({ record, current, target, at }) => {
    const id = record.directCostId as number;
    const move = directCostMoveLabel(current.name, target.name);
    // A move the approval matrix governs (Approved) is its decision alone (App Records may change who approves);
    // the fixed rule keeps the moves it does not list, such as sending one back.
    if (moveNeedsApprover(current.name, target.name) && !approvalMove(db, target.applicationRecordStateId) && !isDirectCostApprover(user.roles)) {
      throw forbidden(DIRECT_COST_TEXT.approverOnly(move));
    }
    if (isReviseAndResubmit(current.name, target.name)) {
      if (reasonRaw === '') throw invalid([{ integerValue: 1, stringValue: 'reason', message: DIRECT_COST_TEXT.reasonRequired }]);
      if (reasonRaw.length > REASON_MAX) throw invalid([{ integerValue: 1, stringValue: 'reason', message: DIRECT_COST_TEXT.reasonTooLong }]);
      db.prepare('UPDATE direct_costs SET reviseReason = ?, revisedAt = ?, revisedByEmployeeId = ? WHERE directCostId = ?').run(reasonRaw, at, user.employeeId, id);
    }
    if (!target.closed || target.name === DIRECT_COST_STATE.posted) {
      if (target.name !== DIRECT_COST_STATE.draft) {
        const problems = directCostProblems({ directCostDate: String(record.directCostDate), amount: record.amount as number, items: itemsOf(db, id) }, latestToday());
        if (problems.length) throw autoAlert(FUNCTION, `${String(record.number)} can not move to '${target.name}': ${problems.map((p) => p.message).join(' ')}`);
      }
    }
    if (movePostsCost(target.name)) {
      const budget = db.prepare('SELECT jobNumber, budgetLock, budgetLockReason FROM budgets WHERE budgetId = ?').get(record.budgetId) as { jobNumber: string; budgetLock: number; budgetLockReason: string | null };
      if (budget.budgetLock === 1) throw autoAlert(FUNCTION, DIRECT_COST_TEXT.budgetLocked(budget.jobNumber, budget.budgetLockReason));
      postCost(db, record, at);
    }
    if (target.name === DIRECT_COST_STATE.pending) {
      db.prepare('UPDATE direct_costs SET submittedAt = ?, submittedByEmployeeId = ? WHERE directCostId = ?').run(at, user.employeeId, id);
    }
    if (target.name === DIRECT_COST_STATE.void || target.name === DIRECT_COST_STATE.draft) {
      db.prepare("DELETE FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost' AND sourceRecordId = ?").run(id);
    }
    return { projectId: record.projectId as number, parentId: id, parentType: DIRECT_COST_KEY };
  }, () => readableDirectCost(db, user, request.itemId));
}

export const directCostWriteHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: DIRECT_COST_PATHS.create,
    note: 'added: ProjectId, BudgetId?, header fields, items[i] (new Draft DC-<job>-###, pfm/direct-costs/writes.ts)',
    params: CREATE, handler: createDirectCost,
  }),
  route({
    method: 'POST', path: DIRECT_COST_PATHS.save,
    note: 'added: DirectCostId, OldRecordStateId?, header fields, items[i] (the whole list)',
    params: SAVE, handler: saveDirectCost,
  }),
  route({
    method: 'POST', path: DIRECT_COST_PATHS.updateState,
    note: 'added: ItemId, OldRecordStateId, RouteStateId, Reason (Revise and Resubmit); approve/send back: RPM or Admin',
    params: UPDATE_STATE, handler: updateDirectCostState,
  }),
]);
