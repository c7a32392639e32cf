/**
 * The on-demand part of the grid: Tabulator with only the modules our screens use, and its theme CSS.
 * rollup.config.mjs puts this folder, tabulator-tables and src/styles/tabulator.scss into the
 * `tabulator` chunk, so none of it loads before the first grid.
 */
import {
  Tabulator,
  AccessorModule,
  ColumnCalcsModule,
  EditModule,
  FilterModule,
  FormatModule,
  FrozenColumnsModule,
  GroupRowsModule,
  InteractionModule,
  KeybindingsModule,
  MoveColumnsModule,
  MutatorModule,
  PersistenceModule,
  PopupModule,
  ResizeColumnsModule,
  ResizeTableModule,
  SelectRowModule,
  SortModule,
} from 'tabulator-tables';
import tabulatorCss from '../../../styles/tabulator.scss';

Tabulator.registerModule([
  AccessorModule,
  ColumnCalcsModule,
  EditModule,
  FilterModule,
  FormatModule,
  FrozenColumnsModule,
  GroupRowsModule,
  InteractionModule,
  KeybindingsModule,
  MoveColumnsModule,
  MutatorModule,
  PersistenceModule,
  PopupModule,
  ResizeColumnsModule,
  ResizeTableModule,
  SelectRowModule,
  SortModule,
]);

export { Tabulator, tabulatorCss };
