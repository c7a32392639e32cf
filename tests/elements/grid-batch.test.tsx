import { expect } from 'chai';
import { loadTabulator, updateRowOnce, updateRowsInBatch } from '../../src/ui/grid';
import type { CellComponent, RowComponent, Tabulator } from 'tabulator-tables';

/** A grouped table with table and group calcs, like the projection grid, and a count of the calcs it computes. */
async function calcTable(rows: number): Promise<{ table: Tabulator; recalcs: () => number; host: HTMLElement }> {
  const TabulatorClass = await loadTabulator();
  const host = document.createElement('div');
  document.body.append(host);
  const data = Array.from({ length: rows }, (_, i) => ({ id: i + 1, group: i % 3 === 0 ? 'L' : 'M', value: 1, other: 1 }));
  const table = new TabulatorClass(host, {
    data, index: 'id', groupBy: 'group', columnCalcs: 'both', height: 300,
    columns: [{ title: 'Id', field: 'id' }, { title: 'Value', field: 'value', bottomCalc: 'sum', editor: 'input' }, { title: 'Other', field: 'other', bottomCalc: 'sum' }],
  });
  await new Promise<void>((resolve) => table.on('tableBuilt', () => resolve()));
  // rowsToData runs once per calc actually computed (a blocked recalc returns before it).
  const calcs = table.modules.columnCalcs as { rowsToData: (...args: unknown[]) => unknown };
  let count = 0;
  const rowsToData = calcs.rowsToData.bind(calcs);
  calcs.rowsToData = (...args: unknown[]) => {
    count += 1;
    return rowsToData(...args);
  };
  return { table, recalcs: () => count, host };
}

describe('updateRowsInBatch', () => {
  it('recalculates the column calcs once for many rows (row by row: once per row), and the totals are right', async () => {
    const rows = 300;
    const batch = await calcTable(rows);
    await updateRowsInBatch(batch.table, Array.from({ length: rows }, (_, i) => ({ id: i + 1, value: 2 })));
    // One for the table and one per group (2), at most twice over.
    expect(batch.recalcs()).to.be.at.most(6);
    // Grouped: the calc results per group add up to the new total.
    const groups = Object.values(batch.table.getCalcResults() as Record<string, { bottom: { value: number } }>);
    expect(groups.reduce((sum, group) => sum + Number(group.bottom.value), 0)).to.equal(2 * rows);
    batch.table.destroy();
    batch.host.remove();

    // What it avoids: Tabulator's own updateData recalculates after every row.
    const plain = await calcTable(rows);
    await plain.table.updateData(Array.from({ length: rows }, (_, i) => ({ id: i + 1, value: 2 })));
    expect(plain.recalcs()).to.be.at.least(rows);
    plain.table.destroy();
    plain.host.remove();
  });

  it('restores redrawing when the update fails', async () => {
    const { table, host } = await calcTable(5);
    const failing = Object.assign(Object.create(table) as Tabulator, { updateData: () => Promise.reject(new Error('boom')) });
    let restored = 0;
    (failing as unknown as { restoreRedraw: () => void }).restoreRedraw = () => { restored += 1; table.restoreRedraw(); };
    let error: unknown;
    await updateRowsInBatch(failing, [{ id: 1, value: 3 }]).catch((e: unknown) => { error = e; });
    expect((error as Error).message).to.equal('boom');
    expect(restored).to.equal(1);
    table.destroy();
    host.remove();
  });
});

describe('column calcs of one changed row', () => {
  const rowOf = (table: Tabulator, id: number): RowComponent => {
    const row = table.getRow(id);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  };
  /** The table's total and group L's subtotal of `field`, as the grid shows them. */
  const totals = (table: Tabulator, field: string) => {
    const results = table.getCalcResults() as Record<string, { bottom: Record<string, number> }>;
    return { table: Object.values(results).reduce((sum, group) => sum + Number(group.bottom[field]), 0), groupL: Number(results.L!.bottom[field]) };
  };

  it('a changed cell recalculates the table and its group once each: a rewritten subtotal is not an input', async () => {
    const { table, recalcs, host } = await calcTable(30);
    const before = recalcs();
    await rowOf(table, 1).update({ value: 5 });
    // Tabulator alone went on: the group's rewritten subtotal cell recalculated the table again (4 passes here,
    // about ten per entry on the projection grid).
    expect(recalcs() - before).to.equal(2);
    expect(totals(table, 'value')).to.deep.equal({ table: 34, groupL: 14 });
    table.destroy();
    host.remove();
  });

  it('an edit and what a cellEdited handler derives from it: one pass for the table and one for the group', async () => {
    const { table, recalcs, host } = await calcTable(30);
    table.on('cellEdited', (cell: CellComponent) => { void cell.getRow().update({ other: Number(cell.getValue()) + 1 }); });
    const cell = rowOf(table, 1).getCell('value') as CellComponent;
    cell.edit();
    const input = cell.getElement().querySelector('input')!;
    const before = recalcs();
    input.value = '5';
    input.dispatchEvent(new Event('change'));
    // Without the hold: the typed cell's pass for the table and its group, then the derived cell's again (4).
    expect(recalcs() - before, 'held until the task ends').to.equal(0);
    await Promise.resolve();
    expect(recalcs() - before).to.equal(2);
    expect(totals(table, 'value')).to.deep.equal({ table: 34, groupL: 14 });
    expect(totals(table, 'other')).to.deep.equal({ table: 35, groupL: 15 });
    table.destroy();
    host.remove();
  });

  it('updateRowOnce: two changed cells, still one pass for the table and one for the group, and the totals are right', async () => {
    const { table, recalcs, host } = await calcTable(30);
    let before = recalcs();
    await updateRowOnce(table, rowOf(table, 1), { value: 5, other: 7 });
    expect(recalcs() - before).to.equal(2);
    expect(totals(table, 'value')).to.deep.equal({ table: 34, groupL: 14 });
    expect(totals(table, 'other')).to.deep.equal({ table: 36, groupL: 16 });
    // What it avoids: a pass for the table and one for the group per changed cell.
    before = recalcs();
    await rowOf(table, 1).update({ value: 6, other: 8 });
    expect(recalcs() - before).to.equal(4);
    // Nothing changed: no pass at all.
    before = recalcs();
    await updateRowOnce(table, rowOf(table, 1), { value: 6 });
    expect(recalcs() - before).to.equal(0);
    table.destroy();
    host.remove();
  });
});
