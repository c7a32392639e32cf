import { expect } from 'chai';
import { LIST_TEXT, NO_ACCESS_MESSAGE } from '../../src/features/cost-adjustments';
import '../../src/elements/pfm-cost-adjustments/define';
import { mount, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer } from '../support/browser';
import { resetPageStores, useElementTestPage } from '../support/elements';
import { answers } from './cost-adjustments-support';

describe('cost adjustments', () => {
  useElementTestPage();

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
});
