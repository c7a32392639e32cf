/**
 * The user-management calls of src/core/admin/contract.ts (the contract with demo/host/api/admin/users.ts),
 * their failures in words (§8), and the audit log as an export sheet (the CSV and Excel writers
 * neutralise formulas).
 */
import { getJson, loadTimer, postForm, problemText as sharedProblemText, retryMark } from '../../../core/api';
import { formatDateTime } from '../../../core/format/dates';
import {
  NO_FILTERS, USERS_API, setFilters, usersQuery, type AuditList, type CopyRolesResult, type UserDetail, type UserFilters, type UserList,
} from '../../../core/admin';
import { listSheet, type ExportSheet } from '../../../core/format/spreadsheet';
import { USERS_UI_TEXT as T } from './text';

const loadTime = loadTimer();
/** Another load timeout (tests); null restores the default. */
export const setUsersLoadTimeout = loadTime.set;

export { NO_FILTERS, type UserFilters };

export function loadUsers(filters: UserFilters, signal?: AbortSignal, attempt = 0): Promise<UserList> {
  return getJson<UserList>(USERS_API.getUsers, usersQuery(filters, retryMark(attempt)), { signal: loadTime.timed(signal) });
}

export function loadUser(employeeId: number, signal?: AbortSignal, attempt = 0): Promise<UserDetail> {
  return getJson<UserDetail>(USERS_API.getUser, { employeeId, ...retryMark(attempt) }, { signal: loadTime.timed(signal) });
}

export interface AuditFilters { subjectEmployeeId: string; actorEmployeeId: string; action: string; from: string; to: string }
export const NO_AUDIT_FILTERS: AuditFilters = { subjectEmployeeId: '', actorEmployeeId: '', action: '', from: '', to: '' };

export function loadAuditLog(filters: AuditFilters, signal?: AbortSignal, attempt = 0): Promise<AuditList> {
  return getJson<AuditList>(USERS_API.getAuditLog, setFilters({ ...filters, ...retryMark(attempt) }), { signal: loadTime.timed(signal) });
}

export const grantRole = (employeeId: number, applicationKey: string, roleName: string) =>
  postForm<UserDetail>(USERS_API.grantRole, { employeeId, applicationKey, roleName });
export const revokeRole = (employeeId: number, applicationKey: string, roleName: string) =>
  postForm<UserDetail>(USERS_API.revokeRole, { employeeId, applicationKey, roleName });
export const setActive = (employeeId: number, active: boolean, reason: string) =>
  postForm<UserDetail>(USERS_API.setActive, { employeeId, active: String(active), ...(reason.trim() ? { reason: reason.trim() } : {}) });
export const setBeta = (employeeId: number, betaUser: boolean) => postForm<UserDetail>(USERS_API.setBeta, { employeeId, betaUser: String(betaUser) });
export const copyRoles = (employeeId: number, fromEmployeeId: number) => postForm<CopyRolesResult>(USERS_API.copyRoles, { employeeId, fromEmployeeId });

/** A failure in words: the server's message when it gives one. */
export const problemText = (error: unknown): string => sharedProblemText(error, T.problems);

/** The audit rows as a sheet (text cells; the writers neutralise =, +, -, @). */
export function auditSheet(list: AuditList): ExportSheet {
  const c = T.auditColumns;
  const fields = ['at', 'actor', 'subject', 'action', 'applicationKey', 'before', 'after', 'reason'] as const;
  return listSheet(fields.map((field) => ({ field, title: c[field], excelFormat: null })), list.rows,
    (r) => [formatDateTime(r.at), r.actor.name, r.subject.name, T.actionLabel(r.action), r.applicationKey, r.before, r.after, r.reason]);
}
