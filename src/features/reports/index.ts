/** Reports (issue 12): report tables from the BI service, as CSV; the Reports workbench. */
export * from './data';
export { Reports } from './ReportsWorkbench';
export type { ReportsProps } from './ReportsWorkbench';
