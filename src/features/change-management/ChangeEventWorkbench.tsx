/**
 * `<wb-change-event>`: a change event — header fields (§6 field security, §5 feedback), its items in
 * two lists, Open items and Closed items (§4: an item moves between them when its state changes;
 * nested ones indented under their parent), each with its own state menu, and §4 state
 * advancement. While the event is open, items can be added (POST /api/pfm/CreateChangeEventItem),
 * nested under another item or not, with a §5 cost code (cost type, then a line of the event's
 * budget). Opened with record-key 'ChangeRecord' it creates a new change event for that initiating
 * document (POST /api/pfm/CreateChangeEvent).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatCostCodeWithType, formatMoney } from '../../core/format';
import { showToast } from '../../core/messages';
import { openWorkbench, WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { CostCodePicker, loadCostCodes } from '../budget-lines';
import {
  FieldFeedback, FormField, LookupText, RecordStateBadge, StateAdvanceMenu, ValidationSummary, fieldEditable, fieldInvalid, splitRecords, useLookupOptions, useRecords,
  useWorkbenchRecordName, type FormFeedback,
} from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import type { ChangeEvent, ChangeEventItem, ChangeRecord } from './types';
import {
  changeEventItems, changeEvents, createChangeEvent, createChangeEventItem, itemTree, loadChangeEventItems, loadCommitmentVendors, reloadRecord,
} from './data';
import { advanceChangeEvent, advanceChangeEventItem, itemLabel } from './advance';
import { BlockedItems } from './BlockedItems';
import type { BlockedAdvance } from './BlockedItems';
import { useSignedIn } from '../../ui/session';
import { useChangeRecord, useFieldSecurity } from './hooks';
import { RecordFormButtons, useCreateForm, useRecordForm } from './form';
import { WorkbenchIcon } from '../../ui/workbench';
import { LoadProblem, RecordRefreshNotice } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';

export interface ChangeEventWorkbenchProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
  budgetId?: number;
}

/** The workbench view: a new change event for an initiating document, or an existing one. */
export function ChangeEventWorkbench({ recordKey = '', recordId = -1 }: ChangeEventWorkbenchProps) {
  const signedIn = useSignedIn();
  if (recordKey.toLowerCase() === 'changerecord') return <NewChangeEvent changeRecordId={recordId} signedIn={signedIn} />;
  return <ExistingChangeEvent changeEventId={recordId} signedIn={signedIn} />;
}

type Values = { title: string; description: string; reimbursableTypeId: string; changeReasonId: string; probability: string };
const NEW_EVENT: Values = { title: '', description: '', reimbursableTypeId: '', changeReasonId: '', probability: '100' };

/** The event's own fields, on the new and the existing form (a new event must name its reimbursable type). */
function EventFields({ values, set, feedback, editable, creating = false }: {
  values: Values; set(field: keyof Values): (value: string) => void; feedback: FormFeedback; editable(field: string): boolean; creating?: boolean;
}) {
  const reimbursable = useLookupOptions('reimbursableType', 'reimbursableTypeId');
  const reasons = useLookupOptions('changeReason', 'changeReasonId');
  const field = (name: keyof Values) => ({ field: name, value: values[name], onChange: set(name), feedback, editable: editable(name) });
  return (
    <>
      <FormField label="Title" {...field('title')} required />
      <FormField label="Description" {...field('description')} type="textarea" />
      <div className="row">
        <div className="col-md-6"><FormField label="Reimbursable type" {...field('reimbursableTypeId')} type="select" options={reimbursable} required={creating} /></div>
        <div className="col-md-6"><FormField label="Change reason" {...field('changeReasonId')} type="select" options={reasons} /></div>
      </div>
      {/* How likely the change is (0–100 %): the projection grid's pending budget changes weight the event's amount by it. */}
      {creating ? null : <div className="row"><div className="col-md-6"><FormField label="Probability (%)" {...field('probability')} type="number" /></div></div>}
    </>
  );
}

function NewChangeEvent({ changeRecordId, signedIn }: { changeRecordId: number; signedIn: boolean }) {
  const { record: source } = useChangeRecord<ChangeRecord>('ChangeRecord', changeRecordId, signedIn);
  // A Viewer on the project's team creates nothing: the line in place of Create (the server refuses it anyway).
  const projectWrite = useProjectWrite({ projectId: source?.projectId });
  const form = useCreateForm<Values, ChangeEvent>(NEW_EVENT, (values) => createChangeEvent({
    ChangeRecordId: changeRecordId, Title: values.title, Description: values.description,
    ReimbursableTypeId: values.reimbursableTypeId, ChangeReasonId: values.changeReasonId || undefined,
  }), 'change event');
  const create = async () => {
    const created = await form.submit();
    if (!created) return;
    changeEvents().upsert(created);
    // A draft initiating document has potential costs once it has a change event (server side).
    void reloadRecord('ChangeRecord', changeRecordId).catch(() => undefined);
    showToast(`${created.number} created.`, { variant: 'success' });
    openWorkbench('ChangeEvent', { recordKey: 'ChangeEvent', recordId: created.changeEventId });
  };
  const { values, set, feedback } = form;
  return (
    <form className="p-3" data-workbench="new-change-event" onSubmit={(e) => { e.preventDefault(); if (projectWrite) void create(); }}>
      <h2 className="h5">New change event for {source ? `${source.number} ${source.title}` : `initiating document ${changeRecordId}`}</h2>
      <ValidationSummary feedback={feedback} />
      <EventFields values={values} set={set} feedback={feedback} editable={() => true} creating />
      {projectWrite
        ? <button type="submit" className="btn btn-primary btn-sm" disabled={form.saving}>{form.saving ? 'Creating…' : 'Create change event'}</button>
        : <ReadOnlyLine />}
    </form>
  );
}

const valuesOf = (record: ChangeEvent): Values => ({
  title: record.title ?? '', description: record.description ?? '',
  changeReasonId: record.changeReasonId ? String(record.changeReasonId) : '', reimbursableTypeId: record.reimbursableTypeId ? String(record.reimbursableTypeId) : '',
  probability: String(record.probability ?? 100),
});

function ExistingChangeEvent({ changeEventId, signedIn }: { changeEventId: number; signedIn: boolean }) {
  const { record, status, retry } = useChangeRecord<ChangeEvent>('ChangeEvent', changeEventId, signedIn);
  const security = useFieldSecurity(record, status);
  const nameRef = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.title}` : undefined);
  const filter = useCallback((i: ChangeEventItem) => i.changeEventId === changeEventId, [changeEventId]);
  const items = useRecords(changeEventItems(), filter);
  const form = useRecordForm('ChangeEvent', record, valuesOf, security);
  const { values } = form;
  const [blocked, setBlocked] = useState<BlockedAdvance | null>(null);
  const [parent, setParent] = useState<ChangeEventItem | null>(null);
  // A Viewer on the project's team reads only: no field, Save, Change state or new item (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId });

  useEffect(() => {
    if (!signedIn || changeEventId < 1) return;
    loadChangeEventItems('ChangeEvent', changeEventId).catch((error: unknown) => console.error('Change event items failed to load', error));
  }, [signedIn, changeEventId]);

  if (status === 'loading' && !record) return <p className="p-3" role="status">Loading…</p>;
  if (status === 'failed' && !record) return <div className="p-3"><LoadProblem message={`Change event ${changeEventId} could not be loaded.`} onRetry={retry} /></div>;
  if (!record || !values) return <div className="alert alert-warning m-3" role="alert">Change event {changeEventId} was not found.</div>;

  const editable = (field: string) => projectWrite && fieldEditable(security, field);
  const advance = async (target: Parameters<typeof advanceChangeEvent>[1]) => {
    setBlocked(null);
    const outcome = await advanceChangeEvent(record, target);
    if (outcome.kind === 'blocked') setBlocked({ ...outcome, recordName: record.number });
  };
  const { open, closed } = splitRecords(items, (i) => i.closed);
  const canAdd = !record.closed && projectWrite;

  return (
    <div className="p-3" data-workbench="change-event" ref={nameRef}>
      <RecordRefreshNotice status={status} what={`Change event ${record.number}`} onRetry={retry} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0" data-number>{record.number}</h2>
        <RecordStateBadge state={record.recordStateName} tone="secondary" data-state />
        {projectWrite ? <StateAdvanceMenu stateId={record.applicationRecordStateId} ariaLabel={`Advance ${record.number}`} onSelect={(a) => void advance(a.targetApplicationRecordState)} /> : null}
      </div>
      {projectWrite ? null : <ReadOnlyLine />}
      {blocked ? <BlockedItems blocked={blocked} onDismiss={() => setBlocked(null)} /> : null}
      <form onSubmit={(e) => { e.preventDefault(); void form.save(); }}>
        {form.draftBanner}
        <ValidationSummary feedback={form.feedback} />
        <EventFields values={values} set={form.set} feedback={form.feedback} editable={editable} />
        {projectWrite ? <RecordFormButtons form={form} /> : null}
      </form>
      <div data-testid="change-event-items">
        <ItemList title="Open items" list="open" items={open} eventNumber={record.number} onAddNested={canAdd ? setParent : undefined} canWrite={projectWrite} />
        <ItemList title="Closed items" list="closed" items={closed} eventNumber={record.number} canWrite={projectWrite} />
      </div>
      {canAdd ? <AddItemForm event={record} parent={parent} onClearParent={() => setParent(null)} /> : !projectWrite ? null : (
        <p className="small text-body-secondary" data-no-add>{record.number} is {record.recordStateName}: no items can be added.</p>
      )}
    </div>
  );
}

const COLUMN_WIDTHS = ['26%', '12%', '20%', '12%', '10%', '10%', '240px'];

/** One list of items (open or closed), nested ones indented under their parent. */
function ItemList({ title, list, items, eventNumber, onAddNested, canWrite }: {
  title: string; list: 'open' | 'closed'; items: readonly ChangeEventItem[]; eventNumber: string; onAddNested?: (item: ChangeEventItem) => void; canWrite: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-3" data-item-list={list}>
      <h3 className="h6" id={headingId}>{title} <span className="badge text-bg-secondary" data-count={list}>{items.length}</span></h3>
      {items.length === 0 ? <p className="small text-body-secondary mb-0" data-empty={list}>No {list} items.</p> : (
        <table className="table table-sm align-middle mb-0" style={{ tableLayout: 'fixed' }}>
          <caption className="visually-hidden">{`${title} of ${eventNumber}`}</caption>
          {/* The same column widths in both lists, so they read as one. */}
          <colgroup>{COLUMN_WIDTHS.map((width, index) => <col key={index} style={{ width }} />)}</colgroup>
          <thead><tr><th scope="col">Item</th><th scope="col">Cost code</th><th scope="col">Vendor</th><th scope="col">State</th><th scope="col" className="text-end">Estimated</th><th scope="col" className="text-end">Approved</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {itemTree(items).map(({ item, level }) => (
              <tr key={item.changeEventItemId} data-item-id={item.changeEventItemId} data-level={level} data-parent-id={item.parentChangeEventItemId ?? undefined}>
                <td style={{ paddingLeft: `${0.25 + level * 1.5}rem` }}>
                  <div className="d-flex align-items-baseline">
                    {level > 0 ? <span aria-hidden="true" className="text-body-secondary me-1">↳</span> : null}
                    <button type="button" className="btn btn-link p-0 text-start" onClick={() => openWorkbench('ChangeEventItem', { recordKey: 'ChangeEventItem', recordId: item.changeEventItemId })}>
                      {itemLabel(item)}
                    </button>
                  </div>
                </td>
                <td className="text-nowrap">{formatCostCodeWithType(item.costCode, item.costType)}</td>
                <td><LookupText type="vendor" id={item.vendorId} fallback={item.vendorName ?? ''} /></td>
                <td data-state>{item.recordStateName}</td>
                <td className="text-end">{item.estimatedAmount === null ? '' : formatMoney(item.estimatedAmount)}</td>
                <td className="text-end">{item.approvedAmount === null ? '' : formatMoney(item.approvedAmount)}</td>
                <td className="text-end text-nowrap">
                  {onAddNested ? (
                    <button type="button" className="btn btn-sm btn-outline-secondary me-1 d-inline-flex align-items-center gap-1" title={WORKBENCH_TOOLTIPS.add}
                      data-control={WORKBENCH_TOOLTIPS.add} aria-label={`Add nested item under item ${item.changeEventItemId}`} onClick={() => onAddNested(item)}>
                      <WorkbenchIcon name="add" /> Add nested item
                    </button>
                  ) : null}
                  {canWrite ? <StateAdvanceMenu stateId={item.applicationRecordStateId} record={{ recordKey: 'ChangeEventItem', recordId: item.changeEventItemId }} ariaLabel={`Advance item ${item.changeEventItemId}`} onSelect={(a) => void advanceChangeEventItem(item, a.targetApplicationRecordState)} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type ItemValues = { description: string; costType: string; costCodeId: string; vendorId: string; estimatedAmount: string };
const NEW_ITEM: ItemValues = { description: '', costType: '', costCodeId: '', vendorId: '', estimatedAmount: '' };

/** The "Add item" form; with `parent` the new item is nested under it. */
function AddItemForm({ event, parent, onClearParent }: { event: ChangeEvent; parent: ChangeEventItem | null; onClearParent(): void }) {
  // Vendors for new items: those with a commitment on the project (getcommitmentvendors), so a §5 link can follow.
  const vendorLoad = useLoad(event.projectId > 0 ? String(event.projectId) : null, () => loadCommitmentVendors(event.projectId), { what: 'Vendors' }).state;
  const vendors = vendorLoad.status === 'ready' && Array.isArray(vendorLoad.data) ? vendorLoad.data : [];
  // The lines of the event's budget for the cost-code picker.
  const budgetId = event.budgetId ?? -1;
  const costCodeLoad = useLoad(budgetId > 0 ? String(budgetId) : null, (signal) => loadCostCodes(budgetId, signal), { what: 'Cost codes' }).state;
  const costCodes = costCodeLoad.status === 'ready' ? costCodeLoad.data : [];
  const headingId = useId();
  const costCodeFeedbackId = useId();
  const description = useRef<HTMLDivElement>(null);
  const form = useCreateForm<ItemValues, ChangeEventItem>(NEW_ITEM, (values) => createChangeEventItem({
    ChangeEventId: event.changeEventId, ParentChangeEventItemId: parent?.changeEventItemId, Description: values.description,
    CostCodeId: values.costCodeId, VendorId: values.vendorId, EstimatedAmount: values.estimatedAmount || undefined,
  }), 'item');
  const { values, set, feedback } = form;

  useEffect(() => {
    // "Add nested item" brings the form into view with the description ready for typing.
    if (!parent || !description.current) return;
    description.current.scrollIntoView?.({ block: 'nearest' });
    description.current.querySelector<HTMLInputElement>('input')?.focus();
  }, [parent]);

  const add = async () => {
    const created = await form.submit();
    if (!created) return;
    changeEventItems().upsert(created);
    // The event's totals and item count changed.
    void reloadRecord('ChangeEvent', event.changeEventId).catch(() => undefined);
    showToast(`${itemLabel(created)} added to ${event.number}.`, { variant: 'success' });
    form.reset();
    onClearParent();
  };

  return (
    <section aria-labelledby={headingId} className="border rounded p-2" data-add-item>
      <form onSubmit={(e) => { e.preventDefault(); void add(); }}>
        <h3 className="h6" id={headingId}>{parent ? `Add nested item under ${itemLabel(parent)}` : 'Add item'}</h3>
        {parent ? (
          <p className="small mb-2" data-parent-id={parent.changeEventItemId}>
            Nested under item {parent.changeEventItemId}.{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onClearParent}>Add it at the top level instead</button>
          </p>
        ) : null}
        <ValidationSummary feedback={feedback} />
        <div ref={description}>
          <FormField label="Item description" field="description" value={values.description} onChange={set('description')} feedback={feedback} editable required />
        </div>
        <div className="row">
          <div className="col-md-6 mb-2">
            <div className="form-label small mb-1">Cost code</div>
            <CostCodePicker
              costCodes={costCodes} budgetId={event.budgetId ?? -1} costType={values.costType} costCodeId={values.costCodeId ? Number(values.costCodeId) : null}
              label="Item" invalid={fieldInvalid(feedback, 'costCodeId')}
              onChange={(next) => form.setMany({ costType: next.costType, costCodeId: next.costCodeId === null ? '' : String(next.costCodeId) })}
            />
            <FieldFeedback feedback={feedback} field="costCodeId" id={costCodeFeedbackId} />
          </div>
          <div className="col-md-3">
            <FormField label="Vendor" field="vendorId" type="select" value={values.vendorId} onChange={set('vendorId')} feedback={feedback} editable required
              options={vendors.map((v) => ({ value: String(v.vendorId), label: v.name }))} />
          </div>
          <div className="col-md-3">
            <FormField label="Estimated amount" field="estimatedAmount" type="number" value={values.estimatedAmount} onChange={set('estimatedAmount')} feedback={feedback} editable />
          </div>
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={form.saving} title={WORKBENCH_TOOLTIPS.add} data-control={WORKBENCH_TOOLTIPS.add}>{form.saving ? 'Adding…' : 'Add item'}</button>
      </form>
    </section>
  );
}
