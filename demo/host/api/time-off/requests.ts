/**
 * Time-off requests and balances (issue 13, TIME_OFF_API in src/core/time-off-api.ts):
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timeoff/getrequests | view mine (default) / team, recordId, open, lastLoad (changed since) | `TimeOffRequestRow[]` |
 * | GET /api/timeoff/getbalances | employeeId (default the caller), asOf (default today) | `BalanceRow[]` |
 * | POST /api/timeoff/saverequest | requestId (change a Pending one, or an Approved one before its start: back to Pending), OldRecordStateId?, type, title, startDate, endDate, hoursPerDay | `TimeOffRequestRow` |
 *
 * Another employee's requests and balances: their manager, that manager's delegate for dates sharing a
 * day, or Admin / Timecard Admin (403 otherwise). A new request is checked by the core's
 * `validateRequest` with the employee's other requests, account and region holidays: a refusal is a
 * 400 autoAlert whose `feedback` items carry `fieldName`; nothing is written then.
 */
import type Database from 'better-sqlite3';
import {
  balanceAsOf, chargedDays, mayChangeRequest, mayTransitionRequest, PTO_STATES, requestDays, requestHours, validateRequest, type PtoAccount, type PtoRequest,
} from '../../../../src/core/time-off';
import type { BalanceRow, TimeOffRequestRow } from '../../../../src/core/time-off/contract';
import { TIME_OFF_API } from '../../../../src/core/time-off/contract';
import { addDays } from '../../../../src/core/timecards/days';
import { weekOf } from '../../../../src/core/timecards/week';
import { isLockedWeek } from '../../../../src/core/time-off/reconcile';
import { formatDate } from '../../../../src/core/format/dates';
import type { Holiday } from '../../../../src/core/timecards/hours';
import { INVALID, type FeedbackItem } from '../../../../src/core/timecards/policy';
import type { Delegation } from '../../../../src/core/timecards/states';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, conflict, forbidden, notFound } from '../http';
import { recordOr404, stateByName } from '../records';
import { accountFrom, accountOf, delegationsTo, employeeRef, isTimeOffManager, maySee, openingsOfEmployees, payPeriodAnchor, periodsEnded, ptoTypes, regionHolidays, requestsOf, requestsOfEmployees, seesEveryone, type PtoOpening, type PtoTypeRow } from './common';
import { reconcileTimeOff } from './reconcile';
import * as clock from '../../../../src/core/clock';

type Db = Database.Database;
export const PTO_KEY = 'PtoRequest';
export const SAVE_REQUEST = 'saverequest';

/** The request states' ids by name and names by id. */
export function ptoStates(db: Db): { id: Record<string, number>; name: Map<number, string> } {
  const id: Record<string, number> = {};
  for (const name of Object.values(PTO_STATES)) id[name] = stateByName(db, PTO_KEY, name).applicationRecordStateId;
  return { id, name: new Map(Object.entries(id).map(([n, i]) => [i, n])) };
}

export const REQUEST_SELECT = `SELECT r.requestId, r.employeeId, e.preferredName AS employeeName, e.managerEmployeeId AS managerId, e.regionId,
  t.name AS type, r.ptoTypeId, r.title, r.startDate, r.endDate, r.hoursPerDay, r.totalHours, st.name AS state, r.applicationRecordStateId,
  r.requestedAt, d.preferredName AS decidedByName, r.decidedAt, o.preferredName AS onBehalfOfName, r.denialReason, r.canceledAt, r.version
  FROM time_off_requests r JOIN employees e ON e.employeeId = r.employeeId JOIN pto_types t ON t.ptoTypeId = r.ptoTypeId
  JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
  LEFT JOIN employees d ON d.employeeId = r.decidedByEmployeeId LEFT JOIN employees o ON o.employeeId = r.onBehalfOfEmployeeId`;

/** A request as REQUEST_SELECT reads it: the answer's fields the database holds, and the keys the rules need. */
export type RequestDbRow = Omit<TimeOffRequestRow, 'balanceBefore' | 'balanceAfter' | 'advancements' | 'confirmation' | 'notices'> & {
  managerId: number | null;
  regionId: number | null;
  ptoTypeId: number;
  version: number;
};

export function requestDbRow(db: Db, requestId: number): RequestDbRow {
  return recordOr404<RequestDbRow>(db, REQUEST_SELECT, 'r.requestId', requestId, 'Time-off request');
}

/** A type whose balance is not tracked: it may go negative and accrues nothing (Bereavement, Jury Duty). */
const untracked = (type: PtoTypeRow | undefined) => !type || (type.allowsNegative === 1 && type.accrualHoursPerPeriod === 0);

/**
 * What many rows share, read once per answer (issue 16: the team list read them again for every row):
 * holidays per region; requests and `pto_balances` openings per employee (one query each for the
 * employees named up front); accounts per employee, type and year.
 */
class EmployeeBook {
  readonly #db: Db;
  readonly #types: Map<string, PtoTypeRow>;
  readonly #anchor: string;
  readonly #holidays = new Map<number | null, Holiday[]>();
  readonly #requests: Map<number, Array<PtoRequest & { requestId: number }>>;
  readonly #openings: Map<number, Array<PtoOpening & { ptoTypeId: number }>>;
  readonly #accounts = new Map<string, PtoAccount & { openingHours: number }>();
  /** `employeeIds`: the employees of the rows to come (others are read when asked for). */
  constructor(db: Db, employeeIds: Iterable<number> = []) {
    const ids = new Set(employeeIds);
    this.#db = db;
    this.#types = new Map(ptoTypes(db).map((t) => [t.name, t]));
    this.#anchor = payPeriodAnchor(db);
    this.#requests = requestsOfEmployees(db, ids);
    this.#openings = openingsOfEmployees(db, ids);
  }
  of(employeeId: number, regionId: number | null) {
    let holidays = this.#holidays.get(regionId);
    if (!holidays) this.#holidays.set(regionId, (holidays = regionHolidays(this.#db, regionId)));
    let requests = this.#requests.get(employeeId);
    if (!requests) this.#requests.set(employeeId, (requests = requestsOfEmployees(this.#db, [employeeId]).get(employeeId)!));
    return { holidays, requests };
  }
  type(name: string) {
    return this.#types.get(name);
  }
  readonly #workedWeeks = new Map<number, Map<string, string>>();
  /** The employee's cards past Draft (Submitted, Approved, Processed): their state by week start. */
  workedWeeks(employeeId: number): Map<string, string> {
    let weeks = this.#workedWeeks.get(employeeId);
    if (!weeks) {
      const rows = this.#db.prepare(`SELECT t.weekStart, st.name AS state FROM weekly_timecards t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
        WHERE t.employeeId = ? AND st.name <> 'Draft'`).all(employeeId) as Array<{ weekStart: string; state: string }>;
      this.#workedWeeks.set(employeeId, (weeks = new Map(rows.map((r) => [r.weekStart, r.state]))));
    }
    return weeks;
  }
  /** accountOf (it depends on `asOf` through its year only). */
  account(employeeId: number, type: PtoTypeRow, asOf: string): PtoAccount & { openingHours: number } {
    const year = Number(asOf.slice(0, 4));
    const key = `${employeeId}:${type.ptoTypeId}:${year}`;
    let account = this.#accounts.get(key);
    if (!account) {
      let openings = this.#openings.get(employeeId);
      if (!openings) this.#openings.set(employeeId, (openings = openingsOfEmployees(this.#db, [employeeId]).get(employeeId)!));
      // accountOf's opening: the type's latest year on or before asOf's (openings are latest first).
      const opening = openings.find((o) => o.ptoTypeId === type.ptoTypeId && o.year <= year);
      this.#accounts.set(key, (account = accountFrom(opening, type, asOf, this.#anchor)));
    }
    return account;
  }
}

/** The confirmation an approver reads before approving time off on a week already submitted or approved. */
const PTO_CONFIRM_TEXT = (name: string, weekStart: string, state: string) =>
  `${name}'s week of ${formatDate(weekStart)}–${formatDate(addDays(weekStart, 6))} is already ${state}: `
  + (isLockedWeek(state) ? 'approving makes a correction for a Timecard Admin, and the balance moves when it is applied.' : 'approving adds the time off to that submitted card.');

/** The caller as the request rules see them (seesEveryone read once per answer, not once per row). */
type Actor = { employeeId: number; timecardAdmin: boolean };

/** The API row of a request for `actor`: balances before and after on its start date, and what the caller may do. */
function toRow(row: RequestDbRow, book: EmployeeBook, actor: Actor, delegations: readonly Delegation[], states: ReturnType<typeof ptoStates>, today: string): TimeOffRequestRow {
  const { holidays, requests } = book.of(row.employeeId, row.regionId);
  const type = book.type(row.type);
  let balanceBefore: number | null = null;
  let balanceAfter: number | null = null;
  if (type && !untracked(type)) {
    const account = book.account(row.employeeId, type, row.startDate);
    // On the start date, without this request: what is there to take it from.
    balanceBefore = balanceAsOf(account, requests.filter((r) => r.requestId !== row.requestId), row.startDate, holidays);
    balanceAfter = Math.round((balanceBefore - requestHours(row, holidays)) * 100) / 100;
  }
  const request = { ...row, managerId: row.managerId };
  const advancements: TimeOffRequestRow['advancements'] = [];
  const may = (to: string, reason?: string) => mayTransitionRequest({ from: row.state, to, actor, request, delegations, reason, today }).ok;
  if (row.state === PTO_STATES.pending && may(PTO_STATES.approved)) {
    advancements.push({ routeStateId: states.id.Approved!, name: 'Approve', action: 'approve', needsReason: false });
    advancements.push({ routeStateId: states.id.Denied!, name: 'Deny', action: 'deny', needsReason: true });
  }
  if (may(PTO_STATES.canceled)) advancements.push({ routeStateId: states.id.Canceled!, name: 'Cancel request', action: 'cancel', needsReason: false });
  // Days already worked (issue 29): the approver confirms, told the week's state (a locked week takes the time off by a correction).
  let confirmation: string | null = null;
  if (row.state === PTO_STATES.pending && advancements.some((a) => a.action === 'approve')) {
    const worked = book.workedWeeks(row.employeeId);
    const weeks = [...new Set(requestDays(row, holidays).map((d) => weekOf(d.date).weekStart))].filter((w) => worked.has(w));
    if (weeks.length) confirmation = weeks.map((w) => PTO_CONFIRM_TEXT(row.employeeName, w, worked.get(w)!)).join(' ');
  }
  return {
    requestId: row.requestId, employeeId: row.employeeId, employeeName: row.employeeName, type: row.type, title: row.title,
    startDate: row.startDate, endDate: row.endDate, hoursPerDay: row.hoursPerDay, totalHours: row.totalHours, state: row.state,
    applicationRecordStateId: row.applicationRecordStateId, balanceBefore, balanceAfter, requestedAt: row.requestedAt,
    decidedByName: row.decidedByName, decidedAt: row.decidedAt, onBehalfOfName: row.onBehalfOfName, denialReason: row.denialReason,
    canceledAt: row.canceledAt, advancements, confirmation,
  };
}

/** API rows of `rows` for `user`. */
export function requestRows(db: Db, user: Caller, rows: readonly RequestDbRow[]): TimeOffRequestRow[] {
  const book = new EmployeeBook(db, rows.map((row) => row.employeeId));
  const actor: Actor = { employeeId: user.employeeId, timecardAdmin: seesEveryone(user) };
  const delegations = delegationsTo(db, user.employeeId);
  const states = ptoStates(db);
  const today = clock.today();
  return rows.map((row) => toRow(row, book, actor, delegations, states, today));
}

/** 403 unless `user` may see `row`'s employee's requests. */
export function requireMaySee(db: Db, user: Caller, employeeId: number, from: string, to: string): void {
  const employee = employeeRef(db, employeeId);
  if (!employee) throw notFound(`Employee ${employeeId} not found.`);
  if (!maySee(db, user, employee, from, to)) {
    throw forbidden("Only the employee, their manager, the manager's delegate or a Timecard Admin can see this employee's time off.");
  }
}

/** True when `user` manages someone or holds a delegation (not canceled). */
const managesAnyone = (db: Db, user: Caller) =>
  db.prepare('SELECT 1 FROM employees WHERE managerEmployeeId = ? LIMIT 1').get(user.employeeId) !== undefined
  || db.prepare('SELECT 1 FROM approval_delegations WHERE delegateEmployeeId = ? AND canceledAt IS NULL LIMIT 1').get(user.employeeId) !== undefined;

/** SQL (on `r`, `e`) for the requests of the caller's team: reports, and delegated reports on covered dates. */
export const TEAM_WHERE = `r.employeeId <> @me AND (e.managerEmployeeId = @me OR EXISTS (SELECT 1 FROM approval_delegations d
  WHERE d.delegateEmployeeId = @me AND d.canceledAt IS NULL AND d.managerEmployeeId = e.managerEmployeeId AND d.startDate <= r.endDate AND r.startDate <= d.endDate))`;

/** view mine (default) / team, recordId (one request), open (Pending, or Approved not yet over), lastLoad (changed since). */
const GET_REQUESTS = {
  view: p.enum(['mine', 'team']),
  recordId: p.id(),
  open: p.boolean(),
  lastLoad: p.timestamp(),
};

function getRequests({ db, params, user }: RouteCtx<ParamsOf<typeof GET_REQUESTS>>): TimeOffRequestRow[] {
  const { recordId, lastLoad } = params;
  const view = params.view ?? 'mine';
  const open = params.open ?? false;
  const today = clock.today();
  if (recordId !== undefined) {
    const row = requestDbRow(db, recordId);
    requireMaySee(db, user, row.employeeId, row.startDate, row.endDate);
    return requestRows(db, user, [row]);
  }
  const where: string[] = [];
  const args: Record<string, unknown> = { me: user.employeeId, today };
  if (view === 'mine') where.push('r.employeeId = @me');
  else if (seesEveryone(user)) where.push('r.employeeId <> @me');
  else {
    if (!isTimeOffManager(user) && !managesAnyone(db, user)) throw forbidden('Only a manager, their delegate or a Timecard Admin can see a team\'s requests.');
    where.push(TEAM_WHERE);
  }
  if (open) where.push("(st.name = 'Pending' OR (st.name = 'Approved' AND r.endDate >= @today))");
  if (lastLoad) {
    where.push('r.modifiedAt > @lastLoad');
    args.lastLoad = lastLoad;
  }
  const rows = db.prepare(`${REQUEST_SELECT} WHERE ${where.join(' AND ')} ORDER BY r.startDate DESC, r.requestId DESC`).all(args) as RequestDbRow[];
  return requestRows(db, user, rows);
}

/** employeeId (default the caller), asOf (default today). */
const GET_BALANCES = { employeeId: p.id(), asOf: p.date() };

function getBalances({ db, params, user }: RouteCtx<ParamsOf<typeof GET_BALANCES>>): BalanceRow[] {
  const employeeId = params.employeeId ?? user.employeeId;
  const asOf = params.asOf ?? clock.today();
  requireMaySee(db, user, employeeId, asOf, asOf);
  const employee = employeeRef(db, employeeId)!;
  const book = new EmployeeBook(db);
  const { holidays, requests } = book.of(employeeId, employee.regionId);
  const anchor = payPeriodAnchor(db);
  const yearStart = `${asOf.slice(0, 4)}-01-01`;
  const round = (n: number) => Math.round(n * 100) / 100;
  return ptoTypes(db).map((type) => {
    const account = book.account(employeeId, type, asOf);
    // The year of asOf: its opening is the stored one, or (no row for that year yet) what was carried over Dec 31, capped.
    const from = account.openingDate > yearStart ? account.openingDate : yearStart;
    const openingHours = from === account.openingDate ? account.openingHours
      : Math.min(balanceAsOf(account, requests, addDays(yearStart, -1), holidays), type.carryOverCapHours);
    // Used: what the cards hold (core chargedDays: open corrections not applied yet); pending: the projected requests.
    const hoursIn = (pending: boolean) => requests.filter((r) => r.type === type.name && (r.state === PTO_STATES.pending) === pending)
      .flatMap((r) => chargedDays(r, holidays)).filter((d) => d.date >= from && d.date <= asOf).reduce((sum, d) => sum + d.hours, 0);
    const periods = periodsEnded(anchor, from, asOf);
    return {
      type: type.name, allowsNegative: type.allowsNegative === 1, asOf, openingHours: round(openingHours),
      accruedHours: round(periods * type.accrualHoursPerPeriod), usedHours: round(hoursIn(false)), pendingHours: round(hoursIn(true)),
      balance: balanceAsOf(account, requests, asOf, holidays), accrualPerPeriod: type.accrualHoursPerPeriod, carryOverCap: type.carryOverCapHours,
      payPeriodEnd: account.payPeriodEnd,
    };
  });
}

/** The feedback items with `fieldName` (the client shows each at its field). */
export const withFieldNames = (items: readonly FeedbackItem[]) => items.map((item) => ({ ...item, fieldName: item.stringValue }));

/**
 * The request form: type, title, startDate and endDate as typed (validateRequest answers each at its
 * field); requestId and OldRecordStateId (change a Pending one; 409 when stale).
 */
const SAVE_REQUEST_PARAMS = {
  requestId: p.id(),
  OldRecordStateId: p.id(),
  type: p.string(100),
  title: p.string(4000, { trim: false, empty: 'keep' }),
  startDate: p.string(40),
  endDate: p.string(40),
  hoursPerDay: p.number(),
};

function saveRequest({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE_REQUEST_PARAMS>>): TimeOffRequestRow {
  const { requestId, OldRecordStateId: oldStateId } = params;
  const typeName = params.type ?? '';
  const title = params.title ?? '';
  if (title.length > 1000) throw autoAlert(SAVE_REQUEST, 'The title is too long.');
  const startDate = params.startDate ?? '';
  const endDate = params.endDate ?? '';
  const hoursPerDay = params.hoursPerDay ?? Number.NaN;
  const states = ptoStates(db);
  return db.transaction(() => {
    const employee = employeeRef(db, user.employeeId)!;
    if (requestId !== undefined) {
      const existing = requestDbRow(db, requestId);
      if (existing.employeeId !== user.employeeId) throw forbidden('Only the employee can change their own request.');
      if (oldStateId !== undefined && oldStateId !== existing.applicationRecordStateId) {
        throw conflict(`The request “${existing.title}” is now ${existing.state}: it changed since it was loaded. Reload it and try again.`, {
          currentRecordStateId: existing.applicationRecordStateId, currentRecordStateName: existing.state,
        });
      }
      const may = mayChangeRequest(existing, existing.state, clock.today());
      if (!may.ok) throw autoAlert(SAVE_REQUEST, may.message);
    }
    const type = ptoTypes(db).find((t) => t.name.toLowerCase() === typeName.toLowerCase());
    const request: PtoRequest = { requestId: requestId ?? null, employeeId: user.employeeId, title, type: type?.name ?? typeName, startDate, endDate, hoursPerDay };
    const holidays = regionHolidays(db, employee.regionId);
    const account = type && type.allowsNegative !== 1 && /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? accountOf(db, user.employeeId, type, startDate) : null;
    const items = validateRequest({ request, requests: requestsOf(db, user.employeeId), account, holidays });
    const refused = items.filter((item) => item.integerValue === INVALID);
    if (refused.length) {
      throw autoAlert(SAVE_REQUEST, refused.map((item) => item.message).join(' '), { feedback: withFieldNames(items), data: withFieldNames(items) });
    }
    const totalHours = requestHours(request, holidays);
    const at = clock.nowIso();
    const cleanTitle = title.trim();
    let id = requestId;
    if (id === undefined) {
      id = Number(db.prepare(`INSERT INTO time_off_requests (employeeId, ptoTypeId, title, startDate, endDate, hoursPerDay, totalHours,
        applicationRecordStateId, requestedAt, version, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`)
        .run(user.employeeId, type!.ptoTypeId, cleanTitle, startDate, endDate, hoursPerDay, totalHours, states.id.Pending, at, cleanTitle, at).lastInsertRowid);
    } else {
      // A changed Approved request goes back to Pending for the manager: its time off leaves the cards until then.
      db.prepare(`UPDATE time_off_requests SET ptoTypeId = ?, title = ?, startDate = ?, endDate = ?, hoursPerDay = ?, totalHours = ?,
        applicationRecordStateId = ?, decidedByEmployeeId = NULL, decidedAt = NULL, onBehalfOfEmployeeId = NULL,
        version = version + 1, displayText = ?, modifiedAt = ? WHERE requestId = ?`)
        .run(type!.ptoTypeId, cleanTitle, startDate, endDate, hoursPerDay, totalHours, states.id.Pending, cleanTitle, at, id);
      const notices = reconcileTimeOff(db, id, { actorId: user.employeeId, at, why: 'was changed' });
      return { ...requestRows(db, user, [requestDbRow(db, id)])[0]!, notices };
    }
    return requestRows(db, user, [requestDbRow(db, id)])[0]!;
  }).immediate();
}

export const requestHandlers = declaredFor('ptoRequests', [
  route({
    method: 'GET', path: TIME_OFF_API.getRequests,
    note: "added: view mine/team, recordId, open; another employee's only for their manager/delegate or Admin / Timecard Admin (else 403)",
    params: GET_REQUESTS, handler: getRequests,
  }),
  route({
    method: 'GET', path: TIME_OFF_API.getBalances,
    note: 'added: employeeId?, asOf?: balances per type (opening, accrual, used, pending)',
    params: GET_BALANCES, handler: getBalances,
  }),
  route({
    method: 'POST', path: TIME_OFF_API.saveRequest,
    note: 'added: requestId?, type, title, startDate, endDate, hoursPerDay; validateRequest refusals: 400 autoAlert with feedback',
    params: SAVE_REQUEST_PARAMS, handler: saveRequest,
  }),
]);
