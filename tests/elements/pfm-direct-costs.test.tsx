import { expect } from 'chai';
import { resetRoles, setRoles } from '../../src/core/roles';
import {
  DIRECT_COST_TEXT, REVISE_AND_RESUBMIT, directCostMoveLabel, directCostProblems, isDirectCostApprover, isReviseAndResubmit, moveNeedsApprover, movePostsCost,
} from '../../src/core/workflow/direct-costs';
import { DIRECT_COSTS_TEXT, directCostTotal } from '../../src/features/direct-costs';
import '../../src/elements/pfm-direct-costs/define';
import { mount, stubFetch, textOf, waitFor, type FetchRequest } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { OPEN, answers } from './direct-costs-support';

describe('direct costs', () => {
  useElementTestPage({ after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });

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
});
