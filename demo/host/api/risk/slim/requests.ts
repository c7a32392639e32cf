/**
 * The SLIM queue, one request, a new request, the renewal draft and the overview (issue 14).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/slim/getslimqueue | `view` mine/all/raised, `type`, `state`, `regionId` | SlimQueueRow[] |
 * | GET /api/slim/getslimrequest | `recordKey` SlimRequest, `recordId`, `lastLoad` | SlimRequestLoad (reads only) |
 * | POST /api/slim/markslimnotificationsread | `recordId` | { marked }: the caller's notifications of the request read |
 * | POST /api/slim/createslimrequest | `type`, `vendorId`, `projectId`, `requestedAmount`, `priority`, `justification`, `mitigation`, `basedOnRequestId` | SlimRequestLoad |
 * | GET /api/slim/getslimrenewaldraft | `vendorId`, `type` (Renewal) | SlimRenewalDraft |
 * | GET /api/slim/getslimoverview | — | SlimOverview (Prequal Administrator, Escalation Reviewer, Regional Reviewer, Admin) |
 * | GET /api/slim/getslimprojects | `search`, `regionId` | SlimProject[] (active projects, at most 200) |
 */
import type Database from 'better-sqlite3';
import { FEEDBACK_INVALID } from '../../../../../src/core/feedback';
import {
  RISK_API, RISK_FUNCTIONS, SLIM_RECORD_KEY, type SlimOverview, type SlimProject, type SlimQueueRow, type SlimRenewalDraft,
} from '../../../../../src/core/risk/contract';
import {
  PROJECT_REQUEST_TYPES, SLIM_CLOSED_STATES, SLIM_PRIORITIES, SLIM_REQUEST_TYPES, SLIM_ROLES, SLIM_STATE_ORDER, slimDueDate,
  type SlimRequestType, type SlimState,
} from '../../../../../src/core/risk';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, badRequest, forbidden } from '../../http';
import { stateByName } from '../../records';
import { vendorRecord } from '../prequal';
import {
  addEvent, callerActor, isClosed, queueRow, requestRecord, requireSee, SERVICE, slimRowOr404, slimRows, waitingReason, type SlimRow,
} from './common';
import { changesFor, vendorFor } from '../readers';
import { changesSince, markRead, slimLoad } from './load';
import * as clock from '../../../../../src/core/clock';

const VIEWS = ['mine', 'all', 'raised'] as const;
/** Longest justification / mitigation. */
export const SLIM_TEXT_MAX = 4000;

const QUEUE = { view: p.enum(VIEWS), type: p.enum(SLIM_REQUEST_TYPES), state: p.enum(SLIM_STATE_ORDER), regionId: p.id() };

function getSlimQueue({ db, user, params }: RouteCtx<ParamsOf<typeof QUEUE>>): SlimQueueRow[] {
  const actor = callerActor(db, user);
  const view = params.view ?? 'mine';
  const { type, state, regionId } = params;
  if (view === 'all' && !actor.roles.some((r) => r === SLIM_ROLES.admin || r === SLIM_ROLES.prequalAdmin || r === SLIM_ROLES.escalationReviewer)) {
    throw forbidden('Only a Prequal Administrator, an Escalation Reviewer or an Admin may list every request.');
  }
  const today = clock.today();
  let rows: SlimRow[];
  if (view === 'raised') rows = slimRows(db, 'WHERE r.requestedByEmployeeId = ?', user.employeeId);
  else if (view === 'all') rows = slimRows(db);
  else {
    rows = slimRows(db, 'WHERE st.closed = 0')
      .filter((r) => r.assignedToEmployeeId === user.employeeId || waitingReason(r, actor) !== null);
  }
  return rows
    .filter((r) => (!type || r.type === type) && (!state || r.state === state) && (regionId === undefined || r.regionId === regionId))
    .map((r) => queueRow(r, actor, today))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.requestId - b.requestId);
}

/** `recordKey` (SlimRequest when given), `recordId`; `lastLoad` is accepted (the load is always whole). */
const REQUEST = { recordKey: p.recordKey([SLIM_RECORD_KEY]), recordId: p.id({ required: true }), lastLoad: p.timestamp() };

function getSlimRequest({ db, user, params }: RouteCtx<ParamsOf<typeof REQUEST>>): unknown {
  const requestId = params.recordId;
  const actor = callerActor(db, user);
  requireSee(actor, slimRowOr404(db, requestId));
  // Reads only: the workbench marks the caller's notifications read with markslimnotificationsread once loaded.
  return slimLoad(db, requestId, actor, user);
}

/** `recordId`: the request whose notifications the caller has now seen. */
const MARK_READ = { recordId: p.id({ required: true }) };

function markSlimNotificationsRead({ db, user, params }: RouteCtx<ParamsOf<typeof MARK_READ>>): { marked: number } {
  const requestId = params.recordId;
  requireSee(callerActor(db, user), slimRowOr404(db, requestId));
  return { marked: markRead(db, user.employeeId, requestId) };
}

/** 400 autoAlert at a field of the new-request form. */
const refuseField = (fieldName: string, message: string) =>
  autoAlert(RISK_FUNCTIONS.slimCreate, message, { serviceName: SERVICE, fieldName, feedback: [{ integerValue: FEEDBACK_INVALID, stringValue: fieldName, message }] });

/** The last Approved / Approved with Conditions request of a vendor. */
export function lastApproved(db: Database.Database, vendorId: number): SlimRow | undefined {
  return slimRows(db, "WHERE r.vendorId = ? AND st.name IN ('Approved', 'Approved with Conditions')", vendorId)
    .sort((a, b) => (b.decidedAt ?? '').localeCompare(a.decidedAt ?? '') || b.requestId - a.requestId)[0];
}

/** The next request number ('SLIM-0042'). */
function nextNumber(db: Database.Database): string {
  const max = (db.prepare("SELECT coalesce(max(CAST(substr(number, 6) AS INTEGER)), 0) AS n FROM slim_requests WHERE number LIKE 'SLIM-%'").get() as { n: number }).n;
  return `SLIM-${String(max + 1).padStart(4, '0')}`;
}

/** Insert a Submitted request (validated) and its first event; answers its id. Shared with the seed's shape. */
export function insertSlimRequest(db: Database.Database, r: {
  type: SlimRequestType; vendorId: number; projectId: number | null; regionId: number | null; requestedAmount: number | null;
  priority: string; justification: string; mitigation: string | null; basedOnRequestId: number | null; requestedBy: number; at: string;
}): number {
  const submitted = stateByName(db, SLIM_RECORD_KEY, 'Submitted');
  const number = nextNumber(db);
  const vendor = vendorRecord(db, r.vendorId, r.at.slice(0, 10))!;
  const info = db.prepare(`INSERT INTO slim_requests (number, type, vendorId, projectId, regionId, requestedAmount, priority, justification, mitigation,
      applicationRecordStateId, requestedByEmployeeId, submittedAt, dueDate, basedOnRequestId, snapshot, displayText, modifiedAt)
    VALUES (@number, @type, @vendorId, @projectId, @regionId, @requestedAmount, @priority, @justification, @mitigation,
      @stateId, @requestedBy, @at, @dueDate, @basedOnRequestId, @snapshot, @displayText, @at)`).run({
    ...r, number, stateId: submitted.applicationRecordStateId, dueDate: slimDueDate(r.type, r.at.slice(0, 10)),
    snapshot: JSON.stringify(vendor), displayText: `${number} ${r.type}: ${vendor.name}`,
  });
  const requestId = Number(info.lastInsertRowid);
  addEvent(db, { requestId, kind: 'state', fromStateId: null, toStateId: submitted.applicationRecordStateId, by: r.requestedBy, note: null, at: r.at });
  return requestId;
}

/** The form's longest text the parse takes (the handler answers SLIM_TEXT_MAX at the field). */
const FORM_TEXT = 20_000;

/** The new-request form: the type and the texts are checked by the handler (400 autoAlert at the field). */
const CREATE = {
  type: p.string(100), vendorId: p.id(), projectId: p.id(), requestedAmount: p.number(), priority: p.enum(SLIM_PRIORITIES),
  justification: p.string(FORM_TEXT), mitigation: p.string(FORM_TEXT), basedOnRequestId: p.id(),
};

function createSlimRequest({ db, user, params }: RouteCtx<ParamsOf<typeof CREATE>>): unknown {
  const typeRaw = params.type;
  const type = SLIM_REQUEST_TYPES.find((t) => t.toLowerCase() === typeRaw?.toLowerCase());
  if (!type) throw refuseField('type', `Choose the request type: ${SLIM_REQUEST_TYPES.join(', ')}.`);
  const vendorId = params.vendorId;
  if (vendorId === undefined) throw refuseField('vendorId', 'Choose the subcontractor.');
  const vendor = db.prepare('SELECT vendorId, active FROM vendors WHERE vendorId = ?').get(vendorId) as { active: number } | undefined;
  if (!vendor) throw refuseField('vendorId', `Vendor ${vendorId} does not exist.`);
  const onProject = PROJECT_REQUEST_TYPES.includes(type);
  const projectId = params.projectId;
  let regionId: number | null = null;
  if (projectId !== undefined) {
    const project = db.prepare('SELECT regionId FROM projects WHERE projectId = ?').get(projectId) as { regionId: number | null } | undefined;
    if (!project) throw refuseField('projectId', `Project ${projectId} does not exist.`);
    regionId = project.regionId;
  } else if (onProject) throw refuseField('projectId', `A ${type} request is for one project: choose the project.`);
  if (regionId === null) regionId = (db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').get(user.employeeId) as { regionId: number | null }).regionId;
  const amount = params.requestedAmount;
  if (amount !== undefined && amount <= 0) throw refuseField('requestedAmount', 'The requested amount must be more than $0.');
  if (amount === undefined && onProject) throw refuseField('requestedAmount', `A ${type} request needs the amount.`);
  const priority = params.priority ?? 'Normal';
  const justificationRaw = params.justification ?? '';
  if (!justificationRaw) throw refuseField('justification', 'Give the justification of the request.');
  if (justificationRaw.length > SLIM_TEXT_MAX) throw refuseField('justification', `The justification is longer than ${SLIM_TEXT_MAX} characters.`);
  const mitigationRaw = params.mitigation ?? '';
  if (mitigationRaw.length > SLIM_TEXT_MAX) throw refuseField('mitigation', `The mitigation is longer than ${SLIM_TEXT_MAX} characters.`);
  if (type === 'Exception' && !mitigationRaw) throw refuseField('mitigation', 'An exception needs the mitigation (how the risk of an unqualified subcontractor is covered).');
  let basedOnRequestId = params.basedOnRequestId ?? null;
  if (basedOnRequestId !== null) {
    if (type !== 'Renewal') throw refuseField('basedOnRequestId', 'Only a renewal is based on an earlier request.');
    const base = db.prepare(`SELECT r.vendorId, st.name AS state FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId)
      WHERE r.requestId = ?`).get(basedOnRequestId) as { vendorId: number; state: string } | undefined;
    if (!base || base.vendorId !== vendorId || (base.state !== 'Approved' && base.state !== 'Approved with Conditions')) {
      throw refuseField('basedOnRequestId', 'A renewal is based on an approved request of the same vendor.');
    }
  } else if (type === 'Renewal') basedOnRequestId = lastApproved(db, vendorId)?.requestId ?? null;
  const requestId = db.transaction(() => insertSlimRequest(db, {
    type, vendorId, projectId: projectId ?? null, regionId, requestedAmount: amount ?? null, priority, justification: justificationRaw,
    mitigation: mitigationRaw || null, basedOnRequestId, requestedBy: user.employeeId, at: clock.nowIso(),
  })).immediate();
  return slimLoad(db, requestId, callerActor(db, user), user);
}

const RENEWAL = { vendorId: p.id({ required: true }), type: p.enum(SLIM_REQUEST_TYPES) };

function getSlimRenewalDraft({ db, user, params }: RouteCtx<ParamsOf<typeof RENEWAL>>): SlimRenewalDraft {
  const vendorId = params.vendorId;
  const type = params.type ?? 'Renewal';
  const today = clock.today();
  const vendor = vendorRecord(db, vendorId, today);
  if (!vendor) throw badRequest(`Vendor ${vendorId} does not exist.`, { parameter: 'vendorId' });
  const base = lastApproved(db, vendorId);
  const actor = callerActor(db, user);
  return {
    vendor: vendorFor(user, vendor),
    basedOn: base ? requestRecord(base, actor, today) : null,
    draft: {
      type, vendorId,
      requestedAmount: base ? (base.approvedSingleLimit ?? base.requestedAmount) : vendor.singleLimit,
      justification: base ? `Renewal of ${base.number} (${base.state.toLowerCase()} ${base.decidedAt?.slice(0, 10) ?? ''}). ${base.justification}`.slice(0, SLIM_TEXT_MAX) : '',
      priority: base?.priority ?? 'Normal',
    },
    changes: base ? changesFor(user, changesSince(base.snapshot, vendor)) : [],
  };
}

/** Roles that see the overview. */
const OVERVIEW_ROLES: readonly string[] = [SLIM_ROLES.admin, SLIM_ROLES.prequalAdmin, SLIM_ROLES.escalationReviewer, SLIM_ROLES.regionalReviewer];

/** Average days in each open state from the events (a step = entering a state until the next event that leaves it). */
export function averageDaysPerStep(db: Database.Database): SlimOverview['averageDaysPerStep'] {
  const events = db.prepare(`SELECT e.requestId, e.at, t.name AS toState FROM slim_request_events e
      JOIN application_record_states t ON t.applicationRecordStateId = e.toStateId
    WHERE e.toStateId IS NOT NULL AND (e.fromStateId IS NULL OR e.fromStateId <> e.toStateId) ORDER BY e.requestId, e.at, e.eventId`).all() as Array<{ requestId: number; at: string; toState: SlimState }>;
  const sums = new Map<SlimState, { days: number; steps: number }>();
  for (let i = 0; i + 1 < events.length; i++) {
    const a = events[i]!;
    const b = events[i + 1]!;
    if (a.requestId !== b.requestId) continue;
    const s = sums.get(a.toState) ?? { days: 0, steps: 0 };
    s.days += (Date.parse(b.at) - Date.parse(a.at)) / 86_400_000;
    s.steps += 1;
    sums.set(a.toState, s);
  }
  return SLIM_STATE_ORDER.filter((s) => !SLIM_CLOSED_STATES.includes(s)).map((state) => {
    const s = sums.get(state);
    return { state, averageDays: s && s.steps ? Math.round((s.days / s.steps) * 10) / 10 : 0, steps: s?.steps ?? 0 };
  });
}

function getSlimOverview({ db, user }: RouteCtx<unknown>): SlimOverview {
  const actor = callerActor(db, user);
  if (!actor.roles.some((r) => OVERVIEW_ROLES.includes(r))) {
    throw forbidden('The queue overview is for Prequal Administrators, Escalation and Regional Reviewers and Admins.');
  }
  const today = clock.today();
  const rows = slimRows(db);
  const open = rows.filter((r) => !isClosed(r));
  const queue = open.map((r) => queueRow(r, actor, today));
  const byAssignee = new Map<number | null, SlimOverview['byAssignee'][number]>();
  for (const r of queue) {
    const key = r.assignedTo?.employeeId ?? null;
    const entry = byAssignee.get(key) ?? { assignee: r.assignedTo, open: 0, pastDue: 0 };
    entry.open += 1;
    if (r.pastDue) entry.pastDue += 1;
    byAssignee.set(key, entry);
  }
  return {
    byState: SLIM_STATE_ORDER.map((state) => ({ state, count: rows.filter((r) => r.state === state).length })),
    byAssignee: [...byAssignee.values()].sort((a, b) => (a.assignee === null ? -1 : b.assignee === null ? 1 : a.assignee.name.localeCompare(b.assignee.name))),
    pastDue: queue.filter((r) => r.pastDue).sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.requestId - b.requestId),
    averageDaysPerStep: averageDaysPerStep(db),
    openCount: open.length,
  };
}

const PROJECTS = { search: p.string(100), regionId: p.id() };

function getSlimProjects({ db, params }: RouteCtx<ParamsOf<typeof PROJECTS>>): SlimProject[] {
  const search = params.search?.toLowerCase() ?? null;
  const regionId = params.regionId ?? null;
  return db.prepare(`SELECT p.projectId, p.number, p.name, p.regionId, g.name AS regionName FROM projects p LEFT JOIN regions g ON g.regionId = p.regionId
    WHERE p.active = 1 AND (@regionId IS NULL OR p.regionId = @regionId)
      AND (@search IS NULL OR instr(lower(p.number), @search) > 0 OR instr(lower(p.name), @search) > 0)
    ORDER BY p.number LIMIT 200`).all({ search, regionId }) as SlimProject[];
}

export const requestHandlers = declaredFor('slim', [
  route({
    method: 'GET', path: RISK_API.getSlimProjects,
    note: 'added: search?, regionId?: active projects with their region (the new-request picker)',
    params: PROJECTS, handler: getSlimProjects,
  }),
  route({
    method: 'GET', path: RISK_API.getSlimQueue,
    note: 'added: view mine (default) / all (Prequal Administrator, Escalation Reviewer, Admin; else 403) / raised, type?, state?, regionId?: SlimQueueRow[] with age, due date, past due, waiting for me and why',
    params: QUEUE, handler: getSlimQueue,
  }),
  route({
    method: 'GET', path: RISK_API.getSlimRequest,
    note: 'added: recordKey SlimRequest, recordId, lastLoad: SlimRequestLoad (request, vendor record, suggested limits, events, moves the caller may make, canAssign); 403 for a request the caller may not see; reads only',
    params: REQUEST, handler: getSlimRequest,
  }),
  route({
    method: 'POST', path: RISK_API.markSlimNotificationsRead,
    note: "added: recordId: marks the caller's own unread notifications of the request read (the workbench, once loaded): { marked }; 403 for a request the caller may not see",
    params: MARK_READ, handler: markSlimNotificationsRead,
  }),
  route({
    method: 'POST', path: RISK_API.createSlimRequest,
    note: 'added: type, vendorId, projectId (Limit Increase, Exception), requestedAmount, priority, justification, mitigation (Exception), basedOnRequestId (Renewal): 400 autoAlert with fieldName for bad input; SLIM-0001… Submitted',
    params: CREATE, handler: createSlimRequest,
  }),
  route({
    method: 'GET', path: RISK_API.getSlimRenewalDraft,
    note: "added: vendorId, type?: the renewal pre-filled from the vendor's last approved request and what changed since",
    params: RENEWAL, handler: getSlimRenewalDraft,
  }),
  route({
    method: 'GET', path: RISK_API.getSlimOverview,
    note: 'added: counts by state and assignee, past due, average days per step; Prequal Administrator, Escalation Reviewer, Regional Reviewer, Admin (else 403)',
    params: {}, handler: getSlimOverview,
  }),
]);
