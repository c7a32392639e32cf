/**
 * Setup shared by the cost adjustment element tests (pfm-cost-adjustments, wb-cost-adjustment): one project's
 * adjustments in Open and Closed states, their items, the budget's cost codes, reference documents and reasons,
 * and stub answers for the calls their screens make. Mounting and typing come from ../support/browser.
 */
import type { CostAdjustment } from '../../src/features/cost-adjustments';
import type { FetchRequest, StubAnswer, StubFor } from '../support/browser';
import { stateMachineAnswers } from '../support/state-machine';

const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
const base = { projectId: 1, budgetId: 1, transfer: false, referenceDocumentCount: 1, adjustmentDate: '2026-10-01' };
export const OPEN: Array<Partial<CostAdjustment>> = [
  { ...base, costAdjustmentId: 1, costAdjustmentReasonId: 2, number: 'CA-1-001', description: 'Awaiting AP detail', amount: 1500, ...state(91, 'Open'),
    itemCount: 0, linkedItemId: null, unreconciled: true, referenceDocument: 'AP Invoice INV-1' },
  { ...base, costAdjustmentId: 2, costAdjustmentReasonId: 1, number: 'CA-1-002', description: 'Reclass <b>framing</b>', amount: -250, ...state(91, 'Open'),
    itemCount: 1, linkedItemId: 7, unreconciled: false, referenceDocument: 'Journal Entry JE-9' },
  { ...base, costAdjustmentId: 4, costAdjustmentReasonId: 1, number: 'CA-1-004', description: 'Dust', amount: 0.0000004, ...state(91, 'Open'),
    itemCount: 0, linkedItemId: null, unreconciled: false, referenceDocument: null },
];
const CLOSED: Array<Partial<CostAdjustment>> = [
  { ...base, costAdjustmentId: 3, costAdjustmentReasonId: 3, number: 'CA-1-003', description: 'Posted', amount: 400, ...state(92, 'Reconciled', true),
    itemCount: 1, linkedItemId: 8, unreconciled: false, referenceDocument: 'AP Invoice INV-3' },
];
export const ITEMS = [{ costAdjustmentItemId: 7, costAdjustmentId: 2, costCodeId: 101, costCode: '09200000', costType: 'S', description: 'Reclass', amount: -250 }];
const COST_CODES = [
  { costCodeId: 101, budgetId: 1, code: '09200000', type: 'S', description: 'Drywall' },
  { costCodeId: 102, budgetId: 1, code: '09900000', type: 'S', description: 'Painting' },
  { costCodeId: 103, budgetId: 1, code: '01500000', type: 'L', description: 'Supervision' },
  { costCodeId: 104, budgetId: 1, code: '01900000', type: 'A', description: 'Agency fee' },
];
const DOCUMENTS = [{ costAdjustmentReferenceDocumentId: 5, costAdjustmentId: 1, documentType: 'AP Invoice', documentNumber: 'INV-1', documentDate: '2026-09-30',
  amount: 1500, fileId: 44, fileName: 'INV-1 – scan.pdf', fileSize: 12 }];
const REASONS = [{ costAdjustmentReasonId: 1, displayText: 'Misposted Cost' }, { costAdjustmentReasonId: 2, displayText: 'Cost Code Reclass' }, { costAdjustmentReasonId: 3, displayText: 'Accrual' }];

/** Open → Reconciled (the quick route) or Void. */
const MACHINE = {
  states: [
    { applicationRecordStateId: 91, name: 'Open', applicationRecordKey: 'CostAdjustment', closed: false, displayOrder: 1 },
    { applicationRecordStateId: 92, name: 'Reconciled', applicationRecordKey: 'CostAdjustment', closed: true, displayOrder: 2 },
    { applicationRecordStateId: 93, name: 'Void', applicationRecordKey: 'CostAdjustment', closed: true, displayOrder: 3 },
  ],
  advancements: { 91: [92, 93] },
};

export function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getcostadjustments': ({ query }: FetchRequest): StubAnswer => {
      const closed = query.get('open') === 'false';
      const rows = (closed ? CLOSED : OPEN).filter((r) => query.get('recordKey') !== 'CostAdjustment' || r.costAdjustmentId === Number(query.get('recordId')));
      return { body: { data: rows } };
    },
    '/api/pfm/getcostadjustmentitems': ({ query }) => ({ body: { data: ITEMS.filter((i) => i.costAdjustmentId === Number(query.get('recordId'))) } }),
    '/api/pfm/getcostadjustmentreferencedocuments': ({ query }) => ({ body: { data: DOCUMENTS.filter((d) => d.costAdjustmentId === Number(query.get('recordId'))) } }),
    '/api/pfm/getcostcodes': { body: { data: COST_CODES } },
    '/api/pfm/GetCostAdjustmentReason': ({ query }) => ({ body: { data: REASONS.find((r) => r.costAdjustmentReasonId === Number(query.get('costAdjustmentReasonId'))) } }),
    '/api/pfm/GetCostAdjustmentReasons': { body: { data: REASONS } },
    ...stateMachineAnswers(MACHINE),
    '/api/pfm/files/download': { blob: new Blob(['scan'], { type: 'application/pdf' }) },
    ...overrides,
  };
}
