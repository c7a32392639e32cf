import { expect } from 'chai';
import type { CostCodeTransaction } from '../../src/core/budget-lines/contract';
import { sortByDate, sourceText, totalAmount } from '../../src/features/budget-lines';
import '../../src/elements/wb-cost-code-transactions/define';
import { fetchRequests, mount, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const row = (id: number, transactionDate: string, amount: number, extra: Partial<CostCodeTransaction> = {}): CostCodeTransaction => ({
  costCodeTransactionId: id, costCodeId: 101, budgetId: 1, projectId: 1, costCode: '09200000', codeDisplay: '09-2000-00', costType: 'S', transactionDate,
  sourceType: 'Subcontract', sourceRecordKey: 'Subcontract', sourceRecordId: 1, documentNumber: 'SC-001', vendorId: 7, vendorName: 'Acme', description: 'Framing',
  units: null, hours: null, amount, ...extra,
});
const ROWS = [row(1, '2026-03-02', 100.1), row(2, '2026-01-15', 200.2), row(3, '2026-03-02', 0.3, { sourceType: 'Direct Cost', documentNumber: null })];

describe('cost code transactions', () => {
  useElementTestPage();

  describe('rules', () => {
    it('sorted by date, oldest first, posting order kept within a day; the total in cents; the source is type and number', () => {
      expect(sortByDate(ROWS).map((r) => r.costCodeTransactionId)).to.deep.equal([2, 1, 3]);
      expect(ROWS.map((r) => r.costCodeTransactionId)).to.deep.equal([1, 2, 3]);
      expect(totalAmount(ROWS)).to.equal(300.6);
      expect(totalAmount([{ amount: null }])).to.equal(0);
      expect(sourceText(ROWS[0]!)).to.equal('Subcontract SC-001');
      expect(sourceText(ROWS[2]!)).to.equal('Direct Cost');
    });
  });

  describe('<wb-cost-code-transactions>', () => {
    it('without a record key and id says what it needs and loads nothing', async () => {
      stubFetch({ '/api/pfm/getcostcodetransaction': { body: { data: ROWS } } });
      const root = await mount('wb-cost-code-transactions');
      const alert = await waitFor(() => root.querySelector('[role="alert"]'));
      expect(alert.textContent).to.equal('Open this workbench on a cost code or a budget: it needs a record key and a record id.');
      expect(fetchRequests.length).to.equal(0);
    });

    it('loads the record’s transactions and shows their count and total', async () => {
      stubFetch({ '/api/pfm/getcostcodetransaction': { body: { data: ROWS } } });
      const root = await mount('wb-cost-code-transactions', { 'record-key': 'Budget', 'record-id': '1' });
      await waitFor(() => textOf(root, '.transactions-count') === '3');
      expect(textOf(root, '.transactions-total')).to.equal('$300.60');
      expect(fetchRequests.map((c) => [c.path, c.query.get('recordKey'), c.query.get('recordId')])).to.deep.equal([['/api/pfm/getcostcodetransaction', 'Budget', '1']]);
    });

    it('a failed load says why and offers Retry', async () => {
      stubFetch({ '/api/pfm/getcostcodetransaction': { status: 500, body: { message: 'boom' } } });
      const root = await mount('wb-cost-code-transactions', { 'record-key': 'Budget', 'record-id': '1' });
      await waitFor(() => root.textContent?.includes('The transactions could not be loaded'));
      expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Retry')).to.equal(true);
    });
  });
});
