import { expect } from 'chai';
import { clearLibraries } from '../../src/core/lookups';
import {
  commitmentAmounts, commitmentTotals, contractFieldEditable, costCodesFor, isSelectableCostType, WORKBENCH_TEXT, type CostCodeRow,
} from '../../src/features/commitments';
import { formatPercent } from '../../src/core/format';
import { buyoutLines, buyoutTotals, committedByCostCode, notFullyBoughtOut, shownPercentBoughtOut } from '../../src/elements/pfm-buyout/arithmetic';
import { NO_ACCESS_MESSAGE } from '../../src/features/commitments';
import '../../src/elements/pfm-commitments/define';
import '../../src/elements/pfm-buyout/define';
import '../../src/elements/wb-subcontract/define';
import '../../src/elements/pfm-direct-costs/define';
import { PROJECT_SECURITY_TEXT } from '../../src/core/projects/team';
import { clearProjectWrite } from '../../src/core/projects/write';
import {
  fetchRequests, mount, restoreFetch, setValue, sleep, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer, type StubFor,
} from '../support/browser';
import { resetPageStores, signInForTest } from '../support/elements';

const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
const SUBCONTRACTS_OPEN = [
  { subcontractId: 1, projectId: 1, budgetId: 1, vendorId: 7, vendorName: 'Row Name', number: 'SC-001', description: 'Drywall', ...state(31, 'Draft'),
    retainagePercent: 10, excessLiability: null, subcontractTypeId: 1, originalAmount: 1000, approvedChanges: 250, billed: 400,
    items: [{ subcontractItemId: 5, costCodeId: 101, costCode: '09200000', costType: 'S', description: 'Framing', amount: 1000 }] },
  { subcontractId: 2, projectId: 1, budgetId: 1, vendorId: 8, vendorName: 'Other', number: 'SC-002', description: 'Paint', ...state(33, 'Executed'),
    retainagePercent: 5, excessLiability: 3000000, originalAmount: 500, approvedChanges: 0, billed: 100, items: [] },
];
const SUBCONTRACTS_CLOSED = [
  { subcontractId: 3, projectId: 1, budgetId: 1, vendorId: 8, vendorName: 'Other', number: 'SC-003', description: 'Demo', ...state(34, 'Closed', true),
    retainagePercent: 0, originalAmount: 300, approvedChanges: 0, billed: 300, items: [] },
];
const COST_CODES: CostCodeRow[] = [
  { costCodeId: 101, budgetId: 1, code: '09200000', type: 'S', description: 'Drywall' },
  { costCodeId: 102, budgetId: 1, code: '09900000', type: 'S', description: 'Painting' },
  { costCodeId: 103, budgetId: 1, code: '01500000', type: 'L', description: 'Supervision' },
  { costCodeId: 104, budgetId: 1, code: '01900000', type: 'A', description: 'Agency fee' },
  { costCodeId: 105, budgetId: 1, code: '01910000', type: 'F', description: 'Fee' },
  { costCodeId: 201, budgetId: 2, code: '09200000', type: 'S', description: 'Other budget drywall' },
];

const FIELD_SECURITY_PATH = '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId';

/** Field security of state 33 (Executed): retainage read-only, excess liability editable; other states list nothing. */
function fieldSecurityAnswer({ query }: FetchRequest): StubAnswer {
  return {
    body: { data: {
      lookupApplicationRecordStateId: Number(query.get('applicationRecordStateId')),
      fields: query.get('applicationRecordStateId') === '33'
        ? [{ fieldName: 'retainagePercent', editable: false, visible: true }, { fieldName: 'excessLiability', editable: true, visible: true }]
        : [],
    } },
  };
}

function listAnswers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
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
    [FIELD_SECURITY_PATH]: fieldSecurityAnswer,
    '/api/pfm/projects/GetProjectByProjectId': ({ query }) => ({ body: { data: { projectId: Number(query.get('projectId')), displayText: '24-1032 Riverside Medical Office Building' } } }),
    ...overrides,
  };
}

describe('commitments', () => {
  beforeEach(() => { localStorage.clear(); clearLibraries(); signInForTest(); });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetPageStores();
  });

  describe('rules', () => {
    it('amounts: current = original + approved changes; retainage = billed × retainage %; totals add up', () => {
      const a = commitmentAmounts(SUBCONTRACTS_OPEN[0] as never);
      expect(a).to.deep.equal({ original: 1000, approvedChanges: 250, current: 1250, billed: 400, retainage: 40 });
      expect(commitmentTotals(SUBCONTRACTS_OPEN as never)).to.deep.equal({ original: 1500, approvedChanges: 250, current: 1750, billed: 500, retainage: 45 });
    });

    it('cost codes offered: the budget’s lines of the chosen type only; cost types A and F never', () => {
      expect(costCodesFor(COST_CODES, 1, 'S').map((c) => c.costCodeId)).to.deep.equal([101, 102]);
      expect(costCodesFor(COST_CODES, 1, 'l').map((c) => c.costCodeId)).to.deep.equal([103]);
      expect(costCodesFor(COST_CODES, 2, 'S').map((c) => c.costCodeId)).to.deep.equal([201]);
      expect(costCodesFor(COST_CODES, 1, 'A')).to.deep.equal([]);
      expect(costCodesFor(COST_CODES, 1, 'F')).to.deep.equal([]);
      expect(costCodesFor(COST_CODES, 1, '')).to.deep.equal([]);
      expect(['L', 'M', 'W', 'E', 'S', 'R', 'A', 'F'].filter(isSelectableCostType)).to.deep.equal(['L', 'M', 'W', 'E', 'S', 'R']);
    });

    it('field security: a listed field follows its row; an unlisted one is editable only while the state is open; unknown security is read-only', () => {
      const security = { lookupApplicationRecordStateId: 33, fields: [{ fieldName: 'retainagePercent', editable: false, visible: true }] };
      expect(contractFieldEditable(security, false, 'retainagePercent')).to.equal(false);
      expect(contractFieldEditable(security, false, 'description')).to.equal(true);
      expect(contractFieldEditable(security, true, 'description')).to.equal(false);
      expect(contractFieldEditable(null, false, 'description')).to.equal(false);
    });

    it('buyout: committed counts live commitments and approved change orders; remaining and % bought out; totals; the filter', () => {
      const rec = (name: string, items: Array<[number, number]>, extra = {}) => ({ recordStateName: name, items: items.map(([costCodeId, amount]) => ({ costCodeId, amount })), ...extra });
      const committed = committedByCostCode({
        subcontracts: [rec('Executed', [[1, 600]]), rec('Draft', [[1, 999]]), rec('Void', [[2, 999]])],
        purchaseAgreements: [rec('Pending Signature', [[2, 100]])],
        purchaseOrders: [rec('Issued', [[3, 50]]), rec('Issued', [[3, 70]], { purchaseAgreementId: 4 })],
        subcontractChangeOrders: [rec('Approved', [[1, 400]]), rec('Pending Approval', [[1, 5]])],
        purchaseAgreementChangeOrders: [],
      } as never);
      expect([...committed.entries()].sort()).to.deep.equal([[1, 1000], [2, 100], [3, 50]]);
      const lines = buyoutLines([
        { costCodeId: 2, code: '05000000', description: 'Steel', type: 'M', currentBudget: 400 },
        { costCodeId: 1, code: '03000000', description: 'Concrete', type: 'S', currentBudget: 1000 },
        { costCodeId: 3, code: '07000000', description: 'Lift', type: 'E', currentBudget: 0 },
        { costCodeId: 4, code: '08000000', description: 'Doors', type: 'S', currentBudget: 0 },
      ], committed);
      expect(lines.map((l) => [l.costCodeId, l.committed, l.remaining, l.percentBoughtOut])).to.deep.equal([
        [1, 1000, 0, 1], [2, 100, 300, 0.25], [3, 50, -50, 1], [4, 0, 0, 0],
      ]);
      expect(lines.filter(notFullyBoughtOut).map((l) => l.costCodeId)).to.deep.equal([2]);
      expect(buyoutTotals(lines)).to.deep.equal({ currentBudget: 1400, committed: 1150, remaining: 250, percentBoughtOut: 1150 / 1400 });
    });

    it('buyout: a line with budget left never reads 100.0%; a bought-out or over-bought line shows its ratio', () => {
      const shown = (remaining: number, percentBoughtOut: number) => formatPercent(shownPercentBoughtOut({ remaining, percentBoughtOut }), 1);
      expect(shown(713, 2_365_119 / 2_365_832)).to.equal('99.9%');
      expect(shown(0.004, 0.9999999)).to.equal('100.0%');
      expect(shown(0, 1)).to.equal('100.0%');
      expect(shown(-50, 1.25)).to.equal('125.0%');
      expect(shown(300, 0.25)).to.equal('25.0%');
    });
  });

  describe('<pfm-commitments>', () => {
    it('splits records into Open and Closed by state, shows the vendor lookup’s displayText and the totals of the list shown', async () => {
      stubFetch(listAnswers());
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      const list = await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tbody tr[data-record-id]') && root.querySelector('[data-testid="list-Subcontract"]'));
      expect([...list.querySelectorAll('tbody tr[data-record-id]')].map((tr) => tr.getAttribute('data-record-id'))).to.deep.equal(['1', '2']);
      expect(textOf(list, '[data-count="open"]')).to.equal('2');
      expect(textOf(list, '[data-count="closed"]')).to.equal('1');
      await waitFor(() => textOf(list, 'tr[data-record-id="1"] [data-column="vendor"]') === 'Vendor 7 (lookup)');
      const totals = root.querySelector('[data-testid="list-Subcontract"] tfoot')!;
      expect(textOf(totals, '[data-total="original"]')).to.contain('$1,500.00');
      expect(textOf(totals, '[data-total="current"]')).to.contain('$1,750.00');
      expect(textOf(totals, '[data-total="retainage"]')).to.contain('$45.00');
      (list.querySelector('[data-list="closed"]') as HTMLButtonElement).click();
      await waitFor(() => list.querySelector('tr[data-record-id="3"]'));
      expect(textOf(root.querySelector('[data-testid="list-Subcontract"] tfoot')!, '[data-total="original"]')).to.contain('$300.00');
      // Purchase orders: one amount, no approved changes.
      expect(textOf(root, '[data-testid="list-PurchaseOrder"] tr[data-record-id="9"] [data-column="original"]')).to.equal('$200.00');
      const loads = fetchRequests.filter((c) => c.path === '/api/pfm/getsubcontracts');
      expect(loads.map((c) => [c.query.get('recordKey'), c.query.get('recordId'), c.query.get('open')])).to.deep.equal([['Project', '1', null], ['Project', '1', 'false']]);
    });

    it('the vendors of every list come from one vendor list call, not one getVendor each', async () => {
      stubFetch(listAnswers());
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      await waitFor(() => textOf(root, '[data-testid="list-PurchaseOrder"] tr[data-record-id="9"] [data-column="vendor"]') === 'Vendor 7 (lookup)'
        && textOf(root, '[data-testid="list-Subcontract"] tr[data-record-id="1"] [data-column="vendor"]') === 'Vendor 7 (lookup)');
      expect(fetchRequests.filter((c) => c.path.startsWith('/api/pfm/vendors/')).map((c) => c.path)).to.deep.equal(['/api/pfm/vendors/getVendors']);
    });

    it('puts each total under its own column (the footer of the list’s table), with the label under Number', async () => {
      stubFetch(listAnswers());
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      for (const kind of ['Subcontract', 'PurchaseOrder']) {
        const list = await waitFor(() => root.querySelector(`[data-testid="list-${kind}"] tfoot [data-total="retainage"]`) && root.querySelector(`[data-testid="list-${kind}"]`)!);
        const headers = [...list.querySelectorAll<HTMLElement>('thead th')];
        const totals = [...list.querySelectorAll<HTMLElement>('tfoot [data-total]')];
        expect(totals.map((cell) => cell.dataset.total)).to.deep.equal(['original', 'approvedChanges', 'current', 'billed', 'retainage']);
        for (const total of totals) {
          const header = headers.find((th) => th.textContent === { original: 'Original', approvedChanges: 'Approved changes', current: 'Current', billed: 'Billed', retainage: 'Retainage' }[total.dataset.total!])!;
          const [cell, column] = [total.getBoundingClientRect(), header.getBoundingClientRect()];
          expect(cell.left, `${kind} ${total.dataset.total} left`).to.be.at.least(column.left - 0.5);
          expect(cell.right, `${kind} ${total.dataset.total} right`).to.be.at.most(column.right + 0.5);
        }
        const label = list.querySelector<HTMLElement>('tfoot th[scope="row"]')!.getBoundingClientRect();
        const number = headers[0]!.getBoundingClientRect();
        expect(headers[0]!.textContent).to.equal('Number');
        expect(label.left).to.be.at.least(number.left - 0.5);
        expect(label.right).to.be.at.most(number.right + 0.5);
      }
    });

    it('while loading shows a loading status in each list, never totals of nothing', async () => {
      let answer!: () => void;
      const held = new Promise<void>((resolve) => { answer = resolve; });
      const answers = listAnswers();
      const subcontracts = answers['/api/pfm/getsubcontracts'] as (request: FetchRequest) => StubAnswer;
      stubFetch({ ...answers, '/api/pfm/getsubcontracts': async (request) => { await held; return subcontracts(request); } });
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      const status = await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] [role="status"]'));
      expect(status.textContent).to.equal('Loading subcontracts…');
      expect(root.textContent).to.not.contain('Total (');
      expect(root.textContent).to.not.contain('$0.00');
      answer();
      await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tfoot'));
      expect(root.querySelector('[data-testid="list-Subcontract"] [role="status"]')).to.equal(null);
    });

    it('names its project under the title, as change management does', async () => {
      stubFetch(listAnswers());
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      const subject = await waitFor(() => (root.querySelector('[data-screen-title] [data-subject="pfm-project"]')?.textContent ? root.querySelector('[data-screen-title]') : null));
      expect(subject.querySelector('h1')?.textContent).to.equal('Commitments');
      expect(textOf(subject, '[data-subject]')).to.equal('24-1032 Riverside Medical Office Building');
      expect(fetchRequests.some((c) => c.path === '/api/pfm/projects/GetProjectByProjectId' && c.query.get('projectId') === '1')).to.equal(true);
    });

    it('a 403 shows a clear message instead of the lists', async () => {
      stubFetch(listAnswers({ '/api/pfm/getsubcontracts': { status: 403, body: { message: 'no' } } }));
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      await waitFor(() => root.querySelector('[data-state="forbidden"]'));
      expect(textOf(root, '[data-state="forbidden"] > span')).to.equal(NO_ACCESS_MESSAGE);
    });
  });

  describe('<wb-subcontract>', () => {
    it('shows the form only once its state’s field security is known: never a disabled form that turns editable under the user', async () => {
      // Regression: the form used to render before field security answered, with every field and Save
      // disabled; a click or typing in that window was lost (the cause of this block's intermittent timeouts).
      let answerSecurity!: () => void;
      const securityHeld = new Promise<void>((resolve) => { answerSecurity = resolve; });
      stubFetch(listAnswers({ [FIELD_SECURITY_PATH]: async (request) => { await securityHeld; return fieldSecurityAnswer(request); } }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      // Field security is asked once the record is in; give the rest of the load time to render.
      await waitFor(() => fetchRequests.some((c) => c.path === FIELD_SECURITY_PATH));
      await sleep(100);
      expect(root.querySelector('[data-state="loading"]')?.textContent).to.equal('Loading subcontract…');
      expect(root.querySelector('form')).to.equal(null);
      answerSecurity();
      const save = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-save]'));
      expect(save.disabled).to.equal(false);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(false);
    });

    it('retainage and excess liability offer exactly 10%, 5%, 0% and N/A, $3M, $5M, $10M', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const retainage = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="retainagePercent"]'));
      expect([...retainage.options].map((o) => o.textContent)).to.deep.equal(['10%', '5%', '0%']);
      const excess = root.querySelector<HTMLSelectElement>('select[data-field="excessLiability"]')!;
      expect([...excess.options].map((o) => o.textContent)).to.deep.equal(['N/A', '$3M', '$5M', '$10M']);
    });

    it('the cost-code picker offers the budget’s codes of the chosen type; A and F are never offered', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]'));
      expect([...type.options].map((o) => o.value)).to.deep.equal(['', 'L', 'M', 'W', 'E', 'S', 'R']);
      const code = root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!;
      await waitFor(() => code.options.length > 1);
      expect([...code.options].map((o) => o.value)).to.deep.equal(['', '101', '102']);
      setValue(type, 'L');
      await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options[1]?.value === '103');
      expect([...root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options].map((o) => o.value)).to.deep.equal(['', '103']);
    });

    it('amounts follow the number rule as typed; an invalid item makes the form invalid and lists its message without a call', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]'));
      setValue(amount, '$1,2a34.50');
      await waitFor(() => amount.value === '1234.50');
      setValue(amount, '1.2.3');
      await waitFor(() => amount.value === '');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect(summary.textContent).to.contain(WORKBENCH_TEXT.amountNotNumber(1));
      expect(textOf(root, '[data-field-feedback="item:item-5.amount"]')).to.equal(`Error: ${WORKBENCH_TEXT.amountNotNumber(1)}`);
      expect(fetchRequests.some((c) => c.path === '/api/pfm/SaveCommitment')).to.equal(false);
    });

    it('server feedback: invalid items listed and per field; warnings and infos per field only; typed values kept', async () => {
      stubFetch(listAnswers({
        '/api/pfm/SaveCommitment': { status: 400, body: { message: 'x', data: [
          { integerValue: 1, stringValue: 'items[0].costCodeId', message: 'Line 1: choose a cost code of this budget.' },
          { integerValue: 2, stringValue: 'retainagePercent', message: 'No retainage will be withheld on this subcontract.' },
          { integerValue: 3, stringValue: 'excessLiability', message: 'No excess liability coverage is required of this vendor.' },
        ] } },
      }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      setValue(description, 'Drywall and framing');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '1500');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Line 1: choose a cost code of this budget.']);
      expect(textOf(root, '[data-field-feedback="item:item-5.costCodeId"]')).to.equal('Error: Line 1: choose a cost code of this budget.');
      expect(textOf(root, '[data-field-feedback="retainagePercent"]')).to.equal('Warning: No retainage will be withheld on this subcontract.');
      expect(textOf(root, '[data-field-feedback="excessLiability"]')).to.equal('Info: No excess liability coverage is required of this vendor.');
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.value).to.equal('Drywall and framing');
      expect(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('1500');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/SaveCommitment')!;
      expect(sent.method).to.equal('POST');
      expect(sent.body).to.deep.include({ RecordKey: 'Subcontract', OldRecordStateId: '31', 'items[0].itemId': '5', 'items[0].amount': '1500' });
    });

    it('a failed save (500) keeps the typed values and says why', async () => {
      stubFetch(listAnswers({ '/api/pfm/SaveCommitment': { status: 500, body: { message: 'boom' } } }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      setValue(description, 'Typed by hand');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(WORKBENCH_TEXT.saveFailed('Subcontract', 'HTTP error! Status: 500'));
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.value).to.equal('Typed by hand');
    });

    it('field security of the state: an executed subcontract’s retainage is read-only, its excess liability editable', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '2' });
      const retainage = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="retainagePercent"]'));
      expect(retainage.disabled).to.equal(true);
      expect(root.querySelector<HTMLSelectElement>('select[data-field="excessLiability"]')!.disabled).to.equal(false);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(false);
    });

    it('a closed subcontract is read-only everywhere', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '3' });
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(true);
      // Nothing to save or discard: neither button is offered.
      expect(root.querySelector('[data-save]')).to.equal(null);
      expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Discard changes')).to.equal(false);
    });
  });

  describe('a Viewer on the project\u2019s team (the project menu answers canWrite false)', () => {
    const MENU = '/api/pfm/projects/GetProjectMenuByProjectId';
    const menu = (canWrite: boolean): StubFor => ({ query }) => ({ body: { data: { projectId: Number(query.get('ProjectId')), number: '24-1032', name: 'Riverside', canWrite } } });
    const directCosts: StubFor = ({ query }) => ({ body: { data: query.get('open') === 'false' ? [] : [
      { directCostId: 5, projectId: 1, budgetId: 1, directCostTypeId: 1, vendorId: null, number: 'DC-005', invoiceNumber: null, directCostDate: '2026-01-05',
        description: 'Permit', amount: 120, ...state(61, 'Draft') },
    ] } });
    const hasNewButton = (root: ParentNode) => [...root.querySelectorAll('button')].some((b) => (b.textContent ?? '').startsWith('New '));
    afterEach(() => clearProjectWrite());

    it('the commitments screen says once that it is read only', async () => {
      stubFetch(listAnswers({ [MENU]: menu(false) }));
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      const line = await waitFor(() => root.querySelector('[data-read-only="viewer"]'));
      expect(line.textContent).to.equal(PROJECT_SECURITY_TEXT.viewerLine);
      expect(line.textContent).to.equal("Read only: you are a Viewer on this project's team.");
      await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tr[data-record-id="1"]'));
      expect(root.querySelectorAll('[data-read-only="viewer"]').length).to.equal(1);
      expect(hasNewButton(root)).to.equal(false);
      expect(fetchRequests.some((c) => c.path === MENU && c.query.get('ProjectId') === '1')).to.equal(true);
    });

    it('a subcontract of the project: no Save, no Discard, no Change state, every field read-only; the read-only line instead', async () => {
      stubFetch(listAnswers({ [MENU]: menu(false) }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-read-only="viewer"]'));
      expect(root.querySelector('[data-save]')).to.equal(null);
      expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Discard changes' || b.textContent === 'Add item')).to.equal(false);
      expect(root.querySelector('[aria-label="Change state of SC-001"]')).to.equal(null);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(true);
    });

    it('the direct costs screen offers no New direct cost, and does again once the menu answers canWrite true', async () => {
      stubFetch(listAnswers({ [MENU]: menu(false), '/api/pfm/getdirectcosts': directCosts }));
      const root = await mount('pfm-direct-costs', { 'project-id': '1' });
      await waitFor(() => root.querySelector('[data-read-only="viewer"]') && root.querySelector('tr[data-record-id="5"]'));
      expect(root.querySelector('[data-new="direct-cost"]')).to.equal(null);
      expect(hasNewButton(root)).to.equal(false);
      expect(textOf(root, '[data-read-only="viewer"]')).to.equal(PROJECT_SECURITY_TEXT.viewerLine);
      document.body.innerHTML = '';

      stubFetch(listAnswers({ [MENU]: menu(true), '/api/pfm/getdirectcosts': directCosts }));
      const again = await mount('pfm-direct-costs', { 'project-id': '1' });
      await waitFor(() => again.querySelector('[data-new="direct-cost"]'));
      expect(again.querySelector('[data-read-only="viewer"]')).to.equal(null);
    });
  });
});
