/**
 * Setup shared by the owner agreement element tests (pfm-owner-agreements, wb-owner-agreement,
 * wb-owner-agreement-change-order): an executed and a closed agreement, an approved and a draft change
 * order, the project's budgets, stub answers for the calls their screens make (with the form bodies
 * posted, by path) and the header form once it is ready. Mounting and typing come from ../support/browser.
 */
import { fetchCalls, stubFetch, waitFor, type StubFor } from '../support/browser';
import { stateMachineAnswers } from '../support/state-machine';

export type Answers = Record<string, StubFor>;

/** The query of the call being answered (the stub records it just before asking for the answer). */
export const currentQuery = () => new URL(fetchCalls[fetchCalls.length - 1]!, location.origin).searchParams;
export const byOpen = (open: unknown[], closed: unknown[]) => () => ({ body: { data: currentQuery().get('open') === 'false' ? closed : open } });

/** Form bodies posted, by path (the shared stub answers by path only). */
let posts: Array<{ path: string; body: FormData }> = [];
export function stub(answers: Answers): void {
  stubFetch(answers);
  posts = [];
  const inner = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) posts.push({ path: new URL(String(input instanceof Request ? input.url : input), location.origin).pathname, body: init.body });
    return inner(input, init);
  };
}
export const postsTo = (path: string) => posts.filter((p) => p.path === path);

export const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
export const EXECUTED = { ownerAgreementId: 1, projectId: 1, budgetId: 1, number: 'OA-24-1032', ownerName: 'Riverside Health Partners', description: 'Prime contract',
  contractType: 'Lump Sum', contractAmount: 1_000_000, approvedChanges: 5000, executedDate: '2026-05-12', displayText: 'OA-24-1032 Riverside', ...state(47, 'Executed') };
export const CLOSED = { ...EXECUTED, ownerAgreementId: 2, number: 'OA-23-0001', description: 'Old contract', ...state(48, 'Closed', true) };
export const APPROVED_CO = { ownerAgreementChangeOrderId: 1, ownerAgreementId: 1, projectId: 1, budgetId: 1, number: 'OCO-001', description: 'Approved changes',
  amount: 5000, changeOrderDate: '2026-08-09', changeEventCount: 1, ...state(51, 'Approved', true) };
export const DRAFT_CO = { ...APPROVED_CO, ownerAgreementChangeOrderId: 2, number: 'OCO-002', description: 'Casework', amount: 0, changeOrderDate: '2026-11-02', changeEventCount: 0, ...state(49, 'Draft') };
export const BUDGETS = [{ budgetId: 1, projectId: 1, jobNumber: '24-1032-01', displayText: '24-1032-01 Base building' }, { budgetId: 9, projectId: 1, jobNumber: '24-1032-02', displayText: '24-1032-02 Tenant fit-out' }];

export function answers(overrides: Answers = {}): Answers {
  const agreements = [EXECUTED, CLOSED];
  const changeOrders = [APPROVED_CO, DRAFT_CO];
  return {
    '/api/pfm/getOwnerAgreementById': () => ({ body: { data: agreements.find((a) => a.ownerAgreementId === Number(currentQuery().get('ownerAgreementId'))) } }),
    '/api/pfm/getowneragreements': byOpen([EXECUTED], [CLOSED]),
    // The screen's subtitle (ScreenTitle) names the project.
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, displayText: '24-1032 Riverside Medical Office Building' } } },
    '/api/pfm/getOwnerAgreementChangeOrderById': () => ({ body: { data: changeOrders.find((c) => c.ownerAgreementChangeOrderId === Number(currentQuery().get('ownerAgreementChangeOrderId'))) } }),
    '/api/pfm/getowneragreementchangeorders': () => byOpen(changeOrders.filter((c) => !c.closed), changeOrders.filter((c) => c.closed))(),
    '/api/pfm/getchangeevents': byOpen([], []),
    '/api/pfm/getbudgets': byOpen(BUDGETS, []),
    // No moves; executed agreements keep their executed date, every other field follows the default (editable while the state is open).
    ...stateMachineAnswers({ states: [], fields: (stateId) => (stateId === 47 ? [{ fieldName: 'executedDate', editable: false, visible: true }] : []) }),
    ...overrides,
  };
}

export const header = (root: ParentNode, field: string) => root.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-header-form] [data-field="${field}"]`);
export const newForm = (root: ParentNode, field: string) => root.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-new-change-order-form] [data-field="${field}"]`);
/** The header form once the state's field security is in (the description is editable or the form says it is read-only). */
/** The Edit control (§2) unlocks the header; clicked here when it is offered. */
export const ready = (root: ParentNode) => waitFor(() => {
  root.querySelector<HTMLButtonElement>('[data-locked] [data-control="Edit"]')?.click();
  return (header(root, 'description') && (!header(root, 'description')!.readOnly || root.querySelector('[data-read-only]'))) && root;
});
