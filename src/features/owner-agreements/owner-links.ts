/**
 * Owner agreements beside the shared commitment pieces: §5 links (which change events may go on an
 * owner agreement change order, and the link call; the server applies the same rule,
 * src/core/workflow, and refuses the rest), the contract types and new owner change orders
 * (demo/host/api/pfm/commitments/writes.ts).
 */
import { getJson, postForm } from '../../core/api';
import { canLinkChangeEventToOwnerChangeOrder } from '../../core/workflow';
import { contractStore, loadOpenAndClosed, type ContractRecord } from '../commitments';
import { OWNER_KINDS } from './data';

/** Contract types an owner agreement may have (the server accepts exactly these). */
export const OWNER_CONTRACT_TYPES = ['GMP', 'Lump Sum', 'Cost Plus Fee'] as const;

/** POST path of a new owner agreement change order. */
export const CREATE_OWNER_CHANGE_ORDER_PATH = '/api/pfm/CreateOwnerAgreementChangeOrder';

/** The change events' load and the link write. */
export const OWNER_LINK_PATHS = {
  changeEvents: '/api/pfm/getchangeevents',
  link: '/api/pfm/LinkChangeEventToOwnerChangeOrder',
} as const;

/** A change event as getchangeevents answers it (the fields the rule and the list need). */
export interface ChangeEventRow {
  changeEventId: number;
  number: string;
  title: string;
  budgetId: number | null;
  ownerAgreementId: number | null;
  ownerAgreementChangeOrderId: number | null;
  reimbursableTypeId: number | null;
  recordStateName: string;
  approvedAmount?: number;
  closed?: boolean;
  /** The owner change order it is on, if any, and whether that one is closed (settled). */
  ownerChangeOrderNumber?: string | null;
  ownerChangeOrderClosed?: boolean | null;
}

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
  return getJson<ContractRecord>('/api/pfm/getOwnerAgreementChangeOrderById', { ownerAgreementChangeOrderId: id });
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
