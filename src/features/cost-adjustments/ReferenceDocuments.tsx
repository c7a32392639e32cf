/**
 * A cost adjustment's reference documents (getcostadjustmentreferencedocuments): the list, a
 * download of each document's file through the blob call under the server's filename, and an
 * upload form (the file-form call). A failed upload keeps what was typed and chosen.
 */
import { useId, useRef, useState } from 'react';
import { alertedByServer } from '../../core/api';
import { formatDate, formatMoney } from '../../core/format';
import { showToast } from '../../core/messages';
import { FieldFeedback, ValidationSummary, fieldInvalid, formFeedback, useFormSend } from '../../ui/records';
import {
  downloadReferenceDocument, loadReferenceDocuments, uploadReferenceDocument, type CostAdjustment, type NewReferenceDocument, type ReferenceDocument,
} from './data';
import { useLoad } from '../../ui/useLoad';

/** Document types offered (the seed's; the server takes any text of at most 100 characters). */
export const DOCUMENT_TYPES = ['AP Invoice', 'Journal Entry', 'Payroll Batch', 'Vendor Credit', 'Other'] as const;

/** Texts; tests read them. */
export const DOCUMENT_TEXT = {
  loadFailed: 'The reference documents could not be loaded.',
  none: 'No reference documents.',
  uploaded: (number: string) => `Reference document ${number} uploaded.`,
  uploadFailed: (why: string) => `The document was not uploaded (${why}). Your entries are still here.`,
  downloadFailed: (why: string) => `The file could not be downloaded (${why}).`,
  noFile: 'no file',
} as const;

const EMPTY: NewReferenceDocument = { documentType: 'AP Invoice', documentNumber: '', documentDate: '', amount: '', file: null };

/** The section. */
export function ReferenceDocuments({ record }: { record: CostAdjustment }) {
  const id = record.costAdjustmentId;
  const { state: load, retry, set: setList } = useLoad(String(id), (signal) => loadReferenceDocuments(id, signal), { what: 'Reference documents load' });
  const [values, setValues] = useState<NewReferenceDocument>(EMPTY);
  const { busy, problem, setProblem, feedback, setFeedback, send } = useFormSend();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  const form = formFeedback(feedback);
  const set = (name: keyof NewReferenceDocument) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function upload(): Promise<void> {
    await send(async () => {
      const created = await uploadReferenceDocument(id, values);
      // Added to the list on show; a list not on show yet loads again, the new document with it.
      if (load.status === 'ready') setList([...load.data, created]);
      else retry();
      setValues(EMPTY);
      setFeedback([]);
      if (fileInput.current) fileInput.current.value = '';
      showToast(DOCUMENT_TEXT.uploaded(created.documentNumber), { variant: 'success' });
    }, DOCUMENT_TEXT.uploadFailed);
  }

  async function download(document: ReferenceDocument): Promise<void> {
    try {
      await downloadReferenceDocument(document);
    } catch (error) {
      if (!alertedByServer(error)) setProblem(DOCUMENT_TEXT.downloadFailed(error instanceof Error ? error.message : String(error)));
    }
  }

  const field = (name: string) => `${ids}-${name}`;
  return (
    <section className="mt-4" aria-labelledby={`${ids}-title`} data-reference-documents>
      <h3 className="h6" id={`${ids}-title`}>Reference documents</h3>
      {load.status === 'loading' ? <p role="status" className="text-body-secondary small">Loading reference documents…</p> : null}
      {load.status === 'failed' ? (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span>{DOCUMENT_TEXT.loadFailed}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>Retry</button>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-documents>
            <caption className="visually-hidden">Reference documents of {record.number}</caption>
            <thead>
              <tr><th scope="col">Type</th><th scope="col">Number</th><th scope="col">Date</th><th scope="col" className="text-end">Amount</th><th scope="col">File</th></tr>
            </thead>
            <tbody>
              {load.data.length === 0 ? <tr><td colSpan={5} className="text-body-secondary">{DOCUMENT_TEXT.none}</td></tr> : load.data.map((doc) => (
                <tr key={doc.costAdjustmentReferenceDocumentId} data-document={doc.costAdjustmentReferenceDocumentId}>
                  <td>{doc.documentType}</td>
                  <td>{doc.documentNumber}</td>
                  <td>{formatDate(doc.documentDate)}</td>
                  <td className="text-end text-nowrap">{formatMoney(doc.amount)}</td>
                  <td>
                    {doc.fileId ? (
                      <button type="button" className="btn btn-link btn-sm p-0 text-start" data-download={doc.fileId}
                        aria-label={`Download ${doc.fileName ?? doc.documentNumber}`} onClick={() => void download(doc)}>{doc.fileName ?? doc.documentNumber}</button>
                    ) : <span className="text-body-secondary">{DOCUMENT_TEXT.noFile}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {problem ? <div className="alert alert-warning" role="alert" data-document-problem>{problem}</div> : null}
      <form className="border rounded p-2" aria-label="Upload a reference document" data-upload-form onSubmit={(e) => { e.preventDefault(); void upload(); }} noValidate>
        <ValidationSummary feedback={form} />
        <div className="row g-2 align-items-end">
          <div className="col-sm-3">
            <label className="form-label small mb-1" htmlFor={field('type')}>Document type</label>
            <select id={field('type')} className="form-select form-select-sm" value={values.documentType} data-field="documentType"
              onChange={(e) => set('documentType')(e.currentTarget.value)}>
              {DOCUMENT_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
            </select>
            <FieldFeedback feedback={form} field="documentType" />
          </div>
          <div className="col-sm-3">
            <label className="form-label small mb-1" htmlFor={field('number')}>Document number</label>
            <input id={field('number')} className={`form-control form-control-sm${fieldInvalid(form, 'documentNumber') ? ' is-invalid' : ''}`} value={values.documentNumber}
              data-field="documentNumber" onChange={(e) => set('documentNumber')(e.currentTarget.value)} />
            <FieldFeedback feedback={form} field="documentNumber" />
          </div>
          <div className="col-sm-2">
            <label className="form-label small mb-1" htmlFor={field('date')}>Date</label>
            <input id={field('date')} type="date" className="form-control form-control-sm" value={values.documentDate} data-field="documentDate"
              onChange={(e) => set('documentDate')(e.currentTarget.value)} />
            <FieldFeedback feedback={form} field="documentDate" />
          </div>
          <div className="col-sm-4">
            <label className="form-label small mb-1" htmlFor={field('file')}>File</label>
            <input id={field('file')} ref={fileInput} type="file" className={`form-control form-control-sm${fieldInvalid(form, 'file') ? ' is-invalid' : ''}`} data-field="file"
              onChange={(e) => { const file = e.currentTarget.files?.[0] ?? null; setValues((v) => ({ ...v, file })); }} />
            <FieldFeedback feedback={form} field="file" />
          </div>
        </div>
        <div className="mt-2 text-end">
          <button type="submit" className="btn btn-sm border text-body" disabled={busy} data-upload>{busy ? 'Uploading…' : 'Upload document'}</button>
        </div>
      </form>
    </section>
  );
}
