/**
 * The cost code of an item line on the PFM writes (commitments, cost adjustments, direct costs): a
 * line of the record's budget, of a cost type items may use (§5 selectableCostTypes).
 */
import type Database from 'better-sqlite3';
import { selectableCostTypes } from '../../../../src/core/format/cost-types';

/**
 * The check of items' cost codes against budget `budgetId`: null for a usable one, else the refusal of
 * line `line`. `verb` says what the record does with its cost codes ('committed', 'adjusted', 'charged').
 */
export function itemCostCodeCheck(db: Database.Database, budgetId: number, verb: string): (costCodeId: number | null | undefined, line: number) => string | null {
  const types = new Map((db.prepare('SELECT costCodeId, type FROM cost_codes WHERE budgetId = ?').all(budgetId) as Array<{ costCodeId: number; type: string }>)
    .map((l) => [l.costCodeId, l.type]));
  const selectable = new Set(selectableCostTypes().map((t) => t.code as string));
  return (costCodeId, line) => {
    const type = costCodeId == null ? undefined : types.get(costCodeId);
    if (type === undefined) return `Line ${line}: choose a cost code of this budget.`;
    return selectable.has(type) ? null : `Line ${line}: cost type ${type} can not be ${verb}.`;
  };
}
