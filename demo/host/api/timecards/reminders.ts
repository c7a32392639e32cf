/**
 * A Timecard Admin's counts of a week and the reminder to those who owe it (issue 29).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timecards/getadminweekcounts | `weekStart` (any day of the week; default the current week) | AdminWeekCounts |
 * | POST /api/timecards/remindowedtimecards | `weekStart` (the week's Sunday, not after the current week) | TimecardReminderAnswer |
 *
 * The employees counted are the rows of the 'all' view of getteamtimecards (lists.ts): active, holding a
 * keyTC role. Submitted; Approved = Approved or Processed; owed = no card ("Not started") or Draft.
 * A reminder is one timecard_reminders row per owed employee, week and Central day (migration 024): the
 * same day again records nothing new. The employee's bell shows it while the week is owed (bell.ts
 * employeeNotices). Admin / Timecard Admin on keyTC only (else 403).
 */
import type Database from 'better-sqlite3';
import { addDays, isOwedState, weekOf } from '../../../../src/core/timecards';
import { dayRangeLabel, TIMECARD_API, type AdminWeekCounts, type TimecardReminderAnswer } from '../../../../src/core/timecards/contract';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, forbidden } from '../http';
import { isTimecardAdmin, SERVICE, TIMECARD_ACCESS_TEXT } from './cards';
import * as clock from '../../../../src/core/clock';

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

export const REMINDER_TEXT = {
  notSunday: (value: string) => `Parameter 'weekStart' must be the Sunday a week starts on (got '${value}').`,
  notStarted: (range: string) => `The week ${range} has not started: nobody owes it yet.`,
  nobodyOwes: (range: string) => `Everyone has submitted ${range}: there is nobody to remind.`,
  reminded: (count: number, range: string) => `Reminded ${plural(count, 'employee', 'employees')} who had not submitted ${range}.`,
  alsoAlready: (count: number) => `${plural(count, 'other was', 'others were')} already reminded today.`,
  alreadyToday: (count: number, range: string) =>
    `Already reminded today: ${count === 1 ? 'the employee who has' : `the ${count} employees who have`} not submitted ${range} ${count === 1 ? 'was' : 'were'} reminded earlier today. No reminder was sent again.`,
} as const;

interface RosterRow { employeeId: number; state: string | null }

/** The 'all' view's employees (active, keeping timecards) with their card's state of `weekStart` (null: no card). */
function weekRoster(db: Database.Database, weekStart: string): RosterRow[] {
  return db.prepare(`SELECT e.employeeId, st.name AS state FROM employees e
      LEFT JOIN weekly_timecards t ON t.employeeId = e.employeeId AND t.weekStart = ?
      LEFT JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
    WHERE e.active = 1 AND EXISTS (SELECT 1 FROM employee_roles r WHERE r.employeeId = e.employeeId AND r.applicationKey = 'keyTC')
    ORDER BY e.employeeId`).all(weekStart) as RosterRow[];
}

const isOwed = (row: RosterRow) => isOwedState(row.state);

/** The employees reminded of `weekStart` on `day` (a Central day). */
const remindedOn = (db: Database.Database, weekStart: string, day: string): Set<number> =>
  new Set(db.prepare('SELECT employeeId FROM timecard_reminders WHERE weekStart = ? AND remindedOn = ?').pluck().all(weekStart, day) as number[]);

/** The week may be reminded of once it has started. */
const hasStarted = (weekStart: string) => weekStart <= weekOf(clock.today()).weekStart;

/** The counts of `weekStart` (a Sunday). Reads only. */
export function adminWeekCounts(db: Database.Database, weekStart: string): AdminWeekCounts {
  const roster = weekRoster(db, weekStart);
  const reminded = remindedOn(db, weekStart, clock.today());
  const owed = roster.filter(isOwed);
  return {
    weekStart, weekEnding: addDays(weekStart, 6), employees: roster.length,
    submitted: roster.filter((r) => r.state === 'Submitted').length,
    approved: roster.filter((r) => r.state === 'Approved' || r.state === 'Processed').length,
    owed: owed.length,
    remindedToday: owed.filter((r) => reminded.has(r.employeeId)).length,
    mayRemind: hasStarted(weekStart),
  };
}

function requireAdmin(user: Caller): void {
  if (!isTimecardAdmin(user)) throw forbidden(TIMECARD_ACCESS_TEXT.adminOnly);
}

const GET_COUNTS = { weekStart: p.date() };

function getAdminWeekCounts({ db, user, params }: RouteCtx<ParamsOf<typeof GET_COUNTS>>): AdminWeekCounts {
  requireAdmin(user);
  return adminWeekCounts(db, weekOf(params.weekStart ?? clock.today()).weekStart);
}

const REMIND = { weekStart: p.date({ required: true }) };

/** One reminder per owed employee not yet reminded of the week today. */
function remindOwedTimecards({ db, user, params }: RouteCtx<ParamsOf<typeof REMIND>>): TimecardReminderAnswer {
  requireAdmin(user);
  const { weekStart } = params;
  if (weekOf(weekStart).weekStart !== weekStart) throw badRequest(REMINDER_TEXT.notSunday(weekStart), { parameter: 'weekStart' });
  const weekEnding = addDays(weekStart, 6);
  const range = dayRangeLabel(weekStart, weekEnding);
  const refuse = (message: string) => autoAlert('remindowedtimecards', message, { serviceName: SERVICE, fieldName: 'weekStart' });
  if (!hasStarted(weekStart)) throw refuse(REMINDER_TEXT.notStarted(range));
  return db.transaction(() => {
    const owed = weekRoster(db, weekStart).filter(isOwed);
    if (owed.length === 0) throw refuse(REMINDER_TEXT.nobodyOwes(range));
    const day = clock.today();
    const at = clock.nowIso();
    // UNIQUE (employeeId, weekStart, remindedOn): a second reminder the same day is ignored.
    const insert = db.prepare(`INSERT OR IGNORE INTO timecard_reminders (employeeId, weekStart, remindedByEmployeeId, remindedOn, remindedAt, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?)`);
    let reminded = 0;
    for (const row of owed) reminded += insert.run(row.employeeId, weekStart, user.employeeId, day, at, at).changes;
    const alreadyReminded = owed.length - reminded;
    const message = reminded === 0 ? REMINDER_TEXT.alreadyToday(alreadyReminded, range)
      : alreadyReminded > 0 ? `${REMINDER_TEXT.reminded(reminded, range)} ${REMINDER_TEXT.alsoAlready(alreadyReminded)}`
        : REMINDER_TEXT.reminded(reminded, range);
    return { weekStart, weekEnding, reminded, alreadyReminded, message, counts: adminWeekCounts(db, weekStart) };
  }).immediate();
}

export const reminderHandlers = declaredFor('timecards', [
  route({
    method: 'GET', path: TIMECARD_API.getAdminWeekCounts,
    note: "added: weekStart (default the current week): the 'all' view's employees counted Submitted, Approved (or Processed), owed (none or Draft); keyTC Admin / Timecard Admin (else 403); reads only",
    params: GET_COUNTS, handler: getAdminWeekCounts,
  }),
  route({
    method: 'POST', path: TIMECARD_API.remindOwedTimecards,
    note: 'added: weekStart (a Sunday, not after the current week): one reminder per employee owing the week, once a day; keyTC Admin / Timecard Admin (else 403)',
    params: REMIND, handler: remindOwedTimecards,
  }),
]);
