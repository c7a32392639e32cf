/** The signed-in caller of a request: the employee with their roles, as they are now. */
import type Database from 'better-sqlite3';
import { roleAllows, type RoleEntry } from '../../../src/core/access';
import { HttpError } from './http';
import { USERS_TEXT } from '../../../src/core/admin/users';
import { prepared } from '../db/statements';
import type { RouteDeclaration } from './declare';

export interface Employee {
  employeeId: number;
  login: string | null;
  employeeKey: string;
  preferredName: string;
  initials: string;
  jobTitle: string;
  email: string;
  active: number;
  betaUser: number;
}

export interface Caller extends Employee {
  roles: RoleEntry[];
}

/** An area's declared routes by their `METHOD /path` key (declare.ts `declared`). */
export type Handlers = Record<string, RouteDeclaration>;

/** The employee of `login` with their roles, or undefined. */
export function loadCaller(db: Database.Database, login: string): Caller | undefined {
  const employee = prepared(db,
    'SELECT employeeId, login, employeeKey, preferredName, initials, jobTitle, email, active, betaUser FROM employees WHERE login = ? COLLATE NOCASE',
  ).get(login) as Employee | undefined;
  if (!employee) return undefined;
  const roles = prepared(db, 'SELECT applicationKey, name FROM employee_roles WHERE employeeId = ? ORDER BY employeeRoleId')
    .all(employee.employeeId) as RoleEntry[];
  return { ...employee, roles };
}

/**
 * THE caller check of every authenticated call (API, legacy data paths, BI / AI / search services):
 * the token's employee with their roles as they are now (a role change counts on the next request),
 * 403 without an employee record, 401 when the employee is deactivated (their tokens stop working).
 */
export function authenticatedCaller(db: Database.Database, login: string): Caller {
  const user = loadCaller(db, login);
  if (!user) throw new HttpError(403, `No employee record for '${login}'.`);
  if (user.active !== 1) throw new HttpError(401, USERS_TEXT.deactivatedToken, { deactivated: true });
  return user;
}

/** keyAdmin Admin: may look at other employees' items. */
export const isAdmin = (user: Caller): boolean => roleAllows(user.roles, 'keyAdmin', ['Admin']);
