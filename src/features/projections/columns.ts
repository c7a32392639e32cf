/**
 * The projection grid's columns for each variant. Formatters return escaped strings or elements
 * (never user data as HTML); the editable projection shows its method, unsaved and invalid marks.
 */
import type { CellComponent, ColumnDefinition } from 'tabulator-tables';
import { formatMoney } from '../../core/format';
import { costCodeFormatter, escapeHtml, moneyFormatter, numberFormatter, numberHeaderFilter, numberSorter, textCellFormatter, type TextFormatter } from '../../ui/grid';
import { round2, type GridRow, type Variant } from './lines';

/** Marks' texts, shared by the cells and the legend. */
export const MARK_TEXT = { manual: 'Manual', invalid: 'Invalid', unsaved: 'Unsaved' } as const;
export const MANUAL_ICON = '✎';
export const INVALID_ICON = '⚠';

/** Column titles (exports use them as the header row). */
export const TITLES = {
  open: 'Transactions', code: 'Cost code', description: 'Description', costType: 'Cost type', originalBudget: 'Original budget',
  approvedChanges: 'Approved changes', currentBudget: 'Current budget', committed: 'Committed', actualToDate: 'Actual to date',
  remainingCommitment: 'Remaining commitment', method: 'Method', projectedCostToComplete: 'Projected cost to complete', suggestedCostToComplete: 'Suggested CTC',
  projectedFinalCost: 'Projected final cost', overUnder: 'Over/under', priorMonthProjection: 'Prior month projection',
  varianceToPrior: 'Variance to prior month', reason: 'Reason',
  unitOfMeasure: 'UoM', budgetUnits: 'Budget units', actualUnits: 'Actual units', projectedUnits: 'Projected units',
  budgetUnitCost: 'Budget unit cost', actualUnitCost: 'Actual unit cost', projectedUnitCost: 'Projected unit cost',
  budgetHours: 'Budget hours', actualHours: 'Actual hours', projectedHours: 'Projected hours',
  budgetRate: 'Budget rate', actualRate: 'Actual rate', projectedRate: 'Projected rate',
} as const;

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

/** The projected cost to complete: money, tinted and marked when manual, outlined when invalid. */
const projectionFormatter: TextFormatter = Object.assign(
  ((cell: CellComponent) => {
    const row = cell.getData() as unknown as GridRow;
    const element = cell.getElement();
    element.classList.toggle('pg-manual', row.projectionMethod === 'manual' && !row.invalid);
    element.classList.toggle('pg-invalid', row.invalid);
    if (row.invalid) return `<span class="pg-mark pg-mark-invalid">${INVALID_ICON} ${MARK_TEXT.invalid}</span>`;
    const text = escapeHtml(formatMoney(row.projectedCostToComplete));
    return row.projectionMethod === 'manual' ? `${text}<span class="pg-mark pg-mark-manual" title="Overridden by hand">${MANUAL_ICON} ${MARK_TEXT.manual}</span>` : text;
  }) as unknown as TextFormatter,
  { toText: moneyFormatter.toText, exportAs: moneyFormatter.exportAs },
);

const methodFormatter: TextFormatter = Object.assign(
  ((cell: CellComponent) => (cell.getValue() === 'manual' ? `${MANUAL_ICON} Manual` : 'Auto')) as unknown as TextFormatter,
  { toText: (value: unknown) => (value === 'manual' ? 'Manual' : 'Auto'), exportAs: { kind: 'text' as const } },
);

/** Callbacks and state the columns need from the view. */
export interface ColumnHooks {
  /** Open the Cost Code Transactions workbench for a line. */
  openTransactions(row: GridRow): void;
  /** True while the grid is read-only (locked or roll-up budget). */
  readOnly(): boolean;
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
    { title: TITLES.code, field: 'code', formatter: costCodeFormatter, headerFilter: 'input', minWidth: 110 },
    { title: TITLES.description, field: 'description', formatter: textCellFormatter, headerFilter: 'input', minWidth: 180 },
    { title: TITLES.costType, field: 'costTypeName', formatter: textCellFormatter, headerFilter: 'input' },
    money('originalBudget'),
    money('approvedChanges'),
    money('currentBudget'),
    money('committed'),
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
      quantity('budgetUnits', true), quantity('actualUnits', true), quantity('projectedUnits', true),
      quantity('budgetUnitCost', false, true), quantity('actualUnitCost', false, true), quantity('projectedUnitCost', false, true),
    );
  } else if (variant === 'hour') {
    columns.push(
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
