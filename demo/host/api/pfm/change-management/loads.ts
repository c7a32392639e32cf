/** The §7 loads of change management (the table of loads.ts): initiating documents, change events and their items. */
import { STATE_COLUMNS, STATE_JOIN } from '../../rows';
import { STATEFUL, type RecordLoads } from '../load-kinds';

// The SELECTs of initiating documents, change events and their items, shared by these loads, the writes and state
// updates, and the commitment change orders' §5 link, so a record looks the same whichever call returns it. Each is
// `SELECT … FROM … ` with the main table aliased `t`; callers append WHERE/ORDER BY.

export const CHANGE_RECORD_SELECT = `SELECT t.changeRecordId, t.projectId, t.budgetId, t.changeRecordTypeId, t.initiatingDocumentTypeId, t.changeReasonId,
  t.rfiId, t.number, t.title, t.description, t.documentDate, t.estimatedAmount, t.applicationRecordStateId, ${STATE_COLUMNS},
  (SELECT count(*) FROM change_events ce WHERE ce.changeRecordId = t.changeRecordId) AS changeEventCount, t.displayText, t.modifiedAt
  FROM change_records t ${STATE_JOIN('t')}`;

export const CHANGE_EVENT_SELECT = `SELECT t.changeEventId, t.changeRecordId, t.projectId, t.budgetId, t.ownerAgreementId, t.ownerAgreementChangeOrderId,
  t.reimbursableTypeId, t.changeReasonId, t.number, t.title, t.description, t.probability, t.applicationRecordStateId, ${STATE_COLUMNS},
  (SELECT coalesce(sum(estimatedAmount), 0) FROM change_event_items i WHERE i.changeEventId = t.changeEventId AND i.parentChangeEventItemId IS NULL) AS estimatedAmount,
  (SELECT coalesce(sum(approvedAmount), 0) FROM change_event_items i WHERE i.changeEventId = t.changeEventId AND i.parentChangeEventItemId IS NULL) AS approvedAmount,
  (SELECT count(*) FROM change_event_items i WHERE i.changeEventId = t.changeEventId) AS itemCount,
  (SELECT o.number FROM owner_agreement_change_orders o WHERE o.ownerAgreementChangeOrderId = t.ownerAgreementChangeOrderId) AS ownerChangeOrderNumber,
  (SELECT s.closed FROM owner_agreement_change_orders o JOIN application_record_states s ON s.applicationRecordStateId = o.applicationRecordStateId
    WHERE o.ownerAgreementChangeOrderId = t.ownerAgreementChangeOrderId) AS ownerChangeOrderClosed,
  t.displayText, t.modifiedAt
  FROM change_events t ${STATE_JOIN('t')}`;

/** Change event items, with the commitment change order their linked change-order item belongs to (§5 link), if any. */
export const CHANGE_EVENT_ITEM_SELECT = `SELECT t.changeEventItemId, t.changeEventId, t.parentChangeEventItemId, ce.projectId, ce.budgetId, t.costCodeId,
  cc.code AS costCode, cc.type AS costType, t.vendorId, v.name AS vendorName, t.description, t.estimatedAmount, t.proposedAmount, t.approvedAmount,
  t.coItemRecordKey, t.coItemRecordId,
  CASE WHEN sco.subcontractChangeOrderId IS NOT NULL THEN 'SubcontractChangeOrder' WHEN pco.purchaseAgreementChangeOrderId IS NOT NULL THEN 'PurchaseAgreementChangeOrder' END AS changeOrderKey,
  coalesce(sco.subcontractChangeOrderId, pco.purchaseAgreementChangeOrderId) AS changeOrderId, coalesce(sco.number, pco.number) AS changeOrderNumber,
  coalesce(sc.number, pa.number) AS commitmentNumber,
  t.applicationRecordStateId, ${STATE_COLUMNS}, st.displayOrder AS stateDisplayOrder, t.displayText, t.modifiedAt
  FROM change_event_items t JOIN change_events ce ON ce.changeEventId = t.changeEventId
  LEFT JOIN cost_codes cc ON cc.costCodeId = t.costCodeId LEFT JOIN vendors v ON v.vendorId = t.vendorId
  LEFT JOIN subcontract_change_order_items sci ON t.coItemRecordKey = 'SubcontractChangeOrderItem' AND sci.subcontractChangeOrderItemId = t.coItemRecordId
  LEFT JOIN subcontract_change_orders sco ON sco.subcontractChangeOrderId = sci.subcontractChangeOrderId
  LEFT JOIN subcontracts sc ON sc.subcontractId = sco.subcontractId
  LEFT JOIN purchase_agreement_change_order_items pci ON t.coItemRecordKey = 'PurchaseAgreementChangeOrderItem' AND pci.purchaseAgreementChangeOrderItemId = t.coItemRecordId
  LEFT JOIN purchase_agreement_change_orders pco ON pco.purchaseAgreementChangeOrderId = pci.purchaseAgreementChangeOrderId
  LEFT JOIN purchase_agreements pa ON pa.purchaseAgreementId = pco.purchaseAgreementId ${STATE_JOIN('t')}`;

export const CHANGE_RECORD_LOADS: RecordLoads = {
  getinitiatingdocuments: {
    select: CHANGE_RECORD_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Rfi: 't.rfiId', ChangeRecord: 't.changeRecordId' } },
    openExpr: STATEFUL, orderBy: 't.number', record: 'ChangeRecord', secured: true,
  },
  getchangeevents: {
    select: CHANGE_EVENT_SELECT,
    columns: {
      project: 't.projectId', budget: 't.budgetId',
      keys: { ChangeRecord: 't.changeRecordId', OwnerAgreement: 't.ownerAgreementId', OwnerAgreementChangeOrder: 't.ownerAgreementChangeOrderId', ChangeEvent: 't.changeEventId' },
    },
    openExpr: STATEFUL, orderBy: 't.number', record: 'ChangeEvent', secured: true,
  },
  getchangeeventitems: {
    select: CHANGE_EVENT_ITEM_SELECT,
    columns: { project: 'ce.projectId', budget: 'ce.budgetId', keys: { ChangeEvent: 't.changeEventId', Vendor: 't.vendorId', CostCode: 't.costCodeId', ChangeEventItem: 't.changeEventItemId' } },
    openExpr: STATEFUL, orderBy: 't.changeEventId, t.changeEventItemId', record: 'ChangeEventItem', secured: true,
  },
};
