/**
 * Shapes the workflow rules work on. They are the §3 field names, so a record from the API or a
 * row from the demo host's database can be passed as is.
 */

/** §3 record state. */
export interface State {
  applicationRecordStateId: number;
  name: string;
  applicationRecordKey: string;
  closed: boolean;
  displayOrder: number;
}

/** A change event item with its state id (and, optionally, the state itself and nested items). */
export interface ItemWithState {
  changeEventItemId: number;
  applicationRecordStateId: number;
  /** The item this one is nested under, if any. */
  parentChangeEventItemId?: number | null;
  /** The resolved state; looked up in the `states` list by id when absent. */
  state?: State;
  /** Nested items when the caller holds a tree instead of a flat list. */
  children?: ItemWithState[];
}

/** The outcome of an advance check: apply it, ask first, or refuse with the items that block it. */
export type AdvanceDecision =
  | { kind: 'apply' }
  | { kind: 'confirm'; title: string; message: string }
  | { kind: 'blocked'; title: string; message: string; blockingItems: ItemWithState[] };

/** Outcome of a change event item advance (§4). */
export type ItemAdvanceDecision =
  | { kind: 'apply' }
  | { kind: 'confirm'; title: string; message: string }
  /** Open the e-mail workbench (RFP or revise-RFP); the state does not change. */
  | { kind: 'email'; email: 'rfp' | 'revise-rfp' };

/** Outcome of a change record advance (§4). */
export type ChangeRecordAdvanceDecision =
  | { kind: 'apply' }
  /** Open the new change event workbench for the record; the state does not change. */
  | { kind: 'new-change-event' };

/** Result of a link rule (§5). */
export type LinkCheck = { ok: true } | { ok: false; message: string };
