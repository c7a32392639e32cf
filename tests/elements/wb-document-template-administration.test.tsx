import { expect } from 'chai';
import '../../src/elements/wb-document-template-administration/define';
import { TEMPLATES_TEXT } from '../../src/features/document-templates';
import { fetchRequests, mount, restoreFetch, setValue, stubFetch, waitFor, type StubFor } from '../support/browser';
import { resetPageStores } from '../support/elements';

const TAG = 'wb-document-template-administration';
const TEMPLATES = [
  { documentTemplateId: 1, title: 'Standard Subcontract', recordKey: 'Subcontract', body: '# {{documentTitle}}\n{{items}}', active: 1, version: 3, modifiedBy: 'System', modifiedAt: '2026-11-01T12:00:00.000Z' },
  { documentTemplateId: 2, title: 'Standard Purchase Order', recordKey: 'PurchaseOrder', body: '{{orderDate}}', active: 1, version: 1, modifiedBy: 'System', modifiedAt: '2026-11-01T12:00:00.000Z' },
];
const RECORDS = [{ recordId: 4, number: 'SC-4', description: 'Drywall' }];

function answers(save: StubFor): Record<string, StubFor> {
  return {
    '/api/pfm/documents/templates': { body: { data: TEMPLATES } },
    '/api/pfm/documents/records': { body: { data: RECORDS } },
    '/api/pfm/documents/SaveDocumentTemplate': save,
    '/api/pfm/documents/PreviewDocumentTemplate': { blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
  };
}

describe('<wb-document-template-administration>', () => {
  beforeEach(() => resetPageStores());
  afterEach(() => {
    restoreFetch();
    document.querySelectorAll(TAG).forEach((el) => el.remove());
  });

  it('shows its loading state, then the templates with the first one in the editor and the kind’s merge fields', async () => {
    // The loading status shows before the load reaches fetch (the effect runs after paint): release only once it has,
    // or a release that comes first answers nothing and the load waits for ever (a flake under a full run's load).
    const held: Array<() => void> = [];
    const release = async () => {
      await waitFor(() => held.length > 0);
      held.splice(0).forEach((answer) => answer());
    };
    stubFetch({ ...answers({ body: {} }), '/api/pfm/documents/templates': () => new Promise((resolve) => { held.push(() => resolve({ body: { data: TEMPLATES } })); }) });
    const root = await mount(TAG);
    const status = await waitFor(() => root.querySelector('[role="status"]'));
    expect(status.textContent).to.contain(TEXT.loading);
    await release();
    await waitFor(() => root.querySelectorAll('[data-template]').length === 2);
    const body = await waitFor(() => root.querySelector<HTMLTextAreaElement>('[data-editor="1"] textarea'));
    expect(body.value).to.equal('# {{documentTitle}}\n{{items}}');
    const fields = [...root.querySelectorAll('[data-insert]')].map((b) => b.getAttribute('data-insert'));
    expect(fields).to.include.members(['number', 'vendorName', 'items', 'retainage', 'excessLiability']);
    expect(fields).to.not.include('orderDate');
  });

  it('names an unknown merge field while typing and at the body when the server refuses the save; typed work kept', async () => {
    stubFetch(answers({ status: 400, body: { autoAlert: true, message: "Unknown merge field 'vendorFax'.", field: 'Body', unknownFields: ['vendorFax'] } }));
    const root = await mount(TAG);
    const body = await waitFor(() => root.querySelector<HTMLTextAreaElement>('[data-editor="1"] textarea'));
    setValue(body, 'Fax {{vendorFax}}');
    await waitFor(() => root.querySelector('[data-error="body"]')?.textContent === "Unknown merge field 'vendorFax'.");
    expect(body.getAttribute('aria-invalid')).to.equal('true');
    root.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    await waitFor(() => fetchRequests.some((r) => r.path === '/api/pfm/documents/SaveDocumentTemplate'));
    const sent = fetchRequests.find((r) => r.path === '/api/pfm/documents/SaveDocumentTemplate')!.body as Record<string, string>;
    expect([sent.DocumentTemplateId, sent.Version, sent.RecordKey, sent.Body]).to.deep.equal(['1', '3', 'Subcontract', 'Fax {{vendorFax}}']);
    await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="save"]')?.textContent === TEXT.save);
    expect(root.querySelector('[data-error="body"]')?.textContent).to.equal("Unknown merge field 'vendorFax'.");
    expect(body.value).to.equal('Fax {{vendorFax}}');
  });

  it('a stale save (409) says who saved meanwhile and keeps the typed work', async () => {
    stubFetch(answers({ status: 409, body: { message: 'stale', current: { ...TEMPLATES[0], version: 4, modifiedBy: 'Dana Whitfield', modifiedAt: '2026-11-02T15:00:00.000Z' } } }));
    const root = await mount(TAG);
    const body = await waitFor(() => root.querySelector<HTMLTextAreaElement>('[data-editor="1"] textarea'));
    setValue(body, '# Mine {{number}}');
    root.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    const alert = await waitFor(() => root.querySelector('[data-error="stale"]'));
    expect(alert.textContent).to.contain('Someone else (Dana Whitfield, 11/02/2026');
    expect(alert.querySelector('[data-action="reload"]')?.textContent).to.equal(TEXT.reload);
    expect(body.value).to.equal('# Mine {{number}}');
    // Reload shows the saved template (the work is dropped only on this explicit choice).
    alert.querySelector<HTMLButtonElement>('[data-action="reload"]')!.click();
    await waitFor(() => root.querySelector('[data-error="stale"]') === null);
    expect(root.querySelector<HTMLTextAreaElement>('[data-editor="1"] textarea')!.value).to.equal('# {{documentTitle}}\n{{items}}');
  });

  it('a non-admin is told they lack access (server 403), with a Retry (access can be granted meanwhile)', async () => {
    stubFetch({ '/api/pfm/documents/templates': { status: 403, body: { message: 'You do not have access' } } });
    const root = await mount(TAG);
    const alert = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(alert.querySelector('span')!.textContent).to.equal(TEXT.failed[403]);
    expect(alert.querySelector('button')!.textContent).to.equal(TEXT.retry);
  });

  it('a failed load offers Retry, which loads again', async () => {
    let calls = 0;
    stubFetch({ ...answers({ body: {} }), '/api/pfm/documents/templates': () => (++calls === 1 ? { status: 500, body: {} } : { body: { data: TEMPLATES } }) });
    const root = await mount(TAG);
    const alert = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(alert.textContent).to.contain(TEXT.failed.other);
    alert.querySelector<HTMLButtonElement>('button')!.click();
    await waitFor(() => root.querySelectorAll('[data-template]').length === 2);
  });

  it('previews the body being edited for the chosen record: the PDF in a frame under the server filename', async () => {
    stubFetch({
      ...answers({ body: {} }),
      '/api/pfm/documents/PreviewDocumentTemplate': { blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
    });
    const root = await mount(TAG);
    const body = await waitFor(() => root.querySelector<HTMLTextAreaElement>('[data-editor="1"] textarea'));
    setValue(body, '# Draft {{number}}');
    await waitFor(() => root.querySelector<HTMLSelectElement>('[data-field="preview-record"]')?.value === '4');
    root.querySelector<HTMLButtonElement>('[data-action="preview"]')!.click();
    const frame = await waitFor(() => root.querySelector<HTMLIFrameElement>('[data-panel="template-preview"] iframe'));
    await waitFor(() => frame.src.startsWith('blob:'));
    const sent = fetchRequests.find((r) => r.path === '/api/pfm/documents/PreviewDocumentTemplate')!.body as Record<string, string>;
    expect([sent.RecordKey, sent.RecordId, sent.Body]).to.deep.equal(['Subcontract', '4', '# Draft {{number}}']);
    expect(frame.title).to.equal('Preview of Standard Subcontract for SC-4');
  });
});

const TEXT = TEMPLATES_TEXT;
