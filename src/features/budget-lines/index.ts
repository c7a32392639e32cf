/**
 * Budget lines: cost codes and the §5 cost-code picker (commitments, change events, direct costs and
 * cost adjustments pick through it), a project's budgets, the scope of a screen's loads, and the Add
 * Cost Code and Cost Code Transactions workbenches.
 */
export * from './data';
// The line and budget shapes other areas pick through this door (commitments, change events, direct costs, cost adjustments).
export type { BudgetRow, CostCodeRow } from '../../core/budget-lines/contract';
export { CostCodePicker } from './CostCodePicker';
export type { CostCodePickerProps } from './CostCodePicker';
export { costCodeDigits, validateCostCode } from './add-cost-code-rules';
export type { AddCostCodeValues, Feedback as AddCostCodeFeedback } from './add-cost-code-rules';
export { AddCostCode } from './AddCostCodeWorkbench';
export type { AddCostCodeProps } from './AddCostCodeWorkbench';
export { CostCodeTransactions } from './CostCodeTransactionsWorkbench';
export type { CostCodeTransactionsProps } from './CostCodeTransactionsWorkbench';
