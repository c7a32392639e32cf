/**
 * The projection grid's Excel round trip (issue 32), the pure part: what the export adds so the workbook can
 * come back (an "Import info" sheet: the budget and the export time), and reading an edited workbook's rows
 * against the grid's lines into a preview — lines changed (old and new), unchanged, conflicts (saved on the
 * server since the export), unknown cost codes, bad values and duplicates with their spreadsheet row numbers.
 * Nothing here saves: the import dialog (src/features/projections/import) sends the preview's changes to
 * SaveProjections with `lastLoad` = the export time, so the server's 409 rule applies too.
 *
 * Rules, each one tested in tests/unit/projection-import.test.ts:
 * - A line is found by its cost code as displayed or bare ('03-3000-00', '03300000', or a number Excel made of
 *   it) and its cost type (name or letter); the cost type may be left empty when the code has one line only.
 * - Method 'Auto' or 'Manual' (or empty). A cost to complete typed on an Auto line that differs from the line's
 *   automatic value makes it Manual (as typing in the grid's cell does); an empty cost to complete is Auto.
 * - Amounts read as the grid reads them (parseAmount: '12k', '$1,200.50', '(500)'); a number cell is rounded to
 *   the cent. A negative cost to complete needs a reason (entryFeedback); below the remaining commitment warns.
 * - A changed line whose server copy changed after the export time is a conflict, not a change: it is saved
 *   only if the user keeps theirs.
 */
import { formatCostCode } from '../format';
import { autoCostToComplete, type ProjectionLine, type ProjectionValues } from './contract';
import { entryFeedback, parseAmount } from './entry';

/** The export's second sheet: label in column A, value in column B. */
export const IMPORT_INFO = {
  sheet: 'Import info',
  budgetId: 'Budget id',
  budget: 'Budget',
  exportedAt: 'Exported at',
  note: 'Keep this sheet: Import Excel reads the budget and the export time from it to find lines changed since.',
} as const;

/** A reason is at most this long (SaveProjections refuses longer ones). */
export const REASON_MAX = 500;

/** A cell as the workbook reader answers it. */
export type ImportCell = string | number | boolean | Date | null | undefined;

/** The line fields the import reads. */
export type ImportLine = Pick<ProjectionLine,
  'costCodeId' | 'code' | 'codeDisplay' | 'type' | 'costTypeName' | 'description' | 'projectionMethod' | 'projectedCostToComplete'
  | 'projectionReason' | 'currentBudget' | 'actualToDate' | 'remainingCommitment' | 'modifiedAt'>;

/** The column titles the export writes (the grid's titles: src/features/projections/columns.ts). */
export interface ImportTitles {
  code: string;
  costType: string;
  description: string;
  method: string;
  costToComplete: string;
  reason: string;
}

/** The Import info sheet's rows for an export of `budget` at `exportedAt` (the grid's lastLoad). */
export function importInfoRows(budget: { budgetId: number; label: string }, exportedAt: string): (string | number)[][] {
  return [
    [IMPORT_INFO.budgetId, budget.budgetId],
    [IMPORT_INFO.budget, budget.label],
    [IMPORT_INFO.exportedAt, exportedAt],
    [IMPORT_INFO.note],
  ];
}

/** What the workbook says of one line, and what the line holds now. */
export interface ImportChange {
  /** The spreadsheet row (1-based, as Excel numbers it). */
  row: number;
  costCodeId: number;
  /** '03-3000-00 Labor'. */
  lineLabel: string;
  description: string;
  old: ProjectionValues;
  new: ProjectionValues;
  /** Warnings that do not stop the save (below the remaining commitment; a negative value with its reason). */
  warnings: string[];
}

/** A change to a line the server changed after the export: `modifiedAt` is the line's change time. */
export interface ImportConflict extends ImportChange {
  modifiedAt: string;
}

export type ImportProblemKind = 'unknownCode' | 'badValue' | 'duplicate';

/** A row that is not imported, and why. */
export interface ImportProblem {
  row: number;
  kind: ImportProblemKind;
  message: string;
}

/** The preview: nothing is saved until the user confirms it. */
export interface ImportPreview {
  budgetId: number;
  /** The export time (the grid's lastLoad when exporting): sent as SaveProjections' lastLoad. */
  exportedAt: string;
  changed: ImportChange[];
  conflicts: ImportConflict[];
  /** Rows read whose line is as the server holds it. */
  unchanged: number;
  problems: ImportProblem[];
}

/** The workbook cannot be previewed at all (wrong file, sheet or budget): the message says what to do. */
export interface ImportRefusal {
  refused: string;
}

/** Messages the preview and its refusals use; exact texts are tested. */
export const IMPORT_TEXT = {
  noInfo: `This workbook has no "${IMPORT_INFO.sheet}" sheet with the budget and the export time. Export the grid with Export Excel, make your changes in that workbook, and import it.`,
  badInfo: `The "${IMPORT_INFO.sheet}" sheet has no valid "${IMPORT_INFO.budgetId}" and "${IMPORT_INFO.exportedAt}": export the grid again with Export Excel.`,
  otherBudget: (theirs: string, ours: string) => `This workbook was exported from budget ${theirs}, not from budget ${ours}. Import it into its own budget's grid.`,
  noHeader: (titles: ImportTitles) => `The sheet has no header row with "${titles.code}", "${titles.costType}" and "${titles.costToComplete}". Import a workbook made with this grid's Export Excel.`,
  noRows: 'The sheet has no cost code rows to import.',
  unknownCode: (row: number, code: string) => `Row ${row}: cost code ${code} is not on this budget.`,
  unknownType: (row: number, code: string, type: string, known: string) => `Row ${row}: cost code ${code} has no ${type} line on this budget (it has ${known}).`,
  typeNeeded: (row: number, code: string, known: string) => `Row ${row}: cost code ${code} has several lines (${known}): fill in the cost type.`,
  notACode: (row: number, text: string) => `Row ${row}: '${text}' is not a cost code.`,
  duplicate: (row: number, label: string, rows: number[]) => `Row ${row}: ${label} is on rows ${rows.join(', ')}; none of them is imported: keep one row per line.`,
  badMethod: (row: number, text: string) => `Row ${row}: method '${text.slice(0, 40)}' is not Auto or Manual.`,
  badAmount: (row: number, message: string) => `Row ${row}: ${message}`,
  manualNeedsValue: (row: number) => `Row ${row}: a Manual line needs a cost to complete.`,
  reasonTooLong: (row: number) => `Row ${row}: the reason is longer than ${REASON_MAX} characters.`,
  badReason: (row: number) => `Row ${row}: the reason must be text.`,
} as const;

/** Where the digits of a cost code are compared: '03-3000-00', '03300000' and 3300000 (Excel's number) are one code. */
export function costCodeKey(code: ImportCell): string {
  if (code === null || code === undefined || typeof code === 'boolean' || code instanceof Date) return '';
  // The separators matchesCostCode (./entry.ts) ignores: a code found by the filter is found here too.
  return formatCostCode(code).replace(/[-\s.]/g, '');
}

const text = (cell: ImportCell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell).trim();
};
const lower = (value: string) => value.trim().toLowerCase();
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The line as "03-3000-00 Labor". */
function labelOf(line: ImportLine): string {
  return `${line.codeDisplay ?? formatCostCode(line.code)} ${line.costTypeName || line.type}`;
}

/** The line's projection as the server holds it. */
function valuesOf(line: ImportLine): ProjectionValues {
  return { method: line.projectionMethod, projectedCostToComplete: line.projectedCostToComplete, reason: line.projectionReason || null };
}

/** Reads the Import info sheet: the budget id and the export time, or a refusal. */
export function readImportInfo(rows: readonly (readonly ImportCell[])[] | null): { budgetId: number; budgetLabel: string; exportedAt: string } | ImportRefusal {
  if (!rows) return { refused: IMPORT_TEXT.noInfo };
  const value = (label: string) => rows.find((row) => lower(text(row[0])) === label.toLowerCase())?.[1];
  const id = value(IMPORT_INFO.budgetId);
  const budgetId = typeof id === 'number' ? id : Number(text(id));
  const at = value(IMPORT_INFO.exportedAt);
  const exportedAt = at instanceof Date ? (Number.isNaN(at.getTime()) ? '' : at.toISOString()) : text(at);
  if (!Number.isInteger(budgetId) || budgetId <= 0 || exportedAt === '' || Number.isNaN(Date.parse(exportedAt))) return { refused: IMPORT_TEXT.badInfo };
  return { budgetId, budgetLabel: text(value(IMPORT_INFO.budget)) || String(budgetId), exportedAt };
}

interface Columns { code: number; costType: number; costToComplete: number; method: number; reason: number; headerRow: number }

/** The header row: the first of the top 50 rows that names the cost code, cost type and cost to complete columns. */
function findColumns(rows: readonly (readonly ImportCell[])[], titles: ImportTitles): Columns | null {
  for (let index = 0; index < Math.min(rows.length, 50); index++) {
    const cells = rows[index]!.map((cell) => lower(text(cell)));
    const at = (title: string) => cells.indexOf(title.toLowerCase());
    const columns = { code: at(titles.code), costType: at(titles.costType), costToComplete: at(titles.costToComplete), method: at(titles.method), reason: at(titles.reason), headerRow: index };
    if (columns.code >= 0 && columns.costType >= 0 && columns.costToComplete >= 0) return columns;
  }
  return null;
}

/** A row of the sheet read as one line's projection (before it is compared with the line). */
interface ReadRow {
  row: number;
  line: ImportLine;
  method: 'auto' | 'manual' | null;
  amount: number | null;
  /** undefined: the sheet has no Reason column (the line's reason stays). */
  reason: string | null | undefined;
}

/** The amount in a cost to complete cell: a number cell to the cent, text as the grid reads it. */
function readAmount(cell: ImportCell, row: number): { value: number | null } | { problem: string } {
  if (cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '')) return { value: null };
  if (typeof cell === 'boolean' || cell instanceof Date) return { problem: IMPORT_TEXT.badAmount(row, `'${text(cell).slice(0, 40)}' is not an amount.`) };
  // Formulas leave values like 1234.5600000001: Excel shows them to the cent, and so are they read.
  const reading = parseAmount(typeof cell === 'number' ? String(round2(cell)) : cell);
  if (reading.kind === 'refused') return { problem: IMPORT_TEXT.badAmount(row, reading.message) };
  return { value: reading.kind === 'value' ? reading.value : null };
}

/**
 * The preview of an edited export: `rows` is the projections sheet as read (row 1 first), `info` the Import info
 * sheet (null when the workbook has none), `lines` the grid's lines as loaded now, `budget` the grid's budget.
 */
export function previewImport(input: {
  rows: readonly (readonly ImportCell[])[];
  info: readonly (readonly ImportCell[])[] | null;
  lines: readonly ImportLine[];
  budget: { budgetId: number; label: string };
  titles: ImportTitles;
}): ImportPreview | ImportRefusal {
  const { rows, lines, budget, titles } = input;
  const info = readImportInfo(input.info);
  if ('refused' in info) return info;
  if (info.budgetId !== budget.budgetId) return { refused: IMPORT_TEXT.otherBudget(info.budgetLabel, budget.label) };
  const columns = findColumns(rows, titles);
  if (!columns) return { refused: IMPORT_TEXT.noHeader(titles) };

  const byCode = new Map<string, ImportLine[]>();
  for (const line of lines) {
    const key = costCodeKey(line.code);
    const list = byCode.get(key);
    if (list) list.push(line);
    else byCode.set(key, [line]);
  }

  const problems: ImportProblem[] = [];
  const read: ReadRow[] = [];
  for (let index = columns.headerRow + 1; index < rows.length; index++) {
    const cells = rows[index]!;
    const row = index + 1;
    const codeText = text(cells[columns.code]);
    const typeText = text(cells[columns.costType]);
    if (codeText === '') continue;
    const key = costCodeKey(cells[columns.code]);
    if (!/^\d+$/.test(key)) {
      // Group headings ('03 Concrete (2)'), Subtotal and Total rows carry no cost type: not lines, skipped.
      if (typeText !== '') problems.push({ row, kind: 'unknownCode', message: IMPORT_TEXT.notACode(row, codeText.slice(0, 40)) });
      continue;
    }
    const shownCode = formatCostCode(key);
    const candidates = byCode.get(key);
    if (!candidates) {
      problems.push({ row, kind: 'unknownCode', message: IMPORT_TEXT.unknownCode(row, shownCode) });
      continue;
    }
    const known = candidates.map((l) => l.costTypeName || l.type).join(', ');
    let line: ImportLine | undefined;
    if (typeText === '') {
      if (candidates.length > 1) {
        problems.push({ row, kind: 'unknownCode', message: IMPORT_TEXT.typeNeeded(row, shownCode, known) });
        continue;
      }
      line = candidates[0]!;
    } else {
      line = candidates.find((l) => lower(l.costTypeName ?? '') === lower(typeText) || lower(l.type) === lower(typeText));
      if (!line) {
        problems.push({ row, kind: 'unknownCode', message: IMPORT_TEXT.unknownType(row, shownCode, typeText.slice(0, 40), known) });
        continue;
      }
    }

    const methodText = columns.method >= 0 ? text(cells[columns.method]) : '';
    // The grid's method cell reads '✎ Manual' on screen and 'Manual' in the export: letters decide.
    const methodWord = methodText.replace(/[^a-z]/gi, '').toLowerCase();
    if (methodText !== '' && methodWord !== 'auto' && methodWord !== 'manual') {
      problems.push({ row, kind: 'badValue', message: IMPORT_TEXT.badMethod(row, methodText) });
      continue;
    }
    const amount = readAmount(cells[columns.costToComplete], row);
    if ('problem' in amount) {
      problems.push({ row, kind: 'badValue', message: amount.problem });
      continue;
    }
    let reason: string | null | undefined;
    if (columns.reason >= 0) {
      const cell = cells[columns.reason];
      if (typeof cell === 'boolean' || cell instanceof Date) {
        problems.push({ row, kind: 'badValue', message: IMPORT_TEXT.badReason(row) });
        continue;
      }
      reason = text(cell) || null;
      if (reason !== null && reason.length > REASON_MAX) {
        problems.push({ row, kind: 'badValue', message: IMPORT_TEXT.reasonTooLong(row) });
        continue;
      }
    }
    const method = methodWord === 'auto' || methodWord === 'manual' ? methodWord : null;
    if (method === 'manual' && amount.value === null) {
      problems.push({ row, kind: 'badValue', message: IMPORT_TEXT.manualNeedsValue(row) });
      continue;
    }
    read.push({ row, line, method, amount: amount.value, reason });
  }

  // One row per line: when a line is on two rows neither is imported (which one was meant is not known).
  const rowsOf = new Map<number, number[]>();
  for (const r of read) rowsOf.set(r.line.costCodeId, [...(rowsOf.get(r.line.costCodeId) ?? []), r.row]);
  const since = Date.parse(info.exportedAt);
  const changed: ImportChange[] = [];
  const conflicts: ImportConflict[] = [];
  let unchanged = 0;
  for (const r of read) {
    const label = labelOf(r.line);
    const onRows = rowsOf.get(r.line.costCodeId)!;
    if (onRows.length > 1) {
      problems.push({ row: r.row, kind: 'duplicate', message: IMPORT_TEXT.duplicate(r.row, label, onRows) });
      continue;
    }
    const old = valuesOf(r.line);
    const auto = autoCostToComplete(r.line);
    // Auto unless a value is typed that is not the automatic one (a typed value is manual, as in the grid's cell).
    const manual = r.method === 'manual' || (r.amount !== null && (r.method === null ? !(old.method === 'auto' && r.amount === auto) : r.amount !== auto));
    const next: ProjectionValues = {
      method: manual ? 'manual' : 'auto',
      projectedCostToComplete: manual ? r.amount : auto,
      reason: r.reason === undefined ? old.reason : r.reason,
    };
    const same = next.method === old.method && next.reason === old.reason && (next.method === 'auto' || next.projectedCostToComplete === old.projectedCostToComplete);
    if (same) {
      unchanged++;
      continue;
    }
    const warnings: string[] = [];
    if (next.method === 'manual') {
      const feedback = entryFeedback({ costToComplete: next.projectedCostToComplete!, reason: next.reason, remainingCommitment: r.line.remainingCommitment }, 'value', `Row ${r.row}`);
      const refused = feedback.find((f) => f.integerValue === 1);
      if (refused) {
        problems.push({ row: r.row, kind: 'badValue', message: refused.message });
        continue;
      }
      warnings.push(...feedback.map((f) => f.message));
    }
    const change: ImportChange = { row: r.row, costCodeId: r.line.costCodeId, lineLabel: label, description: r.line.description, old, new: next, warnings };
    if (Date.parse(r.line.modifiedAt) > since) conflicts.push({ ...change, modifiedAt: r.line.modifiedAt });
    else changed.push(change);
  }
  problems.sort((a, b) => a.row - b.row);
  if (changed.length + conflicts.length + unchanged + problems.length === 0) return { refused: IMPORT_TEXT.noRows };
  return { budgetId: budget.budgetId, exportedAt: info.exportedAt, changed, conflicts, unchanged, problems };
}
