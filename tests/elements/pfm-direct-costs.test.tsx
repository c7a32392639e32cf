import { expect } from 'chai';
import { clearLibraries } from '../../src/core/lookups';
import { resetRoles, setRoles } from '../../src/core/roles';
import {
  DIRECT_COST_TEXT, REVISE_AND_RESUBMIT, directCostMoveLabel, directCostProblems, isDirectCostApprover, isReviseAndResubmit, moveNeedsApprover, movePostsCost,
} from '../../src/core/workflow/direct-costs';
import { DIRECT_COST_WB_TEXT, directCostTotal, type DirectCost } from '../../src/features/direct-costs';
import { DIRECT_COSTS_TEXT } from '../../src/elements/pfm-direct-costs/DirectCosts';
import '../../src/elements/pfm-direct-costs/define';
import '../../src/elements/wb-direct-cost/define';
import { fetchRequests, mount, restoreFetch, setValue, stubFetch, textOf, waitFor, type FetchRequest, type StubFor } from '../support/browser';
import { overlaysRoot, resetPageStores, signInForTest } from '../support/elements';

const state = (id: number, name: string, closed = false) => ({ applicationRecordStateId: id, recordStateName: name, closed });
const base = { projectId: 1, budgetId: 1, directCostTypeId: 3, vendorId: 7, vendorName: 'Acme Supply', description: 'Permit', items: [] };
const OPEN: DirectCost[] = [
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
const STATES: Record<number, { applicationRecordStateId: number; name: string; closed: boolean; displayOrder: number }> = {
  51: { applicationRecordStateId: 51, name: 'Draft', closed: false, displayOrder: 1 },
  52: { applicationRecordStateId: 52, name: 'Pending Approval', closed: false, displayOrder: 2 },
  53: { applicationRecordStateId: 53, name: 'Approved', closed: false, displayOrder: 3 },
  54: { applicationRecordStateId: 54, name: 'Posted', closed: true, displayOrder: 4 },
};
const ADVANCEMENTS: Record<number, number[]> = { 51: [52], 52: [53, 51], 53: [54] };
const FIELDS = ['directCostDate', 'directCostTypeId', 'vendorId', 'invoiceNumber', 'description', 'amount', 'items'];

function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
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
    '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': ({ query }) => ({
      body: { data: { lookupApplicationRecordStateId: Number(query.get('applicationRecordStateId')), fields: FIELDS.map((fieldName) => ({ fieldName, editable: query.get('applicationRecordStateId') === '51', visible: true })) } },
    }),
    '/api/applications/GetRecordStateAdvancements': ({ query }) => ({
      body: { data: (ADVANCEMENTS[Number(query.get('applicationRecordStateId'))] ?? []).map((id, i) => ({ quickRoute: i === 0, displayOrder: i + 1, targetApplicationRecordState: STATES[id] })) },
    }),
    '/api/pfm/files': { body: { data: [] } },
    ...overrides,
  };
}

describe('direct costs', () => {
  beforeEach(() => { localStorage.clear(); clearLibraries(); signInForTest(); });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetPageStores();
    resetRoles();
    history.replaceState(null, '', location.pathname);
  });

  describe('rules (src/core/workflow/direct-costs.ts)', () => {
    it('at least one item; items sum to the amount to the cent; a real date, not after today', () => {
      const ok = { directCostDate: '2026-10-01', amount: 100.1, items: [{ amount: 60.05 }, { amount: 40.05 }] };
      expect(directCostProblems(ok, '2026-10-01')).to.deep.equal([]);
      expect(directCostProblems({ ...ok, items: [] }, '2026-11-01')).to.deep.equal([{ field: 'items', message: DIRECT_COST_TEXT.noItems }]);
      expect(directCostProblems({ ...ok, amount: 100.11 }, '2026-11-01')).to.deep.equal([
        { field: 'amount', message: 'The items total $100.10, not the amount of $100.11: they must add up to it.' },
      ]);
      expect(directCostProblems(ok, '2026-09-30')).to.deep.equal([{ field: 'directCostDate', message: DIRECT_COST_TEXT.futureDate }]);
      expect(directCostProblems({ ...ok, directCostDate: '1989-12-31' }, '2026-11-01')[0]!.message).to.equal(DIRECT_COST_TEXT.badDate);
      expect(directCostProblems({ ...ok, directCostDate: '2026-02-30' }, '2026-11-01')[0]!.message).to.equal(DIRECT_COST_TEXT.badDate);
    });

    it('Revise and Resubmit is Pending Approval → Draft; approving and sending back need RPM or Admin; Approved and Posted put cost on the job', () => {
      expect(isReviseAndResubmit('Pending Approval', 'Draft')).to.equal(true);
      expect(isReviseAndResubmit('Approved', 'Draft')).to.equal(false);
      expect(directCostMoveLabel('Pending Approval', 'Draft')).to.equal(REVISE_AND_RESUBMIT);
      expect(directCostMoveLabel('Draft', 'Pending Approval')).to.equal('Pending Approval');
      expect(moveNeedsApprover('Pending Approval', 'Approved')).to.equal(true);
      expect(moveNeedsApprover('Pending Approval', 'Draft')).to.equal(true);
      expect(moveNeedsApprover('Approved', 'Posted')).to.equal(false);
      expect(isDirectCostApprover([{ applicationKey: 'keyPFM', name: 'RPM' }])).to.equal(true);
      expect(isDirectCostApprover([{ applicationKey: 'keyPFM', name: 'admin' }])).to.equal(true);
      expect(isDirectCostApprover([{ applicationKey: 'keyPFM', name: 'Project Manager' }, { applicationKey: 'keyAdmin', name: 'RPM' }])).to.equal(false);
      expect(['Draft', 'Pending Approval', 'Approved', 'Posted', 'Void'].filter(movePostsCost)).to.deep.equal(['Approved', 'Posted']);
      expect(directCostTotal(OPEN)).to.equal(160.25);
    });
  });

  describe('<pfm-direct-costs>', () => {
    it('Open and Closed by state; columns with the type lookup and the §5 date rule; the total of the list shown; New for PFM roles', async () => {
      setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
      stubFetch(answers());
      const root = await mount('pfm-direct-costs', { 'project-id': '1' });
      const list = await waitFor(() => root.querySelector('[data-testid="list-DirectCost"] tbody tr[data-record-id]') && root.querySelector('[data-testid="list-DirectCost"]'));
      expect([...list.querySelectorAll('thead th')].map((th) => th.textContent)).to.deep.equal(['Number', 'Date', 'Type', 'Vendor', 'Invoice', 'Description', 'Amount', 'State', 'Changes', 'Actions']);
      expect([...list.querySelectorAll('tbody tr[data-record-id]')].map((tr) => tr.getAttribute('data-record-id'))).to.deep.equal(['1', '2', '4']);
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="directCostDate"]')).to.equal('10/05/2026');
      expect(textOf(list, 'tr[data-record-id="2"] [data-column="directCostDate"]')).to.equal('', 'before 1/1/1990: blank');
      expect(textOf(list, 'tr[data-record-id="4"] [data-column="directCostDate"]')).to.equal('', 'shorter than 6 characters: blank');
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="invoiceNumber"]')).to.equal('INV-1');
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="vendor"]')).to.equal('Acme Supply');
      expect(textOf(list, 'tr[data-record-id="1"] [data-column="amount"]')).to.equal('$100.25');
      await waitFor(() => textOf(list, 'tr[data-record-id="1"] [data-column="type"]') === 'Permit Fee');
      // The totals are the list's own footer row: the label under Number, the amount under Amount.
      expect(textOf(list, 'tfoot [data-totals="open"] th')).to.equal(DIRECT_COSTS_TEXT.totalLabel('open', 3));
      expect(textOf(list, 'tfoot [data-total="amount"]')).to.equal('$160.25');
      const amountHeader = [...list.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent === 'Amount')!.getBoundingClientRect();
      const amountTotal = list.querySelector<HTMLElement>('tfoot [data-total="amount"]')!.getBoundingClientRect();
      expect(amountTotal.left).to.be.at.least(amountHeader.left - 0.5);
      expect(amountTotal.right).to.be.at.most(amountHeader.right + 0.5);
      (list.querySelector('[data-list="closed"]') as HTMLButtonElement).click();
      await waitFor(() => list.querySelector('tr[data-record-id="3"]'));
      expect(textOf(list, 'tfoot [data-totals="closed"] th')).to.equal('Total of 1 closed direct cost');
      expect(textOf(list, 'tfoot [data-total="amount"]')).to.equal('$999.00');
      expect(root.querySelector('[data-new="direct-cost"]')?.textContent).to.equal('New direct cost');
    });

    it('no New button without a PFM role; loading shows a status; a 403 says who may; a failure offers Retry that loads', async () => {
      setRoles([{ applicationKey: 'keyTC', name: 'Default' }]);
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      let fail = true;
      stubFetch(answers({
        '/api/pfm/getdirectcosts': async (request) => {
          await held;
          if (fail) return { status: 500, body: { message: 'injected' } };
          return (answers()['/api/pfm/getdirectcosts'] as (r: FetchRequest) => { body: unknown })(request);
        },
      }));
      const root = await mount('pfm-direct-costs', { 'project-id': '1' });
      const status = await waitFor(() => root.querySelector('[data-testid="list-DirectCost"] [data-loading] [role="status"]'));
      expect(status.textContent).to.equal(DIRECT_COSTS_TEXT.loading);
      expect(root.querySelectorAll('[role="status"]').length, 'one loading status').to.equal(1);
      expect(root.querySelector('tfoot'), 'no totals of nothing while loading').to.equal(null);
      release();
      await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(textOf(root, '[data-state="failed"]')).to.contain(DIRECT_COSTS_TEXT.failed);
      fail = false;
      (root.querySelector('[data-state="failed"] button') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-testid="list-DirectCost"] tr[data-record-id="1"]'));
      expect(root.querySelector('[data-new="direct-cost"]')).to.equal(null);

      document.body.innerHTML = '';
      stubFetch(answers({ '/api/pfm/getdirectcosts': { status: 403, body: { message: 'no' } } }));
      const refused = await mount('pfm-direct-costs', { 'project-id': '1' });
      await waitFor(() => refused.querySelector('[data-state="forbidden"]'));
      expect(textOf(refused, '[data-state="forbidden"] > span')).to.equal(DIRECT_COSTS_TEXT.noAccess);
    });
  });

  describe('<wb-direct-cost>', () => {
    it('a Draft sent back shows the reason as text, who sent it back, and is editable; the browser checks the items sum before saving', async () => {
      stubFetch(answers());
      const root = await mount('wb-direct-cost', { 'record-key': 'DirectCost', 'record-id': '1' });
      const note = await waitFor(() => root.querySelector('[data-revise-reason]'));
      expect(note.querySelector('[data-reason-text]')!.textContent).to.equal('Attach the <b>ticket</b>');
      expect(note.querySelector('b')).to.equal(null);
      expect(note.textContent).to.contain('Sent back for revision by Linda Okafor on 10/20/2026');
      const amount = root.querySelector<HTMLInputElement>('input[data-field="amount"][aria-describedby]')!;
      expect(amount.disabled).to.equal(false);
      setValue(amount, '$1,100.25');
      expect(amount.value).to.equal('1100.25');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      await waitFor(() => root.textContent?.includes('The items total $100.25, not the amount of $1,100.25: they must add up to it.'));
      expect(fetchRequests.some((r) => r.path === '/api/pfm/SaveDirectCost')).to.equal(false);
      expect(amount.value).to.equal('1100.25', 'typed value kept');
    });

    it('Pending Approval: read-only, who submitted; the menu offers Revise and Resubmit, which asks for a reason and sends it in the state call', async () => {
      setRoles([{ applicationKey: 'keyPFM', name: 'RPM' }]);
      stubFetch(answers({
        '/api/pfm/UpdateDirectCostState': ({ body }) => ({ body: { data: { ...OPEN[1], ...state(51, 'Draft'), reviseReason: (body as Record<string, string>).Reason } } }),
      }));
      const root = await mount('wb-direct-cost', { 'record-key': 'DirectCost', 'record-id': '2' });
      const pending = await waitFor(() => root.querySelector('[data-pending]'));
      expect(pending.textContent).to.match(/^Submitted by Marcus Reyes on 10\/11\/2026, \d+:\d\d [AP]M; waiting for an approver \(RPM or Admin\)\.$/);
      expect(textOf(root, '[data-read-only]')).to.equal(DIRECT_COST_WB_TEXT.readOnly('Pending Approval'));
      expect(root.querySelector('[data-save]')).to.equal(null);
      (root.querySelector('button[aria-label="Change state of DC-002"]') as HTMLButtonElement).click();
      const items = await waitFor(() => { const found = [...root.querySelectorAll('[role="menuitem"]')]; return found.length ? found : null; });
      expect(items.map((i) => i.textContent)).to.deep.equal(['Approved', REVISE_AND_RESUBMIT]);
      (items[1] as HTMLButtonElement).click();
      const box = await waitFor(() => overlaysRoot().querySelector('[role="dialog"]'));
      const text = box.querySelector('textarea')!;
      setValue(text, '  Split the freight  ');
      const ok = [...box.querySelectorAll('button')].find((b) => b.textContent === 'Send back') as HTMLButtonElement;
      ok.click();
      const call = await waitFor(() => fetchRequests.find((r) => r.path === '/api/pfm/UpdateDirectCostState'));
      expect(call.body).to.deep.include({ ItemId: '2', OldRecordStateId: '52', RouteStateId: '51', Reason: 'Split the freight' });
      await waitFor(() => root.querySelector('[data-revise-reason]'));
      expect(textOf(root, '[data-reason-text]')).to.equal('Split the freight');
    });

    it('a submitter (Project Manager) choosing Approved is told it is for an approver, without a call', async () => {
      setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
      stubFetch(answers());
      const root = await mount('wb-direct-cost', { 'record-key': 'DirectCost', 'record-id': '2' });
      (await waitFor(() => root.querySelector<HTMLButtonElement>('button[aria-label="Change state of DC-002"]'))).click();
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[role="menuitem"][data-target-state="Approved"]'))).click();
      const box = await waitFor(() => overlaysRoot().querySelector('[role="dialog"]'));
      expect(box.textContent).to.contain(DIRECT_COST_TEXT.approverOnly('Approved'));
      expect(fetchRequests.some((r) => r.path === '/api/pfm/UpdateDirectCostState')).to.equal(false);
    });

    it('new (record key Project): creates with its items in one call, then opens the record', async () => {
      stubFetch(answers({ '/api/pfm/CreateDirectCost': { body: { data: { ...OPEN[0], directCostId: 9, number: 'DC-009' } } } }));
      const root = await mount('wb-direct-cost', { 'record-key': 'Project', 'record-id': '1' });
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="directCostTypeId"]'));
      await waitFor(() => type.options.length > 1);
      setValue(type, '3');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="directCostDate"]')!, '2026-10-01');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="description"][aria-describedby]')!, 'City permit');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="amount"][aria-describedby]')!, '250');
      setValue(root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]')!, 'M');
      const code = await waitFor(() => { const el = root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]'); return el && el.options.length > 1 ? el : null; });
      expect([...code.options].map((o) => o.value)).to.deep.equal(['', '101']);
      setValue(code, '101');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 description"]')!, 'Permit');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '250');
      (root.querySelector('[data-create]') as HTMLButtonElement).click();
      const call = await waitFor(() => fetchRequests.find((r) => r.path === '/api/pfm/CreateDirectCost'));
      expect(call.body).to.deep.include({
        ProjectId: '1', directCostTypeId: '3', directCostDate: '2026-10-01', description: 'City permit', amount: '250',
        'items[0].costCodeId': '101', 'items[0].description': 'Permit', 'items[0].amount': '250',
      });
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '9');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal('DirectCost');
    });
  });
});
