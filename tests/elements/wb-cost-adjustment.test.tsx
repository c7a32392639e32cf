import { expect } from 'chai';
import { COST_ADJUSTMENT_RULE_TEXT } from '../../src/core/cost-adjustments/contract';
import { CA_TEXT, costAdjustmentStore, type CostAdjustment } from '../../src/features/cost-adjustments';
import '../../src/elements/wb-cost-adjustment/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer } from '../support/browser';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';
import { useElementTestPage } from '../support/elements';
import { ITEMS, OPEN, answers } from './cost-adjustments-support';

describe('cost adjustments', () => {
  useElementTestPage();

  describe('<wb-cost-adjustment>', () => {
    it('an open adjustment: editable header, the Unreconciled badge, the picker offers the budget’s codes of the type (never A)', async () => {
      stubFetch(answers());
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      expect(description.disabled).to.equal(false);
      expect(textOf(root, '[data-unreconciled]')).to.equal(CA_TEXT.unreconciled);
      expect(textOf(root, '[data-post-check]')).to.contain('is unreconciled');
      (root.querySelector('[data-add-item]') as HTMLButtonElement).click();
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]'));
      expect([...type.options].map((o) => o.value)).to.deep.equal(['', 'L', 'M', 'W', 'E', 'S', 'R']);
      setValue(type, 'S');
      await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options.length === 3);
      expect([...root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options].map((o) => o.value)).to.deep.equal(['', '101', '102']);
    });

    it('save sends the changed header and items; server feedback shows per field and typed values stay', async () => {
      stubFetch(answers({
        '/api/pfm/SaveCostAdjustment': { status: 400, body: { message: 'x', data: [
          { integerValue: 1, stringValue: 'items[0].costCodeId', message: 'Line 1: choose a cost code of this budget.' },
          { integerValue: 2, stringValue: 'amount', message: 'Check the amount against the invoice.' },
        ] } },
      }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="amount"]'));
      setValue(amount, '$1,6a00');
      await waitFor(() => amount.value === '1600');
      (root.querySelector('[data-add-item]') as HTMLButtonElement).click();
      const type = await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost type"]'));
      setValue(type, 'S');
      await waitFor(() => root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!.options.length === 3);
      setValue(root.querySelector<HTMLSelectElement>('select[aria-label="Line 1 cost code"]')!, '102');
      setValue(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!, '1600');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      const summary = await waitFor(() => root.querySelector('[data-testid="validation-summary"]'));
      expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Line 1: choose a cost code of this budget.']);
      expect(textOf(root, '[data-field-feedback="amount"]')).to.equal('Warning: Check the amount against the invoice.');
      expect(root.querySelector<HTMLInputElement>('input[aria-label="Line 1 amount"]')!.value).to.equal('1600');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/SaveCostAdjustment')!;
      expect(sent.body).to.deep.include({ CostAdjustmentId: '1', OldRecordStateId: '91', amount: '1600', 'items[0].costCodeId': '102', 'items[0].amount': '1600' });
      expect(sent.body).to.not.have.property('description');
    });

    it('a refused post puts the record back and shows the server’s reason', async () => {
      const reason = COST_ADJUSTMENT_RULE_TEXT.unreconciled('CA-1-001', 1500);
      stubFetch(answers({ '/api/pfm/UpdateCostAdjustmentState': { status: 400, body: { message: reason, autoAlert: true, serviceName: 'PfmService', functionName: 'UpdateCostAdjustmentState' } } }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const menu = await waitFor(() => root.querySelector<HTMLButtonElement>('button[aria-label="Change state of CA-1-001"]'));
      menu.click();
      const reconciled = await waitFor(() => root.querySelector<HTMLButtonElement>('[role="menuitem"][data-target-state="Reconciled"]'));
      reconciled.click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(reason);
      expect(textOf(root, '[data-state-name]')).to.equal('Open');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/UpdateCostAdjustmentState')!;
      expect(sent.body).to.deep.include({ ItemId: '1', OldRecordStateId: '91', RouteStateId: '92' });
    });

    it('field security of the state: a field its row makes read-only is disabled and says so; a hidden one is not shown', async () => {
      stubFetch(answers({
        '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': ({ query }) => ({ body: { data: {
          lookupApplicationRecordStateId: Number(query.get('applicationRecordStateId')),
          fields: [{ fieldName: 'amount', editable: false, visible: true }, { fieldName: 'adjustmentDate', editable: false, visible: false }],
        } } }),
      }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="amount"]'));
      expect(amount.disabled).to.equal(true);
      expect(root.querySelector(`label[for="${amount.id}"]`)!.textContent).to.equal('Amount (read-only)');
      expect(root.querySelector('input[data-field="adjustmentDate"]')).to.equal(null);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(false);
    });

    it("uses the field security its own load sends (nothing asked after); a load that sends none asks", async () => {
      const asked = () => fetchRequests.filter((r) => r.path === LOOKUP_TYPES.fieldSecurity.single).length;
      const readOnlyAmount = (stateId: number) => ({ lookupApplicationRecordStateId: stateId, fields: [{ fieldName: 'amount', editable: false, visible: true }] });
      const defaults = answers();
      const ownLoad = defaults['/api/pfm/getcostadjustments'] as (request: FetchRequest) => StubAnswer;
      stubFetch(answers({
        '/api/pfm/getcostadjustments': (request) => {
          const answer = ownLoad(request);
          const rows = (answer.body as { data: Array<{ applicationRecordStateId: number }> }).data;
          // As the host does: only a load asked with the record's own key carries it.
          const own = request.query.get('recordKey') === 'CostAdjustment';
          return { body: { data: own ? rows.map((row) => ({ ...row, fieldSecurity: readOnlyAmount(row.applicationRecordStateId) })) : rows } };
        },
      }));
      // Opened over the list: the list's copy (no field security) shows at once, and still nothing is asked.
      costAdjustmentStore().upsert(OPEN[0] as CostAdjustment);
      let root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const amount = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="amount"]'));
      expect(amount.disabled).to.equal(true);
      expect(asked()).to.equal(0);
      root.host.remove();
      // Another record, not yet in the page's store, whose load sends none (an older host): the workbench asks.
      stubFetch(answers());
      root = await mount('wb-cost-adjustment', { 'record-id': '2' });
      await waitFor(() => root.querySelector('input[data-field="amount"]'));
      expect(asked()).to.equal(1);
    });

    it('a posted adjustment is read-only; its items show their cost codes', async () => {
      stubFetch(answers({ '/api/pfm/getcostadjustmentitems': { body: { data: [{ ...ITEMS[0], costAdjustmentId: 3, costAdjustmentItemId: 8, amount: 400 }] } } }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '3' });
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.disabled).to.equal(true);
      expect(root.querySelector<HTMLButtonElement>('[data-save]')!.disabled).to.equal(true);
      expect(root.querySelector('[data-add-item]')).to.equal(null);
      await waitFor(() => textOf(root, '[data-cost-code]') === '09-2000-00 Drywall');
    });

    it('reference documents: listed; download asks the blob call with the file id; upload sends the file form, and a refusal keeps the entries', async () => {
      stubFetch(answers({
        '/api/pfm/UploadCostAdjustmentReferenceDocument': { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'file', message: 'Attach the document’s file.' }] } },
      }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const download = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-download="44"]'));
      expect(download.textContent).to.equal('INV-1 – scan.pdf');
      download.click();
      const asked = await waitFor(() => fetchRequests.find((c) => c.path === '/api/pfm/files/download'));
      expect(asked.body).to.deep.include({ FileId: '44' });
      setValue(root.querySelector<HTMLInputElement>('input[data-field="documentNumber"]')!, 'JE-77');
      (root.querySelector('[data-upload]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-field-feedback="file"]'));
      expect(textOf(root, '[data-field-feedback="file"]')).to.equal('Error: Attach the document’s file.');
      expect(root.querySelector<HTMLInputElement>('input[data-field="documentNumber"]')!.value).to.equal('JE-77');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/UploadCostAdjustmentReferenceDocument')!;
      expect(sent.body).to.deep.include({ CostAdjustmentId: '1', DocumentType: 'AP Invoice', DocumentNumber: 'JE-77' });
    });

    it('a stale save (409) says someone else changed it, offers Reload, and keeps what was typed', async () => {
      stubFetch(answers({ '/api/pfm/SaveCostAdjustment': { status: 409, body: { message: 'stale', currentRecordStateId: 92 } } }));
      const root = await mount('wb-cost-adjustment', { 'record-id': '1' });
      const description = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="description"]'));
      setValue(description, 'Typed before the conflict');
      (root.querySelector('[data-save]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem] span')).to.equal(CA_TEXT.stale);
      expect([...root.querySelectorAll('[data-problem] button')].map((b) => b.textContent)).to.deep.equal(['Reload']);
      expect(root.querySelector<HTMLInputElement>('input[data-field="description"]')!.value).to.equal('Typed before the conflict');
    });

    it('record-key Project: the new-adjustment form; a refusal shows per field and keeps the entries', async () => {
      stubFetch(answers({
        '/api/pfm/getbudgets': ({ query }) => ({ body: { data: query.get('open') === 'false' ? [] : [{ budgetId: 1, projectId: 1, jobNumber: '24-1', displayText: '24-1 Main' }] } }),
        '/api/pfm/CreateCostAdjustment': { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'costAdjustmentReasonId', message: 'Choose a reason.' }] } },
      }));
      const root = await mount('wb-cost-adjustment', { 'record-key': 'Project', 'record-id': '1' });
      const budget = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="budgetId"]'));
      await waitFor(() => budget.value === '1');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="description"]')!, 'Reclass of framing');
      setValue(root.querySelector<HTMLInputElement>('input[data-field="amount"]')!, '$2,500');
      root.querySelector<HTMLInputElement>('input[data-field="transfer"]')!.click();
      (root.querySelector('[data-create]') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-field-feedback="costAdjustmentReasonId"]'));
      expect(textOf(root, '[data-field-feedback="costAdjustmentReasonId"]')).to.equal('Error: Choose a reason.');
      expect(root.querySelector<HTMLInputElement>('input[data-field="amount"]')!.value).to.equal('2500');
      const sent = fetchRequests.find((c) => c.path === '/api/pfm/CreateCostAdjustment')!;
      expect(sent.body).to.deep.include({ ProjectId: '1', BudgetId: '1', Description: 'Reclass of framing', Amount: '2500', Transfer: 'true' });
    });

    it('an unknown adjustment says so with Retry', async () => {
      stubFetch(answers());
      const root = await mount('wb-cost-adjustment', { 'record-id': '999' });
      await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(textOf(root, '[data-state="failed"] span')).to.equal(CA_TEXT.notFound(999));
    });
  });
});
