/**
 * Pay applications' rules: a subcontractor's monthly bill against a commitment's schedule of values, in the
 * arithmetic of AIA G702 (the application) and G703 (its continuation sheet). Pure; the demo host
 * (api/pfm/pay-applications) and the form share it (wire types: ./contract), so the numbers a user sees are the ones the
 * server keeps.
 *
 * A line (G703 columns):
 * - C scheduled value: the item's amount plus its approved change orders;
 * - D work completed from previous applications (their D + E; stored materials are not carried);
 * - E work completed this period (typed as an amount or as a percent of C);
 * - F materials presently stored (the balance on site, not yet installed);
 * - G total completed and stored = D + E + F, and G ÷ C;
 * - H balance to finish = C − G;
 * - I retainage = G × the rate in force.
 *
 * The rate in force is the commitment's retainage percent; with "reduce to 5% at 50% complete" it is
 * 5% of everything once the total completed and stored reaches half of the contract sum to date (the
 * excess held is released on that application). The final application (every line 100% complete)
 * releases all retainage: its rate is 0.
 *
 * Totals (G702): contract sum to date, total completed and stored, retainage, total earned less
 * retainage, less previous certificates for payment, current payment due, balance to finish
 * including retainage.
 */
import { cents, formatMoney as money } from '../format/numbers';
import type { BillableCommitmentKey } from './contract';

/** The workflow of a pay application (application record key PayApplication). */
export const PAY_APPLICATION_STATES = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  approvedForPayment: 'Approved for Payment',
  paid: 'Paid',
  revise: 'Revise and Resubmit',
} as const;

/** States in which an application is still open (one open per commitment). */
export const OPEN_PAY_APPLICATION_STATES: readonly string[] = [
  PAY_APPLICATION_STATES.draft, PAY_APPLICATION_STATES.submitted, PAY_APPLICATION_STATES.approved, PAY_APPLICATION_STATES.revise,
];

/** States whose current payment due counts as certified (G702 line 7, "previous certificates for payment"). */
export const CERTIFIED_PAY_APPLICATION_STATES: readonly string[] = [PAY_APPLICATION_STATES.approvedForPayment, PAY_APPLICATION_STATES.paid];

/**
 * The states in which a commitment's work is under contract and may be billed: signed (Executed), or for
 * a purchase order issued (and received).
 */
export const BILLABLE_STATES: Readonly<Record<BillableCommitmentKey, readonly string[]>> = {
  Subcontract: ['Executed'], PurchaseAgreement: ['Executed'], PurchaseOrder: ['Issued', 'Received'],
};

/** True when a commitment of `key` in state `stateName` may be billed (names compared as §3 does, ignoring case and spaces around). */
export function isBillableState(key: BillableCommitmentKey, stateName: string): boolean {
  const name = stateName.trim().toLowerCase();
  return BILLABLE_STATES[key].some((state) => state.toLowerCase() === name);
}

/** The reduced rate and the share of the contract at which it applies. */
export const RETAINAGE_REDUCTION = { reducedPercent: 5, atShareComplete: 0.5 } as const;

export const LIEN_WAIVER_KINDS = ['Conditional Progress', 'Unconditional Progress', 'Conditional Final', 'Unconditional Final'] as const;
export type LienWaiverKind = (typeof LIEN_WAIVER_KINDS)[number];

/** The commitment's retainage terms. */
export interface RetainageTerms {
  retainagePercent: number;
  reduceRetainageAtHalf: boolean;
}

/** What is typed or carried for one line. */
export interface PayLineInput {
  itemId: number;
  scheduledValue: number;
  previousCompleted: number;
  thisPeriod: number;
  storedMaterials: number;
}

/** A line with its G703 figures. */
export interface PayLine extends PayLineInput {
  totalCompletedAndStored: number;
  /** G ÷ C as a percent (0 when C is 0). */
  percentComplete: number;
  balanceToFinish: number;
  retainage: number;
}

export interface PayTotals {
  contractSumToDate: number;
  totalCompletedAndStored: number;
  percentComplete: number;
  /** The rate in force on this application, in percent. */
  retainagePercent: number;
  retainage: number;
  totalEarnedLessRetainage: number;
  previousCertificates: number;
  currentPaymentDue: number;
  balanceToFinishIncludingRetainage: number;
}

/** The amount of `percent` of a line's scheduled value (a percent typed for this period). */
export function amountOfPercent(scheduledValue: number, percent: number): number {
  return cents(scheduledValue * percent / 100);
}

/** True when every line is billed to its full scheduled value (nothing left to finish, nothing only stored). */
export function allLinesComplete(lines: readonly PayLineInput[]): boolean {
  return lines.length > 0 && lines.every((l) => cents(l.previousCompleted + l.thisPeriod) >= cents(l.scheduledValue) && cents(l.storedMaterials) === 0);
}

/** The retainage rate in force, in percent. `final`: the application that releases retainage. */
export function retainageRate(terms: RetainageTerms, completedShare: number, final = false): number {
  if (final) return 0;
  if (terms.reduceRetainageAtHalf && completedShare >= RETAINAGE_REDUCTION.atShareComplete) {
    return Math.min(terms.retainagePercent, RETAINAGE_REDUCTION.reducedPercent);
  }
  return terms.retainagePercent;
}

/** The lines with their G703 figures and the G702 totals. */
export function payApplicationFigures(
  inputs: readonly PayLineInput[], terms: RetainageTerms, previousCertificates: number, final = false,
): { lines: PayLine[]; totals: PayTotals } {
  const contractSumToDate = cents(inputs.reduce((sum, l) => sum + l.scheduledValue, 0));
  const totalCompletedAndStored = cents(inputs.reduce((sum, l) => sum + l.previousCompleted + l.thisPeriod + l.storedMaterials, 0));
  const share = contractSumToDate > 0 ? totalCompletedAndStored / contractSumToDate : 0;
  const rate = retainageRate(terms, share, final);
  const lines = inputs.map((l): PayLine => {
    const total = cents(l.previousCompleted + l.thisPeriod + l.storedMaterials);
    return {
      ...l,
      totalCompletedAndStored: total,
      percentComplete: l.scheduledValue > 0 ? Math.round(total / l.scheduledValue * 10_000) / 100 : 0,
      balanceToFinish: cents(l.scheduledValue - total),
      retainage: cents(total * rate / 100),
    };
  });
  const retainage = cents(lines.reduce((sum, l) => sum + l.retainage, 0));
  const totalEarnedLessRetainage = cents(totalCompletedAndStored - retainage);
  return {
    lines,
    totals: {
      contractSumToDate,
      totalCompletedAndStored,
      percentComplete: contractSumToDate > 0 ? Math.round(share * 10_000) / 100 : 0,
      retainagePercent: rate,
      retainage,
      totalEarnedLessRetainage,
      previousCertificates: cents(previousCertificates),
      currentPaymentDue: cents(totalEarnedLessRetainage - previousCertificates),
      balanceToFinishIncludingRetainage: cents(contractSumToDate - totalEarnedLessRetainage),
    },
  };
}

/** What is wrong with one line as typed (empty: nothing). The server refuses the same. */
export function payLineProblems(line: PayLineInput): string[] {
  const problems: string[] = [];
  const total = cents(line.previousCompleted + line.thisPeriod + line.storedMaterials);
  if (line.storedMaterials < 0) problems.push('Stored materials may not be negative.');
  if (total > cents(line.scheduledValue)) {
    problems.push(`Total completed and stored (${money(total)}) may not exceed the scheduled value (${money(line.scheduledValue)}).`);
  }
  if (cents(line.previousCompleted + line.thisPeriod) < 0) problems.push('Work completed to date may not be negative.');
  return problems;
}

/** A lien waiver on file. */
export interface LienWaiverFacts {
  kind: LienWaiverKind;
  amount: number;
  throughDate: string;
}

/** What an application must have on file before Approved for Payment. */
export interface WaiverNeeds {
  /** This payment's amount (G702 current payment due). */
  currentPaymentDue: number;
  /** The application's period end (YYYY-MM-DD). */
  periodEnd: string;
  /** The final application (retainage release). */
  final: boolean;
  /** The previous application's payment, or null on the first application. */
  previous: { number: string; amount: number; periodEnd: string } | null;
}

/**
 * The waivers still missing, as sentences a user reads (empty: all on file):
 * - for this payment, a conditional waiver (progress; on the final application an unconditional final
 *   waiver) of at least its amount, through the period end or later;
 * - for the previous payment (not on the first application), an unconditional waiver of at least its
 *   amount, through its period end or later.
 */
export function missingLienWaivers(needs: WaiverNeeds, waivers: readonly LienWaiverFacts[]): string[] {
  const missing: string[] = [];
  const covers = (kinds: readonly LienWaiverKind[], amount: number, through: string) =>
    waivers.some((w) => kinds.includes(w.kind) && cents(w.amount) >= cents(amount) && w.throughDate >= through);
  if (needs.final) {
    if (!covers(['Unconditional Final'], needs.currentPaymentDue, needs.periodEnd)) {
      missing.push(`An unconditional final waiver for ${money(needs.currentPaymentDue)} through ${needs.periodEnd}.`);
    }
  } else if (!covers(['Conditional Progress', 'Conditional Final', 'Unconditional Progress', 'Unconditional Final'], needs.currentPaymentDue, needs.periodEnd)) {
    missing.push(`A conditional waiver for this payment of ${money(needs.currentPaymentDue)} through ${needs.periodEnd}.`);
  }
  if (needs.previous && !covers(['Unconditional Progress', 'Unconditional Final'], needs.previous.amount, needs.previous.periodEnd)) {
    missing.push(`An unconditional waiver for the previous payment of ${money(needs.previous.amount)} (${needs.previous.number}) through ${needs.previous.periodEnd}.`);
  }
  return missing;
}

/** The billing period of a day: its month's last day (YYYY-MM-DD). */
export function periodEndOf(day: string): string {
  const [y, m] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

/**
 * Why a billing period takes no new application on `today` (null: it does). A period ends on its month's last
 * day; it has begun; and it is open: the accounting close decides, so a month whose forecast period is closed on
 * the job's budget (`closedMonths`, 'YYYY-MM', as the host reads them: pfm/projections/periods) takes no new application,
 * and an earlier month that was never closed (or was re-opened for a late bill) still does. A commitment's
 * applications also go forward in time (the host refuses one not after the last).
 */
export function periodProblem(periodEnd: string, today: string, closedMonths: ReadonlySet<string> = new Set()): string | null {
  if (periodEndOf(periodEnd) !== periodEnd) return `The period end must be the last day of a month (${periodEndOf(periodEnd)}, not ${periodEnd}).`;
  const current = periodEndOf(today);
  if (periodEnd > current) return `The period ending ${periodEnd} has not begun: bill the current period (ending ${current}) or an earlier one.`;
  if (closedMonths.has(periodEnd.slice(0, 7))) return `The period ending ${periodEnd} is closed: the job's forecast period was closed. Bill an open period.`;
  return null;
}

/** The number of a commitment's `sequence`-th application, read after the commitment's: "SC-24-1032-004 Pay App 03". */
export function payApplicationNumber(commitmentNumber: string, sequence: number): string {
  return `${commitmentNumber} Pay App ${String(sequence).padStart(2, '0')}`;
}
