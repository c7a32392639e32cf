/**
 * The SLIM queue, one request, a new request, the renewal draft and the overview (issue 14).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/slim/getslimqueue | `view` mine/all/raised, `type`, `state`, `regionId` | SlimQueueRow[] |
 * | GET /api/slim/getslimrequest | `recordKey` SlimRequest, `recordId`, `lastLoad` | SlimRequestLoad (marks the caller's notifications of it read) |
 * | POST /api/slim/createslimrequest | `type`, `vendorId`, `projectId`, `requestedAmount`, `priority`, `justification`, `mitigation`, `basedOnRequestId` | SlimRequestLoad |
 * | GET /api/slim/getslimrenewaldraft | `vendorId`, `type` (Renewal) | SlimRenewalDraft |
 * | GET /api/slim/getslimoverview | — | SlimOverview (Prequal Administrator, Escalation Reviewer, Regional Reviewer, Admin) |
 * | GET /api/slim/getslimprojects | `search`, `regionId` | SlimProject[] (active projects, at most 200) |
 */
import type Database from 'better-sqlite3';
import { FEEDBACK_INVALID } from '../../../../../src/core/feedback';
import {
  RISK_API, RISK_FUNCTIONS, SLIM_RECORD_KEY, type SlimOverview, type SlimProject, type SlimQueueRow, type SlimRenewalDraft,
} from '../../../../../src/core/risk/api';
import {
  PROJECT_REQUEST_TYPES, SLIM_CLOSED_STATES, SLIM_PRIORITIES, SLIM_REQUEST_TYPES, SLIM_ROLES, SLIM_STATE_ORDER, slimDueDate,
  type SlimRequestType, type SlimState,
} from '../../../../../src/core/risk/slim';
import type { Ctx, Handlers } from '../../context';
import { autoAlert, badRequest, enumParam, forbidden, idParam, lastLoadParam, numberParam, rawParam, stringParam } from '../../http';
import { stateByName } from '../../records';
import { routeKey } from '../../routes';
import { riskNowIso, riskToday, vendorRecord } from '../prequal';
import {
  addEvent, callerActor, isClosed, queueRow, requestRecord, requireSee, SERVICE, slimRowOr404, slimRows, waitingReason, type SlimRow,
} from './common';
import { changesSince, markRead, slimLoad } from './load';

const VIEWS = ['mine', 'all', 'raised'] as const;
/** Longest justification / mitigation. */
export const SLIM_TEXT_MAX = 4000;

function getSlimQueue({ db, user, query }: Ctx): SlimQueueRow[] {
  const actor = callerActor(db, user);
  const view = enumParam(query, 'view', VIEWS) ?? 'mine';
  const type = enumParam(query, 'type', SLIM_REQUEST_TYPES);
  const state = enumParam(query, 'state', SLIM_STATE_ORDER);
  const regionId = idParam(query, 'regionId');
  if (view === 'all' && !actor.roles.some((r) => r === SLIM_ROLES.admin || r === SLIM_ROLES.prequalAdmin || r === SLIM_ROLES.escalationReviewer)) {
    throw forbidden('Only a Prequal Administrator, an Escalation Reviewer or an Admin may list every request.');
  }
  const today = riskToday();
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

function recordParams(query: Ctx['query']): number {
  const recordKey = rawParam(query, 'recordKey')?.trim();
  if (recordKey && recordKey.toLowerCase() !== SLIM_RECORD_KEY.toLowerCase()) {
    throw badRequest(`Parameter 'recordKey' must be ${SLIM_RECORD_KEY} (got '${recordKey.slice(0, 40)}').`, { parameter: 'recordKey' });
  }
  lastLoadParam(query);
  return idParam(query, 'recordId', true);
}

function getSlimRequest({ db, user, query }: Ctx): unknown {
  const requestId = recordParams(query);
  const actor = callerActor(db, user);
  requireSee(actor, slimRowOr404(db, requestId));
  markRead(db, user.employeeId, requestId);
  return slimLoad(db, requestId, actor);
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

function createSlimRequest({ db, user, body }: Ctx): unknown {
  const typeRaw = stringParam(body, 'type', 100);
  const type = SLIM_REQUEST_TYPES.find((t) => t.toLowerCase() === typeRaw?.toLowerCase());
  if (!type) throw refuseField('type', `Choose the request type: ${SLIM_REQUEST_TYPES.join(', ')}.`);
  const vendorId = idParam(body, 'vendorId');
  if (vendorId === undefined) throw refuseField('vendorId', 'Choose the subcontractor.');
  const vendor = db.prepare('SELECT vendorId, active FROM vendors WHERE vendorId = ?').get(vendorId) as { active: number } | undefined;
  if (!vendor) throw refuseField('vendorId', `Vendor ${vendorId} does not exist.`);
  const onProject = PROJECT_REQUEST_TYPES.includes(type);
  const projectId = idParam(body, 'projectId');
  let regionId: number | null = null;
  if (projectId !== undefined) {
    const project = db.prepare('SELECT regionId FROM projects WHERE projectId = ?').get(projectId) as { regionId: number | null } | undefined;
    if (!project) throw refuseField('projectId', `Project ${projectId} does not exist.`);
    regionId = project.regionId;
  } else if (onProject) throw refuseField('projectId', `A ${type} request is for one project: choose the project.`);
  if (regionId === null) regionId = (db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').get(user.employeeId) as { regionId: number | null }).regionId;
  const amount = numberParam(body, 'requestedAmount');
  if (amount !== undefined && amount <= 0) throw refuseField('requestedAmount', 'The requested amount must be more than $0.');
  if (amount === undefined && onProject) throw refuseField('requestedAmount', `A ${type} request needs the amount.`);
  const priority = enumParam(body, 'priority', SLIM_PRIORITIES) ?? 'Normal';
  const justificationRaw = rawParam(body, 'justification')?.trim() ?? '';
  if (!justificationRaw) throw refuseField('justification', 'Give the justification of the request.');
  if (justificationRaw.length > SLIM_TEXT_MAX) throw refuseField('justification', `The justification is longer than ${SLIM_TEXT_MAX} characters.`);
  const mitigationRaw = rawParam(body, 'mitigation')?.trim() ?? '';
  if (mitigationRaw.length > SLIM_TEXT_MAX) throw refuseField('mitigation', `The mitigation is longer than ${SLIM_TEXT_MAX} characters.`);
  if (type === 'Exception' && !mitigationRaw) throw refuseField('mitigation', 'An exception needs the mitigation (how the risk of an unqualified subcontractor is covered).');
  let basedOnRequestId = idParam(body, 'basedOnRequestId') ?? null;
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
    mitigation: mitigationRaw || null, basedOnRequestId, requestedBy: user.employeeId, at: riskNowIso(),
  })).immediate();
  return slimLoad(db, requestId, callerActor(db, user));
}

function getSlimRenewalDraft({ db, user, query }: Ctx): SlimRenewalDraft {
  const vendorId = idParam(query, 'vendorId', true);
  const type = enumParam(query, 'type', SLIM_REQUEST_TYPES) ?? 'Renewal';
  const today = riskToday();
  const vendor = vendorRecord(db, vendorId, today);
  if (!vendor) throw badRequest(`Vendor ${vendorId} does not exist.`, { parameter: 'vendorId' });
  const base = lastApproved(db, vendorId);
  const actor = callerActor(db, user);
  return {
    vendor,
    basedOn: base ? requestRecord(base, actor, today) : null,
    draft: {
      type, vendorId,
      requestedAmount: base ? (base.approvedSingleLimit ?? base.requestedAmount) : vendor.singleLimit,
      justification: base ? `Renewal of ${base.number} (${base.state.toLowerCase()} ${base.decidedAt?.slice(0, 10) ?? ''}). ${base.justification}`.slice(0, SLIM_TEXT_MAX) : '',
      priority: base?.priority ?? 'Normal',
    },
    changes: base ? changesSince(base.snapshot, vendor) : [],
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

function getSlimOverview({ db, user }: Ctx): SlimOverview {
  const actor = callerActor(db, user);
  if (!actor.roles.some((r) => OVERVIEW_ROLES.includes(r))) {
    throw forbidden('The queue overview is for Prequal Administrators, Escalation and Regional Reviewers and Admins.');
  }
  const today = riskToday();
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

function getSlimProjects({ db, query }: Ctx): SlimProject[] {
  const search = stringParam(query, 'search', 100)?.toLowerCase() ?? null;
  const regionId = idParam(query, 'regionId') ?? null;
  return db.prepare(`SELECT p.projectId, p.number, p.name, p.regionId, g.name AS regionName FROM projects p LEFT JOIN regions g ON g.regionId = p.regionId
    WHERE p.active = 1 AND (@regionId IS NULL OR p.regionId = @regionId)
      AND (@search IS NULL OR instr(lower(p.number), @search) > 0 OR instr(lower(p.name), @search) > 0)
    ORDER BY p.number LIMIT 200`).all({ search, regionId }) as SlimProject[];
}

export const requestHandlers: Handlers = {
  [routeKey('GET', RISK_API.getSlimProjects)]: getSlimProjects,
  [routeKey('GET', RISK_API.getSlimQueue)]: getSlimQueue,
  [routeKey('GET', RISK_API.getSlimRequest)]: getSlimRequest,
  [routeKey('POST', RISK_API.createSlimRequest)]: createSlimRequest,
  [routeKey('GET', RISK_API.getSlimRenewalDraft)]: getSlimRenewalDraft,
  [routeKey('GET', RISK_API.getSlimOverview)]: getSlimOverview,
};
