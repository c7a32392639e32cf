/**
 * Time-off request states (issue 13, TIME_OFF_API) and approved time off flowing into the timecards:
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | POST /api/timeoff/updaterequeststate | ItemId, OldRecordStateId, RouteStateId, reason (to deny) | `TimeOffRequestRow` |
 * | POST /api/timeoff/updaterequeststates | items[i].ItemId, items[i].OldRecordStateId, RouteStateId, reason | `{ done: ItemId[], refused: { ItemId, message, statusCode }[] }` |
 *
 * The rules are the core's `mayTransitionRequest`: approve / deny by the employee's manager, that
 * manager's delegate for dates sharing a day, or a Timecard Admin (never their own; deny needs a
 * reason); cancel by the employee before the start date. Someone who may not decide (or sees a
 * request not theirs to see) gets 403; a stale OldRecordStateId 409; any other refusal a 400 autoAlert.
 *
 * In the same transaction as the state change: approving writes one PTO line per week into the
 * timecards of an employee who keeps them (a keyTC role) (core `ptoLinesForApproval`: a Draft created where the week has no card,
 * days already holding hours left alone); cancelling an Approved request removes those lines
 * (`ptoLinesForCancel`). A week already Approved or Processed is not touched: a `timecard_corrections`
 * row (Add / Remove, hours per day) waits for a Timecard Admin instead.
 */
import type Database from 'better-sqlite3';
import { mayTransitionRequest, PTO_STATE_TEXT, PTO_STATES, type PtoRequest } from '../../../../src/core/time-off';
import { TIME_OFF_API, type TimeOffRequestRow } from '../../../../src/core/time-off-api';
import { ptoLinesForApproval, ptoLinesForCancel, type ExistingWeek, type PtoWeekChange } from '../../../../src/core/timecards/pto-lines';
import type { TimecardLine } from '../../../../src/core/timecards/policy';
import type { Caller } from '../context';
import { declared, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, forbidden, HttpError, notFound } from '../http';
import { stateById } from '../records';
import { createDraftTimecard, keepsTimecards } from '../timecards/cards';
import { delegationsTo, employeeRef, maySee, regionHolidays, seesEveryone } from './common';
import { PTO_KEY, requestDbRow, requestRows, type RequestDbRow } from './requests';
import * as clock from '../../../../src/core/clock';

type Db = Database.Database;
const UPDATE = 'updaterequeststate';
const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'] as const;
/** Most requests in one bulk call. */
const MAX_BULK = 200;
const REASON_MAX = 1000;

interface CardWithLines {
  week: ExistingWeek;
  /** The line ids, parallel to `week.lines`. */
  lineIds: number[];
}

/** The employee's cards of `weekStarts` with their manual and time-off lines (holiday lines are the system's, not "entered"). */
function cardsOf(db: Db, employeeId: number, weekStarts: readonly string[]): CardWithLines[] {
  if (weekStarts.length === 0) return [];
  const cards = db.prepare(`SELECT t.timecardId, t.weekStart, st.name AS state FROM weekly_timecards t
    JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.employeeId = ? AND t.weekStart IN (${weekStarts.map(() => '?').join(', ')})`).all(employeeId, ...weekStarts) as Array<{ timecardId: number; weekStart: string; state: string }>;
  const linesOf = db.prepare(`SELECT timecardLineId, timeType, source, ptoRequestId, ${DAYS.join(', ')} FROM timecard_lines
    WHERE timecardId = ? AND source <> 'holiday' ORDER BY displayOrder, timecardLineId`);
  return cards.map((card) => {
    const rows = linesOf.all(card.timecardId) as Array<Record<string, number | string | null>>;
    const lines: TimecardLine[] = rows.map((r) => ({ timeType: r.timeType as string, requestId: (r.ptoRequestId as number | null) ?? null, hours: DAYS.map((d) => r[d] as number) }));
    return { week: { weekStart: card.weekStart, state: card.state, timecardId: card.timecardId, lines }, lineIds: rows.map((r) => r.timecardLineId as number) };
  });
}

/** Week starts (Sundays) from the week of `start` through the week of `end`. */
function weekStartsOf(start: string, end: string): string[] {
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
  const first = day(start) - new Date(day(start)).getUTCDay() * 86_400_000;
  const weeks: string[] = [];
  for (let t = first; t <= day(end); t += 7 * 86_400_000) weeks.push(new Date(t).toISOString().slice(0, 10));
  return weeks;
}

const hoursOf = (line: TimecardLine) => DAYS.map((_, i) => line.hours[i] ?? 0);

/** Write the changes of one request into the timecards (or the corrections), `at` now. */
function applyChanges(db: Db, request: RequestDbRow, changes: readonly PtoWeekChange[], cards: readonly CardWithLines[], at: string): void {
  const insertLine = db.prepare(`INSERT INTO timecard_lines (timecardId, timeType, source, ptoRequestId, ${DAYS.join(', ')}, displayOrder, modifiedAt)
    VALUES (?, 'PTO', 'pto', ?, ${DAYS.map(() => '?').join(', ')}, (SELECT coalesce(max(displayOrder), 0) + 1 FROM timecard_lines WHERE timecardId = ?), ?)`);
  const touch = db.prepare('UPDATE weekly_timecards SET version = version + 1, modifiedAt = ? WHERE timecardId = ?');
  const hasLine = db.prepare("SELECT 1 FROM timecard_lines WHERE timecardId = ? AND ptoRequestId = ? AND source = 'pto'");
  const correction = db.prepare(`INSERT INTO timecard_corrections (timecardId, requestId, kind, ${DAYS.join(', ')}, status, createdAt, note, modifiedAt)
    VALUES (?, ?, ?, ${DAYS.map(() => '?').join(', ')}, 'Open', ?, ?, ?)`);
  for (const change of changes) {
    if (change.kind === 'add') {
      // A new Draft holds the holiday line and every Approved request's line of its week (this one's included: it is Approved by now).
      const timecardId = change.timecardId ?? createDraftTimecard(db, request.employeeId, change.weekStart, { withTimeOff: true });
      if (!hasLine.get(timecardId, request.requestId)) insertLine.run(timecardId, request.requestId, ...hoursOf(change.line), timecardId, at);
      touch.run(at, timecardId);
    } else if (change.kind === 'remove') {
      const card = cards.find((c) => c.week.timecardId === change.timecardId)!;
      db.prepare('DELETE FROM timecard_lines WHERE timecardLineId = ?').run(card.lineIds[change.lineIndex]);
      touch.run(at, change.timecardId);
    } else if (change.kind === 'correction') {
      const note = change.action === 'add'
        ? `Time off “${request.title}” was approved after this week was ${change.state}: add its hours.`
        : `Time off “${request.title}” was canceled after this week was ${change.state}: remove its hours.`;
      correction.run(change.timecardId, request.requestId, change.action === 'add' ? 'Add' : 'Remove', ...hoursOf(change.line), at, note, at);
    }
  }
}

/** Approving: the PTO lines of every week of the request (drafts created, entered days kept, Approved weeks → corrections). */
function flowApproval(db: Db, request: RequestDbRow, at: string): void {
  // Someone who keeps no timecard (no keyTC role) gets none made for their time off.
  if (!keepsTimecards(db, request.employeeId)) return;
  const cards = cardsOf(db, request.employeeId, weekStartsOf(request.startDate, request.endDate));
  const holidays = regionHolidays(db, request.regionId);
  const core: PtoRequest & { requestId: number } = { ...request };
  const changes = ptoLinesForApproval(core, cards.map((c) => c.week), holidays);
  applyChanges(db, request, changes, cards, at);
}

/** Cancelling an Approved request: its PTO lines leave the weeks (Approved weeks → corrections; an open Add correction gets its Remove). */
function flowCancel(db: Db, request: RequestDbRow, at: string): void {
  const weekStarts = (db.prepare(`SELECT DISTINCT t.weekStart FROM timecard_lines l JOIN weekly_timecards t ON t.timecardId = l.timecardId
    WHERE l.ptoRequestId = ? AND t.employeeId = ?`).all(request.requestId, request.employeeId) as Array<{ weekStart: string }>).map((r) => r.weekStart);
  const cards = cardsOf(db, request.employeeId, weekStarts);
  applyChanges(db, request, ptoLinesForCancel(request, cards.map((c) => c.week)), cards, at);
  // Hours that only ever reached a correction (the week was already approved): the admin must not add them now.
  const open = db.prepare(`SELECT * FROM timecard_corrections WHERE requestId = ? AND kind = 'Add' AND status = 'Open'`).all(request.requestId) as Array<Record<string, number>>;
  for (const add of open) {
    db.prepare(`INSERT INTO timecard_corrections (timecardId, requestId, kind, ${DAYS.join(', ')}, status, createdAt, note, modifiedAt)
      VALUES (?, ?, 'Remove', ${DAYS.map(() => '?').join(', ')}, 'Open', ?, ?, ?)`)
      .run(add.timecardId, request.requestId, ...DAYS.map((d) => add[d]!), at, `Time off “${request.title}” was canceled: its Add correction no longer applies.`, at);
  }
}

interface StateInput {
  itemId: number;
  oldStateId: number;
  routeStateId: number;
  reason: string | undefined;
}

/** One request's state change with everything that goes with it, in one transaction. Throws HttpError to refuse (nothing written). */
export function changeRequestState(db: Db, user: Caller, input: StateInput): number {
  return db.transaction(() => {
    const row = requestDbRow(db, input.itemId);
    const employee = employeeRef(db, row.employeeId)!;
    if (!maySee(db, user, employee, row.startDate, row.endDate)) throw forbidden(PTO_STATE_TEXT.notApprover);
    if (row.applicationRecordStateId !== input.oldStateId) {
      const by = row.decidedByName ? ` by ${row.decidedByName}` : '';
      throw conflict(`The request “${row.title}” of ${row.employeeName} is now ${row.state}${by}: it changed since it was loaded. Reload it and try again.`, {
        currentRecordStateId: row.applicationRecordStateId, currentRecordStateName: row.state,
      });
    }
    const target = stateById(db, input.routeStateId);
    if (!target || target.applicationRecordKey !== PTO_KEY) throw notFound(`No time-off request state with RouteStateId ${input.routeStateId}.`);
    const answer = mayTransitionRequest({
      from: row.state, to: target.name, actor: { employeeId: user.employeeId, timecardAdmin: seesEveryone(user) },
      request: { ...row, managerId: row.managerId }, delegations: delegationsTo(db, user.employeeId), reason: input.reason ?? null, today: clock.today(),
    });
    if (!answer.ok) {
      const roleRefusal: string[] = [PTO_STATE_TEXT.ownApproval, PTO_STATE_TEXT.notApprover, PTO_STATE_TEXT.cancelOwnOnly];
      if (roleRefusal.includes(answer.message)) throw forbidden(answer.message);
      throw autoAlert(UPDATE, answer.message);
    }
    const at = clock.nowIso();
    if (target.name === PTO_STATES.approved || target.name === PTO_STATES.denied) {
      db.prepare(`UPDATE time_off_requests SET applicationRecordStateId = ?, decidedByEmployeeId = ?, decidedAt = ?, onBehalfOfEmployeeId = ?,
        denialReason = ?, version = version + 1, modifiedAt = ? WHERE requestId = ?`)
        .run(target.applicationRecordStateId, user.employeeId, at, answer.onBehalfOf ?? null, target.name === PTO_STATES.denied ? input.reason!.trim() : null, at, row.requestId);
      if (target.name === PTO_STATES.approved) flowApproval(db, row, at);
    } else {
      db.prepare(`UPDATE time_off_requests SET applicationRecordStateId = ?, canceledAt = ?, canceledByEmployeeId = ?, version = version + 1, modifiedAt = ?
        WHERE requestId = ?`).run(target.applicationRecordStateId, at, user.employeeId, at, row.requestId);
      if (row.state === PTO_STATES.approved) flowCancel(db, row, at);
    }
    return row.requestId;
  }).immediate();
}

/** `reason` (to deny): at most REASON_MAX characters as sent; used trimmed. */
const reasonParam = () => p.string(REASON_MAX, { trim: false });

const UPDATE_REQUEST_STATE = {
  ItemId: p.id({ required: true }),
  OldRecordStateId: p.id({ required: true }),
  RouteStateId: p.id({ required: true }),
  reason: reasonParam(),
};

function updateRequestState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_REQUEST_STATE>>): TimeOffRequestRow {
  const input = { itemId: params.ItemId, oldStateId: params.OldRecordStateId, routeStateId: params.RouteStateId, reason: params.reason?.trim() };
  const id = changeRequestState(db, user, input);
  return requestRows(db, user, [requestDbRow(db, id)])[0]!;
}

/** items[i].ItemId / items[i].OldRecordStateId (each request alone), RouteStateId and reason for all of them. */
const UPDATE_REQUEST_STATES = {
  items: p.list({ ItemId: p.id({ required: true }), OldRecordStateId: p.id({ required: true }) }),
  RouteStateId: p.id({ required: true }),
  reason: reasonParam(),
};

function updateRequestStates({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_REQUEST_STATES>>): { done: number[]; refused: { ItemId: number; message: string; statusCode: number }[] } {
  const { RouteStateId: routeStateId } = params;
  const reason = params.reason?.trim();
  const items = (params.items ?? []).map((entry) => ({ itemId: entry.ItemId, oldStateId: entry.OldRecordStateId }));
  if (items.length === 0) throw badRequest("Parameter 'items[i].ItemId' is required (at least one request).", { parameter: 'items' });
  if (items.length > MAX_BULK) throw badRequest(`Too many requests in one call (at most ${MAX_BULK}).`, { parameter: 'items' });
  const done: number[] = [];
  const refused: { ItemId: number; message: string; statusCode: number }[] = [];
  for (const item of items) {
    try {
      done.push(changeRequestState(db, user, { ...item, routeStateId, reason }));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused.push({ ItemId: item.itemId, message: error.message, statusCode: error.statusCode });
    }
  }
  return { done, refused };
}

export const timeOffStateHandlers = declared([
  route({
    method: 'POST', path: TIME_OFF_API.updateRequestState, access: 'ptoRequests',
    note: 'added: ItemId, OldRecordStateId (409 stale), RouteStateId, reason (deny); approve writes PTO lines into the timecards, cancel removes them (Approved weeks: corrections)',
    params: UPDATE_REQUEST_STATE, handler: updateRequestState,
  }),
  route({
    method: 'POST', path: TIME_OFF_API.updateRequestStates, access: 'ptoRequests', note: 'added: items[i].ItemId/.OldRecordStateId, RouteStateId, reason; each alone: { done, refused }',
    params: UPDATE_REQUEST_STATES, handler: updateRequestStates,
  }),
]);
