import { expect } from 'chai';
import { clearLibraries } from '../../src/core/lookups';
import { $toasts } from '../../src/core/messages';
import { OWNER_CONTRACT_TYPES, OWNER_TEXT, WORKBENCH_TEXT } from '../../src/features/commitments';
import '../../src/elements/pfm-owner-agreements/define';
import '../../src/elements/wb-owner-agreement/define';
import '../../src/elements/wb-owner-agreement-change-order/define';
import { fetchCalls, mount, restoreFetch, setValue, stubFetch, textOf, waitFor, type StubAnswer } from '../support/browser';
import { resetPageStores, signInForTest } from '../support/elements';

type Answers = Record<string, StubAnswer | (() => StubAnswer)>;

/** The query of the call being answered (the stub records it just before asking for the answer). */
const currentQuery = () => new URL(fetchCalls[fetchCalls.length - 1]!, location.origin).searchParams;
const byOpen = (open: unknown[], closed: unknown[]) => () => ({ body: { data: currentQuery().get('open') === 'false' ? closed : open } });

/** Form bodies posted, by path (the shared stub answers by path only). */
let posts: Array<{ path: string; body: FormData }> = [];
function stub(answers: Answers): void {
  stubFetch(answers);
  posts = [];
  const inner = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) posts.push({ path: new URL(String(input instanceof Request ? input.url : input), location.origin).pathname, body: init.body });
    return inner(input, init);
  };
}
const postsTo = (path: string) => posts.filter((p) => p.path === path);

const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
const EXECUTED = { ownerAgreementId: 1, projectId: 1, budgetId: 1, number: 'OA-24-1032', ownerName: 'Riverside Health Partners', description: 'Prime contract',
  contractType: 'Lump Sum', contractAmount: 1_000_000, approvedChanges: 5000, executedDate: '2026-05-12', displayText: 'OA-24-1032 Riverside', ...state(47, 'Executed') };
const CLOSED = { ...EXECUTED, ownerAgreementId: 2, number: 'OA-23-0001', description: 'Old contract', ...state(48, 'Closed', true) };
const APPROVED_CO = { ownerAgreementChangeOrderId: 1, ownerAgreementId: 1, projectId: 1, budgetId: 1, number: 'OCO-001', description: 'Approved changes',
  amount: 5000, changeOrderDate: '2026-08-09', changeEventCount: 1, ...state(51, 'Approved', true) };
const DRAFT_CO = { ...APPROVED_CO, ownerAgreementChangeOrderId: 2, number: 'OCO-002', description: 'Casework', amount: 0, changeOrderDate: '2026-11-02', changeEventCount: 0, ...state(49, 'Draft') };
const BUDGETS = [{ budgetId: 1, projectId: 1, jobNumber: '24-1032-01', displayText: '24-1032-01 Base building' }, { budgetId: 9, projectId: 1, jobNumber: '24-1032-02', displayText: '24-1032-02 Tenant fit-out' }];

function answers(overrides: Answers = {}): Answers {
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
    '/api/applications/GetRecordStateAdvancements': { body: { data: [] } },
    // Executed agreements keep their executed date; every other field follows the default (editable while the state is open).
    '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': () => {
      const stateId = Number(currentQuery().get('applicationRecordStateId'));
      return { body: { data: { lookupApplicationRecordStateId: stateId, fields: stateId === 47 ? [{ fieldName: 'executedDate', editable: false, visible: true }] : [] } } };
    },
    ...overrides,
  };
}

const header = (root: ParentNode, field: string) => root.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-header-form] [data-field="${field}"]`);
const newForm = (root: ParentNode, field: string) => root.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-new-change-order-form] [data-field="${field}"]`);
/** The header form once the state's field security is in (the description is editable or the form says it is read-only). */
/** The Edit control (§2) unlocks the header; clicked here when it is offered. */
const ready = (root: ParentNode) => waitFor(() => {
  root.querySelector<HTMLButtonElement>('[data-locked] [data-control="Edit"]')?.click();
  return (header(root, 'description') && (!header(root, 'description')!.readOnly || root.querySelector('[data-read-only]'))) && root;
});

describe('owner agreements', () => {
  const startUrl = location.pathname + location.search;
  beforeEach(() => { localStorage.clear(); clearLibraries(); signInForTest(); });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetPageStores();
    history.replaceState(null, '', startUrl);
  });

  describe('<wb-owner-agreement> header', () => {
    it('field security of the state: an executed agreement’s description and contract type are editable, its executed date and amounts are not', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      expect(header(root, 'description')!.readOnly).to.equal(false);
      expect(header(root, 'description')!.value).to.equal('Prime contract');
      expect(header(root, 'contractType')!.disabled).to.equal(false);
      expect([...header(root, 'contractType')!.options].map((o) => o.value)).to.deep.equal(['', ...OWNER_CONTRACT_TYPES]);
      expect(header(root, 'contractType')!.value).to.equal('Lump Sum');
      await waitFor(() => header(root, 'executedDate')!.readOnly);
      expect(header(root, 'executedDate')!.value).to.equal('2026-05-12');
      // The amounts are shown, never fields.
      expect(root.querySelector('[data-field="contractAmount"]') === null).to.equal(true);
      expect(textOf(root, '[data-amount="contract"]')).to.equal('$1,000,000.00');
      expect(textOf(root, '[data-amount="current"]')).to.equal('$1,005,000.00');
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(false);
    });

    it('the header is locked until Edit (§2 tooltip) unlocks it; Discard locks it again; a closed agreement offers no Edit', async () => {
      stub(answers());
      const root = await mount('wb-owner-agreement', { 'record-id': '1' });
      const edit = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-locked] [data-control="Edit"]'));
      expect(edit.title).to.equal('Edit');
      expect(edit.textContent).to.equal(OWNER_TEXT.edit);
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(header(root, 'contractType')!.disabled).to.equal(true);
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(true);
      edit.click();
      await waitFor(() => !header(root, 'description')!.readOnly);
      expect(header(root, 'contractType')!.disabled).to.equal(false);
      expect(root.querySelector('[data-locked]')).to.equal(null);
      [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Discard changes')!.click();
      await waitFor(() => header(root, 'description')!.readOnly);
      const closed = await mount('wb-owner-agreement', { 'record-id': '2' });
      await waitFor(() => closed.querySelector('[data-read-only]'));
      expect(closed.querySelector('[data-control="Edit"]')).to.equal(null);
    });

    it('a closed agreement is read-only and offers no new change order', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '2' }));
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(textOf(root, '[data-read-only]')).to.equal(OWNER_TEXT.readOnly('Closed'));
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(header(root, 'contractType')!.disabled).to.equal(true);
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(true);
      expect(root.querySelector('[data-new-change-order]') === null).to.equal(true);
    });

    it('save sends the header fields with the state it was loaded in, and no items; the answer fills the form and a toast says so', async () => {
      stub(answers({
        '/api/pfm/SaveCommitment': { body: { data: { record: { ...EXECUTED, description: 'Prime contract (amended)', contractType: 'GMP' }, feedback: [] } } },
      }));
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      setValue(header(root, 'description')!, 'Prime contract (amended)');
      setValue(header(root, 'contractType')!, 'GMP');
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => $toasts.get().length > 0);
      expect($toasts.get()[0]!.message).to.equal('Owner Agreement saved.');
      const [sent] = postsTo('/api/pfm/SaveCommitment');
      expect(Object.fromEntries([...sent!.body.entries()])).to.deep.equal({
        RecordKey: 'OwnerAgreement', RecordId: '1', OldRecordStateId: '47', description: 'Prime contract (amended)', contractType: 'GMP', executedDate: '2026-05-12',
      });
      expect(header(root, 'contractType')!.value).to.equal('GMP');
    });

    it('a required description and a contract type are checked before any call; nothing changed says so', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect(textOf(root, '[data-testid="validation-summary"] li')).to.equal(WORKBENCH_TEXT.nothingToSave);
      setValue(header(root, 'description')!, '   ');
      setValue(header(root, 'contractType')!, '');
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => textOf(root, '[data-field-feedback="description"]'));
      expect([...root.querySelectorAll('[data-testid="validation-summary"] li')].map((li) => li.textContent)).to.deep.equal([
        WORKBENCH_TEXT.descriptionRequired, OWNER_TEXT.contractTypeRequired,
      ]);
      expect(textOf(root, '[data-field-feedback="description"]')).to.equal(`Error: ${WORKBENCH_TEXT.descriptionRequired}`);
      expect(postsTo('/api/pfm/SaveCommitment')).to.have.length(0);
    });

    it('a failed save (500) and a stale one (409) keep the typed values and say why; 400 feedback shows per field', async () => {
      let answer: StubAnswer = { status: 500, body: { message: 'boom' } };
      stub(answers({ '/api/pfm/SaveCommitment': () => answer }));
      const root = await ready(await mount('wb-owner-agreement-change-order', { 'record-id': '2' }));
      setValue(header(root, 'description')!, 'Typed by hand');
      setValue(header(root, 'changeOrderDate')!, '2026-11-20');
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(WORKBENCH_TEXT.saveFailed('Owner Agreement Change Order', 'HTTP error! Status: 500'));
      expect(header(root, 'description')!.value).to.equal('Typed by hand');
      expect(header(root, 'changeOrderDate')!.value).to.equal('2026-11-20');

      answer = { status: 409, body: { message: 'stale', currentRecordStateId: 50 } };
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => textOf(root, '[data-problem]').startsWith('Someone else'));
      expect(textOf(root, '[data-problem] span')).to.equal(WORKBENCH_TEXT.stale('Owner Agreement Change Order'));
      expect(header(root, 'description')!.value).to.equal('Typed by hand');

      answer = { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'changeOrderDate', message: 'changeOrderDate must be a date (YYYY-MM-DD) on or after 1990-01-01.' }] } };
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => root.querySelector('[data-field-feedback="changeOrderDate"]'));
      expect(textOf(root, '[data-field-feedback="changeOrderDate"]')).to.equal('Error: changeOrderDate must be a date (YYYY-MM-DD) on or after 1990-01-01.');
      expect(header(root, 'changeOrderDate')!.value).to.equal('2026-11-20');
      const sent = postsTo('/api/pfm/SaveCommitment').map((p) => [p.body.get('RecordKey'), p.body.get('OldRecordStateId'), p.body.get('description')]);
      expect(sent).to.deep.equal(Array(3).fill(['OwnerAgreementChangeOrder', '49', 'Typed by hand']));
    });

    it('an approved (closed) change order is read-only; its amount is shown, not a field', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement-change-order', { 'record-id': '1' }));
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(header(root, 'changeOrderDate')!.readOnly).to.equal(true);
      expect(root.querySelector('[data-field="amount"]') === null).to.equal(true);
      expect(textOf(root, '[data-amount="amount"]')).to.contain('$5,000.00');
    });
  });

  describe('<wb-owner-agreement-change-order> link candidates (§5)', () => {
    const event = (id: number, extra: Record<string, unknown> = {}) => ({
      changeEventId: id, number: `CE-00${id}`, title: `Event ${id}`, budgetId: 1, ownerAgreementId: 1, ownerAgreementChangeOrderId: null,
      reimbursableTypeId: 1, recordStateName: 'Approved', approvedAmount: 1000 * id, ...extra,
    });
    const EVENTS = [
      event(1), event(2, { ownerAgreementChangeOrderId: 5, ownerChangeOrderNumber: 'OCO-005', ownerChangeOrderClosed: false }),
      event(3, { ownerAgreementChangeOrderId: 2, ownerChangeOrderNumber: 'OCO-002', ownerChangeOrderClosed: false }), event(4, { reimbursableTypeId: 5 }),
      event(5, { recordStateName: 'Pending' }), event(6, { budgetId: 9 }), event(7, { ownerAgreementId: 3 }),
      event(8, { ownerAgreementChangeOrderId: 1, ownerChangeOrderNumber: 'OCO-001', ownerChangeOrderClosed: true }),
    ];
    const eventAnswers = () => answers({
      '/api/pfm/getchangeevents': () => {
        const query = currentQuery();
        const rows = query.get('recordKey') === 'OwnerAgreementChangeOrder' ? EVENTS.filter((e) => e.ownerAgreementChangeOrderId === Number(query.get('recordId'))) : EVENTS;
        return { body: { data: query.get('open') === 'false' ? [] : rows } };
      },
    });

    it('offers only eligible events not on this or a closed change order, and says when linking moves one from another change order', async () => {
      stub(eventAnswers());
      const root = await mount('wb-owner-agreement-change-order', { 'record-id': '2' });
      await waitFor(() => root.querySelector('[data-candidates]'));
      const offered = [...root.querySelectorAll<HTMLElement>('[data-candidate]')].map((li) => Number(li.dataset.candidate));
      expect(offered).to.deep.equal([1, 2]);
      expect(root.querySelector('[data-candidate="1"] [data-moves]') === null).to.equal(true);
      expect(textOf(root, '[data-candidate="2"] [data-moves]')).to.equal('· on OCO-005: linking moves it here');
      expect([...root.querySelectorAll('[data-linked] [data-change-event]')].map((li) => li.getAttribute('data-change-event'))).to.deep.equal(['3']);
    });

    it('a closed change order takes no change events and says why', async () => {
      stub(eventAnswers());
      const root = await mount('wb-owner-agreement-change-order', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-no-candidates]'));
      expect(textOf(root, '[data-no-candidates]')).to.equal("OCO-001 is 'Approved': change events can not be linked to it.");
      // The message shows at once; the linked list follows its load.
      await waitFor(() => root.querySelector('[data-linked]'));
      expect(root.querySelectorAll('[data-candidate]').length).to.equal(0);
      expect([...root.querySelectorAll('[data-linked] [data-change-event]')].map((li) => li.getAttribute('data-change-event'))).to.deep.equal(['8']);
    });
  });

  describe('new change order', () => {
    it('creates one on the agreement (first budget by default, today’s date), lists it here and on the screen at once, and opens its workbench', async () => {
      const created = { ...DRAFT_CO, ownerAgreementChangeOrderId: 7, number: 'OCO-003', description: 'Exam room casework', budgetId: 9 };
      stub(answers({ '/api/pfm/CreateOwnerAgreementChangeOrder': { body: { data: created } } }));
      // A portal screen's address, as in the portal: the workbench opens over it through the query.
      history.replaceState(null, '', '/pfm/projects/owneragreements?projectId=1&budgetId=1');
      const screen = await mount('pfm-owner-agreements', { 'project-id': '1' });
      const coList = await waitFor(() => screen.querySelector('[data-testid="list-OwnerAgreementChangeOrder"] tr[data-record-id="2"]') && screen.querySelector('[data-testid="list-OwnerAgreementChangeOrder"]'));
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      await waitFor(() => root.querySelector('[data-change-order="2"]'));
      expect([...root.querySelectorAll('[data-change-order]')].map((li) => li.getAttribute('data-change-order'))).to.deep.equal(['1', '2']);

      // The change orders section renders after the header is ready: wait for its button.
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-change-order]'))).click();
      const budget = await waitFor(() => newForm(root, 'budgetId')?.options.length === 3 && newForm(root, 'budgetId'));
      expect(budget.value).to.equal('1');
      expect([...budget.options].slice(1).map((o) => o.textContent)).to.deep.equal(['24-1032-01 Base building', '24-1032-02 Tenant fit-out']);
      const now = new Date();
      expect(newForm(root, 'changeOrderDate')!.value).to.equal(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);

      // A description is required before any call.
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-new-change-order-form] [data-field-feedback="description"]'));
      expect(postsTo('/api/pfm/CreateOwnerAgreementChangeOrder')).to.have.length(0);

      setValue(newForm(root, 'description')!, 'Exam room casework');
      setValue(budget, '9');
      setValue(newForm(root, 'changeOrderDate')!, '2026-11-21');
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-change-order="7"]'));
      expect(Object.fromEntries([...postsTo('/api/pfm/CreateOwnerAgreementChangeOrder')[0]!.body.entries()])).to.deep.equal({
        OwnerAgreementId: '1', BudgetId: '9', Description: 'Exam room casework', ChangeOrderDate: '2026-11-21',
      });
      expect(textOf(root, '[data-change-order="7"]')).to.contain('OCO-003');
      // The form closes once the create has answered.
      await waitFor(() => !root.querySelector('[data-new-change-order-form]'));
      expect($toasts.get().map((t) => t.message)).to.include(OWNER_TEXT.created('OCO-003'));
      // The screen's list (same page store) shows it without a reload.
      await waitFor(() => coList.querySelector('tr[data-record-id="7"]'));
      // Its workbench is opened through the query.
      const query = new URLSearchParams(location.search);
      expect([query.get('workbench'), query.get('recordKey'), query.get('recordId')]).to.deep.equal(['OwnerAgreementChangeOrder', 'OwnerAgreementChangeOrder', '7']);
    });

    it('a refused create (400) shows the server’s messages per field and keeps the entries', async () => {
      stub(answers({
        '/api/pfm/CreateOwnerAgreementChangeOrder': { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'budgetId', message: 'Choose a budget of the owner agreement’s project.' }] } },
      }));
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      // The change orders section renders after the header is ready: wait for its button.
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-change-order]'))).click();
      await waitFor(() => newForm(root, 'budgetId')?.value === '1');
      setValue(newForm(root, 'description')!, 'Kept');
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-new-change-order-form] [data-field-feedback="budgetId"]'));
      expect(textOf(root, '[data-new-change-order-form] [data-field-feedback="budgetId"]')).to.equal('Error: Choose a budget of the owner agreement’s project.');
      expect(newForm(root, 'description')!.value).to.equal('Kept');
      expect(new URLSearchParams(location.search).get('workbench')).to.equal(null);
    });
  });
});
