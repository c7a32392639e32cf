/**
 * `<wb-change-event>`: a change event — header fields (§6 field security, §5 feedback), its items
 * (nested ones indented) with their own state menus, and §4 state advancement. Opened with
 * record-key 'ChangeRecord' it creates a new change event for that initiating document
 * (POST /api/pfm/CreateChangeEvent).
 */
import { useCallback, useEffect, useState } from 'react';
import { postForm } from '../../core/api';
import { showToast } from '../../core/messages';
import { openWorkbench } from '../../core/workbench';
import {
  FormField, LookupText, StateAdvanceMenu, ValidationSummary, feedbackFrom, fieldEditable, formFeedback, useRecords,
} from '../../ui/records';
import type { FeedbackItem } from '../../ui/records';
import {
  BlockedItems, advanceChangeEvent, advanceChangeEventItem, changeEventItems, changeEvents, itemTree, loadChangeEventItems, reloadRecord,
  saveChangeRecord, useChangeRecord, useFieldSecurity, useLookupOptions, useSignedIn, useWorkbenchRecordName,
} from '../../ui/records/change-management';
import type { BlockedAdvance, ChangeEvent, ChangeEventItem, ChangeRecord } from '../../ui/records/change-management';
import { formatMoney } from '../../core/format';

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

function NewChangeEvent({ changeRecordId, signedIn }: { changeRecordId: number; signedIn: boolean }) {
  const { record: source } = useChangeRecord<ChangeRecord>('ChangeRecord', changeRecordId, signedIn);
  const reimbursable = useLookupOptions('reimbursableType', 'reimbursableTypeId');
  const reasons = useLookupOptions('changeReason', 'changeReasonId');
  const [values, setValues] = useState({ title: '', description: '', reimbursableTypeId: '', changeReasonId: '' });
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [saving, setSaving] = useState(false);
  const form = formFeedback(feedback);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const create = async () => {
    setSaving(true);
    try {
      const created = await postForm<ChangeEvent>('/api/pfm/CreateChangeEvent', {
        ChangeRecordId: changeRecordId, Title: values.title, Description: values.description,
        ReimbursableTypeId: values.reimbursableTypeId, ChangeReasonId: values.changeReasonId || undefined,
      });
      changeEvents().upsert(created);
      // A draft initiating document has potential costs once it has a change event (server side).
      void reloadRecord('ChangeRecord', changeRecordId).catch(() => undefined);
      showToast(`${created.number} created.`, { variant: 'success' });
      openWorkbench('ChangeEvent', { recordKey: 'ChangeEvent', recordId: created.changeEventId });
    } catch (error) {
      const items = feedbackFrom(error);
      setFeedback(items);
      if (!items.length) showToast(`The change event was not created (${error instanceof Error ? error.message : String(error)}). Your entries are kept.`, { variant: 'danger' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="p-3" data-workbench="new-change-event" onSubmit={(e) => { e.preventDefault(); void create(); }}>
      <h2 className="h5">New change event for {source ? `${source.number} ${source.title}` : `initiating document ${changeRecordId}`}</h2>
      <ValidationSummary feedback={form} />
      <FormField label="Title" field="title" value={values.title} onChange={set('title')} feedback={form} editable required />
      <FormField label="Description" field="description" type="textarea" value={values.description} onChange={set('description')} feedback={form} editable />
      <FormField label="Reimbursable type" field="reimbursableTypeId" type="select" options={reimbursable} value={values.reimbursableTypeId} onChange={set('reimbursableTypeId')} feedback={form} editable required />
      <FormField label="Change reason" field="changeReasonId" type="select" options={reasons} value={values.changeReasonId} onChange={set('changeReasonId')} feedback={form} editable />
      <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>{saving ? 'Creating…' : 'Create change event'}</button>
    </form>
  );
}

type Values = { title: string; description: string; changeReasonId: string; reimbursableTypeId: string };

function ExistingChangeEvent({ changeEventId, signedIn }: { changeEventId: number; signedIn: boolean }) {
  const { record, status } = useChangeRecord<ChangeEvent>('ChangeEvent', changeEventId, signedIn);
  const security = useFieldSecurity(record?.applicationRecordStateId);
  const nameRef = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.title}` : undefined);
  const reimbursable = useLookupOptions('reimbursableType', 'reimbursableTypeId');
  const reasons = useLookupOptions('changeReason', 'changeReasonId');
  const filter = useCallback((i: ChangeEventItem) => i.changeEventId === changeEventId, [changeEventId]);
  const items = useRecords(changeEventItems(), filter);
  const [edits, setEdits] = useState<Partial<Values>>({});
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [blocked, setBlocked] = useState<BlockedAdvance | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!signedIn || changeEventId < 1) return;
    loadChangeEventItems('ChangeEvent', changeEventId).catch((error: unknown) => console.error('Change event items failed to load', error));
  }, [signedIn, changeEventId]);

  if (status === 'loading' && !record) return <p className="p-3" role="status">Loading…</p>;
  if (!record) return <div className="alert alert-warning m-3" role="alert">Change event {changeEventId} was not found.</div>;

  const base: Values = {
    title: record.title ?? '', description: record.description ?? '',
    changeReasonId: record.changeReasonId ? String(record.changeReasonId) : '', reimbursableTypeId: record.reimbursableTypeId ? String(record.reimbursableTypeId) : '',
  };
  const values = { ...base, ...edits };
  const set = (field: keyof Values) => (value: string) => setEdits((current) => ({ ...current, [field]: value }));
  const form = formFeedback(feedback);
  const dirty = Object.keys(edits).length > 0;
  const save = async () => {
    setSaving(true);
    const result = await saveChangeRecord('ChangeEvent', record.changeEventId, record.applicationRecordStateId, values, security);
    setSaving(false);
    if (result.ok) {
      setEdits({});
      setFeedback([]);
      showToast(`${record.number} saved.`, { variant: 'success' });
    } else {
      setFeedback(result.feedback);
      if (!result.feedback.length) showToast(result.message, { title: 'Not saved', variant: 'danger' });
    }
  };
  const advance = async (target: Parameters<typeof advanceChangeEvent>[1]) => {
    setBlocked(null);
    const outcome = await advanceChangeEvent(record, target);
    if (outcome.kind === 'blocked') setBlocked({ ...outcome, recordName: record.number });
  };

  return (
    <div className="p-3" data-workbench="change-event" ref={nameRef}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0" data-number>{record.number}</h2>
        <span className="badge text-bg-secondary" data-state>{record.recordStateName}</span>
        <StateAdvanceMenu stateId={record.applicationRecordStateId} ariaLabel={`Advance ${record.number}`} onSelect={(a) => void advance(a.targetApplicationRecordState)} />
      </div>
      {blocked ? <BlockedItems blocked={blocked} onDismiss={() => setBlocked(null)} /> : null}
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <ValidationSummary feedback={form} />
        <FormField label="Title" field="title" value={values.title} onChange={set('title')} feedback={form} editable={fieldEditable(security, 'title')} required />
        <FormField label="Description" field="description" type="textarea" value={values.description} onChange={set('description')} feedback={form} editable={fieldEditable(security, 'description')} />
        <div className="row">
          <div className="col-md-6"><FormField label="Reimbursable type" field="reimbursableTypeId" type="select" options={reimbursable} value={values.reimbursableTypeId} onChange={set('reimbursableTypeId')} feedback={form} editable={fieldEditable(security, 'reimbursableTypeId')} /></div>
          <div className="col-md-6"><FormField label="Change reason" field="changeReasonId" type="select" options={reasons} value={values.changeReasonId} onChange={set('changeReasonId')} feedback={form} editable={fieldEditable(security, 'changeReasonId')} /></div>
        </div>
        <div className="d-flex gap-2 mb-3">
          <button type="submit" className="btn btn-primary btn-sm" disabled={saving || !dirty}>{saving ? 'Saving…' : 'Save'}</button>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={saving || !dirty} onClick={() => { setEdits({}); setFeedback([]); }}>Discard changes</button>
        </div>
      </form>
      <h3 className="h6">Items</h3>
      <table className="table table-sm align-middle" data-testid="change-event-items">
        <caption className="visually-hidden">Items of {record.number}</caption>
        <thead><tr><th scope="col">Item</th><th scope="col">Vendor</th><th scope="col">State</th><th scope="col" className="text-end">Estimated</th><th scope="col" className="text-end">Approved</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {items.length === 0 ? <tr><td colSpan={6} className="text-body-secondary">No items.</td></tr> : null}
          {itemTree(items).map(({ item, level }) => (
            <tr key={item.changeEventItemId} data-item-id={item.changeEventItemId} data-level={level}>
              <td style={{ paddingLeft: `${0.25 + level * 1.5}rem` }}>
                {level > 0 ? <span aria-hidden="true" className="text-body-secondary me-1">↳</span> : null}
                <button type="button" className="btn btn-link p-0 text-start" onClick={() => openWorkbench('ChangeEventItem', { recordKey: 'ChangeEventItem', recordId: item.changeEventItemId })}>
                  {`Item ${item.changeEventItemId}: ${item.description}`}
                </button>
              </td>
              <td><LookupText type="vendor" id={item.vendorId} fallback={item.vendorName ?? ''} /></td>
              <td data-state>{item.recordStateName}</td>
              <td className="text-end">{item.estimatedAmount === null ? '' : formatMoney(item.estimatedAmount)}</td>
              <td className="text-end">{item.approvedAmount === null ? '' : formatMoney(item.approvedAmount)}</td>
              <td className="text-end">
                <StateAdvanceMenu stateId={item.applicationRecordStateId} ariaLabel={`Advance item ${item.changeEventItemId}`} onSelect={(a) => void advanceChangeEventItem(item, a.targetApplicationRecordState)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
