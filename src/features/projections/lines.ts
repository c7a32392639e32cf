/**
 * Pure data rules of the projection grid (the line shape the API answers is in src/core/projections/contract.ts):
 * the automatic cost to complete, applying a typed projection to a line, CSI divisions, and the
 * totals (grand and per division) computed in one pass.
 */
import { formatCostCode } from '../../core/format';
import { autoCostToComplete, type ProjectionLine } from '../../core/projections/contract';
import { entryFeedback, parseAmount, type PluggedBy } from '../../core/projections/entry';
import { FEEDBACK_INVALID } from '../../core/feedback';

/** Which grid: '' money only, 'unit' adds units and unit costs, 'hour' adds hours and rates (labour lines). */
export type Variant = '' | 'unit' | 'hour';

/** 'auto': computed by the rule below; 'manual': the value the project manager typed. */
export type ProjectionMethod = 'auto' | 'manual';

/** What the user changed on a line and has not saved yet. */
export interface LineEdit {
  method: ProjectionMethod;
  /** The typed value after the §5 number rule; null when empty or invalid. */
  value: number | null;
  /** The sanitised text as it shows in the cell ('' for an invalid entry). */
  text: string;
  /** True when the entry was not a number (e.g. '1.2.3'): the cell shows it as invalid and save refuses it. */
  invalid: boolean;
  reason: string;
  /** Why the entry was refused (src/core/projections/entry.ts parseAmount's message), when invalid. */
  message?: string;
  /** A cost to complete plugged as units (or hours) to complete × unit cost (or rate); absent or null when typed as an amount. */
  plug?: LinePlug | null;
}

/** A plug as typed: the quantity to complete and the cost of one (cost to complete = their product). */
export interface LinePlug {
  by: PluggedBy;
  quantity: number;
  rate: number;
}

/** A line as the grid shows it: the server's figures with the unsaved edit applied, plus marks. */
export interface GridRow extends Omit<ProjectionLine, 'projectedCostToComplete'> {
  /** null while the typed entry is invalid (the cell shows empty and marked). */
  projectedCostToComplete: number | null;
  divisionLabel: string;
  /** Unsaved change on this line. */
  unsaved: boolean;
  /** The typed entry is not a number. */
  invalid: boolean;
  /** What refuses this line's save (an entry that is not an amount, a negative cost to complete without a reason, the server's refusal). */
  entryError: string | null;
  /** What the line's entry should make the user check, without blocking (below the remaining committed cost). */
  entryWarning: string | null;
  /** Someone else saved this line since it was loaded: unsaved until the user keeps theirs or takes the other. */
  conflict: boolean;
  // The plug cells of the unit and hour grids: as plugged, else what the line's cost to complete amounts to.
  unitsToComplete?: number | null;
  unitCost?: number | null;
  hoursToComplete?: number | null;
  rate?: number | null;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * CSI MasterFormat division names (the first two digits of a cost code). Unknown divisions show
 * their number only.
 */
export const CSI_DIVISIONS: Readonly<Record<string, string>> = {
  '00': 'Procurement and Contracting Requirements', '01': 'General Requirements', '02': 'Existing Conditions', '03': 'Concrete',
  '04': 'Masonry', '05': 'Metals', '06': 'Wood, Plastics, and Composites', '07': 'Thermal and Moisture Protection', '08': 'Openings',
  '09': 'Finishes', '10': 'Specialties', '11': 'Equipment', '12': 'Furnishings', '13': 'Special Construction', '14': 'Conveying Equipment',
  '21': 'Fire Suppression', '22': 'Plumbing', '23': 'Heating, Ventilating, and Air Conditioning', '25': 'Integrated Automation',
  '26': 'Electrical', '27': 'Communications', '28': 'Electronic Safety and Security', '31': 'Earthwork', '32': 'Exterior Improvements',
  '33': 'Utilities', '34': 'Transportation', '35': 'Waterway and Marine Construction', '40': 'Process Integration',
  '41': 'Material Processing and Handling Equipment', '42': 'Process Heating, Cooling, and Drying Equipment',
  '43': 'Process Gas and Liquid Handling, Purification, and Storage Equipment', '44': 'Pollution and Waste Control Equipment',
  '45': 'Industry-Specific Manufacturing Equipment', '46': 'Water and Wastewater Equipment', '48': 'Electrical Power Generation',
};

/** '03300000' → '03'. */
export function divisionOf(code: string): string {
  return code.replace(/[-\s]/g, '').slice(0, 2);
}

/** '03' → '03 Concrete'; an unknown division → its number. */
export function divisionLabel(division: string): string {
  const name = CSI_DIVISIONS[division];
  return name ? `${division} ${name}` : division;
}

/** The automatic cost to complete: the same rule the server uses. */
export { autoCostToComplete };

/**
 * Read a typed projection (src/core/projections/entry.ts parseAmount): '' (nothing typed) means "back to
 * automatic"; '$1,200' → 1200; '12k' → 12000; '007' → 7; '1.2.3' or '12x' → empty and invalid, with the
 * message the cell shows (never read as something else).
 */
export function readEntry(input: unknown): { text: string; value: number | null; invalid: boolean; empty: boolean; message?: string } {
  const reading = parseAmount(input);
  if (reading.kind === 'empty') return { text: '', value: null, invalid: false, empty: true };
  if (reading.kind === 'refused') return { text: '', value: null, invalid: true, empty: false, message: reading.message };
  return { text: String(reading.value), value: reading.value, invalid: false, empty: false };
}

/** How the grid shows a line's figures: with the pending changes in the estimate, or (default, as Procore) without. */
export interface RowOptions {
  includePending?: boolean;
}

/** The plug a line carries: the edit's, else (no edit) the one saved with the line. */
function plugOf(line: ProjectionLine, edit: LineEdit | undefined): LinePlug | null {
  if (edit) return edit.method === 'manual' ? edit.plug ?? null : null;
  if (line.projectionMethod !== 'manual' || !line.pluggedBy || line.pluggedQuantity === null || line.pluggedRate === null) return null;
  return { by: line.pluggedBy, quantity: line.pluggedQuantity, rate: line.pluggedRate };
}

/** A line's name in messages: '03-3000-00 Labor'. */
export const lineLabel = (line: Pick<ProjectionLine, 'code' | 'type' | 'costTypeName'> & { codeDisplay?: string }): string =>
  `${line.codeDisplay ?? formatCostCode(line.code)} ${line.costTypeName || line.type}`;

/**
 * A line with an edit applied: cost to complete, final cost, over/under, variance, the unit/hour projections and
 * plug cells, and the entry rules' verdict (entryFeedback). With `includePending`, the projected final cost is the
 * estimate at completion with the pending cost changes, and over/under compares it with the budget with the pending
 * budget changes.
 */
export function applyEdit(line: ProjectionLine, edit: LineEdit | undefined, variant: Variant, options: RowOptions = {}): GridRow {
  const division = line.division ?? divisionOf(line.code);
  const row: GridRow = {
    ...line,
    codeDisplay: line.codeDisplay ?? formatCostCode(line.code),
    division,
    divisionLabel: divisionLabel(division),
    unsaved: edit !== undefined,
    invalid: edit?.invalid ?? false,
    entryError: edit?.invalid ? edit.message ?? 'Not an amount.' : null,
    entryWarning: null,
    conflict: false,
  };
  const plug = plugOf(line, edit);
  let finalCost = line.projectedFinalCost;
  if (edit) {
    const ctc = edit.method === 'manual' ? (edit.value ?? line.projectedCostToComplete) : autoCostToComplete(line);
    row.projectionMethod = edit.method;
    row.projectionReason = edit.reason || null;
    // An invalid entry shows empty (and marked); the figures keep the last good value.
    row.projectedCostToComplete = edit.invalid ? null : round2(ctc);
    finalCost = round2(line.actualToDate + ctc);
    row.varianceToPrior = line.priorMonthProjection === null ? null : round2(finalCost - line.priorMonthProjection);
    row.pluggedBy = plug?.by ?? null;
    row.pluggedQuantity = plug?.quantity ?? null;
    row.pluggedRate = plug?.rate ?? null;
    if (edit.method === 'manual' && !edit.invalid) {
      const feedback = entryFeedback({ costToComplete: round2(ctc), reason: edit.reason, remainingCommitment: line.remainingCommitment }, 'value', lineLabel(row));
      row.entryError = feedback.find((f) => f.integerValue === FEEDBACK_INVALID)?.message ?? null;
      row.entryWarning = feedback.filter((f) => f.integerValue !== FEEDBACK_INVALID).map((f) => f.message).join(' ') || null;
    }
    const ctcNow = round2(ctc);
    if (variant === 'unit' && line.budgetUnits !== undefined) {
      const unitCost = line.budgetUnits > 0 ? line.currentBudget / line.budgetUnits : 0;
      row.projectedUnits = round2((line.actualUnits ?? 0) + (plug ? plug.quantity : unitCost > 0 ? ctcNow / unitCost : 0));
      row.projectedUnitCost = row.projectedUnits > 0 ? round2(finalCost / row.projectedUnits) : null;
    } else if (variant === 'hour' && line.budgetHours !== undefined) {
      const rate = line.budgetHours > 0 ? line.currentBudget / line.budgetHours : 0;
      row.projectedHours = round2((line.actualHours ?? 0) + (plug ? plug.quantity : rate > 0 ? ctcNow / rate : 0));
      row.projectedRate = row.projectedHours > 0 ? round2(finalCost / row.projectedHours) : null;
    }
  }
  row.projectedFinalCost = finalCost;
  row.overUnder = round2(line.currentBudget - finalCost);
  row.currentBudgetWithPending = round2(line.currentBudget + (line.pendingBudgetChanges ?? 0));
  row.estimateAtCompletionWithPending = round2(finalCost + (line.pendingCostChanges ?? 0));
  if (options.includePending) {
    row.projectedFinalCost = row.estimateAtCompletionWithPending;
    row.overUnder = round2(row.currentBudgetWithPending - row.estimateAtCompletionWithPending);
  }
  // The plug cells: as plugged; else the quantity to complete the line's figures amount to, at the budget's cost of one.
  if (variant === 'unit') {
    row.unitsToComplete = plug ? plug.quantity : typeof row.projectedUnits === 'number' ? round2(row.projectedUnits - (row.actualUnits ?? 0)) : null;
    row.unitCost = plug ? plug.rate : line.budgetUnitCost ?? null;
  } else if (variant === 'hour') {
    row.hoursToComplete = plug ? plug.quantity : typeof row.projectedHours === 'number' ? round2(row.projectedHours - (row.actualHours ?? 0)) : null;
    row.rate = plug ? plug.rate : line.budgetRate ?? null;
  }
  return row;
}

/** Money columns that add up in subtotals and the grand total. */
export const MONEY_FIELDS = [
  'originalBudget', 'approvedChanges', 'pendingBudgetChanges', 'currentBudget', 'committed', 'pendingCostChanges', 'actualToDate', 'remainingCommitment',
  'projectedCostToComplete', 'projectedFinalCost', 'overUnder', 'priorMonthProjection', 'varianceToPrior',
] as const;

/** Quantity columns of the variants that add up too (unit costs and rates do not: they are ratios). */
export const QUANTITY_FIELDS = {
  '': [],
  unit: ['budgetUnits', 'actualUnits', 'projectedUnits'],
  hour: ['budgetHours', 'actualHours', 'projectedHours'],
} as const satisfies Record<Variant, readonly (keyof ProjectionLine)[]>;

export type SumField = (typeof MONEY_FIELDS)[number] | (typeof QUANTITY_FIELDS)['unit'][number] | (typeof QUANTITY_FIELDS)['hour'][number];
export type Sums = Partial<Record<SumField, number>> & { lineCount: number };

/** Grand total and subtotals per division, in one pass over the rows (cents rounded at the end). */
export interface Totals {
  grand: Sums;
  byDivision: Map<string, Sums>;
}

/** Add up the rows: one pass, every summed field, per division and overall. Nulls are skipped. */
export function computeTotals(rows: readonly GridRow[], variant: Variant): Totals {
  const fields: readonly SumField[] = [...MONEY_FIELDS, ...QUANTITY_FIELDS[variant]];
  const grand: Sums = { lineCount: 0 };
  const byDivision = new Map<string, Sums>();
  for (const row of rows) {
    let sub = byDivision.get(row.division ?? '');
    if (!sub) {
      sub = { lineCount: 0 };
      byDivision.set(row.division ?? '', sub);
    }
    grand.lineCount++;
    sub.lineCount++;
    for (const field of fields) {
      const value = row[field];
      if (typeof value !== 'number') continue;
      grand[field] = (grand[field] ?? 0) + value;
      sub[field] = (sub[field] ?? 0) + value;
    }
  }
  const roundAll = (sums: Sums) => {
    for (const field of fields) if (sums[field] !== undefined) sums[field] = round2(sums[field]);
  };
  roundAll(grand);
  for (const sums of byDivision.values()) roundAll(sums);
  return { grand, byDivision };
}
