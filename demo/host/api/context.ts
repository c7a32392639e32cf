/** What a handler gets: the request's parameters, the database and the signed-in employee with roles. */
import type Database from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleAllows, type RoleEntry } from '../../../src/core/access';
import { HttpError, type Params } from './http';
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

export interface Ctx {
  request: FastifyRequest;
  reply: FastifyReply;
  db: Database.Database;
  user: Caller;
  /** The query string. */
  query: Params;
  /** The form (multipart keyValues or urlencoded) or JSON body; {} for GET. */
  body: Params;
}

/**
 * A handler answers with a value (sent as `{ data: value }`), or sends the reply itself and
 * returns it (files, images). Throw HttpError to refuse.
 */
export type Handler = (ctx: Ctx) => unknown;
export type Handlers = Record<string, Handler | RouteDeclaration>;

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
