import { expect } from 'chai';
import { addPeriods, currentPeriod } from '../../src/core/clock';
import { compareSnapshots, periodLabel, whyMoved, type ForecastPeriod, type SnapshotLine, type SourceRecord } from '../../src/core/projections/periods';
import { resetRoles, setRoles } from '../../src/core/roles';
import { COMPARISON_ROWS_SHOWN, comparisonSheet, FORECAST_TEXT } from '../../src/features/projections/periods';
import { sheetToCsv } from '../../src/ui/grid/export';
import '../../src/elements/pfm-forecast/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { overlaysRoot, useElementTestPage } from '../support/elements';

/** The months: this one (open), the last (closed), the one before (closed, re-opened once, closed again). */
const NOW = currentPeriod();
const LAST = addPeriods(NOW, -1);
const BEFORE = addPeriods(NOW, -2);
const at = (month: string, day: string, time = '15:00:00') => `${month}-${day}T${time}.000Z`;

const period = (month: string, over: Partial<ForecastPeriod> = {}): ForecastPeriod => ({
  budgetId: 1, month, state: 'Open', current: month === NOW, closedBy: null, closedByName: null, closedAt: null,
  reopenedBy: null, reopenedByName: null, reopenedAt: null, reopenReason: null, hasSnapshot: false, snapshots: [], ...over,
});
const snapshot = (takenAt: string, superseded: string | null) => ({ takenAt, takenBy: 7, takenByName: 'Rita <Regional>', lines: 3, superseded: superseded !== null, supersededAt: superseded });

function periods(nowClosed = false): ForecastPeriod[] {
  return [
    period(NOW, nowClosed ? { state: 'Closed', closedBy: 7, closedByName: 'Rita <Regional>', closedAt: at(NOW, '02'), hasSnapshot: true, snapshots: [snapshot(at(NOW, '02'), null)] } : {}),
    period(LAST, { state: 'Closed', closedBy: 7, closedByName: 'Rita <Regional>', closedAt: at(NOW, '01'), hasSnapshot: true, snapshots: [snapshot(at(NOW, '01'), null)] }),
    period(BEFORE, {
      state: 'Closed', closedBy: 7, closedByName: 'Rita <Regional>', closedAt: at(LAST, '05'), hasSnapshot: true,
      reopenedBy: 9, reopenedByName: 'Ada Admin', reopenedAt: at(LAST, '03'), reopenReason: 'Late <b>invoice</b> posted',
      snapshots: [snapshot(at(LAST, '01'), at(LAST, '03')), snapshot(at(LAST, '05'), null)],
    }),
  ];
}

/** A budget line as a snapshot keeps it: automatic unless typed (then its estimate is actual + the typed cost to complete). */
function line(costCodeId: number, code: string, over: Partial<SnapshotLine>): SnapshotLine {
  const base: SnapshotLine = {
    costCodeId, code, codeDisplay: code, description: `Line ${code}`, originalBudget: 0, approvedChanges: 0, currentBudget: 0, committed: 0, remainingCommitment: 0,
    pendingBudgetChanges: 0, pendingCostChanges: 0, actualToDate: 0, projectedCostToComplete: 0, estimateAtCompletion: 0, variance: 0, method: 'auto', reason: null, ...over,
  };
  return { ...base, variance: base.currentBudget - base.estimateAtCompletion };
}

// 03-3000 gains an approved change of $5,000 (automatic: its estimate follows); 06-2000's typed cost to complete
// drops by $12,000 with a new reason; 09-1000 does not move. Δ EAC: −$7,000.
const FROM_LINES = [
  line(11, '03-3000', { originalBudget: 100_000, currentBudget: 100_000, committed: 80_000, remainingCommitment: 40_000, actualToDate: 40_000, projectedCostToComplete: 60_000, estimateAtCompletion: 100_000 }),
  line(12, '06-2000', { originalBudget: 50_000, currentBudget: 50_000, actualToDate: 20_000, projectedCostToComplete: 30_000, estimateAtCompletion: 50_000, method: 'manual', reason: 'Original takeoff' }),
  line(13, '09-1000', { originalBudget: 10_000, currentBudget: 10_000, projectedCostToComplete: 10_000, estimateAtCompletion: 10_000 }),
];
const TO_LINES = [
  line(11, '03-3000', { originalBudget: 100_000, approvedChanges: 5_000, currentBudget: 105_000, committed: 80_000, remainingCommitment: 40_000, actualToDate: 40_000, projectedCostToComplete: 65_000, estimateAtCompletion: 105_000 }),
  line(12, '06-2000', { originalBudget: 50_000, currentBudget: 50_000, actualToDate: 20_000, projectedCostToComplete: 18_000, estimateAtCompletion: 38_000, method: 'manual', reason: 'Value engineering <b>saved</b> drywall' }),
  FROM_LINES[2]!,
];
const SUBCONTRACT: SourceRecord = { costCodeId: 11, component: 'committed', recordKey: 'Subcontract', recordId: 4, number: 'SC-004', amount: 80_000 };
const SOURCES = {
  before: [SUBCONTRACT],
  after: [SUBCONTRACT, { costCodeId: 11, component: 'approvedChanges', recordKey: 'ChangeEvent', recordId: 501, number: 'CE-024', amount: 5_000 } satisfies SourceRecord],
};

const BUDGET = { budgetId: 1, projectId: 1, jobNumber: '24-1032-01', displayText: '24-1032-01 Riverside', budgetLock: false };

function answers(overrides: Record<string, StubFor> = {}, state = { closed: false }): Record<string, StubFor> {
  return {
    '/api/pfm/getbudgets': { body: { data: [BUDGET] } },
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, budgetId: 1, displayText: '24-1032 Riverside', regionId: 3 } } },
    '/api/pfm/getforecastperiods': { body: { data: periods(state.closed) } },
    '/api/pfm/getforecastcomparison': ({ query }) => ({ body: { data: compareSnapshots(FROM_LINES, TO_LINES, { from: query.get('from')!, to: query.get('to')! }) } }),
    '/api/pfm/getforecastmovement': ({ query }) => ({ body: { data: whyMoved(FROM_LINES, TO_LINES, SOURCES, { from: query.get('from')!, to: query.get('to')! }) } }),
    ...overrides,
  };
}

const posts = (path: string) => fetchRequests.filter((r) => r.method === 'POST' && r.path === path);
const dialog = () => waitFor(() => overlaysRoot().querySelector<HTMLElement>('[role="dialog"]'));
const press = (box: HTMLElement, button: 'ok' | 'cancel') => (box.querySelector(`[data-button="${button}"]`) as HTMLButtonElement).click();
const row = (root: ShadowRoot, month: string) => root.querySelector<HTMLElement>(`[data-section="periods"] tr[data-month="${month}"]`)!;

describe('<pfm-forecast>', () => {
  useElementTestPage({ after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });

  it('lists the months newest first: state, who closed and re-opened them and why (as text), superseded snapshots under their month', async () => {
    setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
    stubFetch(answers());
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    await waitFor(() => root.querySelector('[data-section="periods"] tbody tr'));
    expect([...root.querySelectorAll('[data-section="periods"] tr[data-month]')].map((tr) => tr.getAttribute('data-month'))).to.deep.equal([NOW, LAST, BEFORE]);
    expect(textOf(row(root, NOW), 'th')).to.equal(`${periodLabel(NOW)}${FORECAST_TEXT.periods.current}`);
    expect(textOf(row(root, NOW), '[data-period-state]')).to.equal('Open');
    expect(textOf(row(root, LAST), '[data-period-state]')).to.equal('Closed');
    expect(textOf(row(root, LAST), '[data-closed]')).to.match(/^Closed by Rita <Regional> on /);
    expect(textOf(row(root, BEFORE), '[data-reopened]')).to.match(/^Re-opened by Ada Admin on .*Late <b>invoice<\/b> posted$/);
    expect(row(root, BEFORE).querySelector('[data-reopen-reason] b')).to.equal(null);
    const superseded = [...root.querySelectorAll(`[data-superseded-of="${BEFORE}"] [data-superseded]`)];
    expect(superseded).to.have.length(1);
    expect(superseded[0]!.textContent).to.match(/^Superseded snapshot: taken .* by Rita <Regional> \(3 lines\), superseded /);
    expect(root.querySelector(`[data-superseded-of="${LAST}"]`)).to.equal(null);
    // A project manager neither closes nor re-opens.
    expect(root.querySelector('[data-action="close"], [data-action="close-region"], [data-action="reopen"]')).to.equal(null);
  });

  it("an RPM closes a month after a confirm naming what closing does (budget: BudgetId and Month; the region: RegionId); the server's 403 is shown", async () => {
    setRoles([{ applicationKey: 'keyPFM', name: 'RPM' }]);
    const state = { closed: false };
    let refuse = true;
    stubFetch(answers({
      '/api/pfm/getforecastperiods': () => ({ body: { data: periods(state.closed) } }),
      '/api/pfm/CloseForecastPeriod': ({ body }) => {
        if (refuse) return { status: 403, body: { message: "Closing a forecast period needs keyPFM Admin, or the RPM of the project's region (budget 24-1032-01)." } };
        const region = (body as Record<string, string>).RegionId;
        state.closed = true;
        return { body: { data: { month: NOW, closed: [{ budgetId: 1, jobNumber: '24-1032-01', lines: 3, carriedForward: 3 }, ...(region ? [{ budgetId: 2, jobNumber: '24-1040-01', lines: 9, carriedForward: 9 }] : [])],
          alreadyClosed: region ? [{ budgetId: 5, jobNumber: '24-0990-01', closedByName: 'Ada Admin', closedAt: at(NOW, '01') }] : [], lines: 3, carriedForward: 3 } } };
      },
    }, state));
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const close = await waitFor(() => row(root, NOW)?.querySelector<HTMLButtonElement>('[data-action="close"]'));
    expect(close.textContent).to.equal(FORECAST_TEXT.periods.close(periodLabel(NOW)));
    expect(row(root, LAST).querySelector('[data-action="close"]')).to.equal(null);
    expect(root.querySelector('[data-action="reopen"]')).to.equal(null);

    // Cancel sends nothing.
    close.click();
    const box = await dialog();
    expect(textOf(box, '.modal-title')).to.equal(`Close ${periodLabel(NOW)}?`);
    const said = box.querySelector('.modal-body')!.textContent!;
    expect(said).to.include('takes a snapshot of every budget line');
    expect(said).to.include(`locks ${periodLabel(NOW)}'s projections`);
    expect(said).to.include(`carries each line's projection forward into ${periodLabel(addPeriods(NOW, 1))}`);
    expect(said).to.include('24-1032-01');
    press(box, 'cancel');
    await waitFor(() => !overlaysRoot().querySelector('[role="dialog"]'));
    expect(posts('/api/pfm/CloseForecastPeriod')).to.have.length(0);

    // The server refuses (an RPM of another region): its sentence is shown, with Retry.
    close.click();
    press(await dialog(), 'ok');
    const refused = await waitFor(() => root.querySelector('[data-write-problem]'));
    expect(textOf(refused, 'span')).to.equal("Closing a forecast period needs keyPFM Admin, or the RPM of the project's region (budget 24-1032-01).");
    expect(posts('/api/pfm/CloseForecastPeriod')[0]!.body).to.deep.equal({ BudgetId: '1', Month: NOW });

    // Retry asks again; this time it goes through and the month reads Closed.
    refuse = false;
    await waitFor(() => !overlaysRoot().querySelector('[role="dialog"]'));
    (refused.querySelector('[data-action="retry-write"]') as HTMLButtonElement).click();
    press(await dialog(), 'ok');
    await waitFor(() => row(root, NOW)?.getAttribute('data-state') === 'Closed');
    expect(posts('/api/pfm/CloseForecastPeriod')[1]!.body).to.deep.equal({ BudgetId: '1', Month: NOW });
    expect(textOf(row(root, NOW), '[data-closed]')).to.match(/^Closed by Rita <Regional> on /);
    expect(root.querySelector('[data-write-problem]')).to.equal(null);
    await waitFor(() => [...overlaysRoot().querySelectorAll('.toast')].some((t) => t.textContent?.includes(FORECAST_TEXT.periods.closed1(periodLabel(NOW), 3, 3))));
  });

  it('closing for the whole region sends the project\'s RegionId and says how many budgets closed', async () => {
    setRoles([{ applicationKey: 'keyPFM', name: 'Admin' }]);
    const state = { closed: false };
    stubFetch(answers({
      '/api/pfm/getforecastperiods': () => ({ body: { data: periods(state.closed) } }),
      '/api/pfm/CloseForecastPeriod': () => {
        state.closed = true;
        return { body: { data: { month: NOW, closed: [{ budgetId: 1, jobNumber: '24-1032-01', lines: 3, carriedForward: 3 }, { budgetId: 2, jobNumber: '24-1040-01', lines: 9, carriedForward: 9 }],
          alreadyClosed: [{ budgetId: 5, jobNumber: '24-0990-01', closedByName: 'Ada Admin', closedAt: at(NOW, '01') }], lines: 12, carriedForward: 12 } } };
      },
    }, state));
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    (await waitFor(() => row(root, NOW)?.querySelector<HTMLButtonElement>('[data-action="close-region"]'))).click();
    const box = await dialog();
    expect(textOf(box, '.modal-title')).to.equal(`Close ${periodLabel(NOW)} for the whole region?`);
    expect(box.querySelector('.modal-body')!.textContent).to.include('every budget of the region');
    press(box, 'ok');
    await waitFor(() => row(root, NOW)?.getAttribute('data-state') === 'Closed');
    expect(posts('/api/pfm/CloseForecastPeriod')[0]!.body).to.deep.equal({ RegionId: '3', Month: NOW });
    await waitFor(() => [...overlaysRoot().querySelectorAll('.toast')].some((t) => t.textContent?.includes(`${periodLabel(NOW)} closed on 2 budgets of the region; 1 was closed already.`)));
  });

  it('re-opening needs a reason; a failed re-open keeps the reason typed and Retry sends it', async () => {
    setRoles([{ applicationKey: 'keyPFM', name: 'Admin' }]);
    let fail = true;
    stubFetch(answers({ '/api/pfm/ReopenForecastPeriod': () => (fail ? { status: 500, body: {} } : { body: { data: { budgetId: 1, month: LAST, state: 'Open', superseded: 3 } } }) }));
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const reopen = await waitFor(() => row(root, LAST)?.querySelector<HTMLButtonElement>('[data-action="reopen"]'));
    expect(reopen.getAttribute('aria-label')).to.equal(`Re-open ${periodLabel(LAST)}`);
    reopen.click();
    const form = await waitFor(() => root.querySelector<HTMLFormElement>(`[data-reopen-form-of="${LAST}"] form`));
    const reason = form.querySelector<HTMLTextAreaElement>('[data-field="reason"]')!;
    expect(root.activeElement ?? document.activeElement).to.equal(reason);
    expect(textOf(form, 'label')).to.equal(`Why re-open ${periodLabel(LAST)}?`);
    setValue(reason, '   ');
    (form.querySelector('[data-action="reopen-submit"]') as HTMLButtonElement).click();
    await waitFor(() => form.querySelector('[data-reason-error]'));
    expect(textOf(form, '[data-reason-error]')).to.equal(FORECAST_TEXT.periods.reasonRequired);
    expect(reason.getAttribute('aria-invalid')).to.equal('true');
    expect(posts('/api/pfm/ReopenForecastPeriod')).to.have.length(0);

    setValue(reason, 'Late <b>invoice</b> to post');
    (form.querySelector('[data-action="reopen-submit"]') as HTMLButtonElement).click();
    const problem = await waitFor(() => root.querySelector('[data-write-problem]'));
    expect(textOf(problem, 'span')).to.equal(FORECAST_TEXT.periods.reopenFailure.failed('HTTP 500'));
    expect(reason.value).to.equal('Late <b>invoice</b> to post');
    fail = false;
    (problem.querySelector('[data-action="retry-write"]') as HTMLButtonElement).click();
    await waitFor(() => !root.querySelector(`[data-reopen-form-of="${LAST}"]`));
    expect(posts('/api/pfm/ReopenForecastPeriod').map((r) => r.body)).to.deep.equal([
      { BudgetId: '1', Month: LAST, Reason: 'Late <b>invoice</b> to post' }, { BudgetId: '1', Month: LAST, Reason: 'Late <b>invoice</b> to post' },
    ]);
  });

  it('compares the two newest snapshots by default, largest |Δ EAC| first, unchanged lines folded, totals under their columns; the export has the same', async () => {
    setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
    stubFetch(answers());
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const table = await waitFor(() => root.querySelector('[data-comparison] tbody tr[data-cost-code-id]') && root.querySelector('[data-comparison]'));
    const asked = fetchRequests.find((r) => r.path === '/api/pfm/getforecastcomparison')!.query;
    expect([asked.get('recordKey'), asked.get('recordId'), asked.get('from'), asked.get('to')]).to.deep.equal(['Budget', '1', BEFORE, LAST]);
    expect((root.querySelector('[data-field="from"]') as HTMLSelectElement).value).to.equal(BEFORE);
    expect([...root.querySelectorAll<HTMLOptionElement>('[data-field="to"] option')].map((o) => o.textContent)).to.deep.equal([periodLabel(LAST), 'Today']);
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).to.deep.equal([
      'Cost code', 'Description', 'Δ Estimate at completion', 'Δ Current budget', 'Δ Approved changes', 'Δ Committed', 'Δ Pending budget changes',
      'Δ Pending cost changes', 'Δ Actual to date', 'Δ Cost to complete', 'Δ Variance', 'Reasons typed',
    ]);
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-cost-code-id'))).to.deep.equal(['12', '11']);
    expect(textOf(table, 'tr[data-cost-code-id="12"] [data-column="estimateAtCompletion"]')).to.equal('-$12,000.00');
    expect(textOf(table, 'tr[data-cost-code-id="12"] [data-column="projectedCostToComplete"]')).to.equal('-$12,000.00');
    expect(textOf(table, 'tr[data-cost-code-id="12"] [data-column="reasons"]')).to.equal('Original takeoff → Value engineering <b>saved</b> drywall');
    expect(textOf(table, 'tr[data-cost-code-id="11"] [data-column="estimateAtCompletion"]')).to.equal('+$5,000.00');
    expect(textOf(table, 'tr[data-cost-code-id="11"] [data-column="approvedChanges"]')).to.equal('+$5,000.00');
    expect(textOf(table, 'tfoot th')).to.equal('Total of 3 lines');
    expect(textOf(table, 'tfoot [data-column="estimateAtCompletion"]')).to.equal('-$7,000.00');
    expect(textOf(table, 'tfoot [data-column="currentBudget"]')).to.equal('+$5,000.00');
    expect(textOf(table, 'tfoot [data-column="actualToDate"]')).to.equal('$0.00');
    const toggle = table.querySelector<HTMLButtonElement>('[data-action="toggle-unchanged"]')!;
    expect(toggle.textContent).to.equal('Show the 1 unchanged line');
    toggle.click();
    await waitFor(() => table.querySelector('tr[data-cost-code-id="13"]'));
    expect([...table.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-cost-code-id'))).to.deep.equal(['12', '11', '13']);
    expect(COMPARISON_ROWS_SHOWN).to.equal(200);

    const csv = sheetToCsv(comparisonSheet(compareSnapshots(FROM_LINES, TO_LINES, { from: BEFORE, to: LAST }))).split('\r\n');
    expect(csv[0]).to.equal('Cost code,Description,Δ Estimate at completion,Δ Current budget,Δ Approved changes,Δ Committed,Δ Pending budget changes,Δ Pending cost changes,Δ Actual to date,Δ Cost to complete,Δ Variance,Reasons');
    expect(csv[1]).to.equal("06-2000,Line 06-2000,-12000,0,0,0,0,0,0,-12000,12000,Original takeoff → Value engineering <b>saved</b> drywall");
    expect(csv[4]).to.equal('Total,,-7000,5000,5000,0,0,0,0,-7000,12000,');

    // Today as the later side: both calls ask for 'current'.
    setValue(root.querySelector<HTMLSelectElement>('[data-field="to"]')!, 'current');
    await waitFor(() => fetchRequests.some((r) => r.path === '/api/pfm/getforecastmovement' && r.query.get('to') === 'current'));
    await waitFor(() => fetchRequests.some((r) => r.path === '/api/pfm/getforecastcomparison' && r.query.get('to') === 'current'));
  });

  it('why it moved: each source with its amount, expandable to its records, which open their workbench; the sum is the Δ EAC', async () => {
    setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
    stubFetch(answers());
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const moved = await waitFor(() => root.querySelector('[data-movement]'));
    expect(textOf(root, '#forecast-moved-title')).to.equal(`Why it moved: ${periodLabel(BEFORE)} → ${periodLabel(LAST)}`);
    expect(textOf(moved, '[data-eac-summary]')).to.equal(`Estimate at completion ${periodLabel(BEFORE)}: $160,000.00 → ${periodLabel(LAST)}: $153,000.00`);
    const sources = [...moved.querySelectorAll<HTMLDetailsElement>('details[data-source]')];
    expect(sources.map((d) => [textOf(d, 'summary .me-auto'), textOf(d, '[data-amount]')])).to.deep.equal([
      ['Approved owner and budget changes', '+$5,000.00'],
      ['New or changed commitments and their change orders', '$0.00'],
      ['Actual cost beyond what was forecast', '$0.00'],
      ['Projection changes typed by the PM', '-$12,000.00'],
    ]);
    expect(textOf(moved, '[data-sum]')).to.equal('-$7,000.00');
    expect(textOf(moved, '[data-equals]')).to.equal('= Δ EAC -$7,000.00');
    expect(moved.querySelector('[data-mismatch]')).to.equal(null);
    // Equal to the comparison's total Δ EAC.
    await waitFor(() => root.querySelector('[data-comparison] tfoot'));
    expect(textOf(root, '[data-comparison] tfoot [data-column="estimateAtCompletion"]')).to.equal('-$7,000.00');

    // Keyboard: the summary is focusable and opens its records.
    const budget = sources[0]!;
    expect(budget.open).to.equal(false);
    (budget.querySelector('summary') as HTMLElement).click();
    await waitFor(() => budget.open);
    const change = budget.querySelector<HTMLButtonElement>('[data-record="ChangeEvent:501"]')!;
    expect(change.textContent).to.equal('Change Event CE-024');
    expect(textOf(budget, '[data-record-amount]')).to.equal('+$5,000.00');
    expect(sources[1]!.querySelector('[data-record]')).to.equal(null);
    change.click();
    await waitFor(() => new URL(location.href).searchParams.get('recordId') === '501');
    const query = new URL(location.href).searchParams;
    expect([query.get('workbench'), query.get('recordKey')]).to.deep.equal(['ChangeEvent', 'ChangeEvent']);

    const typed = sources[3]!;
    const line = typed.querySelector<HTMLButtonElement>('[data-record="CostCode:12"]')!;
    expect(line.textContent).to.equal('Cost code 06-2000');
    expect(textOf(typed, '[data-reasons]')).to.equal('Reason: Original takeoff → Value engineering <b>saved</b> drywall');
    line.click();
    await waitFor(() => new URL(location.href).searchParams.get('workbench') === 'CostCodeTransactions');
    expect([new URL(location.href).searchParams.get('recordKey'), new URL(location.href).searchParams.get('recordId')]).to.deep.equal(['CostCode', '12']);
  });

  it('a 500 says so with Retry, which loads again', async () => {
    let fail = true;
    stubFetch(answers({ '/api/pfm/getforecastperiods': () => (fail ? { status: 500, body: {} } : { body: { data: periods() } }) }));
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const failed = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(textOf(failed, 'span')).to.equal(FORECAST_TEXT.problems.periods.failed);
    fail = false;
    (failed.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => root.querySelector(`[data-section="periods"] tr[data-month="${NOW}"]`));
    expect(root.querySelector('[data-state="failed"]')).to.equal(null);
  });

  it('a 403 says so as a warning with Retry', async () => {
    stubFetch(answers({ '/api/pfm/getforecastperiods': { status: 403, body: {} } }));
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const forbidden = await waitFor(() => root.querySelector('[data-state="forbidden"]'));
    expect(textOf(forbidden, 'span')).to.equal(FORECAST_TEXT.problems.periods.forbidden);
    expect(textOf(forbidden, 'button')).to.equal('Retry');
    expect(forbidden.classList.contains('alert-warning')).to.equal(true);
  });

  it('a comparison that times out keeps the periods and offers its own Retry', async () => {
    let fail = true;
    const good = answers()['/api/pfm/getforecastcomparison'] as Extract<StubFor, (...args: never[]) => unknown>;
    stubFetch(answers({ '/api/pfm/getforecastcomparison': (request) => (fail ? { status: 504, body: {} } : good(request)) }));
    const root = await mount('pfm-forecast', { 'project-id': '1' });
    const failed = await waitFor(() => root.querySelector('[data-section="compare"] [data-state="failed"]'));
    expect(textOf(failed, 'span')).to.equal(FORECAST_TEXT.problems.comparison.timeout);
    expect(root.querySelector(`[data-section="periods"] tr[data-month="${NOW}"]`)).to.not.equal(null);
    fail = false;
    (failed.querySelector('[data-action="retry-comparison"]') as HTMLButtonElement).click();
    await waitFor(() => root.querySelector('[data-comparison] tbody tr[data-cost-code-id="12"]'));
  });

  it('with no project or budget, says to open one', async () => {
    stubFetch(answers());
    const root = await mount('pfm-forecast');
    await waitFor(() => root.querySelector('[role="status"]'));
    expect(textOf(root, '[role="status"]')).to.equal(FORECAST_TEXT.noProject);
  });
});
