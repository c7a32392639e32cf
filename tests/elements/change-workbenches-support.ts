/**
 * Setup shared by the change management workbench tests (wb-initiating-document, wb-change-event,
 * wb-change-event-item, wb-email): the states of the seed, stub answers for the reference calls and a
 * reset of every per-page store; the change event item builder serves tests/unit/change-management too. Mounting and
 * typing come from ../support/browser.
 */
import { $session } from '../../src/core/auth';
import { $toasts, resetMessages } from '../../src/core/messages';
import type { ChangeEventItem } from '../../src/features/change-management';
import { OVERLAYS_TAG } from '../../src/ui/element';
import { restoreFetch, waitFor } from '../support/browser';
import type { StubFor } from '../support/browser';
import { resetPageStores } from '../support/elements';
import { stateMachineAnswers } from '../support/state-machine';

const S = (id: number, name: string, key: string, closed: boolean, displayOrder: number) => ({ applicationRecordStateId: id, name, applicationRecordKey: key, closed, displayOrder });
/** ChangeRecord 1–5, ChangeEvent 6–12, ChangeEventItem 13–22, as seeded. */
export const STATES = [
  S(1, 'Draft', 'ChangeRecord', false, 1), S(2, 'Potential Costs', 'ChangeRecord', false, 2), S(3, 'Submitted', 'ChangeRecord', false, 3),
  S(4, 'Closed', 'ChangeRecord', true, 4), S(5, 'Void', 'ChangeRecord', true, 5),
  S(6, 'Open', 'ChangeEvent', false, 1), S(7, 'Pending', 'ChangeEvent', false, 2), S(8, 'Approved', 'ChangeEvent', false, 3), S(9, 'Complete', 'ChangeEvent', true, 4),
  S(10, 'No Change', 'ChangeEvent', true, 5), S(11, 'Rejected', 'ChangeEvent', true, 6), S(12, 'Canceled', 'ChangeEvent', true, 7),
  S(13, 'Open', 'ChangeEventItem', false, 1), S(14, 'Route for Proposal', 'ChangeEventItem', false, 2), S(15, 'Proposal Received', 'ChangeEventItem', false, 3),
  S(16, 'Pending Approval', 'ChangeEventItem', false, 4), S(17, 'Rejected', 'ChangeEventItem', false, 5), S(18, 'Approved', 'ChangeEventItem', false, 6),
  S(19, 'Pending Commitment', 'ChangeEventItem', false, 7), S(20, 'Committed', 'ChangeEventItem', true, 8), S(21, 'Canceled', 'ChangeEventItem', true, 9),
  S(22, 'Void', 'ChangeEventItem', true, 10),
];
export const stateOf = (id: number) => STATES.find((s) => s.applicationRecordStateId === id)!;

/** A change event item of event 3 in state `stateId` (Canopy steel of vendor 5); `extra` overrides any field. */
export const changeEventItem = (stateId: number, extra: Partial<ChangeEventItem> = {}): ChangeEventItem => ({
  changeEventItemId: 7, changeEventId: 3, parentChangeEventItemId: null, projectId: 1, budgetId: 1, costCodeId: 40, costCode: '05120000', costType: 'S',
  vendorId: 5, vendorName: 'Vendor 5', description: 'Canopy steel', estimatedAmount: 1000, proposedAmount: 1100, approvedAmount: 1050,
  coItemRecordKey: null, coItemRecordId: null, applicationRecordStateId: stateId, recordStateName: stateOf(stateId).name, closed: stateOf(stateId).closed, ...extra,
});

/** `{ data }` as the API answers. */
export const ok = (data: unknown) => ({ body: { data } });

/** A field security answer: the listed fields editable, the others read-only. */
export const security = (stateId: number, editable: readonly string[], readOnly: readonly string[] = []) => ok({
  lookupApplicationRecordStateId: stateId,
  fields: [...editable.map((fieldName) => ({ fieldName, editable: true, visible: true })), ...readOnly.map((fieldName) => ({ fieldName, editable: false, visible: true }))],
});

/** Stub answers for states, advancements (`advance`: state id → target ids) and the reference lists. */
export function referenceAnswers(advance: Record<number, number[]> = {}): Record<string, StubFor> {
  return {
    ...stateMachineAnswers({ states: STATES, advancements: advance }),
    '/api/pfm/getinitiatingdocumenttypes': ok([{ initiatingDocumentTypeId: 1, displayText: 'RFI - Request for Information' }, { initiatingDocumentTypeId: 2, displayText: "ASI - Architect's Supplemental Instruction" }]),
    '/api/pfm/GetChangeReasons': ok([{ changeReasonId: 1, displayText: 'Owner Request' }, { changeReasonId: 2, displayText: 'Design Error' }]),
    '/api/pfm/GetReimbursableTypes': ok([{ reimbursableTypeId: 1, displayText: 'Reimbursable' }]),
    '/api/pfm/vendors/getVendor': ({ query }) => ok({ vendorId: Number(query.get('vendorId')), name: `Vendor ${query.get('vendorId')}`, displayText: `Vendor ${query.get('vendorId')}` }),
  };
}

/** A fresh page: no stores, caches, messages or workbench in the address; signed in. */
export function freshPage(): void {
  localStorage.clear();
  resetPageStores();
  history.replaceState(null, '', location.pathname);
  $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
}

/** Undo {@link freshPage} and the stubs; remove what the test mounted. */
export function cleanPage(): void {
  document.body.innerHTML = '';
  document.querySelector(OVERLAYS_TAG)?.remove();
  restoreFetch();
  resetMessages();
  history.replaceState(null, '', location.pathname);
}

/** The field control `[data-field=name]` inside `root`, once rendered. */
export const field = <E extends HTMLElement = HTMLInputElement>(root: ParentNode, name: string) => waitFor(() => root.querySelector<E>(`[data-field="${name}"]`));

/** The messages of the toasts shown so far. */
export const toastMessages = () => $toasts.get().map((t) => t.message);

/** The page's workbench parameters. */
export function workbenchInAddress(): { workbench: string | null; recordKey: string | null; recordId: string | null } {
  const q = new URL(location.href).searchParams;
  return { workbench: q.get('workbench'), recordKey: q.get('recordKey'), recordId: q.get('recordId') };
}
