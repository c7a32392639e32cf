/**
 * "Waiting for me" (issue 29): the caller's approval inbox across all weeks, oldest first: timecards
 * submitted and time-off requests pending (as manager, or as delegate with the manager named), and a
 * Timecard Admin's cards without an approver and open corrections. The person's name is on every row
 * and in every confirm dialog ("Reject Sam Carter's timecard for 11/22–11/28?").
 *
 * Keyboard: the rows are one tab stop (arrows move, Space selects, Ctrl+A selects every row that can
 * be approved); Approve and Reject act on the selection after a confirm dialog (a rejection asks a
 * reason, which also denies a request). Cards go through updatetimecardstates, requests through the
 * time-off bulk call. Rows done leave at once and the header's bell is told (its counts follow);
 * a stale row (409, or refused in the answer) says so with the server's message and a Reload.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../core/api';
import { formatDate } from '../../../core/format';
import { dayRangeLabel, type ApprovalInboxLoad, type ApprovalInboxRow } from '../../../core/timecards/contract';
import { announceOpenItemsChanged, failureMessage, inboxHref, loadInbox, MANAGE_TEXT, moveCards, moveRequests } from './data';
import { useLoad } from '../../../ui/useLoad';
import { LoadStatus } from './LoadStatus';
import { rowKeyHandler } from './rowKeys';
import { BulkActions, RefusedRows } from './BulkActions';
import { usePhone } from '../../../ui/usePhone';

type Action = 'approve' | 'reject';

const actionable = (row: ApprovalInboxRow) => row.kind === 'timecard' || row.kind === 'timeOff';
const hours = (value: number) => value.toFixed(2);

interface Outcome {
  kind: 'success' | 'warning' | 'danger';
  message: string;
  refused: { phrase: string; message: string }[];
  /** Something changed since the list was loaded: offer Reload. */
  stale: boolean;
}

function ConfirmDialog({ action, rows, busy, failure, onCancel, onConfirm }: {
  action: Action | null; rows: readonly ApprovalInboxRow[]; busy: boolean; failure: string; onCancel(): void; onConfirm(reason?: string): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const open = action !== null;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setError('');
      setReason('');
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      // Enter confirms an approval; a rejection starts at its reason.
      (action === 'reject' ? reasonField.current : confirmButton.current)?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, action]);
  const submit = () => {
    if (action === 'reject' && !reason.trim()) {
      setError(MANAGE_TEXT.reasonRequiredInbox);
      reasonField.current?.focus();
      return;
    }
    onConfirm(action === 'reject' ? reason.trim() : undefined);
  };
  return (
    <dialog ref={dialog} className="border rounded p-0 shadow bg-body text-body" aria-labelledby="tc-inbox-confirm-title" data-dialog="inbox-confirm"
      data-action-kind={action ?? undefined} onCancel={(event) => { event.preventDefault(); onCancel(); }} style={{ width: 'min(560px, 95vw)' }}>
      <form method="dialog" className="p-3" onSubmit={(event) => { event.preventDefault(); submit(); }} noValidate>
        <h2 className="h5" id="tc-inbox-confirm-title" data-confirm-title>{action ? MANAGE_TEXT.confirmTitle(action, rows) : ''}</h2>
        {rows.length > 1 ? (
          <ul className="small mb-2" data-confirm-items style={{ maxHeight: '40vh', overflowY: 'auto' }}>
            {rows.map((row) => <li key={row.key}>{MANAGE_TEXT.itemPhrase(row)}</li>)}
          </ul>
        ) : null}
        {action === 'reject' ? (
          <>
            <label htmlFor="tc-inbox-reason" className="form-label">{MANAGE_TEXT.rejectReason}</label>
            <textarea id="tc-inbox-reason" ref={reasonField} className={`form-control${error ? ' is-invalid' : ''}`} rows={3} value={reason} required
              aria-describedby="tc-inbox-reason-help tc-inbox-reason-error" aria-invalid={error ? true : undefined}
              onChange={(event) => { setReason(event.target.value); if (event.target.value.trim()) setError(''); }} />
            <div id="tc-inbox-reason-help" className="form-text">{MANAGE_TEXT.rejectInboxHelp}</div>
            <div id="tc-inbox-reason-error" className="invalid-feedback d-block" data-error="reason">{error}</div>
          </>
        ) : null}
        {failure ? <div className="alert alert-danger py-2 mt-2 mb-0" role="alert" data-dialog-failure>{failure}</div> : null}
        <div className="d-flex justify-content-end gap-2 mt-3">
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} data-action="cancel-confirm">{MANAGE_TEXT.cancel}</button>
          <button type="submit" ref={confirmButton} className={`btn ${action === 'reject' ? 'btn-danger' : 'btn-success'}`} disabled={busy} data-action="confirm">
            {action === 'reject' ? MANAGE_TEXT.reject : MANAGE_TEXT.approve}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A row as a card on a phone: the person's name first, then what and when; Approve and Reject full width, named. */
function InboxCardView({ row, checked, toggle, act, busy }: {
  row: ApprovalInboxRow; checked: boolean; toggle(row: ApprovalInboxRow): void; act(rows: ApprovalInboxRow[], action: Action): void; busy: boolean;
}) {
  const can = actionable(row);
  const phrase = MANAGE_TEXT.itemPhrase(row);
  return (
    <li className={`card${checked ? ' border-primary' : ''}`} data-key={row.key} data-kind={row.kind}>
      <div className="card-body p-2">
        <div className="d-flex align-items-start gap-2">
          {can ? <input type="checkbox" className="form-check-input mt-1" checked={checked} onChange={() => toggle(row)} aria-label={MANAGE_TEXT.selectRow(phrase)} /> : null}
          <div className="me-auto" style={{ minWidth: 0 }}>
            <div className="fw-semibold" data-name>{row.employeeName}</div>
            {row.delegatedFromName ? <div className="small text-body-secondary" data-for>{MANAGE_TEXT.forManager(row.delegatedFromName)}</div> : null}
            <div className="small">
              <span data-kind-name>{MANAGE_TEXT.kinds[row.kind]}</span> · <span data-dates>{dayRangeLabel(row.startDate, row.endDate)}</span>
              {' · '}<span data-hours>{row.expectedHours === null ? `${hours(row.hours)} h` : `${hours(row.hours)} / ${hours(row.expectedHours)} h`}</span>
              {row.datesPassed ? <span className="badge text-bg-warning ms-2" data-dates-passed>{MANAGE_TEXT.datesPassed}</span> : null}
            </div>
            {row.description ? <div className="small text-break" data-description>{row.description}</div> : null}
            <div className="small text-body-secondary" data-waiting>{MANAGE_TEXT.waitingSince}: {formatDate(row.waitingSince)}</div>
          </div>
          <a href={inboxHref(row)} className="btn btn-sm btn-link" aria-label={`${row.kind === 'correction' ? MANAGE_TEXT.openCorrections : MANAGE_TEXT.open}: ${phrase}`}>
            {row.kind === 'correction' ? MANAGE_TEXT.openCorrections : MANAGE_TEXT.open}
          </a>
        </div>
        {can ? (
          <div className="d-flex gap-2 mt-2">
            <button type="button" className="btn btn-success flex-fill" disabled={busy} data-action="approve-row" onClick={() => act([row], 'approve')}
              aria-label={`${MANAGE_TEXT.approve} ${phrase}`}>{MANAGE_TEXT.approve}</button>
            <button type="button" className="btn btn-outline-danger flex-fill" disabled={busy} data-action="reject-row" onClick={() => act([row], 'reject')}
              aria-label={`${MANAGE_TEXT.reject} ${phrase}`}>{MANAGE_TEXT.reject}</button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function InboxRowView({ row, checked, tabStop, toggle, act }: {
  row: ApprovalInboxRow; checked: boolean; tabStop: boolean; toggle(row: ApprovalInboxRow): void; act(rows: ApprovalInboxRow[], action: Action): void;
}) {
  const can = actionable(row);
  const phrase = MANAGE_TEXT.itemPhrase(row);
  return (
    <tr tabIndex={tabStop ? 0 : -1} data-key={row.key} data-kind={row.kind} aria-selected={can ? checked : undefined} className={checked ? 'table-active' : undefined}
      onFocus={(event) => {
        // roving tab stop: the focused row is the one Tab returns to
        event.currentTarget.parentElement?.querySelectorAll('tr[tabindex="0"]').forEach((tr) => { if (tr !== event.currentTarget) tr.setAttribute('tabindex', '-1'); });
        event.currentTarget.setAttribute('tabindex', '0');
      }}>
      <td>
        {can ? <input type="checkbox" className="form-check-input" tabIndex={-1} checked={checked} onChange={() => toggle(row)} aria-label={MANAGE_TEXT.selectRow(phrase)} /> : null}
      </td>
      <td>
        <span data-name>{row.employeeName}</span>
        {row.delegatedFromName ? <span className="small text-body-secondary ms-2" data-for>{MANAGE_TEXT.forManager(row.delegatedFromName)}</span> : null}
      </td>
      <td data-kind-name>{MANAGE_TEXT.kinds[row.kind]}</td>
      <td className="text-nowrap">
        <span data-dates>{dayRangeLabel(row.startDate, row.endDate)}</span>
        {row.datesPassed ? <span className="badge text-bg-warning ms-2" data-dates-passed>{MANAGE_TEXT.datesPassed}</span> : null}
      </td>
      <td className="text-end" data-hours>{row.expectedHours === null ? hours(row.hours) : `${hours(row.hours)} / ${hours(row.expectedHours)}`}</td>
      <td data-description>{row.description ?? ''}</td>
      <td className="text-nowrap" data-waiting>{formatDate(row.waitingSince)}</td>
      <td className="text-nowrap">
        <a href={inboxHref(row)} className="btn btn-sm btn-link" tabIndex={-1} aria-label={`${row.kind === 'correction' ? MANAGE_TEXT.openCorrections : MANAGE_TEXT.open}: ${phrase}`}>
          {row.kind === 'correction' ? MANAGE_TEXT.openCorrections : MANAGE_TEXT.open}
        </a>
        {can ? (
          <>
            <button type="button" className="btn btn-sm btn-outline-success ms-1" tabIndex={-1} data-action="approve-row" onClick={() => act([row], 'approve')}
              aria-label={`${MANAGE_TEXT.approve} ${phrase}`}>{MANAGE_TEXT.approve}</button>
            <button type="button" className="btn btn-sm btn-outline-danger ms-1" tabIndex={-1} data-action="reject-row" onClick={() => act([row], 'reject')}
              aria-label={`${MANAGE_TEXT.reject} ${phrase}`}>{MANAGE_TEXT.reject}</button>
          </>
        ) : null}
      </td>
    </tr>
  );
}

/** What one bulk call did: keys done, rows refused (with why), and whether any was stale. */
interface CallResult { done: string[]; refused: { phrase: string; message: string }[]; stale: boolean; failed: unknown }

async function run(rows: readonly ApprovalInboxRow[], call: () => Promise<{ done?: number[]; refused?: { ItemId: number; message: string; statusCode?: number }[] }>): Promise<CallResult> {
  const kind = rows[0]?.kind;
  const byId = new Map(rows.map((row) => [row.itemId, row]));
  try {
    const answer = await call();
    const refused = (answer.refused ?? []).map((item) => ({ phrase: byId.has(item.ItemId) ? MANAGE_TEXT.itemPhrase(byId.get(item.ItemId)!) : `#${item.ItemId}`, message: item.message }));
    return { done: (answer.done ?? []).map((id) => `${kind}:${id}`), refused, stale: refused.length > 0, failed: null };
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 409) {
      const message = failureMessage(failure, MANAGE_TEXT.actionFailed);
      return { done: [], refused: rows.map((row) => ({ phrase: MANAGE_TEXT.itemPhrase(row), message })), stale: true, failed: null };
    }
    return { done: [], refused: [], stale: false, failed: failure };
  }
}

function Rows({ load, reload }: { load: ApprovalInboxLoad; reload(): void }) {
  // Rows done leave at once (before the reload answers).
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => load.rows.filter((row) => !gone.has(row.key)), [load.rows, gone]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<{ action: Action; rows: ApprovalInboxRow[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosen = rows.filter((row) => actionable(row) && selected.has(row.key));
  const toggle = (row: ApprovalInboxRow) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(row.key)) next.delete(row.key); else next.add(row.key);
    return next;
  });
  const selectAll = () => setSelected((current) => {
    const can = rows.filter(actionable);
    return can.length > 0 && can.every((row) => current.has(row.key)) ? new Set() : new Set(can.map((row) => row.key));
  });
  const act = (targets: ApprovalInboxRow[], action: Action) => {
    if (targets.length) setConfirming({ action, rows: targets });
  };

  const writing = useRef(false);
  const confirm = async (reason?: string) => {
    if (!confirming || writing.current) return;
    const { action, rows: targets } = confirming;
    writing.current = true;
    setBusy(true);
    setOutcome(null);
    const cards = targets.filter((row) => row.kind === 'timecard');
    const requests = targets.filter((row) => row.kind === 'timeOff');
    const { routes } = load;
    const results = [
      cards.length ? await run(cards, () => moveCards(cards, action === 'approve' ? routes.timecardApprove : routes.timecardReject, reason)) : null,
      requests.length ? await run(requests, () => moveRequests(requests, action === 'approve' ? routes.timeOffApprove : routes.timeOffDeny, reason)) : null,
    ].filter((result): result is CallResult => result !== null);
    writing.current = false;
    setBusy(false);
    const done = results.flatMap((result) => result.done);
    const refused = results.flatMap((result) => result.refused);
    const failed = results.find((result) => result.failed)?.failed;
    if (done.length) {
      setGone((current) => new Set([...current, ...done]));
      setSelected((current) => new Set([...current].filter((key) => !done.includes(key))));
      announceOpenItemsChanged();
    }
    if (failed && done.length === 0 && refused.length === 0) {
      // Nothing reached the server's decision: the dialog stays, with the reason typed.
      setOutcome({ kind: 'danger', message: failureMessage(failed, MANAGE_TEXT.actionFailed), refused: [], stale: false });
      return;
    }
    setConfirming(null);
    const stale = results.some((result) => result.stale);
    const message = stale && done.length === 0 && refused.length === 1 ? refused[0]!.message : MANAGE_TEXT.inboxDone(action, done.length);
    setOutcome({
      kind: refused.length || failed ? (done.length ? 'warning' : 'danger') : 'success',
      message: failed ? `${message} ${failureMessage(failed, MANAGE_TEXT.actionFailed)}` : message,
      refused: stale && done.length === 0 && refused.length === 1 ? [] : refused,
      stale,
    });
    // A stale row waits for Reload (the message stays beside the rows it names); otherwise the list is read again.
    if (!stale) reload();
  };

  const onKeyDown = rowKeyHandler({
    rowOf: (tr) => rows.find((r) => r.key === tr.dataset.key), toggle: (row) => { if (actionable(row)) toggle(row); }, selectAll,
  });
  const can = rows.filter(actionable);
  const allSelected = can.length > 0 && can.every((row) => selected.has(row.key));
  const phone = usePhone();

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <BulkActions chosen={chosen} busy={busy} act={act} />
      </div>
      <div role="status" aria-live="polite">
        {outcome ? (
          <div className={`alert alert-${outcome.kind} py-2 d-flex flex-wrap align-items-center gap-2`} data-outcome={outcome.kind}>
            <div className="me-auto">
              <span data-outcome-message>{outcome.message}</span>
              <RefusedRows rows={outcome.refused} name={(item) => item.phrase} />
            </div>
            {outcome.stale ? (
              <button type="button" className="btn btn-sm btn-outline-secondary" data-action="reload" onClick={() => { setOutcome(null); reload(); }}>{MANAGE_TEXT.reload}</button>
            ) : null}
          </div>
        ) : null}
      </div>
      {rows.length === 0 ? <p className="text-body-secondary" data-empty>{MANAGE_TEXT.inboxEmpty}</p> : phone ? (
        <>
          {can.length ? (
            <div className="form-check mb-2">
              <input id="tc-inbox-select-all" type="checkbox" className="form-check-input" checked={allSelected} onChange={selectAll} data-action="select-all" />
              <label className="form-check-label" htmlFor="tc-inbox-select-all">{MANAGE_TEXT.selectAll}</label>
            </div>
          ) : null}
          <ul className="list-unstyled d-grid gap-2 mb-0" data-layout="inbox-cards" aria-label={MANAGE_TEXT.inboxLabel}>
            {rows.map((row) => <InboxCardView key={row.key} row={row} checked={selected.has(row.key)} toggle={toggle} act={act} busy={busy} />)}
          </ul>
        </>
      ) : (
        <>
          <p className="small text-body-secondary mb-1">{MANAGE_TEXT.inboxKeys}</p>
          <div className="table-responsive">
            <table className="table table-sm table-hover align-middle mb-0" data-layout="inbox" data-rows={rows.length}>
              <caption className="visually-hidden">{MANAGE_TEXT.inboxLabel}</caption>
              <thead>
                <tr>
                  <th scope="col" style={{ width: '40px' }}>
                    <input type="checkbox" className="form-check-input" checked={allSelected} disabled={can.length === 0} onChange={selectAll}
                      aria-label={MANAGE_TEXT.selectAll} data-action="select-all" />
                  </th>
                  <th scope="col">Employee</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Dates</th>
                  <th scope="col" className="text-end">Hours</th>
                  <th scope="col">Details</th>
                  <th scope="col">{MANAGE_TEXT.waitingSince}</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody onKeyDown={onKeyDown}>
                {rows.map((row, index) => (
                  <InboxRowView key={row.key} row={row} checked={selected.has(row.key)} tabStop={index === 0} toggle={toggle} act={act} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ConfirmDialog action={confirming?.action ?? null} rows={confirming?.rows ?? []} busy={busy}
        failure={confirming && outcome?.kind === 'danger' && !outcome.stale ? outcome.message : ''} onCancel={() => setConfirming(null)}
        onConfirm={(reason) => void confirm(reason)} />
    </>
  );
}

export function Inbox() {
  const { state, retry } = useLoad('inbox', (signal) => loadInbox(signal));
  // While a reload after a write is under way the rows stay (the selection is kept).
  return (
    <div data-inbox>
      <LoadStatus state={state} retry={retry} what={MANAGE_TEXT.inboxLoading} keepLast>
        {(load) => <Rows load={load} reload={retry} />}
      </LoadStatus>
    </div>
  );
}
