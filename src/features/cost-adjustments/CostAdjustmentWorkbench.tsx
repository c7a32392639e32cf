/**
 * The Cost Adjustment workbench body: header fields under the field security of the record's state
 * (§6), items with the §5 cost-code picker (by cost type and budget) and signed amounts, reference
 * documents (upload through the file-form call, download through the blob call under the server's
 * filename), state advancement with the server's targets, and §5 feedback per field. A failed save
 * keeps every typed value and says why; a refused post shows the server's reason.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ApiError } from '../../core/api';
import { itemsNet, postRefusal } from '../../core/cost-adjustments';
import { lookupList } from '../../core/lookups';
import { showMessage, showToast } from '../../core/messages';
import { formatCostCode, formatMoney, parseNumber, sanitizeNumber } from '../../core/format';
import {
  FieldFeedback, RecordStateBadge, StateAdvanceMenu, ValidationSummary, feedbackFrom, fieldInvalid, fieldVisible, formFeedback, loadFieldSecurity, useRecord, useWorkbenchRecordName,
  type FeedbackItem, type FieldSecurity,
} from '../../ui/records';
import { useDraft } from '../../ui/drafts';
import { CostCodePicker, loadCostCodes, type CostCodeRow } from '../budget-lines';
import { contractFieldEditable } from '../commitments';
import {
  advanceCostAdjustment, costAdjustmentStore, isUnreconciled, loadCostAdjustment, saveCostAdjustment, shownAmount,
  type CostAdjustment, type ItemEdit,
} from './data';
import { ReferenceDocuments } from './ReferenceDocuments';
import { LabelledControl } from '../../ui/workbench';
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';

/** Texts the workbench shows; tests read them. */
export const CA_TEXT = {
  notFound: (id: number) => `Cost adjustment ${id} was not found.`,
  noAccess: 'You do not have access to this cost adjustment. Cost adjustments are for PFM Admin, Project Manager and RPM roles.',
  loadFailed: 'The cost adjustment could not be loaded.',
  noRecord: 'No cost adjustment was given.',
  saved: (number: string) => `${number} saved.`,
  saveFailed: (why: string) => `The cost adjustment was not saved (${why}). Your changes are still here: correct them or try again.`,
  stale: 'Someone else changed this cost adjustment’s state since you opened it. Reload it to see the current record; your typed values are still here.',
  nothingToSave: 'Nothing to save: no field was changed.',
  amountNotNumber: (line: number) => `Line ${line}: the amount must be a number.`,
  costCodeMissing: (line: number) => `Line ${line}: choose a cost code of this budget.`,
  headerAmount: 'The amount must be a number.',
  descriptionRequired: 'A description is required.',
  readOnly: (state: string) => `This cost adjustment is read-only in its state (${state}).`,
  unreconciled: 'Unreconciled',
} as const;

const HEADER = ['description', 'costAdjustmentReasonId', 'adjustmentDate', 'amount', 'transfer'] as const;
type HeaderName = (typeof HEADER)[number];

interface ItemDraft {
  key: string;
  itemId: number | null;
  costType: string;
  costCodeId: number | null;
  description: string;
  amount: string;
  deleted: boolean;
}

interface Draft {
  header: Record<HeaderName, string>;
  items: ItemDraft[];
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

function headerOf(record: CostAdjustment): Record<HeaderName, string> {
  return {
    description: record.description ?? '', costAdjustmentReasonId: String(record.costAdjustmentReasonId ?? ''), adjustmentDate: record.adjustmentDate ?? '',
    amount: sanitizeNumber(record.amount), transfer: record.transfer ? 'true' : 'false',
  };
}

function draftFrom(record: CostAdjustment): Draft {
  return {
    header: headerOf(record),
    items: (record.items ?? []).map((item) => ({
      key: `item-${item.costAdjustmentItemId}`, itemId: item.costAdjustmentItemId, costType: String(item.costType ?? ''), costCodeId: item.costCodeId,
      description: item.description ?? '', amount: sanitizeNumber(item.amount), deleted: false,
    })),
  };
}

/** Item rows that differ from the record (new, changed or deleted). */
function changedItems(record: CostAdjustment, items: readonly ItemDraft[]): ItemDraft[] {
  const saved = new Map(draftFrom(record).items.map((item) => [item.key, item]));
  return items.filter((item) => {
    if (item.itemId === null) return !item.deleted;
    const before = saved.get(item.key);
    return item.deleted || !before || before.costCodeId !== item.costCodeId || before.description !== item.description
      || parseNumber(before.amount) !== parseNumber(item.amount);
  });
}

/** Server feedback names items by their index in the save: point them at the rows. */
function feedbackForRows(items: readonly FeedbackItem[], sent: readonly ItemDraft[]): FeedbackItem[] {
  return items.map((item) => {
    const match = /^items\[(\d+)\]\.(\w+)$/i.exec(item.stringValue);
    const row = match ? sent[Number(match[1])] : undefined;
    return row ? { ...item, stringValue: `item:${row.key}.${match![2]}` } : item;
  });
}

const errorWhy = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

/** The workbench body for cost adjustment `recordId`. */
export function CostAdjustmentWorkbench({ recordId }: { recordId: number }) {
  const store = costAdjustmentStore();
  const record = useRecord(store, recordId);
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${recordId}#${attempt}`;
  const [result, setResult] = useState<{ key: string; load: Load } | null>(null);
  const load: Load = recordId < 1 ? { status: 'failed', message: CA_TEXT.noRecord } : result?.key === requestKey ? result.load : { status: 'loading' };
  const [security, setSecurity] = useState<{ stateId: number; security: FieldSecurity } | null>(null);
  const [costCodes, setCostCodes] = useState<CostCodeRow[]>([]);
  const [reasons, setReasons] = useState<Array<{ costAdjustmentReasonId: number; displayText?: string; name?: string }>>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState<{ text: string; stale?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  useEffect(() => {
    if (recordId < 1) return undefined;
    const abort = new AbortController();
    const setLoad = (next: Load) => setResult({ key: requestKey, load: next });
    loadCostAdjustment(recordId, abort.signal).then(
      (loaded) => {
        if (abort.signal.aborted) return;
        setDraft((current) => current ?? draftFrom(loaded));
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(`Cost adjustment ${recordId} failed to load`, error);
        const message = error instanceof ApiError && error.status === 404 ? CA_TEXT.notFound(recordId)
          : error instanceof ApiError && error.status === 403 ? CA_TEXT.noAccess
            : error instanceof Error && /was not found/.test(error.message) ? CA_TEXT.notFound(recordId) : CA_TEXT.loadFailed;
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
    });
    return () => { live = false; };
  }, [stateId]);
  const fieldSecurity = security && security.stateId === stateId ? security.security : null;

  const budgetId = record?.budgetId;
  useEffect(() => {
    if (!budgetId || budgetId < 1) return undefined;
    const abort = new AbortController();
    loadCostCodes(budgetId, abort.signal).then(setCostCodes, (error: unknown) => {
      if (!abort.signal.aborted) console.error('Cost codes failed to load', error);
    });
    return () => abort.abort();
  }, [budgetId]);

  useEffect(() => {
    void lookupList<{ costAdjustmentReasonId: number; displayText?: string; name?: string }>('costAdjustmentReason').then(setReasons);
  }, []);

  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.description}`.trim() : undefined);
  const closed = record?.closed === true;
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const editable = useCallback((field: string) => projectWrite && contractFieldEditable(fieldSecurity, closed, field), [projectWrite, fieldSecurity, closed]);
  const form = useMemo(() => formFeedback(feedback), [feedback]);
  const anyEditable = HEADER.some((field) => editable(field)) || editable('items');
  // Unsaved edits survive a reload: kept while they differ from the record, offered back on opening.
  const hasDraft = draft !== null;
  const saved = useMemo(() => (record && hasDraft ? draftFrom(record) : undefined), [record, hasDraft]);
  const kept = useDraft<Draft>({
    screen: 'wb-cost-adjustment', recordKey: 'CostAdjustment', recordId, value: draft ?? undefined, saved, enabled: fieldSecurity !== null && anyEditable,
    restore: (value) => {
      if (!value || typeof value.header !== 'object' || !Array.isArray(value.items)) return;
      // New rows get fresh keys: this page's counter started again.
      setDraft({ header: value.header, items: value.items.map((item) => (item.itemId === null ? { ...item, key: newKey() } : item)) });
    },
  });

  if (load.status === 'failed') {
    return (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
        <span>{load.message}</span>
        {recordId > 0 ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setAttempt((n) => n + 1)}>Retry</button> : null}
      </div>
    );
  }
  if (!record || !draft || !security) {
    return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>Loading cost adjustment…</div>;
  }

  const itemsEditable = editable('items');
  const setHeader = (name: HeaderName, value: string) => setDraft((d) => d && { ...d, header: { ...d.header, [name]: value } });
  const setItem = (key: string, change: Partial<ItemDraft>) =>
    setDraft((d) => d && { ...d, items: d.items.map((item) => (item.key === key ? { ...item, ...change } : item)) });

  async function save(): Promise<void> {
    if (!record || !draft) return;
    const sent = changedItems(record, draft.items);
    const local: FeedbackItem[] = [];
    if (draft.header.description.trim() === '') local.push({ integerValue: 1, stringValue: 'description', message: CA_TEXT.descriptionRequired });
    if (parseNumber(draft.header.amount) === null) local.push({ integerValue: 1, stringValue: 'amount', message: CA_TEXT.headerAmount });
    for (const item of sent) {
      if (item.deleted) continue;
      const line = draft.items.filter((i) => !i.deleted).indexOf(item) + 1;
      if (item.costCodeId === null) local.push({ integerValue: 1, stringValue: `item:${item.key}.costCodeId`, message: CA_TEXT.costCodeMissing(line) });
      if (parseNumber(item.amount) === null) local.push({ integerValue: 1, stringValue: `item:${item.key}.amount`, message: CA_TEXT.amountNotNumber(line) });
    }
    if (local.length) {
      setFeedback(local);
      return;
    }
    const before = headerOf(record);
    const header = Object.fromEntries(HEADER.filter((f) => draft.header[f] !== before[f]).map((f) => [f, draft.header[f]]));
    if (Object.keys(header).length === 0 && sent.length === 0) {
      setFeedback([{ integerValue: 1, stringValue: '', message: CA_TEXT.nothingToSave }]);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const edits: ItemEdit[] = sent.map((item) => ({
        itemId: item.itemId, costCodeId: item.costCodeId, description: item.description.trim(), amount: sanitizeNumber(item.amount), deleted: item.deleted,
      }));
      const answer = await saveCostAdjustment(record, header, edits);
      setDraft(draftFrom(answer.record));
      setFeedback(answer.feedback ?? []);
      showToast(CA_TEXT.saved(record.number), { variant: 'success' });
    } catch (error) {
      const items = feedbackForRows(feedbackFrom(error), sent);
      setFeedback(items);
      if (error instanceof ApiError && error.status === 409) setProblem({ text: CA_TEXT.stale, stale: true });
      else if (items.length === 0) setProblem({ text: CA_TEXT.saveFailed(errorWhy(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function advance(target: { applicationRecordStateId: number; name: string; closed: boolean }): Promise<void> {
    if (!record) return;
    setBusy(true);
    setProblem(null);
    try {
      await advanceCostAdjustment(record, target);
      showToast(`${record.number} is now ${target.name}.`, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setProblem({ text: CA_TEXT.stale, stale: true });
      } else if (error instanceof ApiError && error.status === 400) {
        // The 'Request Failed' box shows the server's reason; keep it beside the form too.
        const body = error.body as { message?: unknown } | undefined;
        setProblem({ text: typeof body?.message === 'string' && body.message ? body.message : `${record.number} stays ${record.recordStateName}.` });
      } else {
        void showMessage({ title: 'State not changed', message: `${record.number} stays ${record.recordStateName}: ${errorWhy(error)}`, buttons: ['ok'] });
      }
    } finally {
      setBusy(false);
    }
  }

  const reload = () => {
    setDraft(null);
    setProblem(null);
    setFeedback([]);
    store.remove(recordId);
    setAttempt((n) => n + 1);
  };

  const shownItems = draft.items.filter((item) => !item.deleted);
  const net = itemsNet(shownItems.map((item) => ({ amount: parseNumber(item.amount) ?? 0 })));
  const draftRefusal = postRefusal(
    { number: record.number, amount: parseNumber(draft.header.amount) ?? 0, transfer: draft.header.transfer === 'true' },
    shownItems.map((item, index) => ({ costAdjustmentItemId: item.itemId ?? index + 1, amount: parseNumber(item.amount) ?? 0 })),
  );
  const reasonOptions = reasons.map((r) => ({ value: String(r.costAdjustmentReasonId), label: r.displayText ?? r.name ?? String(r.costAdjustmentReasonId) }));
  const fieldId = (name: string) => `${ids}-${name}`;
  const label = (name: string, text: string) => (
    <label htmlFor={fieldId(name)} className="form-label small mb-1">{text}{editable(name) ? null : <span className="text-body-secondary"> (read-only)</span>}</label>
  );
  const control = (name: HeaderName) => ({
    id: fieldId(name), 'data-field': name, 'aria-invalid': fieldInvalid(form, name) || undefined, 'aria-describedby': `${fieldId(name)}-feedback`,
    disabled: !editable(name),
  });

  return (
    <div ref={root} className="cost-adjustment-workbench" data-record-id={recordId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        <RecordStateBadge state={record.recordStateName} tone={closed ? 'secondary' : 'primary'} data-state-name />
        {isUnreconciled(record) ? <span className="badge text-bg-warning" data-unreconciled>{CA_TEXT.unreconciled}</span> : null}
        {record.transfer ? <span className="badge text-bg-info" data-transfer>Transfer</span> : null}
        <span className="ms-auto" />
        {projectWrite ? (
          <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: 'CostAdjustment', recordId }} onSelect={(a) => void advance(a.targetApplicationRecordState)} disabled={busy}
            label="Change state" ariaLabel={`Change state of ${record.number}`} />
        ) : null}
      </div>
      <dl className="row small mb-3">
        <dt className="col-sm-3">Amount</dt><dd className="col-sm-3" data-amount>{formatMoney(shownAmount(record))}</dd>
        <dt className="col-sm-3">Items net</dt><dd className="col-sm-3" data-items-net-saved>{formatMoney(itemsNet(record.items ?? []))}</dd>
      </dl>

      {problem ? (
        <div className="alert alert-warning d-flex align-items-center gap-3" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.stale ? <button type="button" className="btn btn-sm border text-body" onClick={reload}>Reload</button> : null}
        </div>
      ) : null}
      {anyEditable ? kept.banner : null}
      <ValidationSummary feedback={form} />
      {!projectWrite ? <ReadOnlyLine /> : !anyEditable ? <p className="text-body-secondary small" data-read-only>{CA_TEXT.readOnly(record.recordStateName)}</p> : null}

      <form onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <div className="row g-3 mb-3">
          {fieldVisible(fieldSecurity, 'description') ? (
            <div className="col-12">
              {label('description', 'Description')}
              <input {...control('description')} className={`form-control form-control-sm${fieldInvalid(form, 'description') ? ' is-invalid' : ''}`}
                value={draft.header.description} onChange={(e) => setHeader('description', e.currentTarget.value)} />
              <FieldFeedback feedback={form} field="description" id={`${fieldId('description')}-feedback`} />
            </div>
          ) : null}
          {fieldVisible(fieldSecurity, 'costAdjustmentReasonId') ? (
            <div className="col-sm-4">
              {label('costAdjustmentReasonId', 'Reason')}
              <select {...control('costAdjustmentReasonId')} className={`form-select form-select-sm${fieldInvalid(form, 'costAdjustmentReasonId') ? ' is-invalid' : ''}`}
                value={draft.header.costAdjustmentReasonId} onChange={(e) => setHeader('costAdjustmentReasonId', e.currentTarget.value)}>
                {reasonOptions.some((o) => o.value === draft.header.costAdjustmentReasonId) ? null : <option value={draft.header.costAdjustmentReasonId}>{draft.header.costAdjustmentReasonId ? `Reason ${draft.header.costAdjustmentReasonId}` : ''}</option>}
                {reasonOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
              <FieldFeedback feedback={form} field="costAdjustmentReasonId" id={`${fieldId('costAdjustmentReasonId')}-feedback`} />
            </div>
          ) : null}
          {fieldVisible(fieldSecurity, 'adjustmentDate') ? (
            <div className="col-sm-4">
              {label('adjustmentDate', 'Date')}
              <input {...control('adjustmentDate')} type="date" className={`form-control form-control-sm${fieldInvalid(form, 'adjustmentDate') ? ' is-invalid' : ''}`}
                value={draft.header.adjustmentDate} onChange={(e) => setHeader('adjustmentDate', e.currentTarget.value)} />
              <FieldFeedback feedback={form} field="adjustmentDate" id={`${fieldId('adjustmentDate')}-feedback`} />
            </div>
          ) : null}
          {fieldVisible(fieldSecurity, 'amount') ? (
            <div className="col-sm-4">
              {label('amount', 'Amount')}
              <input {...control('amount')} inputMode="decimal" className={`form-control form-control-sm text-end${fieldInvalid(form, 'amount') ? ' is-invalid' : ''}`}
                value={draft.header.amount} onChange={(e) => setHeader('amount', sanitizeNumber(e.currentTarget.value))} />
              <FieldFeedback feedback={form} field="amount" id={`${fieldId('amount')}-feedback`} />
            </div>
          ) : null}
          {fieldVisible(fieldSecurity, 'transfer') ? (
            <div className="col-12">
              <div className="form-check">
                <input {...control('transfer')} type="checkbox" className="form-check-input" checked={draft.header.transfer === 'true'}
                  onChange={(e) => setHeader('transfer', e.currentTarget.checked ? 'true' : 'false')} />
                <label htmlFor={fieldId('transfer')} className="form-check-label small">Moves budget between lines (the items must net to zero)</label>
              </div>
              <FieldFeedback feedback={form} field="transfer" id={`${fieldId('transfer')}-feedback`} />
            </div>
          ) : null}
        </div>

        <h3 className="h6">Items</h3>
        <FieldFeedback feedback={form} field="items" />
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-items>
            <caption className="visually-hidden">Items of {record.number}</caption>
            <thead>
              <tr><th scope="col">Cost code</th><th scope="col">Description</th><th scope="col" className="text-end">Amount</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
            </thead>
            <tbody>
              {shownItems.map((item, index) => {
                const line = index + 1;
                const field = (name: string) => `item:${item.key}.${name}`;
                const code = costCodes.find((c) => c.costCodeId === item.costCodeId);
                const savedItem = (record.items ?? []).find((i) => i.costCodeId === item.costCodeId);
                return (
                  <tr key={item.key} data-item={item.itemId ?? 'new'}>
                    <td style={{ minWidth: '352px' }}>
                      {itemsEditable ? (
                        <CostCodePicker costCodes={costCodes} budgetId={record.budgetId} costType={item.costType} costCodeId={item.costCodeId}
                          label={`Line ${line}`} invalid={fieldInvalid(form, field('costCodeId'))}
                          onChange={(next) => setItem(item.key, { costType: next.costType, costCodeId: next.costCodeId })} />
                      ) : (
                        <span data-cost-code>{code ? `${formatCostCode(code.code)} ${code.description}` : formatCostCode(String(savedItem?.costCode ?? ''))}</span>
                      )}
                      <FieldFeedback feedback={form} field={field('costCodeId')} />
                    </td>
                    <td>
                      <input className="form-control form-control-sm" aria-label={`Line ${line} description`} value={item.description}
                        readOnly={!itemsEditable} disabled={!itemsEditable} data-field="description" onChange={(e) => setItem(item.key, { description: e.currentTarget.value })} />
                      <FieldFeedback feedback={form} field={field('description')} />
                    </td>
                    <td style={{ width: '176px' }}>
                      <input className={`form-control form-control-sm text-end${fieldInvalid(form, field('amount')) ? ' is-invalid' : ''}`} inputMode="decimal"
                        aria-label={`Line ${line} amount`} value={item.amount} readOnly={!itemsEditable} disabled={!itemsEditable} data-field="amount"
                        onChange={(e) => setItem(item.key, { amount: sanitizeNumber(e.currentTarget.value) })} />
                      <FieldFeedback feedback={form} field={field('amount')} />
                    </td>
                    <td className="text-end">
                      {itemsEditable ? (
                        <button type="button" className="btn btn-sm border text-danger-emphasis" aria-label={`Remove line ${line}`}
                          onClick={() => (item.itemId === null ? setDraft((d) => d && { ...d, items: d.items.filter((i) => i.key !== item.key) }) : setItem(item.key, { deleted: true }))}>
                          Remove
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
              {shownItems.length === 0 ? <tr><td colSpan={4} className="text-body-secondary">No items.</td></tr> : null}
            </tbody>
            <tfoot>
              <tr><th scope="row" colSpan={2}>Net</th><td className="text-end fw-semibold" data-items-net>{formatMoney(net)}</td><td /></tr>
            </tfoot>
          </table>
        </div>
        {draftRefusal && !closed ? <p className="small text-warning-emphasis" data-post-check>Before posting: {draftRefusal}</p> : null}
        <div className="d-flex flex-wrap gap-2">
          {itemsEditable ? (
            <LabelledControl tooltip={WORKBENCH_TOOLTIPS.add} icon="add" className="btn btn-sm border text-body" data-add-item onClick={() => setDraft((d) => d && {
              ...d, items: [...d.items, { key: newKey(), itemId: null, costType: '', costCodeId: null, description: '', amount: '', deleted: false }],
            })}>Add item</LabelledControl>
          ) : null}
          <span className="ms-auto" />
          {projectWrite ? (
            <>
              <button type="button" className="btn btn-sm border text-body" disabled={busy} onClick={() => { setDraft(draftFrom(record)); setFeedback([]); setProblem(null); }}>Discard changes</button>
              <button type="submit" className="btn btn-sm btn-primary" disabled={busy || !anyEditable} data-save>{busy ? 'Saving…' : 'Save'}</button>
            </>
          ) : null}
        </div>
      </form>

      <ReferenceDocuments record={record} />
    </div>
  );
}
