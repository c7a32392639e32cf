/**
 * The lists of timecards (issue 13): an employee's weeks, "Submit all ready weeks", and the team view.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timecards/gettimecardweeks | `employeeId` (default: the caller; others: their manager, delegate or a Timecard Admin) | TimecardWeeksLoad |
 * | POST /api/timecards/submitreadyweeks | `employeeId` (optional; only the caller's own, else 403) | SubmitReadyAnswer |
 * | GET /api/timecards/getteamtimecards | `weekStart` (any day; default the current week), `view` team / all / withoutApprover, `state` (Draft, Submitted, Approved, Processed) | TeamTimecardsLoad |
 * | GET /api/timecards/getapprovalinbox | none | ApprovalInboxLoad (inbox.ts: every week's cards and requests waiting for the caller) |
 *
 * Weeks: every card of the last 52 weeks, the owed weeks without a card (cards.ts weeksWithoutCard:
 * timecardId and state null, "Not started", with the hours their card would start with) and the next
 * two weeks (virtual until saved). Nothing is written: the first write of a week creates its card.
 * Hours: `enteredHours` is every line of the card (work, holiday and time off), `expectedHours` the
 * schedule's week (40 by default); `figures` (core hourFigures, issue 29) splits them as the card does:
 * work entered, holidays, time off and what is left. A future week shows its holidays too.
 *
 * Team view: ONE query with the hours aggregated per card (header `Server-Timing: team;dur=…`). 'team' = the caller's reports and the
 * reports of managers who delegated to the caller for that week; 'all' and 'withoutApprover' (no
 * manager, or an inactive one) are for Admin / Timecard Admin on keyTC (else 403). A state filter of
 * Draft also lists employees without a card that week (they owe it).
 */
import type Database from 'better-sqlite3';
import {
  addDays, approverRole, delegationCovers, hourFigures, pastWeeksToSubmit, TIMECARD_STATES, timecardDue, weekOf, type HoursLine,
} from '../../../../src/core/timecards';
import {
  TIMECARD_API, type SubmitReadyAnswer, type TeamTimecardRow, type TeamTimecardsLoad, type TimecardWeekRow, type TimecardWeeksLoad,
} from '../../../../src/core/timecards/contract';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { eachAlone, forbidden } from '../http';
import {
  actorOf, allLineHours, createDraftTimecard, delegationsTo, employeeOr404, HOURS_SUM, isTimecardAdmin, newCardFigures, OPEN_WEEKS_BACK, requireSeeCard, scheduleHours,
  TIMECARD_ACCESS_TEXT, timecardStateId, timecardStates, weeksWithoutCard,
} from './cards';
import { inboxHandlers, SCHEDULE_SUM } from './inbox';
import { moveTimecard } from './states';
import * as clock from '../../../../src/core/clock';

type Row = Record<string, unknown>;

/** Weeks after the current one listed (virtual until saved). */
const FUTURE_WEEKS = 2;

/** The weeks of one employee (newest first) and the past ones still owed. */
export function timecardWeeks(db: Database.Database, employeeId: number): TimecardWeeksLoad {
  const today = clock.today();
  const current = weekOf(today).weekStart;
  const earliest = addDays(current, -7 * OPEN_WEEKS_BACK);
  const rows = db.prepare(`SELECT t.timecardId, t.weekStart, t.weekEnding, st.name AS state, t.rejectionReason,
      coalesce((SELECT sum(${HOURS_SUM('l')}) FROM timecard_lines l WHERE l.timecardId = t.timecardId), 0) AS enteredHours, ${SCHEDULE_SUM} AS expectedHours
    FROM weekly_timecards t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      LEFT JOIN employee_schedules s ON s.employeeId = t.employeeId
    WHERE t.employeeId = ? AND t.weekStart >= ? ORDER BY t.weekStart DESC`).all(employeeId, earliest) as Row[];
  const employee = employeeOr404(db, employeeId);
  const schedule = scheduleHours(employee);
  // The hours of each card by time type: the lines as the hour figures count them (work, holiday, time off apart).
  const linesByCard = new Map<number, HoursLine[]>();
  for (const l of db.prepare(`SELECT l.timecardId, l.timeType, sum(${HOURS_SUM('l')}) AS hours FROM timecard_lines l JOIN weekly_timecards t ON t.timecardId = l.timecardId
      WHERE t.employeeId = ? AND t.weekStart >= ? GROUP BY l.timecardId, l.timeType`).all(employeeId, earliest) as { timecardId: number; timeType: string; hours: number }[]) {
    linesByCard.set(l.timecardId, [...(linesByCard.get(l.timecardId) ?? []), { timeType: l.timeType, hours: [l.hours] }]);
  }
  const weeks: TimecardWeekRow[] = rows.map((r) => ({
    weekStart: r.weekStart as string, weekEnding: r.weekEnding as string, timecardId: r.timecardId as number, state: r.state as string,
    enteredHours: Math.round((r.enteredHours as number) * 100) / 100, expectedHours: r.expectedHours as number,
    dueDate: timecardDue({ weekStart: r.weekStart as string, weekEnding: r.weekEnding as string }).toISOString(), rejectionReason: (r.rejectionReason as string | null) ?? null,
    figures: hourFigures(r.expectedHours as number, linesByCard.get(r.timecardId as number) ?? []),
  }));
  /** A week without a card: the lines it would start with (holidays, approved time off), nothing entered. */
  const withoutCard = (weekStart: string): TimecardWeekRow => {
    const week = { weekStart, weekEnding: addDays(weekStart, 6) };
    const figures = newCardFigures(db, employee, weekStart);
    return {
      ...week, timecardId: null, state: null, enteredHours: allLineHours(figures), expectedHours: schedule, dueDate: timecardDue(week).toISOString(), rejectionReason: null, figures,
    };
  };
  for (const weekStart of weeksWithoutCard(db, employeeId)) weeks.push(withoutCard(weekStart));
  for (let n = FUTURE_WEEKS; n >= 0; n -= 1) {
    const weekStart = addDays(current, 7 * n);
    if (weeks.some((w) => w.weekStart === weekStart)) continue;
    weeks.push(withoutCard(weekStart));
  }
  weeks.sort((a, b) => b.weekStart.localeCompare(a.weekStart));
  const firstDay = weeks.length ? weeks[weeks.length - 1]!.weekStart : current;
  return { employeeId, weeks, pastWeeksToSubmit: pastWeeksToSubmit(weeks, today, firstDay, OPEN_WEEKS_BACK) };
}

/** employeeId: default the caller. */
const EMPLOYEE = { employeeId: p.id() };

function getTimecardWeeks({ db, user, params }: RouteCtx<ParamsOf<typeof EMPLOYEE>>): TimecardWeeksLoad {
  const employee = employeeOr404(db, params.employeeId ?? user.employeeId);
  requireSeeCard(db, user, employee, weekOf(clock.today()).weekStart);
  return timecardWeeks(db, employee.employeeId);
}

function submitReadyWeeks({ db, user, params }: RouteCtx<ParamsOf<typeof EMPLOYEE>>): SubmitReadyAnswer {
  // Only one's own weeks: an employeeId, when sent, must be the caller's.
  const employeeId = params.employeeId ?? user.employeeId;
  if (employeeId !== user.employeeId) throw forbidden('Only the employee can submit their own weeks.');
  const { weeks, pastWeeksToSubmit: owed } = timecardWeeks(db, user.employeeId);
  const answer: SubmitReadyAnswer = { submitted: [], notReady: [] };
  const draft = timecardStateId(db, 'Draft');
  const submitted = timecardStateId(db, 'Submitted');
  eachAlone(owed, (weekStart) => {
    const week = weeks.find((w) => w.weekStart === weekStart);
    // A week without a card gets its Draft (holiday and time-off lines) in the same transaction: a refused submit leaves no card.
    db.transaction(() => {
      const timecardId = week?.timecardId ?? createDraftTimecard(db, user.employeeId, weekStart, { withTimeOff: true });
      moveTimecard(db, user, { itemId: timecardId, oldStateId: draft, routeStateId: submitted }, 'submitreadyweeks');
    }).immediate();
    answer.submitted.push(weekStart);
  }, (weekStart, error) => answer.notReady.push({ weekStart, message: error.message }));
  return answer;
}

const VIEWS = ['team', 'all', 'withoutApprover'] as const;
const STATE_NAMES = Object.values(TIMECARD_STATES);

/** weekStart (any day of the week; default the current week), view, state. */
const GET_TEAM_TIMECARDS = {
  weekStart: p.date(),
  view: p.enum(VIEWS),
  state: p.enum(STATE_NAMES),
};

function getTeamTimecards({ db, user, params, reply }: RouteCtx<ParamsOf<typeof GET_TEAM_TIMECARDS>>): TeamTimecardsLoad {
  const started = performance.now();
  const weekStart = weekOf(params.weekStart ?? clock.today()).weekStart;
  const week = { weekStart, weekEnding: addDays(weekStart, 6) };
  const view = params.view ?? 'team';
  const state = params.state ?? null;
  const admin = isTimecardAdmin(user);
  if (view !== 'team' && !admin) throw forbidden(TIMECARD_ACCESS_TEXT.adminOnly);
  const delegations = delegationsTo(db, user.employeeId).filter((d) => delegationCovers(d, week));
  const managers = [user.employeeId, ...delegations.map((d) => d.managerId)];
  const where: string[] = ["e.active = 1", "EXISTS (SELECT 1 FROM employee_roles r WHERE r.employeeId = e.employeeId AND r.applicationKey = 'keyTC')"];
  const args: unknown[] = [weekStart, weekStart];
  if (view === 'team') {
    where.push(`e.managerEmployeeId IN (${managers.map(() => '?').join(', ')})`, 'e.employeeId <> ?');
    args.push(...managers, user.employeeId);
  } else if (view === 'withoutApprover') where.push('(e.managerEmployeeId IS NULL OR m.active = 0)');
  if (state === 'Draft') where.push("(st.name = 'Draft' OR t.timecardId IS NULL)");
  else if (state) {
    where.push('st.name = ?');
    args.push(state);
  }
  const rows = db.prepare(`WITH hours AS (
      SELECT l.timecardId, sum(${HOURS_SUM('l')}) AS entered FROM timecard_lines l JOIN weekly_timecards w ON w.timecardId = l.timecardId
      WHERE w.weekStart = ? GROUP BY l.timecardId)
    SELECT e.employeeId, e.preferredName AS employeeName, e.managerEmployeeId, m.preferredName AS managerName, t.timecardId, st.name AS state,
      t.applicationRecordStateId, coalesce(h.entered, 0) AS enteredHours, ${SCHEDULE_SUM} AS expectedHours, t.submittedAt, t.rejectionReason
    FROM employees e LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId LEFT JOIN employee_schedules s ON s.employeeId = e.employeeId
      LEFT JOIN weekly_timecards t ON t.employeeId = e.employeeId AND t.weekStart = ?
      LEFT JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      LEFT JOIN hours h ON h.timecardId = t.timecardId
    WHERE ${where.join(' AND ')}
    ORDER BY e.lastName, e.firstName, e.employeeId`).all(...args) as Row[];
  // The cards' hours by time type, as the hour figures count them (one grouped read for the week).
  const linesByCard = new Map<number, HoursLine[]>();
  for (const l of db.prepare(`SELECT l.timecardId, l.timeType, sum(${HOURS_SUM('l')}) AS hours FROM timecard_lines l JOIN weekly_timecards w ON w.timecardId = l.timecardId
      WHERE w.weekStart = ? GROUP BY l.timecardId, l.timeType`).all(weekStart) as { timecardId: number; timeType: string; hours: number }[]) {
    linesByCard.set(l.timecardId, [...(linesByCard.get(l.timecardId) ?? []), { timeType: l.timeType, hours: [l.hours] }]);
  }
  const actor = actorOf(user);
  const delegatedFrom = new Map(delegations.map((d) => [d.managerId, d]));
  const result: TeamTimecardRow[] = rows.map((r) => {
    const managerId = (r.managerEmployeeId as number | null) ?? null;
    const rowState = (r.state as string | null) ?? null;
    const mayApprove = rowState === 'Submitted' && approverRole(actor, { employeeId: r.employeeId as number, managerId, ...week }, delegations) !== null;
    return {
      employeeId: r.employeeId as number, employeeName: r.employeeName as string, managerEmployeeId: managerId, managerName: (r.managerName as string | null) ?? null,
      delegatedFromName: managerId !== null && managerId !== user.employeeId && delegatedFrom.has(managerId) ? (r.managerName as string) : null,
      timecardId: (r.timecardId as number | null) ?? null, state: rowState, applicationRecordStateId: (r.applicationRecordStateId as number | null) ?? null,
      enteredHours: Math.round((r.enteredHours as number) * 100) / 100, expectedHours: r.expectedHours as number,
      ...(r.timecardId ? { figures: hourFigures(r.expectedHours as number, linesByCard.get(r.timecardId as number) ?? []) } : {}),
      submittedAt: (r.submittedAt as string | null) ?? null, rejectionReason: (r.rejectionReason as string | null) ?? null, mayApprove,
    };
  });
  reply.header('Server-Timing', `team;desc="team timecards";dur=${(performance.now() - started).toFixed(1)}`);
  return { ...week, view, rows: result, states: timecardStates(db) };
}

const listRoutes = declaredFor('timecards', [
  route({
    method: 'GET', path: TIMECARD_API.getTimecardWeeks,
    note: "added: employeeId (default the caller): the weeks (last 52 with the owed weeks without a card, next 2 virtual) and pastWeeksToSubmit; reads only",
    params: EMPLOYEE, handler: getTimecardWeeks,
  }),
  route({
    method: 'POST', path: TIMECARD_API.submitReadyWeeks,
    note: "added: employeeId (optional, the caller's own only): submits every past owed week of the caller that passes the checks; names the others with the reason",
    params: EMPLOYEE, handler: submitReadyWeeks,
  }),
  route({
    method: 'GET', path: TIMECARD_API.getTeamTimecards,
    note: 'added: weekStart, view team | all | withoutApprover (all, withoutApprover: keyTC Admin / Timecard Admin, else 403), state: TeamTimecardsLoad (one query)',
    params: GET_TEAM_TIMECARDS, handler: getTeamTimecards,
  }),
]);

/** The lists' routes, with the approval inbox (issue 29, declared in inbox.ts). */
export const listHandlers = { ...listRoutes, ...inboxHandlers };
