import { expect } from 'chai';
import { resetRoles, setRoles } from '../../src/core/roles';
import { formatMoney } from '../../src/core/format';
import { payApplicationFigures, payLineProblems } from '../../src/core/pay-applications/rules';
import { NEW_PAY_APPLICATION_TEXT, PAY_APPLICATION_WB_TEXT, SHEET_TEXT, WAIVER_TEXT, loadPayApplication, payApplicationStore } from '../../src/features/pay-applications';
import { FIRST_LINES } from '../../src/features/pay-applications/ContinuationSheet';
import '../../src/elements/wb-pay-application/define';
import { LOOKUP_TYPES } from '../../src/core/lookups';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor, type FetchRequest } from '../support/browser';
import { overlaysRoot, useElementTestPage } from '../support/elements';
import { DRAFT, PERIOD, REVISE, STAMP, SUBMITTED, answers, application, line, state } from './pay-applications-support';

const cell = (root: ShadowRoot, row: number, field: 'thisPeriod' | 'storedMaterials') =>
  root.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-cell="${field}"]`)!;
const key = (el: HTMLElement, name: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, composed: true }));
const click = (root: ParentNode, selector: string) => (root.querySelector(selector) as HTMLElement).click();
const g702 = (root: ShadowRoot, name: string) => textOf(root, `[data-g702-value="${name}"]`);

async function openDraft(overrides = {}): Promise<ShadowRoot> {
  stubFetch(answers(overrides));
  const root = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '1' });
  await waitFor(() => root.querySelector('input[data-cell]'));
  return root;
}

describe('pay applications', () => {
  useElementTestPage({ after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });

  describe('<wb-pay-application>', () => {
    it('shows the header, the G703 sheet with its figures and totals, the G702 totals, the waivers (user text as text)', async () => {
      const root = await openDraft();
      expect(textOf(root, '[data-number]')).to.equal(DRAFT.number);
      expect(textOf(root, '[data-commitment]')).to.equal('SC-24-1032-004');
      expect(textOf(root, '[data-vendor]')).to.equal('Acme <Concrete>');
      expect(root.querySelector('[data-vendor] concrete')).to.equal(null);
      expect([...root.querySelectorAll('[data-sheet] thead th')].map((th) => th.textContent)).to.deep.equal([
        'Cost code', 'Description', 'Scheduled value', 'Previous', 'This period', 'Stored materials', 'Total completed and stored', '%', 'Balance to finish', 'Retainage',
      ]);
      const first = root.querySelector('tr[data-item-id="11"]')!;
      expect(textOf(first, '[data-column="totalCompletedAndStored"]')).to.equal('$3,000.00');
      expect(textOf(first, '[data-column="percentComplete"]')).to.equal('30.00%');
      expect(textOf(first, '[data-column="balanceToFinish"]')).to.equal('$7,000.00');
      expect(textOf(first, '[data-column="retainage"]')).to.equal('$300.00');
      expect(textOf(root, 'tfoot [data-total="scheduledValue"]')).to.equal('$15,000.00');
      expect(textOf(root, 'tfoot [data-total="totalCompletedAndStored"]')).to.equal('$3,500.00');
      // 3,500 completed and stored, 10% held: 3,150 earned less 1,800 certified before.
      expect(g702(root, 'retainage')).to.equal('$350.00');
      expect(g702(root, 'totalEarnedLessRetainage')).to.equal('$3,150.00');
      expect(g702(root, 'previousCertificates')).to.equal('$1,800.00');
      expect(g702(root, 'currentPaymentDue')).to.equal('$1,350.00');
      expect(g702(root, 'balanceToFinishIncludingRetainage')).to.equal('$11,850.00');
      expect([...root.querySelectorAll('[data-waivers-missing-list] li')].map((li) => li.textContent)).to.deep.equal(DRAFT.waiversMissing);
      expect(textOf(root, 'tr[data-waiver-id="5"] button')).to.equal('waiver <1>.pdf');
      const link = root.querySelector<HTMLAnchorElement>('a[data-document]')!;
      expect(link.textContent).to.equal(PAY_APPLICATION_WB_TEXT.download);
      expect(new URL(link.href).pathname + new URL(link.href).search).to.equal('/api/pfm/GetPayApplicationDocument?payApplicationId=1');
    });

    it(`a long schedule paints its first ${FIRST_LINES} lines at once and every line right after`, async () => {
      const long = application(1, { lines: Array.from({ length: 3 * FIRST_LINES }, (_, i) => line(1000 + i, `09-${String(i).padStart(2, '0')}-00 S`, `Line ${i}`, 1_000, 0, 0, 0)) });
      stubFetch(answers({ '/api/pfm/getPayApplicationById': { body: { data: long } } }));
      const element = document.createElement('wb-pay-application');
      element.setAttribute('record-key', 'PayApplication');
      element.setAttribute('record-id', '1');
      // The rows of the sheet's first commit (a mutation callback runs before the next task, where the rest is added).
      let first = 0;
      const observer = new MutationObserver(() => {
        const rows = element.shadowRoot?.querySelectorAll('[data-sheet] tbody tr').length ?? 0;
        if (!first && rows) first = rows;
      });
      document.body.append(element);
      await waitFor(() => element.shadowRoot);
      observer.observe(element.shadowRoot!, { childList: true, subtree: true });
      try {
        await waitFor(() => element.shadowRoot!.querySelectorAll('[data-sheet] tbody tr').length === 3 * FIRST_LINES);
      } finally {
        observer.disconnect();
      }
      expect(first).to.equal(FIRST_LINES);
    });

    it("a load that answers the page's copy unchanged leaves the store alone (the sheet is not drawn again); a changed one replaces it", async () => {
      stubFetch(answers());
      const first = await loadPayApplication(DRAFT.payApplicationId);
      const held = payApplicationStore().get(DRAFT.payApplicationId);
      expect(held).to.deep.equal(first);
      await loadPayApplication(DRAFT.payApplicationId);
      expect(payApplicationStore().get(DRAFT.payApplicationId)).to.equal(held, 'the same object: nothing is drawn again');
      stubFetch(answers({ '/api/pfm/getPayApplicationById': { body: { data: { ...DRAFT, modifiedAt: `${DRAFT.modifiedAt}1` } } } }));
      await loadPayApplication(DRAFT.payApplicationId);
      expect(payApplicationStore().get(DRAFT.payApplicationId)!.modifiedAt).to.equal(`${DRAFT.modifiedAt}1`);
    });

    it("uses the field security its own load sends (nothing asked after); a write's answer in the same state keeps it; without it, it asks", async () => {
      const security = (editable: boolean) => ({ lookupApplicationRecordStateId: DRAFT.applicationRecordStateId, fields: [{ fieldName: 'lines', editable, visible: true }] });
      const asked = () => fetchRequests.filter((r) => r.path === LOOKUP_TYPES.fieldSecurity.single).length;
      // Sent read-only: the sheet shows at once without inputs, and the lookup is never asked.
      stubFetch(answers({ '/api/pfm/getPayApplicationById': { body: { data: { ...DRAFT, fieldSecurity: security(false) } } } }));
      let root = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-sheet] tbody tr'));
      expect(root.querySelector('input[data-cell]')).to.equal(null);
      expect(asked()).to.equal(0);
      root.host.remove();
      // Sent editable: inputs at once; a Save's answer (no field security, same state) keeps them, still nothing asked.
      stubFetch(answers({
        '/api/pfm/getPayApplicationById': { body: { data: { ...DRAFT, fieldSecurity: security(true) } } },
        '/api/pfm/SavePayApplication': { body: { data: { ...DRAFT, modifiedAt: `${DRAFT.modifiedAt}1` } } },
      }));
      root = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '1' });
      const first = await waitFor(() => cell(root, 0, 'thisPeriod'));
      setValue(first, '1500');
      click(root, '[data-save]');
      await waitFor(() => fetchRequests.some((r) => r.path === '/api/pfm/SavePayApplication'));
      // Saved: what was typed gives way to the answer's figures, in inputs still.
      await waitFor(() => cell(root, 0, 'thisPeriod') && cell(root, 0, 'thisPeriod').value !== '1500');
      expect(asked()).to.equal(0);
      root.host.remove();
      // A load that sends none (an older host): the workbench asks for it.
      await openDraft();
      expect(asked()).to.equal(1);
    });

    it('keyboard entry: focus selects, 40% is 40% of the scheduled value, Enter and ↑ ↓ move in the column, → ← between this period and stored; Escape puts back', async () => {
      const root = await openDraft();
      const first = cell(root, 0, 'thisPeriod');
      first.focus();
      expect([first.selectionStart, first.selectionEnd]).to.deep.equal([0, first.value.length], 'the content is selected: typing replaces it');
      setValue(first, '40%');
      key(first, 'Enter');
      await waitFor(() => cell(root, 0, 'thisPeriod').value === '4000');
      expect(root.activeElement).to.equal(cell(root, 1, 'thisPeriod'), 'Enter goes down the column');
      await waitFor(() => g702(root, 'totalEarnedLessRetainage') === formatMoney(0.9 * (6000 + 500)));
      key(cell(root, 1, 'thisPeriod'), 'ArrowUp');
      expect(root.activeElement).to.equal(cell(root, 0, 'thisPeriod'));
      key(cell(root, 0, 'thisPeriod'), 'ArrowDown');
      expect(root.activeElement).to.equal(cell(root, 1, 'thisPeriod'));
      const second = cell(root, 1, 'thisPeriod');
      second.setSelectionRange(second.value.length, second.value.length);
      key(second, 'ArrowRight');
      expect(root.activeElement).to.equal(cell(root, 1, 'storedMaterials'));
      const stored = cell(root, 1, 'storedMaterials');
      setValue(stored, '900');
      await waitFor(() => cell(root, 1, 'storedMaterials').value === '900');
      key(cell(root, 1, 'storedMaterials'), 'Escape');
      await waitFor(() => cell(root, 1, 'storedMaterials').value === '500');
      stored.setSelectionRange(0, 0);
      key(stored, 'ArrowLeft');
      expect(root.activeElement).to.equal(cell(root, 1, 'thisPeriod'));
      // ↓ at the last line stays in the sheet, Tab is left to the browser.
      key(cell(root, 1, 'thisPeriod'), 'ArrowDown');
      expect(root.activeElement).to.equal(cell(root, 1, 'thisPeriod'));
    });

    it("each line's problems show at its cell as typed and Save is held back; a corrected sheet saves lines[i] with its source and lastLoad", async () => {
      // The second line bills an approved change order's item: the save says so (an original item may share its id).
      const withChange = { ...DRAFT, lines: [DRAFT.lines[0]!, { ...DRAFT.lines[1]!, source: 'changeOrder' as const, changeOrderNumber: 'CO-001' }] };
      const root = await openDraft({
        '/api/pfm/getPayApplicationById': { body: { data: withChange } },
        '/api/pfm/SavePayApplication': { body: { data: { ...withChange, modifiedAt: `${PERIOD}T16:00:00.000Z` } } },
      });
      setValue(cell(root, 0, 'thisPeriod'), '9000');
      const over = payLineProblems({ itemId: 11, scheduledValue: 10_000, previousCompleted: 2_000, thisPeriod: 9_000, storedMaterials: 0 })[0]!;
      await waitFor(() => textOf(root, 'tr[data-item-id="11"] [data-line-problem="thisPeriod"]') === over);
      expect(cell(root, 0, 'thisPeriod').getAttribute('aria-invalid')).to.equal('true');
      setValue(cell(root, 1, 'storedMaterials'), '-5');
      await waitFor(() => textOf(root, 'tr[data-item-id="12"] [data-line-problem="storedMaterials"]') === 'Stored materials may not be negative.');
      setValue(cell(root, 1, 'thisPeriod'), 'lots');
      await waitFor(() => textOf(root, 'tr[data-item-id="12"] [data-line-problem="thisPeriod"]') === SHEET_TEXT.thisPeriodNotNumber);
      click(root, '[data-save]');
      await waitFor(() => textOf(root, '[data-problem] span') === PAY_APPLICATION_WB_TEXT.fixLines);
      expect(fetchRequests.some((r) => r.path === '/api/pfm/SavePayApplication')).to.equal(false);
      setValue(cell(root, 0, 'thisPeriod'), '2500');
      setValue(cell(root, 1, 'storedMaterials'), '250');
      setValue(cell(root, 1, 'thisPeriod'), '10%');
      await waitFor(() => !root.querySelector('[data-line-problem]'));
      click(root, '[data-save]');
      const call = await waitFor(() => fetchRequests.find((r) => r.path === '/api/pfm/SavePayApplication'));
      expect(call.body).to.deep.include({
        PayApplicationId: '1', lastLoad: STAMP, 'lines[0].itemId': '11', 'lines[0].source': 'original', 'lines[0].thisPeriod': '2500', 'lines[0].storedMaterials': '0',
        'lines[1].itemId': '12', 'lines[1].source': 'changeOrder', 'lines[1].thisPeriod': '500', 'lines[1].storedMaterials': '250',
      });
    });

    it('an original item and a change order’s item with the same id are two lines: each keeps what is typed in it, its own problems, and saves with its source', async () => {
      const colliding = { ...DRAFT, lines: [DRAFT.lines[0]!, { ...DRAFT.lines[1]!, itemId: DRAFT.lines[0]!.itemId, source: 'changeOrder' as const, changeOrderNumber: 'CO-001' }] };
      const root = await openDraft({
        '/api/pfm/getPayApplicationById': { body: { data: colliding } },
        '/api/pfm/SavePayApplication': { body: { data: { ...colliding, modifiedAt: `${PERIOD}T16:00:00.000Z` } } },
      });
      expect([cell(root, 0, 'thisPeriod').value, cell(root, 1, 'thisPeriod').value]).to.deep.equal(['1000', '0']);
      expect([cell(root, 0, 'storedMaterials').value, cell(root, 1, 'storedMaterials').value]).to.deep.equal(['0', '500']);
      setValue(cell(root, 1, 'thisPeriod'), '6000');
      const over = payLineProblems({ itemId: 11, scheduledValue: 5_000, previousCompleted: 0, thisPeriod: 6_000, storedMaterials: 500 })[0]!;
      await waitFor(() => textOf(root, 'tr[data-source="changeOrder"] [data-line-problem="thisPeriod"]') === over);
      expect(root.querySelector('tr[data-source="original"] [data-line-problem]')).to.equal(null, 'the original line has no problem of the other');
      expect(cell(root, 0, 'thisPeriod').value).to.equal('1000');
      setValue(cell(root, 1, 'thisPeriod'), '700');
      setValue(cell(root, 0, 'storedMaterials'), '25');
      await waitFor(() => !root.querySelector('[data-line-problem]'));
      expect([cell(root, 0, 'thisPeriod').value, cell(root, 1, 'thisPeriod').value]).to.deep.equal(['1000', '700']);
      expect([cell(root, 0, 'storedMaterials').value, cell(root, 1, 'storedMaterials').value]).to.deep.equal(['25', '500']);
      click(root, '[data-save]');
      const call = await waitFor(() => fetchRequests.find((r) => r.path === '/api/pfm/SavePayApplication'));
      expect(call.body).to.deep.include({
        'lines[0].itemId': '11', 'lines[0].source': 'original', 'lines[0].thisPeriod': '1000', 'lines[0].storedMaterials': '25',
        'lines[1].itemId': '11', 'lines[1].source': 'changeOrder', 'lines[1].thisPeriod': '700', 'lines[1].storedMaterials': '500',
      });
    });

    it('a 409 on Save offers Reload, which shows the server version with the typed values kept; a 500 says so with Retry', async () => {
      let saves = 0;
      const root = await openDraft({
        '/api/pfm/SavePayApplication': () => (++saves === 1 ? { status: 409, body: { message: 'Changed by Linda.' } } : { status: 500, body: {} }),
      });
      setValue(cell(root, 0, 'thisPeriod'), '1234');
      click(root, '[data-save]');
      await waitFor(() => root.querySelector('[data-problem] [data-action="reload"]'));
      expect(textOf(root, '[data-problem] span')).to.equal(`Changed by Linda. ${PAY_APPLICATION_WB_TEXT.saveFailure.stale}`);
      click(root, '[data-problem] [data-action="reload"]');
      await waitFor(() => fetchRequests.filter((r) => r.path === '/api/pfm/getPayApplicationById').length === 2);
      expect(cell(root, 0, 'thisPeriod').value).to.equal('1234', 'typed work kept over the reload');
      click(root, '[data-save]');
      await waitFor(() => root.querySelector('[data-problem] [data-action="retry"]'));
      expect(textOf(root, '[data-problem] span')).to.equal(PAY_APPLICATION_WB_TEXT.saveFailure.failed('HTTP 500'));
      click(root, '[data-problem] [data-action="retry"]');
      await waitFor(() => saves === 3);
      expect(cell(root, 0, 'thisPeriod').value).to.equal('1234');
    });

    for (const [status, text] of [
      [401, PAY_APPLICATION_WB_TEXT.problems.signedOut], [403, PAY_APPLICATION_WB_TEXT.problems.forbidden],
      [500, PAY_APPLICATION_WB_TEXT.problems.failed], [504, PAY_APPLICATION_WB_TEXT.problems.timeout],
    ] as const) {
      it(`a ${status} load says so, and Retry loads`, async () => {
        let fail = true;
        stubFetch(answers({
          '/api/pfm/getPayApplicationById': (request: FetchRequest) => (fail ? { status, body: {} }
            : (answers()['/api/pfm/getPayApplicationById'] as (r: FetchRequest) => { body: unknown })(request)),
        }));
        const root = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '1' });
        const alert = await waitFor(() => root.querySelector('[role="alert"][data-state]'));
        expect(textOf(alert, 'span')).to.equal(text);
        fail = false;
        (alert.querySelector('button') as HTMLButtonElement).click();
        await waitFor(() => root.querySelector('input[data-cell]'));
      });
    }

    it('shows a loading status while the application loads', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      stubFetch(answers({ '/api/pfm/getPayApplicationById': async () => { await held; return { body: { data: DRAFT } }; } }));
      const root = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '1' });
      expect((await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'))).textContent).to.equal(PAY_APPLICATION_WB_TEXT.loading);
      release();
      await waitFor(() => root.querySelector('input[data-cell]'));
    });

    it('Revise and Resubmit asks for a reason and sends it in the state call; the submitter then reads it as text', async () => {
      setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
      stubFetch(answers({
        '/api/pfm/UpdatePayApplicationState': ({ body }) => ({ body: { data: { ...SUBMITTED, ...state(66, 'Revise and Resubmit'), reviseReason: (body as Record<string, string>).Reason } } }),
      }));
      const root = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '2' });
      (await waitFor(() => root.querySelector<HTMLButtonElement>(`button[aria-label="Change state of ${SUBMITTED.number}"]`))).click();
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[role="menuitem"][data-target-state="Revise and Resubmit"]'))).click();
      const box = await waitFor(() => overlaysRoot().querySelector('[role="dialog"]'));
      expect(box.textContent).to.contain(PAY_APPLICATION_WB_TEXT.reasonPrompt);
      setValue(box.querySelector('textarea')!, '  Attach the <i>invoice</i>  ');
      ([...box.querySelectorAll('button')].find((b) => b.textContent === 'Send back') as HTMLButtonElement).click();
      const call = await waitFor(() => fetchRequests.find((r) => r.path === '/api/pfm/UpdatePayApplicationState'));
      expect(call.body).to.deep.include({ ItemId: '2', OldRecordStateId: '62', RouteStateId: '66', Reason: 'Attach the <i>invoice</i>' });
      await waitFor(() => root.querySelector('[data-reason-text]'));
      expect(textOf(root, '[data-reason-text]')).to.equal('Attach the <i>invoice</i>');
      expect(root.querySelector('[data-reason-text] i')).to.equal(null);
    });

    it('Revise and Resubmit: the reason shows to the submitter and the lines are editable; a Submitted one is read-only', async () => {
      stubFetch(answers());
      const revise = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': String(REVISE.payApplicationId) });
      await waitFor(() => revise.querySelector('input[data-cell]'));
      expect(textOf(revise, '[data-reason-text]')).to.equal('Split the <b>stored</b> materials');
      document.body.innerHTML = '';
      const submitted = await mount('wb-pay-application', { 'record-key': 'PayApplication', 'record-id': '2' });
      await waitFor(() => submitted.querySelector('[data-read-only]'));
      expect(textOf(submitted, '[data-read-only]')).to.equal(PAY_APPLICATION_WB_TEXT.readOnly('Submitted'));
      expect(submitted.querySelector('input[data-cell]')).to.equal(null);
      expect(submitted.querySelector('[data-save]')).to.equal(null);
    });

    it('changing the state with unsaved lines asks to save first, without a call', async () => {
      const root = await openDraft();
      setValue(cell(root, 0, 'thisPeriod'), '1500');
      (await waitFor(() => root.querySelector<HTMLButtonElement>(`button[aria-label="Change state of ${DRAFT.number}"]`))).click();
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[role="menuitem"][data-target-state="Submitted"]'))).click();
      const box = await waitFor(() => overlaysRoot().querySelector('[role="dialog"]'));
      expect(box.textContent).to.contain(PAY_APPLICATION_WB_TEXT.saveFirst);
      expect(fetchRequests.some((r) => r.path === '/api/pfm/UpdatePayApplicationState')).to.equal(false);
    });

    it('Add lien waiver: checks the form, sends the file form, keeps what was typed on failure with Retry', async () => {
      let adds = 0;
      const root = await openDraft({
        '/api/pfm/AddLienWaiver': () => (++adds === 1 ? { status: 500, body: {} } : { body: { data: { ...DRAFT, waiversMissing: [] } } }),
      });
      click(root, '[data-add-waiver-submit]');
      await waitFor(() => root.querySelector('#waiver-kind-error'));
      expect(textOf(root, '#waiver-kind-error')).to.equal(WAIVER_TEXT.kindRequired);
      expect(textOf(root, '#waiver-file-error')).to.equal(WAIVER_TEXT.fileRequired);
      const due = payApplicationFigures(DRAFT.lines, DRAFT, DRAFT.totals.previousCertificates).totals.currentPaymentDue;
      expect(root.querySelector<HTMLInputElement>('#waiver-amount')!.value).to.equal(String(due), 'the amount defaults to the payment due');
      expect(root.querySelector<HTMLInputElement>('#waiver-through')!.value).to.equal(PERIOD);
      setValue(root.querySelector<HTMLSelectElement>('#waiver-kind')!, 'Conditional Progress');
      const input = root.querySelector<HTMLInputElement>('#waiver-file')!;
      const files = new DataTransfer();
      files.items.add(new File(['signed'], 'conditional.pdf', { type: 'application/pdf' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      click(root, '[data-add-waiver-submit]');
      await waitFor(() => root.querySelector('[data-waiver-problem]'));
      expect(textOf(root, '[data-waiver-problem] span')).to.equal(WAIVER_TEXT.failure.failed('HTTP 500'));
      expect(root.querySelector<HTMLSelectElement>('#waiver-kind')!.value).to.equal('Conditional Progress');
      (root.querySelector('[data-waiver-problem] button') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-waivers-complete]'));
      const call = fetchRequests.filter((r) => r.path === '/api/pfm/AddLienWaiver')[1]!;
      const body = call.body as Record<string, FormDataEntryValue>;
      expect(body).to.deep.include({ PayApplicationId: '1', Kind: 'Conditional Progress', Amount: String(due), ThroughDate: PERIOD });
      expect((body.file as File).name).to.equal('conditional.pdf');
    });

    it('Download G702/G703 fetches the document; a failure says so with Retry', async () => {
      let fail = true;
      const root = await openDraft({
        '/api/pfm/GetPayApplicationDocument': () => (fail ? { status: 500, body: {} } : { blob: new Blob(['%PDF'], { type: 'application/pdf' }) }),
      });
      click(root, 'a[data-document]');
      await waitFor(() => root.querySelector('[data-download-problem]'));
      expect(textOf(root, '[data-download-problem] span')).to.equal(PAY_APPLICATION_WB_TEXT.downloadFailed('the server did not answer with it'));
      fail = false;
      (root.querySelector('[data-download-problem] button') as HTMLButtonElement).click();
      await waitFor(() => !root.querySelector('[data-download-problem]'));
      expect(fetchRequests.filter((r) => r.path === '/api/pfm/GetPayApplicationDocument').map((r) => r.query.get('payApplicationId'))).to.deep.equal(['1', '1']);
    });

    it('new (record key Project): executed commitments without an open application, the period this month’s end; Create opens the new record', async () => {
      stubFetch(answers({ '/api/pfm/CreatePayApplication': { body: { data: { ...DRAFT, payApplicationId: 9, number: 'SC-24-1032-008 Pay App 01' } } } }));
      const root = await mount('wb-pay-application', { 'record-key': 'Project', 'record-id': '1' });
      const select = await waitFor(() => root.querySelector<HTMLSelectElement>('#new-pay-commitment'));
      // SC-004 has an open application, SC-009 is a Draft: neither is offered.
      expect([...select.options].map((o) => o.value)).to.deep.equal(['', 'PurchaseOrder:3', 'Subcontract:8']);
      expect(select.options[2]!.textContent).to.equal('SC-24-1032-008 · Beta Steel · Concrete');
      const period = root.querySelector<HTMLInputElement>('#new-pay-period')!;
      expect(period.value).to.equal(PERIOD);
      click(root, '[data-create]');
      await waitFor(() => textOf(root, '#new-pay-commitment-error') === NEW_PAY_APPLICATION_TEXT.commitmentRequired);
      setValue(select, 'Subcontract:8');
      setValue(period, `${PERIOD.slice(0, 8)}01`);
      click(root, '[data-create]');
      await waitFor(() => textOf(root, '#new-pay-periodEnd-error') !== '');
      expect(textOf(root, '#new-pay-periodEnd-error')).to.contain('ends on its month’s last day');
      expect(fetchRequests.some((r) => r.path === '/api/pfm/CreatePayApplication')).to.equal(false);
      setValue(period, PERIOD);
      click(root, '[data-create]');
      const call = await waitFor(() => fetchRequests.find((r) => r.path === '/api/pfm/CreatePayApplication'));
      expect(call.body).to.deep.equal({ RecordKey: 'Subcontract', CommitmentId: '8', PeriodEnd: PERIOD });
      await waitFor(() => new URL(location.href).searchParams.get('recordId') === '9');
      expect(new URL(location.href).searchParams.get('workbench')).to.equal('PayApplication');
    });

    it('new on a commitment: that commitment only; a refusal is said as the server words it, the choice kept', async () => {
      stubFetch(answers({ '/api/pfm/CreatePayApplication': { status: 400, body: { message: 'SC-24-1032-008 already has an open pay application.' } } }));
      const root = await mount('wb-pay-application', { 'record-key': 'Subcontract', 'record-id': '8' });
      const select = await waitFor(() => root.querySelector<HTMLSelectElement>('#new-pay-commitment'));
      expect([...select.options].map((o) => o.value)).to.deep.equal(['Subcontract:8']);
      expect(select.disabled).to.equal(true);
      click(root, '[data-create]');
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem] span')).to.equal('SC-24-1032-008 already has an open pay application.');
      expect(root.querySelector<HTMLInputElement>('#new-pay-period')!.value).to.equal(PERIOD);

      document.body.innerHTML = '';
      const draft = await mount('wb-pay-application', { 'record-key': 'Subcontract', 'record-id': '9' });
      await waitFor(() => draft.querySelector('[role="alert"]'));
      expect(textOf(draft, '[role="alert"] span')).to.equal(NEW_PAY_APPLICATION_TEXT.notBillable('SC-24-1032-009', 'Draft'));
    });
  });
});
