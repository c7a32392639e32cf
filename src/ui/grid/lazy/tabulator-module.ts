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

Tabulator.registerModule([
  ColumnCalcsModule,
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
