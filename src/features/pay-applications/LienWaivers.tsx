/**
 * A pay application's lien waivers: those on file (kind, amount, through-date, the signed file), the
 * sentences of what is still missing before Approved for Payment (the server's, rules.missingLienWaivers),
 * and 'Add lien waiver': kind, amount, through-date and the signed file, sent as one file form. A failed
 * add keeps what was typed and the file chosen, and says why with Retry.
 */
import { useState } from 'react';
import { formatDate, formatDateTime, formatMoney, parseNumber, sanitizeNumber } from '../../core/format';
import { showToast } from '../../core/messages';
import { downloadFile } from '../../core/records/files';
import { writeFailure } from '../../core/records';
import type { PayApplication } from '../../core/pay-applications/contract';
import { LIEN_WAIVER_KINDS, type LienWaiverKind } from '../../core/pay-applications/rules';
import { addLienWaiver, type LienWaiverEntry, type PayApplicationRecord } from './data';

/** The section's texts; tests read them. */
export const WAIVER_TEXT = {
  heading: 'Lien waivers',
  none: 'No lien waivers on file.',
  missingHeading: 'Needed before Approved for Payment:',
  allOnFile: 'Every lien waiver this application needs is on file.',
  add: 'Add lien waiver',
  adding: 'Adding…',
  added: (kind: string) => `${kind} waiver added.`,
  kindRequired: 'Choose the kind of waiver.',
  amountNotNumber: 'The amount must be a number.',
  dateRequired: 'The through-date is required.',
  fileRequired: 'Choose the signed waiver’s file.',
  failure: {
    stale: 'Reload the application and add the waiver again.',
    refused: 'The waiver was not added.',
    signedOut: 'Your session has expired: sign in again, then Retry. The waiver was not added.',
    forbidden: 'You may not add waivers to this application.',
    timeout: 'Adding the waiver took too long: Retry.',
    failed: (detail: string) => `The waiver was not added (${detail}).`,
  },
} as const;

interface AddProblem { text: string; retry: boolean }

/** The section. `canAdd`: the user may add (a PFM role on the project, the application not closed). */
export function LienWaivers({ record, canAdd, onAdded }: { record: PayApplicationRecord; canAdd: boolean; onAdded(saved: PayApplication): void }) {
  const waivers = record.waivers ?? [];
  const missing = record.waiversMissing ?? [];
  const [entry, setEntry] = useState<LienWaiverEntry>(() => ({ kind: '', amount: sanitizeNumber(record.totals.currentPaymentDue), throughDate: record.periodEnd }));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof LienWaiverEntry | 'file', string>>>({});
  const [problem, setProblem] = useState<AddProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const set = (field: keyof LienWaiverEntry) => (value: string) => setEntry((e) => ({ ...e, [field]: value }));

  async function add(): Promise<void> {
    const found: typeof errors = {};
    if (!entry.kind) found.kind = WAIVER_TEXT.kindRequired;
    if (parseNumber(entry.amount) === null) found.amount = WAIVER_TEXT.amountNotNumber;
    if (!entry.throughDate) found.throughDate = WAIVER_TEXT.dateRequired;
    if (!file) found.file = WAIVER_TEXT.fileRequired;
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length || !file) return;
    setBusy(true);
    try {
      const saved = await addLienWaiver(record.payApplicationId, entry, file);
      showToast(WAIVER_TEXT.added(entry.kind), { variant: 'success' });
      setEntry({ kind: '', amount: sanitizeNumber(saved.totals.currentPaymentDue), throughDate: saved.periodEnd });
      setFile(null);
      setFormKey((n) => n + 1);
      onAdded(saved);
    } catch (error) {
      const failure = writeFailure(error, WAIVER_TEXT.failure);
      setProblem({ text: failure.message, retry: failure.action === 'retry' });
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: keyof typeof errors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `waiver-${field}-error` } : {});
  const error = (field: keyof typeof errors) => (errors[field] ? <div id={`waiver-${field}-error`} className="invalid-feedback d-block">{errors[field]}</div> : null);

  return (
    <section className="mt-4" aria-labelledby="lien-waivers-title" data-waivers>
      <h3 id="lien-waivers-title" className="h6">{WAIVER_TEXT.heading}</h3>
      {missing.length ? (
        <div className="alert alert-warning py-2" role="note" data-waivers-missing-list>
          <div className="fw-semibold">{WAIVER_TEXT.missingHeading}</div>
          <ul className="mb-0 ps-3">{missing.map((sentence) => <li key={sentence}>{sentence}</li>)}</ul>
        </div>
      ) : <p className="small text-success-emphasis" data-waivers-complete>{WAIVER_TEXT.allOnFile}</p>}
      {waivers.length === 0 ? <p className="small text-body-secondary" data-waivers-none>{WAIVER_TEXT.none}</p> : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">{`Lien waivers of ${record.number}`}</caption>
            <thead><tr><th scope="col">Kind</th><th scope="col" className="text-end">Amount</th><th scope="col">Through</th><th scope="col">File</th><th scope="col">Added</th></tr></thead>
            <tbody>
              {waivers.map((w) => (
                <tr key={w.lienWaiverId} data-waiver-id={w.lienWaiverId}>
                  <td>{w.kind}</td>
                  <td className="text-end text-nowrap">{formatMoney(w.amount)}</td>
                  <td className="text-nowrap">{formatDate(w.throughDate)}</td>
                  <td>
                    <button type="button" className="btn btn-link btn-sm p-0 text-start" aria-label={`Download ${w.fileName}`}
                      onClick={() => { downloadFile(w.fileId, w.fileName).catch((e: unknown) => showToast(`${w.fileName} could not be downloaded (${e instanceof Error ? e.message : String(e)}).`, { variant: 'danger' })); }}>
                      {w.fileName}
                    </button>
                  </td>
                  <td className="small text-body-secondary">{`${w.uploadedBy} ${formatDateTime(w.uploadedAt)}`.trim()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canAdd ? (
        <form key={formKey} className="row g-2 align-items-end" noValidate data-add-waiver onSubmit={(e) => { e.preventDefault(); void add(); }}>
          <div className="col-sm-3">
            <label className="form-label small mb-1" htmlFor="waiver-kind">Kind</label>
            <select id="waiver-kind" className={`form-select form-select-sm${errors.kind ? ' is-invalid' : ''}`} value={entry.kind} {...invalid('kind')}
              onChange={(e) => set('kind')(e.currentTarget.value as LienWaiverKind)}>
              <option value="">Choose…</option>
              {LIEN_WAIVER_KINDS.map((kind) => <option key={kind} value={kind}>{kind}</option>)}
            </select>
            {error('kind')}
          </div>
          <div className="col-sm-2">
            <label className="form-label small mb-1" htmlFor="waiver-amount">Amount</label>
            <input id="waiver-amount" className={`form-control form-control-sm text-end${errors.amount ? ' is-invalid' : ''}`} inputMode="decimal" value={entry.amount}
              {...invalid('amount')} onChange={(e) => set('amount')(sanitizeNumber(e.currentTarget.value))} />
            {error('amount')}
          </div>
          <div className="col-sm-2">
            <label className="form-label small mb-1" htmlFor="waiver-through">Through</label>
            <input id="waiver-through" type="date" className={`form-control form-control-sm${errors.throughDate ? ' is-invalid' : ''}`} value={entry.throughDate}
              {...invalid('throughDate')} onChange={(e) => set('throughDate')(e.currentTarget.value)} />
            {error('throughDate')}
          </div>
          <div className="col-sm-3">
            <label className="form-label small mb-1" htmlFor="waiver-file">Signed waiver</label>
            <input id="waiver-file" type="file" className={`form-control form-control-sm${errors.file ? ' is-invalid' : ''}`} accept=".pdf,image/*"
              {...invalid('file')} onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
            {error('file')}
          </div>
          <div className="col-sm-2">
            <button type="submit" className="btn btn-sm btn-outline-primary w-100" disabled={busy} data-add-waiver-submit>{busy ? WAIVER_TEXT.adding : WAIVER_TEXT.add}</button>
          </div>
          {problem ? (
            <div className="col-12">
              <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 py-2 mb-0" role="alert" data-waiver-problem>
                <span>{problem.text}</span>
                {problem.retry ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void add()}>Retry</button> : null}
              </div>
            </div>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
