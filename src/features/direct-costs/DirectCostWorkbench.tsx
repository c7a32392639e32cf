/**
 * The Direct Cost workbench body: the header (date, type, vendor, invoice number, description,
 * amount), the items (the §5 cost-code picker of commitments, description, amount), the invoice and
 * other files (Files), and state advancement with the server's targets: Draft → Pending Approval →
 * Approved → Posted, Revise and Resubmit (a reason asked for and sent in the same call, then shown to
 * the submitter) and Void. Opened with record key 'Project' it creates a new Draft first. Field
 * security of the state decides what is editable (Draft only); a failed save keeps what was typed.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { serverMessage } from '../../core/api';
import { formatDate, formatDateTime, formatMoney, parseNumber, sanitizeNumber } from '../../core/format';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import { $roles, $rolesStatus } from '../../core/roles';
import { openWorkbench } from '../../core/workbench';
import {
  DIRECT_COST_STATE, DIRECT_COST_TEXT, REASON_MAX, directCostMoveLabel, directCostProblems, isDirectCostApprover, isReviseAndResubmit,
  moveNeedsApprover,
} from '../../core/direct-costs/contract';
import { useStore } from '../../ui/hooks';
import { useLoad } from '../../ui/useLoad';
import {
  ITEM_TEXT, ItemsEditor, RecordField, RecordLoadFailed, RecordLoading, RecordStateBadge, SaveButtons, StateAdvanceMenu, ValidationSummary, WriteProblemAlert, checkRows,
  fieldEditable, rowsTotal, useItemsDraft, useLookupOptions, useRecordLoad, useRecordWrites, useStateMove, useWorkbenchRecordName,
  type FeedbackItem, type FormFeedback, type ItemsDraft, type ItemsDraftControl,
} from '../../ui/records';
import { FilesPanel } from '../../ui/workbench';
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
  itemCostCode: ITEM_TEXT.costCodeMissing,
  itemDescription: ITEM_TEXT.descriptionMissing,
  itemAmount: ITEM_TEXT.amountNotNumber,
  required: (label: string) => `${label} is required.`,
} as const;

type Draft = ItemsDraft<DirectCostValues>;

// The whole list is sent on each save: a line removed simply goes (no id is kept, nothing is marked deleted).
function draftOf(record: DirectCost): Draft {
  return {
    header: {
      directCostDate: record.directCostDate ?? '', directCostTypeId: String(record.directCostTypeId ?? ''), vendorId: record.vendorId ? String(record.vendorId) : '',
      invoiceNumber: record.invoiceNumber ?? '', description: record.description ?? '', amount: sanitizeNumber(record.amount),
    },
    items: (record.items ?? []).map((item) => ({
      key: `dc-item-${item.directCostItemId}`, itemId: null, costType: item.costType ?? '', costCodeId: item.costCodeId, description: item.description,
      amount: sanitizeNumber(item.amount), deleted: false,
    })),
  };
}

/** What the browser can check before sending (the server checks again). */
function checkDraft(draft: Draft): FeedbackItem[] {
  const feedback: FeedbackItem[] = [];
  const bad = (field: string, message: string) => feedback.push({ integerValue: 1, stringValue: field, message });
  if (!draft.header.directCostTypeId) bad('directCostTypeId', DIRECT_COST_WB_TEXT.required('The type'));
  if (draft.header.description.trim() === '') bad('description', 'A description is required.');
  const amount = parseNumber(draft.header.amount);
  if (amount === null) bad('amount', 'The amount must be a number.');
  feedback.push(...checkRows(draft.items, ITEM_TEXT));
  if (feedback.length === 0) {
    const problems = directCostProblems({
      directCostDate: draft.header.directCostDate, amount: amount ?? 0, items: draft.items.map((item) => ({ amount: parseNumber(item.amount) ?? 0 })),
    }, today());
    for (const problem of problems) bad(problem.field, problem.message);
  }
  return feedback;
}

const itemsOf = (draft: Draft): DirectCostItemValues[] =>
  draft.items.map((item) => ({ costCodeId: item.costCodeId, description: item.description, amount: sanitizeNumber(item.amount) }));
const valuesOf = (draft: Draft): DirectCostValues => ({ ...draft.header, amount: sanitizeNumber(draft.header.amount), description: draft.header.description.trim(), invoiceNumber: draft.header.invoiceNumber.trim() });
/** The server's message when it sent one, else the error's. */
const errorWhy = (error: unknown): string => serverMessage(error) || (error instanceof Error ? error.message : String(error));
const saveTexts = { failed: (error: unknown) => DIRECT_COST_WB_TEXT.saveFailed(errorWhy(error)) };

/** The budget's lines for the cost-code picker. */
function useCostCodes(budgetId: number): CostCodeRow[] {
  const { state } = useLoad(budgetId > 0 ? String(budgetId) : null, (signal) => loadCostCodes(budgetId, signal), { what: 'Cost codes' });
  return state.status === 'ready' ? state.data : [];
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
function DirectCostForm({ drafts, editable, feedback, projectId, budgetId, caption, actions }: {
  drafts: ItemsDraftControl<DirectCostValues>; editable(field: string): boolean; feedback: FormFeedback; projectId: number; budgetId: number; caption: string; actions: ReactNode;
}) {
  const types = useLookupOptions('directCostType', 'directCostTypeId');
  const vendorLoad = useLoad(projectId > 0 ? String(projectId) : null, () => loadVendorOptions(projectId), { what: 'Vendors' }).state;
  const costCodes = useCostCodes(budgetId);
  const values = drafts.draft!.header;
  const set = (field: keyof DirectCostValues) => (value: string) => drafts.setHeader(field, value);
  const itemsTotal = rowsTotal(drafts.rows);
  const amount = parseNumber(values.amount) ?? 0;
  const vendors = vendorLoad.status === 'ready' ? vendorLoad.data : [];
  const vendorOptions = values.vendorId && !vendors.some((v) => v.value === values.vendorId) ? [...vendors, { value: values.vendorId, label: `Vendor ${values.vendorId}` }] : vendors;
  const field = (name: keyof DirectCostValues, label: string, className: string) => ({ label, field: name, feedback, editable: editable(name), className });
  return (
    <>
      <div className="row g-3 mb-3">
        <RecordField {...field('directCostDate', 'Date', 'col-sm-4')}>
          {(control) => <input {...control} type="date" value={values.directCostDate} max={today()} onChange={(e) => set('directCostDate')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('directCostTypeId', 'Type', 'col-sm-4')} select>
          {(control) => (
            <select {...control} value={values.directCostTypeId} onChange={(e) => set('directCostTypeId')(e.currentTarget.value)}>
              <option value="">Choose…</option>
              {types.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
            </select>
          )}
        </RecordField>
        <RecordField {...field('vendorId', 'Vendor', 'col-sm-4')} select>
          {(control) => (
            <select {...control} value={values.vendorId} onChange={(e) => set('vendorId')(e.currentTarget.value)}>
              <option value="">No vendor (payroll, expense)</option>
              {vendorOptions.map((v) => <option key={v.value} value={v.value}>{v.label}</option>)}
            </select>
          )}
        </RecordField>
        <RecordField {...field('invoiceNumber', 'Invoice number', 'col-sm-4')}>
          {(control) => <input {...control} maxLength={50} value={values.invoiceNumber} onChange={(e) => set('invoiceNumber')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('amount', 'Amount', 'col-sm-4')}>
          {(control) => <input {...control} inputMode="decimal" className={`${control.className} text-end`} value={values.amount} onChange={(e) => set('amount')(sanitizeNumber(e.currentTarget.value))} />}
        </RecordField>
        <RecordField {...field('description', 'Description', 'col-12')}>
          {(control) => <input {...control} maxLength={2000} value={values.description} onChange={(e) => set('description')(e.currentTarget.value)} />}
        </RecordField>
      </div>

      <ItemsEditor rows={drafts.rows} caption={caption} editable={editable('items')} feedback={feedback} costCodes={costCodes}
        picker={(slot) => <CostCodePicker costCodes={costCodes} budgetId={budgetId} {...slot} />}
        onChange={drafts.setItem} onRemove={drafts.removeItem} onAdd={drafts.addItem} markOf={(_row, line) => line} descriptionMaxLength={500}
        total={{
          kind: 'total', amount: itemsTotal,
          label: <>Items total{Math.round(itemsTotal * 100) !== Math.round(amount * 100) ? <span className="text-danger-emphasis fw-normal ms-2" data-mismatch>(the amount is {formatMoney(amount)})</span> : null}</>,
        }}
        actions={actions} />
    </>
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
  const [empty] = useState<Draft>(() => ({
    header: { directCostDate: today(), directCostTypeId: '', vendorId: '', invoiceNumber: '', description: '', amount: '' },
    items: [{ key: 'dc-item-new', itemId: null, costType: '', costCodeId: null, description: '', amount: '', deleted: false }],
  }));
  // A half-filled new direct cost survives a reload: kept while it differs from the empty form, offered back.
  const drafts = useItemsDraft({ screen: 'wb-direct-cost', recordKey: 'DirectCost', recordId: 0, form: `new-${projectId}`, saved: empty, enabled: projectId > 0 });
  const writes = useRecordWrites();
  // A Viewer on the project's team creates nothing: the line in place of Create (the server refuses it anyway).
  const projectWrite = useProjectWrite({ projectId });
  if (projectId < 1) return <div className="alert alert-warning m-3" role="alert">{DIRECT_COST_WB_TEXT.noProject}</div>;
  const draft = drafts.draft ?? empty;

  async function create(): Promise<void> {
    const local = checkDraft(draft);
    writes.setFeedback(local);
    writes.setProblem(null);
    if (local.length) return;
    await writes.write(draft.items, async () => {
      const created = await createDirectCost(projectId, givenBudget, valuesOf(draft), itemsOf(draft));
      drafts.forget();
      showToast(DIRECT_COST_WB_TEXT.created(created.number), { variant: 'success' });
      openWorkbench('DirectCost', { recordKey: 'DirectCost', recordId: created.directCostId });
    }, saveTexts);
  }

  return (
    <form className="direct-cost-workbench" data-workbench="new-direct-cost" noValidate onSubmit={(e) => { e.preventDefault(); if (projectWrite) void create(); }}>
      <h2 className="h5">New direct cost</h2>
      <p className="small text-body-secondary">An invoice, expense or payroll adjustment charged straight to the job. Attach the invoice under Files once it is created.</p>
      {drafts.banner}
      <WriteProblemAlert problem={writes.problem} onReload={() => undefined} />
      <ValidationSummary feedback={writes.feedback} />
      <DirectCostForm drafts={drafts} editable={() => true} feedback={writes.feedback} projectId={projectId} budgetId={budgetId} caption="Items of the new direct cost"
        actions={projectWrite
          ? <button type="submit" className="btn btn-sm btn-primary" disabled={writes.busy || budgetId < 1} data-create>{writes.busy ? 'Creating…' : 'Create direct cost'}</button>
          : <ReadOnlyLine className="mb-0" />} />
    </form>
  );
}

const EDITABLE_FIELDS = ['directCostDate', 'directCostTypeId', 'vendorId', 'invoiceNumber', 'description', 'amount', 'items'];

function ExistingDirectCost({ recordId }: { recordId: number }) {
  const load = useRecordLoad(directCostStore(), recordId, (signal) => loadDirectCost(recordId, signal), {
    what: 'Direct cost', notFound: DIRECT_COST_WB_TEXT.notFound(recordId), noAccess: DIRECT_COST_WB_TEXT.noAccess,
    loadFailed: DIRECT_COST_WB_TEXT.loadFailed, noRecord: DIRECT_COST_WB_TEXT.noRecord,
  });
  const { record, security: fieldSecurity } = load;
  const roles = useStore($roles);
  const rolesStatus = useStore($rolesStatus);
  const writes = useRecordWrites();
  const saved = useMemo(() => (load.ready && record ? draftOf(record) : undefined), [record, load.ready]);
  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.vendorName ?? ''}`.trim() : undefined);
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const editable = useCallback((field: string) => projectWrite && fieldEditable(fieldSecurity, field), [projectWrite, fieldSecurity]);
  const anyEditable = EDITABLE_FIELDS.some(editable);
  const drafts = useItemsDraft({ screen: 'wb-direct-cost', recordKey: 'DirectCost', recordId, saved, enabled: fieldSecurity !== null && anyEditable });
  const moves = useStateMove({
    record, move: (target, reason) => advanceDirectCost(record!, target, reason), stale: DIRECT_COST_WB_TEXT.stale, onProblem: writes.setProblem,
    onMoved: (moved) => drafts.replace(draftOf(moved)),
  });
  const { draft } = drafts;

  if (load.failed) return <RecordLoadFailed load={load} />;
  if (!record || !draft || !load.securityKnown) return <RecordLoading label={DIRECT_COST_WB_TEXT.loading} />;
  const busy = writes.busy || moves.busy;

  async function save(): Promise<void> {
    if (!record || !draft) return;
    const local = checkDraft(draft);
    writes.setFeedback(local);
    writes.setProblem(null);
    if (local.length) return;
    await writes.write(draft.items, async () => {
      const answer = await saveDirectCost(record, valuesOf(draft), itemsOf(draft));
      drafts.replace(draftOf(answer));
      showToast(DIRECT_COST_WB_TEXT.saved(answer.number), { variant: 'success' });
    }, { ...saveTexts, stale: DIRECT_COST_WB_TEXT.stale });
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
    await moves.move(target, reason);
  }

  const reload = () => {
    drafts.clear();
    writes.clear();
    load.reload();
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
      <WriteProblemAlert problem={writes.problem} onReload={reload} />
      {anyEditable ? drafts.banner : null}
      <ValidationSummary feedback={writes.feedback} />
      {!projectWrite ? <ReadOnlyLine /> : !anyEditable ? <p className="text-body-secondary small" data-read-only>{DIRECT_COST_WB_TEXT.readOnly(record.recordStateName)}</p> : null}

      <form onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <DirectCostForm drafts={drafts} editable={editable} feedback={writes.feedback} projectId={record.projectId} budgetId={record.budgetId} caption={`Items of ${record.number}`}
          actions={anyEditable ? <SaveButtons busy={busy} onDiscard={() => { drafts.reset(); writes.clear(); }} /> : null} />
      </form>
      <FilesPanel recordKey="DirectCost" recordId={recordId} onChanged={() => undefined} />
    </div>
  );
}
