/**
 * Approval authority on the host, in the shared state move (records.ts moveRecordState) for every
 * record type: the approval matrix (migration 022: approval_moves, approval_limits) says which roles
 * may move a record into an approval state and up to which amount, and whether the submitter or the
 * previous approver is barred. The decision itself is src/core/records/approval.ts, the same rule the
 * state menu shows before the click (GetRecordMoveAuthority below).
 *
 * Each approval made is kept in record_approvals (who, role, limit, amount, how, reason); the record
 * history answer lists them.
 */
import type Database from 'better-sqlite3';
import { decideApproval, needsSignatureReason, roleLabel, type ApprovalDecision, type ApprovalLimit, type ApprovalMove } from '../../../src/core/records/approval';
import type { RoleEntry } from '../../../src/core/access';
import type { MoveAuthority } from '../../../src/core/records/states';
import { autoAlert } from './http';
import { projectOfRecord } from './project-access';
import type { StateRow } from './records';
import { prepared } from '../db/statements';

/** The amount an approval of a record is judged on, per record key (`?` is the record's id). */
export const APPROVAL_AMOUNT_SQL: Readonly<Record<string, string>> = {
  Subcontract: 'SELECT coalesce(sum(amount), 0) FROM subcontract_items WHERE subcontractId = ?',
  PurchaseAgreement: 'SELECT coalesce(sum(amount), 0) FROM purchase_agreement_items WHERE purchaseAgreementId = ?',
  PurchaseOrder: 'SELECT coalesce(sum(amount), 0) FROM purchase_order_items WHERE purchaseOrderId = ?',
  SubcontractChangeOrder: 'SELECT coalesce(sum(amount), 0) FROM subcontract_change_order_items WHERE subcontractChangeOrderId = ?',
  PurchaseAgreementChangeOrder: 'SELECT coalesce(sum(amount), 0) FROM purchase_agreement_change_order_items WHERE purchaseAgreementChangeOrderId = ?',
  OwnerAgreementChangeOrder: 'SELECT amount FROM owner_agreement_change_orders WHERE ownerAgreementChangeOrderId = ?',
  OwnerAgreement: 'SELECT contractAmount FROM owner_agreements WHERE ownerAgreementId = ?',
  ChangeEvent: `SELECT coalesce(sum(coalesce(approvedAmount, estimatedAmount)), 0) FROM change_event_items
    WHERE changeEventId = ? AND parentChangeEventItemId IS NULL`,
  ChangeEventItem: 'SELECT coalesce(approvedAmount, 0) FROM change_event_items WHERE changeEventItemId = ?',
  CostAdjustment: 'SELECT amount FROM cost_adjustments WHERE costAdjustmentId = ?',
  DirectCost: 'SELECT amount FROM direct_costs WHERE directCostId = ?',
  // This payment (G702 current payment due), as last saved (pfm/pay-applications).
  PayApplication: 'SELECT currentPaymentDue FROM pay_applications WHERE payApplicationId = ?',
  Sra: 'SELECT amount FROM sras WHERE sraId = ?',
};

/** The record's amount for its approval (0 for a kind without one). */
export function approvalAmount(db: Database.Database, recordKey: string, recordId: number): number {
  const sql = APPROVAL_AMOUNT_SQL[recordKey];
  if (!sql) return 0;
  const value = prepared(db, sql).pluck().get(recordId);
  return typeof value === 'number' ? value : 0;
}

/** The approval move into `targetStateId`, with its limits, or undefined when that move is not an approval. */
export function approvalMove(db: Database.Database, targetStateId: number): ApprovalMove | undefined {
  const move = prepared(db, `SELECT approvalMoveId, applicationRecordKey, targetApplicationRecordStateId, notSubmitter, notPreviousApprover
    FROM approval_moves WHERE targetApplicationRecordStateId = ?`).get(targetStateId) as
    { approvalMoveId: number; applicationRecordKey: string; targetApplicationRecordStateId: number; notSubmitter: number; notPreviousApprover: number } | undefined;
  if (!move) return undefined;
  const limits = prepared(db, 'SELECT applicationKey, roleName, upToAmount FROM approval_limits WHERE approvalMoveId = ? ORDER BY approvalLimitId')
    .all(move.approvalMoveId) as ApprovalLimit[];
  return {
    applicationRecordKey: move.applicationRecordKey, targetApplicationRecordStateId: move.targetApplicationRecordStateId,
    notSubmitter: move.notSubmitter === 1, notPreviousApprover: move.notPreviousApprover === 1, limits,
  };
}

/**
 * Who submitted the record: the person who made its last state move, or who created it (record
 * history, items recorded under their parent). Undefined for records made outside a request (the seed).
 */
export function submitterOf(db: Database.Database, recordKey: string, recordId: number): number | undefined {
  const row = prepared(db, `SELECT changedByEmployeeId FROM record_history
    WHERE ((childKey IS NULL AND recordKey = @key AND recordId = @id) OR (childKey = @key AND childId = @id))
      AND (field = 'applicationRecordStateId' OR action = 'insert') AND changedByEmployeeId IS NOT NULL
    ORDER BY recordHistoryId DESC LIMIT 1`).get({ key: recordKey, id: recordId }) as { changedByEmployeeId: number } | undefined;
  return row?.changedByEmployeeId;
}

/** Who made the record's last approval. */
export function previousApproverOf(db: Database.Database, recordKey: string, recordId: number): number | undefined {
  const row = prepared(db, `SELECT employeeId FROM record_approvals WHERE applicationRecordKey = ? AND recordId = ? AND employeeId IS NOT NULL
    ORDER BY recordApprovalId DESC LIMIT 1`).get(recordKey, recordId) as { employeeId: number } | undefined;
  return row?.employeeId;
}

const rolesOf = (db: Database.Database, employeeId: number): RoleEntry[] =>
  prepared(db, 'SELECT applicationKey, name FROM employee_roles WHERE employeeId = ?').all(employeeId) as RoleEntry[];

/**
 * Who in the record's project or region holds a role: the project's PM or RPM, the RPMs of its region,
 * or the key's Admins (active employees, at most three names).
 */
export function holdersOf(db: Database.Database, projectId: number | null | undefined, limit: ApprovalLimit): string[] {
  const names: string[] = [];
  const project = projectId ? prepared(db, 'SELECT projectManagerEmployeeId AS pm, regionalProjectManagerEmployeeId AS rpm, regionId FROM projects WHERE projectId = ?')
    .get(projectId) as { pm: number | null; rpm: number | null; regionId: number | null } | undefined : undefined;
  const holds = prepared(db, `SELECT e.preferredName FROM employees e WHERE e.employeeId = ? AND e.active = 1
    AND EXISTS (SELECT 1 FROM employee_roles r WHERE r.employeeId = e.employeeId AND r.applicationKey = ? AND r.name = ? COLLATE NOCASE)`);
  const own = limit.roleName === 'Project Manager' ? project?.pm : limit.roleName === 'RPM' ? project?.rpm : undefined;
  if (own) {
    const name = holds.pluck().get(own, limit.applicationKey, limit.roleName) as string | undefined;
    if (name) names.push(name);
  }
  if (!names.length) {
    const regional = limit.roleName === 'RPM' && project?.regionId != null;
    const rows = prepared(db, `SELECT DISTINCT e.preferredName FROM employees e JOIN employee_roles r ON r.employeeId = e.employeeId
      WHERE e.active = 1 AND r.applicationKey = ? AND r.name = ? COLLATE NOCASE ${regional ? 'AND e.regionId = ?' : ''}
      ORDER BY e.preferredName LIMIT 3`).pluck().all(...[limit.applicationKey, limit.roleName, ...(regional ? [project!.regionId] : [])]) as string[];
    names.push(...rows);
  }
  return names;
}

/** The caller's decision on a move into `target`, or undefined when the move is not an approval. */
export function approvalDecision(
  db: Database.Database, args: { recordKey: string; recordId: number; label: string; target: Pick<StateRow, 'applicationRecordStateId'>; actorId: number },
): { move: ApprovalMove; decision: ApprovalDecision; amount: number } | undefined {
  const move = approvalMove(db, args.target.applicationRecordStateId);
  if (!move) return undefined;
  const amount = approvalAmount(db, args.recordKey, args.recordId);
  const decision = decideApproval(move, {
    roles: rolesOf(db, args.actorId), amount, label: args.label,
    isSubmitter: move.notSubmitter && submitterOf(db, args.recordKey, args.recordId) === args.actorId,
    isPreviousApprover: move.notPreviousApprover && previousApproverOf(db, args.recordKey, args.recordId) === args.actorId,
  });
  return { move, decision, amount };
}

/** The refusal's words with who holds the needed role ("Needs RPM approval above $25,000: Dana Whitfield"). */
export function refusalText(db: Database.Database, recordKey: string, recordId: number, decision: Extract<ApprovalDecision, { allowed: false }>): { message: string; holders: string[] } {
  if (!decision.neededRole) return { message: decision.reason, holders: [] };
  const holders = holdersOf(db, projectOfRecord(db, recordKey, recordId), decision.neededRole);
  return { message: holders.length ? `${decision.reason}: ${holders.join(', ')}` : `${decision.reason}.`, holders };
}

/** A move the record machinery makes: by a user (authority and, for Executed, a reason) or by the e-sign completion. */
export interface ApprovalRequest {
  recordKey: string;
  recordId: number;
  label: string;
  functionName: string;
  current: StateRow;
  target: StateRow;
  actorId: number;
  via?: 'user' | 'esign';
  reason?: string;
}

/**
 * What an approval needs of the record itself, per record key and target state name: the refusal's
 * words when it is missing. A change event item is approved only with an approved amount.
 */
const APPROVAL_NEEDS: Readonly<Record<string, Readonly<Record<string, { sql: string; message: string }>>>> = {
  ChangeEventItem: {
    Approved: {
      sql: 'SELECT approvedAmount IS NULL FROM change_event_items WHERE changeEventItemId = ?',
      message: 'Enter the approved amount before approving the item.',
    },
  },
};

/** The refusal's words when the record lacks what a move into `targetName` needs, else undefined. */
export function missingForApproval(db: Database.Database, recordKey: string, recordId: number, targetName: string): string | undefined {
  const need = APPROVAL_NEEDS[recordKey]?.[targetName];
  return need && prepared(db, need.sql).pluck().get(recordId) === 1 ? need.message : undefined;
}

/**
 * Refuse a move the caller has no authority for (400 autoAlert naming the role or amount needed and
 * who holds it), or a user's move to Executed without a reason. Answers what to record once the move is
 * made (undefined when the move is not an approval).
 */
export function requireApprovalAuthority(db: Database.Database, request: ApprovalRequest): ((at: string) => void) | undefined {
  const via = request.via ?? 'user';
  const missing = missingForApproval(db, request.recordKey, request.recordId, request.target.name);
  if (missing) throw autoAlert(request.functionName, missing);
  if (via === 'user' && needsSignatureReason(request.target.name) && !request.reason?.trim()) {
    throw autoAlert(request.functionName,
      `Type how the ${request.label} was signed (for example "signed on paper") to mark it ${request.target.name} without e-sign.`, { reasonRequired: true });
  }
  const found = via === 'esign' ? undefined : approvalDecision(db, request);
  const move = via === 'esign' ? approvalMove(db, request.target.applicationRecordStateId) : found?.move;
  if (!move) return undefined;
  let limit: ApprovalLimit | undefined;
  if (found) {
    if (!found.decision.allowed) {
      const { message, holders } = refusalText(db, request.recordKey, request.recordId, found.decision);
      throw autoAlert(request.functionName, message, {
        approval: { reason: found.decision.reason, neededRole: found.decision.neededRole ? roleLabel(found.decision.neededRole) : null, holders, amount: found.amount },
      });
    }
    limit = found.decision.limit;
  }
  const amount = found?.amount ?? approvalAmount(db, request.recordKey, request.recordId);
  return (at) => {
    prepared(db, `INSERT INTO record_approvals (applicationRecordKey, recordId, fromApplicationRecordStateId, toApplicationRecordStateId, employeeId,
      applicationKey, roleName, upToAmount, amount, via, reason, approvedAt, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      request.recordKey, request.recordId, request.current.applicationRecordStateId, request.target.applicationRecordStateId,
      via === 'esign' ? null : request.actorId, limit?.applicationKey ?? null, limit?.roleName ?? null, limit?.upToAmount ?? null, amount, via,
      request.reason?.trim() || null, at, at,
    );
  };
}

/** The approvals made on a record, oldest first, as the history answer shows them. */
export function approvalsOf(db: Database.Database, recordKey: string, recordId: number): Array<Record<string, unknown>> {
  return prepared(db, `SELECT a.recordApprovalId, a.applicationRecordKey, a.recordId, a.fromApplicationRecordStateId, f.name AS fromStateName,
      a.toApplicationRecordStateId, t.name AS toStateName, a.employeeId, e.preferredName AS approvedByName, a.applicationKey, a.roleName,
      a.upToAmount, a.amount, a.via, a.reason, a.approvedAt
    FROM record_approvals a
    LEFT JOIN employees e ON e.employeeId = a.employeeId
    LEFT JOIN application_record_states f ON f.applicationRecordStateId = a.fromApplicationRecordStateId
    LEFT JOIN application_record_states t ON t.applicationRecordStateId = a.toApplicationRecordStateId
    WHERE a.applicationRecordKey = ? AND a.recordId = ? ORDER BY a.recordApprovalId`).all(recordKey, recordId) as Array<Record<string, unknown>>;
}

/** The caller's authority on each target offered from the record's current state. */
export function moveAuthorities(db: Database.Database, args: { recordKey: string; recordId: number; label: string; currentStateId: number; actorId: number }): MoveAuthority[] {
  const targets = prepared(db, `SELECT s.applicationRecordStateId, s.name FROM state_advancements a
    JOIN application_record_states s ON s.applicationRecordStateId = a.targetApplicationRecordStateId
    WHERE a.applicationRecordStateId = ? ORDER BY a.displayOrder, s.displayOrder`).all(args.currentStateId) as Array<{ applicationRecordStateId: number; name: string }>;
  return targets.map((target) => {
    const missing = missingForApproval(db, args.recordKey, args.recordId, target.name);
    const found = approvalDecision(db, { ...args, target });
    let reason: string | null = missing ?? null;
    if (!reason && found && !found.decision.allowed) reason = refusalText(db, args.recordKey, args.recordId, found.decision).message;
    return {
      targetApplicationRecordStateId: target.applicationRecordStateId, allowed: reason === null, reason,
      reasonRequired: needsSignatureReason(target.name), approval: found !== undefined,
    };
  });
}
