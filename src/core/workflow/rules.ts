/**
 * §4 state-advance rules and §5 link rules, pure functions shared by the client (which asks, or
 * refuses, before calling) and the demo host (which enforces them again on every update).
 */
import * as M from './messages';
import * as N from './names';
import type {
  AdvanceDecision, ChangeRecordAdvanceDecision, ItemAdvanceDecision, ItemWithState, LinkCheck, State,
} from './types';

/** Every item of `items`, nested `children` included, as one flat list (parents before children). */
export function flattenItems(items: readonly ItemWithState[]): ItemWithState[] {
  const out: ItemWithState[] = [];
  const walk = (list: readonly ItemWithState[]) => {
    for (const item of list) {
      out.push(item);
      if (item.children?.length) walk(item.children);
    }
  };
  walk(items);
  return out;
}

/** The item's state: its own `state`, else the entry of `states` with its id. */
export function stateOfItem(item: ItemWithState, states: readonly State[]): State | undefined {
  return item.state ?? states.find((s) => s.applicationRecordStateId === item.applicationRecordStateId);
}

/** The display order of the change event item state named Approved (the §4 threshold). */
function approvedOrder(states: readonly State[]): number | undefined {
  const approved = states.find(
    (s) => N.sameName(s.name, N.ITEM_APPROVED)
      && (s.applicationRecordKey === undefined || s.applicationRecordKey === N.CHANGE_EVENT_ITEM_KEY),
  ) ?? states.find((s) => N.sameName(s.name, N.ITEM_APPROVED));
  return approved?.displayOrder;
}

/** True when the item's state is closed. An item whose state is unknown counts as not closed. */
export function isItemClosed(item: ItemWithState, states: readonly State[]): boolean {
  return stateOfItem(item, states)?.closed === true;
}

/** True when the item is approved or further along by display order, or closed (§4 Approved rule). */
export function isItemApprovedOrBeyond(item: ItemWithState, states: readonly State[]): boolean {
  const state = stateOfItem(item, states);
  if (!state) return false;
  if (state.closed) return true;
  const threshold = approvedOrder(states);
  return threshold !== undefined && state.displayOrder >= threshold;
}

/**
 * §4 change event advance. `target` is the change event state chosen; `items` the event's items
 * (flat with nested ones, or a tree through `children`); `states` the change event item states
 * (used to resolve item states and to find the Approved display order).
 */
export function checkChangeEventAdvance(
  target: State, items: readonly ItemWithState[], states: readonly State[],
): AdvanceDecision {
  const all = flattenItems(items);
  if (N.sameName(target.name, N.CE_COMPLETE) || N.sameName(target.name, N.CE_NO_CHANGE)) {
    const blockingItems = all.filter((item) => !isItemClosed(item, states));
    if (blockingItems.length === 0) return { kind: 'apply' };
    return N.sameName(target.name, N.CE_COMPLETE)
      ? { kind: 'blocked', title: M.COMPLETE_BLOCKED_TITLE, message: M.COMPLETE_BLOCKED_MESSAGE, blockingItems }
      : { kind: 'blocked', title: M.NO_CHANGE_BLOCKED_TITLE, message: M.NO_CHANGE_BLOCKED_MESSAGE, blockingItems };
  }
  if (N.sameName(target.name, N.CE_APPROVED)) {
    const blockingItems = all.filter((item) => !isItemApprovedOrBeyond(item, states));
    if (blockingItems.length === 0) return { kind: 'apply' };
    return { kind: 'blocked', title: M.APPROVE_BLOCKED_TITLE, message: M.APPROVE_BLOCKED_MESSAGE, blockingItems };
  }
  if (N.sameName(target.name, N.CE_CANCELED)) {
    return { kind: 'confirm', title: M.CONFIRM_CANCEL_TITLE, message: M.CANCEL_CHANGE_EVENT_MESSAGE };
  }
  if (N.sameName(target.name, N.CE_REJECTED)) {
    return { kind: 'confirm', title: M.CONFIRM_REJECT_TITLE, message: M.CANCEL_CHANGE_EVENT_MESSAGE };
  }
  return { kind: 'apply' };
}

/** True when advancing a change event to `target` moves every item to Canceled (§4). */
export function cascadesToCanceled(target: State): boolean {
  return N.sameName(target.name, N.CE_CANCELED) || N.sameName(target.name, N.CE_REJECTED);
}

/** The item state named Canceled among `states`, the state every item takes on cancel/reject. */
export function canceledItemState(states: readonly State[]): State | undefined {
  return states.find((s) => N.sameName(s.name, N.ITEM_CANCELED));
}

/**
 * §4 change event item advance: Route for Proposal opens the RFP e-mail, Rejected the revise-RFP
 * e-mail (state unchanged in both); a closed target asks first; anything else applies.
 */
export function checkChangeEventItemAdvance(target: State): ItemAdvanceDecision {
  if (N.sameName(target.name, N.ITEM_ROUTE_FOR_PROPOSAL)) return { kind: 'email', email: 'rfp' };
  if (N.sameName(target.name, N.ITEM_REJECTED)) return { kind: 'email', email: 'revise-rfp' };
  if (target.closed) return { kind: 'confirm', title: M.CONFIRM_CLOSE_ITEM_TITLE, message: M.CLOSE_ITEM_MESSAGE };
  return { kind: 'apply' };
}

/** §4 change record advance: Potential Costs opens the new change event workbench; others apply. */
export function checkChangeRecordAdvance(target: State): ChangeRecordAdvanceDecision {
  return N.sameName(target.name, N.CR_POTENTIAL_COSTS) ? { kind: 'new-change-event' } : { kind: 'apply' };
}

/** What §5 needs of a change event item to link it to a commitment. */
export interface LinkableItem {
  vendorId: number | null;
  /** The linked change-order item, if any (null/undefined/≤ 0 when none). */
  coItemRecordId?: number | null;
  /** The item's state name (or give `state`). */
  stateName?: string;
  state?: Pick<State, 'name'>;
}

/** What §5 needs of a commitment (subcontract, purchase agreement or purchase order). */
export interface LinkableCommitment {
  vendorId: number | null;
}

/**
 * §5: a change event item can be linked to a commitment only if it is Approved or Pending
 * Commitment, has the commitment's vendor, and has no linked change-order item.
 */
export function canLinkItemToCommitment(item: LinkableItem, commitment: LinkableCommitment): LinkCheck {
  const name = item.state?.name ?? item.stateName ?? '';
  if (!N.sameName(name, N.ITEM_APPROVED) && !N.sameName(name, N.ITEM_PENDING_COMMITMENT)) {
    return { ok: false, message: M.LINK_ITEM_STATE_MESSAGE };
  }
  if (item.vendorId == null || commitment.vendorId == null || item.vendorId !== commitment.vendorId) {
    return { ok: false, message: M.LINK_ITEM_VENDOR_MESSAGE };
  }
  if (item.coItemRecordId != null && item.coItemRecordId > 0) {
    return { ok: false, message: M.LINK_ITEM_ALREADY_LINKED_MESSAGE };
  }
  return { ok: true };
}

/** What §5 needs of a change event to put it on an owner agreement change order. */
export interface LinkableChangeEvent {
  ownerAgreementId: number | null;
  budgetId: number | null;
  reimbursableTypeId: number | null;
  stateName?: string;
  state?: Pick<State, 'name'>;
}

/** What §5 needs of an owner agreement change order. */
export interface LinkableOwnerChangeOrder {
  ownerAgreementId: number | null;
  budgetId: number | null;
}

/**
 * §5: a change event can go on an owner agreement change order only if it is Approved, belongs to
 * the same owner agreement and budget, and is not of reimbursable type 5.
 */
export function canLinkChangeEventToOwnerChangeOrder(
  changeEvent: LinkableChangeEvent, changeOrder: LinkableOwnerChangeOrder,
): LinkCheck {
  const name = changeEvent.state?.name ?? changeEvent.stateName ?? '';
  if (!N.sameName(name, N.CE_APPROVED)) return { ok: false, message: M.LINK_CE_STATE_MESSAGE };
  if (changeEvent.ownerAgreementId == null || changeEvent.ownerAgreementId !== changeOrder.ownerAgreementId) {
    return { ok: false, message: M.LINK_CE_OWNER_AGREEMENT_MESSAGE };
  }
  if (changeEvent.budgetId == null || changeEvent.budgetId !== changeOrder.budgetId) {
    return { ok: false, message: M.LINK_CE_BUDGET_MESSAGE };
  }
  if (changeEvent.reimbursableTypeId === N.NON_LINKABLE_REIMBURSABLE_TYPE_ID) {
    return { ok: false, message: M.LINK_CE_REIMBURSABLE_MESSAGE };
  }
  return { ok: true };
}
