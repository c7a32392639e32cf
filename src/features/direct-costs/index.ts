/**
 * Direct costs (issue 11): loads, the page's store, totals and writes; the Direct Cost workbench
 * body (new and existing). The workflow rules are src/core/workflow/direct-costs.ts.
 */
export * from './data';
export { DirectCostWorkbench, DIRECT_COST_WB_TEXT } from './DirectCostWorkbench';
export type { DirectCostWorkbenchProps } from './DirectCostWorkbench';
