/**
 * The seed's weekly timecards (issue 13, migration 011), with the time off they carry (time-off.ts). Runs after the
 * main seed, on its OWN random stream, so every row written before it stays exactly as it was.
 *
 * What it writes (tests/api/timecards-data.test.ts checks it):
 * - 3 regions; every employee gets one (existing employees: the region of their legal entity);
 * - 22 new employees (67 in all): two regional managers (Gulf Coast; Central Texas, who is on medical
 *   leave with rpm as the approval delegate), their teams, and four more direct reports of rpm;
 * - a few non-default schedules (32 h four-day, 4×10);
 * - the holidays, balances and time-off requests (time-off.ts);
 * - 12 weeks of timecards before the seed's week (none for the current week) for everyone with a keyTC role:
 *   Processed, Approved, Submitted, Draft and rejected-back-to-Draft (with the reason), lines on active
 *   projects' labour cost codes and open opportunities' timecard codes, holiday and approved-PTO lines;
 * - Timecard Admin changes and a correction.
 * `employee` has last week still in Draft; rpm has team requests Pending.
 * Every date is an offset from the Sunday that starts the seed's week (SeedCalendar.weekStart), so the
 * weekdays stay as written (with the clock at Sunday 2026-11-01: last week is 2026-10-25 to 10-31).
 *
 * Before them, the main seed writes the first release's timecard summaries (seedLegacyTimecards, migration 001's
 * `timecards` table) on its own stream.
 */
import type Database from 'better-sqlite3';
import { FIRST_NAMES, LAST_NAMES } from '../catalog';
import { Rng } from '../prng';
import type { Seeder } from './seeder';
import { seedHolidays, seedTimeOff } from './time-off';
import { addDays, applicationIdOf, atHour, employeeIdOf, insert, pad, timecardStates, type Row, type SeedCalendar } from './support';

/** The stream of this part (independent of the main seed's 20261101). */
export const TIMECARD_SEED = 20261113;
/** pm's last weeks without a card (he owes them, not started). */
const PM_WEEKS_NOT_STARTED = 3;

export const TC_REGIONS: ReadonlyArray<readonly [string, string]> = [['NTX', 'North Texas'], ['GC', 'Gulf Coast'], ['CTX', 'Central Texas']];

const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'] as const;
const DEFAULT_SCHEDULE = [0, 8, 8, 8, 8, 8, 0];

/** One who keeps timecards: where, who manages them, their hours Sunday to Saturday. */
export interface TimecardPerson { employeeId: number; regionId: number; managerEmployeeId: number | null; schedule: number[] }
interface Charge { projectId: number | null; costCodeId: number | null; opportunityId: number | null; opportunityCostCodeId: number | null }

/** Who keeps timecards, the teams the stories name, who approves: what their time off is seeded from too. */
export interface TimecardStaff {
  /** This part's stream (the time off draws from it between the staff and the cards). */
  rng: Rng;
  people: TimecardPerson[];
  person: ReadonlyMap<number, TimecardPerson>;
  /** Who approves `employeeId`'s card or request on `date`: [approver, on behalf of]. */
  approver: (employeeId: number, date: string) => [number, number | null];
  /** How many weeks of cards, before the seed's week. */
  weeks: number;
  centralManager: number;
  gulfTeam: number[];
  centralTeam: number[];
  rpmTeam: number[];
  rpm: number;
  pm: number;
  employee: number;
}

/** How many weeks of cards, before the seed's week. */
const WEEKS = 12;

export function seedTimecards(db: Database.Database, cal: SeedCalendar): void {
  const { stamp } = cal;
  const rng = new Rng(TIMECARD_SEED);
  /** The day `days` from the Sunday that starts the seed's week (the same weekday whatever the seed day). */
  const on = (days: number) => addDays(cal.weekStart, days);
  /** 15:00 UTC (or `hour`) on the day `days` from that Sunday. */
  const at = (days: number, hour = 15) => atHour(on(days), hour);
  const TC = timecardStates(db);
  const RPM = employeeIdOf(db, 'rpm');
  const ADMIN = employeeIdOf(db, 'admin');
  const TCADMIN = employeeIdOf(db, 'tcadmin');
  const EMPLOYEE = employeeIdOf(db, 'employee');
  const PM = employeeIdOf(db, 'pm');

  // --- regions, and the region of every existing employee (their legal entity's) ---------------
  const regionIds = TC_REGIONS.map(([code, name]) => insert(db, 'regions', { code, name, timeZone: 'America/Chicago', active: 1, displayText: name, modifiedAt: stamp }));
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
    const id = insert(db, 'employees', {
      login: null, employeeKey: `E${keyNumber++}`, firstName: first, lastName: last, preferredName: `${first} ${last}`,
      initials: first[0]! + last[0]!, jobTitle: title, email: `${first}.${last}@summitbuilders.example`.toLowerCase(), active: 1, betaUser: 0,
      managerEmployeeId, legalEntityId: regionIndex + 1, regionId: regionIds[regionIndex]!, displayText: `${first} ${last}`, modifiedAt: stamp,
    });
    const roles: Array<[string, string]> = [['keyTC', 'Default'], ['keyPTO', manager ? 'Manager' : 'Default']];
    for (const [key, name] of roles) {
      insert(db, 'employee_roles', { employeeId: id, applicationId: applicationIdOf(db, key), applicationKey: key, name, displayText: `${key === 'keyTC' ? 'Timecards' : 'PTO Requests'}: ${name}`, modifiedAt: stamp });
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
    insert(db, 'employee_schedules', { employeeId, ...Object.fromEntries(DAYS.map((d, i) => [d, hours[i]!])), modifiedAt: stamp });
  }

  // --- holidays: of the first seeded week's year to the year after the seed's ------------------------
  const seedYear = Number(cal.today.slice(0, 4));
  const regions = TC_REGIONS.map(([code], index) => [regionIds[index]!, code] as const);
  const holidays = seedHolidays(db, regions, Number(on(-7 * WEEKS).slice(0, 4)), seedYear + 1, stamp);

  // --- people who keep timecards ----------------------------------------------------------------
  const people: TimecardPerson[] = (db.prepare(`SELECT e.employeeId, e.regionId, e.managerEmployeeId, s.sunHours, s.monHours, s.tueHours, s.wedHours, s.thuHours, s.friHours, s.satHours
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
  insert(db, 'approval_delegations', { managerEmployeeId: centralManager, delegateEmployeeId: RPM, startDate: leaveStart, endDate: leaveEnd, createdByEmployeeId: centralManager, createdAt: at(-10), canceledAt: null, modifiedAt: stamp });
  insert(db, 'approval_delegations', { managerEmployeeId: gulfManager, delegateEmployeeId: RPM, startDate: gulfStart, endDate: gulfEnd, createdByEmployeeId: gulfManager, createdAt: at(-60), canceledAt: null, modifiedAt: stamp });
  /** Who approves `employeeId`'s card on `date`: [approver, on behalf of]. */
  const approver = (employeeId: number, date: string): [number, number | null] => {
    const manager = person.get(employeeId)?.managerEmployeeId ?? null;
    if (manager === null || manager === employeeId) return [TCADMIN === employeeId ? ADMIN : TCADMIN, null];
    if (manager === centralManager && date >= leaveStart && date <= leaveEnd) return [RPM, centralManager];
    if (manager === gulfManager && date >= gulfStart && date <= gulfEnd) return [RPM, gulfManager];
    return [manager, null];
  };

  // --- time off: balances and requests (time-off.ts) -------------------------------------------------
  const { requests, lateRequestId, lateDay } = seedTimeOff(db, cal, {
    rng, people, person, approver, weeks: WEEKS, centralManager, gulfTeam, centralTeam, rpmTeam, rpm: RPM, pm: PM, employee: EMPLOYEE,
  }, holidays);

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
      const timecardId = insert(db, 'weekly_timecards', {
        employeeId: p.employeeId, weekStart, weekEnding, applicationRecordStateId: TC[stateName],
        submittedAt, submittedByEmployeeId: submitted ? p.employeeId : null,
        approvedAt: approved ? `${decidedOn}T${k === 1 ? '10' : '15'}:${pad(rng.int(0, 59))}:00.000Z` : null,
        approvedByEmployeeId: approved ? by : null, onBehalfOfEmployeeId: approved ? onBehalf : null,
        processedAt: stateName === 'Processed' ? `${addDays(weekEnding, 10)}T13:00:00.000Z` : null,
        rejectedAt: isRejected ? `${decidedOn}T09:30:00.000Z` : null, rejectedByEmployeeId: isRejected ? by : null,
        rejectionReason: isRejected ? REJECTIONS[rejections++ % REJECTIONS.length]! : null,
        shortfallReason, version: 1, displayText: `Week ending ${weekEnding}`, modifiedAt: stamp,
      });
      lines.forEach(({ hours, row: line }, n) => insert(db, 'timecard_lines', {
        timecardId, projectId: null, costCodeId: null, opportunityId: null, opportunityCostCodeId: null, ptoRequestId: null, ...line,
        ...Object.fromEntries(DAYS.map((d, i) => [d, hours[i]!])), displayOrder: n + 1, modifiedAt: stamp,
      }));
      // A Timecard Admin's change of an approved card (k = 2), with the reason.
      if (stateName === 'Approved' && k === 2 && (p.employeeId === gulfTeam[6] || p.employeeId === rpmTeam[3])) {
        const total = lines.reduce((a, l) => a + l.hours.reduce((x, y) => x + y, 0), 0);
        insert(db, 'timecard_changes', {
          timecardId, changedByEmployeeId: TCADMIN, changedAt: `${addDays(weekEnding, 4)}T17:00:00.000Z`,
          reason: 'Payroll audit: Thursday hours corrected to the signed daily log.', description: 'Thursday Regular 9 → 8',
          hoursBefore: total + 1, hoursAfter: total, modifiedAt: stamp,
        });
        db.prepare('UPDATE weekly_timecards SET version = 2 WHERE timecardId = ?').run(timecardId);
      }
      if (p.employeeId === rpmTeam[2] && weekStart <= lateDay && lateDay <= weekEnding) {
        const hours = dates.map((d) => (d === lateDay ? 8 : 0));
        insert(db, 'timecard_corrections', {
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

/**
 * The first release's timecard summaries (migration 001's `timecards`: hours entered of expected, per week), for the
 * main seed on its stream: six weeks ending Sundays up to the Sunday that starts this week.
 */
export function seedLegacyTimecards(s: Seeder): void {
  const t = s.cal.stamp;
  const rng = s.rng;
  // The last one of 'pm' and 'employee' is not submitted.
  const weeks = [5, 4, 3, 2, 1, 0].map((w) => addDays(s.cal.weekStart, -7 * w));
  const tcEmployees = [1, 2, 3, 4, 5, 6, 7, 9, ...s.employeeIds.slice(9, 25)];
  for (const employeeId of tcEmployees) {
    for (const weekEnding of weeks) {
      const open = weekEnding === s.cal.weekStart && (employeeId === 2 || employeeId === 9);
      const entered = open ? (employeeId === 9 ? 32 : 24) : 40 + (rng.chance(0.2) ? rng.int(1, 10) : 0);
      insert(s.db, 'timecards', {
        employeeId, weekEnding, dueDate: weekEnding, enteredHours: entered, expectedHours: 40, submitted: open ? 0 : 1,
        submittedAt: open ? null : `${weekEnding}T22:00:00.000Z`, modifiedAt: t,
      });
    }
  }
}
