/**
 * Spreadsheet exports (CSV and Excel) and formula injection (OWASP "CSV injection"): a text cell a
 * spreadsheet would read as a formula or a command is written as text. The one rule every export
 * uses: `src/ui/grid/export.ts` (grids and every list's sheet, CSV and Excel) and the reports' CSV.
 */

/** The characters that make a spreadsheet read a cell as a formula: = + - @, tab and carriage return. */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const TRIGGER = /^[=+\-@\t\r]/;

/**
 * Would a spreadsheet read this text as a formula? Any text starting with a trigger, number-like text
 * included ('-2', '+1' typed into a name or a message are text and stay text); numbers are passed as numbers.
 */
export function isFormulaText(text: string): boolean {
  return TRIGGER.test(text);
}

/**
 * Text made safe for a CSV cell: a leading apostrophe when it starts with = + - @, tab or carriage
 * return ('=SUM(A1)' → "'=SUM(A1)"), which spreadsheets show as text. Numbers are not text: pass
 * them as numbers and they are left alone.
 */
export function neutraliseFormula(text: string): string {
  return isFormulaText(text) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): numbers as they are, text neutralised and quoted when it holds a quote, comma or line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV lines (CRLF line ends, a final CRLF) from rows of cells. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** One exported cell: a number, text, or empty. */
export type ExportCell = number | string | null;

/** One exported line and what it is. */
export interface ExportLine {
  kind: 'header' | 'data' | 'group' | 'subtotal' | 'total';
  cells: ExportCell[];
}

/** A column of the export with its Excel number format, if numeric. */
export interface ExportColumn {
  field: string;
  title: string;
  excelFormat: string | null;
}

/** The grid as lines of cells, ready for a writer. */
export interface ExportSheet {
  columns: ExportColumn[];
  lines: ExportLine[];
}

/**
 * A list as an export sheet: a header line of the column titles, a data line per row (`cells` in
 * column order), and a total line when `total` is given.
 */
export function listSheet<R>(columns: ExportColumn[], rows: readonly R[], cells: (row: R) => ExportCell[], total?: ExportCell[]): ExportSheet {
  return {
    columns,
    lines: [
      { kind: 'header', cells: columns.map((c) => c.title) },
      ...rows.map((row) => ({ kind: 'data' as const, cells: cells(row) })),
      ...(total ? [{ kind: 'total' as const, cells: total }] : []),
    ],
  };
}

/**
 * Export columns in the order of `titles` (field → column title). `formats` gives the Excel number
 * format of the numeric columns; every other column is text.
 */
export function sheetColumns(titles: Readonly<Record<string, string>>, formats: Readonly<Record<string, string>> = {}): ExportColumn[] {
  return Object.entries(titles).map(([field, title]) => ({ field, title, excelFormat: formats[field] ?? null }));
}
