/**
 * The on-demand part of the grid: Tabulator with only the modules our screens use, and its theme CSS.
 * rollup.config.mjs puts this folder, tabulator-tables and src/styles/tabulator.scss into the
 * `tabulator` chunk, so none of it loads before the first grid. Only the modules the screens need are
 * registered (each costs 1–11 KB gzip): no row selection, frozen columns, mutators/accessors or table resizing.
 */
import {
  Tabulator,
  ColumnCalcsModule,
  EditModule,
  FilterModule,
  FormatModule,
  GroupRowsModule,
  InteractionModule,
  KeybindingsModule,
  MoveColumnsModule,
  PersistenceModule,
  PopupModule,
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
  InteractionModule,
  KeybindingsModule,
  MoveColumnsModule,
  PersistenceModule,
  PopupModule,
  ResizeColumnsModule,
  SortModule,
]);

export { Tabulator, tabulatorCss };
