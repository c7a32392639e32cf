/**
 * Direct costs (§2, §3; issue 11): the approval workflow and the rules a direct cost must meet,
 * shared by the client (which checks before it sends) and the demo host (which enforces them on
 * every write and state move, also for a direct API call).
 *
 * Workflow: Draft → Pending Approval → Approved → Posted; from Pending Approval the approver may
 * send it back with **Revise and Resubmit** (to Draft, a reason required, shown to the submitter);
 * Void from any open state. Approving and sending back are for an approver (RPM or Admin on keyPFM):
 * the project manager who submits does not approve their own costs. Submitting and posting are for
 * any PFM role. An approved direct cost is cost on the job: it shows in the cost-code transactions
 * and in actual to date; voiding it takes that cost off again.
 */
import { roleAllows, type RoleEntry } from '../access';
import { isCalendarDate } from '../format/dates';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

/** The record key of direct costs (states, files, workbench). */
export const DIRECT_COST_KEY = 'DirectCost';

/** The direct cost calls (the screen and workbench make them; demo/host/api/pfm/direct-costs answers them). */
export const DIRECT_COST_PATHS = {
  load: '/api/pfm/getdirectcosts',
  create: '/api/pfm/CreateDirectCost',
  save: '/api/pfm/SaveDirectCost',
  updateState: '/api/pfm/UpdateDirectCostState',
  costCodes: '/api/pfm/getcostcodes',
  /** The vendors a direct cost may name: those with a commitment on the project. */
  vendors: '/api/pfm/getcommitmentvendors',
} as const;

/** The state names, in display order. */
export const DIRECT_COST_STATE = {
  draft: 'Draft',
  pending: 'Pending Approval',
  approved: 'Approved',
  posted: 'Posted',
  void: 'Void',
} as const;
type DirectCostState = (typeof DIRECT_COST_STATE)[keyof typeof DIRECT_COST_STATE];

/**
 * The states of a direct cost (record key 'DirectCost'). Migration 002 renamed Submitted to Pending Approval and
 * added Approved (ids of existing states kept).
 */
export const DIRECT_COST_RECORD_STATES: RecordStateTable<DirectCostState> = [
  [DIRECT_COST_STATE.draft, false], [DIRECT_COST_STATE.pending, false], [DIRECT_COST_STATE.approved, false],
  [DIRECT_COST_STATE.posted, true], [DIRECT_COST_STATE.void, true],
];
/** Pending Approval → Draft is {@link REVISE_AND_RESUBMIT} (a reason required). */
export const DIRECT_COST_ADVANCEMENTS: AdvancementTable<DirectCostState> = {
  Draft: [['Pending Approval', true], ['Void', false]],
  'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]],
  Approved: [['Posted', true], ['Void', false]],
};

/** What the move Pending Approval → Draft is called in menus and messages. */
export const REVISE_AND_RESUBMIT = 'Revise and Resubmit';

/** The roles (keyPFM) that approve direct costs and send them back. */
export const DIRECT_COST_APPROVER_ROLES: readonly string[] = ['Admin', 'RPM'];

/** The longest reason kept. */
export const REASON_MAX = 1000;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when moving from `from` to `to` sends the direct cost back for revision. */
export function isReviseAndResubmit(from: string, to: string): boolean {
  return same(from, DIRECT_COST_STATE.pending) && same(to, DIRECT_COST_STATE.draft);
}

/** The menu text of a move: 'Revise and Resubmit' for the send-back, else the target's name. */
export function directCostMoveLabel(from: string, to: string): string {
  return isReviseAndResubmit(from, to) ? REVISE_AND_RESUBMIT : to;
}

/** True when the move needs an approver (approve, or send back). */
export function moveNeedsApprover(from: string, to: string): boolean {
  return same(to, DIRECT_COST_STATE.approved) || isReviseAndResubmit(from, to);
}

/** True when `roles` hold an approver role. */
export function isDirectCostApprover(roles: readonly RoleEntry[]): boolean {
  return roleAllows(roles, 'keyPFM', DIRECT_COST_APPROVER_ROLES);
}

/** True when the move puts the cost on the job (needs an unlocked budget). */
export function movePostsCost(to: string): boolean {
  return same(to, DIRECT_COST_STATE.approved) || same(to, DIRECT_COST_STATE.posted);
}

/** Messages of the rules (tests read them; the server answers them). */
export const DIRECT_COST_TEXT = {
  noItems: 'A direct cost needs at least one item.',
  itemsDoNotSum: (items: string, amount: string) => `The items total ${items}, not the amount of ${amount}: they must add up to it.`,
  futureDate: 'The direct cost date may not be in the future.',
  badDate: 'The direct cost date must be a date (YYYY-MM-DD) on or after 1990-01-01.',
  reasonRequired: 'Say why it goes back: a reason is required for Revise and Resubmit.',
  reasonTooLong: `The reason is longer than ${REASON_MAX} characters.`,
  approverOnly: (move: string) => `${move} is for an approver (RPM or Admin): the submitter does not approve their own direct cost.`,
  budgetLocked: (job: string, reason: string | null) => `Budget ${job} is locked${reason ? ` (${reason})` : ''}: no direct cost can be approved or posted against it.`,
} as const;

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (n: number) => Math.round(n * 100);

/** A YYYY-MM-DD calendar day on or after 1990-01-01 (§5). */
export const isDirectCostDay = isCalendarDate;

/** One problem with a direct cost: the field it concerns and the message (§3 feedback, invalid). */
export interface DirectCostProblem {
  field: 'directCostDate' | 'amount' | 'items';
  message: string;
}

/**
 * The rules of a direct cost as a whole: at least one item, the items sum to the header amount (to
 * the cent), the date a real day and not after `today` (YYYY-MM-DD, the caller's calendar day).
 */
export function directCostProblems(cost: { directCostDate: string; amount: number; items: ReadonlyArray<{ amount: number }> }, today: string): DirectCostProblem[] {
  const problems: DirectCostProblem[] = [];
  if (!isDirectCostDay(cost.directCostDate)) problems.push({ field: 'directCostDate', message: DIRECT_COST_TEXT.badDate });
  else if (cost.directCostDate > today) problems.push({ field: 'directCostDate', message: DIRECT_COST_TEXT.futureDate });
  if (cost.items.length === 0) problems.push({ field: 'items', message: DIRECT_COST_TEXT.noItems });
  else {
    const total = cost.items.reduce((sum, item) => sum + cents(item.amount), 0);
    if (total !== cents(cost.amount)) problems.push({ field: 'amount', message: DIRECT_COST_TEXT.itemsDoNotSum(money(total / 100), money(cost.amount)) });
  }
  return problems;
}

