/**
 * Access requests and project teams (issue 15; the contract: src/core/toolbox/access.ts).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET getaccessprojects | `search` or `projectId` | AccessProject[] (no money) |
 * | GET getaccessrequests | `view` mine / review, `projectId?`, `recordId?` | AccessRequestRow[] |
 * | POST createaccessrequest | `projectId`, `projectRole`, `justification`, `endDate` | AccessRequestRow |
 * | POST updateaccessrequeststate | `ItemId`, `OldRecordStateId`, `RouteStateId`, `Reason` | AccessRequestRow |
 * | POST updateaccessrequeststates | `items[i].ItemId/.OldRecordStateId`, `RouteStateId`, `Reason` | BulkDecisionAnswer |
 * | GET getprojectteam | `projectId` | ProjectTeamLoad |
 * | POST removeteammember | `ProjectTeamMemberId`, `Reason` | ProjectTeamLoad |
 *
 * Who decides: isReviewer (the project's current Project Managers, its region's RPM, Admins). An
 * approval inserts the project_team_members row in the same transaction: project-access.ts reads the
 * table on every request, so the requester reaches the project on their next call. The last Project
 * Manager of a project cannot be removed (a project keeps someone who can review its requests).
 */
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../../src/core/access';
import { membershipCurrent, type ProjectRole, type TeamMember } from '../../../../src/core/projects/team';
import {
  ACCESS_REQUEST_API, ACCESS_REQUEST_RECORD_KEY, ACCESS_TEXT, checkAccessRequest, expiresOnFor, JUSTIFICATION_MAX, REASON_MAX, requestExpired,
  type AccessProject, type AccessRequestRow, type AccessRequestState, type BulkDecisionAnswer, type ProjectTeamLoad,
} from '../../../../src/core/toolbox';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, forbidden, notFound, type HttpError } from '../http';
import { accessToday } from '../project-access';
import { recordOr404, stateById, stateByName, statesOf } from '../records';
import { bulkStateUpdateParams, moveEachAlone, requestedItems, requestedMove, stateUpdateParams } from '../state-update-params';
import type { OpenWorkflowItem } from '../workflows';
import * as clock from '../../../../src/core/clock';

const SERVICE = 'ProjectSecurityService';

/** The bell entries' negative id offset (SLIM 1M, SRA 2M, notifications 3M). */
export const ACCESS_REQUEST_BELL_OFFSET = 4_000_000;
/** The legacy page where reviewers decide (same origin). */
export const REVIEW_ACCESS_LINK = '/ProjectToolbox/ProjectSecurities/reviewaccess';

interface ProjectFacts { projectId: number; number: string; name: string; regionId: number | null; regionalProjectManagerEmployeeId: number | null; regionName: string | null }

function projectFacts(db: Database.Database, projectId: number): ProjectFacts | undefined {
  return db.prepare(`SELECT p.projectId, p.number, p.name, p.regionId, p.regionalProjectManagerEmployeeId, r.name AS regionName
    FROM projects p LEFT JOIN regions r ON r.regionId = p.regionId WHERE p.projectId = ?`).get(projectId) as ProjectFacts | undefined;
}

/** keyProjectSecurity Admin or keyPFM Admin: reviews every project. */
export const isAccessAdmin = (user: Pick<Caller, 'roles'>): boolean =>
  roleAllows(user.roles, 'keyProjectSecurity', ['Admin']) || roleAllows(user.roles, 'keyPFM', ['Admin']);

/** True when `user` may decide requests of (and keep the team of) `project`. */
export function isReviewer(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, project: ProjectFacts, today = accessToday()): boolean {
  if (isAccessAdmin(user)) return true;
  if (roleAllows(user.roles, 'keyPFM', ['RPM'])) {
    if (project.regionalProjectManagerEmployeeId === user.employeeId) return true;
    const region = (db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').get(user.employeeId) as { regionId: number | null } | undefined)?.regionId ?? null;
    if (region !== null && region === project.regionId) return true;
  }
  return db.prepare(`SELECT 1 FROM project_team_members WHERE projectId = ? AND employeeId = ? AND projectRole = 'Project Manager'
    AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?)`).get(project.projectId, user.employeeId, today) !== undefined;
}

/** The projects `user` reviews, as a WHERE fragment on `column` ('1' for an admin). */
function reviewWhere(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, column: string, today: string): { sql: string; params: unknown[] } {
  if (isAccessAdmin(user)) return { sql: '1', params: [] };
  const parts = [`${column} IN (SELECT projectId FROM project_team_members WHERE employeeId = ? AND projectRole = 'Project Manager' AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?))`];
  const params: unknown[] = [user.employeeId, today];
  if (roleAllows(user.roles, 'keyPFM', ['RPM'])) {
    parts.push(`${column} IN (SELECT projectId FROM projects WHERE regionalProjectManagerEmployeeId = ? OR regionId = (SELECT regionId FROM employees WHERE employeeId = ?))`);
    params.push(user.employeeId, user.employeeId);
  }
  return { sql: `(${parts.join(' OR ')})`, params };
}

/** Set every Pending request past its expiresOn to Expired (the scheduled work, demo/host/jobs.ts; loads compute it). Answers how many. */
export function sweepExpiredRequests(db: Database.Database, today = accessToday()): number {
  const pending = stateByName(db, ACCESS_REQUEST_RECORD_KEY, 'Pending').applicationRecordStateId;
  const expired = stateByName(db, ACCESS_REQUEST_RECORD_KEY, 'Expired').applicationRecordStateId;
  // requestExpired(expiresOn, today) ⇔ today > expiresOn.
  return db.prepare('UPDATE access_requests SET applicationRecordStateId = ?, modifiedAt = ? WHERE applicationRecordStateId = ? AND expiresOn < ?')
    .run(expired, clock.nowIso(), pending, today).changes;
}

interface RequestDbRow extends Omit<AccessRequestRow, 'closed' | 'moves'> { closed: number; decidedByEmployeeId: number | null }

const REQUEST_SELECT = `SELECT a.accessRequestId, a.number, a.projectId, p.number AS projectNumber, p.name AS projectName,
    a.requesterEmployeeId, e.preferredName AS requesterName, e.jobTitle AS requesterJobTitle, a.projectRole, a.justification, a.endDate,
    a.applicationRecordStateId, st.name AS state, st.closed, a.requestedAt, a.expiresOn, d.preferredName AS decidedByName,
    a.decidedByEmployeeId, a.decidedAt, a.decisionReason
  FROM access_requests a JOIN projects p ON p.projectId = a.projectId JOIN employees e ON e.employeeId = a.requesterEmployeeId
  JOIN application_record_states st ON st.applicationRecordStateId = a.applicationRecordStateId
  LEFT JOIN employees d ON d.employeeId = a.decidedByEmployeeId`;

function requestOr404(db: Database.Database, id: number): RequestDbRow {
  return recordOr404<RequestDbRow>(db, REQUEST_SELECT, 'a.accessRequestId', id, 'AccessRequest');
}

function rowFor(db: Database.Database, user: Caller, stored: RequestDbRow, today: string): AccessRequestRow {
  // Past its 14 days a request is Expired, whether or not the scheduled sweep has written it yet (a load writes nothing).
  const expired = stored.state === 'Pending' && requestExpired(stored.expiresOn, today) ? stateByName(db, ACCESS_REQUEST_RECORD_KEY, 'Expired') : null;
  const row: RequestDbRow = expired ? { ...stored, state: 'Expired', applicationRecordStateId: expired.applicationRecordStateId, closed: Number(expired.closed) } : stored;
  const moves: AccessRequestRow['moves'] = [];
  if (row.state === 'Pending' && !requestExpired(row.expiresOn, today)) {
    const state = (name: AccessRequestState) => ({ name, applicationRecordStateId: stateByName(db, ACCESS_REQUEST_RECORD_KEY, name).applicationRecordStateId });
    if (row.requesterEmployeeId === user.employeeId) moves.push(state('Withdrawn'));
    else {
      const project = projectFacts(db, row.projectId);
      if (project && isReviewer(db, user, project, today)) moves.push(state('Approved'), state('Denied'));
    }
  }
  const { decidedByEmployeeId: _decider, ...rest } = row;
  return { ...rest, closed: row.closed === 1, moves };
}

const LIST_REQUESTS = { view: p.enum(['mine', 'review']), projectId: p.id(), recordId: p.id() };

function listRequests({ db, user, params }: RouteCtx<ParamsOf<typeof LIST_REQUESTS>>): AccessRequestRow[] {
  const today = accessToday();
  const view = params.view ?? 'mine';
  const { projectId, recordId } = params;
  const filters: string[] = [];
  const args: unknown[] = [];
  if (projectId !== undefined) { filters.push('a.projectId = ?'); args.push(projectId); }
  if (recordId !== undefined) { filters.push('a.accessRequestId = ?'); args.push(recordId); }
  let sql: string;
  if (view === 'mine') {
    sql = `${REQUEST_SELECT} WHERE a.requesterEmployeeId = ? ${filters.map((f) => `AND ${f}`).join(' ')} ORDER BY a.requestedAt DESC, a.accessRequestId DESC`;
    args.unshift(user.employeeId);
  } else {
    const reach = reviewWhere(db, user, 'a.projectId', today);
    sql = `${REQUEST_SELECT} WHERE st.name = 'Pending' AND a.expiresOn >= ? AND a.requesterEmployeeId <> ? AND ${reach.sql} ${filters.map((f) => `AND ${f}`).join(' ')}
      ORDER BY a.requestedAt, a.accessRequestId`;
    args.unshift(today, user.employeeId, ...reach.params);
  }
  return (db.prepare(sql).all(...args) as RequestDbRow[]).map((row) => rowFor(db, user, row, today));
}

const LIST_PROJECTS = { search: p.string(100), projectId: p.id() };

function listProjects({ db, user, params }: RouteCtx<ParamsOf<typeof LIST_PROJECTS>>): AccessProject[] {
  const { projectId, search } = params;
  if (projectId === undefined && (!search || search.length < 2)) {
    throw badRequest('Type at least 2 characters of the project number or name (or send projectId).', { parameter: 'search' });
  }
  const like = `%${(search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = db.prepare(`SELECT p.projectId, p.number, p.name, r.name AS regionName, pm.preferredName AS projectManagerName,
      m.projectRole AS memberRole, m.endDate AS memberEndDate,
      (SELECT a.accessRequestId FROM access_requests a JOIN application_record_states st ON st.applicationRecordStateId = a.applicationRecordStateId
        WHERE a.projectId = p.projectId AND a.requesterEmployeeId = @me AND st.name = 'Pending' AND a.expiresOn >= @today) AS pendingRequestId
    FROM projects p LEFT JOIN regions r ON r.regionId = p.regionId LEFT JOIN employees pm ON pm.employeeId = p.projectManagerEmployeeId
    LEFT JOIN project_team_members m ON m.projectId = p.projectId AND m.employeeId = @me AND m.removedAt IS NULL AND (m.endDate IS NULL OR m.endDate >= @today)
    WHERE p.active = 1 AND (@projectId IS NULL OR p.projectId = @projectId)
      AND (@search IS NULL OR p.number LIKE @like ESCAPE '\\' OR p.name LIKE @like ESCAPE '\\')
    ORDER BY p.number LIMIT 25`).all({ me: user.employeeId, today: accessToday(), projectId: projectId ?? null, search: search ?? null, like }) as Array<
    Omit<AccessProject, 'membership'> & { memberRole: ProjectRole | null; memberEndDate: string | null }>;
  return rows.map(({ memberRole, memberEndDate, ...project }) => ({
    ...project, membership: memberRole ? { projectRole: memberRole, endDate: memberEndDate } : null,
  }));
}

function fail(functionName: string, field: string | undefined, message: string): HttpError {
  return autoAlert(functionName, message, {
    serviceName: SERVICE, ...(field ? { fieldName: field, feedback: [{ integerValue: 1, stringValue: field, message }] } : {}),
  });
}

/** The form's fields: the role, justification and end date stay text so checkAccessRequest answers per field. */
const CREATE_REQUEST = {
  projectId: p.id(),
  projectRole: p.string(200, { empty: 'keep' }),
  justification: p.string(JUSTIFICATION_MAX * 5, { empty: 'keep', trim: false }),
  endDate: p.string(40, { empty: 'keep' }),
};

function createRequest({ db, user, params }: RouteCtx<ParamsOf<typeof CREATE_REQUEST>>): AccessRequestRow {
  const functionName = 'createaccessrequest';
  const today = accessToday();
  const input = {
    projectId: params.projectId ?? null,
    projectRole: params.projectRole ?? '',
    justification: params.justification ?? '',
    endDate: params.endDate ?? '',
  };
  const items = checkAccessRequest(input, today);
  if (items.length) {
    throw autoAlert(functionName, items.map((i) => i.message).join(' '), { serviceName: SERVICE, fieldName: items[0]!.stringValue, feedback: items });
  }
  const project = projectFacts(db, input.projectId!);
  const active = db.prepare('SELECT active FROM projects WHERE projectId = ?').get(input.projectId) as { active: number } | undefined;
  if (!project || active?.active !== 1) throw fail(functionName, 'projectId', `Project ${input.projectId} not found among the active projects.`);
  return db.transaction(() => {
    sweepExpiredRequests(db, today);
    const member = db.prepare(`SELECT projectRole, endDate, removedAt FROM project_team_members WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL`)
      .get(project.projectId, user.employeeId) as { projectRole: string; endDate: string | null; removedAt: string | null } | undefined;
    if (member && membershipCurrent(member, today)) throw fail(functionName, 'projectId', ACCESS_TEXT.alreadyMember(member.projectRole));
    const pending = db.prepare(`SELECT a.number FROM access_requests a JOIN application_record_states st ON st.applicationRecordStateId = a.applicationRecordStateId
      WHERE a.projectId = ? AND a.requesterEmployeeId = ? AND st.name = 'Pending'`).get(project.projectId, user.employeeId) as { number: string } | undefined;
    if (pending) throw fail(functionName, 'projectId', ACCESS_TEXT.alreadyPending(pending.number));
    const next = ((db.prepare('SELECT coalesce(max(accessRequestId), 0) + 1 AS n FROM access_requests').get() as { n: number }).n);
    const at = clock.nowIso();
    const result = db.prepare(`INSERT INTO access_requests (number, projectId, requesterEmployeeId, projectRole, justification, endDate,
        applicationRecordStateId, requestedAt, expiresOn, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(`AR-${String(next).padStart(5, '0')}`, project.projectId, user.employeeId, input.projectRole, input.justification.trim(), input.endDate || null,
        stateByName(db, ACCESS_REQUEST_RECORD_KEY, 'Pending').applicationRecordStateId, at, expiresOnFor(today), at);
    return rowFor(db, user, requestOr404(db, Number(result.lastInsertRowid)), today);
  }).immediate();
}

interface Decision { itemId: number; oldStateId: number; routeStateId: number; reason?: string }

/** Move one request inside the caller's transaction; throws HttpError to refuse (nothing written). */
function decide(db: Database.Database, user: Caller, decision: Decision, functionName: string): void {
  const today = accessToday();
  const row = requestOr404(db, decision.itemId);
  const project = projectFacts(db, row.projectId)!;
  const own = row.requesterEmployeeId === user.employeeId;
  // Who may see it at all: the requester and the project's reviewers (others: 404, ids cannot be probed).
  if (!own && !isReviewer(db, user, project, today)) throw notFound(`AccessRequest ${decision.itemId} not found.`);
  if (row.applicationRecordStateId !== decision.oldStateId) {
    const by = row.decidedByName ? ` by ${row.decidedByName}${row.decidedAt ? ` at ${row.decidedAt.slice(0, 16).replace('T', ' ')} UTC` : ''}` : '';
    throw conflict(`${row.number} is now ${row.state}${by}. Reload it and try again.`, {
      currentRecordStateId: row.applicationRecordStateId, currentRecordStateName: row.state,
    });
  }
  const target = stateById(db, decision.routeStateId);
  if (!target || target.applicationRecordKey !== ACCESS_REQUEST_RECORD_KEY) throw notFound(`No access request state with RouteStateId ${decision.routeStateId}.`);
  if (row.state !== 'Pending') throw fail(functionName, undefined, ACCESS_TEXT.notPending(row.number, row.state));
  // Past its 14 days (the sweep sets it Expired; a refusal writes nothing).
  if (requestExpired(row.expiresOn, today)) throw fail(functionName, undefined, ACCESS_TEXT.expired(row.number));
  const at = clock.nowIso();
  const reason = decision.reason?.trim() || null;
  if (target.name === 'Withdrawn') {
    if (!own) throw forbidden(ACCESS_TEXT.notRequester);
    db.prepare('UPDATE access_requests SET applicationRecordStateId = ?, decidedByEmployeeId = ?, decidedAt = ?, decisionReason = ?, modifiedAt = ? WHERE accessRequestId = ?')
      .run(target.applicationRecordStateId, user.employeeId, at, reason, at, row.accessRequestId);
    return;
  }
  if (target.name !== 'Approved' && target.name !== 'Denied') throw fail(functionName, undefined, `A request cannot be moved to ${target.name}.`);
  if (own) throw forbidden(ACCESS_TEXT.ownRequest);
  if (!isReviewer(db, user, project, today)) throw forbidden(ACCESS_TEXT.notReviewer(project.number));
  if (!reason) throw fail(functionName, 'Reason', ACCESS_TEXT.reasonRequired);
  if (reason.length > REASON_MAX) throw fail(functionName, 'Reason', `The reason is longer than ${REASON_MAX} characters.`);
  let memberId: number | null = null;
  if (target.name === 'Approved') {
    // A membership that appeared meanwhile (a rule, another request) is ended and replaced by the requested one.
    db.prepare(`UPDATE project_team_members SET removedAt = ?, removedByEmployeeId = ?, removedReason = ?, modifiedAt = ?
      WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL`).run(at, user.employeeId, `Replaced by ${row.number}`, at, row.projectId, row.requesterEmployeeId);
    memberId = Number(db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, endDate, source, sourceId, addedByEmployeeId, addedAt, modifiedAt)
      VALUES (?, ?, ?, ?, 'request', ?, ?, ?, ?)`).run(row.projectId, row.requesterEmployeeId, row.projectRole, row.endDate, row.accessRequestId, user.employeeId, at, at).lastInsertRowid);
  }
  db.prepare(`UPDATE access_requests SET applicationRecordStateId = ?, decidedByEmployeeId = ?, decidedAt = ?, decisionReason = ?, projectTeamMemberId = ?, modifiedAt = ?
    WHERE accessRequestId = ?`).run(target.applicationRecordStateId, user.employeeId, at, reason, memberId, at, row.accessRequestId);
}

/** A reason one character over REASON_MAX still reaches decide(), which answers it with the field named. */
const REASON = p.string(REASON_MAX + 1);

const UPDATE_STATE = { ...stateUpdateParams(), Reason: REASON };

function updateState({ db, user, params }: RouteCtx<ParamsOf<typeof UPDATE_STATE>>): AccessRequestRow {
  const decision: Decision = { ...requestedMove(params), reason: params.Reason };
  return db.transaction(() => {
    decide(db, user, decision, 'updateaccessrequeststate');
    return rowFor(db, user, requestOr404(db, decision.itemId), accessToday());
  }).immediate();
}

const UPDATE_STATES = { ...bulkStateUpdateParams(), Reason: REASON };

function updateStates({ db, user, params }: RouteCtx<ParamsOf<typeof UPDATE_STATES>>): BulkDecisionAnswer {
  const { RouteStateId: routeStateId, Reason: reason } = params;
  if (!params.items?.length) throw badRequest('Send the requests as items[i].ItemId and items[i].OldRecordStateId.', { parameter: 'items' });
  const items = requestedItems(params.items);
  return moveEachAlone(db, items, (item) => decide(db, user, { ...item, routeStateId, reason }, 'updateaccessrequeststates'));
}

function teamLoad(db: Database.Database, user: Caller, projectId: number): ProjectTeamLoad {
  const today = accessToday();
  const project = projectFacts(db, projectId);
  if (!project) throw notFound(`Project ${projectId} not found.`);
  if (!isReviewer(db, user, project, today)) throw forbidden(ACCESS_TEXT.notTeamReviewer(project.number));
  const members = (db.prepare(`SELECT m.projectTeamMemberId, m.projectId, m.employeeId, e.preferredName AS employeeName, e.jobTitle, m.projectRole, m.endDate,
      m.source, m.sourceId, a.preferredName AS addedByName, m.addedAt
    FROM project_team_members m JOIN employees e ON e.employeeId = m.employeeId LEFT JOIN employees a ON a.employeeId = m.addedByEmployeeId
    WHERE m.projectId = ? AND m.removedAt IS NULL AND (m.endDate IS NULL OR m.endDate >= ?)
    ORDER BY CASE m.projectRole WHEN 'Project Manager' THEN 0 ELSE 1 END, e.preferredName, m.projectTeamMemberId`).all(projectId, today)) as TeamMember[];
  return { project: { projectId: project.projectId, number: project.number, name: project.name, regionName: project.regionName }, members };
}

const REMOVE_MEMBER = { ProjectTeamMemberId: p.id({ required: true }), Reason: REASON };

function removeMember({ db, user, params }: RouteCtx<ParamsOf<typeof REMOVE_MEMBER>>): ProjectTeamLoad {
  const functionName = 'removeteammember';
  const { ProjectTeamMemberId: memberId, Reason: reason } = params;
  return db.transaction(() => {
    const today = accessToday();
    const member = db.prepare('SELECT projectTeamMemberId, projectId, projectRole, endDate, removedAt FROM project_team_members WHERE projectTeamMemberId = ?')
      .get(memberId) as { projectTeamMemberId: number; projectId: number; projectRole: string; endDate: string | null; removedAt: string | null } | undefined;
    const project = member ? projectFacts(db, member.projectId) : undefined;
    if (!member || !project || !isReviewer(db, user, project, today)) throw notFound(`Team member ${memberId} not found.`);
    if (!membershipCurrent(member, today)) throw fail(functionName, undefined, 'This membership has already ended.');
    if (!reason) throw fail(functionName, 'Reason', ACCESS_TEXT.removeReasonRequired);
    if (reason.length > REASON_MAX) throw fail(functionName, 'Reason', `The reason is longer than ${REASON_MAX} characters.`);
    if (member.projectRole === 'Project Manager') {
      const others = (db.prepare(`SELECT count(*) AS n FROM project_team_members WHERE projectId = ? AND projectRole = 'Project Manager'
        AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?) AND projectTeamMemberId <> ?`).get(member.projectId, today, memberId) as { n: number }).n;
      if (others === 0) throw fail(functionName, undefined, ACCESS_TEXT.lastProjectManager);
    }
    const at = clock.nowIso();
    db.prepare('UPDATE project_team_members SET removedAt = ?, removedByEmployeeId = ?, removedReason = ?, modifiedAt = ? WHERE projectTeamMemberId = ?')
      .run(at, user.employeeId, reason, at, memberId);
    return teamLoad(db, user, member.projectId);
  }).immediate();
}

/** The bell: the Pending requests the employee may decide (not their own), linking to the review page. */
export function accessRequestWorkflows(db: Database.Database, employeeId: number): OpenWorkflowItem[] {
  const today = accessToday();
  const roles = db.prepare('SELECT applicationKey, name FROM employee_roles WHERE employeeId = ?').all(employeeId) as Caller['roles'];
  const user = { employeeId, roles };
  const reach = reviewWhere(db, user, 'a.projectId', today);
  const rows = db.prepare(`${REQUEST_SELECT} WHERE st.name = 'Pending' AND a.expiresOn >= ? AND a.requesterEmployeeId <> ? AND ${reach.sql}
    ORDER BY a.requestedAt, a.accessRequestId`).all(today, employeeId, ...reach.params) as RequestDbRow[];
  return rows.map((row) => ({
    workflowInstanceId: -(ACCESS_REQUEST_BELL_OFFSET + row.accessRequestId), documentNumber: row.number,
    workflowTrigger: `Access request: ${row.requesterName} as ${row.projectRole} on ${row.projectNumber} ${row.projectName}`,
    phaseName: row.state, directLink: `${REVIEW_ACCESS_LINK}?projectId=${row.projectId}`,
    applicationRecordKey: ACCESS_REQUEST_RECORD_KEY, recordId: row.accessRequestId,
  }));
}

/** States of the record (for tests and the client's bulk targets). */
export const accessRequestStates = (db: Database.Database) => statesOf(db, ACCESS_REQUEST_RECORD_KEY);

const TEAM = { projectId: p.id({ required: true }) };

export const accessRequestHandlers = declaredFor('accessRequest', [
  route({
    method: 'GET', path: ACCESS_REQUEST_API.getProjects,
    note: 'added: search (2+ characters of number or name) or projectId: active projects (number, name, region, PM; no money) with the caller\'s membership and pending request',
    params: LIST_PROJECTS, handler: listProjects,
  }),
  route({
    method: 'GET', path: ACCESS_REQUEST_API.getRequests,
    note: 'added: view mine | review (Pending ones the caller may decide), projectId?, recordId?; sweeps expired requests first',
    params: LIST_REQUESTS, handler: listRequests,
  }),
  route({
    method: 'POST', path: ACCESS_REQUEST_API.createRequest,
    note: 'added: projectId, projectRole, justification, endDate (required unless Project Manager; today … one year): new Pending AR-#####; 400 autoAlert with fieldName; duplicate pending or already a member refused',
    params: CREATE_REQUEST, handler: createRequest,
  }),
  route({
    method: 'POST', path: ACCESS_REQUEST_API.updateRequestState,
    note: "added: ItemId, OldRecordStateId (409 stale, naming who decided), RouteStateId, Reason (approve/deny: the project's PM, its region's RPM or an Admin, never one's own, reason required; withdraw: the requester); approval adds the team member",
    params: UPDATE_STATE, handler: updateState,
  }),
  route({
    method: 'POST', path: ACCESS_REQUEST_API.updateRequestStates,
    note: 'added: items[i].ItemId/.OldRecordStateId, RouteStateId, Reason: each alone, { done, refused }',
    params: UPDATE_STATES, handler: updateStates,
  }),
  route({
    method: 'GET', path: ACCESS_REQUEST_API.getTeam,
    note: "added: projectId: the project's current team (role, end date, source); a reviewer of the project (else 403)",
    params: TEAM, handler: ({ db, user, params }) => teamLoad(db, user, params.projectId),
  }),
  route({
    method: 'POST', path: ACCESS_REQUEST_API.removeMember,
    note: 'added: ProjectTeamMemberId, Reason (required): removal keeps the row; the last Project Manager is refused (400 autoAlert)',
    params: REMOVE_MEMBER, handler: removeMember,
  }),
]);
