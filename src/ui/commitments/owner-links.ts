/**
 * §5 owner-agreement links: which change events may go on an owner agreement change order, and the
 * link call (the server applies the same rule, src/core/workflow, and refuses the rest).
 */
import { getJson, postForm } from '../../core/api';
import { canLinkChangeEventToOwnerChangeOrder } from '../../core/workflow';
import { COMMITMENT_PATHS, loadOpenAndClosed, type ContractRecord } from './data';

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
}

/**
 * The change events that may be linked to `changeOrder`: every §5 rule passes (Approved, same owner
 * agreement and budget, not reimbursable type 5) and it is not on this change order already.
 */
export function linkCandidates(changeEvents: readonly ChangeEventRow[], changeOrder: { ownerAgreementId?: unknown; budgetId: number; ownerAgreementChangeOrderId?: unknown }): ChangeEventRow[] {
  const coId = Number(changeOrder.ownerAgreementChangeOrderId);
  return changeEvents.filter((ce) => ce.ownerAgreementChangeOrderId !== coId && canLinkChangeEventToOwnerChangeOrder(
    { ownerAgreementId: ce.ownerAgreementId, budgetId: ce.budgetId, reimbursableTypeId: ce.reimbursableTypeId, stateName: ce.recordStateName },
    { ownerAgreementId: Number(changeOrder.ownerAgreementId), budgetId: changeOrder.budgetId },
  ).ok);
}

/** The change events of a project (open and closed). */
export function loadProjectChangeEvents(projectId: number, signal?: AbortSignal): Promise<ChangeEventRow[]> {
  return loadOpenAndClosed<ChangeEventRow>(COMMITMENT_PATHS.changeEvents, { recordKey: 'Project', recordId: projectId }, signal);
}

/** The change events linked to owner agreement change order `id`. */
export function loadLinkedChangeEvents(id: number, signal?: AbortSignal): Promise<ChangeEventRow[]> {
  return loadOpenAndClosed<ChangeEventRow>(COMMITMENT_PATHS.changeEvents, { recordKey: 'OwnerAgreementChangeOrder', recordId: id }, signal);
}

/** POST LinkChangeEventToOwnerChangeOrder; answers the linked change event. */
export function linkChangeEvent(changeEventId: number, ownerAgreementChangeOrderId: number): Promise<ChangeEventRow> {
  return postForm<ChangeEventRow>(COMMITMENT_PATHS.link, { ChangeEventId: changeEventId, OwnerAgreementChangeOrderId: ownerAgreementChangeOrderId });
}

/** A single change order (for its amount after a link). */
export function loadOwnerChangeOrder(id: number): Promise<ContractRecord> {
  return getJson<ContractRecord>('/api/pfm/getOwnerAgreementChangeOrderById', { ownerAgreementChangeOrderId: id });
}
