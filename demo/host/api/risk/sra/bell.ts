/**
 * The bell's SRA steps (issue 14): GetOpenItemsByEmployee lists, as openWorkflows entries, the
 * Submitted SRAs waiting for the employee:
 * - for a keyRISK Risk user: every Submitted SRA they may approve now (not their own, not one they
 *   approved already, not a High one whose second approval must come from an Admin);
 * - for a keyRISK Admin: the High SRAs with one approval (by someone else) waiting for the second.
 * Ids are negative (-(2,000,000 + sraId)): never the id of a real workflow instance.
 */
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../../../src/core/access';
import type { Caller } from '../../context';
import { approvalRefusal, approvalsOf, SRA_SELECT, type SraDbRow } from './records';
import type { OpenWorkflowItem } from '../../workflows';

export type SraWorkflow = OpenWorkflowItem;

/** The offset of the SRA entries' negative ids. */
export const SRA_WORKFLOW_ID_OFFSET = 2_000_000;

/** The portal link that opens an SRA in its workbench. */
export const sraDirectLink = (sraId: number): string => `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`;

export function sraWorkflows(db: Database.Database, employeeId: number): SraWorkflow[] {
  const roles = db.prepare("SELECT applicationKey, name FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keyRISK'").all(employeeId) as Caller['roles'];
  const risk = roleAllows(roles, 'keyRISK', ['Risk']);
  const admin = roleAllows(roles, 'keyRISK', ['Admin']);
  if (!risk && !admin) return [];
  const user = { employeeId, roles } as Caller;
  const rows = db.prepare(`${SRA_SELECT} WHERE st.name = 'Submitted' ORDER BY s.submittedAt, s.sraId`).all() as SraDbRow[];
  const out: SraWorkflow[] = [];
  for (const row of rows) {
    const approvals = approvalsOf(db, row.sraId);
    if (approvalRefusal(user, row, approvals) !== null) continue;
    const secondOfHigh = row.level === 'High' && approvals.length === 1;
    if (!risk && !secondOfHigh) continue;
    out.push({
      workflowInstanceId: -(SRA_WORKFLOW_ID_OFFSET + row.sraId), documentNumber: row.number,
      workflowTrigger: `SRA ${row.level}: ${row.vendorName} on ${row.projectName}`,
      phaseName: row.state, directLink: sraDirectLink(row.sraId),
      applicationRecordKey: 'Sra', recordId: row.sraId,
    });
  }
  return out;
}
