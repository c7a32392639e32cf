/**
 * The body of the five commitment workbenches (Subcontract, Subcontract Change Order, Purchase
 * Agreement, Purchase Agreement Change Order, Purchase Order): header fields, items with the §5
 * cost-code picker and the number rule, state advancement with the server's targets, and §5
 * validation feedback. Field security of the record's state decides what is editable (§6). A failed
 * save keeps every typed value and says why.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { alertedByServer, ApiError } from '../../core/api';
import { canSendForSignature } from '../../core/esign';
import { routePath } from '../../core/router';
import { lookupList } from '../../core/lookups';
import { showMessage, showToast } from '../../core/messages';
import { EXCESS_LIABILITY_OPTIONS, formatCostCode, formatMoney, parseNumber, RETAINAGE_OPTIONS, sanitizeNumber } from '../../core/format';
import {
  FieldFeedback, RecordStateBadge, StateAdvanceMenu, ValidationSummary, feedbackFrom, fieldInvalid, fieldVisible, formFeedback, loadFieldSecurity, useRecord, useWorkbenchRecordName,
  type FeedbackItem, type FieldSecurity,
} from '../../ui/records';
import { GateRefusal, SraGateLine, gateRefusalOf } from '../risk';
import { CostCodePicker, loadCostCodes, type CostCodeRow } from '../budget-lines';
import {
  advanceContract, commitmentAmounts, contractFieldEditable, contractStore, KINDS, loadContract, saveContract,
  type CommitmentKey, type ContractRecord, type HeaderField, type ItemEdit,
} from './data';
import { LabelledControl } from '../../ui/workbench';
import { useDraft } from '../../ui/drafts';
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';

/** Texts the workbench shows; tests read them. */
export const WORKBENCH_TEXT = {
  notFound: (label: string, id: number) => `${label} ${id} was not found.`,
  noAccess: 'You do not have access to this record. Commitments are for PFM Admin, Project Manager and RPM roles.',
  loadFailed: (label: string) => `The ${label.toLowerCase()} could not be loaded.`,
  noRecord: 'No record was given.',
  saved: (label: string) => `${label} saved.`,
  saveFailed: (label: string, why: string) => `The ${label.toLowerCase()} was not saved (${why}). Your changes are still here: correct them or try again.`,
  stale: (label: string) => `Someone else changed this ${label.toLowerCase()}'s state since you opened it. Reload it to see the current record; your typed values are still here.`,
  nothingToSave: 'Nothing to save: no field was changed.',
  amountNotNumber: (line: number) => `Line ${line}: the amount must be a number.`,
  costCodeMissing: (line: number) => `Line ${line}: choose a cost code of this budget.`,
  descriptionMissing: (line: number) => `Line ${line}: a description of at most 500 characters is required.`,
  descriptionRequired: 'A description is required.',
} as const;

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
  header: Record<string, string>;
  items: ItemDraft[];
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

function headerValue(record: ContractRecord, field: HeaderField): string {
  const value = record[field.name];
  if (value === null || value === undefined) return '';
  return String(value);
}

function draftFrom(key: CommitmentKey, record: ContractRecord): Draft {
  const spec = KINDS[key];
  const header = Object.fromEntries(spec.header.map((field) => [field.name, headerValue(record, field)]));
  const items = (record.items ?? []).map((item): ItemDraft => ({
    key: `item-${String(item[spec.itemIdField!])}`, itemId: Number(item[spec.itemIdField!]), costType: String(item.costType ?? ''),
    costCodeId: item.costCodeId, description: item.description, amount: sanitizeNumber(item.amount), deleted: false,
  }));
  return { header, items };
}

/** The item rows that differ from the record (new, changed or deleted). */
function changedItems(key: CommitmentKey, record: ContractRecord, items: readonly ItemDraft[]): ItemDraft[] {
  const saved = new Map(draftFrom(key, record).items.map((item) => [item.key, item]));
  return items.filter((item) => {
    if (item.itemId === null) return !item.deleted;
    const before = saved.get(item.key);
    return item.deleted || !before || before.costCodeId !== item.costCodeId || before.description !== item.description
      || parseNumber(before.amount) !== parseNumber(item.amount);
  });
}

/** The §5 checks the browser can make before sending (the server makes them again). */
function checkItems(items: readonly ItemDraft[], sent: readonly ItemDraft[], header: Record<string, string>, hasDescription: boolean): FeedbackItem[] {
  const feedback: FeedbackItem[] = [];
  if (hasDescription && header.description !== undefined && header.description.trim() === '') {
    feedback.push({ integerValue: 1, stringValue: 'description', message: WORKBENCH_TEXT.descriptionRequired });
  }
  for (const item of sent) {
    if (item.deleted) continue;
    const line = items.indexOf(item) + 1;
    const field = (name: string) => `item:${item.key}.${name}`;
    if (item.costCodeId === null) feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: WORKBENCH_TEXT.costCodeMissing(line) });
    if (item.description.trim() === '' || item.description.trim().length > 500) {
      feedback.push({ integerValue: 1, stringValue: field('description'), message: WORKBENCH_TEXT.descriptionMissing(line) });
    }
    if (parseNumber(item.amount) === null) feedback.push({ integerValue: 1, stringValue: field('amount'), message: WORKBENCH_TEXT.amountNotNumber(line) });
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

const errorWhy = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

export interface CommitmentWorkbenchProps {
  kind: CommitmentKey;
  recordId: number;
}

/** The workbench body for one commitment or commitment change order. */
export function CommitmentWorkbench({ kind, recordId }: CommitmentWorkbenchProps) {
  const spec = KINDS[kind];
  const store = contractStore(spec);
  const record = useRecord(store, recordId);
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${kind}:${recordId}#${attempt}`;
  const [result, setResult] = useState<{ key: string; load: Load } | null>(null);
  const load: Load = recordId < 1 ? { status: 'failed', message: WORKBENCH_TEXT.noRecord } : result?.key === requestKey ? result.load : { status: 'loading' };
  const [security, setSecurity] = useState<{ stateId: number; security: FieldSecurity } | null>(null);
  const [costCodes, setCostCodes] = useState<CostCodeRow[]>([]);
  const [subcontractTypes, setSubcontractTypes] = useState<Array<{ subcontractTypeId: number; displayText?: string; name?: string }>>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState<{ text: string; stale?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // The SRA gate (Subcontract): a refused advance's message and start link; the status line reloads after each advance.
  const [gateRefusal, setGateRefusal] = useState<ReturnType<typeof gateRefusalOf>>(null);
  const [gateRefresh, setGateRefresh] = useState(0);
  const formId = useId();

  useEffect(() => {
    if (recordId < 1) return undefined;
    const abort = new AbortController();
    const setLoad = (next: Load) => setResult({ key: requestKey, load: next });
    loadContract(spec, recordId, abort.signal).then(
      (loaded) => {
        if (abort.signal.aborted) return;
        setDraft((current) => current ?? draftFrom(kind, loaded));
        setLoad({ status: 'ready' });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(`${spec.label} ${recordId} failed to load`, error);
        const message = error instanceof ApiError && error.status === 404 ? WORKBENCH_TEXT.notFound(spec.label, recordId)
          : error instanceof ApiError && error.status === 403 ? WORKBENCH_TEXT.noAccess : WORKBENCH_TEXT.loadFailed(spec.label);
        setLoad({ status: 'failed', message });
      },
    );
    return () => abort.abort();
  }, [kind, recordId, spec, requestKey]);

  const stateId = record?.applicationRecordStateId;
  useEffect(() => {
    if (stateId === undefined) return undefined;
    let live = true;
    loadFieldSecurity(stateId).then((answer) => {
      if (live) setSecurity({ stateId, security: answer ?? { lookupApplicationRecordStateId: stateId, fields: [] } });
    });
    return () => { live = false; };
  }, [stateId]);
  // Security of another state (before an advance settles) is not this state's: read-only meanwhile.
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
    if (kind !== 'Subcontract') return;
    void lookupList<{ subcontractTypeId: number; displayText?: string; name?: string }>('subcontractType').then(setSubcontractTypes);
  }, [kind]);

  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.vendorName ?? ''}`.trim() : undefined);

  const closed = record?.closed === true;
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const editable = useCallback((field: string) => projectWrite && contractFieldEditable(fieldSecurity, closed, field), [projectWrite, fieldSecurity, closed]);
  const form = useMemo(() => formFeedback(feedback), [feedback]);
  // Unsaved edits survive a reload: kept while they differ from the record, offered back on opening.
  const hasDraft = draft !== null;
  const saved = useMemo(() => (record && hasDraft ? draftFrom(kind, record) : undefined), [kind, record, hasDraft]);
  const kept = useDraft<Draft>({
    screen: 'commitment', recordKey: kind, recordId, value: draft ?? undefined, saved, enabled: !closed,
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
  // The form waits for its state's field security too: shown before it, every field and Save would
  // start disabled and turn editable a moment later, dropping whatever was typed or clicked meanwhile.
  if (!record || !draft || !security) {
    return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>Loading {spec.label.toLowerCase()}…</div>;
  }

  const amounts = commitmentAmounts(record);
  const itemsEditable = editable('items');
  const anyEditable = spec.header.some((field) => editable(field.name)) || itemsEditable;

  const setHeader = (name: string, value: string) => setDraft((d) => d && { ...d, header: { ...d.header, [name]: value } });
  const setItem = (key: string, change: Partial<ItemDraft>) =>
    setDraft((d) => d && { ...d, items: d.items.map((item) => (item.key === key ? { ...item, ...change } : item)) });

  async function save(): Promise<void> {
    if (!record || !draft) return;
    const sent = changedItems(kind, record, draft.items);
    const local = checkItems(draft.items, sent, draft.header, spec.header.some((f) => f.name === 'description'));
    if (local.length) {
      setFeedback(local);
      return;
    }
    const headerChanged = spec.header.some((field) => draft.header[field.name] !== headerValue(record, field));
    if (!headerChanged && sent.length === 0) {
      setFeedback([{ integerValue: 1, stringValue: '', message: WORKBENCH_TEXT.nothingToSave }]);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const edits: ItemEdit[] = sent.map((item) => ({
        itemId: item.itemId, costCodeId: item.costCodeId, description: item.description.trim(), amount: sanitizeNumber(item.amount), deleted: item.deleted,
      }));
      const answer = await saveContract(spec, recordId, record.applicationRecordStateId, draft.header, edits);
      setDraft(draftFrom(kind, answer.record));
      setFeedback(answer.feedback ?? []);
      showToast(WORKBENCH_TEXT.saved(spec.label), { variant: 'success' });
    } catch (error) {
      const items = feedbackForRows(feedbackFrom(error), sent);
      setFeedback(items);
      if (error instanceof ApiError && error.status === 409) setProblem({ text: WORKBENCH_TEXT.stale(spec.label), stale: true });
      else if (items.length === 0) setProblem({ text: WORKBENCH_TEXT.saveFailed(spec.label, errorWhy(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function advance(target: { applicationRecordStateId: number; name: string; closed: boolean }, reason?: string): Promise<void> {
    if (!record) return;
    setBusy(true);
    setProblem(null);
    setGateRefusal(null);
    try {
      await advanceContract(spec, record, target, reason);
      showToast(`${record.number} is now ${target.name}.`, { variant: 'success' });
    } catch (error) {
      // The store has put the record back in every list; say why.
      if (error instanceof ApiError && error.status === 409) {
        setProblem({ text: WORKBENCH_TEXT.stale(spec.label), stale: true });
      } else if (gateRefusalOf(error)) {
        setGateRefusal(gateRefusalOf(error));
      } else if (!alertedByServer(error)) {
        // A 400 autoAlert has shown 'Request Failed' already.
        void showMessage({ title: 'State not changed', message: `${record.number} stays ${record.recordStateName}: ${errorWhy(error)}`, buttons: ['ok'] });
      }
    } finally {
      setBusy(false);
      setGateRefresh((n) => n + 1);
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
  const itemsTotal = shownItems.reduce((sum, item) => sum + (parseNumber(item.amount) ?? 0), 0);

  return (
    <div ref={root} className="commitment-workbench" data-kind={kind} data-record-id={recordId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        {record.vendorName ? <span className="text-body-secondary" data-vendor>{record.vendorName}</span> : null}
        <RecordStateBadge state={record.recordStateName} tone={closed ? 'secondary' : 'primary'} data-state-name />
        <span className="ms-auto" />
        {canSendForSignature(kind, record.recordStateName) && record.projectId > 0 ? (
          // A plain link: the portal's router takes it in-page, and the workbench closes as its parameters leave the address.
          <a className="btn btn-sm btn-outline-primary" data-send-for-signature
            href={routePath('projectesign', { projectId: record.projectId, recordKey: kind, recordId })}>Send for signature</a>
        ) : null}
        {projectWrite ? (
          <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: kind, recordId }} onSelect={(a, extras) => void advance(a.targetApplicationRecordState, extras.reason)} disabled={busy}
            label="Change state" ariaLabel={`Change state of ${record.number}`} />
        ) : null}
      </div>

      <dl className="row small mb-3" data-amounts>
        {kind === 'PurchaseOrder' || kind.endsWith('ChangeOrder') ? (
          <><dt className="col-sm-3">Amount</dt><dd className="col-sm-3" data-amount="original">{formatMoney(amounts.original)}</dd></>
        ) : (
          <>
            <dt className="col-sm-3">Original</dt><dd className="col-sm-3" data-amount="original">{formatMoney(amounts.original)}</dd>
            <dt className="col-sm-3">Approved changes</dt><dd className="col-sm-3" data-amount="approvedChanges">{formatMoney(amounts.approvedChanges)}</dd>
            <dt className="col-sm-3">Current</dt><dd className="col-sm-3" data-amount="current">{formatMoney(amounts.current)}</dd>
          </>
        )}
        {record.billed !== undefined ? <><dt className="col-sm-3">Billed</dt><dd className="col-sm-3" data-amount="billed">{formatMoney(amounts.billed)}</dd></> : null}
      </dl>

      {kind === 'Subcontract' ? <SraGateLine subcontractId={recordId} refresh={gateRefresh} /> : null}
      {gateRefusal ? <GateRefusal refusal={gateRefusal} onDismiss={() => setGateRefusal(null)} /> : null}
      {problem ? (
        <div className="alert alert-warning d-flex align-items-center gap-3" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.stale ? <button type="button" className="btn btn-sm btn-outline-secondary" onClick={reload}>Reload</button> : null}
        </div>
      ) : null}
      {anyEditable ? kept.banner : null}
      <ValidationSummary feedback={form} />
      {!projectWrite ? <ReadOnlyLine /> : !anyEditable && fieldSecurity ? <p className="text-body-secondary small" data-read-only>This record is read-only in its state ({record.recordStateName}).</p> : null}

      <form id={formId} onSubmit={(event) => { event.preventDefault(); if (anyEditable) void save(); }} noValidate>
        <div className="row g-3 mb-3">
          {spec.header.filter((field) => fieldVisible(fieldSecurity, field.name)).map((field) => (
            <HeaderInput key={field.name} field={field} value={draft.header[field.name] ?? ''} editable={editable(field.name)} feedback={form}
              subcontractTypes={subcontractTypes} onChange={(value) => setHeader(field.name, value)} />
          ))}
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
                return (
                  <tr key={item.key} data-item={item.itemId ?? 'new'}>
                    <td style={{ minWidth: '352px' }}>
                      {itemsEditable ? (
                        <CostCodePicker costCodes={costCodes} budgetId={record.budgetId} costType={item.costType} costCodeId={item.costCodeId}
                          label={`Line ${line}`} invalid={fieldInvalid(form, field('costCodeId'))}
                          onChange={(next) => setItem(item.key, { costType: next.costType, costCodeId: next.costCodeId })} />
                      ) : (
                        <span data-cost-code>{code ? `${formatCostCode(code.code)} ${code.description}` : formatCostCode(String((record.items ?? []).find((i) => i.costCodeId === item.costCodeId)?.costCode ?? ''))}</span>
                      )}
                      <FieldFeedback feedback={form} field={field('costCodeId')} />
                    </td>
                    <td>
                      <input className={`form-control form-control-sm${fieldInvalid(form, field('description')) ? ' is-invalid' : ''}`} aria-label={`Line ${line} description`}
                        value={item.description} readOnly={!itemsEditable} disabled={!itemsEditable} data-field="description"
                        onChange={(event) => setItem(item.key, { description: event.currentTarget.value })} />
                      <FieldFeedback feedback={form} field={field('description')} />
                    </td>
                    <td style={{ width: '176px' }}>
                      <input className={`form-control form-control-sm text-end${fieldInvalid(form, field('amount')) ? ' is-invalid' : ''}`} inputMode="decimal"
                        aria-label={`Line ${line} amount`} value={item.amount} readOnly={!itemsEditable} disabled={!itemsEditable} data-field="amount"
                        onChange={(event) => setItem(item.key, { amount: sanitizeNumber(event.currentTarget.value) })} />
                      <FieldFeedback feedback={form} field={field('amount')} />
                    </td>
                    <td className="text-end">
                      {itemsEditable ? (
                        <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove line ${line}`}
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
              <tr><th scope="row" colSpan={2}>Total</th><td className="text-end fw-semibold" data-items-total>{formatMoney(itemsTotal)}</td><td /></tr>
            </tfoot>
          </table>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {itemsEditable ? (
            <LabelledControl tooltip={WORKBENCH_TOOLTIPS.add} icon="add" onClick={() => setDraft((d) => d && {
              ...d, items: [...d.items, { key: newKey(), itemId: null, costType: '', costCodeId: null, description: '', amount: '', deleted: false }],
            })}>Add item</LabelledControl>
          ) : null}
          <span className="ms-auto" />
          {/* A record read-only in its state has nothing to save or discard (as the direct cost workbench). */}
          {anyEditable ? (
            <>
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={() => { setDraft(draftFrom(kind, record)); setFeedback([]); setProblem(null); }}>Discard changes</button>
              <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-save>{busy ? 'Saving…' : 'Save'}</button>
            </>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function HeaderInput({ field, value, editable, feedback, subcontractTypes, onChange }: {
  field: HeaderField; value: string; editable: boolean; feedback: ReturnType<typeof formFeedback>;
  subcontractTypes: ReadonlyArray<{ subcontractTypeId: number; displayText?: string; name?: string }>; onChange(value: string): void;
}) {
  const id = useId();
  const invalid = fieldInvalid(feedback, field.name);
  const className = `${field.kind === 'text' || field.kind === 'date' ? 'form-control' : 'form-select'} form-control-sm${invalid ? ' is-invalid' : ''}`;
  const common = { id, className, disabled: !editable, 'aria-invalid': invalid || undefined, 'aria-describedby': `${id}-feedback`, 'data-field': field.name };
  let input;
  if (field.kind === 'retainage') {
    input = (
      <select {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {RETAINAGE_OPTIONS.some((o) => String(o.value) === value) ? null : <option value={value}>{value ? `${value}%` : ''}</option>}
        {RETAINAGE_OPTIONS.map((o) => <option key={o.label} value={String(o.value)}>{o.label}</option>)}
      </select>
    );
  } else if (field.kind === 'excessLiability') {
    input = (
      <select {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {EXCESS_LIABILITY_OPTIONS.some((o) => (o.value === null ? '' : String(o.value)) === value) ? null : <option value={value}>{formatMoney(value)}</option>}
        {EXCESS_LIABILITY_OPTIONS.map((o) => <option key={o.label} value={o.value === null ? '' : String(o.value)}>{o.label}</option>)}
      </select>
    );
  } else if (field.kind === 'subcontractType') {
    input = (
      <select {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {subcontractTypes.some((t) => String(t.subcontractTypeId) === value) ? null : <option value={value}>{value ? `Type ${value}` : ''}</option>}
        {subcontractTypes.map((t) => <option key={t.subcontractTypeId} value={String(t.subcontractTypeId)}>{t.displayText ?? t.name}</option>)}
      </select>
    );
  } else {
    input = <input {...common} type={field.kind === 'date' ? 'date' : 'text'} value={value} readOnly={!editable} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  return (
    <div className={field.kind === 'text' ? 'col-12' : 'col-sm-4'}>
      <label htmlFor={id} className="form-label small mb-1">{field.label}{editable ? null : <span className="visually-hidden"> (read-only)</span>}</label>
      {input}
      <FieldFeedback feedback={feedback} field={field.name} id={`${id}-feedback`} />
    </div>
  );
}
