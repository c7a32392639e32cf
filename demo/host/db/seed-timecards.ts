/**
 * The seed's weekly timecards and time off (issue 13, migration 011). Runs after every other part of
 * the seed, on its OWN random stream, so every row written before it stays exactly as it was.
 *
 * What it writes (tests/api/timecards-data.test.ts checks it):
 * - 3 regions; every employee gets one (existing employees: the region of their legal entity);
 * - 22 new employees (67 in all): two regional managers (Gulf Coast; Central Texas, who is on medical
 *   leave with rpm as the approval delegate), their teams, and four more direct reports of rpm;
 * - a few non-default schedules (32 h four-day, 4×10);
 * - the holidays per region, with half days, by rule (holidaysOf) for every year from the first seeded
 *   week's to the year after the seed's;
 * - 12 weeks of timecards before the seed's week (none for the current week) for everyone with a keyTC role:
 *   Processed, Approved, Submitted, Draft and rejected-back-to-Draft (with the reason), lines on active
 *   projects' labour cost codes and open opportunities' timecard codes, holiday and approved-PTO lines;
 * - balances of the seed's year per type, requests in every state (past ones, upcoming ones, one Pending
 *   next month); Timecard Admin changes and a correction.
 * `employee` has last week still in Draft; rpm has team requests Pending.
 * Every date is an offset from the Sunday that starts the seed's week (SeedCalendar.weekStart), so the
 * weekdays stay as written (with the clock at Sunday 2026-11-01: last week is 2026-10-25 to 10-31).
 */
import type Database from 'better-sqlite3';
import { addDays, weekdayOf } from '../../../src/core/timecards';
import { addPeriods, firstDayOf } from '../../../src/core/clock';
import { FIRST_NAMES, LAST_NAMES } from './catalog';
import { Rng } from './prng';
import type { SeedCalendar } from './seed';

type Row = Record<string, string | number | null>;

/** The stream of this part (independent of the main seed's 20261101). */
export const TIMECARD_SEED = 20261113;
/** pm's last weeks without a card (he owes them, not started). */
const PM_WEEKS_NOT_STARTED = 3;

export const TC_REGIONS: ReadonlyArray<readonly [string, string]> = [['NTX', 'North Texas'], ['GC', 'Gulf Coast'], ['CTX', 'Central Texas']];

/** A holiday: [date, name, hours]. */
type Holiday = readonly [string, string, number];

const day = (year: number, month: number, date: number) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
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

const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'] as const;
const DEFAULT_SCHEDULE = [0, 8, 8, 8, 8, 8, 0];

const pad = (n: number) => String(n).padStart(2, '0');

interface Person { employeeId: number; regionId: number; managerEmployeeId: number | null; schedule: number[] }
interface Charge { projectId: number | null; costCodeId: number | null; opportunityId: number | null; opportunityCostCodeId: number | null }

/** How many weeks of cards, before the seed's week. */
const WEEKS = 12;

export function seedTimecards(db: Database.Database, cal: SeedCalendar): void {
  const { stamp } = cal;
  const rng = new Rng(TIMECARD_SEED);
  /** The day `days` from the Sunday that starts the seed's week (the same weekday whatever the seed day). */
  const on = (days: number) => addDays(cal.weekStart, days);
  /** 15:00 UTC (or `hour`) on the day `days` from that Sunday. */
  const at = (days: number, hour = 15) => `${on(days)}T${pad(hour)}:00:00.000Z`;
  const statements = new Map<string, Database.Statement>();
  const insert = (table: string, row: Row): number => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`);
      statements.set(key, statement);
    }
    return Number(statement.run(row).lastInsertRowid);
  };
  const state = (key: string, name: string) =>
    (db.prepare('SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = ? AND name = ?').get(key, name) as { id: number }).id;
  const TC = { Draft: state('Timecard', 'Draft'), Submitted: state('Timecard', 'Submitted'), Approved: state('Timecard', 'Approved'), Processed: state('Timecard', 'Processed') };
  const PTO = { Pending: state('PtoRequest', 'Pending'), Approved: state('PtoRequest', 'Approved'), Denied: state('PtoRequest', 'Denied'), Canceled: state('PtoRequest', 'Canceled') };
  const appId = (key: string) => (db.prepare('SELECT applicationId AS id FROM applications WHERE applicationKey = ?').get(key) as { id: number }).id;
  const login = (name: string) => (db.prepare('SELECT employeeId AS id FROM employees WHERE login = ?').get(name) as { id: number }).id;
  const RPM = login('rpm');
  const ADMIN = login('admin');
  const TCADMIN = login('tcadmin');
  const EMPLOYEE = login('employee');
  const PM = login('pm');

  // --- regions, and the region of every existing employee (their legal entity's) ---------------
  const regionIds = TC_REGIONS.map(([code, name]) => insert('regions', { code, name, timeZone: 'America/Chicago', active: 1, displayText: name, modifiedAt: stamp }));
  db.prepare('UPDATE employees SET regionId = (SELECT regionId FROM regions WHERE regionId = employees.legalEntityId) WHERE regionId IS NULL').run();

  // --- new employees ---------------------------------------------------------------------------
  const used = new Set((db.prepare('SELECT firstName || lastName AS n FROM employees').all() as Array<{ n: string }>).map((r) => r.n));
  let keyNumber = 10201;
  const hire = (title: string, regionIndex: number, managerEmployeeId: number, manager: boolean): number => {
    let first: string;
    let last: string;
    do {
      first = rng.pick(FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
    } while (used.has(first + last));
    used.add(first + last);
    const id = insert('employees', {
      login: null, employeeKey: `E${keyNumber++}`, firstName: first, lastName: last, preferredName: `${first} ${last}`,
      initials: first[0]! + last[0]!, jobTitle: title, email: `${first}.${last}@summitbuilders.example`.toLowerCase(), active: 1, betaUser: 0,
      managerEmployeeId, legalEntityId: regionIndex + 1, regionId: regionIds[regionIndex]!, displayText: `${first} ${last}`, modifiedAt: stamp,
    });
    const roles: Array<[string, string]> = [['keyTC', 'Default'], ['keyPTO', manager ? 'Manager' : 'Default']];
    for (const [key, name] of roles) {
      insert('employee_roles', { employeeId: id, applicationId: appId(key), applicationKey: key, name, displayText: `${key === 'keyTC' ? 'Timecards' : 'PTO Requests'}: ${name}`, modifiedAt: stamp });
    }
    return id;
  };
  const FIELD = ['Carpenter Foreman', 'Field Engineer', 'Superintendent', 'Assistant Superintendent', 'Project Engineer', 'Laborer', 'Safety Coordinator', 'Equipment Operator'];
  const gulfManager = hire('Operations Manager, Gulf Coast', 1, ADMIN, true);
  const centralManager = hire('Operations Manager, Central Texas', 2, ADMIN, true);
  const gulfTeam = Array.from({ length: 8 }, (_, i) => hire(FIELD[i % FIELD.length]!, 1, gulfManager, false));
  const centralTeam = Array.from({ length: 8 }, (_, i) => hire(FIELD[(i + 3) % FIELD.length]!, 2, centralManager, false));
  const rpmTeam = Array.from({ length: 4 }, (_, i) => hire(FIELD[(i + 5) % FIELD.length]!, 0, RPM, false));
  // Schedules other than the default 40 (Mon-Fri 8): a 32-hour four-day week and a 4×10.
  const schedules: Array<[number, number[]]> = [[gulfTeam[7]!, [0, 8, 8, 8, 8, 0, 0]], [centralTeam[7]!, [0, 10, 10, 10, 10, 0, 0]], [rpmTeam[3]!, [0, 8, 8, 8, 8, 0, 0]]];
  for (const [employeeId, hours] of schedules) {
    insert('employee_schedules', { employeeId, ...Object.fromEntries(DAYS.map((d, i) => [d, hours[i]!])), modifiedAt: stamp });
  }

  // --- holidays: of the first seeded week's year to the year after the seed's ------------------------
  const holidays = new Map<string, number>(); // `${regionId}:${date}` → hours
  const firstYear = Number(on(-7 * WEEKS).slice(0, 4));
  const seedYear = Number(cal.today.slice(0, 4));
  TC_REGIONS.forEach(([code], index) => {
    for (let year = firstYear; year <= seedYear + 1; year++) for (const [date, name, hours] of holidaysOf(year, code)) {
      insert('holidays', { regionId: regionIds[index]!, holidayDate: date, name, hours, displayText: `${date} ${name}`, modifiedAt: stamp });
      holidays.set(`${regionIds[index]}:${date}`, hours);
    }
  });

  // --- people who keep timecards ----------------------------------------------------------------
  const people: Person[] = (db.prepare(`SELECT e.employeeId, e.regionId, e.managerEmployeeId, s.sunHours, s.monHours, s.tueHours, s.wedHours, s.thuHours, s.friHours, s.satHours
    FROM employees e LEFT JOIN employee_schedules s USING (employeeId)
    WHERE e.active = 1 AND EXISTS (SELECT 1 FROM employee_roles r WHERE r.employeeId = e.employeeId AND r.applicationKey = 'keyTC')
    ORDER BY e.employeeId`).all() as Array<Row>).map((r) => ({
    employeeId: r.employeeId as number, regionId: r.regionId as number, managerEmployeeId: r.managerEmployeeId as number | null,
    schedule: r.monHours === null ? DEFAULT_SCHEDULE : DAYS.map((d) => r[d] as number),
  }));
  const person = new Map(people.map((p) => [p.employeeId, p]));

  // --- delegations: rpm approves for the Central Texas manager (on leave, covering the seed's week and two
  // months on), and covered the Gulf Coast one for a week two months back.
  const leaveStart = on(-8);
  const leaveEnd = on(60);
  const gulfStart = on(-57);
  const gulfEnd = on(-49);
  insert('approval_delegations', { managerEmployeeId: centralManager, delegateEmployeeId: RPM, startDate: leaveStart, endDate: leaveEnd, createdByEmployeeId: centralManager, createdAt: at(-10), canceledAt: null, modifiedAt: stamp });
  insert('approval_delegations', { managerEmployeeId: gulfManager, delegateEmployeeId: RPM, startDate: gulfStart, endDate: gulfEnd, createdByEmployeeId: gulfManager, createdAt: at(-60), canceledAt: null, modifiedAt: stamp });
  /** Who approves `employeeId`'s card on `date`: [approver, on behalf of]. */
  const approver = (employeeId: number, date: string): [number, number | null] => {
    const manager = person.get(employeeId)?.managerEmployeeId ?? null;
    if (manager === null || manager === employeeId) return [TCADMIN === employeeId ? ADMIN : TCADMIN, null];
    if (manager === centralManager && date >= leaveStart && date <= leaveEnd) return [RPM, centralManager];
    if (manager === gulfManager && date >= gulfStart && date <= gulfEnd) return [RPM, gulfManager];
    return [manager, null];
  };

  // --- balances of the seed's year ---------------------------------------------------------------
  for (const p of people) {
    const opening: Array<[number, number]> = [[1, rng.int(2, 10) * 4], [2, rng.int(4, 20) * 4], [3, 16], [4, 0], [5, 0]];
    for (const [ptoTypeId, openingHours] of opening) insert('pto_balances', { employeeId: p.employeeId, ptoTypeId, year: seedYear, openingHours, modifiedAt: stamp });
  }

  // --- requests ---------------------------------------------------------------------------------
  interface Request { requestId: number; employeeId: number; start: string; end: string; hoursPerDay: number; approved: boolean }
  const requests: Request[] = [];
  const taken = new Map<number, Array<[string, string]>>();
  /** Scheduled, non-holiday days of a range. */
  const workDays = (p: Person, start: string, end: string): string[] => {
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
    const requestId = insert('time_off_requests', {
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
  // Past approved time off, random (it appears as PTO lines on the cards below).
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

  // --- charges: active projects' labour codes on their primary budget, open opportunities' codes ---
  const projectCodes = db.prepare(`SELECT b.projectId, c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId
    WHERE c.type = 'L' AND p.active = 1 AND p.budgetId = b.budgetId AND p.number <> '26-9001' ORDER BY c.costCodeId`).all() as Array<{ projectId: number; costCodeId: number }>;
  const opportunityCodes = db.prepare(`SELECT c.opportunityId, c.opportunityCostCodeId FROM opportunity_cost_codes c JOIN opportunities o USING (opportunityId)
    WHERE c.active = 1 AND o.status <> 'Lost' ORDER BY c.opportunityCostCodeId`).all() as Array<{ opportunityId: number; opportunityCostCodeId: number }>;
  const charges = new Map<number, Charge[]>();
  for (const p of people) {
    const home = rng.pick(projectCodes);
    const list: Charge[] = [{ projectId: home.projectId, costCodeId: home.costCodeId, opportunityId: null, opportunityCostCodeId: null }];
    const sameProject = projectCodes.filter((c) => c.projectId === home.projectId && c.costCodeId !== home.costCodeId);
    if (sameProject.length && rng.chance(0.5)) {
      const second = rng.pick(sameProject);
      list.push({ projectId: second.projectId, costCodeId: second.costCodeId, opportunityId: null, opportunityCostCodeId: null });
    }
    if (opportunityCodes.length && rng.chance(0.25)) {
      const o = rng.pick(opportunityCodes);
      list.push({ projectId: null, costCodeId: null, opportunityId: o.opportunityId, opportunityCostCodeId: o.opportunityCostCodeId });
    }
    charges.set(p.employeeId, list);
  }

  // --- timecards: the 12 weeks before the seed's week (none for the current week) ------------------

  const rejected = new Set([`${rpmTeam[0]}:1`, `${gulfTeam[3]}:1`, `${centralTeam[3]}:1`, `${gulfTeam[4]}:2`]);
  const REJECTIONS = ['Charge the concrete pour to the Concrete labour code, not General Conditions.', 'Friday shows 12 hours; please check against the daily log.',
    'Please add the jury duty day as PTO instead of Regular time.', 'Missing the Wednesday site visit hours on the opportunity.'];
  let rejections = 0;
  for (let k = WEEKS; k >= 1; k--) {
    const weekStart = on(-7 * k);
    const weekEnding = addDays(weekStart, 6);
    const dates = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
    for (const p of people) {
      const id = `${p.employeeId}:${k}`;
      // The state of this card.
      let stateName: keyof typeof TC = k >= 4 ? 'Processed' : k >= 2 ? 'Approved' : 'Submitted';
      if (k === 1) {
        const roll = rng.float();
        stateName = roll < 0.15 ? 'Draft' : roll < 0.35 ? 'Approved' : 'Submitted';
        if (p.employeeId === EMPLOYEE || p.employeeId === PM) stateName = 'Draft';
        if (p.employeeId === rpmTeam[1] || p.employeeId === centralTeam[4] || p.employeeId === gulfTeam[5]) stateName = 'Submitted';
      }
      const isRejected = rejected.has(id);
      if (isRejected) stateName = 'Draft';
      if (k === 2 && p.employeeId === centralTeam[5]) stateName = 'Submitted'; // one still waiting from the week before
      if (k === 1 && p.employeeId === centralManager) stateName = 'Approved'; // on leave: a week of PTO, approved by the manager
      // Hours per day: holiday, approved time off, then the charges.
      const lines: Array<{ row: Row; hours: number[] }> = [];
      const left = dates.map((d, i) => p.schedule[i]! - Math.min(p.schedule[i]!, holidays.get(`${p.regionId}:${d}`) ?? 0));
      const holidayHours = dates.map((d, i) => Math.min(p.schedule[i]!, holidays.get(`${p.regionId}:${d}`) ?? 0));
      if (holidayHours.some((h) => h > 0)) lines.push({ row: { source: 'holiday', timeType: 'Holiday' }, hours: holidayHours });
      for (const r of requests) {
        if (!r.approved || r.requestId === lateRequestId || r.employeeId !== p.employeeId || r.end < weekStart || r.start > weekEnding) continue;
        const hours = dates.map((d, i) => (d >= r.start && d <= r.end && !holidays.has(`${p.regionId}:${d}`) && p.schedule[i]! > 0 ? Math.min(r.hoursPerDay, left[i]!) : 0));
        if (hours.every((h) => h === 0)) continue;
        hours.forEach((h, i) => (left[i] = left[i]! - h));
        lines.push({ row: { source: 'pto', timeType: 'PTO', ptoRequestId: r.requestId }, hours });
      }
      const list = charges.get(p.employeeId)!;
      const manual = list.map(() => [0, 0, 0, 0, 0, 0, 0]);
      left.forEach((hours, i) => {
        if (hours <= 0) return;
        if (list.length > 1 && rng.chance(0.4)) {
          const part = Math.min(hours, rng.int(1, 4));
          manual[1 + rng.int(0, list.length - 2)]![i]! += part;
          manual[0]![i]! += hours - part;
        } else manual[0]![i]! += hours;
      });
      // A short week now and then (with the reason), overtime on a full one.
      let shortfallReason: string | null = null;
      const full = left.reduce((a, b) => a + b, 0) === 40 && p.schedule.reduce((a, b) => a + b, 0) === 40;
      if (stateName !== 'Draft' && rng.chance(0.06) && manual[0]![5]! >= 4) {
        manual[0]![5] = Math.max(0, manual[0]![5]! - 4);
        shortfallReason = 'Left at noon on Friday for a family matter; no PTO left to use.';
      }
      const overtime = full && !shortfallReason && rng.chance(0.12) ? [0, 0, 0, 0, 0, 0, rng.int(2, 6)] : null;
      // The employee's unsubmitted past week holds three days so far; other drafts of last week are partly typed.
      if (stateName === 'Draft' && !isRejected && k === 1) for (const day of [4, 5]) manual.forEach((m) => (m[day] = 0));
      list.forEach((charge, n) => {
        if (manual[n]!.some((h) => h > 0)) lines.push({ row: { source: 'manual', timeType: 'Regular', ...charge }, hours: manual[n]! });
      });
      if (overtime) lines.push({ row: { source: 'manual', timeType: 'Overtime', ...list[0]! }, hours: overtime });

      const submitted = stateName !== 'Draft' || isRejected;
      const submittedAt = submitted ? `${weekEnding}T${pad(20 + rng.int(0, 3))}:${pad(rng.int(0, 59))}:00.000Z` : null;
      const decidedOn = k === 1 ? cal.weekStart : addDays(weekEnding, rng.int(1, 3));
      const [by, onBehalf] = approver(p.employeeId, decidedOn);
      const approved = stateName === 'Approved' || stateName === 'Processed';
      const timecardId = insert('weekly_timecards', {
        employeeId: p.employeeId, weekStart, weekEnding, applicationRecordStateId: TC[stateName],
        submittedAt, submittedByEmployeeId: submitted ? p.employeeId : null,
        approvedAt: approved ? `${decidedOn}T${k === 1 ? '10' : '15'}:${pad(rng.int(0, 59))}:00.000Z` : null,
        approvedByEmployeeId: approved ? by : null, onBehalfOfEmployeeId: approved ? onBehalf : null,
        processedAt: stateName === 'Processed' ? `${addDays(weekEnding, 10)}T13:00:00.000Z` : null,
        rejectedAt: isRejected ? `${decidedOn}T09:30:00.000Z` : null, rejectedByEmployeeId: isRejected ? by : null,
        rejectionReason: isRejected ? REJECTIONS[rejections++ % REJECTIONS.length]! : null,
        shortfallReason, version: 1, displayText: `Week ending ${weekEnding}`, modifiedAt: stamp,
      });
      lines.forEach(({ hours, row: line }, n) => insert('timecard_lines', {
        timecardId, projectId: null, costCodeId: null, opportunityId: null, opportunityCostCodeId: null, ptoRequestId: null, ...line,
        ...Object.fromEntries(DAYS.map((d, i) => [d, hours[i]!])), displayOrder: n + 1, modifiedAt: stamp,
      }));
      // A Timecard Admin's change of an approved card (k = 2), with the reason.
      if (stateName === 'Approved' && k === 2 && (p.employeeId === gulfTeam[6] || p.employeeId === rpmTeam[3])) {
        const total = lines.reduce((a, l) => a + l.hours.reduce((x, y) => x + y, 0), 0);
        insert('timecard_changes', {
          timecardId, changedByEmployeeId: TCADMIN, changedAt: `${addDays(weekEnding, 4)}T17:00:00.000Z`,
          reason: 'Payroll audit: Thursday hours corrected to the signed daily log.', description: 'Thursday Regular 9 → 8',
          hoursBefore: total + 1, hoursAfter: total, modifiedAt: stamp,
        });
        db.prepare('UPDATE weekly_timecards SET version = 2 WHERE timecardId = ?').run(timecardId);
      }
      if (p.employeeId === rpmTeam[2] && weekStart <= lateDay && lateDay <= weekEnding) {
        const hours = dates.map((d) => (d === lateDay ? 8 : 0));
        insert('timecard_corrections', {
          timecardId, requestId: lateRequestId, kind: 'Add', ...Object.fromEntries(DAYS.map((d, i) => [d, hours[i]!])), status: 'Open',
          createdAt: at(-2, 18), resolvedByEmployeeId: null, resolvedAt: null, note: 'Approved after the week was approved.', modifiedAt: stamp,
        });
      }
    }
  }
  // pm is behind: his last three weeks are not started (no card: a load shows each as a new Draft, its first save
  // creates it). Removed after the fact, so the random stream of everyone else's cards stays as it was.
  const pmWeeks = db.prepare('SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart >= ?').pluck().all(PM, on(-7 * PM_WEEKS_NOT_STARTED)) as number[];
  for (const timecardId of pmWeeks) {
    for (const table of ['timecard_changes', 'timecard_corrections']) db.prepare(`DELETE FROM ${table} WHERE timecardId = ?`).run(timecardId);
    db.prepare('DELETE FROM weekly_timecards WHERE timecardId = ?').run(timecardId);
  }
}
