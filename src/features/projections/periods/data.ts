/**
 * The forecast periods screen's loads and writes (the calls and wire types: src/core/projections/periods.ts; the
 * host: demo/host/api/pfm/projections/periods): which budget the screen shows, its months, closing (one budget or the
 * whole region) and re-opening, the comparison of two snapshots (or a snapshot and today) and "why it moved", the
 * comparison as a sheet, and where a movement's record opens.
 */
import { getJson, postForm, retryMark } from '../../../core/api';
import { listSheet, type ExportColumn, type ExportSheet } from '../../../core/format/spreadsheet';
import { lookupObject } from '../../../core/lookups';
import { PROJECTION_PATHS, type BudgetInfo } from '../../../core/projections/contract';
import {
  CURRENT_FIGURES, FORECAST_PERIOD_PATHS, periodLabel,
  type CloseResult, type Comparison, type ComparisonLine, type ForecastPeriod, type Movement, type SnapshotFigure,
} from '../../../core/projections/periods';
import { findWorkbenchKind } from '../../../core/workbench';

/** What the screen shows the periods of: the budget, the project's budgets to choose from, and the project's region. */
export interface ForecastScope {
  projectId: number;
  budgets: BudgetInfo[];
  /** The project's region (closing region-wide), null when the project answer has none. */
  regionId: number | null;
}

/**
 * The budgets the screen may show: the project's (`getbudgets`), or the one budget given; and the project's
 * region (from the project's lookup; unknown → null, and closing region-wide is not offered).
 */
export async function loadForecastScope(ids: { projectId: number; budgetId: number }, signal: AbortSignal, attempt = 0): Promise<ForecastScope> {
  let budgets: BudgetInfo[];
  if (ids.projectId > 0) {
    const answer = await getJson<BudgetInfo[]>(PROJECTION_PATHS.budgets, { recordKey: 'Project', recordId: ids.projectId, ...retryMark(attempt) }, { signal });
    budgets = Array.isArray(answer) ? answer : [];
  } else {
    const budget = await getJson<BudgetInfo | null>(PROJECTION_PATHS.budget, { budgetId: ids.budgetId, ...retryMark(attempt) }, { signal });
    budgets = budget && typeof budget.budgetId === 'number' ? [budget] : [];
  }
  const projectId = ids.projectId > 0 ? ids.projectId : budgets[0]?.projectId ?? -1;
  const project = projectId > 0 ? await lookupObject<{ regionId?: number | null }>('pfm-project', projectId) : undefined;
  return { projectId, budgets, regionId: typeof project?.regionId === 'number' ? project.regionId : null };
}

/** The budget shown: the one asked for when it is the project's, else the first. */
export const chosenBudget = (scope: ForecastScope, budgetId: number): BudgetInfo | undefined =>
  scope.budgets.find((b) => b.budgetId === budgetId) ?? scope.budgets[0];

/** The budget's months, newest first (the current month listed even when it has no row). */
export async function loadPeriods(budgetId: number, signal: AbortSignal, attempt = 0): Promise<ForecastPeriod[]> {
  const answer = await getJson<ForecastPeriod[]>(FORECAST_PERIOD_PATHS.periods, { recordKey: 'Budget', recordId: budgetId, ...retryMark(attempt) }, { signal });
  return Array.isArray(answer) ? answer : [];
}

/** The months a comparison may start from or end at: the closed ones with a (not superseded) snapshot, newest first. */
export const snapshotMonths = (periods: readonly ForecastPeriod[]): string[] =>
  periods.filter((p) => p.state === 'Closed' && p.hasSnapshot).map((p) => p.month);

/** The default pair: the two newest snapshots, or the newest and today; null when no month has a snapshot. */
export function defaultPair(periods: readonly ForecastPeriod[]): { from: string; to: string } | null {
  const months = snapshotMonths(periods);
  if (months.length === 0) return null;
  return months.length > 1 ? { from: months[1]!, to: months[0]! } : { from: months[0]!, to: CURRENT_FIGURES };
}

/** A side of a comparison as people say it: 'November 2026', or 'Today'. */
export const sideLabel = (month: string): string => (month === CURRENT_FIGURES ? 'Today' : periodLabel(month));

const pairQuery = (budgetId: number, from: string, to: string, attempt: number) => ({ recordKey: 'Budget', recordId: budgetId, from, to, ...retryMark(attempt) });

/** The comparison of `from` (a closed month) with `to` (a later closed month or 'current'), largest movement first. */
export function loadComparison(budgetId: number, from: string, to: string, signal: AbortSignal, attempt = 0): Promise<Comparison> {
  return getJson<Comparison>(FORECAST_PERIOD_PATHS.comparison, pairQuery(budgetId, from, to, attempt), { signal });
}

/** "Why it moved" between the same two sides. */
export function loadMovement(budgetId: number, from: string, to: string, signal: AbortSignal, attempt = 0): Promise<Movement> {
  return getJson<Movement>(FORECAST_PERIOD_PATHS.movement, pairQuery(budgetId, from, to, attempt), { signal });
}

/** POST CloseForecastPeriod for one budget. */
export const closeBudgetPeriod = (budgetId: number, month: string): Promise<CloseResult> =>
  postForm<CloseResult>(FORECAST_PERIOD_PATHS.close, { BudgetId: budgetId, Month: month });

/** POST CloseForecastPeriod for every budget of a region. */
export const closeRegionPeriod = (regionId: number, month: string): Promise<CloseResult> =>
  postForm<CloseResult>(FORECAST_PERIOD_PATHS.close, { RegionId: regionId, Month: month });

/** POST ReopenForecastPeriod: the month's snapshot superseded (kept), the month open again. */
export const reopenPeriod = (budgetId: number, month: string, reason: string): Promise<unknown> =>
  postForm(FORECAST_PERIOD_PATHS.reopen, { BudgetId: budgetId, Month: month, Reason: reason });

/** The figures the comparison shows a change of, in its column order (after Δ estimate at completion). */
export const COMPONENT_FIGURES: ReadonlyArray<{ figure: SnapshotFigure; label: string }> = [
  { figure: 'currentBudget', label: 'Current budget' },
  { figure: 'approvedChanges', label: 'Approved changes' },
  { figure: 'committed', label: 'Committed' },
  { figure: 'pendingBudgetChanges', label: 'Pending budget changes' },
  { figure: 'pendingCostChanges', label: 'Pending cost changes' },
  { figure: 'actualToDate', label: 'Actual to date' },
  { figure: 'projectedCostToComplete', label: 'Cost to complete' },
  { figure: 'variance', label: 'Variance' },
];

/** A line's cost code as shown. */
export const lineCode = (line: Pick<ComparisonLine, 'codeDisplay' | 'code' | 'costCodeId'>): string => line.codeDisplay ?? line.code ?? `#${line.costCodeId}`;

/** The reasons typed on either side: 'before → after' when they differ, the one when they agree, '' when none. */
export function reasonsText(reason: { from: string | null; to: string | null }): string {
  const from = reason.from?.trim() ?? '';
  const to = reason.to?.trim() ?? '';
  if (from === to) return to;
  if (!from) return to;
  if (!to) return `${from} → (none)`;
  return `${from} → ${to}`;
}

/** The comparison as a sheet (CSV): code, description, Δ EAC, Δ each component, reasons; the total line. */
export function comparisonSheet(comparison: Comparison): ExportSheet {
  const money = '$#,##0.00;-$#,##0.00';
  const columns: ExportColumn[] = [
    { field: 'code', title: 'Cost code', excelFormat: null },
    { field: 'description', title: 'Description', excelFormat: null },
    { field: 'estimateAtCompletion', title: 'Δ Estimate at completion', excelFormat: money },
    ...COMPONENT_FIGURES.map(({ figure, label }) => ({ field: figure, title: `Δ ${label}`, excelFormat: money })),
    { field: 'reasons', title: 'Reasons', excelFormat: null },
  ];
  return listSheet(columns, comparison.lines, (line) => [
    lineCode(line), line.description ?? '', line.change.estimateAtCompletion,
    ...COMPONENT_FIGURES.map(({ figure }) => line.change[figure]), reasonsText(line.reason),
  ], ['Total', '', comparison.total.change.estimateAtCompletion, ...COMPONENT_FIGURES.map(({ figure }) => comparison.total.change[figure]), '']);
}

/** The export's file name: 'Forecast 24-1032-01 October 2026 to Today'. */
export const comparisonFileName = (jobNumber: string, from: string, to: string): string => `Forecast ${jobNumber} ${sideLabel(from)} to ${sideLabel(to)}`;

/**
 * The workbench a movement's record opens in: its own kind, or for a budget line (a projection change) the line's
 * cost-code transactions; undefined when no workbench shows it (the record is listed as text).
 */
export function recordWorkbench(recordKey: string): string | undefined {
  if (recordKey === 'CostCode') return 'CostCodeTransactions';
  return findWorkbenchKind(recordKey)?.key;
}
