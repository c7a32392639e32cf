/**
 * Cost adjustments (issue 11): loads, the shared store, list rules and totals, writes; the project's
 * Cost Adjustments screen, the Cost Adjustment workbench body, its reference documents and the
 * new-adjustment form.
 */
export * from './data';
export { CostAdjustments, LIST_TEXT } from './CostAdjustmentsScreen';
export type { CostAdjustmentsProps } from './CostAdjustmentsScreen';
export { CostAdjustmentWorkbench, CA_TEXT } from './CostAdjustmentWorkbench';
export { ReferenceDocuments, DOCUMENT_TEXT, DOCUMENT_TYPES } from './ReferenceDocuments';
export { NewCostAdjustment, NEW_TEXT } from './NewCostAdjustment';
