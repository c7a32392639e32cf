/**
 * The projection grid's Excel round trip, mounted in <pfm-projection-grid> with a stubbed API: a workbook built
 * with write-excel-file (as Export Excel writes it) is chosen in Import Excel; the preview shows a changed line,
 * a conflict and a bad row with its row number; nothing is POSTed until "Save N changes"; the save sends the
 * changed lines with lastLoad = the export time.
 */
import { expect } from 'chai';
import writeExcelFile from 'write-excel-file/universal';
import type { ProjectionConflict, ProjectionLine } from '../../src/core/projections/contract';
import { IMPORT_INFO, importInfoRows, IMPORT_TEXT } from '../../src/core/projections/import';
import { TITLES } from '../../src/features/projections/columns';
import { PROJECTIONS_SHEET, ROUND_TRIP_TEXT } from '../../src/features/projections/import/data';
import { IMPORT_DIALOG_TEXT } from '../../src/features/projections/import/ImportDialog';
import '../../src/elements/pfm-projection-grid/define';
import { fetchRequests, sleep, stubFetch, waitFor, type FetchRequest, type StubFor } from '../support/browser';
import { LINES, useGridTestPage } from './projection-grid-support';

const BUDGET = { budgetId: 1, projectId: 1, jobNumber: '24-1032-01', displayText: '24-1032-01 Riverside', budgetLock: false, budgetLockReason: null, rollUpBudgetId: null };
const hour = 3_600_000;
/** The export time: an hour after the lines were loaded; line 12 was saved by someone else an hour after it. */
const EXPORTED_AT = new Date(Date.parse(LINES[0]!.modifiedAt) + hour).toISOString();
const SAVED_SINCE = new Date(Date.parse(EXPORTED_AT) + hour).toISOString();

function lines(): ProjectionLine[] {
  return LINES.map((l) => (l.costCodeId === 12 ? { ...l, modifiedAt: SAVED_SINCE } : l));
}

function answers(extra: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getBudget': { body: { data: BUDGET } },
    '/api/pfm/getcostcodetransactionsummary': ({ query }) => ({ body: { data: query.get('lastLoad') ? [] : lines() } }),
    ...extra,
  };
}

type Cell = string | number | null;
/** The workbook as Export Excel writes it (grouped rows, a subtotal), edited: line 11 to $1,500, line 12 to $700, line 13 to 'abc'. */
async function editedWorkbook(info: (string | number)[][] | null = importInfoRows({ budgetId: 1, label: BUDGET.displayText }, EXPORTED_AT)): Promise<File> {
  const header = [TITLES.code, TITLES.description, TITLES.costType, TITLES.method, TITLES.projectedCostToComplete, TITLES.reason];
  const rows: Cell[][] = [
    header,
    ['03 Concrete (2)', null, null, null, null, null],
    ['03-3000-00', 'Line 11', 'Labor', 'Auto', 1500, 'Crew added'],
    ['03-3000-00', 'Line 12', 'Subcontract', 'Manual', 700, null],
    ['Subtotal', null, null, null, 2200, null],
    ['05 Metals (1)', null, null, null, null, null],
    ['05-1200-00', 'Line 13', 'Subcontract', 'Manual', 'abc', null],
  ];
  const cell = (value: Cell) => (value === null ? null : typeof value === 'number' ? { type: Number, value } : { type: String, value });
  const sheets = [{ sheet: PROJECTIONS_SHEET, data: rows.map((r) => r.map(cell)) }];
  if (info) sheets.push({ sheet: IMPORT_INFO.sheet, data: info.map((r) => r.map(cell)) });
  const blob = await writeExcelFile(sheets as never).toBlob();
  return new File([blob], 'projections-24-1032-01.xlsx');
}

let el: HTMLElement;
const root = () => el.shadowRoot as ShadowRoot;
const $ = <E extends Element = HTMLElement>(selector: string) => root().querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...root().querySelectorAll<E>(selector)];
const saves = () => fetchRequests.filter((r) => r.path === '/api/pfm/SaveProjections');

async function mountReady(): Promise<void> {
  const host = document.createElement('div');
  host.innerHTML = '<pfm-projection-grid budget-id="1"></pfm-projection-grid>';
  document.body.append(host);
  el = host.firstElementChild as HTMLElement;
  await waitFor(() => $$('.tabulator-row').length > 0);
  await sleep(50);
}

async function openAndChoose(file: File): Promise<void> {
  $('[data-action="import-excel"]')!.click();
  const input = await waitFor(() => $<HTMLInputElement>('[data-dialog="import-excel"] input[type="file"]'));
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const body = (request: FetchRequest) => request.body as Record<string, string>;

describe('projection grid Excel import', () => {
  useGridTestPage();

  it('previews a changed line, a conflict and a bad row with its row number, and saves nothing before the confirmation', async () => {
    stubFetch(answers({ '/api/pfm/SaveProjections': { body: { data: { budgetId: 1, saved: 1, lines: [], conflicts: [], feedback: [] } } } }));
    await mountReady();
    await openAndChoose(await editedWorkbook());
    await waitFor(() => $('[data-preview]'));
    expect($('[data-summary]')!.textContent).to.contain('1 changed · 1 changed on the server since your export · 1 not imported · 0 unchanged');
    const changed = $$('[data-section="changed"] tbody tr');
    expect(changed.map((r) => r.dataset.costCodeId)).to.deep.equal(['11']);
    expect(changed[0]!.querySelector('[data-old]')!.textContent).to.equal('$1,000.00 Auto');
    expect(changed[0]!.querySelector('[data-new]')!.textContent).to.equal('$1,500.00 ManualCrew added');
    expect(changed[0]!.dataset.row).to.equal('3');
    const conflict = $$('[data-section="conflicts"] tbody tr');
    expect(conflict.map((r) => r.dataset.costCodeId)).to.deep.equal(['12']);
    expect(conflict[0]!.querySelector('[data-choice="theirs"]')).to.have.property('checked', true);
    const problems = $$('[data-section="problems"] li');
    expect(problems.map((p) => [p.dataset.problemRow, p.textContent])).to.deep.equal([
      ['7', "Row 7: 'abc' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m."],
    ]);
    expect(saves()).to.have.length(0);
    expect(fetchRequests.filter((r) => r.method === 'POST')).to.have.length(0);

    const confirm = $<HTMLButtonElement>('[data-action="confirm-import"]')!;
    expect(confirm.textContent).to.equal(IMPORT_DIALOG_TEXT.save(1));
    confirm.click();
    await waitFor(() => saves().length === 1);
    const sent = body(saves()[0]!);
    expect(sent.budgetId).to.equal('1');
    expect(sent.lastLoad).to.equal(EXPORTED_AT);
    expect(sent['projections[0].costCodeId']).to.equal('11');
    expect(sent['projections[0].method']).to.equal('manual');
    expect(sent['projections[0].value']).to.equal('1500');
    expect(sent['projections[0].reason']).to.equal('Crew added');
    expect(sent['projections[0].overwrite']).to.equal(undefined);
    expect(sent['projections[1].costCodeId']).to.equal(undefined);
    // The dialog closes and the grid reloads what changed since its load.
    await waitFor(() => !$('[data-dialog="import-excel"]'));
    await waitFor(() => fetchRequests.some((r) => r.path === '/api/pfm/getcostcodetransactionsummary' && r.query.get('lastLoad')));
  });

  it('sends a conflict the user overwrites with overwrite=true; the server\'s own conflicts offer keep theirs or overwrite', async () => {
    const theirs: ProjectionConflict = {
      costCodeId: 11, savedBy: 'Dana Ortiz', savedAt: SAVED_SINCE,
      theirs: { method: 'manual', projectedCostToComplete: 1200, reason: 'Their note' }, yours: { method: 'manual', projectedCostToComplete: 1500, reason: 'Crew added' },
    };
    let calls = 0;
    stubFetch(answers({
      '/api/pfm/SaveProjections': () => (++calls === 1
        ? { status: 200, body: { data: { budgetId: 1, saved: 1, lines: [], conflicts: [theirs], feedback: [] } } }
        : { status: 200, body: { data: { budgetId: 1, saved: 1, lines: [], conflicts: [], feedback: [] } } }),
    }));
    await mountReady();
    await openAndChoose(await editedWorkbook());
    await waitFor(() => $('[data-preview]'));
    $<HTMLInputElement>('[data-section="conflicts"] [data-choice="mine"]')!.click();
    const confirm = await waitFor(() => { const b = $<HTMLButtonElement>('[data-action="confirm-import"]'); return b?.textContent === IMPORT_DIALOG_TEXT.save(2) ? b : null; });
    confirm.click();
    await waitFor(() => saves().length === 1);
    const first = body(saves()[0]!);
    expect([first['projections[0].costCodeId'], first['projections[0].overwrite']]).to.deep.equal(['11', undefined]);
    expect([first['projections[1].costCodeId'], first['projections[1].overwrite'], first['projections[1].value']]).to.deep.equal(['12', 'true', '700']);
    // The server says line 11 was saved by someone else since the export: who, when, theirs and mine.
    const item = await waitFor(() => $('[data-server-conflicts] [data-conflict="11"]'));
    expect(item.textContent).to.contain('Row 3: 03-3000-00 Labor');
    expect(item.textContent).to.contain(IMPORT_DIALOG_TEXT.savedBy(theirs));
    expect(item.textContent).to.contain('Theirs: $1,200.00 ManualTheir note');
    expect(item.textContent).to.contain('Yours: $1,500.00 ManualCrew added');
    expect($<HTMLButtonElement>('[data-action="overwrite-import"]')!.disabled).to.equal(true);
    item.querySelector<HTMLInputElement>('[data-choice="mine"]')!.click();
    await waitFor(() => !$<HTMLButtonElement>('[data-action="overwrite-import"]')!.disabled);
    $('[data-action="overwrite-import"]')!.click();
    await waitFor(() => saves().length === 2);
    const second = body(saves()[1]!);
    expect([second['projections[0].costCodeId'], second['projections[0].overwrite'], second.lastLoad]).to.deep.equal(['11', 'true', EXPORTED_AT]);
    expect(second['projections[1].costCodeId']).to.equal(undefined);
    await waitFor(() => !$('[data-dialog="import-excel"]'));
  });

  it('Cancel closes the dialog and saves nothing', async () => {
    stubFetch(answers());
    await mountReady();
    await openAndChoose(await editedWorkbook());
    await waitFor(() => $('[data-preview]'));
    $('[data-action="cancel-import"]')!.click();
    await waitFor(() => !$('[data-dialog="import-excel"]'));
    expect(fetchRequests.filter((r) => r.method === 'POST')).to.have.length(0);
  });

  it('says so when the file is not a workbook, or the workbook has no Import info sheet', async () => {
    stubFetch(answers());
    await mountReady();
    await openAndChoose(new File(['cost code,amount\n03-3000-00,5\n'], 'projections.csv', { type: 'text/csv' }));
    const error = await waitFor(() => $('[data-import-error]'));
    expect(error.textContent).to.equal(ROUND_TRIP_TEXT.notWorkbook);
    const input = $<HTMLInputElement>('[data-dialog="import-excel"] input[type="file"]')!;
    const transfer = new DataTransfer();
    transfer.items.add(await editedWorkbook(null));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => $('[data-import-error]')?.textContent === IMPORT_TEXT.noInfo);
    expect($('[data-preview]')).to.equal(null);
  });

  it('exports a workbook the import reads back: the Import info sheet with the budget and the grid\'s load time', async () => {
    stubFetch(answers());
    await mountReady();
    let saved: Blob | null = null;
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => { saved = blob; return 'blob:test'; };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => undefined;
    try {
      $('[data-action="excel"]')!.click();
      await waitFor(() => saved);
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
    const { default: readXlsxFile } = await import('read-excel-file/universal');
    const sheets = await readXlsxFile(saved!);
    expect(sheets.map((s) => s.sheet)).to.deep.equal([PROJECTIONS_SHEET, IMPORT_INFO.sheet]);
    expect(sheets[1]!.data.slice(0, 3)).to.deep.equal([[IMPORT_INFO.budgetId, 1], [IMPORT_INFO.budget, BUDGET.displayText], [IMPORT_INFO.exportedAt, SAVED_SINCE]]);
    const header = sheets[0]!.data[0]!;
    for (const title of [TITLES.code, TITLES.costType, TITLES.method, TITLES.projectedCostToComplete, TITLES.reason]) expect(header).to.include(title);
  });
});
