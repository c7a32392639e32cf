import { expect } from 'chai';
import '../../src/elements/wb-initiating-document/define';
import { changeRecords } from '../../src/features/change-management';
import { fetchRequests, mount, setValue, stubFetch, waitFor } from '../support/browser';
import type { FetchRequest, StubFor } from '../support/browser';
import {
  cleanPage, field, freshPage, ok, referenceAnswers, security, stateOf, toastMessages, workbenchInAddress,
} from './change-workbenches-support';

const record = (stateId = 1) => ({
  changeRecordId: 4, projectId: 1, budgetId: 1, changeRecordTypeId: 1, initiatingDocumentTypeId: 1, changeReasonId: 1, rfiId: null,
  number: 'RFI-004', title: 'Owner request: signage', description: 'Exterior signage.', documentDate: '2026-10-20', estimatedAmount: 0,
  applicationRecordStateId: stateId, recordStateName: stateOf(stateId).name, closed: stateOf(stateId).closed, displayText: 'RFI-004 Owner request: signage',
});
const RFIS = [
  { rfiId: 11, projectId: 1, number: 1, subject: 'Slab edge', status: 'Open', isOfficial: true, displayText: 'RFI #1 Slab edge' },
  { rfiId: 13, projectId: 1, number: 3, subject: 'Door hardware', status: 'Answered', isOfficial: false, displayText: 'RFI #3 Door hardware' },
];
const body = (request: FetchRequest) => request.body as Record<string, string>;
const posts = (path: string) => fetchRequests.filter((r) => r.method === 'POST' && r.path === path);

function answers(overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    ...referenceAnswers(),
    '/api/pfm/getinitiatingdocuments': ({ query }) => ok(query.get('open') === 'false' ? [] : [record()]),
    // Draft: the description fields and the RFI may be edited; type, reason and date may not.
    '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': security(1, ['title', 'description', 'rfiId'], ['initiatingDocumentTypeId', 'changeReasonId', 'documentDate']),
    '/api/procorelocal/getrequestforinformations': ({ query }) => ok(query.get('isOfficial') === 'true' ? RFIS.filter((r) => r.isOfficial) : RFIS),
    ...overrides,
  };
}

describe('<wb-initiating-document>', () => {
  beforeEach(freshPage);
  afterEach(cleanPage);

  it('loads the record and makes the fields its state does not let the user edit read-only', async () => {
    stubFetch(answers());
    const root = await mount('wb-initiating-document', { 'record-key': 'ChangeRecord', 'record-id': '4' });
    await waitFor(() => root.querySelector('[data-number]')?.textContent === 'RFI-004');
    expect(root.querySelector('[data-state]')?.textContent).to.equal('Draft');
    const title = await field(root, 'title');
    expect(title.value).to.equal('Owner request: signage');
    await waitFor(() => !title.readOnly);
    expect((await field<HTMLTextAreaElement>(root, 'description')).readOnly).to.equal(false);
    expect((await field(root, 'documentDate')).readOnly).to.equal(true);
    expect((await field<HTMLSelectElement>(root, 'initiatingDocumentTypeId')).disabled).to.equal(true);
    expect((await field<HTMLSelectElement>(root, 'changeReasonId')).disabled).to.equal(true);
    expect((await field<HTMLSelectElement>(root, 'rfiId')).disabled).to.equal(false);
    const dateLabel = root.querySelector<HTMLInputElement>('[data-field=documentDate]')!.closest('div')!.querySelector('label')!.textContent;
    expect(dateLabel).to.equal('Date (read-only)');
  });

  it('saves only the editable fields with OldRecordStateId, then shows the success toast', async () => {
    stubFetch(answers({ '/api/pfm/SaveChangeRecord': ({ body: b }) => ok({ ...record(), title: (b as Record<string, string>).title }) }));
    const root = await mount('wb-initiating-document', { 'record-key': 'ChangeRecord', 'record-id': '4' });
    const title = await field(root, 'title');
    await waitFor(() => !title.readOnly);
    setValue(title, 'Owner request: signage and canopy');
    root.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => posts('/api/pfm/SaveChangeRecord').length === 1);
    const sent = body(posts('/api/pfm/SaveChangeRecord')[0]!);
    expect(Object.keys(sent).sort()).to.deep.equal(['ChangeRecordId', 'OldRecordStateId', 'description', 'rfiId', 'title']);
    expect(sent.ChangeRecordId).to.equal('4');
    expect(sent.OldRecordStateId).to.equal('1');
    expect(sent.title).to.equal('Owner request: signage and canopy');
    await waitFor(() => toastMessages().includes('RFI-004 saved.'));
    expect(changeRecords().get(4)?.title).to.equal('Owner request: signage and canopy');
  });

  it('a refused save keeps the typed values and shows the feedback by its field', async () => {
    stubFetch(answers({
      '/api/pfm/SaveChangeRecord': { status: 400, body: { message: 'title is refused.', feedback: [{ integerValue: 1, stringValue: 'title', message: 'title is refused.' }, { integerValue: 2, stringValue: 'description', message: 'Short details.' }] } },
    }));
    const root = await mount('wb-initiating-document', { 'record-key': 'ChangeRecord', 'record-id': '4' });
    const title = await field(root, 'title');
    await waitFor(() => !title.readOnly);
    setValue(title, 'Too long?');
    setValue(await field<HTMLTextAreaElement>(root, 'description'), 'x');
    root.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const titleFeedback = await waitFor(() => root.querySelector('[data-field-feedback=title]'));
    expect(titleFeedback.textContent).to.equal('Error: title is refused.');
    expect(root.querySelector('[data-field-feedback=description]')?.textContent).to.equal('Warning: Short details.');
    expect(root.querySelector('[data-testid=validation-summary]')?.textContent).to.include('title is refused.');
    expect(title.getAttribute('aria-invalid')).to.equal('true');
    expect(title.value).to.equal('Too long?');
    expect(toastMessages()).to.deep.equal([]);
    expect((await field<HTMLTextAreaElement>(root, 'description')).value).to.equal('x');
    expect(changeRecords().get(4)?.title).to.equal('Owner request: signage');
  });

  it('the RFI list shows official RFIs only until the toggle is cleared', async () => {
    stubFetch(answers());
    const root = await mount('wb-initiating-document', { 'record-key': 'ChangeRecord', 'record-id': '4' });
    const rfi = await field<HTMLSelectElement>(root, 'rfiId');
    const labels = () => [...rfi.options].map((o) => o.textContent);
    await waitFor(() => rfi.options.length === 2);
    expect(labels()).to.deep.equal(['(none)', 'RFI #1 Slab edge (Open)']);
    const toggle = root.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    expect(toggle.checked).to.equal(true);
    toggle.click();
    await waitFor(() => rfi.options.length === 3);
    expect(labels()).to.deep.equal(['(none)', 'RFI #1 Slab edge (Open)', 'RFI #3 Door hardware (Answered)']);
    const queries = fetchRequests.filter((r) => r.path === '/api/procorelocal/getrequestforinformations').map((r) => r.query.get('isOfficial'));
    expect(queries).to.deep.equal(['true', 'false']);
  });

  it("names itself 'New initiating document' to the workbench frame, not by the project it opens on", async () => {
    stubFetch(answers());
    const names: string[] = [];
    const listen = (event: Event) => names.push(String((event as CustomEvent<{ name?: unknown }>).detail?.name));
    document.addEventListener('pfm-workbench-record', listen);
    try {
      const root = await mount('wb-initiating-document', { 'record-key': 'Project', 'record-id': '1', 'budget-id': '1' });
      await waitFor(() => root.querySelector('[data-workbench=new-initiating-document]'));
      await waitFor(() => names.length > 0);
      expect(names).to.deep.equal(['New initiating document']);
    } finally {
      document.removeEventListener('pfm-workbench-record', listen);
    }
  });

  it('record-key Project shows the new-document form; a refusal keeps the entries; a create opens the new record', async () => {
    let refuse = true;
    stubFetch(answers({
      '/api/pfm/CreateChangeRecord': () => (refuse
        ? { status: 400, body: { message: 'The document type does not exist.', feedback: [{ integerValue: 1, stringValue: 'initiatingDocumentTypeId', message: 'The document type does not exist.' }] } }
        : ok({ ...record(), changeRecordId: 77, number: 'ASI-009', title: 'Lobby finishes', initiatingDocumentTypeId: 2 })),
    }));
    const root = await mount('wb-initiating-document', { 'record-key': 'Project', 'record-id': '1', 'budget-id': '1' });
    await waitFor(() => root.querySelector('[data-workbench=new-initiating-document]'));
    expect(root.querySelector('h2')?.textContent).to.equal('New initiating document');
    const type = await field<HTMLSelectElement>(root, 'initiatingDocumentTypeId');
    await waitFor(() => type.options.length === 3);
    setValue(await field(root, 'title'), 'Lobby finishes');
    setValue(await field<HTMLTextAreaElement>(root, 'description'), 'Upgrade per owner letter.');
    setValue(type, '2');
    setValue(await field(root, 'documentDate'), '2026-11-15');
    const submit = root.querySelector<HTMLButtonElement>('button[type=submit]')!;
    expect(submit.textContent).to.equal('Create initiating document');
    submit.click();
    await waitFor(() => root.querySelector('[data-field-feedback=initiatingDocumentTypeId]'));
    expect(root.querySelector('[data-field-feedback=initiatingDocumentTypeId]')?.textContent).to.equal('Error: The document type does not exist.');
    expect((await field(root, 'title')).value).to.equal('Lobby finishes');
    expect(type.value).to.equal('2');
    expect(workbenchInAddress().workbench).to.equal(null);

    refuse = false;
    submit.click();
    await waitFor(() => workbenchInAddress().recordId === '77');
    const sent = body(posts('/api/pfm/CreateChangeRecord')[1]!);
    expect(sent).to.deep.equal({
      ProjectId: '1', BudgetId: '1', Title: 'Lobby finishes', Description: 'Upgrade per owner letter.', InitiatingDocumentTypeId: '2', DocumentDate: '2026-11-15',
    });
    expect(workbenchInAddress()).to.deep.equal({ workbench: 'InitiatingDocument', recordKey: 'ChangeRecord', recordId: '77' });
    expect(changeRecords().get(77)?.number).to.equal('ASI-009');
    expect(toastMessages()).to.include('ASI-009 created.');
  });
});
