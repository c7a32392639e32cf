/**
 * GET /api/pfm/getrecordhistory (added, §7 style): recordKey, recordId, lastLoad → `{ data: { record,
 * items, history, changes } }`:
 * - `record`: the record's stored fields (bytes and modifiedAt left out), null for an item key;
 * - `items`: its item rows (subcontract items, direct cost items, …);
 * - `history`: every recorded field change of the record and its items, newest first (old and new
 *   value, who, when, change set), each `unacknowledged` when its change set is behind one of the
 *   caller's orange asterisks (unacknowledged change-tracking rows of this record);
 * - `changes`: the caller's unacknowledged change-tracking rows of this record (description, who, when).
 * Access as the record's own loads (PFM roles); an unknown record answers 404, an unknown key 400.
 */
import type Database from 'better-sqlite3';
import { NOISY_COLUMNS, TRACKED_TABLES } from '../../../db/history';
import type { Handlers } from '../../context';
import { badRequest, forbidden, idParam, lastLoadParam, notFound, stringParam } from '../../http';
import { routeKey } from '../../routes';
import { rowsToApi, toApi } from '../../rows';
import { RECORD_TABLES } from '../../scope';
import { requireRecord } from '../../project-access';

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

function recordHistory(db: Database.Database, employeeId: number, recordKey: string, recordId: number, lastLoad: string | undefined): unknown {
  const where = HISTORY_RECORDS[recordKey]!;
  const row = db.prepare(`SELECT * FROM ${where.table} WHERE ${where.idColumn} = ?`).get(recordId) as Row | undefined;
  if (!row) throw notFound(`${recordKey} ${recordId} not found.`);
  // Project security: an item's project is its parent's (records themselves are checked by the route's guard).
  const parent = TRACKED_TABLES.find((spec) => spec.recordKey === recordKey && spec.parent)?.parent;
  const parentKey = parent && (parent.recordKey ?? (parent.keyColumn ? row[parent.keyColumn] : undefined));
  if (parent && typeof parentKey === 'string' && typeof row[parent.column] === 'number') requireRecord(db, parentKey, row[parent.column] as number);
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
    WHERE ((h.recordKey = ? AND h.recordId = ?) OR (h.childKey = ? AND h.childId = ?)) AND (? IS NULL OR h.changedAt > ?)
    ORDER BY h.recordHistoryId DESC LIMIT 5000`).all(recordKey, recordId, recordKey, recordId, lastLoad ?? null, lastLoad ?? null) as Row[])
    .map((h) => ({ ...h, unacknowledged: open.has(h.changeSetId) }));
  return {
    recordKey, recordId, record: isItem ? null : toApi(withoutNoise(row)), items: rowsToApi(items), history, changes: rowsToApi(changes),
  };
}

export const historyHandlers: Handlers = {
  [routeKey('GET', '/api/pfm/getrecordhistory')]: ({ db, user, query }) => {
    const raw = stringParam(query, 'recordKey', 100);
    if (!raw) throw badRequest("Parameter 'recordKey' is required.", { parameter: 'recordKey' });
    const recordKey = Object.keys(HISTORY_RECORDS).find((key) => key.toLowerCase() === raw.toLowerCase());
    if (!recordKey) throw badRequest(`Parameter 'recordKey': '${raw.slice(0, 40)}' has no history.`, { parameter: 'recordKey' });
    if (NOT_PFM_RECORDS.includes(recordKey)) throw forbidden(`The history of a ${recordKey} record is not a PFM record's: it is not served here.`);
    return recordHistory(db, user.employeeId, recordKey, idParam(query, 'recordId', true), lastLoadParam(query, 'lastLoad'));
  },
};
