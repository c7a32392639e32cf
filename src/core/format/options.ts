/**
 * Fixed choice lists (§5, §9).
 */

/** One entry of a fixed choice list. */
export interface ChoiceOption<T> {
  readonly value: T;
  readonly label: string;
}

/** Retainage options 10%, 5%, 0%; the value is the percentage as a number (10 means 10%). */
export const RETAINAGE_OPTIONS: readonly ChoiceOption<number>[] = Object.freeze([
  Object.freeze({ value: 10, label: '10%' }),
  Object.freeze({ value: 5, label: '5%' }),
  Object.freeze({ value: 0, label: '0%' }),
]);

/** Excess liability options N/A, $3M, $5M, $10M; the value is the dollar amount, null for N/A. */
export const EXCESS_LIABILITY_OPTIONS: readonly ChoiceOption<number | null>[] = Object.freeze([
  Object.freeze({ value: null, label: 'N/A' }),
  Object.freeze({ value: 3_000_000, label: '$3M' }),
  Object.freeze({ value: 5_000_000, label: '$5M' }),
  Object.freeze({ value: 10_000_000, label: '$10M' }),
]);
