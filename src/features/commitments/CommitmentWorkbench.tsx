/**
 * The body of the five commitment workbenches (Subcontract, Subcontract Change Order, Purchase
 * Agreement, Purchase Agreement Change Order, Purchase Order): header fields, items with the §5
 * cost-code picker and the number rule, state advancement with the server's targets, and §5
 * validation feedback. Field security of the record's state decides what is editable (§6). A failed
 * save keeps every typed value and says why.
 */
import { useCallback, useMemo, useState } from 'react';
import { canSendForSignature } from '../../core/esign/contract';
import { routePath } from '../../core/router';
import { showToast } from '../../core/messages';
import { EXCESS_LIABILITY_OPTIONS, formatMoney, RETAINAGE_OPTIONS, sanitizeNumber } from '../../core/format';
import {
  ITEM_TEXT, ItemsEditor, RecordField, RecordLoadFailed, RecordLoading, RecordStateBadge, SaveButtons, StateAdvanceMenu, ValidationSummary, WriteProblemAlert, changedRows, checkRows,
  fieldVisible, rowEdit, rowsTotal, useItemsDraft, useLookupOptions, useRecordLoad, useRecordWrites, useStateMove, useWorkbenchRecordName,
  type FeedbackItem, type FormFeedback, type ItemsDraft, type SelectOption,
} from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { GateRefusal, SraGateLine, gateRefusalOf } from '../risk';
import { CostCodePicker, loadCostCodes } from '../budget-lines';
import {
  advanceContract, commitmentAmounts, contractFieldEditable, contractStore, KINDS, loadContract, saveContract,
  type CommitmentKey, type ContractRecord, type HeaderField,
} from './data';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { attributeId } from '../../core/attributes';
import { contractSumFixed, isNewCommitmentKey, mayChangeByOrder } from './create';
import { NewCommitment } from './NewCommitmentForm';
import { NewChangeOrder } from './NewChangeOrder';
import { ChangeOrders } from './ChangeOrders';
import { isBillable, isBillableKey, PayApplicationsSection } from '../pay-applications';

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
  amountNotNumber: ITEM_TEXT.amountNotNumber,
  costCodeMissing: ITEM_TEXT.costCodeMissing,
  descriptionMissing: ITEM_TEXT.descriptionMissing,
  descriptionRequired: 'A description is required.',
  sumFixed: (state: string) => `The contract sum is fixed since the commitment left Draft (now ${state}): its items and amounts change only by change order.`,
  newChangeOrder: 'New change order',
} as const;

type Draft = ItemsDraft<Record<string, string>>;

function draftOf(key: CommitmentKey, record: ContractRecord): Draft {
  const spec = KINDS[key];
  const header = Object.fromEntries(spec.header.map((field) => [field.name, record[field.name] == null ? '' : String(record[field.name])]));
  const items = (record.items ?? []).map((item) => ({
    key: `item-${String(item[spec.itemIdField!])}`, itemId: Number(item[spec.itemIdField!]), costType: String(item.costType ?? ''),
    costCodeId: item.costCodeId, description: item.description, amount: sanitizeNumber(item.amount), deleted: false,
  }));
  return { header, items };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface CommitmentWorkbenchProps {
  kind: CommitmentKey;
  recordId: number;
  /**
   * The kind's key (default): the record `recordId`. For a subcontract, purchase agreement or purchase order,
   * 'Project' makes a new one for project `recordId` (else `projectId`), 'BuyoutLine' awards buyout line `recordId`.
   */
  recordKey?: string;
  projectId?: number;
  budgetId?: number;
}

/** The workbench body for one commitment or commitment change order, or a new commitment's form. */
export function CommitmentWorkbench({ kind, recordId, recordKey = '', projectId, budgetId }: CommitmentWorkbenchProps) {
  const opener = recordKey.toLowerCase();
  if (isNewCommitmentKey(kind) && opener === 'project') {
    return <NewCommitment kind={kind} projectId={recordId > 0 ? recordId : attributeId(projectId)} budgetId={attributeId(budgetId)} />;
  }
  if (isNewCommitmentKey(kind) && opener === 'buyoutline') {
    return <NewCommitment kind={kind} projectId={attributeId(projectId)} budgetId={attributeId(budgetId)} buyoutLineId={attributeId(recordId)} />;
  }
  return <ExistingCommitment kind={kind} recordId={recordId} />;
}

function ExistingCommitment({ kind, recordId }: { kind: CommitmentKey; recordId: number }) {
  const spec = KINDS[kind];
  const load = useRecordLoad(contractStore(spec), recordId, (signal) => loadContract(spec, recordId, signal), {
    what: spec.label, notFound: WORKBENCH_TEXT.notFound(spec.label, recordId), noAccess: WORKBENCH_TEXT.noAccess,
    loadFailed: WORKBENCH_TEXT.loadFailed(spec.label), noRecord: WORKBENCH_TEXT.noRecord,
  });
  const { record, security: fieldSecurity } = load;
  const budgetId = record?.budgetId ?? -1;
  const costCodes = useLoad(budgetId > 0 ? String(budgetId) : null, (signal) => loadCostCodes(budgetId, signal), { what: 'Cost codes' }).state;
  const subcontractTypes = useLookupOptions(kind === 'Subcontract' ? 'subcontractType' : null, 'subcontractTypeId');
  const writes = useRecordWrites();
  // The SRA gate (Subcontract): a refused advance's message and start link; the status line reloads after each advance.
  const [gateRefusal, setGateRefusal] = useState<ReturnType<typeof gateRefusalOf>>(null);
  const [gateRefresh, setGateRefresh] = useState(0);
  const moves = useStateMove({
    record, move: (target, reason) => advanceContract(spec, record!, target, reason), stale: WORKBENCH_TEXT.stale(spec.label), onProblem: writes.setProblem,
    refusal: (error) => {
      const refusal = gateRefusalOf(error);
      setGateRefusal(refusal);
      return refusal !== null;
    },
    onSettled: () => setGateRefresh((n) => n + 1),
  });

  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.vendorName ?? ''}`.trim() : undefined);

  const closed = record?.closed === true;
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const editable = useCallback((field: string) => projectWrite && contractFieldEditable(fieldSecurity, closed, field), [projectWrite, fieldSecurity, closed]);
  const saved = useMemo(() => (load.ready && record ? draftOf(kind, record) : undefined), [kind, record, load.ready]);
  const drafts = useItemsDraft({ screen: 'commitment', recordKey: kind, recordId, saved, enabled: !closed });
  const { draft } = drafts;
  const [changing, setChanging] = useState(false);

  if (load.failed) return <RecordLoadFailed load={load} />;
  // The form waits for its state's field security too (sent with the record by its own load: useRecordFieldSecurity).
  if (!record || !draft || !saved || !load.securityKnown) return <RecordLoading label={`Loading ${spec.label.toLowerCase()}…`} />;

  const amounts = commitmentAmounts(record);
  // Out of Draft the contract sum is fixed: items change by change order only (the server refuses anyway).
  const sumFixed = contractSumFixed(kind, record);
  const itemsEditable = editable('items') && !sumFixed;
  const anyEditable = spec.header.some((field) => editable(field.name)) || itemsEditable;
  const busy = writes.busy || moves.busy;

  async function save(): Promise<void> {
    if (!record || !draft || !saved) return;
    const sent = changedRows(saved.items, draft.items);
    const local: FeedbackItem[] = [];
    if (spec.header.some((f) => f.name === 'description') && draft.header.description !== undefined && draft.header.description.trim() === '') {
      local.push({ integerValue: 1, stringValue: 'description', message: WORKBENCH_TEXT.descriptionRequired });
    }
    local.push(...checkRows(draft.items, WORKBENCH_TEXT, sent));
    if (local.length) {
      writes.setFeedback(local);
      return;
    }
    if (!spec.header.some((field) => draft.header[field.name] !== saved.header[field.name]) && sent.length === 0) {
      writes.setFeedback([{ integerValue: 1, stringValue: '', message: WORKBENCH_TEXT.nothingToSave }]);
      return;
    }
    await writes.write(sent, async () => {
      const answer = await saveContract(spec, recordId, record.applicationRecordStateId, draft.header, sent.map(rowEdit));
      drafts.replace(draftOf(kind, answer.record));
      writes.setFeedback(answer.feedback ?? []);
      showToast(WORKBENCH_TEXT.saved(spec.label), { variant: 'success' });
    }, { stale: WORKBENCH_TEXT.stale(spec.label), failed: (error) => WORKBENCH_TEXT.saveFailed(spec.label, errorText(error)) });
  }

  const reload = () => {
    drafts.clear();
    writes.clear();
    load.reload();
  };

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
        {projectWrite && mayChangeByOrder(kind, record) && isNewCommitmentKey(kind) ? (
          <button type="button" className="btn btn-sm btn-outline-primary" data-new-change-order-open aria-expanded={changing} disabled={busy}
            onClick={() => setChanging((open) => !open)}>{WORKBENCH_TEXT.newChangeOrder}</button>
        ) : null}
        {projectWrite ? (
          <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: kind, recordId }} disabled={busy}
            onSelect={(a, extras) => { setGateRefusal(null); void moves.move(a.targetApplicationRecordState, extras.reason); }}
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
        {record.paid !== undefined ? <><dt className="col-sm-3">Paid</dt><dd className="col-sm-3" data-amount="paid">{formatMoney(record.paid)}</dd></> : null}
        {record.retainageHeld !== undefined ? <><dt className="col-sm-3">Retainage held</dt><dd className="col-sm-3" data-amount="retainageHeld">{formatMoney(amounts.retainage)}</dd></> : null}
      </dl>

      {kind === 'Subcontract' ? <SraGateLine subcontractId={recordId} refresh={gateRefresh} /> : null}
      {gateRefusal ? <GateRefusal refusal={gateRefusal} onDismiss={() => setGateRefusal(null)} /> : null}
      <WriteProblemAlert problem={writes.problem} onReload={reload} />
      {anyEditable ? drafts.banner : null}
      <ValidationSummary feedback={writes.feedback} />
      {!projectWrite ? <ReadOnlyLine /> : !anyEditable && fieldSecurity ? <p className="text-body-secondary small" data-read-only>This record is read-only in its state ({record.recordStateName}).</p> : null}

      {changing && isNewCommitmentKey(kind) ? (
        <NewChangeOrder parentKey={kind} record={record} costCodes={costCodes.status === 'ready' ? costCodes.data : []} onClose={() => setChanging(false)} />
      ) : null}
      <form onSubmit={(event) => { event.preventDefault(); if (anyEditable) void save(); }} noValidate>
        <div className="row g-3 mb-3">
          {spec.header.filter((field) => fieldVisible(fieldSecurity, field.name)).map((field) => (
            <HeaderInput key={field.name} field={field} value={draft.header[field.name] ?? ''} editable={editable(field.name)} feedback={writes.feedback}
              subcontractTypes={subcontractTypes} onChange={(value) => drafts.setHeader(field.name, value)} />
          ))}
        </div>

        <ItemsEditor rows={drafts.rows} caption={`Items of ${record.number}`} editable={itemsEditable} feedback={writes.feedback}
          costCodes={costCodes.status === 'ready' ? costCodes.data : []} savedCodes={record.items}
          picker={(slot) => <CostCodePicker costCodes={costCodes.status === 'ready' ? costCodes.data : []} budgetId={record.budgetId} {...slot} />}
          onChange={drafts.setItem} onRemove={drafts.removeItem} onAdd={drafts.addItem} total={{ label: 'Total', amount: rowsTotal(draft.items), kind: 'total' }}
          note={sumFixed ? <p className="small text-body-secondary" data-sum-fixed>{WORKBENCH_TEXT.sumFixed(record.recordStateName)}</p> : undefined}
          // A record read-only in its state has nothing to save or discard.
          actions={anyEditable ? <SaveButtons busy={busy} onDiscard={() => { drafts.reset(); writes.clear(); }} /> : null} />
      </form>
      <ChangeOrders parentKey={kind} parentId={recordId} refresh={gateRefresh} />
      {isBillableKey(kind) ? <PayApplicationsSection recordKey={kind} recordId={recordId} canCreate={projectWrite && isBillable(kind, record)} /> : null}
    </div>
  );
}

function HeaderInput({ field, value, editable, feedback, subcontractTypes, onChange }: {
  field: HeaderField; value: string; editable: boolean; feedback: FormFeedback; subcontractTypes: readonly SelectOption[]; onChange(value: string): void;
}) {
  const options: ReadonlyArray<{ value: string; label: string }> | undefined = field.kind === 'retainage'
    ? RETAINAGE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))
    : field.kind === 'excessLiability' ? EXCESS_LIABILITY_OPTIONS.map((o) => ({ value: o.value === null ? '' : String(o.value), label: o.label }))
      : field.kind === 'subcontractType' ? subcontractTypes : undefined;
  // A value the list does not offer still shows, as the record holds it.
  const current = field.kind === 'retainage' ? (value ? `${value}%` : '') : field.kind === 'excessLiability' ? formatMoney(value) : value ? `Type ${value}` : '';
  return (
    <RecordField label={field.label} field={field.name} feedback={feedback} editable={editable} className={field.kind === 'text' ? 'col-12' : 'col-sm-4'} select={options !== undefined}>
      {(control) => (options ? (
        <select {...control} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.some((o) => o.value === value) ? null : <option value={value}>{current}</option>}
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      ) : <input {...control} type={field.kind === 'date' ? 'date' : 'text'} value={value} readOnly={!editable} onChange={(e) => onChange(e.currentTarget.value)} />)}
    </RecordField>
  );
}
