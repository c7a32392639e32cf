/**
 * The §5 number rule and the §9 number display (US locale, USD).
 */
import { DISPLAY_CURRENCY, DISPLAY_LOCALE } from './constants';

type NumberInput = string | number | null | undefined;

// A plain decimal rendering of a number: String(1e-7) would be '1e-7', which the rule below would
// turn into '17'. 20 fraction digits cover any amount this product shows.
const plainDecimal = new Intl.NumberFormat(DISPLAY_LOCALE, {
  useGrouping: false,
  maximumFractionDigits: 20,
  signDisplay: 'negative', // -0 → '0'
});

/**
 * The §5 number rule: keep only digits, a minus sign and one decimal point, and remove leading zeros.
 *
 * - Every other character is dropped: '$1,234.50' → '1234.50', ' 12 ' → '12', 'abc' → ''.
 * - More than one decimal point makes the whole value empty: '1.2.3' → ''.
 * - A minus sign counts only when it comes before the first digit or decimal point; it is kept once,
 *   at the start. Later ones are dropped: '-$5' → '-5', '--5' → '-5', '12-3' → '123'.
 * - Leading zeros of the integer part go, but one 0 stays when nothing else is left before the point
 *   or in the value: '007.5' → '7.5', '000' → '0', '0.25' → '0.25', '-0012' → '-12'.
 * - Partial input is left as typed so the rule can run on every keystroke: '-' → '-', '1.' → '1.',
 *   '.5' → '.5'.
 * - Numbers are read in plain decimal notation (1e-7 → '0.0000001'); NaN and ±Infinity → ''.
 * - null, undefined and '' → ''.
 */
export function sanitizeNumber(value: NumberInput): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = plainDecimal.format(value);
  } else {
    text = String(value);
  }

  const firstMinus = text.indexOf('-');
  const firstDigitOrPoint = text.search(/[\d.]/);
  const negative = firstMinus !== -1 && (firstDigitOrPoint === -1 || firstMinus < firstDigitOrPoint);

  const kept = text.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  if (point !== kept.lastIndexOf('.')) return '';

  const integerPart = point === -1 ? kept : kept.slice(0, point);
  const rest = point === -1 ? '' : kept.slice(point);
  // '0+(?=\d)': strip zeros only while another digit follows, so '000' keeps one '0'.
  const body = integerPart.replace(/^0+(?=\d)/, '') + rest;
  return (negative ? '-' : '') + body;
}

/**
 * Sanitises `value` with {@link sanitizeNumber} and parses it. Returns null when nothing numeric is
 * left ('', '-', '.', '1.2.3'). Negative zero comes back as 0.
 */
export function parseNumber(value: NumberInput): number | null {
  const text = sanitizeNumber(value);
  if (!/\d/.test(text)) return null;
  const parsed = Number(text);
  if (!Number.isFinite(parsed)) return null;
  return parsed === 0 ? 0 : parsed;
}

/** Options of {@link formatMoney}. */
export interface MoneyFormatOptions {
  /** Show negatives in accounting parentheses, '($1,234.50)', instead of '-$1,234.50'. */
  accounting?: boolean;
  /** Digits after the point; default 2. */
  fractionDigits?: number;
}

// Bounded by the handful of option combinations the code base uses (a key per combination).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(DISPLAY_LOCALE, options);
    formatters.set(key, found);
  }
  return found;
}

/** A finite number from a number or a string (strings through the §5 rule), else null. */
function toFinite(value: NumberInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return parseNumber(value);
}

/**
 * Formats an amount in US dollars: 1234.5 → '$1,234.50', -1234.5 → '-$1,234.50' (or '($1,234.50)'
 * with `accounting`). Strings are read with the §5 rule. null, undefined, NaN, ±Infinity and
 * non-numeric strings → ''. An amount that rounds to zero never shows a minus sign.
 */
export function formatMoney(value: NumberInput, options: MoneyFormatOptions = {}): string {
  const amount = toFinite(value);
  if (amount === null) return '';
  const digits = options.fractionDigits ?? 2;
  const accounting = options.accounting ?? false;
  return formatter(`money:${digits}:${accounting}`, {
    style: 'currency',
    currency: DISPLAY_CURRENCY,
    currencySign: accounting ? 'accounting' : 'standard',
    signDisplay: 'negative',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/**
 * Formats a number with US grouping: 1234567.891 → '1,234,567.891'. With `fractionDigits` exactly that
 * many digits after the point (formatNumber(1234.5, 2) → '1,234.50'); without it, up to 3.
 * Invalid input → ''.
 */
export function formatNumber(value: NumberInput, fractionDigits?: number): string {
  const amount = toFinite(value);
  if (amount === null) return '';
  const options: Intl.NumberFormatOptions = { signDisplay: 'negative' };
  if (fractionDigits !== undefined) {
    options.minimumFractionDigits = fractionDigits;
    options.maximumFractionDigits = fractionDigits;
  }
  return formatter(`number:${fractionDigits ?? ''}`, options).format(amount);
}

/**
 * Formats a ratio as a percentage: 0.1 → '10%', 0.125 with 1 digit → '12.5%'. `fractionDigits`
 * defaults to 0. Invalid input → ''.
 */
export function formatPercent(ratio: NumberInput, fractionDigits = 0): string {
  const amount = toFinite(ratio);
  if (amount === null) return '';
  return formatter(`percent:${fractionDigits}`, {
    style: 'percent',
    signDisplay: 'negative',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** Cost adjustment amounts whose absolute value is below this count as 0 (§5, §9). */
export const COST_ADJUSTMENT_EPSILON = 1e-6;

/**
 * A cost adjustment amount with floating-point dust removed: |amount| < 1e-6 → 0 (1e-7 → 0,
 * -1e-7 → 0); 1e-6 itself is kept. NaN → 0.
 */
export function normalizeCostAdjustmentAmount(amount: number): number {
  if (Number.isNaN(amount) || Math.abs(amount) < COST_ADJUSTMENT_EPSILON) return 0;
  return amount;
}

/** The fields {@link isUnreconciledCostAdjustment} reads. */
export interface CostAdjustmentLike {
  amount: number;
  linkedItemId?: number | null;
}

/**
 * True when a cost adjustment is unreconciled (§5): its amount is non-zero after
 * {@link normalizeCostAdjustmentAmount} and it has no linked item. linkedItemId missing, null or not
 * a positive id (the -1 default of §9) all mean "no linked item".
 */
export function isUnreconciledCostAdjustment(adjustment: CostAdjustmentLike): boolean {
  const linked = typeof adjustment.linkedItemId === 'number' && adjustment.linkedItemId > 0;
  return normalizeCostAdjustmentAmount(adjustment.amount) !== 0 && !linked;
}

/** An amount rounded to cents, as the server keeps money (Math.round(n × 100) / 100). */
export const cents = (n: number): number => Math.round(n * 100) / 100;
