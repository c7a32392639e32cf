import { expect } from 'chai';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import type { RoleEntry } from '../../src/core/access';
import { resetApi } from '../../src/core/api';
import { $session } from '../../src/core/auth';
import { resetChanges } from '../../src/core/changes';
import { AVATAR_POPOVER_CLOSE_MS, AVATAR_POPOVER_OPEN_MS, AVATAR_POPOVER_WIDTH } from '../../src/core/format';
import { GENERIC_MENUS, visibleMenus } from '../../src/core/menus';
import { $toasts, resetMessages } from '../../src/core/messages';
import { resetRoles, setRoles } from '../../src/core/roles';
import { pinClock, setClock } from '../../src/core/clock';
import { OPEN_ITEMS_CHANGED_EVENT } from '../../src/core/timecards/contract';
import { $router } from '../../src/core/router';
import '../../src/elements/portal-header/define';
import { fetchCalls, restoreFetch, sleep, stubFetch, waitFor, type StubAnswer } from '../support/browser';
import { textContrast } from '../support/contrast';

const account = (login: string) => {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.login === login);
  if (!found) throw new Error(`no demo account ${login}`);
  return found;
};

function currentUser(login: string, extra: Record<string, unknown> = {}) {
  const a = account(login);
  return { employeeId: 7, employeeKey: 'EMP-7', email: a.email, preferredName: a.preferredName, firstName: a.firstName, lastName: a.lastName, jobTitle: a.jobTitle, betaUser: a.betaUser, ...extra };
}

const EMPTY_OPEN_ITEMS = { openWorkflows: [], budgetsPendingProjections: [], pendingPtoRequests: [], timecardNeedsSubmission: null };

/** Sign in as a demo account: session store, roles, and the header's fetchCalls stubbed. */
function signInAs(login: string, answers: Record<string, StubAnswer | (() => StubAnswer)> = {}, roles: readonly RoleEntry[] = account(login).roles): void {
  stubFetch({
    '/api/employees/GetCurrentUser': { body: { data: currentUser(login) } },
    '/api/common/GetOpenItemsByEmployee': { body: { data: EMPTY_OPEN_ITEMS } },
    '/api/pfm/projects/GetProjectPins': { body: { data: [] } },
    ...answers,
  });
  setRoles(roles);
  $session.set({ status: 'signedIn', account: { username: login, login } });
}

let header: HTMLElement;
const root = () => {
  if (!header.shadowRoot) throw new Error('no shadow root');
  return header.shadowRoot;
};
const $ = <E extends Element = HTMLElement>(selector: string) => root().querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...root().querySelectorAll<E>(selector)];

async function mountHeader(attributes = ''): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = `<portal-header ${attributes}></portal-header>`;
  document.body.append(host);
  header = host.firstElementChild as HTMLElement;
  await waitFor(() => header.shadowRoot?.querySelector('header'));
  return header;
}

/** Menu button labels and entry labels of a bar, as shown. */
function shownMenus(bar: string): Record<string, string[]> {
  return Object.fromEntries(
    $$(`[data-bar="${bar}"] > [data-menu]`).map((menu) => [
      menu.querySelector('button')?.textContent ?? '',
      [...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.firstChild?.textContent ?? ''),
    ]),
  );
}

const focused = () => root().activeElement as HTMLElement | null;
const PFM_PORTAL_MARK = 'portal-app';
let startUrl = '';

/** Mouse events seen by the page, with their own time stamps. */
const mouseEvents: Array<{ type: string; at: number; path: EventTarget[] }> = [];
for (const type of ['mouseover', 'mouseout']) {
  window.addEventListener(type, (event) => mouseEvents.push({ type, at: event.timeStamp, path: event.composedPath() }), true);
}
/** When the last `type` event that passed through `target` happened. */
function lastEventTime(type: string, target: Element): number {
  const hit = [...mouseEvents].reverse().find((event) => event.type === type && event.path.includes(target));
  if (!hit) throw new Error(`no ${type} event through the element`);
  return hit.at;
}
/** Resolves with the time `element`'s attributes first make `done()` true. */
function changeTime(element: Element, done: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(element, { attributes: true });
  });
}

describe('<portal-header>', () => {
  beforeEach(() => {
    startUrl = location.pathname + location.search;
    resetApi();
    resetRoles();
    resetChanges();
    setClock(null);
    resetMessages();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    history.replaceState(null, '', startUrl);
    resetApi();
    resetRoles();
    resetChanges();
    resetMessages();
    $session.set({ status: 'signedOut', account: null });
  });

  it("shows 'Please login' and a sign-in button when nobody is signed in, and no menus", async () => {
    stubFetch({});
    $session.set({ status: 'signedOut', account: null });
    await mountHeader();
    expect($('[data-please-login]')?.textContent).to.equal('Please login');
    expect([...$$('button')].map((button) => button.textContent)).to.include('Sign in');
    expect($('[data-bar]')).to.equal(null);
    expect(fetchCalls).to.deep.equal([]);
  });

  it('shows the environment by host: localhost is dev, labelled DEV, in its colour', async () => {
    stubFetch({});
    $session.set({ status: 'signedOut', account: null });
    await mountHeader();
    expect($('header')?.dataset.environment).to.equal('dev');
    expect($('[data-environment-label]')?.textContent).to.equal('DEV');
    expect(getComputedStyle($('.portal-header-env') as HTMLElement).backgroundColor).to.equal('rgb(46, 107, 48)');
  });

  for (const login of DEMO_ACCOUNTS.map((demo) => demo.login)) {
    it(`shows ${login} the generic menus and entries of its roles`, async () => {
      signInAs(login);
      await mountHeader();
      await waitFor(() => $('[data-bar="generic"]'));
      const expected = Object.fromEntries(visibleMenus(GENERIC_MENUS, account(login).roles).map((menu) => [menu.label, menu.entries.map((entry) => entry.label)]));
      expect(shownMenus('generic')).to.deep.equal(expected);
    });
  }

  it('shows admin all four menus and employee only Employee Tools (My Timecard, PTO Requests)', async () => {
    signInAs('admin');
    await mountHeader();
    await waitFor(() => $('[data-bar="generic"]'));
    expect(Object.keys(shownMenus('generic'))).to.deep.equal(['Project Toolbox', 'Subcontractor Risk Tools', 'Employee Tools', 'Administration']);
    document.body.innerHTML = '';
    signInAs('employee');
    await mountHeader();
    await waitFor(() => $('[data-bar="generic"]'));
    expect(shownMenus('generic')).to.deep.equal({ 'Employee Tools': ['My Timecard', 'PTO Requests'] });
  });

  it('menus are real links to the route paths', async () => {
    signInAs('tcadmin');
    await mountHeader();
    const links = await waitFor(() => $$<HTMLAnchorElement>('[data-menu="employee-tools"] a[role="menuitem"]').length === 5 && $$<HTMLAnchorElement>('[data-menu="employee-tools"] a[role="menuitem"]'));
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal(['/teammembertoolbox/timecards/timecard', '/teammembertoolbox/timecards', '/pr/Timecards/weeklyredirect', '/teammembertoolbox/requests', '/pr/Requests/ManageRegionalCalendar']);
  });

  it('works menus by keyboard: Enter opens on the first item, arrows wrap, Home/End, Escape returns focus, Tab closes', async () => {
    signInAs('tcadmin');
    await mountHeader();
    const button = await waitFor(() => $<HTMLButtonElement>('[data-menu="employee-tools"] button'));
    const menu = $('[data-menu="employee-tools"] [role="menu"]') as HTMLElement;
    const items = $$('[data-menu="employee-tools"] [role="menuitem"]');
    expect(button.getAttribute('aria-haspopup')).to.equal('menu');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(menu.hidden).to.equal(true);

    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focused() === items[0]);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(menu.hidden).to.equal(false);
    await sendKeys({ press: 'ArrowDown' });
    expect(focused()).to.equal(items[1]);
    await sendKeys({ press: 'End' });
    expect(focused()).to.equal(items[4]);
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(), 'wraps to the first').to.equal(items[0]);
    await sendKeys({ press: 'ArrowUp' });
    expect(focused(), 'wraps to the last').to.equal(items[4]);
    await sendKeys({ press: 'Home' });
    expect(focused()).to.equal(items[0]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => button.getAttribute('aria-expanded') === 'false');
    expect(focused()).to.equal(button);
    expect(menu.hidden).to.equal(true);

    await sendKeys({ press: 'ArrowUp' });
    await waitFor(() => focused() === items[4]);
    await sendKeys({ press: 'Tab' });
    await waitFor(() => button.getAttribute('aria-expanded') === 'false');
    expect(menu.hidden).to.equal(true);
  });

  it('a timecard still owed after its deadline says since when in the bell, in the card\'s words', async () => {
    pinClock('2026-03-12T18:00:00.000Z');
    const openItems = { openWorkflows: [], budgetsPendingProjections: [], pendingPtoRequests: [],
      timecardNeedsSubmission: { flag: true, timecardId: 77, weekEnding: '2026-03-08', dueDate: '2026-03-09T05:00:00.000Z', enteredHours: 32, expectedHours: 40 } };
    signInAs('pm', { '/api/common/GetOpenItemsByEmployee': { body: { data: openItems } } });
    await mountHeader();
    const entry = await waitFor(() => $('[data-menu="bell"] [data-entry="timecard"]'));
    expect(entry.textContent).to.contain('Timecard overdue since Mon 03/09, 12:00 AM CDT (3 days)');
  });

  it('counts open items in the bell and lists each where it is handled; external links are never followed', async () => {
    // The Friday before the card's deadline (midnight ending Sunday 03/08, Central).
    pinClock('2026-03-06T18:00:00.000Z');
    const openItems = {
      openWorkflows: [
        { workflowInstanceId: 1, documentNumber: 'SC-100', workflowTrigger: 'Subcontract approval', phaseName: 'Review', directLink: '/pfm/projects/commitments?projectId=5' },
        { workflowInstanceId: 2, documentNumber: 'EXT-1', workflowTrigger: 'Vendor portal', phaseName: 'Sign', directLink: 'https://elsewhere.example.net/sign?id=1' },
        { workflowInstanceId: 3, documentNumber: 'BAD-1', workflowTrigger: 'Bad link', phaseName: 'Review', directLink: 'javascript:alert(1)' },
      ],
      budgetsPendingProjections: [{ budgetId: 44, projectId: 5, projectName: 'Riverside Clinic', month: '2026-03' }],
      pendingPtoRequests: [{ requestId: 9, title: 'Vacation', employeeName: 'Sam Patterson', startDate: '2026-04-01', endDate: '2026-04-03' }],
      // The demo host's shape: a flag beside the timecard's fields, without its owner.
      timecardNeedsSubmission: { flag: true, timecardId: 77, weekEnding: '2026-03-08', dueDate: '2026-03-09T05:00:00.000Z', enteredHours: 32, expectedHours: 40 },
    };
    signInAs('pm', { '/api/common/GetOpenItemsByEmployee': { body: { data: openItems } } });
    const before = location.href;
    await mountHeader();
    const count = await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="6"]'));
    expect(count.textContent).to.equal('6'); // 3 workflows + 1 budget + 1 PTO + 1 timecard
    expect(fetchCalls).to.include('/api/common/GetOpenItemsByEmployee?employeeId=7');
    expect($('[data-menu="bell"] button')?.getAttribute('aria-label')).to.equal('Open items: 6');
    const entry = (id: string) => $(`[data-menu="bell"] [data-entry="${id}"]`);
    expect(entry('workflow-1')?.getAttribute('href')).to.equal('/pfm/projects/commitments?projectId=5');
    expect(entry('budget-44')?.getAttribute('href')).to.equal('/pfm/projects/projectiongrid?projectId=5&budgetId=44');
    expect(entry('pto-9')?.getAttribute('href')).to.equal('/teammembertoolbox/requests?recordId=9');
    expect(entry('timecard')?.getAttribute('href')).to.equal('/teammembertoolbox/timecards/timecard?employeeId=7&timecardId=77');
    expect(entry('timecard')?.textContent).to.contain('Timecard due end of Sunday 03/08').and.contain('32 of 40 hours entered');
    const external = entry('workflow-2') as HTMLAnchorElement;
    expect(external.target).to.equal('_blank');
    expect(external.rel.split(' ')).to.include.members(['noopener', 'external']);
    expect(external.textContent).to.contain('External site: elsewhere.example.net');
    const bad = entry('workflow-3') as HTMLElement;
    expect(bad.tagName).to.equal('SPAN');
    expect(bad.getAttribute('aria-disabled')).to.equal('true');
    expect(bad.hasAttribute('href')).to.equal(false);
    expect($$('[data-menu="bell"] [role="group"]').map((group) => group.getAttribute('aria-label'))).to.deep.equal(['Workflows', 'Budgets pending projections', 'PTO requests', 'Timecard']);
    await sleep(50);
    expect(location.href, 'nothing was followed by script').to.equal(before);
  });

  it('the open bell menu reads in light and dark: every item, focused or not, has text contrast of 4.5:1 or more; the focused item is its one tab stop', async () => {
    const openItems = {
      openWorkflows: [1, 2, 3].map((id) => ({ workflowInstanceId: id, documentNumber: `SC-${id}`, workflowTrigger: 'Subcontract approval', phaseName: 'Review', directLink: `/pfm/projects/commitments?projectId=${id}` })),
      budgetsPendingProjections: [{ budgetId: 44, projectId: 5, projectName: 'Riverside Clinic', month: '2026-03' }],
      pendingPtoRequests: [],
      timecardNeedsSubmission: null,
    };
    signInAs('pm', { '/api/common/GetOpenItemsByEmployee': { body: { data: openItems } } });
    await mountHeader();
    await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="4"]'));
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        await emulateMedia({ colorScheme });
        $<HTMLButtonElement>('[data-menu="bell"] button')!.click();
        const items = await waitFor(() => {
          const found = $$('[data-menu="bell"] [role="menu"]:not([hidden]) [role="menuitem"]');
          return found.length === 4 && found[0] === focused() ? found : null;
        });
        // The items and their second lines (the note), each against the menu it is painted on.
        const texts = items.flatMap((item) => [item, ...item.querySelectorAll('span')]);
        const poor = texts.map((el) => `${el.textContent}: ${textContrast(el).toFixed(2)}`).filter((entry) => Number(entry.split(': ').pop()) < 4.5);
        expect(poor, colorScheme).to.deep.equal([]);
        // One tab stop, on the focused item (a roving tabindex): a long, scrolling menu has focusable content.
        expect(items.filter((item) => item.tabIndex === 0)).to.deep.equal([focused()]);
        await sendKeys({ press: 'ArrowDown' });
        await waitFor(() => items[1] === focused() && items[1].tabIndex === 0);
        expect(items.filter((item) => item.tabIndex === 0)).to.deep.equal([items[1]]);
        await sendKeys({ press: 'ArrowUp' });
        await waitFor(() => items[0] === focused() && items[0].tabIndex === 0);
        await sendKeys({ press: 'Escape' });
        await waitFor(() => $('[data-menu="bell"] [role="menu"][hidden]'));
      }
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('loads the open items again when projections are submitted anywhere on the page: the count drops without a reload, never passing through 0', async () => {
    const pending = (budgetId: number) => ({ budgetId, projectId: 1, projectName: 'Riverside Medical Office Building', month: '2026-11' });
    let budgets = [pending(1), pending(2)];
    signInAs('pm', { '/api/common/GetOpenItemsByEmployee': () => ({ body: { data: { ...EMPTY_OPEN_ITEMS, budgetsPendingProjections: budgets } } }) });
    await mountHeader();
    const badge = await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="2"]'));
    const asked = () => fetchCalls.filter((call) => call.startsWith('/api/common/GetOpenItemsByEmployee'));
    expect(asked()).to.deep.equal(['/api/common/GetOpenItemsByEmployee?employeeId=7']);
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(badge.textContent ?? ''));
    observer.observe(badge, { attributes: true, characterData: true, subtree: true, childList: true });

    // As in the portal: the grid dispatches from inside another element's shadow root.
    const screen = document.createElement('div');
    document.body.append(screen);
    const grid = screen.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
    budgets = [pending(2)];
    grid.dispatchEvent(new CustomEvent('pfm-projections-submitted', { bubbles: true, composed: true, detail: { budgetId: 1, projectId: 1 } }));
    await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="1"]'));
    observer.disconnect();
    expect($('[data-menu="bell"] .portal-bell-count')?.textContent).to.equal('1');
    expect($('[data-menu="bell"] button')?.getAttribute('aria-label')).to.equal('Open items: 1');
    expect(asked()).to.have.length(2);
    expect(shown).to.not.include('0');

    // Other events do not reload; a removed header stops listening.
    grid.dispatchEvent(new CustomEvent('pfm-projections-saved', { bubbles: true, composed: true }));
    header.remove();
    grid.dispatchEvent(new CustomEvent('pfm-projections-submitted', { bubbles: true, composed: true, detail: { budgetId: 2, projectId: 1 } }));
    await sleep(50);
    expect(asked()).to.have.length(2);
  });

  it('issue 29: "Timecards to approve (N)" opens the inbox and counts N; decisions about the user\'s own card and requests are items with their reason, as text', async () => {
    const openItems = {
      ...EMPTY_OPEN_ITEMS,
      timecardsToApprove: { count: 3, directLink: '/teammembertoolbox/timecards?activeTab=inbox' },
      notices: [
        { id: 'timecardRejected-55', kind: 'timecardRejected', text: 'Timecard 11/22–11/28 rejected by Linda Okafor: Friday is <b>missing</b>', at: '2026-11-30T15:00:00.000Z',
          directLink: '/teammembertoolbox/timecards/timecard?timecardId=55' },
        { id: 'timeOffApproved-31', kind: 'timeOffApproved', text: 'Vacation 12/21–12/23 approved by Linda Okafor', at: '2026-11-29T15:00:00.000Z',
          directLink: '/teammembertoolbox/requests?recordId=31' },
        { id: 'bad-1', kind: 'timeOffDenied', text: 'Sick 12/01 denied by Linda Okafor: no', at: '2026-11-28T15:00:00.000Z', directLink: 'javascript:alert(1)' },
      ],
    };
    signInAs('rpm', { '/api/common/GetOpenItemsByEmployee': { body: { data: openItems } } });
    await mountHeader();
    await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="6"]')); // 3 to approve + 3 decisions
    const entry = (id: string) => $(`[data-menu="bell"] [data-entry="${id}"]`);
    expect(entry('timecards-to-approve')?.getAttribute('href')).to.equal('/teammembertoolbox/timecards?activeTab=inbox');
    expect(entry('timecards-to-approve')?.textContent).to.contain('Timecards to approve (3)');
    const rejected = entry('notice-timecardRejected-55')!;
    expect(rejected.getAttribute('href')).to.equal('/teammembertoolbox/timecards/timecard?timecardId=55');
    expect(rejected.textContent).to.contain('Timecard 11/22–11/28 rejected by Linda Okafor: Friday is <b>missing</b>');
    expect(rejected.querySelector('b')).to.equal(null);
    expect(entry('notice-timeOffApproved-31')?.getAttribute('href')).to.equal('/teammembertoolbox/requests?recordId=31');
    const bad = entry('notice-bad-1')!;
    expect(bad.tagName).to.equal('SPAN');
    expect(bad.hasAttribute('href')).to.equal(false);
    expect($$('[data-menu="bell"] [role="group"]').map((group) => group.getAttribute('aria-label'))).to.deep.equal(['Approvals', 'For you']);
  });

  it('issue 29: loads the open items again after an approval on the page (the approval screens\' event): the count follows without a reload', async () => {
    let count = 3;
    signInAs('rpm', { '/api/common/GetOpenItemsByEmployee': () => ({ body: { data: { ...EMPTY_OPEN_ITEMS, timecardsToApprove: { count, directLink: '/teammembertoolbox/timecards?activeTab=inbox' } } } }) });
    await mountHeader();
    await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="3"]'));
    count = 1;
    const screen = document.createElement('div');
    document.body.append(screen);
    screen.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'))
      .dispatchEvent(new CustomEvent(OPEN_ITEMS_CHANGED_EVENT, { bubbles: true, composed: true }));
    await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="1"]'));
    expect($('[data-menu="bell"] button')?.getAttribute('aria-label')).to.equal('Open items: 1');
    count = 0;
    document.dispatchEvent(new CustomEvent(OPEN_ITEMS_CHANGED_EVENT));
    await waitFor(() => $('[data-menu="bell"] .portal-bell-count[data-count="0"]'));
  });

  it('counts 0 when the timecard flag is false', async () => {
    signInAs('employee', { '/api/common/GetOpenItemsByEmployee': { body: { data: { ...EMPTY_OPEN_ITEMS, timecardNeedsSubmission: { flag: false, dueDate: null, enteredHours: 0, expectedHours: 0 } } } } });
    await mountHeader();
    const count = await waitFor(() => $('[data-menu="bell"] .portal-bell-count'));
    await sleep(50);
    expect(count.textContent).to.equal('0');
    expect($('[data-menu="bell"] [role="menuitem"]')?.textContent).to.equal('No open items');
  });

  it('opens the avatar popover after 500 ms of hover and closes it 300 ms after leaving', async () => {
    expect([AVATAR_POPOVER_OPEN_MS, AVATAR_POPOVER_CLOSE_MS, AVATAR_POPOVER_WIDTH]).to.deep.equal([500, 300, 300]);
    signInAs('admin');
    await mountHeader();
    const button = await waitFor(() => $<HTMLButtonElement>('.portal-avatar-button'));
    const popover = $('.portal-avatar-popover') as HTMLElement;
    // Times are taken inside the page (event time stamps, mutation times), not around sendMouse, whose
    // round trip through the runner takes an unknown share of the 500/300 ms on a loaded machine.
    await sendMouse({ type: 'move', position: [0, 400] });
    const box = button.getBoundingClientRect();
    const opened = changeTime(popover, () => !popover.hidden);
    await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    const hoveredAt = lastEventTime('mouseover', button);
    const openedAt = await opened;
    expect(openedAt - hoveredAt, 'opens 500 ms after the hover began').to.be.within(AVATAR_POPOVER_OPEN_MS - 5, AVATAR_POPOVER_OPEN_MS + 400);
    expect(popover.getBoundingClientRect().width).to.equal(300);
    expect(popover.querySelector('[data-field="preferredName"]')?.textContent).to.equal('Dana Whitfield');
    expect(popover.querySelector('[data-field="jobTitle"]')?.textContent).to.equal('Director of Business Applications');
    expect(popover.querySelector('[data-field="email"]')?.textContent).to.equal('dana.whitfield@summitbuilders.example');
    const chat = popover.querySelector<HTMLAnchorElement>('a[target="_blank"]');
    expect(chat?.href).to.equal('https://teams.microsoft.com/l/chat/0/0?users=dana.whitfield%40summitbuilders.example');
    expect(chat?.rel).to.contain('noopener');
    expect([...popover.querySelectorAll('button')].map((b) => b.textContent)).to.include('Sign out');

    // Moving onto the popover keeps it open.
    const pop = popover.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(pop.x + pop.width / 2), Math.round(pop.y + pop.height / 2)] });
    await sleep(AVATAR_POPOVER_CLOSE_MS + 150);
    expect(popover.hidden, 'kept open while hovering the popover').to.equal(false);

    const closed = changeTime(popover, () => popover.hidden === true);
    await sendMouse({ type: 'move', position: [0, 600] });
    const leftAt = lastEventTime('mouseout', popover);
    const closedAt = await closed;
    expect(closedAt - leftAt, 'closes 300 ms after leaving').to.be.within(AVATAR_POPOVER_CLOSE_MS - 5, AVATAR_POPOVER_CLOSE_MS + 400);
  });

  it('opens the avatar popover by keyboard (focus + Enter) and closes it with Escape', async () => {
    signInAs('employee');
    await mountHeader();
    const button = await waitFor(() => $<HTMLButtonElement>('.portal-avatar-button'));
    const popover = $('.portal-avatar-popover') as HTMLElement;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !popover.hidden);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => popover.hidden);
    expect(focused()).to.equal(button);
  });

  it('shows the photo fetched with the token as a blob URL', async () => {
    // A 1×1 PNG.
    const bytes = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    signInAs('admin', { '/api/employees/profilephoto.png': { blob: new Blob([bytes], { type: 'image/png' }) } });
    await mountHeader();
    const img = await waitFor(() => $<HTMLImageElement>('.portal-avatar-button img'));
    expect(img.src.startsWith('blob:')).to.equal(true);
    expect(fetchCalls).to.include('/api/employees/profilephoto.png?Email=dana.whitfield%40summitbuilders.example&key=EMP-7');
    await waitFor(() => img.complete && img.naturalWidth === 1);
    expect($('.portal-avatar-initials')).to.equal(null);
  });

  it('shows initials when the photo fails to load or to decode', async () => {
    signInAs('employee', { '/api/employees/profilephoto.png': { status: 404 } });
    await mountHeader();
    expect((await waitFor(() => $('.portal-avatar-initials'))).textContent).to.equal('SP');
    await sleep(50);
    expect($('.portal-avatar-button img')).to.equal(null);

    document.body.innerHTML = '';
    signInAs('admin', { '/api/employees/profilephoto.png': { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) } });
    await mountHeader();
    await waitFor(() => fetchCalls.some((call) => call.startsWith('/api/employees/profilephoto.png')));
    await sleep(100);
    expect((await waitFor(() => $('.portal-avatar-initials'))).textContent).to.equal('DW');
  });

  it('renders user data as text only', async () => {
    signInAs('employee', { '/api/employees/GetCurrentUser': { body: { data: currentUser('employee', { preferredName: '<img src=x onerror=alert(1)>' }) } } });
    await mountHeader();
    const name = await waitFor(() => $('[data-field="preferredName"]'));
    await waitFor(() => name.textContent === '<img src=x onerror=alert(1)>');
    expect($('.portal-avatar-popover img')).to.equal(null);
  });

  describe('on PFM routes', () => {
    const LONG_NAME = 'Riverside Regional Medical Center Expansion Phase Two North Tower';
    const PROJECT = { projectId: 5, budgetId: 44, number: '24-0105', name: LONG_NAME, classification: 'GC', procoreProjectId: 998877 };
    let mark: HTMLElement;

    beforeEach(() => {
      // With a <portal-app> on the page the header follows the router store.
      mark = document.createElement(PFM_PORTAL_MARK);
      document.body.append(mark);
    });

    function pfmAnswers(project: Record<string, unknown>, beta: boolean): Record<string, StubAnswer> {
      return {
        '/api/employees/GetCurrentUser': { body: { data: currentUser('pm', { betaUser: beta }) } },
        '/api/pfm/projects/GetProjectMenuByProjectId': { body: { data: project } },
        '/api/pfm/budgets/GetProjectMenu': { body: { data: project } },
        '/api/procore/getprocoredomain': { body: { data: { stringValue: 'https://app.procore.com' } } },
        '/api/pfm/projects/GetProjectPins': { body: { data: [PROJECT, { ...PROJECT, projectId: 6, number: '24-0106', name: 'Short', classification: 'CM' }] } },
      };
    }

    it('shows the PFM bar with the project menu, the name cut in the middle at 50 with the full name on hover', async () => {
      $router.open('/pfm/projects/commitments?projectId=5');
      signInAs('pm', pfmAnswers(PROJECT, false));
      await mountHeader();
      const name = await waitFor(() => $('[data-menu="project"] [data-project-name]'));
      await waitFor(() => $('[data-menu="project"] [data-entry="procore"]')); // after getprocoredomain
      const full = `24-0105 ${LONG_NAME}`;
      expect(name.getAttribute('title')).to.equal(full);
      expect([...(name.textContent ?? '')]).to.have.length(50);
      expect(name.textContent).to.equal(`${full.slice(0, 25)}…${full.slice(-24)}`);
      expect(fetchCalls).to.include('/api/pfm/projects/GetProjectMenuByProjectId?ProjectId=5');
      expect($('[data-bar="generic"]')).to.equal(null);
      const labels = $$('[data-menu="project"] [role="menuitem"]').map((item) => item.firstChild?.textContent);
      expect(labels).to.deep.equal(['Buyout & SRA', 'Projection Grid', 'Units Grid', 'Hours Grid', 'Forecast Periods', 'Commitments', 'Change Management', 'Owner Agreements', 'Cost Adjustments', 'Direct Costs', 'Pay Applications', 'Sub Ratings', 'Data Quality', 'Procore Project', 'Configure Project', 'Reports']);
      const href = (id: string) => $<HTMLAnchorElement>(`[data-menu="project"] [data-entry="${id}"]`);
      expect(href('projectiongrid')?.getAttribute('href')).to.equal('/pfm/projects/projectiongrid?projectId=5&budgetId=44');
      expect(href('projectiongridunit')?.getAttribute('href')).to.equal('/pfm/projects/projectiongridunit?projectId=5&budgetId=44');
      expect(href('projectiongridhour')?.getAttribute('href')).to.equal('/pfm/projects/projectiongridhour?projectId=5&budgetId=44');
      expect(href('procore')?.getAttribute('href')).to.equal('https://app.procore.com/998877/project/home');
      expect(href('procore')?.rel.split(' ')).to.include.members(['noopener', 'external']);
      expect(href('procore')?.target).to.equal('_blank');
      expect(href('configure')?.getAttribute('href')).to.equal('/pfm/projects/commitments?projectId=5&workbench=ProjectConfiguration');
      expect(href('reports')?.getAttribute('href')).to.equal('/pfm/projects/commitments?projectId=5&workbench=Reports');
      // Pinned projects: truncated with the full name in title; CM projects go to the legacy host.
      const pins = $$<HTMLAnchorElement>('[data-menu="pins"] [role="menuitem"]');
      expect(pins[0]?.title).to.equal(full);
      expect([...(pins[0]?.firstChild?.textContent ?? '')]).to.have.length(50);
      expect(pins[1]?.getAttribute('href')).to.equal(`${location.origin}/costmanagement/costmanagement/cm?projectId=6`);
      // The change-management tab menu with readable labels.
      expect($$('[data-menu="change-management"] [role="menuitem"]').map((item) => [item.textContent, item.getAttribute('href')])).to.deep.equal([
        ['Initiating Documents', '/pfm/projects/changemanagement?activeTab=initiating-documents&projectId=5'],
        ['Change Events', '/pfm/projects/changemanagement?activeTab=change-events&projectId=5'],
        ['Request For Proposals', '/pfm/projects/changemanagement?activeTab=request-for-proposals&projectId=5'],
        ['Change Requests', '/pfm/projects/changemanagement?activeTab=change-requests&projectId=5'],
      ]);
      // pm: no PFM Administration menu; the APPS menu lists the other applications.
      expect($('[data-menu="pfm-admin"]')).to.equal(null);
      expect($$('[data-menu="apps"] [role="group"]').map((group) => group.getAttribute('aria-label'))).to.deep.equal(['Project Toolbox', 'Subcontractor Risk Tools', 'Employee Tools']);
    });

    it('shows ESign to beta users only, and loads the menu by budget when there is no project', async () => {
      $router.open('/pfm/projects/projectiongrid?budgetId=44');
      signInAs('admin', pfmAnswers(PROJECT, true));
      await mountHeader();
      await waitFor(() => $('[data-menu="project"] [data-entry="esign"]'));
      expect(fetchCalls).to.include('/api/pfm/budgets/GetProjectMenu?BudgetId=44');
      expect($('[data-menu="project"] [data-entry="esign"]')?.getAttribute('href')).to.equal('/pfm/projects/esign?projectId=5&budgetId=44');
      expect($$('[data-menu="pfm-admin"] [role="menuitem"]').map((item) => item.textContent)).to.deep.equal(['Document Templates', 'Sub Ratings', 'ESign']);
      expect($('[data-menu="pfm"] button')?.textContent).to.equal('Project Financial Management');
    });

    it("lists PFM's changes on PFM screens, finding PFM's application id by its key", async () => {
      $router.open('/pfm/projects/commitments?projectId=5');
      signInAs('pm', {
        ...pfmAnswers(PROJECT, false),
        '/api/applications/data/ajaxGetApplicationData': { body: { data: { applicationId: 2, applicationKey: 'keyPFM', name: 'PFM' } } },
        '/api/changes/refresh': { body: {} },
        '/api/changes': { body: { data: [{ parentApplicationRecordId: 4, parentRecordType: 'ChangeEvent', applicationRecordId: 9, recordType: 'ChangeEvent' }] } },
      });
      await mountHeader();
      await waitFor(() => $('.change-indicator[data-parent-record-id="4"]'));
      expect(fetchCalls).to.include.members(['/api/changes/refresh?ApplicationId=2', '/api/changes?ApplicationId=2']);
    });

    it('links a CM project out to the legacy cost-management host', async () => {
      $router.open('/pfm/projects/commitments?projectId=5');
      signInAs('pm', pfmAnswers({ ...PROJECT, classification: 'CM', isCM: true }, false));
      await mountHeader();
      const link = await waitFor(() => $<HTMLAnchorElement>('[data-menu="project"] [data-entry="cost-management"]'));
      expect(link.getAttribute('href')).to.equal(`${location.origin}/costmanagement/costmanagement/cm?projectId=5`);
      expect($$('[data-menu="project"] [role="menuitem"]')).to.have.length(1);
    });
  });

  describe('changes', () => {
    const LIST = [
      { parentApplicationRecordId: 10, parentRecordType: 'Change Event', applicationRecordId: 101, recordType: 'ChangeEventItem', description: 'Amount changed' },
      { parentApplicationRecordId: 20, parentRecordType: 'Subcontract', applicationRecordId: 201, recordType: 'Subcontract', description: 'Vendor changed' },
    ];

    it('lists unacknowledged changes with orange asterisks; clicking one acknowledges its parent record', async () => {
      signInAs('pm', { '/api/changes/refresh': { body: { data: true } }, '/api/changes': { body: { data: LIST } }, '/api/changes/remove': { body: { data: true } } });
      await mountHeader('application-id="2"');
      const asterisk = await waitFor(() => $<HTMLButtonElement>('.change-indicator[data-parent-record-id="10"]'));
      expect(fetchCalls).to.include.members(['/api/changes/refresh?ApplicationId=2', '/api/changes?ApplicationId=2']);
      expect(asterisk.textContent).to.equal('*');
      expect(asterisk.getAttribute('aria-label')).to.equal('Acknowledge changes to Change Event 10');
      asterisk.click();
      await waitFor(() => !$('.change-indicator[data-parent-record-id="10"]'));
      expect(fetchCalls).to.include('/api/changes/remove?ApplicationId=2&ParentApplicationRecordId=10');
      expect($('.change-indicator[data-parent-record-id="20"]')).to.not.equal(null);
    });

    it('brings the asterisk back and shows an error when acknowledging fails', async () => {
      signInAs('pm', { '/api/changes/refresh': { body: {} }, '/api/changes': { body: { data: LIST } }, '/api/changes/remove': { status: 500 } });
      await mountHeader('application-id="2"');
      (await waitFor(() => $<HTMLButtonElement>('.change-indicator[data-parent-record-id="10"]'))).click();
      await waitFor(() => $toasts.get().length > 0);
      expect($toasts.get()[0]?.variant).to.equal('danger');
      await waitFor(() => $('.change-indicator[data-parent-record-id="10"]'));
    });

    it("clears every change with 'Clear all'", async () => {
      signInAs('pm', { '/api/changes/refresh': { body: {} }, '/api/changes': { body: { data: LIST } }, '/api/changes/clear': { body: { data: true } } });
      await mountHeader('application-id="2"');
      await waitFor(() => $('.change-indicator'));
      const clear = $$<HTMLButtonElement>('.portal-changes-panel button').find((button) => button.textContent === 'Clear all');
      clear?.click();
      await waitFor(() => !$('.change-indicator'));
      expect(fetchCalls).to.include('/api/changes/clear?ApplicationId=2');
    });
  });
});
