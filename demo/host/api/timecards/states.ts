/**
 * Timecard state moves (issue 13), checked by the core's mayTransition / approverRole /
 * delegationCovers so the client and the host agree.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | POST /api/timecards/updatetimecardstate | `ItemId` (timecardId), `OldRecordStateId`, `RouteStateId`, `reason` | TimecardLoad |
 * | POST /api/timecards/updatetimecardstates | `items[i].ItemId`, `items[i].OldRecordStateId`, `RouteStateId`, `reason` | BulkStateAnswer |
 *
 * - Draft → Submitted: the owner; the policy checks run (400 autoAlert with the feedback items); hours
 *   other than expected need `reason`, kept as the shortfall reason.
 * - Submitted → Draft: by the owner a recall; by an approver a rejection (reason required, shown on the card).
 * - Submitted → Approved: the manager, the manager's delegate for the week (recorded as on behalf of
 *   the manager) or a Timecard Admin; never one's own card.
 * - Approved → Processed: a Timecard Admin. Approved → Draft (reopen): a Timecard Admin with a reason
 *   (recorded in timecard_changes); the card's time off then agrees with the requests again (issue 29:
 *   its open corrections are done on the card itself). Processed: locked for everyone.
 * - A stale OldRecordStateId is a 409 naming who moved the card; a refusal writes nothing.
 */
import type Database from 'better-sqlite3';
import { checkTimecard, INVALID, mayTransition, policyInput, REJECTED, TIMECARD_STATE_TEXT } from '../../../../src/core/timecards';
import { TIMECARD_API, type BulkStateAnswer } from '../../../../src/core/timecards/contract';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, forbidden, notFound } from '../http';
import { stateById } from '../records';
import { bulkStateUpdateParams, moveEachAlone, requestedItems, requestedMove, stateUpdateParams } from '../state-update-params';
import { actorOf, cardLines, cardOr404, delegationsTo, employeeOr404, loadTimecard, policyContextData, requireSeeCard, SERVICE, subjectOf, weekExpected, weekHolidays, type CardRow } from './cards';
import { policyRefusal } from './timecard';
import { reconcileCard } from '../time-off/reconcile';
import * as clock from '../../../../src/core/clock';

const UPDATE = 'updatetimecardstate';

/** Refusals of the core that are about the role (403); the others are a 400 autoAlert the user reads. */
const ROLE_REFUSALS: readonly string[] = [
  TIMECARD_STATE_TEXT.notYours, TIMECARD_STATE_TEXT.ownApproval, TIMECARD_STATE_TEXT.notApprover, TIMECARD_STATE_TEXT.processAdminOnly,
  TIMECARD_STATE_TEXT.approvedAdminOnly,
];
const REASON_REFUSALS: readonly string[] = [TIMECARD_STATE_TEXT.rejectReason, TIMECARD_STATE_TEXT.changeReason];

const nameOf = (db: Database.Database, id: number | null) =>
  id === null ? null : ((db.prepare('SELECT preferredName AS n FROM employees WHERE employeeId = ?').get(id) as { n: string } | undefined)?.n ?? null);
const when = (iso: string | null) => (iso ? ` at ${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

/** The 409 message of a stale move: what the card is now, and who moved it there. */
export function staleMessage(db: Database.Database, card: CardRow): string {
  let how: string;
  if (card.state === 'Approved') {
    const behalf = card.onBehalfOfEmployeeId ? ` on behalf of ${nameOf(db, card.onBehalfOfEmployeeId)}` : '';
    how = `it was already approved by ${nameOf(db, card.approvedByEmployeeId) ?? 'someone else'}${behalf}${when(card.approvedAt)}`;
  } else if (card.state === 'Processed') how = `it was already processed${when(card.processedAt)}`;
  else if (card.state === 'Submitted') how = `it was submitted by ${nameOf(db, card.submittedByEmployeeId) ?? 'the employee'}${when(card.submittedAt)}`;
  else if (card.rejectedAt && card.rejectionReason) how = `it was rejected by ${nameOf(db, card.rejectedByEmployeeId) ?? 'an approver'}${when(card.rejectedAt)}`;
  else if (card.submittedAt === null && card.approvedAt === null) how = 'it has not been submitted (or it was recalled)';
  else how = 'it was reopened by someone else';
  return `This timecard is now ${card.state}: ${how}. Reload it and try again.`;
}

export interface MoveRequest {
  itemId: number;
  oldStateId: number;
  routeStateId: number;
  reason?: string;
}

/**
 * Move one card, inside the caller's transaction. Throws HttpError to refuse (nothing written);
 * answers the card's new state name.
 */
export function moveTimecard(db: Database.Database, user: Caller, request: MoveRequest, functionName = UPDATE): string {
  const card = cardOr404(db, request.itemId);
  const employee = employeeOr404(db, card.employeeId);
  requireSeeCard(db, user, employee, card.weekStart);
  if (card.applicationRecordStateId !== request.oldStateId) {
    throw conflict(staleMessage(db, card), { currentRecordStateId: card.applicationRecordStateId, currentRecordStateName: card.state });
  }
  const target = stateById(db, request.routeStateId);
  if (!target || target.applicationRecordKey !== 'Timecard') throw notFound(`No timecard state with RouteStateId ${request.routeStateId}.`);
  const own = user.employeeId === card.employeeId;
  const to = card.state === 'Submitted' && target.name === 'Draft' && !own ? REJECTED : target.name;
  const reason = request.reason?.trim() || null;
  const answer = mayTransition({ from: card.state, to, actor: actorOf(user), card: subjectOf(employee, card.weekStart), delegations: delegationsTo(db, user.employeeId), reason });
  if (!answer.ok) {
    if (ROLE_REFUSALS.includes(answer.message)) throw forbidden(answer.message);
    if (REASON_REFUSALS.includes(answer.message)) {
      throw autoAlert(functionName, answer.message, { serviceName: SERVICE, fieldName: 'reason', feedback: [{ integerValue: INVALID, stringValue: 'reason', message: answer.message }] });
    }
    throw autoAlert(functionName, answer.message, { serviceName: SERVICE });
  }
  const at = clock.nowIso();
  const set = (columns: Record<string, unknown>) => {
    const names = Object.keys(columns);
    db.prepare(`UPDATE weekly_timecards SET ${names.map((n) => `${n} = @${n}`).join(', ')}, applicationRecordStateId = @stateId, version = version + 1, modifiedAt = @at
      WHERE timecardId = @timecardId`).run({ ...columns, stateId: target.applicationRecordStateId, at, timecardId: card.timecardId });
  };
  if (card.state === 'Draft' && to === 'Submitted') {
    const holidays = weekHolidays(db, employee.regionId, card.weekStart);
    const lines = cardLines(db, card.timecardId, holidays);
    const manual = lines.filter((l) => l.source === 'manual');
    const system = lines.filter((l) => l.source !== 'manual');
    const data = policyContextData(db, manual, weekExpected(employee, card.weekStart, holidays, lines));
    const check = policyInput([...manual, ...system], data, { submit: true, reason });
    const items = checkTimecard(check.lines, check.context);
    if (items.some((i) => i.integerValue === INVALID)) policyRefusal(functionName, items);
    const short = items.some((i) => i.stringValue === 'reason');
    set({ submittedAt: at, submittedByEmployeeId: user.employeeId, shortfallReason: short ? reason : null, rejectedAt: null, rejectedByEmployeeId: null, rejectionReason: null });
  } else if (card.state === 'Submitted' && to === 'Draft') {
    set({ submittedAt: null, submittedByEmployeeId: null });
  } else if (to === REJECTED) {
    set({ submittedAt: null, submittedByEmployeeId: null, rejectedAt: at, rejectedByEmployeeId: user.employeeId, rejectionReason: reason });
  } else if (to === 'Approved') {
    set({ approvedAt: at, approvedByEmployeeId: user.employeeId, onBehalfOfEmployeeId: answer.onBehalfOf ?? null });
  } else if (to === 'Processed') {
    set({ processedAt: at });
  } else if (card.state === 'Approved' && to === 'Draft') {
    set({ approvedAt: null, approvedByEmployeeId: null, onBehalfOfEmployeeId: null, submittedAt: null, submittedByEmployeeId: null });
    const total = (db.prepare('SELECT coalesce(sum(sunHours + monHours + tueHours + wedHours + thuHours + friHours + satHours), 0) AS n FROM timecard_lines WHERE timecardId = ?')
      .get(card.timecardId) as { n: number }).n;
    db.prepare(`INSERT INTO timecard_changes (timecardId, changedByEmployeeId, changedAt, reason, description, hoursBefore, hoursAfter, modifiedAt)
      VALUES (?, ?, ?, ?, 'Reopened: Approved → Draft', ?, ?, ?)`).run(card.timecardId, user.employeeId, at, reason, total, total, at);
    // Open again: the time off waiting in corrections goes onto the card itself (issue 29).
    reconcileCard(db, card.timecardId, { actorId: user.employeeId, at, why: `is on the card reopened by a Timecard Admin (${reason})` });
  } else {
    throw autoAlert(functionName, TIMECARD_STATE_TEXT.notAllowed(card.state, target.name), { serviceName: SERVICE });
  }
  return target.name;
}

const UPDATE_TIMECARD_STATE = { ...stateUpdateParams(), reason: p.string(2000) };

function updateTimecardState({ db, user, params }: RouteCtx<ParamsOf<typeof UPDATE_TIMECARD_STATE>>): unknown {
  const request: MoveRequest = { ...requestedMove(params), reason: params.reason };
  return db.transaction(() => {
    moveTimecard(db, user, request);
    const card = cardOr404(db, request.itemId);
    return loadTimecard(db, user, employeeOr404(db, card.employeeId), card.weekStart);
  }).immediate();
}

/** items[i].ItemId / items[i].OldRecordStateId (each card alone), RouteStateId and reason for all of them. */
const UPDATE_TIMECARD_STATES = { ...bulkStateUpdateParams(), reason: p.string(2000) };

/** Bulk approve / reject: each card is checked (and written) alone; the refusals are named. */
function updateTimecardStates({ db, user, params }: RouteCtx<ParamsOf<typeof UPDATE_TIMECARD_STATES>>): BulkStateAnswer {
  const { RouteStateId: routeStateId, reason } = params;
  const items = requestedItems(params.items);
  if (items.length === 0) throw badRequest("Send the cards as items[i].ItemId and items[i].OldRecordStateId.", { parameter: 'items' });
  return moveEachAlone(db, items, (item) => moveTimecard(db, user, { ...item, routeStateId, reason }, 'updatetimecardstates'));
}

export const stateHandlers = declaredFor('timecards', [
  route({
    method: 'POST', path: TIMECARD_API.updateTimecardState,
    note: 'added: ItemId, OldRecordStateId (409 stale, naming who moved it), RouteStateId, reason (reject; submit with hours other than expected; reopen); core mayTransition',
    params: UPDATE_TIMECARD_STATE, handler: updateTimecardState,
  }),
  route({
    method: 'POST', path: TIMECARD_API.updateTimecardStates,
    note: 'added: items[i].ItemId, items[i].OldRecordStateId, RouteStateId, reason: each card alone; BulkStateAnswer { done, refused }',
    params: UPDATE_TIMECARD_STATES, handler: updateTimecardStates,
  }),
]);
