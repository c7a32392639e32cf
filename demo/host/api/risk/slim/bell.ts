/**
 * The bell's SLIM items (issue 14; api/session.ts GetOpenItemsByEmployee `openWorkflows`):
 * - every open request that waits for the employee (core waitsFor): documentNumber 'SLIM-0007',
 *   workflowTrigger 'SLIM Limit Increase: <vendor>', phaseName the state, directLink the workbench;
 * - the employee's unread risk notifications (a comment, a reassignment), phaseName the kind.
 * Ids are negative and offset (requests −1,000,000 − id; notifications −3,000,000 − id), so they never
 * clash with open_workflows rows, the timecard corrections (−correctionId) nor the SRA steps (−2,000,000 − sraId).
 */
import type Database from 'better-sqlite3';
import { SLIM_RECORD_KEY } from '../../../../../src/core/risk/contract';
import { waitsFor } from '../../../../../src/core/risk/slim';
import { actorOf, slimLink, slimRows, subjectOf } from './common';
import type { OpenWorkflowItem } from '../../workflows';

export const SLIM_BELL_OFFSET = 1_000_000;
export const NOTIFICATION_BELL_OFFSET = 3_000_000;

export type SlimBellItem = OpenWorkflowItem;

export function slimWorkflows(db: Database.Database, employeeId: number): SlimBellItem[] {
  const actor = actorOf(db, employeeId);
  const waiting = slimRows(db, 'WHERE st.closed = 0').filter((r) => waitsFor(subjectOf(r), actor)).map((r) => ({
    workflowInstanceId: -(SLIM_BELL_OFFSET + r.requestId), documentNumber: r.number, workflowTrigger: `SLIM ${r.type}: ${r.vendorName}`,
    phaseName: r.state, directLink: slimLink(r.requestId), applicationRecordKey: SLIM_RECORD_KEY, recordId: r.requestId,
  }));
  const notes = (db.prepare(`SELECT notificationId, recordKey, recordId, documentNumber, kind, message, directLink FROM risk_notifications
    WHERE employeeId = ? AND readAt IS NULL ORDER BY createdAt, notificationId`).all(employeeId) as Array<Record<string, string | number>>).map((n) => ({
    workflowInstanceId: -(NOTIFICATION_BELL_OFFSET + Number(n.notificationId)), documentNumber: String(n.documentNumber), workflowTrigger: String(n.message),
    phaseName: String(n.kind), directLink: String(n.directLink), applicationRecordKey: String(n.recordKey), recordId: Number(n.recordId),
  }));
  return [...waiting, ...notes];
}
