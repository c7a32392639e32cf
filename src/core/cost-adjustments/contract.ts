/**
 * Cost adjustment rules (§5, issue 11), pure and shared: the screen and workbench show them, the demo
 * host (demo/host/api/pfm/cost-adjustments) enforces them. The 1e-6 rule itself lives in
 * ../format/numbers ({@link normalizeCostAdjustmentAmount}, {@link isUnreconciledCostAdjustment}).
 *
 * An adjustment's `amount` is what its reference document says. Its items put that amount on budget
 * lines (signed amounts). A posted adjustment changes the budget of those lines.
 * - Unreconciled (§5): a non-zero amount and no linked item. It can not be posted.
 * - A transfer moves budget between lines: its items must net to zero (its amount is what moves).
 * - Any other adjustment: its items must add up to its amount.
 */
import { formatMoney, isUnreconciledCostAdjustment, normalizeCostAdjustmentAmount } from '../format/numbers';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

/** The cost adjustment calls (the screen and workbench make them; demo/host/api/pfm/cost-adjustments answers them). */
export const COST_ADJUSTMENT_PATHS = {
  load: '/api/pfm/getcostadjustments',
  items: '/api/pfm/getcostadjustmentitems',
  documents: '/api/pfm/getcostadjustmentreferencedocuments',
  create: '/api/pfm/CreateCostAdjustment',
  save: '/api/pfm/SaveCostAdjustment',
  updateState: '/api/pfm/UpdateCostAdjustmentState',
  upload: '/api/pfm/UploadCostAdjustmentReferenceDocument',
} as const;

/** The states of a cost adjustment (record key 'CostAdjustment'). */
export const COST_ADJUSTMENT_RECORD_STATES: RecordStateTable = [['Open', false], ['Reconciled', true], ['Void', true]];
export const COST_ADJUSTMENT_ADVANCEMENTS: AdvancementTable = { Open: [['Reconciled', true], ['Void', false]] };

/** The fields of an adjustment the rules read. */
export interface CostAdjustmentFigures {
  number?: string;
  amount: number;
  /** True when the adjustment moves budget between lines. */
  transfer?: boolean;
}

/** What the rules read of an item: its signed amount. */
export interface CostAdjustmentItemFigures {
  costAdjustmentItemId?: number | null;
  amount: number;
}

/** Sum of item amounts, to the cent, with dust below 1e-6 removed. */
export function itemsNet(items: readonly CostAdjustmentItemFigures[]): number {
  const sum = items.reduce((total, item) => total + (Number.isFinite(item.amount) ? item.amount : 0), 0);
  return normalizeCostAdjustmentAmount(Math.round(sum * 100) / 100);
}

/** True when the adjustment (with these items) is unreconciled (§5): the core rule with the first item as the link. */
export function isUnreconciled(adjustment: CostAdjustmentFigures, items: readonly CostAdjustmentItemFigures[]): boolean {
  const first = items.find((item) => typeof item.costAdjustmentItemId === 'number' && item.costAdjustmentItemId > 0) ?? items[0];
  return isUnreconciledCostAdjustment({ amount: adjustment.amount, linkedItemId: first ? (first.costAdjustmentItemId ?? 1) : null });
}

/** Texts of the refusals; tests and the screen read them. */
export const COST_ADJUSTMENT_RULE_TEXT = {
  unreconciled: (number: string, amount: number) =>
    `${number} is unreconciled: its amount of ${formatMoney(amount)} is not on any budget line yet. Add items that account for it before posting it, or void it.`,
  transferNotZero: (number: string, net: number) =>
    `${number} moves budget between lines, so its items must net to zero before it is posted. They net to ${formatMoney(net)}.`,
  itemsNotAmount: (number: string, net: number, amount: number) =>
    `The items of ${number} add up to ${formatMoney(net)}, but its amount is ${formatMoney(amount)}. Make them match before posting it.`,
} as const;

/**
 * Why the adjustment may not be posted (moved to a closed state other than Void), or null when it
 * may. Checked in this order: unreconciled, a transfer that does not net to zero, items that do not
 * add up to the amount.
 */
export function postRefusal(adjustment: CostAdjustmentFigures, items: readonly CostAdjustmentItemFigures[]): string | null {
  const number = adjustment.number ?? 'This cost adjustment';
  const amount = normalizeCostAdjustmentAmount(adjustment.amount);
  if (isUnreconciled(adjustment, items)) return COST_ADJUSTMENT_RULE_TEXT.unreconciled(number, amount);
  const net = itemsNet(items);
  if (adjustment.transfer) return net === 0 ? null : COST_ADJUSTMENT_RULE_TEXT.transferNotZero(number, net);
  return Math.abs(net - amount) < 0.005 ? null : COST_ADJUSTMENT_RULE_TEXT.itemsNotAmount(number, net, amount);
}
