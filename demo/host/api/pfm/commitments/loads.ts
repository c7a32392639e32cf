/**
 * The §7 loads of commitments (the table of loads.ts): subcontracts, purchase agreements and purchase
 * orders with their items, the change orders of subcontracts and purchase agreements, the vendors
 * holding commitments, and Spectrum's contract document tracking.
 */
import { changeOrderItemsSum, lastCertified } from '../../queries';
import { STATE_COLUMNS, STATE_JOIN } from '../../rows';
import { keysOf, scopeWhere } from '../../scope';
import { STATEFUL, withItems, type RecordLoads, type Row, type SpecialLoads } from '../load-kinds';

// The SELECTs of commitments and their change orders, shared by these loads, the writes (specs.ts) and the single-object
// lookups (lookups.ts), so a record looks the same whichever call returns it. Each is `SELECT … FROM … ` with the main
// table aliased `t`; callers append WHERE/ORDER BY.

const vendorColumns = 'v.name AS vendorName';

/**
 * A contract's amounts (subcontracts, purchase agreements; table `<contract>s` aliased t, its items
 * `<contract>_items`, its change orders `<contract>_change_orders`): originalAmount, the sum of its
 * items; approvedChanges, the sum of the items of its Approved change orders.
 */
const contractAmounts = (contract: 'subcontract' | 'purchase_agreement', idColumn: string) =>
  `(SELECT coalesce(sum(amount), 0) FROM ${contract}_items i WHERE i.${idColumn} = t.${idColumn}) AS originalAmount,
  ${changeOrderItemsSum(contract, idColumn, 'Approved')} AS approvedChanges`;

/**
 * Commitment t's billing from its pay applications (contract CommitmentBilling): billed, the total completed and
 * stored its last certified application certified; paid, the payments of its Paid applications; retainageHeld,
 * the retainage its last certified application held (0 after the release).
 */
const billed = (recordKey: string, idColumn: string) => {
  return `${lastCertified(recordKey, idColumn, 'certifiedCompletedAndStored')} AS billed,
  (SELECT coalesce(sum(p.certifiedPaymentDue), 0) FROM pay_applications p JOIN application_record_states ps ON ps.applicationRecordStateId = p.applicationRecordStateId
    WHERE p.commitmentKey = '${recordKey}' AND p.commitmentId = t.${idColumn} AND ps.name = 'Paid') AS paid,
  ${lastCertified(recordKey, idColumn, 'certifiedRetainage')} AS retainageHeld`;
};

export const SUBCONTRACT_SELECT = `SELECT t.subcontractId, t.projectId, t.budgetId, t.vendorId, ${vendorColumns}, t.subcontractTypeId, t.number,
  t.description, t.applicationRecordStateId, ${STATE_COLUMNS}, t.retainagePercent, t.excessLiability, t.executedDate, t.billedToDate,
  t.contractDate, t.scope, t.startDate, t.endDate, t.reduceRetainageAtHalf, t.buyoutCostCodeId,
  ${contractAmounts('subcontract', 'subcontractId')}, ${billed('Subcontract', 'subcontractId')},
  t.displayText, t.modifiedAt
  FROM subcontracts t JOIN vendors v ON v.vendorId = t.vendorId ${STATE_JOIN('t')}`;

export const PURCHASE_AGREEMENT_SELECT = `SELECT t.purchaseAgreementId, t.projectId, t.budgetId, t.vendorId, ${vendorColumns}, t.number,
  t.description, t.applicationRecordStateId, ${STATE_COLUMNS}, t.retainagePercent, t.executedDate, t.billedToDate,
  t.contractDate, t.scope, t.startDate, t.endDate, t.reduceRetainageAtHalf, t.buyoutCostCodeId,
  ${contractAmounts('purchase_agreement', 'purchaseAgreementId')}, ${billed('PurchaseAgreement', 'purchaseAgreementId')},
  t.displayText, t.modifiedAt
  FROM purchase_agreements t JOIN vendors v ON v.vendorId = t.vendorId ${STATE_JOIN('t')}`;

export const PURCHASE_ORDER_SELECT = `SELECT t.purchaseOrderId, t.projectId, t.budgetId, t.vendorId, ${vendorColumns}, t.purchaseAgreementId, t.number,
  t.description, t.applicationRecordStateId, ${STATE_COLUMNS}, t.orderDate, t.billedToDate,
  t.retainagePercent, t.scope, t.startDate, t.endDate, t.reduceRetainageAtHalf, t.buyoutCostCodeId,
  (SELECT coalesce(sum(amount), 0) FROM purchase_order_items i WHERE i.purchaseOrderId = t.purchaseOrderId) AS amount,
  ${billed('PurchaseOrder', 'purchaseOrderId')},
  t.displayText, t.modifiedAt
  FROM purchase_orders t JOIN vendors v ON v.vendorId = t.vendorId ${STATE_JOIN('t')}`;

export const SUBCONTRACT_CO_SELECT = `SELECT t.subcontractChangeOrderId, t.subcontractId, s.projectId, s.budgetId, s.vendorId, t.number, t.description,
  t.applicationRecordStateId, ${STATE_COLUMNS}, t.changeOrderDate,
  (SELECT coalesce(sum(amount), 0) FROM subcontract_change_order_items i WHERE i.subcontractChangeOrderId = t.subcontractChangeOrderId) AS amount,
  t.displayText, t.modifiedAt
  FROM subcontract_change_orders t JOIN subcontracts s ON s.subcontractId = t.subcontractId ${STATE_JOIN('t')}`;

export const PURCHASE_AGREEMENT_CO_SELECT = `SELECT t.purchaseAgreementChangeOrderId, t.purchaseAgreementId, a.projectId, a.budgetId, a.vendorId, t.number,
  t.description, t.applicationRecordStateId, ${STATE_COLUMNS}, t.changeOrderDate,
  (SELECT coalesce(sum(amount), 0) FROM purchase_agreement_change_order_items i WHERE i.purchaseAgreementChangeOrderId = t.purchaseAgreementChangeOrderId) AS amount,
  t.displayText, t.modifiedAt
  FROM purchase_agreement_change_orders t JOIN purchase_agreements a ON a.purchaseAgreementId = t.purchaseAgreementId ${STATE_JOIN('t')}`;

export const COMMITMENT_RECORD_LOADS: RecordLoads = {
  getsubcontracts: {
    select: SUBCONTRACT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', Subcontract: 't.subcontractId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('subcontract_items', 'subcontractId'), record: 'Subcontract', secured: true,
  },
  getpurchaseagreements: {
    select: PURCHASE_AGREEMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', PurchaseAgreement: 't.purchaseAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('purchase_agreement_items', 'purchaseAgreementId'), record: 'PurchaseAgreement',
  },
  getpurchaseorders: {
    select: PURCHASE_ORDER_SELECT,
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', PurchaseAgreement: 't.purchaseAgreementId', PurchaseOrder: 't.purchaseOrderId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('purchase_order_items', 'purchaseOrderId'), record: 'PurchaseOrder',
  },
  getsubcontractchangeorders: {
    select: SUBCONTRACT_CO_SELECT, columns: { project: 's.projectId', budget: 's.budgetId', keys: { Subcontract: 't.subcontractId', SubcontractChangeOrder: 't.subcontractChangeOrderId' } },
    openExpr: STATEFUL, orderBy: 't.subcontractId, t.number', children: withItems('subcontract_change_order_items', 'subcontractChangeOrderId'),
    record: 'SubcontractChangeOrder',
  },
  getpurchaseagreementchangeorders: {
    select: PURCHASE_AGREEMENT_CO_SELECT,
    columns: { project: 'a.projectId', budget: 'a.budgetId', keys: { PurchaseAgreement: 't.purchaseAgreementId', PurchaseAgreementChangeOrder: 't.purchaseAgreementChangeOrderId' } },
    openExpr: STATEFUL, orderBy: 't.purchaseAgreementId, t.number', children: withItems('purchase_agreement_change_order_items', 'purchaseAgreementChangeOrderId'),
    record: 'PurchaseAgreementChangeOrder',
  },
  getspectrumcontractdocumenttracking: {
    select: 'SELECT t.*, v.name AS vendorName FROM contract_document_tracking t JOIN vendors v ON v.vendorId = t.vendorId',
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', Subcontract: "CASE t.commitmentRecordKey WHEN 'Subcontract' THEN t.commitmentId END" } },
    orderBy: 't.commitmentRecordKey, t.commitmentId, t.contractDocumentTrackingId',
  },
};

export const COMMITMENT_SPECIAL_LOADS: SpecialLoads = {
  getcommitmentvendors: {
    keys: keysOf({}),
    run: (db, params) => {
      const parts = ['subcontracts', 'purchase_agreements', 'purchase_orders'].map((table) => {
        const { where, args } = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId' });
        return { sql: `SELECT t.vendorId, '${table}' AS source FROM ${table} t ${where.length ? 'WHERE ' + where.join(' AND ') : ''}`, args };
      });
      const rows = db.prepare(`SELECT v.vendorId, v.vendorNumber, v.name, v.trade, v.city, v.state, v.displayText, v.modifiedAt,
          sum(c.source = 'subcontracts') AS subcontractCount, sum(c.source = 'purchase_agreements') AS purchaseAgreementCount,
          sum(c.source = 'purchase_orders') AS purchaseOrderCount
        FROM (${parts.map((p) => p.sql).join(' UNION ALL ')}) c JOIN vendors v ON v.vendorId = c.vendorId
        ${params.lastLoad ? 'WHERE v.modifiedAt > ?' : ''}
        GROUP BY v.vendorId ORDER BY v.name`).all(...parts.flatMap((p) => p.args), ...(params.lastLoad ? [params.lastLoad] : [])) as Row[];
      return rows;
    },
  },
};
