/**
 * Projection entry rules (issue 32, "entry says what it did"): one pure module for the demo host's
 * SaveProjections and the projection grid (ARCHITECTURE: one rule, two enforcers).
 *
 * - {@link parseAmount} / {@link parseQuantity}: what a user types in a cost, units or hours cell.
 *   "12k" is 12,000, "1.5m" is 1,500,000, "$12,000.50" and "(500)" (accounting negative) are read;
 *   anything else is refused with a message, never read as something else ("12k" is never $12.00).
 * - {@link entryFeedback}: a negative cost to complete needs a reason (refused without one); a cost to
 *   complete below the line's remaining committed cost warns.
 * - {@link pluggedCostToComplete}: units (or hours) to complete × unit cost (or rate).
 * - {@link unitsAreHours}: a labor line measured in hours counts its units as its hours.
 * - {@link matchesCostCode}: the cost-code filter finds a code as it is displayed ("06-2000") or typed bare ("062000").
 */
import { FEEDBACK_INVALID, FEEDBACK_WARNING, type FeedbackItem } from '../feedback';

/** What a typed number reads as: a value, nothing typed, or a refusal with the message a user reads. */
export type EntryReading = { kind: 'value'; value: number } | { kind: 'empty' } | { kind: 'refused'; message: string };

const MULTIPLIERS: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };
/** Up to 13 integer digits, as the host's NUMBER rule (http.ts) stores them. */
const MAX_INTEGER_DIGITS = 13;

/**
 * Reads a typed number: an optional minus sign or accounting parentheses, an optional '$', digits
 * (thousands separated by commas in groups of three, or no commas at all), an optional decimal part,
 * and an optional k (thousand) or m (million) suffix. `fractionDigits` limits the decimals typed
 * before any suffix (cents for money).
 */
function readNumber(input: unknown, what: string, example: string, fractionDigits: number): EntryReading {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (text === '') return { kind: 'empty' };
  const refused = (): EntryReading => ({ kind: 'refused', message: `'${text.slice(0, 40)}' is not ${what}: type for example ${example}.` });
  let body = text.replace(/\s+/g, '');
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(body);
  if (parenthesised) {
    negative = true;
    body = parenthesised[1]!;
  }
  // '-$5', '$-5' and '-5' are all minus five; a sign inside parentheses is one sign too many.
  const signed = /^(-?)\$?(-?)(.*)$/.exec(body)!;
  if (signed[1] && signed[2]) return refused();
  if (signed[1] || signed[2]) {
    if (negative) return refused();
    negative = true;
  }
  const number = /^((?:\d{1,3}(?:,\d{3})+)|\d+)?(?:\.(\d*))?([km]?)$/i.exec(signed[3]!);
  if (!number || (number[1] === undefined && !number[2])) return refused();
  const integer = (number[1] ?? '0').replace(/,/g, '');
  const fraction = number[2] ?? '';
  const suffix = number[3]!.toLowerCase();
  // Without a suffix the decimals are the value's own (cents for money); '1.5m' may carry more.
  if (suffix === '' && fraction.length > fractionDigits) {
    return { kind: 'refused', message: `'${text.slice(0, 40)}' has more than ${fractionDigits} decimals: ${what} is kept to ${fractionDigits === 2 ? 'the cent' : `${fractionDigits} decimals`}.` };
  }
  const value = Number(`${integer}.${fraction || '0'}`) * MULTIPLIERS[suffix]!;
  const rounded = Math.round(value * 10 ** fractionDigits) / 10 ** fractionDigits;
  if (Math.abs(rounded) >= 10 ** MAX_INTEGER_DIGITS) return { kind: 'refused', message: `'${text.slice(0, 40)}' is too large.` };
  const signedValue = negative ? -rounded : rounded;
  return { kind: 'value', value: signedValue === 0 ? 0 : signedValue };
}

/** A typed amount of money, in cents: '12k' → 12000, '1.5m' → 1500000, '$12,000.50' → 12000.5, '(500)' → -500. */
export function parseAmount(input: unknown): EntryReading {
  return readNumber(input, 'an amount', '12000, 12,000.50, 12k or 1.5m', 2);
}

/** A typed quantity (units or hours, or a unit cost or rate): up to 4 decimals; k and m suffixes as for amounts. */
export function parseQuantity(input: unknown): EntryReading {
  return readNumber(input, 'a quantity', '120, 1,250.5 or 2k', 4);
}

/** A plugged cost to complete: quantity to complete × cost of one, in cents. */
export function pluggedCostToComplete(quantity: number, costOfOne: number): number {
  return Math.round(quantity * costOfOne * 100) / 100;
}

/** How a plugged cost to complete was typed: units × unit cost, or hours × rate. */
export type PluggedBy = 'units' | 'hours';

const money = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The rules of one line's cost to complete as saved: a negative value with no reason is refused
 * (integerValue 1: credits still to come must be explained); a negative value with a reason, and a
 * value below the line's remaining committed cost, warn (integerValue 2). `field` names the cell
 * (the host: `projections[i].value`), `label` the line in messages ("Line 3").
 */
export function entryFeedback(entry: { costToComplete: number; reason: string | null | undefined; remainingCommitment: number },
  field: string, label: string): FeedbackItem[] {
  const out: FeedbackItem[] = [];
  const { costToComplete, remainingCommitment } = entry;
  const reason = (entry.reason ?? '').trim();
  if (costToComplete < 0 && reason === '') {
    out.push({ integerValue: FEEDBACK_INVALID, stringValue: field, message: `${label}: a negative cost to complete needs a reason (which credits are still to come).` });
  } else if (costToComplete < 0) {
    out.push({ integerValue: FEEDBACK_WARNING, stringValue: field, message: `${label}: a negative cost to complete expects credits still to come.` });
  }
  if (remainingCommitment > 0 && costToComplete < remainingCommitment) {
    out.push({
      integerValue: FEEDBACK_WARNING, stringValue: field,
      message: `${label}: the cost to complete (${money(costToComplete)}) is below the remaining committed cost (${money(remainingCommitment)}).`,
    });
  }
  return out;
}

const HOUR_UNITS = new Set(['HR', 'HRS', 'HOUR', 'HOURS']);

/** True for a labor line measured in hours: its units are its hours (one figure, never two that disagree). */
export function unitsAreHours(line: { type: string; unitOfMeasure: string | null | undefined }): boolean {
  return line.type === 'L' && HOUR_UNITS.has((line.unitOfMeasure ?? '').trim().toUpperCase());
}

/**
 * The cost-code filter: true when `code` (stored bare, '06200000', or displayed '06-2000-00') matches
 * what the user typed, with or without the dashes or spaces of the display: '06-2000' and '062000' both
 * find 06-2000-00. A filter with no digit matches the code's text as typed (case-insensitive).
 */
export function matchesCostCode(filter: string | null | undefined, code: string | null | undefined): boolean {
  const typed = (filter ?? '').trim();
  if (typed === '') return true;
  const shown = code ?? '';
  const digits = typed.replace(/[-\s.]/g, '');
  if (/^\d+$/.test(digits)) return shown.replace(/[-\s.]/g, '').includes(digits);
  return shown.toLowerCase().includes(typed.toLowerCase());
}
