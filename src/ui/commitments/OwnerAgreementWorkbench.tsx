/**
 * The body of the Owner Agreement and Owner Agreement Change Order workbenches: the record, its
 * state advancement, and for a change order its linked change events with the §5 link candidates
 * (only eligible change events are offered; the server refuses the others anyway).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../core/api';
import { formatDate, formatMoney } from '../../core/format';
import { showMessage, showToast } from '../../core/messages';
import { StateAdvanceMenu, useRecord } from '../records';
import { advanceContract, contractStore, KINDS, loadContract, loadContracts, type ContractRecord } from './data';
import { linkCandidates, linkChangeEvent, loadLinkedChangeEvents, loadOwnerChangeOrder, loadProjectChangeEvents, type ChangeEventRow } from './owner-links';

const RECORD_NAME_EVENT = 'pfm-workbench-record';
const errorWhy = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Texts shown; tests read them. */
export const OWNER_TEXT = {
  noCandidates: 'No change event can be linked: a change event must be Approved, on this owner agreement and budget, and not of reimbursable type 5.',
  linked: (number: string, co: string) => `${number} linked to ${co}.`,
  noLinked: 'No change events are linked to this change order.',
} as const;

export function OwnerAgreementWorkbench({ kind, recordId }: { kind: 'OwnerAgreement' | 'OwnerAgreementChangeOrder'; recordId: number }) {
  const spec = KINDS[kind];
  const record = useRecord(contractStore(kind), recordId);
  const [loadError, setFailed] = useState<string | null>(null);
  const failed = recordId < 1 ? 'No record was given.' : loadError;
  const [linked, setLinked] = useState<ChangeEventRow[] | null>(null);
  const [projectEvents, setProjectEvents] = useState<ChangeEventRow[] | null>(null);
  const [changeOrders, setChangeOrders] = useState<ContractRecord[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (recordId < 1) return undefined;
    const abort = new AbortController();
    loadContract(kind, recordId, abort.signal).catch((error: unknown) => {
      if (abort.signal.aborted) return;
      console.error(`${spec.label} ${recordId} failed to load`, error);
      setFailed(error instanceof ApiError && error.status === 404 ? `${spec.label} ${recordId} was not found.`
        : error instanceof ApiError && error.status === 403 ? 'You do not have access to this record.' : `The ${spec.label.toLowerCase()} could not be loaded.`);
    });
    return () => abort.abort();
  }, [kind, recordId, spec.label]);

  const projectId = record?.projectId;
  const reloadLinks = useCallback((signal?: AbortSignal) => {
    if (kind !== 'OwnerAgreementChangeOrder' || !projectId) return;
    Promise.all([loadLinkedChangeEvents(recordId, signal), loadProjectChangeEvents(projectId, signal)]).then(([mine, all]) => {
      setLinked(mine);
      setProjectEvents(all);
    }, (error: unknown) => { if (!signal?.aborted) console.error('Change events failed to load', error); });
  }, [kind, recordId, projectId]);

  useEffect(() => {
    const abort = new AbortController();
    if (kind === 'OwnerAgreementChangeOrder') reloadLinks(abort.signal);
    else if (record) {
      loadContracts('OwnerAgreementChangeOrder', { recordKey: 'OwnerAgreement', recordId }, abort.signal).then(setChangeOrders, (error: unknown) => {
        if (!abort.signal.aborted) console.error('Change orders failed to load', error);
      });
    }
    return () => abort.abort();
  }, [kind, recordId, reloadLinks, refresh, record?.projectId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!record) return;
    root.current?.dispatchEvent(new CustomEvent(RECORD_NAME_EVENT, { bubbles: true, composed: true, detail: { name: record.displayText ?? record.number } }));
  }, [record]);

  if (failed) return <div className="alert alert-danger" role="alert" data-state="failed">{failed}</div>;
  if (!record) return <div role="status" className="text-body-secondary" data-state="loading">Loading {spec.label.toLowerCase()}…</div>;

  async function advance(target: { applicationRecordStateId: number; name: string; closed: boolean }) {
    if (!record) return;
    setBusy(true);
    try {
      await advanceContract(kind, record, target);
      showToast(`${record.number} is now ${target.name}.`, { variant: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) {
        void showMessage({ title: 'State not changed', message: `${record.number} stays ${record.recordStateName}: ${errorWhy(error)}`, buttons: ['ok'] });
      }
    } finally {
      setBusy(false);
    }
  }

  async function link(ce: ChangeEventRow) {
    if (!record) return;
    setBusy(true);
    try {
      await linkChangeEvent(ce.changeEventId, recordId);
      contractStore(kind).upsert({ ...record, ...(await loadOwnerChangeOrder(recordId)) });
      showToast(OWNER_TEXT.linked(ce.number, record.number), { variant: 'success' });
      setRefresh((n) => n + 1);
    } catch (error) {
      // A 400 autoAlert has shown 'Request Failed' with the server's reason.
      if (!(error instanceof ApiError && error.status === 400)) showToast(`${ce.number} was not linked: ${errorWhy(error)}`, { variant: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  const candidates = projectEvents ? linkCandidates(projectEvents, record) : null;

  return (
    <div ref={root} data-kind={kind} data-record-id={recordId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        <span className={`badge ${record.closed ? 'text-bg-secondary' : 'text-bg-primary'}`} data-state-name>{record.recordStateName}</span>
        <span className="ms-auto" />
        <StateAdvanceMenu stateId={record.applicationRecordStateId} onSelect={(a) => void advance(a.targetApplicationRecordState)} disabled={busy}
          label="Change state" ariaLabel={`Change state of ${record.number}`} />
      </div>
      <dl className="row small">
        {record.ownerName ? <><dt className="col-sm-3">Owner</dt><dd className="col-sm-9">{String(record.ownerName)}</dd></> : null}
        <dt className="col-sm-3">Description</dt><dd className="col-sm-9">{record.description}</dd>
        {kind === 'OwnerAgreement' ? (
          <>
            <dt className="col-sm-3">Contract type</dt><dd className="col-sm-9">{String(record.contractType ?? '')}</dd>
            <dt className="col-sm-3">Contract amount</dt><dd className="col-sm-3" data-amount="contract">{formatMoney(Number(record.contractAmount ?? 0))}</dd>
            <dt className="col-sm-3">Approved changes</dt><dd className="col-sm-3" data-amount="approvedChanges">{formatMoney(record.approvedChanges ?? 0)}</dd>
            <dt className="col-sm-3">Executed</dt><dd className="col-sm-9">{formatDate(String(record.executedDate ?? ''))}</dd>
          </>
        ) : (
          <>
            <dt className="col-sm-3">Amount</dt><dd className="col-sm-3" data-amount="amount">{formatMoney(record.amount ?? 0)}</dd>
            <dt className="col-sm-3">Date</dt><dd className="col-sm-3">{formatDate(record.changeOrderDate ?? '')}</dd>
          </>
        )}
      </dl>

      {kind === 'OwnerAgreement' ? (
        <section aria-label="Change orders">
          <h3 className="h6">Change orders</h3>
          {changeOrders === null ? <p className="text-body-secondary">Loading…</p> : changeOrders.length === 0 ? <p className="text-body-secondary">No change orders.</p> : (
            <ul className="list-unstyled" data-change-orders>
              {changeOrders.map((co) => <li key={Number(co.ownerAgreementChangeOrderId)}>{co.number} · {co.description} · {formatMoney(co.amount ?? 0)} · {co.recordStateName}</li>)}
            </ul>
          )}
        </section>
      ) : (
        <>
          <section aria-label="Linked change events" className="mb-3">
            <h3 className="h6">Linked change events</h3>
            {linked === null ? <p className="text-body-secondary">Loading…</p> : linked.length === 0 ? <p className="text-body-secondary">{OWNER_TEXT.noLinked}</p> : (
              <ul className="list-unstyled" data-linked>
                {linked.map((ce) => <li key={ce.changeEventId} data-change-event={ce.changeEventId}>{ce.number} {ce.title} · {ce.recordStateName} · {formatMoney(ce.approvedAmount ?? 0)}</li>)}
              </ul>
            )}
          </section>
          <section aria-label="Change events that can be linked">
            <h3 className="h6">Change events that can be linked</h3>
            {candidates === null ? <p className="text-body-secondary">Loading…</p> : candidates.length === 0 ? <p className="text-body-secondary" data-no-candidates>{OWNER_TEXT.noCandidates}</p> : (
              <ul className="list-unstyled" data-candidates>
                {candidates.map((ce) => (
                  <li key={ce.changeEventId} className="d-flex align-items-center gap-2 py-1" data-candidate={ce.changeEventId}>
                    <span className="me-auto">{ce.number} {ce.title} · {formatMoney(ce.approvedAmount ?? 0)}</span>
                    <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={() => void link(ce)} aria-label={`Link ${ce.number}`}>Link</button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
