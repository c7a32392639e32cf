import { expect } from 'chai';
import { resetRoles, setRoles } from '../../src/core/roles';
import { DIRECT_COSTS_TEXT } from '../../src/features/direct-costs';
import '../../src/elements/pfm-direct-costs/define';
import { mount, stubFetch, textOf, waitFor, type FetchRequest } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { answers } from './direct-costs-support';

describe('direct costs', () => {
  useElementTestPage({ after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });

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
});
