/**
 * CSV and Excel exports of what a grid shows: the visible columns' titles, every filtered and sorted
 * row, group headers and subtotals when grouped, and the totals (column calculations) row.
 * Numbers stay numbers (unformatted in CSV, with a number format in Excel).
 */
import type { ColumnComponent, GroupComponent, RowComponent, Tabulator } from 'tabulator-tables';
import { csvText } from '../../core/format';
import { isTextFormatter } from './formatters';

/** Options of {@link exportCsv} and {@link exportExcel}. */
export interface ExportOptions {
  /** Add the column calculations (totals) row and group subtotals; default true. */
  includeTotals?: boolean;
  /** Fields exported even when the user hid their column (a workbook that is imported again needs them). */
  alwaysInclude?: readonly string[];
}

/** A further sheet of an Excel export (for example what an import needs to read the workbook back). */
export interface ExtraSheet {
  name: string;
  rows: ExportCell[][];
}

/** Options of {@link sheetToExcelBlob}: the grid's sheet name and further sheets after it. */
export interface ExcelOptions {
  sheetName?: string;
  extraSheets?: readonly ExtraSheet[];
}

export type { ExportCell, ExportColumn, ExportLine, ExportSheet } from '../../core/format/spreadsheet';
import type { ExportCell, ExportColumn, ExportLine, ExportSheet } from '../../core/format/spreadsheet';

export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function exportColumns(table: Tabulator, alwaysInclude: readonly string[] = []): { column: ColumnComponent; info: ExportColumn }[] {
  return table.getColumns()
    .filter((column) => Boolean(column.getField()) && (column.isVisible() || alwaysInclude.includes(column.getField())))
    .map((column) => {
      const definition = column.getDefinition();
      const formatter = definition.formatter;
      const excelFormat = isTextFormatter(formatter) && formatter.exportAs.kind === 'number' ? formatter.exportAs.excelFormat : null;
      return { column, info: { field: column.getField(), title: String(definition.title ?? column.getField()), excelFormat } };
    });
}

/** The export value of one field: numbers for numeric columns, our formatters' text for the rest. */
function cellValue(column: ColumnComponent, value: unknown): ExportCell {
  const formatter = column.getDefinition().formatter;
  if (isTextFormatter(formatter)) {
    if (formatter.exportAs.kind === 'number') return numeric(value);
    const text = formatter.toText(value);
    return text === '' ? null : text;
  }
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

type Calcs = Record<string, unknown>;

function calcLine(columns: ColumnComponent[], calcs: Calcs | undefined, kind: 'subtotal' | 'total', label: string): ExportLine | null {
  if (!calcs || Object.keys(calcs).length === 0) return null;
  const cells = columns.map((column) => cellValue(column, calcs[column.getField()]));
  if (cells.every((cell) => cell === null)) return null;
  // The label goes in the first column when that column has no calculation of its own.
  if (cells[0] === null) cells[0] = label;
  return { kind, cells };
}

interface GroupCalcs { top?: Calcs; bottom?: Calcs; groups?: Record<string, GroupCalcs> }

/** Read the whole grid into lines. `includeTotals` (default true) adds subtotals and totals. */
export function toExportSheet(table: Tabulator, options: ExportOptions = {}): ExportSheet {
  const includeTotals = options.includeTotals ?? true;
  const columns = exportColumns(table, options.alwaysInclude);
  const components = columns.map(({ column }) => column);
  const lines: ExportLine[] = [{ kind: 'header', cells: columns.map(({ info }) => info.title) }];
  const dataLine = (row: RowComponent): ExportLine => {
    const data = row.getData();
    return { kind: 'data', cells: components.map((column) => cellValue(column, data[column.getField()])) };
  };

  const grouped = Boolean(table.options.groupBy);
  if (grouped) {
    const allCalcs = includeTotals ? (table.getCalcResults() as Record<string, GroupCalcs>) : {};
    const addGroup = (group: GroupComponent, calcs: GroupCalcs | undefined, depth: number) => {
      const rows = group.getRows();
      const title = `${'  '.repeat(depth)}${String(group.getKey() ?? '')} (${rows.length})`;
      lines.push({ kind: 'group', cells: components.map((_, index) => (index === 0 ? title : null)) });
      const subGroups = group.getSubGroups();
      if (subGroups.length > 0) {
        for (const sub of subGroups) addGroup(sub, calcs?.groups?.[String(sub.getKey())], depth + 1);
      } else {
        for (const row of rows) lines.push(dataLine(row));
      }
      const subtotal = includeTotals ? calcLine(components, calcs?.bottom, 'subtotal', 'Subtotal') : null;
      if (subtotal) lines.push(subtotal);
    };
    for (const group of table.getGroups()) addGroup(group, allCalcs[String(group.getKey())], 0);
  } else {
    for (const row of table.getRows('active')) lines.push(dataLine(row));
  }

  if (includeTotals) {
    const total = calcLine(components, tableTotals(table, grouped), 'total', 'Total');
    if (total) lines.push(total);
  }
  return { columns: columns.map(({ info }) => info), lines };
}

/**
 * The table-wide bottom calculations. Tabulator's getCalcResults() only has per-group ones when
 * grouped, so then they are computed over every active row with the columns' own bottomCalc.
 */
function tableTotals(table: Tabulator, grouped: boolean): Calcs | undefined {
  if (!grouped) return (table.getCalcResults() as { bottom?: Calcs }).bottom;
  const calcsModule = table.modules.columnCalcs as { generateRowData?(pos: 'bottom', data: object[]): Calcs } | undefined;
  return calcsModule?.generateRowData?.('bottom', table.getData('active'));
}

// ---- CSV ----

/** A sheet as CSV text (CRLF line ends, no BOM); lists that are not grids export through this too. */
export function sheetToCsv(sheet: ExportSheet): string {
  return csvText(sheet.lines.map((line) => line.cells));
}

/** The grid as CSV text (CRLF line ends, no BOM). */
export function toCsv(table: Tabulator, options: ExportOptions = {}): string {
  return sheetToCsv(toExportSheet(table, options));
}

/** Download a sheet as `<filename>.csv` (UTF-8 with a BOM so Excel reads it as UTF-8). */
export function downloadCsv(sheet: ExportSheet, filename: string): void {
  downloadBlob(new Blob(['\uFEFF', sheetToCsv(sheet)], { type: CSV_MIME_TYPE }), `${filename}.csv`);
}

/** Download the grid as `<filename>.csv` (UTF-8 with a BOM so Excel reads it as UTF-8). */
export function exportCsv(table: Tabulator, filename: string, options: ExportOptions = {}): void {
  const blob = new Blob(['\uFEFF', toCsv(table, options)], { type: CSV_MIME_TYPE });
  downloadBlob(blob, `${filename}.csv`);
}

// ---- Excel ----

/** The grid as an .xlsx Blob; write-excel-file loads on the first call only. */
export async function toExcelBlob(table: Tabulator, options: ExportOptions = {}): Promise<Blob> {
  return sheetToExcelBlob(toExportSheet(table, options));
}

/**
 * A sheet as an .xlsx Blob. Text is written as text cells (shared strings), never as formulas, so
 * text starting with = + - @, tab or carriage return stays inert text; numbers are number cells.
 * Lists that are not grids export through this too.
 */
export async function sheetToExcelBlob(sheet: ExportSheet, options: ExcelOptions = {}): Promise<Blob> {
  // The universal build writes in the page (no Web Worker, which a strict CSP may forbid).
  const { default: writeExcelFile } = await import('write-excel-file/universal');
  type SheetData = import('write-excel-file/universal').SheetData;
  const data = sheet.lines.map((line) => {
    const bold = line.kind !== 'data';
    return line.cells.map((cell, index) => {
      if (cell === null) return null;
      if (typeof cell === 'number') {
        const format = sheet.columns[index]?.excelFormat ?? undefined;
        return { type: Number, value: cell, ...(format ? { format } : {}), ...(bold ? { fontWeight: 'bold' as const } : {}) };
      }
      return { type: String, value: cell, ...(bold ? { fontWeight: 'bold' as const } : {}) };
    });
  }) as unknown as SheetData;
  const columns = sheet.columns.map((column) => ({ width: Math.min(50, Math.max(10, column.title.length + 2)) }));
  if (!options.extraSheets?.length) return writeExcelFile(data, { columns, stickyRowsCount: 1, ...(options.sheetName ? { sheet: options.sheetName } : {}) }).toBlob();
  const extra = options.extraSheets.map((extraSheet) => ({
    sheet: extraSheet.name,
    data: extraSheet.rows.map((row) => row.map((cell) => (cell === null ? null : typeof cell === 'number' ? { type: Number, value: cell } : { type: String, value: cell }))) as unknown as SheetData,
    columns: [{ width: 24 }, { width: 40 }],
  }));
  return writeExcelFile([{ sheet: options.sheetName ?? 'Sheet1', data, columns, stickyRowsCount: 1 }, ...extra]).toBlob();
}

/** Download the grid as `<filename>.xlsx`, numbers as numbers with money/number formats. */
export async function exportExcel(table: Tabulator, filename: string, options: ExportOptions & ExcelOptions = {}): Promise<void> {
  const blob = await sheetToExcelBlob(toExportSheet(table, options), options);
  downloadBlob(blob.type ? blob : new Blob([blob], { type: XLSX_MIME_TYPE }), `${filename}.xlsx`);
}

/** Download a sheet as `<filename>.xlsx`. */
export async function downloadExcel(sheet: ExportSheet, filename: string): Promise<void> {
  const blob = await sheetToExcelBlob(sheet);
  downloadBlob(blob.type ? blob : new Blob([blob], { type: XLSX_MIME_TYPE }), `${filename}.xlsx`);
}

/** Save a Blob through a temporary `<a download>` and an object URL that is revoked afterwards. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
