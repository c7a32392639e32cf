/**
 * The SLIM request's state moves (issue 14): the moves are the application record tables'
 * (state_advancements of SlimRequest, as App Records edits them; load.ts movesFor offers the same), who
 * may make one and what note it needs is the core's mayActSlim (the moves themselves are the advancement table's), so the offered moves and the host agree.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | POST /api/slim/updateslimrequeststate | `ItemId`, `OldRecordStateId`, `RouteStateId`, `note`; approval: `singleLimit`, `aggregateLimit`, `limitExpiresOn` | SlimRequestLoad |
 *
 * - A refusal of the role or person is a 403, one the user reads a 400 autoAlert (`fieldName` 'note'
 *   when the note is what is missing); a stale OldRecordStateId a 409 naming who moved it. A refusal
 *   writes nothing (one immediate transaction).
 * - Submitted → In Review assigns the request to the caller when unassigned; → On Hold stores what is
 *   missing; the requester's On Hold → In Review stores the answer (an 'answer' event); leaving
 *   Regional Review records the regional pass; → Escalated with a note stores why.
 * - Decisions store who, when, the reason / conditions and the limits. Approved / Approved with
 *   Conditions write the vendor's prequalification (status, conditions, limits, expiry) — an Exception
 *   records the decision only; Denied of a New Prequalification sets the vendor Denied.
 * - Approval limits: `singleLimit` (default the suggestion; for a Limit Increase the higher of the
 *   suggestion and the current single limit — a requested amount above it is never taken silently),
 *   `aggregateLimit` (default 2 × single, for a Limit Increase at least the current one),
 *   `limitExpiresOn` (default a year from today).
 * - The approval authority: a Prequal Administrator approves single limits up to $5,000,000; above it
 *   the decision needs an Escalation Reviewer (or keySLIM Admin) and its reason in the note. Approving
 *   while another open request of the same vendor exists is refused, naming it. Both: 400 autoAlert.
 */
import type Database from 'better-sqlite3';
import { FEEDBACK_INVALID } from '../../../../../src/core/feedback';
import { LIMIT_RULES } from '../../../../../src/core/risk/limits';
import { RISK_API, RISK_FUNCTIONS, SLIM_RECORD_KEY } from '../../../../../src/core/risk/contract';
import { mayActSlim, SLIM_ROLES, SLIM_TEXT, type SlimActor } from '../../../../../src/core/risk/slim';
import { declared, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, conflict, forbidden, notFound } from '../../http';
import { isAdvancement, stateById } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { vendorPrequalLoad } from '../prequal';
import { addEvent, callerActor, requireSee, SERVICE, slimRowOr404, subjectOf, type SlimRow } from './common';
import { slimLoad } from './load';
import * as clock from '../../../../../src/core/clock';

/** Refusals about the note (the field the user must fill). */
const NOTE_REFUSALS: readonly string[] = [SLIM_TEXT.denyReason, SLIM_TEXT.conditions, SLIM_TEXT.missingData, SLIM_TEXT.answer, SLIM_TEXT.escalateReason];

const refuse = (message: string, fieldName?: string) => autoAlert(RISK_FUNCTIONS.slimState, message, {
  serviceName: SERVICE, ...(fieldName ? { fieldName, feedback: [{ integerValue: FEEDBACK_INVALID, stringValue: fieldName, message }] } : {}),
});

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The 409 message of a stale move: the request's state now and who moved it there. */
export function staleMessage(db: Database.Database, row: SlimRow): string {
  const last = db.prepare(`SELECT e.at, b.preferredName AS name FROM slim_request_events e JOIN employees b ON b.employeeId = e.byEmployeeId
    WHERE e.requestId = ? AND e.toStateId = ? ORDER BY e.at DESC, e.eventId DESC LIMIT 1`).get(row.requestId, row.applicationRecordStateId) as { at: string; name: string } | undefined;
  const how = last ? `${last.name} moved it there at ${when(last.at)}` : 'someone else moved it';
  return `${row.number} is now ${row.state}: ${how}. Reload it and try again.`;
}

function addYear(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

interface Limits { single: number; aggregate: number; expiresOn: string }

/** The limits an approval may give (each optional: the defaults of the module comment). */
export interface LimitsAsked { singleLimit?: number; aggregateLimit?: number; limitExpiresOn?: string }

/** The approved limits: as given, else the defaults (see the module comment). */
function approvalLimits(db: Database.Database, row: SlimRow, asked: LimitsAsked): Limits {
  const today = clock.today();
  const { vendor, suggested } = vendorPrequalLoad(db, row.vendorId, today);
  const increase = row.type === 'Limit Increase';
  const single = asked.singleLimit
    ?? (increase ? Math.max(suggested.singleLimit, vendor.singleLimit ?? 0) : suggested.singleLimit);
  if (!(single > 0)) {
    throw refuse(suggested.statementYear === null
      ? 'Give the single limit: no limit can be suggested without a financial statement.'
      : 'The single limit must be more than $0.', 'singleLimit');
  }
  const aggregate = asked.aggregateLimit
    ?? (increase ? Math.max(LIMIT_RULES.aggregateMultiple * single, vendor.aggregateLimit ?? 0) : LIMIT_RULES.aggregateMultiple * single);
  if (aggregate < single) throw refuse('The aggregate limit can not be below the single limit.', 'aggregateLimit');
  const expiresOn = asked.limitExpiresOn ?? addYear(today);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn) || Number.isNaN(Date.parse(`${expiresOn}T00:00:00Z`))
    || new Date(`${expiresOn}T00:00:00Z`).toISOString().slice(0, 10) !== expiresOn) {
    throw refuse('The limits\' expiry must be a date (YYYY-MM-DD).', 'limitExpiresOn');
  }
  if (expiresOn <= today) throw refuse('The limits\' expiry must be after today.', 'limitExpiresOn');
  return { single, aggregate, expiresOn };
}

// --- the approval authority --------------------------------------------------------------------

const dollars = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** The single limit a Prequal Administrator approves at most; above it the decision is an Escalation Reviewer's. */
export const PREQUAL_ADMIN_AUTHORITY = LIMIT_RULES.escalationAmount;

/** May `actor` decide limits above the Prequal Administrator's authority: an Escalation Reviewer (or keySLIM Admin, who holds every SLIM role). */
const isEscalationAuthority = (actor: SlimActor) => actor.roles.includes(SLIM_ROLES.escalationReviewer) || actor.roles.includes(SLIM_ROLES.admin);

/**
 * The approval authority: single limits up to $5,000,000 are a Prequal Administrator's to approve;
 * above that the decision needs an Escalation Reviewer, and its reason (the note). 400 autoAlert naming
 * the role or the amount.
 */
export function checkAuthority(actor: SlimActor, limits: Limits, note: string | null): void {
  if (limits.single <= PREQUAL_ADMIN_AUTHORITY) return;
  if (!isEscalationAuthority(actor)) {
    throw refuse(`A single limit of ${dollars(limits.single)} needs an Escalation Reviewer: a Prequal Administrator approves single limits up to `
      + `${dollars(PREQUAL_ADMIN_AUTHORITY)}. Escalate the request, or approve ${dollars(PREQUAL_ADMIN_AUTHORITY)} or less.`, 'singleLimit');
  }
  if (!note?.trim()) throw refuse(`A single limit above ${dollars(PREQUAL_ADMIN_AUTHORITY)} needs the reason of the decision: write it in the note.`, 'note');
}

/** Approving is refused while another open request of the same vendor exists (it is decided or withdrawn first). */
export function refuseIfAnotherOpen(db: Database.Database, row: SlimRow): void {
  const other = db.prepare(`SELECT r.number, r.type, st.name AS state FROM slim_requests r
      JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE r.vendorId = ? AND r.requestId <> ? AND st.closed = 0 ORDER BY r.requestId LIMIT 1`).get(row.vendorId, row.requestId) as
    { number: string; type: string; state: string } | undefined;
  if (other) {
    throw refuse(`${other.number} (${other.type}, ${other.state}) is another open request for ${row.vendorName}: `
      + `decide or withdraw it before approving ${row.number}.`);
  }
}

/** Write the vendor's prequalification record (upsert; version + 1). */
function writeVendor(db: Database.Database, vendorId: number, values: {
  status: string; conditions?: string | null; limits?: Limits; by: number; requestId: number; at: string;
}): void {
  const exists = db.prepare('SELECT 1 FROM vendor_prequalifications WHERE vendorId = ?').get(vendorId) !== undefined;
  if (!exists) {
    db.prepare(`INSERT INTO vendor_prequalifications (vendorId, status, displayText, modifiedAt) VALUES (?, 'Not Prequalified', 'Not Prequalified', ?)`).run(vendorId, values.at);
  }
  const limits = values.limits
    ? ', singleLimit = @single, aggregateLimit = @aggregate, limitExpiresOn = @expiresOn, conditions = @conditions' : '';
  db.prepare(`UPDATE vendor_prequalifications SET status = @status, displayText = @status, lastDecidedAt = @at, lastDecidedByEmployeeId = @by,
      lastSlimRequestId = @requestId, version = version + 1, modifiedAt = @at${limits} WHERE vendorId = @vendorId`).run({
    vendorId, status: values.status, at: values.at, by: values.by, requestId: values.requestId,
    ...(values.limits ? { single: values.limits.single, aggregate: values.limits.aggregate, expiresOn: values.limits.expiresOn, conditions: values.conditions ?? null } : {}),
  });
}

/** Move one request (inside the caller's transaction); throws HttpError to refuse. */
export function moveSlimRequest(db: Database.Database, actor: SlimActor, args: {
  itemId: number; oldStateId: number; routeStateId: number; note: string | null; limits: LimitsAsked;
}): void {
  const row = slimRowOr404(db, args.itemId);
  requireSee(actor, row);
  if (row.applicationRecordStateId !== args.oldStateId) {
    throw conflict(staleMessage(db, row), { currentRecordStateId: row.applicationRecordStateId, currentRecordStateName: row.state });
  }
  const target = stateById(db, args.routeStateId);
  if (!target || target.applicationRecordKey !== SLIM_RECORD_KEY) throw notFound(`No SLIM request state with RouteStateId ${args.routeStateId}.`);
  const to = target.name as SlimRow['state'];
  // The workflow is the application record tables' (App Records edits them; movesFor offers the same):
  // a move they do not list is refused whatever the core's rules say.
  if (!isAdvancement(db, row.applicationRecordStateId, target.applicationRecordStateId)) {
    throw refuse(SLIM_TEXT.notAllowed.replace('{from}', row.state).replace('{to}', to));
  }
  const answer = mayActSlim(subjectOf(row), to, actor, args.note);
  if (!answer.ok) {
    if (answer.role) throw forbidden(answer.message);
    throw refuse(answer.message, NOTE_REFUSALS.includes(answer.message) ? 'note' : undefined);
  }
  const at = clock.nowIso();
  const note = args.note;
  const set: Record<string, unknown> = {};
  let kind: 'state' | 'answer' = 'state';
  const from = row.state;
  if (from === 'Submitted' && to === 'In Review' && row.assignedToEmployeeId === null) set.assignedToEmployeeId = actor.employeeId;
  if (to === 'On Hold – Missing Data') Object.assign(set, { missingData: note, answer: null });
  if (from === 'On Hold – Missing Data' && to === 'In Review') {
    set.answer = note;
    kind = 'answer';
  }
  if (from === 'Regional Review' && (to === 'In Review' || to === 'Escalated')) Object.assign(set, { regionalPassedAt: at, regionalPassedByEmployeeId: actor.employeeId });
  if (to === 'Escalated' && note) set.escalationNote = note;
  if (to === 'Approved' || to === 'Approved with Conditions' || to === 'Denied') {
    Object.assign(set, { decidedAt: at, decidedByEmployeeId: actor.employeeId, decisionReason: to === 'Approved with Conditions' ? null : note, conditions: to === 'Approved with Conditions' ? note : null });
    if (to !== 'Denied') refuseIfAnotherOpen(db, row);
    if (to !== 'Denied' && row.type !== 'Exception') {
      const limits = approvalLimits(db, row, args.limits);
      checkAuthority(actor, limits, note);
      Object.assign(set, { approvedSingleLimit: limits.single, approvedAggregateLimit: limits.aggregate, approvedLimitExpiresOn: limits.expiresOn });
      writeVendor(db, row.vendorId, {
        status: to === 'Approved' ? 'Prequalified' : 'Prequalified with Conditions', conditions: to === 'Approved with Conditions' ? note : null,
        limits, by: actor.employeeId, requestId: row.requestId, at,
      });
    }
    if (to === 'Denied' && row.type === 'New Prequalification') writeVendor(db, row.vendorId, { status: 'Denied', by: actor.employeeId, requestId: row.requestId, at });
  }
  const names = Object.keys(set);
  db.prepare(`UPDATE slim_requests SET ${names.map((n) => `${n} = @${n}, `).join('')}applicationRecordStateId = @stateId, version = version + 1, modifiedAt = @at
    WHERE requestId = @requestId`).run({ ...set, stateId: target.applicationRecordStateId, at, requestId: row.requestId });
  addEvent(db, { requestId: row.requestId, kind, fromStateId: row.applicationRecordStateId, toStateId: target.applicationRecordStateId, by: actor.employeeId, note, at });
}

/**
 * The state update: the move, its note and (approval) the limits. The limits' expiry stays text: the
 * handler answers a bad date at its field (400 autoAlert at `limitExpiresOn`).
 */
const MOVE = {
  ...stateUpdateParams(), note: p.string(4000),
  singleLimit: p.number(), aggregateLimit: p.number(), limitExpiresOn: p.string(10),
};

function updateSlimRequestState({ db, user, params }: RouteCtx<ParamsOf<typeof MOVE>>): unknown {
  const args = {
    ...requestedMove(params), note: params.note ?? null,
    limits: { singleLimit: params.singleLimit, aggregateLimit: params.aggregateLimit, limitExpiresOn: params.limitExpiresOn },
  };
  const actor = callerActor(db, user);
  db.transaction(() => moveSlimRequest(db, actor, args)).immediate();
  return slimLoad(db, args.itemId, actor, user);
}

export const stateHandlers = declared([
  route({
    method: 'POST', path: RISK_API.updateSlimRequestState, access: 'slim',
    note: 'added: ItemId, OldRecordStateId (409 stale, naming who moved it), RouteStateId, note, singleLimit?/aggregateLimit?/limitExpiresOn? (approval); core mayActSlim: 403 role, 400 autoAlert; approval writes the vendor limits',
    params: MOVE, handler: updateSlimRequestState,
  }),
]);
