/**
 * Pure data rules of the projection grid (the line shape the API answers is in src/core/projections/contract.ts):
 * the automatic cost to complete, applying a typed projection to a line, CSI divisions, and the
 * totals (grand and per division) computed in one pass.
 */
import { formatCostCode, parseNumber, sanitizeNumber } from '../../core/format';
import { autoCostToComplete, type ProjectionLine } from '../../core/projections/contract';

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
 * Read a typed projection with the §5 number rule. '' (nothing typed) means "back to automatic";
 * '$1,200' → 1200; '007' → 7; '1.2.3' → empty and invalid; text without digits is invalid too.
 */
export function readEntry(input: unknown): { text: string; value: number | null; invalid: boolean; empty: boolean } {
  const raw = input === null || input === undefined ? '' : String(input);
  if (raw.trim() === '') return { text: '', value: null, invalid: false, empty: true };
  const text = sanitizeNumber(raw);
  const value = parseNumber(text);
  return { text: value === null ? '' : text, value, invalid: value === null, empty: false };
}

/** A line with an edit applied: cost to complete, final cost, over/under, variance and the unit/hour projections. */
export function applyEdit(line: ProjectionLine, edit: LineEdit | undefined, variant: Variant): GridRow {
  const division = line.division ?? divisionOf(line.code);
  const row: GridRow = {
    ...line,
    codeDisplay: line.codeDisplay ?? formatCostCode(line.code),
    division,
    divisionLabel: divisionLabel(division),
    unsaved: edit !== undefined,
    invalid: edit?.invalid ?? false,
  };
  if (!edit) return row;
  const ctc = edit.method === 'manual' ? (edit.value ?? line.projectedCostToComplete) : autoCostToComplete(line);
  row.projectionMethod = edit.method;
  row.projectionReason = edit.reason || null;
  // An invalid entry shows empty (and marked); the figures keep the last good value.
  row.projectedCostToComplete = edit.invalid ? null : round2(ctc);
  row.projectedFinalCost = round2(line.actualToDate + ctc);
  row.overUnder = round2(line.currentBudget - row.projectedFinalCost);
  row.varianceToPrior = line.priorMonthProjection === null ? null : round2(row.projectedFinalCost - line.priorMonthProjection);
  if (variant === 'unit' && line.budgetUnits !== undefined) {
    const unitCost = line.budgetUnits > 0 ? line.currentBudget / line.budgetUnits : 0;
    row.projectedUnits = round2((line.actualUnits ?? 0) + (unitCost > 0 ? ctc / unitCost : 0));
    row.projectedUnitCost = row.projectedUnits > 0 ? round2(row.projectedFinalCost / row.projectedUnits) : null;
  } else if (variant === 'hour' && line.budgetHours !== undefined) {
    const rate = line.budgetHours > 0 ? line.currentBudget / line.budgetHours : 0;
    row.projectedHours = round2((line.actualHours ?? 0) + (rate > 0 ? ctc / rate : 0));
    row.projectedRate = row.projectedHours > 0 ? round2(row.projectedFinalCost / row.projectedHours) : null;
  }
  return row;
}

/** Money columns that add up in subtotals and the grand total. */
export const MONEY_FIELDS = [
  'originalBudget', 'approvedChanges', 'currentBudget', 'committed', 'actualToDate', 'remainingCommitment',
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
