/**
 * The Cost Adjustment workbench body: header fields under the field security of the record's state
 * (§6), items with the §5 cost-code picker (by cost type and budget) and signed amounts, reference
 * documents (upload through the file-form call, download through the blob call under the server's
 * filename), state advancement with the server's targets, and §5 feedback per field. A failed save
 * keeps every typed value and says why; a refused post shows the server's reason.
 */
import { useCallback, useId, useMemo } from 'react';
import { itemsNet, postRefusal } from '../../core/cost-adjustments/contract';
import { showToast } from '../../core/messages';
import { formatMoney, parseNumber, sanitizeNumber } from '../../core/format';
import {
  FieldFeedback, ITEM_TEXT, fieldInvalid, ItemsEditor, RecordField, RecordLoadFailed, RecordLoading, RecordStateBadge, SaveButtons, StateAdvanceMenu, ValidationSummary, WriteProblemAlert,
  changedRows, checkRows, fieldVisible, rowEdit, useItemsDraft, useLookupOptions, useRecordLoad, useRecordWrites, useStateMove, useWorkbenchRecordName,
  type FeedbackItem, type ItemsDraft,
} from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { CostCodePicker, loadCostCodes } from '../budget-lines';
import { contractFieldEditable } from '../commitments';
import {
  advanceCostAdjustment, costAdjustmentStore, isUnreconciled, loadCostAdjustment, saveCostAdjustment, shownAmount,
  type CostAdjustment,
} from './data';
import { ReferenceDocuments } from './ReferenceDocuments';
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
  amountNotNumber: ITEM_TEXT.amountNotNumber,
  costCodeMissing: ITEM_TEXT.costCodeMissing,
  headerAmount: 'The amount must be a number.',
  descriptionRequired: 'A description is required.',
  readOnly: (state: string) => `This cost adjustment is read-only in its state (${state}).`,
  unreconciled: 'Unreconciled',
} as const;

const HEADER = ['description', 'costAdjustmentReasonId', 'adjustmentDate', 'amount', 'transfer'] as const;
type HeaderName = (typeof HEADER)[number];
type Draft = ItemsDraft<Record<HeaderName, string>>;

function draftOf(record: CostAdjustment): Draft {
  return {
    header: {
      description: record.description ?? '', costAdjustmentReasonId: String(record.costAdjustmentReasonId ?? ''), adjustmentDate: record.adjustmentDate ?? '',
      amount: sanitizeNumber(record.amount), transfer: record.transfer ? 'true' : 'false',
    },
    items: (record.items ?? []).map((item) => ({
      key: `item-${item.costAdjustmentItemId}`, itemId: item.costAdjustmentItemId, costType: String(item.costType ?? ''), costCodeId: item.costCodeId,
      description: item.description ?? '', amount: sanitizeNumber(item.amount), deleted: false,
    })),
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The workbench body for cost adjustment `recordId`. */
export function CostAdjustmentWorkbench({ recordId }: { recordId: number }) {
  const load = useRecordLoad(costAdjustmentStore(), recordId, (signal) => loadCostAdjustment(recordId, signal), {
    what: 'Cost adjustment', notFound: CA_TEXT.notFound(recordId), noAccess: CA_TEXT.noAccess, loadFailed: CA_TEXT.loadFailed, noRecord: CA_TEXT.noRecord,
  });
  const { record, security: fieldSecurity } = load;
  const budgetId = record?.budgetId ?? -1;
  const costCodes = useLoad(budgetId > 0 ? String(budgetId) : null, (signal) => loadCostCodes(budgetId, signal), { what: 'Cost codes' }).state;
  const reasons = useLookupOptions('costAdjustmentReason', 'costAdjustmentReasonId');
  const writes = useRecordWrites();
  const moves = useStateMove({
    record, move: (target) => advanceCostAdjustment(record!, target), stale: CA_TEXT.stale, refusalInline: true, onProblem: writes.setProblem,
  });

  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.description}`.trim() : undefined);
  const transferId = useId();
  const closed = record?.closed === true;
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const editable = useCallback((field: string) => projectWrite && contractFieldEditable(fieldSecurity, closed, field), [projectWrite, fieldSecurity, closed]);
  const anyEditable = HEADER.some((field) => editable(field)) || editable('items');
  const saved = useMemo(() => (load.ready && record ? draftOf(record) : undefined), [record, load.ready]);
  const drafts = useItemsDraft({ screen: 'wb-cost-adjustment', recordKey: 'CostAdjustment', recordId, saved, enabled: fieldSecurity !== null && anyEditable });
  const { draft } = drafts;

  if (load.failed) return <RecordLoadFailed load={load} />;
  if (!record || !draft || !saved || !load.securityKnown) return <RecordLoading label="Loading cost adjustment…" />;

  const itemsEditable = editable('items');
  const busy = writes.busy || moves.busy;

  async function save(): Promise<void> {
    if (!record || !draft || !saved) return;
    const sent = changedRows(saved.items, draft.items);
    const local: FeedbackItem[] = [];
    if (draft.header.description.trim() === '') local.push({ integerValue: 1, stringValue: 'description', message: CA_TEXT.descriptionRequired });
    if (parseNumber(draft.header.amount) === null) local.push({ integerValue: 1, stringValue: 'amount', message: CA_TEXT.headerAmount });
    local.push(...checkRows(draft.items, CA_TEXT, sent));
    if (local.length) {
      writes.setFeedback(local);
      return;
    }
    const header = Object.fromEntries(HEADER.filter((f) => draft.header[f] !== saved.header[f]).map((f) => [f, draft.header[f]]));
    if (Object.keys(header).length === 0 && sent.length === 0) {
      writes.setFeedback([{ integerValue: 1, stringValue: '', message: CA_TEXT.nothingToSave }]);
      return;
    }
    await writes.write(sent, async () => {
      const answer = await saveCostAdjustment(record, header, sent.map(rowEdit));
      drafts.replace(draftOf(answer.record));
      writes.setFeedback(answer.feedback ?? []);
      showToast(CA_TEXT.saved(record.number), { variant: 'success' });
    }, { stale: CA_TEXT.stale, failed: (error) => CA_TEXT.saveFailed(errorText(error)) });
  }

  const reload = () => {
    drafts.clear();
    writes.clear();
    load.reload();
  };

  const shownItems = drafts.rows;
  const draftRefusal = postRefusal(
    { number: record.number, amount: parseNumber(draft.header.amount) ?? 0, transfer: draft.header.transfer === 'true' },
    shownItems.map((item, index) => ({ costAdjustmentItemId: item.itemId ?? index + 1, amount: parseNumber(item.amount) ?? 0 })),
  );
  const field = (name: HeaderName, label: string, className: string) => ({
    label, field: name, feedback: writes.feedback, editable: editable(name), className, readOnlyShown: true,
  });
  const set = (name: HeaderName) => (value: string) => drafts.setHeader(name, value);
  const costCodeRows = costCodes.status === 'ready' ? costCodes.data : [];

  return (
    <div ref={root} className="cost-adjustment-workbench" data-record-id={recordId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        <RecordStateBadge state={record.recordStateName} tone={closed ? 'secondary' : 'primary'} data-state-name />
        {isUnreconciled(record) ? <span className="badge text-bg-warning" data-unreconciled>{CA_TEXT.unreconciled}</span> : null}
        {record.transfer ? <span className="badge text-bg-info" data-transfer>Transfer</span> : null}
        <span className="ms-auto" />
        {projectWrite ? (
          <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: 'CostAdjustment', recordId }} onSelect={(a) => void moves.move(a.targetApplicationRecordState)} disabled={busy}
            label="Change state" ariaLabel={`Change state of ${record.number}`} />
        ) : null}
      </div>
      <dl className="row small mb-3">
        <dt className="col-sm-3">Amount</dt><dd className="col-sm-3" data-amount>{formatMoney(shownAmount(record))}</dd>
        <dt className="col-sm-3">Items net</dt><dd className="col-sm-3" data-items-net-saved>{formatMoney(itemsNet(record.items ?? []))}</dd>
      </dl>

      <WriteProblemAlert problem={writes.problem} onReload={reload} />
      {anyEditable ? drafts.banner : null}
      <ValidationSummary feedback={writes.feedback} />
      {!projectWrite ? <ReadOnlyLine /> : !anyEditable ? <p className="text-body-secondary small" data-read-only>{CA_TEXT.readOnly(record.recordStateName)}</p> : null}

      <form onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <div className="row g-3 mb-3">
          {fieldVisible(fieldSecurity, 'description') ? (
            <RecordField {...field('description', 'Description', 'col-12')}>
              {(control) => <input {...control} value={draft.header.description} onChange={(e) => set('description')(e.currentTarget.value)} />}
            </RecordField>
          ) : null}
          {fieldVisible(fieldSecurity, 'costAdjustmentReasonId') ? (
            <RecordField {...field('costAdjustmentReasonId', 'Reason', 'col-sm-4')} select>
              {(control) => (
                <select {...control} value={draft.header.costAdjustmentReasonId} onChange={(e) => set('costAdjustmentReasonId')(e.currentTarget.value)}>
                  {reasons.some((o) => o.value === draft.header.costAdjustmentReasonId) ? null : <option value={draft.header.costAdjustmentReasonId}>{draft.header.costAdjustmentReasonId ? `Reason ${draft.header.costAdjustmentReasonId}` : ''}</option>}
                  {reasons.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </select>
              )}
            </RecordField>
          ) : null}
          {fieldVisible(fieldSecurity, 'adjustmentDate') ? (
            <RecordField {...field('adjustmentDate', 'Date', 'col-sm-4')}>
              {(control) => <input {...control} type="date" value={draft.header.adjustmentDate} onChange={(e) => set('adjustmentDate')(e.currentTarget.value)} />}
            </RecordField>
          ) : null}
          {fieldVisible(fieldSecurity, 'amount') ? (
            <RecordField {...field('amount', 'Amount', 'col-sm-4')}>
              {(control) => <input {...control} inputMode="decimal" className={`${control.className} text-end`} value={draft.header.amount} onChange={(e) => set('amount')(sanitizeNumber(e.currentTarget.value))} />}
            </RecordField>
          ) : null}
          {fieldVisible(fieldSecurity, 'transfer') ? (
            <div className="col-12">
              <div className="form-check">
                <input id={transferId} data-field="transfer" type="checkbox" className="form-check-input" checked={draft.header.transfer === 'true'} disabled={!editable('transfer')}
                  aria-invalid={fieldInvalid(writes.feedback, 'transfer') || undefined} aria-describedby={`${transferId}-feedback`}
                  onChange={(e) => set('transfer')(e.currentTarget.checked ? 'true' : 'false')} />
                <label htmlFor={transferId} className="form-check-label small">Moves budget between lines (the items must net to zero)</label>
              </div>
              <FieldFeedback feedback={writes.feedback} field="transfer" id={`${transferId}-feedback`} />
            </div>
          ) : null}
        </div>

        <ItemsEditor rows={shownItems} caption={`Items of ${record.number}`} editable={itemsEditable} feedback={writes.feedback} costCodes={costCodeRows} savedCodes={record.items}
          picker={(slot) => <CostCodePicker costCodes={costCodeRows} budgetId={record.budgetId} {...slot} />}
          onChange={drafts.setItem} onRemove={drafts.removeItem} onAdd={drafts.addItem}
          total={{ label: 'Net', amount: itemsNet(shownItems.map((item) => ({ amount: parseNumber(item.amount) ?? 0 }))), kind: 'net' }}
          note={draftRefusal && !closed ? <p className="small text-warning-emphasis" data-post-check>Before posting: {draftRefusal}</p> : null}
          actions={projectWrite ? <SaveButtons busy={busy} canSave={anyEditable} onDiscard={() => { drafts.reset(); writes.clear(); }} /> : null} />
      </form>

      <ReferenceDocuments record={record} />
    </div>
  );
}
