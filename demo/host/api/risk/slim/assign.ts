/**
 * Assigning SLIM requests (issue 14).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | POST /api/slim/assignslimrequests | `items[i].ItemId`, `assigneeEmployeeId`, `note` | { done: number[], refused: [{ itemId, message }] } |
 * | GET /api/slim/getslimassignees | — | SlimPerson[] (the Prequal Administrators) |
 *
 * - The caller: a Prequal Administrator or an Admin (else 403). The assignee: a Prequal Administrator
 *   on keySLIM (else 400 autoAlert at `assigneeEmployeeId`), never the request's requester.
 * - Each request alone: open, not already the assignee's. Assigning a Submitted request takes it In
 *   Review (a 'state' event), every assignment writes an 'assign' event.
 * - The old and the new assignee are told through the bell (risk_notifications 'Reassigned'), not
 *   the caller.
 */
import { FEEDBACK_INVALID } from '../../../../../src/core/feedback';
import { RISK_API, RISK_FUNCTIONS, SLIM_RECORD_KEY, type SlimPerson } from '../../../../../src/core/risk/contract';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, badRequest, eachAlone, forbidden } from '../../http';
import { stateByName } from '../../records';

import { addEvent, callerActor, isClosed, isPrequalAdmin, notify, prequalAdmins, SERVICE, slimRowOr404 } from './common';
import * as clock from '../../../../../src/core/clock';

export interface AssignAnswer {
  done: number[];
  refused: Array<{ itemId: number; message: string }>;
}

/** The requests as `items[i].ItemId` (in index order), the assignee, the note. */
const ASSIGN = {
  items: p.list({ ItemId: p.id({ required: true }) }, { max: 1000 }), assigneeEmployeeId: p.id(), note: p.string(2000),
};

function assignSlimRequests({ db, user, params }: RouteCtx<ParamsOf<typeof ASSIGN>>): AssignAnswer {
  const actor = callerActor(db, user);
  if (!isPrequalAdmin(actor)) throw forbidden('Only a Prequal Administrator may assign requests.');
  const assigneeId = params.assigneeEmployeeId;
  const assignee = prequalAdmins(db).find((p) => p.employeeId === assigneeId);
  if (!assignee) {
    const message = 'Choose a Prequal Administrator to assign to.';
    throw autoAlert(RISK_FUNCTIONS.slimState, message, { serviceName: SERVICE, fieldName: 'assigneeEmployeeId', feedback: [{ integerValue: FEEDBACK_INVALID, stringValue: 'assigneeEmployeeId', message }] });
  }
  const note = params.note ?? null;
  const ids = (params.items ?? []).map((item) => item.ItemId);
  if (ids.length === 0) throw badRequest('Send the requests as items[i].ItemId.', { parameter: 'items' });
  const answer: AssignAnswer = { done: [], refused: [] };
  const submitted = stateByName(db, SLIM_RECORD_KEY, 'Submitted').applicationRecordStateId;
  const inReview = stateByName(db, SLIM_RECORD_KEY, 'In Review').applicationRecordStateId;
  eachAlone(ids, (itemId) => {
    db.transaction(() => {
      const row = slimRowOr404(db, itemId);
      if (isClosed(row)) throw badRequest(`${row.number} is ${row.state}: a closed request is not assigned.`);
      if (row.requestedByEmployeeId === assignee.employeeId) throw badRequest(`${assignee.name} raised ${row.number}: nobody reviews a request they raised.`);
      if (row.assignedToEmployeeId === assignee.employeeId) throw badRequest(`${row.number} is already assigned to ${assignee.name}.`);
      const at = clock.nowIso();
      const take = row.applicationRecordStateId === submitted;
      db.prepare(`UPDATE slim_requests SET assignedToEmployeeId = ?, applicationRecordStateId = ?, version = version + 1, modifiedAt = ? WHERE requestId = ?`)
        .run(assignee.employeeId, take ? inReview : row.applicationRecordStateId, at, row.requestId);
      if (take) addEvent(db, { requestId: row.requestId, kind: 'state', fromStateId: submitted, toStateId: inReview, by: user.employeeId, note: null, at });
      const from = row.assignedToName ? ` from ${row.assignedToName}` : '';
      addEvent(db, { requestId: row.requestId, kind: 'assign', fromStateId: null, toStateId: null, by: user.employeeId, note: `Assigned${from} to ${assignee.name}${note ? `: ${note}` : ''}`, at });
      const what = `${row.number} (${row.type}: ${row.vendorName})`;
      notify(db, row, [assignee.employeeId], 'Reassigned', `${what} was assigned to you by ${user.preferredName}${note ? `: ${note}` : '.'}`, user.employeeId);
      if (row.assignedToEmployeeId !== null) {
        notify(db, row, [row.assignedToEmployeeId], 'Reassigned', `${what} was reassigned from you to ${assignee.name} by ${user.preferredName}.`, user.employeeId);
      }
    }).immediate();
    answer.done.push(itemId);
  }, (itemId, error) => answer.refused.push({ itemId, message: error.message }));
  return answer;
}

export const assignHandlers = declaredFor('slim', [
  route({
    method: 'POST', path: RISK_API.assignSlimRequests,
    note: 'added: items[i].ItemId, assigneeEmployeeId (a Prequal Administrator, not the requester), note; Prequal Administrator or Admin (else 403); a Submitted request goes In Review; tells the old and the new assignee; { done, refused }',
    params: ASSIGN, handler: assignSlimRequests,
  }),
  route({
    method: 'GET', path: RISK_API.getSlimAssignees,
    note: 'added: the Prequal Administrators one may assign to',
    params: {}, handler: ({ db }): SlimPerson[] => prequalAdmins(db),
  }),
]);
