/**
 * User management (issue 15, §2 /usermanagement): the users list, one user's detail, role grants and
 * revocations, activation, the beta flag, copying roles, and the audit log. The contract (paths,
 * answers, texts, rules): src/core/admin/users.ts.
 *
 * Access: ACCESS.userManagement reads (keyUserManagement Admin, IT, Viewer, routes.ts); writes need
 * Admin or IT (Viewer 403 here). Every write and its admin_audit_log row (who, when, before, after)
 * are one transaction. The last active keyAdmin Admin cannot be revoked or deactivated, nor can one
 * deactivate oneself (400 autoAlert). Users are never deleted.
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
  canWriteUsers, isAdminRole, isLastAdmin, roleText, rolesToCopy,
  type AuditAction, type AuditList, type AuditRow, type CopyRolesResult, type UserDetail, type UserList, type UserRow, type UserTeamRow,
} from '../../../../src/core/admin/users';
import type { Caller, Ctx, Handlers } from '../context';
import { autoAlert, badRequest, booleanParam, enumParam, forbidden, idParam, notFound, nowIso, stringParam, type Params } from '../http';
import { routeKey } from '../routes';

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

function listUsers({ db, query }: Ctx): UserList {
  const search = stringParam(query, 'search', 200);
  const active = enumParam(query, 'active', ACTIVE_FILTERS) ?? 'all';
  const roleName = enumParam(query, 'roleName', ROLE_NAMES);
  const applicationKey = enumParam(query, 'applicationKey', APPLICATION_KEYS);
  const regionId = idParam(query, 'regionId');
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

const getUser = ({ db, query, user }: Ctx): UserDetail => userDetail(db, idParam(query, 'employeeId', true), user);

// --- writes -----------------------------------------------------------------------------------

function requireWriter(user: Caller): void {
  if (!canWriteUsers(user.roles)) throw forbidden(USERS_TEXT.writeForbidden);
}

interface Subject { employeeId: number; name: string; active: number; betaUser: number }
function subjectOf(db: Database.Database, params: Params, name = 'employeeId'): Subject {
  const employeeId = idParam(params, name, true);
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

function roleParams(params: Params): { applicationKey: string; roleName: string } {
  const applicationKey = enumParam(params, 'applicationKey', APPLICATION_KEYS);
  const roleName = enumParam(params, 'roleName', ROLE_NAMES);
  if (!applicationKey) throw badRequest("Parameter 'applicationKey' is required.", { parameter: 'applicationKey' });
  if (!roleName) throw badRequest("Parameter 'roleName' is required.", { parameter: 'roleName' });
  return { applicationKey, roleName };
}

function insertRole(db: Database.Database, employeeId: number, applicationKey: string, roleName: string, at: string): void {
  const app = db.prepare('SELECT applicationId, name FROM applications WHERE applicationKey = ? COLLATE NOCASE').get(applicationKey) as { applicationId: number; name: string } | undefined;
  if (!app) throw badRequest(`Application ${applicationKey} is not set up on this host.`, { parameter: 'applicationKey' });
  db.prepare(`INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?)`)
    .run(employeeId, app.applicationId, applicationKey, roleName, `${app.name}: ${roleName}`, at);
}

const holds = (roles: readonly RoleEntry[], applicationKey: string, roleName: string) =>
  roles.some((r) => r.applicationKey.toLowerCase() === applicationKey.toLowerCase() && r.name.toLowerCase() === roleName.toLowerCase());

function grantRole({ db, body, user }: Ctx): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, body);
  const { applicationKey, roleName } = roleParams(body);
  db.transaction(() => {
    const before = rolesOf(db, subject.employeeId);
    if (holds(before, applicationKey, roleName)) throw autoAlert(FN, USERS_TEXT.duplicateRole(applicationKey, roleName, subject.name), { fieldName: 'roleName' });
    const at = nowIso();
    insertRole(db, subject.employeeId, applicationKey, roleName, at);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'grantRole', applicationKey, before: rolesText(before), after: rolesText(rolesOf(db, subject.employeeId)), reason: roleText({ applicationKey, name: roleName }), at });
  })();
  return userDetail(db, subject.employeeId, user);
}

function revokeRole({ db, body, user }: Ctx): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, body);
  const { applicationKey, roleName } = roleParams(body);
  db.transaction(() => {
    const before = rolesOf(db, subject.employeeId);
    if (!holds(before, applicationKey, roleName)) throw autoAlert(FN, USERS_TEXT.roleNotHeld(applicationKey, roleName, subject.name), { fieldName: 'roleName' });
    if (isAdminRole(applicationKey, roleName) && isLastAdmin(activeAdminIds(db), subject.employeeId)) throw autoAlert(FN, USERS_TEXT.lastAdmin, { lastAdmin: true });
    const at = nowIso();
    db.prepare('DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey = ? COLLATE NOCASE AND name = ? COLLATE NOCASE')
      .run(subject.employeeId, applicationKey, roleName);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'revokeRole', applicationKey, before: rolesText(before), after: rolesText(rolesOf(db, subject.employeeId)), reason: roleText({ applicationKey, name: roleName }), at });
  })();
  return userDetail(db, subject.employeeId, user);
}

function setActive({ db, body, user }: Ctx): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, body);
  if (body && !Object.keys(body).some((k) => k.toLowerCase() === 'active')) throw badRequest("Parameter 'active' is required.", { parameter: 'active' });
  const active = booleanParam(body, 'active', true);
  const reason = stringParam(body, 'reason', 1000) ?? null;
  db.transaction(() => {
    const now = db.prepare('SELECT active FROM employees WHERE employeeId = ?').get(subject.employeeId) as { active: number };
    if (active && now.active === 1) throw autoAlert(FN, USERS_TEXT.alreadyActive(subject.name));
    if (!active && now.active === 0) throw autoAlert(FN, USERS_TEXT.alreadyInactive(subject.name));
    if (!active && subject.employeeId === user.employeeId) throw autoAlert(FN, USERS_TEXT.selfDeactivate, { self: true });
    if (!active && isLastAdmin(activeAdminIds(db), subject.employeeId)) throw autoAlert(FN, USERS_TEXT.lastAdmin, { lastAdmin: true });
    const at = nowIso();
    if (active) db.prepare('UPDATE employees SET active = 1, deactivatedAt = NULL, deactivatedByEmployeeId = NULL, modifiedAt = ? WHERE employeeId = ?').run(at, subject.employeeId);
    else db.prepare('UPDATE employees SET active = 0, deactivatedAt = ?, deactivatedByEmployeeId = ?, modifiedAt = ? WHERE employeeId = ?').run(at, user.employeeId, at, subject.employeeId);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: active ? 'activate' : 'deactivate', before: active ? 'inactive' : 'active', after: active ? 'active' : 'inactive', reason, at });
  })();
  return userDetail(db, subject.employeeId, user);
}

function setBeta({ db, body, user }: Ctx): UserDetail {
  requireWriter(user);
  const subject = subjectOf(db, body);
  if (!Object.keys(body).some((k) => k.toLowerCase() === 'betauser')) throw badRequest("Parameter 'betaUser' is required.", { parameter: 'betaUser' });
  const beta = booleanParam(body, 'betaUser', false);
  if ((subject.betaUser === 1) === beta) return userDetail(db, subject.employeeId, user);
  db.transaction(() => {
    const at = nowIso();
    db.prepare('UPDATE employees SET betaUser = ?, modifiedAt = ? WHERE employeeId = ?').run(beta ? 1 : 0, at, subject.employeeId);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'setBeta', before: beta ? 'false' : 'true', after: beta ? 'true' : 'false', at });
  })();
  return userDetail(db, subject.employeeId, user);
}

function copyRoles({ db, body, user }: Ctx): CopyRolesResult {
  requireWriter(user);
  const subject = subjectOf(db, body);
  const from = subjectOf(db, body, 'fromEmployeeId');
  if (from.employeeId === subject.employeeId) throw autoAlert(FN, USERS_TEXT.copyFromSelf, { fieldName: 'fromEmployeeId' });
  const added = db.transaction(() => {
    const before = rolesOf(db, subject.employeeId);
    const toAdd = rolesToCopy(rolesOf(db, from.employeeId), before);
    if (toAdd.length === 0) throw autoAlert(FN, USERS_TEXT.nothingToCopy(from.name, subject.name), { fieldName: 'fromEmployeeId' });
    const at = nowIso();
    for (const role of toAdd) insertRole(db, subject.employeeId, role.applicationKey, role.name, at);
    audit(db, { actor: user.employeeId, subject: subject.employeeId, action: 'copyRoles', before: rolesText(before), after: rolesText(rolesOf(db, subject.employeeId)), reason: `Copied from ${from.name} (${from.employeeId}): ${toAdd.map(roleText).join(', ')}`, at });
    return toAdd;
  })();
  return { added, user: userDetail(db, subject.employeeId, user) };
}

// --- audit log --------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function dateParam(params: Params, name: string): string | undefined {
  const raw = stringParam(params, name, 40);
  if (raw === undefined) return undefined;
  if (!DATE.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) {
    throw badRequest(`Parameter '${name}' must be a date (YYYY-MM-DD, got '${raw.slice(0, 40)}').`, { parameter: name });
  }
  return raw;
}

function auditLog({ db, query }: Ctx): AuditList {
  const subject = idParam(query, 'subjectEmployeeId');
  const actor = idParam(query, 'actorEmployeeId');
  const action = enumParam(query, 'action', AUDIT_ACTIONS);
  const from = dateParam(query, 'from');
  const to = dateParam(query, 'to');
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

export const userHandlers: Handlers = {
  [routeKey('GET', USERS_API.getUsers)]: listUsers,
  [routeKey('GET', USERS_API.getUser)]: getUser,
  [routeKey('POST', USERS_API.grantRole)]: grantRole,
  [routeKey('POST', USERS_API.revokeRole)]: revokeRole,
  [routeKey('POST', USERS_API.setActive)]: setActive,
  [routeKey('POST', USERS_API.setBeta)]: setBeta,
  [routeKey('POST', USERS_API.copyRoles)]: copyRoles,
  [routeKey('GET', USERS_API.getAuditLog)]: auditLog,
};
