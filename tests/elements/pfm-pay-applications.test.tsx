import { expect } from 'chai';
import { resetRoles, setRoles } from '../../src/core/roles';
import { formatMoney } from '../../src/core/format';
import { PAY_APPLICATIONS_SECTION_TEXT, PAY_APPLICATIONS_TEXT, PayApplicationsSection } from '../../src/features/pay-applications';
import '../../src/elements/pfm-pay-applications/define';
import { mount, stubFetch, textOf, waitFor, type FetchRequest } from '../support/browser';
import { appendReactRoot, removeReactRoot, useElementTestPage } from '../support/elements';
import { DRAFT, PAID, REVISE, SUBMITTED, answers } from './pay-applications-support';

const money = (n: number) => formatMoney(Math.round(n * 100) / 100);

describe('pay applications', () => {
  useElementTestPage({ after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });

  describe('<pfm-pay-applications>', () => {
    it('Open and Closed by state with the G702 figures, the waivers missing (count, sentences as text) and the totals under their columns', async () => {
      setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
      stubFetch(answers());
      const root = await mount('pfm-pay-applications', { 'project-id': '1' });
      const list = await waitFor(() => root.querySelector('[data-testid="list-PayApplication"] tbody tr[data-record-id]') && root.querySelector('[data-testid="list-PayApplication"]'));
      expect([...list.querySelectorAll('thead th')].map((th) => th.textContent)).to.deep.equal([
        'Number', 'Commitment', 'Vendor', 'Period', 'State', 'Scheduled value', 'Completed to date', 'Retainage held', 'Current payment due', 'Waivers missing', 'Actions',
      ]);
      expect([...list.querySelectorAll('tbody tr[data-record-id]')].map((tr) => tr.getAttribute('data-record-id'))).to.deep.equal(['1', '2', '3']);
      const row = list.querySelector('tr[data-record-id="1"]')!;
      expect(textOf(row, '[data-column="vendor"]')).to.equal('Acme <Concrete>');
      expect(textOf(row, '[data-column="scheduledValue"]')).to.equal('$15,000.00');
      expect(textOf(row, '[data-column="completed"]')).to.equal('$3,500.00');
      expect(textOf(row, '[data-column="retainage"]')).to.equal('$350.00');
      expect(textOf(row, '[data-column="paymentDue"]')).to.equal('$1,350.00');
      const waivers = row.querySelector('details[data-waivers-missing]')!;
      expect(textOf(waivers, 'summary')).to.equal(PAY_APPLICATIONS_TEXT.waiversMissing(2));
      expect([...waivers.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(DRAFT.waiversMissing);
      expect(textOf(list, 'tr[data-record-id="2"] [data-column="waivers"]')).to.equal(PAY_APPLICATIONS_TEXT.allWaivers);
      const open = [DRAFT, SUBMITTED, REVISE];
      expect(textOf(list, 'tfoot [data-totals="open"] th')).to.equal(PAY_APPLICATIONS_TEXT.totalLabel('open', 3));
      expect(textOf(list, 'tfoot [data-total="scheduledValue"]')).to.equal(money(open.reduce((s, r) => s + r.totals.contractSumToDate, 0)));
      expect(textOf(list, 'tfoot [data-total="paymentDue"]')).to.equal(money(open.reduce((s, r) => s + r.totals.currentPaymentDue, 0)));
      expect(textOf(list, 'tfoot [data-total="retainage"]')).to.equal(money(open.reduce((s, r) => s + r.totals.retainage, 0)));
      (list.querySelector('[data-list="closed"]') as HTMLButtonElement).click();
      await waitFor(() => list.querySelector('tr[data-record-id="4"]'));
      expect(textOf(list, 'tfoot [data-totals="closed"] th')).to.equal('Total of 1 closed pay application');
      expect(textOf(list, 'tfoot [data-total="completed"]')).to.equal(money(PAID.totals.totalCompletedAndStored));
      const create = root.querySelector<HTMLButtonElement>('[data-new="pay-application"]')!;
      expect(create.textContent).to.equal(PAY_APPLICATIONS_TEXT.newLabel);
      create.click();
      await waitFor(() => new URL(location.href).searchParams.get('workbench') === 'PayApplication');
      expect(new URL(location.href).searchParams.get('recordKey')).to.equal('Project');
      expect(new URL(location.href).searchParams.get('recordId')).to.equal('1');
      (root.querySelector('[data-open="4"]') as HTMLButtonElement).click();
      await waitFor(() => new URL(location.href).searchParams.get('recordKey') === 'PayApplication');
      expect(new URL(location.href).searchParams.get('recordId')).to.equal('4');
    });

    it('loading shows one status; no New without a PFM role; a failure offers Retry that loads', async () => {
      setRoles([{ applicationKey: 'keyTC', name: 'Default' }]);
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      let fail = true;
      stubFetch(answers({
        '/api/pfm/getpayapplications': async (request) => {
          await held;
          if (fail) return { status: 500, body: {} };
          return (answers()['/api/pfm/getpayapplications'] as (r: FetchRequest) => { body: unknown })(request);
        },
      }));
      const root = await mount('pfm-pay-applications', { 'project-id': '1' });
      const status = await waitFor(() => root.querySelector('[data-testid="list-PayApplication"] [data-loading] [role="status"]'));
      expect(status.textContent).to.equal('Loading pay applications…');
      expect(root.querySelectorAll('[role="status"]').length).to.equal(1);
      release();
      await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(textOf(root, '[data-state="failed"] span')).to.equal(PAY_APPLICATIONS_TEXT.problems.failed);
      fail = false;
      (root.querySelector('[data-state="failed"] button') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-testid="list-PayApplication"] tr[data-record-id="1"]'));
      expect(root.querySelector('[data-new="pay-application"]')).to.equal(null);
    });

    for (const [status, text, shown] of [
      [401, PAY_APPLICATIONS_TEXT.problems.signedOut, 'failed'], [403, PAY_APPLICATIONS_TEXT.problems.forbidden, 'forbidden'],
      [504, PAY_APPLICATIONS_TEXT.problems.timeout, 'failed'],
    ] as const) {
      it(`a ${status} says so with Retry`, async () => {
        stubFetch(answers({ '/api/pfm/getpayapplications': { status, body: {} } }));
        const root = await mount('pfm-pay-applications', { 'project-id': '1' });
        await waitFor(() => root.querySelector(`[data-state="${shown}"]`));
        expect(textOf(root, `[data-state="${shown}"] span`)).to.equal(text);
        expect(textOf(root, `[data-state="${shown}"] button`)).to.equal('Retry');
      });
    }

    it('with no project or budget, says to open one', async () => {
      stubFetch(answers());
      const root = await mount('pfm-pay-applications');
      await waitFor(() => root.querySelector('[role="status"]'));
      expect(textOf(root, '[role="status"]')).to.equal(PAY_APPLICATIONS_TEXT.noProject);
    });
  });

  describe('PayApplicationsSection (the commitment workbench)', () => {
    it("lists one commitment's applications with their payment and retainage; open links and New open the workbench; a failure retries", async () => {
      let fail = true;
      stubFetch(answers({
        '/api/pfm/getpayapplications': (request) => (fail ? { status: 500, body: {} }
          : (answers()['/api/pfm/getpayapplications'] as (r: FetchRequest) => { body: unknown })(request)),
      }));
      const { host, root } = appendReactRoot();
      try {
        root.render(<PayApplicationsSection recordKey="Subcontract" recordId={4} />);
        const failed = await waitFor(() => host.querySelector('[data-state="failed"]'));
        expect(textOf(failed, 'span')).to.equal(PAY_APPLICATIONS_TEXT.problems.failed);
        fail = false;
        (failed.querySelector('button') as HTMLButtonElement).click();
        await waitFor(() => host.querySelector('tr[data-record-id="1"]'));
        expect([...host.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-record-id'))).to.deep.equal(['1', '4']);
        expect(textOf(host, 'tr[data-record-id="1"] [data-column="paymentDue"]')).to.equal('$1,350.00');
        expect(textOf(host, 'tr[data-record-id="1"] [data-column="retainage"]')).to.equal('$350.00');
        expect(textOf(host, 'tr[data-record-id="4"] [data-column="state"]')).to.equal('Paid');
        (host.querySelector('[data-new="pay-application"]') as HTMLButtonElement).click();
        expect(textOf(host, '[data-new="pay-application"]')).to.equal(PAY_APPLICATIONS_SECTION_TEXT.newLabel);
        await waitFor(() => new URL(location.href).searchParams.get('recordKey') === 'Subcontract');
        expect(new URL(location.href).searchParams.get('recordId')).to.equal('4');
        (host.querySelector('[data-open="4"]') as HTMLButtonElement).click();
        await waitFor(() => new URL(location.href).searchParams.get('recordKey') === 'PayApplication');
        expect(new URL(location.href).searchParams.get('recordId')).to.equal('4');
      } finally {
        removeReactRoot(host, root);
      }
    });
  });
});
