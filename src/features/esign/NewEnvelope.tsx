/**
 * A new envelope (POST /api/pfm/CreateEnvelope): the document (a commitment or change order of the
 * project that may be sent now), its signers (name and e-mail, checked by the core's rule before
 * the call and by the server after), then 'Send for signature' or 'Save as draft'. A refused create
 * keeps every typed value and shows the feedback per field; so does a reload (a draft, offered back).
 */
import { useId, useMemo, useState } from 'react';
import { MAX_SIGNERS, MAX_SIGNER_NAME, signerProblems } from '../../core/esign/contract';
import { showToast } from '../../core/messages';
import { useDraft, useNewestKeptRecordId } from '../../ui/drafts';
import { FieldFeedback, ValidationSummary, fieldInvalid, formFeedback, useFormSend, type FeedbackItem } from '../../ui/records';
import { createEnvelope, loadEsignDocuments } from './data';
import { useLoad } from '../../ui/useLoad';

export const NEW_ENVELOPE_TEXT = {
  title: 'New envelope',
  document: 'Document',
  noDocuments: 'No document of this project can be sent now: commitments and change orders that are open and not yet executed, without an envelope in progress, can.',
  loading: 'Loading documents…',
  loadFailed: 'The documents could not be loaded.',
  addSigner: 'Add signer',
  send: 'Send for signature',
  draft: 'Save as draft',
  cancel: 'Cancel',
  sent: (number: string) => `${number} sent for signature.`,
  saved: (number: string) => `${number} saved as a draft.`,
  failed: (why: string) => `The envelope was not created (${why}). Your entries are still here.`,
  chooseDocument: 'Choose a document.',
} as const;

interface Signer { name: string; email: string }

export interface NewEnvelopeProps {
  scope: { recordKey: string; recordId: number };
  /** The document to preselect (from a workbench's 'Send for signature'). */
  preselect?: { recordKey: string; recordId: number };
  onDone(): void;
}

const docKey = (d: { recordKey: string; recordId: number }) => `${d.recordKey}:${d.recordId}`;

/** The form as a draft keeps it. */
interface KeptEnvelope { document: string; signers: Signer[] }

/** Where a new envelope's typed work is kept (src/core/drafts): one per screen scope (project or budget). */
const draftIdOf = (scope: { recordKey: string; recordId: number }) => ({ screen: 'pfm-esign', recordKey: 'Envelope', form: `new-${scope.recordKey}-${scope.recordId}` });

/**
 * True when the new envelope of `scope` (null: none) has typed work kept: the screen opens the form by itself after a
 * reload, so the offer shows.
 */
export function useKeptNewEnvelope(scope: { recordKey: string; recordId: number } | null): boolean {
  const kept = useNewestKeptRecordId(draftIdOf(scope ?? { recordKey: '', recordId: 0 }));
  return scope !== null && kept !== null;
}

export function NewEnvelope({ scope, preselect, onDone }: NewEnvelopeProps) {
  const [signers, setSigners] = useState<Signer[]>([{ name: '', email: '' }]);
  const { state: documentsLoad, retry } = useLoad(`${scope.recordKey}:${scope.recordId}`, async (signal) => {
    const list = await loadEsignDocuments(scope, signal);
    // A preselected document brings its vendor as the first signer (editable).
    const chosen = preselect ? list.find((d) => docKey(d) === docKey(preselect)) : undefined;
    if (chosen && !signal.aborted) setSigners((s) => (s.length === 1 && !s[0]!.name && !s[0]!.email ? [{ name: chosen.vendorName, email: chosen.vendorEmail ?? '' }] : s));
    return list;
  }, { what: 'E-sign documents load' });
  const documents = documentsLoad.status === 'ready' ? documentsLoad.data : null;
  const preselected = preselect && preselect.recordId > 0 ? docKey(preselect) : '';
  const [document, setDocument] = useState(preselected);
  const { busy, problem, setProblem, feedback, setFeedback, send: sendForm } = useFormSend();
  const ids = useId();
  // Typed work survives a reload: kept while it differs from the form as it opened (a preselected document brings its
  // vendor as the first signer), offered back. Compared once the documents are in, so that pre-fill is not typed work.
  const untouched = useMemo<KeptEnvelope | undefined>(() => {
    if (!documents) return undefined;
    const chosen = documents.find((d) => docKey(d) === preselected);
    return { document: preselected, signers: [chosen ? { name: chosen.vendorName, email: chosen.vendorEmail ?? '' } : { name: '', email: '' }] };
  }, [documents, preselected]);
  const kept = useDraft<KeptEnvelope>({
    ...draftIdOf(scope), recordId: 0, value: untouched ? { document, signers } : undefined, saved: untouched,
    restore: (value) => {
      if (!value || !Array.isArray(value.signers)) return;
      // A document sent or executed since is no longer offered: choose again.
      setDocument(documents?.some((d) => docKey(d) === value.document) ? value.document : '');
      const rows = value.signers.slice(0, MAX_SIGNERS).map((s) => ({ name: String(s?.name ?? ''), email: String(s?.email ?? '') }));
      setSigners(rows.length ? rows : [{ name: '', email: '' }]);
    },
  });

  const form = formFeedback(feedback);
  const field = (name: string) => `${ids}-${name.replace(/[^\w-]/g, '_')}`;
  const invalid = (name: string) => fieldInvalid(form, name);
  const setSigner = (index: number, patch: Partial<Signer>) => setSigners((list) => list.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  async function submit(send: boolean): Promise<void> {
    const chosen = documents?.find((d) => docKey(d) === document);
    const local: FeedbackItem[] = [
      ...(chosen ? [] : [{ integerValue: 1 as const, stringValue: 'recordId', message: NEW_ENVELOPE_TEXT.chooseDocument }]),
      ...signerProblems(signers).map(([stringValue, message]) => ({ integerValue: 1 as const, stringValue, message })),
    ];
    setFeedback(local);
    setProblem(null);
    if (local.length || !chosen) return;
    await sendForm(async () => {
      const created = await createEnvelope({ recordKey: chosen.recordKey, recordId: chosen.recordId, signers }, send);
      kept.clear(); // the form goes away on success
      showToast(send ? NEW_ENVELOPE_TEXT.sent(created.number) : NEW_ENVELOPE_TEXT.saved(created.number), { variant: 'success' });
      onDone();
    }, NEW_ENVELOPE_TEXT.failed);
  }

  return (
    <form className="card card-body mb-3" aria-labelledby={field('title')} data-form="new-envelope" noValidate
      onSubmit={(e) => { e.preventDefault(); void submit(true); }}>
      <h2 className="h5" id={field('title')}>{NEW_ENVELOPE_TEXT.title}</h2>
      {kept.banner}
      {problem ? <div className="alert alert-warning" role="alert">{problem}</div> : null}
      <ValidationSummary feedback={form} />
      {documentsLoad.status === 'failed' ? (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span>{NEW_ENVELOPE_TEXT.loadFailed}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>Retry</button>
        </div>
      ) : documents === null ? (
        <div role="status" className="text-body-secondary"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{NEW_ENVELOPE_TEXT.loading}</div>
      ) : documents.length === 0 ? <div className="alert alert-info" role="status">{NEW_ENVELOPE_TEXT.noDocuments}</div> : (
        <div className="mb-2">
          <label className="form-label small mb-1" htmlFor={field('document')}>{NEW_ENVELOPE_TEXT.document}</label>
          <select id={field('document')} className={`form-select form-select-sm${invalid('recordId') ? ' is-invalid' : ''}`} value={document} data-field="document"
            aria-invalid={invalid('recordId') || undefined} aria-describedby={invalid('recordId') ? field('document-feedback') : undefined}
            onChange={(e) => setDocument(e.currentTarget.value)}>
            <option value="">(choose)</option>
            {documents.map((d) => (
              <option key={docKey(d)} value={docKey(d)}>{`${d.kindLabel} ${d.number} · ${d.vendorName} · ${d.recordStateName}`}</option>
            ))}
          </select>
          <FieldFeedback feedback={form} field="recordId" id={field('document-feedback')} />
        </div>
      )}
      <fieldset className="mb-2">
        <legend className="h6">Signers</legend>
        {signers.map((signer, index) => {
          const name = `signers[${index}].name`;
          const email = `signers[${index}].email`;
          return (
            <div className="row g-2 align-items-start mb-1" key={index} data-signer-row={index}>
              <div className="col-sm-5">
                <label className="form-label small mb-1" htmlFor={field(name)}>{`Signer ${index + 1} name`}</label>
                <input id={field(name)} className={`form-control form-control-sm${invalid(name) ? ' is-invalid' : ''}`} value={signer.name} maxLength={MAX_SIGNER_NAME}
                  autoComplete="off" data-field="signer-name" aria-invalid={invalid(name) || undefined} aria-describedby={invalid(name) ? `${field(name)}-fb` : undefined}
                  onChange={(e) => setSigner(index, { name: e.currentTarget.value })} />
                <FieldFeedback feedback={form} field={name} id={`${field(name)}-fb`} />
              </div>
              <div className="col-sm-5">
                <label className="form-label small mb-1" htmlFor={field(email)}>{`Signer ${index + 1} e-mail`}</label>
                <input id={field(email)} type="email" className={`form-control form-control-sm${invalid(email) ? ' is-invalid' : ''}`} value={signer.email}
                  autoComplete="off" data-field="signer-email" aria-invalid={invalid(email) || undefined} aria-describedby={invalid(email) ? `${field(email)}-fb` : undefined}
                  onChange={(e) => setSigner(index, { email: e.currentTarget.value })} />
                <FieldFeedback feedback={form} field={email} id={`${field(email)}-fb`} />
              </div>
              <div className="col-sm-2 align-self-end">
                {signers.length > 1 ? (
                  <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Remove signer ${index + 1}`}
                    onClick={() => setSigners((list) => list.filter((_, i) => i !== index))}>Remove</button>
                ) : null}
              </div>
            </div>
          );
        })}
        {signers.length < MAX_SIGNERS ? (
          <button type="button" className="btn btn-sm btn-outline-secondary mt-1" data-add-signer
            onClick={() => setSigners((list) => [...list, { name: '', email: '' }])}>{NEW_ENVELOPE_TEXT.addSigner}</button>
        ) : null}
      </fieldset>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy || !documents?.length} data-send>{busy ? 'Sending…' : NEW_ENVELOPE_TEXT.send}</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy || !documents?.length} data-draft onClick={() => void submit(false)}>{NEW_ENVELOPE_TEXT.draft}</button>
        <button type="button" className="btn btn-sm btn-link" onClick={() => { kept.clear(); onDone(); }}>{NEW_ENVELOPE_TEXT.cancel}</button>
      </div>
    </form>
  );
}
