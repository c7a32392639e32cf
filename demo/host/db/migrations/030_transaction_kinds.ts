/**
 * 030: what a cost-code transaction is, and how a projection was typed.
 * - cost_code_transactions.kind: 'actual' (cost incurred: payroll, invoices, pay applications, direct
 *   costs) or 'budgetTransfer' (a posted cost adjustment: it moves budget between lines, not cost).
 *   Actual to date counts only 'actual'. Existing rows written by posted cost adjustments (source record
 *   key 'CostAdjustment', source type 'Cost Adjustment') become 'budgetTransfer', so an upgraded database
 *   stops counting a $25,000 transfer as $25,000 of actual cost on one line and -$25,000 on the other.
 *   Old values are kept as they were (no modifiedAt is touched): a new release's grid loads in full.
 * - projections.pluggedQuantity / pluggedRate / pluggedBy ('units' | 'hours'): a cost to complete typed
 *   as units (or hours) to complete × unit cost (or rate); NULL when typed as an amount.
 * Frozen: no live imports.
 */
export const TRANSACTION_KINDS_030 = `
ALTER TABLE cost_code_transactions ADD COLUMN kind TEXT NOT NULL DEFAULT 'actual' CHECK (kind IN ('actual', 'budgetTransfer'));

UPDATE cost_code_transactions SET kind = 'budgetTransfer'
  WHERE sourceRecordKey = 'CostAdjustment' OR (sourceRecordKey IS NULL AND sourceType = 'Cost Adjustment');

ALTER TABLE projections ADD COLUMN pluggedQuantity REAL;
ALTER TABLE projections ADD COLUMN pluggedRate REAL;
ALTER TABLE projections ADD COLUMN pluggedBy TEXT CHECK (pluggedBy IN ('units', 'hours'));
`;
