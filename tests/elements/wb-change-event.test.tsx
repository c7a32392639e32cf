import { expect } from 'chai';
import '../../src/elements/wb-change-event/define';
import { OVERLAYS_TAG } from '../../src/ui/element';
import { changeEventItems } from '../../src/features/change-management';
import type { ChangeEventItem } from '../../src/features/change-management';
import { fetchRequests, mount, setValue, stubFetch, waitFor } from '../support/browser';
import type { FetchRequest, StubFor } from '../support/browser';
import { cleanPage, field, freshPage, ok, referenceAnswers, security, stateOf, toastMessages } from './change-workbenches-support';

const event = (stateId: number) => ({
  changeEventId: 1, changeRecordId: 1, projectId: 1, budgetId: 1, ownerAgreementId: null, ownerAgreementChangeOrderId: null, reimbursableTypeId: 1, changeReasonId: null,
  number: 'CE-001', title: 'Canopy', description: '', estimatedAmount: 0, approvedAmount: 0, applicationRecordStateId: stateId,
  recordStateName: stateOf(stateId).name, closed: stateOf(stateId).closed,
});
const item = (id: number, stateId: number, parent: number | null, description: string): ChangeEventItem => ({
  changeEventItemId: id, changeEventId: 1, parentChangeEventItemId: parent, projectId: 1, budgetId: 1, costCodeId: 40, costCode: '05120000', costType: 'S',
  vendorId: 5, vendorName: 'Vendor 5', description, estimatedAmount: 100, proposedAmount: null, approvedAmount: null, coItemRecordKey: null, coItemRecordId: null,
  applicationRecordStateId: stateId, recordStateName: stateOf(stateId).name, closed: stateOf(stateId).closed,
});
const COST_CODES = [
  { costCodeId: 40, budgetId: 1, code: '05120000', type: 'S', description: 'Structural Steel' },
  { costCodeId: 41, budgetId: 1, code: '09910000', type: 'S', description: 'Painting' },
  { costCodeId: 42, budgetId: 1, code: '05500000', type: 'M', description: 'Metal Fabrications' },
  { costCodeId: 43, budgetId: 1, code: '01310000', type: 'F', description: 'Fee' },
  { costCodeId: 90, budgetId: 2, code: '05120000', type: 'S', description: 'Structural Steel (other budget)' },
];
const VENDORS = [{ vendorId: 5, name: 'Apex Steel', displayText: 'Apex Steel' }, { vendorId: 6, name: 'Brightline Glazing', displayText: 'Brightline Glazing' }];

let items: ChangeEventItem[];
let nextId: number;
const posts = (path: string) => fetchRequests.filter((r) => r.method === 'POST' && r.path === path);
const body = (r: FetchRequest) => r.body as Record<string, string>;

function answers(stateId: number, overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    ...referenceAnswers({ 13: [14, 16, 18, 21] }),
    '/api/pfm/getchangeevents': ({ query }) => ok((query.get('open') === 'false') === event(stateId).closed ? [event(stateId)] : []),
    '/api/pfm/getchangeeventitems': ({ query }) => ok(items.filter((i) => i.closed === (query.get('open') === 'false'))),
    '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': security(stateId, ['title', 'description', 'probability']),
    '/api/pfm/getcostcodes': ok(COST_CODES),
    '/api/pfm/getcommitmentvendors': ok(VENDORS),
    '/api/pfm/CreateChangeEventItem': ({ body: b }) => {
      const f = b as Record<string, string>;
      const created = { ...item(nextId++, 13, f.ParentChangeEventItemId ? Number(f.ParentChangeEventItemId) : null, f.Description ?? ''), costCodeId: Number(f.CostCodeId), vendorId: Number(f.VendorId) };
      items.push(created);
      return ok(created);
    },
    '/api/pfm/UpdateChangeEventItemState': ({ body: b }) => {
      const f = b as Record<string, string>;
      const target = Number(f.RouteStateId);
      const index = items.findIndex((i) => i.changeEventItemId === Number(f.ItemId));
      items[index] = { ...items[index]!, applicationRecordStateId: target, recordStateName: stateOf(target).name, closed: stateOf(target).closed };
      return ok(items[index]);
    },
    ...overrides,
  };
}

/** The item ids of a list ('open' or 'closed') in order, with their levels. */
const listed = (root: ShadowRoot, list: 'open' | 'closed') =>
  [...root.querySelectorAll(`[data-item-list=${list}] tr[data-item-id]`)].map((r) => `${r.getAttribute('data-item-id')}@${r.getAttribute('data-level')}`);
const button = (root: ParentNode, name: string) => [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
const addForm = (root: ShadowRoot) => root.querySelector<HTMLElement>('[data-add-item]');

async function openEvent(stateId = 6): Promise<ShadowRoot> {
  stubFetch(answers(stateId));
  const root = await mount('wb-change-event', { 'record-key': 'ChangeEvent', 'record-id': '1' });
  await waitFor(() => root.querySelector('[data-number]'));
  await waitFor(() => root.querySelectorAll('tr[data-item-id]').length === items.length);
  return root;
}

async function fillItem(root: ShadowRoot, values: { description: string; costType: string; costCodeId: string; vendorId: string; amount?: string }): Promise<void> {
  const form = addForm(root)!;
  setValue(await field(form, 'description'), values.description);
  setValue(await field<HTMLSelectElement>(form, 'costType'), values.costType);
  const code = await field<HTMLSelectElement>(form, 'costCodeId');
  await waitFor(() => !code.disabled && [...code.options].some((o) => o.value === values.costCodeId));
  setValue(code, values.costCodeId);
  const vendor = await field<HTMLSelectElement>(form, 'vendorId');
  await waitFor(() => vendor.options.length > 1);
  setValue(vendor, values.vendorId);
  if (values.amount !== undefined) setValue(await field(form, 'estimatedAmount'), values.amount);
}

describe('<wb-change-event> items', () => {
  beforeEach(() => {
    freshPage();
    nextId = 50;
    items = [item(1, 13, null, 'Canopy steel'), item(2, 21, null, 'Old scope'), item(3, 14, 1, 'Canopy paint'), item(4, 22, 2, 'Old paint')];
  });
  afterEach(cleanPage);

  it('shows Open items and Closed items, nested ones indented under their parent in each list', async () => {
    const root = await openEvent();
    const headings = [...root.querySelectorAll('[data-item-list] h3')].map((h) => h.firstChild?.textContent);
    expect(headings).to.deep.equal(['Open items', 'Closed items']);
    expect(listed(root, 'open')).to.deep.equal(['1@0', '3@1']);
    expect(listed(root, 'closed')).to.deep.equal(['2@0', '4@1']);
    expect(root.querySelector('[data-count=open]')?.textContent).to.equal('2');
    expect(root.querySelector('[data-count=closed]')?.textContent).to.equal('2');
    expect(root.querySelector('[data-item-list=open] tr[data-item-id="3"] td')?.textContent).to.equal('↳Item 3: Canopy paint');
    // §3: the cost code in 2-4-2 digit groups, with its cost type.
    expect(root.querySelector('[data-item-list=open] tr[data-item-id="1"] td:nth-child(2)')?.textContent).to.equal('05-1200-00 (S)');
  });

  it('moves an item to Closed items when it is canceled (after the §4 confirmation), without a reload', async () => {
    const root = await openEvent();
    button(root, 'Advance item 1')!.click();
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[role=menuitem][data-target-state="Canceled"]'))).click();
    const box = await waitFor(() => document.querySelector(OVERLAYS_TAG)?.shadowRoot?.querySelector<HTMLElement>('[role=dialog]'));
    expect(box.textContent).to.include('This will close the change event item. Please Confirm.');
    [...box.querySelectorAll<HTMLButtonElement>('.modal-footer button')].find((b) => b.textContent === 'Ok')!.click();
    await waitFor(() => listed(root, 'closed').includes('1@0'));
    expect(listed(root, 'open')).to.deep.equal(['3@0']);
    expect(listed(root, 'closed')).to.deep.equal(['1@0', '2@0', '4@1']);
    expect(fetchRequests.filter((r) => r.path === '/api/pfm/getchangeeventitems').length).to.equal(2, 'loaded once (open and closed), not again');
  });

  it('the add-item form offers selectable cost types only and the event budget lines of the chosen type; a new item appears in Open items', async () => {
    const root = await openEvent();
    const form = addForm(root)!;
    expect(form.querySelector('h3')?.textContent).to.equal('Add item');
    const types = [...(await field<HTMLSelectElement>(form, 'costType')).options].map((o) => o.value);
    expect(types).to.deep.equal(['', 'L', 'M', 'W', 'E', 'S', 'R']);
    setValue(await field<HTMLSelectElement>(form, 'costType'), 'S');
    const code = await field<HTMLSelectElement>(form, 'costCodeId');
    await waitFor(() => code.options.length === 3);
    expect([...code.options].map((o) => o.textContent)).to.deep.equal(['Cost code…', '05-1200-00 Structural Steel', '09-9100-00 Painting']);
    const vendor = await field<HTMLSelectElement>(form, 'vendorId');
    await waitFor(() => vendor.options.length === 3);
    expect([...vendor.options].map((o) => o.textContent)).to.deep.equal(['(none)', 'Apex Steel', 'Brightline Glazing']);
    expect(fetchRequests.find((r) => r.path === '/api/pfm/getcommitmentvendors')?.query.get('recordId')).to.equal('1');

    await fillItem(root, { description: 'Canopy anchors', costType: 'S', costCodeId: '41', vendorId: '6', amount: '2500.50' });
    button(form, 'Add item')!.click();
    await waitFor(() => listed(root, 'open').includes('50@0'));
    expect(body(posts('/api/pfm/CreateChangeEventItem')[0]!)).to.deep.equal({
      ChangeEventId: '1', Description: 'Canopy anchors', CostCodeId: '41', VendorId: '6', EstimatedAmount: '2500.50',
    });
    expect(listed(root, 'open')).to.deep.equal(['1@0', '3@1', '50@0']);
    expect(changeEventItems().get(50)?.description).to.equal('Canopy anchors');
    expect(toastMessages()).to.include('Item 50: Canopy anchors added to CE-001.');
    expect((await field(form, 'description')).value).to.equal('', 'the form is ready for the next item');
  });

  it('"Add nested item" on a row sends the parent; the new item shows indented under it', async () => {
    const root = await openEvent();
    button(root, 'Add nested item under item 1')!.click();
    const form = addForm(root)!;
    await waitFor(() => form.querySelector('h3')?.textContent === 'Add nested item under Item 1: Canopy steel');
    await fillItem(root, { description: 'Canopy bolts', costType: 'S', costCodeId: '40', vendorId: '5' });
    button(form, 'Add item')!.click();
    await waitFor(() => listed(root, 'open').includes('50@1'));
    expect(body(posts('/api/pfm/CreateChangeEventItem')[0]!).ParentChangeEventItemId).to.equal('1');
    expect(listed(root, 'open')).to.deep.equal(['1@0', '3@1', '50@1']);
    await waitFor(() => form.querySelector('h3')?.textContent === 'Add item');
  });

  it('a refused add shows the feedback by its field and keeps the entries', async () => {
    stubFetch(answers(6, {
      '/api/pfm/CreateChangeEventItem': { status: 400, body: { message: 'x', feedback: [{ integerValue: 1, stringValue: 'costCodeId', message: "The cost code is not a line of the change event's budget." }] } },
    }));
    const root = await mount('wb-change-event', { 'record-key': 'ChangeEvent', 'record-id': '1' });
    await waitFor(() => addForm(root));
    await fillItem(root, { description: 'Canopy anchors', costType: 'S', costCodeId: '41', vendorId: '6', amount: '10' });
    button(addForm(root)!, 'Add item')!.click();
    const feedback = await waitFor(() => addForm(root)!.querySelector('[data-field-feedback=costCodeId]'));
    expect(feedback.textContent).to.equal("Error: The cost code is not a line of the change event's budget.");
    expect((await field<HTMLSelectElement>(addForm(root)!, 'costCodeId')).getAttribute('aria-invalid')).to.equal('true');
    expect((await field(addForm(root)!, 'description')).value).to.equal('Canopy anchors');
    expect((await field<HTMLSelectElement>(addForm(root)!, 'vendorId')).value).to.equal('6');
    expect(changeEventItems().get(50)).to.equal(undefined);
  });

  it('a closed event offers no add-item form and no nested add', async () => {
    const root = await openEvent(9);
    expect(addForm(root)).to.equal(null);
    expect(root.querySelector('[data-no-add]')?.textContent).to.equal('CE-001 is Complete: no items can be added.');
    expect(button(root, 'Add nested item under item 1')).to.equal(undefined);
  });
});

describe('<wb-change-event> probability', () => {
  beforeEach(() => {
    freshPage();
    items = [item(1, 13, null, 'Canopy steel')];
  });
  afterEach(cleanPage);

  it('shows 100% by default, and Save sends the probability typed (it weights the pending amount in the projection grid)', async () => {
    const saved: Array<Record<string, string>> = [];
    stubFetch(answers(6, { '/api/pfm/SaveChangeEvent': ({ body: b }) => { saved.push(b as Record<string, string>); return ok({ ...event(6), probability: 60 }); } }));
    const root = await mount('wb-change-event', { 'record-key': 'ChangeEvent', 'record-id': '1' });
    const probability = await waitFor(() => root.querySelector<HTMLInputElement>('input[data-field="probability"]'));
    expect(probability.value).to.equal('100');
    await waitFor(() => !probability.readOnly);
    expect(root.querySelector('label[for="' + probability.id + '"]')!.textContent).to.equal('Probability (%)');
    setValue(probability, '60');
    button(root, 'Save')!.click();
    await waitFor(() => saved.length === 1);
    expect(saved[0]).to.deep.include({ ChangeEventId: '1', probability: '60' });
  });
});
