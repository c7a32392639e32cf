/**
 * User management (issue 15, §2 /usermanagement, ACCESS.userManagement): the texts and the rules
 * shared by the demo host (demo/host/api/admin/users.ts) and the screen (src/features/admin/users); the
 * calls and their answers are ./contract.ts. Keys and role names are those of src/core/access.ts.
 *
 * Reads: keyUserManagement Admin, IT, Viewer. Writes: Admin and IT only (Viewer 403 from the handler).
 * Every write records one admin_audit_log row (who, when, before, after) in the same transaction.
 * Granting (grantRole, copyRoles) follows {@link grantRefusal}: a role only on a key that has it
 * ({@link ROLES_BY_KEY}), never to oneself, an Admin role only by a keyAdmin Admin.
 */
import { ACCESS, APPLICATION_KEYS, ROLE_NAMES, roleAllows, type ApplicationKey, type RoleEntry } from '../access';

/** Who may change users (the route's readers are ACCESS.userManagement). */
export const USER_WRITERS = { key: 'keyUserManagement', roles: ['Admin', 'IT'] } as const;
export const canWriteUsers = (roles: readonly RoleEntry[]): boolean => roleAllows(roles, USER_WRITERS.key, USER_WRITERS.roles);
export const canReadUsers = (roles: readonly RoleEntry[]): boolean => roleAllows(roles, ACCESS.userManagement.key, ACCESS.userManagement.roles);

export type RoleName = (typeof ROLE_NAMES)[number];

/**
 * The roles each application key has: THE table a grant is checked against (and the grant form's
 * choices per key). Derived from the roles the product seeds (demo/host/accounts.ts, db/seed*.ts) and
 * the roles its access rules name (ACCESS and TIMECARD_ADMINS in core/access.ts, the route table's
 * rules, the handlers' roleAllows checks); a key whose rules accept any of its roles has Admin only.
 */
export const ROLES_BY_KEY: Readonly<Record<ApplicationKey, readonly RoleName[]>> = {
  keyAdmin: ['Admin'],
  keyPFM: ['Admin', 'Project Manager', 'RPM'],
  keySLIM: ['Admin', 'Default', 'Prequal Administrator', 'Escalation Reviewer', 'Regional Reviewer'],
  keyTC: ['Admin', 'Timecard Admin', 'Default'],
  keyPTO: ['Admin', 'Default', 'Manager'],
  keyUserManagement: ['Admin', 'IT', 'Viewer'],
  keyIT: ['Admin', 'User', 'Viewer'],
  keyRISK: ['Admin', 'Default', 'Risk'],
  keyProjectSecurity: ['Admin', 'Default', 'RPM'],
  keyPC: ['Admin'],
  keyBRAT: ['Admin'],
  keyCM: ['Admin'],
  keyCostManagement: ['Admin'],
  keyProjectCloseout: ['Admin'],
  keyAPPS: ['Admin', 'User', 'Viewer'],
};

const lower = (text: string) => text.toLowerCase();

/** The roles of an application key (any case); none for a key that is not one. */
export function rolesOfKey(applicationKey: string): readonly RoleName[] {
  const key = APPLICATION_KEYS.find((k) => lower(k) === lower(applicationKey));
  return key ? ROLES_BY_KEY[key] : [];
}

/** True when the application key has the role (any case). */
export const keyHasRole = (applicationKey: string, roleName: string): boolean =>
  rolesOfKey(applicationKey).some((name) => lower(name) === lower(roleName));

/** Who grants an Admin role, of any key. */
export const ADMIN_ROLE_GRANTERS = { key: 'keyAdmin', roles: ['Admin'] } as const;

/**
 * Why `caller` may not grant `role` to employee `subjectId` (the server's 403 message), or null when it
 * may: not a user-management writer; oneself; a role the key does not have; an Admin role (of any
 * key) by anyone but a keyAdmin Admin. The other roles are managed by keyUserManagement IT (and Admin).
 */
export function grantRefusal(caller: { employeeId: number; roles: readonly RoleEntry[] }, subjectId: number, role: RoleEntry): string | null {
  if (!canWriteUsers(caller.roles)) return USERS_TEXT.writeForbidden;
  if (caller.employeeId === subjectId) return USERS_TEXT.selfGrant;
  if (!keyHasRole(role.applicationKey, role.name)) return USERS_TEXT.roleNotOnKey(role.applicationKey, role.name, rolesOfKey(role.applicationKey));
  if (lower(role.name) === 'admin' && !roleAllows(caller.roles, ADMIN_ROLE_GRANTERS.key, ADMIN_ROLE_GRANTERS.roles)) return USERS_TEXT.adminGrant(role.applicationKey);
  return null;
}

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

export const USERS_TEXT = {
  lastAdmin: 'This would leave no active Admin (keyAdmin Admin). Grant keyAdmin Admin to another active user first.',
  selfDeactivate: 'You cannot deactivate your own account.',
  deactivatedToken: 'Your account is deactivated.',
  deactivatedSignIn: 'This account is deactivated. Ask an administrator to activate it.',
  writeForbidden: 'Viewers of user management read only: granting, revoking, activating and copying roles need keyUserManagement Admin or IT.',
  selfGrant: 'You cannot grant roles to yourself: another administrator must grant them.',
  selfCopy: 'You cannot copy roles to yourself: another administrator must grant them.',
  roleNotOnKey: (applicationKey: string, name: string, roles: readonly string[]) =>
    `${applicationKey} has no role ${name}: its roles are ${roles.join(', ') || 'none'}.`,
  adminGrant: (applicationKey: string) => `Only a keyAdmin Admin can grant an Admin role (${applicationKey} Admin).`,
  copyRefused: (from: string, role: string, reason: string) => `Copying the roles of ${from} would grant ${role}, which you may not grant. ${reason}`,
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
