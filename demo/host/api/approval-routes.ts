/**
 * The approval authority's own call: what the state menu shows before the click. For each target
 * offered from the record's current state, whether the caller may make that move and, if not, why
 * ("Needs RPM approval above $25,000: Dana Whitfield"), and whether it asks for a reason.
 */
import { declared, p, route } from './declare';
import { notFound } from './http';
import { moveAuthorities } from './approvals';
import { RECORD_TABLES } from './scope';

/** The PFM record types with a workflow whose moves the state menu offers. */
export const MOVE_RECORD_KEYS = [
  'Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder',
  'OwnerAgreement', 'OwnerAgreementChangeOrder', 'ChangeRecord', 'ChangeEvent', 'ChangeEventItem', 'CostAdjustment', 'DirectCost',
  'PayApplication',
] as const;

/** 'SubcontractChangeOrder' → 'subcontract change order'. */
export const recordLabel = (key: string): string => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export const approvalHandlers = declared([
  route({
    method: 'GET', path: '/api/applications/GetRecordMoveAuthority', access: 'pfm',
    note: "added: recordKey, recordId: per target of the record's current state, allowed, reason (role or amount needed and who holds it), reasonRequired, approval",
    params: {
      recordKey: p.recordKey(MOVE_RECORD_KEYS, { required: true }),
      recordId: p.id({ required: true, scope: { keyParam: 'recordKey' } }),
      lastLoad: p.timestamp(),
    },
    handler: ({ db, user, params }) => {
      const where = RECORD_TABLES[params.recordKey]!;
      const state = db.prepare(`SELECT applicationRecordStateId FROM ${where.table} WHERE ${where.idColumn} = ?`).pluck().get(params.recordId) as number | undefined;
      if (state === undefined) throw notFound(`${params.recordKey} ${params.recordId} not found.`);
      return moveAuthorities(db, {
        recordKey: params.recordKey, recordId: params.recordId, label: recordLabel(params.recordKey), currentStateId: state, actorId: user.employeeId,
      });
    },
  }),
]);
