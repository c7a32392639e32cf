/**
 * Setup shared by the commitment element tests (pfm-commitments, wb-subcontract): subcontracts of one
 * project in Open and Closed states, the budget's cost codes, field security by state, and stub answers
 * for the calls their screens make. Mounting and typing come from ../support/browser.
 */
import type { CostCodeRow } from '../../src/features/budget-lines';
import type { FetchRequest, StubAnswer, StubFor } from '../support/browser';
import { FIELD_SECURITY_PATH, stateMachineAnswers } from '../support/state-machine';

export const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
export const SUBCONTRACTS_OPEN = [
  { subcontractId: 1, projectId: 1, budgetId: 1, vendorId: 7, vendorName: 'Row Name', number: 'SC-001', description: 'Drywall', ...state(31, 'Draft'),
    retainagePercent: 10, excessLiability: null, subcontractTypeId: 1, originalAmount: 1000, approvedChanges: 250, billed: 400, paid: 360, retainageHeld: 40,
    items: [{ subcontractItemId: 5, costCodeId: 101, costCode: '09200000', costType: 'S', description: 'Framing', amount: 1000 }] },
  { subcontractId: 2, projectId: 1, budgetId: 1, vendorId: 8, vendorName: 'Other', number: 'SC-002', description: 'Paint', ...state(33, 'Executed'),
    retainagePercent: 5, excessLiability: 3000000, originalAmount: 500, approvedChanges: 0, billed: 100, retainageHeld: 0, items: [] },
];
export const SUBCONTRACTS_CLOSED = [
  { subcontractId: 3, projectId: 1, budgetId: 1, vendorId: 8, vendorName: 'Other', number: 'SC-003', description: 'Demo', ...state(34, 'Closed', true),
    retainagePercent: 0, originalAmount: 300, approvedChanges: 0, billed: 300, items: [] },
];
export const COST_CODES: CostCodeRow[] = [
  { costCodeId: 101, budgetId: 1, code: '09200000', type: 'S', description: 'Drywall' },
  { costCodeId: 102, budgetId: 1, code: '09900000', type: 'S', description: 'Painting' },
  { costCodeId: 103, budgetId: 1, code: '01500000', type: 'L', description: 'Supervision' },
  { costCodeId: 104, budgetId: 1, code: '01900000', type: 'A', description: 'Agency fee' },
  { costCodeId: 105, budgetId: 1, code: '01910000', type: 'F', description: 'Fee' },
  { costCodeId: 201, budgetId: 2, code: '09200000', type: 'S', description: 'Other budget drywall' },
];

export { FIELD_SECURITY_PATH };

/** Field security of state 33 (Executed): retainage read-only, excess liability editable; other states list nothing. */
const MACHINE = {
  states: [],
  fields: (stateId: number) => (stateId === 33
    ? [{ fieldName: 'retainagePercent', editable: false, visible: true }, { fieldName: 'excessLiability', editable: true, visible: true }]
    : []),
};
export const fieldSecurityAnswer = stateMachineAnswers(MACHINE)[FIELD_SECURITY_PATH] as (request: FetchRequest) => StubAnswer;

export function listAnswers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  const byOpen = (open: unknown[], closed: unknown[]) => ({ query }: FetchRequest) => ({ body: { data: query.get('open') === 'false' ? closed : open } });
  return {
    '/api/pfm/getsubcontracts': byOpen(SUBCONTRACTS_OPEN, SUBCONTRACTS_CLOSED),
    '/api/pfm/getpurchaseagreements': byOpen([], []),
    '/api/pfm/getpurchaseorders': byOpen([{ purchaseOrderId: 9, projectId: 1, budgetId: 1, vendorId: 7, number: 'PO-009', description: 'Lift', ...state(41, 'Issued'), amount: 200, billed: 50, items: [] }], []),
    '/api/pfm/vendors/getVendor': ({ query }) => ({ body: { data: { vendorId: Number(query.get('vendorId')), displayText: `Vendor ${query.get('vendorId')} (lookup)` } } }),
    '/api/pfm/vendors/getVendors': { body: { data: [7, 8].map((vendorId) => ({ vendorId, displayText: `Vendor ${vendorId} (lookup)` })) } },
    '/api/pfm/GetSubcontractById': ({ query }) => ({ body: { data: [...SUBCONTRACTS_OPEN, ...SUBCONTRACTS_CLOSED].find((s) => s.subcontractId === Number(query.get('subcontractId'))) } }),
    '/api/pfm/getcostcodes': { body: { data: COST_CODES.filter((c) => c.budgetId === 1) } },
    '/api/pfm/GetSubcontractTypes': { body: { data: [{ subcontractTypeId: 1, displayText: 'Standard Subcontract' }, { subcontractTypeId: 2, displayText: 'Short Form Subcontract' }] } },
    ...stateMachineAnswers(MACHINE),
    '/api/pfm/projects/GetProjectByProjectId': ({ query }) => ({ body: { data: { projectId: Number(query.get('projectId')), displayText: '24-1032 Riverside Medical Office Building' } } }),
    ...overrides,
  };
}
