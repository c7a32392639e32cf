/**
 * Write calls §7 does not list, in its style: form-data (or urlencoded) POST, `{ data }` answers,
 * 400 with validation feedback items `{ integerValue: 1|2|3, stringValue: field, message }` when any
 * item is invalid (nothing is written then). Field-level security of the record's state is
 * enforced on every record edit.
 *
 * | route | fields | answer |
 * |---|---|---|
 * | POST /api/pfm/projects/PinProject | ProjectId | the caller's pins |
 * | POST /api/pfm/projects/UnpinProject | ProjectId | the caller's pins |
 * | POST /api/pfm/SaveProjections | BudgetId, projections[i].costCodeId, .method (auto/manual), .value, .reason, .units, .hours | { budgetId, month, saved, lines, feedback } |
 * | POST /api/pfm/SubmitProjections | BudgetId | { budgetId, month, submitted } (budget leaves budgetsPendingProjections) |
 * | POST /api/pfm/SaveChangeRecord | ChangeRecordId, OldRecordStateId?, fields | the record |
 * | POST /api/pfm/SaveChangeEvent | ChangeEventId, OldRecordStateId?, fields | the record |
 * | POST /api/pfm/SaveChangeEventItem | ChangeEventItemId, OldRecordStateId?, fields | the record |
 * | POST /api/pfm/CreateChangeEvent | ChangeRecordId, Title, Description?, ReimbursableTypeId, ChangeReasonId? | the new change event |
 * | POST /api/pfm/CreateChangeRecord | ProjectId, BudgetId? (default: the project's first budget that is not a roll-up), Title (≤200), Description?, InitiatingDocumentTypeId, ChangeReasonId?, DocumentDate? (YYYY-MM-DD), RfiId? (an RFI of the project) | the new Draft initiating document (numbered `<type abbreviation>-<budget's next number>`) |
 * | POST /api/pfm/CreateChangeEventItem | ChangeEventId (open), ParentChangeEventItemId? (an item of the same event), Description, CostCodeId (a line of the event's budget, never cost type A or F), VendorId, EstimatedAmount? | the new Open item |
 * | POST /api/pfm/LinkChangeEventItemToCommitment | ChangeEventItemId, CommitmentKey (Subcontract, PurchaseAgreement), CommitmentId | { changeEventItem, changeOrder } |
 * | POST /api/pfm/LinkChangeEventToOwnerChangeOrder | ChangeEventId, OwnerAgreementChangeOrderId | the change event |
 * | GET /api/pfm/files | recordKey, recordId | files without bytes |
 * | POST /api/pfm/files/upload | ApplicationRecordKey, RecordId, file | the file row |
 * | POST /api/pfm/files/download | FileId | the file (Content-Disposition: attachment; filename=…) |
 * | DELETE /api/pfm/files | FileId (form-data) | { fileId, deleted: true } |
 * | GET /api/applications/GetApplicationRecordStates | applicationRecordKey | the states |
 * | GET /api/applications/GetRecordStateAdvancements | applicationRecordStateId | the advancements offered |
 * | POST /api/changes/acknowledge | ApplicationId, ParentApplicationRecordId | { acknowledged } (see session.ts) |
 * | POST /api/pfm/AddCostCode | BudgetId, Code (8 digits, hyphens allowed), Description, CostType, OriginalBudget | { costCode, feedback } |
 */
import type Database from 'better-sqlite3';
import { canLinkChangeEventToOwnerChangeOrder, canLinkItemToCommitment } from '../../../src/core/workflow';
import { COST_TYPES, formatCostCode, selectableCostTypes } from '../../../src/core/format';
import { CURRENT_PERIOD } from '../db/index';
import { OWNER_CHANGE_ORDER_AMOUNT_SQL } from '../db/derived';
import { SECURED_FIELDS } from '../db/states';
import type { Caller, Ctx, Handlers } from './context';
import {
  autoAlert, badRequest, conflict, enumParam, idParam, invalid, notFound, nowIso, rawParam, stringParam,
  type FeedbackItem, type Params,
} from './http';
import { advancementsFrom, fieldPermissions } from './lookups';
import * as Q from './queries';
import { stateByName, trackChange, recordOr404 } from './records';
import { routeKey } from './routes';
import { rowsToApi, toApi } from './rows';
import { RECORD_TABLES } from './scope';
import { lineSummaries } from './summaries';

const POST = (path: string) => routeKey('POST', path);
const GET = (path: string) => routeKey('GET', path);

// --- pins ---------------------------------------------------------------------------------------

function pins(db: Database.Database, employeeId: number): unknown {
  return db.prepare(`SELECT p.projectId, p.number, p.name, p.classification, p.legalEntityId, p.budgetId, p.displayText, pin.pinnedAt
    FROM project_pins pin JOIN projects p USING (projectId) WHERE pin.employeeId = ? ORDER BY pin.pinnedAt, p.number`).all(employeeId);
}

function projectIdOr404(db: Database.Database, params: Params): number {
  const projectId = idParam(params, 'ProjectId', true);
  if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
  return projectId;
}

// --- projections --------------------------------------------------------------------------------

interface BudgetRow { budgetId: number; jobNumber: string; budgetLock: number; budgetLockReason: string | null; children: number }

function budgetForProjection(db: Database.Database, params: Params): BudgetRow {
  const budgetId = idParam(params, 'BudgetId', true);
  const budget = db.prepare(`SELECT budgetId, jobNumber, budgetLock, budgetLockReason,
      (SELECT count(*) FROM budgets c WHERE c.rollUpBudgetId = b.budgetId) AS children FROM budgets b WHERE budgetId = ?`).get(budgetId) as BudgetRow | undefined;
  if (!budget) throw notFound(`Budget ${budgetId} not found.`);
  if (budget.budgetLock === 1) {
    throw invalid([{ integerValue: 1, stringValue: 'budgetId', message: `Budget ${budget.jobNumber} is locked: ${budget.budgetLockReason ?? 'no projections can be entered'}.` }]);
  }
  if (budget.children > 0) {
    throw invalid([{ integerValue: 1, stringValue: 'budgetId', message: `Budget ${budget.jobNumber} is a roll-up budget: enter projections on its child budgets.` }]);
  }
  return budget;
}

/** Entries `projections[i].field` (any case) of a flattened form body, by index. */
function indexedEntries(body: Params, list: string): Map<number, Record<string, string>> {
  const pattern = new RegExp(`^${list}\\[(\\d{1,5})\\]\\.([A-Za-z]+)$`, 'i');
  const entries = new Map<number, Record<string, string>>();
  for (const key of Object.keys(body)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const entry = entries.get(index) ?? {};
    entry[match[2]!.toLowerCase()] = rawParam(body, key) ?? '';
    entries.set(index, entry);
  }
  return entries;
}

/** The §5 number rule on the server: plain decimal only (the client strips everything else first). */
const NUMBER = /^-?\d{1,13}(\.\d{1,6})?$/;

function saveProjections({ db, body, user }: Ctx): unknown {
  const budget = budgetForProjection(db, body);
  const entries = indexedEntries(body, 'projections');
  if (entries.size === 0) throw invalid([{ integerValue: 1, stringValue: 'projections', message: 'No projections to save.' }]);
  if (entries.size > 20000) throw badRequest('Too many projections in one save (at most 20,000).');
  const lineIds = new Set((db.prepare('SELECT costCodeId FROM cost_codes WHERE budgetId = ?').all(budget.budgetId) as Array<{ costCodeId: number }>).map((r) => r.costCodeId));
  const feedback: FeedbackItem[] = [];
  const parsed: Array<{ costCodeId: number; method: 'auto' | 'manual'; value: number | null; reason: string | null; units: number | null; hours: number | null }> = [];
  const seen = new Set<number>();
  for (const [index, entry] of [...entries].sort((a, b) => a[0] - b[0])) {
    const field = (name: string) => `projections[${index}].${name}`;
    const costCodeRaw = entry.costcodeid ?? '';
    const costCodeId = /^\d{1,10}$/.test(costCodeRaw) ? Number(costCodeRaw) : NaN;
    if (!lineIds.has(costCodeId)) {
      feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: `Line ${index + 1}: '${costCodeRaw.slice(0, 20)}' is not a cost code of budget ${budget.jobNumber}.` });
      continue;
    }
    if (seen.has(costCodeId)) {
      feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: `Line ${index + 1}: cost code ${costCodeId} appears twice.` });
      continue;
    }
    seen.add(costCodeId);
    const method = (entry.method ?? 'manual').toLowerCase();
    if (method !== 'auto' && method !== 'manual') {
      feedback.push({ integerValue: 1, stringValue: field('method'), message: `Line ${index + 1}: method must be auto or manual.` });
      continue;
    }
    let value: number | null = null;
    if (method === 'manual') {
      const raw = (entry.value ?? '').trim();
      if (!NUMBER.test(raw)) {
        feedback.push({ integerValue: 1, stringValue: field('value'), message: `Line ${index + 1}: the projected cost to complete must be a number.` });
        continue;
      }
      value = Number(raw);
      if (value < 0) feedback.push({ integerValue: 2, stringValue: field('value'), message: `Line ${index + 1}: a negative cost to complete expects credits still to come.` });
    }
    const reason = (entry.reason ?? '').trim();
    if (reason.length > 500) {
      feedback.push({ integerValue: 1, stringValue: field('reason'), message: `Line ${index + 1}: the reason is longer than 500 characters.` });
      continue;
    }
    const optionalNumber = (name: 'units' | 'hours'): number | null | undefined => {
      const raw = (entry[name] ?? '').trim();
      if (raw === '') return null;
      if (!NUMBER.test(raw)) {
        feedback.push({ integerValue: 1, stringValue: field(name), message: `Line ${index + 1}: ${name} must be a number.` });
        return undefined;
      }
      return Number(raw);
    };
    const units = optionalNumber('units');
    const hours = optionalNumber('hours');
    if (units === undefined || hours === undefined) continue;
    parsed.push({ costCodeId, method, value, reason: reason || null, units, hours });
  }
  if (feedback.some((f) => f.integerValue === 1)) throw invalid(feedback);
  const at = nowIso();
  db.transaction(() => {
    const current = new Map(lineSummaries(db, { recordKey: 'Budget', recordId: budget.budgetId, open: true }).map((l) => [l.costCodeId, l]));
    const upsert = db.prepare(`INSERT INTO projections (costCodeId, budgetId, month, method, projectedCostToComplete, projectedUnits, projectedHours,
        projectedFinalCost, reason, employeeId, submitted, modifiedAt)
      VALUES (@costCodeId, @budgetId, @month, @method, @ctc, @units, @hours, @finalCost, @reason, @employeeId, 0, @at)
      ON CONFLICT (costCodeId, month) DO UPDATE SET method = excluded.method, projectedCostToComplete = excluded.projectedCostToComplete,
        projectedUnits = excluded.projectedUnits, projectedHours = excluded.projectedHours, projectedFinalCost = excluded.projectedFinalCost,
        reason = excluded.reason, employeeId = excluded.employeeId, submitted = 0, modifiedAt = excluded.modifiedAt`);
    const touch = db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE costCodeId = ?');
    for (const p of parsed) {
      const line = current.get(p.costCodeId)!;
      const auto = Math.max(0, line.currentBudget - line.actualToDate, line.remainingCommitment);
      const ctc = p.method === 'manual' ? p.value! : auto;
      upsert.run({
        costCodeId: p.costCodeId, budgetId: budget.budgetId, month: CURRENT_PERIOD, method: p.method, ctc, units: p.units, hours: p.hours,
        finalCost: Math.round((line.actualToDate + ctc) * 100) / 100, reason: p.reason, employeeId: user.employeeId, at,
      });
      touch.run(at, p.costCodeId);
    }
  }).immediate();
  const saved = new Set(parsed.map((p) => p.costCodeId));
  const lines = lineSummaries(db, { recordKey: 'Budget', recordId: budget.budgetId, open: true }).filter((l) => saved.has(l.costCodeId));
  return { budgetId: budget.budgetId, month: CURRENT_PERIOD, saved: parsed.length, lines, feedback };
}

function submitProjections({ db, body, user }: Ctx): unknown {
  const budget = budgetForProjection(db, body);
  const at = nowIso();
  return db.transaction(() => {
    const lines = lineSummaries(db, { recordKey: 'Budget', recordId: budget.budgetId, open: true });
    const insertAuto = db.prepare(`INSERT OR IGNORE INTO projections (costCodeId, budgetId, month, method, projectedCostToComplete, projectedUnits,
      projectedHours, projectedFinalCost, reason, employeeId, submitted, modifiedAt) VALUES (?, ?, ?, 'auto', ?, NULL, NULL, ?, NULL, ?, 0, ?)`);
    for (const line of lines) insertAuto.run(line.costCodeId, budget.budgetId, CURRENT_PERIOD, line.projectedCostToComplete, line.projectedFinalCost, user.employeeId, at);
    const submitted = db.prepare('UPDATE projections SET submitted = 1, modifiedAt = ? WHERE budgetId = ? AND month = ?').run(at, budget.budgetId, CURRENT_PERIOD).changes;
    db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE budgetId = ?').run(at, budget.budgetId);
    db.prepare('DELETE FROM budgets_pending_projections WHERE budgetId = ? AND month = ?').run(budget.budgetId, CURRENT_PERIOD);
    return { budgetId: budget.budgetId, month: CURRENT_PERIOD, submitted };
  }).immediate();
}

// --- record edits under field security ------------------------------------------------------------

type FieldKind = 'text' | 'amount' | 'date' | { ref: string };

const FIELD_KINDS: Record<string, FieldKind> = {
  title: 'text', description: 'text', documentDate: 'date', estimatedAmount: 'amount', proposedAmount: 'amount', approvedAmount: 'amount',
  retainagePercent: 'amount', excessLiability: 'amount',
  changeRecordTypeId: { ref: 'change_record_types' }, initiatingDocumentTypeId: { ref: 'initiating_document_types' },
  changeReasonId: { ref: 'change_reasons' }, rfiId: { ref: 'rfis' }, reimbursableTypeId: { ref: 'reimbursable_types' },
  ownerAgreementId: { ref: 'owner_agreements' }, costCodeId: { ref: 'cost_codes' }, vendorId: { ref: 'vendors' },
  subcontractTypeId: { ref: 'subcontract_types' },
};
const REF_IDS: Record<string, string> = {
  change_record_types: 'changeRecordTypeId', initiating_document_types: 'initiatingDocumentTypeId', change_reasons: 'changeReasonId', rfis: 'rfiId',
  reimbursable_types: 'reimbursableTypeId', owner_agreements: 'ownerAgreementId', cost_codes: 'costCodeId', vendors: 'vendorId', subcontract_types: 'subcontractTypeId',
};

const EDITS = {
  ChangeRecord: { table: 'change_records', id: 'changeRecordId', param: 'ChangeRecordId', select: Q.CHANGE_RECORD_SELECT, fn: 'SaveChangeRecord' },
  ChangeEvent: { table: 'change_events', id: 'changeEventId', param: 'ChangeEventId', select: Q.CHANGE_EVENT_SELECT, fn: 'SaveChangeEvent' },
  ChangeEventItem: { table: 'change_event_items', id: 'changeEventItemId', param: 'ChangeEventItemId', select: Q.CHANGE_EVENT_ITEM_SELECT, fn: 'SaveChangeEventItem' },
} as const;

/** The fields a save may not empty, with the message creation gives (the document's title is its 'Description'). */
const REQUIRED_ON_SAVE: Record<keyof typeof EDITS, Record<string, string>> = {
  ChangeRecord: { title: 'A description is required.' },
  ChangeEvent: { title: 'A title is required.' },
  ChangeEventItem: { description: 'A description is required.' },
};

function saveRecord(key: keyof typeof EDITS, { db, body, user }: Ctx): unknown {
  const spec = EDITS[key];
  const id = idParam(body, spec.param, true);
  const oldStateId = idParam(body, 'OldRecordStateId');
  const fields = SECURED_FIELDS[key] ?? [];
  return db.transaction(() => {
    const record = db.prepare(`SELECT * FROM ${spec.table} WHERE ${spec.id} = ?`).get(id) as Record<string, unknown> | undefined;
    if (!record) throw notFound(`${key} ${id} not found.`);
    const stateId = record.applicationRecordStateId as number;
    if (oldStateId !== undefined && oldStateId !== stateId) throw conflict(`The ${key} changed state since it was loaded. Reload it and try again.`, { currentRecordStateId: stateId });
    const permissions = new Map(fieldPermissions(db, user as Caller, stateId).map((p) => [p.fieldName.toLowerCase(), p]));
    const feedback: FeedbackItem[] = [];
    const changes: Record<string, unknown> = {};
    for (const fieldName of fields) {
      const raw = rawParam(body, fieldName);
      if (raw === undefined) continue;
      const permission = permissions.get(fieldName.toLowerCase());
      if (!permission?.editable) {
        feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} can not be changed in this state.` });
        continue;
      }
      const value = raw.trim();
      const kind = FIELD_KINDS[fieldName] ?? 'text';
      if (value === '') {
        const required = REQUIRED_ON_SAVE[key][fieldName];
        if (required) feedback.push({ integerValue: 1, stringValue: fieldName, message: required });
        else changes[fieldName] = kind === 'text' ? '' : null; // text columns are NOT NULL: empty is ''
        continue;
      }
      if (kind === 'text') {
        if (value.length > 2000) feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} is longer than 2,000 characters.` });
        else changes[fieldName] = value;
      } else if (kind === 'amount') {
        if (!NUMBER.test(value)) feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} must be a number.` });
        else changes[fieldName] = Number(value);
      } else if (kind === 'date') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) || value < '1990-01-01') {
          feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} must be a date (YYYY-MM-DD) on or after 1990-01-01.` });
        } else changes[fieldName] = value;
      } else {
        const refId = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
        if (!db.prepare(`SELECT 1 FROM ${kind.ref} WHERE ${REF_IDS[kind.ref]} = ?`).get(refId)) {
          feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} '${value.slice(0, 20)}' does not exist.` });
        } else changes[fieldName] = refId;
      }
    }
    if (feedback.length) throw invalid(feedback);
    if (Object.keys(changes).length === 0) throw invalid([{ integerValue: 1, stringValue: spec.param, message: 'Nothing to save: no editable field was sent.' }]);
    const at = nowIso();
    const names = Object.keys(changes);
    db.prepare(`UPDATE ${spec.table} SET ${names.map((n) => `${n} = @${n}`).join(', ')}, modifiedAt = @modifiedAt WHERE ${spec.id} = @id`)
      .run({ ...changes, modifiedAt: at, id });
    const row = toApi(recordOr404(db, spec.select, `t.${spec.id}`, id, key));
    if (key !== 'ChangeRecord') {
      const changeEventId = row.changeEventId as number;
      db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE costCodeId IN (SELECT costCodeId FROM change_event_items WHERE changeEventId = ? AND costCodeId IS NOT NULL)').run(at, changeEventId);
      if ('approvedAmount' in changes) {
        // The owner change order the event is on carries the sum of approved amounts.
        db.prepare(`UPDATE owner_agreement_change_orders SET amount = ${OWNER_CHANGE_ORDER_AMOUNT_SQL}, modifiedAt = ?
          WHERE ownerAgreementChangeOrderId = (SELECT ownerAgreementChangeOrderId FROM change_events WHERE changeEventId = ?)`).run(at, changeEventId);
      }
      trackChange(db, {
        projectId: row.projectId as number, actorId: user.employeeId, parentId: changeEventId, parentType: 'ChangeEvent', recordId: id, recordType: key,
        description: `Changed ${names.join(', ')}`, at,
      });
    }
    return row;
  }).immediate();
}

function createChangeEvent({ db, body, user }: Ctx): unknown {
  const changeRecordId = idParam(body, 'ChangeRecordId', true);
  const title = stringParam(body, 'Title', 200);
  const description = stringParam(body, 'Description', 2000) ?? '';
  const reimbursableRaw = rawParam(body, 'ReimbursableTypeId');
  const reasonRaw = rawParam(body, 'ChangeReasonId');
  return db.transaction(() => {
    const record = db.prepare(`SELECT r.*, st.closed, st.name AS stateName FROM change_records r
      JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId WHERE r.changeRecordId = ?`).get(changeRecordId) as Record<string, unknown> | undefined;
    if (!record) throw notFound(`Initiating document ${changeRecordId} not found.`);
    const feedback: FeedbackItem[] = [];
    if (!title) feedback.push({ integerValue: 1, stringValue: 'title', message: 'A title is required.' });
    const reimbursableTypeId = reimbursableRaw && /^\d{1,10}$/.test(reimbursableRaw.trim()) ? Number(reimbursableRaw.trim()) : NaN;
    if (!db.prepare('SELECT 1 FROM reimbursable_types WHERE reimbursableTypeId = ?').get(reimbursableTypeId)) {
      feedback.push({ integerValue: 1, stringValue: 'reimbursableTypeId', message: 'Choose a reimbursable type.' });
    }
    let changeReasonId: number | null = null;
    if (reasonRaw && reasonRaw.trim() !== '') {
      changeReasonId = /^\d{1,10}$/.test(reasonRaw.trim()) ? Number(reasonRaw.trim()) : NaN;
      if (!db.prepare('SELECT 1 FROM change_reasons WHERE changeReasonId = ?').get(changeReasonId)) {
        feedback.push({ integerValue: 1, stringValue: 'changeReasonId', message: 'The change reason does not exist.' });
      }
    }
    if (record.closed === 1) feedback.push({ integerValue: 1, stringValue: 'changeRecordId', message: `The initiating document is '${record.stateName}' (closed).` });
    if (feedback.length) throw invalid(feedback);
    const at = nowIso();
    const count = (db.prepare('SELECT count(*) AS n FROM change_events WHERE budgetId = ?').get(record.budgetId) as { n: number }).n;
    const number = `CE-${String(count + 1).padStart(3, '0')}`;
    const ownerAgreement = db.prepare('SELECT ownerAgreementId FROM owner_agreements WHERE projectId = ? ORDER BY ownerAgreementId LIMIT 1').get(record.projectId) as { ownerAgreementId: number } | undefined;
    const id = Number(db.prepare(`INSERT INTO change_events (changeRecordId, projectId, budgetId, ownerAgreementId, ownerAgreementChangeOrderId, reimbursableTypeId,
        changeReasonId, number, title, description, applicationRecordStateId, displayText, modifiedAt)
      VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      changeRecordId, record.projectId, record.budgetId, ownerAgreement?.ownerAgreementId ?? null, reimbursableTypeId, changeReasonId, number, title,
      description, stateByName(db, 'ChangeEvent', 'Open').applicationRecordStateId, `${number} ${title}`, at,
    ).lastInsertRowid);
    // A draft initiating document that gets its first change event has potential costs now.
    if (record.stateName === 'Draft') {
      db.prepare('UPDATE change_records SET applicationRecordStateId = ?, modifiedAt = ? WHERE changeRecordId = ?')
        .run(stateByName(db, 'ChangeRecord', 'Potential Costs').applicationRecordStateId, at, changeRecordId);
    }
    trackChange(db, { projectId: record.projectId as number, actorId: user.employeeId, parentId: id, parentType: 'ChangeEvent', recordId: id, recordType: 'ChangeEvent', description: 'Created', at });
    return toApi(recordOr404(db, Q.CHANGE_EVENT_SELECT, 't.changeEventId', id, 'Change event'));
  }).immediate();
}

// --- creating initiating documents and change event items -----------------------------------------

/** A YYYY-MM-DD date that exists in the calendar (2026-02-30 does not), on or after 1990-01-01. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1990-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional reference id: undefined when absent or empty, NaN when not an id (the caller reports it). */
function optionalRef(params: Params, name: string): number | undefined {
  const raw = rawParam(params, name)?.trim();
  if (raw === undefined || raw === '' || raw === '-1') return undefined;
  return /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
}

/** Text from a field: trimmed; feedback when required and empty, or longer than `max`. */
function textField(params: Params, name: string, field: string, max: number, required: string | null, feedback: FeedbackItem[]): string {
  const value = (rawParam(params, name) ?? '').trim();
  if (!value && required) feedback.push({ integerValue: 1, stringValue: field, message: required });
  else if (value.length > max) feedback.push({ integerValue: 1, stringValue: field, message: `The ${field === 'title' ? 'description' : field} is longer than ${max.toLocaleString('en-US')} characters.` });
  return value;
}

/**
 * A new initiating document (Draft) on a budget of the project (default: its first budget that is
 * not a roll-up); numbered like the seed: the document type's abbreviation and the budget's next
 * change record number (`ASI-007`).
 */
function createChangeRecord(ctx: Ctx): unknown {
  return ctx.db.transaction(() => insertChangeRecord(ctx)).immediate();
}

function insertChangeRecord({ db, body, user }: Ctx): unknown {
  const projectId = projectIdOr404(db, body);
  const feedback: FeedbackItem[] = [];
  const title = textField(body, 'Title', 'title', 200, 'A description is required.', feedback);
  const description = textField(body, 'Description', 'description', 2000, null, feedback);
  const typeId = optionalRef(body, 'InitiatingDocumentTypeId');
  const type = typeId === undefined ? undefined
    : db.prepare('SELECT initiatingDocumentTypeId, abbreviation FROM initiating_document_types WHERE initiatingDocumentTypeId = ?').get(typeId) as { initiatingDocumentTypeId: number; abbreviation: string } | undefined;
  if (typeId === undefined) feedback.push({ integerValue: 1, stringValue: 'initiatingDocumentTypeId', message: 'Choose a document type.' });
  else if (!type) feedback.push({ integerValue: 1, stringValue: 'initiatingDocumentTypeId', message: 'The document type does not exist.' });
  const reasonId = optionalRef(body, 'ChangeReasonId');
  if (reasonId !== undefined && !db.prepare('SELECT 1 FROM change_reasons WHERE changeReasonId = ?').get(reasonId)) {
    feedback.push({ integerValue: 1, stringValue: 'changeReasonId', message: 'The change reason does not exist.' });
  }
  const dateRaw = (rawParam(body, 'DocumentDate') ?? '').trim();
  if (dateRaw && !isCalendarDate(dateRaw)) feedback.push({ integerValue: 1, stringValue: 'documentDate', message: 'The date must be a date (YYYY-MM-DD) on or after 1990-01-01.' });
  const rfiId = optionalRef(body, 'RfiId');
  if (rfiId !== undefined && !db.prepare('SELECT 1 FROM rfis WHERE rfiId = ? AND projectId = ?').get(rfiId, projectId)) {
    feedback.push({ integerValue: 1, stringValue: 'rfiId', message: 'The RFI is not an RFI of this project.' });
  }
  const budgets = db.prepare(`SELECT b.budgetId, (SELECT count(*) FROM budgets c WHERE c.rollUpBudgetId = b.budgetId) AS children
    FROM budgets b WHERE b.projectId = ? ORDER BY b.budgetId`).all(projectId) as Array<{ budgetId: number; children: number }>;
  const budgetIdAsked = optionalRef(body, 'BudgetId');
  const budget = budgetIdAsked === undefined ? budgets.find((b) => b.children === 0) : budgets.find((b) => b.budgetId === budgetIdAsked);
  if (!budget) feedback.push({ integerValue: 1, stringValue: 'budgetId', message: budgetIdAsked === undefined ? 'The project has no budget.' : 'The budget is not a budget of this project.' });
  else if (budget.children > 0) feedback.push({ integerValue: 1, stringValue: 'budgetId', message: 'The budget is a roll-up budget: choose one of its child budgets.' });
  if (feedback.length) throw invalid(feedback);
  const at = nowIso();
  const count = (db.prepare('SELECT count(*) AS n FROM change_records WHERE budgetId = ?').get(budget!.budgetId) as { n: number }).n;
  const number = `${type!.abbreviation}-${String(count + 1).padStart(3, '0')}`;
  const id = Number(db.prepare(`INSERT INTO change_records (projectId, budgetId, changeRecordTypeId, initiatingDocumentTypeId, changeReasonId, rfiId,
      number, title, description, documentDate, estimatedAmount, applicationRecordStateId, displayText, modifiedAt)
    VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`).run(
    projectId, budget!.budgetId, type!.initiatingDocumentTypeId, reasonId ?? null, rfiId ?? null, number, title, description,
    dateRaw || at.slice(0, 10), stateByName(db, 'ChangeRecord', 'Draft').applicationRecordStateId, `${number} ${title}`, at,
  ).lastInsertRowid);
  trackChange(db, { projectId, actorId: user.employeeId, parentId: id, parentType: 'ChangeRecord', recordId: id, recordType: 'ChangeRecord', description: 'Created', at });
  return toApi(recordOr404(db, Q.CHANGE_RECORD_SELECT, 't.changeRecordId', id, 'Initiating document'));
}

/**
 * A new item (Open) of an open change event, optionally nested under another item of the same
 * event; its cost code is a line of the event's budget of a selectable cost type (§5, never A or F).
 */
function createChangeEventItem({ db, body, user }: Ctx): unknown {
  const changeEventId = idParam(body, 'ChangeEventId', true);
  return db.transaction(() => {
    const event = db.prepare(`${Q.CHANGE_EVENT_SELECT} WHERE t.changeEventId = ?`).get(changeEventId) as Record<string, unknown> | undefined;
    if (!event) throw notFound(`Change event ${changeEventId} not found.`);
    const feedback: FeedbackItem[] = [];
    if (event.closed === 1) {
      feedback.push({ integerValue: 1, stringValue: 'changeEventId', message: `${String(event.number)} is '${String(event.recordStateName)}' (closed): items can not be added.` });
    }
    const parentId = optionalRef(body, 'ParentChangeEventItemId');
    if (parentId !== undefined && !db.prepare('SELECT 1 FROM change_event_items WHERE changeEventItemId = ? AND changeEventId = ?').get(parentId, changeEventId)) {
      feedback.push({ integerValue: 1, stringValue: 'parentChangeEventItemId', message: `The parent item is not an item of ${String(event.number)}.` });
    }
    const description = textField(body, 'Description', 'description', 2000, 'A description is required.', feedback);
    const costCodeId = optionalRef(body, 'CostCodeId');
    const line = costCodeId === undefined ? undefined
      : db.prepare('SELECT costCodeId, type, budgetId FROM cost_codes WHERE costCodeId = ?').get(costCodeId) as { costCodeId: number; type: string; budgetId: number } | undefined;
    if (costCodeId === undefined) feedback.push({ integerValue: 1, stringValue: 'costCodeId', message: 'Choose a cost code.' });
    else if (!line || line.budgetId !== event.budgetId) feedback.push({ integerValue: 1, stringValue: 'costCodeId', message: "The cost code is not a line of the change event's budget." });
    else if (!selectableCostTypes().some((t) => t.code === line.type)) feedback.push({ integerValue: 1, stringValue: 'costCodeId', message: `Cost type ${line.type} can not be chosen for an item.` });
    const vendorId = optionalRef(body, 'VendorId');
    if (vendorId === undefined) feedback.push({ integerValue: 1, stringValue: 'vendorId', message: 'Choose a vendor.' });
    else if (!db.prepare('SELECT 1 FROM vendors WHERE vendorId = ?').get(vendorId)) feedback.push({ integerValue: 1, stringValue: 'vendorId', message: 'The vendor does not exist.' });
    const amountRaw = (rawParam(body, 'EstimatedAmount') ?? '').trim();
    if (amountRaw && !NUMBER.test(amountRaw)) feedback.push({ integerValue: 1, stringValue: 'estimatedAmount', message: 'The estimated amount must be a number.' });
    if (feedback.length) throw invalid(feedback);
    const at = nowIso();
    const id = Number(db.prepare(`INSERT INTO change_event_items (changeEventId, parentChangeEventItemId, costCodeId, vendorId, description, estimatedAmount,
        proposedAmount, approvedAmount, coItemRecordKey, coItemRecordId, applicationRecordStateId, displayText, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?, ?)`).run(
      changeEventId, parentId ?? null, costCodeId, vendorId, description, amountRaw ? Number(amountRaw) : 0,
      stateByName(db, 'ChangeEventItem', 'Open').applicationRecordStateId, description, at,
    ).lastInsertRowid);
    // The event's totals and the line's summaries changed: loads with lastLoad see both.
    db.prepare('UPDATE change_events SET modifiedAt = ? WHERE changeEventId = ?').run(at, changeEventId);
    db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE costCodeId = ?').run(at, costCodeId);
    trackChange(db, {
      projectId: event.projectId as number, actorId: user.employeeId, parentId: changeEventId, parentType: 'ChangeEvent', recordId: id, recordType: 'ChangeEventItem',
      description: 'Created', at,
    });
    return toApi(recordOr404(db, Q.CHANGE_EVENT_ITEM_SELECT, 't.changeEventItemId', id, 'Change event item'));
  }).immediate();
}

// --- links (§5) -----------------------------------------------------------------------------------

function linkItem({ db, body }: Ctx): unknown {
  const itemId = idParam(body, 'ChangeEventItemId', true);
  const commitmentKey = enumParam(body, 'CommitmentKey', ['Subcontract', 'PurchaseAgreement'] as const);
  if (!commitmentKey) throw badRequest("Parameter 'CommitmentKey' is required (Subcontract or PurchaseAgreement).", { parameter: 'CommitmentKey' });
  const commitmentId = idParam(body, 'CommitmentId', true);
  return db.transaction(() => {
    const item = db.prepare(`${Q.CHANGE_EVENT_ITEM_SELECT} WHERE t.changeEventItemId = ?`).get(itemId) as Record<string, unknown> | undefined;
    if (!item) throw notFound(`Change event item ${itemId} not found.`);
    const spec = commitmentKey === 'Subcontract'
      ? { table: 'subcontracts', id: 'subcontractId', co: 'subcontract_change_orders', coId: 'subcontractChangeOrderId', coItems: 'subcontract_change_order_items', coItemId: 'subcontractChangeOrderItemId', stateKey: 'SubcontractChangeOrder', coItemKey: 'SubcontractChangeOrderItem' }
      : { table: 'purchase_agreements', id: 'purchaseAgreementId', co: 'purchase_agreement_change_orders', coId: 'purchaseAgreementChangeOrderId', coItems: 'purchase_agreement_change_order_items', coItemId: 'purchaseAgreementChangeOrderItemId', stateKey: 'PurchaseAgreementChangeOrder', coItemKey: 'PurchaseAgreementChangeOrderItem' };
    const commitment = db.prepare(`SELECT * FROM ${spec.table} WHERE ${spec.id} = ?`).get(commitmentId) as Record<string, unknown> | undefined;
    if (!commitment) throw notFound(`${commitmentKey} ${commitmentId} not found.`);
    const check = canLinkItemToCommitment(
      { vendorId: item.vendorId as number | null, coItemRecordId: item.coItemRecordId as number | null, stateName: item.recordStateName as string },
      { vendorId: commitment.vendorId as number },
    );
    if (!check.ok) throw autoAlert('LinkChangeEventItemToCommitment', check.message);
    if (commitment.projectId !== item.projectId) throw autoAlert('LinkChangeEventItemToCommitment', 'The commitment belongs to another project.');
    if (item.costCodeId === null) throw autoAlert('LinkChangeEventItemToCommitment', 'The change event item has no cost code.');
    const at = nowIso();
    const count = (db.prepare(`SELECT count(*) AS n FROM ${spec.co} WHERE ${spec.id} = ?`).get(commitmentId) as { n: number }).n;
    const number = `${commitmentKey === 'Subcontract' ? 'SCO' : 'PACO'}-${String(count + 1).padStart(2, '0')}`;
    const description = String(item.description);
    const coId = Number(db.prepare(`INSERT INTO ${spec.co} (${spec.id}, number, description, applicationRecordStateId, changeOrderDate, displayText, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(commitmentId, number, description, stateByName(db, spec.stateKey, 'Draft').applicationRecordStateId, at.slice(0, 10),
      `${number} ${description}`, at).lastInsertRowid);
    const amount = (item.approvedAmount ?? item.proposedAmount ?? item.estimatedAmount) as number;
    const coItemId = Number(db.prepare(`INSERT INTO ${spec.coItems} (${spec.coId}, costCodeId, changeEventItemId, description, amount, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?)`).run(coId, item.costCodeId, itemId, description, amount, at).lastInsertRowid);
    db.prepare('UPDATE change_event_items SET coItemRecordKey = ?, coItemRecordId = ?, modifiedAt = ? WHERE changeEventItemId = ?').run(spec.coItemKey, coItemId, at, itemId);
    db.prepare(`UPDATE ${spec.table} SET modifiedAt = ? WHERE ${spec.id} = ?`).run(at, commitmentId);
    const changeEventItem = toApi(recordOr404(db, Q.CHANGE_EVENT_ITEM_SELECT, 't.changeEventItemId', itemId, 'Change event item'));
    const changeOrder = toApi(recordOr404(db, commitmentKey === 'Subcontract' ? Q.SUBCONTRACT_CO_SELECT : Q.PURCHASE_AGREEMENT_CO_SELECT, `t.${spec.coId}`, coId, 'Change order'));
    return { changeEventItem, changeOrder };
  }).immediate();
}

function linkChangeEvent({ db, body }: Ctx): unknown {
  const changeEventId = idParam(body, 'ChangeEventId', true);
  const coId = idParam(body, 'OwnerAgreementChangeOrderId', true);
  return db.transaction(() => {
    const ce = db.prepare(`${Q.CHANGE_EVENT_SELECT} WHERE t.changeEventId = ?`).get(changeEventId) as Record<string, unknown> | undefined;
    if (!ce) throw notFound(`Change event ${changeEventId} not found.`);
    const co = db.prepare('SELECT * FROM owner_agreement_change_orders WHERE ownerAgreementChangeOrderId = ?').get(coId) as Record<string, unknown> | undefined;
    if (!co) throw notFound(`Owner agreement change order ${coId} not found.`);
    const check = canLinkChangeEventToOwnerChangeOrder(
      { ownerAgreementId: ce.ownerAgreementId as number | null, budgetId: ce.budgetId as number, reimbursableTypeId: ce.reimbursableTypeId as number, stateName: ce.recordStateName as string },
      { ownerAgreementId: co.ownerAgreementId as number, budgetId: co.budgetId as number },
    );
    if (!check.ok) throw autoAlert('LinkChangeEventToOwnerChangeOrder', check.message);
    // A closed (approved or void) owner change order's amount is settled: nothing joins or leaves it.
    const target = db.prepare(`SELECT o.number, s.name, s.closed FROM owner_agreement_change_orders o
      JOIN application_record_states s ON s.applicationRecordStateId = o.applicationRecordStateId WHERE o.ownerAgreementChangeOrderId = ?`).get(coId) as { number: string; name: string; closed: number };
    if (target.closed) throw autoAlert('LinkChangeEventToOwnerChangeOrder', `${target.number} is '${target.name}': change events can not be linked to it.`);
    if (ce.ownerChangeOrderClosed === 1 && ce.ownerAgreementChangeOrderId !== coId) {
      throw autoAlert('LinkChangeEventToOwnerChangeOrder', `${String(ce.number)} is on ${String(ce.ownerChangeOrderNumber)}, which is closed: it can not be moved.`);
    }
    const at = nowIso();
    db.prepare('UPDATE change_events SET ownerAgreementChangeOrderId = ?, modifiedAt = ? WHERE changeEventId = ?').run(coId, at, changeEventId);
    // The change order it joins and the one it leaves (if any) both change amount.
    db.prepare(`UPDATE owner_agreement_change_orders SET amount = ${OWNER_CHANGE_ORDER_AMOUNT_SQL}, modifiedAt = ? WHERE ownerAgreementChangeOrderId IN (?, ?)`)
      .run(at, coId, (ce.ownerAgreementChangeOrderId as number | null) ?? coId);
    return toApi(recordOr404(db, Q.CHANGE_EVENT_SELECT, 't.changeEventId', changeEventId, 'Change event'));
  }).immediate();
}

// --- files ----------------------------------------------------------------------------------------

const FILE_KEYS = Object.keys(RECORD_TABLES).filter((k) => k !== 'LegalEntity' && k !== 'Vendor');

function fileRecord(db: Database.Database, params: Params, keyName: string, idName: string): { key: string; id: number } {
  const key = enumParam(params, keyName, FILE_KEYS);
  if (!key) throw badRequest(`Parameter '${keyName}' is required.`, { parameter: keyName });
  const id = idParam(params, idName, true);
  const where = RECORD_TABLES[key]!;
  if (!db.prepare(`SELECT 1 FROM ${where.table} WHERE ${where.idColumn} = ?`).get(id)) throw notFound(`${key} ${id} not found.`);
  return { key, id };
}

const FILE_COLUMNS = 'fileId, applicationRecordKey, recordId, name, mime, size, uploadedByEmployeeId, uploadedAt, modifiedAt';

interface UploadedFile { filename: string; mimetype: string; data: Buffer }

function uploadFile({ db, body, user }: Ctx): unknown {
  const { key, id } = fileRecord(db, body, 'ApplicationRecordKey', 'RecordId');
  const file = Object.entries(body).find(([, value]) => value && typeof value === 'object' && Buffer.isBuffer((value as UploadedFile).data))?.[1] as UploadedFile | undefined;
  if (!file) throw invalid([{ integerValue: 1, stringValue: 'file', message: 'Attach a file.' }]);
  const name = (file.filename || 'file').replace(/[\\/\r\n"]/g, '_').slice(0, 200);
  const at = nowIso();
  const fileId = Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(key, id, name, file.mimetype || 'application/octet-stream', file.data.length, file.data, user.employeeId, at, at).lastInsertRowid);
  return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE fileId = ?`).get(fileId);
}

function downloadFile({ db, body, reply }: Ctx): unknown {
  const fileId = idParam(body, 'FileId', true);
  const file = db.prepare('SELECT name, mime, bytes FROM files WHERE fileId = ?').get(fileId) as { name: string; mime: string; bytes: Buffer } | undefined;
  if (!file) throw notFound(`File ${fileId} not found.`);
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_');
  return reply.type(file.mime).header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`).send(file.bytes);
}

// --- budget lines -------------------------------------------------------------------------------

/** A new budget line on an unlocked, non-roll-up budget; the cost type must be one users may pick (§3). */
function addCostCode({ db, body }: Ctx): unknown {
  const budget = budgetForProjection(db, body);
  const feedback: FeedbackItem[] = [];
  const code = (rawParam(body, 'Code') ?? '').replace(/[\s-]/g, '');
  if (!/^\d{8}$/.test(code)) feedback.push({ integerValue: 1, stringValue: 'code', message: 'The cost code must have 8 digits, shown 2-4-2 (for example 03-3000-00).' });
  const description = (rawParam(body, 'Description') ?? '').trim();
  if (!description) feedback.push({ integerValue: 1, stringValue: 'description', message: 'A description is required.' });
  else if (description.length > 200) feedback.push({ integerValue: 1, stringValue: 'description', message: 'The description is longer than 200 characters.' });
  const costType = (rawParam(body, 'CostType') ?? '').trim().toUpperCase();
  const type = COST_TYPES.find((candidate) => candidate.code === costType);
  if (!type || type.hidden || type.disabled) feedback.push({ integerValue: 1, stringValue: 'costType', message: 'Choose a cost type: L, M, W, E, S or R.' });
  const amountRaw = (rawParam(body, 'OriginalBudget') ?? '').trim();
  if (!NUMBER.test(amountRaw)) feedback.push({ integerValue: 1, stringValue: 'originalBudget', message: 'The original budget must be a number.' });
  else if (Number(amountRaw) < 0) feedback.push({ integerValue: 2, stringValue: 'originalBudget', message: 'A negative original budget is unusual: check the sign.' });
  if (feedback.some((item) => item.integerValue === 1)) throw invalid(feedback);
  const display = `${formatCostCode(code)} ${description}`;
  if (db.prepare('SELECT 1 FROM cost_codes WHERE budgetId = ? AND code = ? AND type = ?').get(budget.budgetId, code, costType)) {
    throw invalid([{ integerValue: 1, stringValue: 'code', message: `${formatCostCode(code)} (${costType}) is already a line of budget ${budget.jobNumber}.` }]);
  }
  const result = db.prepare(`INSERT INTO cost_codes (budgetId, code, type, description, displayText, originalBudget, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(budget.budgetId, code, costType, description, `${display} (${costType})`, Number(amountRaw), nowIso());
  const costCode = db.prepare('SELECT * FROM cost_codes WHERE costCodeId = ?').get(result.lastInsertRowid);
  return { costCode: toApi(costCode as Record<string, unknown>), feedback };
}

// --- handlers -------------------------------------------------------------------------------------

export const writeHandlers: Handlers = {
  [POST('/api/pfm/projects/PinProject')]: ({ db, body, user }) => {
    const projectId = projectIdOr404(db, body);
    db.prepare('INSERT OR IGNORE INTO project_pins (employeeId, projectId, pinnedAt) VALUES (?, ?, ?)').run(user.employeeId, projectId, nowIso());
    return pins(db, user.employeeId);
  },
  [POST('/api/pfm/projects/UnpinProject')]: ({ db, body, user }) => {
    const projectId = projectIdOr404(db, body);
    db.prepare('DELETE FROM project_pins WHERE employeeId = ? AND projectId = ?').run(user.employeeId, projectId);
    return pins(db, user.employeeId);
  },
  [POST('/api/pfm/SaveProjections')]: saveProjections,
  [POST('/api/pfm/AddCostCode')]: addCostCode,
  [POST('/api/pfm/SubmitProjections')]: submitProjections,
  [POST('/api/pfm/SaveChangeRecord')]: (ctx) => saveRecord('ChangeRecord', ctx),
  [POST('/api/pfm/SaveChangeEvent')]: (ctx) => saveRecord('ChangeEvent', ctx),
  [POST('/api/pfm/SaveChangeEventItem')]: (ctx) => saveRecord('ChangeEventItem', ctx),
  [POST('/api/pfm/CreateChangeEvent')]: createChangeEvent,
  [POST('/api/pfm/CreateChangeRecord')]: createChangeRecord,
  [POST('/api/pfm/CreateChangeEventItem')]: createChangeEventItem,
  [POST('/api/pfm/LinkChangeEventItemToCommitment')]: linkItem,
  [POST('/api/pfm/LinkChangeEventToOwnerChangeOrder')]: linkChangeEvent,
  [GET('/api/pfm/files')]: ({ db, query }) => {
    const { key, id } = fileRecord(db, query, 'recordKey', 'recordId');
    return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE applicationRecordKey = ? AND recordId = ? ORDER BY fileId`).all(key, id);
  },
  [POST('/api/pfm/files/upload')]: uploadFile,
  [POST('/api/pfm/files/download')]: downloadFile,
  [routeKey('DELETE', '/api/pfm/files')]: ({ db, body }) => {
    const fileId = idParam(body, 'FileId', true);
    if (db.prepare('DELETE FROM files WHERE fileId = ?').run(fileId).changes === 0) throw notFound(`File ${fileId} not found.`);
    return { fileId, deleted: true };
  },
  [GET('/api/applications/GetApplicationRecordStates')]: ({ db, query }) => {
    const key = stringParam(query, 'applicationRecordKey', 100);
    if (!key) throw badRequest("Parameter 'applicationRecordKey' is required.", { parameter: 'applicationRecordKey' });
    const rows = db.prepare(`SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder, isInitial, displayText
      FROM application_record_states WHERE applicationRecordKey = ? COLLATE NOCASE ORDER BY displayOrder`).all(key) as Array<Record<string, unknown>>;
    if (!rows.length) throw notFound(`No record states for applicationRecordKey '${key.slice(0, 40)}'.`);
    return rowsToApi(rows);
  },
  [GET('/api/applications/GetRecordStateAdvancements')]: ({ db, query }) => {
    const id = idParam(query, 'applicationRecordStateId', true);
    if (!db.prepare('SELECT 1 FROM application_record_states WHERE applicationRecordStateId = ?').get(id)) throw notFound(`Record state ${id} not found.`);
    return advancementsFrom(db, id);
  },
};
