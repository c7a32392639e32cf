import { expect } from 'chai';
import { NO_ACCESS_MESSAGE } from '../../src/features/commitments';
import '../../src/elements/pfm-commitments/define';
import '../../src/elements/pfm-direct-costs/define';
import { PROJECT_SECURITY_TEXT } from '../../src/core/projects/team';
import { clearProjectWrite } from '../../src/core/projects/write';
import { refreshChanges } from '../../src/core/changes';
import { CHANGE_INDICATOR_TARGET_PX } from '../../src/ui/ChangeIndicator';
import { fetchRequests, mount, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { listAnswers, state } from './commitments-support';

describe('commitments', () => {
  useElementTestPage();

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
      expect(textOf(totals, '[data-total="retainage"]')).to.contain('$40.00');
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

    it('paints its rows with the vendor list\u2019s names, loaded beside the lists (a row does not grow when the names arrive)', async () => {
      stubFetch(listAnswers());
      const root = await mount('pfm-commitments', { 'project-id': '1' });
      const firstPaint = new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          const cell = root.querySelector('[data-testid="list-Subcontract"] tr[data-record-id="1"] [data-column="vendor"]');
          if (cell) { observer.disconnect(); resolve(cell.textContent ?? ''); }
        });
        observer.observe(root, { childList: true, subtree: true, characterData: true });
      });
      expect(await firstPaint).to.equal('Vendor 7 (lookup)');
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

    /** The screen mounted with its subcontracts' answer held until `answer()`. */
    async function mountWithSubcontractsHeld(): Promise<{ root: ShadowRoot; answer: () => void }> {
      let answer!: () => void;
      const held = new Promise<void>((resolve) => { answer = resolve; });
      const answers = listAnswers();
      const subcontracts = answers['/api/pfm/getsubcontracts'] as (request: FetchRequest) => StubAnswer;
      stubFetch({ ...answers, '/api/pfm/getsubcontracts': async (request) => { await held; return subcontracts(request); } });
      return { root: await mount('pfm-commitments', { 'project-id': '1' }), answer };
    }

    it('while loading shows a loading status, never totals of nothing', async () => {
      const { root, answer } = await mountWithSubcontractsHeld();
      const status = await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] [role="status"]'));
      expect(status.textContent).to.equal('Loading subcontracts…');
      expect(root.textContent).to.not.contain('Total (');
      expect(root.textContent).to.not.contain('$0.00');
      answer();
      await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tfoot'));
      expect(root.querySelector('[data-testid="list-Subcontract"] [role="status"]')).to.equal(null);
    });

    it('while loading shows only the first list, so the others appear with the data instead of being pushed down (no layout shift)', async () => {
      const { root, answer } = await mountWithSubcontractsHeld();
      await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] [role="status"]'));
      const section = (kind: string) => root.querySelector<HTMLElement>(`section[data-list-kind="${kind}"]`)!;
      expect(['Subcontract', 'PurchaseAgreement', 'PurchaseOrder'].map((kind) => section(kind).hidden)).to.deep.equal([false, true, true]);
      expect(section('PurchaseOrder').getBoundingClientRect().height).to.equal(0);
      const loadingTable = root.querySelector('[data-testid="list-Subcontract"] table')!;
      answer();
      await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tfoot'));
      // The rows come in a new table: the loading one does not grow and move (its header's columns change width).
      expect(loadingTable.isConnected).to.equal(false);
      expect(['Subcontract', 'PurchaseAgreement', 'PurchaseOrder'].map((kind) => section(kind).hidden)).to.deep.equal([false, false, false]);
      // Below the first list's rows, in screen order.
      expect(section('PurchaseAgreement').getBoundingClientRect().top).to.be.at.least(section('Subcontract').getBoundingClientRect().bottom);
    });

    it('the change asterisk is a target of at least 24 × 24 px (WCAG 2.2)', async () => {
      stubFetch(listAnswers({
        '/api/changes/refresh': { body: {} },
        '/api/changes': { body: { data: [{ parentApplicationRecordId: 1, parentRecordType: 'Subcontract', applicationRecordId: 11, recordType: 'Subcontract' }] } },
      }));
      await refreshChanges(2);
      try {
        const root = await mount('pfm-commitments', { 'project-id': '1' });
        const asterisk = await waitFor(() => root.querySelector<HTMLButtonElement>('tr[data-record-id="1"] .change-indicator'));
        const box = asterisk.getBoundingClientRect();
        expect(CHANGE_INDICATOR_TARGET_PX).to.equal(24);
        expect([box.width, box.height].map((side) => side >= CHANGE_INDICATOR_TARGET_PX)).to.deep.equal([true, true]);
        expect(asterisk.textContent).to.equal('*');
      } finally {
        stubFetch({ '/api/changes/refresh': { body: {} }, '/api/changes': { body: { data: [] } } });
        await refreshChanges(2);
      }
    });

    it('in a legacy page\u2019s layout table it takes the cell it is given: the table does not widen nor the menu shrink; its list scrolls inside it', async () => {
      stubFetch(listAnswers());
      const frame = document.createElement('div');
      frame.style.width = '600px';
      frame.innerHTML = '<table style="width:100%"><tr><td style="width:170px" data-menu>menu</td><td><pfm-commitments project-id="1"></pfm-commitments></td></tr></table>';
      document.body.append(frame);
      const root = await waitFor(() => frame.querySelector('pfm-commitments')!.shadowRoot);
      await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tbody tr[data-record-id]'));
      expect(frame.querySelector('table')!.getBoundingClientRect().width).to.equal(600);
      expect(frame.querySelector('[data-menu]')!.getBoundingClientRect().width).to.be.at.least(170);
      const panel = root.querySelector<HTMLElement>('[data-testid="list-Subcontract"] [role="tabpanel"]')!;
      expect(panel.scrollWidth).to.be.greaterThan(panel.clientWidth);
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

describe('commitments: New subcontract, purchase agreement and purchase order', () => {
  useElementTestPage({ after: () => history.replaceState(null, '', location.pathname) });

  it('each list offers its New button, which opens that kind’s workbench on the project to create one', async () => {
    stubFetch(listAnswers());
    const root = await mount('pfm-commitments', { 'project-id': '1' });
    await waitFor(() => root.querySelector('[data-testid="list-Subcontract"] tr[data-record-id="1"]'));
    expect([...root.querySelectorAll('[data-new]')].map((b) => [b.getAttribute('data-new'), b.textContent])).to.deep.equal([
      ['Subcontract', 'New subcontract'], ['PurchaseAgreement', 'New purchase agreement'], ['PurchaseOrder', 'New purchase order'],
    ]);
    root.querySelector<HTMLButtonElement>('[data-new="PurchaseOrder"]')!.click();
    await waitFor(() => new URL(location.href).searchParams.get('workbench') === 'PurchaseOrder');
    const query = new URL(location.href).searchParams;
    expect([query.get('recordKey'), query.get('recordId')]).to.deep.equal(['Project', '1']);
  });
});
