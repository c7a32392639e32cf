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
import { ACCESS, roleAllows, ruleAllows, type AccessRule } from '../../../src/core/access';
import { PROJECT_SECURITY_TEXT, PROJECT_WRITE_ROLES, type ProjectAccessRefusal } from '../../../src/core/projects/team';
import type { Caller } from './context';
import { HttpError } from './http';

/** The projects a caller reaches. `all`: every project (the sets are then empty and unused). */
export interface ProjectReach {
  all: boolean;
  /** Projects whose data the caller may read. */
  readable: ReadonlySet<number>;
  /** Projects whose data the caller may change (readable minus Viewer-only memberships). */
  writable: ReadonlySet<number>;
}

/** Today as an ISO date (membership end dates are inclusive). */
export const accessToday = (): string => new Date().toISOString().slice(0, 10);

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

// ---------------------------------------------------------------------------------------------------
// THE table of the project-scoped calls that name a record in their parameters (writes, files, menus,
// single-record views). registerApi applies it before the handler (guardRoute); loads are checked by
// the scope machinery (scope.ts) and lists filtered there; single-object lookups in lookups.ts.

/** A parameter naming a record: its name (query or form, any case) and the record key (or the parameter holding the key). */
type Named = readonly [param: string, recordKey: string | { keyParam: string }];

export interface RouteGuard {
  /** Parameters naming records; each present one is checked. */
  names: readonly Named[];
  /** A write: Viewer members are refused (403 readOnly). */
  write?: boolean;
  /** Callers passing any of these rules keep every project (risk users on the risk calls PFM users share). */
  unlessRoles?: readonly AccessRule[];
}

const W = (names: readonly Named[]): RouteGuard => ({ names, write: true });
const R = (names: readonly Named[]): RouteGuard => ({ names });
/** A risk user (keyRISK / keySLIM) keeps every project on the risk calls PFM users share; a PFM-only caller is scoped. */
const RISK_READERS: readonly AccessRule[] = [ACCESS.sra, ACCESS.slim];

/** Path (as in API_ROUTES, lower-cased on lookup; 'METHOD path' where two methods share a path) → its guard. */
export const ROUTE_GUARDS: Readonly<Record<string, RouteGuard>> = {
  '/api/pfm/projects/GetProjectMenuByProjectId': R([['ProjectId', 'Project']]),
  '/api/pfm/budgets/GetProjectMenu': R([['BudgetId', 'Budget']]),
  '/api/procorelocal/getrequestforinformations': R([['ProjectId', 'Project']]),
  '/api/pfm/UpdateChangeRecordState': W([['ItemId', 'ChangeRecord']]),
  '/api/pfm/UpdateChangeEventState': W([['ItemId', 'ChangeEvent']]),
  '/api/pfm/UpdateChangeEventItemState': W([['ItemId', 'ChangeEventItem']]),
  '/api/pfm/projects/PinProject': R([['ProjectId', 'Project']]),
  '/api/pfm/projects/UnpinProject': R([]),
  '/api/pfm/SaveProjections': W([['BudgetId', 'Budget']]),
  '/api/pfm/AddCostCode': W([['BudgetId', 'Budget']]),
  '/api/pfm/SubmitProjections': W([['BudgetId', 'Budget']]),
  '/api/pfm/SaveChangeRecord': W([['ChangeRecordId', 'ChangeRecord']]),
  '/api/pfm/SaveChangeEvent': W([['ChangeEventId', 'ChangeEvent']]),
  '/api/pfm/SaveChangeEventItem': W([['ChangeEventItemId', 'ChangeEventItem']]),
  '/api/pfm/CreateChangeEvent': W([['ChangeRecordId', 'ChangeRecord']]),
  '/api/pfm/CreateChangeRecord': W([['ProjectId', 'Project'], ['BudgetId', 'Budget'], ['RfiId', 'Rfi']]),
  '/api/pfm/CreateChangeEventItem': W([['ChangeEventId', 'ChangeEvent'], ['ParentChangeEventItemId', 'ChangeEventItem']]),
  '/api/pfm/LinkChangeEventItemToCommitment': W([['ChangeEventItemId', 'ChangeEventItem'], ['CommitmentId', { keyParam: 'CommitmentKey' }]]),
  '/api/pfm/LinkChangeEventToOwnerChangeOrder': W([['ChangeEventId', 'ChangeEvent'], ['OwnerAgreementChangeOrderId', 'OwnerAgreementChangeOrder']]),
  '/api/pfm/SaveCommitment': W([['RecordId', { keyParam: 'RecordKey' }], ['ProjectId', 'Project'], ['BudgetId', 'Budget']]),
  '/api/pfm/UpdateCommitmentState': W([['ItemId', { keyParam: 'RecordKey' }]]),
  '/api/pfm/CreateOwnerAgreementChangeOrder': W([['OwnerAgreementId', 'OwnerAgreement'], ['BudgetId', 'Budget']]),
  '/api/pfm/CreateDirectCost': W([['ProjectId', 'Project'], ['BudgetId', 'Budget']]),
  '/api/pfm/SaveDirectCost': W([['DirectCostId', 'DirectCost'], ['BudgetId', 'Budget']]),
  '/api/pfm/UpdateDirectCostState': W([['ItemId', 'DirectCost']]),
  '/api/pfm/CreateCostAdjustment': W([['ProjectId', 'Project'], ['BudgetId', 'Budget']]),
  '/api/pfm/SaveCostAdjustment': W([['CostAdjustmentId', 'CostAdjustment']]),
  '/api/pfm/UpdateCostAdjustmentState': W([['ItemId', 'CostAdjustment']]),
  '/api/pfm/UploadCostAdjustmentReferenceDocument': W([['CostAdjustmentId', 'CostAdjustment']]),
  '/api/pfm/files': R([['recordId', { keyParam: 'recordKey' }]]),
  'DELETE /api/pfm/files': W([['FileId', 'File']]),
  '/api/pfm/files/upload': W([['RecordId', { keyParam: 'ApplicationRecordKey' }]]),
  '/api/pfm/files/download': R([['FileId', 'File']]),
  '/api/pfm/getdataqualityissues': R([['recordId', { keyParam: 'recordKey' }]]),
  '/api/pfm/SaveSurveyAnswers': W([['SurveyId', 'Survey']]),
  '/api/pfm/UpdateSurveyState': W([['ItemId', 'Survey']]),
  '/api/pfm/documents/RecordDocument': R([['RecordId', { keyParam: 'RecordKey' }]]),
  '/api/pfm/getrecordhistory': R([['recordId', { keyParam: 'recordKey' }]]),
  '/api/pfm/CreateEnvelope': W([['RecordId', { keyParam: 'RecordKey' }]]),
  '/api/pfm/SendEnvelope': W([['EnvelopeId', 'Envelope']]),
  '/api/pfm/RemindEnvelopeSigner': W([['EnvelopeId', 'Envelope']]),
  '/api/pfm/VoidEnvelope': W([['EnvelopeId', 'Envelope']]),
  '/api/risk/getSraStatus': { names: [['recordId', { keyParam: 'recordKey' }]], unlessRoles: RISK_READERS },
  '/api/risk/getBuyoutSras': { names: [['projectId', 'Project']], unlessRoles: RISK_READERS },
};

const GUARDS_BY_PATH = new Map(Object.entries(ROUTE_GUARDS).map(([path, guard]) => [path.toLowerCase(), guard]));

/** The guard of a route, if it has one. */
export const routeGuard = (method: string, path: string): RouteGuard | undefined =>
  GUARDS_BY_PATH.get(`${method} ${path}`.toLowerCase()) ?? GUARDS_BY_PATH.get(path.toLowerCase());

function paramOf(params: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  const key = Object.keys(params).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : params[key];
}

/**
 * Apply the route's guard to a request (registerApi calls it before the handler): every named record
 * of a project out of reach → 403 (projectRefusal; a write on a Viewer membership: readOnly).
 * Malformed or unknown ids pass: the handler answers them with its own 400 / 404.
 */
export function guardRoute(db: Database.Database, method: string, path: string, query: Record<string, unknown>, body: Record<string, unknown>): void {
  const guard = routeGuard(method, path);
  if (!guard) return;
  const user = currentCaller();
  if (user && guard.unlessRoles?.some((rule) => ruleAllows(user.roles, rule))) return;
  const params = { ...query, ...body };
  for (const [param, named] of guard.names) {
    const raw = paramOf(params, param);
    const id = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : NaN;
    if (!Number.isInteger(id) || id <= 0) continue;
    const key = typeof named === 'string' ? named : paramOf(params, named.keyParam);
    if (typeof key !== 'string' || !key) continue;
    requireRecord(db, key, id, { write: guard.write });
  }
}
