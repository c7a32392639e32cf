/**
 * The approval inbox, "Waiting for me" (issue 29):
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timecards/getapprovalinbox | none | ApprovalInboxLoad |
 *
 * Across ALL weeks, for the caller, oldest first (by when each started waiting):
 * - timecards Submitted and time-off requests Pending whose employee's manager is the caller, or whose
 *   manager delegated to the caller for a range sharing a day with the week / the request's dates
 *   (the core's approverRole, as the state calls check it), naming the manager on a delegated row;
 * - for a Timecard Admin (Admin / Timecard Admin on keyTC): the Submitted cards and Pending requests
 *   of employees without an approver (no manager, or an inactive one), and the open time-off
 *   corrections of Approved / Processed weeks.
 * Each row carries the ids of its state call (ItemId, OldRecordStateId). A Pending request whose last
 * day is before today is marked `datesPassed`. Reads only.
 */
import type Database from 'better-sqlite3';
import { ruleAllows, TIMECARD_ADMINS, type RoleEntry } from '../../../../src/core/access';
import { addDays, approverRole, type Delegation } from '../../../../src/core/timecards';
import { TIMECARD_API, type ApprovalInboxLoad, type ApprovalInboxRow } from '../../../../src/core/timecards/contract';
import { declared, route } from '../declare';
import { stateByName } from '../records';
import { openCorrections } from './admin';
import { delegationsTo, HOURS_SUM, timecardStateId } from './cards';
import * as clock from '../../../../src/core/clock';

type Row = Record<string, unknown>;

/** Who the inbox is for: an employee and their roles. */
export interface InboxOwner {
  employeeId: number;
  roles: readonly RoleEntry[];
}

/** A week's expected hours on `s` (employee_schedules; 40 without one). Shared with lists.ts. */
export const SCHEDULE_SUM = 'coalesce(s.sunHours + s.monHours + s.tueHours + s.wedHours + s.thuHours + s.friHours + s.satHours, 40)';
/** An employee without an approver: no manager, or an inactive one. */
const WITHOUT_APPROVER = '(e.managerEmployeeId IS NULL OR m.active = 0)';
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Whose row `r` is (its employee, their manager, whether they are without an approver) and how `owner`
 * decides it over `from`..`to`, or null (not theirs to decide).
 */
function decidingAs(owner: InboxOwner, delegations: readonly Delegation[], r: Row, from: string, to: string):
  Pick<ApprovalInboxRow, 'employeeId' | 'employeeName' | 'delegatedFromName' | 'approvingAs'> | null {
  const employeeId = r.employeeId as number;
  if (employeeId === owner.employeeId) return null;
  const managerId = (r.managerEmployeeId as number | null) ?? null;
  const employee = { employeeId, employeeName: r.employeeName as string };
  // The manager and delegate rules alone (timecardAdmin false): a Timecard Admin decides everyone, but waits only on those without an approver.
  const role = approverRole({ employeeId: owner.employeeId, timecardAdmin: false }, { employeeId, managerId, weekStart: from, weekEnding: to }, delegations);
  if (role?.as === 'delegate') return { ...employee, delegatedFromName: r.managerName as string, approvingAs: 'delegate' };
  if (role) return { ...employee, delegatedFromName: null, approvingAs: 'manager' };
  if (r.withoutApprover === 1 && ruleAllows(owner.roles, TIMECARD_ADMINS)) return { ...employee, delegatedFromName: null, approvingAs: 'admin' };
  return null;
}

/** The candidates' filter: employees of the owner and of the managers who delegated to them, and (Timecard Admin) those without an approver. */
function candidates(owner: InboxOwner, delegations: readonly Delegation[]): { where: string; args: unknown[] } {
  const managers = [owner.employeeId, ...new Set(delegations.map((d) => d.managerId))];
  const admin = ruleAllows(owner.roles, TIMECARD_ADMINS);
  return {
    where: `e.employeeId <> ? AND (e.managerEmployeeId IN (${managers.map(() => '?').join(', ')})${admin ? ` OR ${WITHOUT_APPROVER}` : ''})`,
    args: [owner.employeeId, ...managers],
  };
}

/** The Submitted cards waiting for `owner`. */
export function inboxTimecards(db: Database.Database, owner: InboxOwner, delegations = delegationsTo(db, owner.employeeId)): ApprovalInboxRow[] {
  const { where, args } = candidates(owner, delegations);
  const rows = db.prepare(`SELECT t.timecardId, t.employeeId, e.preferredName AS employeeName, e.managerEmployeeId, m.preferredName AS managerName,
      ${WITHOUT_APPROVER} AS withoutApprover, t.weekStart, t.weekEnding, t.applicationRecordStateId, coalesce(t.submittedAt, t.modifiedAt) AS waitingSince,
      coalesce((SELECT sum(${HOURS_SUM('l')}) FROM timecard_lines l WHERE l.timecardId = t.timecardId), 0) AS enteredHours, ${SCHEDULE_SUM} AS expectedHours
    FROM weekly_timecards t JOIN employees e ON e.employeeId = t.employeeId LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId
      LEFT JOIN employee_schedules s ON s.employeeId = t.employeeId
    WHERE t.applicationRecordStateId = ? AND ${where}`).all(timecardStateId(db, 'Submitted'), ...args) as Row[];
  return rows.flatMap((r): ApprovalInboxRow[] => {
    const deciding = decidingAs(owner, delegations, r, r.weekStart as string, r.weekEnding as string);
    if (!deciding) return [];
    return [{
      kind: 'timecard', key: `timecard:${r.timecardId}`, itemId: r.timecardId as number, applicationRecordStateId: r.applicationRecordStateId as number,
      timecardId: r.timecardId as number, ...deciding,
      startDate: r.weekStart as string, endDate: r.weekEnding as string, hours: round(r.enteredHours as number), expectedHours: r.expectedHours as number,
      description: null, waitingSince: r.waitingSince as string, datesPassed: false,
    }];
  });
}

/** The Pending time-off requests waiting for `owner`. */
export function inboxTimeOff(db: Database.Database, owner: InboxOwner, delegations = delegationsTo(db, owner.employeeId)): ApprovalInboxRow[] {
  const { where, args } = candidates(owner, delegations);
  const today = clock.today();
  const rows = db.prepare(`SELECT r.requestId, r.employeeId, e.preferredName AS employeeName, e.managerEmployeeId, m.preferredName AS managerName,
      ${WITHOUT_APPROVER} AS withoutApprover, r.startDate, r.endDate, r.totalHours, r.title, pt.name AS type, r.applicationRecordStateId, r.requestedAt
    FROM time_off_requests r JOIN employees e ON e.employeeId = r.employeeId LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId
      JOIN pto_types pt ON pt.ptoTypeId = r.ptoTypeId
    WHERE r.applicationRecordStateId = ? AND ${where}`).all(stateByName(db, 'PtoRequest', 'Pending').applicationRecordStateId, ...args) as Row[];
  return rows.flatMap((r): ApprovalInboxRow[] => {
    const deciding = decidingAs(owner, delegations, r, r.startDate as string, r.endDate as string);
    if (!deciding) return [];
    return [{
      kind: 'timeOff', key: `timeOff:${r.requestId}`, itemId: r.requestId as number, applicationRecordStateId: r.applicationRecordStateId as number,
      timecardId: null, ...deciding,
      startDate: r.startDate as string, endDate: r.endDate as string, hours: round(r.totalHours as number), expectedHours: null,
      description: requestDescription(r.type as string, r.title as string), waitingSince: r.requestedAt as string, datesPassed: (r.endDate as string) < today,
    }];
  });
}

/** The open corrections, for a Timecard Admin (else none). */
export function inboxCorrections(db: Database.Database, owner: InboxOwner): ApprovalInboxRow[] {
  if (!ruleAllows(owner.roles, TIMECARD_ADMINS)) return [];
  const employeeOf = db.prepare('SELECT employeeId FROM weekly_timecards WHERE timecardId = ?');
  return openCorrections(db).map((c) => ({
    kind: 'correction', key: `correction:${c.correctionId}`, itemId: c.correctionId, applicationRecordStateId: null, timecardId: c.timecardId,
    employeeId: (employeeOf.get(c.timecardId) as { employeeId: number }).employeeId, employeeName: c.employeeName, delegatedFromName: null,
    approvingAs: 'admin', startDate: c.weekStart, endDate: addDays(c.weekStart, 6), hours: round(c.hours.reduce((a, b) => a + b, 0)), expectedHours: null,
    description: `Time off “${c.requestTitle}” ${c.kind === 'Add' ? 'to add to' : 'to remove from'} an ${c.state} timecard`, waitingSince: c.createdAt, datesPassed: false,
  }));
}

/** Oldest first; equal times by kind and id, so the order is stable. */
const KIND_ORDER: Record<ApprovalInboxRow['kind'], number> = { timecard: 0, timeOff: 1, correction: 2 };
const byAge = (a: ApprovalInboxRow, b: ApprovalInboxRow) =>
  a.waitingSince.localeCompare(b.waitingSince) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.itemId - b.itemId;

/** Everything waiting for `owner`, oldest first. */
export function approvalInbox(db: Database.Database, owner: InboxOwner): ApprovalInboxLoad {
  const delegations = delegationsTo(db, owner.employeeId);
  const rows = [...inboxTimecards(db, owner, delegations), ...inboxTimeOff(db, owner, delegations), ...inboxCorrections(db, owner)].sort(byAge);
  return {
    rows,
    routes: {
      timecardApprove: timecardStateId(db, 'Approved'), timecardReject: timecardStateId(db, 'Draft'),
      timeOffApprove: stateByName(db, 'PtoRequest', 'Approved').applicationRecordStateId, timeOffDeny: stateByName(db, 'PtoRequest', 'Denied').applicationRecordStateId,
    },
  };
}

export const inboxHandlers = declared([
  route({
    method: 'GET', path: TIMECARD_API.getApprovalInbox, access: 'timecards',
    note: "added (issue 29): the caller's approval inbox across all weeks, oldest first: Submitted cards, Pending requests (manager, delegate), open corrections (Timecard Admin); reads only",
    params: {}, handler: ({ db, user }) => approvalInbox(db, user),
  }),
]);

/** A request's type and title, the title left out when it only repeats the type ("Vacation", not "Vacation: Vacation"). */
export function requestDescription(type: string, title: string): string {
  return title.trim() === '' || title.trim().toLowerCase() === type.toLowerCase() ? type : `${type}: ${title.trim()}`;
}
