import type { Tabulator } from 'tabulator-tables';

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
    (table.modules.columnCalcs as { recalcAll?: () => void } | undefined)?.recalcAll?.();
  }
}
