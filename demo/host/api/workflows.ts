/**
 * An `openWorkflows` entry of the bell (§7 GetOpenItemsByEmployee) that an area computes from its own
 * records rather than reads from open_workflows: timecard corrections, SLIM requests and notifications,
 * SRA steps. Each area offsets its negative ids so they never clash with a real workflow instance or each other.
 */
export interface OpenWorkflowItem {
  workflowInstanceId: number;
  documentNumber: string;
  workflowTrigger: string;
  phaseName: string;
  /** A same-origin portal path. */
  directLink: string;
  applicationRecordKey: string;
  recordId: number;
}
