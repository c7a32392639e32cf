import { expect } from 'chai';
import { $toasts } from '../../src/core/messages';
import { contractStore, WORKBENCH_TEXT } from '../../src/features/commitments';
import { OWNER_AGREEMENT_PATHS, OWNER_CONTRACT_TYPES } from '../../src/core/owner-agreements/contract';
import { OWNER_KINDS, OWNER_TEXT } from '../../src/features/owner-agreements';
import '../../src/elements/pfm-owner-agreements/define';
import '../../src/elements/wb-owner-agreement/define';
import { fetchRequests, mount, setValue, textOf, waitFor } from '../support/browser';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';
import { useElementTestPage } from '../support/elements';
import { answers, CLOSED, DRAFT_CO, EXECUTED, header, newForm, postsTo, ready, stub } from './owner-agreements-support';

describe('owner agreements', () => {
  const startUrl = location.pathname + location.search;
  useElementTestPage({ after: () => { history.replaceState(null, '', startUrl); } });

  describe('<wb-owner-agreement> header', () => {
    it('field security of the state: an executed agreement’s description and contract type are editable, its executed date and amounts are not', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      expect(header(root, 'description')!.readOnly).to.equal(false);
      expect(header(root, 'description')!.value).to.equal('Prime contract');
      expect(header(root, 'contractType')!.disabled).to.equal(false);
      expect([...header(root, 'contractType')!.options].map((o) => o.value)).to.deep.equal(['', ...OWNER_CONTRACT_TYPES]);
      expect(header(root, 'contractType')!.value).to.equal('Lump Sum');
      await waitFor(() => header(root, 'executedDate')!.readOnly);
      expect(header(root, 'executedDate')!.value).to.equal('2026-05-12');
      // The amounts are shown, never fields.
      expect(root.querySelector('[data-field="contractAmount"]') === null).to.equal(true);
      expect(textOf(root, '[data-amount="contract"]')).to.equal('$1,000,000.00');
      expect(textOf(root, '[data-amount="current"]')).to.equal('$1,005,000.00');
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(false);
    });

    it('uses the field security its own load sends, asked once with its own key (nothing asked after); a load that sends none asks', async () => {
      const asked = () => fetchRequests.filter((r) => r.path === LOOKUP_TYPES.fieldSecurity.single).length;
      const ownLoads = () => fetchRequests.filter((r) => r.path === OWNER_AGREEMENT_PATHS.agreements);
      const readOnlyDescription = (stateId: number) => ({ lookupApplicationRecordStateId: stateId, fields: [
        { fieldName: 'description', editable: false, visible: true }, { fieldName: 'contractType', editable: true, visible: true }] });
      stub(answers({
        // As the host does: only a load asked with the record's own key carries it.
        [OWNER_AGREEMENT_PATHS.agreements]: ({ query }) => {
          const rows = query.get('open') === 'false' ? [CLOSED] : [EXECUTED];
          const own = query.get('recordKey') === 'OwnerAgreement' && Number(query.get('recordId')) === EXECUTED.ownerAgreementId;
          return { body: { data: own ? rows.map((row) => ({ ...row, fieldSecurity: readOnlyDescription(row.applicationRecordStateId) })) : rows } };
        },
      }));
      // Opened over the list: the list's copy (no field security) shows at once, and still nothing is asked.
      contractStore(OWNER_KINDS.OwnerAgreement).upsert(EXECUTED);
      let root = await mount('wb-owner-agreement', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-header-form] [data-field="description"]'));
      await waitFor(() => ownLoads().length === 2);
      await waitFor(() => root.querySelector('[data-locked] [data-control="Edit"]'));
      root.querySelector<HTMLButtonElement>('[data-locked] [data-control="Edit"]')!.click();
      await waitFor(() => !header(root, 'contractType')!.disabled);
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(asked()).to.equal(0);
      // One round trip: open and closed asked side by side with the record's own key, no single-object call before.
      expect(ownLoads().map((r) => [r.query.get('recordKey'), r.query.get('recordId')])).to.deep.equal([['OwnerAgreement', '1'], ['OwnerAgreement', '1']]);
      expect(fetchRequests.some((r) => r.path === '/api/pfm/getOwnerAgreementById')).to.equal(false);
      root.host.remove();
      // A load that sends none (an older host), with no copy on the page: the workbench asks the lookup.
      contractStore(OWNER_KINDS.OwnerAgreement).remove(1);
      stub(answers());
      root = await mount('wb-owner-agreement', { 'record-id': '1' });
      await ready(root);
      expect(asked()).to.equal(1);
    });

    it('the header is locked until Edit (§2 tooltip) unlocks it; Discard locks it again; a closed agreement offers no Edit', async () => {
      stub(answers());
      const root = await mount('wb-owner-agreement', { 'record-id': '1' });
      const edit = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-locked] [data-control="Edit"]'));
      expect(edit.title).to.equal('Edit');
      expect(edit.textContent).to.equal(OWNER_TEXT.edit);
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(header(root, 'contractType')!.disabled).to.equal(true);
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(true);
      edit.click();
      await waitFor(() => !header(root, 'description')!.readOnly);
      expect(header(root, 'contractType')!.disabled).to.equal(false);
      expect(root.querySelector('[data-locked]')).to.equal(null);
      [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Discard changes')!.click();
      await waitFor(() => header(root, 'description')!.readOnly);
      const closed = await mount('wb-owner-agreement', { 'record-id': '2' });
      await waitFor(() => closed.querySelector('[data-read-only]'));
      expect(closed.querySelector('[data-control="Edit"]')).to.equal(null);
    });

    it('a closed agreement is read-only and offers no new change order', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '2' }));
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(textOf(root, '[data-read-only]')).to.equal(OWNER_TEXT.readOnly('Closed'));
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(header(root, 'contractType')!.disabled).to.equal(true);
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(true);
      expect(root.querySelector('[data-new-change-order]') === null).to.equal(true);
    });

    it('save sends the header fields with the state it was loaded in, and no items; the answer fills the form and a toast says so', async () => {
      stub(answers({
        '/api/pfm/SaveCommitment': { body: { data: { record: { ...EXECUTED, description: 'Prime contract (amended)', contractType: 'GMP' }, feedback: [] } } },
      }));
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      setValue(header(root, 'description')!, 'Prime contract (amended)');
      setValue(header(root, 'contractType')!, 'GMP');
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => $toasts.get().length > 0);
      expect($toasts.get()[0]!.message).to.equal('Owner Agreement saved.');
      const [sent] = postsTo('/api/pfm/SaveCommitment');
      expect(Object.fromEntries([...sent!.body.entries()])).to.deep.equal({
        RecordKey: 'OwnerAgreement', RecordId: '1', OldRecordStateId: '47', description: 'Prime contract (amended)', contractType: 'GMP', executedDate: '2026-05-12',
      });
      expect(header(root, 'contractType')!.value).to.equal('GMP');
    });

    it('a required description and a contract type are checked before any call; nothing changed says so', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect(textOf(root, '[data-testid="validation-summary"] li')).to.equal(WORKBENCH_TEXT.nothingToSave);
      setValue(header(root, 'description')!, '   ');
      setValue(header(root, 'contractType')!, '');
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => textOf(root, '[data-field-feedback="description"]'));
      expect([...root.querySelectorAll('[data-testid="validation-summary"] li')].map((li) => li.textContent)).to.deep.equal([
        WORKBENCH_TEXT.descriptionRequired, OWNER_TEXT.contractTypeRequired,
      ]);
      expect(textOf(root, '[data-field-feedback="description"]')).to.equal(`Error: ${WORKBENCH_TEXT.descriptionRequired}`);
      expect(postsTo('/api/pfm/SaveCommitment')).to.have.length(0);
    });
  });

  describe('new change order', () => {
    it('creates one on the agreement (first budget by default, today’s date), lists it here and on the screen at once, and opens its workbench', async () => {
      const created = { ...DRAFT_CO, ownerAgreementChangeOrderId: 7, number: 'OCO-003', description: 'Exam room casework', budgetId: 9 };
      stub(answers({ '/api/pfm/CreateOwnerAgreementChangeOrder': { body: { data: created } } }));
      // A portal screen's address, as in the portal: the workbench opens over it through the query.
      history.replaceState(null, '', '/pfm/projects/owneragreements?projectId=1&budgetId=1');
      const screen = await mount('pfm-owner-agreements', { 'project-id': '1' });
      const coList = await waitFor(() => screen.querySelector('[data-testid="list-OwnerAgreementChangeOrder"] tr[data-record-id="2"]') && screen.querySelector('[data-testid="list-OwnerAgreementChangeOrder"]'));
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      await waitFor(() => root.querySelector('[data-change-order="2"]'));
      expect([...root.querySelectorAll('[data-change-order]')].map((li) => li.getAttribute('data-change-order'))).to.deep.equal(['1', '2']);

      // The change orders section renders after the header is ready: wait for its button.
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-change-order]'))).click();
      const budget = await waitFor(() => newForm(root, 'budgetId')?.options.length === 3 && newForm(root, 'budgetId'));
      expect(budget.value).to.equal('1');
      expect([...budget.options].slice(1).map((o) => o.textContent)).to.deep.equal(['24-1032-01 Base building', '24-1032-02 Tenant fit-out']);
      const now = new Date();
      expect(newForm(root, 'changeOrderDate')!.value).to.equal(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);

      // A description is required before any call.
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-new-change-order-form] [data-field-feedback="description"]'));
      expect(postsTo('/api/pfm/CreateOwnerAgreementChangeOrder')).to.have.length(0);

      setValue(newForm(root, 'description')!, 'Exam room casework');
      setValue(budget, '9');
      setValue(newForm(root, 'changeOrderDate')!, '2026-11-21');
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-change-order="7"]'));
      expect(Object.fromEntries([...postsTo('/api/pfm/CreateOwnerAgreementChangeOrder')[0]!.body.entries()])).to.deep.equal({
        OwnerAgreementId: '1', BudgetId: '9', Description: 'Exam room casework', ChangeOrderDate: '2026-11-21',
      });
      expect(textOf(root, '[data-change-order="7"]')).to.contain('OCO-003');
      // The form closes once the create has answered.
      await waitFor(() => !root.querySelector('[data-new-change-order-form]'));
      expect($toasts.get().map((t) => t.message)).to.include(OWNER_TEXT.created('OCO-003'));
      // The screen's list (same page store) shows it without a reload.
      await waitFor(() => coList.querySelector('tr[data-record-id="7"]'));
      // Its workbench is opened through the query.
      const query = new URLSearchParams(location.search);
      expect([query.get('workbench'), query.get('recordKey'), query.get('recordId')]).to.deep.equal(['OwnerAgreementChangeOrder', 'OwnerAgreementChangeOrder', '7']);
    });

    it('a refused create (400) shows the server’s messages per field and keeps the entries', async () => {
      stub(answers({
        '/api/pfm/CreateOwnerAgreementChangeOrder': { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'budgetId', message: 'Choose a budget of the owner agreement’s project.' }] } },
      }));
      const root = await ready(await mount('wb-owner-agreement', { 'record-id': '1' }));
      // The change orders section renders after the header is ready: wait for its button.
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-change-order]'))).click();
      await waitFor(() => newForm(root, 'budgetId')?.value === '1');
      setValue(newForm(root, 'description')!, 'Kept');
      root.querySelector<HTMLButtonElement>('[data-create]')!.click();
      await waitFor(() => root.querySelector('[data-new-change-order-form] [data-field-feedback="budgetId"]'));
      expect(textOf(root, '[data-new-change-order-form] [data-field-feedback="budgetId"]')).to.equal('Error: Choose a budget of the owner agreement’s project.');
      expect(newForm(root, 'description')!.value).to.equal('Kept');
      expect(new URLSearchParams(location.search).get('workbench')).to.equal(null);
    });
  });
});
