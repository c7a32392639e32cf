/**
 * Project closeouts (issue 15, legacy hand-off /ProjectToolbox/ProjectCloseouts): the checklist a
 * project must pass before it is soft closed, which action may start from which closeout state, and
 * the words both the demo host (demo/host/api/toolbox/closeouts.ts computes and enforces) and
 * `<pt-project-closeouts>` show. The states, the calls and their answers: ./contract.ts.
 *
 * States: Open → Soft Closed (no blocker left; the project's team with a write role, its RPM or an
 * Admin) → Final Closed (keyPFM Admin). An Admin reopens a Soft or Final Closed project. A Soft or
 * Final Closed project takes no new costs: the host refuses new direct costs and cost adjustments.
 */
import { CLOSEOUT_ACTIONS, type CloseoutAction, type CloseoutState } from './contract';

/** Billing short of the current amount by less than this (rounding) counts as fully billed. */
export const CLOSEOUT_TOLERANCE = 0.005;

/** The checklist items, in the screen's order. */
export const CLOSEOUT_ITEMS = [
  {
    id: 'commitments',
    title: 'All commitments closed or fully billed',
    text: 'Every subcontract, purchase agreement and purchase order that is not Closed or Void must be billed to its current amount (original plus approved change orders). Bill the rest, or close the commitment.',
  },
  {
    id: 'retainage',
    title: 'Retainage released',
    text: 'Retainage is held on what was billed against a subcontract or purchase agreement with a retainage percentage, until the commitment is closed with its final payment. Release it by paying it and closing the commitment.',
  },
  {
    id: 'change-events',
    title: 'No open change events',
    text: 'Every change event must be in a closed state: Complete, No Change, Rejected or Canceled.',
  },
  {
    id: 'projection',
    title: 'Final projection submitted',
    text: 'The projection of the current period must be submitted for every budget of the project (locked and roll-up budgets excepted), as Submit Projections does in the projection grid.',
  },
  {
    id: 'direct-costs',
    title: 'All direct costs posted',
    text: 'Every direct cost must be Posted or Void: approve and post it, or void it.',
  },
  {
    id: 'contract-documents',
    title: 'Required contract documents received',
    text: 'Every required document of contract document tracking (insurance certificates, bonds, signed contracts) must be marked received.',
  },
] as const;
export type CloseoutItemId = (typeof CLOSEOUT_ITEMS)[number]['id'];

/** The screen a record key is fixed on, and its workbench kind (null: the projection grid, by budget). */
const RECORD_SCREEN: Record<string, { path: string; workbench: string | null; activeTab?: string }> = {
  Subcontract: { path: '/pfm/projects/commitments', workbench: 'Subcontract' },
  PurchaseAgreement: { path: '/pfm/projects/commitments', workbench: 'PurchaseAgreement' },
  PurchaseOrder: { path: '/pfm/projects/commitments', workbench: 'PurchaseOrder' },
  ChangeEvent: { path: '/pfm/projects/changemanagement', workbench: 'ChangeEvent', activeTab: 'change-events' },
  DirectCost: { path: '/pfm/projects/directcosts', workbench: 'DirectCost' },
  Budget: { path: '/pfm/projects/projectiongrid', workbench: null },
};

/**
 * The same-origin link of a blocking record: its workbench over its project's screen
 * (`/pfm/projects/commitments?projectId=1&workbench=Subcontract&recordKey=Subcontract&recordId=5`), or
 * for a budget the projection grid (`?projectId=&budgetId=`).
 */
export function closeoutRecordHref(projectId: number, recordKey: string, recordId: number): string {
  const screen = RECORD_SCREEN[recordKey];
  const query = new URLSearchParams({ projectId: String(projectId) });
  if (!screen) return `/pfm/projects?${query}`;
  if (!screen.workbench) {
    query.set('budgetId', String(recordId));
    return `${screen.path}?${query}`;
  }
  if (screen.activeTab) query.set('activeTab', screen.activeTab);
  query.set('workbench', screen.workbench);
  query.set('recordKey', recordKey);
  query.set('recordId', String(recordId));
  return `${screen.path}?${query}`;
}

/** True when `action` may start from `state`. */
export const actionFrom = (action: CloseoutAction, state: CloseoutState): boolean =>
  (CLOSEOUT_ACTIONS[action].from as readonly CloseoutState[]).includes(state);

/** A closeout reason's longest length. */
export const CLOSEOUT_REASON_MAX = 1000;

export const CLOSEOUT_TEXT = {
  title: 'Project Closeouts',
  listTitle: 'Your projects',
  loading: 'Loading closeouts…',
  noProjects: 'You are on no project team.',
  passed: 'Done',
  failed: 'Blocked',
  noBlockers: 'No blocker: this project may be soft closed.',
  reasonLabel: 'Reason',
  reasonRequired: 'A reason is required.',
  reasonTooLong: `The reason is longer than ${CLOSEOUT_REASON_MAX} characters.`,
  markReceived: 'Mark received',
  blockersRemain: (number: string, count: number, items: readonly string[]) =>
    `Project ${number} can not be soft closed: ${count} ${count === 1 ? 'record blocks' : 'records block'} it (${items.join('; ')}). Clear them first.`,
  wrongState: (number: string, action: string, state: CloseoutState) => `Project ${number} is ${state}: it can not be ${action === 'reopen' ? 'reopened' : action === 'finalClose' ? 'final closed' : 'soft closed'}.`,
  finalNeedsAdmin: 'Only a keyPFM Admin may final close a project.',
  reopenNeedsAdmin: 'Only a keyPFM Admin may reopen a project.',
  stale: (number: string, state: CloseoutState, by: string | null) =>
    `Project ${number} is now ${state}${by ? ` (changed by ${by})` : ''}. Reload it and try again.`,
  /** The refusal of a new cost on a closed project (direct costs, cost adjustments). */
  takesNoCosts: (number: string, name: string, state: CloseoutState) =>
    `Project ${number} ${name} is ${state}: it takes no new costs (direct costs, cost adjustments, commitments). An Admin can reopen it.`,
  failedLoad: {
    401: 'Your session has expired. Sign in again, then Retry.',
    403: 'You are not on this project’s team.',
    404: 'This project was not found.',
    timeout: 'The closeout checklist took too long to answer.',
    other: 'The closeout checklist could not be loaded.',
  },
  retry: 'Retry',
  reload: 'Reload',
  done: (number: string, state: CloseoutState) => `Project ${number} is now ${state}.`,
  received: (title: string) => `${title}: marked received.`,
  actionFailed: {
    signedOut: 'Your session has expired. Sign in again, then try again.',
    forbidden: 'You may not do this on this project.',
    stale: 'Someone changed this project first.',
    timeout: 'The server took too long to answer. Try again.',
    failed: 'The change could not be saved. Try again.',
  },
  states: { Open: 'Open', 'Soft Closed': 'Soft Closed', 'Final Closed': 'Final Closed' } as Record<CloseoutState, string>,
  history: 'History',
  noHistory: 'No closeout action yet.',
  backToList: 'All my projects',
} as const;
