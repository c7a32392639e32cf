/** Session and shell calls of §7: roles, current user, avatar, bell items, change tracking, menus, pins. */
import type Database from 'better-sqlite3';
import { avatarPng } from './avatar';
import { isAdmin, type Caller } from './context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from './declare';
import { badRequest, forbidden, notFound } from './http';
import { TEAM_WHERE } from './time-off/requests';
import { currentReach, projectReach, reaches, reachWhere } from './project-access';
import { correctionWorkflows, employeeNotices, openableWorkflows, timecardBellItem, timecardsToApprove, type WorkflowRow } from './timecards/bell';
import { slimWorkflows } from './risk/slim/bell';
import { sraWorkflows } from './risk/sra/bell';
import { accessRequestWorkflows } from './toolbox/access-requests';
import { pendingProjections } from './pfm/projections/pending';
import * as clock from '../../../src/core/clock';

/**
 * The project menu: the project with its budgets (what the header's project menu needs) and, for the
 * caller, `canWrite`: false for a Viewer membership (the screens then hide their write controls;
 * every write is refused with 403 readOnly anyway).
 */
export function projectMenu(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, projectId: number, budgetId?: number): unknown {
  const project = db.prepare(`SELECT p.projectId, p.number, p.name, p.classification, p.legalEntityId, p.budgetId, p.legacyProjectId,
      p.legacyBudgetId, p.buyoutProjectId, p.procoreProjectId, p.projectDescription, p.active, p.displayText, l.displayText AS legalEntity
    FROM projects p JOIN legal_entities l USING (legalEntityId) WHERE p.projectId = ?`).get(projectId) as Record<string, unknown> | undefined;
  if (!project) throw notFound(`Project ${projectId} not found.`);
  const budgets = db.prepare(`SELECT budgetId, projectId, jobNumber, name, displayText, budgetLock, budgetLockReason, rollUpBudgetId
    FROM budgets WHERE projectId = ? ORDER BY budgetId`).all(projectId) as Array<Record<string, unknown>>;
  return {
    ...project,
    active: project.active === 1,
    isCM: project.classification === 'CM',
    budgetId: budgetId ?? project.budgetId,
    budgets: budgets.map((b) => ({ ...b, budgetLock: b.budgetLock === 1 })),
    canWrite: reaches(projectReach(db, user), projectId, true),
  };
}

/** ApplicationId: the numeric applicationId, or (for convenience) an application key like 'keyPFM'. */
const APPLICATION = { ApplicationId: p.string(64, { required: true }) };
const APPLICATION_ID = p.id();

function applicationId(db: Database.Database, raw: string): number {
  if (/^key[A-Za-z]{1,40}$/.test(raw)) {
    const row = db.prepare('SELECT applicationId FROM applications WHERE applicationKey = ?').get(raw) as { applicationId: number } | undefined;
    if (!row) throw notFound(`Application ${raw} not found.`);
    return row.applicationId;
  }
  const id = APPLICATION_ID.parse(raw, 'ApplicationId');
  if (id === undefined) throw badRequest("Parameter 'ApplicationId' is required.", { parameter: 'ApplicationId' });
  if (!db.prepare('SELECT 1 FROM applications WHERE applicationId = ?').get(id)) throw notFound(`Application ${id} not found.`);
  return id;
}

/** A change-tracking handler: it works on the caller's changes in the application its `ApplicationId` names (an id or a key). */
function inApplication<P extends { readonly ApplicationId: string }, R>(handle: (db: Database.Database, employeeId: number, app: number, params: P) => R) {
  return ({ db, user, params }: RouteCtx<P>): R => handle(db, user.employeeId, applicationId(db, params.ApplicationId), params);
}

/** Acknowledge the changes under one parent record (GET changes/remove, POST changes/acknowledge). */
const ACKNOWLEDGE = { ...APPLICATION, ParentApplicationRecordId: p.id({ required: true }), ParentRecordType: p.string(100) };

const acknowledge = inApplication((db, employeeId, app, params: ParamsOf<typeof ACKNOWLEDGE>): { acknowledged: number } => {
  const recordType = params.ParentRecordType;
  const result = db.prepare(`UPDATE change_tracking SET acknowledged = 1, modifiedAt = ?
    WHERE employeeId = ? AND applicationId = ? AND parentApplicationRecordId = ? AND acknowledged = 0
      AND (? IS NULL OR parentRecordType = ?)`).run(clock.nowIso(), employeeId, app, params.ParentApplicationRecordId, recordType ?? null, recordType ?? null);
  return { acknowledged: result.changes };
});

export const sessionHandlers = declaredFor('token', [
  route({
    method: 'GET', path: '/api/applications/getApplicationRoleAccess',
    note: "the caller's roles",
    params: {},
    handler: ({ user }) => user.roles.map(({ applicationKey, name }) => ({ applicationKey, name })),
  }),

  route({
    method: 'GET', path: '/api/employees/GetCurrentUser',
    note: 'the caller as a team member',
    params: {},
    handler: ({ user }) => ({
      employeeId: user.employeeId, betaUser: user.betaUser === 1, email: user.email, employeeKey: user.employeeKey,
      initials: user.initials, jobTitle: user.jobTitle, active: user.active === 1, preferredName: user.preferredName,
    }),
  }),

  route({
    method: 'GET', path: '/api/employees/profilephoto.png',
    note: 'generated avatar by Email',
    // `key`: the header's cache key (the employee key), so a new photo is a new address; not read.
    params: { Email: p.string(320, { required: true }), key: p.string(100) },
    handler: ({ db, params, reply }) => {
      const employee = db.prepare('SELECT employeeKey FROM employees WHERE email = ? COLLATE NOCASE').get(params.Email) as { employeeKey: string } | undefined;
      if (!employee) throw notFound('No employee with that email.');
      return reply.type('image/png').send(avatarPng(employee.employeeKey)); // no-store like every API answer (security-headers.ts)
    },
  }),

  route({
    method: 'GET', path: '/api/common/GetOpenItemsByEmployee',
    note: 'bell items; own employeeId only unless keyAdmin Admin (else 403)',
    params: { employeeId: p.id() },
    handler: ({ db, user, params }) => {
      const employeeId = params.employeeId ?? user.employeeId;
      if (employeeId !== user.employeeId && !isAdmin(user)) throw forbidden('You may only read your own open items.');
      if (!db.prepare('SELECT 1 FROM employees WHERE employeeId = ?').get(employeeId)) throw notFound(`Employee ${employeeId} not found.`);
      const workflowRows = db.prepare(`SELECT workflowInstanceId, documentNumber, workflowTrigger, phaseName, directLink, applicationRecordKey, recordId
        FROM open_workflows WHERE employeeId = ? AND open = 1 ORDER BY workflowInstanceId`).all(employeeId) as WorkflowRow[];
      // The current period's pending budgets (api/pfm/projections/pending.ts): a new month is pending from its first day.
      const period = clock.currentPeriod();
      const pendingIds = pendingProjections(db, period, employeeId).map((r) => r.budgetId);
      const budgetsPendingProjections = pendingIds.length === 0 ? [] : db.prepare(`SELECT b.budgetId, b.projectId, b.jobNumber, p.name, ? AS month, p.legalEntityId
        FROM budgets b JOIN projects p ON p.projectId = b.projectId
        WHERE b.budgetId IN (${pendingIds.map(() => '?').join(', ')}) ORDER BY b.jobNumber`).all(period, ...pendingIds);
      // Time-off requests Pending for this employee as the manager, or as the manager's delegate for dates sharing a day (api/time-off).
      const pendingPtoRequests = db.prepare(`SELECT r.requestId, r.employeeId, r.title, r.totalHours AS ptoHours, e.preferredName AS employeeName, r.startDate, r.endDate
        FROM time_off_requests r JOIN employees e ON e.employeeId = r.employeeId JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
        WHERE st.name = 'Pending' AND ${TEAM_WHERE} ORDER BY r.startDate, r.requestId`).all({ me: employeeId }) as { requestId: number }[];
      // Issue 29: every item opens something the employee may see (a workflow row naming a request decided long ago answered 403).
      const openWorkflows = openableWorkflows(db, employeeId, workflowRows, new Set(pendingPtoRequests.map((r) => r.requestId)))
        .map(({ applicationRecordKey: _key, recordId: _id, ...row }) => row);
      // Issue 13: the timecard item from weekly_timecards, and a Timecard Admin's open corrections as workflows (api/timecards/bell.ts).
      return {
        // Issue 14: SLIM requests waiting for the employee and their unread risk notifications (api/risk/slim/bell.ts); SRA steps (api/risk/sra/bell.ts).
        openWorkflows: [...openWorkflows, ...correctionWorkflows(db, employeeId), ...slimWorkflows(db, employeeId), ...sraWorkflows(db, employeeId),
          // Issue 15: access requests waiting for the employee's decision (api/toolbox/access-requests.ts).
          ...accessRequestWorkflows(db, employeeId)], budgetsPendingProjections, pendingPtoRequests,
        timecardNeedsSubmission: timecardBellItem(db, employeeId),
        // Issue 29: "Timecards to approve (N)" (the approval inbox's cards) and what was decided about the employee's own cards and requests.
        timecardsToApprove: timecardsToApprove(db, employeeId), notices: employeeNotices(db, employeeId),
      };
    },
  }),

  route({
    method: 'GET', path: '/api/changes/refresh',
    note: 'change tracking: refresh',
    params: APPLICATION,
    handler: inApplication((db, employeeId, app) => {
      const count = (db.prepare('SELECT count(*) AS n FROM change_tracking WHERE employeeId = ? AND applicationId = ? AND acknowledged = 0')
        .get(employeeId, app) as { n: number }).n;
      return { refreshedAt: clock.nowIso(), count };
    }),
  }),

  route({
    method: 'GET', path: '/api/changes',
    note: "change tracking: the caller's unacknowledged changes",
    params: APPLICATION,
    handler: inApplication((db, employeeId, app) => db.prepare(`SELECT c.changeTrackingId, c.parentApplicationRecordId, c.parentRecordType,
        c.applicationRecordId, c.recordType, c.description, c.changedAt, e.preferredName AS changedBy
      FROM change_tracking c LEFT JOIN employees e ON e.employeeId = c.changedByEmployeeId
      WHERE c.employeeId = ? AND c.applicationId = ? AND c.acknowledged = 0 ORDER BY c.changeTrackingId`).all(employeeId, app)),
  }),

  route({
    method: 'GET', path: '/api/changes/remove',
    note: 'acknowledge the changes under one parent record',
    params: ACKNOWLEDGE, handler: acknowledge,
  }),

  route({
    method: 'GET', path: '/api/changes/clear',
    note: 'acknowledge every change of the application',
    params: APPLICATION,
    handler: inApplication((db, employeeId, app) => {
      const result = db.prepare('UPDATE change_tracking SET acknowledged = 1, modifiedAt = ? WHERE employeeId = ? AND applicationId = ? AND acknowledged = 0')
        .run(clock.nowIso(), employeeId, app);
      return { acknowledged: result.changes };
    }),
  }),

  route({
    method: 'POST', path: '/api/changes/acknowledge',
    note: 'added: form-data twin of changes/remove',
    params: ACKNOWLEDGE, handler: acknowledge,
  }),

  route({
    method: 'GET', path: '/api/pfm/projects/GetProjectMenuByProjectId', access: 'pfm',
    note: 'project menu by ProjectId',
    params: { ProjectId: p.id({ required: true, scope: 'Project' }) },
    handler: ({ db, user, params }) => projectMenu(db, user, params.ProjectId),
  }),

  route({
    method: 'GET', path: '/api/pfm/budgets/GetProjectMenu', access: 'pfm',
    note: 'project menu by BudgetId',
    params: { BudgetId: p.id({ required: true, scope: 'Budget' }) },
    handler: ({ db, user, params }) => {
      const budget = db.prepare('SELECT projectId FROM budgets WHERE budgetId = ?').get(params.BudgetId) as { projectId: number } | undefined;
      if (!budget) throw notFound(`Budget ${params.BudgetId} not found.`);
      return projectMenu(db, user, budget.projectId, params.BudgetId);
    },
  }),

  route({
    method: 'GET', path: '/api/pfm/projects/GetProjectPins', access: 'pfm',
    note: "the caller's pinned projects",
    params: {},
    handler: ({ db, user }) =>
      db.prepare(`SELECT p.projectId, p.number, p.name, p.classification, p.legalEntityId, p.budgetId, p.displayText, pin.pinnedAt
        FROM project_pins pin JOIN projects p USING (projectId) WHERE pin.employeeId = ? AND ${reachWhere(currentReach(), 'p.projectId')}
        ORDER BY pin.pinnedAt, p.number`).all(user.employeeId),
  }),

  route({
    method: 'GET', path: '/api/procore/getprocoredomain',
    note: 'stringValue: the Procore domain',
    params: {},
    handler: ({ db }) => {
      const row = db.prepare("SELECT stringValue FROM settings WHERE key = 'procoreDomain'").get() as { stringValue: string };
      return { stringValue: row.stringValue };
    },
  }),

  route({
    method: 'GET', path: '/api/workflow/getopenworkflows',
    note: "the caller's open workflows",
    params: {},
    handler: ({ db, user }) =>
      db.prepare(`SELECT workflowInstanceId, documentNumber, workflowTrigger, phaseName, directLink, applicationRecordKey, recordId, startedAt
        FROM open_workflows WHERE employeeId = ? AND open = 1 ORDER BY workflowInstanceId`).all(user.employeeId),
  }),

  // isOfficial=true lists official RFIs only; false (or absent) does not filter: the initiating
  // document's 'Official RFIs only' box, cleared, shows every RFI of the project.
  route({
    method: 'GET', path: '/api/procorelocal/getrequestforinformations', access: 'pfm',
    note: 'RFIs (isOfficial, ProjectId)',
    params: { isOfficial: p.boolean(), ProjectId: p.id({ scope: 'Project' }) },
    handler: ({ db, params }) => {
      const officialOnly = params.isOfficial ?? false;
      const projectId = params.ProjectId;
      if (projectId !== undefined && !db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
      return (db.prepare(`SELECT rfiId, projectId, number, subject, question, status, isOfficial, dueDate, procoreRfiId, displayText, modifiedAt
        FROM rfis WHERE (? = 0 OR isOfficial = 1) AND (? IS NULL OR projectId = ?) AND ${reachWhere(currentReach(), 'projectId')} ORDER BY projectId, number`)
        .all(officialOnly ? 1 : 0, projectId ?? null, projectId ?? null) as Array<Record<string, unknown>>)
        .map((r) => ({ ...r, isOfficial: r.isOfficial === 1 }));
    },
  }),
]);
