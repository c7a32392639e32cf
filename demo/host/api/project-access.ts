/**
 * THE record-level check of project security (issue 15; the rules: src/core/projects/team.ts).
 * Every PFM load, single-object GET, write, file, search and data-quality call asks this module which
 * projects the caller reaches; nothing else in the API decides it. It reads project_team_members,
 * employees.regionId and employee_roles on every request, so an approval, a removal or a role change
 * counts on the caller's next request, without a new sign-in.
 *
 * - keyPFM Admin: every project.
 * - keyPFM RPM: the projects of their region, those they are the regional PM of, and their teams.
 * - anyone else: the projects whose team they are on (membershipCurrent). A Viewer member reads only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../src/core/access';
import { PROJECT_SECURITY_TEXT, PROJECT_WRITE_ROLES, type ProjectAccessRefusal } from '../../../src/core/projects/team';
import type { Caller } from './context';
import { HttpError } from './http';
import * as clock from '../../../src/core/clock';

/** The projects a caller reaches. `all`: every project (the sets are then empty and unused). */
export interface ProjectReach {
  all: boolean;
  /** Projects whose data the caller may read. */
  readable: ReadonlySet<number>;
  /** Projects whose data the caller may change (readable minus Viewer-only memberships). */
  writable: ReadonlySet<number>;
}

/** Today as an ISO date (membership end dates are inclusive). */
export const accessToday = (): string => clock.today();

/** The caller's reach, read fresh from the database. */
export function projectReach(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, today = accessToday()): ProjectReach {
  if (roleAllows(user.roles, 'keyPFM', ['Admin'])) return { all: true, readable: new Set(), writable: new Set() };
  const readable = new Set<number>();
  const writable = new Set<number>();
  const members = db.prepare(
    `SELECT projectId, projectRole FROM project_team_members
     WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?)`,
  ).all(user.employeeId, today) as Array<{ projectId: number; projectRole: string }>;
  for (const member of members) {
    readable.add(member.projectId);
    if ((PROJECT_WRITE_ROLES as readonly string[]).includes(member.projectRole)) writable.add(member.projectId);
  }
  if (roleAllows(user.roles, 'keyPFM', ['RPM'])) {
    const regional = db.prepare(
      `SELECT projectId FROM projects
       WHERE regionalProjectManagerEmployeeId = ?
          OR regionId = (SELECT regionId FROM employees WHERE employeeId = ?)`,
    ).all(user.employeeId, user.employeeId) as Array<{ projectId: number }>;
    for (const { projectId } of regional) {
      readable.add(projectId);
      writable.add(projectId);
    }
  }
  return { all: false, readable, writable };
}

/** True when the caller may read (or, with `write`, change) project `projectId`'s data. */
export function reaches(reach: ProjectReach, projectId: number, write = false): boolean {
  return reach.all || (write ? reach.writable : reach.readable).has(projectId);
}

/**
 * A WHERE fragment limiting `column` (a projectId column) to the caller's reach, for list loads and
 * searches: '1' for every project, else `column IN (…ids)` ('0' when none).
 */
export function reachWhere(reach: ProjectReach, column: string): string {
  if (reach.all) return '1';
  if (!reach.readable.size) return '0';
  return `${column} IN (${[...reach.readable].sort((a, b) => a - b).join(', ')})`;
}

/** The 403 for a project out of reach (loads and writes that name a project), with the client's Request-access facts. */
export function projectRefusal(db: Database.Database, projectId: number, kind: ProjectAccessRefusal['projectAccess']): HttpError {
  const project = db.prepare('SELECT number, name FROM projects WHERE projectId = ?').get(projectId) as { number: string; name: string } | undefined;
  const number = project?.number ?? String(projectId);
  const name = project?.name ?? '';
  const refusal: ProjectAccessRefusal = { projectAccess: kind, projectId, projectNumber: number, projectName: name };
  const message = kind === 'readOnly' ? PROJECT_SECURITY_TEXT.readOnly(number, name) : PROJECT_SECURITY_TEXT.notOnTeam(number, name);
  return new HttpError(403, message, { ...refusal });
}

/**
 * Refuse unless the caller reaches project `projectId`: a load or write that names the project → 403
 * with the refusal facts; `single` (a single object GET of a record of that project) → 404 with the
 * same words as an unknown record, so ids cannot be probed.
 */
export function requireProject(
  db: Database.Database,
  user: Pick<Caller, 'employeeId' | 'roles'>,
  projectId: number,
  options: { write?: boolean; single?: { recordKey: string; recordId: number } } = {},
): void {
  const reach = projectReach(db, user);
  if (reaches(reach, projectId, options.write)) return;
  if (options.single) throw new HttpError(404, PROJECT_SECURITY_TEXT.notFound(options.single.recordKey, options.single.recordId));
  throw projectRefusal(db, projectId, options.write && reaches(reach, projectId) ? 'readOnly' : 'notOnTeam');
}

// ---------------------------------------------------------------------------------------------------
// Which project a record belongs to (single-object GETs, writes, files, loads naming a record).

/** recordKey → SQL answering the record's projectId for `?` (the record's id); child records via their parent. */
export const PROJECT_OF_RECORD_SQL: Readonly<Record<string, string>> = {
  Project: 'SELECT projectId FROM projects WHERE projectId = ?',
  Budget: 'SELECT projectId FROM budgets WHERE budgetId = ?',
  CostCode: 'SELECT b.projectId FROM cost_codes c JOIN budgets b ON b.budgetId = c.budgetId WHERE c.costCodeId = ?',
  Subcontract: 'SELECT projectId FROM subcontracts WHERE subcontractId = ?',
  SubcontractChangeOrder: 'SELECT s.projectId FROM subcontract_change_orders co JOIN subcontracts s ON s.subcontractId = co.subcontractId WHERE co.subcontractChangeOrderId = ?',
  PurchaseAgreement: 'SELECT projectId FROM purchase_agreements WHERE purchaseAgreementId = ?',
  PurchaseAgreementChangeOrder: `SELECT a.projectId FROM purchase_agreement_change_orders co
    JOIN purchase_agreements a ON a.purchaseAgreementId = co.purchaseAgreementId WHERE co.purchaseAgreementChangeOrderId = ?`,
  PurchaseOrder: 'SELECT projectId FROM purchase_orders WHERE purchaseOrderId = ?',
  OwnerAgreement: 'SELECT projectId FROM owner_agreements WHERE ownerAgreementId = ?',
  OwnerAgreementChangeOrder: `SELECT oa.projectId FROM owner_agreement_change_orders co
    JOIN owner_agreements oa ON oa.ownerAgreementId = co.ownerAgreementId WHERE co.ownerAgreementChangeOrderId = ?`,
  ChangeRecord: 'SELECT projectId FROM change_records WHERE changeRecordId = ?',
  ChangeEvent: 'SELECT projectId FROM change_events WHERE changeEventId = ?',
  ChangeEventItem: 'SELECT ce.projectId FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId WHERE i.changeEventItemId = ?',
  CostAdjustment: 'SELECT projectId FROM cost_adjustments WHERE costAdjustmentId = ?',
  DirectCost: 'SELECT projectId FROM direct_costs WHERE directCostId = ?',
  PayApplication: 'SELECT projectId FROM pay_applications WHERE payApplicationId = ?',
  Rfi: 'SELECT projectId FROM rfis WHERE rfiId = ?',
  Survey: 'SELECT projectId FROM surveys WHERE surveyId = ?',
  Envelope: 'SELECT projectId FROM envelopes WHERE envelopeId = ?',
  /** A file: the project of the record it hangs on (projectOfRecord follows it). */
  File: 'SELECT fileId FROM files WHERE fileId = ?',
};

/** The project of `recordKey` `recordId` as one SQL expression over `idExpr` (NULL for keys that are not project data). */
export function projectOfRecordExpr(keyExpr: string, idExpr: string): string {
  const cases = Object.entries(PROJECT_OF_RECORD_SQL).filter(([key]) => key !== 'File')
    .map(([key, sql]) => `WHEN '${key}' THEN (${sql.replace('?', idExpr)})`).join(' ');
  return `CASE ${keyExpr} ${cases} END`;
}

/**
 * The project of a record: its projectId; `null` when the key is project data but no such record
 * exists; `undefined` when the key is not project data (vendors, templates, legal entities, risk records).
 */
export function projectOfRecord(db: Database.Database, recordKey: string, recordId: number): number | null | undefined {
  const key = Object.keys(PROJECT_OF_RECORD_SQL).find((k) => k.toLowerCase() === recordKey.toLowerCase());
  if (!key) return undefined;
  if (key === 'File') {
    const file = db.prepare('SELECT applicationRecordKey, recordId FROM files WHERE fileId = ?').get(recordId) as { applicationRecordKey: string; recordId: number } | undefined;
    if (!file) return null;
    return projectOfRecord(db, file.applicationRecordKey, file.recordId);
  }
  const row = db.prepare(PROJECT_OF_RECORD_SQL[key]!).get(recordId) as Record<string, number> | undefined;
  return row ? (Object.values(row)[0] ?? null) : null;
}

// ---------------------------------------------------------------------------------------------------
// The caller of the request being served: registerApi and the services run each handler inside
// withProjectCaller, so the scope machinery (scope.ts) reads the reach where it reads the data.

interface CallerScope {
  db: Database.Database;
  user: Pick<Caller, 'employeeId' | 'roles'>;
  reach?: ProjectReach;
}
const callers = new AsyncLocalStorage<CallerScope>();

/** Run `fn` as a request of `user` (the reach is read once, on first use). */
export function withProjectCaller<T>(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, fn: () => T): T {
  return callers.run({ db, user }, fn);
}

/** The reach of the request's caller; every project outside a request (seed, bench, migrations). */
export function currentReach(): ProjectReach {
  const scope = callers.getStore();
  if (!scope) return { all: true, readable: new Set(), writable: new Set() };
  scope.reach ??= projectReach(scope.db, scope.user);
  return scope.reach;
}

/** The request's caller, if any. */
export const currentCaller = (): Pick<Caller, 'employeeId' | 'roles'> | undefined => callers.getStore()?.user;

/**
 * Refuse a load, write or file call that names record `recordKey` `recordId` of a project out of the
 * caller's reach (403 with the refusal facts; `single`: 404 as if unknown). Records that are not project
 * data and unknown ids pass (the handler answers them).
 */
export function requireRecord(
  db: Database.Database, recordKey: string, recordId: number, options: { write?: boolean; single?: boolean } = {},
): void {
  const projectId = projectOfRecord(db, recordKey, recordId);
  if (projectId === undefined || projectId === null) return;
  const reach = currentReach();
  if (reaches(reach, projectId, options.write)) return;
  if (options.single) throw new HttpError(404, PROJECT_SECURITY_TEXT.notFound(recordKey, recordId));
  throw projectRefusal(db, projectId, options.write && reaches(reach, projectId) ? 'readOnly' : 'notOnTeam');
}
