/**
 * The body of the Owner Agreement and Owner Agreement Change Order workbenches: the header form
 * (field security of the record's state, §6; §5 feedback per field; a failed save keeps what was
 * typed), the derived amounts (read-only), state advancement, and
 * - for an agreement: its change orders and "New change order" while it is not closed;
 * - for a change order: its linked change events with the §5 link candidates (only eligible change
 *   events are offered; the server refuses the others anyway).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { alertedByServer, ApiError } from '../../core/api';
import { today } from '../../core/clock';
import { formatMoney, isCalendarDate } from '../../core/format';
import { showToast } from '../../core/messages';
import { openWorkbench, WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { LazySection } from '../../ui/lazy';
import { LoadProblem, RecordRefreshNotice } from '../../ui/LoadProblem';
import { LabelledControl } from '../../ui/workbench';
import {
  FormField, RecordStateBadge, SaveButtons, StateAdvanceMenu, ValidationSummary, WriteProblemAlert, feedbackFrom, fieldVisible, formFeedback, useRecord, useRecords, useRecordWrites,
  useRecordFieldSecurity, useStateMove, useWorkbenchRecordName, type FeedbackItem,
} from '../../ui/records';
import type { BudgetRow } from '../../core/budget-lines/contract';
import { loadProjectBudgets } from '../budget-lines';
import {
  advanceContract, contractFieldEditable, contractStore, loadContract, loadContracts, recordIdOf, saveContract, WORKBENCH_TEXT,
  type ContractRecord, type HeaderField,
} from '../commitments';
import { OWNER_KINDS, type OwnerAgreementKey } from './data';
import { OWNER_CONTRACT_TYPES, type ChangeEventRow } from '../../core/owner-agreements/contract';
import {
  createOwnerChangeOrder, linkCandidates, linkChangeEvent, loadLinkedChangeEvents, loadOwnerChangeOrder, loadProjectChangeEvents,
} from './owner-links';

const CHANGE_ORDER = OWNER_KINDS.OwnerAgreementChangeOrder;

const errorWhy = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Texts shown; tests read them. */
export const OWNER_TEXT = {
  noCandidates: 'No change event can be linked: a change event must be Approved, on this owner agreement and budget, and not of reimbursable type 5.',
  linked: (number: string, co: string) => `${number} linked to ${co}.`,
  noLinked: 'No change events are linked to this change order.',
  moves: (number: string) => `on ${number}: linking moves it here`,
  closedNoLinks: (number: string, state: string) => `${number} is '${state}': change events can not be linked to it.`,
  noChangeOrders: 'No change orders.',
  newChangeOrder: 'New change order',
  created: (number: string) => `${number} created.`,
  createFailed: (why: string) => `The change order was not created (${why}). Your entries are still here.`,
  dateRequired: (label: string) => `${label}: enter a date on or after 1/1/1990.`,
  contractTypeRequired: `Contract type: choose ${OWNER_CONTRACT_TYPES.join(', ')}.`,
  budgetRequired: 'Choose a budget of the owner agreement’s project.',
  readOnly: (state: string) => `This record is read-only in its state (${state}).`,
  edit: 'Edit header',
  locked: 'Choose Edit to change the header.',
} as const;

/** What the server accepts (§5). */
const isDay = isCalendarDate;

function headerDraft(kind: OwnerAgreementKey, record: ContractRecord): Record<string, string> {
  return Object.fromEntries(OWNER_KINDS[kind].header.map((field) => [field.name, record[field.name] == null ? '' : String(record[field.name])]));
}

/** The checks the browser makes before a save (the server makes them again). */
function checkHeader(fields: readonly HeaderField[], draft: Record<string, string>): FeedbackItem[] {
  const feedback: FeedbackItem[] = [];
  for (const field of fields) {
    const value = (draft[field.name] ?? '').trim();
    if (field.name === 'description' && value === '') feedback.push({ integerValue: 1, stringValue: field.name, message: WORKBENCH_TEXT.descriptionRequired });
    // The executed date may stay empty (a draft agreement is not executed yet); a change order needs its date.
    if (field.kind === 'date' && !(value === '' && field.name === 'executedDate') && !isDay(value)) {
      feedback.push({ integerValue: 1, stringValue: field.name, message: OWNER_TEXT.dateRequired(field.label) });
    }
    if (field.kind === 'contractType' && !(OWNER_CONTRACT_TYPES as readonly string[]).includes(value)) {
      feedback.push({ integerValue: 1, stringValue: field.name, message: OWNER_TEXT.contractTypeRequired });
    }
  }
  return feedback;
}

export function OwnerAgreementWorkbench({ kind, recordId }: { kind: OwnerAgreementKey; recordId: number }) {
  const spec = OWNER_KINDS[kind];
  const record = useRecord(contractStore(spec), recordId);
  const [loadError, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The load (record and attempt) that has answered: any other is still under way.
  const loadKey = `${kind}:${recordId}:${attempt}`;
  const [answered, setAnswered] = useState<string | null>(null);
  const loading = answered !== loadKey;
  const failed = recordId < 1 ? 'No record was given.' : loadError;
  const moves = useStateMove({ record, move: (target, reason) => advanceContract(spec, record!, target, reason) });

  useEffect(() => {
    if (recordId < 1) return undefined;
    const abort = new AbortController();
    loadContract(spec, recordId, abort.signal).catch((error: unknown) => {
      if (abort.signal.aborted) return;
      console.error(`${spec.label} ${recordId} failed to load`, error);
      setFailed(error instanceof ApiError && error.status === 404 ? `${spec.label} ${recordId} was not found.`
        : error instanceof ApiError && error.status === 403 ? 'You do not have access to this record.' : `The ${spec.label.toLowerCase()} could not be loaded.`);
    }).finally(() => { if (!abort.signal.aborted) setAnswered(loadKey); });
    return () => abort.abort();
  }, [kind, recordId, spec, attempt, loadKey]);

  const root = useWorkbenchRecordName<HTMLDivElement>(record ? record.displayText ?? record.number : undefined);
  const retryLoad = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };

  if (failed) return recordId < 1 ? <div className="alert alert-danger" role="alert" data-state="failed">{failed}</div> : <LoadProblem message={failed} onRetry={retryLoad} />;
  if (!record) return <div role="status" className="text-body-secondary" data-state="loading">Loading {spec.label.toLowerCase()}…</div>;

  // After a 409 the record is loaded again and the form starts from it (the key remounts it).
  const reload = () => {
    contractStore(spec).remove(recordId);
    setAttempt((n) => n + 1);
  };

  return (
    <div ref={root} data-kind={kind} data-record-id={recordId}>
      <RecordRefreshNotice status={loading ? 'loading' : 'loaded'} what={record.number} onRetry={retryLoad} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        {record.ownerName ? <span className="text-body-secondary" data-owner>{String(record.ownerName)}</span> : null}
        <RecordStateBadge state={record.recordStateName} tone={record.closed ? 'secondary' : 'primary'} data-state-name />
        <span className="ms-auto" />
        <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: kind, recordId }} onSelect={(a, extras) => void moves.move(a.targetApplicationRecordState, extras.reason)} disabled={moves.busy}
          label="Change state" ariaLabel={`Change state of ${record.number}`} />
      </div>
      <dl className="row small mb-3" data-amounts>
        {kind === 'OwnerAgreement' ? (
          <>
            <dt className="col-sm-3">Contract amount</dt><dd className="col-sm-3" data-amount="contract">{formatMoney(Number(record.contractAmount ?? 0))}</dd>
            <dt className="col-sm-3">Approved changes</dt><dd className="col-sm-3" data-amount="approvedChanges">{formatMoney(record.approvedChanges ?? 0)}</dd>
            <dt className="col-sm-3">Current</dt><dd className="col-sm-3" data-amount="current">{formatMoney(Number(record.contractAmount ?? 0) + Number(record.approvedChanges ?? 0))}</dd>
          </>
        ) : (
          <>
            <dt className="col-sm-3">Amount</dt>
            <dd className="col-sm-9" data-amount="amount">{formatMoney(record.amount ?? 0)} <span className="text-body-secondary">(approved amounts of the linked change events)</span></dd>
          </>
        )}
      </dl>

      <HeaderForm key={`${recordId}#${attempt}`} kind={kind} record={record} recordId={recordId} loaded={!loading} onReload={reload} />

      {/* Below the header: its loads start when it comes within 300 px of view (§9). */}
      <LazySection label={kind === 'OwnerAgreement' ? 'change orders' : 'linked change events'} placeholder={<p className="text-body-secondary">Loading…</p>}>
        {kind === 'OwnerAgreement' ? <AgreementChangeOrders agreement={record} agreementId={recordId} /> : <LinkedChangeEvents changeOrder={record} changeOrderId={recordId} />}
      </LazySection>
    </div>
  );
}

/**
 * The header fields as a form: locked until Edit (§2) unlocks the fields the record's state lets the
 * user edit (field security, sent with the record by its own load); Save / Discard changes. A successful save or a discard locks it again.
 */
function HeaderForm({ kind, record, recordId, loaded, onReload }: { kind: OwnerAgreementKey; record: ContractRecord; recordId: number; loaded: boolean; onReload(): void }) {
  const spec = OWNER_KINDS[kind];
  const [draft, setDraft] = useState(() => headerDraft(kind, record));
  const writes = useRecordWrites();
  // What the record's own load sends; the lookup only when it answered without it.
  const fieldSecurity = useRecordFieldSecurity(record, loaded).security;
  const [unlocked, setUnlocked] = useState(false);
  const allowed = (field: string) => contractFieldEditable(fieldSecurity, record.closed, field);
  const anyAllowed = spec.header.some((field) => allowed(field.name));
  const editable = (field: string) => unlocked && allowed(field);
  const anyEditable = unlocked && anyAllowed;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (unlocked) formRef.current?.querySelector<HTMLElement>('[data-field]:not([readonly]):not([disabled])')?.focus();
  }, [unlocked]);
  const form = writes.feedback;

  async function save(): Promise<void> {
    const local = checkHeader(spec.header.filter((field) => editable(field.name)), draft);
    if (local.length) {
      writes.setFeedback(local);
      return;
    }
    const saved = headerDraft(kind, record);
    if (spec.header.every((field) => (draft[field.name] ?? '').trim() === saved[field.name])) {
      writes.setFeedback([{ integerValue: 1, stringValue: '', message: WORKBENCH_TEXT.nothingToSave }]);
      return;
    }
    await writes.write([], async () => {
      const answer = await saveContract(spec, recordId, record.applicationRecordStateId, draft, []);
      setDraft(headerDraft(kind, answer.record));
      writes.setFeedback(answer.feedback ?? []);
      setUnlocked(false);
      showToast(WORKBENCH_TEXT.saved(spec.label), { variant: 'success' });
    }, { stale: WORKBENCH_TEXT.stale(spec.label), failed: (error) => WORKBENCH_TEXT.saveFailed(spec.label, errorWhy(error)) });
  }

  const options = (value: string) => [...OWNER_CONTRACT_TYPES, ...((OWNER_CONTRACT_TYPES as readonly string[]).includes(value) || !value ? [] : [value])]
    .map((type) => ({ value: type, label: type }));

  return (
    <form ref={formRef} className="mb-4" aria-label={`${spec.label} ${record.number}`} onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate data-header-form>
      <WriteProblemAlert problem={writes.problem} onReload={onReload} />
      <ValidationSummary feedback={form} />
      {!anyAllowed && fieldSecurity ? <p className="text-body-secondary small" data-read-only>{OWNER_TEXT.readOnly(record.recordStateName)}</p> : null}
      {anyAllowed && !unlocked ? (
        <div className="d-flex align-items-center gap-2 mb-2" data-locked>
          <span className="text-body-secondary small me-auto">{OWNER_TEXT.locked}</span>
          <LabelledControl tooltip={WORKBENCH_TOOLTIPS.edit} icon="edit" onClick={() => setUnlocked(true)} data-edit>{OWNER_TEXT.edit}</LabelledControl>
        </div>
      ) : null}
      <div className="row g-2">
        {spec.header.map((field) => (
          <div key={field.name} className={field.kind === 'text' ? 'col-12' : 'col-sm-6'}>
            <FormField label={field.label} field={field.name} value={draft[field.name] ?? ''} feedback={form} editable={editable(field.name)}
              visible={fieldVisible(fieldSecurity, field.name)} type={field.kind === 'contractType' ? 'select' : field.kind === 'date' ? 'date' : 'text'}
              options={field.kind === 'contractType' ? options(draft[field.name] ?? '') : undefined} required={field.name !== 'executedDate'}
              onChange={(value) => setDraft((d) => ({ ...d, [field.name]: value }))} />
          </div>
        ))}
      </div>
      <div className="d-flex gap-2 justify-content-end mt-2">
        <SaveButtons busy={writes.busy} canSave={anyEditable} onDiscard={() => { setDraft(headerDraft(kind, record)); writes.clear(); setUnlocked(false); }} />
      </div>
    </form>
  );
}

/** An agreement's change orders (from the shared store, so a new one shows at once) and "New change order". */
function AgreementChangeOrders({ agreement, agreementId }: { agreement: ContractRecord; agreementId: number }) {
  const [loaded, setLoaded] = useState(false);
  const [adding, setAdding] = useState(false);
  const mine = useCallback((co: ContractRecord) => Number(co.ownerAgreementId) === agreementId, [agreementId]);
  const byNumber = useCallback((a: ContractRecord, b: ContractRecord) => a.number.localeCompare(b.number), []);
  const changeOrders = useRecords(contractStore(CHANGE_ORDER), mine, byNumber);

  useEffect(() => {
    const abort = new AbortController();
    loadContracts(CHANGE_ORDER, { recordKey: 'OwnerAgreement', recordId: agreementId }, abort.signal).then(() => setLoaded(true), (error: unknown) => {
      if (!abort.signal.aborted) console.error('Change orders failed to load', error);
    });
    return () => abort.abort();
  }, [agreementId]);

  return (
    <section aria-labelledby={`oa-${agreementId}-cos`}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0" id={`oa-${agreementId}-cos`}>Change orders</h3>
        <span className="ms-auto" />
        {!agreement.closed && !adding ? (
          <LabelledControl tooltip={WORKBENCH_TOOLTIPS.add} icon="add" onClick={() => setAdding(true)} data-new-change-order>{OWNER_TEXT.newChangeOrder}</LabelledControl>
        ) : null}
      </div>
      {adding ? <NewChangeOrderForm agreement={agreement} agreementId={agreementId} onClose={() => setAdding(false)} /> : null}
      {!loaded && changeOrders.length === 0 ? <p className="text-body-secondary">Loading…</p> : changeOrders.length === 0 ? <p className="text-body-secondary">{OWNER_TEXT.noChangeOrders}</p> : (
        <ul className="list-unstyled" data-change-orders>
          {changeOrders.map((co) => {
            const id = recordIdOf(CHANGE_ORDER, co);
            return (
              <li key={id} data-change-order={id} className="py-1">
                <button type="button" className="btn btn-link p-0 align-baseline" aria-label={`Open Owner Agreement Change Order ${co.number}`}
                  onClick={() => openWorkbench('OwnerAgreementChangeOrder', { recordKey: 'OwnerAgreementChangeOrder', recordId: id })}>{co.number}</button>
                {' '}· {co.description} · {formatMoney(co.amount ?? 0)} · {co.recordStateName}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Description, budget (the project's; the first by default) and date of a new change order. */
function NewChangeOrderForm({ agreement, agreementId, onClose }: { agreement: ContractRecord; agreementId: number; onClose(): void }) {
  const [budgets, setBudgets] = useState<BudgetRow[] | null>(null);
  const [draft, setDraft] = useState({ description: '', budgetId: '', changeOrderDate: today() });
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useMemo(() => formFeedback(feedback), [feedback]);

  useEffect(() => {
    const abort = new AbortController();
    loadProjectBudgets(agreement.projectId, abort.signal).then((rows) => {
      setBudgets(rows);
      setDraft((d) => (d.budgetId || !rows[0] ? d : { ...d, budgetId: String(rows[0].budgetId) }));
    }, (error: unknown) => {
      if (abort.signal.aborted) return;
      console.error('Budgets failed to load', error);
      setBudgets([]);
    });
    return () => abort.abort();
  }, [agreement.projectId]);

  async function create(): Promise<void> {
    const local: FeedbackItem[] = [];
    if (draft.description.trim() === '') local.push({ integerValue: 1, stringValue: 'description', message: WORKBENCH_TEXT.descriptionRequired });
    if (!draft.budgetId) local.push({ integerValue: 1, stringValue: 'budgetId', message: OWNER_TEXT.budgetRequired });
    if (!isDay(draft.changeOrderDate)) local.push({ integerValue: 1, stringValue: 'changeOrderDate', message: OWNER_TEXT.dateRequired('Change order date') });
    setFeedback(local);
    if (local.length) return;
    setBusy(true);
    setProblem(null);
    try {
      const created = await createOwnerChangeOrder({ ownerAgreementId: agreementId, budgetId: Number(draft.budgetId), description: draft.description, changeOrderDate: draft.changeOrderDate });
      showToast(OWNER_TEXT.created(created.number), { variant: 'success' });
      onClose();
      openWorkbench('OwnerAgreementChangeOrder', { recordKey: 'OwnerAgreementChangeOrder', recordId: recordIdOf(CHANGE_ORDER, created) });
    } catch (error) {
      const items = feedbackFrom(error);
      setFeedback(items);
      if (items.length === 0) setProblem(OWNER_TEXT.createFailed(errorWhy(error)));
      setBusy(false);
    }
  }

  const set = (name: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  return (
    <form className="border rounded p-2 mb-3" aria-label={OWNER_TEXT.newChangeOrder} data-new-change-order-form noValidate
      onSubmit={(event) => { event.preventDefault(); void create(); }}>
      {problem ? <div className="alert alert-warning" role="alert" data-problem>{problem}</div> : null}
      <ValidationSummary feedback={form} />
      <FormField label="Description" field="description" value={draft.description} onChange={set('description')} feedback={form} editable required />
      <div className="row g-2">
        <div className="col-sm-6">
          <FormField label="Budget" field="budgetId" value={draft.budgetId} onChange={set('budgetId')} feedback={form} editable required type="select"
            options={(budgets ?? []).map((b) => ({ value: String(b.budgetId), label: b.displayText ?? b.jobNumber ?? `Budget ${b.budgetId}` }))} />
        </div>
        <div className="col-sm-6">
          <FormField label="Change order date" field="changeOrderDate" value={draft.changeOrderDate} onChange={set('changeOrderDate')} feedback={form} editable required type="date" />
        </div>
      </div>
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose} disabled={busy}>Cancel</button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy || budgets === null} data-create>{busy ? 'Creating…' : 'Create change order'}</button>
      </div>
    </form>
  );
}

/** A change order's linked change events and the §5 candidates with their Link buttons. */
function LinkedChangeEvents({ changeOrder, changeOrderId }: { changeOrder: ContractRecord; changeOrderId: number }) {
  const [linked, setLinked] = useState<ChangeEventRow[] | null>(null);
  const [projectEvents, setProjectEvents] = useState<ChangeEventRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const projectId = changeOrder.projectId;

  useEffect(() => {
    if (!projectId) return undefined;
    const abort = new AbortController();
    Promise.all([loadLinkedChangeEvents(changeOrderId, abort.signal), loadProjectChangeEvents(projectId, abort.signal)]).then(([mine, all]) => {
      setLinked(mine);
      setProjectEvents(all);
    }, (error: unknown) => { if (!abort.signal.aborted) console.error('Change events failed to load', error); });
    return () => abort.abort();
  }, [changeOrderId, projectId, refresh]);

  async function link(ce: ChangeEventRow) {
    setBusy(true);
    try {
      await linkChangeEvent(ce.changeEventId, changeOrderId);
      const store = contractStore(CHANGE_ORDER);
      store.upsert({ ...(store.get(changeOrderId) ?? changeOrder), ...(await loadOwnerChangeOrder(changeOrderId)) });
      showToast(OWNER_TEXT.linked(ce.number, changeOrder.number), { variant: 'success' });
      setRefresh((n) => n + 1);
    } catch (error) {
      // A 400 autoAlert has shown 'Request Failed' with the server's reason.
      if (!alertedByServer(error)) showToast(`${ce.number} was not linked: ${errorWhy(error)}`, { variant: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  const candidates = projectEvents ? linkCandidates(projectEvents, changeOrder) : null;
  return (
    <>
      <section aria-label="Linked change events" className="mb-3">
        <h3 className="h6">Linked change events</h3>
        {linked === null ? <p className="text-body-secondary">Loading…</p> : linked.length === 0 ? <p className="text-body-secondary" data-no-linked>{OWNER_TEXT.noLinked}</p> : (
          <ul className="list-unstyled" data-linked>
            {linked.map((ce) => <li key={ce.changeEventId} data-change-event={ce.changeEventId}>{ce.number} {ce.title} · {ce.recordStateName} · {formatMoney(ce.approvedAmount ?? 0)}</li>)}
          </ul>
        )}
      </section>
      <section aria-label="Change events that can be linked">
        <h3 className="h6">Change events that can be linked</h3>
        {changeOrder.closed ? <p className="text-body-secondary" data-no-candidates>{OWNER_TEXT.closedNoLinks(changeOrder.number, changeOrder.recordStateName)}</p>
          : candidates === null ? <p className="text-body-secondary">Loading…</p> : candidates.length === 0 ? <p className="text-body-secondary" data-no-candidates>{OWNER_TEXT.noCandidates}</p> : (
          <ul className="list-unstyled" data-candidates>
            {candidates.map((ce) => (
              <li key={ce.changeEventId} className="d-flex align-items-center gap-2 py-1" data-candidate={ce.changeEventId}>
                <span className="me-auto">
                  {ce.number} {ce.title} · {formatMoney(ce.approvedAmount ?? 0)}
                  {ce.ownerAgreementChangeOrderId ? <span className="small text-body-secondary" data-moves> · {OWNER_TEXT.moves(ce.ownerChangeOrderNumber ?? 'another change order')}</span> : null}
                </span>
                <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={() => void link(ce)} aria-label={`Link ${ce.number}`}>Link</button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
