/**
 * Shared pieces of the SLIM request calls (issue 14; the contract: src/core/risk/api.ts, the rules:
 * src/core/risk/slim.ts): the caller as a core SlimActor, a request row as the core's SlimSubject and
 * the contract's SlimQueueRow / SlimRequestRecord, who may see a request, the risk notifications.
 */
import type Database from 'better-sqlite3';
import { SLIM_RECORD_KEY, type SlimEvent, type SlimPerson, type SlimQueueRow, type SlimRequestRecord } from '../../../../../src/core/risk/contract';
import {
  escalationReasons, SLIM_CLOSED_STATES, SLIM_ROLES, slimAgeDays, waitsFor,
  type SlimActor, type SlimPriority, type SlimRequestType, type SlimState, type SlimSubject,
} from '../../../../../src/core/risk';
import type { Caller } from '../../context';
import { forbidden } from '../../http';
import { recordOr404 } from '../../records';
import * as clock from '../../../../../src/core/clock';


/** The service name the autoAlert bodies name. */
export const SERVICE = 'SlimService';

/** The portal link that opens a request in its workbench. */
export const slimLink = (requestId: number): string =>
  `/sr/slimqueue?workbench=SlimRequest&recordKey=${SLIM_RECORD_KEY}&recordId=${requestId}`;

/** An employee's keySLIM roles and region as the core's actor. */
export function actorOf(db: Database.Database, employeeId: number): SlimActor {
  const roles = (db.prepare("SELECT name FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keySLIM'").all(employeeId) as { name: string }[]).map((r) => r.name);
  const region = db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').get(employeeId) as { regionId: number | null } | undefined;
  return { employeeId, roles, regionId: region?.regionId ?? null };
}
export const callerActor = (db: Database.Database, user: Caller): SlimActor => actorOf(db, user.employeeId);

export const isSlimAdmin = (actor: SlimActor): boolean => actor.roles.includes(SLIM_ROLES.admin);
export const isPrequalAdmin = (actor: SlimActor): boolean => actor.roles.includes(SLIM_ROLES.prequalAdmin) || isSlimAdmin(actor);

/** A slim_requests row with its joins. */
export interface SlimRow {
  requestId: number; number: string; type: SlimRequestType; vendorId: number; vendorName: string;
  projectId: number | null; projectNumber: string | null; projectName: string | null; regionId: number | null; regionName: string | null;
  requestedAmount: number | null; priority: SlimPriority; applicationRecordStateId: number; state: SlimState;
  requestedByEmployeeId: number; requestedByName: string; assignedToEmployeeId: number | null; assignedToName: string | null;
  submittedAt: string; dueDate: string; justification: string; mitigation: string | null; missingData: string | null; answer: string | null;
  escalationNote: string | null; regionalPassedAt: string | null; regionalPassedByEmployeeId: number | null;
  decidedAt: string | null; decidedByEmployeeId: number | null; decidedByName: string | null; decisionReason: string | null; conditions: string | null;
  approvedSingleLimit: number | null; approvedAggregateLimit: number | null; approvedLimitExpiresOn: string | null;
  basedOnRequestId: number | null; snapshot: string | null; version: number; modifiedAt: string;
  /** The vendor's latest EMR (escalation). */
  latestEmr: number | null;
}

export const SLIM_SELECT = `SELECT r.*, v.name AS vendorName, p.number AS projectNumber, p.name AS projectName, g.name AS regionName,
    st.name AS state, rq.preferredName AS requestedByName, a.preferredName AS assignedToName, d.preferredName AS decidedByName,
    (SELECT s.emr FROM vendor_safety s WHERE s.vendorId = r.vendorId ORDER BY s.year DESC LIMIT 1) AS latestEmr
  FROM slim_requests r JOIN vendors v ON v.vendorId = r.vendorId
    JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    JOIN employees rq ON rq.employeeId = r.requestedByEmployeeId
    LEFT JOIN employees a ON a.employeeId = r.assignedToEmployeeId
    LEFT JOIN employees d ON d.employeeId = r.decidedByEmployeeId
    LEFT JOIN projects p ON p.projectId = r.projectId
    LEFT JOIN regions g ON g.regionId = r.regionId`;

export function slimRows(db: Database.Database, where = '', ...args: unknown[]): SlimRow[] {
  return db.prepare(`${SLIM_SELECT} ${where} ORDER BY r.requestId`).all(...args) as SlimRow[];
}

export function slimRowOr404(db: Database.Database, requestId: number): SlimRow {
  return recordOr404<SlimRow>(db, SLIM_SELECT, 'r.requestId', requestId, 'SLIM request');
}

export const isClosed = (row: Pick<SlimRow, 'state'>): boolean => SLIM_CLOSED_STATES.includes(row.state);

/** THE past-due rule: still open and its due date before today (the queue's mark and admin home's count). */
export const isPastDue = (row: Pick<SlimRow, 'state' | 'dueDate'>, today = clock.today()): boolean => !isClosed(row) && row.dueDate < today;

/** The escalation triggers of a request (core escalationReasons). */
export const escalationOf = (row: SlimRow): string[] =>
  escalationReasons({ requestedAmount: row.requestedAmount, latestEmr: row.latestEmr, reviewerAsked: row.escalationNote });

export function subjectOf(row: SlimRow): SlimSubject {
  return {
    state: row.state, type: row.type, requestedByEmployeeId: row.requestedByEmployeeId, assignedToEmployeeId: row.assignedToEmployeeId,
    regionId: row.regionId, regionalPassed: row.regionalPassedAt !== null, escalation: escalationOf(row),
  };
}

/**
 * May `actor` see the request: its requester, its assignee, a Prequal Administrator, an Escalation
 * Reviewer, a Regional Reviewer of its region, an Admin.
 */
export function maySee(actor: SlimActor, row: Pick<SlimRow, 'requestedByEmployeeId' | 'assignedToEmployeeId' | 'regionId'>): boolean {
  return actor.employeeId === row.requestedByEmployeeId || actor.employeeId === row.assignedToEmployeeId
    || actor.roles.includes(SLIM_ROLES.admin) || actor.roles.includes(SLIM_ROLES.prequalAdmin) || actor.roles.includes(SLIM_ROLES.escalationReviewer)
    || (actor.roles.includes(SLIM_ROLES.regionalReviewer) && actor.regionId !== null && actor.regionId === row.regionId);
}

export function requireSee(actor: SlimActor, row: SlimRow): void {
  if (!maySee(actor, row)) throw forbidden(`You may not see ${row.number}: it is neither yours nor waiting for one of your roles.`);
}

/** Why the request waits for `actor` (null when it does not). */
export function waitingReason(row: SlimRow, actor: SlimActor): string | null {
  if (!waitsFor(subjectOf(row), actor)) return null;
  switch (row.state) {
    case 'On Hold – Missing Data': return 'Waiting for your answer';
    case 'Submitted': return 'Waiting for a Prequal Administrator';
    case 'In Review': return 'Assigned to you';
    case 'Regional Review': return `Waiting for a Regional Reviewer of ${row.regionName ?? 'the region'}`;
    case 'Escalated': return 'Waiting for an Escalation Reviewer';
    default: return null;
  }
}

const person = (employeeId: number | null, name: string | null): SlimPerson | null =>
  employeeId === null ? null : { employeeId, name: name ?? '' };

export function queueRow(row: SlimRow, actor: SlimActor, today = clock.today()): SlimQueueRow {
  const reason = waitingReason(row, actor);
  return {
    requestId: row.requestId, number: row.number, type: row.type, vendorId: row.vendorId, vendorName: row.vendorName,
    projectId: row.projectId, projectNumber: row.projectNumber, projectName: row.projectName, regionId: row.regionId, regionName: row.regionName,
    requestedAmount: row.requestedAmount, priority: row.priority, applicationRecordStateId: row.applicationRecordStateId, state: row.state,
    requestedBy: { employeeId: row.requestedByEmployeeId, name: row.requestedByName },
    assignedTo: person(row.assignedToEmployeeId, row.assignedToName),
    submittedAt: row.submittedAt, dueDate: row.dueDate,
    // A closed request's age stops when it closed (decided or withdrawn).
    ageDays: slimAgeDays(row.submittedAt, isClosed(row) ? (row.decidedAt ?? row.modifiedAt).slice(0, 10) : today),
    pastDue: isPastDue(row, today),
    waitingForMe: reason !== null, waitingReason: reason,
  };
}

export function requestRecord(row: SlimRow, actor: SlimActor, today = clock.today()): SlimRequestRecord {
  const decided = row.state === 'Approved' || row.state === 'Approved with Conditions' || row.state === 'Denied';
  return {
    ...queueRow(row, actor, today),
    justification: row.justification, mitigation: row.mitigation, missingData: row.missingData, answer: row.answer,
    escalationReasons: escalationOf(row), regionalPassed: row.regionalPassedAt !== null,
    decision: decided && row.decidedAt && row.decidedByEmployeeId !== null ? {
      state: row.state as 'Approved' | 'Approved with Conditions' | 'Denied',
      by: { employeeId: row.decidedByEmployeeId, name: row.decidedByName ?? '' }, at: row.decidedAt,
      reason: row.decisionReason, conditions: row.conditions, singleLimit: row.approvedSingleLimit, aggregateLimit: row.approvedAggregateLimit,
      limitExpiresOn: row.approvedLimitExpiresOn,
    } : null,
    basedOnRequestId: row.basedOnRequestId, version: row.version, modifiedAt: row.modifiedAt,
  };
}

export function eventsOf(db: Database.Database, requestId: number): SlimEvent[] {
  return (db.prepare(`SELECT e.eventId, e.at, e.byEmployeeId, b.preferredName AS byName, f.name AS fromState, t.name AS toState, e.kind, e.note
    FROM slim_request_events e JOIN employees b ON b.employeeId = e.byEmployeeId
      LEFT JOIN application_record_states f ON f.applicationRecordStateId = e.fromStateId
      LEFT JOIN application_record_states t ON t.applicationRecordStateId = e.toStateId
    WHERE e.requestId = ? ORDER BY e.at, e.eventId`).all(requestId) as Array<Record<string, unknown>>).map((e) => ({
    eventId: e.eventId as number, at: e.at as string, by: { employeeId: e.byEmployeeId as number, name: e.byName as string },
    fromState: (e.fromState ?? null) as SlimState | null, toState: (e.toState ?? null) as SlimState | null, kind: e.kind as string, note: (e.note ?? null) as string | null,
  }));
}

/** Write one event of a request. */
export function addEvent(
  db: Database.Database, e: { requestId: number; kind: 'state' | 'assign' | 'answer'; fromStateId: number | null; toStateId: number | null; by: number; note: string | null; at?: string },
): void {
  const at = e.at ?? clock.nowIso();
  db.prepare(`INSERT INTO slim_request_events (requestId, kind, fromStateId, toStateId, byEmployeeId, at, note, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(e.requestId, e.kind, e.fromStateId, e.toStateId, e.by, at, e.note, at);
}

/** The kinds of risk notification the bell lists. */
export type NotificationKind = 'Comment' | 'Reassigned';

/** Tell `employeeIds` (each once, never `exceptId`) about a request. */
export function notify(
  db: Database.Database, row: Pick<SlimRow, 'requestId' | 'number'>, employeeIds: ReadonlyArray<number | null>, kind: NotificationKind, message: string, exceptId: number,
): void {
  const at = clock.nowIso();
  const insert = db.prepare(`INSERT INTO risk_notifications (employeeId, recordKey, recordId, documentNumber, kind, message, directLink, createdAt, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const id of new Set(employeeIds)) {
    if (id === null || id === exceptId) continue;
    insert.run(id, SLIM_RECORD_KEY, row.requestId, row.number, kind, message, slimLink(row.requestId), at, at);
  }
}

/** The active employees holding Prequal Administrator on keySLIM. */
export function prequalAdmins(db: Database.Database): SlimPerson[] {
  return db.prepare(`SELECT DISTINCT e.employeeId, e.preferredName AS name FROM employee_roles r JOIN employees e ON e.employeeId = r.employeeId
    WHERE r.applicationKey = 'keySLIM' AND r.name = 'Prequal Administrator' AND e.active = 1 ORDER BY e.preferredName`).all() as SlimPerson[];
}
