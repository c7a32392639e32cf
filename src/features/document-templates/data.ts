/**
 * Document templates' client side (§2 Document Template Administration): the template list, save
 * (form-data POST; 400 names unknown merge fields, 409 when stale), the records a template can be
 * previewed with, the preview PDF (the file-form blob call with the server's filename), the texts
 * and the failure kinds. The calls, their answers and the merge-field language are
 * src/core/document-templates/contract.ts.
 */
import { ApiError, getJson, postFileForBlob, postForm } from '../../core/api';
import { statusFailure } from '../../core/api/status-failure';
import { toFormData } from '../../core/api/form-data';
import {
  PREVIEW_RECORDS_PATH, PREVIEW_TEMPLATE_PATH, SAVE_TEMPLATE_PATH, TEMPLATES_PATH, type DocumentRecordKey, type DocumentTemplate, type PreviewRecord,
} from '../../core/document-templates/contract';

/** A template being edited (no id yet for a new one). */
export interface TemplateDraft {
  documentTemplateId?: number;
  version?: number;
  title: string;
  recordKey: DocumentRecordKey;
  body: string;
  active: boolean;
}

/** The workbench's texts (tests read them from here). */
export const TEMPLATES_TEXT = {
  title: 'Document Templates',
  loading: 'Loading document templates…',
  failed: {
    401: 'Your session has expired. Sign in again, then Retry.',
    403: 'You do not have access to document templates: they are for PFM administrators.',
    timeout: 'The document templates took too long to answer.',
    other: 'The document templates could not be loaded.',
  },
  retry: 'Retry',
  newTemplate: 'New template',
  none: 'No templates yet.',
  save: 'Save',
  saving: 'Saving…',
  saved: (title: string) => `Template ‘${title}’ saved.`,
  saveFailed: 'The template could not be saved. Your changes are kept: try again.',
  stale: (who: string, when: string) => `Someone else (${who}, ${when}) saved this template after you opened it. Your changes are kept; reload to see theirs.`,
  reload: 'Reload the saved template',
  fields: 'Merge fields',
  fieldsHelp: 'Insert a field at the cursor. {{items}} alone on a line becomes the items table; a line starting with “# ” is a heading.',
  preview: 'Preview',
  previewing: 'Rendering…',
  previewRecord: 'Record to preview with',
  previewSearch: 'Find a record by number',
  noRecords: 'No record of this kind matches.',
  loadingRecords: 'Loading records…',
  previewFailed: 'The preview could not be rendered.',
  unsaved: 'Unsaved changes',
} as const;

export type LoadFailure = keyof typeof TEMPLATES_TEXT.failed;

/** What kind of load failure an error is. */
export function failureOf(error: unknown): LoadFailure {
  return statusFailure(error, [401, 403]);
}

/** The server's message of a refused write (4xx with a message), else `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && typeof error.body === 'object' && error.body !== null) {
    const message = (error.body as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** Every template. */
export async function loadTemplates(signal?: AbortSignal): Promise<DocumentTemplate[]> {
  const rows = await getJson<DocumentTemplate[]>(TEMPLATES_PATH, {}, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** Save a draft: create it (no id) or update it (with the version read). */
export function saveTemplate(draft: TemplateDraft): Promise<DocumentTemplate> {
  return postForm<DocumentTemplate>(SAVE_TEMPLATE_PATH, {
    DocumentTemplateId: draft.documentTemplateId, Version: draft.version, Title: draft.title, RecordKey: draft.recordKey, Body: draft.body, Active: draft.active,
  });
}

/** Records of `recordKey` whose number or description contains `search` (50 at most). */
export async function loadPreviewRecords(recordKey: DocumentRecordKey, search: string, signal?: AbortSignal): Promise<PreviewRecord[]> {
  const rows = await getJson<PreviewRecord[]>(PREVIEW_RECORDS_PATH, { recordKey, search: search.trim() || undefined }, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** The draft's body merged with record `recordId`, as a PDF and its server filename. */
export function previewTemplate(draft: TemplateDraft, recordId: number): Promise<{ blob: Blob; filename: string | undefined }> {
  return postFileForBlob(PREVIEW_TEMPLATE_PATH, toFormData({ RecordKey: draft.recordKey, RecordId: recordId, Body: draft.body }));
}
