/**
 * User management (issue 15, §2 /usermanagement, ACCESS.userManagement): the calls, their answers,
 * the texts and the rules shared by the demo host (demo/host/api/admin/users.ts) and the screen
 * (src/features/admin/users). Keys and role names are those of src/core/access.ts.
 *
 * Reads: keyUserManagement Admin, IT, Viewer. Writes: Admin and IT only (Viewer 403 from the handler).
 * Every write records one admin_audit_log row (who, when, before, after) in the same transaction.
 */
import { ACCESS, APPLICATION_KEYS, ROLE_NAMES, roleAllows, type RoleEntry } from '../access';

export const USERS_API = {
  /** GET `search`?, `active` ('active' | 'inactive' | 'all', default 'all'), `roleName`?, `applicationKey`?, `regionId`?: UserList. */
  getUsers: '/api/admin/users/getusers',
  /** GET `employeeId`: UserDetail. */
  getUser: '/api/admin/users/getuser',
  /** POST `employeeId`, `applicationKey`, `roleName`: UserDetail (a role already held → 400 autoAlert). */
  grantRole: '/api/admin/users/grantrole',
  /** POST `employeeId`, `applicationKey`, `roleName`: UserDetail (the last active keyAdmin Admin → 400 autoAlert). */
  revokeRole: '/api/admin/users/revokerole',
  /** POST `employeeId`, `active` (true | false), `reason`?: UserDetail (oneself, the last Admin → 400 autoAlert). */
  setActive: '/api/admin/users/setactive',
  /** POST `employeeId`, `betaUser` (true | false): UserDetail. */
  setBeta: '/api/admin/users/setbeta',
  /** POST `employeeId` (the target), `fromEmployeeId`: CopyRolesResult (adds the roles the target lacks). */
  copyRoles: '/api/admin/users/copyroles',
  /** GET `subjectEmployeeId`?, `actorEmployeeId`?, `action`?, `from`?, `to`? (dates, inclusive): AuditList. */
  getAuditLog: '/api/admin/users/getauditlog',
} as const;

/** Who may change users (the route's readers are ACCESS.userManagement). */
export const USER_WRITERS = { key: 'keyUserManagement', roles: ['Admin', 'IT'] } as const;
export const canWriteUsers = (roles: readonly RoleEntry[]): boolean => roleAllows(roles, USER_WRITERS.key, USER_WRITERS.roles);
export const canReadUsers = (roles: readonly RoleEntry[]): boolean => roleAllows(roles, ACCESS.userManagement.key, ACCESS.userManagement.roles);

/** The role that must always have one active holder. */
export const ADMIN_ROLE: RoleEntry = { applicationKey: 'keyAdmin', name: 'Admin' };
export const isAdminRole = (applicationKey: string, name: string): boolean =>
  applicationKey.toLowerCase() === ADMIN_ROLE.applicationKey.toLowerCase() && name.toLowerCase() === ADMIN_ROLE.name.toLowerCase();

/**
 * True when taking `subjectId` out of the active keyAdmin Admins (revoking the role or deactivating
 * them) would leave none. `activeAdminIds`: the active employees holding keyAdmin Admin now.
 */
export function isLastAdmin(activeAdminIds: readonly number[], subjectId: number): boolean {
  return activeAdminIds.includes(subjectId) && activeAdminIds.filter((id) => id !== subjectId).length === 0;
}

/** The roles of `from` that `target` lacks (case-insensitive), in `from`'s order. */
export function rolesToCopy(from: readonly RoleEntry[], target: readonly RoleEntry[]): RoleEntry[] {
  const key = (r: RoleEntry) => `${r.applicationKey.toLowerCase()}|${r.name.toLowerCase()}`;
  const held = new Set(target.map(key));
  const out: RoleEntry[] = [];
  for (const role of from) {
    if (held.has(key(role))) continue;
    held.add(key(role));
    out.push({ applicationKey: role.applicationKey, name: role.name });
  }
  return out;
}

export const USER_APPLICATION_KEYS = APPLICATION_KEYS;
export const USER_ROLE_NAMES = ROLE_NAMES;
export const ACTIVE_FILTERS = ['all', 'active', 'inactive'] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

/** What the audit log records. */
export const AUDIT_ACTIONS = ['grantRole', 'revokeRole', 'activate', 'deactivate', 'setBeta', 'copyRoles'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  grantRole: 'Role granted', revokeRole: 'Role revoked', activate: 'Activated', deactivate: 'Deactivated', setBeta: 'Beta flag set', copyRoles: 'Roles copied',
};

/** At most this many users per list answer (the list says when it was capped). */
export const USER_LIST_CAP = 200;
/** At most this many audit rows per answer, newest first. */
export const AUDIT_LIST_CAP = 500;

export interface UserPerson { employeeId: number; name: string }

export interface UserRow {
  employeeId: number;
  name: string;
  login: string | null;
  email: string;
  employeeKey: string;
  jobTitle: string;
  active: boolean;
  betaUser: boolean;
  regionId: number | null;
  regionName: string | null;
  /** Number of roles held. */
  roleCount: number;
}

export interface UserList {
  rows: UserRow[];
  /** How many matched (rows holds at most USER_LIST_CAP). */
  total: number;
  capped: boolean;
  /** The regions for the filter. */
  regions: Array<{ regionId: number; name: string }>;
}

export interface UserTeamRow {
  projectId: number;
  projectNumber: string;
  projectName: string;
  projectRole: string;
  endDate: string | null;
  source: string;
  addedAt: string;
  removedAt: string | null;
}

export interface UserDetail extends UserRow {
  firstName: string;
  lastName: string;
  manager: UserPerson | null;
  deactivatedAt: string | null;
  deactivatedBy: UserPerson | null;
  /** Roles sorted by application key, then name. */
  roles: RoleEntry[];
  /** Current and past project team rows, current first. */
  teams: UserTeamRow[];
  /** The caller may write (keyUserManagement Admin or IT). */
  canWrite: boolean;
  /** This user is the caller. */
  isSelf: boolean;
}

export interface CopyRolesResult {
  added: RoleEntry[];
  user: UserDetail;
}

export interface AuditRow {
  auditId: number;
  at: string;
  actor: UserPerson;
  subject: UserPerson;
  action: AuditAction;
  applicationKey: string | null;
  before: string | null;
  after: string | null;
  reason: string | null;
}

export interface AuditList {
  rows: AuditRow[];
  capped: boolean;
}

export const USERS_TEXT = {
  lastAdmin: 'This would leave no active Admin (keyAdmin Admin). Grant keyAdmin Admin to another active user first.',
  selfDeactivate: 'You cannot deactivate your own account.',
  deactivatedToken: 'Your account is deactivated.',
  deactivatedSignIn: 'This account is deactivated. Ask an administrator to activate it.',
  writeForbidden: 'Viewers of user management read only: granting, revoking, activating and copying roles need keyUserManagement Admin or IT.',
  duplicateRole: (applicationKey: string, name: string, who: string) => `${who} already holds ${applicationKey} ${name}.`,
  roleNotHeld: (applicationKey: string, name: string, who: string) => `${who} does not hold ${applicationKey} ${name}.`,
  alreadyActive: (who: string) => `${who} is already active.`,
  alreadyInactive: (who: string) => `${who} is already deactivated.`,
  copyFromSelf: 'Pick another user to copy roles from.',
  nothingToCopy: (from: string, who: string) => `${who} already holds every role of ${from}.`,
  userNotFound: (employeeId: number) => `User ${employeeId} was not found.`,
} as const;

/** A role as stored in the audit log's before/after (one line per role). */
export const roleText = (role: RoleEntry): string => `${role.applicationKey} ${role.name}`;
