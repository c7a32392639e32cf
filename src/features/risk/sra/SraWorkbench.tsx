/**
 * The Risk Assessment workbench body (`<wb-risk-assessment>`): the proposed subcontract, each factor
 * with its rating written out (Green / Amber / Red, not colour only) and its reason, the level, the
 * vendor's record, the mitigations the level requires (checked with the core rule before sending),
 * Save (a Draft; a stale version is a 409), and the moves the server offers the caller (Submit,
 * Approve, Reject with a reason, Recall). A refused save or move keeps everything typed and says why
 * where it belongs (mitigation refusals at the mitigations).
 */
import { useId, useState } from 'react';
import { ApiError } from '../../../core/api';
import { formatCostCode, formatDate, formatMoney, parseNumber, sanitizeNumber } from '../../../core/format';
import { showToast } from '../../../core/messages';
import { MITIGATIONS, mitigationProblem, SRA_TEXT, type MitigationKey } from '../../../core/risk/sra';
import { SRA_RECORD_KEY, VENDOR_CONFIDENTIAL_TEXT } from '../../../core/risk/contract';
import { useDraft } from '../../../ui/drafts';
import { useWorkbenchRecordName } from '../../../ui/records';
import { isStale, loadSra, moveSra, problemText, refusedField, saveSra, serverMessage, type SraLoad } from './data';
import { LevelBadge, StateBadge } from './pieces';
import { RATING_CLASS, RATING_TEXT, SRA_UI_TEXT as T } from './text';
import { useLoad } from '../../../ui/useLoad';
import { ExpiryDate } from '../vendor-record';

interface Draft {
  amount: string;
  description: string;
  mitigations: MitigationKey[];
  mitigationNote: string;
}

const draftOf = (load: SraLoad): Draft => ({
  amount: sanitizeNumber(load.sra.amount), description: load.sra.description ?? '', mitigations: [...load.sra.mitigations], mitigationNote: load.sra.mitigationNote ?? '',
});
/** The SRA's fields may be changed: a Draft the server says this user may edit. */
const sraEditable = (load: SraLoad) => load.editable && load.sra.state === 'Draft';

/** A draft as kept: mitigations in one order (their order does not matter), the amount as typed without grouping. */
const normalDraft = (draft: Draft): Draft => ({ ...draft, amount: sanitizeNumber(draft.amount), mitigations: [...draft.mitigations].sort() });
const sameDraft = (a: Draft, b: Draft) => parseNumber(a.amount) === parseNumber(b.amount) && a.description === b.description && a.mitigationNote === b.mitigationNote
  && a.mitigations.length === b.mitigations.length && a.mitigations.every((m) => b.mitigations.includes(m));

/** The requirement of a level, in words. */
export const mitigationRequirement = (level: string): string => (level === 'High' ? SRA_TEXT.mitigationHigh : level === 'Medium' ? SRA_TEXT.mitigationMedium : T.mitigationNone);

/** The workbench body for SRA `recordId`. */
export function SraWorkbench({ recordId }: { recordId: number }) {
  const ids = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const { state, retry, set: setLoad } = useLoad(recordId >= 1 ? String(recordId) : null, async (signal, attempt) => {
    const answer = await loadSra(recordId, signal, attempt);
    if (!signal.aborted) setDraft((current) => current ?? draftOf(answer));
    return answer;
  }, { what: `SRA ${recordId} load` });
  const [problem, setProblem] = useState<{ text: string; stale?: boolean } | null>(null);
  const [mitigationError, setMitigationError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<{ stateId: number; reason: string; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const load = state.status === 'ready' ? state.data : null;
  const nameRef = useWorkbenchRecordName<HTMLDivElement>(load ? `${load.sra.number} ${load.sra.vendorName}` : undefined);

  // Unsaved edits of a Draft SRA survive a reload: kept while they differ from the SRA, offered back on opening.
  const kept = useDraft<Draft>({
    screen: 'wb-risk-assessment', recordKey: SRA_RECORD_KEY, recordId, value: draft ? normalDraft(draft) : undefined, saved: load ? normalDraft(draftOf(load)) : undefined,
    enabled: load !== null && sraEditable(load),
    restore: (value) => { if (value && Array.isArray(value.mitigations)) setDraft({ ...value, mitigations: [...value.mitigations] }); },
  });

  if (recordId < 1 || state.status === 'failed') {
    const error = state.status === 'failed' ? state.error : null;
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert" data-state="failed">
        <span>{recordId < 1 ? T.noRecord : error instanceof ApiError && error.status === 404 ? T.notFound(recordId) : `${T.loadOneFailed} ${problemText(error)}`}</span>
        {recordId > 0 ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>{T.retry}</button> : null}
      </div>
    );
  }
  if (!load || !draft) {
    return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loadingOne}</div>;
  }

  const { sra, vendor } = load;
  const editable = sraEditable(load);
  const dirty = !sameDraft(draft, draftOf(load));
  const latestEmr = vendor.safety[0]?.emr ?? null;

  const settle = (answer: SraLoad) => {
    setLoad(answer);
    setDraft(draftOf(answer));
  };
  const fail = (error: unknown, during: 'save' | 'move') => {
    if (isStale(error)) return setProblem({ text: serverMessage(error) ? `${serverMessage(error)} ${T.changesKept}` : T.stale, stale: true });
    const why = problemText(error);
    const atMitigations = refusedField(error).toLowerCase().startsWith('mitigation') || ([SRA_TEXT.mitigationMedium, SRA_TEXT.mitigationHigh] as string[]).includes(serverMessage(error));
    if (atMitigations) setMitigationError(why);
    else setProblem({ text: during === 'save' ? T.saveFailed(why) : T.notMoved(sra.number, why) });
  };

  const change = (): { ok: true } | { ok: false } => {
    if (parseNumber(draft.amount) === null || parseNumber(draft.amount)! <= 0) {
      setProblem({ text: T.saveFailed(SRA_TEXT.amountPositive) });
      return { ok: false };
    }
    return { ok: true };
  };

  /** Save the Draft; answers the new load, or null when refused. */
  const save = async (): Promise<SraLoad | null> => {
    if (!change().ok) return null;
    setBusy(true);
    setProblem(null);
    setMitigationError(null);
    try {
      const answer = await saveSra(sra.sraId, sra.version, {
        vendorId: sra.vendorId, amount: parseNumber(draft.amount)!, costCodeIds: sra.costCodes.map((c) => c.costCodeId), description: draft.description.trim(),
        mitigations: draft.mitigations, mitigationNote: draft.mitigationNote.trim(),
      });
      settle(answer);
      return answer;
    } catch (error) {
      fail(error, 'save');
      return null;
    } finally {
      setBusy(false);
    }
  };

  const move = async (target: { applicationRecordStateId: number; name: string }, reason?: string) => {
    setProblem(null);
    setMitigationError(null);
    if (target.name === 'Submitted') {
      const why = mitigationProblem(sra.level, draft.mitigations);
      if (why) return setMitigationError(why);
    }
    let current = load;
    if (editable && dirty) {
      const saved = await save();
      if (!saved) return;
      current = saved;
    }
    setBusy(true);
    try {
      const answer = await moveSra(current.sra, target.applicationRecordStateId, reason);
      settle(answer);
      setRejecting(null);
      showToast(target.name === 'Approved' && answer.sra.state === 'Submitted' ? T.approvalRecorded(answer.sra.number) : T.moved(answer.sra.number, answer.sra.state), { variant: 'success' });
    } catch (error) {
      if (rejecting && !isStale(error)) setRejecting({ ...rejecting, error: problemText(error) });
      else fail(error, 'move');
    } finally {
      setBusy(false);
    }
  };

  const reload = () => {
    setDraft(null);
    setProblem(null);
    setMitigationError(null);
    retry();
  };

  const moveLabel = (name: string) => (name === 'Submitted' ? 'Submit' : name === 'Approved' ? 'Approve' : name === 'Rejected' ? 'Reject' : name === 'Draft' ? 'Recall' : name);
  const toggle = (key: MitigationKey, on: boolean) => {
    setMitigationError(null);
    setDraft((d) => d && { ...d, mitigations: on ? [...d.mitigations, key] : d.mitigations.filter((m) => m !== key) });
  };

  return (
    <div ref={nameRef} className="d-flex flex-column gap-3" data-sra={sra.sraId}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold" data-number>{sra.number}</span>
        <StateBadge state={sra.state} />
        <span className="text-body-secondary small">{T.level}:</span> <LevelBadge level={sra.level} />
        <span className="ms-auto" />
        <div className="d-flex flex-wrap gap-2" role="group" aria-label={`${T.changeState} of ${sra.number}`} data-moves>
          {load.moves.map((m) => (
            <button key={m.applicationRecordStateId} type="button" disabled={busy} data-move={m.name}
              className={`btn btn-sm ${m.name === 'Rejected' ? 'btn-outline-danger' : m.name === 'Draft' ? 'btn-outline-secondary' : 'btn-primary'}`}
              onClick={() => (m.name === 'Rejected' ? setRejecting({ stateId: m.applicationRecordStateId, reason: '' }) : void move(m))}>
              {moveLabel(m.name)}
            </button>
          ))}
        </div>
      </div>

      {editable ? kept.banner : null}
      {problem ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3 mb-0" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.stale ? <button type="button" className="btn btn-sm btn-outline-secondary" onClick={reload}>{T.reload}</button> : null}
        </div>
      ) : null}

      {rejecting ? (
        <form className="border border-danger rounded p-2 d-flex flex-column gap-2" noValidate data-reject
          onSubmit={(e) => {
            e.preventDefault();
            if (!rejecting.reason.trim()) return setRejecting({ ...rejecting, error: SRA_TEXT.rejectReason });
            void move({ applicationRecordStateId: rejecting.stateId, name: 'Rejected' }, rejecting.reason.trim());
          }}>
          <label className="form-label small mb-0" htmlFor={`${ids}-reject`}>{T.rejectReason}</label>
          <textarea id={`${ids}-reject`} className={`form-control form-control-sm${rejecting.error ? ' is-invalid' : ''}`} rows={2} value={rejecting.reason} autoFocus
            aria-invalid={rejecting.error ? true : undefined} aria-describedby={rejecting.error ? `${ids}-reject-error` : undefined}
            onChange={(e) => setRejecting({ ...rejecting, reason: e.currentTarget.value, error: undefined })} />
          {rejecting.error ? <div id={`${ids}-reject-error`} className="invalid-feedback d-block" role="alert">{rejecting.error}</div> : null}
          <div className="d-flex gap-2 justify-content-end">
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setRejecting(null)} disabled={busy}>{T.rejectCancel}</button>
            <button type="submit" className="btn btn-sm btn-danger" disabled={busy} data-reject-confirm>{T.rejectConfirm}</button>
          </div>
        </form>
      ) : null}

      {sra.state === 'Rejected' && sra.rejectionReason ? <div className="alert alert-secondary mb-0" data-rejection>{T.rejected(sra.rejectionReason)}</div> : null}
      {sra.state !== 'Draft' ? <div className="small text-body-secondary" data-read-only>{T.readOnly(sra.number, sra.state)}</div>
        : !load.editable ? <div className="small text-body-secondary" data-read-only>{T.notEditable}</div> : null}

      <section aria-labelledby={`${ids}-proposed`}>
        <h3 className="h6" id={`${ids}-proposed`}>{T.proposed}</h3>
        <dl className="row small mb-0">
          <dt className="col-sm-3">Project</dt><dd className="col-sm-9 mb-1">{sra.projectNumber} {sra.projectName}</dd>
          <dt className="col-sm-3">Vendor</dt><dd className="col-sm-9 mb-1" data-vendor>{sra.vendorName}</dd>
          <dt className="col-sm-3"><label htmlFor={`${ids}-amount`} className="mb-0">Amount</label></dt>
          <dd className="col-sm-9 mb-1">
            {editable ? (
              <input id={`${ids}-amount`} className="form-control form-control-sm text-end" style={{ maxWidth: '200px' }} inputMode="decimal" value={draft.amount} disabled={busy}
                data-field="amount" onChange={(e) => { const amount = sanitizeNumber(e.currentTarget.value); setDraft((d) => d && { ...d, amount }); }} />
            ) : <span id={`${ids}-amount`} data-amount>{formatMoney(sra.amount)}</span>}
          </dd>
          <dt className="col-sm-3">Scope</dt>
          <dd className="col-sm-9 mb-1" data-scope>{sra.costCodes.map((c) => `${formatCostCode(c.code)} ${c.description}`).join('; ')}</dd>
          <dt className="col-sm-3"><label htmlFor={`${ids}-description`} className="mb-0">Description</label></dt>
          <dd className="col-sm-9 mb-1">
            {editable ? (
              <textarea id={`${ids}-description`} className="form-control form-control-sm" rows={2} value={draft.description} disabled={busy} data-field="description"
                onChange={(e) => { const description = e.currentTarget.value; setDraft((d) => d && { ...d, description }); }} />
            ) : <span id={`${ids}-description`}>{sra.description}</span>}
          </dd>
          <dt className="col-sm-3">Created by</dt><dd className="col-sm-9 mb-1">{sra.createdBy.name}, {formatDate(sra.createdAt)}</dd>
        </dl>
      </section>

      <section aria-labelledby={`${ids}-factors`}>
        <h3 className="h6" id={`${ids}-factors`}>{T.factors}</h3>
        <div className="table-responsive">
          <table className="table table-sm align-middle mb-1" data-factors>
            <caption className="visually-hidden">{T.factors} of {sra.number}</caption>
            <thead><tr><th scope="col">Factor</th><th scope="col">Rating</th><th scope="col">Reason</th></tr></thead>
            <tbody>
              {sra.factors.map((f) => (
                <tr key={f.key} data-factor={f.key} data-rating={f.rating}>
                  <th scope="row" className="fw-normal">{f.label}</th>
                  <td><span className={`badge ${RATING_CLASS[f.rating]}`}>{RATING_TEXT[f.rating]}</span></td>
                  <td className="small" data-reason>{f.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="small mb-0" data-level-summary>
          {T.level}: <LevelBadge level={sra.level} /> ({sra.factors.filter((f) => f.rating === 'red').length} red, {sra.factors.filter((f) => f.rating === 'amber').length} amber)
        </p>
      </section>

      <section aria-labelledby={`${ids}-vendor`}>
        <h3 className="h6" id={`${ids}-vendor`}>{T.vendorRecord}</h3>
        <dl className="row small mb-0" data-vendor-record>
          <dt className="col-sm-3">Status</dt><dd className="col-sm-9 mb-1" data-prequal-status>{vendor.status}{vendor.limitExpiresOn ? <>, limits expire <ExpiryDate date={vendor.limitExpiresOn} /></> : ''}</dd>
          <dt className="col-sm-3">Limits in force</dt>
          <dd className="col-sm-9 mb-1" data-limits>single {formatMoney(vendor.singleLimitInForce, { fractionDigits: 0 })}, aggregate {formatMoney(vendor.aggregateLimitInForce, { fractionDigits: 0 })}</dd>
          <dt className="col-sm-3">Open backlog with us</dt><dd className="col-sm-9 mb-1" data-backlog>{formatMoney(vendor.openBacklog, { fractionDigits: 0 })}</dd>
          <dt className="col-sm-3">EMR</dt><dd className="col-sm-9 mb-1" data-emr>{latestEmr === null ? (vendor.confidential ? VENDOR_CONFIDENTIAL_TEXT : 'None on file') : `${latestEmr.toFixed(2)} (${vendor.safety[0]!.year})`}</dd>
          <dt className="col-sm-3">GL expiry</dt><dd className="col-sm-9 mb-1" data-gl>{vendor.glExpiresOn ? <ExpiryDate date={vendor.glExpiresOn} /> : 'None on file'}</dd>
          <dt className="col-sm-3">Sub rating</dt>
          <dd className="col-sm-9 mb-1" data-rating>{vendor.subRatingAverage === null ? 'No ratings yet' : `${vendor.subRatingAverage.toFixed(1)} of 5 (${vendor.subRatingCount} ratings)`}</dd>
        </dl>
      </section>

      <fieldset className={`border rounded p-2${mitigationError ? ' border-danger' : ''}`} data-mitigations
        aria-describedby={`${ids}-mitigation-rule${mitigationError ? ` ${ids}-mitigation-error` : ''}`}>
        <legend className="h6 mb-1">{T.mitigations}</legend>
        <p id={`${ids}-mitigation-rule`} className="small mb-2" data-mitigation-rule>{mitigationRequirement(sra.level)}</p>
        {MITIGATIONS.map((m) => (
          <div className="form-check" key={m.key}>
            <input className="form-check-input" type="checkbox" id={`${ids}-m-${m.key}`} checked={draft.mitigations.includes(m.key)} disabled={!editable || busy}
              data-mitigation={m.key} onChange={(e) => toggle(m.key, e.currentTarget.checked)} />
            <label className="form-check-label" htmlFor={`${ids}-m-${m.key}`}>{m.label}</label>
          </div>
        ))}
        <label className="form-label small mt-2 mb-1" htmlFor={`${ids}-note`}>{T.mitigationNote}</label>
        <textarea id={`${ids}-note`} className="form-control form-control-sm" rows={2} value={draft.mitigationNote} readOnly={!editable} disabled={busy}
          data-field="mitigationNote" onChange={(e) => { const mitigationNote = e.currentTarget.value; setDraft((d) => d && { ...d, mitigationNote }); }} />
        {mitigationError ? <div id={`${ids}-mitigation-error`} className="text-danger-emphasis small mt-2" role="alert" data-mitigation-error>{mitigationError}</div> : null}
      </fieldset>

      {sra.state === 'Submitted' || sra.approvals.length ? (
        <section aria-labelledby={`${ids}-approvals`} data-approvals>
          <h3 className="h6" id={`${ids}-approvals`}>{T.approvalsSoFar}</h3>
          {sra.approvals.length === 0 ? <p className="small mb-1">{T.noApprovals}</p> : (
            <ul className="small mb-1">
              {sra.approvals.map((a, i) => <li key={i} data-approval>{a.by.name} ({a.role}), {formatDate(a.at)}</li>)}
            </ul>
          )}
          {sra.level === 'High' && sra.state === 'Submitted' ? <p className="small mb-0" data-needs-admin>{T.alsoNeedsAdmin}</p> : null}
        </section>
      ) : null}

      {editable ? (
        <div className="d-flex gap-2 justify-content-end">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy || !dirty} onClick={() => { setDraft(draftOf(load)); setProblem(null); setMitigationError(null); }}>Discard changes</button>
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} data-save onClick={() => void save().then((a) => { if (a) showToast(T.saved(a.sra.number), { variant: 'success' }); })}>{busy ? T.saving : T.save}</button>
        </div>
      ) : null}
    </div>
  );
}
