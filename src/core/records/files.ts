/**
 * A record's files (§7, demo/host/api/pfm/files.ts): the count from getapplicationrecordfilecounts, the
 * list from GET /api/pfm/files, upload through the file-form call, download through the blob call
 * with the server's filename.
 */
import { getJson, postFile, postFileForBlob } from '../api';

/** A file row as GET /api/pfm/files answers it (no bytes). */
export interface RecordFile {
  fileId: number;
  applicationRecordKey: string;
  recordId: number;
  name: string;
  mime: string;
  size: number;
  uploadedByEmployeeId: number;
  uploadedAt: string;
  modifiedAt: string;
}

interface FileCountRow { applicationRecordKey: string; recordId: number; fileCount: number }

/**
 * Records outside PFM whose files the Files calls serve (issue 14): the count call is a PFM load their users may not
 * make, so their count is the length of the list.
 */
const COUNTED_BY_LIST: readonly string[] = ['SlimRequest', 'Sra'];

/** How many files record `recordKey`/`recordId` holds (its own files only, not those of records under it). */
export async function loadFileCount(recordKey: string, recordId: number): Promise<number> {
  if (COUNTED_BY_LIST.includes(recordKey)) return (await loadFiles(recordKey, recordId)).length;
  const rows = await getJson<FileCountRow[]>('/api/pfm/getapplicationrecordfilecounts', { recordKey, recordId });
  return (rows ?? []).filter((r) => r.applicationRecordKey === recordKey && r.recordId === recordId).reduce((sum, r) => sum + r.fileCount, 0);
}

/** The files of a record. */
export async function loadFiles(recordKey: string, recordId: number): Promise<RecordFile[]> {
  return (await getJson<RecordFile[]>('/api/pfm/files', { recordKey, recordId })) ?? [];
}

/** Upload `file` to the record; returns the new file row. */
export async function uploadFile(recordKey: string, recordId: number, file: File): Promise<RecordFile> {
  const form = new FormData();
  form.append('ApplicationRecordKey', recordKey);
  form.append('RecordId', String(recordId));
  form.append('file', file, file.name);
  return postFile<RecordFile>('/api/pfm/files/upload', form);
}

/** Download a file and hand it to the browser under the server's filename (fallback: `fallbackName`). */
export async function downloadFile(fileId: number, fallbackName: string): Promise<string> {
  const form = new FormData();
  form.append('FileId', String(fileId));
  const { blob, filename } = await postFileForBlob('/api/pfm/files/download', form);
  const name = filename || fallbackName;
  saveBlob(blob, name);
  return name;
}

/** Save a blob as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'external';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
