/**
 * The SELECTs of every record type, shared by the single-object lookups and the data loads, so a
 * record looks the same whichever call returns it. Each is `SELECT … FROM … ` with the main table
 * aliased `t`; callers append WHERE/ORDER BY.
 */
import { CODE_DISPLAY_SQL, STATE_COLUMNS, STATE_JOIN } from './rows';

export const PROJECT_SELECT = `SELECT t.projectId, t.legalEntityId, t.number, t.name, t.classification, t.budgetId, t.legacyProjectId,
  t.legacyBudgetId, t.buyoutProjectId, t.procoreProjectId, t.projectDescription, t.city, t.state, t.projectManagerEmployeeId,
  pm.preferredName AS projectManagerName, t.regionalProjectManagerEmployeeId, t.regionId, t.contractAmount, t.startDate, t.completionDate,
  t.active, t.displayText, le.displayText AS legalEntityName, t.modifiedAt
  FROM projects t JOIN legal_entities le ON le.legalEntityId = t.legalEntityId
  LEFT JOIN employees pm ON pm.employeeId = t.projectManagerEmployeeId`;

export const BUDGET_SELECT = `SELECT t.budgetId, t.projectId, t.jobNumber, t.name, t.displayText, t.budgetLock, t.budgetLockReason,
  t.rollUpBudgetId, p.name AS projectName, p.legalEntityId, p.classification, t.modifiedAt
  FROM budgets t JOIN projects p ON p.projectId = t.projectId`;

export const COST_CODE_SELECT = `SELECT t.costCodeId, t.budgetId, b.projectId, t.code, ${CODE_DISPLAY_SQL('t.code')} AS codeDisplay, t.type,
  ct.name AS costTypeName, t.description, t.displayText, t.originalBudget, t.unitOfMeasure, t.budgetUnits, t.budgetHours, t.modifiedAt
  FROM cost_codes t JOIN budgets b ON b.budgetId = t.budgetId JOIN cost_types ct ON ct.costType = t.type`;

const vendorColumns = 'v.name AS vendorName';

/**
 * A contract's amounts (subcontracts, purchase agreements; table `<contract>s` aliased t, its items
 * `<contract>_items`, its change orders `<contract>_change_orders`): originalAmount, the sum of its
 * items; approvedChanges, the sum of the items of its Approved change orders.
 */
const contractAmounts = (contract: 'subcontract' | 'purchase_agreement', idColumn: string) =>
  `(SELECT coalesce(sum(amount), 0) FROM ${contract}_items i WHERE i.${idColumn} = t.${idColumn}) AS originalAmount,
  ${changeOrderItemsSum(contract, idColumn, 'Approved')} AS approvedChanges`;

/** The sum of the items of contract `alias`'s change orders in state `stateName` (contractAmounts; the SRA gate's sums). */
export const changeOrderItemsSum = (contract: 'subcontract' | 'purchase_agreement', idColumn: string, stateName: string, alias = 't') => {
  const changeOrderId = idColumn.replace(/Id$/, 'ChangeOrderId');
  return `(SELECT coalesce(sum(ci.amount), 0) FROM ${contract}_change_order_items ci JOIN ${contract}_change_orders co USING (${changeOrderId})
     JOIN application_record_states cs ON cs.applicationRecordStateId = co.applicationRecordStateId
     WHERE co.${idColumn} = ${alias}.${idColumn} AND cs.name = '${stateName}')`;
};

/** `column` of commitment `alias`'s last certified pay application, else 0 (billed; the vendor's open backlog). */
export const lastCertified = (recordKey: string, idColumn: string, column: string, alias = 't') =>
  `coalesce((SELECT p.${column} FROM pay_applications p WHERE p.commitmentKey = '${recordKey}'
    AND p.commitmentId = ${alias}.${idColumn} AND p.certifiedCompletedAndStored IS NOT NULL ORDER BY p.sequence DESC LIMIT 1), 0)`;

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

export const OWNER_AGREEMENT_SELECT = `SELECT t.ownerAgreementId, t.projectId, t.budgetId, t.number, t.ownerName, t.description, t.contractType,
  t.contractAmount, t.applicationRecordStateId, ${STATE_COLUMNS}, t.executedDate,
  (SELECT coalesce(sum(co.amount), 0) FROM owner_agreement_change_orders co JOIN application_record_states cs ON cs.applicationRecordStateId = co.applicationRecordStateId
     WHERE co.ownerAgreementId = t.ownerAgreementId AND cs.name = 'Approved') AS approvedChanges,
  t.displayText, t.modifiedAt
  FROM owner_agreements t ${STATE_JOIN('t')}`;

export const OWNER_AGREEMENT_CO_SELECT = `SELECT t.ownerAgreementChangeOrderId, t.ownerAgreementId, oa.projectId, t.budgetId, t.number, t.description,
  t.amount, t.applicationRecordStateId, ${STATE_COLUMNS}, t.changeOrderDate,
  (SELECT count(*) FROM change_events ce WHERE ce.ownerAgreementChangeOrderId = t.ownerAgreementChangeOrderId) AS changeEventCount,
  t.displayText, t.modifiedAt
  FROM owner_agreement_change_orders t JOIN owner_agreements oa ON oa.ownerAgreementId = t.ownerAgreementId ${STATE_JOIN('t')}`;

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

export const COST_ADJUSTMENT_SELECT = `SELECT t.costAdjustmentId, t.projectId, t.budgetId, t.costAdjustmentReasonId, t.number, t.description,
  t.adjustmentDate, t.amount, t.transfer, t.applicationRecordStateId, ${STATE_COLUMNS},
  (SELECT count(*) FROM cost_adjustment_items i WHERE i.costAdjustmentId = t.costAdjustmentId) AS itemCount,
  (SELECT min(i.costAdjustmentItemId) FROM cost_adjustment_items i WHERE i.costAdjustmentId = t.costAdjustmentId) AS linkedItemId,
  (SELECT r.documentType || ' ' || r.documentNumber FROM cost_adjustment_reference_documents r WHERE r.costAdjustmentId = t.costAdjustmentId
    ORDER BY r.costAdjustmentReferenceDocumentId LIMIT 1) AS referenceDocument,
  (SELECT count(*) FROM cost_adjustment_reference_documents r WHERE r.costAdjustmentId = t.costAdjustmentId) AS referenceDocumentCount,
  t.displayText, t.modifiedAt
  FROM cost_adjustments t ${STATE_JOIN('t')}`;

/** Direct costs with the approval facts of migration 002 (who submitted, the last Revise and Resubmit reason and who gave it). */
export const DIRECT_COST_SELECT = `SELECT t.directCostId, t.projectId, t.budgetId, b.jobNumber, b.budgetLock, t.directCostTypeId, t.vendorId, v.name AS vendorName, t.number,
  t.invoiceNumber, t.directCostDate, t.description, t.amount, t.applicationRecordStateId, ${STATE_COLUMNS},
  t.submittedAt, t.submittedByEmployeeId, se.displayText AS submittedByName,
  t.reviseReason, t.revisedAt, t.revisedByEmployeeId, re.displayText AS revisedByName, t.displayText, t.modifiedAt
  FROM direct_costs t JOIN budgets b ON b.budgetId = t.budgetId LEFT JOIN vendors v ON v.vendorId = t.vendorId
  LEFT JOIN employees se ON se.employeeId = t.submittedByEmployeeId LEFT JOIN employees re ON re.employeeId = t.revisedByEmployeeId ${STATE_JOIN('t')}`;

export const VENDOR_SELECT = `SELECT t.vendorId, t.vendorNumber, t.name, t.trade, t.city, t.state, t.phone, t.email, t.active, t.displayText, t.modifiedAt
  FROM vendors t`;
