import { expect } from 'chai';
import { resetRoles, setRoles } from '../../src/core/roles';
import { DIRECT_COST_TEXT, REVISE_AND_RESUBMIT } from '../../src/core/direct-costs/contract';
import { DIRECT_COST_WB_TEXT } from '../../src/features/direct-costs';
import '../../src/elements/wb-direct-cost/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor } from '../support/browser';
import { overlaysRoot, useElementTestPage } from '../support/elements';
import { OPEN, answers, state } from './direct-costs-support';

describe('direct costs', () => {
  useElementTestPage({ after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });

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
