/**
 * The on-demand part of the grid: Tabulator with only the modules our screens use, and its theme CSS.
 * rollup.config.mjs puts this folder, tabulator-tables and src/styles/tabulator.scss into the
 * `tabulator` chunk, so none of it loads before the first grid. Only the modules the screens need are
 * registered (each costs 1–11 KB gzip): no row selection, frozen columns, mutators/accessors, table resizing,
 * popups, DOM-event interaction or persistence (our own layout memory is in persistence.ts): that keeps the
 * chunk within its 60 KB gzip budget.
 */
import {
  Tabulator,
  ColumnCalcsModule,
  EditModule,
  FilterModule,
  FormatModule,
  GroupRowsModule,
  KeybindingsModule,
  MoveColumnsModule,
  ResizeColumnsModule,
  SortModule,
} from 'tabulator-tables';
import tabulatorCss from '../../../styles/tabulator.scss';

/**
 * Column calcs that ignore changes in calc rows. Tabulator (6.5) handles a group subtotal row's cells like data cells:
 * every subtotal it rewrites recalculated the table's totals over all rows again, so one projection typed on the
 * 5,000-line budget ran about ten passes over every line before the next paint. Totals are outputs, never inputs.
 */
class OutputOnlyColumnCalcs extends ColumnCalcsModule {
  override cellValueChanged(cell: { row: { type?: string } }): void {
    if (cell.row.type !== 'calc') super.cellValueChanged(cell);
  }
}

Tabulator.registerModule([
  OutputOnlyColumnCalcs,
  EditModule,
  FilterModule,
  FormatModule,
  GroupRowsModule,
  KeybindingsModule,
  MoveColumnsModule,
  ResizeColumnsModule,
  SortModule,
]);

export { Tabulator, tabulatorCss };
