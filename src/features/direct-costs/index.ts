/**
 * Direct costs (issue 11): loads, the page's store, totals and writes; the project's Direct Costs
 * screen and the Direct Cost workbench body (new and existing). The workflow rules are
 * src/core/direct-costs/contract.ts.
 */
export * from './data';
export { DirectCosts, DIRECT_COSTS_TEXT } from './DirectCostsScreen';
export type { DirectCostsProps } from './DirectCostsScreen';
export { DirectCostWorkbench, DIRECT_COST_WB_TEXT } from './DirectCostWorkbench';
export type { DirectCostWorkbenchProps } from './DirectCostWorkbench';
