/**
 * Project closeouts (issue 15; rules and words: src/core/toolbox/closeout.ts). The checklist is
 * computed from the project's data on every call (a handful of SQL statements, one per item), so a
 * record fixed elsewhere drops off at once; the closeout state lives on `projects` (migration 017)
 * and every action with its reason in `project_closeout_events`.
 *
 * | call | parameters | who |
 * |---|---|---|
 * | GET getprojectcloseouts | – | the caller's reachable projects (reachWhere), with state and blocker counts |
 * | GET getcloseoutchecklist | recordKey Project, recordId | the project's readers (the team guard on recordId: 403 out of reach) |
 * | POST SoftCloseProject | ProjectId, OldCloseoutState, Reason | the project's writers (team with a write role, RPM, Admin); 400 autoAlert naming the blockers |
 * | POST FinalCloseProject | ProjectId, OldCloseoutState, Reason | keyPFM Admin; the project must be Soft Closed |
 * | POST ReopenProject | ProjectId, OldCloseoutState, Reason | keyPFM Admin |
 * | POST ReceiveContractDocument | ContractDocumentTrackingId, ReceivedDate? | the project's writers |
 *
 * A stale OldCloseoutState answers 409 naming who moved the project last. `assertProjectTakesCosts`
 * is THE check that a Soft or Final Closed project takes no new costs (called by the cost writes).
 */
import type Database from 'better-sqlite3';
import { ACCESS, roleAllows, type AccessRule } from '../../../../src/core/access';
import {
  actionFrom, CLOSEOUT_ACTIONS, CLOSEOUT_API, CLOSEOUT_ITEMS, CLOSEOUT_REASON_MAX, CLOSEOUT_STATES, CLOSEOUT_TEXT, CLOSEOUT_TOLERANCE, closeoutRecordHref,
  type CloseoutAction, type CloseoutBlocker, type CloseoutChecklist, type CloseoutEvent, type CloseoutItemId, type CloseoutItemResult, type CloseoutState,
  type ProjectCloseoutSummary,
} from '../../../../src/core/toolbox';
import type { Caller } from '../context';
import { declared, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, forbidden, notFound } from '../http';
import { recordOr404 } from '../records';
import { projectReach, reaches, reachWhere, requireProject } from '../project-access';
import { lastCertified } from '../queries';
import * as clock from '../../../../src/core/clock';

const FUNCTION = 'ProjectCloseout';
const money = (n: number) => Math.round(n * 100) / 100;

interface ProjectRow {
  projectId: number;
  number: string;
  name: string;
  active: number;
  closeoutState: CloseoutState;
  softClosedAt: string | null;
  softClosedByName: string | null;
  finalClosedAt: string | null;
  finalClosedByName: string | null;
}

const PROJECT_SELECT = `SELECT p.projectId, p.number, p.name, p.active, p.closeoutState, p.softClosedAt, sc.displayText AS softClosedByName,
    p.finalClosedAt, fc.displayText AS finalClosedByName
  FROM projects p LEFT JOIN employees sc ON sc.employeeId = p.softClosedByEmployeeId LEFT JOIN employees fc ON fc.employeeId = p.finalClosedByEmployeeId`;

function projectRow(db: Database.Database, projectId: number): ProjectRow {
  return recordOr404<ProjectRow>(db, PROJECT_SELECT, 'p.projectId', projectId, 'Project');
}

/** Commitment tables: key, table, id column, items table, change orders, their items, their id column, has retainage. */
const COMMITMENTS = [
  ['Subcontract', 'subcontracts', 'subcontractId', 'subcontract_items', 'subcontract_change_orders', 'subcontract_change_order_items', 'subcontractChangeOrderId', true],
  ['PurchaseAgreement', 'purchase_agreements', 'purchaseAgreementId', 'purchase_agreement_items', 'purchase_agreement_change_orders',
    'purchase_agreement_change_order_items', 'purchaseAgreementChangeOrderId', true],
  ['PurchaseOrder', 'purchase_orders', 'purchaseOrderId', 'purchase_order_items', null, null, null, false],
] as const;

/** Every item of the checklist for project `projectId`, with the records that block it. */
export function closeoutItems(db: Database.Database, projectId: number, currentPeriod = clock.currentPeriod()): CloseoutItemResult[] {
  const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];
  const blockers: Record<CloseoutItemId, CloseoutBlocker[]> = {
    commitments: [], retainage: [], 'change-events': [], projection: [], 'direct-costs': [], 'contract-documents': [],
  };
  const link = (recordKey: string, recordId: number) => closeoutRecordHref(projectId, recordKey, recordId);
  const numbers = new Map<string, string>();

  for (const [key, table, id, itemTable, coTable, coItemTable, coId, retainage] of COMMITMENTS) {
    const changes = coTable ? `(SELECT coalesce(sum(ci.amount), 0) FROM ${coItemTable} ci JOIN ${coTable} co USING (${coId})
      JOIN application_record_states cs ON cs.applicationRecordStateId = co.applicationRecordStateId WHERE co.${id} = t.${id} AND cs.name = 'Approved')` : '0';
    const rows = all<{ recordId: number; number: string; description: string; stateName: string; closed: number; current: number; billed: number; retainagePercent: number; retainageHeld: number }>(
      `SELECT t.${id} AS recordId, t.number, t.description, st.name AS stateName, st.closed,
        (SELECT coalesce(sum(i.amount), 0) FROM ${itemTable} i WHERE i.${id} = t.${id}) + ${changes} AS current,
        (SELECT coalesce(sum(x.amount), 0) FROM cost_code_transactions x WHERE x.sourceRecordKey = ? AND x.sourceRecordId = t.${id}) AS billed,
        ${retainage ? 't.retainagePercent' : '0'} AS retainagePercent,
        ${lastCertified(key, id, 'certifiedRetainage')} AS retainageHeld
      FROM ${table} t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.projectId = ? ORDER BY t.number`, key, projectId);
    for (const r of rows) {
      numbers.set(`${key}:${r.recordId}`, r.number);
      if (r.closed) continue; // Closed and Void
      const unbilled = money(r.current - r.billed);
      if (unbilled > CLOSEOUT_TOLERANCE) {
        blockers.commitments.push({ recordKey: key, recordId: r.recordId, number: r.number, title: `${r.description} (${r.stateName})`, amount: unbilled, href: link(key, r.recordId) });
      }
      // What the pay applications hold (the last certified one's retainage): a final application's release clears it.
      const held = money(r.retainageHeld);
      if (held > CLOSEOUT_TOLERANCE) {
        blockers.retainage.push({
          recordKey: key, recordId: r.recordId, number: r.number, title: `${r.retainagePercent}% held on ${r.description}`, amount: held, href: link(key, r.recordId),
        });
      }
    }
  }

  for (const r of all<{ changeEventId: number; number: string; title: string; stateName: string; amount: number }>(`SELECT t.changeEventId, t.number, t.title,
      st.name AS stateName, (SELECT coalesce(sum(coalesce(i.approvedAmount, i.proposedAmount, i.estimatedAmount)), 0) FROM change_event_items i
        WHERE i.changeEventId = t.changeEventId AND i.parentChangeEventItemId IS NULL) AS amount
    FROM change_events t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.projectId = ? AND st.closed = 0 ORDER BY t.number`, projectId)) {
    blockers['change-events'].push({
      recordKey: 'ChangeEvent', recordId: r.changeEventId, number: r.number, title: `${r.title} (${r.stateName})`, amount: money(r.amount), href: link('ChangeEvent', r.changeEventId),
    });
  }

  for (const r of all<{ budgetId: number; jobNumber: string; name: string; last: string | null }>(`SELECT b.budgetId, b.jobNumber, b.name,
      (SELECT max(p.month) FROM projections p WHERE p.budgetId = b.budgetId AND p.submitted = 1) AS last
    FROM budgets b WHERE b.projectId = ? AND b.budgetLock = 0 AND NOT EXISTS (SELECT 1 FROM budgets c WHERE c.rollUpBudgetId = b.budgetId)
      AND NOT EXISTS (SELECT 1 FROM projections p WHERE p.budgetId = b.budgetId AND p.month = ? AND p.submitted = 1)
    ORDER BY b.jobNumber`, projectId, currentPeriod)) {
    blockers.projection.push({
      recordKey: 'Budget', recordId: r.budgetId, number: r.jobNumber,
      title: `${r.name}: no projection submitted for ${currentPeriod}${r.last ? ` (last: ${r.last})` : ''}`, amount: null, href: link('Budget', r.budgetId),
    });
  }

  for (const r of all<{ directCostId: number; number: string; description: string; stateName: string; amount: number }>(`SELECT t.directCostId, t.number, t.description,
      st.name AS stateName, t.amount
    FROM direct_costs t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.projectId = ? AND st.closed = 0 ORDER BY t.number`, projectId)) {
    blockers['direct-costs'].push({
      recordKey: 'DirectCost', recordId: r.directCostId, number: r.number, title: `${r.description} (${r.stateName})`, amount: money(r.amount), href: link('DirectCost', r.directCostId),
    });
  }

  for (const r of all<{ contractDocumentTrackingId: number; commitmentRecordKey: string; commitmentId: number; documentType: string; vendorName: string }>(
    `SELECT d.contractDocumentTrackingId, d.commitmentRecordKey, d.commitmentId, d.documentType, v.name AS vendorName
    FROM contract_document_tracking d JOIN vendors v ON v.vendorId = d.vendorId
    WHERE d.projectId = ? AND d.required = 1 AND d.received = 0 ORDER BY d.contractDocumentTrackingId`, projectId)) {
    const number = numbers.get(`${r.commitmentRecordKey}:${r.commitmentId}`);
    blockers['contract-documents'].push({
      recordKey: r.commitmentRecordKey, recordId: r.commitmentId, number: number ?? `${r.commitmentRecordKey} ${r.commitmentId}`,
      title: `${r.documentType} from ${r.vendorName}`, amount: null,
      href: number ? link(r.commitmentRecordKey, r.commitmentId) : closeoutRecordHref(projectId, 'Project', projectId),
      contractDocumentTrackingId: r.contractDocumentTrackingId,
    });
  }

  return CLOSEOUT_ITEMS.map((item) => ({ id: item.id, title: item.title, text: item.text, passed: blockers[item.id].length === 0, blockers: blockers[item.id] }));
}

function summary(row: ProjectRow, items: readonly CloseoutItemResult[]): ProjectCloseoutSummary {
  return {
    projectId: row.projectId, number: row.number, name: row.name, active: row.active === 1, closeoutState: row.closeoutState,
    softClosedAt: row.softClosedAt, softClosedByName: row.softClosedByName, finalClosedAt: row.finalClosedAt, finalClosedByName: row.finalClosedByName,
    blockerCount: items.reduce((n, item) => n + item.blockers.length, 0), failedItems: items.filter((item) => !item.passed).length,
  };
}

const isPfmAdmin = (user: Pick<Caller, 'roles'>) => roleAllows(user.roles, 'keyPFM', ['Admin']);

/** What the caller may do on the project now (the actions check again). */
function allowedActions(db: Database.Database, user: Caller, row: ProjectRow, blockerCount: number): Record<CloseoutAction, boolean> {
  const writer = reaches(projectReach(db, user), row.projectId, true);
  const admin = isPfmAdmin(user);
  return {
    softClose: writer && blockerCount === 0 && actionFrom('softClose', row.closeoutState),
    finalClose: admin && actionFrom('finalClose', row.closeoutState),
    reopen: admin && actionFrom('reopen', row.closeoutState),
  };
}

function events(db: Database.Database, projectId: number): CloseoutEvent[] {
  return db.prepare(`SELECT x.action, x.fromState, x.toState, x.reason, e.displayText AS employeeName, x.at
    FROM project_closeout_events x JOIN employees e ON e.employeeId = x.employeeId WHERE x.projectId = ? ORDER BY x.projectCloseoutEventId DESC`)
    .all(projectId) as CloseoutEvent[];
}

/** The whole checklist of a project, as GET getcloseoutchecklist answers it. */
export function closeoutChecklist(db: Database.Database, user: Caller, projectId: number): CloseoutChecklist {
  const row = projectRow(db, projectId);
  const items = closeoutItems(db, projectId);
  const facts = summary(row, items);
  return {
    ...facts, items, events: events(db, projectId), allowed: allowedActions(db, user, row, facts.blockerCount), canEdit: reaches(projectReach(db, user), projectId, true),
  };
}

/**
 * THE check that a project takes new costs: a Soft or Final Closed project refuses them with a 400
 * autoAlert naming its state (CreateDirectCost, CreateCostAdjustment, SaveCommitment with items).
 */
export function assertProjectTakesCosts(db: Database.Database, projectId: number, functionName = 'CreateCost'): void {
  const row = db.prepare('SELECT number, name, closeoutState FROM projects WHERE projectId = ?').get(projectId) as
    { number: string; name: string; closeoutState: CloseoutState } | undefined;
  if (!row || row.closeoutState === 'Open') return;
  throw autoAlert(functionName, CLOSEOUT_TEXT.takesNoCosts(row.number, row.name, row.closeoutState), { closeoutState: row.closeoutState, projectId });
}

/** The closeout reason as typed: required, at most CLOSEOUT_REASON_MAX characters (the closeout's own words). */
function closeoutReason(sent: string | undefined): string {
  const reason = sent ?? '';
  if (!reason) throw badRequest(CLOSEOUT_TEXT.reasonRequired, { parameter: 'Reason' });
  if (reason.length > CLOSEOUT_REASON_MAX) throw badRequest(CLOSEOUT_TEXT.reasonTooLong, { parameter: 'Reason' });
  return reason;
}

/** ProjectId (scoped: the team guard checks it), OldCloseoutState (409 when stale), Reason. */
const MOVE = {
  ProjectId: p.id({ required: true, scope: 'Project' }),
  OldCloseoutState: p.enum(CLOSEOUT_STATES),
  Reason: p.string(4000),
};

/** One closeout action: checks who, the stale state, the state the action needs and (soft close) the blockers; then moves and records. */
function move(action: CloseoutAction) {
  return ({ db, params, user }: RouteCtx<ParamsOf<typeof MOVE>>): CloseoutChecklist => {
    const { ProjectId: projectId, OldCloseoutState: oldState } = params;
    if (!oldState) throw badRequest(`Parameter 'OldCloseoutState' is required: one of ${CLOSEOUT_STATES.join(', ')}.`, { parameter: 'OldCloseoutState' });
    const reason = closeoutReason(params.Reason);
    // The team guard has checked ProjectId (a soft close: the project's writers; final close and reopen: its readers).
    projectRow(db, projectId); // 404
    if (action !== 'softClose' && !isPfmAdmin(user)) throw forbidden(action === 'finalClose' ? CLOSEOUT_TEXT.finalNeedsAdmin : CLOSEOUT_TEXT.reopenNeedsAdmin);
    db.transaction(() => {
      const row = projectRow(db, projectId);
      if (row.closeoutState !== oldState) {
        const last = db.prepare(`SELECT e.displayText AS name FROM project_closeout_events x JOIN employees e ON e.employeeId = x.employeeId
          WHERE x.projectId = ? ORDER BY x.projectCloseoutEventId DESC LIMIT 1`).get(projectId) as { name: string } | undefined;
        throw conflict(CLOSEOUT_TEXT.stale(row.number, row.closeoutState, last?.name ?? null), { currentCloseoutState: row.closeoutState });
      }
      if (!actionFrom(action, row.closeoutState)) throw autoAlert(FUNCTION, CLOSEOUT_TEXT.wrongState(row.number, action, row.closeoutState));
      if (action === 'softClose') {
        const failing = closeoutItems(db, projectId).filter((item) => !item.passed);
        if (failing.length) {
          const count = failing.reduce((n, item) => n + item.blockers.length, 0);
          throw autoAlert(FUNCTION, CLOSEOUT_TEXT.blockersRemain(row.number, count, failing.map((item) => `${item.title}: ${item.blockers.length}`)), {
            blockers: failing.map((item) => ({ id: item.id, title: item.title, count: item.blockers.length, numbers: item.blockers.slice(0, 20).map((b) => b.number) })),
          });
        }
      }
      const to = CLOSEOUT_ACTIONS[action].to;
      const at = clock.nowIso();
      const stamp = action === 'softClose' ? ', softClosedAt = @at, softClosedByEmployeeId = @by'
        : action === 'finalClose' ? ', finalClosedAt = @at, finalClosedByEmployeeId = @by'
          : ', softClosedAt = NULL, softClosedByEmployeeId = NULL, finalClosedAt = NULL, finalClosedByEmployeeId = NULL';
      db.prepare(`UPDATE projects SET closeoutState = @to, modifiedAt = @at${stamp} WHERE projectId = @projectId`).run({ to, at, by: user.employeeId, projectId });
      db.prepare(`INSERT INTO project_closeout_events (projectId, action, fromState, toState, reason, employeeId, at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(projectId, action, row.closeoutState, to, reason, user.employeeId, at);
    }).immediate();
    return closeoutChecklist(db, user, projectId);
  };
}

/** ContractDocumentTrackingId (its project's writers: checked here), ReceivedDate (default today). */
const RECEIVE_DOCUMENT = {
  ContractDocumentTrackingId: p.id({ required: true }),
  ReceivedDate: p.date(),
};

function receiveDocument({ db, params, user }: RouteCtx<ParamsOf<typeof RECEIVE_DOCUMENT>>): CloseoutChecklist {
  const id = params.ContractDocumentTrackingId;
  const doc = db.prepare('SELECT projectId, received FROM contract_document_tracking WHERE contractDocumentTrackingId = ?').get(id) as
    { projectId: number; received: number } | undefined;
  if (!doc) throw notFound(`Contract document ${id} not found.`);
  requireProject(db, user, doc.projectId, { write: true });
  const date = params.ReceivedDate ?? clock.nowIso().slice(0, 10);
  if (doc.received !== 1) {
    db.prepare('UPDATE contract_document_tracking SET received = 1, receivedDate = ?, modifiedAt = ? WHERE contractDocumentTrackingId = ?').run(date, clock.nowIso(), id);
  }
  return closeoutChecklist(db, user, doc.projectId);
}

/** Project closeouts (issue 15): PFM users and keyProjectCloseout users, plus the project check of each call. */
const CLOSEOUT_ACCESS: readonly AccessRule[] = [ACCESS.pfm, { key: 'keyProjectCloseout' }];

const NONE = {};

function projectCloseouts({ db, user }: RouteCtx<ParamsOf<typeof NONE>>): ProjectCloseoutSummary[] {
  const where = reachWhere(projectReach(db, user), 'p.projectId');
  const rows = db.prepare(`${PROJECT_SELECT} WHERE ${where} ORDER BY p.active DESC, p.number`).all() as ProjectRow[];
  return rows.map((row) => summary(row, closeoutItems(db, row.projectId)));
}

/** recordKey Project (the only key; default Project), recordId: the project (scoped: the team guard reads it). */
const CHECKLIST = {
  recordKey: p.recordKey(['Project']),
  recordId: p.id({ required: true, scope: 'Project' }),
};

function checklist({ db, params, user }: RouteCtx<ParamsOf<typeof CHECKLIST>>): CloseoutChecklist {
  // The team guard has checked recordId (the project's readers).
  const projectId = params.recordId;
  projectRow(db, projectId);
  return closeoutChecklist(db, user, projectId);
}

export const closeoutHandlers = declared([
  route({
    method: 'GET', path: CLOSEOUT_API.list, access: { anyOf: CLOSEOUT_ACCESS },
    note: "added: the caller's reachable projects (reachWhere) with closeout state and blocker counts", params: NONE, handler: projectCloseouts,
  }),
  route({
    method: 'GET', path: CLOSEOUT_API.checklist, access: { anyOf: CLOSEOUT_ACCESS },
    note: 'added: recordKey Project, recordId: the checklist with its blocking records (requireProject: 403 out of reach)', params: CHECKLIST, handler: checklist,
  }),
  route({
    method: 'POST', path: CLOSEOUT_API.softClose, access: { anyOf: CLOSEOUT_ACCESS },
    note: 'added: ProjectId, OldCloseoutState (409 when stale), Reason; the project\'s writers; 400 autoAlert naming the blockers while any remain',
    params: MOVE, handler: move('softClose'),
  }),
  route({
    method: 'POST', path: CLOSEOUT_API.finalClose, access: { anyOf: CLOSEOUT_ACCESS },
    note: 'added: ProjectId, OldCloseoutState, Reason; keyPFM Admin only (else 403 from the handler); must be Soft Closed',
    params: MOVE, write: false, handler: move('finalClose'),
  }),
  route({
    method: 'POST', path: CLOSEOUT_API.reopen, access: { anyOf: CLOSEOUT_ACCESS },
    note: 'added: ProjectId, OldCloseoutState, Reason; keyPFM Admin only (else 403 from the handler)',
    params: MOVE, write: false, handler: move('reopen'),
  }),
  route({
    method: 'POST', path: CLOSEOUT_API.receiveDocument, access: { anyOf: CLOSEOUT_ACCESS },
    note: 'added: ContractDocumentTrackingId, ReceivedDate? (a required contract document marked received); the project\'s writers',
    params: RECEIVE_DOCUMENT, handler: receiveDocument,
  }),
]);
