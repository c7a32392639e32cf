/**
 * The Direct Cost workbench body: the header (date, type, vendor, invoice number, description,
 * amount), the items (the §5 cost-code picker of commitments, description, amount), the invoice and
 * other files (Files), and state advancement with the server's targets: Draft → Pending Approval →
 * Approved → Posted, Revise and Resubmit (a reason asked for and sent in the same call, then shown to
 * the submitter) and Void. Opened with record key 'Project' it creates a new Draft first. Field
 * security of the state decides what is editable (Draft only); a failed save keeps what was typed.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { ApiError } from '../../core/api';
import { formatDate, formatDateTime, formatMoney, parseNumber, sanitizeNumber } from '../../core/format';
import { lookupList } from '../../core/lookups';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import { $roles, $rolesStatus } from '../../core/roles';
import { openWorkbench, WORKBENCH_TOOLTIPS } from '../../core/workbench';
import {
  DIRECT_COST_STATE, DIRECT_COST_TEXT, REASON_MAX, directCostMoveLabel, directCostProblems, isDirectCostApprover, isReviseAndResubmit,
  moveNeedsApprover,
} from '../../core/workflow/direct-costs';
import { useStore } from '../../ui/hooks';
import { useDraft, withNewKeys, withoutKeys } from '../../ui/drafts';
import {
  FieldFeedback, RecordStateBadge, StateAdvanceMenu, ValidationSummary, feedbackFrom, fieldEditable, fieldInvalid, formFeedback, loadFieldSecurity, useRecord,
  useWorkbenchRecordName, type FeedbackItem, type FieldSecurity, type FormFeedback,
} from '../../ui/records';
import { FilesPanel, LabelledControl } from '../../ui/workbench';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { CostCodePicker, loadCostCodes, type CostCodeRow } from '../budget-lines';
import {
  advanceDirectCost, createDirectCost, directCostStore, loadDirectCost, loadProjectBudgetId, loadVendorOptions, saveDirectCost,
  type DirectCost, type DirectCostItemValues, type DirectCostTarget, type DirectCostValues,
} from './data';
import { today } from '../../core/clock';
import { attributeId } from '../../core/attributes';

/** Texts the workbench shows; tests read them. */
export const DIRECT_COST_WB_TEXT = {
  loading: 'Loading direct cost…',
  notFound: (id: number) => `Direct cost ${id} was not found.`,
  noAccess: 'You do not have access to direct costs. They are for PFM Admin, Project Manager and RPM roles.',
  loadFailed: 'The direct cost could not be loaded.',
  noRecord: 'No direct cost was given.',
  noProject: 'Choose a project to create a direct cost.',
  saved: (number: string) => `${number} saved.`,
  created: (number: string) => `${number} created.`,
  saveFailed: (why: string) => `The direct cost was not saved (${why}). Your changes are still here: correct them or try again.`,
  stale: 'Someone else changed this direct cost’s state since you opened it. Reload it to see the current record; your typed values are still here.',
  sentBack: (who: string, when: string) => `Sent back for revision${who ? ` by ${who}` : ''}${when ? ` on ${when}` : ''}:`,
  pending: (who: string, when: string) => `Submitted${who ? ` by ${who}` : ''}${when ? ` on ${when}` : ''}; waiting for an approver (RPM or Admin).`,
  readOnly: (state: string) => `This direct cost is read-only while it is ${state}.`,
  reasonPrompt: 'Tell the submitter what to change. They will see this reason on the direct cost.',
  itemCostCode: (line: number) => `Line ${line}: choose a cost code of this budget.`,
  itemDescription: (line: number) => `Line ${line}: a description of at most 500 characters is required.`,
  itemAmount: (line: number) => `Line ${line}: the amount must be a number.`,
  required: (label: string) => `${label} is required.`,
} as const;

interface ItemDraft extends DirectCostItemValues {
  key: string;
  costType: string;
}

interface Draft {
  values: DirectCostValues;
  items: ItemDraft[];
}

let nextKey = 0;
const newKey = () => `dc-item-${++nextKey}`;
const emptyItem = (): ItemDraft => ({ key: newKey(), costType: '', costCodeId: null, description: '', amount: '' });

function draftOf(record: DirectCost): Draft {
  return {
    values: {
      directCostDate: record.directCostDate ?? '', directCostTypeId: String(record.directCostTypeId ?? ''), vendorId: record.vendorId ? String(record.vendorId) : '',
      invoiceNumber: record.invoiceNumber ?? '', description: record.description ?? '', amount: sanitizeNumber(record.amount),
    },
    items: (record.items ?? []).map((item) => ({
      key: `dc-item-${item.directCostItemId}`, costType: item.costType ?? '', costCodeId: item.costCodeId, description: item.description, amount: sanitizeNumber(item.amount),
    })),
  };
}

/** A draft as kept across a reload: item keys are this page's own, so they are left out (new ones on restore). */
type KeptDraft = { values: DirectCostValues; items: Array<Omit<ItemDraft, 'key'>> };
const keptOf = (draft: Draft): KeptDraft => ({ values: draft.values, items: withoutKeys(draft.items) });
function draftFromKept(kept: KeptDraft, fallback: Draft): Draft {
  if (!kept || typeof kept.values !== 'object' || !Array.isArray(kept.items)) return fallback;
  return { values: { ...fallback.values, ...kept.values }, items: withNewKeys(kept.items, newKey) };
}

/** What the browser can check before sending (the server checks again). */
function checkDraft(draft: Draft): FeedbackItem[] {
  const feedback: FeedbackItem[] = [];
  const bad = (field: string, message: string) => feedback.push({ integerValue: 1, stringValue: field, message });
  if (!draft.values.directCostTypeId) bad('directCostTypeId', DIRECT_COST_WB_TEXT.required('The type'));
  if (draft.values.description.trim() === '') bad('description', 'A description is required.');
  const amount = parseNumber(draft.values.amount);
  if (amount === null) bad('amount', 'The amount must be a number.');
  draft.items.forEach((item, index) => {
    const line = index + 1;
    if (item.costCodeId === null) bad(`item:${item.key}.costCodeId`, DIRECT_COST_WB_TEXT.itemCostCode(line));
    if (item.description.trim() === '' || item.description.trim().length > 500) bad(`item:${item.key}.description`, DIRECT_COST_WB_TEXT.itemDescription(line));
    if (parseNumber(item.amount) === null) bad(`item:${item.key}.amount`, DIRECT_COST_WB_TEXT.itemAmount(line));
  });
  if (feedback.length === 0) {
    const problems = directCostProblems({
      directCostDate: draft.values.directCostDate, amount: amount ?? 0, items: draft.items.map((item) => ({ amount: parseNumber(item.amount) ?? 0 })),
    }, today());
    for (const problem of problems) bad(problem.field, problem.message);
  }
  return feedback;
}

/** Server feedback names items by their index in the save: point them at the rows. */
function feedbackForRows(items: readonly FeedbackItem[], sent: readonly ItemDraft[]): FeedbackItem[] {
  return items.map((item) => {
    const match = /^items\[(\d+)\]\.(\w+)$/i.exec(item.stringValue);
    const row = match ? sent[Number(match[1])] : undefined;
    return row ? { ...item, stringValue: `item:${row.key}.${match![2]}` } : item;
  });
}

const itemsOf = (draft: Draft): DirectCostItemValues[] =>
  draft.items.map((item) => ({ costCodeId: item.costCodeId, description: item.description, amount: sanitizeNumber(item.amount) }));
const valuesOf = (draft: Draft): DirectCostValues => ({ ...draft.values, amount: sanitizeNumber(draft.values.amount), description: draft.values.description.trim(), invoiceNumber: draft.values.invoiceNumber.trim() });
/** The server's message when it sent one, else the error's. */
function errorWhy(error: unknown): string {
  const message = error instanceof ApiError ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  if (typeof message === 'string' && message) return message;
  return error instanceof Error ? error.message : String(error);
}

interface Option { value: string; label: string }

/** Direct cost types (lookup list) and the project's vendors (getcommitmentvendors). */
function useOptions(projectId: number | undefined): { types: Option[]; vendors: Option[] } {
  const [types, setTypes] = useState<Option[]>([]);
  const [vendors, setVendors] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    void lookupList<{ directCostTypeId: number; displayText?: string; name?: string }>('directCostType').then((list) => {
      if (live) setTypes(list.map((t) => ({ value: String(t.directCostTypeId), label: String(t.displayText ?? t.name ?? t.directCostTypeId) })));
    });
    return () => { live = false; };
  }, []);
  useEffect(() => {
    if (!projectId || projectId < 1) return undefined;
    let live = true;
    loadVendorOptions(projectId).then(
      (options) => { if (live) setVendors(options); },
      (error: unknown) => console.error('Vendors failed to load', error),
    );
    return () => { live = false; };
  }, [projectId]);
  return { types, vendors };
}

/** The budget's lines for the cost-code picker. */
function useCostCodes(budgetId: number | undefined): CostCodeRow[] {
  const [costCodes, setCostCodes] = useState<CostCodeRow[]>([]);
  useEffect(() => {
    if (!budgetId || budgetId < 1) return undefined;
    const abort = new AbortController();
    loadCostCodes(budgetId, abort.signal).then(setCostCodes, (error: unknown) => {
      if (!abort.signal.aborted) console.error('Cost codes failed to load', error);
    });
    return () => abort.abort();
  }, [budgetId]);
  return costCodes;
}

export interface DirectCostWorkbenchProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
  budgetId?: number;
}


/** The workbench body: a new direct cost for a project (record key 'Project'), or an existing one. */
export function DirectCostWorkbench(props: DirectCostWorkbenchProps) {
  const recordId = attributeId(props.recordId);
  if ((props.recordKey ?? '').toLowerCase() === 'project') {
    return <NewDirectCost projectId={recordId > 0 ? recordId : attributeId(props.projectId)} budgetId={attributeId(props.budgetId)} />;
  }
  return <ExistingDirectCost recordId={recordId} />;
}

/** The header fields and the items table, shared by the new and the existing form. */
function DirectCostForm({ draft, setDraft, editable, feedback, projectId, budgetId, costCodes, caption }: {
  draft: Draft; setDraft(update: (d: Draft) => Draft): void; editable(field: string): boolean; feedback: FormFeedback;
  projectId: number; budgetId: number; costCodes: readonly CostCodeRow[]; caption: string;
}) {
  const { types, vendors } = useOptions(projectId);
  const set = (field: keyof DirectCostValues) => (value: string) => setDraft((d) => ({ ...d, values: { ...d.values, [field]: value } }));
  const setItem = (key: string, change: Partial<ItemDraft>) => setDraft((d) => ({ ...d, items: d.items.map((i) => (i.key === key ? { ...i, ...change } : i)) }));
  const itemsEditable = editable('items');
  const itemsTotal = draft.items.reduce((sum, item) => sum + (parseNumber(item.amount) ?? 0), 0);
  const amount = parseNumber(draft.values.amount) ?? 0;
  const vendorOptions = draft.values.vendorId && !vendors.some((v) => v.value === draft.values.vendorId)
    ? [...vendors, { value: draft.values.vendorId, label: `Vendor ${draft.values.vendorId}` }] : vendors;
  return (
    <>
      <div className="row g-3 mb-3">
        <Field label="Date" field="directCostDate" feedback={feedback} editable={editable('directCostDate')} className="col-sm-4">
          {(common) => <input {...common} type="date" className={common.className} value={draft.values.directCostDate} max={today()} onChange={(e) => set('directCostDate')(e.currentTarget.value)} />}
        </Field>
        <Field label="Type" field="directCostTypeId" feedback={feedback} editable={editable('directCostTypeId')} className="col-sm-4" select>
          {(common) => (
            <select {...common} value={draft.values.directCostTypeId} onChange={(e) => set('directCostTypeId')(e.currentTarget.value)}>
              <option value="">Choose…</option>
              {types.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
            </select>
          )}
        </Field>
        <Field label="Vendor" field="vendorId" feedback={feedback} editable={editable('vendorId')} className="col-sm-4" select>
          {(common) => (
            <select {...common} value={draft.values.vendorId} onChange={(e) => set('vendorId')(e.currentTarget.value)}>
              <option value="">No vendor (payroll, expense)</option>
              {vendorOptions.map((v) => <option key={v.value} value={v.value}>{v.label}</option>)}
            </select>
          )}
        </Field>
        <Field label="Invoice number" field="invoiceNumber" feedback={feedback} editable={editable('invoiceNumber')} className="col-sm-4">
          {(common) => <input {...common} maxLength={50} value={draft.values.invoiceNumber} onChange={(e) => set('invoiceNumber')(e.currentTarget.value)} />}
        </Field>
        <Field label="Amount" field="amount" feedback={feedback} editable={editable('amount')} className="col-sm-4">
          {(common) => <input {...common} inputMode="decimal" className={`${common.className} text-end`} value={draft.values.amount} onChange={(e) => set('amount')(sanitizeNumber(e.currentTarget.value))} />}
        </Field>
        <Field label="Description" field="description" feedback={feedback} editable={editable('description')} className="col-12">
          {(common) => <input {...common} maxLength={2000} value={draft.values.description} onChange={(e) => set('description')(e.currentTarget.value)} />}
        </Field>
      </div>

      <h3 className="h6">Items</h3>
      <FieldFeedback feedback={feedback} field="items" />
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-items>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr><th scope="col">Cost code</th><th scope="col">Description</th><th scope="col" className="text-end">Amount</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {draft.items.map((item, index) => {
              const line = index + 1;
              const field = (name: string) => `item:${item.key}.${name}`;
              const code = costCodes.find((c) => c.costCodeId === item.costCodeId);
              return (
                <tr key={item.key} data-item={line}>
                  <td style={{ minWidth: '352px' }}>
                    {itemsEditable ? (
                      <CostCodePicker costCodes={costCodes} budgetId={budgetId} costType={item.costType} costCodeId={item.costCodeId} label={`Line ${line}`}
                        invalid={fieldInvalid(feedback, field('costCodeId'))} onChange={(next) => setItem(item.key, { costType: next.costType, costCodeId: next.costCodeId })} />
                    ) : <span data-cost-code>{code ? `${code.codeDisplay ?? code.code} ${code.description}` : ''}</span>}
                    <FieldFeedback feedback={feedback} field={field('costCodeId')} />
                  </td>
                  <td>
                    <input className={`form-control form-control-sm${fieldInvalid(feedback, field('description')) ? ' is-invalid' : ''}`} aria-label={`Line ${line} description`}
                      value={item.description} disabled={!itemsEditable} data-field="description" maxLength={500}
                      onChange={(e) => setItem(item.key, { description: e.currentTarget.value })} />
                    <FieldFeedback feedback={feedback} field={field('description')} />
                  </td>
                  <td style={{ width: '176px' }}>
                    <input className={`form-control form-control-sm text-end${fieldInvalid(feedback, field('amount')) ? ' is-invalid' : ''}`} inputMode="decimal"
                      aria-label={`Line ${line} amount`} value={item.amount} disabled={!itemsEditable} data-field="amount"
                      onChange={(e) => setItem(item.key, { amount: sanitizeNumber(e.currentTarget.value) })} />
                    <FieldFeedback feedback={feedback} field={field('amount')} />
                  </td>
                  <td className="text-end">
                    {itemsEditable ? (
                      <button type="button" className="btn btn-sm border text-danger-emphasis" aria-label={`Remove line ${line}`}
                        onClick={() => setDraft((d) => ({ ...d, items: d.items.filter((i) => i.key !== item.key) }))}>Remove</button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
            {draft.items.length === 0 ? <tr><td colSpan={4} className="text-body-secondary">No items.</td></tr> : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>Items total{Math.round(itemsTotal * 100) !== Math.round(amount * 100) ? <span className="text-danger-emphasis fw-normal ms-2" data-mismatch>(the amount is {formatMoney(amount)})</span> : null}</th>
              <td className="text-end fw-semibold" data-items-total>{formatMoney(itemsTotal)}</td><td />
            </tr>
          </tfoot>
        </table>
      </div>
      {itemsEditable ? (
        <LabelledControl tooltip={WORKBENCH_TOOLTIPS.add} icon="add" className="btn btn-sm border text-primary-emphasis mb-3"
          onClick={() => setDraft((d) => ({ ...d, items: [...d.items, emptyItem()] }))}>Add item</LabelledControl>
      ) : null}
    </>
  );
}

interface FieldCommon {
  id: string;
  className: string;
  disabled: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
  'data-field': string;
}

function Field({ label, field, feedback, editable, className, select = false, children }: {
  label: string; field: string; feedback: FormFeedback; editable: boolean; className: string; select?: boolean; children(common: FieldCommon): ReactElement;
}) {
  const id = useId();
  const invalid = fieldInvalid(feedback, field);
  const common: FieldCommon = {
    id, className: `${select ? 'form-select' : 'form-control'} form-control-sm${invalid ? ' is-invalid' : ''}`, disabled: !editable,
    'aria-invalid': invalid || undefined, 'aria-describedby': `${id}-feedback`, 'data-field': field,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">{label}{editable ? null : <span className="visually-hidden"> (read-only)</span>}</label>
      {children(common)}
      <FieldFeedback feedback={feedback} field={field} id={`${id}-feedback`} />
    </div>
  );
}

/** The project's primary budget (the pfm-project lookup), when no budget was given. */
function useProjectBudget(projectId: number, budgetId: number): number {
  const [found, setFound] = useState(-1);
  useEffect(() => {
    if (budgetId > 0 || projectId < 1) return undefined;
    let live = true;
    loadProjectBudgetId(projectId).then(
      (budget) => { if (live && budget) setFound(budget); },
      (error: unknown) => console.error('Project failed to load', error),
    );
    return () => { live = false; };
  }, [projectId, budgetId]);
  return budgetId > 0 ? budgetId : found;
}

function NewDirectCost({ projectId, budgetId: givenBudget }: { projectId: number; budgetId: number }) {
  const budgetId = useProjectBudget(projectId, givenBudget);
  const costCodes = useCostCodes(budgetId);
  const [empty] = useState<Draft>(() => ({
    values: { directCostDate: today(), directCostTypeId: '', vendorId: '', invoiceNumber: '', description: '', amount: '' }, items: [emptyItem()],
  }));
  const [draft, setDraftState] = useState<Draft>(empty);
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useMemo(() => formFeedback(feedback), [feedback]);
  const setDraft = useCallback((update: (d: Draft) => Draft) => setDraftState(update), []);
  // A half-filled new direct cost survives a reload: kept while it differs from the empty form, offered back.
  const kept = useDraft<KeptDraft>({
    screen: 'wb-direct-cost', recordKey: 'DirectCost', recordId: 0, form: `new-${projectId}`, value: keptOf(draft), saved: keptOf(empty),
    enabled: projectId > 0, restore: (value) => setDraftState(draftFromKept(value, empty)),
  });
  // A Viewer on the project's team creates nothing: the line in place of Create (the server refuses it anyway).
  const projectWrite = useProjectWrite({ projectId });
  if (projectId < 1) return <div className="alert alert-warning m-3" role="alert">{DIRECT_COST_WB_TEXT.noProject}</div>;

  async function create(): Promise<void> {
    const local = checkDraft(draft);
    setFeedback(local);
    setProblem(null);
    if (local.length) return;
    setBusy(true);
    try {
      const created = await createDirectCost(projectId, givenBudget, valuesOf(draft), itemsOf(draft));
      kept.clear();
      showToast(DIRECT_COST_WB_TEXT.created(created.number), { variant: 'success' });
      openWorkbench('DirectCost', { recordKey: 'DirectCost', recordId: created.directCostId });
    } catch (error) {
      const items = feedbackForRows(feedbackFrom(error), draft.items);
      setFeedback(items);
      if (items.length === 0) setProblem(DIRECT_COST_WB_TEXT.saveFailed(errorWhy(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="direct-cost-workbench" data-workbench="new-direct-cost" noValidate onSubmit={(e) => { e.preventDefault(); if (projectWrite) void create(); }}>
      <h2 className="h5">New direct cost</h2>
      <p className="small text-body-secondary">An invoice, expense or payroll adjustment charged straight to the job. Attach the invoice under Files once it is created.</p>
      {kept.banner}
      {problem ? <div className="alert alert-warning" role="alert" data-problem>{problem}</div> : null}
      <ValidationSummary feedback={form} />
      <DirectCostForm draft={draft} setDraft={setDraft} editable={() => true} feedback={form} projectId={projectId} budgetId={budgetId}
        costCodes={costCodes} caption="Items of the new direct cost" />
      <div className="d-flex">
        <span className="ms-auto" />
        {projectWrite
          ? <button type="submit" className="btn btn-sm btn-primary" disabled={busy || budgetId < 1} data-create>{busy ? 'Creating…' : 'Create direct cost'}</button>
          : <ReadOnlyLine className="mb-0" />}
      </div>
    </form>
  );
}

const EDITABLE_FIELDS = ['directCostDate', 'directCostTypeId', 'vendorId', 'invoiceNumber', 'description', 'amount', 'items'];

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

function ExistingDirectCost({ recordId }: { recordId: number }) {
  const store = directCostStore();
  const record = useRecord(store, recordId);
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${recordId}#${attempt}`;
  const [result, setResult] = useState<{ key: string; load: Load } | null>(null);
  const load: Load = recordId < 1 ? { status: 'failed', message: DIRECT_COST_WB_TEXT.noRecord } : result?.key === requestKey ? result.load : { status: 'loading' };
  const [security, setSecurity] = useState<{ stateId: number; security: FieldSecurity } | null>(null);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState<{ text: string; stale?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = useStore($roles);
  const rolesStatus = useStore($rolesStatus);
  const form = useMemo(() => formFeedback(feedback), [feedback]);
  const setDraft = useCallback((update: (d: Draft) => Draft) => setDraftState((d) => (d ? update(d) : d)), []);

  useEffect(() => {
    if (recordId < 1) return undefined;
    const abort = new AbortController();
    const setLoad = (next: Load) => setResult({ key: requestKey, load: next });
    loadDirectCost(recordId, abort.signal).then(
      (loaded) => {
        if (abort.signal.aborted) return;
        if (!loaded) return setLoad({ status: 'failed', message: DIRECT_COST_WB_TEXT.notFound(recordId) });
        setDraftState((current) => current ?? draftOf(loaded));
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(`Direct cost ${recordId} failed to load`, error);
        const message = error instanceof ApiError && error.status === 404 ? DIRECT_COST_WB_TEXT.notFound(recordId)
          : error instanceof ApiError && error.status === 403 ? DIRECT_COST_WB_TEXT.noAccess : DIRECT_COST_WB_TEXT.loadFailed;
        setLoad({ status: 'failed', message });
      },
    );
    return () => abort.abort();
  }, [recordId, requestKey]);

  const stateId = record?.applicationRecordStateId;
  useEffect(() => {
    if (stateId === undefined) return undefined;
    let live = true;
    loadFieldSecurity(stateId).then((answer) => {
      if (live) setSecurity({ stateId, security: answer ?? { lookupApplicationRecordStateId: stateId, fields: [] } });
    }, (error: unknown) => console.error('Field security failed to load', error));
    return () => { live = false; };
  }, [stateId]);
  const fieldSecurity = security && security.stateId === stateId ? security.security : null;
  const costCodes = useCostCodes(record?.budgetId);
  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.vendorName ?? ''}`.trim() : undefined);
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const editable = useCallback((field: string) => projectWrite && fieldEditable(fieldSecurity, field), [projectWrite, fieldSecurity]);
  const anyEditable = EDITABLE_FIELDS.some(editable);
  // Unsaved edits survive a reload: kept while they differ from the record, offered back on opening.
  const hasDraft = draft !== null;
  const saved = useMemo(() => (record && hasDraft ? keptOf(draftOf(record)) : undefined), [record, hasDraft]);
  const kept = useDraft<KeptDraft>({
    screen: 'wb-direct-cost', recordKey: 'DirectCost', recordId, value: draft ? keptOf(draft) : undefined, saved,
    enabled: fieldSecurity !== null && anyEditable, restore: (value) => { if (record) setDraftState(draftFromKept(value, draftOf(record))); },
  });

  if (load.status === 'failed') {
    return (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
        <span>{load.message}</span>
        {recordId > 0 ? <button type="button" className="btn btn-sm border text-danger-emphasis" onClick={() => setAttempt((n) => n + 1)}>Retry</button> : null}
      </div>
    );
  }
  if (!record || !draft || !security) {
    return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{DIRECT_COST_WB_TEXT.loading}</div>;
  }

  async function save(): Promise<void> {
    if (!record || !draft) return;
    const local = checkDraft(draft);
    setFeedback(local);
    setProblem(null);
    if (local.length) return;
    setBusy(true);
    try {
      const saved = await saveDirectCost(record, valuesOf(draft), itemsOf(draft));
      setDraftState(draftOf(saved));
      showToast(DIRECT_COST_WB_TEXT.saved(saved.number), { variant: 'success' });
    } catch (error) {
      const items = feedbackForRows(feedbackFrom(error), draft.items);
      setFeedback(items);
      if (error instanceof ApiError && error.status === 409) setProblem({ text: DIRECT_COST_WB_TEXT.stale, stale: true });
      else if (items.length === 0) setProblem({ text: DIRECT_COST_WB_TEXT.saveFailed(errorWhy(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function advance(target: DirectCostTarget): Promise<void> {
    if (!record) return;
    const move = directCostMoveLabel(record.recordStateName, target.name);
    if (moveNeedsApprover(record.recordStateName, target.name) && rolesStatus === 'loaded' && !isDirectCostApprover(roles)) {
      void showMessage({ title: 'State not changed', message: DIRECT_COST_TEXT.approverOnly(move), buttons: ['ok'] });
      return;
    }
    let reason: string | undefined;
    if (isReviseAndResubmit(record.recordStateName, target.name)) {
      const answer = await showPrompt({
        title: `${move}: ${record.number}`, message: DIRECT_COST_WB_TEXT.reasonPrompt, input: 'textarea', inputLabel: 'Reason',
        buttons: ['cancel', 'ok'], labels: { ok: 'Send back' },
      });
      if (answer.result !== true) return;
      reason = answer.text.trim();
      if (reason === '' || reason.length > REASON_MAX) {
        void showMessage({ title: 'State not changed', message: reason === '' ? DIRECT_COST_TEXT.reasonRequired : DIRECT_COST_TEXT.reasonTooLong, buttons: ['ok'] });
        return;
      }
    }
    setBusy(true);
    setProblem(null);
    try {
      const moved = await advanceDirectCost(record, target, reason);
      setDraftState(draftOf(moved));
      showToast(`${record.number} is now ${target.name}.`, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setProblem({ text: DIRECT_COST_WB_TEXT.stale, stale: true });
      else if (!(error instanceof ApiError && error.status === 400 && (error.body as { autoAlert?: boolean } | undefined)?.autoAlert)) {
        // A 400 autoAlert has shown 'Request Failed' already.
        void showMessage({ title: 'State not changed', message: `${record.number} stays ${record.recordStateName}: ${errorWhy(error)}`, buttons: ['ok'] });
      }
    } finally {
      setBusy(false);
    }
  }

  const reload = () => {
    setDraftState(null);
    setProblem(null);
    setFeedback([]);
    store.remove(recordId);
    setAttempt((n) => n + 1);
  };
  const isDraft = record.recordStateName === DIRECT_COST_STATE.draft;
  const isPending = record.recordStateName === DIRECT_COST_STATE.pending;

  return (
    <div ref={root} className="direct-cost-workbench" data-kind="DirectCost" data-record-id={recordId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        {record.vendorName ? <span className="text-body-secondary" data-vendor>{record.vendorName}</span> : null}
        <span className="text-body-secondary" data-date>{formatDate(record.directCostDate)}</span>
        <RecordStateBadge state={record.recordStateName} tone={record.closed ? 'secondary' : 'primary'} data-state-name />
        <span className="fw-semibold ms-2" data-amount>{formatMoney(record.amount)}</span>
        <span className="ms-auto" />
        {projectWrite ? (
          <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: 'DirectCost', recordId: record.directCostId }} onSelect={(a) => void advance(a.targetApplicationRecordState)} disabled={busy}
            label="Change state" ariaLabel={`Change state of ${record.number}`}
            labelOf={(a) => directCostMoveLabel(record.recordStateName, a.targetApplicationRecordState.name)} />
        ) : null}
      </div>

      {isDraft && record.reviseReason ? (
        <div className="alert alert-warning" role="note" data-revise-reason>
          <div className="fw-semibold">{DIRECT_COST_WB_TEXT.sentBack(record.revisedByName ?? '', formatDateTime(record.revisedAt))}</div>
          <div style={{ whiteSpace: 'pre-wrap' }} data-reason-text>{record.reviseReason}</div>
        </div>
      ) : null}
      {isPending ? <p className="small text-body-secondary" data-pending>{DIRECT_COST_WB_TEXT.pending(record.submittedByName ?? '', formatDateTime(record.submittedAt))}</p> : null}
      {problem ? (
        <div className="alert alert-warning d-flex align-items-center gap-3" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.stale ? <button type="button" className="btn btn-sm border text-body" onClick={reload}>Reload</button> : null}
        </div>
      ) : null}
      {anyEditable ? kept.banner : null}
      <ValidationSummary feedback={form} />
      {!projectWrite ? <ReadOnlyLine /> : !anyEditable ? <p className="text-body-secondary small" data-read-only>{DIRECT_COST_WB_TEXT.readOnly(record.recordStateName)}</p> : null}

      <form onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <DirectCostForm draft={draft} setDraft={setDraft} editable={editable} feedback={form} projectId={record.projectId} budgetId={record.budgetId}
          costCodes={costCodes} caption={`Items of ${record.number}`} />
        {anyEditable ? (
          <div className="d-flex flex-wrap gap-2 mb-3">
            <span className="ms-auto" />
            <button type="button" className="btn btn-sm border text-body" disabled={busy} onClick={() => { setDraftState(draftOf(record)); setFeedback([]); setProblem(null); }}>Discard changes</button>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-save>{busy ? 'Saving…' : 'Save'}</button>
          </div>
        ) : null}
      </form>
      <FilesPanel recordKey="DirectCost" recordId={recordId} onChanged={() => undefined} />
    </div>
  );
}
