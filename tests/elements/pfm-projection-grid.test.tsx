import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { resetApi } from '../../src/core/api';
import { resetCurrentUser } from '../../src/core/auth/current-user';
import { $messageBoxes, $toasts } from '../../src/core/messages';
import { OPEN_ITEMS_CHANGED_EVENT } from '../../src/core/open-items';
import { resetRoles, setRoles } from '../../src/core/roles';
import * as clock from '../../src/core/clock';
import { formatDateTime } from '../../src/core/format';
import { SUBMISSION_TEXT, type PendingExposureRecord, type ProjectionLine } from '../../src/core/projections/contract';
import { periodLabel } from '../../src/core/projections/periods';
import { GRID_TEXT } from '../../src/features/projections/ProjectionGrid';
import { PENDING_TEXT } from '../../src/features/projections/panels';
import type { GridRow } from '../../src/features/projections/lines';
import { submissionDay, TEXT } from '../../src/features/projections/store';
import '../../src/elements/pfm-projection-grid/define';
import { fetchRequests, sleep, stubFetch, waitFor, type StubAnswer, type StubFor } from '../support/browser';
import { LINES, useGridTestPage } from './projection-grid-support';

const BUDGET = { budgetId: 1, projectId: 1, jobNumber: '24-1032-01', displayText: '24-1032-01 Riverside', budgetLock: false, budgetLockReason: null, rollUpBudgetId: null };

function unitLines(): ProjectionLine[] {
  return LINES.map((l) => ({ ...l, budgetUnits: 100, actualUnits: 40, projectedUnits: 100, budgetUnitCost: 10, actualUnitCost: 10, projectedUnitCost: 10 }));
}
function hourLines(): ProjectionLine[] {
  return LINES.map((l) => ({ ...l, budgetHours: 20, actualHours: 8, projectedHours: 20, budgetRate: 50, actualRate: 50, projectedRate: 50 }));
}

function standardAnswers(extra: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getBudget': { body: { data: BUDGET } },
    '/api/pfm/getcostcodetransactionsummary': ({ query }) => ({
      body: { data: query.get('type') === 'unit' ? unitLines() : query.get('type') === 'hour' ? hourLines() : LINES },
    }),
    ...extra,
  };
}

let el: HTMLElement;
const root = () => el.shadowRoot as ShadowRoot;
const $ = <E extends Element = HTMLElement>(selector: string) => root().querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...root().querySelectorAll<E>(selector)];

async function mount(attributes = 'budget-id="1"'): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = `<pfm-projection-grid ${attributes}></pfm-projection-grid>`;
  document.body.append(host);
  el = host.firstElementChild as HTMLElement;
  return el;
}

async function mountReady(attributes = 'budget-id="1"'): Promise<void> {
  await mount(attributes);
  await waitFor(() => $$('.tabulator-row').length > 0);
  await sleep(50);
}

const lineRows = () => $$('.tabulator-row').filter((row) => !row.classList.contains('tabulator-group') && !row.classList.contains('tabulator-calcs'));

/** The rendered cell of a line (by cost code id) and field. */
function cell(costCodeId: number, field: string): HTMLElement {
  const rows = lineRows();
  for (const row of rows) {
    const ids = row.querySelector('[tabulator-field="description"]')?.textContent;
    if (ids === `Line ${costCodeId}`) {
      const found = row.querySelector<HTMLElement>(`[tabulator-field="${field}"]`);
      if (found) return found;
    }
  }
  throw new Error(`no cell ${costCodeId}.${field}`);
}

/** A read-only line: focusing and clicking its projected cost to complete opens no editor. */
async function expectNoEditor(costCodeId: number): Promise<void> {
  const target = cell(costCodeId, 'projectedCostToComplete');
  target.focus();
  target.click();
  await sleep(50);
  expect(target.querySelector('input')).to.equal(null);
}

/** Type into a line's `field` (over its text), then press `then` (commits). */
async function typeInCell(costCodeId: number, field: string, text: string, then = 'Tab'): Promise<void> {
  const target = cell(costCodeId, field);
  target.focus();
  const input = await waitFor(() => target.querySelector('input'));
  input.focus();
  input.select();
  await sendKeys({ type: text });
  await sendKeys({ press: then });
  await sleep(50);
}

/** Type into a line's projected cost to complete, then press `then` (commits). */
const typeProjection = (costCodeId: number, text: string, then = 'Tab'): Promise<void> => typeInCell(costCodeId, 'projectedCostToComplete', text, then);

const bottomCalc = (field: string) => $(`.tabulator-footer .tabulator-calcs [tabulator-field="${field}"]`)?.textContent ?? $(`.tabulator-calcs-bottom [tabulator-field="${field}"]`)?.textContent;

describe('<pfm-projection-grid>', () => {
  // The first key press focuses the browser window, which blurs (and commits) an open editor: do it up front.
  before(async () => { await sendKeys({ press: 'Shift' }); });
  useGridTestPage();

  it('loads the budget and its lines in one summary request, and formats money and cost codes (USD, en-US, 2-4-2)', async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const summaryCalls = fetchRequests.filter((c) => c.path === '/api/pfm/getcostcodetransactionsummary');
    expect(summaryCalls).to.have.length(1);
    expect(summaryCalls[0]!.query.get('recordKey')).to.equal('Budget');
    expect(summaryCalls[0]!.query.get('recordId')).to.equal('1');
    expect(cell(11, 'originalBudget').textContent).to.equal('$1,234.50');
    expect(cell(11, 'code').textContent).to.equal('03-3000-00');
    expect(cell(13, 'overUnder').textContent).to.equal('-$300.00');
    expect(cell(13, 'overUnder').querySelector('.pg-over')).to.not.equal(null);
    expect($$('.tabulator-group').map((g) => g.textContent)).to.deep.equal(['03 Concrete (2 lines)', '05 Metals (1 line)']);
  });

  it('shows subtotals per division and a grand total that add up to the lines', async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const groupCalcs = $$('.tabulator-calcs-bottom').filter((calc) => !calc.closest('.tabulator-footer'));
    expect(groupCalcs.map((calc) => calc.querySelector('[tabulator-field="originalBudget"]')?.textContent)).to.deep.equal(['$2,234.50', '$1,000.00']);
    expect(bottomCalc('originalBudget')).to.equal('$3,234.50');
    expect(bottomCalc('projectedFinalCost')).to.equal('$3,534.50');
    expect(bottomCalc('overUnder')).to.equal('-$300.00');
    expect($('[data-total="projectedFinalCost"]')?.textContent).to.equal('$3,534.50');
    expect($('[data-total="lineCount"]')?.textContent).to.equal('3');
  });

  it('an entry moves its division\'s subtotal and the grand total with it (each recalculated once, src/ui/grid/batch.ts)', async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const money = (text: string | null | undefined) => Number((text ?? '').replace(/[$,]/g, ''));
    const subtotals = (field: string) => $$('.tabulator-calcs-bottom').filter((calc) => !calc.closest('.tabulator-footer'))
      .map((calc) => calc.querySelector(`[tabulator-field="${field}"]`)?.textContent);
    expect(subtotals('projectedFinalCost')).to.deep.equal(['$2,234.50', '$1,300.00']);
    // Line 12 is in 03 Concrete: what its projected final cost gains, its division and the grand total gain.
    const before = money(cell(12, 'projectedFinalCost').textContent);
    await typeProjection(12, '5000', 'Enter');
    const gain = money(cell(12, 'projectedFinalCost').textContent) - before;
    expect(gain).to.be.greaterThan(0);
    expect(subtotals('projectedFinalCost').map(money)).to.deep.equal([2234.5 + gain, 1300]);
    expect(money(bottomCalc('projectedFinalCost'))).to.equal(3534.5 + gain);
    expect(money($('[data-total="projectedFinalCost"]')?.textContent)).to.equal(3534.5 + gain);
  });

  it('marks manual lines as overridden (tinted cell + icon with text) and explains every mark in the legend', async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const manual = cell(13, 'projectedCostToComplete');
    expect(manual.classList.contains('pg-manual')).to.equal(true);
    expect(manual.textContent).to.equal('$900.00✎ Manual');
    expect(cell(12, 'projectedCostToComplete').classList.contains('pg-manual')).to.equal(false);
    expect(cell(13, 'projectionMethod').textContent).to.equal('✎ Manual');
    expect(cell(12, 'projectionMethod').textContent).to.equal('Auto');
    const legend = $('[data-legend]')?.textContent ?? '';
    for (const text of ['✎ Manual', 'Unsaved', '⚠ Invalid', 'over budget', 'Auto']) expect(legend).to.contain(text);
  });

  it("applies the number rule on entry by keyboard: '$1,200' → $1,200.00 manual, '007' → $7.00, '1.2.3' → empty and invalid", async () => {
    stubFetch(standardAnswers());
    await mountReady();
    // Keyboard only: type, Page Down to the same field of the next line, type, Page Down, type, Tab.
    await typeProjection(11, '007', 'PageDown');
    await sendKeys({ type: '$1,200' });
    await sendKeys({ press: 'PageDown' });
    await sleep(50);
    await sendKeys({ type: '1.2.3' });
    await sendKeys({ press: 'Tab' });
    await sleep(50);
    expect(cell(11, 'projectedCostToComplete').textContent).to.equal('$7.00✎ Manual');
    expect(cell(12, 'projectedCostToComplete').textContent).to.equal('$1,200.00✎ Manual');
    expect(cell(12, 'projectedFinalCost').textContent).to.equal('$1,600.00');
    expect(cell(12, 'overUnder').textContent).to.equal('-$600.00');
    expect(cell(12, 'projectionMethod').textContent).to.equal('✎ Manual');
    expect(cell(12, 'projectedCostToComplete').closest('.tabulator-row')?.classList.contains('pg-unsaved')).to.equal(true);
    const invalid = cell(13, 'projectedCostToComplete');
    expect(invalid.textContent).to.equal('⚠ Invalid');
    expect(invalid.classList.contains('pg-invalid'), invalid.className).to.equal(true);
    expect($('[data-unsaved-count]')?.textContent).to.equal('3 unsaved changes');

    // Save refuses while an entry is invalid, and says so.
    stubFetch(standardAnswers({ '/api/pfm/SaveProjections': { body: { data: { saved: 0, lines: [] } } } }));
    ($('[data-action="save"]') as HTMLButtonElement).click();
    await waitFor(() => $('[data-save-error]'));
    expect($('[data-save-error]')?.textContent).to.equal(TEXT.invalidEntries(1));
    expect(fetchRequests.filter((c) => c.path === '/api/pfm/SaveProjections')).to.have.length(0);
  });

  it('keeps every edit when the save fails, shows the error (toast + inline alert), and a retry saves them', async () => {
    let fail = true;
    stubFetch(standardAnswers({
      '/api/pfm/SaveProjections': () => (fail
        ? { status: 500, body: { message: 'Database is busy' } }
        : { body: { data: { saved: 1, lines: [{ ...LINES[1]!, projectionMethod: 'manual', projectedCostToComplete: 1200, projectedFinalCost: 1600, overUnder: -600, varianceToPrior: 650, modifiedAt: '2026-11-22T00:00:00.000Z' }] } } }),
    }));
    await mountReady();
    await typeProjection(12, '1200');
    ($('[data-action="save"]') as HTMLButtonElement).click();
    const alert = await waitFor(() => $('[data-save-error]'));
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(alert.textContent).to.equal(`${TEXT.saveFailed} Database is busy (HTTP error! Status: 500)`);
    expect($toasts.get().some((t) => t.variant === 'danger' && t.message.includes('Database is busy'))).to.equal(true);
    expect(cell(12, 'projectedCostToComplete').textContent).to.equal('$1,200.00✎ Manual');
    expect($('[data-unsaved-count]')?.textContent).to.equal('1 unsaved change');
    const sent = fetchRequests.find((c) => c.path === '/api/pfm/SaveProjections');
    expect(sent?.method).to.equal('POST');
    expect(sent?.body).to.deep.equal({ budgetId: '1', lastLoad: '2026-11-01T00:00:00.000Z', 'projections[0].costCodeId': '12', 'projections[0].method': 'manual', 'projections[0].value': '1200' });

    fail = false;
    ($('[data-action="save"]') as HTMLButtonElement).click();
    await waitFor(() => !$('[data-save-error]') && !$('[data-unsaved-count]'));
    expect(cell(12, 'projectedCostToComplete').textContent).to.equal('$1,200.00✎ Manual');
    expect(cell(12, 'projectedCostToComplete').closest('.tabulator-row')?.classList.contains('pg-unsaved')).to.equal(false);
  });

  it('Suggested CTC: loads from the AI service after the grid, explains itself, Retry after a failure, Ctrl+Enter accepts it as an unsaved edit', async () => {
    const explanation = 'Spent $300.00 in Aug 2026 – Oct 2026 (the last 3 months): a burn rate of $100.00 a month. × 5 months left = $500.00.';
    const suggestion = (costCodeId: number, value: number | null) => ({ costCodeId, suggestedCostToComplete: value, spentInWindow: 300, burnRate: 100, monthsLeft: 5, window: 'Aug 2026 – Oct 2026', completionDate: '2027-03-31', explanation });
    let fail = true;
    stubFetch(standardAnswers({
      '/ai/pfm/getchatbotcostprojections': () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: { data: [suggestion(11, 500), suggestion(12, 250.5), suggestion(13, null)] } }),
    }));
    await mountReady();
    await waitFor(() => $('[data-action="retry-suggestions"]'));
    expect($('[data-suggestion-status]')?.textContent).to.contain('Suggested costs to complete could not be loaded');
    expect(cell(11, 'suggestedCostToComplete').textContent).to.equal('…');
    fail = false;
    $('[data-action="retry-suggestions"]')!.click();
    await waitFor(() => cell(12, 'suggestedCostToComplete').textContent === '$250.50');
    expect(cell(13, 'suggestedCostToComplete').textContent).to.equal('—');
    expect(cell(12, 'suggestedCostToComplete').title).to.equal(`${explanation} Press Ctrl+Enter on the line to use it as the projected cost to complete.`);
    const ai = fetchRequests.find((r) => r.path === '/ai/pfm/getchatbotcostprojections')!;
    expect([ai.query.get('recordKey'), ai.query.get('recordId')]).to.deep.equal(['Budget', '1']);

    // Ctrl+Enter on line 12 (its projection cell being edited) uses the suggestion; the edit is unsaved.
    const target = cell(12, 'projectedCostToComplete');
    target.focus();
    const editor = await waitFor(() => target.querySelector('input'));
    editor.focus();
    await sendKeys({ type: '9' });
    await sendKeys({ press: 'Control+Enter' });
    await sleep(50);
    await sendKeys({ press: 'Escape' });
    await sleep(50);
    expect(cell(12, 'projectedCostToComplete').textContent).to.equal('$250.50✎ Manual');
    expect(cell(12, 'projectedFinalCost').textContent).to.equal('$650.50');
    expect($('[data-unsaved-count]')?.textContent).to.equal('1 unsaved change');
    expect($('[data-suggestion-status]')?.textContent).to.contain('suggested cost to complete $250.50 used (unsaved; Save to keep it).');
  });

  it('shows a locked budget read-only with the lock reason: no save or submit, no editor', async () => {
    stubFetch(standardAnswers({ '/api/pfm/getBudget': { body: { data: { ...BUDGET, budgetLock: true, budgetLockReason: 'Budget locked for month-end close' } } } }));
    await mountReady();
    expect($('[data-read-only="locked"]')?.textContent).to.contain(TEXT.locked('Budget locked for month-end close'));
    expect($('[data-action="save"]')).to.equal(null);
    expect($('[data-action="submit"]')).to.equal(null);
    await expectNoEditor(12);
  });

  it('shows a roll-up budget read-only, naming the child budgets it totals', async () => {
    const children = LINES.map((l, i) => ({ ...l, budgetId: i === 2 ? 8 : 7 }));
    stubFetch(standardAnswers({
      '/api/pfm/getBudget': { body: { data: { ...BUDGET, budgetId: 6, jobNumber: '24-2000' } } },
      '/api/pfm/getcostcodetransactionsummary': { body: { data: children } },
      '/api/pfm/getbudgets': { body: { data: [{ ...BUDGET, budgetId: 7, displayText: 'Child A', rollUpBudgetId: 6 }, { ...BUDGET, budgetId: 8, displayText: 'Child B', rollUpBudgetId: 6 }] } },
    }));
    await mountReady('budget-id="6"');
    await waitFor(() => $('[data-read-only="rollUp"]'));
    expect($('[data-read-only="rollUp"]')?.textContent).to.contain(TEXT.rollUp('Child A and Child B'));
    expect(bottomCalc('originalBudget')).to.equal('$3,234.50');
  });

  it('shows a clear message, not an empty grid, for a budget that does not exist (404) or is refused (403)', async () => {
    stubFetch({ '/api/pfm/getBudget': { status: 404, body: { message: 'No pfm-budget with budgetId 999.' } }, '/api/pfm/getcostcodetransactionsummary': { status: 404, body: {} } });
    await mount('budget-id="999"');
    const problem = await waitFor(() => $('[data-problem]'));
    expect(problem.textContent).to.contain(TEXT.budgetNotFound(999));
    expect($('.tabulator')).to.equal(null);
    document.body.innerHTML = '';
    resetApi();
    stubFetch({ '/api/pfm/getBudget': { status: 403, body: {} }, '/api/pfm/getcostcodetransactionsummary': { status: 403, body: {} } });
    await mount('budget-id="1"');
    expect((await waitFor(() => $('[data-problem]'))).textContent).to.contain(TEXT.noAccess);
  });

  it("uses the project's budget when no budget is given, and offers a picker when it has several", async () => {
    stubFetch(standardAnswers({ '/api/pfm/getbudgets': { body: { data: [{ ...BUDGET, budgetId: 3, displayText: 'Budget three' }, { ...BUDGET, budgetId: 4, displayText: 'Budget four' }] } } }));
    await mount('project-id="3"');
    const select = await waitFor(() => $<HTMLSelectElement>('#pg-budget'));
    expect([...select.options].map((o) => o.textContent)).to.deep.equal(['Choose a budget…', 'Budget three', 'Budget four']);
    select.value = '4';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => $$('.tabulator-row').length > 0);
    expect(fetchRequests.find((c) => c.path === '/api/pfm/getBudget')?.query.get('budgetId')).to.equal('4');
  });

  for (const [variant, present, absent] of [
    ['', [], ['Budget units', 'Budget hours']],
    ['unit', ['UoM', 'Budget units', 'Actual units', 'Projected units', 'Budget unit cost', 'Actual unit cost', 'Projected unit cost'], ['Budget hours']],
    ['hour', ['Budget hours', 'Actual hours', 'Projected hours', 'Budget rate', 'Actual rate', 'Projected rate'], ['Budget units']],
  ] as const) {
    it(`shows the ${variant || 'money'} variant's columns and asks for type=${variant || '(none)'}`, async () => {
      stubFetch(standardAnswers());
      await mountReady(`budget-id="1" variant="${variant}"`);
      const titles = $$('.tabulator-col-title').map((t) => t.textContent);
      for (const title of ['Cost code', 'Original budget', 'Approved changes', 'Current budget', 'Committed', 'Actual to date', 'Remaining commitment', 'Projected cost to complete', 'Projected final cost', 'Over/under', 'Prior month projection', 'Variance to prior month']) {
        expect(titles).to.include(title);
      }
      for (const title of present) expect(titles).to.include(title);
      for (const title of absent) expect(titles).to.not.include(title);
      expect(fetchRequests.find((c) => c.path === '/api/pfm/getcostcodetransactionsummary')?.query.get('type')).to.equal(variant === '' ? null : variant);
      if (variant === 'hour') expect(bottomCalc('budgetHours')).to.equal('60.00');
    });
  }

  it('reloads incrementally with lastLoad and merges changed rows by id', async () => {
    let reloads = 0;
    stubFetch(standardAnswers({
      '/api/pfm/getcostcodetransactionsummary': ({ query }) => {
        if (!query.get('lastLoad')) return { body: { data: LINES } };
        reloads++;
        return { body: { data: [{ ...LINES[0]!, actualToDate: 300, modifiedAt: '2026-11-21T00:00:00.000Z' }] } };
      },
    }));
    await mountReady();
    ($('[data-action="refresh"]') as HTMLButtonElement).click();
    await waitFor(() => reloads === 1);
    await sleep(50);
    const reload = fetchRequests.filter((c) => c.path === '/api/pfm/getcostcodetransactionsummary')[1]!;
    expect(reload.query.get('lastLoad')).to.equal('2026-11-01T00:00:00.000Z');
    expect(cell(11, 'actualToDate').textContent).to.equal('$300.00');
    expect(lineRows()).to.have.length(3);
  });

  it('opens the Cost Code Transactions workbench from a line', async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const before = location.href;
    const button = $$<HTMLButtonElement>('.pg-open').find((b) => b.getAttribute('aria-label') === 'Open Cost Code Transactions for 03-3000-00 S');
    button!.click();
    const query = new URLSearchParams(location.search);
    expect(query.get('workbench')).to.equal('CostCodeTransactions');
    expect(query.get('recordKey')).to.equal('CostCode');
    expect(query.get('recordId')).to.equal('12');
    history.replaceState(null, '', before);
  });

  it('guards leaving the page while edits are unsaved', async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const probe = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(probe()).to.equal(false);
    await typeProjection(12, '5');
    expect(probe()).to.equal(true);
    ($('[data-action="discard"]') as HTMLButtonElement).click();
    await sleep(20);
    expect(probe()).to.equal(false);
  });
});

// Keep the type import used when the file is read alone.
export type { GridRow };

/** The standard answers, with SaveProjections answering one line saved; `.last` is the body last sent. */
function stubSaves(): { last: Record<string, unknown> | undefined } {
  const saves: { last: Record<string, unknown> | undefined } = { last: undefined };
  stubFetch(standardAnswers({
    '/api/pfm/SaveProjections': (request) => {
      saves.last = request.body as Record<string, unknown>;
      return { body: { data: { saved: 1, lines: [], feedback: [], conflicts: [] } } };
    },
  }));
  return saves;
}

describe('<pfm-projection-grid>: the grid tells the truth (pending, plugging, conflicts, entry, filter, period)', () => {
  before(async () => { await sendKeys({ press: 'Shift' }); });
  useGridTestPage();

  /** Line 12 has $250 of pending budget changes (one change event at 50%) and $400 of pending cost changes. */
  const PENDING_LINES = (): ProjectionLine[] => LINES.map((l) => (l.costCodeId === 12
    ? { ...l, pendingBudgetChanges: 250, pendingCostChanges: 400, currentBudgetWithPending: 1250, estimateAtCompletionWithPending: 1400 } : l));
  const EXPOSURE: PendingExposureRecord[] = [
    { side: 'budget', recordKey: 'ChangeEvent', recordId: 31, number: 'CE-031', state: 'Pending', probability: 50, itemCount: 2, amount: 500, weightedAmount: 250, costCodeIds: [12] },
    { side: 'cost', recordKey: 'Subcontract', recordId: 7, number: 'SC-007', state: 'Draft', probability: 100, itemCount: 1, amount: 400, weightedAmount: 400, costCodeIds: [12] },
  ];
  const pendingAnswers = () => standardAnswers({
    '/api/pfm/getcostcodetransactionsummary': { body: { data: PENDING_LINES() } },
    '/api/pfm/getpendingexposure': { body: { data: EXPOSURE } },
  });

  it('1. pending columns beside the approved figures: a line\'s amount opens its records (keyboard: Enter; Escape closes), each record opens its workbench; the budget totals too', async () => {
    stubFetch(pendingAnswers());
    await mountReady();
    const titles = $$('.tabulator-col-title').map((t) => t.textContent);
    expect(titles.indexOf('Pending budget changes')).to.equal(titles.indexOf('Approved changes') + 1);
    expect(titles.indexOf('Pending cost changes')).to.equal(titles.indexOf('Committed') + 1);
    expect(cell(11, 'pendingBudgetChanges').textContent).to.equal('$0.00');
    expect(cell(11, 'pendingBudgetChanges').querySelector('button')).to.equal(null);
    expect(bottomCalc('pendingCostChanges')).to.equal('$400.00');
    expect($('[data-total="pendingBudgetChanges"]')?.textContent).to.equal('$250.00');

    // Keyboard: focus the amount, Enter.
    const button = cell(12, 'pendingBudgetChanges').querySelector('button')!;
    expect(button.getAttribute('aria-label')).to.equal('Pending budget changes of 03-3000-00 Subcontract: $250.00. Show the records');
    button.focus();
    await sendKeys({ press: 'Enter' });
    const panel = await waitFor(() => $('[data-pending-panel]'));
    await waitFor(() => panel.querySelector('[data-pending-records]'));
    const asked = fetchRequests.find((r) => r.path === '/api/pfm/getpendingexposure')!;
    expect([asked.query.get('recordKey'), asked.query.get('recordId')]).to.deep.equal(['CostCode', '12']);
    expect(panel.querySelector('h2')?.textContent).to.equal('Pending budget changes — 03-3000-00 Subcontract: $250.00');
    // Only the budget side's records, weighted by the change event's probability.
    expect([...panel.querySelectorAll('[data-pending-records] li')].map((li) => li.textContent)).to.deep.equal(['Change event CE-031 · Pending · 2 items$500.00 × 50% = $250.00']);
    const before = location.href;
    panel.querySelector<HTMLButtonElement>('[data-open-record="ChangeEvent-31"]')!.click();
    const query = new URLSearchParams(location.search);
    expect([query.get('workbench'), query.get('recordKey'), query.get('recordId')]).to.deep.equal(['ChangeEvent', 'ChangeEvent', '31']);
    history.replaceState(null, '', before);
    // Escape closes it; focus goes back to the amount.
    panel.querySelector<HTMLElement>('h2')!.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$('[data-pending-panel]'));
    expect(root().activeElement).to.equal(button);

    // The budget's total lists the whole budget's records (recordKey Budget).
    $<HTMLButtonElement>('[data-total="pendingCostChanges"] button')!.click();
    await waitFor(() => $('[data-pending-records]'));
    const budgetAsk = fetchRequests.filter((r) => r.path === '/api/pfm/getpendingexposure').at(-1)!;
    expect([budgetAsk.query.get('recordKey'), budgetAsk.query.get('recordId')]).to.deep.equal(['Budget', '1']);
    expect($('[data-pending-panel] [data-pending-records]')?.textContent).to.contain('Subcontract SC-007 · Draft · 1 item$400.00');
  });

  it('1. the pending records load: a failure says so with a working Retry', async () => {
    let fail = true;
    stubFetch(standardAnswers({
      '/api/pfm/getcostcodetransactionsummary': { body: { data: PENDING_LINES() } },
      '/api/pfm/getpendingexposure': () => (fail ? { status: 500, body: { message: 'Database is busy' } } : { body: { data: EXPOSURE } }),
    }));
    await mountReady();
    cell(12, 'pendingCostChanges').querySelector('button')!.click();
    const retry = await waitFor(() => $<HTMLButtonElement>('[data-pending-panel] [data-action="retry-pending"]'));
    expect($('[data-pending-panel] [role="alert"]')?.textContent).to.contain(PENDING_TEXT.problems.failed);
    fail = false;
    retry.click();
    await waitFor(() => $('[data-pending-panel] [data-pending-records]'));
  });

  it('1. "Include pending in the estimate" (off by default, remembered per user): the projected final cost, over/under and totals use the with-pending figures', async () => {
    stubFetch(pendingAnswers());
    await mountReady();
    const toggle = $<HTMLInputElement>('[data-action="include-pending"]')!;
    expect(toggle.checked).to.equal(false);
    expect(root().querySelector(`label[for="${toggle.id}"]`)?.textContent).to.equal(GRID_TEXT.includePending);
    expect(cell(12, 'projectedFinalCost').textContent).to.equal('$1,000.00');
    expect($('[data-total="projectedFinalCost"]')?.textContent).to.equal('$3,534.50');
    // Keyboard: Space on the switch.
    toggle.focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => cell(12, 'projectedFinalCost').textContent === '$1,400.00');
    expect(cell(12, 'overUnder').textContent).to.equal('-$150.00');
    expect($('[data-total="projectedFinalCost"]')?.textContent).to.equal('$3,934.50');
    expect($('[data-total="overUnder"]')?.textContent).to.equal('-$450.00');
    await waitFor(() => $$('.tabulator-col-title').some((t) => t.textContent === 'Projected final cost (with pending)'));
    expect(bottomCalc('projectedFinalCost')).to.equal('$3,934.50');
    expect(localStorage.getItem('grid:projection-grid-include-pending:pm')).to.equal('true');

    // Remembered: the next grid opens with it on.
    document.body.innerHTML = '';
    resetApi();
    stubFetch(pendingAnswers());
    await mountReady();
    expect($<HTMLInputElement>('[data-action="include-pending"]')!.checked).to.equal(true);
    expect(cell(12, 'projectedFinalCost').textContent).to.equal('$1,400.00');
  });

  it('2. plugging in the units grid: units to complete × unit cost sets the cost to complete (keyboard), marked Plugged, saved as unitsToComplete + unitCost', async () => {
    const saves = stubSaves();
    await mountReady('budget-id="1" variant="unit"');
    const titles = $$('.tabulator-col-title').map((t) => t.textContent);
    expect(titles).to.include.members(['Units to complete', 'Unit cost to complete']);
    // Unplugged: what the line's cost to complete amounts to at the budget's unit cost (60 units × $10.00 = $600.00).
    expect(cell(12, 'unitsToComplete').textContent).to.equal('60.00');
    expect(cell(12, 'unitCost').textContent).to.equal('$10.00');
    expect($('[data-legend-plugged]')?.textContent).to.equal('⊞ Plugged: cost to complete from units × unit cost');

    await typeInCell(12, 'unitsToComplete', '50'); // Tab: on to the unit cost
    await sendKeys({ type: '12' });
    await sendKeys({ press: 'Tab' });
    await sleep(50);
    expect(cell(12, 'projectedCostToComplete').textContent).to.equal('$600.00⊞ Plugged');
    expect(cell(12, 'projectedCostToComplete').classList.contains('pg-manual')).to.equal(true);
    expect(cell(12, 'unitsToComplete').classList.contains('pg-manual')).to.equal(true);
    expect(cell(12, 'projectionMethod').textContent).to.equal('⊞ Plugged');
    expect(cell(12, 'projectedUnits').textContent).to.equal('90.00');
    expect($('[data-entry-note]')?.textContent).to.equal('03-3000-00 Subcontract: 50 units × $12.00 = $600.00 cost to complete.');

    ($('[data-action="save"]') as HTMLButtonElement).click();
    await waitFor(() => saves.last);
    expect(saves.last).to.deep.include({
      'projections[0].costCodeId': '12', 'projections[0].method': 'manual', 'projections[0].value': '600',
      'projections[0].unitsToComplete': '50', 'projections[0].unitCost': '12',
    });
  });

  it('2. plugging in the hours grid: hours to complete × rate, saved as hoursToComplete + rate', async () => {
    const saves = stubSaves();
    await mountReady('budget-id="1" variant="hour"');
    expect($('[data-legend-plugged]')?.textContent).to.equal('⊞ Plugged: cost to complete from hours × rate');
    await typeInCell(11, 'hoursToComplete', '4');
    await sendKeys({ press: 'Escape' });
    await sleep(50);
    // 4 hours × the budget rate $50.00.
    expect(cell(11, 'projectedCostToComplete').textContent).to.equal('$200.00⊞ Plugged');
    ($('[data-action="save"]') as HTMLButtonElement).click();
    await waitFor(() => saves.last);
    expect(saves.last).to.deep.include({ 'projections[0].hoursToComplete': '4', 'projections[0].rate': '50', 'projections[0].value': '200' });
    expect(Object.keys(saves.last!).some((k) => k.endsWith('unitsToComplete'))).to.equal(false);
  });

  it('7. the units grid shows the server\'s units (a labor line in hours: its units are its hours)', async () => {
    const hourly = unitLines().map((l) => (l.costCodeId === 11 ? { ...l, unitOfMeasure: 'HR', budgetUnits: 20, actualUnits: 8, projectedUnits: 20, budgetUnitCost: 61.73 } : l));
    stubFetch(standardAnswers({ '/api/pfm/getcostcodetransactionsummary': { body: { data: hourly } } }));
    await mountReady('budget-id="1" variant="unit"');
    expect([cell(11, 'budgetUnits').textContent, cell(11, 'actualUnits').textContent, cell(11, 'projectedUnits').textContent]).to.deep.equal(['20.00', '8.00', '20.00']);
    expect(cell(11, 'unitsToComplete').textContent).to.equal('12.00');
  });

  it('3. no silent overwrite: lastLoad is sent; a conflicting line stays unsaved and marked, the others save; Keep mine resends it with overwrite', async () => {
    const theirs = { method: 'manual' as const, projectedCostToComplete: 800, reason: 'Steel price' };
    const answers: Array<() => StubAnswer> = [
      () => ({ body: { data: { saved: 1, lines: [{ ...LINES[0]!, projectionMethod: 'manual', projectedCostToComplete: 500, projectedFinalCost: 734.5, overUnder: 500, modifiedAt: '2026-11-25T00:00:00.000Z' }], feedback: [], conflicts: [
        { costCodeId: 12, savedBy: 'Riley Chen', savedAt: '2026-11-20T15:00:00.000Z', theirs, yours: { method: 'manual', projectedCostToComplete: 700, reason: null } },
      ] } } }),
      () => ({ body: { data: { saved: 1, lines: [{ ...LINES[1]!, projectionMethod: 'manual', projectedCostToComplete: 700, projectedFinalCost: 1100, overUnder: -100, modifiedAt: '2026-11-25T00:00:01.000Z' }], feedback: [], conflicts: [] } } }),
    ];
    stubFetch(standardAnswers({ '/api/pfm/SaveProjections': () => answers.shift()!() }));
    await mountReady();
    await typeProjection(11, '500');
    await typeProjection(12, '700');
    ($('[data-action="save"]') as HTMLButtonElement).click();
    const panel = await waitFor(() => $('[data-conflicts]'));
    const first = fetchRequests.filter((r) => r.path === '/api/pfm/SaveProjections')[0]!;
    expect((first.body as Record<string, string>).lastLoad).to.equal('2026-11-01T00:00:00.000Z');
    expect(panel.querySelector('h2')?.textContent).to.equal(TEXT.conflicts(1));
    expect(panel.querySelector('[data-conflict="12"]')?.textContent).to.contain(
      `03-3000-00 Subcontract: Saved by Riley Chen on ${formatDateTime('2026-11-20T15:00:00.000Z')}: theirs $800.00 (Steel price) — yours $700.00`);
    // Line 11 saved; line 12 not: unsaved, marked.
    expect(cell(11, 'projectedCostToComplete').closest('.tabulator-row')?.classList.contains('pg-unsaved')).to.equal(false);
    const row12 = cell(12, 'projectedCostToComplete').closest('.tabulator-row')!;
    expect([row12.classList.contains('pg-unsaved'), row12.classList.contains('pg-conflict')]).to.deep.equal([true, true]);
    expect(cell(12, 'projectedCostToComplete').textContent).to.contain('⇄ Conflict');
    expect($('[data-unsaved-count]')?.textContent).to.equal('1 unsaved change');

    // A plain Save does not send the conflicting line again.
    ($('[data-action="save"]') as HTMLButtonElement).click();
    await sleep(50);
    expect(fetchRequests.filter((r) => r.path === '/api/pfm/SaveProjections')).to.have.length(1);

    panel.querySelector<HTMLButtonElement>('[data-action="keep-mine"]')!.click();
    await waitFor(() => !$('[data-conflicts]'));
    const second = fetchRequests.filter((r) => r.path === '/api/pfm/SaveProjections')[1]!;
    expect(second.body).to.deep.include({ 'projections[0].costCodeId': '12', 'projections[0].value': '700', 'projections[0].overwrite': 'true' });
    expect(Object.keys(second.body as object).filter((k) => k.startsWith('projections[1]'))).to.deep.equal([]);
    expect(cell(12, 'projectedCostToComplete').closest('.tabulator-row')?.classList.contains('pg-conflict')).to.equal(false);
    expect($('[data-unsaved-count]')).to.equal(null);
  });

  it('3. a full 409 (every line conflicts): nothing saved, the choice shown; Take theirs drops my edit and shows their line', async () => {
    const theirs = { method: 'manual' as const, projectedCostToComplete: 800, reason: 'Steel price' };
    stubFetch(standardAnswers({
      '/api/pfm/SaveProjections': { status: 409, body: { message: 'This line was saved by Riley Chen since you loaded the grid', conflicts: [
        { costCodeId: 12, savedBy: 'Riley Chen', savedAt: '2026-11-20T15:00:00.000Z', theirs, yours: { method: 'manual', projectedCostToComplete: 700, reason: null } },
      ] } },
      '/api/pfm/getcostcodetransactionsummary': ({ query }) => ({
        body: { data: query.get('lastLoad') ? [{ ...LINES[1]!, projectionMethod: 'manual', projectedCostToComplete: 800, projectedFinalCost: 1200, overUnder: -200, projectionReason: 'Steel price', modifiedAt: '2026-11-20T15:00:00.000Z' }] : LINES },
      }),
    }));
    await mountReady();
    await typeProjection(12, '700');
    ($('[data-action="save"]') as HTMLButtonElement).click();
    const panel = await waitFor(() => $('[data-conflicts]'));
    expect($('[data-save-error]')?.textContent).to.equal(TEXT.conflicts(1));
    expect(cell(12, 'projectedCostToComplete').textContent).to.contain('$700.00');
    panel.querySelector<HTMLButtonElement>('[data-action="take-theirs"]')!.click();
    await waitFor(() => !$('[data-conflicts]') && cell(12, 'projectedCostToComplete').textContent === '$800.00✎ Manual');
    expect(cell(12, 'projectionReason').textContent).to.equal('Steel price');
    expect($('[data-unsaved-count]')).to.equal(null);
  });

  it("4. entry says what it did: '12k' is $12,000.00 (said), garbage is refused at the cell with its message", async () => {
    stubFetch(standardAnswers());
    await mountReady();
    await typeProjection(12, '12k');
    expect(cell(12, 'projectedCostToComplete').textContent).to.equal('$12,000.00✎ Manual');
    expect($('[data-entry-note]')?.textContent).to.equal("03-3000-00 Subcontract: '12k' read as $12,000.00.");
    await typeProjection(11, '12 thousand');
    const refused = cell(11, 'projectedCostToComplete');
    expect(refused.textContent).to.equal('⚠ Invalid');
    expect(refused.title).to.equal("'12 thousand' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m.");
    expect($('[data-entry-note]')?.textContent).to.equal("03-3000-00 Labor: '12 thousand' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m.");
    expect($('[data-entry-note]')?.getAttribute('data-entry-note')).to.equal('refused');
  });

  it('4. a negative cost to complete without a reason is flagged at the line and not sent; with a reason it saves; below the remaining commitment warns without blocking', async () => {
    let answer: StubAnswer = { body: { data: { saved: 1, lines: [], feedback: [], conflicts: [] } } };
    stubFetch(standardAnswers({
      '/api/pfm/getcostcodetransactionsummary': { body: { data: LINES.map((l) => (l.costCodeId === 13 ? { ...l, committed: 1500, remainingCommitment: 1000 } : l)) } },
      '/api/pfm/SaveProjections': () => answer,
    }));
    await mountReady();
    await typeProjection(12, '-100');
    const negative = cell(12, 'projectedCostToComplete');
    expect(negative.classList.contains('pg-invalid')).to.equal(true);
    expect(negative.title).to.equal('03-3000-00 Subcontract: a negative cost to complete needs a reason (which credits are still to come).');
    ($('[data-action="save"]') as HTMLButtonElement).click();
    await waitFor(() => $('[data-save-error]'));
    expect($('[data-save-error]')?.textContent).to.equal(TEXT.entryErrors(['03-3000-00 Subcontract: a negative cost to complete needs a reason (which credits are still to come).']));
    expect(fetchRequests.filter((r) => r.path === '/api/pfm/SaveProjections')).to.have.length(0);

    // A reason clears it (keyboard: Tab from the projection to the reason is the grid's own order).
    await typeInCell(12, 'projectionReason', 'Supplier credit due', 'Enter');
    await sendKeys({ press: 'Escape' });
    expect(cell(12, 'projectedCostToComplete').classList.contains('pg-invalid')).to.equal(false);

    // Below the remaining committed cost: a warning, and it saves.
    await typeProjection(13, '300');
    const low = cell(13, 'projectedCostToComplete');
    expect(low.classList.contains('pg-warning')).to.equal(true);
    expect(low.textContent).to.equal('$300.00✎ Manual! Check');
    expect(low.title).to.equal('05-1200-00 Subcontract: the cost to complete ($300.00) is below the remaining committed cost ($1,000.00).');
    answer = { body: { data: { saved: 2, lines: [], conflicts: [], feedback: [
      { integerValue: 2, stringValue: 'projections[0].value', message: 'Line 1: a negative cost to complete expects credits still to come.' },
    ] } } };
    ($('[data-action="save"]') as HTMLButtonElement).click();
    const warnings = await waitFor(() => $('[data-save-warnings]'));
    expect(warnings.textContent).to.contain('03-3000-00 Subcontract: a negative cost to complete expects credits still to come.');
    const sent = fetchRequests.find((r) => r.path === '/api/pfm/SaveProjections')!.body as Record<string, string>;
    expect([sent['projections[0].value'], sent['projections[0].reason'], sent['projections[1].value']]).to.deep.equal(['-100', 'Supplier credit due', '300']);
  });

  it("4. the server's refusal is shown at its line (400 feedback by entry), and every edit stays", async () => {
    stubFetch(standardAnswers({
      '/api/pfm/SaveProjections': { status: 400, body: { message: 'Line 2: the projected cost to complete must be a number.', feedback: [
        { integerValue: 1, stringValue: 'projections[1].value', message: 'Line 2: the projected cost to complete must be a number.' },
      ] } },
    }));
    await mountReady();
    await typeProjection(11, '100');
    await typeProjection(12, '200');
    ($('[data-action="save"]') as HTMLButtonElement).click();
    await waitFor(() => cell(12, 'projectedCostToComplete').classList.contains('pg-invalid'));
    expect(cell(12, 'projectedCostToComplete').title).to.equal('Line 2: the projected cost to complete must be a number.');
    expect(cell(11, 'projectedCostToComplete').classList.contains('pg-invalid')).to.equal(false);
    expect($('[data-unsaved-count]')?.textContent).to.equal('2 unsaved changes');
  });

  it("5. the cost-code filter finds a code as displayed or bare ('03-3000', '033000'); no match says so", async () => {
    stubFetch(standardAnswers());
    await mountReady();
    const filter = $<HTMLInputElement>('.tabulator-col[tabulator-field="code"] .tabulator-header-filter input')!;
    const typeFilter = async (text: string) => {
      filter.focus();
      filter.select();
      await sendKeys({ type: text });
      await sleep(400); // Tabulator's header filter waits before filtering
    };
    await typeFilter('03-3000');
    expect(lineRows()).to.have.length(2);
    await typeFilter('033000');
    expect(lineRows()).to.have.length(2);
    await typeFilter('06-2000');
    const none = await waitFor(() => $('[data-no-match]'));
    expect(none.textContent).to.equal(GRID_TEXT.noMatch('Cost code “06-2000”'));
    await typeFilter('05');
    await waitFor(() => !$('[data-no-match]'));
    expect(lineRows()).to.have.length(1);
  });

  it('6. the month is shown; once submitted the lines are read-only and Save is disabled with the reason', async () => {
    const month = clock.currentPeriod();
    stubFetch(standardAnswers({
      '/api/pfm/getcostcodetransactionsummary': { body: { data: LINES.map((l) => ({ ...l, month, projectionSubmitted: true })) } },
    }));
    await mountReady();
    expect($('[data-period]')?.textContent).to.equal(` · ${TEXT.period(periodLabel(month))}`);
    expect($('[data-read-only="submitted"]')?.textContent).to.contain(TEXT.periodSubmitted(periodLabel(month)));
    const save = $<HTMLButtonElement>('[data-action="save"]')!;
    expect(save.disabled).to.equal(true);
    expect(root().getElementById(save.getAttribute('aria-describedby')!)?.textContent).to.equal(TEXT.submittedSave);
    expect($('[data-action="submit"]')).to.equal(null);
    await expectNoEditor(12);
  });

  it('6. a month not submitted: editable, the period from the clock when the server names none', async () => {
    stubFetch(standardAnswers({ '/api/pfm/getcostcodetransactionsummary': { body: { data: LINES.map(({ month: _month, ...line }) => line) } } }));
    await mountReady();
    expect($('[data-period]')?.textContent).to.equal(` · ${TEXT.period(periodLabel(clock.currentPeriod()))}`);
    expect($('[data-read-only]')).to.equal(null);
  });

  describe('6. the submission: "Submitted by … on …" and Re-open', () => {
    const month = clock.currentPeriod();
    const PM = 7;
    const submittedAt = () => clock.nowIso();
    /** Lines submitted by Marcus Reyes (employee 7) until ReopenProjections answers; then not submitted. */
    function submissionAnswers(at: string, reopen: StubFor = { body: { data: { budgetId: 1, month, reopened: 3 } } }, me = PM): Record<string, StubFor> {
      let reopened = false;
      return standardAnswers({
        '/api/pfm/getcostcodetransactionsummary': () => ({
          body: {
            data: LINES.map((l) => (reopened ? { ...l, month }
              : { ...l, month, projectionSubmitted: true, projectionSubmittedBy: 'Marcus Reyes', projectionSubmittedById: PM, projectionSubmittedAt: at })),
          },
        }),
        '/api/employees/GetCurrentUser': { body: { data: { employeeId: me, preferredName: 'Marcus Reyes' } } },
        '/api/pfm/ReopenProjections': async (request) => {
          const answer = typeof reopen === 'function' ? await reopen(request) : reopen;
          if ((answer.status ?? 200) === 200) reopened = true;
          return answer;
        },
      });
    }
    beforeEach(() => {
      resetCurrentUser();
      setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }]);
    });
    afterEach(() => {
      resetCurrentUser();
      resetRoles();
    });

    it('the period line names who submitted the month and on which day; the submitter re-opens it with a reason, and the lines are editable again', async () => {
      const at = submittedAt();
      stubFetch(submissionAnswers(at));
      await mountReady();
      const day = submissionDay(at);
      expect(day).to.match(/^\d\d\/\d\d\/\d{4}$/);
      expect($('[data-period]')?.textContent).to.equal(` · Projections for ${periodLabel(month)} · Submitted by Marcus Reyes on ${day}`);
      expect($('[data-period]')?.textContent).to.equal(` · ${TEXT.periodSubmittedBy(periodLabel(month), 'Marcus Reyes', day)}`);
      expect($('[data-read-only="submitted"]')).to.not.equal(null);
      const announced: Event[] = [];
      const listen = (event: Event) => announced.push(event);
      document.addEventListener(OPEN_ITEMS_CHANGED_EVENT, listen);
      try {
        const reopen = await waitFor(() => $<HTMLButtonElement>('[data-action="reopen"]'));
        expect(reopen.textContent).to.equal('Re-open');
        reopen.focus();
        await sendKeys({ press: 'Enter' });
        const box = await waitFor(() => $messageBoxes.get().find((b) => b.title === 'Re-open projections'));
        expect([box.message, box.input, box.inputLabel, box.labels?.ok]).to.deep.equal([TEXT.reopenConfirm(periodLabel(month), BUDGET.jobNumber), 'textarea', TEXT.reopenReason, 'Re-open']);
        box.resolve(true, '  Late subcontractor invoice  ');
        await waitFor(() => $('[data-read-only]') === null);
      } finally {
        document.removeEventListener(OPEN_ITEMS_CHANGED_EVENT, listen);
      }
      const sent = fetchRequests.find((r) => r.path === '/api/pfm/ReopenProjections');
      expect(sent?.body).to.deep.equal({ budgetId: '1', reason: 'Late subcontractor invoice' });
      expect(announced).to.have.length(1);
      expect($toasts.get().map((t) => t.message)).to.include(TEXT.reopened(BUDGET.jobNumber));
      expect($('[data-period]')?.textContent).to.equal(` · ${TEXT.period(periodLabel(month))}`);
      expect(!!$('[data-action="reopen"]'), 'Re-open offered').to.equal(false);
      expect($('[data-action="submit"]')).to.not.equal(null);
      await typeProjection(12, '1200');
      expect($('[data-unsaved-count]')?.textContent).to.equal('1 unsaved change');
    });

    it('Cancel re-opens nothing', async () => {
      stubFetch(submissionAnswers(submittedAt()));
      await mountReady();
      (await waitFor(() => $<HTMLButtonElement>('[data-action="reopen"]'))).click();
      const box = await waitFor(() => $messageBoxes.get().find((b) => b.title === 'Re-open projections'));
      box.resolve(false, 'typed');
      await sleep(50);
      expect(fetchRequests.some((r) => r.path === '/api/pfm/ReopenProjections')).to.equal(false);
      expect($('[data-read-only="submitted"]')).to.not.equal(null);
    });

    it('another project manager (not the submitter) is not offered Re-open; an RPM is', async () => {
      stubFetch(submissionAnswers(submittedAt(), undefined, PM + 1));
      await mountReady();
      await waitFor(() => fetchRequests.some((r) => r.path === '/api/employees/GetCurrentUser'));
      await sleep(50);
      // A boolean, not the element: chai describing a rendered element in its failure message takes minutes.
      expect(!!$('[data-action="reopen"]'), 'Re-open offered').to.equal(false);
      expect($('[data-period]')?.textContent).to.contain('Submitted by Marcus Reyes on');
      setRoles([{ applicationKey: 'keyPFM', name: 'RPM' }]);
      await waitFor(() => $('[data-action="reopen"]'));
    });

    it('a refused re-open (403) says why and leaves the month submitted and read-only', async () => {
      const why = SUBMISSION_TEXT.reopenWho('Marcus Reyes');
      stubFetch(submissionAnswers(submittedAt(), { status: 403, body: { message: why } }));
      await mountReady();
      (await waitFor(() => $<HTMLButtonElement>('[data-action="reopen"]'))).click();
      (await waitFor(() => $messageBoxes.get().find((b) => b.title === 'Re-open projections'))).resolve(true, '');
      const toast = await waitFor(() => $toasts.get().find((t) => t.title === 'Projections not re-opened'));
      expect(toast.message).to.contain(why);
      expect(fetchRequests.find((r) => r.path === '/api/pfm/ReopenProjections')?.body).to.deep.equal({ budgetId: '1' });
      expect($('[data-read-only="submitted"]')).to.not.equal(null);
      expect($<HTMLButtonElement>('[data-action="reopen"]')?.disabled).to.equal(false);
    });
  });

  it('8. in a legacy page\'s table cell the grid scrolls inside its element: the page does not widen', async () => {
    stubFetch(standardAnswers({ '/api/pfm/getcostcodetransactionsummary': { body: { data: unitLines() } } }));
    const host = document.createElement('table');
    host.style.width = '100%';
    host.innerHTML = '<tr><td style="width:170px">menu</td><td><div class="widget"><pfm-projection-grid budget-id="1" variant="unit"></pfm-projection-grid></div></td></tr>';
    document.body.append(host);
    el = host.querySelector('pfm-projection-grid')!;
    await waitFor(() => $$('.tabulator-row').length > 0);
    await sleep(100);
    expect(document.documentElement.scrollWidth).to.be.at.most(window.innerWidth);
    const holder = $('.tabulator-tableholder')!;
    expect(holder.scrollWidth).to.be.greaterThan(holder.clientWidth);
    // The element's own background reaches the bottom of the window (no seam of the page's under a short grid).
    const rootDiv = $('.pfm-projection-grid')!;
    expect(rootDiv.style.minHeight).to.contain('100vh');
  });
});
