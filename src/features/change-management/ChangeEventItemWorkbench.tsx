/**
 * `<wb-change-event-item>`: a change event item — fields (§6 security, §5 feedback), §4 state
 * advancement, and the §5 link to a commitment: only commitments that pass
 * `canLinkItemToCommitment` (item Approved or Pending Commitment, same vendor, no linked
 * change-order item) are offered; the server refuses the others anyway.
 */
import { useEffect, useState } from 'react';
import { formatCostCodeWithType } from '../../core/format';
import { showToast } from '../../core/messages';
import { canLinkItemToCommitment } from '../../core/workflow';
import { openWorkbench } from '../../core/workbench';
import { FormField, LookupText, RecordStateBadge, StateAdvanceMenu, ValidationSummary, fieldEditable, fieldVisible, useWorkbenchRecordName } from '../../ui/records';
import type { ChangeEventItem } from './types';
import { changeEventItems, linkItemToCommitment, loadProjectCommitments } from './data';
import type { Commitment } from './data';
import { advanceChangeEventItem } from './advance';
import { useSignedIn } from '../../ui/session';
import { useChangeRecord, useFieldSecurity } from './hooks';
import { RecordFormButtons, useRecordForm } from './form';
import { LoadProblem, LoadProgress, RecordRefreshNotice } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';

export interface ChangeEventItemWorkbenchProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
  budgetId?: number;
}

type Values = { description: string; estimatedAmount: string; proposedAmount: string; approvedAmount: string };
const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
const valuesOf = (item: ChangeEventItem): Values => ({
  description: item.description ?? '', estimatedAmount: text(item.estimatedAmount), proposedAmount: text(item.proposedAmount), approvedAmount: text(item.approvedAmount),
});

/** The commitments an item may be linked to (§5). */
export function linkCandidates(item: ChangeEventItem, commitments: readonly Commitment[]): Commitment[] {
  return commitments.filter((c) => canLinkItemToCommitment({ vendorId: item.vendorId, coItemRecordId: item.coItemRecordId, stateName: item.recordStateName }, c).ok);
}

/** The workbench view. */
export function ChangeEventItemWorkbench({ recordId = -1 }: ChangeEventItemWorkbenchProps) {
  const signedIn = useSignedIn();
  const { record: item, status, retry } = useChangeRecord<ChangeEventItem>('ChangeEventItem', recordId, signedIn);
  const security = useFieldSecurity(item, status);
  const nameRef = useWorkbenchRecordName<HTMLDivElement>(item ? `Item ${item.changeEventItemId}: ${item.description}` : undefined);
  const form = useRecordForm('ChangeEventItem', item, valuesOf, security);
  const { values } = form;
  // The project's commitments, once loaded for `projectId` and attempt (null: loading); 'failed' says so with a Retry.
  const [commitmentLoad, setCommitmentLoad] = useState<{ key: string; commitments: Commitment[] | 'failed' } | null>(null);
  const [commitmentAttempt, setCommitmentAttempt] = useState(0);
  const [choice, setChoice] = useState('');
  const projectId = item?.projectId;
  // A Viewer on the project's team reads only: no field, Save, Change state or link (the server refuses them anyway).
  const projectWrite = useProjectWrite({ projectId });

  const commitmentKey = `${projectId}#${commitmentAttempt}`;
  useEffect(() => {
    if (!signedIn || !projectId) return undefined;
    let live = true;
    loadProjectCommitments(projectId).then((list) => { if (live) setCommitmentLoad({ key: commitmentKey, commitments: list }); }, (error: unknown) => {
      console.error('Commitments failed to load', error);
      if (live) setCommitmentLoad({ key: commitmentKey, commitments: 'failed' });
    });
    return () => { live = false; };
  }, [signedIn, projectId, commitmentKey]);
  const loaded = commitmentLoad?.key === commitmentKey ? commitmentLoad.commitments : null;
  const commitments = Array.isArray(loaded) ? loaded : [];

  if (status === 'loading' && !item) return <p className="p-3" role="status">Loading…</p>;
  if (status === 'failed' && !item) return <div className="p-3"><LoadProblem message={`Change event item ${recordId} could not be loaded.`} onRetry={retry} /></div>;
  if (!item || !values) return <div className="alert alert-warning m-3" role="alert">Change event item {recordId} was not found.</div>;

  const candidates = linkCandidates(item, commitments);
  const check = canLinkItemToCommitment({ vendorId: item.vendorId, coItemRecordId: item.coItemRecordId, stateName: item.recordStateName }, { vendorId: item.vendorId });

  const link = async () => {
    const commitment = candidates.find((c) => `${c.key}:${c.id}` === choice);
    if (!commitment) return;
    try {
      changeEventItems().upsert(await linkItemToCommitment(item.changeEventItemId, commitment));
      showToast(`Item ${item.changeEventItemId} is linked to ${commitment.number}; a change order was drafted.`, { variant: 'success' });
    } catch (error) {
      // A refusal (autoAlert) has shown the 'Request Failed' dialog already.
      console.error('Link failed', error);
      showToast(`Item ${item.changeEventItemId} was not linked to ${commitment.number}.`, { variant: 'danger' });
    }
  };

  return (
    <div className="p-3" data-workbench="change-event-item" ref={nameRef}>
      <RecordRefreshNotice status={status} what={`Change event item ${recordId}`} onRetry={retry} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0">Item {item.changeEventItemId}</h2>
        <RecordStateBadge state={item.recordStateName} tone="secondary" data-state />
        {projectWrite ? <StateAdvanceMenu stateId={item.applicationRecordStateId} record={{ recordKey: 'ChangeEventItem', recordId: item.changeEventItemId }} ariaLabel={`Advance item ${item.changeEventItemId}`} onSelect={(a) => void advanceChangeEventItem(item, a.targetApplicationRecordState)} /> : null}
      </div>
      {projectWrite ? null : <ReadOnlyLine />}
      <p className="small mb-2">
        Vendor: <strong><LookupText type="vendor" id={item.vendorId} fallback={item.vendorName ?? ''} /></strong>
        {item.costCode ? <> · Cost code <span data-cost-code>{formatCostCodeWithType(item.costCode, item.costType)}</span></> : null}
      </p>
      <form onSubmit={(e) => { e.preventDefault(); void form.save(); }}>
        {form.draftBanner}
        <ValidationSummary feedback={form.feedback} />
        <FormField label="Description" field="description" value={values.description} onChange={form.set('description')} feedback={form.feedback} editable={projectWrite && fieldEditable(security, 'description')} required />
        <div className="row">
          {(['estimatedAmount', 'proposedAmount', 'approvedAmount'] as const).map((field) => (
            <div className="col-md-4" key={field}>
              <FormField
                label={{ estimatedAmount: 'Estimated', proposedAmount: 'Proposed', approvedAmount: 'Approved' }[field]}
                field={field} type="number" value={values[field]} onChange={form.set(field)} feedback={form.feedback}
                editable={projectWrite && fieldEditable(security, field)} visible={fieldVisible(security, field)}
              />
            </div>
          ))}
        </div>
        {projectWrite ? <RecordFormButtons form={form} /> : null}
      </form>
      <section aria-labelledby="link-heading" data-testid="link-commitment">
        <h3 className="h6" id="link-heading">Link to a commitment</h3>
        {item.changeOrderKey && item.changeOrderId ? (
          <p className="small mb-2" data-linked-change-order>
            {`Linked to change order ${item.changeOrderNumber ?? item.changeOrderId} of ${item.commitmentNumber ?? 'its commitment'}. `}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => openWorkbench(item.changeOrderKey as string, { recordKey: item.changeOrderKey as string, recordId: item.changeOrderId as number })}>
              {`Open ${item.changeOrderNumber ?? 'change order'}`}
            </button>
          </p>
        ) : null}
        {!projectWrite ? null : !check.ok ? <p className="small text-body-secondary" data-link-rule>{check.message}</p> : loaded === null ? (
          <LoadProgress label="Loading the project's commitments…" />
        ) : loaded === 'failed' ? (
          <LoadProblem message="The project's commitments could not be loaded, so the item cannot be linked yet." onRetry={() => setCommitmentAttempt((n) => n + 1)} />
        ) : candidates.length === 0 ? (
          <p className="small text-body-secondary">No commitment of this project has the item's vendor.</p>
        ) : (
          <div className="d-flex gap-2">
            <select className="form-select form-select-sm" aria-label="Commitment" value={choice} onChange={(e) => setChoice(e.target.value)} data-candidates>
              <option value="">Choose a commitment…</option>
              {candidates.map((c) => <option key={`${c.key}:${c.id}`} value={`${c.key}:${c.id}`}>{`${c.number} ${c.description}`}</option>)}
            </select>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={!choice} onClick={() => void link()}>Link</button>
          </div>
        )}
      </section>
    </div>
  );
}
