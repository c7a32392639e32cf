/**
 * The AI service's "suggested cost to complete" of a budget line (issue 12): the line's burn rate over
 * the last three full months before the projection month, times the months left until the project's
 * completion date. One pure rule for the demo host's AI service (which sums the line's cost-code
 * transactions in {@link burnWindow}) and the projection grid (which shows the explanation).
 *
 * - Burn rate = what the line's transactions add up to in the window, divided by 3 (never below 0:
 *   credits do not make work cheaper to finish).
 * - Months left = the calendar months from the projection month through the completion date's month,
 *   both counted (completion on 2027-03-15, month 2026-11: Nov, Dec, Jan, Feb, Mar = 5); 0 once the
 *   completion month has passed.
 * - Budgets carry no end date in the data: a line uses its project's completion date. Without one
 *   there is no suggestion (null), and the explanation says why.
 */

/** How many full months the burn rate looks back. */
export const BURN_MONTHS = 3;

/** 'YYYY-MM' → months since year 0. */
function monthIndex(month: string): number {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return Number.NaN;
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthStart(index: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (index: number) => `${MONTH_NAMES[((index % 12) + 12) % 12]} ${Math.floor(index / 12)}`;

/**
 * The burn window of projection month `period` ('YYYY-MM'): transactions dated on or after `from`
 * and before `to` (the three months before the period). '2026-11' → 2026-08-01 … 2026-11-01.
 */
export function burnWindow(period: string): { from: string; to: string; label: string } {
  const index = monthIndex(period);
  if (!Number.isFinite(index)) throw new Error(`burnWindow: '${period}' is not a YYYY-MM month`);
  return { from: monthStart(index - BURN_MONTHS), to: monthStart(index), label: `${monthName(index - BURN_MONTHS)} – ${monthName(index - 1)}` };
}

/** Months left from projection month `period` through the month of `completionDate`, both counted; null without a date. */
export function monthsLeft(period: string, completionDate: string | null | undefined): number | null {
  if (!completionDate) return null;
  const end = monthIndex(completionDate);
  const start = monthIndex(period);
  if (!Number.isFinite(end) || !Number.isFinite(start)) return null;
  return Math.max(0, end - start + 1);
}

/** One line's suggestion as the AI service answers it. */
export interface CostSuggestion {
  /** Money to finish the line, in cents; null when there is no completion date. */
  suggestedCostToComplete: number | null;
  /** What the line's transactions add up to in the burn window. */
  spentInWindow: number;
  /** spentInWindow / 3, never below 0, in cents. */
  burnRate: number;
  monthsLeft: number | null;
  /** The window, e.g. 'Aug 2026 – Oct 2026'. */
  window: string;
  completionDate: string | null;
  /** How it was computed, in plain language. */
  explanation: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** The suggestion of one line from what it spent in {@link burnWindow}(period) and the completion date. */
export function suggestCostToComplete(input: { period: string; completionDate: string | null | undefined; spentInWindow: number }): CostSuggestion {
  const window = burnWindow(input.period);
  const spent = round2(Number.isFinite(input.spentInWindow) ? input.spentInWindow : 0);
  const burnRate = round2(Math.max(0, spent / BURN_MONTHS));
  const left = monthsLeft(input.period, input.completionDate);
  const completionDate = input.completionDate ? input.completionDate.slice(0, 10) : null;
  const burnText = `Spent ${money(spent)} in ${window.label} (the last ${BURN_MONTHS} months): a burn rate of ${money(burnRate)} a month`
    + `${spent < 0 ? ' (credits count as no spending)' : ''}.`;
  if (left === null) {
    return {
      suggestedCostToComplete: null, spentInWindow: spent, burnRate, monthsLeft: null, window: window.label, completionDate,
      explanation: `${burnText} No suggestion: the project has no completion date to count the months left.`,
    };
  }
  const suggested = round2(burnRate * left);
  const leftText = left === 0
    ? `The project's completion date (${completionDate}) has passed, so 0 months are left: suggested cost to complete ${money(0)}.`
    : `× ${left} month${left === 1 ? '' : 's'} left (${input.period} through the project's completion on ${completionDate}) = ${money(suggested)}.`;
  return { suggestedCostToComplete: suggested, spentInWindow: spent, burnRate, monthsLeft: left, window: window.label, completionDate, explanation: `${burnText} ${leftText}` };
}
