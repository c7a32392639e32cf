/** Small database helpers shared by the write calls: states, records, change tracking, state moves. */
import type Database from 'better-sqlite3';
import type { State } from '../../../src/core/workflow';
import { autoAlert, conflict, notFound, refuseIfChangedSince, refuseIfStateChanged } from './http';
import { prepared } from '../db/statements';
import { requireApprovalAuthority } from './approvals';
import * as clock from '../../../src/core/clock';

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
  return prepared(db, 'SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder FROM application_record_states WHERE applicationRecordKey = ? ORDER BY displayOrder')
    .all(key) as StateRow[];
}

export function stateByName(db: Database.Database, key: string, name: string): StateRow {
  const row = prepared(db, 'SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder FROM application_record_states WHERE applicationRecordKey = ? AND name = ?')
    .get(key, name) as StateRow | undefined;
  if (!row) throw new Error(`no state ${key}:${name}`);
  return row;
}

/** True when `to` is an advancement offered from `from`. */
export function isAdvancement(db: Database.Database, from: number, to: number): boolean {
  return prepared(db, 'SELECT 1 FROM state_advancements WHERE applicationRecordStateId = ? AND targetApplicationRecordStateId = ?').get(from, to) !== undefined;
}

/** Fetch one row by a SELECT (an area's loads.ts) and id column, or 404 `${what} ${id} not found.` */
export function recordOr404<T = Record<string, unknown>>(db: Database.Database, select: string, idColumn: string, id: number, what: string): T {
  const row = db.prepare(`${select} WHERE ${idColumn} = ?`).get(id) as T | undefined;
  if (!row) throw notFound(`${what} ${id} not found.`);
  return row;
}

/**
 * The record a save is about to change: row `id` of `table` (404 `${what} ${id} not found.`), refused with 409
 * when the form was loaded before its last state move (OldRecordStateId) or its last change (lastLoad).
 */
export function loadForWrite(db: Database.Database, table: string, idColumn: string, id: number, what: string, label: string,
  loaded: { OldRecordStateId?: number; lastLoad?: string }): { record: Record<string, unknown>; stateId: number } {
  const record = recordOr404(db, `SELECT * FROM ${table}`, idColumn, id, what);
  const stateId = record.applicationRecordStateId as number;
  refuseIfStateChanged(loaded.OldRecordStateId, stateId, label);
  refuseIfChangedSince(loaded.lastLoad, record.modifiedAt, label);
  return { record, stateId };
}

/** Write `changes` (column → value, as checked by a save) to row `id` of `table` with a new modifiedAt; nothing when there are none. */
export function updateChangedColumns(db: Database.Database, table: string, idColumn: string, id: number, changes: Record<string, unknown>, at: string): void {
  const names = Object.keys(changes);
  if (names.length === 0) return;
  db.prepare(`UPDATE ${table} SET ${names.map((n) => `${n} = @${n}`).join(', ')}, modifiedAt = @modifiedAt WHERE ${idColumn} = @id`).run({ ...changes, modifiedAt: at, id });
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

/** A record kind whose state moves along its advancement table (state_advancements). */
export interface StateMoveKind {
  /** The application record key of its states ('ChangeEvent', 'Subcontract', …). */
  recordKey: string;
  table: string;
  idColumn: string;
  /** Lower-case noun for messages ('change event'). */
  label: string;
  /** The function name an autoAlert names ('UpdateChangeEventState'). */
  functionName: string;
}

/** The request of a state move: ItemId, OldRecordStateId, RouteStateId, and who asks. */
export interface StateMoveRequest {
  itemId: number;
  oldStateId: number;
  routeStateId: number;
  actorId: number;
  /** Why (a move to Executed without e-sign: how it was signed). */
  reason?: string;
  /** Who moves it: a user (default), or the e-sign completion (no approval authority asked; recorded as such). */
  via?: 'user' | 'esign';
}

/** What the kind's own rules see: the record as stored, its current and target states, the time stamp. */
export interface StateMove {
  record: Record<string, unknown>;
  current: StateRow;
  target: StateRow;
  at: string;
}

/** Whose change list hears of the move (trackChange's parent and project), or null for nobody. */
export type StateMoveTracking = { projectId: number; parentId: number; parentType: string } | null;

/**
 * Move a record's state under its advancement table, in one immediate transaction (of many
 * concurrent moves from the same OldRecordStateId exactly one succeeds):
 * 404 unknown record or target state; 409 with currentRecordStateId/currentRecordStateName when
 * OldRecordStateId is not the current state; 400 autoAlert when the target is not an advancement of
 * the current state. Then `rules` runs (it may refuse by throwing, or write what goes with the move)
 * and answers whom to tell; the state and modifiedAt are updated, the change tracked, and `answer`
 * builds the reply inside the same transaction.
 */
export function moveRecordState<T>(
  db: Database.Database, kind: StateMoveKind, request: StateMoveRequest,
  rules: (move: StateMove) => StateMoveTracking, answer: (move: StateMove) => T,
): T {
  return db.transaction(() => {
    const record = db.prepare(`SELECT * FROM ${kind.table} WHERE ${kind.idColumn} = ?`).get(request.itemId) as Record<string, unknown> | undefined;
    if (!record) throw notFound(`No ${kind.label} with ItemId ${request.itemId}.`);
    const current = stateById(db, record.applicationRecordStateId as number)!;
    if (current.applicationRecordStateId !== request.oldStateId) {
      throw conflict(`The ${kind.label} is now '${current.name}': someone else changed it. Reload it and try again.`, {
        currentRecordStateId: current.applicationRecordStateId, currentRecordStateName: current.name,
      });
    }
    const target = stateById(db, request.routeStateId);
    if (!target || target.applicationRecordKey !== kind.recordKey) throw notFound(`No ${kind.label} state with RouteStateId ${request.routeStateId}.`);
    if (!isAdvancement(db, current.applicationRecordStateId, target.applicationRecordStateId)) {
      throw autoAlert(kind.functionName, `A ${kind.label} can not be moved from '${current.name}' to '${target.name}'.`);
    }
    // Approval authority (approvals.ts): the role and amount the move needs, and who may not make it.
    const recordApproval = requireApprovalAuthority(db, {
      recordKey: kind.recordKey, recordId: request.itemId, label: kind.label, functionName: kind.functionName, current, target,
      actorId: request.actorId, via: request.via, reason: request.reason,
    });
    const move: StateMove = { record, current, target, at: clock.nowIso() };
    const tracking = rules(move);
    db.prepare(`UPDATE ${kind.table} SET applicationRecordStateId = ?, modifiedAt = ? WHERE ${kind.idColumn} = ?`).run(target.applicationRecordStateId, move.at, request.itemId);
    recordApproval?.(move.at);
    if (tracking) {
      trackChange(db, {
        ...tracking, actorId: request.actorId, recordId: request.itemId, recordType: kind.recordKey,
        description: `State changed from ${current.name} to ${target.name}`, at: move.at,
      });
    }
    return answer(move);
  }).immediate();
}
