/**
 * Pure helpers of the request workbench (no DOM): how a step of the suggested-limit working reads,
 * the default expiry of approved limits, and whether a comment may still be edited.
 */
import { formatMoney } from '../../../core/format';
import { COMMENT_EDIT_MINUTES, type LimitStep, type SlimComment } from '../../../core/risk';

const money = (n: number) => formatMoney(n, { fractionDigits: 0 });
const RATIO_STEPS = new Set(['currentRatio', 'debtToEquity']);
/** A step's value as the reviewer reads it: ratios with two decimals, everything else as whole dollars. */
export const stepValue = (step: LimitStep): string => (step.value === null ? '—' : RATIO_STEPS.has(step.key) ? step.value.toFixed(2) : money(step.value));
/** A year after `today` ('YYYY-MM-DD'): the default expiry of approved limits. */
export const aYearOn = (today: string): string => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};
/** True while a comment may still be edited by the caller on the client's clock (the server decides in the end). */
export const commentEditable = (c: SlimComment, now: number): boolean => c.editable && now < Date.parse(c.createdAt) + COMMENT_EDIT_MINUTES * 60_000;
