/**
 * Change-management writes (added, §7 style): record edits under the state's field security,
 * creating initiating documents, change events and items, and the §5 links.
 * 400 with validation feedback items `{ integerValue: 1|2|3, stringValue: field, message }` when any
 * item is invalid (nothing is written then).
 */
import { canLinkChangeEventToOwnerChangeOrder } from '../../../../../src/core/workflow';
import { selectableCostTypes } from '../../../../../src/core/format';
import { OWNER_CHANGE_ORDER_AMOUNT_SQL } from '../../../db/derived';
import { SECURED_FIELDS } from '../../../db/states';
import type { Caller } from '../../context';
import { declaredFor, p, route, type ParamSpec, type ParamsOf, type RouteCtx } from '../../declare';
import { EARLIEST_DAY } from '../../../../../src/core/format/dates';
import { CHANGE_WRITE_PATHS } from '../../../../../src/core/change-management/contract';
import { OWNER_LINK_PATHS } from '../../../../../src/core/owner-agreements/contract';
import { autoAlert, invalid, isCalendarDate, notFound, NUMBER, type FeedbackItem } from '../../http';
import { fieldPermissions } from '../../field-security';
import { CHANGE_EVENT_ITEM_SELECT, CHANGE_EVENT_SELECT, CHANGE_RECORD_SELECT } from './loads';
import { loadForWrite, stateByName, trackChange, recordOr404, updateChangedColumns } from '../../records';
import { toApi } from '../../rows';
import { withoutHiddenFieldsOne } from '../../field-reads';
import * as clock from '../../../../../src/core/clock';
import { addChangeOrderLine, assertTakesChangeOrders, CHANGE_ORDER_SPECS, changeEventItemAmount, createChangeOrder, linkRefusal, openDraftChangeOrder } from '../commitments/change-orders';

// --- record edits under field security ------------------------------------------------------------

type FieldKind = 'text' | 'amount' | 'date' | 'percent' | { ref: string };

const FIELD_KINDS: Record<string, FieldKind> = {
  title: 'text', description: 'text', documentDate: 'date', estimatedAmount: 'amount', proposedAmount: 'amount', approvedAmount: 'amount',
  retainagePercent: 'amount', excessLiability: 'amount', probability: 'percent',
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
  ChangeRecord: { table: 'change_records', id: 'changeRecordId', param: 'ChangeRecordId', select: CHANGE_RECORD_SELECT, fn: 'SaveChangeRecord' },
  ChangeEvent: { table: 'change_events', id: 'changeEventId', param: 'ChangeEventId', select: CHANGE_EVENT_SELECT, fn: 'SaveChangeEvent' },
  ChangeEventItem: { table: 'change_event_items', id: 'changeEventItemId', param: 'ChangeEventItemId', select: CHANGE_EVENT_ITEM_SELECT, fn: 'SaveChangeEventItem' },
} as const;

/** The fields a save may not empty, with the message creation gives (the document's title is its 'Description'). */
const REQUIRED_ON_SAVE: Record<keyof typeof EDITS, Record<string, string>> = {
  ChangeRecord: { title: 'A description is required.' },
  ChangeEvent: { title: 'A title is required.' },
  ChangeEventItem: { description: 'A description is required.' },
};

/**
 * References stay on the record's own project: the reason a reference field's new value `refId` may
 * not be stored on `record` (of kind `key`), or null. An RFI and an owner agreement of the record's
 * project; a cost code that is a line of the change event's budget, of a selectable cost type (§5);
 * an active vendor (a vendor already on the record stays when it becomes inactive).
 */
function referenceProblem(db: RouteCtx<unknown>['db'], key: keyof typeof EDITS, record: Record<string, unknown>, fieldName: string, refId: number): string | null {
  if (fieldName === 'rfiId' && key === 'ChangeRecord') {
    return db.prepare('SELECT 1 FROM rfis WHERE rfiId = ? AND projectId = ?').get(refId, record.projectId) ? null : 'The RFI is not an RFI of this project.';
  }
  if (fieldName === 'ownerAgreementId' && key === 'ChangeEvent') {
    return db.prepare('SELECT 1 FROM owner_agreements WHERE ownerAgreementId = ? AND projectId = ?').get(refId, record.projectId)
      ? null : "The owner agreement is not an agreement of the change event's project.";
  }
  if (fieldName === 'costCodeId' && key === 'ChangeEventItem') {
    const line = db.prepare(`SELECT cc.type FROM cost_codes cc JOIN change_events ce ON ce.budgetId = cc.budgetId
      WHERE cc.costCodeId = ? AND ce.changeEventId = ?`).get(refId, record.changeEventId) as { type: string } | undefined;
    if (!line) return "The cost code is not a line of the change event's budget.";
    return selectableCostTypes().some((t) => t.code === line.type) ? null : `Cost type ${line.type} can not be chosen for an item.`;
  }
  if (fieldName === 'vendorId' && key === 'ChangeEventItem' && refId !== record.vendorId) {
    const vendor = db.prepare('SELECT active, name FROM vendors WHERE vendorId = ?').get(refId) as { active: number; name: string };
    return vendor.active === 1 ? null : `${vendor.name} is inactive: choose an active vendor.`;
  }
  return null;
}

/** The NOT NULL columns of a table, lower-cased (an empty value there is a required field, not a NULL). */
function notNullColumns(db: RouteCtx<unknown>['db'], table: string): Set<string> {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; notnull: number }>;
  return new Set(columns.filter((c) => c.notnull === 1).map((c) => c.name.toLowerCase()));
}

/**
 * The parameters of a record edit: its id (scoped to its project), the stale checks, and each secured
 * field as sent (text: the handler checks it by the field's kind and answers per-field feedback).
 */
function saveParams(key: keyof typeof EDITS) {
  const fields: Record<string, ParamSpec<string>> = {};
  for (const name of SECURED_FIELDS[key] ?? []) fields[name] = p.string(4000, { empty: 'keep' });
  return {
    [EDITS[key].param]: p.id({ required: true, scope: key }),
    OldRecordStateId: p.id(),
    lastLoad: p.timestamp(),
    ...fields,
  } as Record<string, ParamSpec>;
}

function saveRecord(key: keyof typeof EDITS, { db, params, user }: RouteCtx<Readonly<Record<string, unknown>>>): unknown {
  const spec = EDITS[key];
  const id = params[spec.param] as number;
  const fields = SECURED_FIELDS[key] ?? [];
  return db.transaction(() => {
    const loaded = { OldRecordStateId: params.OldRecordStateId as number | undefined, lastLoad: params.lastLoad as string | undefined };
    const { record, stateId } = loadForWrite(db, spec.table, spec.id, id, key, key, loaded);
    const permissions = new Map(fieldPermissions(db, user as Caller, stateId).map((p) => [p.fieldName.toLowerCase(), p]));
    const feedback: FeedbackItem[] = [];
    const changes: Record<string, unknown> = {};
    for (const fieldName of fields) {
      const raw = params[fieldName] as string | undefined;
      if (raw === undefined) continue;
      const permission = permissions.get(fieldName.toLowerCase());
      if (!permission?.editable) {
        feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} can not be changed in this state.` });
        continue;
      }
      const value = raw.trim();
      const kind = FIELD_KINDS[fieldName] ?? 'text';
      if (value === '') {
        const required = REQUIRED_ON_SAVE[key][fieldName] ?? (kind !== 'text' && notNullColumns(db, spec.table).has(fieldName.toLowerCase()) ? `${fieldName} is required.` : undefined);
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
      } else if (kind === 'percent') {
        // A change event's probability weights its pending amount in the projection grid (migration 031).
        const percent = value.replace(/\s*%$/, '');
        if (!/^\d{1,3}$/.test(percent) || Number(percent) > 100) feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} must be a whole percent from 0 to 100.` });
        else changes[fieldName] = Number(percent);
      } else if (kind === 'date') {
        if (!isCalendarDate(value)) {
          feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} must be a date (YYYY-MM-DD) on or after ${EARLIEST_DAY}.` });
        } else changes[fieldName] = value;
      } else {
        const refId = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
        if (!db.prepare(`SELECT 1 FROM ${kind.ref} WHERE ${REF_IDS[kind.ref]} = ?`).get(refId)) {
          feedback.push({ integerValue: 1, stringValue: fieldName, message: `${fieldName} '${value.slice(0, 20)}' does not exist.` });
        } else {
          const problem = referenceProblem(db, key, record, fieldName, refId);
          if (problem) feedback.push({ integerValue: 1, stringValue: fieldName, message: problem });
          else changes[fieldName] = refId;
        }
      }
    }
    if (feedback.length) throw invalid(feedback);
    if (Object.keys(changes).length === 0) throw invalid([{ integerValue: 1, stringValue: spec.param, message: 'Nothing to save: no editable field was sent.' }]);
    const at = clock.nowIso();
    const names = Object.keys(changes);
    updateChangedColumns(db, spec.table, spec.id, id, changes, at);
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
    // Field security on reads (field-reads.ts): the saved record as the caller may see it in its state.
    return withoutHiddenFieldsOne(db, user, key, row);
  }).immediate();
}

const CREATE_CHANGE_EVENT = {
  ChangeRecordId: p.id({ required: true, scope: 'ChangeRecord' }),
  Title: p.string(200),
  Description: p.string(2000),
  ReimbursableTypeId: p.string(20),
  ChangeReasonId: p.string(20),
};

function createChangeEvent({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_CHANGE_EVENT>>): unknown {
  const { ChangeRecordId: changeRecordId, Title: title } = params;
  const description = params.Description ?? '';
  const reimbursableRaw = params.ReimbursableTypeId;
  const reasonRaw = params.ChangeReasonId;
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
    const at = clock.nowIso();
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
    return withoutHiddenFieldsOne(db, user, 'ChangeEvent', toApi(recordOr404(db, CHANGE_EVENT_SELECT, 't.changeEventId', id, 'Change event')));
  }).immediate();
}

// --- creating initiating documents and change event items -----------------------------------------

/** Text from a field: trimmed; feedback when required and empty, or longer than `max`. */
function textField(sent: string | undefined, field: string, max: number, required: string | null, feedback: FeedbackItem[]): string {
  const value = (sent ?? '').trim();
  if (!value && required) feedback.push({ integerValue: 1, stringValue: field, message: required });
  else if (value.length > max) feedback.push({ integerValue: 1, stringValue: field, message: `The ${field === 'title' ? 'description' : field} is longer than ${max.toLocaleString('en-US')} characters.` });
  return value;
}

/**
 * A new initiating document (Draft) on a budget of the project (default: its first budget that is
 * not a roll-up); numbered like the seed: the document type's abbreviation and the budget's next
 * change record number (`ASI-007`).
 */
const CREATE_CHANGE_RECORD = {
  ProjectId: p.id({ required: true, scope: 'Project' }),
  BudgetId: p.id({ scope: 'Budget' }),
  Title: p.string(4000, { empty: 'keep' }),
  Description: p.string(4000, { empty: 'keep' }),
  InitiatingDocumentTypeId: p.id(),
  ChangeReasonId: p.id(),
  DocumentDate: p.string(40),
  RfiId: p.id({ scope: 'Rfi' }),
};

function createChangeRecord(ctx: RouteCtx<ParamsOf<typeof CREATE_CHANGE_RECORD>>): unknown {
  return ctx.db.transaction(() => insertChangeRecord(ctx)).immediate();
}

function insertChangeRecord({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_CHANGE_RECORD>>): unknown {
  const projectId = params.ProjectId;
  if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
  const feedback: FeedbackItem[] = [];
  const title = textField(params.Title, 'title', 200, 'A description is required.', feedback);
  const description = textField(params.Description, 'description', 2000, null, feedback);
  const typeId = params.InitiatingDocumentTypeId;
  const type = typeId === undefined ? undefined
    : db.prepare('SELECT initiatingDocumentTypeId, abbreviation FROM initiating_document_types WHERE initiatingDocumentTypeId = ?').get(typeId) as { initiatingDocumentTypeId: number; abbreviation: string } | undefined;
  if (typeId === undefined) feedback.push({ integerValue: 1, stringValue: 'initiatingDocumentTypeId', message: 'Choose a document type.' });
  else if (!type) feedback.push({ integerValue: 1, stringValue: 'initiatingDocumentTypeId', message: 'The document type does not exist.' });
  const reasonId = params.ChangeReasonId;
  if (reasonId !== undefined && !db.prepare('SELECT 1 FROM change_reasons WHERE changeReasonId = ?').get(reasonId)) {
    feedback.push({ integerValue: 1, stringValue: 'changeReasonId', message: 'The change reason does not exist.' });
  }
  const dateRaw = params.DocumentDate ?? '';
  if (dateRaw && !isCalendarDate(dateRaw)) feedback.push({ integerValue: 1, stringValue: 'documentDate', message: `The date must be a date (YYYY-MM-DD) on or after ${EARLIEST_DAY}.` });
  const rfiId = params.RfiId;
  if (rfiId !== undefined && !db.prepare('SELECT 1 FROM rfis WHERE rfiId = ? AND projectId = ?').get(rfiId, projectId)) {
    feedback.push({ integerValue: 1, stringValue: 'rfiId', message: 'The RFI is not an RFI of this project.' });
  }
  const budgets = db.prepare(`SELECT b.budgetId, (SELECT count(*) FROM budgets c WHERE c.rollUpBudgetId = b.budgetId) AS children
    FROM budgets b WHERE b.projectId = ? ORDER BY b.budgetId`).all(projectId) as Array<{ budgetId: number; children: number }>;
  const budgetIdAsked = params.BudgetId;
  const budget = budgetIdAsked === undefined ? budgets.find((b) => b.children === 0) : budgets.find((b) => b.budgetId === budgetIdAsked);
  if (!budget) feedback.push({ integerValue: 1, stringValue: 'budgetId', message: budgetIdAsked === undefined ? 'The project has no budget.' : 'The budget is not a budget of this project.' });
  else if (budget.children > 0) feedback.push({ integerValue: 1, stringValue: 'budgetId', message: 'The budget is a roll-up budget: choose one of its child budgets.' });
  if (feedback.length) throw invalid(feedback);
  const at = clock.nowIso();
  const count = (db.prepare('SELECT count(*) AS n FROM change_records WHERE budgetId = ?').get(budget!.budgetId) as { n: number }).n;
  const number = `${type!.abbreviation}-${String(count + 1).padStart(3, '0')}`;
  const id = Number(db.prepare(`INSERT INTO change_records (projectId, budgetId, changeRecordTypeId, initiatingDocumentTypeId, changeReasonId, rfiId,
      number, title, description, documentDate, estimatedAmount, applicationRecordStateId, displayText, modifiedAt)
    VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`).run(
    projectId, budget!.budgetId, type!.initiatingDocumentTypeId, reasonId ?? null, rfiId ?? null, number, title, description,
    dateRaw || at.slice(0, 10), stateByName(db, 'ChangeRecord', 'Draft').applicationRecordStateId, `${number} ${title}`, at,
  ).lastInsertRowid);
  trackChange(db, { projectId, actorId: user.employeeId, parentId: id, parentType: 'ChangeRecord', recordId: id, recordType: 'ChangeRecord', description: 'Created', at });
  return withoutHiddenFieldsOne(db, user, 'ChangeRecord', toApi(recordOr404(db, CHANGE_RECORD_SELECT, 't.changeRecordId', id, 'Initiating document')));
}

/**
 * A new item (Open) of an open change event, optionally nested under another item of the same
 * event; its cost code is a line of the event's budget of a selectable cost type (§5, never A or F).
 */
const CREATE_CHANGE_EVENT_ITEM = {
  ChangeEventId: p.id({ required: true, scope: 'ChangeEvent' }),
  ParentChangeEventItemId: p.id({ scope: 'ChangeEventItem' }),
  Description: p.string(4000, { empty: 'keep' }),
  CostCodeId: p.id(),
  VendorId: p.id(),
  EstimatedAmount: p.string(40),
};

function createChangeEventItem({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_CHANGE_EVENT_ITEM>>): unknown {
  const changeEventId = params.ChangeEventId;
  return db.transaction(() => {
    const event = db.prepare(`${CHANGE_EVENT_SELECT} WHERE t.changeEventId = ?`).get(changeEventId) as Record<string, unknown> | undefined;
    if (!event) throw notFound(`Change event ${changeEventId} not found.`);
    const feedback: FeedbackItem[] = [];
    if (event.closed === 1) {
      feedback.push({ integerValue: 1, stringValue: 'changeEventId', message: `${String(event.number)} is '${String(event.recordStateName)}' (closed): items can not be added.` });
    }
    const parentId = params.ParentChangeEventItemId;
    if (parentId !== undefined && !db.prepare('SELECT 1 FROM change_event_items WHERE changeEventItemId = ? AND changeEventId = ?').get(parentId, changeEventId)) {
      feedback.push({ integerValue: 1, stringValue: 'parentChangeEventItemId', message: `The parent item is not an item of ${String(event.number)}.` });
    }
    const description = textField(params.Description, 'description', 2000, 'A description is required.', feedback);
    const costCodeId = params.CostCodeId;
    const line = costCodeId === undefined ? undefined
      : db.prepare('SELECT costCodeId, type, budgetId FROM cost_codes WHERE costCodeId = ?').get(costCodeId) as { costCodeId: number; type: string; budgetId: number } | undefined;
    if (costCodeId === undefined) feedback.push({ integerValue: 1, stringValue: 'costCodeId', message: 'Choose a cost code.' });
    else if (!line || line.budgetId !== event.budgetId) feedback.push({ integerValue: 1, stringValue: 'costCodeId', message: "The cost code is not a line of the change event's budget." });
    else if (!selectableCostTypes().some((t) => t.code === line.type)) feedback.push({ integerValue: 1, stringValue: 'costCodeId', message: `Cost type ${line.type} can not be chosen for an item.` });
    const vendorId = params.VendorId;
    const vendor = vendorId === undefined ? undefined : db.prepare('SELECT active, name FROM vendors WHERE vendorId = ?').get(vendorId) as { active: number; name: string } | undefined;
    if (vendorId === undefined) feedback.push({ integerValue: 1, stringValue: 'vendorId', message: 'Choose a vendor.' });
    else if (!vendor) feedback.push({ integerValue: 1, stringValue: 'vendorId', message: 'The vendor does not exist.' });
    else if (vendor.active !== 1) feedback.push({ integerValue: 1, stringValue: 'vendorId', message: `${vendor.name} is inactive: choose an active vendor.` });
    const amountRaw = params.EstimatedAmount ?? '';
    if (amountRaw && !NUMBER.test(amountRaw)) feedback.push({ integerValue: 1, stringValue: 'estimatedAmount', message: 'The estimated amount must be a number.' });
    if (feedback.length) throw invalid(feedback);
    const at = clock.nowIso();
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
    return withoutHiddenFieldsOne(db, user, 'ChangeEventItem', toApi(recordOr404(db, CHANGE_EVENT_ITEM_SELECT, 't.changeEventItemId', id, 'Change event item')));
  }).immediate();
}

// --- links (§5) -----------------------------------------------------------------------------------

const LINK_ITEM = {
  ChangeEventItemId: p.id({ required: true, scope: 'ChangeEventItem' }),
  CommitmentKey: p.recordKey(['Subcontract', 'PurchaseAgreement'], { required: true }),
  CommitmentId: p.id({ required: true, scope: { keyParam: 'CommitmentKey' } }),
};

function linkItem({ db, params, user }: RouteCtx<ParamsOf<typeof LINK_ITEM>>): unknown {
  const { ChangeEventItemId: itemId, CommitmentKey: commitmentKey, CommitmentId: commitmentId } = params;
  return db.transaction(() => {
    const item = db.prepare(`${CHANGE_EVENT_ITEM_SELECT} WHERE t.changeEventItemId = ?`).get(itemId) as Record<string, unknown> | undefined;
    if (!item) throw notFound(`Change event item ${itemId} not found.`);
    const spec = CHANGE_ORDER_SPECS[commitmentKey];
    const commitment = db.prepare(`SELECT * FROM ${spec.table} WHERE ${spec.id} = ?`).get(commitmentId) as Record<string, unknown> | undefined;
    if (!commitment) throw notFound(`${commitmentKey} ${commitmentId} not found.`);
    // §5 and the references (pfm/commitments/change-orders.ts, shared with CreateCommitmentChangeOrder).
    const refused = linkRefusal(db, item, commitment);
    if (refused) throw autoAlert('LinkChangeEventItemToCommitment', refused.message, refused.parameter ? { parameter: refused.parameter } : {});
    assertTakesChangeOrders(db, commitment, 'LinkChangeEventItemToCommitment');
    const at = clock.nowIso();
    const description = String(item.description);
    // The item joins the commitment's open Draft change order; a new one is made only when there is none.
    const coId = openDraftChangeOrder(db, spec, commitmentId) ?? createChangeOrder(db, spec, commitment, description, at.slice(0, 10), at);
    addChangeOrderLine(db, spec, coId, { costCodeId: item.costCodeId as number, description, amount: changeEventItemAmount(item), changeEventItemId: itemId }, at);
    db.prepare(`UPDATE ${spec.table} SET modifiedAt = ? WHERE ${spec.id} = ?`).run(at, commitmentId);
    const changeEventItem = withoutHiddenFieldsOne(db, user, 'ChangeEventItem', toApi(recordOr404(db, CHANGE_EVENT_ITEM_SELECT, 't.changeEventItemId', itemId, 'Change event item')));
    const changeOrder = toApi(recordOr404(db, spec.coSelect, `t.${spec.coId}`, coId, 'Change order'));
    return { changeEventItem, changeOrder };
  }).immediate();
}

const LINK_CHANGE_EVENT = {
  ChangeEventId: p.id({ required: true, scope: 'ChangeEvent' }),
  OwnerAgreementChangeOrderId: p.id({ required: true, scope: 'OwnerAgreementChangeOrder' }),
};

function linkChangeEvent({ db, params, user }: RouteCtx<ParamsOf<typeof LINK_CHANGE_EVENT>>): unknown {
  const { ChangeEventId: changeEventId, OwnerAgreementChangeOrderId: coId } = params;
  return db.transaction(() => {
    const ce = db.prepare(`${CHANGE_EVENT_SELECT} WHERE t.changeEventId = ?`).get(changeEventId) as Record<string, unknown> | undefined;
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
    const at = clock.nowIso();
    db.prepare('UPDATE change_events SET ownerAgreementChangeOrderId = ?, modifiedAt = ? WHERE changeEventId = ?').run(coId, at, changeEventId);
    // The change order it joins and the one it leaves (if any) both change amount.
    db.prepare(`UPDATE owner_agreement_change_orders SET amount = ${OWNER_CHANGE_ORDER_AMOUNT_SQL}, modifiedAt = ? WHERE ownerAgreementChangeOrderId IN (?, ?)`)
      .run(at, coId, (ce.ownerAgreementChangeOrderId as number | null) ?? coId);
    return withoutHiddenFieldsOne(db, user, 'ChangeEvent', toApi(recordOr404(db, CHANGE_EVENT_SELECT, 't.changeEventId', changeEventId, 'Change event')));
  }).immediate();
}

// --- handlers -------------------------------------------------------------------------------------

const SAVE_NOTE = 'added: the record id + its secured fields (field security of the state); OldRecordStateId and lastLoad: 409 when stale';
export const changeWriteHandlers = declaredFor('pfm', [
  // SaveChangeRecord, SaveChangeEvent, SaveChangeEventItem: one save under field security per kind.
  ...(['ChangeRecord', 'ChangeEvent', 'ChangeEventItem'] as const).map((key) => route({
    method: 'POST', path: `/api/pfm/Save${key}`, note: SAVE_NOTE, params: saveParams(key), handler: (ctx) => saveRecord(key, ctx),
  })),
  route({
    method: 'POST', path: CHANGE_WRITE_PATHS.createChangeEvent,
    note: 'added: a new Open change event of an initiating document',
    params: CREATE_CHANGE_EVENT, handler: createChangeEvent,
  }),
  route({
    method: 'POST', path: CHANGE_WRITE_PATHS.createChangeRecord,
    note: 'added: a new Draft initiating document on a budget of the project',
    params: CREATE_CHANGE_RECORD, handler: createChangeRecord,
  }),
  route({
    method: 'POST', path: CHANGE_WRITE_PATHS.createChangeEventItem,
    note: 'added: a new Open item of an open change event',
    params: CREATE_CHANGE_EVENT_ITEM, handler: createChangeEventItem,
  }),
  route({
    method: 'POST', path: CHANGE_WRITE_PATHS.linkItemToCommitment,
    note: 'added: a change order of the commitment for an approved item (§5 rule)',
    params: LINK_ITEM, handler: linkItem,
  }),
  route({
    method: 'POST', path: OWNER_LINK_PATHS.link,
    note: 'added: the change event joins an owner change order (§5 rule)',
    params: LINK_CHANGE_EVENT, handler: linkChangeEvent,
  }),
]);
