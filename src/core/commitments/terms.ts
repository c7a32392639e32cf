/**
 * Commitment terms (pure; shared by the demo host's pfm/commitments and the commitment forms): the
 * three kinds a commitment is written as, the cost types each may commit (§5), the header choices
 * (retainage, excess liability), the number rules of new commitments and change orders, the rule that
 * fixes the contract sum once a commitment leaves Draft, and the SRA gate's reasons (single and
 * aggregate limits, with the amount over) built on src/core/risk.
 */
import { aggregateLimitInForce, effectiveStatus, isPrequalified, singleLimitInForce, type CurrentLimits } from '../risk/limits';
import { cents, formatMoney } from '../format/numbers';

/** The record keys a commitment is created as. */
export const COMMITMENT_KINDS = ['Subcontract', 'PurchaseAgreement', 'PurchaseOrder'] as const;
export type CommitmentKind = (typeof COMMITMENT_KINDS)[number];

/** The change-order record key of each kind (purchase orders have none: they change by a new order). */
export const CHANGE_ORDER_KEY_OF: Readonly<Record<CommitmentKind, 'SubcontractChangeOrder' | 'PurchaseAgreementChangeOrder' | null>> = {
  Subcontract: 'SubcontractChangeOrder', PurchaseAgreement: 'PurchaseAgreementChangeOrder', PurchaseOrder: null,
};

/** What each kind is called in messages. */
export const COMMITMENT_LABEL: Readonly<Record<CommitmentKind, string>> = {
  Subcontract: 'subcontract', PurchaseAgreement: 'purchase agreement', PurchaseOrder: 'purchase order',
};

/** The number prefix of each kind: `SC-<job>-###`, `PA-<job>-###`, `PO-<job>-###`. */
export const COMMITMENT_PREFIX: Readonly<Record<CommitmentKind, string>> = { Subcontract: 'SC', PurchaseAgreement: 'PA', PurchaseOrder: 'PO' };

/** §5: the cost types each kind commits: subcontracts S; purchase agreements and orders M, W and E. */
export const COMMITMENT_COST_TYPES: Readonly<Record<CommitmentKind, readonly string[]>> = {
  Subcontract: ['S'], PurchaseAgreement: ['M', 'W', 'E'], PurchaseOrder: ['M', 'W', 'E'],
};

/** The commitment kind a record key belongs to (a change order belongs to its parent's kind), or null. */
export function commitmentKindOf(recordKey: string): CommitmentKind | null {
  if (recordKey === 'SubcontractChangeOrder') return 'Subcontract';
  if (recordKey === 'PurchaseAgreementChangeOrder') return 'PurchaseAgreement';
  return (COMMITMENT_KINDS as readonly string[]).includes(recordKey) ? recordKey as CommitmentKind : null;
}

/** True when a cost code of cost type `type` may be a line of a `kind` (or of its change orders). */
export const costTypeFits = (kind: CommitmentKind, type: string): boolean => COMMITMENT_COST_TYPES[kind].includes(type.trim().toUpperCase());

/** The refusal of a line of cost type `type` on a `kind`, numbered `line` (1-based). */
export const costTypeMessage = (kind: CommitmentKind, type: string, line: number): string =>
  `Line ${line}: cost type ${type} does not fit a ${COMMITMENT_LABEL[kind]} (${COMMITMENT_COST_TYPES[kind].join(', ')} only).`;

// --- header choices (§5, §9) ---------------------------------------------------------------------

/** Retainage percentages allowed, the default first. */
/**
 * The states in which a commitment's items count as committed cost (issue 31): signed, Executed (a purchase order
 * Issued, or Received) and onward to Closed. Draft and Pending Signature are pending cost changes (issue 32). One rule
 * for the host's line summaries and the buyout screen.
 */
export const COMMITTED_STATES: Readonly<Record<CommitmentKind, readonly string[]>> = {
  Subcontract: ['Executed', 'Closed'], PurchaseAgreement: ['Executed', 'Closed'], PurchaseOrder: ['Issued', 'Received', 'Closed'],
};

/** True when a commitment of `kind` in state `stateName` counts as committed (names compared ignoring case and spaces around). */
export function isCommittedState(kind: CommitmentKind, stateName: string): boolean {
  const name = stateName.trim().toLowerCase();
  return COMMITTED_STATES[kind].some((state) => state.toLowerCase() === name);
}

export const RETAINAGE_PERCENTS: readonly number[] = [10, 5, 0];
export const DEFAULT_RETAINAGE_PERCENT = 10;
/** Excess liability amounts allowed (N/A is null). */
export const EXCESS_LIABILITY_AMOUNTS: readonly number[] = [3_000_000, 5_000_000, 10_000_000];

export const TERMS_TEXT = {
  retainage: 'Retainage must be 10%, 5% or 0%.',
  excessLiability: 'Excess liability must be N/A, $3M, $5M or $10M.',
  excessLiabilityNotSubcontract: 'Excess liability applies to subcontracts only.',
  reduceNeedsTen: 'Reducing retainage to 5% at 50% complete needs 10% retainage.',
  endBeforeStart: 'The end date is before the start date.',
  title: 'A title is required.',
  noItems: 'Add at least one item to the schedule of values.',
  changeOrderNoLines: 'Add at least one line, or pick change event items.',
  changeOrderBoth: 'Send either change event items or typed lines, not both.',
  parentNotExecuted: (number: string, state: string) => `${number} is '${state}': only an executed commitment takes change orders.`,
  purchaseOrderNoChangeOrders: 'A purchase order has no change orders: change it by a new purchase order (or by a change order of its purchase agreement).',
} as const;

/**
 * The excess liability as typed: '' or 'N/A' is null, else one of EXCESS_LIABILITY_AMOUNTS (as dollars);
 * undefined when it is none of these.
 */
export function parseExcessLiability(raw: string): number | null | undefined {
  const value = raw.trim();
  if (value === '' || value.toUpperCase() === 'N/A') return null;
  const n = /^\d{1,9}(\.0{1,2})?$/.test(value) ? Number(value) : NaN;
  return EXCESS_LIABILITY_AMOUNTS.includes(n) ? n : undefined;
}

/** The retainage as typed ('' is the default), or undefined when it is not one of RETAINAGE_PERCENTS. */
export function parseRetainage(raw: string): number | undefined {
  const value = raw.trim().replace(/%$/, '');
  if (value === '') return DEFAULT_RETAINAGE_PERCENT;
  const n = /^\d{1,3}(\.0{1,6})?$/.test(value) ? Number(value) : NaN;
  return RETAINAGE_PERCENTS.includes(n) ? n : undefined;
}

// --- numbers -------------------------------------------------------------------------------------

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The next number of a `kind` on a budget of job `jobNumber`, after the highest of `existing` (the
 * kind's numbers on that budget) that follow the rule: `SC-24-1032-007` follows `SC-24-1032-006`.
 */
export function nextCommitmentNumber(kind: CommitmentKind, jobNumber: string, existing: readonly string[]): string {
  const prefix = `${COMMITMENT_PREFIX[kind]}-${jobNumber}-`;
  const highest = Math.max(0, ...existing.filter((n) => n.startsWith(prefix)).map((n) => Number(/^(\d{1,6})$/.exec(n.slice(prefix.length))?.[1] ?? 0)));
  return `${prefix}${pad(highest + 1, 3)}`;
}

/**
 * The next change-order number of commitment `commitmentNumber`: `<number>-CO01`, `-CO02`…, after the
 * highest of its `existing` change-order numbers (older ones such as SCO-02 or PACO-01 count by their
 * digits), so a number is never repeated within a commitment and never across commitments.
 */
export function nextChangeOrderNumber(commitmentNumber: string, existing: readonly string[]): string {
  const highest = Math.max(0, ...existing.map((n) => Number(/CO-?(\d{1,4})$/.exec(n)?.[1] ?? 0)));
  return `${commitmentNumber}-CO${pad(highest + 1, 2)}`;
}

// --- the contract sum ----------------------------------------------------------------------------

/** True when a commitment in state `stateName` has a fixed contract sum (anything after Draft). */
export const contractSumFixed = (stateName: string): boolean => stateName.trim().toLowerCase() !== 'draft';

/** The refusal of an item change on commitment `number` in state `stateName`. */
export const contractSumFixedMessage = (number: string, stateName: string): string =>
  `${number} is '${stateName}': its contract sum is fixed. Items and amounts change only by a change order.`;

/** An item as stored, and the change a save asks of it (absent fields are unchanged). */
export interface ItemBefore { costCodeId: number; amount: number; quantity?: number | null; unitPrice?: number | null }
export interface ItemRequest { itemId: number | null; deleted?: boolean; costCodeId?: number | null; amount?: string; quantity?: string; unitPrice?: string }

/**
 * True when `request` changes the schedule of values (adds, removes, or changes an item's cost code,
 * amount, quantity or unit price); a description alone does not. `before` is the stored item, if any.
 */
export function changesContractSum(request: ItemRequest, before: ItemBefore | undefined): boolean {
  if (!before) return request.itemId === null ? request.deleted !== true : false;
  if (request.deleted === true) return true;
  if (request.costCodeId !== undefined && request.costCodeId !== before.costCodeId) return true;
  const differs = (raw: string | undefined, stored: number | null | undefined) =>
    raw !== undefined && raw.trim() !== '' && Math.abs(Number(raw) - Number(stored ?? 0)) >= 0.005;
  return differs(request.amount, before.amount) || differs(request.quantity, before.quantity) || differs(request.unitPrice, before.unitPrice);
}

// --- the SRA gate's reasons ----------------------------------------------------------------------

/** Dollars as a refusal names them: whole dollars, or with cents when there are any ($0.01 over). */
export function gateMoney(n: number): string {
  const rounded = cents(n);
  return formatMoney(rounded, { fractionDigits: Number.isInteger(rounded) ? 0 : 2 });
}

/** What the gate reads of one subcontract and its vendor. */
export interface GateInput {
  /** The subcontract's sum that counts: its items plus approved change orders (plus the change order being approved). */
  amount: number;
  /** The vendor's other open subcontracts on all projects (Pending Signature and Executed, less billed). */
  openElsewhere: number;
  vendorName: string;
  limits: CurrentLimits;
  today: string;
}

/**
 * Why a subcontract needs an approved SRA (empty when it does not): the vendor not prequalified; its
 * sum over the vendor's single limit; the vendor's open subcontracts with it over the aggregate limit.
 * Each names the limit and the amount over it; exactly at a limit is within it.
 */
export function gateReasons(input: GateInput): string[] {
  const { amount, openElsewhere, vendorName, limits, today } = input;
  const reasons: string[] = [];
  if (!isPrequalified(limits, today)) reasons.push(`the vendor is not prequalified (${effectiveStatus(limits, today)})`);
  const single = singleLimitInForce(limits, today);
  if (cents(amount) > single) {
    reasons.push(`the amount ${gateMoney(amount)} exceeds ${vendorName}'s single limit of ${gateMoney(single)} by ${gateMoney(cents(amount - single))}`);
  }
  const aggregate = aggregateLimitInForce(limits, today);
  const exposure = cents(openElsewhere + amount);
  if (exposure > aggregate) {
    reasons.push(`${vendorName}'s open subcontracts on all projects, ${gateMoney(exposure)} with this one, exceed its aggregate limit of ${gateMoney(aggregate)} by ${gateMoney(cents(exposure - aggregate))}`);
  }
  return reasons;
}

/** Why approved SRA `sraNumber` for `sraAmount` does not cover a `label` of `amount`, or null when it does. */
export function sraShortfall(sraNumber: string, sraAmount: number, label: string, amount: number): string | null {
  if (sraAmount + 0.005 >= amount) return null;
  return `${sraNumber} approved for ${gateMoney(sraAmount)} covers less than the ${label}'s ${gateMoney(amount)}`;
}
