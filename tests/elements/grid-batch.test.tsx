import { expect } from 'chai';
import { loadTabulator, updateRowsInBatch, updateRowWithOneRecalc } from '../../src/ui/grid';
import type { CellComponent, RowComponent, Tabulator } from 'tabulator-tables';

/** A grouped table with table and group calcs, like the projection grid, and a count of the calcs it computes. */
async function calcTable(rows: number): Promise<{ table: Tabulator; recalcs: () => number; host: HTMLElement }> {
  const TabulatorClass = await loadTabulator();
  const host = document.createElement('div');
  document.body.append(host);
  const data = Array.from({ length: rows }, (_, i) => ({ id: i + 1, group: i % 3 === 0 ? 'L' : 'M', value: 1, final: 1, over: 0 }));
  const table = new TabulatorClass(host, {
    data, index: 'id', groupBy: 'group', columnCalcs: 'both', height: 300,
    columns: [
      { title: 'Id', field: 'id' }, { title: 'Value', field: 'value', bottomCalc: 'sum', editor: 'input' },
      { title: 'Final', field: 'final', bottomCalc: 'sum' }, { title: 'Over', field: 'over', bottomCalc: 'sum' },
    ],
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

/** Two frames: Tabulator's own deferred work after building or updating is done. */
const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

describe('updateRowWithOneRecalc', () => {
  it('recalculates the table and the row\'s group once for an update that changes three calc cells (Tabulator alone: once per cell), with the right totals', async () => {
    const rows = 30;
    const one = await calcTable(rows);
    const row = one.table.getRow(4) as RowComponent; // group L (id 4: i = 3)
    await settle();
    const before = one.recalcs();
    await updateRowWithOneRecalc(one.table, row, { value: 5, final: 7, over: -2 });
    await settle();
    // One for the table, one for the row's group.
    expect(one.recalcs() - before).to.equal(2);
    const results = one.table.getCalcResults() as Record<string, { bottom: { value: number; final: number; over: number } }>;
    expect(Number(results.L!.bottom.value)).to.equal(10 - 1 + 5);
    expect(Number(results.L!.bottom.final)).to.equal(10 - 1 + 7);
    expect(Number(results.M!.bottom.value)).to.equal(20);
    expect(row.getData()).to.include({ value: 5, final: 7, over: -2 });
    one.table.destroy();
    one.host.remove();

    // What it avoids: Tabulator's own row update recalculates the table and the group per changed cell.
    const plain = await calcTable(rows);
    await settle();
    const plainBefore = plain.recalcs();
    await (plain.table.getRow(4) as RowComponent).update({ value: 5, final: 7, over: -2 });
    await settle();
    expect(plain.recalcs() - plainBefore, `Tabulator alone: ${plain.recalcs() - plainBefore}`).to.be.at.least(4);
    plain.table.destroy();
    plain.host.remove();
  });

  it('keeps an editor open in the row open', async () => {
    const { table, host } = await calcTable(6);
    const row = table.getRow(2) as RowComponent;
    (row.getCell('value') as CellComponent).edit(true);
    await updateRowWithOneRecalc(table, row, { final: 9 });
    expect(host.querySelector('.tabulator-editing input')).to.not.equal(null);
    table.destroy();
    host.remove();
  });
});
