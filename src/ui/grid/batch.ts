import type { RowComponent, Tabulator } from 'tabulator-tables';

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

/** The part of Tabulator's ColumnCalcs module {@link updateRowWithOneRecalc} uses (tabulator-tables 6). */
interface ColumnCalcsModule {
  blocked?: boolean;
  recalcAfterBlock?: boolean;
  blockRedraw?(): void;
  restoreRedraw?(): void;
  recalcRowGroup?(row: unknown): void;
}

/**
 * Update one row with ONE recalculation of the table's calcs and of its group's. Tabulator recalculates
 * the table calcs (every one of the 5,000 lines) after each changed cell: an edit that changes the
 * projection, the final cost and the over/under ran it three or four times, and a keystroke that
 * committed an entry took 150–260 ms to paint (issue 16, typing p95 ≤ 50 ms). The row's cells are
 * updated in place, without a redraw, so an editor open in the row stays open.
 */
export function updateRowWithOneRecalc(table: Tabulator, row: RowComponent, data: Record<string, unknown>): Promise<void> {
  const calcs = table.modules?.columnCalcs as ColumnCalcsModule | undefined;
  if (!calcs?.blockRedraw || !calcs.restoreRedraw || calcs.blocked) return row.update(data);
  calcs.blockRedraw();
  let updated: Promise<void>;
  try {
    updated = row.update(data);
  } finally {
    const recalcNeeded = Boolean(calcs.recalcAfterBlock);
    calcs.restoreRedraw(); // the table's calcs, once, when a cell asked for them
    const internal = (row as unknown as { _getSelf?(): unknown })._getSelf?.();
    const grouped = Boolean(table.options.groupBy) && table.options.columnCalcs !== 'table';
    if (recalcNeeded && grouped && internal) calcs.recalcRowGroup?.(internal);
  }
  return updated;
}
