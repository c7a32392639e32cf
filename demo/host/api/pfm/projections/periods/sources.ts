/**
 * The records behind three of a budget line's figures, one row per (line, figure, record): what a forecast
 * snapshot keeps beside its lines so that "why did the forecast move" can name the records that moved it, by
 * difference of two snapshots, without relying on when each record changed.
 *
 * The figures are projections/summaries.ts' (approved changes, committed, actual to date) and these rows follow
 * its rules; a record the rules there count and these do not shows as the source's `unlinked` amount, never as a
 * wrong total (the totals come from the lines). When summaries.ts' rules change, change these with them: committed
 * reads the one core rule (commitments/terms COMMITTED_STATES), actual cost only transactions of kind 'actual'.
 */
import { COMMITTED_STATES } from '../../../../../../src/core/commitments/terms';

const sqlList = (names: readonly string[]) => `(${names.map((n) => `'${n}'`).join(', ')})`;

/** The rows for the lines of budget `@budgetId`: costCodeId, component, recordKey, recordId, number, amount. */
export const LINE_SOURCES_SQL = `
  WITH lines AS (SELECT costCodeId FROM cost_codes WHERE budgetId = @budgetId),
  states AS (SELECT applicationRecordStateId AS id, name FROM application_record_states)
  SELECT i.costCodeId, 'approvedChanges' AS component, 'ChangeEvent' AS recordKey, ce.changeEventId AS recordId, ce.number AS number,
    sum(coalesce(i.approvedAmount, 0)) AS amount
  FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId
    JOIN states si ON si.id = i.applicationRecordStateId JOIN states sc ON sc.id = ce.applicationRecordStateId
  WHERE si.name IN ('Approved', 'Pending Commitment', 'Committed') AND sc.name IN ('Approved', 'Complete') AND i.costCodeId IN (SELECT costCodeId FROM lines)
  GROUP BY i.costCodeId, ce.changeEventId
  UNION ALL
  SELECT i.costCodeId, 'approvedChanges', 'CostAdjustment', ca.costAdjustmentId, ca.number, sum(i.amount)
  FROM cost_adjustment_items i JOIN cost_adjustments ca ON ca.costAdjustmentId = i.costAdjustmentId JOIN states s ON s.id = ca.applicationRecordStateId
  WHERE s.name = 'Reconciled' AND i.costCodeId IN (SELECT costCodeId FROM lines)
  GROUP BY i.costCodeId, ca.costAdjustmentId
  UNION ALL
  SELECT i.costCodeId, 'committed', 'Subcontract', c.subcontractId, c.number, sum(i.amount)
  FROM subcontract_items i JOIN subcontracts c USING (subcontractId) JOIN states s ON s.id = c.applicationRecordStateId
  WHERE s.name IN ${sqlList(COMMITTED_STATES.Subcontract)} AND i.costCodeId IN (SELECT costCodeId FROM lines) GROUP BY i.costCodeId, c.subcontractId
  UNION ALL
  SELECT i.costCodeId, 'committed', 'PurchaseAgreement', c.purchaseAgreementId, c.number, sum(i.amount)
  FROM purchase_agreement_items i JOIN purchase_agreements c USING (purchaseAgreementId) JOIN states s ON s.id = c.applicationRecordStateId
  WHERE s.name IN ${sqlList(COMMITTED_STATES.PurchaseAgreement)} AND i.costCodeId IN (SELECT costCodeId FROM lines) GROUP BY i.costCodeId, c.purchaseAgreementId
  UNION ALL
  SELECT i.costCodeId, 'committed', 'PurchaseOrder', c.purchaseOrderId, c.number, sum(i.amount)
  FROM purchase_order_items i JOIN purchase_orders c USING (purchaseOrderId) JOIN states s ON s.id = c.applicationRecordStateId
  WHERE s.name IN ${sqlList(COMMITTED_STATES.PurchaseOrder)} AND c.purchaseAgreementId IS NULL AND i.costCodeId IN (SELECT costCodeId FROM lines)
  GROUP BY i.costCodeId, c.purchaseOrderId
  UNION ALL
  SELECT i.costCodeId, 'committed', 'SubcontractChangeOrder', c.subcontractChangeOrderId, c.number, sum(i.amount)
  FROM subcontract_change_order_items i JOIN subcontract_change_orders c USING (subcontractChangeOrderId) JOIN states s ON s.id = c.applicationRecordStateId
  WHERE s.name = 'Approved' AND i.costCodeId IN (SELECT costCodeId FROM lines) GROUP BY i.costCodeId, c.subcontractChangeOrderId
  UNION ALL
  SELECT i.costCodeId, 'committed', 'PurchaseAgreementChangeOrder', c.purchaseAgreementChangeOrderId, c.number, sum(i.amount)
  FROM purchase_agreement_change_order_items i JOIN purchase_agreement_change_orders c USING (purchaseAgreementChangeOrderId)
    JOIN states s ON s.id = c.applicationRecordStateId
  WHERE s.name = 'Approved' AND i.costCodeId IN (SELECT costCodeId FROM lines) GROUP BY i.costCodeId, c.purchaseAgreementChangeOrderId
  UNION ALL
  -- Actual cost by the record that wrote it (a commitment billed, a direct cost…); cost with no record stays unlinked.
  SELECT x.costCodeId, 'actualToDate', x.sourceRecordKey, x.sourceRecordId, max(x.documentNumber), sum(x.amount)
  FROM cost_code_transactions x
  WHERE x.budgetId = @budgetId AND x.kind = 'actual' AND x.sourceRecordKey IS NOT NULL AND x.sourceRecordId IS NOT NULL
  GROUP BY x.costCodeId, x.sourceRecordKey, x.sourceRecordId`;
