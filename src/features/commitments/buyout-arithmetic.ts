/**
 * Buyout arithmetic (pure): per budget line, what commitments have bought out of its current budget.
 * Committed follows the server's rule for a line's commitment (demo/host/api/pfm/projections/summaries.ts), one rule in
 * core (commitments/terms COMMITTED_STATES): items of subcontracts and purchase agreements Executed or Closed and of
 * purchase orders Issued, Received or Closed (a purchase order released under a purchase agreement is counted through
 * the agreement), plus items of approved change orders.
 */
import type { ContractRecord } from './data';
import { cents } from '../../core/format';
import { isCommittedState } from '../../core/commitments/terms';

/** A budget line of the summary load (the fields buyout reads). */
export interface SummaryLine {
  costCodeId: number;
  code: string;
  codeDisplay?: string;
  description: string;
  type: string;
  currentBudget: number;
}

/** One buyout row. */
export interface BuyoutLine extends SummaryLine {
  committed: number;
  /** Current budget minus committed (negative when over-committed). */
  remaining: number;
  /** committed ÷ current budget (a ratio: 0.5 is 50 %); 1 when nothing was budgeted but something committed, 0 when neither. */
  percentBoughtOut: number;
}

export interface BuyoutTotals {
  currentBudget: number;
  committed: number;
  remaining: number;
  percentBoughtOut: number;
}

/** Records grouped by kind, as the screen loads them. */
export interface CommitmentSets {
  subcontracts: readonly ContractRecord[];
  purchaseAgreements: readonly ContractRecord[];
  purchaseOrders: readonly ContractRecord[];
  subcontractChangeOrders: readonly ContractRecord[];
  purchaseAgreementChangeOrders: readonly ContractRecord[];
}

/** Committed amount per cost code id. */
export function committedByCostCode(sets: CommitmentSets): Map<number, number> {
  const sums = new Map<number, number>();
  const add = (record: ContractRecord) => {
    for (const item of record.items ?? []) sums.set(item.costCodeId, (sums.get(item.costCodeId) ?? 0) + (Number(item.amount) || 0));
  };
  sets.subcontracts.filter((r) => isCommittedState('Subcontract', r.recordStateName)).forEach(add);
  sets.purchaseAgreements.filter((r) => isCommittedState('PurchaseAgreement', r.recordStateName)).forEach(add);
  sets.purchaseOrders.filter((r) => isCommittedState('PurchaseOrder', r.recordStateName) && (r.purchaseAgreementId === null || r.purchaseAgreementId === undefined)).forEach(add);
  const approved = (record: ContractRecord) => record.recordStateName.trim().toLowerCase() === 'approved';
  sets.subcontractChangeOrders.filter(approved).forEach(add);
  sets.purchaseAgreementChangeOrders.filter(approved).forEach(add);
  for (const [id, sum] of sums) sums.set(id, cents(sum));
  return sums;
}

function ratio(committed: number, budget: number): number {
  if (budget > 0) return committed / budget;
  return committed > 0 ? 1 : 0;
}

/** Buyout rows of `lines` in code order. */
export function buyoutLines(lines: readonly SummaryLine[], committed: ReadonlyMap<number, number>): BuyoutLine[] {
  return [...lines]
    .sort((a, b) => a.code.localeCompare(b.code) || a.type.localeCompare(b.type))
    .map((line) => {
      const c = committed.get(line.costCodeId) ?? 0;
      return { ...line, committed: c, remaining: cents(line.currentBudget - c), percentBoughtOut: ratio(c, line.currentBudget) };
    });
}

/** True when a line still has budget to buy out (remaining above half a cent). */
export const notFullyBoughtOut = (line: Pick<BuyoutLine, 'remaining'>): boolean => line.remaining >= 0.005;

/**
 * The ratio to show with one decimal: at most 99.9% while budget remains, so a line the filter
 * calls not fully bought out never reads 100.0% ($713 left of $2.4M rounds up otherwise).
 */
export function shownPercentBoughtOut(row: Pick<BuyoutLine, 'remaining' | 'percentBoughtOut'>): number {
  return notFullyBoughtOut(row) ? Math.min(row.percentBoughtOut, 0.999) : row.percentBoughtOut;
}

/** Totals of rows. */
export function buyoutTotals(lines: readonly BuyoutLine[]): BuyoutTotals {
  const currentBudget = cents(lines.reduce((s, l) => s + l.currentBudget, 0));
  const committed = cents(lines.reduce((s, l) => s + l.committed, 0));
  return { currentBudget, committed, remaining: cents(currentBudget - committed), percentBoughtOut: ratio(committed, currentBudget) };
}
