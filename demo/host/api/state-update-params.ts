/**
 * §7's state update, as every record kind declares it: ItemId, OldRecordStateId (the state the record
 * was loaded in: a stale one is the kind's 409) and RouteStateId (the state to move to). The bulk form
 * sends items[i].ItemId / items[i].OldRecordStateId with one RouteStateId for all of them, and each
 * item moves alone (http.ts eachAlone).
 */
import type Database from 'better-sqlite3';
import { p, type Scope } from './declare';
import { eachAlone } from './http';

/** One record's state update; `scope` names the project-scoped record ItemId is (the team guard checks it). */
export const stateUpdateParams = (scope?: Scope) => ({
  ItemId: p.id({ required: true, scope }),
  OldRecordStateId: p.id({ required: true }),
  RouteStateId: p.id({ required: true }),
});

/** The bulk state update: items[i].ItemId / items[i].OldRecordStateId, one RouteStateId. */
export const bulkStateUpdateParams = () => ({
  items: p.list({ ItemId: p.id({ required: true }), OldRecordStateId: p.id({ required: true }) }),
  RouteStateId: p.id({ required: true }),
});

/** The move one state update asks for. */
export interface RequestedMove {
  itemId: number;
  oldStateId: number;
  routeStateId: number;
}

export const requestedMove = (params: { readonly ItemId: number; readonly OldRecordStateId: number; readonly RouteStateId: number }): RequestedMove => ({
  itemId: params.ItemId, oldStateId: params.OldRecordStateId, routeStateId: params.RouteStateId,
});

/** A bulk update's items, in the order sent (none when the list was not sent). */
export const requestedItems = (items: ReadonlyArray<{ readonly ItemId: number; readonly OldRecordStateId: number }> | undefined) =>
  (items ?? []).map((entry) => ({ itemId: entry.ItemId, oldStateId: entry.OldRecordStateId }));

/** A bulk update's answer: the items moved, and each refused one with the refusal's message. */
export interface BulkMoveAnswer {
  done: number[];
  refused: { ItemId: number; message: string }[];
}

/** Move a bulk update's items each alone, each in its own transaction: a refusal is that item's only (eachAlone). */
export function moveEachAlone<I extends { itemId: number }>(db: Database.Database, items: readonly I[], move: (item: I) => void): BulkMoveAnswer {
  const answer: BulkMoveAnswer = { done: [], refused: [] };
  eachAlone(items, (item) => {
    db.transaction(() => move(item)).immediate();
    answer.done.push(item.itemId);
  }, (item, error) => answer.refused.push({ ItemId: item.itemId, message: error.message }));
  return answer;
}
