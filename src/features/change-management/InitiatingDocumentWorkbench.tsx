/**
 * `<wb-initiating-document>`: an initiating document (change record) — header fields, the RFI it
 * answers (GET /api/procorelocal/getrequestforinformations), §4 state advancement and save (§5
 * feedback per field, §6 field security by state; nothing typed is lost on a failed save). Opened
 * with record-key 'Project' (record-id = the project) it creates a new one
 * (POST /api/pfm/CreateChangeRecord) and then opens it.
 */
import { useEffect, useId, useState } from 'react';
import { showToast } from '../../core/messages';
import { openWorkbench } from '../../core/workbench';
import { FormField, RecordStateBadge, StateAdvanceMenu, ValidationSummary, fieldEditable, useLookupOptions, useWorkbenchRecordName } from '../../ui/records';
import type { FormFeedback } from '../../ui/records';
import type { ChangeRecord } from './types';
import { changeRecords, createChangeRecord, loadRfis } from './data';
import type { Rfi } from './data';
import { advanceChangeRecord } from './advance';
import { useSignedIn } from '../../ui/session';
import { useChangeRecord, useFieldSecurity } from './hooks';
import { RecordFormButtons, useCreateForm, useRecordForm } from './form';
import { LoadProblem, RecordRefreshNotice } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';

export interface InitiatingDocumentProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
  budgetId?: number;
}

type Values = Record<'title' | 'description' | 'initiatingDocumentTypeId' | 'changeReasonId' | 'documentDate' | 'rfiId', string>;

const valuesOf = (r: ChangeRecord): Values => ({
  title: r.title ?? '', description: r.description ?? '', initiatingDocumentTypeId: r.initiatingDocumentTypeId ? String(r.initiatingDocumentTypeId) : '',
  changeReasonId: r.changeReasonId ? String(r.changeReasonId) : '', documentDate: r.documentDate ?? '', rfiId: r.rfiId ? String(r.rfiId) : '',
});

/** The workbench frame's record name while a new document is being made. */
export const NEW_DOCUMENT_NAME = 'New initiating document';

const EMPTY: Values = { title: '', description: '', initiatingDocumentTypeId: '', changeReasonId: '', documentDate: '', rfiId: '' };

/** The workbench view: a new initiating document for a project, or an existing one. */
export function InitiatingDocument({ recordKey = '', recordId = -1, projectId = -1, budgetId = -1 }: InitiatingDocumentProps) {
  const signedIn = useSignedIn();
  if (recordKey.toLowerCase() === 'project') {
    return <NewInitiatingDocument projectId={recordId > 0 ? recordId : projectId} budgetId={budgetId} signedIn={signedIn} />;
  }
  return <ExistingInitiatingDocument recordId={recordId} signedIn={signedIn} />;
}

/** The project's RFIs, official ones only while `officialOnly`. */
function useRfis(signedIn: boolean, projectId: number | undefined, officialOnly: boolean): Rfi[] {
  const [rfis, setRfis] = useState<Rfi[]>([]);
  useEffect(() => {
    if (!signedIn || !projectId || projectId < 1) return undefined;
    let live = true;
    loadRfis(projectId, officialOnly).then(
      (list) => { if (live) setRfis(list); },
      (error: unknown) => console.error('RFIs failed to load', error),
    );
    return () => { live = false; };
  }, [signedIn, projectId, officialOnly]);
  return rfis;
}

/** The header fields both forms share (Description = the record's title). */
function DocumentFields({ values, set, feedback, editable, signedIn, projectId }: {
  values: Values; set(field: keyof Values): (value: string) => void; feedback: FormFeedback; editable(field: string): boolean; signedIn: boolean; projectId: number | undefined;
}) {
  const types = useLookupOptions('initiatingDocumentType', 'initiatingDocumentTypeId');
  const reasons = useLookupOptions('changeReason', 'changeReasonId');
  const [officialOnly, setOfficialOnly] = useState(true);
  const rfis = useRfis(signedIn, projectId, officialOnly);
  const officialId = useId();
  return (
    <>
      <FormField label="Description" field="title" value={values.title} onChange={set('title')} feedback={feedback} editable={editable('title')} required />
      <FormField label="Details" field="description" type="textarea" value={values.description} onChange={set('description')} feedback={feedback} editable={editable('description')} />
      <div className="row">
        <div className="col-md-4"><FormField label="Type" field="initiatingDocumentTypeId" type="select" options={types} value={values.initiatingDocumentTypeId} onChange={set('initiatingDocumentTypeId')} feedback={feedback} editable={editable('initiatingDocumentTypeId')} /></div>
        <div className="col-md-4"><FormField label="Reason" field="changeReasonId" type="select" options={reasons} value={values.changeReasonId} onChange={set('changeReasonId')} feedback={feedback} editable={editable('changeReasonId')} /></div>
        <div className="col-md-4"><FormField label="Date" field="documentDate" type="date" value={values.documentDate} onChange={set('documentDate')} feedback={feedback} editable={editable('documentDate')} /></div>
      </div>
      <fieldset className="mb-2">
        <legend className="small fw-semibold mb-1">Request for information</legend>
        <div className="form-check form-check-inline small">
          <input className="form-check-input" type="checkbox" id={officialId} checked={officialOnly} onChange={(e) => setOfficialOnly(e.target.checked)} />
          <label className="form-check-label" htmlFor={officialId}>Official RFIs only</label>
        </div>
        <FormField
          label="Linked RFI" field="rfiId" type="select" value={values.rfiId} onChange={set('rfiId')} feedback={feedback} editable={editable('rfiId')}
          options={rfis.map((r) => ({ value: String(r.rfiId), label: `${r.displayText} (${r.status})` }))}
        />
      </fieldset>
    </>
  );
}

function NewInitiatingDocument({ projectId, budgetId, signedIn }: { projectId: number; budgetId: number; signedIn: boolean }) {
  const form = useCreateForm<Values, ChangeRecord>(EMPTY, (values) => createChangeRecord({
    ProjectId: projectId, BudgetId: budgetId > 0 ? budgetId : undefined, Title: values.title, Description: values.description,
    InitiatingDocumentTypeId: values.initiatingDocumentTypeId, ChangeReasonId: values.changeReasonId || undefined,
    DocumentDate: values.documentDate || undefined, RfiId: values.rfiId || undefined,
  }), 'initiating document');
  // The frame names what is being made, not the project it is opened on ('Project 1').
  const nameRef = useWorkbenchRecordName<HTMLFormElement>(NEW_DOCUMENT_NAME);
  // A Viewer on the project's team creates nothing: the line in place of Create (the server refuses it anyway).
  const projectWrite = useProjectWrite({ projectId, budgetId });
  const create = async () => {
    const created = await form.submit();
    if (!created) return;
    changeRecords().upsert(created);
    showToast(`${created.number} created.`, { variant: 'success' });
    openWorkbench('InitiatingDocument', { recordKey: 'ChangeRecord', recordId: created.changeRecordId });
  };
  if (projectId < 1) return <div className="alert alert-warning m-3" role="alert">Choose a project to create an initiating document.</div>;
  return (
    <form ref={nameRef} className="p-3" data-workbench="new-initiating-document" onSubmit={(e) => { e.preventDefault(); if (projectWrite) void create(); }}>
      <h2 className="h5">{NEW_DOCUMENT_NAME}</h2>
      <ValidationSummary feedback={form.feedback} />
      <DocumentFields values={form.values} set={form.set} feedback={form.feedback} editable={() => true} signedIn={signedIn} projectId={projectId} />
      {projectWrite
        ? <button type="submit" className="btn btn-primary btn-sm" disabled={form.saving}>{form.saving ? 'Creating…' : 'Create initiating document'}</button>
        : <ReadOnlyLine />}
    </form>
  );
}

function ExistingInitiatingDocument({ recordId, signedIn }: { recordId: number; signedIn: boolean }) {
  const { record, status, retry } = useChangeRecord<ChangeRecord>('ChangeRecord', recordId, signedIn);
  const security = useFieldSecurity(record, status);
  const nameRef = useWorkbenchRecordName<HTMLFormElement>(record ? `${record.number} ${record.title}` : undefined);
  const form = useRecordForm('ChangeRecord', record, valuesOf, security);
  const { values } = form;
  // A Viewer on the project's team reads only: no field, Save or Change state (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId: record?.projectId });

  if (status === 'loading' && !record) return <p className="p-3" role="status">Loading…</p>;
  if (status === 'failed' && !record) return <div className="p-3"><LoadProblem message={`Initiating document ${recordId} could not be loaded.`} onRetry={retry} /></div>;
  if (!record || !values) return <div className="alert alert-warning m-3" role="alert">Initiating document {recordId} was not found.</div>;

  return (
    <form className="p-3" data-workbench="initiating-document" ref={nameRef} onSubmit={(e) => { e.preventDefault(); if (projectWrite) void form.save(); }}>
      <RecordRefreshNotice status={status} what={`Initiating document ${record.number}`} onRetry={retry} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0" data-number>{record.number}</h2>
        <RecordStateBadge state={record.recordStateName} tone="secondary" data-state />
        {projectWrite ? <StateAdvanceMenu stateId={record.applicationRecordStateId} ariaLabel={`Advance ${record.number}`} onSelect={(a) => void advanceChangeRecord(record, a.targetApplicationRecordState)} /> : null}
      </div>
      {projectWrite ? null : <ReadOnlyLine />}
      {form.draftBanner}
      <ValidationSummary feedback={form.feedback} />
      <DocumentFields values={values} set={form.set} feedback={form.feedback} editable={(field) => projectWrite && fieldEditable(security, field)} signedIn={signedIn} projectId={record.projectId} />
      {projectWrite ? <RecordFormButtons form={form} className="d-flex gap-2" /> : null}
    </form>
  );
}
