/**
 * The workbench sidebar (§2 Open Sidebar): the record's details and its history, every change with
 * who, when and each field's old and new value. The changes behind the user's orange asterisk (not
 * acknowledged yet) are highlighted, so the user sees what changed, not only that something did.
 */
import { Fragment, useEffect, useState } from 'react';
import { ApiError } from '../../core/api';
import { formatDateTime, formatMoney, formatNumber } from '../../core/format';
import { useNearViewport } from '../lazy';
import { fieldLabel, groupChangeSets, loadRecordHistory, valueText, type ChangeSet, type RecordHistory } from '../../core/records/history';

/** Texts shown; tests read them. */
export const SIDEBAR_TEXT = {
  title: 'Details and history',
  loading: 'Loading the history…',
  empty: 'No changes recorded yet.',
  byEsign: 'e-sign completion',
  anyAmount: 'any amount',
  upTo: (amount: string) => `up to ${amount}`,
  unacknowledged: 'Not acknowledged yet',
  unacknowledgedIntro: (count: number) => `${count} change${count === 1 ? '' : 's'} behind the orange asterisk, highlighted below.`,
  failed: (why: string) => `The history could not be loaded (${why}).`,
  forbidden: 'You do not have access to this record’s history.',
  created: 'Created',
  deleted: 'Deleted',
} as const;

const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Fields not worth a line in the details: the display text repeats the title; ids of other records say nothing by themselves (the export keeps them). */
const hiddenDetail = (field: string) => field === 'displayText' || /Id$/.test(field);

function ChangeSetView({ set }: { set: ChangeSet }) {
  return (
    <li className={set.unacknowledged ? 'alert alert-warning py-2 px-2 mb-2' : 'border rounded py-2 px-2 mb-2'} data-change-set={set.changeSetId}
      data-unacknowledged={set.unacknowledged ? 'true' : 'false'}>
      <div className="small d-flex flex-wrap gap-1 mb-1">
        <strong data-changed-by>{set.changedBy ?? 'System'}</strong>
        <span>·</span>
        <time dateTime={set.changedAt} data-changed-at>{formatDateTime(set.changedAt)}</time>
        {set.unacknowledged ? <span className="badge text-bg-warning ms-auto">{SIDEBAR_TEXT.unacknowledged}</span> : null}
      </div>
      <ul className="list-unstyled small mb-0">
        {set.entries.map((entry) => (
          <li key={entry.recordHistoryId} data-history-field={entry.field} data-child={entry.childKey ? `${entry.childKey}:${entry.childId}` : undefined}>
            {entry.childKey ? <span className="text-body-secondary">{fieldLabel(entry.childKey)} {entry.childId} · </span> : null}
            <span className="fw-semibold">{fieldLabel(entry.field)}</span>
            {entry.action === 'update' ? (
              <>: <del data-old>{valueText(entry.oldValue) || '(empty)'}</del> → <ins data-new>{valueText(entry.newValue) || '(empty)'}</ins></>
            ) : entry.action === 'insert' ? (
              <>: <ins data-new>{valueText(entry.newValue)}</ins></>
            ) : (
              <>: <del data-old>{valueText(entry.oldValue)}</del> ({SIDEBAR_TEXT.deleted.toLowerCase()})</>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The sidebar's content for `recordKey`/`recordId`; the history loads when it comes near the viewport. */
export function RecordSidebar({ recordKey, recordId, reloadKey = 0 }: { recordKey: string; recordId: number; reloadKey?: number }) {
  const [data, setData] = useState<RecordHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [ref, near] = useNearViewport<HTMLDivElement>();

  useEffect(() => {
    if (!near) return undefined;
    let live = true;
    loadRecordHistory(recordKey, recordId).then((answer) => {
      if (!live) return;
      setData(answer);
      setError(null);
    }, (e: unknown) => {
      if (!live) return;
      console.error('Record history failed to load', e);
      setError(e instanceof ApiError && e.status === 403 ? SIDEBAR_TEXT.forbidden : SIDEBAR_TEXT.failed(why(e)));
    });
    return () => { live = false; };
  }, [near, recordKey, recordId, attempt, reloadKey]);

  const sets = data ? groupChangeSets(data.history) : [];
  const pending = sets.filter((set) => set.unacknowledged).length;
  const details = Object.entries(data?.record ?? {}).filter(([field, value]) => !hiddenDetail(field) && value !== null && value !== '');

  return (
    <div ref={ref} className="record-sidebar small" data-record-sidebar>
      <h3 className="h6">{SIDEBAR_TEXT.title}</h3>
      {error ? (
        <div className="alert alert-danger py-2 d-flex align-items-center gap-2" role="alert">
          <span className="me-auto">{error}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => { setError(null); setAttempt((n) => n + 1); }}>Retry</button>
        </div>
      ) : null}
      {!data && !error ? <p className="text-body-secondary" role="status">{SIDEBAR_TEXT.loading}</p> : null}
      {data ? (
        <>
          {details.length ? (
            <dl className="row mb-3" data-details>
              {details.map(([field, value]) => (
                <Fragment key={field}>
                  <dt className="col-5 fw-normal text-body-secondary text-truncate" title={fieldLabel(field)}>{fieldLabel(field)}</dt>
                  <dd className="col-7 mb-1" style={{ overflowWrap: 'anywhere' }} data-detail={field}>{typeof value === 'number' ? formatNumber(value) : valueText(value)}</dd>
                </Fragment>
              ))}
            </dl>
          ) : null}
          {data.approvals?.length ? (
            <>
              <h4 className="h6">Approvals</h4>
              <ol className="list-unstyled mb-3" aria-label="Approvals" data-approvals>
                {data.approvals.map((a) => (
                  <li key={a.recordApprovalId} className="mb-1" data-approval={a.toStateName}>
                    <strong>{a.toStateName}</strong> · {a.via === 'esign' ? SIDEBAR_TEXT.byEsign : (a.approvedByName ?? 'Someone')}
                    {a.roleName ? ` (${a.roleName}, ${a.upToAmount === null ? SIDEBAR_TEXT.anyAmount : SIDEBAR_TEXT.upTo(formatMoney(a.upToAmount))})` : ''}
                    {' '}· {formatMoney(a.amount)} · {formatDateTime(a.approvedAt)}
                    {a.reason ? <span className="d-block text-body-secondary">{a.reason}</span> : null}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          <h4 className="h6">History</h4>
          {pending ? <p className="mb-2" data-unacknowledged-intro>{SIDEBAR_TEXT.unacknowledgedIntro(pending)}</p> : null}
          {data.changes.filter((c) => !c.changeSetId || !sets.some((s) => s.changeSetId === c.changeSetId)).map((change) => (
            <p key={change.changeTrackingId} className="alert alert-warning py-2 px-2 mb-2" data-unacknowledged-change={change.changeTrackingId}>
              <strong>{change.changedBy ?? 'Someone'}</strong> · {formatDateTime(change.changedAt)}: {change.description}
              {' '}<span className="badge text-bg-warning">{SIDEBAR_TEXT.unacknowledged}</span>
            </p>
          ))}
          {sets.length === 0 ? <p className="text-body-secondary" data-history-empty>{SIDEBAR_TEXT.empty}</p> : (
            <ol className="list-unstyled mb-0" aria-label="History" data-history>
              {sets.map((set) => <ChangeSetView key={set.changeSetId} set={set} />)}
            </ol>
          )}
        </>
      ) : null}
    </div>
  );
}
