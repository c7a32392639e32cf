/**
 * `<wb-initiating-document>`: an initiating document (change record) — header fields, the RFI it
 * answers (GET /api/procorelocal/getrequestforinformations), §4 state advancement and save (§5
 * feedback per field, §6 field security by state; nothing typed is lost on a failed save).
 */
import { useEffect, useState } from 'react';
import { getJson } from '../../core/api';
import { showToast } from '../../core/messages';
import { FormField, StateAdvanceMenu, ValidationSummary, fieldEditable, formFeedback } from '../../ui/records';
import type { FeedbackItem } from '../../ui/records';
import {
  advanceChangeRecord, saveChangeRecord, useChangeRecord, useFieldSecurity, useLookupOptions, useSignedIn, useWorkbenchRecordName,
} from '../../ui/records/change-management';
import type { ChangeRecord } from '../../ui/records/change-management';

export interface InitiatingDocumentProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
  budgetId?: number;
}

interface Rfi { rfiId: number; projectId: number; number: number; subject: string; status: string; isOfficial: boolean; displayText: string }

type Values = Record<'title' | 'description' | 'initiatingDocumentTypeId' | 'changeReasonId' | 'documentDate' | 'rfiId', string>;

const valuesOf = (r: ChangeRecord): Values => ({
  title: r.title ?? '', description: r.description ?? '', initiatingDocumentTypeId: r.initiatingDocumentTypeId ? String(r.initiatingDocumentTypeId) : '',
  changeReasonId: r.changeReasonId ? String(r.changeReasonId) : '', documentDate: r.documentDate ?? '', rfiId: r.rfiId ? String(r.rfiId) : '',
});

/** The workbench view. */
export function InitiatingDocument({ recordId = -1 }: InitiatingDocumentProps) {
  const signedIn = useSignedIn();
  const { record, status } = useChangeRecord<ChangeRecord>('ChangeRecord', recordId, signedIn);
  const security = useFieldSecurity(record?.applicationRecordStateId);
  const nameRef = useWorkbenchRecordName<HTMLFormElement>(record ? `${record.number} ${record.title}` : undefined);
  const types = useLookupOptions('initiatingDocumentType', 'initiatingDocumentTypeId');
  const reasons = useLookupOptions('changeReason', 'changeReasonId');
  const [officialOnly, setOfficialOnly] = useState(true);
  const [rfis, setRfis] = useState<Rfi[]>([]);
  const [edits, setEdits] = useState<Partial<Values>>({});
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!signedIn || !record) return undefined;
    let live = true;
    getJson<Rfi[]>('/api/procorelocal/getrequestforinformations', { isOfficial: officialOnly, ProjectId: record.projectId }).then(
      (list) => { if (live) setRfis(list); },
      (error: unknown) => console.error('RFIs failed to load', error),
    );
    return () => { live = false; };
  }, [signedIn, record?.projectId, officialOnly, record]);

  if (status === 'loading' && !record) return <p className="p-3" role="status">Loading…</p>;
  if (!record) return <div className="alert alert-warning m-3" role="alert">Initiating document {recordId} was not found.</div>;

  const values: Values = { ...valuesOf(record), ...edits };
  const set = (field: keyof Values) => (value: string) => setEdits((current) => ({ ...current, [field]: value }));
  const form = formFeedback(feedback);
  const editable = (field: string) => fieldEditable(security, field);
  const dirty = Object.keys(edits).length > 0;

  const save = async () => {
    setSaving(true);
    const result = await saveChangeRecord('ChangeRecord', record.changeRecordId, record.applicationRecordStateId, values, security);
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

  return (
    <form className="p-3" data-workbench="initiating-document" ref={nameRef} onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0" data-number>{record.number}</h2>
        <span className="badge text-bg-secondary" data-state>{record.recordStateName}</span>
        <StateAdvanceMenu stateId={record.applicationRecordStateId} ariaLabel={`Advance ${record.number}`} onSelect={(a) => void advanceChangeRecord(record, a.targetApplicationRecordState)} />
      </div>
      <ValidationSummary feedback={form} />
      <FormField label="Description" field="title" value={values.title} onChange={set('title')} feedback={form} editable={editable('title')} required />
      <FormField label="Details" field="description" type="textarea" value={values.description} onChange={set('description')} feedback={form} editable={editable('description')} />
      <div className="row">
        <div className="col-md-4"><FormField label="Type" field="initiatingDocumentTypeId" type="select" options={types} value={values.initiatingDocumentTypeId} onChange={set('initiatingDocumentTypeId')} feedback={form} editable={editable('initiatingDocumentTypeId')} /></div>
        <div className="col-md-4"><FormField label="Reason" field="changeReasonId" type="select" options={reasons} value={values.changeReasonId} onChange={set('changeReasonId')} feedback={form} editable={editable('changeReasonId')} /></div>
        <div className="col-md-4"><FormField label="Date" field="documentDate" type="date" value={values.documentDate} onChange={set('documentDate')} feedback={form} editable={editable('documentDate')} /></div>
      </div>
      <fieldset className="mb-2">
        <legend className="small fw-semibold mb-1">Request for information</legend>
        <div className="form-check form-check-inline small">
          <input className="form-check-input" type="checkbox" id="rfi-official" checked={officialOnly} onChange={(e) => setOfficialOnly(e.target.checked)} />
          <label className="form-check-label" htmlFor="rfi-official">Official RFIs only</label>
        </div>
        <FormField
          label="Linked RFI" field="rfiId" type="select" value={values.rfiId} onChange={set('rfiId')} feedback={form} editable={editable('rfiId')}
          options={rfis.map((r) => ({ value: String(r.rfiId), label: `${r.displayText} (${r.status})` }))}
        />
      </fieldset>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving || !dirty}>{saving ? 'Saving…' : 'Save'}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!dirty || saving} onClick={() => { setEdits({}); setFeedback([]); }}>Discard changes</button>
      </div>
    </form>
  );
}
