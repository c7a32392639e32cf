/**
 * A new cost adjustment of a project (POST /api/pfm/CreateCostAdjustment): budget, reason,
 * description, date, amount and whether it moves budget between lines. Created, it opens in its
 * workbench. A refused create keeps every typed value and shows the server's feedback per field.
 */
import { useEffect, useId, useState } from 'react';
import { lookupList } from '../../core/lookups';
import { showToast } from '../../core/messages';
import { sanitizeNumber } from '../../core/format';
import { openWorkbench } from '../../core/workbench';
import { useDraft } from '../../ui/drafts';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { FieldFeedback, ValidationSummary, fieldInvalid, formFeedback, useFormSend, useWorkbenchRecordName } from '../../ui/records';
import { loadProjectBudgets, type BudgetRow } from '../budget-lines';
import { createCostAdjustment, type NewCostAdjustment as Values } from './data';

/** Texts; tests read them. */
export const NEW_TEXT = {
  title: 'New cost adjustment',
  noProject: 'Choose a project to create a cost adjustment.',
  created: (number: string) => `${number} created.`,
  failed: (why: string) => `The cost adjustment was not created (${why}). Your entries are still here.`,
} as const;

/** The form. */
export function NewCostAdjustment({ projectId, budgetId }: { projectId: number; budgetId: number }) {
  // The untouched form: what is kept differs from it (a budget chosen because it is the only one is not typed work).
  const [empty, setEmpty] = useState<Values>({
    projectId, budgetId: budgetId > 0 ? String(budgetId) : '', costAdjustmentReasonId: '', description: '', amount: '', adjustmentDate: '', transfer: false,
  });
  const [values, setValues] = useState<Values>(empty);
  // A half-filled new cost adjustment survives a reload: kept while it differs from the empty form, offered back.
  const kept = useDraft<Values>({
    screen: 'wb-cost-adjustment', recordKey: 'CostAdjustment', recordId: 0, form: `new-${projectId}`, value: values, saved: empty,
    enabled: projectId > 0, restore: (value) => setValues((v) => ({ ...v, ...value, projectId })),
  });
  const [budgets, setBudgets] = useState<BudgetRow[]>([]);
  const [reasons, setReasons] = useState<Array<{ costAdjustmentReasonId: number; displayText?: string; name?: string }>>([]);
  const { busy, problem, feedback, send } = useFormSend();
  const ids = useId();
  const root = useWorkbenchRecordName<HTMLFormElement>(NEW_TEXT.title);
  // A Viewer on the project's team creates nothing: the line in place of Create (the server refuses it anyway).
  const projectWrite = useProjectWrite({ projectId });

  useEffect(() => {
    if (projectId < 1) return undefined;
    const abort = new AbortController();
    loadProjectBudgets(projectId, abort.signal).then((list) => {
      if (abort.signal.aborted) return;
      setBudgets(list);
      const only = (v: Values) => (v.budgetId || list.length !== 1 ? v : { ...v, budgetId: String(list[0]!.budgetId) });
      setEmpty(only);
      setValues(only);
    }, (error: unknown) => { if (!abort.signal.aborted) console.error('Budgets failed to load', error); });
    return () => abort.abort();
  }, [projectId]);
  useEffect(() => {
    void lookupList<{ costAdjustmentReasonId: number; displayText?: string; name?: string }>('costAdjustmentReason').then(setReasons);
  }, []);

  if (projectId < 1) return <div className="alert alert-warning m-3" role="alert">{NEW_TEXT.noProject}</div>;
  const form = formFeedback(feedback);
  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((v) => ({ ...v, [name]: value }));
  const field = (name: string) => `${ids}-${name}`;
  const invalidClass = (name: string) => (fieldInvalid(form, name) ? ' is-invalid' : '');

  async function create(): Promise<void> {
    await send(async () => {
      const created = await createCostAdjustment(values);
      kept.clear();
      showToast(NEW_TEXT.created(created.number), { variant: 'success' });
      openWorkbench('CostAdjustment', { recordKey: 'CostAdjustment', recordId: created.costAdjustmentId });
    }, NEW_TEXT.failed);
  }

  return (
    <form ref={root} className="p-1" data-workbench="new-cost-adjustment" onSubmit={(e) => { e.preventDefault(); if (projectWrite) void create(); }} noValidate>
      <h2 className="h5">{NEW_TEXT.title}</h2>
      {kept.banner}
      {problem ? <div className="alert alert-warning" role="alert">{problem}</div> : null}
      <ValidationSummary feedback={form} />
      <div className="row g-2">
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={field('budget')}>Budget</label>
          <select id={field('budget')} className={`form-select form-select-sm${invalidClass('budgetId')}`} value={values.budgetId} data-field="budgetId"
            onChange={(e) => set('budgetId', e.currentTarget.value)}>
            <option value="">(choose)</option>
            {budgets.map((b) => <option key={b.budgetId} value={String(b.budgetId)}>{b.displayText ?? b.jobNumber ?? b.budgetId}</option>)}
          </select>
          <FieldFeedback feedback={form} field="budgetId" />
        </div>
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={field('reason')}>Reason</label>
          <select id={field('reason')} className={`form-select form-select-sm${invalidClass('costAdjustmentReasonId')}`} value={values.costAdjustmentReasonId}
            data-field="costAdjustmentReasonId" onChange={(e) => set('costAdjustmentReasonId', e.currentTarget.value)}>
            <option value="">(choose)</option>
            {reasons.map((r) => <option key={r.costAdjustmentReasonId} value={String(r.costAdjustmentReasonId)}>{r.displayText ?? r.name}</option>)}
          </select>
          <FieldFeedback feedback={form} field="costAdjustmentReasonId" />
        </div>
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor={field('description')}>Description</label>
          <input id={field('description')} className={`form-control form-control-sm${invalidClass('description')}`} value={values.description} data-field="description"
            onChange={(e) => set('description', e.currentTarget.value)} />
          <FieldFeedback feedback={form} field="description" />
        </div>
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={field('date')}>Date</label>
          <input id={field('date')} type="date" className={`form-control form-control-sm${invalidClass('adjustmentDate')}`} value={values.adjustmentDate} data-field="adjustmentDate"
            onChange={(e) => set('adjustmentDate', e.currentTarget.value)} />
          <FieldFeedback feedback={form} field="adjustmentDate" />
        </div>
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={field('amount')}>Amount</label>
          <input id={field('amount')} inputMode="decimal" className={`form-control form-control-sm text-end${invalidClass('amount')}`} value={values.amount} data-field="amount"
            onChange={(e) => set('amount', sanitizeNumber(e.currentTarget.value))} />
          <FieldFeedback feedback={form} field="amount" />
        </div>
        <div className="col-12">
          <div className="form-check">
            <input id={field('transfer')} type="checkbox" className="form-check-input" checked={values.transfer} data-field="transfer"
              onChange={(e) => set('transfer', e.currentTarget.checked)} />
            <label className="form-check-label small" htmlFor={field('transfer')}>Moves budget between lines (the items must net to zero)</label>
          </div>
        </div>
      </div>
      {projectWrite
        ? <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={busy} data-create>{busy ? 'Creating…' : 'Create cost adjustment'}</button>
        : <ReadOnlyLine className="mt-2" />}
    </form>
  );
}
