/**
 * A generated document on screen (§2 Preview): the PDF in an <iframe> from a blob URL, with a
 * Download button that saves it under the server's filename. `DocumentPreviewPanel` loads a
 * record's document (POST /api/pfm/documents/RecordDocument, the file-form blob call with the server's filename) for the workbench frame's
 * Preview control.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOAD_TIMEOUT_MS } from '../../core/api';
import { loadRecordDocument } from '../../core/records/document';
import { saveBlob } from '../../core/records/files';
import { LoadingLine, screenLoadFailure, type ScreenLoadFailure } from '../LoadProblem';

/** The panel's texts (tests read them from here). */
export const DOCUMENT_PREVIEW_TEXT = {
  heading: 'Preview',
  loading: 'Generating the document…',
  download: 'Download',
  retry: 'Retry',
  failed: {
    401: 'Your session has expired. Sign in again, then Retry.',
    403: 'You do not have access to this document.',
    404: 'This record was not found: it may have been deleted.',
    timeout: 'The document took too long to generate.',
    other: 'The document could not be generated.',
  },
} as const;

/** The PDF `blob` in a frame titled `title`, and a Download button saving it as `filename`. */
export function PdfFrame({ blob, filename, title }: { blob: Blob; filename: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The blob URL lives as long as this blob is shown.
  useEffect(() => {
    const url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
    if (frame.current) frame.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return (
    <div className="document-preview" data-filename={filename}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="me-auto small text-body-secondary" data-document-name>{filename}</span>
        <button type="button" className="btn btn-sm btn-primary" data-action="download-document" aria-label={`Download ${filename}`}
          onClick={() => saveBlob(blob, filename)}>
          {DOCUMENT_PREVIEW_TEXT.download}
        </button>
      </div>
      <iframe ref={frame} title={title} className="w-100 border rounded bg-white" style={{ height: '70vh', minHeight: '360px' }} data-document-frame />
    </div>
  );
}

type State = { status: 'loading' } | { status: 'ready'; blob: Blob; filename: string } | { status: 'failed'; failure: ScreenLoadFailure };

/** The generated document of `recordKey`/`recordId`, loaded when the panel opens. */
export function DocumentPreviewPanel({ recordKey, recordId, recordName }: { recordKey: string; recordId: number; recordName?: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const retry = useCallback(() => { setState({ status: 'loading' }); setAttempt((n) => n + 1); }, []);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException('timed out', 'TimeoutError')), LOAD_TIMEOUT_MS);
    let left = false;
    loadRecordDocument(recordKey, recordId, abort.signal).then(
      ({ blob, filename }) => { if (!left) setState({ status: 'ready', blob, filename }); },
      (error: unknown) => {
        if (left) return;
        console.error('The document could not be loaded', error);
        setState({ status: 'failed', failure: screenLoadFailure(abort.signal.reason instanceof DOMException ? abort.signal.reason : error) });
      },
    ).finally(() => clearTimeout(timer));
    return () => { left = true; clearTimeout(timer); abort.abort(); };
  }, [recordKey, recordId, attempt]);

  return (
    <section aria-label={DOCUMENT_PREVIEW_TEXT.heading} className="workbench-preview card mb-3" data-panel="preview">
      <div className="card-body">
        <h3 className="h6">{DOCUMENT_PREVIEW_TEXT.heading}</h3>
        {state.status === 'loading' ? <LoadingLine label={DOCUMENT_PREVIEW_TEXT.loading} className="d-flex align-items-center gap-2" /> : null}
        {state.status === 'failed' ? (
          <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3 py-2 mb-0" role="alert" data-state="failed" data-failure={state.failure}>
            <span>{DOCUMENT_PREVIEW_TEXT.failed[state.failure]}</span>
            <button type="button" className="btn btn-sm btn-danger" onClick={retry}>{DOCUMENT_PREVIEW_TEXT.retry}</button>
          </div>
        ) : null}
        {state.status === 'ready' ? <PdfFrame blob={state.blob} filename={state.filename} title={`Document of ${recordName || `${recordKey} ${recordId}`}`} /> : null}
      </div>
    </section>
  );
}
