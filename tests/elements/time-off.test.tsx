import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { loadRoles, resetRoles, ROLE_ACCESS_PATH, setRoles } from '../../src/core/roles';
import { PTO_TEXT } from '../../src/core/time-off';
import type { BalanceRow, HolidayRow, TimeOffRequestRow } from '../../src/core/time-off/contract';
import { CALENDAR_TEXT, FORM_TEXT, PTO_SCREEN_TEXT, REGIONAL_TEXT, requestIdFrom, setLoadTimeout, teamRequestsSheet } from '../../src/features/time-off';
import { sheetToCsv } from '../../src/ui/grid/export';
import { ROLES_UNCHECKED_TEXT } from '../../src/ui/session';
import '../../src/elements/pto-requests/define';
import '../../src/elements/pto-regional-calendar/define';
import { fetchRequests, mount, setValue, sleep, stubFetch, textOf, waitFor, type FetchRequest, type StubAnswer, type StubFor } from '../support/browser';
import { overlaysRoot, resetPageStores, useElementTestPage } from '../support/elements';

const row = (over: Partial<TimeOffRequestRow>): TimeOffRequestRow => ({
  requestId: 1, employeeId: 5, employeeName: 'Sam Patterson', type: 'Vacation', title: 'Beach <b>week</b>', startDate: '2031-03-03', endDate: '2031-03-07',
  hoursPerDay: 8, totalHours: 40, state: 'Pending', applicationRecordStateId: 201, balanceBefore: 80, balanceAfter: 40, requestedAt: '2031-01-01T10:00:00Z',
  decidedByName: null, decidedAt: null, onBehalfOfName: null, denialReason: null, canceledAt: null,
  advancements: [{ routeStateId: 204, name: 'Cancel request', action: 'cancel', needsReason: false }], ...over,
});
const balance = (type: string, value: number, over: Partial<BalanceRow> = {}): BalanceRow => ({
  type, allowsNegative: type === 'Bereavement' || type === 'Jury Duty', asOf: '2031-03-01', openingHours: 40, accruedHours: 60, usedHours: 16, pendingHours: 4,
  balance: value, accrualPerPeriod: 4.62, carryOverCap: 80, ...over,
});
const holiday = (over: Partial<HolidayRow>): HolidayRow => ({ holidayId: 1, regionId: 1, regionName: 'North Texas', holidayDate: '2031-05-26', name: 'Memorial Day', hours: 8, ...over });
const approvable = [
  { routeStateId: 202, name: 'Approve', action: 'approve' as const, needsReason: false },
  { routeStateId: 203, name: 'Deny', action: 'deny' as const, needsReason: true },
];

function answers(over: Record<string, StubFor> = {}, mine: TimeOffRequestRow[] = [row({})], team: TimeOffRequestRow[] | null = null): Record<string, StubFor> {
  return {
    '/api/timeoff/getrequests': ({ query }) => {
      const id = Number(query.get('recordId') ?? 0);
      const all = [...mine, ...(team ?? [])];
      if (id) return { body: { data: all.filter((r) => r.requestId === id) } };
      if (query.get('view') === 'team') return team ? { body: { data: team } } : { status: 403, body: { message: 'Only a manager…' } };
      return { body: { data: mine } };
    },
    '/api/timeoff/getbalances': { body: { data: [balance('Vacation', 20), balance('Sick', 40), balance('Jury Duty', 0)] } },
    '/api/timeoff/getholidays': { body: { data: [holiday({}), holiday({ holidayId: 2, holidayDate: '2031-07-03', name: 'Eve of the Fourth', hours: 4 })] } },
    '/api/timeoff/getteamcalendar': ({ query }) => ({ body: { data: {
      from: query.get('from'), to: query.get('to'), employees: [{ employeeId: 9, name: 'Pat Lee' }],
      absences: [{ employeeId: 9, requestId: 40, type: 'Sick', state: 'Pending', startDate: '2031-03-04', endDate: '2031-03-05', hoursPerDay: 8 }],
      holidays: [holiday({ holidayDate: '2031-03-06', name: 'Founders <i>Day</i>', hours: 4 })],
    } } }),
    ...over,
  };
}

const pick = (root: ShadowRoot, selector: string) => root.querySelector<HTMLInputElement>(selector)!;

describe('time off', () => {
  useElementTestPage({ login: 'employee', after: resetRoles });
  beforeEach(() => { setRoles([{ applicationKey: 'keyPTO', name: 'Default' }]); });

  it('the request to open: record-id, else the deep path /teammembertoolbox/requests/<id>', () => {
    expect(requestIdFrom(12, '/teammembertoolbox/requests/99')).to.equal(12);
    expect(requestIdFrom(-1, '/teammembertoolbox/requests/99')).to.equal(99);
    expect(requestIdFrom(undefined, '/TeamMemberToolbox/Requests/7/')).to.equal(7);
    expect(requestIdFrom(-1, '/teammembertoolbox/requests')).to.equal(-1);
    expect(requestIdFrom(-1, '/teammembertoolbox/requests/abc')).to.equal(-1);
  });

  it('the team requests export to CSV with formulas neutralised and hours as numbers', () => {
    const csv = sheetToCsv(teamRequestsSheet([row({ employeeName: '=HYPERLINK("x")', title: '@sum', denialReason: '-1', totalHours: 12.5, hoursPerDay: 4 })]));
    const lines = csv.split('\r\n');
    expect(lines[0]).to.equal('Employee,Title,Type,Start,End,Hours per day,Total hours,State,Decided by,Denial reason');
    expect(lines[1]).to.equal(`"'=HYPERLINK(""x"")",'@sum,Vacation,03/03/2031,03/07/2031,4,12.5,Pending,,'-1`);
    expect(lines[2]).to.equal('Total,,,,,,12.5,,,');
  });

  it('My requests: loading status first, then the rows with balances before and after, user text as text, the denial reason shown, no team tabs for an employee', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const denied = row({ requestId: 2, title: 'Ski trip', state: 'Denied', denialReason: 'Month-end <close>', decidedByName: 'Linda Okafor', advancements: [] });
    const base = answers({}, [row({}), denied]);
    stubFetch({ ...base, '/api/timeoff/getrequests': async (request) => { await held; return (base['/api/timeoff/getrequests'] as (r: typeof request) => ReturnType<Extract<StubFor, (...a: never[]) => unknown>>)(request); } });
    const root = await mount('pto-requests');
    await waitFor(() => root.querySelector('[role="status"]'));
    expect(textOf(root, '[role="status"]')).to.contain('Loading');
    release();
    const link = await waitFor(() => root.querySelector('[data-open="1"]'));
    expect(link.textContent).to.equal('Beach <b>week</b>');
    expect(root.querySelector('b')).to.equal(null);
    const cells = root.querySelector('tr[data-record-id="1"]')!;
    expect(textOf(cells, '[data-column="balanceBefore"]')).to.equal('80');
    expect(textOf(cells, '[data-column="balanceAfter"]')).to.equal('40');
    expect(textOf(root, '[data-total="totalHours"]')).to.contain('40');
    expect([...root.querySelectorAll('[data-tab]')].map((t) => t.textContent)).to.deep.equal([PTO_SCREEN_TEXT.tabs.my, PTO_SCREEN_TEXT.tabs.balances, PTO_SCREEN_TEXT.tabs.new]);
    (root.querySelector('[data-list="closed"]') as HTMLElement).click();
    await waitFor(() => root.querySelector('[data-denial-reason]'));
    expect(textOf(root, '[data-denial-reason]')).to.equal('Reason: Month-end <close>');
  });

  it("a refused Cancel puts the request back: a plain 400 is said in a 'Not done' box with the server's words, an autoAlert 400 only in its own box", async () => {
    const plain = 'Parameter \'RouteStateId\' must be a whole number.';
    const refusal = 'A request can only be canceled before its start date.';
    let answer: StubFor = { status: 400, body: { message: plain } };
    stubFetch(answers({ '/api/timeoff/updaterequeststate': (request) => (typeof answer === 'function' ? answer(request) : answer) }));
    const root = await mount('pto-requests');
    const dialogs = () => [...overlaysRoot().querySelectorAll<HTMLElement>('[role="dialog"]')];
    const box = async () => {
      await waitFor(() => dialogs().length === 1 && !dialogs()[0]!.querySelector('[data-button="cancel"]'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return dialogs().map((d) => [d.querySelector('.modal-title')?.textContent, d.textContent]);
    };
    const cancel = async () => {
      (await waitFor(() => root.querySelector<HTMLButtonElement>('tr[data-record-id="1"] [data-action="cancel"]'))).click();
      (await waitFor(() => dialogs()[0]?.querySelector<HTMLButtonElement>('[data-button="ok"]'))).click();
    };
    await cancel();
    const first = await box();
    expect(first.map(([t]) => t)).to.deep.equal(['Not done']);
    expect(first[0]![1]).to.contain(plain);
    expect(root.querySelector('tr[data-record-id="1"] [data-action="cancel"]'), 'the request is back in the open list').to.not.equal(null);
    dialogs()[0]!.querySelector<HTMLButtonElement>('[data-button="ok"]')!.click();
    await waitFor(() => dialogs().length === 0);

    answer = { status: 400, body: { autoAlert: true, message: refusal, serviceName: 'TimeOffService', functionName: 'UpdateRequestState' } };
    await cancel();
    const second = await box();
    expect(second.map(([t]) => t)).to.deep.equal(['Request Failed']);
    expect(second[0]![1]).to.contain(refusal);
  });

  it('a failed load says so with a Retry that loads again', async () => {
    let fail = true;
    const base = answers();
    stubFetch({ ...base, '/api/timeoff/getrequests': (request) => (fail ? { status: 500, body: {} } : (base['/api/timeoff/getrequests'] as (r: typeof request) => { body: unknown })(request)) });
    const root = await mount('pto-requests');
    const alert = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(alert.textContent).to.contain(PTO_SCREEN_TEXT.loadFailed);
    fail = false;
    (alert.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => root.querySelector('[data-open="1"]'));
  });

  it('a load that does not answer in time fails with a Retry; a 403 says who may use the screen', async () => {
    setLoadTimeout(300);
    try {
      let hang = true;
      const base = answers();
      stubFetch({ ...base, '/api/timeoff/getrequests': async (request) => {
        if (hang) await new Promise(() => undefined);
        return (base['/api/timeoff/getrequests'] as (r: typeof request) => { body: unknown })(request);
      } });
      const root = await mount('pto-requests');
      const alert = await waitFor(() => root.querySelector('[data-state="failed"]'));
      hang = false;
      (alert.querySelector('button') as HTMLButtonElement).click();
      await waitFor(() => root.querySelector('[data-open="1"]'));
    } finally {
      setLoadTimeout(null);
    }
    document.body.innerHTML = '';
    resetPageStores();
    stubFetch(answers({ '/api/timeoff/getrequests': { status: 403, body: {} } }));
    const refused = await mount('pto-requests');
    await waitFor(() => refused.querySelector('[data-state="forbidden"]'));
    expect(textOf(refused, '[data-state="forbidden"] > span')).to.equal(PTO_SCREEN_TEXT.noAccess);
  });

  it('the New request form checks while typing: the overlap, the balance (exact core messages), holidays skipped and half days named', async () => {
    stubFetch(answers());
    const root = await mount('pto-requests', { 'active-tab': 'new-request' });
    const form = await waitFor(() => root.querySelector('[data-testid="request-form"]'));
    setValue(pick(root, '[data-field="title"]'), 'Spring break');
    setValue(pick(root, '[data-field="startDate"]'), '2031-03-05');
    setValue(pick(root, '[data-field="endDate"]'), '2031-03-05');
    const overlap = PTO_TEXT.overlap('Beach <b>week</b>', '2031-03-03', '2031-03-07');
    await waitFor(() => form.querySelector('[data-field-feedback="startDate"]')?.textContent?.includes(overlap));
    // Balance: 20 hours available the day before; three full days ask 24.
    setValue(pick(root, '[data-field="startDate"]'), '2031-04-01');
    setValue(pick(root, '[data-field="endDate"]'), '2031-04-03');
    const message = PTO_TEXT.balance('Vacation', 24, 20, '2031-04-01');
    await waitFor(() => form.querySelector('[data-field-feedback="hoursPerDay"]')?.textContent?.includes(message));
    expect(textOf(form, '[data-total-hours]')).to.equal('24');
    expect(textOf(form, '[data-balance-before]')).to.equal('20');
    expect(textOf(form, '[data-balance-after]')).to.equal('-4');
    // Half a day each: 12 hours fit.
    (form.querySelector('[data-day-kind="half"]') as HTMLInputElement).click();
    await waitFor(() => !form.querySelector('[data-field-feedback="hoursPerDay"]'));
    expect(textOf(form, '[data-total-hours]')).to.equal('12');
    expect(textOf(form, '[data-balance-after]')).to.equal('8');
    // Jury Duty may go below zero.
    (form.querySelector('[data-day-kind="full"]') as HTMLInputElement).click();
    setValue(form.querySelector('select[data-field="type"]')!, 'Jury Duty');
    await waitFor(() => textOf(form, '[data-balance-before]') === FORM_TEXT.noLimit);
    expect(form.querySelector('[data-field-feedback="hoursPerDay"]')).to.equal(null);
    // Holidays inside the dates: named, the full one skipped, the half one halved.
    setValue(form.querySelector('select[data-field="type"]')!, 'Sick');
    setValue(pick(root, '[data-field="startDate"]'), '2031-05-26');
    setValue(pick(root, '[data-field="endDate"]'), '2031-05-27');
    await waitFor(() => form.querySelector('[data-field-feedback="startDate"]')?.textContent?.includes(PTO_TEXT.holidaySkipped('2031-05-26', 'Memorial Day', false)));
    expect(textOf(form, '[data-days]')).to.equal('1');
    expect(textOf(form, '[data-total-hours]')).to.equal('8');
    setValue(pick(root, '[data-field="startDate"]'), '2031-07-03');
    setValue(pick(root, '[data-field="endDate"]'), '2031-07-03');
    await waitFor(() => form.querySelector('[data-field-feedback="startDate"]')?.textContent?.includes(PTO_TEXT.holidaySkipped('2031-07-03', 'Eve of the Fourth', true)));
    expect(textOf(form, '[data-total-hours]')).to.equal('4');
    const holidayCall = fetchRequests.find((r) => r.path === '/api/timeoff/getholidays')!;
    expect(holidayCall.query.get('mine')).to.equal('true');
    const balanceCall = fetchRequests.filter((r) => r.path === '/api/timeoff/getbalances').pop()!;
    expect(balanceCall.query.get('asOf')).to.equal('2031-07-02');
  });

  it('the New request form projects the balance ahead: the lowest it falls once later requests are charged, refused below zero', async () => {
    const trip = row({ requestId: 2, title: 'Family trip', startDate: '2031-04-14', endDate: '2031-04-18', state: 'Approved' });
    stubFetch(answers({}, [row({}), trip]));
    const root = await mount('pto-requests', { 'active-tab': 'new-request' });
    const form = await waitFor(() => root.querySelector('[data-testid="request-form"]'));
    setValue(pick(root, '[data-field="title"]'), 'Dentist');
    setValue(pick(root, '[data-field="startDate"]'), '2031-04-01');
    setValue(pick(root, '[data-field="endDate"]'), '2031-04-01');
    // 20 h the day before; 8 h fit on 04/01 (12 left), but the approved trip's 40 h then take it to −28 on Friday 04/18.
    const message = PTO_TEXT.balanceAhead('Vacation', 8, -28, '2031-04-18');
    await waitFor(() => form.querySelector('[data-field-feedback="hoursPerDay"]')?.textContent?.includes(message));
    expect(textOf(form, '[data-balance-after]')).to.equal('12');
    expect(form.querySelector('[data-balance-lowest]')!.getAttribute('data-balance-lowest')).to.equal('2031-04-18');
    expect(textOf(form, '[data-balance-lowest]')).to.equal('-28');
    expect(form.textContent).to.contain(FORM_TEXT.lowestAhead('04/18/2031'));
    // Without a later request there is no lower point ahead to show.
    setValue(pick(root, '[data-field="startDate"]'), '2031-04-21');
    setValue(pick(root, '[data-field="endDate"]'), '2031-04-21');
    await waitFor(() => !form.querySelector('[data-field-feedback="hoursPerDay"]') && textOf(form, '[data-balance-before]') === '20');
    expect(form.querySelector('[data-balance-lowest]')).to.equal(null);
  });

  it("the server's 400 items show at their fields and a failed send keeps what was typed; a sent request opens", async () => {
    let answer: StubFor = { status: 400, body: { autoAlert: true, message: 'x', feedback: [{ integerValue: 1, stringValue: 'title', message: 'The server says no title like this.' }] } };
    stubFetch(answers({ '/api/timeoff/saverequest': () => answer as { status: number; body: unknown } }));
    const root = await mount('pto-requests', { 'active-tab': 'new-request' });
    const form = await waitFor(() => root.querySelector('[data-testid="request-form"]'));
    setValue(pick(root, '[data-field="title"]'), 'Fishing');
    setValue(pick(root, '[data-field="startDate"]'), '2031-06-10');
    setValue(pick(root, '[data-field="endDate"]'), '2031-06-10');
    await waitFor(() => textOf(form, '[data-balance-before]') === '20');
    (form.querySelector('[data-action="send"]') as HTMLButtonElement).click();
    await waitFor(() => form.querySelector('[data-field-feedback="title"]')?.textContent?.includes('The server says no title like this.'));
    expect(pick(root, '[data-field="title"]').getAttribute('aria-invalid')).to.equal('true');
    const sent = fetchRequests.find((r) => r.path === '/api/timeoff/saverequest')!.body as Record<string, string>;
    expect(sent).to.deep.include({ type: 'Vacation', title: 'Fishing', startDate: '2031-06-10', endDate: '2031-06-10', hoursPerDay: '8' });
    answer = { status: 500, body: {} };
    (form.querySelector('[data-action="send"]') as HTMLButtonElement).click();
    await waitFor(() => form.querySelector('[data-problem]'));
    expect(textOf(form, '[data-problem]')).to.equal(`${PTO_SCREEN_TEXT.failed} ${PTO_SCREEN_TEXT.keptWork}`);
    expect(pick(root, '[data-field="title"]').value).to.equal('Fishing');
    answer = { body: { data: row({ requestId: 77, title: 'Fishing', startDate: '2031-06-10', endDate: '2031-06-10', totalHours: 8 }) } };
    (form.querySelector('[data-action="send"]') as HTMLButtonElement).click();
    const opened = await waitFor(() => root.querySelector('[data-testid="opened-request"][data-request-id="77"]'));
    expect(opened.querySelector('h2')!.textContent).to.equal('Request: Fishing');
    expect(root.querySelector('[data-open="77"]')).to.not.equal(null);
  });

  it('record-id opens the request for its manager with Approve and Deny; Deny asks for a reason and sends it', async () => {
    setRoles([{ applicationKey: 'keyPTO', name: 'Manager' }]);
    const teamRow = row({ requestId: 31, employeeId: 9, employeeName: 'Pat Lee', title: 'Move house', advancements: approvable });
    stubFetch(answers({ '/api/timeoff/updaterequeststate': ({ body }) => ({ body: { data: { ...teamRow, state: 'Denied', denialReason: (body as Record<string, string>).reason, advancements: [] } } }) }, [], [teamRow]));
    const root = await mount('pto-requests', { 'record-id': '31' });
    const opened = await waitFor(() => root.querySelector('[data-testid="opened-request"] [data-action="deny"]') && root.querySelector('[data-testid="opened-request"]'));
    expect(opened.querySelector('[data-action="approve"]')).to.not.equal(null);
    expect(textOf(opened, '[data-employee]')).to.equal('Pat Lee');
    (opened.querySelector('[data-action="deny"]') as HTMLButtonElement).click();
    const box = await waitFor(() => overlaysRoot().querySelector('textarea'));
    setValue(box as HTMLTextAreaElement, 'Inventory week');
    const ok = [...overlaysRoot().querySelectorAll('button')].find((b) => b.textContent === 'Deny') as HTMLButtonElement;
    ok.click();
    await waitFor(() => textOf(opened, '[data-denial-reason]') === 'Reason: Inventory week');
    const sent = fetchRequests.find((r) => r.path === '/api/timeoff/updaterequeststate')!.body as Record<string, string>;
    expect(sent).to.deep.equal({ ItemId: '31', OldRecordStateId: '201', RouteStateId: '203', reason: 'Inventory week' });
  });

  it('an Approve answered while the team list is still loading stays Approved when the list arrives', async () => {
    setRoles([{ applicationKey: 'keyPTO', name: 'Manager' }]);
    const teamRow = row({ requestId: 46, employeeId: 9, employeeName: 'Pat Lee', title: 'Fishing', advancements: approvable });
    let answerTeam!: () => void;
    const teamAsked = new Promise<void>((resolve) => { answerTeam = resolve; });
    const plain = answers({}, [], [teamRow])['/api/timeoff/getrequests'] as (request: FetchRequest) => StubAnswer;
    stubFetch(answers({
      // The team list was read before the decision: it answers Pending, and only after the decision has answered.
      '/api/timeoff/getrequests': async (request) => {
        if (request.query.get('view') === 'team' && !request.query.get('recordId')) await teamAsked;
        return plain(request);
      },
      '/api/timeoff/updaterequeststate': { body: { data: { ...teamRow, state: 'Approved', applicationRecordStateId: 202, advancements: [] } } },
    }, [], [teamRow]));
    const root = await mount('pto-requests', { 'record-id': '46' });
    const opened = await waitFor(() => root.querySelector('[data-testid="opened-request"] [data-action="approve"]') && root.querySelector('[data-testid="opened-request"]'));
    (opened.querySelector('[data-action="approve"]') as HTMLButtonElement).click();
    await waitFor(() => textOf(opened, '[data-opened-state] [data-state]:not([role])') === 'Approved');
    const before = fetchRequests.filter((r) => r.path === '/api/timeoff/getrequests' && r.query.get('view') === 'team').length;
    answerTeam();
    await sleep(50);
    expect(before).to.be.greaterThan(0);
    expect(textOf(opened, '[data-opened-state] [data-state]:not([role])')).to.equal('Approved');
  });

  it('Team requests: select many, approve in one call; a stale decision says so and reloads', async () => {
    setRoles([{ applicationKey: 'keyPTO', name: 'Manager' }]);
    const a = row({ requestId: 41, employeeId: 9, employeeName: 'Pat Lee', title: 'A', advancements: approvable });
    const b = row({ requestId: 42, employeeId: 10, employeeName: 'Kim Ode', title: 'B', applicationRecordStateId: 201, advancements: approvable });
    let bulk: StubFor = { body: { data: { done: [{ ...a, state: 'Approved', advancements: [] }], refused: [{ requestId: 42, message: 'Linda Okafor approved it first.' }] } } };
    stubFetch(answers({ '/api/timeoff/updaterequeststates': () => bulk as { body: unknown } }, [], [a, b]));
    const root = await mount('pto-requests', { 'active-tab': 'team-requests' });
    await waitFor(() => root.querySelector('[data-select="41"]'));
    (root.querySelector('[data-select="all"]') as HTMLInputElement).click();
    const approve = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="bulk-approve"]:not([disabled])'));
    expect(approve.textContent).to.equal(PTO_SCREEN_TEXT.approveSelected(2));
    approve.click();
    await waitFor(() => root.querySelector('[data-refused]'));
    expect(textOf(root, '[data-refused]')).to.contain('B: Linda Okafor approved it first.');
    const sent = fetchRequests.find((r) => r.path === '/api/timeoff/updaterequeststates')!.body as Record<string, string>;
    expect(sent).to.deep.equal({ 'items[0].ItemId': '41', 'items[0].OldRecordStateId': '201', 'items[1].ItemId': '42', 'items[1].OldRecordStateId': '201', RouteStateId: '202', reason: '' });
    // A 409 on one decision: the stale message, and the lists load again.
    bulk = { status: 409, body: { message: 'stale' } };
    const before = fetchRequests.filter((r) => r.path === '/api/timeoff/getrequests').length;
    (await waitFor(() => root.querySelector<HTMLInputElement>('[data-select="42"]'))).click();
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="bulk-approve"]:not([disabled])'))).click();
    await waitFor(() => textOf(root, '[data-refused]').includes(PTO_SCREEN_TEXT.stale));
    await waitFor(() => fetchRequests.filter((r) => r.path === '/api/timeoff/getrequests').length > before);
  });

  it('Team calendar: who is out and the holidays per day; arrows move the focus, Page Down loads the next month', async () => {
    setRoles([{ applicationKey: 'keyPTO', name: 'Manager' }]);
    stubFetch(answers({}, [], []));
    const root = await mount('pto-requests', { 'active-tab': 'team-calendar' });
    const grid = await waitFor(() => root.querySelector('[role="grid"]'));
    // Jump to March 2031 with Page Down from the current month: the grid follows the focus.
    const focusCell = () => root.activeElement as HTMLElement | null;
    (grid.querySelector('[tabindex="0"]') as HTMLElement).focus();
    const start = focusCell()!.dataset.day!;
    const months = (2031 - Number(start.slice(0, 4))) * 12 + (3 - Number(start.slice(5, 7)));
    for (let i = 0; i < months; i++) {
      await sendKeys({ press: 'PageDown' });
      await waitFor(() => focusCell()?.dataset.day?.slice(0, 7) !== undefined);
    }
    await waitFor(() => root.querySelector('[data-day="2031-03-04"]'));
    (root.querySelector('[data-day="2031-03-04"]') as HTMLElement).click();
    (root.querySelector('[data-day="2031-03-04"]') as HTMLElement).focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => focusCell()?.dataset.day === '2031-03-05');
    expect(focusCell()!.getAttribute('aria-label')).to.equal('03/05/2031: Pat Lee Sick (pending)');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => focusCell()?.dataset.day === '2031-03-06');
    expect(focusCell()!.getAttribute('aria-label')).to.equal(`03/06/2031: ${CALENDAR_TEXT.holiday} Founders <i>Day</i> (half day)`);
    expect(root.querySelector('i')).to.equal(null);
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => focusCell()?.dataset.day === '2031-03-13');
    const call = fetchRequests.filter((r) => r.path === '/api/timeoff/getteamcalendar').pop()!;
    expect([call.query.get('from'), call.query.get('to')]).to.deep.equal(['2031-03-01', '2031-03-31']);
  });
});

describe('<pto-regional-calendar>', () => {
  const regions = [{ regionId: 1, code: 'NTX', name: 'North Texas' }, { regionId: 2, code: 'GC', name: 'Gulf Coast' }];
  useElementTestPage({ login: 'tcadmin', after: resetRoles });

  it('a Timecard Admin adds a half-day holiday to the region and year shown', async () => {
    setRoles([{ applicationKey: 'keyTC', name: 'Timecard Admin' }]);
    const rows = [holiday({ regionId: 2, regionName: 'Gulf Coast', holidayDate: '2031-01-01', name: 'New Year' })];
    stubFetch({
      '/api/timeoff/getregions': { body: { data: regions } },
      '/api/timeoff/getholidays': { body: { data: rows } },
      '/api/timeoff/saveholiday': ({ body }) => {
        const b = body as Record<string, string>;
        rows.push(holiday({ holidayId: 9, regionId: 2, holidayDate: b.holidayDate, name: b.name, hours: Number(b.hours) }));
        return { body: { data: rows[rows.length - 1] } };
      },
    });
    const root = await mount('pto-regional-calendar', { 'region-id': '2', year: '2031' });
    await waitFor(() => root.querySelector('[data-holiday-id="1"]'));
    const form = root.querySelector('[data-holiday-form="new"]')!;
    setValue(form.querySelector('[data-field="holidayDate"]')!, '2030-12-24');
    setValue(form.querySelector('[data-field="name"]')!, 'Christmas Eve');
    setValue(form.querySelector('select[data-field="hours"]')!, '4');
    (form.querySelector('[data-action="save-holiday"]') as HTMLButtonElement).click();
    await waitFor(() => form.querySelector('[data-field-feedback="holidayDate"]'));
    expect(textOf(form, '[data-field-feedback="holidayDate"]')).to.contain(REGIONAL_TEXT.dateYear(2031));
    setValue(form.querySelector('[data-field="holidayDate"]')!, '2031-12-24');
    (form.querySelector('[data-action="save-holiday"]') as HTMLButtonElement).click();
    const added = await waitFor(() => root.querySelector('[data-holiday-id="9"]'));
    expect(textOf(added, '[data-hours]')).to.equal(REGIONAL_TEXT.halfDay);
    const sent = fetchRequests.find((r) => r.path === '/api/timeoff/saveholiday')!.body as Record<string, string>;
    expect(sent).to.deep.equal({ regionId: '2', holidayDate: '2031-12-24', name: 'Christmas Eve', hours: '4' });
    const load = fetchRequests.find((r) => r.path === '/api/timeoff/getholidays')!;
    expect([load.query.get('regionId'), load.query.get('year')]).to.deep.equal(['2', '2031']);
  });

  it('roles that failed to load are said above the read-only calendar; its Retry loads them and the admin gets the form', async () => {
    await loadRoles(() => Promise.reject(new Error('connection reset')));
    stubFetch({
      '/api/timeoff/getregions': { body: { data: regions } },
      '/api/timeoff/getholidays': { body: { data: [] } },
      [ROLE_ACCESS_PATH]: { body: { data: [{ applicationKey: 'keyTC', name: 'Timecard Admin' }] } },
    });
    const root = await mount('pto-regional-calendar', { 'region-id': '1', year: '2031' });
    const notice = await waitFor(() => root.querySelector('[data-roles-failed]'));
    expect(notice.querySelector('[role="alert"]')).to.not.equal(null);
    expect(textOf(notice, 'span')).to.equal(ROLES_UNCHECKED_TEXT);
    await waitFor(() => root.querySelector('[data-read-only]'));
    expect(root.querySelector('[data-holiday-form="new"]')).to.equal(null);
    (notice.querySelector('[data-action="retry-roles"]') as HTMLButtonElement).click();
    await waitFor(() => root.querySelector('[data-holiday-form="new"]'));
    expect(root.querySelector('[data-roles-failed]')).to.equal(null);
    expect(root.querySelector('[data-read-only]')).to.equal(null);
    expect(fetchRequests.filter((r) => r.path === ROLE_ACCESS_PATH)).to.have.length(1);
  });

  it('a screen\'s Retry loads failed roles again too', async () => {
    await loadRoles(() => Promise.reject(new Error('connection reset')));
    let failing = true;
    stubFetch({
      '/api/timeoff/getregions': () => (failing ? { status: 500, body: {} } : { body: { data: regions } }),
      '/api/timeoff/getholidays': { body: { data: [] } },
      [ROLE_ACCESS_PATH]: { body: { data: [{ applicationKey: 'keyTC', name: 'Admin' }] } },
    });
    const root = await mount('pto-regional-calendar', { 'region-id': '1', year: '2031' });
    const retry = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-state="failed"] [data-action="retry"]'));
    failing = false;
    retry.click();
    await waitFor(() => root.querySelector('[data-holiday-form="new"]'));
    expect(root.querySelector('[data-roles-failed]')).to.equal(null);
  });

  it('a Timecard Admin edits a holiday (to a full day) and deletes one after confirming; a refused save keeps what was typed', async () => {
    setRoles([{ applicationKey: 'keyTC', name: 'Admin' }]);
    let rows = [holiday({ holidayId: 5, holidayDate: '2031-12-24', name: 'Christmas Eve', hours: 4 }), holiday({ holidayId: 6, holidayDate: '2031-12-25', name: 'Christmas Day' })];
    let refuse = true;
    stubFetch({
      '/api/timeoff/getregions': { body: { data: regions } },
      '/api/timeoff/getholidays': () => ({ body: { data: rows } }),
      '/api/timeoff/saveholiday': ({ body }) => {
        if (refuse) return { status: 500, body: {} };
        const b = body as Record<string, string>;
        rows = rows.map((h) => (h.holidayId === Number(b.holidayId) ? { ...h, name: b.name!, hours: Number(b.hours), holidayDate: b.holidayDate! } : h));
        return { body: { data: rows[0] } };
      },
      '/api/timeoff/deleteholiday': ({ body }) => {
        rows = rows.filter((h) => h.holidayId !== Number((body as Record<string, string>).holidayId));
        return { body: { data: { holidayId: 6 } } };
      },
    });
    const root = await mount('pto-regional-calendar', { 'region-id': '1', year: '2031' });
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-holiday-id="5"] [data-action="edit"]'))).click();
    const form = await waitFor(() => root.querySelector('[data-holiday-form="5"]'));
    setValue(form.querySelector('select[data-field="hours"]')!, '8');
    setValue(form.querySelector('[data-field="name"]')!, 'Christmas Eve (full)');
    (form.querySelector('[data-action="save-holiday"]') as HTMLButtonElement).click();
    await waitFor(() => form.querySelector('[role="alert"]'));
    expect(textOf(form, '[role="alert"]')).to.equal(`${PTO_SCREEN_TEXT.failed} ${PTO_SCREEN_TEXT.keptWork}`);
    expect((form.querySelector('[data-field="name"]') as HTMLInputElement).value).to.equal('Christmas Eve (full)');
    refuse = false;
    (form.querySelector('[data-action="save-holiday"]') as HTMLButtonElement).click();
    await waitFor(() => textOf(root, '[data-holiday-id="5"] [data-hours]') === REGIONAL_TEXT.fullDay);
    const saved = fetchRequests.filter((r) => r.path === '/api/timeoff/saveholiday').pop()!.body as Record<string, string>;
    expect(saved).to.deep.equal({ regionId: '1', holidayDate: '2031-12-24', name: 'Christmas Eve (full)', hours: '8', holidayId: '5' });
    (root.querySelector('[data-holiday-id="6"] [data-action="delete"]') as HTMLButtonElement).click();
    const confirm = await waitFor(() => [...overlaysRoot().querySelectorAll('button')].find((b) => b.textContent === REGIONAL_TEXT.delete));
    expect(overlaysRoot().textContent).to.contain(REGIONAL_TEXT.deleteConfirm('Christmas Day', '12/25/2031'));
    confirm.click();
    await waitFor(() => !root.querySelector('[data-holiday-id="6"]'));
    const deleted = fetchRequests.find((r) => r.path === '/api/timeoff/deleteholiday')!;
    expect([deleted.method, deleted.body]).to.deep.equal(['DELETE', { holidayId: '6' }]);
  });

  it('others see the holidays read-only; a refusal of the load is said clearly', async () => {
    setRoles([{ applicationKey: 'keyPTO', name: 'Default' }]);
    stubFetch({ '/api/timeoff/getregions': { body: { data: regions } }, '/api/timeoff/getholidays': { body: { data: [holiday({})] } } });
    const root = await mount('pto-regional-calendar');
    await waitFor(() => root.querySelector('[data-holiday-id="1"]'));
    expect(textOf(root, '[data-read-only]')).to.equal(REGIONAL_TEXT.readOnly);
    expect(root.querySelector('[data-holiday-form]')).to.equal(null);
    expect(root.querySelector('[data-action="delete"]')).to.equal(null);
    document.body.innerHTML = '';
    stubFetch({ '/api/timeoff/getregions': { status: 403, body: {} } });
    const refused = await mount('pto-regional-calendar');
    await waitFor(() => refused.querySelector('[data-state="forbidden"]'));
    expect(textOf(refused, '[data-state="forbidden"] > span')).to.equal(REGIONAL_TEXT.noAccess);
  });
});
