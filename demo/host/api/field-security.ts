/**
 * THE resolver of field-level security (§6): which fields a subject sees and edits in a record's state.
 * The workbenches' fieldSecurity lookup, the writes, the reads (field-reads.ts) and App Records' "test as"
 * all ask it, so the screens and the server agree.
 */
import type Database from 'better-sqlite3';
import type { RoleEntry } from '../../../src/core/access';
import type { Caller } from './context';
import { stateById } from './records';

/** One field's effective permission for a user. */
export interface FieldPermission {
  fieldName: string;
  editable: boolean;
  visible: boolean;
}

/** Who field security is worked out for: an employee (per-user rows apply) or a role list ("test as": no employee). */
export interface FieldSecuritySubject {
  employeeId: number | null;
  roles: readonly RoleEntry[];
}

/** The application key of the record type a state belongs to ('keyTC' for a Timecard state), or undefined. */
export function stateApplicationKey(db: Database.Database, stateId: number): string | undefined {
  const row = db.prepare(`SELECT a.applicationKey FROM application_record_states s
    JOIN application_records r ON r.applicationRecordKey = s.applicationRecordKey JOIN applications a ON a.applicationId = r.applicationId
    WHERE s.applicationRecordStateId = ?`).get(stateId) as { applicationKey: string } | undefined;
  return row?.applicationKey;
}

/**
 * THE field permissions of a subject in one state, shared by the workbenches (the fieldSecurity
 * lookup), the server's writes and the app-records "test as" preview: a per-user row wins, then role
 * rows (any of the subject's role names on keyPFM, keyAdmin or the record type's own application key;
 * editable if any says so), then the default row. `fields` adds fields without rows (visible, not
 * editable, as the workbenches treat them).
 */
export function fieldPermissionsFor(db: Database.Database, who: FieldSecuritySubject, stateId: number, fields: readonly string[] = []): FieldPermission[] {
  const rows = db.prepare(`SELECT fieldName, roleName, employeeId, editable, visible FROM field_security
    WHERE lookupApplicationRecordStateId = ? ORDER BY fieldSecurityId`).all(stateId) as Array<{
    fieldName: string; roleName: string | null; employeeId: number | null; editable: number; visible: number;
  }>;
  const keys = new Set(['keypfm', 'keyadmin', (stateApplicationKey(db, stateId) ?? 'keyPFM').toLowerCase()]);
  const roleNames = new Set(who.roles.filter((r) => keys.has(r.applicationKey.toLowerCase())).map((r) => r.name.toLowerCase()));
  const names = [...new Set([...rows.map((r) => r.fieldName), ...fields])];
  return names.map((fieldName) => {
    const mine = rows.filter((r) => r.fieldName === fieldName);
    const own = who.employeeId === null ? undefined : mine.find((r) => r.employeeId === who.employeeId);
    const roles = mine.filter((r) => r.roleName && roleNames.has(r.roleName.toLowerCase()));
    const base = mine.find((r) => r.roleName === null && r.employeeId === null);
    if (own) return { fieldName, editable: own.editable === 1, visible: own.visible === 1 };
    if (roles.length) return { fieldName, editable: roles.some((r) => r.editable === 1), visible: roles.some((r) => r.visible === 1) };
    return { fieldName, editable: base?.editable === 1, visible: base ? base.visible === 1 : true };
  });
}

/** The caller's field permissions in one state ({@link fieldPermissionsFor} for the caller). */
export function fieldPermissions(db: Database.Database, user: Caller, stateId: number): FieldPermission[] {
  return fieldPermissionsFor(db, { employeeId: user.employeeId, roles: user.roles }, stateId);
}

/**
 * The caller's field security in one state as the fieldSecurity lookup answers it (src/core/records FieldSecurity):
 * the lookup, and a record's single load, which sends it beside the record so a workbench need not ask for it after.
 */
export function stateFieldSecurity(db: Database.Database, user: Caller, state: Record<string, unknown>): Record<string, unknown> {
  const stateId = state.applicationRecordStateId as number;
  return {
    lookupApplicationRecordStateId: stateId, applicationRecordKey: state.applicationRecordKey, stateName: state.name,
    closed: state.closed === 1, displayText: `${state.applicationRecordKey}: ${state.name}`, fields: fieldPermissions(db, user, stateId),
  };
}

/** {@link stateFieldSecurity} of the state with id `stateId`, or undefined when there is none. */
export function fieldSecurityOfState(db: Database.Database, user: Caller, stateId: number): Record<string, unknown> | undefined {
  const state = stateById(db, stateId);
  return state ? stateFieldSecurity(db, user, state as unknown as Record<string, unknown>) : undefined;
}

/** What a write may change in state `stateId`: a field the caller's field security row makes editable, else any field while the state is open. */
export function editableIn(db: Database.Database, user: Caller, stateId: number): (field: string) => boolean {
  const state = stateById(db, stateId);
  const rows = new Map(fieldPermissions(db, user, stateId).map((p) => [p.fieldName.toLowerCase(), p.editable]));
  return (field) => rows.get(field.toLowerCase()) ?? state?.closed === 0;
}
