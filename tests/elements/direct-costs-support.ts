/**
 * Setup shared by the direct cost element tests (pfm-direct-costs, wb-direct-cost): the records of one project
 * in Open and Closed states and stub answers for the calls their screens make. Mounting and typing come from
 * ../support/browser.
 */
import type { DirectCost } from '../../src/features/direct-costs';
import type { FetchRequest, StubFor } from '../support/browser';
import { permissions, stateMachineAnswers } from '../support/state-machine';

export const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
const base = { projectId: 1, budgetId: 1, directCostTypeId: 3, vendorId: 7, vendorName: 'Acme Supply', description: 'Permit', items: [] };
export const OPEN: DirectCost[] = [
  { ...base, directCostId: 1, number: 'DC-001', invoiceNumber: 'INV-1', directCostDate: '2026-10-05', amount: 100.25, ...state(51, 'Draft'),
    reviseReason: 'Attach the <b>ticket</b>', revisedByName: 'Linda Okafor', revisedAt: '2026-10-20T16:30:00.000Z',
    items: [{ directCostItemId: 11, costCodeId: 101, costType: 'M', description: 'Permit', amount: 100.25 }] },
  { ...base, directCostId: 2, number: 'DC-002', invoiceNumber: null, directCostDate: '1989-12-31', amount: 50, ...state(52, 'Pending Approval'),
    submittedByName: 'Marcus Reyes', submittedAt: '2026-10-11T15:00:00.000Z',
    items: [{ directCostItemId: 12, costCodeId: 101, costType: 'M', description: 'Fee', amount: 50 }] },
  { ...base, directCostId: 4, number: 'DC-004', invoiceNumber: 'INV-4', directCostDate: '2026', amount: 10, ...state(53, 'Approved') },
];
const CLOSED: DirectCost[] = [{ ...base, directCostId: 3, number: 'DC-003', invoiceNumber: 'INV-3', directCostDate: '2026-09-01', amount: 999, ...state(54, 'Posted', true) }];
const ALL = [...OPEN, ...CLOSED];
const FIELDS = ['directCostDate', 'directCostTypeId', 'vendorId', 'invoiceNumber', 'description', 'amount', 'items'];
/** Draft → Pending Approval → Approved → Posted (and back to Draft); fields editable in Draft only. */
const MACHINE = {
  states: [
    { applicationRecordStateId: 51, name: 'Draft', closed: false, displayOrder: 1 },
    { applicationRecordStateId: 52, name: 'Pending Approval', closed: false, displayOrder: 2 },
    { applicationRecordStateId: 53, name: 'Approved', closed: false, displayOrder: 3 },
    { applicationRecordStateId: 54, name: 'Posted', closed: true, displayOrder: 4 },
  ],
  advancements: { 51: [52], 52: [53, 51], 53: [54] },
  fields: (stateId: number) => permissions(FIELDS, stateId === 51),
};

export function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getdirectcosts': ({ query }: FetchRequest) => {
      const open = query.get('open') !== 'false';
      const rows = query.get('recordKey') === 'DirectCost' ? ALL.filter((r) => r.directCostId === Number(query.get('recordId'))) : ALL;
      return { body: { data: rows.filter((r) => r.closed !== open) } };
    },
    '/api/pfm/GetDirectCostType': ({ query }) => ({ body: { data: { directCostTypeId: Number(query.get('directCostTypeId')), displayText: 'Permit Fee' } } }),
    '/api/pfm/GetDirectCostTypes': { body: { data: [{ directCostTypeId: 3, displayText: 'Permit Fee' }, { directCostTypeId: 5, displayText: 'Travel' }] } },
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, budgetId: 1, displayText: '24-1032 Riverside' } } },
    '/api/pfm/getcommitmentvendors': { body: { data: [{ vendorId: 7, name: 'Acme Supply' }] } },
    '/api/pfm/getcostcodes': { body: { data: [{ costCodeId: 101, budgetId: 1, code: '03300000', type: 'M', description: 'Concrete' }, { costCodeId: 102, budgetId: 1, code: '01500000', type: 'L', description: 'Labor' }] } },
    ...stateMachineAnswers(MACHINE),
    '/api/pfm/files': { body: { data: [] } },
    ...overrides,
  };
}
