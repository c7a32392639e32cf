/**
 * An element's attributes as the spec defaults them (§2): an id that is missing or not a positive whole number is -1
 * ("none"), a missing string is empty. One parser for every element and screen.
 */

/** An id attribute: a positive safe integer, else -1. */
export const attributeId = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : -1;

/** A string attribute: its text, else ''. */
export const attributeText = (value: string | null | undefined): string => (typeof value === 'string' ? value : '');
