/**
 * Time off (issue 13, migration 011), seeded with the weekly timecards (timecards.ts) on their stream, between the
 * staff and the cards: approved time off becomes PTO lines on the cards, and a holiday is a line of its own.
 * - the holidays per region, with half days, by rule (holidaysOf) for every year from the first seeded week's to the
 *   year after the seed's;
 * - balances of the seed's year per type;
 * - requests in every state: past approved ones, upcoming ones, rpm's team and other teams' Pending, one of pm's
 *   Pending next month, denied and canceled ones, and one approved late for a week already approved (it waits for a
 *   Timecard Admin as a correction).
 * Every request's date is an offset from the Sunday that starts the seed's week (SeedCalendar.weekStart), so the
 * weekdays stay as written. Before them, the main seed writes the first release's PTO requests (seedLegacyPtoRequests,
 * migration 001's `pto_requests`).
 */
import type Database from 'better-sqlite3';
import { addPeriods, firstDayOf } from '../../../../src/core/clock';
import { weekdayOf } from '../../../../src/core/timecards';
import type { Seeder } from './seeder';
import type { TimecardPerson, TimecardStaff } from './timecards';
import { addDays, atHour, insert, pad, stateId, type Row, type SeedCalendar } from './support';

/** A holiday: [date, name, hours]. */
type Holiday = readonly [string, string, number];

const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;
/** The `n`-th (1-based) `weekday` (0 = Sunday) of a month. */
const nthWeekday = (year: number, month: number, weekday: number, n: number) => {
  const first = day(year, month, 1);
  return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1));
};
/** The last `weekday` of a month. */
const lastWeekday = (year: number, month: number, weekday: number) => {
  const last = addDays(firstDayOf(addPeriods(day(year, month, 1).slice(0, 7), 1)), -1);
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
};
/** Easter Sunday (the anonymous Gregorian algorithm). */
export function easterOf(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  return day(year, Math.floor((h + l - 7 * m + 114) / 31), ((h + l - 7 * m + 114) % 31) + 1);
}

/** The company's holidays of `year` in region `code` (NTX, GC, CTX), by rule, in date order. */
export function holidaysOf(year: number, code: string): Holiday[] {
  const july4 = day(year, 7, 4);
  // Independence Day on a weekend is observed on the Friday before or the Monday after.
  const independence: Holiday = weekdayOf(july4) === 6 ? [addDays(july4, -1), 'Independence Day (observed)', 8]
    : weekdayOf(july4) === 0 ? [addDays(july4, 1), 'Independence Day (observed)', 8] : [july4, 'Independence Day', 8];
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  const common: Holiday[] = [
    [day(year, 1, 1), "New Year's Day", 8], [lastWeekday(year, 5, 1), 'Memorial Day', 8], independence,
    [nthWeekday(year, 9, 1, 1), 'Labor Day', 8], [thanksgiving, 'Thanksgiving Day', 8], [addDays(thanksgiving, 1), 'Day after Thanksgiving', 8],
    [day(year, 12, 25), 'Christmas Day', 8],
  ];
  const regional: Record<string, Holiday[]> = {
    NTX: [[day(year, 12, 24), 'Christmas Eve (half day)', 4]],
    GC: [[addDays(easterOf(year), -47), 'Mardi Gras', 8], [day(year, 12, 24), 'Christmas Eve', 8]],
    CTX: [[nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day', 8], [day(year, 12, 24), 'Christmas Eve (half day)', 4], [day(year, 12, 31), "New Year's Eve (half day)", 4]],
  };
  return [...common, ...(regional[code] ?? [])].sort((x, y) => x[0].localeCompare(y[0]));
}

/** Write the holidays of `regions` ([regionId, code]) from `firstYear` to `lastYear`; answers them as `${regionId}:${date}` → hours. */
export function seedHolidays(
  db: Database.Database, regions: ReadonlyArray<readonly [number, string]>, firstYear: number, lastYear: number, stamp: string,
): Map<string, number> {
  const holidays = new Map<string, number>();
  for (const [regionId, code] of regions) {
    for (let year = firstYear; year <= lastYear; year++) for (const [date, name, hours] of holidaysOf(year, code)) {
      insert(db, 'holidays', { regionId, holidayDate: date, name, hours, displayText: `${date} ${name}`, modifiedAt: stamp });
      holidays.set(`${regionId}:${date}`, hours);
    }
  }
  return holidays;
}

/** A time-off request as the cards need it. */
export interface TimeOffRequest { requestId: number; employeeId: number; start: string; end: string; hoursPerDay: number; approved: boolean }

/**
 * The balances and requests of `staff` (who works on which days: `holidays`); answers the requests, and the one
 * approved late (`lateRequestId` on `lateDay`), which the cards leave out.
 */
export function seedTimeOff(db: Database.Database, cal: SeedCalendar, staff: TimecardStaff, holidays: ReadonlyMap<string, number>):
  { requests: TimeOffRequest[]; lateRequestId: number; lateDay: string } {
  const { stamp } = cal;
  const { rng, people, person, approver, weeks: WEEKS, centralManager, gulfTeam, centralTeam, rpmTeam, rpm: RPM, pm: PM, employee: EMPLOYEE } = staff;
  const seedYear = Number(cal.today.slice(0, 4));
  /** The day `days` from the Sunday that starts the seed's week (the same weekday whatever the seed day). */
  const on = (days: number) => addDays(cal.weekStart, days);
  /** 15:00 UTC (or `hour`) on the day `days` from that Sunday. */
  const at = (days: number, hour = 15) => atHour(on(days), hour);
  const PTO = {
    Pending: stateId(db, 'PtoRequest', 'Pending'), Approved: stateId(db, 'PtoRequest', 'Approved'),
    Denied: stateId(db, 'PtoRequest', 'Denied'), Canceled: stateId(db, 'PtoRequest', 'Canceled'),
  };

  // --- balances of the seed's year ---------------------------------------------------------------
  for (const p of people) {
    const opening: Array<[number, number]> = [[1, rng.int(2, 10) * 4], [2, rng.int(4, 20) * 4], [3, 16], [4, 0], [5, 0]];
    for (const [ptoTypeId, openingHours] of opening) insert(db, 'pto_balances', { employeeId: p.employeeId, ptoTypeId, year: seedYear, openingHours, modifiedAt: stamp });
  }

  // --- requests ---------------------------------------------------------------------------------
  const requests: TimeOffRequest[] = [];
  const taken = new Map<number, Array<[string, string]>>();
  /** Scheduled, non-holiday days of a range. */
  const workDays = (p: TimecardPerson, start: string, end: string): string[] => {
    const days: string[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) if (p.schedule[weekdayOf(d)]! > 0 && !holidays.has(`${p.regionId}:${d}`)) days.push(d);
    return days;
  };
  const request = (employeeId: number, ptoTypeId: number, title: string, start: string, end: string, hoursPerDay: number, stateName: keyof typeof PTO,
    requestedAt: string, extra: Row = {}): number => {
    const p = person.get(employeeId)!;
    const totalHours = workDays(p, start, end).length * hoursPerDay;
    let decided: Row = {};
    if (stateName !== 'Pending' && stateName !== 'Canceled') {
      const [by] = approver(employeeId, requestedAt.slice(0, 10));
      decided = { decidedByEmployeeId: by, decidedAt: `${addDays(requestedAt.slice(0, 10), 1)}T16:00:00.000Z` };
    }
    const requestId = insert(db, 'time_off_requests', {
      employeeId, ptoTypeId, title, startDate: start, endDate: end, hoursPerDay, totalHours, applicationRecordStateId: PTO[stateName],
      requestedAt, decidedByEmployeeId: null, decidedAt: null, denialReason: null, canceledAt: null, canceledByEmployeeId: null, version: 1,
      displayText: title, modifiedAt: stamp, ...decided, ...extra,
    });
    if (stateName === 'Pending' || stateName === 'Approved') taken.set(employeeId, [...(taken.get(employeeId) ?? []), [start, end]]);
    requests.push({ requestId, employeeId, start, end, hoursPerDay, approved: stateName === 'Approved' });
    return requestId;
  };
  const free = (employeeId: number, start: string, end: string) => !(taken.get(employeeId) ?? []).some(([s, e]) => s <= end && start <= e);

  // The Central Texas manager's leave (Sick allows a negative balance).
  request(centralManager, 2, 'Surgery and recovery', on(-6), on(47), 8, 'Approved', at(-20, 14));
  // Past approved time off, random (it appears as PTO lines on the cards: timecards.ts).
  for (let n = 0; n < 28; n++) {
    const p = rng.pick(people.filter((x) => x.employeeId !== centralManager && x.employeeId !== rpmTeam[2]));
    const weekStart = on(-7 * rng.int(2, WEEKS));
    const start = addDays(weekStart, rng.int(1, 4));
    const end = addDays(start, rng.int(0, Math.min(2, 5 - weekdayOf(start))));
    if (!free(p.employeeId, start, end) || workDays(p, start, end).length === 0) continue;
    const sick = rng.chance(0.35);
    request(p.employeeId, sick ? 2 : 1, sick ? rng.pick(['Sick day', 'Doctor appointment', 'Flu']) : rng.pick(['Long weekend', 'Family trip', 'School event', 'Moving day']),
      start, end, rng.chance(0.2) ? 4 : 8, 'Approved', `${addDays(start, -rng.int(5, 20))}T15:00:00.000Z`);
  }
  // rpm's team waiting (Pending), and other teams' (the Gulf Coast manager's, the delegate's for Central Texas).
  request(EMPLOYEE, 1, 'Vacation', on(22), on(24), 8, 'Pending', at(-4));
  // pm's: next month, on its third Monday to Wednesday (with the clock at 2026-11-01: 2026-12-21 to 12-23).
  const [nextYear, nextMonth] = addPeriods(cal.period, 1).split('-').map(Number) as [number, number];
  const nextMonthVisit = nthWeekday(nextYear, nextMonth, 1, 3);
  request(PM, 1, 'Family visit', nextMonthVisit, addDays(nextMonthVisit, 2), 8, 'Pending', at(-3));
  request(rpmTeam[0]!, 1, 'Family travel', on(57), on(60), 8, 'Pending', at(-2));
  request(rpmTeam[1]!, 3, 'Half day for closing on a house', on(12), on(12), 4, 'Pending', at(-2, 16));
  request(gulfTeam[0]!, 1, 'Hunting trip', on(15), on(17), 8, 'Pending', at(-5));
  request(centralTeam[0]!, 5, 'Jury summons', on(8), on(9), 8, 'Pending', at(-2));
  request(centralTeam[1]!, 1, 'Time with family', on(57), on(59), 8, 'Pending', at(-1));
  // Future approved, denied and canceled ones.
  request(EMPLOYEE, 2, 'Dentist appointment', on(11), on(11), 4, 'Approved', at(-12));
  request(gulfTeam[1]!, 1, 'Family gathering', on(50), on(52), 8, 'Approved', at(-17));
  request(rpmTeam[2]!, 1, 'Week off', on(15), on(19), 8, 'Denied', at(-13),
    { denialReason: 'The Riverside pour schedule needs you that week; please pick another week.' });
  request(gulfTeam[2]!, 3, 'Personal errands', on(5), on(5), 8, 'Denied', at(-11),
    { denialReason: 'Two of the crew are already out that Friday.' });
  request(EMPLOYEE, 1, 'Fishing trip', on(18), on(19), 8, 'Canceled', at(-27),
    { canceledAt: at(-18), canceledByEmployeeId: EMPLOYEE });
  request(centralTeam[2]!, 1, 'Long weekend', on(29), on(29), 8, 'Canceled', at(-24),
    { decidedByEmployeeId: centralManager, decidedAt: at(-23, 16), canceledAt: at(-5), canceledByEmployeeId: centralTeam[2]! });
  // Approved late for a week that was already Approved: waits for a Timecard Admin as a correction.
  const lateDay = on(-7 * 3 + 3); // the Wednesday three weeks back
  const lateRequestId = request(rpmTeam[2]!, 2, 'Sick day (entered late)', lateDay, lateDay, 8, 'Approved', at(-2), { decidedByEmployeeId: RPM, decidedAt: at(-2, 18) });
  return { requests, lateRequestId, lateDay };
}

/** The first release's PTO requests (migration 001's `pto_requests`), for the main seed (no draws). */
export function seedLegacyPtoRequests(s: Seeder): void {
  const t = s.cal.stamp;
  // PTO requests: some pending for rpm (manager of pm, employee and a third of the staff).
  // [employee, title, type, hours, first day as days from the Sunday that starts this week (a weekday), status]
  const requests: Array<[number, string, string, number, number, string]> = [
    [9, 'Vacation', 'Vacation', 24, 22, 'Pending'],
    [2, 'Family visit', 'Vacation', 16, 50, 'Pending'],
    [9, 'Dentist appointment', 'Sick', 4, -18, 'Approved'],
    [2, 'Personal day', 'Personal', 8, -44, 'Approved'],
    [s.employeeIds[9]!, 'Family travel', 'Vacation', 40, 57, 'Pending'],
    [s.employeeIds[12]!, 'Medical leave follow-up', 'Sick', 8, 8, 'Denied'],
    [4, 'Conference attendance', 'Personal', 16, 15, 'Pending'],
    [6, 'Family vacation', 'Vacation', 32, 134, 'Pending'],
  ];
  for (const [employeeId, title, ptoType, hours, fromWeekStart, status] of requests) {
    const start = addDays(s.cal.weekStart, fromWeekStart);
    const managerEmployeeId = employeeId === 2 || employeeId === 9 || employeeId === s.employeeIds[9] || employeeId === s.employeeIds[12] ? 3 : 1;
    insert(s.db, 'pto_requests', {
      employeeId, managerEmployeeId, title, ptoType, startDate: start, endDate: addDays(start, Math.max(0, Math.ceil(hours / 8) - 1)),
      ptoHours: hours, status, modifiedAt: t,
    });
  }
}
