/**
 * A record's state move (§4): shown at once in every list that holds the record (the record store's
 * optimistic update), sent with the state the user saw (OldRecordStateId: a record someone else moved
 * first answers 409), and put back as it was when the server refuses or the call fails.
 */
import type { AnyRecord, RecordStore } from './store';

/** A record with a workflow state. */
export interface StatefulRecord {
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
}

/** Where a move goes: one of the states the server offers. */
export interface MoveTarget {
  applicationRecordStateId: number;
  name: string;
  closed: boolean;
  displayOrder?: number;
}

/** The state call's body; an area's call may add its own fields (RecordKey). */
export interface StateMoveBody {
  ItemId: number;
  OldRecordStateId: number;
  RouteStateId: number;
  /** What the user typed when the move asks for a reason (sent back, signed on paper); left out when none. */
  Reason?: string;
}

/** The record as it will be in `target`. */
export function inState<T extends StatefulRecord>(record: T, target: MoveTarget): T {
  const next = { ...record, applicationRecordStateId: target.applicationRecordStateId, recordStateName: target.name, closed: target.closed };
  if ('stateDisplayOrder' in next && target.displayOrder !== undefined) (next as { stateDisplayOrder?: number }).stateDisplayOrder = target.displayOrder;
  return next;
}

/**
 * Move `record` of `store` to `target`: optimistic, then `post` sends the state call's body; the record
 * it answers (if any) is kept. On failure the record held before is put back and the error rethrown.
 */
export function moveRecordState<T extends StatefulRecord & AnyRecord>(
  store: RecordStore<T>, record: T, target: MoveTarget, post: (body: StateMoveBody) => Promise<T | void | undefined>, reason?: string,
): Promise<T> {
  return store.optimistic(inState(record, target), () => post({
    ItemId: store.idOf(record), OldRecordStateId: record.applicationRecordStateId, RouteStateId: target.applicationRecordStateId, Reason: reason,
  }));
}
