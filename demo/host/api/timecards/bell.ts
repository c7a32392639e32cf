/**
 * The bell's timecard items (issue 13; api/session.ts GetOpenItemsByEmployee):
 * - `timecardNeedsSubmission`, computed from weekly_timecards by the core's timecardNeedsSubmission
 *   (the oldest owed week that is overdue or in its last 24 hours): flag, dueDate, enteredHours,
 *   expectedHours, plus timecardId, employeeId, weekStart and weekEnding, so the header's link opens
 *   the card (null for a week without one: "Not started", owed all the same). Reads only: the owed
 *   weeks without a card are computed (cards.ts weeksWithoutCard), not created.
 * - for a Timecard Admin / Admin on keyTC, one `openWorkflows` entry per open time-off correction,
 *   linking to the corrections tab of the timecards screen.
 */
import type Database from 'better-sqlite3';
import { addDays, timecardNeedsSubmission } from '../../../../src/core/timecards';
import { employeeInfo, HOURS_SUM, isTimecardAdmin, keepsTimecards, newCardHours, weeksWithoutCard } from './cards';
import { openCorrections } from './admin';
import type { OpenWorkflowItem } from '../workflows';
import * as clock from '../../../../src/core/clock';

/** Where a correction is handled. */
export const CORRECTIONS_LINK = '/teammembertoolbox/timecards?activeTab=corrections';

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
  return {
    flag: true, dueDate: item.dueDate, enteredHours: Math.round(item.enteredHours * 100) / 100, expectedHours: item.expectedHours,
    timecardId: week.timecardId, employeeId, weekStart: item.weekStart, weekEnding: addDays(item.weekStart, 6),
  };
}

/** The open corrections as workflow items, for a Timecard Admin (else none). */
export function correctionWorkflows(db: Database.Database, employeeId: number): CorrectionWorkflow[] {
  const roles = db.prepare('SELECT applicationKey, name FROM employee_roles WHERE employeeId = ?').all(employeeId) as { applicationKey: string; name: string }[];
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
