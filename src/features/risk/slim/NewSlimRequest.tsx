/**
 * The new-request form of the SLIM queue: type, vendor (searched, with its status and limits),
 * project (Limit Increase, Exception), amount, priority, justification, mitigation (Exception). A
 * Renewal is pre-filled from the vendor's last approved submission, with what changed shown. A refusal
 * keeps what was typed and points at the field the server names.
 */
import { useEffect, useId, useState } from 'react';
import { formatMoney, parseNumber, sanitizeNumber } from '../../../core/format';
import {
  PROJECT_REQUEST_TYPES, SLIM_PRIORITIES, SLIM_REQUEST_TYPES, type SlimChange, type SlimRequestLoad, type SlimRequestType, type VendorPrequalRow,
} from '../../../core/risk';
import { ApiError } from '../../../core/api';
import {
  createSlimRequest, loadPrequalVendors, loadProjectChoices, loadRenewalDraft, problemText, type ProjectChoice, type RequestDraft,
} from './data';
import { useDraft } from '../../../ui/drafts';
import { SLIM_UI_TEXT as T } from './text';

const EMPTY: RequestDraft = {
  type: 'Limit Increase', vendorId: null, projectId: '', requestedAmount: '', priority: 'Normal', justification: '', mitigation: '', basedOnRequestId: null,
};

/** The fields a draft misses before it can be sent (field → message). */
export function draftProblems(draft: RequestDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const onProject = PROJECT_REQUEST_TYPES.includes(draft.type);
  if (!draft.vendorId) problems.vendorId = T.required(T.formVendor);
  if (onProject && !draft.projectId) problems.projectId = T.required(T.formProject);
  const amount = parseNumber(draft.requestedAmount);
  if (onProject && (amount === null || amount <= 0)) problems.requestedAmount = T.amountNumber;
  if (!onProject && draft.requestedAmount.trim() && (amount === null || amount <= 0)) problems.requestedAmount = T.amountNumber;
  if (!draft.justification.trim()) problems.justification = T.required(T.formJustification);
  if (draft.type === 'Exception' && !draft.mitigation.trim()) problems.mitigation = T.required(T.formMitigation);
  return problems;
}

export function ChangesTable({ changes }: { changes: readonly SlimChange[] }) {
  if (!changes.length) return <p className="small text-body-secondary mb-0" data-no-changes>{T.noChanges}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm mb-0" data-changes>
        <caption className="visually-hidden">{T.whatChanged}</caption>
        <thead><tr><th scope="col">{T.field}</th><th scope="col">{T.before}</th><th scope="col">{T.after}</th></tr></thead>
        <tbody>
          {changes.map((c) => <tr key={c.field} data-change={c.field}><th scope="row" className="fw-normal">{c.label}</th><td>{c.before}</td><td className="fw-semibold">{c.after}</td></tr>)}
        </tbody>
      </table>
    </div>
  );
}

export function NewSlimRequest({ onCancel, onCreated }: { onCancel(): void; onCreated(load: SlimRequestLoad): void }) {
  const id = useId();
  const [draft, setDraft] = useState<RequestDraft>(EMPTY);
  const [search, setSearch] = useState('');
  const [vendors, setVendors] = useState<VendorPrequalRow[] | null>(null);
  const [vendorProblem, setVendorProblem] = useState('');
  const [chosen, setChosen] = useState<VendorPrequalRow | null>(null);
  const [projects, setProjects] = useState<ProjectChoice[] | null | 'loading'>('loading');
  const [renewalResult, setRenewal] = useState<{ vendorId: number; status: 'loading' | 'ready'; basedOn: string | null; changes: SlimChange[] } | null>(null);
  const renewal = draft.type !== 'Renewal' || !draft.vendorId ? null
    : renewalResult?.vendorId === draft.vendorId ? renewalResult : { vendorId: draft.vendorId, status: 'loading' as const, basedOn: null, changes: [] };
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<RequestDraft>) => setDraft((d) => ({ ...d, ...change }));
  // A half-typed request survives a reload: kept while it differs from an empty form, offered back.
  const kept = useDraft<RequestDraft>({
    screen: 'slim-queue', form: 'new-request', value: draft, saved: EMPTY,
    restore: (value) => setDraft({ ...EMPTY, ...(value && typeof value === 'object' ? value : {}) }),
  });
  const onProject = PROJECT_REQUEST_TYPES.includes(draft.type);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      loadPrequalVendors(search, abort.signal).then((rows) => { setVendors(rows); setVendorProblem(''); }, (error: unknown) => {
        if (!abort.signal.aborted) setVendorProblem(problemText(error));
      });
    }, search ? 250 : 0);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [search]);

  useEffect(() => {
    const abort = new AbortController();
    loadProjectChoices(abort.signal).then(setProjects, () => { if (!abort.signal.aborted) setProjects(null); });
    return () => abort.abort();
  }, []);

  // A renewal is pre-filled from the last approved submission of the chosen vendor.
  useEffect(() => {
    if (draft.type !== 'Renewal' || !draft.vendorId) return undefined;
    const vendorId = draft.vendorId;
    const abort = new AbortController();
    loadRenewalDraft(vendorId, abort.signal).then((answer) => {
      if (abort.signal.aborted) return;
      setRenewal({ vendorId, status: 'ready', basedOn: answer.basedOn?.number ?? null, changes: answer.changes ?? [] });
      setDraft((d) => (d.vendorId !== vendorId || d.type !== 'Renewal' ? d : {
        ...d,
        requestedAmount: d.requestedAmount || (answer.draft.requestedAmount === null ? '' : String(answer.draft.requestedAmount)),
        justification: d.justification || answer.draft.justification,
        priority: answer.draft.priority ?? d.priority,
        basedOnRequestId: answer.basedOn?.requestId ?? null,
      }));
    }, (error: unknown) => {
      if (!abort.signal.aborted) { setRenewal({ vendorId, status: 'ready', basedOn: null, changes: [] }); setProblem(problemText(error)); }
    });
    return () => abort.abort();
  }, [draft.type, draft.vendorId]);

  const submit = async () => {
    const local = draftProblems(draft);
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setProblem('');
    try {
      const created = await createSlimRequest(draft, parseNumber(draft.requestedAmount));
      kept.clear();
      onCreated(created);
    } catch (error) {
      const body = error instanceof ApiError ? error.body as { fieldName?: unknown } | undefined : undefined;
      const field = typeof body?.fieldName === 'string' ? body.fieldName : '';
      if (field) setProblems({ [field]: problemText(error) });
      setProblem(`${problemText(error)} ${T.keptWork}`);
    } finally {
      setBusy(false);
    }
  };

  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: string) => (problems[name] ? ' is-invalid' : '');
  const aria = (name: string) => ({ id: fid(name), 'data-field': name, 'aria-invalid': problems[name] ? true : undefined, 'aria-describedby': problems[name] ? `${fid(name)}-error` : undefined });
  const error = (name: string) => (problems[name] ? <div id={`${fid(name)}-error`} className="invalid-feedback d-block" data-error={name}>{problems[name]}</div> : null);
  const limits = (v: VendorPrequalRow) => T.formVendorStatus(v.status, formatMoney(v.singleLimitInForce, { fractionDigits: 0 }), formatMoney(v.aggregateLimitInForce, { fractionDigits: 0 }));
  const vendorOptions = [...(vendors ?? [])];
  if (chosen && !vendorOptions.some((v) => v.vendorId === chosen.vendorId)) vendorOptions.unshift(chosen);

  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`} data-form="new-request">
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>{T.formTitle}</h2>
        {kept.banner}
        {problem ? <div className="alert alert-danger py-2" role="alert" data-problem>{problem}</div> : null}
        <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <div className="row g-3">
            <div className="col-sm-6 col-lg-3">
              <label className="form-label small mb-1" htmlFor={fid('type')}>{T.formType}</label>
              <select {...aria('type')} className="form-select form-select-sm" value={draft.type} onChange={(e) => set({ type: e.currentTarget.value as SlimRequestType, basedOnRequestId: null })}>
                {SLIM_REQUEST_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
              </select>
            </div>
            <div className="col-sm-6 col-lg-3">
              <label className="form-label small mb-1" htmlFor={fid('priority')}>{T.formPriority}</label>
              <select {...aria('priority')} className="form-select form-select-sm" value={draft.priority} onChange={(e) => set({ priority: e.currentTarget.value as RequestDraft['priority'] })}>
                {SLIM_PRIORITIES.map((p) => <option key={p} value={p}>{p}</option>)}
              </select>
            </div>
            <div className="col-lg-6">
              <label className="form-label small mb-1" htmlFor={fid('vendorSearch')}>{T.formVendorSearch}</label>
              <input id={fid('vendorSearch')} type="search" className="form-control form-control-sm mb-1" value={search} data-field="vendorSearch" autoComplete="off"
                onChange={(e) => setSearch(e.currentTarget.value)} />
              <label className="form-label small mb-1" htmlFor={fid('vendorId')}>{T.formVendor}</label>
              <select {...aria('vendorId')} className={`form-select form-select-sm${invalid('vendorId')}`} value={draft.vendorId ?? ''}
                onChange={(e) => {
                  const vendorId = Number(e.currentTarget.value) || null;
                  setChosen(vendorOptions.find((v) => v.vendorId === vendorId) ?? null);
                  set({ vendorId, basedOnRequestId: null });
                }}>
                <option value="">{vendors === null ? T.loadingShort : vendorOptions.length ? '—' : T.formVendorNone}</option>
                {vendorOptions.map((v) => <option key={v.vendorId} value={v.vendorId}>{`${v.vendorNumber} ${v.name} — ${limits(v)}`}</option>)}
              </select>
              {vendorProblem ? <div className="small text-danger-emphasis" role="alert">{vendorProblem}</div> : null}
              {chosen ? <div className="small text-body-secondary mt-1" data-vendor-limits>{limits(chosen)}</div> : null}
              {error('vendorId')}
            </div>
            {onProject ? (
              <div className="col-sm-6 col-lg-4">
                <label className="form-label small mb-1" htmlFor={fid('projectId')}>{T.formProject}</label>
                {Array.isArray(projects) ? (
                  <select {...aria('projectId')} className={`form-select form-select-sm${invalid('projectId')}`} value={draft.projectId} onChange={(e) => set({ projectId: e.currentTarget.value })}>
                    <option value="">—</option>
                    {projects.map((p) => <option key={p.projectId} value={p.projectId}>{`${p.number} ${p.name}${p.regionName ? ` (${p.regionName})` : ''}`}</option>)}
                  </select>
                ) : (
                  <input {...aria('projectId')} inputMode="numeric" className={`form-control form-control-sm${invalid('projectId')}`} value={draft.projectId}
                    placeholder={projects === 'loading' ? T.loadingShort : 'Project ID'} onChange={(e) => set({ projectId: e.currentTarget.value.replace(/\D/g, '') })} />
                )}
                <div className="form-text">{T.formProjectHelp}</div>
                {error('projectId')}
              </div>
            ) : null}
            <div className="col-sm-6 col-lg-4">
              <label className="form-label small mb-1" htmlFor={fid('requestedAmount')}>{T.formAmount}{onProject ? '' : ' (optional)'}</label>
              <input {...aria('requestedAmount')} inputMode="decimal" className={`form-control form-control-sm text-end${invalid('requestedAmount')}`} value={draft.requestedAmount}
                onChange={(e) => set({ requestedAmount: sanitizeNumber(e.currentTarget.value) })} />
              {error('requestedAmount')}
            </div>
            <div className="col-12">
              <label className="form-label small mb-1" htmlFor={fid('justification')}>{T.formJustification}</label>
              <textarea {...aria('justification')} rows={3} className={`form-control form-control-sm${invalid('justification')}`} value={draft.justification}
                onChange={(e) => set({ justification: e.currentTarget.value })} />
              {error('justification')}
            </div>
            {draft.type === 'Exception' ? (
              <div className="col-12">
                <label className="form-label small mb-1" htmlFor={fid('mitigation')}>{T.formMitigation}</label>
                <textarea {...aria('mitigation')} rows={2} className={`form-control form-control-sm${invalid('mitigation')}`} value={draft.mitigation}
                  onChange={(e) => set({ mitigation: e.currentTarget.value })} />
                <div className="form-text">{T.formMitigationHelp}</div>
                {error('mitigation')}
              </div>
            ) : null}
            {renewal ? (
              <div className="col-12" data-renewal>
                {renewal.status === 'loading' ? <div role="status" className="small text-body-secondary">{T.formRenewalLoading}</div> : (
                  <>
                    <p className="small mb-1">{renewal.basedOn ? T.formRenewalFrom(renewal.basedOn) : T.formRenewalNone}</p>
                    <h3 className="h6">{T.whatChanged}</h3>
                    <ChangesTable changes={renewal.changes} />
                  </>
                )}
              </div>
            ) : null}
          </div>
          <div className="d-flex gap-2 justify-content-end mt-3">
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => { kept.clear(); onCancel(); }}>{T.formCancel}</button>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="submit-request">{busy ? `${T.formSubmit}…` : T.formSubmit}</button>
          </div>
        </form>
      </div>
    </section>
  );
}
