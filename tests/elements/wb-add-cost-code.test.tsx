import { expect } from 'chai';
import { $toasts } from '../../src/core/messages';
import { ADD_COST_CODE_PATH, type CostCodeRow } from '../../src/core/budget-lines/contract';
import '../../src/elements/wb-add-cost-code/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const COST_CODES: CostCodeRow[] = [
  { costCodeId: 101, budgetId: 1, code: '09200000', type: 'S', description: 'Drywall' },
  { costCodeId: 103, budgetId: 1, code: '01500000', type: 'L', description: 'Supervision' },
];

/** The form control labelled `label` (ids come from useId, so look them up through the label). */
function field<T extends HTMLElement>(root: ShadowRoot, label: string): T {
  const labelled = [...root.querySelectorAll('label')].find((l) => l.textContent === label);
  return root.getElementById(labelled!.htmlFor) as T;
}

describe('add cost code', () => {
  useElementTestPage();

  describe('<wb-add-cost-code>', () => {
    it('without a budget says it needs one and loads nothing', async () => {
      stubFetch({ '/api/pfm/getcostcodes': { body: { data: COST_CODES } } });
      const root = await mount('wb-add-cost-code');
      const alert = await waitFor(() => root.querySelector('[role="alert"]'));
      expect(alert.textContent).to.equal('Open Add Cost Code from a budget: it needs a budget id.');
      expect(fetchRequests.length).to.equal(0);
    });

    it('refuses a line already on the budget without a call, then adds a new one: the form post, a toast and pfm-cost-code-added', async () => {
      stubFetch({ '/api/pfm/getcostcodes': { body: { data: COST_CODES } }, [ADD_COST_CODE_PATH]: { body: { data: {} } } });
      const added: unknown[] = [];
      const listen = (event: Event) => added.push((event as CustomEvent).detail);
      document.addEventListener('pfm-cost-code-added', listen);
      try {
        const root = await mount('wb-add-cost-code', { 'record-key': 'Budget', 'record-id': '1' });
        await waitFor(() => root.querySelectorAll('datalist option').length === 2);
        const load = fetchRequests.find((c) => c.path === '/api/pfm/getcostcodes')!;
        expect([load.query.get('recordKey'), load.query.get('recordId')]).to.deep.equal(['Budget', '1']);
        setValue(field<HTMLInputElement>(root, 'Cost code'), '09-2000-00');
        setValue(field<HTMLInputElement>(root, 'Description'), 'Drywall');
        setValue(field<HTMLSelectElement>(root, 'Cost type'), 'S');
        setValue(field<HTMLInputElement>(root, 'Original budget'), '1500');
        root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
        await waitFor(() => root.querySelector('.invalid-feedback'));
        expect(textOf(root, '.invalid-feedback')).to.equal('Cost code 09-2000-00 with this cost type is already on the budget.');
        expect(fetchRequests.some((c) => c.path === ADD_COST_CODE_PATH)).to.equal(false);

        setValue(field<HTMLInputElement>(root, 'Cost code'), '09-3000-00');
        await waitFor(() => !root.querySelector('.invalid-feedback'));
        root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
        await waitFor(() => added.length > 0);
        const sent = fetchRequests.find((c) => c.path === ADD_COST_CODE_PATH)!;
        expect(sent.method).to.equal('POST');
        expect(sent.body).to.deep.equal({ BudgetId: '1', Code: '09300000', Description: 'Drywall', CostType: 'S', OriginalBudget: '1500' });
        expect(added).to.deep.equal([{ budgetId: 1 }]);
        expect($toasts.get().map((t) => t.message)).to.include('Cost code 09-3000-00 added');
        // The form starts again, empty.
        await waitFor(() => field<HTMLInputElement>(root, 'Cost code').value === '');
      } finally {
        document.removeEventListener('pfm-cost-code-added', listen);
      }
    });
  });
});
