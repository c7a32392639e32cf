/**
 * A record's generated document (§2 Preview): the file-form blob call that answers the PDF with the
 * server's filename. The workbench frame's Preview panel shows it.
 */
import { postFileForBlob } from '../api';
import { toFormData } from '../api/form-data';

/** Where a record's generated document comes from. */
export const RECORD_DOCUMENT_PATH = '/api/pfm/documents/RecordDocument';

/** The record's document as a blob and the name the server gives it (or `<key> <id>.pdf`). */
export async function loadRecordDocument(recordKey: string, recordId: number, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await postFileForBlob(RECORD_DOCUMENT_PATH, toFormData({ RecordKey: recordKey, RecordId: recordId }), { signal });
  return { blob, filename: filename || `${recordKey} ${recordId}.pdf` };
}
