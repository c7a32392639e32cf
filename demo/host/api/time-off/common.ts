/**
 * Time off on the demo host (issue 13): what every time-off call shares. The clock (injectable, so
 * the API tests can pin "today"), who the caller may see and decide for, the employee's accounts
 * (opening balance of the year + accrual per pay period from the `payPeriodAnchor` setting + the
 * type's carry-over cap) and region holidays, in the shapes the core rules (src/core/time-off.ts) take.
 */
import type Database from 'better-sqlite3';
import { roleAllows, ruleAllows, TIMECARD_ADMINS } from '../../../../src/core/access';
import { TIME_OFF_MANAGERS } from '../../../../src/core/time-off/contract';
import { PAY_PERIOD_DAYS, type PtoAccount, type PtoOpenCorrection, type PtoRequest } from '../../../../src/core/time-off';
import { addDays, daysBetween, isDay } from '../../../../src/core/timecards/days';
import type { Holiday } from '../../../../src/core/timecards/hours';
import type { Delegation } from '../../../../src/core/timecards/states';
import type { Caller } from '../context';
import { DAY_COLUMNS } from '../timecards/cards';
import { prepared } from '../../db/statements';

type Db = Database.Database;

// --- who the caller is ------------------------------------------------------------------------------

/** Admin / Timecard Admin (keyTC), Admin on keyAdmin or keyPTO: sees and decides everyone's requests. */
export const seesEveryone = (user: Caller): boolean =>
  ruleAllows(user.roles, TIMECARD_ADMINS) || roleAllows(user.roles, 'keyAdmin', ['Admin']) || roleAllows(user.roles, 'keyPTO', ['Admin']);

/** keyPTO Manager or Admin (the menu role of the team view). */
export const isTimeOffManager = (user: Caller): boolean => TIME_OFF_MANAGERS.some((rule) => ruleAllows(user.roles, rule));

/** The delegations (not canceled) received by `delegateId`. */
export const delegationsTo = (db: Db, delegateId: number): Delegation[] =>
  prepared(db, `SELECT managerEmployeeId AS managerId, delegateEmployeeId AS delegateId, startDate, endDate FROM approval_delegations
    WHERE delegateEmployeeId = ? AND canceledAt IS NULL`).all(delegateId) as Delegation[];

export interface EmployeeRef {
  employeeId: number;
  preferredName: string;
  managerEmployeeId: number | null;
  regionId: number | null;
}

export function employeeRef(db: Db, employeeId: number): EmployeeRef | undefined {
  return db.prepare('SELECT employeeId, preferredName, managerEmployeeId, regionId FROM employees WHERE employeeId = ?').get(employeeId) as EmployeeRef | undefined;
}

/** True when a delegation from `managerId` to the caller shares a day with `from`..`to`. */
export const delegationCoversRange = (delegations: readonly Delegation[], managerId: number | null, from: string, to: string): boolean =>
  managerId !== null && delegations.some((d) => d.managerId === managerId && d.startDate <= to && from <= d.endDate);

/**
 * Whether the caller may see `employee`'s requests and balances around `from`..`to`: their own, their
 * manager, that manager's delegate for a range sharing a day, or Admin / Timecard Admin.
 */
export function maySee(db: Db, user: Caller, employee: EmployeeRef, from: string, to: string): boolean {
  if (employee.employeeId === user.employeeId || seesEveryone(user)) return true;
  if (employee.managerEmployeeId === user.employeeId) return true;
  return delegationCoversRange(delegationsTo(db, user.employeeId), employee.managerEmployeeId, from, to);
}

// --- holidays and accounts -----------------------------------------------------------------------------

/** The holidays of a region in the core's shape (a 4-hour holiday is a half day). */
export function regionHolidays(db: Db, regionId: number | null): Holiday[] {
  if (regionId === null) return [];
  return (prepared(db, 'SELECT holidayDate, name, hours FROM holidays WHERE regionId = ? ORDER BY holidayDate').all(regionId) as Array<{ holidayDate: string; name: string; hours: number }>)
    .map((h) => ({ date: h.holidayDate, name: h.name, halfDay: h.hours < 8 }));
}

export interface PtoTypeRow {
  ptoTypeId: number;
  name: string;
  allowsNegative: number;
  accrualHoursPerPeriod: number;
  carryOverCapHours: number;
}

export const ptoTypes = (db: Db): PtoTypeRow[] =>
  prepared(db, 'SELECT ptoTypeId, name, allowsNegative, accrualHoursPerPeriod, carryOverCapHours FROM pto_types WHERE active = 1 ORDER BY displayOrder').all() as PtoTypeRow[];

/** The `payPeriodAnchor` setting: the Sunday the first pay period counted starts on. */
export function payPeriodAnchor(db: Db): string {
  const anchor = prepared(db, "SELECT stringValue FROM settings WHERE key = 'payPeriodAnchor'", 'pluck').get() as string | undefined;
  // Migration 011 writes it; a database without it is broken, not a day to guess.
  if (!anchor || !isDay(anchor)) throw new Error('settings.payPeriodAnchor is missing or not a day');
  return anchor;
}

/** The first pay-period end on or after `from` that closes a period counted from `anchor` (the grid: anchor + 13 + 14k). */
export function firstPeriodEnd(anchor: string, from: string): string {
  const start = from > anchor ? from : addDays(anchor, PAY_PERIOD_DAYS - 1);
  const offset = ((daysBetween(addDays(anchor, PAY_PERIOD_DAYS - 1), start) % PAY_PERIOD_DAYS) + PAY_PERIOD_DAYS) % PAY_PERIOD_DAYS;
  return offset === 0 ? start : addDays(start, PAY_PERIOD_DAYS - offset);
}

/** How many pay periods counted from `anchor` end from `from` through `to`. */
export function periodsEnded(anchor: string, from: string, to: string): number {
  const first = firstPeriodEnd(anchor, from);
  return first > to ? 0 : Math.floor(daysBetween(first, to) / PAY_PERIOD_DAYS) + 1;
}

/**
 * `employeeId`'s account of `type` for a balance on `asOf`: the opening hours of the latest year with a
 * `pto_balances` row on or before `asOf`'s year (0 from Jan 1 of `asOf`'s year when none), accruing
 * every pay period counted from the anchor (a period ending before the anchor accrues nothing: the
 * core's grid would count it, so the opening passed to it is lowered by that accrual), capped at each
 * year end by the type's carry-over cap. `openingHours` is the stored opening.
 */
export function accountOf(db: Db, employeeId: number, type: PtoTypeRow, asOf: string, anchor = payPeriodAnchor(db)): PtoAccount & { openingHours: number } {
  const row = prepared(db, 'SELECT year, openingHours FROM pto_balances WHERE employeeId = ? AND ptoTypeId = ? AND year <= ? ORDER BY year DESC LIMIT 1')
    .get(employeeId, type.ptoTypeId, Number(asOf.slice(0, 4))) as PtoOpening | undefined;
  return accountFrom(row, type, asOf, anchor);
}

/** A `pto_balances` row: the hours an employee's type opened a year with. */
export interface PtoOpening { year: number; openingHours: number }

/** {@link accountOf} from the opening it reads (the latest on or before `asOf`'s year; undefined when none). */
export function accountFrom(row: PtoOpening | undefined, type: PtoTypeRow, asOf: string, anchor: string): PtoAccount & { openingHours: number } {
  const year = Number(asOf.slice(0, 4));
  const openingDate = `${row?.year ?? year}-01-01`;
  const openingHours = row?.openingHours ?? 0;
  // Grid ends between the opening date and the anchor: not periods of this plan.
  let before = 0;
  for (let end = addDays(anchor, -1); end >= openingDate; end = addDays(end, -PAY_PERIOD_DAYS)) before += 1;
  return {
    type: type.name,
    openingBalance: Math.round((openingHours - before * type.accrualHoursPerPeriod) * 100) / 100,
    openingHours,
    openingDate,
    accrualPerPeriod: type.accrualHoursPerPeriod,
    payPeriodEnd: addDays(anchor, -1),
    carryOverCap: type.carryOverCapHours,
  };
}

/** `employeeId`'s requests in the core's shape (every state), with their open timecard corrections. */
export function requestsOf(db: Db, employeeId: number): Array<PtoRequest & { requestId: number }> {
  return requestsOfEmployees(db, [employeeId]).get(employeeId)!;
}

/**
 * The open timecard corrections of many employees' requests, by request id: the balance follows the
 * card until they are applied (core `chargedDays`, issue 29).
 */
export function openCorrectionsOf(db: Db, employeeIds: readonly number[]): Map<number, PtoOpenCorrection[]> {
  const out = new Map<number, PtoOpenCorrection[]>();
  if (!employeeIds.length) return out;
  const rows = prepared(db, `SELECT c.requestId, t.weekStart, c.kind, ${DAY_COLUMNS.map((d) => `c.${d}`).join(', ')}
    FROM timecard_corrections c JOIN weekly_timecards t ON t.timecardId = c.timecardId
    WHERE c.status = 'Open' AND t.employeeId IN (SELECT value FROM json_each(?)) ORDER BY c.correctionId`).all(JSON.stringify(employeeIds)) as Array<Record<string, number | string>>;
  for (const row of rows) {
    const id = row.requestId as number;
    out.set(id, [...(out.get(id) ?? []), { weekStart: row.weekStart as string, kind: row.kind as 'Add' | 'Remove', hours: DAY_COLUMNS.map((d) => Number(row[d])) }]);
  }
  return out;
}

/** The requests of many employees in one query (a list's rows), by employee id, with their open corrections; an employee without any maps to []. */
export function requestsOfEmployees(db: Db, employeeIds: Iterable<number>): Map<number, Array<PtoRequest & { requestId: number }>> {
  const out = new Map<number, Array<PtoRequest & { requestId: number }>>();
  for (const employeeId of employeeIds) out.set(employeeId, []);
  if (!out.size) return out;
  const rows = prepared(db, `SELECT r.requestId, r.employeeId, r.title, t.name AS type, r.startDate, r.endDate, r.hoursPerDay, st.name AS state
    FROM time_off_requests r JOIN pto_types t USING (ptoTypeId) JOIN application_record_states st USING (applicationRecordStateId)
    WHERE r.employeeId IN (SELECT value FROM json_each(?)) ORDER BY r.employeeId, r.startDate, r.requestId`).all(JSON.stringify([...out.keys()])) as Array<PtoRequest & { requestId: number }>;
  const corrections = openCorrectionsOf(db, [...out.keys()]);
  for (const row of rows) {
    const open = corrections.get(row.requestId);
    out.get(row.employeeId)!.push(open ? { ...row, openCorrections: open } : row);
  }
  return out;
}

/** Every `pto_balances` row of many employees in one query (a list's rows), by employee id, latest year first; [] when none. */
export function openingsOfEmployees(db: Db, employeeIds: Iterable<number>): Map<number, Array<PtoOpening & { ptoTypeId: number }>> {
  const out = new Map<number, Array<PtoOpening & { ptoTypeId: number }>>();
  for (const employeeId of employeeIds) out.set(employeeId, []);
  if (!out.size) return out;
  const rows = prepared(db, `SELECT employeeId, ptoTypeId, year, openingHours FROM pto_balances
    WHERE employeeId IN (SELECT value FROM json_each(?)) ORDER BY employeeId, year DESC`).all(JSON.stringify([...out.keys()])) as Array<PtoOpening & { employeeId: number; ptoTypeId: number }>;
  for (const { employeeId, ...opening } of rows) out.get(employeeId)!.push(opening);
  return out;
}
