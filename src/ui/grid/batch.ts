import type { RowComponent, Tabulator } from 'tabulator-tables';

/** The grid's column calcs module (lazy/tabulator-module.ts): Tabulator's recalcAll, and our hold. */
type CalcsModule = { recalcAll?(): void; holdUntilTaskEnds?(): void };

const calcsOf = (table: Tabulator) => table.modules.columnCalcs as CalcsModule | undefined;

/**
 * Update many rows at once with ONE column-calc recalculation and one redraw. Tabulator recalculates
 * the group and table calcs after every changed cell, so 5,000 suggestions written one row at a time
 * kept the page busy for about 30 s; with redraw blocked the calcs run once, when it is restored
 * (the table's and every group's).
 */
export async function updateRowsInBatch(table: Tabulator, data: object[]): Promise<void> {
  if (!data.length) return;
  table.blockRedraw();
  try {
    await table.updateData(data);
  } finally {
    table.restoreRedraw();
    // Restoring recalculates the table's calcs only; the group calcs (the projection grid's cost-type
    // subtotals) need Tabulator's recalcAll (ColumnCalcs module, tabulator-tables 6).
    calcsOf(table)?.recalcAll?.();
  }
}

/**
 * Update one row's cells with one recalculation of the table's calcs and of its group's, when the task ends (the grid's
 * calcs module holds them). Tabulator alone recalculates both after every changed cell: a suggestion taken on the
 * 5,000-line projection grid (its cell, final cost, over/under) made a pass over every line for each.
 */
export async function updateRowOnce(table: Tabulator, row: RowComponent, data: Record<string, unknown>): Promise<void> {
  calcsOf(table)?.holdUntilTaskEnds?.();
  await row.update(data);
}
