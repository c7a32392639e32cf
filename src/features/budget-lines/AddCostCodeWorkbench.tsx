/**
 * The Add Cost Code workbench: a form that adds a budget line (cost code × cost type) to the budget.
 * Saved as a form POST to /api/pfm/AddCostCode; on a failure the typed values stay and the error shows.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { ApiError, shownData } from '../../core/api';
import { formatCostCode, parseNumber, sanitizeNumber, selectableCostTypes } from '../../core/format';
import { showToast } from '../../core/messages';
import { costCodeDigits, validateCostCode, type AddCostCodeValues, type Feedback } from './add-cost-code-rules';
import type { CostCodeRow } from '../../core/budget-lines/contract';
import { addCostCode, loadCostCodes } from './data';
import { LoadProblem, LoadProgress } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';

export interface AddCostCodeProps { recordKey?: string; recordId?: number; projectId?: number; budgetId?: number }

const EMPTY: AddCostCodeValues = { code: '', description: '', costType: '', originalBudget: '' };
const NO_CODES: CostCodeRow[] = [];
const FIELD_CLASS: Record<number, string> = { 1: 'invalid-feedback d-block', 2: 'form-text text-warning-emphasis', 3: 'form-text' };
/** Fields with feedback under them (lower case); the server's feedback on any other field (the budget: locked, roll-up) goes in the alert. */
const FORM_FIELDS = new Set(['code', 'description', 'costtype', 'originalbudget']);

function feedbackFrom(error: unknown): Feedback[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { feedback?: unknown; data?: unknown } | undefined;
  const list = Array.isArray(body?.feedback) ? body.feedback : Array.isArray(body?.data) ? body.data : null;
  return list ? (list as Feedback[]).filter((f) => typeof f?.message === 'string') : null;
}

/** The form. The budget is `budget-id`, or `record-id` when `record-key` is 'Budget'. */
export function AddCostCode({ recordKey = '', recordId = -1, budgetId = -1 }: AddCostCodeProps) {
  const budget = recordKey === 'Budget' && recordId > 0 ? recordId : budgetId;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AddCostCodeValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverFeedback, setServerFeedback] = useState<Feedback[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { code: useId(), description: useId(), costType: useId(), originalBudget: useId(), list: useId() };

  const { state: codesLoad, retry: retryCodes } = useLoad(budget > 0 ? String(budget) : null, () => loadCostCodes(budget), { what: "The budget's cost codes load" });
  // The last codes stay in use while a Retry loads them again.
  const codes = shownData(codesLoad) ?? NO_CODES;
  const codesLoading = budget > 0 && codesLoad.status === 'loading';

  const existing = useMemo(() => new Set(codes.map((c) => `${c.code}|${c.type}`)), [codes]);
  const catalogue = useMemo(() => [...new Map(codes.map((c) => [c.code, c.description])).entries()].sort(), [codes]);
  const feedback = [...(touched ? validateCostCode(values, existing) : []), ...serverFeedback];
  const invalid = validateCostCode(values, existing).some((f) => f.integerValue === 1);

  const set = (field: keyof AddCostCodeValues, value: string) => {
    setServerFeedback([]);
    setValues((v) => ({ ...v, [field]: field === 'originalBudget' ? sanitizeNumber(value) : value }));
  };

  const pickCode = (text: string) => {
    const digits = costCodeDigits(text);
    const known = digits ? catalogue.find(([code]) => code === digits) : undefined;
    setValues((v) => ({ ...v, code: digits ? formatCostCode(digits) : text, description: v.description || known?.[1] || '' }));
  };

  const save = async () => {
    setTouched(true);
    setError(null);
    if (invalid) return;
    setSaving(true);
    try {
      await addCostCode({
        budgetId: budget, code: costCodeDigits(values.code), description: values.description.trim(), costType: values.costType,
        originalBudget: parseNumber(values.originalBudget) ?? 0,
      });
      showToast(`Cost code ${values.code} added`, { variant: 'success' });
      // The projection grid of this budget listens and shows the new line (pfm-projection-grid).
      formRef.current?.dispatchEvent(new CustomEvent('pfm-cost-code-added', { bubbles: true, composed: true, detail: { budgetId: budget } }));
      setValues(EMPTY);
      setTouched(false);
    } catch (e) {
      const items = feedbackFrom(e);
      if (items) setServerFeedback(items);
      const elsewhere = (items ?? []).filter((f) => !FORM_FIELDS.has(f.stringValue.toLowerCase())).map((f) => f.message);
      setError(e instanceof ApiError && e.status === 404 ? 'The server cannot add cost codes yet (no save route). Your entries are kept.'
        : elsewhere.length ? `Not saved: ${elsewhere.join(' ')} Your entries are kept.`
          : `Not saved: ${e instanceof Error ? e.message : String(e)}. Your entries are kept.`);
    } finally {
      setSaving(false);
    }
  };

  if (budget <= 0) return <div className="alert alert-warning" role="alert">Open Add Cost Code from a budget: it needs a budget id.</div>;

  const fieldFeedback = (field: string) => feedback.filter((f) => f.stringValue.toLowerCase() === field.toLowerCase());
  const hasInvalid = (field: string) => fieldFeedback(field).some((f) => f.integerValue === 1);
  const notes = (field: string) => fieldFeedback(field).map((f, i) => (
    <div key={i} className={FIELD_CLASS[f.integerValue] ?? 'form-text'} data-level={f.integerValue}>{f.message}</div>
  ));

  return (
    <form ref={formRef} noValidate aria-label="Add cost code" onSubmit={(event) => { event.preventDefault(); void save(); }} style={{ maxWidth: 640 }}>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      {/* The form is usable at once; the codes (for duplicates and suggestions) say they are on their way. */}
      {codesLoading ? <LoadProgress label="Loading the budget's cost codes…" /> : null}
      {codesLoad.status === 'failed' ? (
        <LoadProblem variant="warning" message="The budget's cost codes could not be loaded: duplicates cannot be checked and no code is suggested. Your entries are kept."
          onRetry={retryCodes} />
      ) : null}
      <div className="mb-3">
        <label className="form-label" htmlFor={ids.code}>Cost code</label>
        <input id={ids.code} className={`form-control${hasInvalid('code') ? ' is-invalid' : ''}`} list={ids.list} value={values.code} placeholder="00-0000-00"
          inputMode="numeric" onChange={(e) => set('code', e.currentTarget.value)} onBlur={(e) => pickCode(e.currentTarget.value)} />
        <datalist id={ids.list}>{catalogue.map(([code, description]) => <option key={code} value={formatCostCode(code)}>{description}</option>)}</datalist>
        <div className="form-text">Pick a code used on this budget or type 8 digits.</div>
        {notes('code')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={ids.description}>Description</label>
        <input id={ids.description} className={`form-control${hasInvalid('description') ? ' is-invalid' : ''}`} value={values.description} maxLength={200}
          onChange={(e) => set('description', e.currentTarget.value)} />
        {notes('description')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={ids.costType}>Cost type</label>
        <select id={ids.costType} className={`form-select${hasInvalid('costType') ? ' is-invalid' : ''}`} value={values.costType} onChange={(e) => set('costType', e.currentTarget.value)}>
          <option value="">Choose…</option>
          {selectableCostTypes().map((t) => <option key={t.code} value={t.code}>{t.code} – {t.name}</option>)}
        </select>
        {notes('costType')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={ids.originalBudget}>Original budget</label>
        <input id={ids.originalBudget} className={`form-control${hasInvalid('originalBudget') ? ' is-invalid' : ''}`} value={values.originalBudget} inputMode="decimal"
          onChange={(e) => set('originalBudget', e.currentTarget.value)} />
        {notes('originalBudget')}
      </div>
      <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? 'Saving…' : 'Add cost code'}</button>
    </form>
  );
}
