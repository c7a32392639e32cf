import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { resetRoles, setRoles } from '../../src/core/roles';
import { pinClock, setClock } from '../../src/core/clock';
import {
  OPEN_ITEMS_CHANGED_EVENT, TIMECARD_API, type ApprovalInboxLoad, type ApprovalInboxRow, type TeamTimecardRow, type TeamTimecardsLoad, type TimecardWeeksLoad,
} from '../../src/core/timecards/contract';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { ApiError } from '../../src/core/api';
import { MANAGE_TEXT, failureMessage, teamSheet, weekLabel, currentWeekStart, teamDefaultWeek } from '../../src/features/timecards/manage';
import { sheetToCsv, sheetToExcelBlob } from '../../src/ui/grid/export';
import '../../src/elements/tc-manage-timecards/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor, type StubAnswer, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const TC_DEFAULT = [{ applicationKey: 'keyTC', name: 'Default' }];
const TC_ADMIN = [{ applicationKey: 'keyTC', name: 'Timecard Admin' }];
const STATES = [
  { name: 'Draft', applicationRecordStateId: 1301 }, { name: 'Submitted', applicationRecordStateId: 1302 },
  { name: 'Approved', applicationRecordStateId: 1303 }, { name: 'Processed', applicationRecordStateId: 1304 },
];

const row = (over: Partial<TeamTimecardRow>): TeamTimecardRow => ({
  employeeId: 10, employeeName: 'Ava <b>Lopez</b>', managerEmployeeId: 5, managerName: 'Linda Okafor', delegatedFromName: null,
  timecardId: 100, state: 'Submitted', applicationRecordStateId: 1302, enteredHours: 40, expectedHours: 40, submittedAt: '2026-11-21T15:00:00Z',
  rejectionReason: null, mayApprove: true, ...over,
});

const TEAM_ROWS: TeamTimecardRow[] = [
  row({}),
  row({ employeeId: 11, employeeName: 'Ben Cho', timecardId: 101 }),
  row({ employeeId: 12, employeeName: 'Cara Diaz', timecardId: 102, delegatedFromName: 'Victor Hale', managerName: 'Victor Hale' }),
  row({ employeeId: 13, employeeName: 'Dan Eze', timecardId: null, state: null, applicationRecordStateId: null, enteredHours: 0, mayApprove: false }),
];

const team = (rows: TeamTimecardRow[], view: TeamTimecardsLoad['view'] = 'team'): TeamTimecardsLoad => ({
  weekStart: teamDefaultWeek(), weekEnding: '', view, rows, states: STATES,
});

const WEEKS: TimecardWeeksLoad = {
  employeeId: 7,
  weeks: [
    { weekStart: '2026-11-15', weekEnding: '2026-11-21', timecardId: 55, state: 'Draft', enteredHours: 32, expectedHours: 40, dueDate: '2026-11-22T06:00:00.000Z',
      rejectionReason: 'Missing <i>Friday</i>' },
    { weekStart: '2026-11-08', weekEnding: '2026-11-14', timecardId: null, state: null, enteredHours: 0, expectedHours: 40, dueDate: '2026-11-15T06:00:00.000Z',
      rejectionReason: null },
    { weekStart: '2026-11-01', weekEnding: '2026-11-07', timecardId: 53, state: 'Approved', enteredHours: 40, expectedHours: 40, dueDate: '2026-11-08T06:00:00.000Z',
      rejectionReason: null },
  ],
  pastWeeksToSubmit: ['2026-11-08', '2026-11-15'],
};

const ROUTES = { timecardApprove: 1303, timecardReject: 1301, timeOffApprove: 1402, timeOffDeny: 1403 };

const inboxRow = (over: Partial<ApprovalInboxRow>): ApprovalInboxRow => ({
  kind: 'timecard', key: 'timecard:200', itemId: 200, applicationRecordStateId: 1302, timecardId: 200, employeeId: 20, employeeName: 'Sam Carter',
  delegatedFromName: null, approvingAs: 'manager', startDate: '2026-11-22', endDate: '2026-11-28', hours: 40, expectedHours: 40, description: null,
  waitingSince: '2026-11-29T02:00:00.000Z', datesPassed: false, ...over,
});

const INBOX_ROWS: ApprovalInboxRow[] = [
  inboxRow({}),
  inboxRow({ key: 'timecard:201', itemId: 201, timecardId: 201, employeeId: 21, employeeName: 'Tyler <i>Ramirez</i>', delegatedFromName: 'Patricia Gutierrez',
    approvingAs: 'delegate', startDate: '2026-11-15', endDate: '2026-11-21', hours: 38.5, waitingSince: '2026-11-29T03:00:00.000Z' }),
  inboxRow({ kind: 'timeOff', key: 'timeOff:30', itemId: 30, applicationRecordStateId: 1401, timecardId: null, employeeId: 9, employeeName: 'Sam Patterson',
    startDate: '2026-11-23', endDate: '2026-11-25', hours: 24, expectedHours: null, description: 'Vacation: Vacation', waitingSince: '2026-11-29T04:00:00.000Z', datesPassed: true }),
  inboxRow({ kind: 'correction', key: 'correction:4', itemId: 4, applicationRecordStateId: null, timecardId: 150, employeeId: 66, employeeName: 'Karen Rogers',
    approvingAs: 'admin', startDate: '2026-10-11', endDate: '2026-10-17', hours: 8, expectedHours: null, description: 'Time off “Sick day” to add to an Approved timecard',
    waitingSince: '2026-11-30T04:00:00.000Z' }),
];

const inbox = (rows: ApprovalInboxRow[] = INBOX_ROWS): ApprovalInboxLoad => ({ rows, routes: ROUTES });

function answers(over: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    [TIMECARD_API.getApprovalInbox]: { body: { data: inbox() } },
    [TIMECARD_API.getTimecardWeeks]: { body: { data: WEEKS } },
    [TIMECARD_API.getTeamTimecards]: ({ query }) => ({ body: { data: team(query.get('view') === 'team' ? TEAM_ROWS : [], (query.get('view') ?? 'team') as 'team') } }),
    [TIMECARD_API.getAdminWeekCounts]: ({ query }) => ({ body: { data: {
      weekStart: query.get('weekStart'), weekEnding: '', employees: 64, submitted: 41, approved: 11, owed: 12, remindedToday: 0, mayRemind: true,
    } } }),
    ...over,
  };
}

const tabNames = (root: ShadowRoot) => [...root.querySelectorAll('[role="tab"]')].map((t) => t.getAttribute('data-tab'));
const click = (root: ParentNode, selector: string) => {
  const element = root.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`no ${selector}`);
  element.click();
};
const key = (target: Element, keyName: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init }));

describe('<tc-manage-timecards>', () => {
  useElementTestPage({ login: 'rpm', after: () => { resetRoles(); setClock(null); } });

  it('tabs by role: an employee has My weeks only; a manager Team and Delegations; a Timecard Admin All, Without approver and Corrections', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers({ [TIMECARD_API.getTeamTimecards]: { body: { data: team([]) } } }));
    let root = await mount('tc-manage-timecards');
    await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
    await waitFor(() => fetchRequests.some((r) => r.path === TIMECARD_API.getTeamTimecards));
    await new Promise((r) => setTimeout(r, 50));
    expect(tabNames(root)).to.deep.equal(['my-weeks']);
    document.body.innerHTML = '';

    stubFetch(answers());
    root = await mount('tc-manage-timecards');
    await waitFor(() => tabNames(root).includes('team'));
    expect(tabNames(root)).to.deep.equal(['inbox', 'my-weeks', 'team', 'delegations']);
    document.body.innerHTML = '';

    setRoles(TC_ADMIN);
    stubFetch(answers({ [TIMECARD_API.getTeamTimecards]: ({ query }) => ({ body: { data: team(query.get('view') === 'all' ? TEAM_ROWS : [], 'all') } }) }));
    root = await mount('tc-manage-timecards', { 'active-tab': 'all' });
    await waitFor(() => root.querySelector('[data-team-view="all"] [data-layout="table"]'));
    expect(tabNames(root)).to.deep.equal(['inbox', 'my-weeks', 'all', 'without-approver', 'corrections']);
    // All employees has the week's counts and the reminder, for the week shown.
    await waitFor(() => textOf(root, '[data-count="owed"]').includes('12'));
    expect(fetchRequests.find((r) => r.path === TIMECARD_API.getAdminWeekCounts)!.query.get('weekStart'))
      .to.equal(root.querySelector('strong[data-week]')!.getAttribute('data-week'));
    // The team views open on the last week that has come due.
    const lastWeek = new Date(`${currentWeekStart()}T00:00:00Z`);
    lastWeek.setUTCDate(lastWeek.getUTCDate() - 7);
    expect(fetchRequests.find((r) => r.query.get('view') === 'all')!.query.get('weekStart')).to.equal(lastWeek.toISOString().slice(0, 10));
    expect(root.querySelector('[data-manager]')).to.not.equal(null);
  });

  describe('Waiting for me', () => {
    const rowKeys = (root: ShadowRoot) => [...root.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-key'));

    it('is first for a manager; loads (with a status), then one row per item with the name, kind, dates, hours and the delegating manager', async () => {
      setRoles(TC_DEFAULT);
      // Held until released: the loading status shows first. (A resolver set by the stub itself could still be unset
      // when the test answers, the status showing before the call goes out, and the answer would be lost.)
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => { release = resolve; });
      stubFetch(answers({ [TIMECARD_API.getApprovalInbox]: async () => { await held; return { body: { data: inbox() } }; } }));
      const root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
      const loading = await waitFor(() => root.querySelector('[data-inbox] [data-state="loading"]'));
      expect(loading.getAttribute('role')).to.equal('status');
      expect(loading.textContent).to.equal(MANAGE_TEXT.inboxLoading);
      release();
      await waitFor(() => root.querySelector('table[data-layout="inbox"]'));
      expect(tabNames(root)[0]).to.equal('inbox');
      expect(root.querySelector('[role="tab"][aria-selected="true"]')!.textContent).to.equal('Waiting for me');
      expect(rowKeys(root)).to.deep.equal(['timecard:200', 'timecard:201', 'timeOff:30', 'correction:4']);
      const delegated = root.querySelector('tr[data-key="timecard:201"]')!;
      expect(textOf(delegated, '[data-name]')).to.equal('Tyler <i>Ramirez</i>');
      expect(delegated.querySelector('i')).to.equal(null);
      expect(textOf(delegated, '[data-for]')).to.equal('for Patricia Gutierrez');
      expect(textOf(delegated, '[data-dates]')).to.equal('11/15–11/21');
      expect(textOf(delegated, '[data-hours]')).to.equal('38.50 / 40.00');
      const request = root.querySelector('tr[data-key="timeOff:30"]')!;
      expect(textOf(request, '[data-kind-name]')).to.equal('Time off');
      expect(textOf(request, '[data-dates-passed]')).to.equal('Dates passed');
      expect(textOf(request, '[data-description]')).to.equal('Vacation: Vacation');
      expect(request.querySelector('a')!.getAttribute('href')).to.equal('/teammembertoolbox/requests?recordId=30');
      // Every row names its person; a correction is opened in its tab, not approved here.
      expect([...root.querySelectorAll('tbody tr [data-name]')].map((n) => n.textContent)).to.deep.equal(['Sam Carter', 'Tyler <i>Ramirez</i>', 'Sam Patterson', 'Karen Rogers']);
      const correction = root.querySelector('tr[data-key="correction:4"]')!;
      expect(correction.querySelector('input[type="checkbox"]')).to.equal(null);
      expect(correction.querySelector('a')!.getAttribute('href')).to.equal('/teammembertoolbox/timecards?activeTab=corrections');
      expect(root.querySelector('tr[data-key="timecard:200"] [data-action="reject-row"]')!.getAttribute('aria-label')).to.equal("Reject Sam Carter's timecard for 11/22–11/28");
    });

    it('an employee who approves nothing has no such tab; an empty inbox says so', async () => {
      setRoles(TC_DEFAULT);
      stubFetch(answers({ [TIMECARD_API.getTeamTimecards]: { body: { data: team([]) } } }));
      let root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
      await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
      expect(tabNames(root)).to.deep.equal(['my-weeks']);
      document.body.innerHTML = '';
      stubFetch(answers({ [TIMECARD_API.getApprovalInbox]: { body: { data: inbox([]) } } }));
      root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
      expect((await waitFor(() => root.querySelector('[data-inbox] [data-empty]'))).textContent).to.equal('Nothing is waiting for you.');
    });

    it('bulk approve by keyboard: Space and Ctrl+A select, the dialog names every item, cards and requests go to their bulk calls; the rows leave and the bell is told', async () => {
      setRoles(TC_DEFAULT);
      let inboxLoads = 0;
      stubFetch(answers({
        [TIMECARD_API.getApprovalInbox]: () => { inboxLoads += 1; return { body: { data: inbox(inboxLoads === 1 ? INBOX_ROWS : INBOX_ROWS.slice(3)) } }; },
        [TIMECARD_API.updateTimecardStates]: { body: { data: { done: [200, 201], refused: [] } } },
        [TIME_OFF_API.updateRequestStates]: { body: { data: { done: [30], refused: [] } } },
      }));
      let told = 0;
      const listen = () => { told += 1; };
      document.addEventListener(OPEN_ITEMS_CHANGED_EVENT, listen);
      try {
        const root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
        const first = await waitFor(() => root.querySelector<HTMLTableRowElement>('tr[data-key="timecard:200"]'));
        first.focus();
        key(first, ' ');
        await waitFor(() => textOf(root, '[data-selected-count]') === '1 selected');
        key(first, 'ArrowDown');
        expect(root.activeElement?.getAttribute('data-key')).to.equal('timecard:201');
        key(first, 'a', { ctrlKey: true });
        await waitFor(() => textOf(root, '[data-selected-count]') === '3 selected');
        click(root, '[data-action="approve"]');
        const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[data-dialog="inbox-confirm"][open]'));
        expect(textOf(dialog, '[data-confirm-title]')).to.equal('Approve these 3 items?');
        expect([...dialog.querySelectorAll('[data-confirm-items] li')].map((li) => li.textContent)).to.deep.equal([
          "Sam Carter's timecard for 11/22–11/28", "Tyler <i>Ramirez</i>'s timecard for 11/15–11/21", "Sam Patterson's time off for 11/23–11/25",
        ]);
        expect(root.activeElement?.getAttribute('data-action')).to.equal('confirm', 'Enter confirms');
        expect(fetchRequests.some((r) => r.method === 'POST')).to.equal(false, 'nothing sent before the confirmation');
        click(dialog, '[data-action="confirm"]');
        await waitFor(() => root.querySelector('[data-outcome="success"]'));
        const cards = fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardStates)!.body as Record<string, string>;
        expect(cards).to.deep.equal({
          'items[0].ItemId': '200', 'items[0].OldRecordStateId': '1302', 'items[1].ItemId': '201', 'items[1].OldRecordStateId': '1302', RouteStateId: '1303',
        });
        const requests = fetchRequests.find((r) => r.path === TIME_OFF_API.updateRequestStates)!.body as Record<string, string>;
        expect(requests).to.deep.equal({ 'items[0].ItemId': '30', 'items[0].OldRecordStateId': '1401', RouteStateId: '1402' });
        expect(textOf(root, '[data-outcome-message]')).to.equal('3 items approved.');
        expect(rowKeys(root)).to.deep.equal(['correction:4']);
        expect(told).to.equal(1);
        await waitFor(() => inboxLoads === 2);
        await waitFor(() => !dialog.open);
      } finally {
        document.removeEventListener(OPEN_ITEMS_CHANGED_EVENT, listen);
      }
    });

    it('reject one: "Reject Sam Carter\'s timecard for 11/22–11/28?" asks a reason, which goes with it; a request is denied with the same reason', async () => {
      setRoles(TC_DEFAULT);
      stubFetch(answers({
        [TIMECARD_API.updateTimecardStates]: { body: { data: { done: [200], refused: [] } } },
        [TIME_OFF_API.updateRequestStates]: { body: { data: { done: [30], refused: [] } } },
      }));
      const root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
      await waitFor(() => root.querySelector('tr[data-key="timecard:200"]'));
      click(root, 'tr[data-key="timecard:200"] [data-action="reject-row"]');
      const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[data-dialog="inbox-confirm"][open]'));
      expect(textOf(dialog, '[data-confirm-title]')).to.equal("Reject Sam Carter's timecard for 11/22–11/28?");
      expect(dialog.querySelector('[data-confirm-items]')).to.equal(null);
      click(dialog, '[data-action="confirm"]');
      await waitFor(() => textOf(dialog, '[data-error="reason"]') === 'A reason is required to reject.');
      expect(fetchRequests.some((r) => r.method === 'POST')).to.equal(false);
      setValue(dialog.querySelector('textarea')!, '  Friday is missing  ');
      click(dialog, '[data-action="confirm"]');
      await waitFor(() => root.querySelector('[data-outcome="success"]'));
      const sent = fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardStates)!.body as Record<string, string>;
      expect([sent['items[0].ItemId'], sent.RouteStateId, sent.reason]).to.deep.equal(['200', '1301', 'Friday is missing']);
      await waitFor(() => !dialog.open);

      click(root, 'tr[data-key="timeOff:30"] [data-action="reject-row"]');
      await waitFor(() => dialog.open);
      expect(textOf(dialog, '[data-confirm-title]')).to.equal("Reject Sam Patterson's time off for 11/23–11/25?");
      setValue(dialog.querySelector('textarea')!, 'Two of the crew are out.');
      click(dialog, '[data-action="confirm"]');
      await waitFor(() => fetchRequests.some((r) => r.path === TIME_OFF_API.updateRequestStates));
      const denied = fetchRequests.find((r) => r.path === TIME_OFF_API.updateRequestStates)!.body as Record<string, string>;
      expect([denied['items[0].ItemId'], denied.RouteStateId, denied.reason]).to.deep.equal(['30', '1403', 'Two of the crew are out.']);
    });

    it('a stale item (409) shows the server\'s message and Reload, which loads the list again; the row stays until then', async () => {
      setRoles(TC_DEFAULT);
      let inboxLoads = 0;
      stubFetch(answers({
        [TIMECARD_API.getApprovalInbox]: () => { inboxLoads += 1; return { body: { data: inbox(inboxLoads === 1 ? INBOX_ROWS : INBOX_ROWS.slice(1)) } }; },
        [TIMECARD_API.updateTimecardStates]: { status: 409, body: { message: 'This timecard was already approved by Angela Ruiz.' } },
      }));
      const root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
      await waitFor(() => root.querySelector('tr[data-key="timecard:200"]'));
      click(root, 'tr[data-key="timecard:200"] [data-action="approve-row"]');
      const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[data-dialog="inbox-confirm"][open]'));
      expect(textOf(dialog, '[data-confirm-title]')).to.equal("Approve Sam Carter's timecard for 11/22–11/28?");
      click(dialog, '[data-action="confirm"]');
      const outcome = await waitFor(() => root.querySelector('[data-outcome="danger"]'));
      expect(textOf(outcome, '[data-outcome-message]')).to.equal('This timecard was already approved by Angela Ruiz.');
      await waitFor(() => !dialog.open);
      expect(rowKeys(root)).to.include('timecard:200');
      expect(inboxLoads).to.equal(1);
      click(outcome, '[data-action="reload"]');
      await waitFor(() => inboxLoads === 2 && !rowKeys(root).includes('timecard:200'));
      expect(root.querySelector('[data-outcome]')).to.equal(null);
    });

    it('a refusal in the answer names the person and week; a failed call keeps the dialog open with the reason and says why inside it', async () => {
      setRoles(TC_DEFAULT);
      let answer: StubAnswer = { status: 500, body: {} };
      stubFetch(answers({ [TIMECARD_API.updateTimecardStates]: () => answer }));
      const root = await mount('tc-manage-timecards', { 'active-tab': 'inbox' });
      await waitFor(() => root.querySelector('tr[data-key="timecard:200"]'));
      click(root, 'tr[data-key="timecard:201"] [data-action="reject-row"]');
      const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[data-dialog="inbox-confirm"][open]'));
      setValue(dialog.querySelector('textarea')!, 'Hours on a closed project');
      click(dialog, '[data-action="confirm"]');
      await waitFor(() => textOf(dialog, '[data-dialog-failure]') === MANAGE_TEXT.actionFailed);
      expect(dialog.open).to.equal(true);
      expect(dialog.querySelector('textarea')!.value).to.equal('Hours on a closed project');
      answer = { body: { data: { done: [], refused: [{ ItemId: 201, message: 'This timecard was recalled by its employee.' }] } } };
      click(dialog, '[data-action="confirm"]');
      await waitFor(() => textOf(root, '[data-outcome-message]') === 'This timecard was recalled by its employee.');
      expect(root.querySelector('[data-outcome] [data-action="reload"]')).to.not.equal(null);
    });
  });

  it('a tab the caller lacks shows My weeks', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers({ [TIMECARD_API.getTeamTimecards]: { status: 403, body: {} } }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'all' });
    await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
    expect(root.querySelector('[role="tab"][aria-selected="true"]')!.getAttribute('data-tab')).to.equal('my-weeks');
  });

  it('My weeks: state, hours, when each is due or since when it is overdue, the rejection reason as text, and the weeks still to submit', async () => {
    pinClock('2026-11-24T18:00:00.000Z');
    setRoles(TC_DEFAULT);
    stubFetch(answers());
    const root = await mount('tc-manage-timecards');
    const table = await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
    const draft = table.querySelector('[data-week="2026-11-15"]')!;
    expect(textOf(draft, '[data-entered]')).to.equal('32.00');
    expect(textOf(draft, '[data-expected]')).to.equal('40.00');
    // Still owed after its deadline: overdue, in the card's words (the clock is pinned to Tuesday 11/24).
    expect(draft.querySelector('[data-due][data-overdue]')).to.not.equal(null);
    expect(textOf(draft, '[data-due]')).to.equal('OverdueOverdue since Sun 11/22, 12:00 AM CST (2 days)');
    // Approved: when it was due, never overdue.
    expect(textOf(table, '[data-week="2026-11-01"] [data-due]')).to.equal('Due end of Saturday 11/07');
    expect(table.querySelector('[data-week="2026-11-01"] [data-overdue]')).to.equal(null);
    expect(textOf(draft, '[data-reason]')).to.equal('Missing <i>Friday</i>');
    expect(draft.querySelector('i')).to.equal(null);
    expect(draft.querySelector('a')!.getAttribute('href')).to.equal('/teammembertoolbox/timecards/timecard?timecardId=55');
    expect(table.querySelector('[data-week="2026-11-08"] a')!.getAttribute('href')).to.equal('/teammembertoolbox/timecards/timecard?employeeId=7&weekStart=2026-11-08');
    expect(textOf(table, '[data-week="2026-11-08"] [data-state-name]')).to.contain(MANAGE_TEXT.noCard);
    expect(table.querySelectorAll('tr[data-owed]').length).to.equal(2);
    expect(textOf(root, '[data-owed]')).to.equal('2 past weeks still to submit');
  });

  it('My weeks: this week on top and marked, the past weeks newest first below it, the weeks to come at the bottom', async () => {
    pinClock('2026-11-24T18:00:00.000Z');
    setRoles(TC_DEFAULT);
    const week = (weekStart: string, state: string | null) => ({
      weekStart, weekEnding: '', timecardId: null, state, enteredHours: 0, expectedHours: 40, dueDate: '2026-12-06T06:00:00.000Z', rejectionReason: null,
    });
    // As the server answers them: newest first.
    const load: TimecardWeeksLoad = {
      employeeId: 7, pastWeeksToSubmit: ['2026-11-15'],
      weeks: [week('2026-12-06', null), week('2026-11-29', null), week('2026-11-22', 'Draft'), week('2026-11-15', 'Draft'), week('2026-11-08', 'Approved')],
    };
    stubFetch(answers({ [TIMECARD_API.getTimecardWeeks]: { body: { data: load } } }));
    const root = await mount('tc-manage-timecards');
    const table = await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
    const rows = [...table.querySelectorAll<HTMLElement>('tbody tr')];
    expect(rows.map((r) => r.dataset.week)).to.deep.equal(['2026-11-22', '2026-11-15', '2026-11-08', '2026-11-29', '2026-12-06']);
    expect(rows.map((r) => r.dataset.place)).to.deep.equal(['this', 'past', 'past', 'future', 'future']);
    expect(textOf(rows[0]!, '[data-this-week]')).to.equal(MANAGE_TEXT.thisWeek);
    expect(rows[0]!.querySelector('a')!.getAttribute('aria-current')).to.equal('date');
    expect(table.querySelectorAll('[data-this-week]').length).to.equal(1);
  });

  it('"Submit all ready weeks" submits in one call and names the weeks it could not submit, with why', async () => {
    setRoles(TC_DEFAULT);
    let weeksCalls = 0;
    stubFetch(answers({
      [TIMECARD_API.getTimecardWeeks]: () => { weeksCalls += 1; return { body: { data: WEEKS } }; },
      [TIMECARD_API.submitReadyWeeks]: { body: { data: { submitted: ['2026-11-08'], notReady: [{ weekStart: '2026-11-15', message: 'Entered hours (32) differ from expected (40).' }] } } },
    }));
    const root = await mount('tc-manage-timecards');
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="submit-all"]'));
    expect(button.textContent).to.equal('Submit all ready weeks');
    button.click();
    const answer = await waitFor(() => root.querySelector('[data-answer="submit-all"]'));
    expect(fetchRequests.filter((r) => r.path === TIMECARD_API.submitReadyWeeks && r.method === 'POST').length).to.equal(1);
    expect(textOf(answer, '[data-submitted]')).to.equal(`Submitted: ${weekLabel('2026-11-08')}.`);
    expect(textOf(answer, '[data-not-ready] [data-week="2026-11-15"]')).to.equal(`${weekLabel('2026-11-15')}: Entered hours (32) differ from expected (40).`);
    await waitFor(() => weeksCalls === 2 && root.querySelector('[data-testid="my-weeks"]'));
    expect(root.querySelector('[data-answer="submit-all"]')).to.not.equal(null);
  });

  it('bulk: Space toggles the focused row, Ctrl+A selects every approvable row, Approve sends them all in one call', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers({ [TIMECARD_API.updateTimecardStates]: { body: { data: { done: [100, 101, 102], refused: [] } } } }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    const first = await waitFor(() => root.querySelector<HTMLTableRowElement>('tr[data-employee="10"]'));
    expect(textOf(first, '[data-name]')).to.equal('Ava <b>Lopez</b>');
    expect(textOf(root, 'tr[data-employee="12"] [data-for]')).to.equal('for Victor Hale');
    first.focus();
    key(first, ' ');
    await waitFor(() => textOf(root, '[data-selected-count]') === '1 selected');
    key(first, 'ArrowDown');
    expect(root.activeElement?.getAttribute('data-employee')).to.equal('11');
    key(root.activeElement!, ' ');
    await waitFor(() => textOf(root, '[data-selected-count]') === '2 selected');
    key(first, ' ');
    await waitFor(() => textOf(root, '[data-selected-count]') === '1 selected');
    key(first, 'a', { ctrlKey: true });
    await waitFor(() => textOf(root, '[data-selected-count]') === '3 selected');
    expect(root.querySelector<HTMLButtonElement>('[data-action="approve"]')!.textContent).to.equal('Approve (3)');
    click(root, '[data-action="approve"]');
    await waitFor(() => root.querySelector('[data-outcome="success"]'));
    const sent = fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardStates)!.body as Record<string, string>;
    expect(sent.RouteStateId).to.equal('1303');
    expect([sent['items[0].ItemId'], sent['items[1].ItemId'], sent['items[2].ItemId']]).to.deep.equal(['100', '101', '102']);
    expect(sent['items[0].OldRecordStateId']).to.equal('1302');
    expect(sent['items[3].ItemId']).to.equal(undefined);
    expect(textOf(root, '[data-outcome-message]')).to.equal('3 timecards approved.');
  });

  it('reject needs a reason, asked in a dialog; the reason goes with the rejection', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers({ [TIMECARD_API.updateTimecardStates]: { body: { data: { done: [101], refused: [] } } } }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    await waitFor(() => root.querySelector('tr[data-employee="11"]'));
    click(root, 'tr[data-employee="11"] [data-action="reject-row"]');
    const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[data-dialog="reject"][open]'));
    expect(textOf(dialog, 'h2')).to.equal('Reject 1 timecard');
    click(dialog, '[data-action="confirm-reject"]');
    await waitFor(() => textOf(dialog, '[data-error="reason"]') === 'A reason is required to reject a timecard.');
    expect(fetchRequests.some((r) => r.path === TIMECARD_API.updateTimecardStates)).to.equal(false);
    setValue(dialog.querySelector('textarea')!, '  Friday is missing  ');
    click(dialog, '[data-action="confirm-reject"]');
    await waitFor(() => root.querySelector('[data-outcome="success"]'));
    const sent = fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardStates)!.body as Record<string, string>;
    expect(sent.RouteStateId).to.equal('1301');
    expect(sent.reason).to.equal('Friday is missing');
    expect(sent['items[0].ItemId']).to.equal('101');
    // The dialog closes once the answer is handled (a render after the outcome shows, not the same one).
    await waitFor(() => !dialog.open);
  });

  it('a stale approval shows the server’s message and reloads the rows', async () => {
    setRoles(TC_DEFAULT);
    let loads = 0;
    stubFetch(answers({
      [TIMECARD_API.getTeamTimecards]: () => { loads += 1; return { body: { data: team(TEAM_ROWS) } }; },
      [TIMECARD_API.updateTimecardStates]: { body: { data: { done: [], refused: [{ ItemId: 100, message: 'This timecard was already approved by Angela Ruiz.' }] } } },
    }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    await waitFor(() => root.querySelector('tr[data-employee="10"]'));
    const before = loads;
    click(root, 'tr[data-employee="10"] [data-action="approve-row"]');
    await waitFor(() => root.querySelector('[data-outcome="danger"]'));
    expect(textOf(root, '[data-refused]')).to.equal('Ava <b>Lopez</b>: This timecard was already approved by Angela Ruiz.');
    expect(textOf(root, '[data-outcome-message]')).to.equal(`0 timecards approved. ${MANAGE_TEXT.staleReloaded}`);
    await waitFor(() => loads > before);
  });

  it('a failed approval keeps the selection and says so', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers({ [TIMECARD_API.updateTimecardStates]: { status: 500, body: {} } }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    const first = await waitFor(() => root.querySelector<HTMLTableRowElement>('tr[data-employee="10"]'));
    key(first, 'a', { ctrlKey: true });
    await waitFor(() => textOf(root, '[data-selected-count]') === '3 selected');
    click(root, '[data-action="approve"]');
    await waitFor(() => root.querySelector('[data-outcome="danger"]'));
    expect(textOf(root, '[data-outcome-message]')).to.equal(MANAGE_TEXT.actionFailed);
    expect(textOf(root, '[data-selected-count]')).to.equal('3 selected');
  });

  it('a failed rejection keeps the dialog open with the typed reason; a 409 shows the server’s message and reloads the rows', async () => {
    setRoles(TC_DEFAULT);
    let loads = 0;
    let answer: { status: number; body: unknown } = { status: 500, body: {} };
    stubFetch(answers({
      [TIMECARD_API.getTeamTimecards]: () => { loads += 1; return { body: { data: team(TEAM_ROWS) } }; },
      [TIMECARD_API.updateTimecardStates]: () => answer,
    }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    await waitFor(() => root.querySelector('tr[data-employee="11"]'));
    click(root, 'tr[data-employee="11"] [data-action="reject-row"]');
    const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[data-dialog="reject"][open]'));
    setValue(dialog.querySelector('textarea')!, 'Hours on a closed project');
    click(dialog, '[data-action="confirm-reject"]');
    await waitFor(() => textOf(root, '[data-outcome-message]') === MANAGE_TEXT.actionFailed);
    expect(dialog.open).to.equal(true);
    expect(dialog.querySelector('textarea')!.value).to.equal('Hours on a closed project');
    const before = loads;
    answer = { status: 409, body: { message: 'This timecard was already rejected by Angela Ruiz.' } };
    click(dialog, '[data-action="confirm-reject"]');
    await waitFor(() => textOf(root, '[data-outcome-message]').startsWith('This timecard was already rejected by Angela Ruiz.'));
    expect(textOf(root, '[data-outcome-message]')).to.equal(`This timecard was already rejected by Angela Ruiz. ${MANAGE_TEXT.staleReloaded}`);
    await waitFor(() => loads > before);
    expect(dialog.open).to.equal(false);
  });

  it('failure messages: signed out, no access, timeout, the server’s own message', () => {
    expect(failureMessage(new ApiError(401, { message: 'Unauthorized' }), 'x')).to.equal(MANAGE_TEXT.signedOut);
    expect(failureMessage(new ApiError(403, {}), 'x')).to.equal(MANAGE_TEXT.noAccess);
    expect(failureMessage(new ApiError(504, {}), 'x')).to.equal(MANAGE_TEXT.timedOut);
    expect(failureMessage(new DOMException('late', 'TimeoutError'), 'x')).to.equal(MANAGE_TEXT.timedOut);
    expect(failureMessage(new ApiError(400, { message: 'Week is locked.' }), 'x')).to.equal('Week is locked.');
    expect(failureMessage(new ApiError(500, '<html>boom</html>'), 'fallback')).to.equal('fallback');
  });

  it('delegations: the form is checked before the call, then saves the manager and range', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers({
      [TIMECARD_API.getDelegations]: { body: { data: { given: [], received: [], managers: [{ employeeId: 9, name: 'Victor Hale' }] } } },
      [TIMECARD_API.saveDelegation]: { body: { data: {} } },
    }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'delegations' });
    const form = await waitFor(() => root.querySelector('form[data-form="delegation"]'));
    click(form, '[data-action="save-delegation"]');
    await waitFor(() => textOf(form, '[data-error="delegation"]') === MANAGE_TEXT.delegationFields);
    setValue(form.querySelector<HTMLSelectElement>('#tc-delegate')!, '9');
    setValue(form.querySelector<HTMLInputElement>('#tc-delegate-start')!, '2027-02-10');
    setValue(form.querySelector<HTMLInputElement>('#tc-delegate-end')!, '2027-02-01');
    click(form, '[data-action="save-delegation"]');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchRequests.some((r) => r.path === TIMECARD_API.saveDelegation)).to.equal(false);
    setValue(form.querySelector<HTMLInputElement>('#tc-delegate-end')!, '2027-02-12');
    click(form, '[data-action="save-delegation"]');
    await waitFor(() => fetchRequests.some((r) => r.path === TIMECARD_API.saveDelegation));
    const sent = fetchRequests.find((r) => r.path === TIMECARD_API.saveDelegation)!.body as Record<string, string>;
    expect(sent).to.deep.equal({ delegateEmployeeId: '9', startDate: '2027-02-10', endDate: '2027-02-12' });
  });

  it('a large week paints its first 50 rows; Ctrl+A and Approve cover every row; Show more / Show all paint the rest', async () => {
    setRoles(TC_ADMIN);
    const many = Array.from({ length: 550 }, (_, i) => row({ employeeId: 1000 + i, employeeName: `Person ${i}`, timecardId: 5000 + i }));
    stubFetch(answers({
      [TIMECARD_API.getTeamTimecards]: ({ query }) => ({ body: { data: team(query.get('view') === 'all' ? many : [], 'all') } }),
      [TIMECARD_API.updateTimecardStates]: { body: { data: { done: many.map((r) => r.timecardId!), refused: [] } } },
    }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'all' });
    const first = await waitFor(() => root.querySelector<HTMLTableRowElement>('tr[data-employee="1000"]'));
    expect(root.querySelectorAll('tbody tr').length).to.equal(50);
    expect(textOf(root, '[data-more] span')).to.equal('Showing 50 of 550 rows (selection and export cover them all).');
    key(first, 'a', { ctrlKey: true });
    await waitFor(() => textOf(root, '[data-selected-count]') === '550 selected');
    click(root, '[data-action="show-more"]');
    await waitFor(() => root.querySelectorAll('tbody tr').length === 450);
    click(root, '[data-action="show-all"]');
    await waitFor(() => root.querySelectorAll('tbody tr').length === 550);
    expect(root.querySelector('[data-more]')).to.equal(null);
    click(root, '[data-action="approve"]');
    await waitFor(() => textOf(root, '[data-outcome-message]') === '550 timecards approved.');
    const sent = fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardStates)!.body as Record<string, string>;
    expect(sent['items[549].ItemId']).to.equal('5549');
  });

  it('team rows say hours as the card does: work entered, and the holiday apart under Expected', async () => {
    setRoles(TC_DEFAULT);
    const holidayWeek = row({ enteredHours: 40, figures: { expected: 40, holidays: 8, timeOff: 0, entered: 32, left: 0, over: 0 } });
    stubFetch(answers({ [TIMECARD_API.getTeamTimecards]: ({ query }) => ({ body: { data: team(query.get('view') === 'team' ? [holidayWeek] : [], 'team') } }) }));
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    const tr = await waitFor(() => root.querySelector('tr[data-employee="10"]'));
    expect(textOf(tr, '[data-entered] [data-hours]')).to.equal('32.00');
    expect(textOf(tr, '[data-expected] [data-hours]')).to.equal('40.00');
    expect(textOf(tr, '[data-expected] [data-holidays]')).to.contain('8.00');
  });

  it('search: the team rows are filtered by employee or manager, starting from the search attribute', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers());
    const root = await mount('tc-manage-timecards', { 'active-tab': 'team', search: 'cho' });
    await waitFor(() => root.querySelector('tr[data-employee="11"]'));
    expect([...root.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-employee'))).to.deep.equal(['11']);
    setValue(root.querySelector<HTMLInputElement>('[data-find]')!, 'victor');
    await waitFor(() => root.querySelector('tr[data-employee="12"]'));
    expect([...root.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-employee'))).to.deep.equal(['12']);
  });

  it('the team export neutralises formulas in CSV and writes text cells (never formulas) in Excel', async () => {
    const rows = [row({ employeeName: '=HYPERLINK("x")', rejectionReason: '+1 hour' }), row({ employeeId: 11, employeeName: '@Ben', rejectionReason: '-Fri', managerName: 'Ok' })];
    const csv = sheetToCsv(teamSheet(rows, '2026-11-15'));
    expect(csv.split('\r\n')).to.deep.equal([
      'Week 11/15/2026 – 11/21/2026,,,,,,,',
      'Employee,Manager,Delegated from,State,Entered hours,Expected hours,Submitted,Rejection reason',
      `"'=HYPERLINK(""x"")",Linda Okafor,,Submitted,40,40,2026-11-21T15:00:00Z,'+1 hour`,
      `'@Ben,Ok,,Submitted,40,40,2026-11-21T15:00:00Z,'-Fri`,
      'Total,,,,80,80,,',
      '',
    ]);
    const blob = await sheetToExcelBlob(teamSheet(rows, '2026-11-15'));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const strings = files['xl/sharedStrings.xml'] ? strFromU8(files['xl/sharedStrings.xml']) : '';
    expect(sheet).to.not.contain('<f>');
    expect(sheet + strings).to.contain('=HYPERLINK');
  });

  it('the Export CSV button downloads the rows shown', async () => {
    setRoles(TC_DEFAULT);
    stubFetch(answers());
    const created: Blob[] = [];
    const originalCreate = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => { created.push(blob as Blob); return 'blob:test'; };
    try {
      const root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
      await waitFor(() => root.querySelector('tr[data-employee="10"]'));
      setValue(root.querySelector<HTMLSelectElement>('[data-filter]')!, 'none');
      await waitFor(() => !root.querySelector('tr[data-employee="10"]'));
      click(root, '[data-export="csv"]');
      const text = await created[0]!.text();
      expect(text).to.contain('Dan Eze');
      expect(text).to.not.contain('Ben Cho');
    } finally {
      URL.createObjectURL = originalCreate;
    }
  });

  it('errors: a failed load says so and Retry loads again; 403 says no access; the week picker moves by a week', async () => {
    setRoles(TC_DEFAULT);
    let calls = 0;
    stubFetch(answers({ [TIMECARD_API.getTimecardWeeks]: () => (++calls === 1 ? { status: 500, body: {} } : { body: { data: WEEKS } }) }));
    let root = await mount('tc-manage-timecards');
    const failed = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(failed.getAttribute('role')).to.equal('alert');
    expect(failed.textContent).to.contain(MANAGE_TEXT.loadFailed);
    click(root, '[data-action="retry"]');
    await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
    document.body.innerHTML = '';

    stubFetch(answers({ [TIMECARD_API.getTimecardWeeks]: { status: 403, body: {} }, [TIMECARD_API.getTeamTimecards]: { status: 403, body: {} } }));
    root = await mount('tc-manage-timecards');
    await waitFor(() => textOf(root, '[data-state="forbidden"] > span') === MANAGE_TEXT.noAccess);
    document.body.innerHTML = '';

    stubFetch(answers({ [TIMECARD_API.getTimecardWeeks]: { status: 401, body: {} } }));
    root = await mount('tc-manage-timecards');
    await waitFor(() => textOf(root, '[data-state="failed"]').includes(MANAGE_TEXT.signedOut));
    document.body.innerHTML = '';

    stubFetch(answers());
    root = await mount('tc-manage-timecards', { 'active-tab': 'team' });
    await waitFor(() => root.querySelector('tr[data-employee="10"]'));
    click(root, '[data-action="previous-week"]');
    await waitFor(() => fetchRequests.filter((r) => r.path === TIMECARD_API.getTeamTimecards).length >= 3);
    const weeks = fetchRequests.filter((r) => r.path === TIMECARD_API.getTeamTimecards).map((r) => r.query.get('weekStart'));
    const previous = new Date(`${currentWeekStart()}T00:00:00Z`);
    previous.setUTCDate(previous.getUTCDate() - 14);
    expect(weeks).to.include(previous.toISOString().slice(0, 10));
  });
});
