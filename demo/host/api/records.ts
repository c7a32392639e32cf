/** Small database helpers shared by the write calls: states, records, change tracking. */
import type Database from 'better-sqlite3';
import type { State } from '../../../src/core/workflow';
import { notFound } from './http';

export interface StateRow {
  applicationRecordStateId: number;
  name: string;
  applicationRecordKey: string;
  closed: number;
  displayOrder: number;
}

/** §3 record state as the workflow rules take it. */
export const asState = (row: StateRow): State => ({
  applicationRecordStateId: row.applicationRecordStateId, name: row.name, applicationRecordKey: row.applicationRecordKey,
  closed: row.closed === 1, displayOrder: row.displayOrder,
});

export function stateById(db: Database.Database, id: number): StateRow | undefined {
  return db.prepare('SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder FROM application_record_states WHERE applicationRecordStateId = ?')
    .get(id) as StateRow | undefined;
}

export function statesOf(db: Database.Database, key: string): StateRow[] {
  return db.prepare('SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder FROM application_record_states WHERE applicationRecordKey = ? ORDER BY displayOrder')
    .all(key) as StateRow[];
}

export function stateByName(db: Database.Database, key: string, name: string): StateRow {
  const row = db.prepare('SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder FROM application_record_states WHERE applicationRecordKey = ? AND name = ?')
    .get(key, name) as StateRow | undefined;
  if (!row) throw new Error(`no state ${key}:${name}`);
  return row;
}

/** True when `to` is an advancement offered from `from`. */
export function isAdvancement(db: Database.Database, from: number, to: number): boolean {
  return db.prepare('SELECT 1 FROM state_advancements WHERE applicationRecordStateId = ? AND targetApplicationRecordStateId = ?').get(from, to) !== undefined;
}

/** Fetch one row by a SELECT (from queries.ts) and id column, or 404. */
export function recordOr404(db: Database.Database, select: string, idColumn: string, id: number, what: string): Record<string, unknown> {
  const row = db.prepare(`${select} WHERE ${idColumn} = ?`).get(id) as Record<string, unknown> | undefined;
  if (!row) throw notFound(`${what} ${id} not found.`);
  return row;
}

/**
 * Record a change for the project's team (its PM and RPM, not the one who made it) so their
 * change indicator shows an orange asterisk until acknowledged.
 */
export function trackChange(
  db: Database.Database, args: { projectId: number; actorId: number; parentId: number; parentType: string; recordId: number; recordType: string; description: string; at: string },
): void {
  const team = db.prepare('SELECT projectManagerEmployeeId AS pm, regionalProjectManagerEmployeeId AS rpm FROM projects WHERE projectId = ?')
    .get(args.projectId) as { pm: number | null; rpm: number | null } | undefined;
  if (!team) return;
  const app = (db.prepare("SELECT applicationId FROM applications WHERE applicationKey = 'keyPFM'").get() as { applicationId: number }).applicationId;
  const insert = db.prepare(`INSERT INTO change_tracking (applicationId, employeeId, parentApplicationRecordId, parentRecordType, applicationRecordId,
    recordType, changedByEmployeeId, description, acknowledged, changedAt, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`);
  for (const employeeId of new Set([team.pm, team.rpm])) {
    if (employeeId === null || employeeId === args.actorId) continue;
    insert.run(app, employeeId, args.parentId, args.parentType, args.recordId, args.recordType, args.actorId, args.description, args.at, args.at);
  }
}
