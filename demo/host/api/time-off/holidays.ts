/**
 * Regions and the regional holiday calendar (issue 13, TIME_OFF_API):
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timeoff/getregions | – | `RegionRow[]` (active regions) |
 * | GET /api/timeoff/getholidays | regionId? (or mine=true: the caller's region), year? (default this year) | `HolidayRow[]` by date |
 * | POST /api/timeoff/saveholiday | holidayId? (change), regionId, holidayDate, name, hours (8 or 4) | `HolidayRow` |
 * | DELETE /api/timeoff/deleteholiday | holidayId (form-data) | `{ holidayId }` |
 * | GET /api/timeoff/getteamcalendar | from, to (at most 62 days apart) | `TeamCalendarLoad` |
 *
 * Holiday writes: HOLIDAY_CALENDAR_ADMINS only (the route table). One holiday per region and date (a
 * duplicate is a 400 with feedback at holidayDate naming the one there: the form says it at the field, no
 * 'Request Failed' box). A change rewrites the holiday line of the
 * region's open (Draft and Submitted) cards of the week(s) it touches (the old and the new date), and
 * the time off of those days follows (issue 29, ./reconcile.ts): each Pending or Approved request
 * holding the day takes its hours again (a full holiday is not time off) and its lines follow; an
 * Approved or Processed week gets a correction. The answer's `notices` say each correction made.
 *
 * The team calendar: Admin / Timecard Admin see everyone (who keeps time or takes time off); a
 * manager (keyPTO Manager, or anyone with reports) their reports, the teams delegated to them for
 * dates in the range, and themselves; anyone else 403. Approved and Pending absences and the
 * holidays of those employees' regions in the range.
 */
import type Database from 'better-sqlite3';
import { formatDate } from '../../../../src/core/format/dates';
import type { HolidayRow, RegionRow, TeamCalendarLoad } from '../../../../src/core/time-off/contract';
import { FULL_DAY_HOURS, HALF_DAY_HOURS } from '../../../../src/core/time-off';
import { addDays, daysBetween } from '../../../../src/core/timecards/days';
import { weekOf } from '../../../../src/core/timecards/week';
import { ACCESS, HOLIDAY_CALENDAR_ADMINS } from '../../../../src/core/access';
import { TIME_OFF_API } from '../../../../src/core/time-off/contract';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { badRequest, forbidden, invalid, notFound } from '../http';
import { recordOr404 } from '../records';
import { FEEDBACK_INVALID } from '../../../../src/core/feedback';
import { timecardStateId, writeHolidayLine } from '../timecards/cards';
import type { Caller } from '../context';
import { reconcileHolidayDates, touchCard } from './reconcile';
import { isTimeOffManager, seesEveryone } from './common';
import * as clock from '../../../../src/core/clock';

type Db = Database.Database;

export const HOLIDAY_SELECT = `SELECT h.holidayId, h.regionId, g.name AS regionName, h.holidayDate, h.name, h.hours
  FROM holidays h JOIN regions g ON g.regionId = h.regionId`;

export function holidayRow(db: Db, holidayId: number): HolidayRow {
  return recordOr404<HolidayRow>(db, HOLIDAY_SELECT, 'h.holidayId', holidayId, 'Holiday');
}

export function requireRegion(db: Db, regionId: number): RegionRow {
  const region = db.prepare('SELECT regionId, code, name FROM regions WHERE regionId = ?').get(regionId) as RegionRow | undefined;
  if (!region) throw notFound(`Region ${regionId} not found.`);
  return region;
}

const GET_REGIONS = {};

function getRegions({ db }: RouteCtx<ParamsOf<typeof GET_REGIONS>>): RegionRow[] {
  return db.prepare('SELECT regionId, code, name FROM regions WHERE active = 1 ORDER BY name').all() as RegionRow[];
}

/** regionId (or mine=true: the caller's region), year (default this year). */
const GET_HOLIDAYS = {
  regionId: p.id(),
  mine: p.boolean(),
  year: p.integer({ min: 2000, max: 2100 }),
};

function getHolidays({ db, params, user }: RouteCtx<ParamsOf<typeof GET_HOLIDAYS>>): HolidayRow[] {
  // mine=true: the caller's own region (the request form's holidays); none when the caller has no region.
  const mine = params.mine ?? false;
  const own = mine ? (db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').get(user.employeeId) as { regionId: number | null } | undefined)?.regionId ?? null : null;
  if (mine && own === null) return [];
  const regionId = mine ? own! : params.regionId;
  const year = params.year ?? Number(clock.today().slice(0, 4));
  if (regionId !== undefined) requireRegion(db, regionId);
  return db.prepare(`${HOLIDAY_SELECT} WHERE h.holidayDate BETWEEN ? AND ?${regionId !== undefined ? ' AND h.regionId = ?' : ''}
    ORDER BY h.holidayDate, g.name`).all(`${year}-01-01`, `${year}-12-31`, ...(regionId !== undefined ? [regionId] : [])) as HolidayRow[];
}

/** Longest holiday name. */
export const HOLIDAY_NAME_MAX = 100;
/** Longest team calendar range, in days between `from` and `to`. */
export const CALENDAR_MAX_DAYS = 62;

/**
 * Rewrite the holiday line of the open (Draft and Submitted) cards of `regionId`'s employees for the week
 * of `date`: the region's holidays of that week as they are now (none: the line goes). Approved and
 * Processed cards are locked: the time off their days lose or gain becomes a correction, and applying
 * it brings the holiday line up to date (admin.ts).
 */
export function rewriteOpenHolidayLines(db: Db, regionId: number, date: string): number {
  const { weekStart } = weekOf(date);
  const cards = db.prepare(`SELECT t.timecardId FROM weekly_timecards t JOIN employees e ON e.employeeId = t.employeeId
    WHERE e.regionId = ? AND t.weekStart = ? AND t.applicationRecordStateId IN (?, ?)`).pluck()
    .all(regionId, weekStart, timecardStateId(db, 'Draft'), timecardStateId(db, 'Submitted')) as number[];
  const at = clock.nowIso();
  for (const timecardId of cards) {
    writeHolidayLine(db, timecardId, at);
    touchCard(db, timecardId, at);
  }
  return cards.length;
}

/** After a holiday of `regionId` on `date` changed: the open cards' holiday lines, then the time off of that day (reconcile). */
function holidayChanged(db: Db, user: Caller, regionId: number, date: string, why: string): string[] {
  rewriteOpenHolidayLines(db, regionId, date);
  return reconcileHolidayDates(db, regionId, date, { actorId: user.employeeId, at: clock.nowIso(), why });
}

const SAVE_HOLIDAY_PARAMS = {
  holidayId: p.id(),
  regionId: p.id({ required: true }),
  holidayDate: p.date({ required: true }),
  name: p.string(HOLIDAY_NAME_MAX),
  hours: p.number(),
};

function saveHoliday({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE_HOLIDAY_PARAMS>>): HolidayRow & { notices: string[] } {
  const { holidayId, regionId, holidayDate, name } = params;
  if (!name) throw badRequest("Parameter 'name' is required (the holiday's name).", { parameter: 'name' });
  const hours = params.hours ?? FULL_DAY_HOURS;
  if (hours !== FULL_DAY_HOURS && hours !== HALF_DAY_HOURS) {
    throw badRequest(`Parameter 'hours' must be ${FULL_DAY_HOURS} (a full day) or ${HALF_DAY_HOURS} (a half day).`, { parameter: 'hours' });
  }
  return db.transaction(() => {
    const region = requireRegion(db, regionId);
    const before = holidayId !== undefined ? holidayRow(db, holidayId) : undefined;
    const clash = db.prepare('SELECT name FROM holidays WHERE regionId = ? AND holidayDate = ? AND holidayId IS NOT ?').get(regionId, holidayDate, holidayId ?? null) as { name: string } | undefined;
    if (clash) {
      // Said at the date field only: a 400 with feedback and no autoAlert, which would also open the 'Request Failed' box.
      throw invalid([{ integerValue: FEEDBACK_INVALID, stringValue: 'holidayDate', message: `${region.name} already has a holiday on ${formatDate(holidayDate)} (${clash.name}): change that one instead.` }]);
    }
    const at = clock.nowIso();
    let id = holidayId;
    const notices: string[] = [];
    if (before) {
      db.prepare('UPDATE holidays SET regionId = ?, holidayDate = ?, name = ?, hours = ?, displayText = ?, modifiedAt = ? WHERE holidayId = ?')
        .run(regionId, holidayDate, name, hours, `${holidayDate} ${name}`, at, before.holidayId);
      if (before.regionId !== regionId || before.holidayDate !== holidayDate) notices.push(...holidayChanged(db, user, before.regionId, before.holidayDate, `lost the holiday ${before.name}`));
    } else {
      id = Number(db.prepare('INSERT INTO holidays (regionId, holidayDate, name, hours, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?)')
        .run(regionId, holidayDate, name, hours, `${holidayDate} ${name}`, at).lastInsertRowid);
    }
    notices.push(...holidayChanged(db, user, regionId, holidayDate, `met the holiday ${name}`));
    return { ...holidayRow(db, id!), notices };
  }).immediate();
}

const DELETE_HOLIDAY = { holidayId: p.id({ required: true }) };

function deleteHoliday({ db, params, user }: RouteCtx<ParamsOf<typeof DELETE_HOLIDAY>>): { holidayId: number; notices: string[] } {
  const { holidayId } = params;
  return db.transaction(() => {
    const holiday = holidayRow(db, holidayId);
    db.prepare('DELETE FROM holidays WHERE holidayId = ?').run(holidayId);
    return { holidayId, notices: holidayChanged(db, user, holiday.regionId, holiday.holidayDate, `lost the holiday ${holiday.name}`) };
  }).immediate();
}

/** from (default today), to (default from + 27 days). */
const GET_TEAM_CALENDAR = { from: p.date(), to: p.date() };

function getTeamCalendar({ db, params, user }: RouteCtx<ParamsOf<typeof GET_TEAM_CALENDAR>>): TeamCalendarLoad {
  const from = params.from ?? clock.today();
  const to = params.to ?? addDays(from, 27);
  if (to < from) throw badRequest("Parameter 'to' is before 'from'.", { parameter: 'to' });
  if (daysBetween(from, to) > CALENDAR_MAX_DAYS) throw badRequest(`The range is longer than ${CALENDAR_MAX_DAYS} days: choose 'from' and 'to' closer together.`, { parameter: 'to' });
  const args = { me: user.employeeId, from, to };
  let employees: Array<{ employeeId: number; name: string; regionId: number | null }>;
  if (seesEveryone(user)) {
    employees = db.prepare(`SELECT e.employeeId, e.preferredName AS name, e.regionId FROM employees e WHERE e.active = 1
      AND EXISTS (SELECT 1 FROM employee_roles r WHERE r.employeeId = e.employeeId AND r.applicationKey IN ('keyPTO', 'keyTC')) ORDER BY e.preferredName`).all() as typeof employees;
  } else {
    const team = db.prepare(`SELECT e.employeeId, e.preferredName AS name, e.regionId FROM employees e WHERE e.active = 1 AND (e.employeeId = @me OR e.managerEmployeeId = @me
      OR EXISTS (SELECT 1 FROM approval_delegations d WHERE d.delegateEmployeeId = @me AND d.canceledAt IS NULL AND d.managerEmployeeId = e.managerEmployeeId
        AND d.startDate <= @to AND @from <= d.endDate)) ORDER BY e.preferredName`).all(args) as typeof employees;
    if (team.length <= 1 && !isTimeOffManager(user)) throw forbidden("Only a manager, their delegate or a Timecard Admin can see a team's calendar.");
    employees = team;
  }
  const ids = new Set(employees.map((e) => e.employeeId));
  const absences = (db.prepare(`SELECT r.employeeId, r.requestId, t.name AS type, st.name AS state, r.startDate, r.endDate, r.hoursPerDay
    FROM time_off_requests r JOIN pto_types t ON t.ptoTypeId = r.ptoTypeId JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE st.name IN ('Approved', 'Pending') AND r.startDate <= @to AND @from <= r.endDate ORDER BY r.startDate, r.requestId`).all(args) as TeamCalendarLoad['absences'])
    .filter((a) => ids.has(a.employeeId));
  const regions = [...new Set(employees.map((e) => e.regionId).filter((r): r is number => r !== null))];
  const holidays = regions.length ? db.prepare(`${HOLIDAY_SELECT} WHERE h.holidayDate BETWEEN ? AND ? AND h.regionId IN (${regions.map(() => '?').join(', ')})
    ORDER BY h.holidayDate, g.name`).all(from, to, ...regions) as HolidayRow[] : [];
  return { from, to, employees: employees.map(({ employeeId, name }) => ({ employeeId, name })), absences, holidays };
}

const HOLIDAY_READERS = [ACCESS.ptoRequests, ACCESS.timecards];

export const holidayHandlers = declaredFor({ anyOf: HOLIDAY_READERS }, [
  route({
    method: 'GET', path: TIME_OFF_API.getRegions,
    note: 'added: regions (id, code, name)',
    params: GET_REGIONS, handler: getRegions,
  }),
  route({
    method: 'GET', path: TIME_OFF_API.getHolidays,
    note: 'added: regionId?, year?: holidays',
    params: GET_HOLIDAYS, handler: getHolidays,
  }),
  route({
    method: 'POST', path: TIME_OFF_API.saveHoliday, access: { anyOf: HOLIDAY_CALENDAR_ADMINS },
    note: 'added: holidayId?, regionId, holidayDate, name, hours 8 or 4; duplicate region+date 400 feedback at holidayDate; rewrites the open cards\' holiday line and the time off of the day',
    params: SAVE_HOLIDAY_PARAMS, handler: saveHoliday,
  }),
  route({
    method: 'DELETE', path: TIME_OFF_API.deleteHoliday, access: { anyOf: HOLIDAY_CALENDAR_ADMINS },
    note: 'added: form-data holidayId; rewrites the open cards\' holiday line and the time off of the day',
    params: DELETE_HOLIDAY, handler: deleteHoliday,
  }),
  route({
    method: 'GET', path: TIME_OFF_API.getTeamCalendar, access: 'ptoRequests',
    note: "added: from, to (≤ 62 days): who is out (Approved and Pending) and holidays; the caller's team and delegated teams, everyone for Admin / Timecard Admin",
    params: GET_TEAM_CALENDAR, handler: getTeamCalendar,
  }),
]);
