import { expect } from 'chai';
import '../../src/elements/wb-cost-code-transactions/define';
import { fetchRequests, mount, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { TRANSACTIONS } from './budget-lines-support';

describe('cost code transactions', () => {
  useElementTestPage();

  describe('<wb-cost-code-transactions>', () => {
    it('without a record key and id says what it needs and loads nothing', async () => {
      stubFetch({ '/api/pfm/getcostcodetransaction': { body: { data: TRANSACTIONS } } });
      const root = await mount('wb-cost-code-transactions');
      const alert = await waitFor(() => root.querySelector('[role="alert"]'));
      expect(alert.textContent).to.equal('Open this workbench on a cost code or a budget: it needs a record key and a record id.');
      expect(fetchRequests.length).to.equal(0);
    });

    it('loads the record’s transactions and shows their count and total', async () => {
      stubFetch({ '/api/pfm/getcostcodetransaction': { body: { data: TRANSACTIONS } } });
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
