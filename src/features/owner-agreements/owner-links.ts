/**
 * Owner agreements beside the shared commitment pieces: §5 links (which change events may go on an
 * owner agreement change order, and the link call; the server applies the same rule,
 * src/core/workflow, and refuses the rest) and new owner change orders
 * (demo/host/api/pfm/commitments/writes.ts). The paths, the contract types and the change event's
 * shape: src/core/owner-agreements/contract.ts.
 */
import { getJson, postForm } from '../../core/api';
import {
  CREATE_OWNER_CHANGE_ORDER_PATH, OWNER_AGREEMENT_PATHS, OWNER_LINK_PATHS, type ChangeEventRow,
} from '../../core/owner-agreements/contract';
import { canLinkChangeEventToOwnerChangeOrder } from '../../core/workflow';
import { contractStore, loadOpenAndClosed, type ContractRecord } from '../commitments';
import { OWNER_KINDS } from './data';

/**
 * The change events that may be linked to `changeOrder`: every §5 rule passes (Approved, same owner
 * agreement and budget, not reimbursable type 5), it is not on this change order already, and it is
 * not on a closed one (a settled amount does not change). None while `changeOrder` itself is closed.
 */
export function linkCandidates(
  changeEvents: readonly ChangeEventRow[], changeOrder: { ownerAgreementId?: unknown; budgetId: number; ownerAgreementChangeOrderId?: unknown; closed?: boolean },
): ChangeEventRow[] {
  if (changeOrder.closed) return [];
  const coId = Number(changeOrder.ownerAgreementChangeOrderId);
  return changeEvents.filter((ce) => ce.ownerAgreementChangeOrderId !== coId && !ce.ownerChangeOrderClosed && canLinkChangeEventToOwnerChangeOrder(
    { ownerAgreementId: ce.ownerAgreementId, budgetId: ce.budgetId, reimbursableTypeId: ce.reimbursableTypeId, stateName: ce.recordStateName },
    { ownerAgreementId: Number(changeOrder.ownerAgreementId), budgetId: changeOrder.budgetId },
  ).ok);
}

/** The change events of a project (open and closed). */
export function loadProjectChangeEvents(projectId: number, signal?: AbortSignal): Promise<ChangeEventRow[]> {
  return loadOpenAndClosed<ChangeEventRow>(OWNER_LINK_PATHS.changeEvents, { recordKey: 'Project', recordId: projectId }, signal);
}

/** The change events linked to owner agreement change order `id`. */
export function loadLinkedChangeEvents(id: number, signal?: AbortSignal): Promise<ChangeEventRow[]> {
  return loadOpenAndClosed<ChangeEventRow>(OWNER_LINK_PATHS.changeEvents, { recordKey: 'OwnerAgreementChangeOrder', recordId: id }, signal);
}

/** POST LinkChangeEventToOwnerChangeOrder; answers the linked change event. */
export function linkChangeEvent(changeEventId: number, ownerAgreementChangeOrderId: number): Promise<ChangeEventRow> {
  return postForm<ChangeEventRow>(OWNER_LINK_PATHS.link, { ChangeEventId: changeEventId, OwnerAgreementChangeOrderId: ownerAgreementChangeOrderId });
}

/** A single change order (for its amount after a link). */
export function loadOwnerChangeOrder(id: number): Promise<ContractRecord> {
  return getJson<ContractRecord>(OWNER_AGREEMENT_PATHS.changeOrder, { ownerAgreementChangeOrderId: id });
}

/** What a new owner agreement change order is made of. */
export interface NewOwnerChangeOrder {
  ownerAgreementId: number;
  budgetId: number;
  description: string;
  /** YYYY-MM-DD; the server's today when empty. */
  changeOrderDate: string;
}

/**
 * POST CreateOwnerAgreementChangeOrder: a new Draft change order (OCO-### of the agreement, amount 0).
 * It goes into the page's change order store, so every list of them shows it at once.
 */
export async function createOwnerChangeOrder(order: NewOwnerChangeOrder): Promise<ContractRecord> {
  const created = await postForm<ContractRecord>(CREATE_OWNER_CHANGE_ORDER_PATH, {
    OwnerAgreementId: order.ownerAgreementId, BudgetId: order.budgetId, Description: order.description.trim(),
    ChangeOrderDate: order.changeOrderDate || undefined,
  });
  contractStore(OWNER_KINDS.OwnerAgreementChangeOrder).upsert(created);
  return created;
}
