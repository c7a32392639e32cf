import { expect } from 'chai';
import { WORKBENCH_TEXT } from '../../src/features/commitments';
import '../../src/elements/wb-subcontract/define';
import { clearProjectWrite } from '../../src/core/projects/write';
import { fetchRequests, mount, setValue, sleep, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { FIELD_SECURITY_PATH, fieldSecurityAnswer, listAnswers } from './commitments-support';

describe('commitments', () => {
  useElementTestPage();

  describe('<wb-subcontract>', () => {
    it('shows the form only once its state’s field security is known: never a disabled form that turns editable under the user', async () => {
      // Regression: the form used to render before field security answered, with every field and Save
      // disabled; a click or typing in that window was lost (the cause of this block's intermittent timeouts).
      let answerSecurity!: () => void;
      const securityHeld = new Promise<void>((resolve) => { answerSecurity = resolve; });
      stubFetch(listAnswers({ [FIELD_SECURITY_PATH]: async (request) => { await securityHeld; return fieldSecurityAnswer(request); } }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      // Field security is asked once the record is in; give the rest of the load time to render.
      await waitFor(() => fetchRequests.some((c) => c.path === FIELD_SECURITY_PATH));
      await sleep(100);
      expect(root.querySelector('[data-state="loading"]')?.textContent).to.equal('Loading subcontract…');
      expect(root.querySelector('form')).to.equal(null);
      answerSecurity();
      const save = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-save]'));
      expect(save.disabled).to.equal(false);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(false);
    });

    it('asks its own load only (open and closed, by its own key); an id its load does not answer says not found, with Retry', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '999' });
      await waitFor(() => root.querySelector('[role="alert"]'));
      expect(textOf(root, '[role="alert"]')).to.contain(WORKBENCH_TEXT.notFound('Subcontract', 999));
      expect([...root.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Retry')).to.equal(true);
      const loads = fetchRequests.filter((r) => r.path === '/api/pfm/getsubcontracts');
      expect(loads.map((r) => [r.query.get('recordKey'), r.query.get('recordId')])).to.deep.equal([['Subcontract', '999'], ['Subcontract', '999']]);
      expect(fetchRequests.some((r) => r.path === '/api/pfm/GetSubcontractById')).to.equal(false);
    });

    it('shows billed, paid and retainage held as the pay applications answer them', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-amount="retainageHeld"]'));
      expect(['billed', 'paid', 'retainageHeld'].map((name) => textOf(root, `[data-amount="${name}"]`))).to.deep.equal(['$400.00', '$360.00', '$40.00']);
    });

    it('retainage and excess liability offer exactly 10%, 5%, 0% and N/A, $3M, $5M, $10M', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const retainage = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="retainagePercent"]'));
      expect([...retainage.options].map((o) => o.textContent)).to.deep.equal(['10%', '5%', '0%']);
      const excess = root.querySelector<HTMLSelectElement>('select[data-field="excessLiability"]')!;
      expect([...excess.options].map((o) => o.textContent)).to.deep.equal(['N/A', '$3M', '$5M', '$10M']);
    });

    it('the cost-code picker offers the budget’s codes of the chosen type; A and F are never offered', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]'));
      expect([...type.options].map((o) => o.value)).to.deep.equal(['', 'L', 'M', 'W', 'E', 'S', 'R']);
      const code = root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!;
      await waitFor(() => code.options.length > 1);
      expect([...code.options].map((o) => o.value)).to.deep.equal(['', '101', '102']);
      setValue(type, 'L');
      await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options[1]?.value === '103');
      expect([...root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options].map((o) => o.value)).to.deep.equal(['', '103']);
    });

    it('amounts follow the number rule as typed; an invalid item makes the form invalid and lists its message without a call', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]'));
      setValue(amount, '$1,2a34.50');
      await waitFor(() => amount.value === '1234.50');
      setValue(amount, '1.2.3');
      await waitFor(() => amount.value === '');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect(summary.textContent).to.contain(WORKBENCH_TEXT.amountNotNumber(1));
      expect(textOf(root, '[data-field-feedback="item:item-5.amount"]')).to.equal(`Error: ${WORKBENCH_TEXT.amountNotNumber(1)}`);
      expect(fetchRequests.some((c) => c.path === '/api/pfm/SaveCommitment')).to.equal(false);
    });

    it('server feedback: invalid items listed and per field; warnings and infos per field only; typed values kept', async () => {
      stubFetch(listAnswers({
        '/api/pfm/SaveCommitment': { status: 400, body: { message: 'x', data: [
          { integerValue: 1, stringValue: 'items[0].costCodeId', message: 'Line 1: choose a cost code of this budget.' },
          { integerValue: 2, stringValue: 'retainagePercent', message: 'No retainage will be withheld on this subcontract.' },
          { integerValue: 3, stringValue: 'excessLiability', message: 'No excess liability coverage is required of this vendor.' },
        ] } },
      }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      setValue(description, 'Drywall and framing');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '1500');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Line 1: choose a cost code of this budget.']);
      expect(textOf(root, '[data-field-feedback="item:item-5.costCodeId"]')).to.equal('Error: Line 1: choose a cost code of this budget.');
      expect(textOf(root, '[data-field-feedback="retainagePercent"]')).to.equal('Warning: No retainage will be withheld on this subcontract.');
      expect(textOf(root, '[data-field-feedback="excessLiability"]')).to.equal('Info: No excess liability coverage is required of this vendor.');
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.value).to.equal('Drywall and framing');
      expect(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('1500');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/SaveCommitment')!;
      expect(sent.method).to.equal('POST');
      expect(sent.body).to.deep.include({ RecordKey: 'Subcontract', OldRecordStateId: '31', 'items[0].itemId': '5', 'items[0].amount': '1500' });
    });

    it('a failed save (500) keeps the typed values and says why', async () => {
      stubFetch(listAnswers({ '/api/pfm/SaveCommitment': { status: 500, body: { message: 'boom' } } }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      setValue(description, 'Typed by hand');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(WORKBENCH_TEXT.saveFailed('Subcontract', 'HTTP error! Status: 500'));
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.value).to.equal('Typed by hand');
    });

    it('field security of the state: an executed subcontract’s retainage is read-only, its excess liability editable', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '2' });
      const retainage = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="retainagePercent"]'));
      expect(retainage.disabled).to.equal(true);
      expect(root.querySelector<HTMLSelectElement>('select[data-field="excessLiability"]')!.disabled).to.equal(false);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(false);
    });

    it('a closed subcontract is read-only everywhere', async () => {
      stubFetch(listAnswers());
      const root = await mount('wb-subcontract', { 'record-id': '3' });
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(true);
      // Nothing to save or discard: neither button is offered.
      expect(root.querySelector('[data-save]')).to.equal(null);
      expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Discard changes')).to.equal(false);
    });
  });

  describe('a Viewer on the project\u2019s team (the project menu answers canWrite false)', () => {
    const MENU = '/api/pfm/projects/GetProjectMenuByProjectId';
    const menu = (canWrite: boolean): StubFor => ({ query }) => ({ body: { data: { projectId: Number(query.get('ProjectId')), number: '24-1032', name: 'Riverside', canWrite } } });
    afterEach(() => clearProjectWrite());

    it('a subcontract of the project: no Save, no Discard, no Change state, every field read-only; the read-only line instead', async () => {
      stubFetch(listAnswers({ [MENU]: menu(false) }));
      const root = await mount('wb-subcontract', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-read-only="viewer"]'));
      expect(root.querySelector('[data-save]')).to.equal(null);
      expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Discard changes' || b.textContent === 'Add item')).to.equal(false);
      expect(root.querySelector('[aria-label="Change state of SC-001"]')).to.equal(null);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(true);
    });
  });
});
