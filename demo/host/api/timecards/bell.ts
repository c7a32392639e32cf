/**
 * The bell's timecard items (issue 13; api/session.ts GetOpenItemsByEmployee):
 * - `timecardNeedsSubmission`, computed from weekly_timecards by the core's timecardNeedsSubmission
 *   (the oldest owed week that is overdue or in its last 24 hours): flag, dueDate, enteredHours,
 *   expectedHours, plus timecardId, employeeId, weekStart and weekEnding, so the header's link opens
 *   the card (null for a week without one: "Not started", owed all the same). Reads only: the owed
 *   weeks without a card are computed (cards.ts weeksWithoutCard), not created.
 * - for a Timecard Admin / Admin on keyTC, one `openWorkflows` entry per open time-off correction,
 *   linking to the corrections tab of the timecards screen.
 * - `timecardsToApprove` (issue 29): how many Submitted cards wait for the employee (as manager,
 *   delegate, or Timecard Admin of those without an approver: the approval inbox's cards, inbox.ts),
 *   linking to the inbox tab, "Waiting for me".
 * - `notices` (issue 29): what was decided about the employee's own things, computed from the rows at
 *   read time (nothing is written): a rejected card still in Draft (who rejected it and why), and
 *   time-off requests denied (with the reason) or approved in the last {@link NOTICE_DAYS} days; and a
 *   Timecard Admin's reminder of a week the employee still owes, until it is submitted (reminders.ts).
 * - {@link openableWorkflows}: the seeded open_workflows rows the employee can open (a dead link is a defect).
 */
import type Database from 'better-sqlite3';
import { ruleAllows, TIMECARD_ADMINS, type RoleEntry } from '../../../../src/core/access';
import { addDays, approverRole, hourFigures, timecardNeedsSubmission } from '../../../../src/core/timecards';
import { dayRangeLabel } from '../../../../src/core/timecards/contract';
import { delegationsTo, employeeInfo, HOURS_SUM, isTimecardAdmin, keepsTimecards, newCardFigures, newCardHours, weeksWithoutCard } from './cards';
import { openCorrections } from './admin';
import { inboxTimecards } from './inbox';
import type { OpenWorkflowItem } from '../workflows';
import * as clock from '../../../../src/core/clock';

/** Where a correction is handled. */
export const CORRECTIONS_LINK = '/teammembertoolbox/timecards?activeTab=corrections';
/** The approval inbox: the "Waiting for me" tab of the timecards screen. */
export const INBOX_LINK = '/teammembertoolbox/timecards?activeTab=inbox';
/** How long a decided time-off request stays in its employee's bell. */
export const NOTICE_DAYS = 14;

export interface TimecardBellItem {
  flag: boolean;
  dueDate: string | null;
  enteredHours: number;
  expectedHours: number;
  timecardId: number | null;
  employeeId: number;
  weekStart: string | null;
  weekEnding: string | null;
}

export type CorrectionWorkflow = OpenWorkflowItem;

/** The `timecardNeedsSubmission` item of `employeeId`. */
export function timecardBellItem(db: Database.Database, employeeId: number): TimecardBellItem {
  const none: TimecardBellItem = { flag: false, dueDate: null, enteredHours: 0, expectedHours: 0, timecardId: null, employeeId, weekStart: null, weekEnding: null };
  if (!keepsTimecards(db, employeeId)) return none;
  const cards = db.prepare(`SELECT t.timecardId, t.weekStart, st.name AS state,
      coalesce((SELECT sum(${HOURS_SUM('l')}) FROM timecard_lines l WHERE l.timecardId = t.timecardId), 0) AS enteredHours,
      coalesce(s.sunHours + s.monHours + s.tueHours + s.wedHours + s.thuHours + s.friHours + s.satHours, 40) AS expectedHours
    FROM weekly_timecards t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      LEFT JOIN employee_schedules s ON s.employeeId = t.employeeId
    WHERE t.employeeId = ? AND st.name = 'Draft' ORDER BY t.weekStart`).all(employeeId) as
    { timecardId: number | null; weekStart: string; state: string | null; enteredHours: number; expectedHours: number }[];
  // Weeks without a card: owed with the hours their card would start with (holiday and approved time off).
  const employee = employeeInfo(db, employeeId)!;
  const expectedHours = employee.schedule ? employee.schedule.reduce((a, b) => a + b, 0) : 40;
  const missing = weeksWithoutCard(db, employeeId).map((weekStart) => ({
    timecardId: null, weekStart, state: null, expectedHours, enteredHours: newCardHours(db, employee, weekStart),
  }));
  const weeks = [...cards, ...missing];
  const item = timecardNeedsSubmission(clock.now(), weeks);
  if (!item.flag || !item.weekStart) return none;
  const week = weeks.find((w) => w.weekStart === item.weekStart)!;
  // In the card's figures (core hourFigures): the work entered of the hours to work, holidays and time off apart.
  const figures = week.timecardId
    ? hourFigures(week.expectedHours, db.prepare(`SELECT timeType, sum(${HOURS_SUM('l')}) AS hours FROM timecard_lines l WHERE l.timecardId = ? GROUP BY timeType`)
      .all(week.timecardId).map((l) => ({ timeType: (l as { timeType: string }).timeType, hours: [(l as { hours: number }).hours] })))
    : newCardFigures(db, employee, week.weekStart);
  return {
    flag: true, dueDate: item.dueDate, enteredHours: figures.entered, expectedHours: Math.round((figures.expected - figures.holidays - figures.timeOff) * 100) / 100,
    timecardId: week.timecardId, employeeId, weekStart: item.weekStart, weekEnding: addDays(item.weekStart, 6),
  };
}

const rolesOf = (db: Database.Database, employeeId: number): RoleEntry[] =>
  db.prepare('SELECT applicationKey, name FROM employee_roles WHERE employeeId = ?').all(employeeId) as RoleEntry[];

/** The open corrections as workflow items, for a Timecard Admin (else none). */
export function correctionWorkflows(db: Database.Database, employeeId: number): CorrectionWorkflow[] {
  const roles = rolesOf(db, employeeId);
  if (!isTimecardAdmin({ roles })) return [];
  return openCorrections(db).map((c) => ({
    // Negative: never the id of a real workflow instance.
    workflowInstanceId: -c.correctionId,
    documentNumber: `${c.employeeName} · week of ${c.weekStart}`,
    workflowTrigger: `Time off ${c.kind === 'Add' ? 'to add to' : 'to remove from'} an ${c.state} timecard (${c.requestTitle})`,
    phaseName: 'Timecard correction',
    directLink: CORRECTIONS_LINK,
    applicationRecordKey: 'Timecard',
    recordId: c.timecardId,
  }));
}

export interface TimecardsToApprove {
  /** Submitted cards waiting for the employee's approval (0: the header shows no item). */
  count: number;
  directLink: string;
}

/** The "Timecards to approve (N)" item of `employeeId`. */
export function timecardsToApprove(db: Database.Database, employeeId: number): TimecardsToApprove {
  return { count: inboxTimecards(db, { employeeId, roles: rolesOf(db, employeeId) }).length, directLink: INBOX_LINK };
}

export interface EmployeeNotice {
  /** Unique in the list: `${kind}-${itemId}`. */
  id: string;
  kind: 'timecardRejected' | 'timeOffDenied' | 'timeOffApproved' | 'timecardReminder';
  /** The sentence the bell shows: "Timecard 11/22–11/28 rejected by Linda Okafor: …". */
  text: string;
  /** When it was decided (ISO). */
  at: string;
  decidedByName: string | null;
  reason: string | null;
  /** The employee's own card or request. */
  directLink: string;
}

/**
 * What was decided about `employeeId`'s own cards and requests, and a Timecard Admin's latest reminder of
 * each week still owed (no card, or Draft; reminders.ts), newest first. Reads only.
 */
export function employeeNotices(db: Database.Database, employeeId: number): EmployeeNotice[] {
  const rejected = db.prepare(`SELECT t.timecardId, t.weekStart, t.weekEnding, t.rejectedAt, t.rejectionReason, r.preferredName AS rejectedByName
    FROM weekly_timecards t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      LEFT JOIN employees r ON r.employeeId = t.rejectedByEmployeeId
    WHERE t.employeeId = ? AND st.name = 'Draft' AND t.rejectedAt IS NOT NULL`).all(employeeId) as
    { timecardId: number; weekStart: string; weekEnding: string; rejectedAt: string; rejectionReason: string | null; rejectedByName: string | null }[];
  const since = new Date(clock.nowMs() - NOTICE_DAYS * 86_400_000).toISOString();
  const decided = db.prepare(`SELECT q.requestId, pt.name AS type, q.startDate, q.endDate, st.name AS state, q.decidedAt, q.denialReason, d.preferredName AS decidedByName
    FROM time_off_requests q JOIN application_record_states st ON st.applicationRecordStateId = q.applicationRecordStateId
      JOIN pto_types pt ON pt.ptoTypeId = q.ptoTypeId LEFT JOIN employees d ON d.employeeId = q.decidedByEmployeeId
    WHERE q.employeeId = ? AND st.name IN ('Approved', 'Denied') AND q.decidedAt >= ?`).all(employeeId, since) as
    { requestId: number; type: string; startDate: string; endDate: string; state: string; decidedAt: string; denialReason: string | null; decidedByName: string | null }[];
  // The latest reminder of each week the employee still owes: gone once the week is submitted.
  const reminders = db.prepare(`SELECT r.timecardReminderId, r.weekStart, r.remindedAt, b.preferredName AS remindedByName
    FROM timecard_reminders r LEFT JOIN employees b ON b.employeeId = r.remindedByEmployeeId
      LEFT JOIN weekly_timecards t ON t.employeeId = r.employeeId AND t.weekStart = r.weekStart
      LEFT JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
    WHERE r.employeeId = ? AND (t.timecardId IS NULL OR st.name = 'Draft')
      AND r.timecardReminderId = (SELECT max(x.timecardReminderId) FROM timecard_reminders x WHERE x.employeeId = r.employeeId AND x.weekStart = r.weekStart)`)
    .all(employeeId) as { timecardReminderId: number; weekStart: string; remindedAt: string; remindedByName: string | null }[];
  const by = (name: string | null) => (name ? ` by ${name}` : '');
  const because = (reason: string | null) => (reason ? `: ${reason}` : '');
  const notices: EmployeeNotice[] = [
    ...rejected.map((c): EmployeeNotice => ({
      id: `timecardRejected-${c.timecardId}`, kind: 'timecardRejected',
      text: `Timecard ${dayRangeLabel(c.weekStart, c.weekEnding)} rejected${by(c.rejectedByName)}${because(c.rejectionReason)}`,
      at: c.rejectedAt, decidedByName: c.rejectedByName, reason: c.rejectionReason, directLink: `/teammembertoolbox/timecards/timecard?timecardId=${c.timecardId}`,
    })),
    ...decided.map((q): EmployeeNotice => {
      const denied = q.state === 'Denied';
      return {
        id: `${denied ? 'timeOffDenied' : 'timeOffApproved'}-${q.requestId}`, kind: denied ? 'timeOffDenied' : 'timeOffApproved',
        text: `${q.type} ${dayRangeLabel(q.startDate, q.endDate)} ${denied ? 'denied' : 'approved'}${by(q.decidedByName)}${denied ? because(q.denialReason) : ''}`,
        at: q.decidedAt, decidedByName: q.decidedByName, reason: denied ? q.denialReason : null, directLink: `/teammembertoolbox/requests?recordId=${q.requestId}`,
      };
    }),
    ...reminders.map((r): EmployeeNotice => ({
      id: `timecardReminder-${r.timecardReminderId}`, kind: 'timecardReminder',
      text: `Reminder${r.remindedByName ? ` from ${r.remindedByName}` : ''}: submit your timecard for ${dayRangeLabel(r.weekStart, addDays(r.weekStart, 6))}`,
      at: r.remindedAt, decidedByName: r.remindedByName, reason: null,
      directLink: `/teammembertoolbox/timecards/timecard?employeeId=${employeeId}&weekStart=${r.weekStart}`,
    })),
  ];
  return notices.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

/** An open_workflows row as the bell reads it. */
export interface WorkflowRow {
  workflowInstanceId: number;
  documentNumber: string;
  workflowTrigger: string;
  phaseName: string;
  directLink: string;
  applicationRecordKey: string | null;
  recordId: number | null;
}

/**
 * The open_workflows rows `employeeId` can open. A PtoRequest row is kept only while its request is
 * Pending, the employee decides it (manager, delegate, Timecard Admin) and the bell does not list it
 * already among `pendingRequestIds`: time_off_requests is the authority. (The seeded "PTO-1 · PTO
 * Request · Manager Approval" row of rpm named a request of another manager's report, decided long
 * before; its page answered 403.)
 */
export function openableWorkflows(db: Database.Database, employeeId: number, rows: readonly WorkflowRow[], pendingRequestIds: ReadonlySet<number>): WorkflowRow[] {
  const requestOf = db.prepare(`SELECT q.employeeId, e.managerEmployeeId, q.startDate, q.endDate, st.name AS state FROM time_off_requests q
    JOIN employees e ON e.employeeId = q.employeeId JOIN application_record_states st ON st.applicationRecordStateId = q.applicationRecordStateId WHERE q.requestId = ?`);
  let actor: { employeeId: number; timecardAdmin: boolean } | null = null;
  return rows.filter((row) => {
    if (row.applicationRecordKey !== 'PtoRequest') return true;
    if (row.recordId === null || pendingRequestIds.has(row.recordId)) return false;
    const request = requestOf.get(row.recordId) as { employeeId: number; managerEmployeeId: number | null; startDate: string; endDate: string; state: string } | undefined;
    if (!request || request.state !== 'Pending') return false;
    actor ??= { employeeId, timecardAdmin: ruleAllows(rolesOf(db, employeeId), TIMECARD_ADMINS) };
    const subject = { employeeId: request.employeeId, managerId: request.managerEmployeeId, weekStart: request.startDate, weekEnding: request.endDate };
    return approverRole(actor, subject, delegationsTo(db, employeeId)) !== null;
  });
}
