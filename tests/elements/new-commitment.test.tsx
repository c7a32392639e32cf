// Making commitments: the new subcontract / purchase agreement / purchase order form (the kind's workbench opened
// with record key Project, or BuyoutLine to award a buyout line), and on an executed commitment's workbench the
// New change order form, its change orders and the fixed contract sum. Every call is stubbed.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { pinClock, setClock } from '../../src/core/clock';
import { $toasts, resetMessages } from '../../src/core/messages';
import { WORKBENCH_RECORD_EVENT } from '../../src/core/workbench';
import { CHANGE_ORDERS_TEXT, NEW_CHANGE_ORDER_TEXT, NEW_COMMITMENT_TEXT, VENDOR_PICKER_TEXT, WORKBENCH_TEXT } from '../../src/features/commitments';
import '../../src/elements/wb-subcontract/define';
import '../../src/elements/wb-purchase-order/define';
import { fetchRequests, mount, setValue, sleep, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { listAnswers, state } from './commitments-support';

const VENDORS = [
  { vendorId: 7, vendorNumber: 'V-007', name: 'Row Drywall <b>LLC</b>', trade: 'Drywall', status: 'Prequalified', singleLimit: 250000, aggregateLimit: 1000000,
    limitExpiresOn: null, singleLimitInForce: 250000, aggregateLimitInForce: 1000000 },
  { vendorId: 8, vendorNumber: 'V-008', name: 'Other Paint', trade: 'Paint', status: 'Not Prequalified', singleLimit: null, aggregateLimit: null,
    limitExpiresOn: null, singleLimitInForce: 100000, aggregateLimitInForce: 100000 },
];
const PROJECT = '/api/pfm/projects/GetProjectByProjectId';
const CREATE = '/api/pfm/CreateCommitment';
const CREATE_CO = '/api/pfm/CreateCommitmentChangeOrder';
const PURCHASE_CODES = [
  { costCodeId: 111, budgetId: 1, code: '05100000', type: 'M', description: 'Steel' },
  { costCodeId: 112, budgetId: 1, code: '05200000', type: 'E', description: 'Crane' },
];

function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  const base = listAnswers();
  const codes = base['/api/pfm/getcostcodes'] as { body: { data: unknown[] } };
  return listAnswers({
    [PROJECT]: ({ query }) => ({ body: { data: { projectId: Number(query.get('projectId')), budgetId: 1, displayText: '24-1032 Riverside' } } }),
    '/api/risk/getprequalvendors': ({ query }) => ({ body: { data: VENDORS.filter((v) => !query.get('search') || v.name.toLowerCase().includes(query.get('search')!.toLowerCase())) } }),
    '/api/pfm/getcostcodes': { body: { data: [...codes.body.data, ...PURCHASE_CODES] } },
    '/api/pfm/getsubcontractchangeorders': ({ query }) => ({ body: { data: query.get('open') === 'false' ? [] : [
      { subcontractChangeOrderId: 40, subcontractId: 2, projectId: 1, budgetId: 1, vendorId: 8, number: 'SC-002-CO01', description: 'Extra coat <i>east</i>', amount: 75, ...state(71, 'Approved', true), items: [] },
      { subcontractChangeOrderId: 41, subcontractId: 2, projectId: 1, budgetId: 1, vendorId: 8, number: 'SC-002-CO02', description: 'Doors', amount: 20, ...state(70, 'Draft'), items: [] },
    ] } }),
    ...overrides,
  });
}

const created = { subcontractId: 12, projectId: 1, budgetId: 1, vendorId: 7, vendorName: 'Row Drywall', number: 'SC-24-1032-012', description: 'Level 2 drywall', ...state(31, 'Draft'),
  retainagePercent: 10, originalAmount: 1500, items: [{ subcontractItemId: 90, costCodeId: 101, costType: 'S', description: 'Framing', amount: 1500 }] };

async function fillSubcontract(root: ShadowRoot): Promise<void> {
  const vendor = await waitFor(() => {
    const select = root.querySelector<HTMLSelectElement>('select[data-field="vendorId"]');
    return select && select.options.length > 2 ? select : null;
  });
  setValue(vendor, '7');
  setValue(root.querySelector<HTMLInputElement>('input[data-field="title"]')!, 'Level 2 drywall');
  setValue(root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!, '101');
  setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 description"]')!, 'Framing');
  setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '$1,500');
}

describe('new commitments', () => {
  useElementTestPage({ after: () => { setClock(null); history.replaceState(null, '', location.pathname); } });
  beforeEach(() => { pinClock('2026-03-10T15:00:00Z'); });

  describe('<wb-subcontract record-key="Project">: a new subcontract', () => {
    it('shows its progress, then the form: vendor with status and limits, 10% retainage by default, only S lines, excess liability; Enter creates and opens the new subcontract', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      const codes = answers()['/api/pfm/getcostcodes'] as { body: unknown };
      stubFetch(answers({
        '/api/pfm/getcostcodes': async () => { await held; return codes; },
        [CREATE]: { body: { data: created } },
      }));
      const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
      const loading = await waitFor(() => root.querySelector('[data-state="loading"]'));
      expect(loading.textContent).to.equal(NEW_COMMITMENT_TEXT.loading('Subcontract'));
      release();
      await waitFor(() => root.querySelector('form[data-workbench="new-commitment"]'));
      expect(textOf(root, 'h2')).to.equal('New subcontract');
      const retainage = root.querySelector<HTMLSelectElement>('select[data-field="retainagePercent"]')!;
      expect([...retainage.options].map((o) => o.textContent)).to.deep.equal(['10%', '5%', '0%']);
      expect(retainage.value).to.equal('10');
      expect([...root.querySelector<HTMLSelectElement>('select[data-field="excessLiability"]')!.options].map((o) => o.textContent)).to.deep.equal(['N/A', '$3M', '$5M', '$10M']);
      expect(root.querySelector<HTMLInputElement>('input[data-field="contractDate"]')!.value).to.equal('2026-03-10');
      // Only the budget's S lines: not L, A, F, M, E, nor another budget's.
      expect([...root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options].map((o) => o.value)).to.deep.equal(['', '101', '102']);
      await fillSubcontract(root);
      // The vendor's name is text, its status and limits beside it.
      expect([...root.querySelectorAll('select[data-field="vendorId"] option')].map((o) => o.textContent)).to.include('V-007 Row Drywall <b>LLC</b>');
      expect(textOf(root, '[data-vendor-status]')).to.equal(VENDOR_PICKER_TEXT.status('Prequalified', '$250,000', '$1,000,000'));
      expect(textOf(root, '[data-items-total]')).to.equal('$1,500.00');
      root.querySelector<HTMLInputElement>('input[data-field="title"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '12');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal('Subcontract');
      expect(new URL(location.href).searchParams.get('recordKey')).to.equal('Subcontract');
      const sent = fetchRequests.find((r) => r.path === CREATE)!;
      expect(sent.method).to.equal('POST');
      expect(sent.body).to.deep.include({
        RecordKey: 'Subcontract', ProjectId: '1', BudgetId: '1', VendorId: '7', Title: 'Level 2 drywall', ContractDate: '2026-03-10', StartDate: '2026-03-10',
        RetainagePercent: '10', ReduceRetainageAtHalf: 'false', 'items[0].costCodeId': '101', 'items[0].description': 'Framing', 'items[0].amount': '1500',
      });
      expect(Object.keys(sent.body as object)).not.to.include('BuyoutLineId');
      expect(Object.keys(sent.body as object)).not.to.include('items[0].quantity');
    });

    it('a subcontract the SRA gate will stop is created in Draft, and the toast says what the gate will ask before it goes out for signature', async () => {
      resetMessages();
      const reasons = ['the amount $300,000.00 exceeds Row Drywall <b>LLC</b>\'s single limit of $250,000 by $50,000.00'];
      stubFetch(answers({ [CREATE]: { body: { data: { ...created, gate: { reasons, startLink: '/sr/sra?recordKey=Subcontract&recordId=12' } } } } }));
      const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
      await waitFor(() => root.querySelector('form[data-workbench="new-commitment"]'));
      await fillSubcontract(root);
      root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '12');
      const toast = $toasts.get().at(-1)!;
      expect(toast.variant).to.equal('warning');
      expect(toast.message).to.equal(NEW_COMMITMENT_TEXT.createdGated('SC-24-1032-012', reasons));
      expect(toast.message).to.equal(`SC-24-1032-012 created. Before it goes out for signature it needs an approved SRA: ${reasons[0]}.`);
    });

    it('names the panel by what it makes, not by the project it was opened on', async () => {
      const names: string[] = [];
      const listen = (event: Event) => names.push((event as CustomEvent<{ name: string }>).detail.name);
      document.addEventListener(WORKBENCH_RECORD_EVENT, listen);
      try {
        stubFetch(answers());
        const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
        await waitFor(() => root.querySelector('form[data-workbench="new-commitment"]'));
        await waitFor(() => names.length > 0);
        expect(names.at(-1)).to.equal(NEW_COMMITMENT_TEXT.title('Subcontract'));
      } finally {
        document.removeEventListener(WORKBENCH_RECORD_EVENT, listen);
      }
    });

    it('a failed load says so with Retry, and Retry loads the form', async () => {
      let fail = true;
      const codes = answers()['/api/pfm/getcostcodes'] as { body: unknown };
      stubFetch(answers({ '/api/pfm/getcostcodes': () => (fail ? { status: 500, body: { message: 'down' } } : codes) }));
      const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
      const problem = await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(problem.textContent).to.contain('The new subcontract form could not be loaded');
      fail = false;
      problem.querySelector('button')!.click();
      await waitFor(() => root.querySelector('form[data-workbench="new-commitment"]'));
    });

    it('checks before sending: vendor, title and each line, said at their fields, nothing sent', async () => {
      stubFetch(answers());
      const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
      const create = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-create]'));
      expect(create.textContent).to.equal('Create subcontract');
      create.click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
        NEW_COMMITMENT_TEXT.vendorRequired, NEW_COMMITMENT_TEXT.titleRequired, NEW_COMMITMENT_TEXT.costCode(1), NEW_COMMITMENT_TEXT.description(1), NEW_COMMITMENT_TEXT.amount(1),
      ]);
      expect(textOf(root, '[data-field-feedback="vendorId"]')).to.equal(`Error: ${NEW_COMMITMENT_TEXT.vendorRequired}`);
      expect(fetchRequests.some((r) => r.path === CREATE)).to.equal(false);
    });

    it('the SRA gate’s refusal: the server’s words as they are, at the vendor and above the form; everything typed is kept', async () => {
      const message = "The amount $1,500 exceeds Row Drywall's single limit of $1,000 by $500: an approved SRA for $1,500 is needed.";
      stubFetch(answers({ [CREATE]: { status: 400, body: { autoAlert: true, message, serviceName: 'PfmService', functionName: 'CreateCommitment', fieldName: 'VendorId' } } }));
      const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
      await fillSubcontract(root);
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(NEW_COMMITMENT_TEXT.createFailed('Subcontract', message));
      expect(textOf(root, '[data-field-feedback="vendorId"]')).to.equal(`Error: ${message}`);
      expect(root.querySelector<HTMLInputElement>('input[data-field="title"]')!.value).to.equal('Level 2 drywall');
      expect(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('1500');
      expect(root.querySelector<HTMLSelectElement>('select[data-field="vendorId"]')!.value).to.equal('7');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal(null);
    });

    it('server feedback for a line is shown under that line', async () => {
      stubFetch(answers({ [CREATE]: { status: 400, body: { data: [{ integerValue: 1, stringValue: 'items[0].costCodeId', message: 'Line 1: cost type S does not fit.' }] } } }));
      const root = await mount('wb-subcontract', { 'record-key': 'Project', 'record-id': '1' });
      await fillSubcontract(root);
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      const feedback = await waitFor(() => root.querySelector('td [data-field-feedback$=".costCodeId"]'));
      expect(feedback.textContent).to.equal('Error: Line 1: cost type S does not fit.');
    });
  });

  describe('<wb-purchase-order record-key="Project">: quantity × unit price', () => {
    it('offers M, W and E lines, computes each amount and the total under it, asks no excess liability, sends quantity and unit price', async () => {
      stubFetch(answers({ [CREATE]: { body: { data: { purchaseOrderId: 30, projectId: 1, budgetId: 1, number: 'PO-24-1032-004', description: 'Steel', ...state(40, 'Draft'), items: [] } } } }));
      const root = await mount('wb-purchase-order', { 'record-key': 'Project', 'record-id': '1' });
      const code = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]'));
      expect([...code.options].map((o) => o.value)).to.deep.equal(['', '112', '111']);
      expect(root.querySelector('select[data-field="excessLiability"]')).to.equal(null);
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 quantity"]')!, '12');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 unit price"]')!, '10.125');
      expect(textOf(root, '[data-line-amount]')).to.equal('$121.50');
      (root.querySelector('[data-add-item]') as HTMLButtonElement).click();
      setValue(await waitFor(() => root.querySelector<HTMLInputElement>('input[aria-label="Line 2 quantity"]')), '2');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 2 unit price"]')!, '100');
      expect(textOf(root, '[data-items-total]')).to.equal('$321.50');
      root.querySelector<HTMLButtonElement>('[aria-label="Remove line 2"]')!.click();
      await sleep(0);
      setValue(await waitFor(() => {
        const select = root.querySelector<HTMLSelectElement>('select[data-field="vendorId"]');
        return select && select.options.length > 2 ? select : null;
      }), '8');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="title"]')!, 'Steel');
      setValue(code, '111');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 description"]')!, 'Beams');
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '30');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal('PurchaseOrder');
      const body = fetchRequests.find((r) => r.path === CREATE)!.body as Record<string, string>;
      expect(body).to.deep.include({ RecordKey: 'PurchaseOrder', VendorId: '8', 'items[0].costCodeId': '111', 'items[0].quantity': '12', 'items[0].unitPrice': '10.125' });
      expect(Object.keys(body)).not.to.include('items[0].amount');
      expect(Object.keys(body)).not.to.include('ExcessLiability');
    });
  });

  it('<wb-purchase-order>: checks quantity and unit price before sending, not the amount it computes', async () => {
    stubFetch(answers());
    const root = await mount('wb-purchase-order', { 'record-key': 'Project', 'record-id': '1' });
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-create]'))).click();
    const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      NEW_COMMITMENT_TEXT.vendorRequired, NEW_COMMITMENT_TEXT.titleRequired, NEW_COMMITMENT_TEXT.costCode(1), NEW_COMMITMENT_TEXT.description(1),
      NEW_COMMITMENT_TEXT.quantity(1), NEW_COMMITMENT_TEXT.unitPrice(1),
    ]);
    expect(textOf(root, 'td [data-field-feedback$=".unitPrice"]')).to.equal(`Error: ${NEW_COMMITMENT_TEXT.unitPrice(1)}`);
    expect(textOf(root, '[data-line-amount]')).to.equal('—');
    expect(fetchRequests.some((r) => r.path === CREATE)).to.equal(false);
  });

  describe('<wb-subcontract record-key="BuyoutLine">: award a buyout line', () => {
    it('pre-fills the vendor of the line’s approved SRA, the line’s cost code and what remains; sends BuyoutLineId', async () => {
      stubFetch(answers({
        '/api/pfm/getcostcodetransactionsummary': { body: { data: [{ costCodeId: 101, code: '09200000', description: 'Drywall', type: 'S', currentBudget: 5000 }] } },
        '/api/pfm/getpurchaseagreementchangeorders': { body: { data: [] } },
        '/api/risk/getbuyoutsras': { body: { data: [{ costCodeId: 101, sras: [{ sraId: 3, vendorId: 7, state: 'Approved' }, { sraId: 2, vendorId: 8, state: 'Rejected' }] }] } },
        [CREATE]: { body: { data: created } },
      }));
      const root = await mount('wb-subcontract', { 'record-key': 'BuyoutLine', 'record-id': '101', 'project-id': '1', 'budget-id': '1' });
      await waitFor(() => root.querySelector('[data-award-note]'));
      // Committed on 101: SC-002 (Executed) has no items; SC-001 is Draft: nothing bought out yet, so $5,000 remains.
      expect(textOf(root, '[data-award-note]')).to.equal(NEW_COMMITMENT_TEXT.awardNote('$5,000.00'));
      expect(root.querySelector<HTMLSelectElement>('select[data-field="vendorId"]')!.value).to.equal('7');
      expect(root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.value).to.equal('101');
      expect(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('5000');
      expect(root.querySelector<HTMLInputElement>('input[data-field="title"]')!.value).to.equal('Drywall');
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => fetchRequests.some((r) => r.path === CREATE));
      expect(fetchRequests.find((r) => r.path === CREATE)!.body).to.deep.include({ BuyoutLineId: '101', VendorId: '7', 'items[0].amount': '5000' });
    });
  });

  describe('an executed commitment: change orders', () => {
    const ITEMS: StubFor = ({ query }) => ({ body: { data: query.get('open') === 'false' ? [] : [
      { changeEventItemId: 501, changeEventId: 50, parentChangeEventItemId: null, costCodeId: 102, costCode: '09900000', costType: 'S', vendorId: 8, description: 'Stair <b>rail</b> paint',
        estimatedAmount: 100, proposedAmount: 120, approvedAmount: 110.5, coItemRecordKey: null, coItemRecordId: null, projectId: 1, budgetId: 1, ...state(81, 'Approved'), displayText: 'CE-005 #1' },
      { changeEventItemId: 502, changeEventId: 50, parentChangeEventItemId: null, costCodeId: 102, costCode: '09900000', costType: 'S', vendorId: 8, description: 'Door frames',
        estimatedAmount: 40, proposedAmount: null, approvedAmount: 40, coItemRecordKey: null, coItemRecordId: null, projectId: 1, budgetId: 1, ...state(81, 'Approved'), displayText: 'Door frames' },
      { changeEventItemId: 503, changeEventId: 50, parentChangeEventItemId: null, costCodeId: 102, costType: 'S', vendorId: 7, description: 'Another vendor',
        estimatedAmount: 10, proposedAmount: null, approvedAmount: 10, coItemRecordKey: null, coItemRecordId: null, projectId: 1, budgetId: 1, ...state(81, 'Approved') },
      { changeEventItemId: 504, changeEventId: 50, parentChangeEventItemId: null, costCodeId: 102, costType: 'S', vendorId: 8, description: 'Already linked',
        estimatedAmount: 10, proposedAmount: null, approvedAmount: 10, coItemRecordKey: 'SubcontractChangeOrderItem', coItemRecordId: 9, projectId: 1, budgetId: 1, ...state(81, 'Approved') },
      { changeEventItemId: 505, changeEventId: 50, parentChangeEventItemId: null, costCodeId: 102, costType: 'S', vendorId: 8, description: 'Still open',
        estimatedAmount: 10, proposedAmount: null, approvedAmount: null, coItemRecordKey: null, coItemRecordId: null, projectId: 1, budgetId: 1, ...state(80, 'Open') },
    ] } });
    const newCo = { subcontractChangeOrderId: 42, subcontractId: 2, projectId: 1, budgetId: 1, vendorId: 8, number: 'SC-002-CO03', description: 'Paint changes', amount: 150.5, ...state(70, 'Draft'), items: [] };

    it('lists its change orders with open links and totals; its items are fixed, with the line saying changes go through a change order', async () => {
      stubFetch(answers());
      const root = await mount('wb-subcontract', { 'record-id': '2' });
      const list = await waitFor(() => root.querySelector('[data-change-orders] tr[data-change-order="41"]') && root.querySelector('[data-change-orders]'));
      expect([...list.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).to.deep.equal([
        ['SC-002-CO01', 'Extra coat <i>east</i>', '$75.00', 'Approved'], ['SC-002-CO02', 'Doors', '$20.00', 'Draft'],
      ]);
      expect(textOf(list, '[data-total="approved"]')).to.equal('$75.00');
      expect(textOf(list, '[data-total="pending"]')).to.equal('$20.00');
      expect(textOf(root, '[data-sum-fixed]')).to.equal(WORKBENCH_TEXT.sumFixed('Executed'));
      expect(root.querySelector('[data-add-item]')).to.equal(null);
      list.querySelector<HTMLButtonElement>('button[aria-label="Open Subcontract Change Order SC-002-CO02"]')!.click();
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '41');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal('SubcontractChangeOrder');
    });

    it('a Draft subcontract’s items stay editable and it offers no New change order', async () => {
      stubFetch(answers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-add-item]'));
      expect(root.querySelector('[data-sum-fixed]')).to.equal(null);
      expect(root.querySelector('[data-new-change-order-open]')).to.equal(null);
      await waitFor(() => root.querySelector('[data-no-change-orders]'));
      expect(textOf(root, '[data-no-change-orders]')).to.equal(CHANGE_ORDERS_TEXT.none);
    });

    it('from change events: only approved, unlinked items of the vendor, a running total; one change order of the ticked items, then it opens', async () => {
      stubFetch(answers({ '/api/pfm/getchangeeventitems': ITEMS, [CREATE_CO]: { body: { data: newCo } } }));
      const root = await mount('wb-subcontract', { 'record-id': '2' });
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-change-order-open]'))).click();
      const form = await waitFor(() => root.querySelector('[data-new-change-order]'));
      setValue(form.querySelector<HTMLInputElement>('input[data-field="description"]')!, 'Paint changes');
      form.querySelector<HTMLButtonElement>('[data-mode="events"]')!.click();
      await waitFor(() => form.querySelector('[data-change-event-items]'));
      expect([...form.querySelectorAll('tr[data-change-event-item]')].map((tr) => tr.getAttribute('data-change-event-item'))).to.deep.equal(['501', '502']);
      expect(form.querySelector('tr[data-change-event-item="501"] label')!.textContent).to.equal('CE-005 #1: Stair <b>rail</b> paint');
      // A record name that is its description is said once.
      expect(form.querySelector('tr[data-change-event-item="502"] label')!.textContent).to.equal('Door frames');
      expect(textOf(form, '[data-ticked-total]')).to.equal('$0.00');
      form.querySelector<HTMLInputElement>('#ce-item-501')!.click();
      form.querySelector<HTMLInputElement>('#ce-item-502')!.click();
      await waitFor(() => textOf(form, '[data-ticked-total]') === '$150.50');
      expect(textOf(form, '[data-ticked-count]')).to.equal(NEW_CHANGE_ORDER_TEXT.ticked(2));
      form.querySelector<HTMLButtonElement>('[data-create-change-order]')!.click();
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '42');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal('SubcontractChangeOrder');
      const sent = fetchRequests.filter((r) => r.path === CREATE_CO);
      expect(sent).to.have.length(1);
      expect(sent[0]!.body).to.deep.equal({ RecordKey: 'Subcontract', CommitmentId: '2', Description: 'Paint changes', 'ChangeEventItemIds[0]': '501', 'ChangeEventItemIds[1]': '502' });
    });

    it('direct lines; the gate’s refusal is shown in the server’s words with its start link; the lines typed are kept', async () => {
      const message = "The change order takes SC-002 to $595 and Other Paint's open commitments past the aggregate limit of $500 by $95.";
      stubFetch(answers({ [CREATE_CO]: { status: 400, body: { autoAlert: true, message, functionName: 'CreateCommitmentChangeOrder', startLink: '/sr/sra?recordKey=Subcontract&recordId=2' } } }));
      const root = await mount('wb-subcontract', { 'record-id': '2' });
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-change-order-open]'))).click();
      const form = await waitFor(() => root.querySelector('[data-new-change-order]'));
      form.querySelector<HTMLButtonElement>('[data-create-change-order]')!.click();
      await waitFor(() => form.querySelector('[data-testid="validation-summary"]'));
      expect(textOf(form, '[data-field-feedback="description"]')).to.equal(`Error: ${NEW_CHANGE_ORDER_TEXT.descriptionRequired}`);
      expect(fetchRequests.some((r) => r.path === CREATE_CO)).to.equal(false);
      setValue(form.querySelector<HTMLInputElement>('input[data-field="description"]')!, 'Extra rooms');
      const code = form.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!;
      expect([...code.options].map((o) => o.value)).to.deep.equal(['', '101', '102']);
      setValue(code, '102');
      setValue(form.querySelector<HTMLInputElement>('input[aria-label="Line 1 description"]')!, 'Two rooms');
      setValue(form.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '95');
      form.querySelector<HTMLButtonElement>('[data-create-change-order]')!.click();
      const refusal = await waitFor(() => form.querySelector('[data-gate-refusal]'));
      expect(refusal.textContent).to.contain(message);
      expect(refusal.querySelector('a[data-gate-start]')!.getAttribute('href')).to.equal('/sr/sra?recordKey=Subcontract&recordId=2');
      expect(form.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('95');
      expect(fetchRequests.find((r) => r.path === CREATE_CO)!.body).to.deep.equal({
        RecordKey: 'Subcontract', CommitmentId: '2', Description: 'Extra rooms', 'items[0].costCodeId': '102', 'items[0].description': 'Two rooms', 'items[0].amount': '95',
      });
    });
  });
});
