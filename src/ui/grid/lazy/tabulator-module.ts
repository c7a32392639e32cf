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

type CalcRow = { type?: string };
type CalcCell = { row: CalcRow; column: { definition: { topCalc?: unknown; bottomCalc?: unknown } } };

/**
 * Column calcs, recalculated once per change rather than once per cell (the projection grid's 5,000 lines: about ten
 * passes over every line per Enter before the next paint; element tests in tests/elements/grid-batch.test.tsx).
 * - Changes in calc rows are ignored. Tabulator (6.5) handles a group subtotal row's cells like data cells: every
 *   subtotal it rewrote recalculated the table's totals again. Totals are outputs, never inputs.
 * - An editor closing holds the calcs until the end of the task: the typed value and what `cellEdited` handlers derive
 *   from it (a line's final cost, over/under) land in one pass for the table and one per group touched.
 */
class OutputOnlyColumnCalcs extends ColumnCalcsModule {
  private held = false;
  private readonly heldRows = new Set<CalcRow>();

  override initialize(): void {
    super.initialize();
    this.subscribe('edit-editor-clear', () => this.holdUntilTaskEnds());
  }

  override cellValueChanged(cell: CalcCell): void {
    if (cell.row.type === 'calc') return;
    if (!this.held) return super.cellValueChanged(cell);
    if (cell.column.definition.topCalc || cell.column.definition.bottomCalc) this.heldRows.add(cell.row);
  }

  /** Changes until the end of this task recalculate once, then (also src/ui/grid/batch.ts updateRowOnce). */
  holdUntilTaskEnds(): void {
    if (this.held) return;
    this.held = true;
    queueMicrotask(() => {
      this.held = false;
      const rows = [...this.heldRows];
      this.heldRows.clear();
      if (!rows.length) return;
      const { groupBy, columnCalcs } = this.table.options;
      if (!groupBy || columnCalcs === 'table' || columnCalcs === 'both') this.recalcActiveRows();
      if (!groupBy || columnCalcs === 'table') return;
      const groups = new Set(rows.map((row) => this.table.modules.groupRows.getRowGroup(row)));
      for (const group of groups) if (group) this.recalcGroup(group);
    });
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
