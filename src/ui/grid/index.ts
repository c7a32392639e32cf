/**
 * The shared grid: `<Grid>` (Tabulator in the element's shadow root), formatters, sorter and header
 * filter for our data, the column chooser, CSV/Excel export and the editable-grid keyboard options.
 */
export { updateRowOnce, updateRowsInBatch } from './batch';
export { Grid, GRID_FAILED_TEXT, GRID_LOADING_TEXT, type GridProps } from './Grid';
export { ColumnChooser, type ColumnChooserProps } from './ColumnChooser';
export { adoptStyleSheet, loadTabulator, loadTabulatorStyleSheet } from './load';
export {
  costCodeFormatter, dateFormatter, escapeHtml, isTextFormatter, moneyFormatter, numberFormatter, numberHeaderFilter,
  numberSorter, textCellFormatter, type TextFormatter,
} from './formatters';
export {
  CSV_MIME_TYPE, XLSX_MIME_TYPE, downloadBlob, downloadCsv, downloadExcel, exportCsv, exportExcel, sheetToCsv, sheetToExcelBlob, toCsv, toExcelBlob,
  toExportSheet,
  type ExcelOptions, type ExportCell, type ExportColumn, type ExportLine, type ExportOptions, type ExportSheet, type ExtraSheet,
} from './export';
export { editableGridOptions, GRID_DEFAULT_HEIGHT, GRID_RENDER_BUFFER_PX } from './options';
export { applyStoredLayout, layoutStorageKey, readColumnLayout, rememberLayout } from './persistence';
export type { ColumnDefinition, Options, Tabulator } from 'tabulator-tables';
