import { expect } from 'chai';
import { BILLING_API, type BillingMonth, type BillingRun, type BillingRunLine } from '../../src/core/billing/contract';
import { resetRoles, setRoles } from '../../src/core/roles';
import { addPeriods, currentPeriod } from '../../src/core/clock';
import { BILLING_UI_TEXT as T, billingSheet } from '../../src/features/billing';
import { sheetToCsv } from '../../src/ui/grid/export';
import '../../src/elements/it-billing/define';
import { fetchRequests, mount, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const month = (over: Partial<BillingMonth> = {}): BillingMonth => ({ month: '2026-10', state: null, method: null, charges: 100.5, runTotal: null, hours: 320, ...over });
const line = (over: Partial<BillingRunLine> = {}): BillingRunLine => ({
  lineId: 1, projectId: 1, projectNumber: '24-1032', projectName: 'Riverside', departmentId: null, departmentName: null, employeeId: 7, employeeName: 'Ann <b>Lee</b>',
  costItemId: 4, costItemName: 'Microsoft 365 E3', costItemKind: 'licence', basis: '32.0 of 160.0 h charged to 24-1032 in 2026-10', amount: 7.2, ...over,
});
const run = (over: Partial<BillingRun> = {}): BillingRun => ({
  month: '2026-10', runId: 5, state: 'Draft', stateId: 71, postStateId: 72, method: 'hours', runAt: '2026-11-02T10:00:00Z', runByName: 'Dana Whitfield',
  postedAt: null, postedByName: null, charges: 36, total: 36, lastDay: '2026-10-31', ended: true,
  lines: [line(), line({ lineId: 2, projectId: null, projectNumber: null, projectName: null, departmentId: 2, departmentName: 'IT', basis: '128.0 of 160.0 h not on a project in 2026-10: IT', amount: 28.8 })],
  projects: [{ key: 'project:1', kind: 'project', id: 1, label: '24-1032 Riverside', amount: 7.2, lines: 1 }],
  departments: [{ key: 'department:2', kind: 'department', id: 2, label: 'IT', amount: 28.8, lines: 1 }],
  items: [{ costItemId: 4, kind: 'licence', name: 'Microsoft 365 E3', vendor: 'Microsoft', monthlyCost: 36, held: 1, amount: 36 }],
  ...over,
});
const answers = (over: Record<string, StubFor> = {}): Record<string, StubFor> => ({
  [BILLING_API.months]: { body: { data: [month({ state: 'Draft', method: 'hours', runTotal: 36 }), month({ month: '2026-09' })] } },
  [BILLING_API.run]: { body: { data: run() } },
  ...over,
});
const $ = (root: ParentNode, selector: string) => root.querySelector<HTMLElement>(selector)!;

describe('<it-billing>', () => {
  useElementTestPage({ login: 'admin', after: resetRoles });
  beforeEach(() => { setRoles([{ applicationKey: 'keyIT', name: 'Admin' }]); });

  it('exports the lines with formulas inert, amounts as numbers and the total', () => {
    const sheet = billingSheet(run({ lines: [line({ employeeName: '=HYPERLINK("x")', costItemName: '@sum' })], total: 7.2 }));
    expect(sheet.lines[0]!.cells).to.deep.equal(['Charged to', 'Project / Department', 'Cost item', 'Kind', 'Employee', 'Basis', 'Amount']);
    expect(sheet.lines[1]!.cells).to.deep.equal(['Project', '24-1032 Riverside', '@sum', 'Software licence', '=HYPERLINK("x")', '32.0 of 160.0 h charged to 24-1032 in 2026-10', 7.2]);
    expect(sheet.lines[2]).to.deep.equal({ kind: 'total', cells: ['Total 2026-10', null, null, null, null, null, 7.2] });
    expect(sheetToCsv(sheet).split('\r\n')[1]).to.contain(`'@sum,Software licence,"'=HYPERLINK(""x"")"`);
  });

  it('shows loading, then a failed load with Retry that works; user text renders as text', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    stubFetch(answers({
      [BILLING_API.months]: async () => {
        await held;
        return fail ? { status: 500, body: { message: 'boom' } } : { body: { data: [month({ state: 'Draft', method: 'hours', runTotal: 36 })] } };
      },
    }));
    const root = await mount('it-billing');
    await waitFor(() => root.querySelector('[role="status"]'));
    expect(textOf(root, '[role="status"]')).to.equal(T.loadingMonths);
    release();
    await waitFor(() => root.querySelector('[data-failed="months"]'));
    expect(textOf(root, '[data-failed="months"] span')).to.equal(`${T.monthsFailed} ${T.failed}`);
    fail = false;
    $(root, '[data-action="retry"]').click();
    await waitFor(() => root.querySelector('[data-showback="2026-10"]'));
    expect(fetchRequests.filter((r) => r.path === BILLING_API.months).at(-1)!.query.get('retry')).to.equal('1');
    $(root, '[data-table="projects"] [aria-expanded]').click();
    await waitFor(() => root.querySelector('[data-line="1"]'));
    expect($(root, '[data-line="1"]').innerHTML).to.contain('Ann &lt;b&gt;Lee&lt;/b&gt;');
    expect(textOf(root, '[data-total="projects"]')).to.equal('$7.20');
    expect(textOf(root, '[data-total="departments"]')).to.equal('$28.80');
    expect(textOf(root, '[data-total="items"]')).to.equal('$36.00');
  });

  it('keeps the chosen method when a run is refused and offers Reload on a stale post', async () => {
    stubFetch(answers({
      [BILLING_API.runMonth]: { status: 400, body: { autoAlert: true, message: '2026-10 has no submitted timecard hours.' } },
      [BILLING_API.updateState]: { status: 409, body: { message: 'IT billing 2026-10 is now Posted by Dana Whitfield.' } },
    }));
    const root = await mount('it-billing');
    await waitFor(() => root.querySelector('[data-action="run"]'));
    expect(textOf(root, '[data-action="run"]')).to.equal(T.rerun);
    $(root, '[data-method="perHead"]').click();
    $(root, '[data-action="run"]').click();
    await waitFor(() => root.querySelector('[data-problem]'));
    expect(textOf(root, '[data-problem]')).to.equal(`${T.actionFailed} 2026-10 has no submitted timecard hours.`);
    expect(root.querySelector<HTMLInputElement>('[data-method="perHead"]')!.checked).to.equal(true);
    const sent = fetchRequests.find((r) => r.path === BILLING_API.runMonth)!.body as Record<string, string>;
    expect([sent.month, sent.method]).to.deep.equal(['2026-10', 'perHead']);
    $(root, '[data-action="post"]').click();
    await waitFor(() => root.querySelector('[data-action="confirm-post"]'));
    expect(textOf(root, '[data-confirm="post"] span')).to.equal(T.confirmPost('2026-10'));
    $(root, '[data-action="confirm-post"]').click();
    await waitFor(() => root.querySelector('[data-action="reload"]'));
    const post = fetchRequests.find((r) => r.path === BILLING_API.updateState)!.body as Record<string, string>;
    expect([post.ItemId, post.OldRecordStateId, post.RouteStateId]).to.deep.equal(['5', '71', '72']);
    expect(textOf(root, '[data-problem] span')).to.equal(`${T.actionFailed} IT billing 2026-10 is now Posted by Dana Whitfield.`);
  });

  it('reads only for keyIT Viewer; a posted month shows locked; a month not run says so', async () => {
    setRoles([{ applicationKey: 'keyIT', name: 'Viewer' }]);
    stubFetch(answers({
      [BILLING_API.run]: ({ query }) => ({ body: { data: query.get('month') === '2026-10'
        ? run({ state: 'Posted', postStateId: null, postedAt: '2026-11-03T10:00:00Z', postedByName: 'Dana Whitfield' })
        : run({ month: '2026-09', runId: null, state: null, stateId: null, postStateId: null, method: null, runAt: null, runByName: null, lines: [], projects: [], departments: [] }) } }),
    }));
    const root = await mount('it-billing');
    await waitFor(() => root.querySelector('[data-locked]'));
    expect(textOf(root, '[data-read-only]')).to.equal(T.readOnly);
    expect(root.querySelector('[data-action="run"], [data-action="post"]')).to.equal(null);
    expect(textOf(root, '[data-posted-note]')).to.match(/^Posted by Dana Whitfield on .+\. The month is locked\.$/);
    $(root, '[data-month="2026-09"] button').click();
    await waitFor(() => root.querySelector('[data-not-run]'));
    expect(textOf(root, '[data-not-run]')).to.equal(T.notRunYet('2026-09'));
    expect(root.querySelector('[data-export="excel"]')).to.equal(null);
  });

  it('a month that has not ended is a marked preview: no Run or Post, and it says when it can be run', async () => {
    setRoles([{ applicationKey: 'keyIT', name: 'Admin' }]);
    stubFetch(answers({
      [BILLING_API.run]: () => ({ body: { data: run({ month: '2026-11', runId: null, state: null, stateId: null, postStateId: null, method: null, runAt: null,
        runByName: null, lines: [], projects: [], departments: [], lastDay: '2026-11-30', ended: false }) } }),
    }));
    const root = await mount('it-billing');
    await waitFor(() => root.querySelector('[data-preview]'));
    expect(textOf(root, '[data-preview]')).to.equal(T.preview('2026-11', '11/30/2026'));
    expect(root.querySelector('[data-action="run"], [data-action="post"]')).to.equal(null);
  });

  it('opens on the newest month that has ended, not the month under way (a preview a click away)', async () => {
    setRoles([{ applicationKey: 'keyIT', name: 'Admin' }]);
    const current = currentPeriod();
    const last = addPeriods(current, -1);
    stubFetch(answers({
      [BILLING_API.months]: { body: { data: [month({ month: current }), month({ month: last })] } },
      [BILLING_API.run]: ({ query }) => ({ body: { data: run({ month: query.get('month')!, runId: null, state: null, stateId: null, postStateId: null, method: null }) } }),
    }));
    const root = await mount('it-billing');
    await waitFor(() => root.querySelector('[data-showback]'));
    expect(root.querySelector('[data-showback]')!.getAttribute('data-showback')).to.equal(last);
    expect(fetchRequests.filter((r) => r.path === BILLING_API.run).map((r) => r.query.get('month'))).to.deep.equal([last]);
  });
});
