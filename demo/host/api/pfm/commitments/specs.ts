/**
 * What the commitment writes know of each contract kind (writes.ts, create.ts, change-orders.ts): its
 * table and id, its SELECT (as the loads answer it), its items, its budget and project, and its header
 * fields with how each is checked; and the record with its items as the loads answer it.
 */
import type Database from 'better-sqlite3';
import { OWNER_AGREEMENT_CO_SELECT, OWNER_AGREEMENT_SELECT } from '../owner-agreements/loads';
import { PURCHASE_AGREEMENT_CO_SELECT, PURCHASE_AGREEMENT_SELECT, PURCHASE_ORDER_SELECT, SUBCONTRACT_CO_SELECT, SUBCONTRACT_SELECT } from './loads';
import { recordOr404 } from '../../records';
import { CODE_DISPLAY_SQL, rowsToApi, toApi } from '../../rows';
import { EARLIEST_DAY } from '../../../../../src/core/format/dates';

export type CommitmentKey = 'Subcontract' | 'SubcontractChangeOrder' | 'PurchaseAgreement' | 'PurchaseAgreementChangeOrder' | 'PurchaseOrder';
export type ContractKey = CommitmentKey | 'OwnerAgreement' | 'OwnerAgreementChangeOrder';

/**
 * How a header field is checked: 'text?' may be emptied; 'date?' may be emptied (null); 'flag' is 0/1;
 * `choices` is a fixed list of texts; `ref` an id of a table.
 */
export type HeaderKind = 'text' | 'text?' | 'date' | 'date?' | 'flag' | 'retainage' | 'excessLiability' | { choices: readonly string[] } | { ref: string; id: string };

export interface Spec {
  table: string;
  id: string;
  select: string;
  label: string;
  /** Items table, its id column and whether rows carry quantity/unitPrice. */
  items?: { table: string; id: string; priced: boolean };
  /** SQL giving the budget of record `?` (cost codes must be its lines). */
  budgetSql?: string;
  /** SQL giving the project of record `?`. */
  projectSql: string;
  header: Record<string, HeaderKind>;
}

export const COMMITMENT_KEYS: readonly CommitmentKey[] = ['Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder'];
export const CONTRACT_KEYS: readonly ContractKey[] = [...COMMITMENT_KEYS, 'OwnerAgreement', 'OwnerAgreementChangeOrder'];

/** The header terms every commitment kind has (migration 025); purchase orders' contract date is their orderDate. */
const TERMS: Record<string, HeaderKind> = { scope: 'text?', startDate: 'date?', endDate: 'date?', reduceRetainageAtHalf: 'flag' };
/** Owner agreement contract types (the seed's list; src/features/commitments/owner-links.ts offers the same). */
export const OWNER_CONTRACT_TYPES = ['GMP', 'Lump Sum', 'Cost Plus Fee'] as const;

/** The budget and project of a commitment: its own columns. */
const ownScope = (table: string, id: string) => ({
  budgetSql: `SELECT budgetId FROM ${table} WHERE ${id} = ?`, projectSql: `SELECT projectId FROM ${table} WHERE ${id} = ?`,
});
/** The budget and project of a change order: its commitment's (`commitments`, joined by `commitmentId`). */
const commitmentScope = (table: string, id: string, commitments: string, commitmentId: string) => ({
  budgetSql: `SELECT c.budgetId FROM ${table} t JOIN ${commitments} c USING (${commitmentId}) WHERE t.${id} = ?`,
  projectSql: `SELECT c.projectId FROM ${table} t JOIN ${commitments} c USING (${commitmentId}) WHERE t.${id} = ?`,
});

export const SPECS: Record<ContractKey, Spec> = {
  Subcontract: {
    table: 'subcontracts', id: 'subcontractId', select: SUBCONTRACT_SELECT, label: 'subcontract',
    items: { table: 'subcontract_items', id: 'subcontractItemId', priced: false },
    ...ownScope('subcontracts', 'subcontractId'),
    header: {
      description: 'text', subcontractTypeId: { ref: 'subcontract_types', id: 'subcontractTypeId' }, retainagePercent: 'retainage', excessLiability: 'excessLiability',
      contractDate: 'date?', ...TERMS,
    },
  },
  SubcontractChangeOrder: {
    table: 'subcontract_change_orders', id: 'subcontractChangeOrderId', select: SUBCONTRACT_CO_SELECT, label: 'subcontract change order',
    items: { table: 'subcontract_change_order_items', id: 'subcontractChangeOrderItemId', priced: false },
    ...commitmentScope('subcontract_change_orders', 'subcontractChangeOrderId', 'subcontracts', 'subcontractId'),
    header: { description: 'text', changeOrderDate: 'date' },
  },
  PurchaseAgreement: {
    table: 'purchase_agreements', id: 'purchaseAgreementId', select: PURCHASE_AGREEMENT_SELECT, label: 'purchase agreement',
    items: { table: 'purchase_agreement_items', id: 'purchaseAgreementItemId', priced: true },
    ...ownScope('purchase_agreements', 'purchaseAgreementId'),
    header: { description: 'text', retainagePercent: 'retainage', contractDate: 'date?', ...TERMS },
  },
  PurchaseAgreementChangeOrder: {
    table: 'purchase_agreement_change_orders', id: 'purchaseAgreementChangeOrderId', select: PURCHASE_AGREEMENT_CO_SELECT, label: 'purchase agreement change order',
    items: { table: 'purchase_agreement_change_order_items', id: 'purchaseAgreementChangeOrderItemId', priced: false },
    ...commitmentScope('purchase_agreement_change_orders', 'purchaseAgreementChangeOrderId', 'purchase_agreements', 'purchaseAgreementId'),
    header: { description: 'text', changeOrderDate: 'date' },
  },
  PurchaseOrder: {
    table: 'purchase_orders', id: 'purchaseOrderId', select: PURCHASE_ORDER_SELECT, label: 'purchase order',
    items: { table: 'purchase_order_items', id: 'purchaseOrderItemId', priced: true },
    ...ownScope('purchase_orders', 'purchaseOrderId'),
    header: { description: 'text', orderDate: 'date', retainagePercent: 'retainage', ...TERMS },
  },
  OwnerAgreement: {
    table: 'owner_agreements', id: 'ownerAgreementId', select: OWNER_AGREEMENT_SELECT, label: 'owner agreement',
    projectSql: 'SELECT projectId FROM owner_agreements WHERE ownerAgreementId = ?',
    // The contract amount is the executed prime contract: it changes through owner change orders only.
    header: { description: 'text', contractType: { choices: OWNER_CONTRACT_TYPES }, executedDate: 'date?' },
  },
  OwnerAgreementChangeOrder: {
    table: 'owner_agreement_change_orders', id: 'ownerAgreementChangeOrderId', select: OWNER_AGREEMENT_CO_SELECT, label: 'owner agreement change order',
    projectSql: 'SELECT oa.projectId FROM owner_agreement_change_orders t JOIN owner_agreements oa USING (ownerAgreementId) WHERE t.ownerAgreementChangeOrderId = ?',
    // The amount is the linked change events' approved amounts (LinkChangeEventToOwnerChangeOrder).
    header: { description: 'text', changeOrderDate: 'date' },
  },
};

export const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const dateMessage = (field: string) => `${field} must be a date (YYYY-MM-DD) on or after ${EARLIEST_DAY}.`;

/** The record with its items (cost code shown 2-4-2 and its type), as the loads answer it. */
export function recordWithItems(db: Database.Database, spec: Spec, id: number): Record<string, unknown> {
  const record = toApi(recordOr404(db, spec.select, `t.${spec.id}`, id, spec.label));
  if (spec.items) {
    record.items = rowsToApi(db.prepare(`SELECT i.*, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType
      FROM ${spec.items.table} i JOIN cost_codes cc ON cc.costCodeId = i.costCodeId WHERE i.${spec.id} = ? ORDER BY i.rowid`).all(id) as Array<Record<string, unknown>>);
  }
  return record;
}
