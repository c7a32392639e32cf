import { expect } from 'chai';
import { $session } from '../../src/core/auth';
import { resetMessages } from '../../src/core/messages';
import { OVERLAYS_TAG } from '../../src/ui/element';
import '../../src/elements/pfm-change-management/define';
import { tabFromAttribute, isChangeRequest, isRequestForProposal } from '../../src/features/change-management';
import { mount, sleep, waitFor } from '../support/browser';
import { resetPageStores } from '../support/elements';

// --- a small fake API that keeps state -----------------------------------------------------------
const S = (id: number, name: string, key: string, closed: boolean, displayOrder: number) => ({ applicationRecordStateId: id, name, applicationRecordKey: key, closed, displayOrder });
const EVENT_STATES = [S(6, 'Open', 'ChangeEvent', false, 1), S(7, 'Pending', 'ChangeEvent', false, 2), S(8, 'Approved', 'ChangeEvent', false, 3), S(9, 'Complete', 'ChangeEvent', true, 4),
  S(10, 'No Change', 'ChangeEvent', true, 5), S(11, 'Rejected', 'ChangeEvent', true, 6), S(12, 'Canceled', 'ChangeEvent', true, 7)];
const ITEM_STATES = [S(13, 'Open', 'ChangeEventItem', false, 1), S(14, 'Route for Proposal', 'ChangeEventItem', false, 2), S(15, 'Proposal Received', 'ChangeEventItem', false, 3),
  S(16, 'Pending Approval', 'ChangeEventItem', false, 4), S(17, 'Rejected', 'ChangeEventItem', false, 5), S(18, 'Approved', 'ChangeEventItem', false, 6),
  S(19, 'Pending Commitment', 'ChangeEventItem', false, 7), S(20, 'Committed', 'ChangeEventItem', true, 8), S(21, 'Canceled', 'ChangeEventItem', true, 9), S(22, 'Void', 'ChangeEventItem', true, 10)];
const ALL_STATES = [...EVENT_STATES, ...ITEM_STATES];
const ADVANCE: Record<number, number[]> = { 6: [7, 10, 12], 7: [8, 6, 11, 10, 12], 8: [9, 7, 12], 13: [14, 16, 18, 21], 14: [15, 13, 21], 15: [16, 17, 21] };
const stateOf = (id: number) => ALL_STATES.find((s) => s.applicationRecordStateId === id)!;

interface Ev { changeEventId: number; number: string; applicationRecordStateId: number }
interface It { changeEventItemId: number; changeEventId: number; parentChangeEventItemId: number | null; applicationRecordStateId: number; description: string }
let events: Ev[];
let items: It[];
let updates: Array<Record<string, string>>;
let updateAnswer: null | ((body: Record<string, string>) => Response | Promise<Response>);
const realFetch = window.fetch;

const event = (e: Ev) => {
  const st = stateOf(e.applicationRecordStateId);
  return { ...e, projectId: 1, budgetId: 1, title: `${e.number} title`, description: '', recordStateName: st.name, closed: st.closed, estimatedAmount: 100, approvedAmount: 0, itemCount: items.filter((i) => i.changeEventId === e.changeEventId).length, changeRecordId: null, ownerAgreementId: null, ownerAgreementChangeOrderId: null, reimbursableTypeId: 1, changeReasonId: null };
};
const item = (i: It) => {
  const st = stateOf(i.applicationRecordStateId);
  return { ...i, projectId: 1, budgetId: 1, recordStateName: st.name, closed: st.closed, vendorId: 5, vendorName: 'Vendor 5', costCodeId: 1, estimatedAmount: 10, proposedAmount: null, approvedAmount: null, coItemRecordKey: null, coItemRecordId: null };
};
const json = (data: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { data } : data), { status, headers: { 'Content-Type': 'application/json' } });

function installApi(): void {
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
    const q = url.searchParams;
    const open = q.get('open') !== 'false';
    switch (url.pathname) {
      case '/api/pfm/getinitiatingdocuments': return json([]);
      case '/api/pfm/vendors/getVendor': return json({ vendorId: 5, displayText: 'Vendor 5' });
      case '/api/pfm/projects/GetProjectByProjectId': return json({ projectId: 1, displayText: '24-1032 Riverside' });
      case '/api/pfm/getchangeevents': {
        let list = events.map(event);
        if (q.get('recordKey') === 'ChangeEvent') list = list.filter((e) => e.changeEventId === Number(q.get('recordId')));
        return json(list.filter((e) => e.closed !== open));
      }
      case '/api/pfm/getchangeeventitems': {
        let list = items.map(item);
        if (q.get('recordKey') === 'ChangeEvent') list = list.filter((i) => i.changeEventId === Number(q.get('recordId')));
        if (q.get('recordKey') === 'ChangeEventItem') list = list.filter((i) => i.changeEventItemId === Number(q.get('recordId')));
        return json(list.filter((i) => i.closed !== open));
      }
      case '/api/applications/GetApplicationRecordStates': return json(ALL_STATES.filter((s) => s.applicationRecordKey === q.get('applicationRecordKey')));
      case '/api/applications/GetRecordStateAdvancements':
        return json((ADVANCE[Number(q.get('applicationRecordStateId'))] ?? []).map((id, n) => ({ quickRoute: n === 0, displayOrder: n, targetApplicationRecordState: stateOf(id) })));
      case '/api/pfm/UpdateChangeEventState':
      case '/api/pfm/UpdateChangeEventItemState': {
        const body = Object.fromEntries([...(init?.body as FormData).entries()].map(([k, v]) => [k, String(v)]));
        updates.push({ path: url.pathname, ...body });
        if (updateAnswer) return updateAnswer(body);
        const target = Number(body.RouteStateId);
        if (url.pathname.endsWith('ItemState')) {
          const it = items.find((i) => i.changeEventItemId === Number(body.ItemId))!;
          it.applicationRecordStateId = target;
          return json(item(it));
        }
        const ev = events.find((e) => e.changeEventId === Number(body.ItemId))!;
        ev.applicationRecordStateId = target;
        if (target === 11 || target === 12) for (const i of items) if (i.changeEventId === ev.changeEventId) i.applicationRecordStateId = 21;
        return json({ ...event(ev), items: items.filter((i) => i.changeEventId === ev.changeEventId).map(item) });
      }
      default: return json({ message: 'not found' }, 404);
    }
  };
}

// --- helpers -----------------------------------------------------------------------------------
let el: HTMLElement;
const root = () => el.shadowRoot!;
const overlays = () => document.querySelector(OVERLAYS_TAG)?.shadowRoot ?? null;
const dialog = () => overlays()?.querySelector<HTMLElement>('[role=dialog]') ?? null;

/** Mount the screen with `attributes`; done once its tabs show. */
async function mountScreen(attributes: Record<string, string>): Promise<void> {
  el = (await mount('pfm-change-management', attributes)).host as HTMLElement;
  await waitFor(() => root()?.querySelector('[role=tablist]'));
}

async function showList(list: 'open' | 'closed'): Promise<void> {
  const tab = await waitFor(() => root().querySelector<HTMLButtonElement>(`.record-lists [role=tab][data-list=${list}]`));
  tab.click();
  await waitFor(() => root().querySelector(`[data-list-panel=${list}]`));
}

const rowOf = (number: string) => root().querySelector(`[data-open="${number}"]`)?.closest('tr') ?? null;

async function choose(ariaLabel: string, target: string): Promise<void> {
  const button = await waitFor(() => root().querySelector<HTMLButtonElement>(`button[aria-label="${ariaLabel}"]:not([disabled])`));
  button.click();
  const menuItem = await waitFor(() => root().querySelector<HTMLButtonElement>(`[role=menuitem][data-target-state="${target}"]`));
  menuItem.click();
}

async function answer(caption: 'Ok' | 'Cancel'): Promise<void> {
  const box = await waitFor(dialog);
  const button = [...box.querySelectorAll<HTMLButtonElement>('.modal-footer button')].find((b) => b.textContent === caption);
  if (!button) throw new Error(`no ${caption}`);
  button.click();
  await waitFor(() => !dialog());
}

describe('<pfm-change-management>', () => {
  beforeEach(() => {
    resetPageStores();
    updates = [];
    updateAnswer = null;
    events = [
      { changeEventId: 1, number: 'CE-001', applicationRecordStateId: 6 },
      { changeEventId: 2, number: 'CE-002', applicationRecordStateId: 7 },
      { changeEventId: 3, number: 'CE-003', applicationRecordStateId: 8 },
      { changeEventId: 5, number: 'CE-005', applicationRecordStateId: 7 },
      { changeEventId: 10, number: 'CE-010', applicationRecordStateId: 6 },
      { changeEventId: 12, number: 'CE-012', applicationRecordStateId: 6 },
    ];
    items = [
      { changeEventItemId: 1, changeEventId: 1, parentChangeEventItemId: null, applicationRecordStateId: 21, description: 'closed one' },
      { changeEventItemId: 2, changeEventId: 1, parentChangeEventItemId: 1, applicationRecordStateId: 14, description: 'nested open' },
      { changeEventItemId: 4, changeEventId: 2, parentChangeEventItemId: null, applicationRecordStateId: 16, description: 'pending approval' },
      { changeEventItemId: 5, changeEventId: 2, parentChangeEventItemId: null, applicationRecordStateId: 18, description: 'approved' },
      { changeEventItemId: 7, changeEventId: 3, parentChangeEventItemId: null, applicationRecordStateId: 18, description: 'approved open' },
      { changeEventItemId: 8, changeEventId: 3, parentChangeEventItemId: null, applicationRecordStateId: 20, description: 'committed' },
      { changeEventItemId: 12, changeEventId: 5, parentChangeEventItemId: null, applicationRecordStateId: 18, description: 'approved' },
      { changeEventItemId: 13, changeEventId: 5, parentChangeEventItemId: null, applicationRecordStateId: 22, description: 'void' },
      { changeEventItemId: 24, changeEventId: 12, parentChangeEventItemId: null, applicationRecordStateId: 13, description: 'open a' },
      { changeEventItemId: 25, changeEventId: 12, parentChangeEventItemId: 24, applicationRecordStateId: 15, description: 'rfp b' },
    ];
    installApi();
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
  });
  afterEach(() => {
    resetMessages();
    el?.remove();
    document.querySelector(OVERLAYS_TAG)?.remove();
    window.fetch = realFetch;
  });

  it('falls back to the first tab for an invalid or missing active-tab (attribute set directly)', async () => {
    expect(tabFromAttribute('nonsense')).to.equal('initiating-documents');
    expect(tabFromAttribute('')).to.equal('initiating-documents');
    expect(tabFromAttribute(undefined)).to.equal('initiating-documents');
    expect(tabFromAttribute('CHANGE-EVENTS')).to.equal('change-events');
    await mountScreen({ 'project-id': '1', 'active-tab': 'bogus' });
    expect(root().querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-tab')).to.equal('initiating-documents');
    expect([...root().querySelectorAll('[role=tablist] > [role=tab]')].map((t) => t.textContent)).to.deep.equal(['Initiating Documents', 'Change Events', 'Request for Proposals', 'Change Requests']);
  });

  it('shows the tab of a valid active-tab and moves between tabs with the arrow keys', async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    const selected = root().querySelector<HTMLButtonElement>('[role=tab][aria-selected=true]')!;
    expect(selected.getAttribute('data-tab')).to.equal('change-events');
    selected.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await waitFor(() => root().querySelector('[role=tab][data-tab=request-for-proposals][aria-selected=true]'));
    expect(new URL(location.href).searchParams.get('activeTab')).to.equal('request-for-proposals');
  });

  it('lists request for proposals (Route for Proposal / Proposal Received items) and change requests (Submitted/Closed documents)', async () => {
    expect(isRequestForProposal({ recordStateName: 'Route for Proposal' })).to.equal(true);
    expect(isRequestForProposal({ recordStateName: 'Proposal Received' })).to.equal(true);
    expect(isRequestForProposal({ recordStateName: 'Open' })).to.equal(false);
    expect(isChangeRequest({ recordStateName: 'Submitted' })).to.equal(true);
    expect(isChangeRequest({ recordStateName: 'Draft' })).to.equal(false);
    await mountScreen({ 'project-id': '1', 'active-tab': 'request-for-proposals' });
    await waitFor(() => root().querySelector('[data-open="item-25"]'));
    expect([...root().querySelectorAll('tbody tr[data-record-id]')].map((r) => r.getAttribute('data-record-id'))).to.deep.equal(['2', '25']);
  });

  it("blocks Complete with open items: exact title and message, and lists the blocking items with their states and links", async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-003', 'Complete');
    const box = await waitFor(dialog);
    expect(box.querySelector('.modal-title')?.textContent).to.equal('Unable to Complete Change Event');
    expect(box.textContent).to.include('Change Event can not be advanced to Completed State until all change event items are in a closed state.');
    expect(box.textContent).to.include('Item 7: approved open');
    await answer('Ok');
    const panel = await waitFor(() => root().querySelector('[data-testid=blocked-advance]'));
    expect(panel.querySelector('[data-blocked-title]')?.textContent).to.equal('Unable to Complete Change Event (CE-003)');
    const entries = [...panel.querySelectorAll('[data-item-id]')];
    expect(entries.map((e) => e.getAttribute('data-item-id'))).to.deep.equal(['7']);
    expect(entries[0]!.querySelector('[data-item-state]')?.textContent).to.equal('Approved');
    expect(entries[0]!.querySelector('a')?.getAttribute('href')).to.include('workbench=ChangeEventItem');
    expect(updates).to.deep.equal([]);
  });

  it("blocks No Change while a nested item is open ('Unable to set Change Event to No Change')", async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-001', 'No Change');
    const box = await waitFor(dialog);
    expect(box.querySelector('.modal-title')?.textContent).to.equal('Unable to set Change Event to No Change');
    expect(box.textContent).to.include('Item 2: nested open');
    expect(box.textContent).not.to.include('Item 1: closed one');
    await answer('Ok');
    expect(updates).to.deep.equal([]);
  });

  it("blocks Approved unless every item is at or beyond Approved ('Unable to Approve Change Event')", async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-002', 'Approved');
    const box = await waitFor(dialog);
    expect(box.querySelector('.modal-title')?.textContent).to.equal('Unable to Approve Change Event');
    expect(box.textContent).to.include('Item 4: pending approval');
    expect(box.textContent).not.to.include('Item 5: approved');
    await answer('Ok');
    expect(updates).to.deep.equal([]);
  });

  it('applies Approved when every item is approved or closed, with the old and new state ids', async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-005', 'Approved');
    await waitFor(() => rowOf('CE-005')?.querySelector('[data-state]')?.textContent === 'Approved');
    expect(updates).to.deep.equal([{ path: '/api/pfm/UpdateChangeEventState', ItemId: '5', OldRecordStateId: '7', RouteStateId: '8' }]);
  });

  it("asks 'Confirm Cancel'; Cancel changes nothing, Ok cancels the event and all its items and moves it to Closed", async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-012', 'Canceled');
    const box = await waitFor(dialog);
    expect(box.querySelector('.modal-title')?.textContent).to.equal('Confirm Cancel');
    expect(box.textContent).to.include('This will cancel the change event and change all change event items to Canceled. Please Confirm.');
    await answer('Cancel');
    await sleep(30);
    expect(updates).to.deep.equal([]);
    expect(rowOf('CE-012')?.querySelector('[data-state]')?.textContent).to.equal('Open');

    await choose('Advance CE-012', 'Canceled');
    await answer('Ok');
    await waitFor(() => updates.length === 1);
    await waitFor(() => !rowOf('CE-012'));
    await showList('closed');
    await waitFor(() => rowOf('CE-012')?.querySelector('[data-state]')?.textContent === 'Canceled');
    expect(items.filter((i) => i.changeEventId === 12).map((i) => i.applicationRecordStateId)).to.deep.equal([21, 21]);
  });

  it("asks 'Confirm Reject' with the same text", async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-002', 'Rejected');
    const box = await waitFor(dialog);
    expect(box.querySelector('.modal-title')?.textContent).to.equal('Confirm Reject');
    expect(box.textContent).to.include('This will cancel the change event and change all change event items to Canceled. Please Confirm.');
    await answer('Cancel');
    expect(updates).to.deep.equal([]);
  });

  it('moves a record to Closed at once and restores it in the Open list after an injected failure, saying why', async () => {
    let release!: (r: Response) => void;
    updateAnswer = () => new Promise((resolve) => { release = resolve; });
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-010', 'No Change');
    await waitFor(() => updates.length === 1);
    await waitFor(() => !rowOf('CE-010'));
    await showList('closed');
    await waitFor(() => rowOf('CE-010'));
    release(json({ message: 'boom' }, 500));
    await waitFor(() => !rowOf('CE-010'));
    await showList('open');
    await waitFor(() => rowOf('CE-010')?.querySelector('[data-state]')?.textContent === 'Open');
    const toast = await waitFor(() => overlays()?.querySelector('.toast-body'));
    expect(toast.textContent).to.include("could not be moved to 'No Change'");
    expect(toast.textContent).to.include("it stays 'Open'");
  });

  it('after a 409 says someone else changed it and reloads that record', async () => {
    updateAnswer = () => {
      events.find((e) => e.changeEventId === 10)!.applicationRecordStateId = 7;
      return json({ message: 'stale', currentRecordStateId: 7 }, 409);
    };
    await mountScreen({ 'project-id': '1', 'active-tab': 'change-events' });
    await choose('Advance CE-010', 'No Change');
    await waitFor(() => rowOf('CE-010')?.querySelector('[data-state]')?.textContent === 'Pending');
    const toast = await waitFor(() => overlays()?.querySelector('.toast-body'));
    expect(toast.textContent).to.include('was changed by someone else');
    expect(toast.textContent).to.include("it is now 'Pending'");
  });

  it("asks before closing an item ('This will close the change event item. Please Confirm.'); Cancel keeps it, Ok applies", async () => {
    await mountScreen({ 'project-id': '1', 'active-tab': 'request-for-proposals' });
    await choose('Advance item 25', 'Canceled');
    const box = await waitFor(dialog);
    expect(box.textContent).to.include('This will close the change event item. Please Confirm.');
    await answer('Cancel');
    await sleep(30);
    expect(updates).to.deep.equal([]);
    await choose('Advance item 25', 'Canceled');
    await answer('Ok');
    await waitFor(() => updates.length === 1);
    expect(updates[0]).to.deep.equal({ path: '/api/pfm/UpdateChangeEventItemState', ItemId: '25', OldRecordStateId: '15', RouteStateId: '21' });
  });

  it('Route for Proposal opens the RFP e-mail workbench and does not change the state', async () => {
    ADVANCE[15] = [14, 16];
    await mountScreen({ 'project-id': '1', 'active-tab': 'request-for-proposals' });
    const before = location.href;
    await choose('Advance item 25', 'Route for Proposal');
    await waitFor(() => new URL(location.href).searchParams.get('workbench') === 'Email');
    const params = new URL(location.href).searchParams;
    expect(params.get('recordKey')).to.equal('ChangeEventItem');
    expect(params.get('recordId')).to.equal('25');
    expect(params.get('activeTab')).to.equal('rfp');
    expect(updates).to.deep.equal([]);
    history.replaceState(null, '', before);
    ADVANCE[15] = [16, 17, 21];
  });
});
