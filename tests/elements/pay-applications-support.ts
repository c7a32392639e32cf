/**
 * Setup shared by the pay application element tests (pfm-pay-applications, wb-pay-application): one project's
 * applications in open and closed states, their lines and waivers, dates relative to the clock's today, and stub
 * answers for the calls the screens make.
 */
import { addPeriods, currentPeriod, lastDayOf, today } from '../../src/core/clock';
import type { PayApplication, PayApplicationLine } from '../../src/core/pay-applications/contract';
import { payApplicationFigures, periodEndOf } from '../../src/core/pay-applications/rules';
import type { FetchRequest, StubFor } from '../support/browser';
import { stateMachineAnswers } from '../support/state-machine';

export const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
/** The periods: this month's end and the one before. */
export const PERIOD = periodEndOf(today());
export const PREVIOUS_PERIOD = lastDayOf(addPeriods(currentPeriod(), -1));
/** When a record was last changed (the save's lastLoad). */
export const STAMP = `${PREVIOUS_PERIOD}T15:00:00.000Z`;

export const line = (itemId: number, costCode: string, description: string, scheduledValue: number, previousCompleted: number, thisPeriod: number, storedMaterials: number): PayApplicationLine => ({
  itemId, source: 'original', changeOrderNumber: null, costCodeId: itemId + 100, costCode, description,
  scheduledValue, previousCompleted, thisPeriod, storedMaterials, totalCompletedAndStored: 0, percentComplete: 0, balanceToFinish: 0, retainage: 0,
});

/** An application with its figures computed by the rules (as the server answers). */
export function application(id: number, over: Partial<PayApplication> & { lines: PayApplicationLine[] }): PayApplication {
  const terms = { retainagePercent: 10, reduceRetainageAtHalf: false };
  const previous = over.totals?.previousCertificates ?? 1800;
  const figures = payApplicationFigures(over.lines, terms, previous, false);
  return {
    payApplicationId: id, number: `SC-24-1032-004 Pay App 0${id}`, sequence: id, projectId: 1, budgetId: 1, commitmentKey: 'Subcontract', commitmentId: 4,
    commitmentNumber: 'SC-24-1032-004', vendorId: 7, vendorName: 'Acme <Concrete>', periodEnd: PERIOD, final: false, ...state(61, 'Draft'),
    waiversMissing: [], reviseReason: null, modifiedAt: STAMP, ...terms, waivers: [],
    ...over,
    lines: over.lines.map((l, i) => ({ ...l, ...figures.lines[i] })),
    totals: figures.totals,
  };
}

export const DRAFT = application(1, {
  lines: [line(11, '03-30-00 S', 'Footings', 10_000, 2_000, 1_000, 0), line(12, '03-40-00 S', 'Walls', 5_000, 0, 0, 500)],
  waiversMissing: ['A conditional waiver for this payment of $X through the period end.', 'An unconditional waiver for the previous payment.'],
  waivers: [{ lienWaiverId: 5, kind: 'Unconditional Progress', amount: 1800, throughDate: PREVIOUS_PERIOD, fileId: 77, fileName: 'waiver <1>.pdf', uploadedBy: 'Pat Manager', uploadedAt: STAMP }],
});
export const SUBMITTED = application(2, { commitmentId: 5, commitmentNumber: 'SC-24-1032-005', ...state(62, 'Submitted'), lines: [line(21, '09-20-00 S', 'Drywall', 8_000, 0, 2_000, 0)] });
export const REVISE = application(3, {
  commitmentId: 6, commitmentNumber: 'SC-24-1032-006', ...state(66, 'Revise and Resubmit'), reviseReason: 'Split the <b>stored</b> materials',
  lines: [line(31, '05-10-00 S', 'Steel', 4_000, 0, 1_000, 0)],
});
export const PAID = application(4, { commitmentId: 4, periodEnd: PREVIOUS_PERIOD, ...state(65, 'Paid', true), lines: [line(41, '03-30-00 S', 'Footings', 10_000, 0, 2_000, 0)] });
export const ALL = [DRAFT, SUBMITTED, REVISE, PAID];

/** Draft → Submitted → Approved → Approved for Payment → Paid; Submitted → Revise and Resubmit → Submitted. */
export const MACHINE = {
  states: [
    { applicationRecordStateId: 61, name: 'Draft', closed: false, displayOrder: 1 },
    { applicationRecordStateId: 62, name: 'Submitted', closed: false, displayOrder: 2 },
    { applicationRecordStateId: 63, name: 'Approved', closed: false, displayOrder: 3 },
    { applicationRecordStateId: 64, name: 'Approved for Payment', closed: false, displayOrder: 4 },
    { applicationRecordStateId: 65, name: 'Paid', closed: true, displayOrder: 5 },
    { applicationRecordStateId: 66, name: 'Revise and Resubmit', closed: false, displayOrder: 6 },
  ],
  advancements: { 61: [62], 62: [63, 66], 63: [64], 64: [65], 66: [62] },
};

const commitment = (id: number, number: string, recordStateName: string, vendorName = 'Acme <Concrete>') =>
  ({ subcontractId: id, projectId: 1, budgetId: 1, number, description: 'Concrete', vendorName, recordStateName, applicationRecordStateId: 1, closed: false });

export function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getpayapplications': ({ query }: FetchRequest) => {
      const open = query.get('open') !== 'false';
      const key = query.get('recordKey');
      const id = Number(query.get('recordId'));
      const rows = ALL.filter((r) => (key === 'Subcontract' ? r.commitmentId === id : true)).map(({ lines: _l, waivers: _w, ...row }) => row);
      return { body: { data: rows.filter((r) => r.closed !== open) } };
    },
    '/api/pfm/getPayApplicationById': ({ query }) => {
      const found = ALL.find((r) => r.payApplicationId === Number(query.get('payApplicationId')));
      return found ? { body: { data: found } } : { status: 404, body: { message: 'not found' } };
    },
    '/api/pfm/getsubcontracts': {
      body: { data: [commitment(4, 'SC-24-1032-004', 'Executed'), commitment(8, 'SC-24-1032-008', 'Executed', 'Beta Steel'), commitment(9, 'SC-24-1032-009', 'Draft')] },
    },
    '/api/pfm/getpurchaseagreements': { body: { data: [] } },
    '/api/pfm/getpurchaseorders': { body: { data: [{ purchaseOrderId: 3, projectId: 1, budgetId: 1, number: 'PO-24-1032-003', description: 'Rebar', vendorName: 'Gamma Supply', recordStateName: 'Issued', applicationRecordStateId: 2, closed: false }] } },
    '/api/pfm/GetSubcontractById': ({ query }) => ({ body: { data: commitment(Number(query.get('subcontractId')), `SC-24-1032-00${query.get('subcontractId')}`, Number(query.get('subcontractId')) === 9 ? 'Draft' : 'Executed') } }),
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, budgetId: 1, displayText: '24-1032 Riverside' } } },
    ...stateMachineAnswers(MACHINE),
    ...overrides,
  };
}
