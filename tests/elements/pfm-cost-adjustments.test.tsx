import { expect } from 'chai';
import { clearLibraries } from '../../src/core/lookups';
import { COST_ADJUSTMENT_RULE_TEXT, itemsNet, postRefusal } from '../../src/core/cost-adjustments';
import {
  CA_TEXT, costAdjustmentTotals, isUnreconciled, NO_ACCESS_MESSAGE, type CostAdjustment,
} from '../../src/features/cost-adjustments';
import { LIST_TEXT } from '../../src/elements/pfm-cost-adjustments/CostAdjustments';
import '../../src/elements/pfm-cost-adjustments/define';
import '../../src/elements/wb-cost-adjustment/define';
import {
  fetchRequests, mount, restoreFetch, setValue, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer, type StubFor,
} from '../support/browser';
import { resetPageStores, signInForTest } from '../support/elements';

const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
const base = { projectId: 1, budgetId: 1, transfer: false, referenceDocumentCount: 1, adjustmentDate: '2026-10-01' };
const OPEN: Array<Partial<CostAdjustment>> = [
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
const ITEMS = [{ costAdjustmentItemId: 7, costAdjustmentId: 2, costCodeId: 101, costCode: '09200000', costType: 'S', description: 'Reclass', amount: -250 }];
const COST_CODES = [
  { costCodeId: 101, budgetId: 1, code: '09200000', type: 'S', description: 'Drywall' },
  { costCodeId: 102, budgetId: 1, code: '09900000', type: 'S', description: 'Painting' },
  { costCodeId: 103, budgetId: 1, code: '01500000', type: 'L', description: 'Supervision' },
  { costCodeId: 104, budgetId: 1, code: '01900000', type: 'A', description: 'Agency fee' },
];
const DOCUMENTS = [{ costAdjustmentReferenceDocumentId: 5, costAdjustmentId: 1, documentType: 'AP Invoice', documentNumber: 'INV-1', documentDate: '2026-09-30',
  amount: 1500, fileId: 44, fileName: 'INV-1 – scan.pdf', fileSize: 12 }];
const REASONS = [{ costAdjustmentReasonId: 1, displayText: 'Misposted Cost' }, { costAdjustmentReasonId: 2, displayText: 'Cost Code Reclass' }, { costAdjustmentReasonId: 3, displayText: 'Accrual' }];

function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
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
    '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': ({ query }) => ({
      body: { data: { lookupApplicationRecordStateId: Number(query.get('applicationRecordStateId')), fields: [] } },
    }),
    '/api/applications/GetRecordStateAdvancements': ({ query }) => ({
      body: { data: query.get('applicationRecordStateId') === '91' ? [
        { quickRoute: true, targetApplicationRecordState: { applicationRecordStateId: 92, name: 'Reconciled', applicationRecordKey: 'CostAdjustment', closed: true, displayOrder: 2 } },
        { quickRoute: false, targetApplicationRecordState: { applicationRecordStateId: 93, name: 'Void', applicationRecordKey: 'CostAdjustment', closed: true, displayOrder: 3 } },
      ] : [] },
    }),
    '/api/pfm/files/download': { blob: new Blob(['scan'], { type: 'application/pdf' }) },
    ...overrides,
  };
}

describe('cost adjustments', () => {
  beforeEach(() => { localStorage.clear(); clearLibraries(); signInForTest(); });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetPageStores();
  });

  describe('rules', () => {
    it('unreconciled: a non-zero amount (below 1e-6 is 0) and no linked item', () => {
      expect(isUnreconciled({ amount: 1500, linkedItemId: null })).to.equal(true);
      expect(isUnreconciled({ amount: 1500, linkedItemId: 7 })).to.equal(false);
      expect(isUnreconciled({ amount: 0.0000009, linkedItemId: null })).to.equal(false);
      expect(isUnreconciled({ amount: -0.000001, linkedItemId: null })).to.equal(true);
      expect(isUnreconciled({ amount: 10, linkedItemId: null, items: [ITEMS[0] as never] })).to.equal(false);
    });

    it('totals: the amount, and how much of it is unreconciled', () => {
      expect(costAdjustmentTotals(OPEN as CostAdjustment[])).to.deep.equal({ count: 3, amount: 1250, unreconciledCount: 1, unreconciledAmount: 1500 });
    });

    it('posting: unreconciled first, then a transfer must net to zero, else the items must match the amount', () => {
      expect(postRefusal({ number: 'CA-1', amount: 1500 }, [])).to.equal(COST_ADJUSTMENT_RULE_TEXT.unreconciled('CA-1', 1500));
      expect(COST_ADJUSTMENT_RULE_TEXT.unreconciled('CA-1', 1500)).to.equal(
        'CA-1 is unreconciled: its amount of $1,500.00 is not on any budget line yet. Add items that account for it before posting it, or void it.');
      const items = [{ costAdjustmentItemId: 1, amount: -1500 }, { costAdjustmentItemId: 2, amount: 1000 }];
      expect(postRefusal({ number: 'CA-1', amount: 1500, transfer: true }, items)).to.equal(
        'CA-1 moves budget between lines, so its items must net to zero before it is posted. They net to -$500.00.');
      expect(postRefusal({ number: 'CA-1', amount: 1500, transfer: true }, [items[0]!, { costAdjustmentItemId: 2, amount: 1500 }])).to.equal(null);
      expect(postRefusal({ number: 'CA-1', amount: 1500 }, items)).to.equal(COST_ADJUSTMENT_RULE_TEXT.itemsNotAmount('CA-1', -500, 1500));
      expect(postRefusal({ number: 'CA-1', amount: -500 }, items)).to.equal(null);
      expect(postRefusal({ number: 'CA-1', amount: 0.0000001 }, [])).to.equal(null);
      expect(itemsNet([{ amount: 0.1 }, { amount: 0.2 }, { amount: -0.3 }])).to.equal(0);
    });
  });

  describe('<pfm-cost-adjustments>', () => {
    it('shows a loading status, then Open and Closed lists with reason lookups, reference documents, the Unreconciled badge and totals', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      const plain = answers();
      stubFetch({ ...plain, '/api/pfm/getcostadjustments': async (request) => { await held; return (plain['/api/pfm/getcostadjustments'] as (r: FetchRequest) => StubAnswer)(request); } });
      const root = await mount('pfm-cost-adjustments', { 'project-id': '1' });
      const status = await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'));
      expect(status.textContent).to.contain(LIST_TEXT.loading);
      expect(root.querySelector('[data-totals]')).to.equal(null);
      release();
      const list = await waitFor(() => root.querySelector('[data-testid="list-CostAdjustment"] tbody tr[data-record-id]') && root.querySelector('[data-testid="list-CostAdjustment"]'));
      expect([...list.querySelectorAll('tbody tr[data-record-id]')].map((tr) => tr.getAttribute('data-record-id'))).to.deep.equal(['1', '2', '4']);
      expect(textOf(list, '[data-count="open"]')).to.equal('3');
      expect(textOf(list, '[data-count="closed"]')).to.equal('1');
      await waitFor(() => textOf(list, 'tr[data-record-id="1"] [data-column="reason"]') === 'Cost Code Reclass');
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="date"]')).to.equal('10/01/2026');
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="amount"]')).to.equal('$1,500.00');
      expect(textOf(list, 'tr[data-record-id="4"] [data-column="amount"]')).to.equal('$0.00');
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="referenceDocument"]')).to.equal('AP Invoice INV-1');
      expect(textOf(list, 'tr[data-record-id="1"] [data-unreconciled]')).to.equal('Unreconciled');
      expect(list.querySelector('tr[data-record-id="2"] [data-unreconciled]')).to.equal(null);
      expect(list.querySelector('tr[data-record-id="4"] [data-unreconciled]')).to.equal(null);
      // User text renders as text.
      expect(textOf(list, 'tr[data-record-id="2"] [data-column="description"]')).to.equal('Reclass <b>framing</b>');
      expect(list.querySelector('tr[data-record-id="2"] b')).to.equal(null);
      expect(textOf(root, '[data-total="amount"]')).to.contain('$1,250.00');
      expect(textOf(root, '[data-total="unreconciled"]')).to.equal('Unreconciled (1): $1,500.00');
      // The totals are the list's own footer row, each under its column (a separate table sat a column off).
      const headers = [...list.querySelectorAll<HTMLElement>('thead th')];
      for (const [key, title] of [['amount', 'Amount'], ['reconciled', 'Reconciliation']] as const) {
        const column = headers.find((th) => th.textContent === title)!.getBoundingClientRect();
        const cell = list.querySelector<HTMLElement>(`tfoot [data-total="${key}"]`)!.getBoundingClientRect();
        expect(cell.left, `${key} left`).to.be.at.least(column.left - 0.5);
        expect(cell.right, `${key} right`).to.be.at.most(column.right + 0.5);
      }
      expect(textOf(list, 'tfoot th[scope="row"]')).to.equal('Total (open, 3)');
      (list.querySelector('[data-list="closed"]') as HTMLButtonElement).click();
      await waitFor(() => list.querySelector('tr[data-record-id="3"]'));
      expect(textOf(root, '[data-total="amount"]')).to.contain('$400.00');
    });

    it('the filter shows only unreconciled adjustments, and the totals follow it', async () => {
      stubFetch(answers());
      const root = await mount('pfm-cost-adjustments', { 'project-id': '1' });
      const filter = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-filter="unreconciled"]'));
      filter.click();
      await waitFor(() => root.querySelectorAll('[data-testid="list-CostAdjustment"] tbody tr[data-record-id]').length === 1);
      expect(root.querySelector('tr[data-record-id="1"]')).to.not.equal(null);
      expect(textOf(root, '[data-total="amount"]')).to.contain('$1,500.00');
    });

    it('a failed load offers Retry, which loads again; a 403 says who may see them', async () => {
      let fail = true;
      const plain = answers();
      stubFetch({ ...plain, '/api/pfm/getcostadjustments': (request) => (fail ? { status: 500, body: { message: 'boom' } } : (plain['/api/pfm/getcostadjustments'] as (r: FetchRequest) => StubAnswer)(request)) });
      const root = await mount('pfm-cost-adjustments', { 'project-id': '1' });
      await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(textOf(root, '[data-state="failed"] span')).to.equal(LIST_TEXT.loadFailed);
      fail = false;
      (root.querySelector('[data-state="failed"] button') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('tbody tr[data-record-id]'));
      document.body.innerHTML = '';
      resetPageStores();
      stubFetch(answers({ '/api/pfm/getcostadjustments': { status: 403, body: { message: 'no' } } }));
      const again = await mount('pfm-cost-adjustments', { 'project-id': '1' });
      await waitFor(() => again.querySelector('[data-state="forbidden"]'));
      expect(textOf(again, '[data-state="forbidden"] > span')).to.equal(NO_ACCESS_MESSAGE);
    });
  });

  describe('<wb-cost-adjustment>', () => {
    it('an open adjustment: editable header, the Unreconciled badge, the picker offers the budget’s codes of the type (never A)', async () => {
      stubFetch(answers());
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      expect(description.disabled).to.equal(false);
      expect(textOf(root, '[data-unreconciled]')).to.equal(CA_TEXT.unreconciled);
      expect(textOf(root, '[data-post-check]')).to.contain('is unreconciled');
      (root.querySelector('[data-add-item]') as HTMLButtonElement).click();
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]'));
      expect([...type.options].map((o) => o.value)).to.deep.equal(['', 'L', 'M', 'W', 'E', 'S', 'R']);
      setValue(type, 'S');
      await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options.length === 3);
      expect([...root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options].map((o) => o.value)).to.deep.equal(['', '101', '102']);
    });

    it('save sends the changed header and items; server feedback shows per field and typed values stay', async () => {
      stubFetch(answers({
        '/api/pfm/SaveCostAdjustment': { status: 400, body: { message: 'x', data: [
          { integerValue: 1, stringValue: 'items[0].costCodeId', message: 'Line 1: choose a cost code of this budget.' },
          { integerValue: 2, stringValue: 'amount', message: 'Check the amount against the invoice.' },
        ] } },
      }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="amount"]'));
      setValue(amount, '$1,6a00');
      await waitFor(() => amount.value === '1600');
      (root.querySelector('[data-add-item]') as HTMLButtonElement).click();
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]'));
      setValue(type, 'S');
      await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options.length === 3);
      setValue(root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!, '102');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '1600');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Line 1: choose a cost code of this budget.']);
      expect(textOf(root, '[data-field-feedback="amount"]')).to.equal('Warning: Check the amount against the invoice.');
      expect(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('1600');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/SaveCostAdjustment')!;
      expect(sent.body).to.deep.include({ CostAdjustmentId: '1', OldRecordStateId: '91', amount: '1600', 'items[0].costCodeId': '102', 'items[0].amount': '1600' });
      expect(sent.body).to.not.have.property('description');
    });

    it('a refused post puts the record back and shows the server’s reason', async () => {
      const reason = COST_ADJUSTMENT_RULE_TEXT.unreconciled('CA-1-001', 1500);
      stubFetch(answers({ '/api/pfm/UpdateCostAdjustmentState': { status: 400, body: { message: reason, autoAlert: true, serviceName: 'PfmService', functionName: 'UpdateCostAdjustmentState' } } }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const menu = await waitFor(() => root.querySelector<HTMLButtonElement>('button[aria-label="Change state of CA-1-001"]'));
      menu.click();
      const reconciled = await waitFor(() => root.querySelector<HTMLButtonElement>('[role="menuitem"][data-target-state="Reconciled"]'));
      reconciled.click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(reason);
      expect(textOf(root, '[data-state-name]')).to.equal('Open');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/UpdateCostAdjustmentState')!;
      expect(sent.body).to.deep.include({ ItemId: '1', OldRecordStateId: '91', RouteStateId: '92' });
    });

    it('field security of the state: a field its row makes read-only is disabled and says so; a hidden one is not shown', async () => {
      stubFetch(answers({
        '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': ({ query }) => ({ body: { data: {
          lookupApplicationRecordStateId: Number(query.get('applicationRecordStateId')),
          fields: [{ fieldName: 'amount', editable: false, visible: true }, { fieldName: 'adjustmentDate', editable: false, visible: false }],
        } } }),
      }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="amount"]'));
      expect(amount.disabled).to.equal(true);
      expect(root.querySelector(`label[for="${amount.id}"]`)!.textContent).to.equal('Amount (read-only)');
      expect(root.querySelector('input[data-field="adjustmentDate"]')).to.equal(null);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(false);
    });

    it('a posted adjustment is read-only; its items show their cost codes', async () => {
      stubFetch(answers({ '/api/pfm/getcostadjustmentitems': { body: { data: [{ ...ITEMS[0], costAdjustmentId: 3, costAdjustmentItemId: 8, amount: 400 }] } } }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '3' });
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(true);
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(true);
      expect(root.querySelector('[data-add-item]')).to.equal(null);
      await waitFor(() => textOf(root, '[data-cost-code]') === '09-2000-00 Drywall');
    });

    it('reference documents: listed; download asks the blob call with the file id; upload sends the file form, and a refusal keeps the entries', async () => {
      stubFetch(answers({
        '/api/pfm/UploadCostAdjustmentReferenceDocument': { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'file', message: 'Attach the document’s file.' }] } },
      }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const download = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-download="44"]'));
      expect(download.textContent).to.equal('INV-1 – scan.pdf');
      download.click();
      const asked = await waitFor(() => fetchRequests.find((c) => c.path === '/api/pfm/files/download'));
      expect(asked.body).to.deep.include({ FileId: '44' });
      setValue(root.querySelector<HTMLInputElement>('input[data-field="documentNumber"]')!, 'JE-77');
      (root.querySelector('[data-upload]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-field-feedback="file"]'));
      expect(textOf(root, '[data-field-feedback="file"]')).to.equal('Error: Attach the document’s file.');
      expect(root.querySelector<HTMLInputElement>('input[data-field="documentNumber"]')!.value).to.equal('JE-77');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/UploadCostAdjustmentReferenceDocument')!;
      expect(sent.body).to.deep.include({ CostAdjustmentId: '1', DocumentType: 'AP Invoice', DocumentNumber: 'JE-77' });
    });

    it('a stale save (409) says someone else changed it, offers Reload, and keeps what was typed', async () => {
      stubFetch(answers({ '/api/pfm/SaveCostAdjustment': { status: 409, body: { message: 'stale', currentRecordStateId: 92 } } }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      setValue(description, 'Typed before the conflict');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem] span')).to.equal(CA_TEXT.stale);
      expect([...root.querySelectorAll('[data-problem] button')].map((b) => b.textContent)).to.deep.equal(['Reload']);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.value).to.equal('Typed before the conflict');
    });

    it('record-key Project: the new-adjustment form; a refusal shows per field and keeps the entries', async () => {
      stubFetch(answers({
        '/api/pfm/getbudgets': ({ query }) => ({ body: { data: query.get('open') === 'false' ? [] : [{ budgetId: 1, projectId: 1, jobNumber: '24-1', displayText: '24-1 Main' }] } }),
        '/api/pfm/CreateCostAdjustment': { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'costAdjustmentReasonId', message: 'Choose a reason.' }] } },
      }));
      const root = await mount('wb-cost-adjustment', { 'record-key': 'Project', 'record-id': '1' });
      const budget = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="budgetId"]'));
      await waitFor(() => budget.value === '1');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="description"]')!, 'Reclass of framing');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="amount"]')!, '$2,500');
      root.querySelector<HTMLInputElement>('input[data-field="transfer"]')!.click();
      (root.querySelector('[data-create]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-field-feedback="costAdjustmentReasonId"]'));
      expect(textOf(root, '[data-field-feedback="costAdjustmentReasonId"]')).to.equal('Error: Choose a reason.');
      expect(root.querySelector<HTMLInputElement>('input[data-field="amount"]')!.value).to.equal('2500');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/CreateCostAdjustment')!;
      expect(sent.body).to.deep.include({ ProjectId: '1', BudgetId: '1', Description: 'Reclass of framing', Amount: '2500', Transfer: 'true' });
    });

    it('an unknown adjustment says so with Retry', async () => {
      stubFetch(answers());
      const root = await mount('wb-cost-adjustment', { 'record-id': '999' });
      await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(textOf(root, '[data-state="failed"] span')).to.equal(CA_TEXT.notFound(999));
    });
  });
});
