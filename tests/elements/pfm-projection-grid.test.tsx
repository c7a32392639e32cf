import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { resetApi } from '../../src/core/api';
import { $session } from '../../src/core/auth';
import { $toasts, resetMessages } from '../../src/core/messages';
import type { ProjectionLine } from '../../src/core/projections/contract';
import type { GridRow } from '../../src/features/projections/lines';
import { TEXT } from '../../src/features/projections/store';
import '../../src/elements/pfm-projection-grid/define';
import { fetchRequests, restoreFetch, sleep, stubFetch, waitFor, type StubFor } from '../support/browser';
import { LINES } from './projection-grid-support';

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

/** Type into a line's projected cost to complete, then press `then` (commits). */
async function typeProjection(costCodeId: number, text: string, then = 'Tab'): Promise<void> {
  const target = cell(costCodeId, 'projectedCostToComplete');
  target.focus();
  const input = await waitFor(() => target.querySelector('input'));
  input.focus();
  input.select();
  await sendKeys({ type: text });
  await sendKeys({ press: then });
  await sleep(50);
}

const bottomCalc = (field: string) => $(`.tabulator-footer .tabulator-calcs [tabulator-field="${field}"]`)?.textContent ?? $(`.tabulator-calcs-bottom [tabulator-field="${field}"]`)?.textContent;

describe('<pfm-projection-grid>', () => {
  // The first key press focuses the browser window, which blurs (and commits) an open editor: do it up front.
  before(async () => { await sendKeys({ press: 'Shift' }); });
  beforeEach(() => {
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } });
    localStorage.clear();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetApi();
    resetMessages();
    $session.set({ status: 'signedOut', account: null });
  });

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
    expect(sent?.body).to.deep.equal({ budgetId: '1', 'projections[0].costCodeId': '12', 'projections[0].method': 'manual', 'projections[0].value': '1200' });

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
    const target = cell(12, 'projectedCostToComplete');
    target.focus();
    target.click();
    await sleep(50);
    expect(target.querySelector('input')).to.equal(null);
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
