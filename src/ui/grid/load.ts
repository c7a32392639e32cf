/**
 * Loads Tabulator on demand (once per page) and shares its stylesheet between grids.
 */
import type { Tabulator } from 'tabulator-tables';
import { pageSingleton } from '../../core/singleton';

type TabulatorModule = typeof import('./lazy/tabulator-module');

let loading: Promise<TabulatorModule> | undefined;

function loadModule(): Promise<TabulatorModule> {
  loading ??= import('./lazy/tabulator-module').then((module) => {
    registerKeyActions(module.Tabulator);
    return module;
  });
  // A failed load (network) may be retried by the next grid.
  loading.catch(() => { loading = undefined; });
  return loading;
}

/** Import the Tabulator chunk (modules registered, our key actions added); memoised. */
export async function loadTabulator(): Promise<typeof Tabulator> {
  return (await loadModule()).Tabulator;
}

/** The page's one constructable stylesheet with Tabulator's theme; loads Tabulator if needed. */
export async function loadTabulatorStyleSheet(): Promise<CSSStyleSheet> {
  const { tabulatorCss } = await loadModule();
  return pageSingleton('grid.tabulator-stylesheet', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(tabulatorCss);
    return sheet;
  });
}

/** Add `sheet` to the shadow root (or document) holding `node`, once. */
export function adoptStyleSheet(node: Node, sheet: CSSStyleSheet): void {
  const root = node.getRootNode();
  const target: DocumentOrShadowRoot | null = root instanceof ShadowRoot || root instanceof Document ? root : null;
  if (!target || target.adoptedStyleSheets.includes(sheet)) return;
  target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
}

// ---- keyboard actions shared by editable grids (see editableGridOptions) ----

/** Tabulator's internals the actions reach into (no public API moves the editor by a row). */
interface InternalCell { row: InternalRow; element: HTMLElement; getIndex(): number; getComponent(): { edit(): void } }
interface InternalRow { element: HTMLElement; cells: InternalCell[] }
interface KeybindingsThis {
  table: {
    element: HTMLElement;
    modules: { edit?: { currentCell: InternalCell | false; navigatePrev(cell: InternalCell): boolean; navigateNext(cell: InternalCell): boolean } };
    rowManager: {
      getDisplayRows(): InternalRow[];
      nextDisplayRow(row: InternalRow, rowOnly: boolean): InternalRow | false;
      prevDisplayRow(row: InternalRow, rowOnly: boolean): InternalRow | false;
    };
  };
}

/** The cell being edited, or the cell the key event came from (an editor that just committed on Enter). */
function cellOfEvent(self: KeybindingsThis, event: KeyboardEvent): InternalCell | null {
  const editing = self.table.modules.edit?.currentCell;
  if (editing) return editing;
  const path = event.composedPath();
  const rowElement = path.find((node) => node instanceof HTMLElement && node.classList.contains('tabulator-row'));
  const cellElement = path.find((node) => node instanceof HTMLElement && node.classList.contains('tabulator-cell'));
  if (!rowElement || !cellElement) return null;
  const row = self.table.rowManager.getDisplayRows().find((candidate) => candidate.element === rowElement);
  return row?.cells.find((cell) => cell.element === cellElement) ?? null;
}

/** Edit the same column in the row `step` away (±1), if there is one. */
function moveVertical(self: KeybindingsThis, event: KeyboardEvent, step: 1 | -1): void {
  const cell = cellOfEvent(self, event);
  if (!cell) return;
  event.preventDefault();
  const rows = self.table.rowManager;
  const target = step === 1 ? rows.nextDisplayRow(cell.row, true) : rows.prevDisplayRow(cell.row, true);
  if (!target || !target.cells) return;
  target.cells[cell.getIndex()]?.getComponent().edit();
}

/**
 * Tab / Shift+Tab: the next / previous editable cell, and past the last / first one out of the grid (WCAG 2.1.2, no
 * keyboard trap): the key is then left to the browser, which moves focus on, and the editor commits on blur.
 * Tabulator's own action keeps the key even when there is no cell to go to.
 */
function tabThroughCells(self: KeybindingsThis, event: KeyboardEvent, direction: 'next' | 'prev'): void {
  const edit = self.table.modules.edit;
  const cell = edit?.currentCell;
  if (!edit || !cell) return;
  if (direction === 'next' ? edit.navigateNext(cell) : edit.navigatePrev(cell)) {
    event.preventDefault();
  } else if (direction === 'prev') {
    // Before the first cell the browser would land on the cell itself (it precedes its editor), which edits again on
    // focus: the rows' scroll area takes focus instead, and the next Shift+Tab goes on to the header and the toolbar.
    event.preventDefault();
    self.table.element.querySelector<HTMLElement>('.tabulator-tableholder')?.focus();
  }
}

function registerKeyActions(tabulator: typeof Tabulator): void {
  tabulator.extendModule('keybindings', 'actions', {
    navNext(this: KeybindingsThis, event: KeyboardEvent) { tabThroughCells(this, event, 'next'); },
    navPrev(this: KeybindingsThis, event: KeyboardEvent) { tabThroughCells(this, event, 'prev'); },
    /** Page Down: same field, next line. */
    gridNextLineSameField(this: KeybindingsThis, event: KeyboardEvent) { moveVertical(this, event, 1); },
    /** Page Up: same field, previous line. */
    gridPrevLineSameField(this: KeybindingsThis, event: KeyboardEvent) { moveVertical(this, event, -1); },
    /** Enter: the editor has committed; continue in the same field of the next line. */
    gridCommitAndMoveDown(this: KeybindingsThis, event: KeyboardEvent) {
      const cell = cellOfEvent(this, event);
      // Only from a cell: Enter on a header filter or a button keeps its own meaning.
      if (cell) moveVertical(this, event, 1);
    },
  });
}
