import { expect } from 'chai';
import { COST_ADJUSTMENT_RULE_TEXT, itemsNet, postRefusal } from '../../src/core/cost-adjustments';
import {
  LIST_TEXT, costAdjustmentTotals, isUnreconciled, NO_ACCESS_MESSAGE, type CostAdjustment,
} from '../../src/features/cost-adjustments';
import '../../src/elements/pfm-cost-adjustments/define';
import { mount, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer } from '../support/browser';
import { resetPageStores, useElementTestPage } from '../support/elements';
import { ITEMS, OPEN, answers } from './cost-adjustments-support';

describe('cost adjustments', () => {
  useElementTestPage();

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
});
