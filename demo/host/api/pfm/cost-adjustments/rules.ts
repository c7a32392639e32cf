/**
 * The §5 cost adjustment rules applied to load rows, through the one pure rule of src/core (the same
 * the screen applies): amounts below 1e-6 answer as 0, and `unreconciled` is a non-zero amount with
 * no linked item (`linkedItemId`, the adjustment's first item, from COST_ADJUSTMENT_SELECT).
 */
import { isUnreconciledCostAdjustment, normalizeCostAdjustmentAmount } from '../../../../../src/core/format/numbers';

type Row = Record<string, unknown>;

/** Set `amount` (dust removed) and `unreconciled` (0/1, made boolean by rowsToApi) on each row; answers the rows. */
export function withCostAdjustmentRules<T extends Row>(rows: T[]): T[] {
  for (const row of rows) {
    const amount = normalizeCostAdjustmentAmount(Number(row.amount));
    const linkedItemId = typeof row.linkedItemId === 'number' ? row.linkedItemId : null;
    Object.assign(row, { amount, unreconciled: isUnreconciledCostAdjustment({ amount, linkedItemId }) ? 1 : 0 });
  }
  return rows;
}
