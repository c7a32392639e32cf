import type { RowComponent, Tabulator } from 'tabulator-tables';

/** The ColumnCalcs module's own calls (tabulator-tables 6; not in the public API). */
type CalcsModule = { blocked?: boolean; recalcAfterBlock?: boolean; blockRedraw?(): void; restoreRedraw?(): void; recalcAll?(): void; recalcRowGroup?(row: unknown): void };

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
 * Update one row's cells with one recalculation of the table's calcs and of its group's. Tabulator recalculates both
 * after every changed cell: a projection typed on the 5,000-line budget (then its final cost, over/under and marks
 * updated) ran five passes over every line per Enter, most of the keystroke's time. Only the calcs are held, not
 * the table's redraw (restoring that re-lays the headers).
 */
export async function updateRowOnce(table: Tabulator, row: RowComponent, data: Record<string, unknown>): Promise<void> {
  const calcs = calcsOf(table);
  // Already held (an open editor, a batch): the holder recalculates when it lets go.
  if (!calcs?.blockRedraw || calcs.blocked) {
    await row.update(data);
    return;
  }
  calcs.blockRedraw();
  try {
    await row.update(data);
  } finally {
    const changed = calcs.recalcAfterBlock === true;
    calcs.restoreRedraw?.();
    if (changed && table.options.groupBy) calcs.recalcRowGroup?.((row as unknown as { _getSelf(): unknown })._getSelf());
  }
}
