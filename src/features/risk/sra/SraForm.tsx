/**
 * The New SRA form: project (with its budget), vendor (its prequalification status and the limits in
 * force shown as it is chosen), subcontract amount, scope (cost codes of the project's budget) and a
 * description. Opened empty on the SRA list, or pre-filled (a buyout line: project, cost code and the
 * remaining amount; the gate's start link: the subcontract's project, vendor, amount and cost codes).
 * Checked before sending; a refused create keeps everything typed and says why at the field.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { formatCostCode, formatMoney, parseNumber, sanitizeNumber } from '../../../core/format';
import {
  createSra, loadPrequalVendors, loadSraCostCodes, loadSraProjects, problemText, refusedField,
  type SraCostCode, type SraLoad, type SraProject, type VendorPrequalRow,
} from './data';
import { SRA_UI_TEXT as T } from './text';
import { useLoad } from '../../../ui/useLoad';

/** What the form may start with. */
export interface SraFormInitial {
  projectId?: number;
  vendorId?: number;
  amount?: number;
  costCodeIds?: number[];
  description?: string;
  subcontractId?: number;
}

export interface SraFormProps {
  initial?: SraFormInitial;
  /** Shown above the fields (what the form was pre-filled from, the gate's reasons). */
  note?: ReactNode;
  onCreated(load: SraLoad): void;
  onCancel(): void;
}

type FieldName = 'projectId' | 'vendorId' | 'amount' | 'costCodeIds' | 'description';
/** What the form chooses from. */
interface Choices { projects: SraProject[]; vendors: VendorPrequalRow[] }

const DESCRIPTION_MAX = 2000;
const NO_CODES: SraCostCode[] = [];

/** The New SRA form. */
export function SraForm({ initial = {}, note, onCreated, onCancel }: SraFormProps) {
  const ids = useId();
  const { state: load, retry } = useLoad<Choices>('choices', async (signal) => {
    const [projects, vendors] = await Promise.all([loadSraProjects(signal), loadPrequalVendors(signal)]);
    return { projects, vendors };
  }, { what: 'The New SRA form load' });
  // A 403 means no PFM role: the projects need one, and Retry would not help.
  const noPfm = load.status === 'failed' && load.failure === 'forbidden';
  const [projectId, setProjectId] = useState(initial.projectId && initial.projectId > 0 ? String(initial.projectId) : '');
  const [vendorId, setVendorId] = useState(initial.vendorId && initial.vendorId > 0 ? String(initial.vendorId) : '');
  const [amount, setAmount] = useState(initial.amount !== undefined && initial.amount > 0 ? sanitizeNumber(Math.round(initial.amount * 100) / 100) : '');
  const [costCodeIds, setCostCodeIds] = useState<number[]>(initial.costCodeIds ?? []);
  const [description, setDescription] = useState(initial.description ?? '');
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (load.status === 'ready') first.current?.focus();
  }, [load.status]);

  const project = load.status === 'ready' ? load.data.projects.find((p) => String(p.projectId) === projectId) : undefined;
  const budgetId = project?.budgetId ?? -1;
  const { state: codes, retry: retryCodes } = useLoad<SraCostCode[]>(budgetId > 0 ? String(budgetId) : null, (signal) => loadSraCostCodes(budgetId, signal), { what: 'Cost codes load' });

  const vendor = load.status === 'ready' ? load.data.vendors.find((v) => String(v.vendorId) === vendorId) : undefined;
  const rows = codes.status === 'ready' ? codes.data : NO_CODES;
  const shownCodes = useMemo(() => {
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const chosen = new Set(costCodeIds);
    return rows.filter((c) => chosen.has(c.costCodeId) || words.every((w) => `${c.code} ${c.type} ${c.description}`.toLowerCase().includes(w)));
  }, [rows, filter, costCodeIds]);

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!project) found.projectId = T.projectRequired;
    if (!vendor) found.vendorId = T.vendorRequired;
    const value = parseNumber(amount);
    if (value === null || value <= 0) found.amount = T.amountRequired;
    if (costCodeIds.length === 0) found.costCodeIds = T.costCodesRequired;
    if (description.length > DESCRIPTION_MAX) found.description = T.descriptionTooLong;
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await createSra({
        projectId: Number(projectId), vendorId: Number(vendorId), amount: parseNumber(amount)!, costCodeIds, description: description.trim(),
        subcontractId: initial.subcontractId,
      });
      onCreated(created);
    } catch (error) {
      const field = refusedField(error) as FieldName;
      const why = problemText(error);
      if (['projectId', 'vendorId', 'amount', 'costCodeIds', 'description'].includes(field)) setErrors({ [field]: why });
      setProblem(T.createFailed(why));
    } finally {
      setBusy(false);
    }
  };

  const invalid = (name: FieldName) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${name}-error` } : {});
  const error = (name: FieldName) => (errors[name] ? <div id={`${ids}-${name}-error`} className="invalid-feedback d-block" data-error={name}>{errors[name]}</div> : null);

  if (load.status === 'loading') {
    return <div role="status" className="text-body-secondary" data-form-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.formLoading}</div>;
  }
  if (load.status === 'failed') {
    return (
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert" data-form-state="failed">
        <span>{noPfm ? T.projectsNeedPfm : problemText(load.error)}</span>
        {noPfm ? null : <button type="button" className="btn btn-sm btn-outline-secondary" onClick={retry}>{T.retry}</button>}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>{T.formCancel}</button>
      </div>
    );
  }

  return (
    <form className="border rounded p-3 d-flex flex-column gap-3" noValidate aria-label={T.formTitle} data-sra-form
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2 className="h6 mb-0">{T.formTitle}</h2>
      {note ? <div className="alert alert-info mb-0 small" data-form-note>{note}</div> : null}
      {problem ? <div className="alert alert-danger mb-0" role="alert" data-problem>{problem}</div> : null}
      <div className="row g-3">
        <div className="col-md-6">
          <label className="form-label small mb-1" htmlFor={`${ids}-project`}>{T.formProject}</label>
          <select ref={first} id={`${ids}-project`} className={`form-select form-select-sm${errors.projectId ? ' is-invalid' : ''}`} value={projectId}
            data-field="projectId" disabled={busy} {...invalid('projectId')}
            onChange={(e) => { setProjectId(e.currentTarget.value); setCostCodeIds([]); setFilter(''); }}>
            <option value="">{T.chooseProject}</option>
            {load.data.projects.map((p) => <option key={p.projectId} value={String(p.projectId)}>{p.number} {p.name}</option>)}
            {projectId && !project ? <option value={projectId}>{`Project ${projectId}`}</option> : null}
          </select>
          {error('projectId')}
        </div>
        <div className="col-md-6">
          <label className="form-label small mb-1" htmlFor={`${ids}-vendor`}>{T.formVendor}</label>
          <select id={`${ids}-vendor`} className={`form-select form-select-sm${errors.vendorId ? ' is-invalid' : ''}`} value={vendorId}
            data-field="vendorId" disabled={busy} aria-describedby={`${ids}-vendor-status`} {...invalid('vendorId')}
            onChange={(e) => setVendorId(e.currentTarget.value)}>
            <option value="">{T.chooseVendor}</option>
            {load.data.vendors.map((v) => <option key={v.vendorId} value={String(v.vendorId)}>{`${v.name} (${v.vendorNumber}): ${v.status}`}</option>)}
          </select>
          <div id={`${ids}-vendor-status`} className="form-text" data-vendor-status aria-live="polite">
            {vendor ? T.vendorStatus(vendor.status, formatMoney(vendor.singleLimitInForce, { fractionDigits: 0 }), formatMoney(vendor.aggregateLimitInForce, { fractionDigits: 0 })) : ''}
          </div>
          {error('vendorId')}
        </div>
        <div className="col-md-6">
          <label className="form-label small mb-1" htmlFor={`${ids}-amount`}>{T.formAmount}</label>
          <input id={`${ids}-amount`} className={`form-control form-control-sm text-end${errors.amount ? ' is-invalid' : ''}`} inputMode="decimal" value={amount}
            data-field="amount" disabled={busy} {...invalid('amount')} onChange={(e) => setAmount(sanitizeNumber(e.currentTarget.value))} />
          {error('amount')}
        </div>
        <div className="col-12">
          <fieldset aria-describedby={errors.costCodeIds ? `${ids}-costCodeIds-error` : undefined} data-field="costCodeIds">
            <legend className="form-label small mb-1 fs-6">{T.formCostCodes}</legend>
            {budgetId < 1 ? <div className="form-text">{T.chooseProject}.</div>
              : codes.status === 'loading' ? <div role="status" className="form-text">{T.costCodesLoading}</div>
                : codes.status === 'failed' ? (
                  <div className="d-flex align-items-center gap-2" role="alert">
                    <span className="text-danger-emphasis small">{T.failed}</span>
                    <button type="button" className="btn btn-sm btn-outline-secondary" onClick={retryCodes}>{T.retry}</button>
                  </div>
                ) : rows.length === 0 ? <div className="form-text">{T.noCostCodes}</div> : (
                  <>
                    <div className="form-text mt-0 mb-1" data-chosen aria-live="polite">
                      {T.chosen(rows.filter((c) => costCodeIds.includes(c.costCodeId)).map((c) => `${formatCostCode(c.code)} ${c.type}`))}
                    </div>
                    <input type="search" className="form-control form-control-sm mb-2" aria-label={T.formCostCodeFilter} placeholder={T.formCostCodeFilter}
                      value={filter} onChange={(e) => setFilter(e.currentTarget.value)} data-cost-code-filter />
                    <div className={`border rounded p-2 overflow-auto${errors.costCodeIds ? ' border-danger' : ''}`} style={{ maxHeight: '208px', overflowY: 'auto' }}>
                      {shownCodes.map((c) => (
                        <div className="form-check" key={c.costCodeId}>
                          <input className="form-check-input" type="checkbox" id={`${ids}-cc-${c.costCodeId}`} checked={costCodeIds.includes(c.costCodeId)} disabled={busy}
                            data-cost-code-id={c.costCodeId}
                            onChange={(e) => {
                              const on = e.currentTarget.checked;
                              setCostCodeIds((current) => (on ? [...current, c.costCodeId] : current.filter((id) => id !== c.costCodeId)));
                            }} />
                          <label className="form-check-label small" htmlFor={`${ids}-cc-${c.costCodeId}`}>{formatCostCode(c.code)} {c.type} {c.description}</label>
                        </div>
                      ))}
                    </div>
                  </>
                )}
            {error('costCodeIds')}
          </fieldset>
        </div>
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor={`${ids}-description`}>{T.formDescription}</label>
          <textarea id={`${ids}-description`} className={`form-control form-control-sm${errors.description ? ' is-invalid' : ''}`} rows={2} value={description}
            data-field="description" disabled={busy} {...invalid('description')} onChange={(e) => setDescription(e.currentTarget.value)} />
          {error('description')}
        </div>
      </div>
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel} disabled={busy}>{T.formCancel}</button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-create>{busy ? T.formCreating : T.formCreate}</button>
      </div>
    </form>
  );
}
