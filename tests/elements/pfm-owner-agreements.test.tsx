import { expect } from 'chai';
import { NO_ACCESS_MESSAGE } from '../../src/features/commitments';
import '../../src/elements/pfm-owner-agreements/define';
import { fetchRequests, mount, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { answers, stub } from './owner-agreements-support';

describe('owner agreements', () => {
  useElementTestPage();

  describe('<pfm-owner-agreements>', () => {
    it('lists the project’s agreements and change orders in Open and Closed, each change order with its agreement’s number', async () => {
      stub(answers());
      const root = await mount('pfm-owner-agreements', { 'project-id': '1' });
      const agreements = await waitFor(() => root.querySelector('[data-testid="list-OwnerAgreement"] tr[data-record-id="1"]') && root.querySelector('[data-testid="list-OwnerAgreement"]'));
      expect(textOf(agreements, '[data-count="open"]')).to.equal('1');
      expect(textOf(agreements, '[data-count="closed"]')).to.equal('1');
      expect(textOf(agreements, 'tr[data-record-id="1"] [data-column="current"]')).to.equal('$1,005,000.00');
      const changeOrders = await waitFor(() => root.querySelector('[data-testid="list-OwnerAgreementChangeOrder"] tr[data-record-id="2"]') && root.querySelector('[data-testid="list-OwnerAgreementChangeOrder"]'));
      expect([...changeOrders.querySelectorAll('tbody tr[data-record-id]')].map((tr) => tr.getAttribute('data-record-id'))).to.deep.equal(['2']);
      expect(textOf(changeOrders, 'tr[data-record-id="2"] [data-column="agreement"]')).to.equal('OA-24-1032');
      expect(textOf(changeOrders, '[data-count="closed"]')).to.equal('1');
      const loads = fetchRequests.filter((c) => c.path === '/api/pfm/getowneragreements');
      expect(loads.map((c) => [c.query.get('recordKey'), c.query.get('recordId'), c.query.get('open')])).to.deep.equal([['Project', '1', null], ['Project', '1', 'false']]);
    });

    it('a 403 shows a clear message instead of the lists', async () => {
      stub(answers({ '/api/pfm/getowneragreements': { status: 403, body: { message: 'no' } } }));
      const root = await mount('pfm-owner-agreements', { 'project-id': '1' });
      await waitFor(() => root.querySelector('[data-state="forbidden"]'));
      expect(textOf(root, '[data-state="forbidden"] > span')).to.equal(NO_ACCESS_MESSAGE);
      expect(root.querySelector('[data-testid="list-OwnerAgreement"]')).to.equal(null);
    });

    it('without a project or a budget says to open a project first and loads nothing', async () => {
      stub(answers());
      const root = await mount('pfm-owner-agreements');
      const info = await waitFor(() => root.querySelector('.alert-info'));
      expect(info.textContent).to.equal('Open a project first: no project or budget was given.');
      expect(fetchRequests.some((c) => c.path === '/api/pfm/getowneragreements')).to.equal(false);
    });
  });
});
