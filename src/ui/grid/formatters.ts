/**
 * Cell formatters, sorter and header filter for our data. Formatters return plain strings, which
 * Tabulator writes with innerHTML, so every string is HTML-escaped first: data is always shown as text.
 */
import type { CellComponent, FormatterFunction, SorterFunction, SortDirection } from 'tabulator-tables';
import { formatCostCode, formatDate, formatMoney, formatNumber, parseNumber } from '../../core/format';

/** A formatter that also knows its plain-text form (used by the CSV and Excel exports). */
export interface TextFormatter extends FormatterFunction {
  /** The display text of a value, unescaped. */
  toText(value: unknown): string;
  /** How exports write the value: as a number (with an Excel number format) or as text. */
  exportAs: { kind: 'number'; excelFormat: string } | { kind: 'text' };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text for Tabulator's innerHTML: `<img onerror=…>` shows as those characters. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

type NumberLike = string | number | null | undefined;
const asNumberLike = (value: unknown): NumberLike =>
  typeof value === 'number' || typeof value === 'string' ? value : null;

function textFormatter(toText: (value: unknown) => string, exportAs: TextFormatter['exportAs']): TextFormatter {
  const format = (cell: CellComponent) => escapeHtml(toText(cell.getValue()));
  return Object.assign(format, { toText, exportAs });
}

/** US dollars: 1234.5 → '$1,234.50'; blank for missing/non-numeric values. */
export const moneyFormatter: TextFormatter = textFormatter(
  (value) => formatMoney(asNumberLike(value)),
  { kind: 'number', excelFormat: '"$"#,##0.00;-"$"#,##0.00' },
);

const numberFormatters = new Map<number, TextFormatter>();
/** Grouped number with exactly `digits` decimals: numberFormatter(2) shows 1234.5 as '1,234.50'. */
export function numberFormatter(digits: number): TextFormatter {
  let found = numberFormatters.get(digits);
  if (!found) {
    const excelFormat = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
    found = textFormatter((value) => formatNumber(asNumberLike(value), digits), { kind: 'number', excelFormat });
    numberFormatters.set(digits, found);
  }
  return found;
}

/** 'MM/DD/YYYY'; blank for dates before 1/1/1990, short or invalid input (§5). */
export const dateFormatter: TextFormatter = textFormatter(
  (value) => (typeof value === 'string' || value instanceof Date ? formatDate(value) : ''),
  { kind: 'text' },
);

/** Cost code in 2-4-2 groups: '03300000' → '03-3000-00' (§3). */
export const costCodeFormatter: TextFormatter = textFormatter(
  (value) => (typeof value === 'string' || typeof value === 'number' ? formatCostCode(value) : ''),
  { kind: 'text' },
);

/** Plain text, escaped (for text columns that must never render HTML). */
export const textCellFormatter: TextFormatter = textFormatter(
  (value) => (value === null || value === undefined ? '' : String(value)),
  { kind: 'text' },
);

/** Is this formatter one of ours (with a text form)? */
export function isTextFormatter(formatter: unknown): formatter is TextFormatter {
  return typeof formatter === 'function' && typeof (formatter as Partial<TextFormatter>).toText === 'function';
}

/** A number from a cell value: numbers as they are, strings through the §5 rule, else null. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return parseNumber(value);
  return null;
}

/**
 * Fast typed sorter for numeric columns: plain numeric compare, missing values last in both
 * directions (Tabulator reverses the result for 'desc', so the null side is flipped to match).
 */
export const numberSorter: SorterFunction = (a, b, _aRow, _bRow, _column, dir: SortDirection) => {
  const x = typeof a === 'number' ? a : numericValue(a);
  const y = typeof b === 'number' ? b : numericValue(b);
  if (x === null || Number.isNaN(x)) return y === null || Number.isNaN(y) ? 0 : dir === 'asc' ? 1 : -1;
  if (y === null || Number.isNaN(y)) return dir === 'asc' ? -1 : 1;
  return x - y;
};

const COMPARISON = /^\s*(>=|<=|<>|!=|>|<|=)\s*(.+)$/;

/**
 * Header filter for number (and text) columns, usable as `headerFilterFunc`:
 * '>1000', '>=1000', '<0', '<=5', '=5', '!=5' / '<>5' compare numerically (the number after the
 * operator may be typed as '$1,000'); anything else is a case-insensitive substring of the value's
 * text. An empty filter matches every row; a comparison never matches a missing value.
 */
export function numberHeaderFilter(headerValue: unknown, rowValue: unknown): boolean {
  const filter = headerValue === null || headerValue === undefined ? '' : String(headerValue).trim();
  if (filter === '') return true;
  const comparison = COMPARISON.exec(filter);
  const operand = comparison ? parseNumber(comparison[2]) : null;
  if (comparison && operand !== null) {
    const value = numericValue(rowValue);
    if (value === null) return false;
    switch (comparison[1]) {
      case '>': return value > operand;
      case '>=': return value >= operand;
      case '<': return value < operand;
      case '<=': return value <= operand;
      case '=': return value === operand;
      default: return value !== operand;
    }
  }
  const text = rowValue === null || rowValue === undefined ? '' : String(rowValue);
  return text.toLowerCase().includes(filter.toLowerCase());
}
