import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { resetRoles, setRoles } from '../../src/core/roles';
import {
  SLIM_TEXT, suggestLimits, VENDOR_CONFIDENTIAL_TEXT, VENDOR_RECORD_TEXT, type SlimComment, type SlimQueueRow, type SlimRequestLoad, type VendorPrequalRecord,
  type VendorRecordHistory,
} from '../../src/core/risk';
import {
  SLIM_UI_TEXT as T, aYearOn, draftProblems, moveLabel, moveNote, setSlimLoadTimeout, setVendorRecordLoadTimeout, slimQueueSheet, stepValue, VENDOR_RECORD_UI_TEXT,
} from '../../src/features/risk';
import * as clock from '../../src/core/clock';
import { formatDate } from '../../src/core/format';
import { addDays } from '../../src/core/timecards/days';
import { sheetToCsv } from '../../src/ui/grid/export';
import '../../src/elements/slim-queue/define';
import '../../src/elements/slim-queues/define';
import '../../src/elements/wb-slim-request/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const person = (employeeId: number, name: string) => ({ employeeId, name });
const row = (over: Partial<SlimQueueRow> = {}): SlimQueueRow => ({
  requestId: 1, number: 'SLIM-0001', type: 'Limit Increase', vendorId: 7, vendorName: 'Acme <b>Steel</b>', projectId: 3, projectNumber: '1001', projectName: 'Tower',
  regionId: 1, regionName: 'North Texas', requestedAmount: 6_000_000, priority: 'High', applicationRecordStateId: 501, state: 'Submitted',
  requestedBy: person(10, 'Marcus Reyes'), assignedTo: null, submittedAt: '2031-03-01T10:00:00Z', dueDate: '2031-03-06', ageDays: 9, pastDue: true,
  waitingForMe: true, waitingReason: 'Waiting for a Prequal Administrator', ...over,
});
const vendor = (over: Partial<VendorPrequalRecord> = {}): VendorPrequalRecord => ({
  vendorId: 7, vendorNumber: 'V-007', name: 'Acme <b>Steel</b>', trade: 'Steel', status: 'Prequalified', singleLimit: 2_000_000, aggregateLimit: 4_000_000,
  limitExpiresOn: '2031-12-31', singleLimitInForce: 2_000_000, aggregateLimitInForce: 4_000_000, conditions: null, glPerOccurrence: 1_000_000, glAggregate: 2_000_000,
  glExpiresOn: '2032-01-01', surety: 'Hartford', bondSingleCapacity: 5_000_000, bondAggregateCapacity: 10_000_000, subRatingAverage: 4.2, subRatingCount: 6,
  financials: [{ year: 2030, currentAssets: 3_000_000, currentLiabilities: 2_000_000, totalLiabilities: 9_000_000, netWorth: 4_000_000, revenue: 20_000_000, backlog: 8_000_000 }],
  safety: [{ year: 2030, emr: 1.3, oshaRecordableRate: 2.1 }, { year: 2029, emr: 0.9, oshaRecordableRate: 1.5 }, { year: 2028, emr: 0.95, oshaRecordableRate: 1.2 }],
  openBacklog: 1_200_000, lastDecidedAt: null, lastDecidedBy: null, modifiedAt: '2031-01-01T00:00:00Z', ...over,
});
const suggested = () => {
  const v = vendor();
  return suggestLimits({ financials: v.financials, safety: v.safety, glPerOccurrence: v.glPerOccurrence, glAggregate: v.glAggregate, glExpiresOn: v.glExpiresOn, today: '2031-03-10' });
};
const requestLoad = (over: Partial<SlimRequestLoad['request']> = {}, moves: SlimRequestLoad['moves'] = [], more: Partial<SlimRequestLoad> = {}): SlimRequestLoad => ({
  request: {
    ...row({ state: 'In Review', applicationRecordStateId: 502, assignedTo: person(20, 'Priya Natarajan') }), justification: 'Needed for <script>level 3</script>', mitigation: null,
    missingData: null, answer: null, escalationReasons: ['the requested limit $6,000,000 exceeds $5,000,000'], regionalPassed: false, decision: null, basedOnRequestId: null,
    version: 1, modifiedAt: '2031-03-01T10:00:00Z', ...over,
  },
  vendor: vendor(), suggested: suggested(), changes: [], events: [{ eventId: 1, at: '2031-03-01T10:00:00Z', by: person(10, 'Marcus Reyes'), fromState: null, toState: 'Submitted', kind: 'state', note: null }],
  moves, canAssign: false, fileCount: 2, ...more,
});

const queueAnswers = (rows: SlimQueueRow[], over: Record<string, StubFor> = {}): Record<string, StubFor> => ({
  '/api/slim/getslimqueue': ({ query }) => (query.get('view') === 'all' ? { status: 403, body: { message: 'no' } } : { body: { data: rows } }),
  '/api/slim/getslimassignees': { body: { data: [person(20, 'Priya Natarajan'), person(21, 'Omar Haddad')] } },
  '/api/risk/getprequalvendors': { body: { data: [vendor(), vendor({ vendorId: 8, vendorNumber: 'V-008', name: 'Beta Electric', status: 'Not Prequalified', singleLimitInForce: 100_000, aggregateLimitInForce: 200_000 })] } },
  '/api/slim/getslimprojects': { body: { data: [{ projectId: 3, number: '1001', name: 'Tower', regionId: 1, regionName: 'North Texas' }] } },
  ...over,
});

const root$ = (root: ParentNode, selector: string) => root.querySelector<HTMLElement>(selector)!;

describe('SLIM screens', () => {
  useElementTestPage({ login: 'pm', after: () => { resetRoles(); setSlimLoadTimeout(null); } });
  beforeEach(() => { setRoles([{ applicationKey: 'keySLIM', name: 'Default' }]); history.replaceState(null, '', '/sr/slimqueue'); });

  it('the queue exports to CSV with formulas neutralised, amounts as numbers and the total requested', () => {
    const csv = sheetToCsv(slimQueueSheet([row({ vendorName: '=HYPERLINK("x")', projectNumber: null, projectName: '@sum', requestedAmount: 1500.5 }), row({ requestId: 2, number: 'SLIM-0002', requestedBy: person(1, '+cmd'), requestedAmount: null, pastDue: false })]));
    const lines = csv.split('\r\n');
    expect(lines[0]).to.equal('Number,Type,Vendor,Project,Region,Requested amount,State,Assignee,Age (days),Due date,Priority,Past due,Requested by');
    expect(lines[1]).to.equal(`SLIM-0001,Limit Increase,"'=HYPERLINK(""x"")",'@sum,North Texas,1500.5,Submitted,,9,03/06/2031,High,Yes,Marcus Reyes`);
    expect(lines[2]).to.contain(",'+cmd");
    expect(lines[3]).to.equal('Total,,,,,1500.5,,,,,,,');
  });

  it('the new-request form names what is missing: project and amount for a limit increase, mitigation for an exception', () => {
    const base = { type: 'Limit Increase' as const, vendorId: 7, projectId: '', requestedAmount: '', priority: 'Normal' as const, justification: 'x', mitigation: '', basedOnRequestId: null };
    expect(Object.keys(draftProblems(base))).to.deep.equal(['projectId', 'requestedAmount']);
    expect(Object.keys(draftProblems({ ...base, type: 'Exception', projectId: '3', requestedAmount: '10' }))).to.deep.equal(['mitigation']);
    expect(Object.keys(draftProblems({ ...base, type: 'New Prequalification', vendorId: null, justification: ' ' }))).to.deep.equal(['vendorId', 'justification']);
    expect(aYearOn('2031-03-10')).to.equal('2031-03-10'.replace('2031', '2032'));
  });

  it('each move has its label and the note it needs (required or not)', () => {
    expect(moveLabel('Submitted', 'In Review')).to.equal('Take into review');
    expect(moveLabel('On Hold – Missing Data', 'In Review')).to.equal('Send the answer');
    expect(moveLabel('Regional Review', 'In Review')).to.equal('Pass (back to review)');
    expect(moveLabel('Regional Review', 'Escalated')).to.equal('Pass (escalate)');
    expect(moveLabel('In Review', 'Escalated')).to.equal('Escalate');
    expect(moveLabel('In Review', 'Approved with Conditions')).to.equal('Approve with conditions');
    expect(moveLabel('Escalated', 'Withdrawn')).to.equal('Withdraw');
    expect(moveNote('On Hold – Missing Data', 'In Review', 0)).to.deep.equal({ label: 'Your answer', required: true });
    expect(moveNote('In Review', 'On Hold – Missing Data', 0)).to.deep.equal({ label: 'What is missing', required: true });
    expect(moveNote('In Review', 'Escalated', 0)).to.deep.equal({ label: 'Why escalate', required: true });
    expect(moveNote('Regional Review', 'Escalated', 1)).to.deep.equal({ label: 'Why escalate', required: false });
    expect(moveNote('Escalated', 'Approved with Conditions', 0)).to.deep.equal({ label: 'The conditions', required: true });
    expect(moveNote('Escalated', 'Denied', 0)).to.deep.equal({ label: 'The reason for the denial', required: true });
    expect(moveNote('Escalated', 'Approved', 0)!.required).to.equal(false);
    expect(moveNote('Submitted', 'In Review', 0)).to.equal(null);
    expect(moveNote('Submitted', 'Withdrawn', 0)).to.equal(null);
  });

  it('My queue: loading first, then rows with age, due date, a past-due marker in words, user text as text; filters; no All for a Default user; the number opens the workbench', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const rows = [row(), row({ requestId: 2, number: 'SLIM-0002', type: 'Renewal', state: 'In Review', regionId: 2, regionName: 'Gulf Coast', pastDue: false, requestedAmount: 250_000 })];
    const base = queueAnswers(rows);
    stubFetch({ ...base, '/api/slim/getslimqueue': async (r) => { await held; return (base['/api/slim/getslimqueue'] as (x: typeof r) => { body: unknown })(r); } });
    const root = await mount('slim-queue');
    await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'));
    release();
    await waitFor(() => root.querySelector('[data-open="1"]'));
    expect(root.querySelector('b') === null, 'absent').to.equal(true);
    expect(textOf(root, 'tr[data-request-id="1"] [data-column="vendor"]')).to.equal('Acme <b>Steel</b>');
    expect(textOf(root, 'tr[data-request-id="1"] [data-column="age"]')).to.equal('9');
    expect(textOf(root, 'tr[data-request-id="1"] [data-column="due"]')).to.equal(`03/06/2031${T.pastDue}`);
    expect(root.querySelector('tr[data-request-id="2"] [data-past-due]') === null, 'absent').to.equal(true);
    expect(textOf(root, '[data-total="amount"]')).to.equal('$6,250,000.00');
    expect([...root.querySelectorAll('[data-view]')].map((b) => b.textContent)).to.deep.equal([T.views.mine, T.views.raised]);
    expect(root.querySelector('[data-select-all]') === null, 'absent').to.equal(true);
    setValue(root$(root, '[data-filter="region"]') as unknown as HTMLSelectElement, '2');
    await waitFor(() => !root.querySelector('tr[data-request-id="1"]'));
    expect(root.querySelector('tr[data-request-id="2"]') === null, 'present').to.equal(false);
    setValue(root$(root, '[data-filter="region"]') as unknown as HTMLSelectElement, '');
    setValue(root$(root, '[data-filter="type"]') as unknown as HTMLSelectElement, 'Limit Increase');
    await waitFor(() => !root.querySelector('tr[data-request-id="2"]'));
    setValue(root$(root, '[data-filter="state"]') as unknown as HTMLSelectElement, 'In Review');
    await waitFor(() => textOf(root, 'tbody').includes(T.empty));
    setValue(root$(root, '[data-filter="type"]') as unknown as HTMLSelectElement, '');
    setValue(root$(root, '[data-filter="state"]') as unknown as HTMLSelectElement, '');
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-open="1"]'))).click();
    expect(location.search).to.equal('?workbench=SlimRequest&recordKey=SlimRequest&recordId=1');
    document.body.innerHTML = '';
    const raised = await mount('slim-queue', { 'active-tab': 'raised' });
    await waitFor(() => raised.querySelector('[data-queue="raised"]'));
    expect(raised.querySelector('[data-view="raised"]')!.getAttribute('aria-pressed')).to.equal('true');
    expect(fetchRequests.filter((r) => r.path === '/api/slim/getslimqueue').at(-1)!.query.get('view')).to.equal('raised');
  });

  it('a failed (500, 401) or timed-out queue load says so with a Retry that loads again; the All view refused says who may see it', async () => {
    setSlimLoadTimeout(300);
    setRoles([{ applicationKey: 'keySLIM', name: 'Escalation Reviewer' }]);
    let mode: 'hang' | 'fail' | 'signedOut' | 'ok' = 'hang';
    const base = queueAnswers([row()]);
    stubFetch({ ...base, '/api/slim/getslimqueue': async (r) => {
      if (mode === 'hang') await new Promise(() => undefined);
      if (mode === 'fail') return { status: 500, body: {} };
      if (mode === 'signedOut') return { status: 401, body: {} };
      return (base['/api/slim/getslimqueue'] as (x: typeof r) => { body: unknown })(r);
    } });
    const root = await mount('slim-queue');
    const alert = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(alert.textContent).to.contain(T.timeout);
    mode = 'fail';
    root$(root, '[data-action="retry"]').click();
    await waitFor(() => textOf(root, '[data-state="failed"]').includes(T.failed));
    mode = 'signedOut';
    root$(root, '[data-action="retry"]').click();
    await waitFor(() => textOf(root, '[data-state="failed"]').includes(T.signedOut));
    mode = 'ok';
    root$(root, '[data-action="retry"]').click();
    await waitFor(() => root.querySelector('[data-open="1"]'));
    root$(root, '[data-view="all"]').click();
    await waitFor(() => textOf(root, '[data-state="forbidden"] > span') === T.noAccessAll);
  });

  it('bulk assign by keyboard: Space selects rows, the assignee is picked, refusals are listed per row', async () => {
    setRoles([{ applicationKey: 'keySLIM', name: 'Prequal Administrator' }]);
    const rows = [row(), row({ requestId: 2, number: 'SLIM-0002' }), row({ requestId: 3, number: 'SLIM-0003', state: 'Escalated' })];
    stubFetch(queueAnswers(rows, { '/api/slim/assignslimrequests': { body: { data: { done: [1], refused: [{ requestId: 2, message: 'SLIM-0002 is no longer Submitted.' }] } } } }));
    const root = await mount('slim-queue');
    await waitFor(() => root.querySelector('[data-select="1"]'));
    expect(root.querySelector('[data-select="3"]') === null, 'absent').to.equal(true);
    root$(root, '[data-select="1"]').focus();
    await sendKeys({ press: 'Space' });
    root$(root, '[data-select="2"]').focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => textOf(root, '[data-action="assign"]') === T.assignSelected(2));
    const select = await waitFor(() => root.querySelector<HTMLSelectElement>('[data-field="assignee"] option[value="21"]') && root.querySelector<HTMLSelectElement>('[data-field="assignee"]'));
    setValue(select, '21');
    root$(root, '[data-action="assign"]').click();
    const outcome = await waitFor(() => root.querySelector('[data-refused]'));
    expect(outcome.textContent).to.equal('SLIM-0002: SLIM-0002 is no longer Submitted.');
    expect(textOf(root, '[data-outcome]')).to.contain(T.assigned(1, 'Omar Haddad'));
    const post = fetchRequests.find((r) => r.path === '/api/slim/assignslimrequests')!;
    expect(post.body).to.deep.include({ 'items[0].ItemId': '1', 'items[1].ItemId': '2', assigneeEmployeeId: '21' });
  });

  it('a new limit increase is sent with its fields; a refusal keeps what was typed; a renewal shows what changed', async () => {
    let refuse = true;
    stubFetch(queueAnswers([row()], {
      '/api/slim/createslimrequest': () => (refuse ? { status: 400, body: { autoAlert: false, message: 'The amount is above what a request may ask.', fieldName: 'requestedAmount' } } : { body: { data: requestLoad({ requestId: 9, number: 'SLIM-0009' }) } }),
      '/api/slim/getslimrenewaldraft': { body: { data: { vendor: vendor(), basedOn: { ...requestLoad().request, requestId: 4, number: 'SLIM-0004' }, draft: { type: 'Renewal', vendorId: 7, requestedAmount: 2_000_000, justification: 'Renew as before', priority: 'Normal' }, changes: [{ field: 'netWorth', label: 'Net worth', before: '$1,500,000', after: '$2,000,000' }] } } },
    }));
    const root = await mount('slim-queue');
    await waitFor(() => root.querySelector('[data-open="1"]'));
    root$(root, '[data-action="new-request"]').click();
    const form = await waitFor(() => root.querySelector('[data-form="new-request"]'));
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
    await waitFor(() => form.querySelector('[data-field="vendorId"] option[value="7"]') && form.querySelector('[data-field="projectId"] option[value="3"]'));
    expect(textOf(form, '[data-field="vendorId"] option[value="8"]')).to.contain('Not Prequalified · single $100,000 · aggregate $200,000');
    expect(textOf(form, '[data-field="projectId"] option[value="3"]')).to.equal('1001 Tower (North Texas)');
    root$(form, '[data-action="submit-request"]').click();
    await waitFor(() => form.querySelector('[data-error="vendorId"]'));
    setValue(field('vendorId'), '7');
    setValue(field('projectId'), '3');
    setValue(field('requestedAmount'), '6000000');
    setValue(field('justification'), 'Tower steel package');
    root$(form, '[data-action="submit-request"]').click();
    await waitFor(() => textOf(form, '[data-problem]').includes('The amount is above'));
    expect(textOf(form, '[data-error="requestedAmount"]')).to.contain('The amount is above');
    expect(field('justification').value).to.equal('Tower steel package');
    const sent = fetchRequests.filter((r) => r.path === '/api/slim/createslimrequest').at(-1)!;
    expect(sent.body).to.deep.include({ type: 'Limit Increase', vendorId: '7', projectId: '3', requestedAmount: '6000000', priority: 'Normal', justification: 'Tower steel package' });
    refuse = false;
    root$(form, '[data-action="submit-request"]').click();
    await waitFor(() => location.search.includes('recordId=9') && !root.querySelector('[data-form="new-request"]'));
    root$(root, '[data-action="new-request"]').click();
    const again = await waitFor(() => root.querySelector('[data-form="new-request"]'));
    await waitFor(() => again.querySelector('[data-field="vendorId"] option[value="7"]'));
    setValue(again.querySelector<HTMLSelectElement>('[data-field="type"]')!, 'Renewal');
    setValue(again.querySelector<HTMLSelectElement>('[data-field="vendorId"]')!, '7');
    await waitFor(() => again.querySelector('[data-change="netWorth"]'));
    expect(textOf(again, '[data-renewal] p')).to.equal(T.formRenewalFrom('SLIM-0004'));
    expect(textOf(again, '[data-change="netWorth"]')).to.equal('Net worth$1,500,000$2,000,000');
    expect(again.querySelector<HTMLTextAreaElement>('[data-field="justification"]')!.value).to.equal('Renew as before');
    expect(again.querySelector<HTMLInputElement>('[data-field="requestedAmount"]')!.value).to.equal('2000000');
  });

  it('the workbench shows the request, the record and the working of the suggestion; moves take their notes; a refusal keeps the note; a 409 shows the server message and reloads, the note kept', async () => {
    let state: 'refuse' | 'stale' | 'ok' = 'refuse';
    let loads = 0;
    const moves = [{ applicationRecordStateId: 503, name: 'On Hold – Missing Data' as const }, { applicationRecordStateId: 505, name: 'Escalated' as const }];
    stubFetch({
      '/api/slim/getslimrequest': () => { loads += 1; return { body: { data: requestLoad({}, moves) } }; },
      '/api/slim/getslimcomments': { body: { data: [] } },
      '/api/slim/updateslimrequeststate': () => (state === 'refuse' ? { status: 403, body: { message: SLIM_TEXT.notAssignee } }
        : state === 'stale' ? { status: 409, body: { message: 'The request is now Withdrawn.', currentRecordStateName: 'Withdrawn' } }
          : { body: { data: requestLoad({ state: 'On Hold – Missing Data', applicationRecordStateId: 503, missingData: 'The 2030 audit' }, []) } }),
    });
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-working]'));
    expect(root.querySelector('b') === null, 'absent').to.equal(true);
    expect(root.querySelector('script') === null, 'absent').to.equal(true);
    expect(textOf(root, '[data-field-value="justification"]')).to.equal('Needed for <script>level 3</script>');
    const s = suggested();
    expect([...root.querySelectorAll('[data-step]')].map((tr) => tr.getAttribute('data-step'))).to.deep.equal(s.steps.map((x) => x.key));
    for (const step of s.steps) {
      expect(textOf(root, `[data-step="${step.key}"] [data-value]`)).to.equal(stepValue(step));
      expect(textOf(root, `[data-step="${step.key}"] [data-detail]`)).to.equal(step.detail);
    }
    expect(textOf(root, '[data-step="currentRatio"] [data-value]')).to.equal('1.50');
    // 20 % of $4,000,000 = $800,000 → $750,000 on the ladder, less one step (D/E 2.25) and one (EMR 1.05): $250,000.
    expect(textOf(root, '[data-step="single"] [data-value]')).to.equal('$250,000');
    expect(textOf(root, '[data-financials] [data-column="workingCapital"]')).to.equal('$1,000,000');
    expect(textOf(root, '[data-financials] [data-column="debtToEquity"]')).to.equal('2.25');
    expect(textOf(root, '[data-required-attachments]')).to.equal('EMR letter of explanation');
    expect(textOf(root, '[data-field-value="escalation"]')).to.contain('exceeds $5,000,000');
    expect(textOf(root, '[data-file-count]')).to.equal(T.filesHint(2));
    root$(root, '[data-move="On Hold – Missing Data"]').click();
    const form = await waitFor(() => root.querySelector('[data-move-form]'));
    root$(form, '[data-action="confirm-move"]').click();
    await waitFor(() => textOf(form, '[data-move-problem]') === T.noteRequired('What is missing'));
    setValue(form.querySelector<HTMLTextAreaElement>('[data-field="note"]')!, 'The 2030 audit');
    root$(form, '[data-action="confirm-move"]').click();
    await waitFor(() => textOf(form, '[data-move-problem]').startsWith(SLIM_TEXT.notAssignee));
    expect(form.querySelector<HTMLTextAreaElement>('[data-field="note"]')!.value).to.equal('The 2030 audit');
    const sent = fetchRequests.filter((r) => r.path === '/api/slim/updateslimrequeststate').at(-1)!;
    expect(sent.body).to.deep.equal({ ItemId: '1', OldRecordStateId: '502', RouteStateId: '503', note: 'The 2030 audit' });
    state = 'stale';
    root$(form, '[data-action="confirm-move"]').click();
    await waitFor(() => textOf(root, '[data-stale]').includes('The request is now Withdrawn.'));
    await waitFor(() => loads === 2);
    // Reloaded; the move is still offered, so the typed note is still there.
    expect(root.querySelector<HTMLTextAreaElement>('[data-move-form] [data-field="note"]')!.value).to.equal('The 2030 audit');
    state = 'ok';
    root$(root, '[data-move="On Hold – Missing Data"]').click();
    const form2 = await waitFor(() => root.querySelector('[data-move-form]'));
    setValue(form2.querySelector<HTMLTextAreaElement>('[data-field="note"]')!, 'The 2030 audit');
    root$(form2, '[data-action="confirm-move"]').click();
    await waitFor(() => textOf(root, '[data-state-badge]') === 'On Hold – Missing Data');
    expect(textOf(root, '[data-field-value="missingData"]')).to.equal('The 2030 audit');
    expect(textOf(root, '[data-no-actions]')).to.equal(T.noActions);
  });

  it("the workbench marks the caller's notifications of the request read with a POST once it is loaded (the load writes nothing), once per request", async () => {
    stubFetch({
      '/api/slim/getslimrequest': { body: { data: requestLoad() } },
      '/api/slim/getslimcomments': { body: { data: [] } },
      '/api/slim/markslimnotificationsread': { body: { data: { marked: 1 } } },
    });
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-working]'));
    const marks = () => fetchRequests.filter((r) => r.path === '/api/slim/markslimnotificationsread');
    await waitFor(() => marks().length === 1);
    expect(marks()[0]!.method).to.equal('POST');
    expect(marks()[0]!.body).to.deep.equal({ recordId: '1' });
    const loadIndex = fetchRequests.findIndex((r) => r.path === '/api/slim/getslimrequest');
    expect(fetchRequests.indexOf(marks()[0]!)).to.be.greaterThan(loadIndex, 'after the load');
  });

  it('approval is pre-filled with the suggested limits and a year on, and sends what the reviewer set', async () => {
    const moves = [{ applicationRecordStateId: 507, name: 'Approved with Conditions' as const }];
    stubFetch({
      '/api/slim/getslimrequest': { body: { data: requestLoad({ state: 'Escalated', applicationRecordStateId: 505 }, moves) } },
      '/api/slim/getslimcomments': { body: { data: [] } },
      '/api/slim/updateslimrequeststate': { body: { data: requestLoad({ state: 'Approved with Conditions', applicationRecordStateId: 507, decision: {
        state: 'Approved with Conditions', by: person(30, 'Tom Brennan'), at: '2031-03-10T12:00:00Z', reason: null, conditions: 'Raise GL', singleLimit: 1_000_000, aggregateLimit: 2_000_000, limitExpiresOn: '2032-03-10',
      } }) } },
    });
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-move="Approved with Conditions"]'))).click();
    const form = await waitFor(() => root.querySelector('[data-move-form]'));
    const input = (name: string) => form.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
    expect(input('singleLimit').value).to.equal(String(suggested().singleLimit));
    expect(input('aggregateLimit').value).to.equal(String(suggested().aggregateLimit));
    expect(input('limitExpiresOn').value).to.equal(aYearOn(clock.today()));
    setValue(input('singleLimit'), '1000000');
    setValue(input('aggregateLimit'), '2000000');
    setValue(form.querySelector<HTMLTextAreaElement>('[data-field="note"]')!, 'Raise GL');
    root$(form, '[data-action="confirm-move"]').click();
    await waitFor(() => root.querySelector('[data-field-value="decision"]'));
    expect(textOf(root, '[data-field-value="decision"]')).to.contain('Approved with Conditions by Tom Brennan');
    expect(textOf(root, '[data-field-value="decision"]')).to.contain('Conditions: Raise GL');
    const sent = fetchRequests.filter((r) => r.path === '/api/slim/updateslimrequeststate').at(-1)!;
    expect(sent.body).to.deep.include({ RouteStateId: '507', note: 'Raise GL', singleLimit: '1000000', aggregateLimit: '2000000' });
  });

  it('a vendor record the server marks confidential (no risk role) says so where the statements, safety and bonding would be', async () => {
    const blank = vendor({ financials: [], safety: [], surety: null, bondSingleCapacity: null, bondAggregateCapacity: null, confidential: true });
    stubFetch({
      '/api/slim/getslimrequest': { body: { data: requestLoad({}, [], { vendor: blank }) } },
      '/api/slim/getslimcomments': { body: { data: [] } },
    });
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    const record = await waitFor(() => root.querySelector('[data-section="vendor"]'));
    expect(VENDOR_CONFIDENTIAL_TEXT).to.equal('Confidential to the risk roles');
    expect(textOf(record, '[data-bonding]')).to.equal(VENDOR_CONFIDENTIAL_TEXT);
    expect([...record.querySelectorAll('[data-confidential]')].map((el) => el.textContent)).to.deep.equal([VENDOR_CONFIDENTIAL_TEXT, VENDOR_CONFIDENTIAL_TEXT, VENDOR_CONFIDENTIAL_TEXT]);
    expect(record.textContent).to.not.contain(T.noFinancials);
    expect(record.textContent).to.not.contain(T.noSafety);
    // Insurance is not confidential: it stays.
    expect(textOf(record, '[data-insurance]')).to.contain('GL $1,000,000');

    // The same empty record without the mark: none on file.
    document.body.innerHTML = '';
    stubFetch({
      '/api/slim/getslimrequest': { body: { data: requestLoad({}, [], { vendor: { ...blank, confidential: undefined } }) } },
      '/api/slim/getslimcomments': { body: { data: [] } },
    });
    const plain = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    const plainRecord = await waitFor(() => plain.querySelector('[data-section="vendor"]'));
    expect(plainRecord.querySelector('[data-confidential]')).to.equal(null);
    expect(textOf(plainRecord, '[data-bonding]')).to.equal('—');
    expect(plainRecord.textContent).to.contain(T.noFinancials);
  });

  it('comments render as text; Edit shows only within 15 minutes; a refused edit shows the server reason and keeps the text', async () => {
    const now = Date.now();
    const comment = (over: Partial<SlimComment>): SlimComment => ({ commentId: 1, requestId: 1, author: person(10, 'Marcus Reyes'), body: 'See <i>attached</i>', createdAt: new Date(now - 60_000).toISOString(), editedAt: null, editable: true, ...over });
    stubFetch({
      '/api/slim/getslimrequest': { body: { data: requestLoad() } },
      '/api/slim/getslimcomments': { body: { data: [comment({}), comment({ commentId: 2, createdAt: new Date(now - 16 * 60_000).toISOString() }), comment({ commentId: 3, editable: false })] } },
      '/api/slim/saveslimcomment': { status: 400, body: { autoAlert: true, message: SLIM_TEXT.editWindow, functionName: 'SaveSlimComment' } },
    });
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-comment="1"]'));
    expect(root.querySelector('i') === null, 'absent').to.equal(true);
    expect(textOf(root, '[data-comment="1"] [data-comment-body]')).to.equal('See <i>attached</i>');
    expect(root.querySelector('[data-comment="1"] [data-action="edit-comment"]') === null, 'present').to.equal(false);
    expect(root.querySelector('[data-comment="2"] [data-action="edit-comment"]') === null, 'absent').to.equal(true);
    expect(root.querySelector('[data-comment="3"] [data-action="edit-comment"]') === null, 'absent').to.equal(true);
    root$(root, '[data-comment="1"] [data-action="edit-comment"]').click();
    const edit = await waitFor(() => root.querySelector<HTMLTextAreaElement>('[data-field="comment-edit"]'));
    setValue(edit, 'See the audit');
    root$(root, '[data-action="save-comment"]').click();
    await waitFor(() => textOf(root, '[data-comment-problem]').startsWith(SLIM_TEXT.editWindow));
    expect(root.querySelector<HTMLTextAreaElement>('[data-field="comment-edit"]')!.value).to.equal('See the audit');
  });

  it('the overview: counts, assignees and average days right-aligned with totals, past-due rows open the workbench; a 403 reads Forbidden', async () => {
    let forbid = true;
    stubFetch({ '/api/slim/getslimoverview': () => (forbid ? { status: 403, body: { message: 'no' } } : { body: { data: {
      byState: [{ state: 'Submitted', count: 4 }, { state: 'In Review', count: 3 }], byAssignee: [{ assignee: person(20, 'Priya Natarajan'), open: 5, pastDue: 2 }, { assignee: null, open: 2, pastDue: 1 }],
      pastDue: [row()], averageDaysPerStep: [{ state: 'In Review', averageDays: 2.345, steps: 12 }], openCount: 7,
    } } }) });
    const root = await mount('slim-queues');
    await waitFor(() => textOf(root, '[data-state="forbidden"] > span') === T.noAccessOverview);
    document.body.innerHTML = '';
    forbid = false;
    const again = await mount('slim-queues');
    await waitFor(() => again.querySelector('[data-table="by-state"] tbody tr'));
    expect(textOf(again, '[data-total="by-state"]')).to.equal('7');
    expect(textOf(again, '[data-total="open"]')).to.equal('7');
    expect(textOf(again, '[data-total="past-due"]')).to.equal('3');
    expect(again.querySelector('[data-total="by-state"]')!.className).to.contain('text-end');
    expect(textOf(again, '[data-step-row="In Review"] td')).to.equal('2.3');
    expect(textOf(again, '[data-assignee-row="0"] th')).to.equal(T.unassigned);
    root$(again, '[data-open="1"]').click();
    expect(location.search).to.equal('?workbench=SlimRequest&recordKey=SlimRequest&recordId=1');
  });
});

describe('SLIM request workbench: Update record (the vendor record kept current)', () => {
  useElementTestPage({ login: 'risk', after: () => { resetRoles(); setVendorRecordLoadTimeout(null); } });
  beforeEach(() => { setRoles([{ applicationKey: 'keyRISK', name: 'Risk' }, { applicationKey: 'keySLIM', name: 'Prequal Administrator' }]); history.replaceState(null, '', '/sr/slimqueue'); });

  const today = clock.today();
  const on = (days: number) => addDays(today, days);
  const marked = { enteredAt: `${on(-30)}T15:00:00.000Z`, enteredBy: 'Priya <b>Natarajan</b>' };
  const recordHistory = (over: Partial<VendorRecordHistory> = {}): VendorRecordHistory => ({
    vendor: vendor({ glExpiresOn: on(-1) }), suggested: suggested(),
    financials: [{ ...vendor().financials[0]!, ...marked }], safety: [{ ...vendor().safety[0]!, ...marked }],
    insurance: [{ certificateId: 1, coverage: 'General Liability', carrier: 'Zurich <i>American</i>', policyNumber: 'GL-1', eachOccurrence: 1_000_000, aggregate: 2_000_000, effectiveOn: on(-366), expiresOn: on(-1), current: true, ...marked }],
    bonding: [{ bondingId: 1, surety: 'Hartford', singleCapacity: 5_000_000, aggregateCapacity: 10_000_000, current: true, enteredAt: null, enteredBy: null }],
    expiries: [
      { kind: 'General liability insurance', expiresOn: on(-1), expired: true, daysLeft: -1, renewalDue: true },
      { kind: 'Prequalification', expiresOn: on(40), expired: false, daysLeft: 40, renewalDue: true },
    ],
    renewals: [{ kind: 'General liability insurance', expiresOn: on(-1), requestId: 9, number: 'SLIM-0009', state: 'Submitted' }],
    ...over,
  });
  const answers = (over: Record<string, StubFor> = {}): Record<string, StubFor> => ({
    '/api/slim/getslimrequest': { body: { data: requestLoad({}, [], { vendor: vendor({ glExpiresOn: on(-1), limitExpiresOn: on(40) }) }) } },
    '/api/slim/getslimcomments': { body: { data: [] } },
    '/api/risk/getvendorrecordhistory': { body: { data: recordHistory() } },
    ...over,
  });
  const open = async (root: ShadowRoot) => {
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="update-record"]'));
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.focus();
    await sendKeys({ press: 'Enter' });
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    return root$(root, '[data-section="update-record"]');
  };

  it('is offered to the risk roles only; the vendor record marks an expired date with the word "Expired", one within 60 days with its days', async () => {
    stubFetch(answers());
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    const record = await waitFor(() => root.querySelector('[data-section="vendor"]'));
    const expired = root$(record, '[data-insurance] [data-expired]');
    expect(expired.textContent).to.equal(`Expired ${formatDate(on(-1))}`);
    expect(expired.className).to.contain('text-bg-danger');
    expect(textOf(record, '[data-current-limits] [data-expiring]')).to.equal(`${formatDate(on(40))} Expires in 40 days`);
    expect(root.querySelector('[data-section="update-record"]') === null, 'present').to.equal(false);
    expect(fetchRequests.some((r) => r.path === '/api/risk/getvendorrecordhistory'), 'loaded only when opened').to.equal(false);

    document.body.innerHTML = '';
    setRoles([{ applicationKey: 'keySLIM', name: 'Regional Reviewer' }, { applicationKey: 'keyRISK', name: 'Default' }]);
    stubFetch(answers());
    const other = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    await waitFor(() => other.querySelector('[data-section="vendor"]'));
    expect(other.querySelector('[data-section="update-record"]')).to.equal(null);
  });

  it('opens from the keyboard: loading, then the expiries with their renewal and each history with its date and who, user text as text', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    stubFetch(answers({ '/api/risk/getvendorrecordhistory': async () => { await held; return { body: { data: recordHistory() } }; } }));
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    const section = await open(root);
    await waitFor(() => section.querySelector('[data-state="loading"]'));
    expect(textOf(section, '[data-state="loading"]')).to.equal(VENDOR_RECORD_UI_TEXT.loading);
    release();
    await waitFor(() => section.querySelector('[data-state="ready"]'));
    expect(fetchRequests.find((r) => r.path === '/api/risk/getvendorrecordhistory')!.query.get('vendorId')).to.equal('7');
    expect(textOf(section, '[data-expiry-kind="General liability insurance"]'))
      .to.equal(`General liability insurance: Expired ${formatDate(on(-1))}Renewal SLIM-0009 (Submitted)`);
    expect(textOf(section, '[data-expiry-kind="Prequalification"]')).to.equal(`Prequalification: ${formatDate(on(40))} Expires in 40 days`);
    expect(root$(section, '[data-history="insurance"] [data-expired]').className).to.contain('text-bg-danger');
    expect(section.querySelector('b, i')).to.equal(null);
    expect(textOf(section, '[data-history="financials"] [data-entered]')).to.equal(`${formatDate(on(-30))} · Priya <b>Natarajan</b>`);
    expect(textOf(section, '[data-history="insurance"] tbody tr')).to.contain('Zurich <i>American</i> · GL-1');
    expect(textOf(section, '[data-history="bonding"] [data-entered]')).to.equal('— · not recorded');
    expect(textOf(section, '[data-suggested-now]')).to.equal(VENDOR_RECORD_UI_TEXT.suggested('$250,000', '$500,000'));
    expect([...section.querySelectorAll('[data-entry-form]')].map((f) => f.getAttribute('data-entry-form'))).to.deep.equal(['insurance', 'financials', 'safety', 'bonding']);

    // The renewal's number is a link to its request's workbench (its address opens in a new tab too); a click opens it here.
    const link = root$(section, '[data-renewal] a[data-open-renewal]');
    expect(link.textContent).to.equal('SLIM-0009');
    expect(link.getAttribute('href')).to.equal('/sr/slimqueue?workbench=SlimRequest&recordKey=SlimRequest&recordId=9');
    expect(link.getAttribute('aria-label')).to.equal(VENDOR_RECORD_UI_TEXT.openRenewal('SLIM-0009'));
    link.click();
    expect(location.search).to.equal('?workbench=SlimRequest&recordKey=SlimRequest&recordId=9');
  });

  it('a failed load says why with Retry, which loads again', async () => {
    let fail = true;
    stubFetch(answers({ '/api/risk/getvendorrecordhistory': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: { data: recordHistory() } }) }));
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    const section = await open(root);
    const problem = await waitFor(() => section.querySelector<HTMLElement>('[role="alert"][data-state="failed"]'));
    expect(problem.textContent).to.contain(VENDOR_RECORD_UI_TEXT.loadFailed);
    fail = false;
    root$(problem, '[data-action="retry"]').click();
    await waitFor(() => section.querySelector('[data-state="ready"]'));
  });

  it('an entry: refused at the field before sending; the server refusal at its field; a failure keeps the typed work with Retry; saved, the history and the request reload', async () => {
    let post: 'refuse' | 'fail' | 'ok' = 'refuse';
    let requestLoads = 0;
    const after = recordHistory({ safety: [{ year: 2031, emr: 0.91, oshaRecordableRate: 1.4, enteredAt: `${today}T15:00:00.000Z`, enteredBy: 'Priya Natarajan' }, ...recordHistory().safety] });
    stubFetch(answers({
      '/api/slim/getslimrequest': () => { requestLoads += 1; return { body: { data: requestLoad() } }; },
      '/api/risk/addvendorsafety': () => (post === 'refuse'
        ? { status: 400, body: { message: 'Enter the year as four digits.', feedback: [{ integerValue: 1, stringValue: 'year', message: 'Enter the year as four digits, from 1990 to 2026.' }] } }
        : post === 'fail' ? { status: 500, body: { message: 'Internal Server Error' } } : { body: { data: after } }),
    }));
    const root = await mount('wb-slim-request', { 'record-key': 'SlimRequest', 'record-id': '1' });
    const section = await open(root);
    const form = await waitFor(() => section.querySelector<HTMLFormElement>('[data-entry-form="safety"]'));
    const input = (name: string) => form.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
    const save = () => root$(form, '[data-action="save-entry"]').click();
    setValue(input('year'), today.slice(0, 4));
    setValue(input('emr'), 'abc');
    setValue(input('oshaRecordableRate'), '1.4');
    save();
    await waitFor(() => form.querySelector('[data-field-error="emr"]'));
    expect(textOf(form, '[data-field-error="emr"]')).to.equal(VENDOR_RECORD_TEXT.emr);
    expect(input('emr').getAttribute('aria-invalid')).to.equal('true');
    expect(fetchRequests.some((r) => r.path === '/api/risk/addvendorsafety'), 'not sent').to.equal(false);

    setValue(input('emr'), '0.91');
    save();
    await waitFor(() => form.querySelector('[data-field-error="year"]'));
    expect(textOf(form, '[data-entry-problem]')).to.equal(VENDOR_RECORD_UI_TEXT.failure.refused);
    expect(fetchRequests.find((r) => r.path === '/api/risk/addvendorsafety')!.body).to.deep.equal({ vendorId: '7', year: today.slice(0, 4), emr: '0.91', oshaRecordableRate: '1.4' });

    post = 'fail';
    save();
    await waitFor(() => textOf(form, '[data-entry-problem]').startsWith('The entry was not saved (HTTP 500)'));
    expect(input('emr').value).to.equal('0.91');
    expect(input('year').value).to.equal(today.slice(0, 4));
    post = 'ok';
    root$(form, '[data-action="retry-entry"]').click();
    await waitFor(() => section.querySelector('[data-history="safety"] tr[data-year="2031"]'));
    expect(input('emr').value).to.equal('');
    expect(form.querySelector('[data-entry-problem]')).to.equal(null);
    expect(textOf(section, '[data-history="safety"] tr[data-year="2031"] [data-entered]')).to.equal(`${formatDate(today)} · Priya Natarajan`);
    await waitFor(() => requestLoads === 2);
  });
});
