/**
 * GET /api/pfm/getrecordhistory (added, §7 style): recordKey, recordId, lastLoad → `{ data: { record,
 * items, history, changes } }`:
 * - `record`: the record's stored fields (bytes and modifiedAt left out), null for an item key;
 * - `items`: its item rows (subcontract items, direct cost items, …);
 * - `history`: every recorded field change of the record and its items, newest first (old and new
 *   value, who, when, change set), each `unacknowledged` when its change set is behind one of the
 *   caller's orange asterisks (unacknowledged change-tracking rows of this record);
 * - `changes`: the caller's unacknowledged change-tracking rows of this record (description, who, when).
 *
 * Who may read it: whoever may read the record through its own loads (PFM roles; an unknown record
 * answers 404, an unknown key 400):
 * - a record of a project out of the caller's reach → 403 with the Request-access facts (the team
 *   guard on recordId for the records of PROJECT_OF_RECORD_SQL; an item or a file by its parent);
 * - a file → the Files calls' rule of the record it hangs on (pfm/files.ts requireFileAccess: a SLIM
 *   request's file needs keySLIM and a request the caller may see, an SRA's keyRISK);
 * - a document template → its administrators only (keyPFM Admin, as the template calls);
 * - other areas' records (timecards, SLIM requests, SRAs, teams, billing, app records) → 403: not served here;
 * - an item's history is read under the parent that was checked (a survey answer's id is its
 *   question's, shared by every survey: only the answers of the checked survey are answered).
 */
import { approvalsOf } from '../../approvals';
import type Database from 'better-sqlite3';
import { ruleAllows, type AccessRule } from '../../../../../src/core/access';
import { DOCUMENT_TEMPLATE_ADMINS } from '../../../../../src/core/document-templates/contract';
import { NOISY_COLUMNS, TRACKED_TABLES } from '../../../db/history';
import { SECURED_FIELDS } from '../../../db/states';
import type { Caller } from '../../context';
import { declared, p, route } from '../../declare';
import { forbidden, notFound } from '../../http';
import { rowsToApi, toApi } from '../../rows';
import { RECORD_TABLES } from '../../scope';
import { requireRecord } from '../../project-access';
import { requireFileAccess } from '../files';
import { hiddenFieldsIn, withoutHiddenFields } from '../../field-reads';

type Row = Record<string, unknown>;

/** Where each record key's rows live: the tracked tables, then the loads' record tables. */
const HISTORY_RECORDS: Record<string, { table: string; idColumn: string }> = {
  ...RECORD_TABLES,
  Opportunity: { table: 'opportunities', idColumn: 'opportunityId' },
  ...Object.fromEntries(TRACKED_TABLES.map((spec) => [spec.recordKey, { table: spec.table, idColumn: spec.idColumn }])),
};

/**
 * Tracked records of other areas (their `applicationKey`): their history is not served by this PFM call (any keyPFM
 * role may call it), so a project manager cannot read an employee's timecard, a SLIM request or an SRA by id.
 */
const NOT_PFM_RECORDS: readonly string[] = TRACKED_TABLES.filter((spec) => (spec.applicationKey ?? 'keyPFM') !== 'keyPFM').map((spec) => spec.recordKey);

/** The row without noisy columns and without the table's excluded ones (an e-sign signer's token is a credential). */
const withoutNoise = (row: Row, exclude: readonly string[] = []): Row =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !NOISY_COLUMNS.includes(key) && !exclude.includes(key)));

/** Record keys read only by the callers of their own calls' access rule (beyond ACCESS.pfm). */
const RECORD_READERS: Readonly<Record<string, { rule: AccessRule; who: string }>> = {
  DocumentTemplate: { rule: DOCUMENT_TEMPLATE_ADMINS, who: 'document template administrators (keyPFM Admin)' },
};

/**
 * Refuse unless the caller may read record `recordKey` (`row`) through its own loads (see the module
 * comment). The record's own project was checked by the team guard; this checks what the guard does
 * not see: the parent of an item or a file, the Files rule of a file, the readers of a template.
 * Answers the parent an item's history is bounded by.
 */
function requireReadable(db: Database.Database, user: Caller, recordKey: string, row: Row): { key: string; id: number } | undefined {
  const readers = RECORD_READERS[recordKey];
  if (readers && !ruleAllows(user.roles, readers.rule)) throw forbidden(`The history of a ${recordKey} record is for ${readers.who}.`);
  const parent = TRACKED_TABLES.find((spec) => spec.recordKey === recordKey && spec.parent)?.parent;
  if (!parent) return undefined;
  const parentKey = parent.recordKey ?? (parent.keyColumn ? row[parent.keyColumn] : undefined);
  const parentId = row[parent.column];
  if (typeof parentKey !== 'string' || typeof parentId !== 'number') return undefined;
  if (NOT_PFM_RECORDS.includes(parentKey)) throw forbidden(`The history of a ${parentKey} record is not a PFM record's: it is not served here.`);
  // A file: the Files calls' rule of its record (keySLIM / keyRISK records, else ACCESS.pfm).
  if (recordKey === 'File') requireFileAccess(db, user, parentKey, parentId);
  const parentReaders = RECORD_READERS[parentKey];
  if (parentReaders && !ruleAllows(user.roles, parentReaders.rule)) throw forbidden(`The history of a ${parentKey} record is for ${parentReaders.who}.`);
  // Project security: an item's project is its parent's.
  requireRecord(db, parentKey, parentId);
  return { key: parentKey, id: parentId };
}

/**
 * Field security on reads (field-reads.ts) for a history answer: the record and its items without the
 * fields hidden for the caller in their current states, the item list empty when the record hides its
 * pseudo-field `items`, and no entry of a field hidden in the current state of the record (or item) it
 * is about. `row` is the record asked for (an item when `parent` is set).
 */
function readableHistory(db: Database.Database, user: Caller, recordKey: string, row: Row, parent: { key: string; id: number } | undefined,
  record: Row | null, items: Row[], history: Row[]): { record: Row | null; items: Row[]; history: Row[] } {
  // The current state of each (key, id) the entries are about, read once per key.
  const states = new Map<string, Map<number, number>>();
  const stateOf = (key: string, id: number): number | undefined => {
    if (parent ? key === recordKey && id === row[HISTORY_RECORDS[recordKey]!.idColumn] : key === recordKey) return row.applicationRecordStateId as number | undefined;
    let byId = states.get(key);
    if (!byId) {
      byId = new Map();
      states.set(key, byId);
      const spec = TRACKED_TABLES.find((t) => t.recordKey === key);
      const ids = [...new Set(history.filter((h) => (h.childKey ?? h.recordKey) === key).map((h) => (h.childKey ? h.childId : h.recordId) as number))];
      if (spec && ids.length) {
        const hasState = (db.prepare(`PRAGMA table_info(${spec.table})`).all() as Array<{ name: string }>).some((c) => c.name === 'applicationRecordStateId');
        for (let i = 0; hasState && i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          for (const r of db.prepare(`SELECT ${spec.idColumn} AS id, applicationRecordStateId AS stateId FROM ${spec.table}
            WHERE ${spec.idColumn} IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Array<{ id: number; stateId: number }>) byId.set(r.id, r.stateId);
        }
      }
    }
    return byId.get(id);
  };
  // The record's own state (for an item: its parent's) decides its pseudo-field `items`.
  const ownerKey = parent?.key ?? recordKey;
  const owner = parent ? HISTORY_RECORDS[parent.key] : undefined;
  const ownerState = !SECURED_FIELDS[ownerKey]?.includes('items') ? undefined : parent
    ? owner && (db.prepare(`SELECT applicationRecordStateId FROM ${owner.table} WHERE ${owner.idColumn} = ?`).get(parent.id) as Row | undefined)?.applicationRecordStateId
    : row.applicationRecordStateId;
  const itemsHidden = typeof ownerState === 'number' && hiddenFieldsIn(db, user, ownerKey, ownerState).has('items');
  const itemKeys = new Set(TRACKED_TABLES.filter((t) => t.parent?.recordKey === ownerKey).map((t) => t.recordKey));
  const readableItems = itemsHidden ? [] : items.map((item) => withoutHiddenFields(db, user, item.itemKey as string, [item])[0]!);
  const readableEntries = history.filter((h) => {
    const key = (h.childKey ?? h.recordKey) as string;
    if (itemsHidden && h.childKey && itemKeys.has(key)) return false;
    if (typeof h.field !== 'string' || !SECURED_FIELDS[key]) return true;
    const stateId = stateOf(key, (h.childKey ? h.childId : h.recordId) as number);
    return stateId === undefined || !hiddenFieldsIn(db, user, key, stateId).has(h.field.toLowerCase());
  });
  return { record: record && withoutHiddenFields(db, user, recordKey, [record])[0]!, items: readableItems, history: readableEntries };
}

function recordHistory(db: Database.Database, user: Caller, recordKey: string, recordId: number, lastLoad: string | undefined): unknown {
  const employeeId = user.employeeId;
  const where = HISTORY_RECORDS[recordKey]!;
  const row = db.prepare(`SELECT * FROM ${where.table} WHERE ${where.idColumn} = ?`).get(recordId) as Row | undefined;
  if (!row) throw notFound(`${recordKey} ${recordId} not found.`);
  const parent = requireReadable(db, user, recordKey, row);
  const isItem = TRACKED_TABLES.some((spec) => spec.recordKey === recordKey && spec.parent);
  const items = TRACKED_TABLES.filter((spec) => spec.items && spec.parent?.recordKey === recordKey).flatMap((spec) =>
    (db.prepare(`SELECT * FROM ${spec.table} WHERE ${spec.parent!.column} = ? ORDER BY ${spec.idColumn}`).all(recordId) as Row[])
      .map((item) => ({ itemKey: spec.recordKey, itemId: item[spec.idColumn], ...withoutNoise(item, spec.exclude) })));
  const changes = db.prepare(`SELECT c.changeTrackingId, c.applicationRecordId, c.recordType, c.description, c.changedAt, c.changeSetId,
      e.preferredName AS changedBy
    FROM change_tracking c LEFT JOIN employees e ON e.employeeId = c.changedByEmployeeId
    WHERE c.employeeId = ? AND c.acknowledged = 0
      AND ((c.parentRecordType = ? AND c.parentApplicationRecordId = ?) OR (c.recordType = ? AND c.applicationRecordId = ?))
    ORDER BY c.changeTrackingId DESC`).all(employeeId, recordKey, recordId, recordKey, recordId) as Row[];
  const open = new Set<unknown>(changes.map((c) => c.changeSetId).filter((id) => typeof id === 'string'));
  const history = (db.prepare(`SELECT h.recordHistoryId, h.recordKey, h.recordId, h.childKey, h.childId, h.action, h.field, h.oldValue, h.newValue,
      h.changedByEmployeeId, coalesce(e.preferredName, h.changedByName) AS changedBy, h.changedAt, h.changeSetId
    FROM record_history h LEFT JOIN employees e ON e.employeeId = h.changedByEmployeeId
    WHERE ${parent ? 'h.recordKey = @parentKey AND h.recordId = @parentId AND h.childKey = @key AND h.childId = @id' : 'h.recordKey = @key AND h.recordId = @id'}
      AND (@since IS NULL OR h.changedAt > @since)
    ORDER BY h.recordHistoryId DESC LIMIT 5000`).all({ key: recordKey, id: recordId, parentKey: parent?.key ?? null, parentId: parent?.id ?? null, since: lastLoad ?? null }) as Row[])
    .map((h) => ({ ...h, unacknowledged: open.has(h.changeSetId) }));
  const readable = readableHistory(db, user, recordKey, row, parent, isItem ? null : toApi(withoutNoise(row)), rowsToApi(items), history);
  return {
    recordKey, recordId, record: readable.record, items: readable.items, history: readable.history, changes: rowsToApi(changes),
    // Each approval made: who, in which role, under which limit (approval authority, approvals.ts).
    approvals: approvalsOf(db, recordKey, recordId),
  };
}

/** The route's parameters: the record (scoped to its project by the team guard) and `lastLoad`. */
const HISTORY_PARAMS = {
  recordKey: p.recordKey(Object.keys(HISTORY_RECORDS), { required: true }),
  recordId: p.id({ required: true, scope: { keyParam: 'recordKey' } }),
  lastLoad: p.timestamp(),
};

export const historyHandlers = declared([
  route({
    method: 'GET', path: '/api/pfm/getrecordhistory', access: 'pfm',
    note: 'added: recordKey, recordId, lastLoad: the record, its items and its history (every field change: old, new, who, when, change set; unacknowledged ones marked); 404 unknown record',
    params: HISTORY_PARAMS,
    handler: ({ db, user, params }) => {
      const { recordKey, recordId, lastLoad } = params;
      if (NOT_PFM_RECORDS.includes(recordKey)) throw forbidden(`The history of a ${recordKey} record is not a PFM record's: it is not served here.`);
      return recordHistory(db, user, recordKey, recordId, lastLoad);
    },
  }),
]);
