/**
 * Item lines on the PFM writes (commitments, cost adjustments, direct costs): the stored item an entry of a
 * save edits, and the cost code of a line (a line of the record's budget, of a cost type items may use, §5
 * selectableCostTypes).
 */
import type Database from 'better-sqlite3';
import { selectableCostTypes } from '../../../../src/core/format/cost-types';
import type { FeedbackItem } from '../http';

/**
 * Entry `items[index]` of a save: its line (from 1), its field names and the stored item it edits (`old`; none
 * for a new line). Null when it names an item that is not one of the record's (`existing`, by id), with that
 * refusal added to `feedback`; `label` names the record ('cost adjustment').
 */
export function itemEntry<T>(entry: { index: number; itemId?: number | null }, existing: ReadonlyMap<number, T>, label: string, feedback: FeedbackItem[]) {
  const { index } = entry;
  const line = index + 1;
  const field = (name: string) => `items[${index}].${name}`;
  const itemId = entry.itemId ?? null;
  if (itemId !== null && !existing.has(itemId)) {
    feedback.push({ integerValue: 1, stringValue: field('itemId'), message: `Line ${line}: item '${itemId}' is not an item of this ${label}.` });
    return null;
  }
  return { line, field, itemId, old: itemId === null ? undefined : existing.get(itemId) };
}

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
