/**
 * Weekly timecards on the demo host (issue 13, migration 011): the shared pieces every timecard call
 * (and the time-off host part) uses. The rules themselves live once in src/core/timecards.
 *
 * - "Today" is the Central calendar day of the one clock (src/core/clock).
 * - {@link newCardLines}: the system lines a week's card starts with (its region's holiday line, the PTO
 *   lines of approved time off); {@link createDraftTimecard} writes them, the loads show them for a week
 *   that has no card yet.
 * - {@link weeksWithoutCard}: the past weeks an employee owes that have no card. Computed, never stored
 *   by a load: the first write of a week (save, submit, time off approved into it) creates its card.
 * - {@link policyContextData}: what the policy checks know about a card's lines and week.
 * - {@link loadTimecard}: the `TimecardLoad` answer; {@link cardAccess}: who may see / act on a card.
 */
import type Database from 'better-sqlite3';
import { ruleAllows, TIMECARD_ADMINS } from '../../../../src/core/access';
import {
  addDays, approverRole, expectedHours, hourFigures, mayEditLines, mayTransition, REJECTED, STANDARD_WEEK_HOURS,
  timecardDue, weekOf, type Delegation, type ExpectedHours, type Holiday, type HourFigures, type TimecardActor, type TimecardSubject,
  type TimeOffDay,
} from '../../../../src/core/timecards';
import type {
  PolicyContextData, TimecardAdvancement, TimecardChangeRow, TimecardHeader, TimecardLineRow, TimecardLoad,
} from '../../../../src/core/timecards/contract';
import { timeOffLineHours } from '../../../../src/core/time-off/reconcile';
import type { Caller } from '../context';
import { forbidden, notFound } from '../http';
import * as clock from '../../../../src/core/clock';

type Row = Record<string, unknown>;

// --- constants ----------------------------------------------------------------------------------------

export const DAY_COLUMNS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'] as const;
export const HOURS_SUM = (alias: string) => DAY_COLUMNS.map((c) => `${alias}.${c}`).join(' + ');
/** How far back a week without a card is still owed. */
export const OPEN_WEEKS_BACK = 52;
export const SERVICE = 'TimecardService';

/** keyTC Admin or Timecard Admin: sees every card, approves and processes as a Timecard Admin. */
export const isTimecardAdmin = (user: Pick<Caller, 'roles'>): boolean => ruleAllows(user.roles, TIMECARD_ADMINS);
/** Holds any keyTC role (keeps timecards). */
export const keepsTimecards = (db: Database.Database, employeeId: number): boolean =>
  db.prepare("SELECT 1 FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keyTC'").get(employeeId) !== undefined;

/** The id of a Timecard state by name. */
export function timecardStateId(db: Database.Database, name: string): number {
  const row = db.prepare("SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'Timecard' AND name = ?").get(name) as
    { id: number } | undefined;
  if (!row) throw new Error(`no Timecard state ${name}`);
  return row.id;
}

/** The Timecard states, in order. */
export const timecardStates = (db: Database.Database): { name: string; applicationRecordStateId: number }[] =>
  db.prepare("SELECT name, applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'Timecard' ORDER BY displayOrder").all() as
    { name: string; applicationRecordStateId: number }[];

// --- employees ----------------------------------------------------------------------------------------

export interface EmployeeInfo {
  employeeId: number;
  name: string;
  managerEmployeeId: number | null;
  managerName: string | null;
  regionId: number | null;
  active: number;
  /** Hours per weekday, Sunday first (null: the standard 8 × 5). */
  schedule: number[] | null;
}

export function employeeInfo(db: Database.Database, employeeId: number): EmployeeInfo | undefined {
  const row = db.prepare(`SELECT e.employeeId, e.preferredName AS name, e.managerEmployeeId, m.preferredName AS managerName, e.regionId, e.active,
      s.sunHours, s.monHours, s.tueHours, s.wedHours, s.thuHours, s.friHours, s.satHours
    FROM employees e LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId LEFT JOIN employee_schedules s ON s.employeeId = e.employeeId
    WHERE e.employeeId = ?`).get(employeeId) as Row | undefined;
  if (!row) return undefined;
  return {
    employeeId: row.employeeId as number, name: row.name as string, managerEmployeeId: (row.managerEmployeeId as number | null) ?? null,
    managerName: (row.managerName as string | null) ?? null, regionId: (row.regionId as number | null) ?? null, active: row.active as number,
    schedule: row.monHours === null || row.monHours === undefined ? null : DAY_COLUMNS.map((c) => row[c] as number),
  };
}

/** The employee or 404. */
export function employeeOr404(db: Database.Database, employeeId: number): EmployeeInfo {
  const info = employeeInfo(db, employeeId);
  if (!info) throw notFound(`Employee ${employeeId} not found.`);
  return info;
}

/** The holidays of a region in the week starting `weekStart`. */
export function weekHolidays(db: Database.Database, regionId: number | null, weekStart: string): (Holiday & { name: string })[] {
  if (regionId === null) return [];
  return (db.prepare('SELECT holidayDate, name, hours FROM holidays WHERE regionId = ? AND holidayDate BETWEEN ? AND ? ORDER BY holidayDate')
    .all(regionId, weekStart, addDays(weekStart, 6)) as { holidayDate: string; name: string; hours: number }[])
    .map((h) => ({ date: h.holidayDate, name: h.name, halfDay: h.hours < 8 }));
}

/** The holiday hours per day of a week: the day's scheduled hours, half of them on a half day. */
export function holidayHours(schedule: readonly number[] | null, weekStart: string, holidays: readonly Holiday[]): number[] {
  const full = expectedHours({ weekStart, schedule });
  const reduced = expectedHours({ weekStart, schedule, holidays });
  return full.perDay.map((hours, i) => Math.round((hours - (reduced.perDay[i] ?? 0)) * 100) / 100);
}

/** Delegations (not canceled) given to `delegateId`, in the core's shape. */
export function delegationsTo(db: Database.Database, delegateId: number): Delegation[] {
  return (db.prepare(`SELECT managerEmployeeId AS managerId, delegateEmployeeId AS delegateId, startDate, endDate FROM approval_delegations
    WHERE delegateEmployeeId = ? AND canceledAt IS NULL`).all(delegateId) as Delegation[]);
}

/** The actor of the core's rules. */
export const actorOf = (user: Caller): TimecardActor => ({ employeeId: user.employeeId, timecardAdmin: isTimecardAdmin(user) });

// --- cards --------------------------------------------------------------------------------------------

export interface CardRow {
  timecardId: number;
  employeeId: number;
  weekStart: string;
  weekEnding: string;
  applicationRecordStateId: number;
  state: string;
  version: number;
  submittedAt: string | null;
  submittedByEmployeeId: number | null;
  approvedAt: string | null;
  approvedByEmployeeId: number | null;
  onBehalfOfEmployeeId: number | null;
  processedAt: string | null;
  rejectedAt: string | null;
  rejectedByEmployeeId: number | null;
  rejectionReason: string | null;
  shortfallReason: string | null;
  modifiedAt: string;
}

const CARD_SELECT = `SELECT t.timecardId, t.employeeId, t.weekStart, t.weekEnding, t.applicationRecordStateId, st.name AS state, t.version,
  t.submittedAt, t.submittedByEmployeeId, t.approvedAt, t.approvedByEmployeeId, t.onBehalfOfEmployeeId, t.processedAt, t.rejectedAt,
  t.rejectedByEmployeeId, t.rejectionReason, t.shortfallReason, t.modifiedAt
  FROM weekly_timecards t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId`;

export const cardById = (db: Database.Database, timecardId: number): CardRow | undefined =>
  db.prepare(`${CARD_SELECT} WHERE t.timecardId = ?`).get(timecardId) as CardRow | undefined;
export const cardOfWeek = (db: Database.Database, employeeId: number, weekStart: string): CardRow | undefined =>
  db.prepare(`${CARD_SELECT} WHERE t.employeeId = ? AND t.weekStart = ?`).get(employeeId, weekStart) as CardRow | undefined;

/** The card or 404. */
export function cardOr404(db: Database.Database, timecardId: number): CardRow {
  const card = cardById(db, timecardId);
  if (!card) throw notFound(`Timecard ${timecardId} not found.`);
  return card;
}

/** A system line of a week without a card (not stored): `key` names it. */
const systemLine = (source: 'holiday' | 'pto', label: string, ptoRequestId: number | null, hours: number[], key: string): StoredLine => ({
  timecardLineId: null, source, timeType: source === 'holiday' ? 'Holiday' : 'PTO', projectId: null, projectNumber: null, projectName: null,
  costCodeId: null, costCode: null, costCodeName: null, opportunityId: null, opportunityNumber: null, opportunityName: null, opportunityCostCodeId: null,
  label, ptoRequestId, hours, key,
});

/**
 * The system lines `employee`'s card of the week starts with: its region's holiday line and, with
 * `withTimeOff`, one PTO line per Approved time-off request that week (core timeOffLineHours: its days
 * of the week, holidays out or halved). What {@link createDraftTimecard} writes and what a load shows for a
 * week without a card: one computation for both.
 */
export function newCardLines(db: Database.Database, employee: EmployeeInfo, weekStart: string, options: { withTimeOff?: boolean } = {},
  holidays = weekHolidays(db, employee.regionId, weekStart)): StoredLine[] {
  const week = weekOf(weekStart);
  const lines: StoredLine[] = [];
  const holidayLine = holidayHours(employee.schedule, week.weekStart, holidays);
  if (holidayLine.some((h) => h > 0)) lines.push(systemLine('holiday', holidays.map((h) => h.name).join(', ') || 'Holiday', null, holidayLine, 'holiday'));
  if (!options.withTimeOff) return lines;
  const requests = db.prepare(`SELECT r.requestId, r.employeeId, r.title, t.name AS type, r.startDate, r.endDate, r.hoursPerDay
    FROM time_off_requests r JOIN pto_types t USING (ptoTypeId) JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE r.employeeId = ? AND st.name = 'Approved' AND r.startDate <= ? AND r.endDate >= ? ORDER BY r.startDate, r.requestId`)
    .all(employee.employeeId, week.weekEnding, week.weekStart) as { requestId: number; employeeId: number; title: string; type: string; startDate: string; endDate: string; hoursPerDay: number }[];
  for (const request of requests) {
    // The line an Approved request holds on this week (core timeOffLineHours, the one rule of issue 29).
    const hours = timeOffLineHours({ ...request, state: 'Approved' }, holidays).get(week.weekStart);
    if (!hours) continue;
    lines.push(systemLine('pto', `${request.type}: ${request.title}`, request.requestId, hours, `r${request.requestId}`));
  }
  return lines;
}

/** The schedule's hours of an employee's week, before holidays and time off (40 by default). */
export const scheduleHours = (employee: EmployeeInfo): number =>
  employee.schedule ? Math.round(employee.schedule.reduce((a, b) => a + b, 0) * 100) / 100 : STANDARD_WEEK_HOURS;

/**
 * The hour figures (core hourFigures) of a week without a card: its {@link newCardLines} with time off.
 * Nothing is entered yet; the holidays and time off are figures of their own (issue 29: not "Entered 16").
 */
export const newCardFigures = (db: Database.Database, employee: EmployeeInfo, weekStart: string): HourFigures =>
  hourFigures(scheduleHours(employee), newCardLines(db, employee, weekStart, { withTimeOff: true }));

/** Every hour of a card's lines (work, holidays and time off): the lists' and the bell's `enteredHours`. */
export const allLineHours = (figures: HourFigures): number => Math.round((figures.entered + figures.holidays + figures.timeOff) * 100) / 100;

/** Every hour a week without a card holds already (holidays and time off), as the bell counts them. */
export const newCardHours = (db: Database.Database, employee: EmployeeInfo, weekStart: string): number =>
  allLineHours(newCardFigures(db, employee, weekStart));

/**
 * The Draft card of `employeeId`'s week (any day of it), with its {@link newCardLines} (the time-off
 * lines with `withTimeOff`). Idempotent: an existing card's id is returned untouched. A write: only
 * the request that changes the week (or a time-off decision) calls it.
 */
export function createDraftTimecard(db: Database.Database, employeeId: number, weekStart: string, options: { withTimeOff?: boolean } = {}): number {
  const week = weekOf(weekStart);
  const existing = db.prepare('SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = ?').get(employeeId, week.weekStart) as
    { timecardId: number } | undefined;
  if (existing) return existing.timecardId;
  const employee = employeeOr404(db, employeeId);
  const at = clock.nowIso();
  const timecardId = Number(db.prepare(`INSERT INTO weekly_timecards (employeeId, weekStart, weekEnding, applicationRecordStateId, version, displayText, modifiedAt)
    VALUES (?, ?, ?, ?, 1, ?, ?)`).run(employeeId, week.weekStart, week.weekEnding, timecardStateId(db, 'Draft'), `Week ending ${week.weekEnding}`, at).lastInsertRowid);
  const insertLine = db.prepare(`INSERT INTO timecard_lines (timecardId, timeType, source, ptoRequestId, ${DAY_COLUMNS.join(', ')}, displayOrder, modifiedAt)
    VALUES (?, ?, ?, ?, ${DAY_COLUMNS.map(() => '?').join(', ')}, ?, ?)`);
  newCardLines(db, employee, week.weekStart, options).forEach((line, index) => {
    insertLine.run(timecardId, line.timeType, line.source, line.ptoRequestId, ...line.hours, index + 1, at);
  });
  return timecardId;
}

/**
 * Rewrite a card's holiday line from its region's holidays of the week as they are now (none: the line
 * goes). The caller bumps the card's version.
 */
export function writeHolidayLine(db: Database.Database, timecardId: number, at: string): void {
  const card = db.prepare('SELECT employeeId, weekStart FROM weekly_timecards WHERE timecardId = ?').get(timecardId) as { employeeId: number; weekStart: string };
  const employee = employeeOr404(db, card.employeeId);
  const hours = holidayHours(employee.schedule, card.weekStart, weekHolidays(db, employee.regionId, card.weekStart));
  const line = db.prepare("SELECT timecardLineId FROM timecard_lines WHERE timecardId = ? AND source = 'holiday'").get(timecardId) as { timecardLineId: number } | undefined;
  if (hours.some((h) => h > 0)) {
    if (line) db.prepare(`UPDATE timecard_lines SET ${DAY_COLUMNS.map((c) => `${c} = ?`).join(', ')}, modifiedAt = ? WHERE timecardLineId = ?`).run(...hours, at, line.timecardLineId);
    else {
      db.prepare(`INSERT INTO timecard_lines (timecardId, timeType, source, ${DAY_COLUMNS.join(', ')}, displayOrder, modifiedAt)
        VALUES (?, 'Holiday', 'holiday', ${DAY_COLUMNS.map(() => '?').join(', ')}, (SELECT coalesce(max(displayOrder), 0) + 1 FROM timecard_lines WHERE timecardId = ?), ?)`)
        .run(timecardId, ...hours, timecardId, at);
    }
  } else if (line) db.prepare('DELETE FROM timecard_lines WHERE timecardLineId = ?').run(line.timecardLineId);
}

/**
 * The weeks `employeeId` owes that have no card (oldest first): every week from their first card (or
 * the current week, when that is earlier or they have none) through the current week, at most
 * {@link OPEN_WEEKS_BACK} weeks back. Only for employees who keep timecards (a keyTC role). Computed
 * on every load: such a week is "Not started" until its first write creates the card.
 */
export function weeksWithoutCard(db: Database.Database, employeeId: number): string[] {
  if (!keepsTimecards(db, employeeId)) return [];
  const current = weekOf(clock.today()).weekStart;
  const earliest = addDays(current, -7 * OPEN_WEEKS_BACK);
  const first = (db.prepare('SELECT min(weekStart) AS w FROM weekly_timecards WHERE employeeId = ?').get(employeeId) as { w: string | null }).w;
  let start = first !== null && first < current ? first : current;
  if (start < earliest) start = earliest;
  const stored = new Set(db.prepare('SELECT weekStart FROM weekly_timecards WHERE employeeId = ? AND weekStart BETWEEN ? AND ?').pluck()
    .all(employeeId, start, current) as string[]);
  const weeks: string[] = [];
  for (let week = start; week <= current; week = addDays(week, 7)) if (!stored.has(week)) weeks.push(week);
  return weeks;
}

// --- lines and the policy context ----------------------------------------------------------------------

export interface StoredLine extends TimecardLineRow {
  /** The manual line's identity: project/opportunity + code + time type. */
  key: string;
}

export const manualKey = (line: { projectId?: number | null; costCodeId?: number | null; opportunityId?: number | null; opportunityCostCodeId?: number | null; timeType: string }) =>
  line.opportunityId ? `o${line.opportunityId}|${line.opportunityCostCodeId ?? ''}|${line.timeType}` : `p${line.projectId ?? ''}|${line.costCodeId ?? ''}|${line.timeType}`;

/** The lines of a card: manual ones first (in their order), then holiday and time-off lines. */
export function cardLines(db: Database.Database, timecardId: number, holidays: readonly (Holiday & { name: string })[] = []): StoredLine[] {
  const rows = db.prepare(`SELECT l.timecardLineId, l.source, l.timeType, l.projectId, p.number AS projectNumber, p.name AS projectName,
      l.costCodeId, c.code AS costCode, c.description AS costCodeName, l.opportunityId, o.number AS opportunityNumber, o.name AS opportunityName,
      l.opportunityCostCodeId, oc.code AS opportunityCode, oc.description AS opportunityCodeName, l.ptoRequestId, r.title AS requestTitle, pt.name AS ptoType,
      ${DAY_COLUMNS.map((c) => `l.${c}`).join(', ')}
    FROM timecard_lines l LEFT JOIN projects p ON p.projectId = l.projectId LEFT JOIN cost_codes c ON c.costCodeId = l.costCodeId
      LEFT JOIN opportunities o ON o.opportunityId = l.opportunityId LEFT JOIN opportunity_cost_codes oc ON oc.opportunityCostCodeId = l.opportunityCostCodeId
      LEFT JOIN time_off_requests r ON r.requestId = l.ptoRequestId LEFT JOIN pto_types pt ON pt.ptoTypeId = r.ptoTypeId
    WHERE l.timecardId = ? ORDER BY CASE l.source WHEN 'manual' THEN 0 WHEN 'holiday' THEN 1 ELSE 2 END, l.displayOrder, l.timecardLineId`).all(timecardId) as Row[];
  const holidayLabel = holidays.map((h) => h.name).join(', ') || 'Holiday';
  return rows.map((r) => {
    const line: TimecardLineRow = {
      timecardLineId: r.timecardLineId as number, source: r.source as TimecardLineRow['source'], timeType: r.timeType as TimecardLineRow['timeType'],
      projectId: (r.projectId as number | null) ?? null, projectNumber: (r.projectNumber as string | null) ?? null, projectName: (r.projectName as string | null) ?? null,
      costCodeId: (r.costCodeId as number | null) ?? null,
      costCode: ((r.costCode ?? r.opportunityCode) as string | null) ?? null,
      costCodeName: ((r.costCodeName ?? r.opportunityCodeName) as string | null) ?? null,
      opportunityId: (r.opportunityId as number | null) ?? null, opportunityNumber: (r.opportunityNumber as string | null) ?? null,
      opportunityName: (r.opportunityName as string | null) ?? null, opportunityCostCodeId: (r.opportunityCostCodeId as number | null) ?? null,
      label: r.source === 'holiday' ? holidayLabel : r.source === 'pto' ? `${String(r.ptoType ?? 'PTO')}: ${String(r.requestTitle ?? '')}` : null,
      ptoRequestId: (r.ptoRequestId as number | null) ?? null,
      hours: DAY_COLUMNS.map((c) => r[c] as number),
    };
    return { ...line, key: manualKey(line) };
  });
}

/** Time off per day from the PTO lines of a card. */
const timeOffOf = (lines: readonly TimecardLineRow[], weekStart: string): TimeOffDay[] =>
  lines.filter((l) => l.source === 'pto').flatMap((l) => l.hours.map((hours, i) => ({ date: addDays(weekStart, i), hours })).filter((d) => d.hours > 0));

/** The expected hours of an employee's week given its lines (holidays of the region, time off of the PTO lines). */
export function weekExpected(employee: EmployeeInfo, weekStart: string, holidays: readonly Holiday[], lines: readonly TimecardLineRow[]): ExpectedHours {
  return expectedHours({ weekStart, schedule: employee.schedule, holidays, timeOff: timeOffOf(lines, weekStart) });
}

/** The projects, opportunities and codes the lines name (and any extra ids), with the week's expected hours. */
export function policyContextData(
  db: Database.Database, lines: readonly { projectId?: number | null; costCodeId?: number | null; opportunityId?: number | null; opportunityCostCodeId?: number | null }[],
  expected: ExpectedHours,
): PolicyContextData {
  const ids = (pick: (l: (typeof lines)[number]) => number | null | undefined) => [...new Set(lines.map(pick).filter((v): v is number => typeof v === 'number'))];
  const inList = (values: number[]) => values.map(() => '?').join(', ') || 'NULL';
  const data: PolicyContextData = { projects: {}, opportunities: {}, costCodes: {}, opportunityCostCodes: {}, expected };
  const projectIds = ids((l) => l.projectId);
  for (const p of db.prepare(`SELECT projectId, number, active FROM projects WHERE projectId IN (${inList(projectIds)})`).all(...projectIds) as Row[]) {
    data.projects[String(p.projectId)] = { number: p.number as string, closed: p.active !== 1 };
  }
  const opportunityIds = ids((l) => l.opportunityId);
  for (const o of db.prepare(`SELECT opportunityId, number, status FROM opportunities WHERE opportunityId IN (${inList(opportunityIds)})`).all(...opportunityIds) as Row[]) {
    data.opportunities[String(o.opportunityId)] = { number: o.number as string, status: o.status as string };
  }
  const codeIds = ids((l) => l.costCodeId);
  for (const c of db.prepare(`SELECT c.costCodeId, c.code, c.type, b.projectId FROM cost_codes c JOIN budgets b USING (budgetId) WHERE c.costCodeId IN (${inList(codeIds)})`)
    .all(...codeIds) as Row[]) {
    data.costCodes[String(c.costCodeId)] = { code: c.code as string, type: c.type as string, projectId: c.projectId as number };
  }
  const opportunityCodeIds = ids((l) => l.opportunityCostCodeId);
  for (const c of db.prepare(`SELECT opportunityCostCodeId, code, type, opportunityId FROM opportunity_cost_codes WHERE opportunityCostCodeId IN (${inList(opportunityCodeIds)})`)
    .all(...opportunityCodeIds) as Row[]) {
    data.opportunityCostCodes[String(c.opportunityCostCodeId)] = { code: c.code as string, type: c.type as string, opportunityId: c.opportunityId as number };
  }
  return data;
}

// --- access ---------------------------------------------------------------------------------------------

export const TIMECARD_ACCESS_TEXT = {
  notVisible: "You may see only your own timecards, your team's (or the team you approve for as a delegate), unless you are a Timecard Admin.",
  adminOnly: 'Only a Timecard Admin or Admin can do this.',
} as const;

/** The card as the core's rules see it. */
export const subjectOf = (employee: EmployeeInfo, weekStart: string): TimecardSubject => ({
  employeeId: employee.employeeId, managerId: employee.managerEmployeeId, weekStart, weekEnding: addDays(weekStart, 6),
});

/** True when `user` may see `employee`'s card of the week: the owner, the manager, the manager's delegate for the week, a Timecard Admin. */
export function maySeeCard(db: Database.Database, user: Caller, employee: EmployeeInfo, weekStart: string): boolean {
  if (user.employeeId === employee.employeeId || isTimecardAdmin(user)) return true;
  return approverRole({ employeeId: user.employeeId }, subjectOf(employee, weekStart), delegationsTo(db, user.employeeId)) !== null;
}

/** 403 unless {@link maySeeCard}. */
export function requireSeeCard(db: Database.Database, user: Caller, employee: EmployeeInfo, weekStart: string): void {
  if (!maySeeCard(db, user, employee, weekStart)) throw forbidden(TIMECARD_ACCESS_TEXT.notVisible);
}

/** The state moves `user` may make on a card in `state` (checked by the core's mayTransition). */
export function advancementsFor(db: Database.Database, user: Caller, employee: EmployeeInfo, weekStart: string, state: string, delegations: readonly Delegation[]): TimecardAdvancement[] {
  const actor = actorOf(user);
  const card = subjectOf(employee, weekStart);
  const own = user.employeeId === employee.employeeId;
  const candidates: Array<{ to: string; stored: string; action: string; name: string; needsReason: boolean }> = [];
  if (state === 'Draft') candidates.push({ to: 'Submitted', stored: 'Submitted', action: 'submit', name: 'Submit', needsReason: false });
  if (state === 'Submitted') {
    if (own) candidates.push({ to: 'Draft', stored: 'Draft', action: 'recall', name: 'Recall', needsReason: false });
    candidates.push({ to: 'Approved', stored: 'Approved', action: 'approve', name: 'Approve', needsReason: false });
    candidates.push({ to: REJECTED, stored: 'Draft', action: 'reject', name: 'Reject', needsReason: true });
  }
  if (state === 'Approved') {
    candidates.push({ to: 'Processed', stored: 'Processed', action: 'process', name: 'Mark Processed', needsReason: false });
    candidates.push({ to: 'Draft', stored: 'Draft', action: 'reopen', name: 'Reopen', needsReason: true });
  }
  return candidates
    .filter((c) => mayTransition({ from: state, to: c.to, actor, card, delegations, reason: c.needsReason ? 'reason' : null }).ok)
    .map((c) => ({ routeStateId: timecardStateId(db, c.stored), name: c.name, action: c.action, needsReason: c.needsReason }));
}

const nameOf = (db: Database.Database, employeeId: number | null): string | null =>
  employeeId === null ? null : ((db.prepare('SELECT preferredName AS n FROM employees WHERE employeeId = ?').get(employeeId) as { n: string } | undefined)?.n ?? null);

/**
 * The `TimecardLoad` of `employee`'s week: the stored card, or (no card: "Not started") a virtual Draft
 * with timecardId null and version 0, its {@link newCardLines} computed. Reads only.
 */
export function loadTimecard(db: Database.Database, user: Caller, employee: EmployeeInfo, weekStart: string): TimecardLoad {
  const card = cardOfWeek(db, employee.employeeId, weekStart);
  const holidays = weekHolidays(db, employee.regionId, weekStart);
  let lines: StoredLine[];
  if (card) lines = cardLines(db, card.timecardId, holidays);
  else lines = newCardLines(db, employee, weekStart, { withTimeOff: true }, holidays);
  const expected = weekExpected(employee, weekStart, holidays, lines);
  const state = card?.state ?? 'Draft';
  const delegations = delegationsTo(db, user.employeeId);
  const actor = actorOf(user);
  const subject = subjectOf(employee, weekStart);
  const mayEdit = mayEditLines(state, actor, subject);
  const entered = Math.round(lines.reduce((sum, l) => sum + l.hours.reduce((a, b) => a + b, 0), 0) * 100) / 100;
  const header: TimecardHeader = {
    timecardId: card?.timecardId ?? null, employeeId: employee.employeeId, employeeName: employee.name, managerName: employee.managerName,
    weekStart, weekEnding: addDays(weekStart, 6), state, applicationRecordStateId: card?.applicationRecordStateId ?? timecardStateId(db, 'Draft'),
    version: card?.version ?? 0, dueDate: timecardDue(subject).toISOString(), expectedHours: expected.expected, enteredHours: entered,
    expectedByDay: expected.perDay, rejectionReason: card?.rejectionReason ?? null, rejectedByName: nameOf(db, card?.rejectedByEmployeeId ?? null),
    shortfallReason: card?.shortfallReason ?? null, submittedAt: card?.submittedAt ?? null, approvedAt: card?.approvedAt ?? null,
    approvedByName: nameOf(db, card?.approvedByEmployeeId ?? null), onBehalfOfName: nameOf(db, card?.onBehalfOfEmployeeId ?? null),
    mayEdit, editNeedsReason: mayEdit && state === 'Approved',
    advancements: advancementsFor(db, user, employee, weekStart, state, delegations),
  };
  const changes: TimecardChangeRow[] = card ? (db.prepare(`SELECT c.timecardChangeId, e.preferredName AS changedByName, c.changedAt, c.reason, c.description, c.hoursBefore, c.hoursAfter
    FROM timecard_changes c JOIN employees e ON e.employeeId = c.changedByEmployeeId WHERE c.timecardId = ? ORDER BY c.changedAt, c.timecardChangeId`)
    .all(card.timecardId) as TimecardChangeRow[]) : [];
  return {
    timecard: header,
    lines: lines.map(({ key: _key, ...line }) => line),
    context: policyContextData(db, lines, expected),
    changes,
  };
}
