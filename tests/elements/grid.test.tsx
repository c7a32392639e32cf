import { expect } from 'chai';
import { useState } from 'react';
import type { CellComponent, ColumnDefinition, Options, Tabulator } from 'tabulator-tables';
import { defineReactElement } from '../../src/ui/element';
import {
  costCodeFormatter, dateFormatter, editableGridOptions, Grid, layoutStorageKey, loadTabulatorStyleSheet, moneyFormatter,
  numberFormatter, numberHeaderFilter, numberSorter, toCsv, toExcelBlob, exportCsv, XLSX_MIME_TYPE, ColumnChooser,
} from '../../src/ui/grid';
import { sortByNumber } from '../../src/ui/grid/number-sort';
import { $session } from '../../src/core/auth/session';
import { sleep, waitFor } from '../support/browser';

interface TestGridProps {
  columns: ColumnDefinition[];
  data: object[];
  options?: Partial<Options>;
  persistenceId?: string;
  height?: string | number;
  chooser?: boolean;
}

// r2wc props would JSON-copy the column definitions (losing formatter functions), so the test
// element takes its props from this variable when it mounts and hands its table out the same way.
let nextProps: TestGridProps | null = null;
let lastTable: Tabulator | null = null;

function TestGrid() {
  const [props] = useState(() => nextProps);
  const [table, setTable] = useState<Tabulator | null>(null);
  if (!props) return null;
  return (
    <div>
      {props.chooser && <ColumnChooser table={table} />}
      <Grid
        columns={props.columns}
        data={props.data}
        options={props.options}
        persistenceId={props.persistenceId}
        height={props.height}
        ariaLabel="Test grid"
        onTable={(built) => { lastTable = built; setTable(built); }}
      />
    </div>
  );
}
defineReactElement('test-grid', TestGrid);

async function mountGrid(props: TestGridProps): Promise<{ host: HTMLElement; root: ShadowRoot; table: Tabulator }> {
  lastTable = null;
  nextProps = props;
  const host = document.createElement('test-grid');
  document.body.append(host);
  const table = await waitFor(() => lastTable);
  const root = host.shadowRoot;
  if (!root) throw new Error('no shadow root');
  await waitFor(() => root.querySelector('.tabulator-row') || table.getData().length === 0);
  return { host, root, table };
}

const moneyColumns: ColumnDefinition[] = [
  { title: 'Code', field: 'code', formatter: costCodeFormatter },
  { title: 'Description', field: 'description' },
  { title: 'Amount', field: 'amount', formatter: moneyFormatter, sorter: numberSorter, headerFilter: 'input', headerFilterFunc: numberHeaderFilter, bottomCalc: 'sum' },
  { title: 'Date', field: 'date', formatter: dateFormatter },
];
const moneyRows = [
  { id: 1, code: '03300000', description: 'Concrete, "ready mix"', amount: 1234.5, date: '2026-03-15' },
  { id: 2, code: '02100000', description: '<img src=x onerror="window.__pwned=1">', amount: null, date: '1989-12-31' },
  { id: 3, code: 3300000, description: 'Line\nbreak', amount: -5, date: '' },
  { id: 4, code: '01000000', description: '=SUM(A1)', amount: 20000, date: '2026-11-01' },
];

describe('<Grid> (Tabulator in a shadow root)', () => {
  beforeEach(() => {
    localStorage.clear();
    $session.set({ status: 'signedIn', account: { username: 'pm@example.test', login: 'pm' } });
  });
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
    $session.set({ status: 'starting', account: null });
  });

  it('renders rows inside the shadow root with Tabulator\'s CSS adopted and the grid labelled', async () => {
    const { root } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    const sheet = await loadTabulatorStyleSheet();
    expect(root.adoptedStyleSheets).to.include(sheet);
    expect(root.adoptedStyleSheets.filter((s) => s === sheet)).to.have.length(1);
    const rules = [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
    expect(rules).to.contain('.tabulator');
    // Named once it is a grid (the render after Tabulator's table is built).
    const grid = await waitFor(() => root.querySelector('[role="grid"][aria-label]'));
    expect(grid.getAttribute('aria-label')).to.equal('Test grid');
    const cell = root.querySelector<HTMLElement>('.tabulator-cell');
    if (!cell) throw new Error('no cell');
    // Tabulator's theme gives cells padding and a box-sizing it sets itself; without the sheet they'd be 0px / content-box.
    expect(getComputedStyle(cell).boxSizing).to.equal('border-box');
    expect(getComputedStyle(cell).overflow).to.equal('hidden');
    expect(document.querySelector('.tabulator-row')).to.equal(null);
  });

  it('formats money, cost codes and dates, and renders markup in data as text', async () => {
    const { root } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    const texts = (field: string) => [...root.querySelectorAll<HTMLElement>(`.tabulator-row:not(.tabulator-calcs) .tabulator-cell[tabulator-field="${field}"]`)].map((el) => el.textContent);
    expect(texts('amount')).to.deep.equal(['$1,234.50', '', '-$5.00', '$20,000.00']);
    expect(texts('code')).to.deep.equal(['03-3000-00', '02-1000-00', '03-3000-00', '01-0000-00']);
    expect(texts('date')).to.deep.equal(['03/15/2026', '', '', '11/01/2026']);
    expect(root.querySelector('.tabulator-row img')).to.equal(null);
    expect(texts('description')[1]).to.equal('<img src=x onerror="window.__pwned=1">');
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('formatters write escaped text directly', () => {
    const cell = (value: unknown) => ({ getValue: () => value }) as never;
    const noop = () => undefined;
    expect(moneyFormatter(cell(1234.5), {}, noop)).to.equal('$1,234.50');
    expect(moneyFormatter(cell('abc'), {}, noop)).to.equal('');
    expect(numberFormatter(2)(cell(1234.5), {}, noop)).to.equal('1,234.50');
    expect(numberFormatter(0)(cell(1234.5), {}, noop)).to.equal('1,235');
    expect(costCodeFormatter(cell('03300000'), {}, noop)).to.equal('03-3000-00');
    expect(costCodeFormatter(cell('<b>x</b>'), {}, noop)).to.equal('&lt;b&gt;x&lt;/b&gt;');
    expect(dateFormatter(cell('1989-12-31'), {}, noop)).to.equal('');
    expect(dateFormatter(cell('1990-01-01'), {}, noop)).to.equal('01/01/1990');
    expect(dateFormatter(cell(null), {}, noop)).to.equal('');
  });

  it('numberSorter sorts numerically with missing values last in both directions', () => {
    const values = [10, null, -3, '2', 100, undefined, 2.5, 'abc'];
    const sort = (dir: 'asc' | 'desc') => [...values].sort((a, b) => {
      const result = numberSorter(a, b, null as never, null as never, null as never, dir, {});
      return dir === 'asc' ? result : -result; // what Tabulator does with the result
    });
    expect(sort('asc').slice(0, 5)).to.deep.equal([-3, '2', 2.5, 10, 100]);
    expect(sort('asc').slice(5).every((v) => v === null || v === undefined || v === 'abc')).to.equal(true);
    expect(sort('desc').slice(0, 5)).to.deep.equal([100, 10, 2.5, '2', -3]);
    expect(sort('desc').slice(5).every((v) => v === null || v === undefined || v === 'abc')).to.equal(true);
  });

  it('numberSorter sorts a grid column with nulls last', async () => {
    const { table } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    table.setSort('amount', 'desc');
    expect(table.getData('active').map((row) => row.amount)).to.deep.equal([20000, 1234.5, -5, null]);
    table.setSort('amount', 'asc');
    expect(table.getData('active').map((row) => row.amount)).to.deep.equal([-5, 1234.5, 20000, null]);
  });

  it('sortByNumber orders like numberSorter: missing values last both ways, ties keep their order', () => {
    const rows = [
      { id: 1, v: 10 }, { id: 2, v: null }, { id: 3, v: -3 }, { id: 4, v: '2' }, { id: 5, v: 10 },
      { id: 6, v: undefined }, { id: 7, v: 2.5 }, { id: 8, v: 'abc' }, { id: 9, v: '$1,000.00' },
    ];
    const ids = (dir: 'asc' | 'desc') => {
      const copy = [...rows];
      sortByNumber(copy, (row) => row.v, dir);
      return copy.map((row) => row.id);
    };
    expect(ids('asc')).to.deep.equal([3, 4, 7, 1, 5, 9, 2, 6, 8]);
    expect(ids('desc')).to.deep.equal([9, 1, 5, 7, 4, 3, 2, 6, 8]);
  });

  it('single numeric column sorts of a grid go through sortByNumber; other sorts stay with Tabulator', async () => {
    const { table } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    const sortModule = (table as unknown as { modules: { sort: { _sortItems: { name: string } } } }).modules.sort;
    expect(sortModule._sortItems.name).to.equal('sortItems');
    table.setSort([{ column: 'amount', dir: 'desc' }]);
    expect(table.getData('active').map((row) => row.id)).to.deep.equal([4, 1, 3, 2]);
    table.setSort([{ column: 'description', dir: 'asc' }]);
    const byDescription = [...moneyRows].sort((a, b) => a.description.toUpperCase().localeCompare(b.description.toUpperCase())).map((row) => row.id);
    expect(table.getData('active').map((row) => row.id)).to.deep.equal(byDescription);
  });

  it('numberHeaderFilter understands >, <, =, >=, <=, != and plain text', () => {
    expect(numberHeaderFilter('>1000', 1234.5)).to.equal(true);
    expect(numberHeaderFilter('>1000', 1000)).to.equal(false);
    expect(numberHeaderFilter('>=1000', 1000)).to.equal(true);
    expect(numberHeaderFilter('<0', -5)).to.equal(true);
    expect(numberHeaderFilter('<0', 0)).to.equal(false);
    expect(numberHeaderFilter('<=0', 0)).to.equal(true);
    expect(numberHeaderFilter('=5', 5)).to.equal(true);
    expect(numberHeaderFilter('=5', 50)).to.equal(false);
    expect(numberHeaderFilter('!=5', 50)).to.equal(true);
    expect(numberHeaderFilter('> $1,000', 1500)).to.equal(true);
    expect(numberHeaderFilter('>1000', null)).to.equal(false);
    expect(numberHeaderFilter('', null)).to.equal(true);
    expect(numberHeaderFilter('12', 3120)).to.equal(true);
    expect(numberHeaderFilter('conc', 'Concrete')).to.equal(true);
    expect(numberHeaderFilter('>abc', '>abc def')).to.equal(true);
  });

  it('header filter expressions filter the grid', async () => {
    const { table } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    table.setHeaderFilterValue('amount', '>1000');
    await waitFor(() => table.getData('active').length === 2);
    expect(table.getData('active').map((row) => row.id)).to.deep.equal([1, 4]);
    table.setHeaderFilterValue('amount', '<0');
    await waitFor(() => table.getData('active').length === 1);
    expect(table.getData('active')[0]?.id).to.equal(3);
  });

  it('remembers column visibility per login and ignores corrupt storage', async () => {
    const first = await mountGrid({ columns: moneyColumns, data: moneyRows, persistenceId: 'test-layout', chooser: true });
    const toggle = await waitFor(() => first.root.querySelector<HTMLButtonElement>('button.dropdown-toggle:not(:disabled)'));
    toggle.click();
    const box = await waitFor(() => [...first.root.querySelectorAll<HTMLInputElement>('.dropdown-menu input')].find((input) => input.labels?.[0]?.textContent === 'Description'));
    expect(first.root.activeElement?.tagName).to.equal('INPUT');
    box.click();
    await waitFor(() => first.table.getColumn('description') && !(first.table.getColumn('description') as { isVisible(): boolean }).isVisible());
    const key = layoutStorageKey('test-layout', 'pm');
    expect(key).to.equal('grid:test-layout:pm');
    expect(localStorage.getItem(key)).to.contain('"visible":false');
    first.host.remove();

    const again = await mountGrid({ columns: moneyColumns, data: moneyRows, persistenceId: 'test-layout' });
    expect(again.root.querySelector('.tabulator-col[tabulator-field="description"]')?.checkVisibility()).to.equal(false);
    again.host.remove();

    $session.set({ status: 'signedIn', account: { username: 'rpm@example.test', login: 'rpm' } });
    const other = await mountGrid({ columns: moneyColumns, data: moneyRows, persistenceId: 'test-layout' });
    expect((other.table.getColumn('description') as { isVisible(): boolean }).isVisible()).to.equal(true);
    other.host.remove();

    for (const corrupt of ['{not json', '{"columns":"x"}', '{"columns":[{"nope":1}]}', 'null', '[1,2]']) {
      localStorage.setItem(layoutStorageKey('test-layout', 'rpm'), corrupt);
      const grid = await mountGrid({ columns: moneyColumns, data: moneyRows, persistenceId: 'test-layout' });
      expect(grid.table.getColumns().map((column) => column.isVisible())).to.deep.equal([true, true, true, true]);
      grid.host.remove();
    }
  });

  it('exports CSV with titles, quoting, unformatted numbers and the totals row', async () => {
    const { table } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    const csv = toCsv(table);
    expect(csv.split('\r\n')).to.deep.equal([
      'Code,Description,Amount,Date',
      '03-3000-00,"Concrete, ""ready mix""",1234.5,03/15/2026',
      '02-1000-00,"<img src=x onerror=""window.__pwned=1"">",,',
      '03-3000-00,"Line\nbreak",-5,',
      "01-0000-00,'=SUM(A1),20000,11/01/2026",
      'Total,,21229.5,',
      '',
    ]);
    expect(toCsv(table, { includeTotals: false })).not.to.contain('Total');

    // The download: a BOM, the .csv name, an object URL that is revoked.
    const created: Blob[] = [];
    const revoked: string[] = [];
    const names: string[] = [];
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    const originalClick = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob) => { created.push(blob); return 'blob:test'; };
    URL.revokeObjectURL = (url: string) => { revoked.push(url); };
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) { names.push(this.download); };
    try {
      exportCsv(table, 'budget-lines');
      await sleep(10);
    } finally {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      HTMLAnchorElement.prototype.click = originalClick;
    }
    expect(names).to.deep.equal(['budget-lines.csv']);
    expect(revoked).to.deep.equal(['blob:test']);
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
  });

  it('exports group headers and subtotals of a grouped grid', async () => {
    const rows = [
      { id: 1, kind: 'Labor', amount: 10 }, { id: 2, kind: 'Material', amount: 5 }, { id: 3, kind: 'Labor', amount: 1.5 },
    ];
    const columns: ColumnDefinition[] = [
      { title: 'Kind', field: 'kind' },
      { title: 'Amount', field: 'amount', formatter: moneyFormatter, bottomCalc: 'sum' },
    ];
    const { table } = await mountGrid({ columns, data: rows, options: { groupBy: 'kind' } });
    expect(toCsv(table).split('\r\n')).to.deep.equal([
      'Kind,Amount', 'Labor (2),', 'Labor,10', 'Labor,1.5', 'Subtotal,11.5', 'Material (1),', 'Material,5', 'Subtotal,5', 'Total,16.5', '',
    ]);
  });

  it('mends Tabulator\'s ARIA: the body and group headers are rows of the grid, header filters are labelled', async () => {
    const rows = [{ id: 1, kind: 'Labor', amount: 10 }, { id: 2, kind: 'Material', amount: 5 }];
    const columns: ColumnDefinition[] = [
      { title: 'Kind', field: 'kind', headerFilter: 'input' },
      { title: 'Amount', field: 'amount', formatter: moneyFormatter, headerFilter: 'input', headerFilterParams: { elementAttributes: { maxlength: '20' } } },
      { title: 'Note', field: 'note', headerFilter: 'input', headerFilterParams: { elementAttributes: { 'aria-label': 'Search notes' } } },
    ];
    const groupHeader = (value: unknown, count: number) => `${String(value)} <span class="text-body-secondary">(${count})</span>`;
    const { root } = await mountGrid({ columns, data: rows, options: { groupBy: 'kind', groupHeader } });
    const grid = root.querySelector<HTMLElement>('[role="grid"]')!;
    // role=grid owns only row groups (and unroled, unfocusable wrappers); row groups own only rows.
    const holder = grid.querySelector<HTMLElement>(':scope > .tabulator-tableholder')!;
    expect(holder.getAttribute('role')).to.equal('rowgroup');
    expect(holder.querySelector(':scope > .tabulator-table')?.getAttribute('role')).to.equal('presentation');
    const groups = [...root.querySelectorAll<HTMLElement>('.tabulator-group')];
    expect(groups.map((group) => group.getAttribute('role'))).to.deep.equal(['row', 'row']);
    expect(groups.map((group) => group.querySelector('[role="gridcell"]')?.textContent)).to.deep.equal(['Labor (1)', 'Material (1)']);
    expect(root.querySelectorAll('[role="rowgroup"] [role="rowgroup"]').length).to.equal(0);
    const filters = [...root.querySelectorAll<HTMLInputElement>('.tabulator-header-filter input')];
    expect(filters.map((input) => input.getAttribute('aria-label'))).to.deep.equal(['Filter Kind', 'Filter Amount', 'Search notes']);
    expect(filters[1]!.getAttribute('maxlength')).to.equal('20');
    // The screen's own column definitions are left as written.
    expect(columns[0]!.headerFilterParams).to.equal(undefined);
  });

  it('widens a column whose (bold) footer total would be cut off, also when new data brings longer totals', async () => {
    const columns: ColumnDefinition[] = [
      { title: 'Group', field: 'g' },
      { title: 'A', field: 'a', formatter: moneyFormatter, bottomCalc: 'sum', bottomCalcFormatter: moneyFormatter },
      { title: 'B', field: 'b' },
    ];
    const { root, table } = await mountGrid({ columns, data: [{ id: 1, g: 'one', a: 1, b: 'x' }], options: { groupBy: 'g', columnCalcs: 'both' } });
    await table.replaceData([{ id: 1, g: 'one', a: 9_000_000, b: 'x' }, { id: 2, g: 'two', a: 9_639_994.25, b: 'y' }]);
    const total = await waitFor(() => root.querySelector<HTMLElement>('.tabulator-footer .tabulator-cell[tabulator-field="a"]'));
    await waitFor(() => total.textContent === '$18,639,994.25');
    await waitFor(() => total.scrollWidth <= total.clientWidth, 2000);
    const header = root.querySelector<HTMLElement>('.tabulator-col[tabulator-field="a"]')!;
    expect(Math.round(header.getBoundingClientRect().width)).to.equal(Math.round(total.getBoundingClientRect().width));
  });

  it('exports Excel as an xlsx Blob', async () => {
    const { table } = await mountGrid({ columns: moneyColumns, data: moneyRows });
    const blob = await toExcelBlob(table);
    expect(blob.size).to.be.greaterThan(0);
    const typed = blob.type ? blob : new Blob([blob], { type: XLSX_MIME_TYPE });
    expect(typed.type).to.equal(XLSX_MIME_TYPE);
    // An .xlsx is a zip: 'PK'.
    const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
    expect(String.fromCharCode(...head)).to.equal('PK');
  });

  it('renders 10,000 rows virtually: fewer than 3 × the visible rows in the DOM', async () => {
    const data = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, code: String(i).padStart(8, '0'), description: `Line ${i + 1}`, amount: i * 1.5, date: '2026-01-01' }));
    // Tabulator's virtual renderer keeps at least 20 rows, so the grid must show more than 7.
    const { root } = await mountGrid({ columns: moneyColumns, data, height: '640px' });
    const holder = root.querySelector<HTMLElement>('.tabulator-tableholder');
    const row = root.querySelector<HTMLElement>('.tabulator-row');
    if (!holder || !row) throw new Error('no rows');
    const visible = Math.ceil(holder.clientHeight / row.offsetHeight);
    const rendered = root.querySelectorAll('.tabulator-row:not(.tabulator-calcs)').length;
    expect(visible).to.be.greaterThan(3);
    expect(rendered, `${rendered} rows rendered, ${visible} visible (${holder.clientHeight}px / ${row.offsetHeight}px)`).to.be.lessThan(3 * visible);
  });

  it('editable grids: Page Down / Page Up move to the same field of the next / previous line', async () => {
    const columns: ColumnDefinition[] = [
      { title: 'Code', field: 'code' },
      { title: 'Method', field: 'method', editor: 'input' },
      { title: 'Value', field: 'value', editor: 'number' },
    ];
    const data = [1, 2, 3].map((id) => ({ id, code: `C${id}`, method: 'M', value: id * 10 }));
    const { root } = await mountGrid({ columns, data, options: editableGridOptions() });
    const cellOf = (rowIndex: number, field: string) =>
      root.querySelectorAll('.tabulator-row:not(.tabulator-calcs)')[rowIndex]?.querySelector<HTMLElement>(`.tabulator-cell[tabulator-field="${field}"]`);
    cellOf(0, 'value')?.focus();
    const editorIn = (rowIndex: number, field: string) => cellOf(rowIndex, field)?.querySelector('input');
    const input = await waitFor(() => editorIn(0, 'value'));
    const press = (target: Element, key: string, keyCode: number, shiftKey = false) =>
      target.dispatchEvent(new KeyboardEvent('keydown', { key, keyCode, shiftKey, bubbles: true, composed: true, cancelable: true }));
    press(input, 'PageDown', 34);
    const next = await waitFor(() => editorIn(1, 'value'));
    expect(next).to.not.equal(null);
    press(next, 'PageUp', 33);
    const back = await waitFor(() => editorIn(0, 'value'));
    // Enter commits and moves down in the same field.
    back.value = '42';
    press(back, 'Enter', 13);
    const below = await waitFor(() => editorIn(1, 'value'));
    expect(below).to.not.equal(null);
    expect(cellOf(0, 'value')?.textContent).to.equal('42');
    // Shift+Tab moves to the previous editable cell.
    press(below, 'Tab', 9, true);
    await waitFor(() => editorIn(1, 'method'));
  });

  it('editable grids: Page Down past the visible lines keeps the typed value and edits the next line', async () => {
    const columns: ColumnDefinition[] = [{ title: 'Code', field: 'code' }, { title: 'Value', field: 'value', editor: 'input' }];
    const data = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, code: `C${i + 1}`, value: String(i) }));
    const { root, table } = await mountGrid({ columns, data, height: 200, options: editableGridOptions() });
    const holder = root.querySelector<HTMLElement>('.tabulator-tableholder')!;
    const press = (target: Element) =>
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', keyCode: 34, bubbles: true, composed: true, cancelable: true }));
    const rowById = (id: number) => table.getRows().find((row) => row.getData().id === id)!;
    const editorOfRow = (id: number) => rowById(id).getElement().querySelector<HTMLInputElement>('.tabulator-cell[tabulator-field="value"] input');
    (rowById(1).getCell('value') as CellComponent).getElement().focus();
    let input = await waitFor(() => editorOfRow(1)).catch(() => { throw new Error('no editor on line 1'); });
    // Walk down well past the lines the 200 px grid shows, typing into each line on the way.
    for (let id = 1; id <= 12; id++) {
      input.value = `typed ${id}`;
      press(input);
      input = await waitFor(() => editorOfRow(id + 1)).catch(() => { throw new Error(`no editor on line ${id + 1}`); });
    }
    expect(holder.scrollTop).to.be.greaterThan(0);
    for (let id = 1; id <= 12; id++) expect(rowById(id).getData().value, `line ${id}`).to.equal(`typed ${id}`);
  });
});
