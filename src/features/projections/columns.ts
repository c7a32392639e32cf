/**
 * The projection grid's columns for each variant. Formatters return escaped strings or elements
 * (never user data as HTML); the editable projection shows its method, unsaved and invalid marks.
 */
import type { CellComponent, ColumnDefinition } from 'tabulator-tables';
import { formatMoney } from '../../core/format';
import { matchesCostCode } from '../../core/projections/entry';
import { costCodeFormatter, escapeHtml, moneyFormatter, numberFormatter, numberHeaderFilter, numberSorter, textCellFormatter, type TextFormatter } from '../../ui/grid';
import { round2, type GridRow, type Variant } from './lines';

/** Marks' texts, shared by the cells and the legend. */
export const MARK_TEXT = { manual: 'Manual', invalid: 'Invalid', unsaved: 'Unsaved', plugged: 'Plugged', check: 'Check', conflict: 'Conflict' } as const;
export const MANUAL_ICON = '✎';
export const INVALID_ICON = '⚠';
export const PLUGGED_ICON = '⊞';
export const CHECK_ICON = '!';
export const CONFLICT_ICON = '⇄';

/** The legend's words for a plugged line, per grid. */
export const PLUGGED_LEGEND: Record<Variant, string> = {
  '': 'cost to complete from units × unit cost, or hours × rate (units and hours grids)',
  unit: 'cost to complete from units × unit cost',
  hour: 'cost to complete from hours × rate',
};

/** Column titles (exports use them as the header row). */
export const TITLES = {
  open: 'Transactions', code: 'Cost code', description: 'Description', costType: 'Cost type', originalBudget: 'Original budget',
  approvedChanges: 'Approved changes', pendingBudgetChanges: 'Pending budget changes', pendingCostChanges: 'Pending cost changes',
  currentBudget: 'Current budget', committed: 'Committed', actualToDate: 'Actual to date',
  remainingCommitment: 'Remaining commitment', method: 'Method', projectedCostToComplete: 'Projected cost to complete', suggestedCostToComplete: 'Suggested CTC',
  projectedFinalCost: 'Projected final cost', overUnder: 'Over/under', priorMonthProjection: 'Prior month projection',
  varianceToPrior: 'Variance to prior month', reason: 'Reason',
  unitOfMeasure: 'UoM', budgetUnits: 'Budget units', actualUnits: 'Actual units', projectedUnits: 'Projected units',
  budgetUnitCost: 'Budget unit cost', actualUnitCost: 'Actual unit cost', projectedUnitCost: 'Projected unit cost',
  budgetHours: 'Budget hours', actualHours: 'Actual hours', projectedHours: 'Projected hours',
  budgetRate: 'Budget rate', actualRate: 'Actual rate', projectedRate: 'Projected rate',
  unitsToComplete: 'Units to complete', unitCost: 'Unit cost to complete', hoursToComplete: 'Hours to complete', rate: 'Rate to complete',
} as const;

/** The projected final cost's and over/under's titles with the pending changes included. */
export const WITH_PENDING_TITLES = { projectedFinalCost: 'Projected final cost (with pending)', overUnder: 'Over/under (with pending)' } as const;

/** Sum of a column's values (nulls skipped), rounded to cents: Tabulator's group and table totals. */
export function sumCalc(values: unknown[]): number | null {
  let sum = 0;
  let any = false;
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      sum += value;
      any = true;
    }
  }
  return any ? round2(sum) : null;
}

/** Money that shows overruns (negative) in the danger colour. */
const signedMoneyFormatter: TextFormatter = Object.assign(
  ((cell: CellComponent) => {
    const value = cell.getValue();
    const text = escapeHtml(moneyFormatter.toText(value));
    return typeof value === 'number' && value < 0 ? `<span class="pg-over">${text}</span>` : text;
  }) as unknown as TextFormatter,
  { toText: moneyFormatter.toText, exportAs: moneyFormatter.exportAs },
);

/**
 * The projected cost to complete: money, tinted and marked when manual or plugged, outlined when invalid or refused
 * (the cell's title says why), marked when it warns (below the remaining committed cost) or conflicts.
 */
/** The projection cell's tint, outline and title for its line (also set when another cell of the line changed it). */
export function markProjectionCell(element: HTMLElement, row: GridRow): void {
  const refused = row.invalid || !!row.entryError;
  element.classList.toggle('pg-manual', row.projectionMethod === 'manual' && !refused);
  element.classList.toggle('pg-invalid', refused);
  element.classList.toggle('pg-warning', !refused && !!row.entryWarning);
  element.title = row.entryError ?? row.entryWarning ?? '';
}

/**
 * Mark and fill a projection cell from its line, when a change of the line's other cells (a reason, a conflict) moved
 * its marks without changing its amount (Tabulator redraws a cell only when its own value changes). Not while its
 * editor is open.
 */
export function redrawProjectionCell(element: HTMLElement, row: GridRow): void {
  if (element.querySelector('input')) return;
  markProjectionCell(element, row);
  element.innerHTML = projectionHtml(row);
}

const projectionFormatter: TextFormatter = Object.assign(
  ((cell: CellComponent) => {
    const row = cell.getData() as unknown as GridRow;
    markProjectionCell(cell.getElement(), row);
    return projectionHtml(row);
  }) as unknown as TextFormatter,
  { toText: moneyFormatter.toText, exportAs: moneyFormatter.exportAs },
);

/** The projection cell's content: the amount and its marks (escaped). */
function projectionHtml(row: GridRow): string {
  if (row.invalid) return `<span class="pg-mark pg-mark-invalid">${INVALID_ICON} ${MARK_TEXT.invalid}</span>`;
  let text = escapeHtml(formatMoney(row.projectedCostToComplete));
  if (row.pluggedBy) text += `<span class="pg-mark pg-mark-manual" title="${row.pluggedBy === 'units' ? 'Units × unit cost' : 'Hours × rate'}">${PLUGGED_ICON} ${MARK_TEXT.plugged}</span>`;
  else if (row.projectionMethod === 'manual') text += `<span class="pg-mark pg-mark-manual" title="Overridden by hand">${MANUAL_ICON} ${MARK_TEXT.manual}</span>`;
  if (row.entryError) text += `<span class="pg-mark pg-mark-invalid">${INVALID_ICON} ${MARK_TEXT.invalid}</span>`;
  else if (row.entryWarning) text += `<span class="pg-mark pg-mark-warning">${CHECK_ICON} ${MARK_TEXT.check}</span>`;
  if (row.conflict) text += `<span class="pg-mark pg-mark-invalid">${CONFLICT_ICON} ${MARK_TEXT.conflict}</span>`;
  return text;
}

const methodFormatter: TextFormatter = Object.assign(
  ((cell: CellComponent) => {
    const plugged = (cell.getData() as unknown as GridRow).pluggedBy;
    if (plugged) return `${PLUGGED_ICON} ${MARK_TEXT.plugged}`;
    return cell.getValue() === 'manual' ? `${MANUAL_ICON} Manual` : 'Auto';
  }) as unknown as TextFormatter,
  { toText: (value: unknown) => (value === 'manual' ? 'Manual' : 'Auto'), exportAs: { kind: 'text' as const } },
);

/** A plug cell (units or hours to complete, unit cost or rate): tinted with the plugged marker's colour when plugged. */
const plugFormatter = (digits: 'money' | 'quantity'): TextFormatter => {
  const base = digits === 'money' ? moneyFormatter : numberFormatter(2);
  return Object.assign(
    ((cell: CellComponent) => {
      const row = cell.getData() as unknown as GridRow;
      cell.getElement().classList.toggle('pg-manual', !!row.pluggedBy && !row.invalid);
      return escapeHtml(base.toText(cell.getValue()));
    }) as unknown as TextFormatter,
    { toText: base.toText, exportAs: base.exportAs },
  );
};

/**
 * A pending figure: the amount as a button that lists the records behind it (Enter, Space or a click); plain
 * text when there is nothing pending.
 */
const pendingFormatter = (side: 'budget' | 'cost', open: ColumnHooks['openPending']): TextFormatter => Object.assign(
  ((cell: CellComponent) => {
    const value = cell.getValue();
    const text = moneyFormatter.toText(value);
    if (typeof value !== 'number' || value === 0) return escapeHtml(text);
    const row = cell.getData() as unknown as GridRow;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn btn-link btn-sm p-0 pg-pending';
    button.textContent = text;
    button.setAttribute('aria-label', `${side === 'budget' ? TITLES.pendingBudgetChanges : TITLES.pendingCostChanges} of ${row.codeDisplay ?? row.code} ${row.costTypeName || row.type}: ${text}. Show the records`);
    button.setAttribute('aria-haspopup', 'dialog');
    button.dataset.pending = `${side}-${row.costCodeId}`;
    const activate = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      open(row, side, button);
    };
    // The grid redraws the cell when a press moves focus into its row, so the button under the pointer is gone
    // before a click could fire on it: a press of the main button opens the list (a click still does, in tests).
    button.addEventListener('mousedown', (event) => { if (event.button === 0) activate(event); });
    button.addEventListener('click', activate);
    // Before the grid's own Enter (commit and move down) sees it.
    button.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') activate(event);
    });
    return button;
  }) as unknown as TextFormatter,
  { toText: moneyFormatter.toText, exportAs: moneyFormatter.exportAs },
);

/** The cost-code filter: the code as displayed ('06-2000') or typed bare ('062000'), src/core/projections/entry.ts. */
export const costCodeHeaderFilter = (headerValue: unknown, rowValue: unknown): boolean =>
  matchesCostCode(headerValue === null || headerValue === undefined ? '' : String(headerValue), typeof rowValue === 'string' ? rowValue : String(rowValue ?? ''));

/** Callbacks and state the columns need from the view. */
export interface ColumnHooks {
  /** Open the Cost Code Transactions workbench for a line. */
  openTransactions(row: GridRow): void;
  /** True while the grid is read-only (locked or roll-up budget, or submitted). */
  readOnly(): boolean;
  /** Show the records behind a line's pending budget or cost changes (`from`: the button, focus returns to it). */
  openPending(row: GridRow, side: 'budget' | 'cost', from: HTMLElement): void;
  /** The explanation of a line's suggested cost to complete (its tooltip). */
  suggestionTooltip(costCodeId: number): string;
}

/** The header tooltip of the suggestion column. */
export const SUGGESTION_HEADER_TOOLTIP = 'Suggested cost to complete (AI service): the line\'s burn rate over the last 3 months × the months left until the project\'s completion date. Ctrl+Enter on a line uses it as the projected cost to complete (then Save).';

/**
 * The suggestion: money once the AI service answered, '…' until then, '—' without a completion date;
 * the cell's title says how it was computed (the grid has no tooltip module: a native title).
 */
const suggestionFormatter = (tooltip: (costCodeId: number) => string): TextFormatter => Object.assign(
  ((cell: CellComponent) => {
    const value = cell.getValue();
    cell.getElement().title = tooltip(Number((cell.getData() as { costCodeId: number }).costCodeId));
    if (value === undefined) return '<span class="text-body-secondary">…</span>';
    return value === null ? '<span class="text-body-secondary">—</span>' : escapeHtml(moneyFormatter.toText(value));
  }) as unknown as TextFormatter,
  { toText: (value: unknown) => (typeof value === 'number' ? moneyFormatter.toText(value) : ''), exportAs: moneyFormatter.exportAs },
);

const money = (field: keyof typeof TITLES, extra: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  title: TITLES[field], field, hozAlign: 'right', headerHozAlign: 'right', cssClass: 'grid-number',
  formatter: moneyFormatter, sorter: numberSorter, headerFilter: 'input', headerFilterFunc: numberHeaderFilter, headerFilterPlaceholder: '>0',
  bottomCalc: sumCalc, bottomCalcFormatter: moneyFormatter, ...extra,
});

const plugCell = (field: 'unitsToComplete' | 'unitCost' | 'hoursToComplete' | 'rate', editable: () => boolean): ColumnDefinition => ({
  title: TITLES[field], field, hozAlign: 'right', headerHozAlign: 'right', cssClass: 'grid-number pg-editable', sorter: numberSorter,
  formatter: plugFormatter(field === 'unitCost' || field === 'rate' ? 'money' : 'quantity'),
  ...(field === 'unitsToComplete' || field === 'hoursToComplete' ? { bottomCalc: sumCalc, bottomCalcFormatter: numberFormatter(2) } : {}),
  editor: 'input', editable, editorParams: { selectContents: true, elementAttributes: { inputmode: 'decimal', 'aria-label': TITLES[field] } },
});

const quantity = (field: keyof typeof TITLES, sum: boolean, moneyValue = false): ColumnDefinition => ({
  title: TITLES[field], field, hozAlign: 'right', headerHozAlign: 'right', cssClass: 'grid-number',
  formatter: moneyValue ? moneyFormatter : numberFormatter(2), sorter: numberSorter,
  ...(sum ? { bottomCalc: sumCalc, bottomCalcFormatter: numberFormatter(2) } : {}),
});

/** Every column of the grid for `variant`. */
export function projectionColumns(variant: Variant, hooks: ColumnHooks): ColumnDefinition[] {
  const editable = () => !hooks.readOnly();
  const columns: ColumnDefinition[] = [
    {
      // No visible title (the export skips it); the header still names the column for screen readers.
      title: '', field: '', headerSort: false, width: 44, hozAlign: 'center', resizable: false, cssClass: 'pg-open-cell',
      titleFormatter: () => `<span class="visually-hidden">${TITLES.open}</span>`,
      formatter: (cell: CellComponent) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'btn btn-sm btn-outline-secondary pg-open';
        button.textContent = '⋯';
        const row = cell.getData() as unknown as GridRow;
        const label = `Open Cost Code Transactions for ${row.codeDisplay ?? row.code} ${row.type}`;
        button.title = label;
        button.setAttribute('aria-label', label);
        button.tabIndex = -1; // Tab moves between projections; the row's button is reached by mouse or the context link.
        button.addEventListener('click', (event) => {
          event.stopPropagation();
          hooks.openTransactions(row);
        });
        return button;
      },
    },
    {
      title: TITLES.code, field: 'code', formatter: costCodeFormatter, headerFilter: 'input', headerFilterFunc: costCodeHeaderFilter,
      headerFilterPlaceholder: '06-2000', minWidth: 110,
    },
    { title: TITLES.description, field: 'description', formatter: textCellFormatter, headerFilter: 'input', minWidth: 180 },
    { title: TITLES.costType, field: 'costTypeName', formatter: textCellFormatter, headerFilter: 'input' },
    money('originalBudget'),
    money('approvedChanges'),
    money('pendingBudgetChanges', { formatter: pendingFormatter('budget', hooks.openPending) }),
    money('currentBudget'),
    money('committed'),
    money('pendingCostChanges', { formatter: pendingFormatter('cost', hooks.openPending) }),
    money('actualToDate'),
    money('remainingCommitment'),
    {
      // Set by the projection cell: a typed value makes the line manual, an emptied cell automatic.
      title: TITLES.method, field: 'projectionMethod', formatter: methodFormatter, headerFilter: 'input',
    },
    money('projectedCostToComplete', {
      formatter: projectionFormatter, cssClass: 'grid-number pg-editable', editor: 'input', editable,
      editorParams: { selectContents: true, elementAttributes: { inputmode: 'decimal', 'aria-label': TITLES.projectedCostToComplete } },
    }),
    money('suggestedCostToComplete', {
      formatter: suggestionFormatter(hooks.suggestionTooltip), cssClass: 'grid-number pg-suggestion',
      titleFormatter: () => `<span title="${escapeHtml(SUGGESTION_HEADER_TOOLTIP)}">${TITLES.suggestedCostToComplete}</span>`,
    }),
    money('projectedFinalCost'),
    money('overUnder', { formatter: signedMoneyFormatter }),
    money('priorMonthProjection'),
    money('varianceToPrior'),
  ];
  if (variant === 'unit') {
    columns.push(
      { title: TITLES.unitOfMeasure, field: 'unitOfMeasure', formatter: textCellFormatter },
      plugCell('unitsToComplete', editable), plugCell('unitCost', editable),
      quantity('budgetUnits', true), quantity('actualUnits', true), quantity('projectedUnits', true),
      quantity('budgetUnitCost', false, true), quantity('actualUnitCost', false, true), quantity('projectedUnitCost', false, true),
    );
  } else if (variant === 'hour') {
    columns.push(
      plugCell('hoursToComplete', editable), plugCell('rate', editable),
      quantity('budgetHours', true), quantity('actualHours', true), quantity('projectedHours', true),
      quantity('budgetRate', false, true), quantity('actualRate', false, true), quantity('projectedRate', false, true),
    );
  }
  columns.push({
    title: TITLES.reason, field: 'projectionReason', formatter: textCellFormatter, cssClass: 'pg-editable', minWidth: 160,
    editor: 'input', editable, editorParams: { elementAttributes: { maxlength: '500', 'aria-label': TITLES.reason } },
  });
  return columns;
}
