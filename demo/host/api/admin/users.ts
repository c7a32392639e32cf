/**
 * User management (issue 15, §2 /usermanagement): the users list, one user's detail, role grants and
 * revocations, activation, the beta flag, copying roles, and the audit log. The contract (paths,
 * answers, texts, rules): src/core/admin/users.ts.
 *
 * Access: ACCESS.userManagement reads (keyUserManagement Admin, IT, Viewer, routes.ts); writes need
 * Admin or IT (Viewer 403 here). Every write and its admin_audit_log row (who, when, before, after)
 * are one transaction. The last active keyAdmin Admin cannot be revoked or deactivated, nor can one
 * deactivate oneself (400 autoAlert). Users are never deleted.
 * Granting (grantRole, copyRoles) is refused with 403 naming the reason (grantRefusal of the contract):
 * a role only on a key that has it (ROLES_BY_KEY), never to oneself (directly or by copying roles), an
 * Admin role of any key only by a keyAdmin Admin; keyUserManagement IT grants the other roles.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET  getusers | `search`, `active`, `roleName`, `applicationKey`, `regionId` | UserList |
 * | GET  getuser | `employeeId` | UserDetail |
 * | POST grantrole / revokerole | `employeeId`, `applicationKey`, `roleName` | UserDetail |
 * | POST setactive | `employeeId`, `active`, `reason`? | UserDetail |
 * | POST setbeta | `employeeId`, `betaUser` | UserDetail |
 * | POST copyroles | `employeeId`, `fromEmployeeId` | CopyRolesResult |
 * | GET  getauditlog | `subjectEmployeeId`, `actorEmployeeId`, `action`, `from`, `to` | AuditList |
 */
import type Database from 'better-sqlite3';
import { APPLICATION_KEYS, ROLE_NAMES, type RoleEntry } from '../../../../src/core/access';
import {
  ACTIVE_FILTERS, ADMIN_ROLE, AUDIT_ACTIONS, AUDIT_LIST_CAP, USER_LIST_CAP, USERS_API, USERS_TEXT,
  canWriteUsers, grantRefusal, isAdminRole, isLastAdmin, roleText, rolesToCopy,
  type AuditAction, type AuditList, type AuditRow, type CopyRolesResult, type UserDetail, type UserList, type UserRow, type UserTeamRow,
} from '../../../../src/core/admin';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, forbidden, notFound } from '../http';
import * as clock from '../../../../src/core/clock';

const FN = 'UserManagement';

interface EmployeeRowDb {
  employeeId: number; name: string; login: string | null; email: string; employeeKey: string; jobTitle: string;
  active: number; betaUser: number; regionId: number | null; regionName: string | null; roleCount: number;
}

const ROW_SELECT = `SELECT e.employeeId, e.preferredName AS name, e.login, e.email, e.employeeKey, e.jobTitle, e.active, e.betaUser,
  e.regionId, r.name AS regionName, (SELECT count(*) FROM employee_roles x WHERE x.employeeId = e.employeeId) AS roleCount
  FROM employees e LEFT JOIN regions r ON r.regionId = e.regionId`;

const asRow = (r: EmployeeRowDb): UserRow => ({ ...r, active: r.active === 1, betaUser: r.betaUser === 1 });

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const LIST_USERS = {
  search: p.string(200), active: p.enum(ACTIVE_FILTERS), roleName: p.enum(ROLE_NAMES), applicationKey: p.enum(APPLICATION_KEYS), regionId: p.id(),
};

function listUsers({ db, params }: RouteCtx<ParamsOf<typeof LIST_USERS>>): UserList {
  const { search, roleName, applicationKey, regionId } = params;
  const active = params.active ?? 'all';
  const where: string[] = [];
  const args: Record<string, unknown> = {};
  if (search) {
    where.push(`(e.preferredName LIKE @like ESCAPE '\\' OR (e.firstName || ' ' || e.lastName) LIKE @like ESCAPE '\\'
      OR e.login LIKE @like ESCAPE '\\' OR e.email LIKE @like ESCAPE '\\' OR e.employeeKey LIKE @like ESCAPE '\\')`);
    args.like = likeOf(search);
  }
  if (active !== 'all') { where.push('e.active = @active'); args.active = active === 'active' ? 1 : 0; }
  if (regionId !== undefined) { where.push('e.regionId = @regionId'); args.regionId = regionId; }
  if (roleName || applicationKey) {
    where.push(`EXISTS (SELECT 1 FROM employee_roles x WHERE x.employeeId = e.employeeId
      AND (@roleName IS NULL OR x.name = @roleName COLLATE NOCASE) AND (@applicationKey IS NULL OR x.applicationKey = @applicationKey COLLATE NOCASE))`);
    args.roleName = roleName ?? null;
    args.applicationKey = applicationKey ?? null;
  }
  // The first USER_LIST_CAP rows only (read in name order through employees_name), and how many matched: reading and
  // sorting every employee to send 200 of them was most of this call's time (issue 16).
  const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const total = db.prepare(`SELECT count(*) FROM employees e${filter}`).pluck().get(args) as number;
  const rows = db.prepare(`${ROW_SELECT}${filter} ORDER BY e.preferredName, e.employeeId LIMIT @cap`).all({ ...args, cap: USER_LIST_CAP }) as EmployeeRowDb[];
  const regions = db.prepare('SELECT regionId, name FROM regions ORDER BY name').all() as Array<{ regionId: number; name: string }>;
  return { rows: rows.map(asRow), total, capped: total > USER_LIST_CAP, regions };
}

function rolesOf(db: Database.Database, employeeId: number): RoleEntry[] {
  return db.prepare('SELECT applicationKey, name FROM employee_roles WHERE employeeId = ? ORDER BY applicationKey, name').all(employeeId) as RoleEntry[];
}

/** One user's detail as the caller sees it; 404 when there is no such employee. */
export function userDetail(db: Database.Database, employeeId: number, caller: Caller): UserDetail {
  const row = db.prepare(`${ROW_SELECT} WHERE e.employeeId = ?`).get(employeeId) as EmployeeRowDb | undefined;
  if (!row) throw notFound(USERS_TEXT.userNotFound(employeeId));
  const extra = db.prepare(`SELECT e.firstName, e.lastName, e.deactivatedAt, m.employeeId AS managerId, m.preferredName AS managerName,
      d.employeeId AS deactivatedById, d.preferredName AS deactivatedByName
    FROM employees e LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId LEFT JOIN employees d ON d.employeeId = e.deactivatedByEmployeeId
    WHERE e.employeeId = ?`).get(employeeId) as {
      firstName: string; lastName: string; deactivatedAt: string | null; managerId: number | null; managerName: string | null;
      deactivatedById: number | null; deactivatedByName: string | null;
    };
  const teams = db.prepare(`SELECT t.projectId, p.number AS projectNumber, p.name AS projectName, t.projectRole, t.endDate, t.source, t.addedAt, t.removedAt
    FROM project_team_members t JOIN projects p ON p.projectId = t.projectId
    WHERE t.employeeId = ? ORDER BY t.removedAt IS NOT NULL, p.number, t.addedAt`).all(employeeId) as UserTeamRow[];
  return {
    ...asRow(row),
    firstName: extra.firstName, lastName: extra.lastName,
    manager: extra.managerId ? { employeeId: extra.managerId, name: extra.managerName ?? '' } : null,
    deactivatedAt: extra.deactivatedAt,
    deactivatedBy: extra.deactivatedById ? { employeeId: extra.deactivatedById, name: extra.deactivatedByName ?? '' } : null,
    roles: rolesOf(db, employeeId),
    teams,
    canWrite: canWriteUsers(caller.roles),
    isSelf: caller.employeeId === employeeId,
  };
}

const GET_USER = { employeeId: p.id({ required: true }) };

// --- writes -----------------------------------------------------------------------------------

function requireWriter(user: Caller): void {
  if (!canWriteUsers(user.roles)) throw forbidden(USERS_TEXT.writeForbidden);
}

interface Subject { employeeId: number; name: string; active: number; betaUser: number }
function subjectOf(db: Database.Database, employeeId: number): Subject {
  const row = db.prepare('SELECT employeeId, preferredName AS name, active, betaUser FROM employees WHERE employeeId = ?').get(employeeId) as Subject | undefined;
  if (!row) throw notFound(USERS_TEXT.userNotFound(employeeId));
  return row;
}

/** Employee ids of the active holders of keyAdmin Admin. */
function activeAdminIds(db: Database.Database): number[] {
  return (db.prepare(`SELECT DISTINCT e.employeeId FROM employees e JOIN employee_roles r ON r.employeeId = e.employeeId
    WHERE e.active = 1 AND r.applicationKey = ? COLLATE NOCASE AND r.name = ? COLLATE NOCASE`)
    .all(ADMIN_ROLE.applicationKey, ADMIN_ROLE.name) as Array<{ employeeId: number }>).map((r) => r.employeeId);
}

function audit(db: Database.Database, entry: { actor: number; subject: number; action: AuditAction; applicationKey?: string | null; before: string | null; after: string | null; reason?: string | null; at: string }): void {
  db.prepare(`INSERT INTO admin_audit_log (at, actorEmployeeId, subjectEmployeeId, action, applicationKey, before, after, reason)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(entry.at, entry.actor, entry.subject, entry.action, entry.applicationKey ?? null, entry.before, entry.after, entry.reason ?? null);
}

const rolesText = (roles: readonly RoleEntry[]): string => roles.map(roleText).join('\n');

/** A grant or revocation: the employee and one role (an application key and a role name, each one of the known ones). */
const ROLE_CHANGE = {
  employeeId: p.id({ required: true }),
  applicationKey: p.enum(APPLICATION_KEYS, { required: true }),
  roleName: p.enum(ROLE_NAMES, { required: true }),
};
type RoleChange = RouteCtx<ParamsOf<typeof ROLE_CHANGE>>;

function insertRole(db: Database.Database, employeeId: number, applicationKey: string, roleName: string, at: string): void {
  const app = db.prepare('SELECT applicationId, name FROM applications WHERE applicationKey = ? COLLATE NOCASE').get(applicationKey) as { applicationId: number; name: string } | undefined;
  if (!app) throw badRequest(`Application ${applicationKey} is not set up on this host.`, { parameter: 'applicationKey' });
  db.prepare(`INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?)`)
    .run(employeeId, app.applicationId, applicationKey, roleName, `${app.name}: ${roleName}`, at);
}

const holds = (roles: readonly RoleEntry[], applicationKey: string, roleName: string) =>
  roles.some((r) => r.applicationKey.toLowerCase() === applicationKey.toLowerCase() && r.name.toLowerCase() === roleName.toLowerCase());

function grantRole({ db, params, user }: RoleChange): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, params.employeeId);
  const { applicationKey, roleName } = params;
  // Oneself, a role its key does not have, an Admin role by anyone but a keyAdmin Admin: 403 naming why.
  const refusal = grantRefusal(user, subject.employeeId, { applicationKey, name: roleName });
  if (refusal) throw forbidden(refusal);
  db.transaction(() => {
    const before = rolesOf(db, subject.employeeId);
    if (holds(before, applicationKey, roleName)) throw autoAlert(FN, USERS_TEXT.duplicateRole(applicationKey, roleName, subject.name), { fieldName: 'roleName' });
    const at = clock.nowIso();
    insertRole(db, subject.employeeId, applicationKey, roleName, at);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'grantRole', applicationKey, before: rolesText(before), after: rolesText(rolesOf(db, subject.employeeId)), reason: roleText({ applicationKey, name: roleName }), at });
  })();
  return userDetail(db, subject.employeeId, user);
}

function revokeRole({ db, params, user }: RoleChange): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, params.employeeId);
  const { applicationKey, roleName } = params;
  db.transaction(() => {
    const before = rolesOf(db, subject.employeeId);
    if (!holds(before, applicationKey, roleName)) throw autoAlert(FN, USERS_TEXT.roleNotHeld(applicationKey, roleName, subject.name), { fieldName: 'roleName' });
    if (isAdminRole(applicationKey, roleName) && isLastAdmin(activeAdminIds(db), subject.employeeId)) throw autoAlert(FN, USERS_TEXT.lastAdmin, { lastAdmin: true });
    const at = clock.nowIso();
    db.prepare('DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey = ? COLLATE NOCASE AND name = ? COLLATE NOCASE')
      .run(subject.employeeId, applicationKey, roleName);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'revokeRole', applicationKey, before: rolesText(before), after: rolesText(rolesOf(db, subject.employeeId)), reason: roleText({ applicationKey, name: roleName }), at });
  })();
  return userDetail(db, subject.employeeId, user);
}

const SET_ACTIVE = { employeeId: p.id({ required: true }), active: p.boolean({ required: true }), reason: p.string(1000) };

function setActive({ db, params, user }: RouteCtx<ParamsOf<typeof SET_ACTIVE>>): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, params.employeeId);
  const active = params.active;
  const reason = params.reason ?? null;
  db.transaction(() => {
    const now = db.prepare('SELECT active FROM employees WHERE employeeId = ?').get(subject.employeeId) as { active: number };
    if (active && now.active === 1) throw autoAlert(FN, USERS_TEXT.alreadyActive(subject.name));
    if (!active && now.active === 0) throw autoAlert(FN, USERS_TEXT.alreadyInactive(subject.name));
    if (!active && subject.employeeId === user.employeeId) throw autoAlert(FN, USERS_TEXT.selfDeactivate, { self: true });
    if (!active && isLastAdmin(activeAdminIds(db), subject.employeeId)) throw autoAlert(FN, USERS_TEXT.lastAdmin, { lastAdmin: true });
    const at = clock.nowIso();
    if (active) db.prepare('UPDATE employees SET active = 1, deactivatedAt = NULL, deactivatedByEmployeeId = NULL, modifiedAt = ? WHERE employeeId = ?').run(at, subject.employeeId);
    else db.prepare('UPDATE employees SET active = 0, deactivatedAt = ?, deactivatedByEmployeeId = ?, modifiedAt = ? WHERE employeeId = ?').run(at, user.employeeId, at, subject.employeeId);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: active ? 'activate' : 'deactivate', before: active ? 'inactive' : 'active', after: active ? 'active' : 'inactive', reason, at });
  })();
  return userDetail(db, subject.employeeId, user);
}

const SET_BETA = { employeeId: p.id({ required: true }), betaUser: p.boolean({ required: true }) };

function setBeta({ db, params, user }: RouteCtx<ParamsOf<typeof SET_BETA>>): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, params.employeeId);
  const beta = params.betaUser;
  if ((subject.betaUser === 1) === beta) return userDetail(db, subject.employeeId, user);
  db.transaction(() => {
    const at = clock.nowIso();
    db.prepare('UPDATE employees SET betaUser = ?, modifiedAt = ? WHERE employeeId = ?').run(beta ? 1 : 0, at, subject.employeeId);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'setBeta', before: beta ? 'false' : 'true', after: beta ? 'true' : 'false', at });
  })();
  return userDetail(db, subject.employeeId, user);
}

const COPY_ROLES = { employeeId: p.id({ required: true }), fromEmployeeId: p.id({ required: true }) };

function copyRoles({ db, params, user }: RouteCtx<ParamsOf<typeof COPY_ROLES>>): CopyRolesResult {
  requireWriter(user);
  const subject = subjectOf(db, params.employeeId);
  const from = subjectOf(db, params.fromEmployeeId);
  if (from.employeeId === subject.employeeId) throw autoAlert(FN, USERS_TEXT.copyFromSelf, { fieldName: 'fromEmployeeId' });
  // Copying grants: never into oneself, and each role added must be one the caller may grant (else nothing is copied).
  if (subject.employeeId === user.employeeId) throw forbidden(USERS_TEXT.selfCopy);
  const added = db.transaction(() => {
    const before = rolesOf(db, subject.employeeId);
    const toAdd = rolesToCopy(rolesOf(db, from.employeeId), before);
    if (toAdd.length === 0) throw autoAlert(FN, USERS_TEXT.nothingToCopy(from.name, subject.name), { fieldName: 'fromEmployeeId' });
    for (const role of toAdd) {
      const refusal = grantRefusal(user, subject.employeeId, role);
      if (refusal) throw forbidden(USERS_TEXT.copyRefused(from.name, roleText(role), refusal));
    }
    const at = clock.nowIso();
    for (const role of toAdd) insertRole(db, subject.employeeId, role.applicationKey, role.name, at);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'copyRoles', before: rolesText(before), after: rolesText(rolesOf(db, subject.employeeId)), reason: `Copied from ${from.name} (${from.employeeId}): ${toAdd.map(roleText).join(', ')}`, at });
    return toAdd;
  })();
  return { added, user: userDetail(db, subject.employeeId, user) };
}

// --- audit log --------------------------------------------------------------------------------

const AUDIT_LOG = { subjectEmployeeId: p.id(), actorEmployeeId: p.id(), action: p.enum(AUDIT_ACTIONS), from: p.date(), to: p.date() };

function auditLog({ db, params }: RouteCtx<ParamsOf<typeof AUDIT_LOG>>): AuditList {
  const { subjectEmployeeId: subject, actorEmployeeId: actor, action, from, to } = params;
  if (from && to && from > to) throw badRequest("Parameter 'from' must not be after 'to'.", { parameter: 'from' });
  const where: string[] = [];
  const args: Record<string, unknown> = {};
  if (subject !== undefined) { where.push('a.subjectEmployeeId = @subject'); args.subject = subject; }
  if (actor !== undefined) { where.push('a.actorEmployeeId = @actor'); args.actor = actor; }
  if (action) { where.push('a.action = @action'); args.action = action; }
  if (from) { where.push('a.at >= @from'); args.from = `${from}T00:00:00.000Z`; }
  if (to) { where.push('a.at < @to'); args.to = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString(); }
  const rows = db.prepare(`SELECT a.auditId, a.at, a.action, a.applicationKey, a.before, a.after, a.reason,
      a.actorEmployeeId, ac.preferredName AS actorName, a.subjectEmployeeId, s.preferredName AS subjectName
    FROM admin_audit_log a JOIN employees ac ON ac.employeeId = a.actorEmployeeId JOIN employees s ON s.employeeId = a.subjectEmployeeId
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.at DESC, a.auditId DESC LIMIT ${AUDIT_LIST_CAP + 1}`).all(args) as Array<{
      auditId: number; at: string; action: AuditAction; applicationKey: string | null; before: string | null; after: string | null; reason: string | null;
      actorEmployeeId: number; actorName: string; subjectEmployeeId: number; subjectName: string;
    }>;
  const out: AuditRow[] = rows.slice(0, AUDIT_LIST_CAP).map((r) => ({
    auditId: r.auditId, at: r.at, action: r.action, applicationKey: r.applicationKey, before: r.before, after: r.after, reason: r.reason,
    actor: { employeeId: r.actorEmployeeId, name: r.actorName }, subject: { employeeId: r.subjectEmployeeId, name: r.subjectName },
  }));
  return { rows: out, capped: rows.length > AUDIT_LIST_CAP };
}

export const userHandlers = declaredFor('userManagement', [
  route({
    method: 'GET', path: USERS_API.getUsers,
    note: 'added: search (name, login, email, employee key), active, roleName, applicationKey, regionId: UserList (capped)',
    params: LIST_USERS, handler: listUsers,
  }),
  route({
    method: 'GET', path: USERS_API.getUser,
    note: 'added: employeeId: UserDetail (profile, manager, region, beta, roles, project teams)',
    params: GET_USER, handler: ({ db, params, user }) => userDetail(db, params.employeeId, user),
  }),
  route({
    method: 'POST', path: USERS_API.grantRole,
    note: 'added: employeeId, applicationKey, roleName (duplicate → 400 autoAlert; oneself, a role the key does not have, an Admin role by anyone but a keyAdmin Admin → 403 naming why); audited',
    params: ROLE_CHANGE, handler: grantRole,
  }),
  route({
    method: 'POST', path: USERS_API.revokeRole,
    note: 'added: employeeId, applicationKey, roleName (the last active keyAdmin Admin → 400 autoAlert); audited',
    params: ROLE_CHANGE, handler: revokeRole,
  }),
  route({
    method: 'POST', path: USERS_API.setActive,
    note: 'added: employeeId, active, reason? (oneself or the last Admin → 400 autoAlert); audited',
    params: SET_ACTIVE, handler: setActive,
  }),
  route({
    method: 'POST', path: USERS_API.setBeta,
    note: 'added: employeeId, betaUser; audited',
    params: SET_BETA, handler: setBeta,
  }),
  route({
    method: 'POST', path: USERS_API.copyRoles,
    note: 'added: employeeId, fromEmployeeId: adds the roles the target lacks, { added, user } (into oneself, or a copied role the caller may not grant → 403 naming it, nothing copied); audited',
    params: COPY_ROLES, handler: copyRoles,
  }),
  route({
    method: 'GET', path: USERS_API.getAuditLog,
    note: 'added: subjectEmployeeId, actorEmployeeId, action, from, to: AuditList newest first (capped)',
    params: AUDIT_LOG, handler: auditLog,
  }),
]);
