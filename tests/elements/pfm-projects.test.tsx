import { expect } from 'chai';
import type { AccountInfo } from '@azure/msal-browser';
import { resetApi } from '../../src/core/api';
import { $session, resetAuth, type AuthClient } from '../../src/core/auth';
import { $toasts, resetMessages } from '../../src/core/messages';
import { $projectPins } from '../../src/core/pins';
import { resetRoles, setRoles } from '../../src/core/roles';
import { $router } from '../../src/core/router';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import {
  LOAD_FAILED_MESSAGE, NO_ACCESS_MESSAGE, projectHref, searchProjects, sortProjects, toProjectRow, type ProjectRow,
} from '../../src/features/projections';
import '../../src/elements/pfm-projects/define';
import '../../src/elements/portal-header/define';
import { setValue, sleep, waitFor } from '../support/browser';

type Answer = { status?: number; body?: unknown; wait?: Promise<void> };
type Call = { path: string; search: string; method: string; body: Record<string, string>; authorization: string | null };
const realFetch = window.fetch;
let calls: Call[] = [];

/** Stub fetch by path and query ('/path?open=false' before '/path'); unknown paths answer 404. */
function stubFetch(answers: Record<string, Answer | (() => Answer)>): void {
  calls = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.origin);
    const body = init?.body instanceof FormData ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, String(v)])) : {};
    calls.push({ path: url.pathname, search: url.search, method: init?.method ?? 'GET', body, authorization: new Headers(init?.headers).get('Authorization') });
    const found = answers[url.pathname + url.search] ?? answers[url.pathname];
    const answer = (typeof found === 'function' ? found() : found) ?? { status: 404, body: {} };
    if (answer.wait) await answer.wait;
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** Rows as getprojects sends them (PROJECT_SELECT fields). */
const project = (projectId: number, number: string, name: string, extra: Record<string, unknown> = {}) => ({
  projectId, legalEntityId: 1, number, name, classification: 'GC', budgetId: projectId * 10, legalEntityName: 'Northwind Builders', active: true,
  displayText: `${number} ${name}`, projectManagerName: 'Marcus Reyes', ...extra,
});
const OPEN = [
  project(1, '24-1032', 'Riverside Medical Office Building'),
  project(2, '24-1040', 'Harbor Point Apartments', { legalEntityId: 2, legalEntityName: 'Atlas Construction', classification: 'GC' }),
  project(4, '23-0877', 'Civic Center Garage', { classification: 'CM', legalEntityName: 'Atlas Construction' }),
  project(5, '25-0101', 'Airport Hangar Renovation', { classification: 'Design-Build' }),
];
const CLOSED = [project(7, '22-0450', 'Lakeside School', { active: false })];
const PATHS = {
  projects: '/api/pfm/getprojects',
  closedProjects: '/api/pfm/getprojects?open=false',
  pins: '/api/pfm/projects/GetProjectPins',
  pin: '/api/pfm/projects/PinProject',
  unpin: '/api/pfm/projects/UnpinProject',
};

function stubProjects(extra: Record<string, Answer | (() => Answer)> = {}): void {
  stubFetch({
    [PATHS.closedProjects]: { body: { data: CLOSED } },
    [PATHS.projects]: { body: { data: OPEN } },
    [PATHS.pins]: { body: { data: [] } },
    ...extra,
  });
}

let element: HTMLElement;
const root = () => {
  if (!element.shadowRoot) throw new Error('no shadow root');
  return element.shadowRoot;
};
const $ = <E extends Element = HTMLElement>(selector: string) => root().querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...root().querySelectorAll<E>(selector)];
/** Project numbers in the order shown. */
const shownNumbers = () => $$('tbody tr').map((row) => row.querySelector('td:nth-child(2)')?.textContent ?? '');
const rowOf = (projectId: number) => $(`tbody tr[data-project-id="${projectId}"]`);

async function mount(): Promise<HTMLElement> {
  element = document.createElement('pfm-projects');
  document.body.append(element);
  return element;
}

async function mountSignedIn(): Promise<HTMLElement> {
  $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } });
  await mount();
  await waitFor(() => $('table[data-projects] tbody tr'));
  return element;
}

async function typeSearch(text: string): Promise<void> {
  const input = await waitFor(() => $<HTMLInputElement>('input[data-search]'));
  setValue(input, text);
  await sleep(20);
}

const sortButton = (label: string) => $$<HTMLButtonElement>('thead th button').find((button) => button.textContent?.startsWith(label));
const ariaSort = (label: string) => sortButton(label)?.closest('th')?.getAttribute('aria-sort');

describe('<pfm-projects>', () => {
  beforeEach(() => {
    resetApi();
    resetMessages();
    resetRoles();
    $projectPins.set(null);
  });
  afterEach(() => {
    element?.remove();
    window.fetch = realFetch;
    resetApi();
    resetMessages();
    resetAuth();
    $projectPins.set(null);
    $session.set({ status: 'signedOut', account: null });
  });

  it('lists open and closed projects, closed ones marked, sorted by number', async () => {
    stubProjects();
    await mountSignedIn();
    await waitFor(() => $$('tbody tr').length === 5);
    expect(shownNumbers()).to.deep.equal(['22-0450', '23-0877', '24-1032', '24-1040', '25-0101']);
    expect(calls.filter((call) => call.path === PATHS.projects).map((call) => call.search).sort()).to.deep.equal(['', '?open=false']);
    expect(rowOf(7)?.querySelector('[data-closed]')?.textContent).to.equal('Closed');
    expect(rowOf(1)?.querySelector('[data-closed]')).to.equal(null);
    const cells = [...(rowOf(2)?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(cells.slice(1)).to.deep.equal(['24-1040', 'Harbor Point Apartments', 'Atlas Construction', 'GC', 'Open']);
    expect($('[data-count]')?.textContent).to.equal('5 projects');
    expect(ariaSort('Number')).to.equal('ascending');
    expect(ariaSort('Name')).to.equal('none');
  });

  it('renders names as text, never HTML', async () => {
    stubProjects({ [PATHS.projects]: { body: { data: [project(9, '24-9999', '<img src=x onerror=alert(1)>Tower')] } }, [PATHS.closedProjects]: { body: { data: [] } } });
    await mountSignedIn();
    expect(rowOf(9)?.querySelector('a')?.textContent).to.equal('<img src=x onerror=alert(1)>Tower');
    expect(root().querySelector('img')).to.equal(null);
  });

  it('searches number and name, any case, every word', async () => {
    stubProjects();
    await mountSignedIn();
    await typeSearch('riverside');
    expect(shownNumbers()).to.deep.equal(['24-1032']);
    await typeSearch('24-10');
    expect(shownNumbers()).to.deep.equal(['24-1032', '24-1040']);
    await typeSearch('  HARBOR   apartments ');
    expect(shownNumbers()).to.deep.equal(['24-1040']);
    await typeSearch('Atlas'); // legal entity is not searched
    expect(shownNumbers()).to.deep.equal([]);
    expect($('[data-empty]')?.textContent).to.equal('No projects match the search.');
    expect($('[data-count]')?.textContent).to.equal('0 projects');
    await typeSearch('');
    expect(shownNumbers()).to.have.length(5);
  });

  it('sorts by name, legal entity and classification, toggling the direction with aria-sort', async () => {
    stubProjects();
    await mountSignedIn();
    sortButton('Name')?.click();
    await sleep(20);
    expect(ariaSort('Name')).to.equal('ascending');
    expect(ariaSort('Number')).to.equal('none');
    expect(shownNumbers()).to.deep.equal(['25-0101', '23-0877', '24-1040', '22-0450', '24-1032']);
    sortButton('Name')?.click();
    await sleep(20);
    expect(ariaSort('Name')).to.equal('descending');
    expect(shownNumbers()).to.deep.equal(['24-1032', '22-0450', '24-1040', '23-0877', '25-0101']);
    sortButton('Legal Entity')?.click();
    await sleep(20);
    // Ties keep number order.
    expect(shownNumbers()).to.deep.equal(['23-0877', '24-1040', '22-0450', '24-1032', '25-0101']);
    sortButton('Classification')?.click();
    await sleep(20);
    expect(shownNumbers()).to.deep.equal(['23-0877', '25-0101', '22-0450', '24-1032', '24-1040']);
    sortButton('Number')?.click();
    sortButton('Number')?.click();
    await sleep(20);
    expect(ariaSort('Number')).to.equal('descending');
    expect(shownNumbers()).to.deep.equal(['25-0101', '24-1040', '24-1032', '23-0877', '22-0450']);
  });

  it('shows pinned projects first, in the chosen order among themselves', async () => {
    stubProjects({ [PATHS.pins]: { body: { data: [OPEN[3], OPEN[1]] } } });
    await mountSignedIn();
    await waitFor(() => $$('tbody tr[data-pinned]').length === 2);
    expect(shownNumbers()).to.deep.equal(['24-1040', '25-0101', '22-0450', '23-0877', '24-1032']);
    expect(rowOf(2)?.querySelector('[data-pin]')?.getAttribute('aria-pressed')).to.equal('true');
    expect(rowOf(2)?.querySelector('[data-pin]')?.getAttribute('aria-label')).to.equal('Unpin 24-1040 Harbor Point Apartments');
    expect(rowOf(1)?.querySelector('[data-pin]')?.getAttribute('aria-label')).to.equal('Pin 24-1032 Riverside Medical Office Building');
    sortButton('Number')?.click();
    await sleep(20);
    expect(shownNumbers()).to.deep.equal(['25-0101', '24-1040', '24-1032', '23-0877', '22-0450']);
  });

  it('pins with a POST of ProjectId: first at once, and in the shared store', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => { release = resolve; });
    stubProjects({ [PATHS.pin]: { body: { data: [OPEN[0]] }, wait } });
    await mountSignedIn();
    await waitFor(() => $projectPins.get());
    rowOf(1)?.querySelector<HTMLButtonElement>('[data-pin]')?.click();
    await waitFor(() => rowOf(1)?.hasAttribute('data-pinned'));
    expect(shownNumbers()[0]).to.equal('24-1032');
    expect(rowOf(1)?.querySelector<HTMLButtonElement>('[data-pin]')?.disabled).to.equal(true); // while the call runs
    expect($projectPins.get()?.map((pin) => pin.projectId)).to.deep.equal([1]);
    expect($projectPins.get()?.[0]?.name).to.equal('Riverside Medical Office Building');
    release();
    await waitFor(() => rowOf(1)?.querySelector<HTMLButtonElement>('[data-pin]')?.disabled === false);
    const post = calls.find((call) => call.path === PATHS.pin);
    expect(post?.method).to.equal('POST');
    expect(post?.body).to.deep.equal({ ProjectId: '1' });
  });

  it('rolls a failed pin back and says so in a toast', async () => {
    stubProjects({ [PATHS.pin]: { status: 500, body: { message: 'database is locked' } } });
    await mountSignedIn();
    await waitFor(() => $projectPins.get());
    const original = console.error;
    console.error = () => undefined;
    try {
      rowOf(5)?.querySelector<HTMLButtonElement>('[data-pin]')?.click();
      const toast = await waitFor(() => $toasts.get()[0]);
      expect(toast.title).to.equal('Pin failed');
      expect(toast.variant).to.equal('danger');
      expect(toast.message).to.equal('25-0101 Airport Hangar Renovation could not be pinned. Please try again.');
    } finally {
      console.error = original;
    }
    await waitFor(() => !rowOf(5)?.hasAttribute('data-pinned'));
    expect(shownNumbers()[0]).to.equal('22-0450');
    expect($projectPins.get()).to.deep.equal([]);
  });

  it('unpins with a POST of ProjectId, and rolls a failed unpin back with a toast', async () => {
    stubProjects({ [PATHS.pins]: { body: { data: [OPEN[0], OPEN[1]] } }, [PATHS.unpin]: { body: { data: [OPEN[1]] } } });
    await mountSignedIn();
    await waitFor(() => $$('tbody tr[data-pinned]').length === 2);
    rowOf(1)?.querySelector<HTMLButtonElement>('[data-pin]')?.click();
    await waitFor(() => !rowOf(1)?.hasAttribute('data-pinned'));
    expect(calls.find((call) => call.path === PATHS.unpin)?.body).to.deep.equal({ ProjectId: '1' });
    await waitFor(() => $projectPins.get()?.length === 1);
    expect(shownNumbers().slice(0, 2)).to.deep.equal(['24-1040', '22-0450']);

    stubProjects({ [PATHS.unpin]: { status: 403 } });
    const original = console.error;
    console.error = () => undefined;
    try {
      rowOf(2)?.querySelector<HTMLButtonElement>('[data-pin]')?.click();
      const toast = await waitFor(() => $toasts.get()[0]);
      expect(toast.title).to.equal('Unpin failed');
      expect(toast.message).to.equal('24-1040 Harbor Point Apartments could not be unpinned. Please try again.');
    } finally {
      console.error = original;
    }
    await waitFor(() => rowOf(2)?.querySelector<HTMLButtonElement>('[data-pin]')?.disabled === false);
    expect(rowOf(2)?.hasAttribute('data-pinned')).to.equal(true);
    expect(shownNumbers()[0]).to.equal('24-1040');
  });

  it("keeps the PFM bar's Pinned Projects dropdown in step with pins made here, without reloading it", async () => {
    const startUrl = location.pathname + location.search;
    $router.open('/pfm/projects');
    try {
      stubProjects({
        [PATHS.pin]: { body: { data: [OPEN[1]] } },
        [PATHS.unpin]: { body: { data: [] } },
        '/api/employees/GetCurrentUser': { body: { data: { employeeId: 2, preferredName: 'Marcus Reyes', email: 'pm@example.com' } } },
        '/api/common/GetOpenItemsByEmployee': { body: { data: { openWorkflows: [], budgetsPendingProjections: [], pendingPtoRequests: [] } } },
      });
      setRoles(DEMO_ACCOUNTS.find((demo) => demo.login === 'pm')?.roles ?? []);
      const header = document.createElement('portal-header');
      document.body.append(header);
      await mountSignedIn();
      const pinEntries = () => [...(header.shadowRoot?.querySelectorAll<HTMLAnchorElement>('[data-menu="pins"] [data-entry]') ?? [])];
      await waitFor(() => header.shadowRoot?.querySelector('[data-menu="pins"]'));
      await waitFor(() => $projectPins.get());
      expect(pinEntries()).to.have.length(0);
      const pinLoads = calls.filter((call) => call.path === PATHS.pins).length;
      rowOf(2)?.querySelector<HTMLButtonElement>('[data-pin]')?.click();
      await waitFor(() => pinEntries().length === 1);
      expect(pinEntries()[0]?.title).to.equal('24-1040 Harbor Point Apartments');
      expect(pinEntries()[0]?.getAttribute('href')).to.equal('/pfm/projects/projectiongrid?projectId=2&budgetId=20');
      await waitFor(() => rowOf(2)?.querySelector<HTMLButtonElement>('[data-pin]')?.disabled === false);
      rowOf(2)?.querySelector<HTMLButtonElement>('[data-pin]')?.click();
      await waitFor(() => pinEntries().length === 0);
      expect(calls.filter((call) => call.path === PATHS.pins).length).to.equal(pinLoads);
      header.remove();
    } finally {
      history.replaceState(null, '', startUrl);
      resetRoles();
    }
  });

  it('opens a project in its projection grid with legalEntityId, projectId and budgetId; CM projects on the legacy host', async () => {
    stubProjects();
    await mountSignedIn();
    expect(rowOf(2)?.querySelector('a[data-open]')?.getAttribute('href')).to.equal('/pfm/projects/projectiongrid?legalEntityId=2&projectId=2&budgetId=20');
    const cm = rowOf(4)?.querySelector<HTMLAnchorElement>('a[data-open]');
    expect(cm?.getAttribute('href')).to.equal(`${location.origin}/costmanagement/costmanagement/cm?projectId=4`);
    expect(rowOf(4)?.textContent).to.include('Cost Management');
  });

  it("shows 'You do not have access to project data.' on a 403, not an empty list", async () => {
    stubFetch({ [PATHS.projects]: { status: 403 }, [PATHS.pins]: { status: 403 } });
    $session.set({ status: 'signedIn', account: { username: 'employee', login: 'employee' } });
    await mount();
    const alert = await waitFor(() => $('[data-state="forbidden"]'));
    expect(alert.querySelector('span')!.textContent).to.equal(NO_ACCESS_MESSAGE);
    expect(NO_ACCESS_MESSAGE).to.equal('You do not have access to project data.');
    // Issue 16: a 403 offers Retry too (access can be granted meanwhile).
    expect(alert.querySelector('button')!.textContent).to.equal('Retry');
    expect(alert.getAttribute('role')).to.equal('alert');
    expect($('table')).to.equal(null);
    expect($('[data-empty]')).to.equal(null);
  });

  it('offers Retry after another failure, and loads again', async () => {
    let fail = true;
    stubProjects({ [PATHS.projects]: () => (fail ? { status: 500 } : { body: { data: OPEN } }) });
    const original = console.error;
    console.error = () => undefined;
    try {
      $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } });
      await mount();
      const alert = await waitFor(() => $('[data-state="failed"]'));
      expect(alert.textContent).to.include(LOAD_FAILED_MESSAGE);
      fail = false;
      alert.querySelector('button')?.click();
      await waitFor(() => $$('tbody tr').length === 5);
    } finally {
      console.error = original;
    }
  });

  it('calls nothing until signed in, and offers Sign in when signed out', async () => {
    stubProjects();
    $session.set({ status: 'signedOut', account: null });
    await mount();
    await waitFor(() => $('main'));
    expect($('main')?.textContent).to.include('Sign in to see your projects.');
    expect(calls).to.deep.equal([]);
  });

  it("embedded alone, signs in by itself when the session is 'starting' and loads with the bearer token", async () => {
    const account = { homeAccountId: 'h', environment: 'localhost', tenantId: '', localAccountId: 'pm', username: 'pm', name: 'Marcus Reyes', idTokenClaims: { preferred_username: 'pm' } } as unknown as AccountInfo;
    let active: AccountInfo | null = null;
    const client = {
      handleRedirectPromise: async () => null,
      getActiveAccount: () => active,
      getAllAccounts: () => [account],
      setActiveAccount: (a: AccountInfo | null) => { active = a; },
      loginRedirect: async () => new Promise<void>(() => {}),
      logoutRedirect: async () => new Promise<void>(() => {}),
      acquireTokenSilent: async () => ({ accessToken: 'silent-token' }),
      acquireTokenPopup: async () => ({ accessToken: 'popup-token' }),
    } as unknown as AuthClient;
    resetAuth({ client });
    stubProjects({ '/api/applications/getApplicationRoleAccess': { body: { data: [] } } });
    expect($session.get().status).to.equal('starting');
    await mount();
    await waitFor(() => $$('tbody tr').length === 5);
    expect($session.get().status).to.equal('signedIn');
    const load = calls.find((call) => call.path === PATHS.projects);
    expect(load?.authorization).to.equal('Bearer silent-token');
  });
});

describe('pfm-projects data rules', () => {
  const rows = [...OPEN.map((row) => toProjectRow(row)), ...CLOSED.map((row) => toProjectRow(row, true))].filter((row): row is ProjectRow => row !== null);

  it('reads rows defensively: no id, not an object → skipped; missing fields → defaults', () => {
    expect(toProjectRow(null)).to.equal(null);
    expect(toProjectRow([1])).to.equal(null);
    expect(toProjectRow({ name: 'x' })).to.equal(null);
    expect(toProjectRow({ projectId: '0' })).to.equal(null);
    expect(toProjectRow({ projectId: '12', active: 0 })).to.deep.equal({
      projectId: 12, legalEntityId: -1, budgetId: -1, number: '', name: '', legalEntityName: '', classification: '', closed: true,
    });
  });

  it('leaves out the budget when the project has none', () => {
    const row = toProjectRow({ projectId: 3, legalEntityId: 1, classification: 'GC' });
    expect(row && projectHref(row, 'https://legacy.example')).to.equal('/pfm/projects/projectiongrid?legalEntityId=1&projectId=3');
  });

  it('recognises CM in any case and trims; a trailing slash on the legacy origin is dropped', () => {
    const row = toProjectRow({ projectId: 34, classification: ' cm ' });
    expect(row && projectHref(row, 'https://legacy.example/')).to.equal('https://legacy.example/costmanagement/costmanagement/cm?projectId=34');
  });

  it('sorts numbers naturally and does not change its input', () => {
    const input = [toProjectRow({ projectId: 1, number: '24-100' }), toProjectRow({ projectId: 2, number: '24-20' })].filter((row): row is ProjectRow => row !== null);
    expect(sortProjects(input, { key: 'number', direction: 'ascending' }, new Set()).map((row) => row.number)).to.deep.equal(['24-20', '24-100']);
    expect(input.map((row) => row.number)).to.deep.equal(['24-100', '24-20']);
  });

  it('search with only spaces keeps every project', () => {
    expect(searchProjects(rows, '   ')).to.have.length(rows.length);
  });
});
