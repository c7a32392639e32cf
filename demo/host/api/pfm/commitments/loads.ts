/**
 * The §7 loads of commitments (the table of loads.ts): subcontracts, purchase agreements and purchase
 * orders with their items, the change orders of subcontracts and purchase agreements, the vendors
 * holding commitments, and Spectrum's contract document tracking.
 */
import * as Q from '../../queries';
import { keysOf, scopeWhere } from '../../scope';
import { STATEFUL, withItems, type RecordLoads, type Row, type SpecialLoads } from '../load-kinds';

export const COMMITMENT_RECORD_LOADS: RecordLoads = {
  getsubcontracts: {
    select: Q.SUBCONTRACT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', Subcontract: 't.subcontractId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('subcontract_items', 'subcontractId'), secured: 'Subcontract',
  },
  getpurchaseagreements: {
    select: Q.PURCHASE_AGREEMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', PurchaseAgreement: 't.purchaseAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('purchase_agreement_items', 'purchaseAgreementId'),
  },
  getpurchaseorders: {
    select: Q.PURCHASE_ORDER_SELECT,
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', PurchaseAgreement: 't.purchaseAgreementId', PurchaseOrder: 't.purchaseOrderId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('purchase_order_items', 'purchaseOrderId'),
  },
  getsubcontractchangeorders: {
    select: Q.SUBCONTRACT_CO_SELECT, columns: { project: 's.projectId', budget: 's.budgetId', keys: { Subcontract: 't.subcontractId' } },
    openExpr: STATEFUL, orderBy: 't.subcontractId, t.number', children: withItems('subcontract_change_order_items', 'subcontractChangeOrderId'),
  },
  getpurchaseagreementchangeorders: {
    select: Q.PURCHASE_AGREEMENT_CO_SELECT, columns: { project: 'a.projectId', budget: 'a.budgetId', keys: { PurchaseAgreement: 't.purchaseAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.purchaseAgreementId, t.number', children: withItems('purchase_agreement_change_order_items', 'purchaseAgreementChangeOrderId'),
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
