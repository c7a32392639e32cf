/**
 * The Excel round trip's loads and writes: the export that can come back (the grid's sheet with the columns the
 * import reads, plus the Import info sheet), reading a workbook (read-excel-file, loaded on the first import only),
 * and saving a confirmed preview through SaveProjections with `lastLoad` = the export time (the 409 rule).
 * The preview itself is the pure src/core/projections/import.ts.
 */
import { ApiError, postForm } from '../../../core/api';
import { PROJECTION_PATHS, type ProjectionConflict, type SaveProjectionsAnswer } from '../../../core/projections/contract';
import { IMPORT_INFO, importInfoRows, type ImportCell, type ImportChange, type ImportTitles } from '../../../core/projections/import';
import { writeFailure, type WriteFailure } from '../../../core/records';
import { exportExcel, type Tabulator } from '../../../ui/grid';
import { TITLES } from '../columns';

/** The grid's fields a workbook needs to come back: exported even when their column is hidden. */
export const ROUND_TRIP_FIELDS = ['code', 'description', 'costTypeName', 'projectionMethod', 'projectedCostToComplete', 'projectionReason'] as const;

/** The grid's sheet in the workbook. */
export const PROJECTIONS_SHEET = 'Projections';

/** The column titles the import looks for: the grid's own. */
export const IMPORT_TITLES: ImportTitles = {
  code: TITLES.code, costType: TITLES.costType, description: TITLES.description, method: TITLES.method,
  costToComplete: TITLES.projectedCostToComplete, reason: TITLES.reason,
};

/** Messages of the dialog; exact texts are tested. */
export const ROUND_TRIP_TEXT = {
  notWorkbook: 'This file is not an Excel workbook (.xlsx). Choose the workbook that Export Excel made, after editing it.',
  oldWorkbook: 'This is an old-format Excel workbook (.xls). Save it as an Excel Workbook (.xlsx) and import that.',
  unreadable: (detail: string) => `The workbook could not be read: ${detail}`,
  readerFailed: 'The Excel reader could not be loaded. Check your connection and try again.',
  saveTexts: {
    stale: 'Lines changed on the server meanwhile.',
    refused: 'The server refused the import.',
    signedOut: 'Your sign-in has expired: sign in again, then Retry. Nothing was saved.',
    forbidden: 'You may not save projections on this budget. Nothing was saved.',
    timeout: 'The server did not answer in time. Nothing may have been saved: Retry (lines already saved are unchanged by a second save).',
    failed: (detail: string) => `The import could not be saved (${detail}). Retry.`,
  },
} as const;

/** Export the grid as a workbook that Import Excel reads back: the grid's sheet and the Import info sheet. */
export async function exportForImport(table: Tabulator, filename: string, budget: { budgetId: number; label: string }, exportedAt: string | null): Promise<void> {
  await exportExcel(table, filename, {
    alwaysInclude: ROUND_TRIP_FIELDS,
    sheetName: PROJECTIONS_SHEET,
    extraSheets: exportedAt ? [{ name: IMPORT_INFO.sheet, rows: importInfoRows(budget, exportedAt) }] : [],
  });
}

/** A workbook's sheets as the import reads them: the grid's sheet (the first other than Import info) and Import info. */
export interface ReadWorkbook {
  rows: ImportCell[][];
  info: ImportCell[][] | null;
}

/** Thrown with the sentence the dialog shows. */
export class WorkbookError extends Error {
  override readonly name = 'WorkbookError';
}

/** Read an .xlsx file: read-excel-file's universal build (no Web Worker, which a strict CSP may forbid), loaded now. */
export async function readWorkbook(file: Blob): Promise<ReadWorkbook> {
  let reader: typeof import('read-excel-file/universal');
  try {
    reader = await import('read-excel-file/universal');
  } catch (error) {
    console.error('read-excel-file failed to load', error);
    throw new WorkbookError(ROUND_TRIP_TEXT.readerFailed);
  }
  let sheets: Awaited<ReturnType<typeof reader.default>>;
  try {
    sheets = await reader.default(file, { trim: true });
  } catch (error) {
    const named = error as { name?: string; code?: string; message?: string };
    if (named?.name === 'InvalidInputError') throw new WorkbookError(named.code === 'XLS_FILE_NOT_SUPPORTED' ? ROUND_TRIP_TEXT.oldWorkbook : ROUND_TRIP_TEXT.notWorkbook);
    throw new WorkbookError(ROUND_TRIP_TEXT.unreadable(named?.message || String(error)));
  }
  const info = sheets.find((sheet) => sheet.sheet.trim().toLowerCase() === IMPORT_INFO.sheet.toLowerCase());
  const data = sheets.find((sheet) => sheet !== info);
  return { rows: (data?.data ?? []) as ImportCell[][], info: info ? (info.data as ImportCell[][]) : null };
}

/** One confirmed line: the change, and whether it overwrites a line saved since the export ("keep mine"). */
export interface ImportEntry {
  change: ImportChange;
  overwrite: boolean;
}

/** What a save did: lines saved, lines someone else saved since the export (not saved), or why it failed. */
export type ImportSaveResult =
  | { kind: 'saved'; saved: number; conflicts: ProjectionConflict[]; warnings: string[] }
  | { kind: 'failed'; failure: WriteFailure; messages: string[] };

/** "Line 3" / "projections[2].value" in the server's answer → the spreadsheet row of that entry. */
function rowMessage(message: string, entries: readonly ImportEntry[]): string {
  return message.replace(/\bLine (\d+)\b/g, (whole, n: string) => {
    const entry = entries[Number(n) - 1];
    return entry ? `Row ${entry.change.row} (${entry.change.lineLabel})` : whole;
  });
}

/**
 * Save the entries with `lastLoad` = the export time: a line someone else saved after it comes back as a
 * conflict (200 beside the saved lines, or 409 when none was saved), unless its entry overwrites.
 */
export async function saveImport(budgetId: number, exportedAt: string, entries: readonly ImportEntry[]): Promise<ImportSaveResult> {
  const projections = entries.map(({ change, overwrite }) => ({
    costCodeId: change.costCodeId,
    method: change.new.method,
    value: change.new.method === 'manual' ? String(change.new.projectedCostToComplete ?? 0) : undefined,
    reason: change.new.reason || undefined,
    overwrite: overwrite ? 'true' : undefined,
  }));
  try {
    const answer = await postForm<SaveProjectionsAnswer>(PROJECTION_PATHS.save, { budgetId, lastLoad: exportedAt, projections });
    return {
      kind: 'saved', saved: answer?.saved ?? 0, conflicts: answer?.conflicts ?? [],
      warnings: (answer?.feedback ?? []).map((f) => rowMessage(f.message, entries)),
    };
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { conflicts?: ProjectionConflict[] } | undefined) : undefined;
    if (error instanceof ApiError && error.status === 409 && Array.isArray(body?.conflicts)) return { kind: 'saved', saved: 0, conflicts: body.conflicts, warnings: [] };
    const failure = writeFailure(error, ROUND_TRIP_TEXT.saveTexts);
    const messages = failure.kind === 'refused' ? failure.feedback.map((f) => rowMessage(f.message, entries)) : [failure.message];
    return { kind: 'failed', failure, messages };
  }
}
