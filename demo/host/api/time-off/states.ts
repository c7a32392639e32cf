/**
 * Time-off request states (issue 13, TIME_OFF_API) and approved time off flowing into the timecards:
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | POST /api/timeoff/updaterequeststate | ItemId, OldRecordStateId, RouteStateId, reason (to deny) | `TimeOffRequestRow` |
 * | POST /api/timeoff/updaterequeststates | items[i].ItemId, items[i].OldRecordStateId, RouteStateId, reason | `{ done: ItemId[], refused: { ItemId, message, statusCode }[], notices: { ItemId, message }[] }` |
 *
 * The rules are the core's `mayTransitionRequest`: approve / deny by the employee's manager, that
 * manager's delegate for dates sharing a day, or a Timecard Admin (never their own; deny needs a
 * reason; an Approved request may still be denied); cancel by the employee before the start date.
 * Someone who may not decide (or sees a request not theirs to see) gets 403; a stale OldRecordStateId
 * 409; any other refusal a 400 autoAlert.
 *
 * In the same transaction as the state change, the request's time-off lines follow it (issue 29,
 * core src/core/time-off-reconcile.ts via ./reconcile.ts): an Approved request's days are on its weeks'
 * cards (a Draft created where the week has no card, for an employee who keeps timecards), any other
 * state's are not. A week Approved or Processed is not touched: a `timecard_corrections` row (Add /
 * Remove, hours per day) waits for a Timecard Admin, and the balance moves when it is applied. The
 * answer's `notices` say each correction made and each day given time off that already holds worked hours.
 */
import type Database from 'better-sqlite3';
import { mayTransitionRequest, PTO_STATE_TEXT, PTO_STATES } from '../../../../src/core/time-off';
import { TIME_OFF_API, type TimeOffRequestRow } from '../../../../src/core/time-off/contract';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, eachAlone, forbidden, notFound } from '../http';
import { stateById } from '../records';
import { bulkStateUpdateParams, requestedItems, requestedMove, stateUpdateParams } from '../state-update-params';
import { delegationsTo, employeeRef, maySee, seesEveryone } from './common';
import { reconcileTimeOff } from './reconcile';
import { PTO_KEY, requestDbRow, requestRows } from './requests';
import * as clock from '../../../../src/core/clock';

type Db = Database.Database;
const UPDATE = 'updaterequeststate';
/** Most requests in one bulk call. */
const MAX_BULK = 200;
const REASON_MAX = 1000;

interface StateInput {
  itemId: number;
  oldStateId: number;
  routeStateId: number;
  reason: string | undefined;
}

/** What the time off of each state change does: the corrections' notes say it. */
const WHY: Record<string, string> = { Approved: 'was approved', Denied: 'was denied', Canceled: 'was canceled' };

/**
 * One request's state change with everything that goes with it, in one transaction: its time-off lines
 * follow (reconcileTimeOff). Throws HttpError to refuse (nothing written). Answers the request and what
 * the change must say (corrections made, worked days given time off).
 */
export function changeRequestState(db: Db, user: Caller, input: StateInput): { requestId: number; notices: string[] } {
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
    } else {
      db.prepare(`UPDATE time_off_requests SET applicationRecordStateId = ?, canceledAt = ?, canceledByEmployeeId = ?, version = version + 1, modifiedAt = ?
        WHERE requestId = ?`).run(target.applicationRecordStateId, at, user.employeeId, at, row.requestId);
    }
    const notices = reconcileTimeOff(db, row.requestId, { actorId: user.employeeId, at, why: WHY[target.name] ?? `became ${target.name}` });
    return { requestId: row.requestId, notices };
  }).immediate();
}

/** `reason` (to deny): at most REASON_MAX characters as sent; used trimmed. */
const reasonParam = () => p.string(REASON_MAX, { trim: false });

const UPDATE_REQUEST_STATE = { ...stateUpdateParams(), reason: reasonParam() };

function updateRequestState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_REQUEST_STATE>>): TimeOffRequestRow {
  const input = { ...requestedMove(params), reason: params.reason?.trim() };
  const { requestId, notices } = changeRequestState(db, user, input);
  return { ...requestRows(db, user, [requestDbRow(db, requestId)])[0]!, notices };
}

/** items[i].ItemId / items[i].OldRecordStateId (each request alone), RouteStateId and reason for all of them. */
const UPDATE_REQUEST_STATES = { ...bulkStateUpdateParams(), reason: reasonParam() };

function updateRequestStates({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_REQUEST_STATES>>): {
  done: number[]; refused: { ItemId: number; message: string; statusCode: number }[]; notices: { ItemId: number; message: string }[];
} {
  const { RouteStateId: routeStateId } = params;
  const reason = params.reason?.trim();
  const items = requestedItems(params.items);
  if (items.length === 0) throw badRequest("Parameter 'items[i].ItemId' is required (at least one request).", { parameter: 'items' });
  if (items.length > MAX_BULK) throw badRequest(`Too many requests in one call (at most ${MAX_BULK}).`, { parameter: 'items' });
  const done: number[] = [];
  const refused: { ItemId: number; message: string; statusCode: number }[] = [];
  const notices: { ItemId: number; message: string }[] = [];
  eachAlone(items, (item) => {
    const changed = changeRequestState(db, user, { ...item, routeStateId, reason });
    done.push(changed.requestId);
    notices.push(...changed.notices.map((message) => ({ ItemId: changed.requestId, message })));
  }, (item, error) => refused.push({ ItemId: item.itemId, message: error.message, statusCode: error.statusCode }));
  return { done, refused, notices };
}

export const timeOffStateHandlers = declaredFor('ptoRequests', [
  route({
    method: 'POST', path: TIME_OFF_API.updateRequestState,
    note: 'added: ItemId, OldRecordStateId (409 stale), RouteStateId, reason (deny); approve writes PTO lines into the timecards, cancel removes them (Approved weeks: corrections)',
    params: UPDATE_REQUEST_STATE, handler: updateRequestState,
  }),
  route({
    method: 'POST', path: TIME_OFF_API.updateRequestStates,
    note: 'added: items[i].ItemId/.OldRecordStateId, RouteStateId, reason; each alone: { done, refused }',
    params: UPDATE_REQUEST_STATES, handler: updateRequestStates,
  }),
]);
