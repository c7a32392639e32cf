/**
 * The team view (and the Timecard Admin's All / Without approver views over the same grid): a week
 * picker, a state filter, selection of one or many rows (Space toggles the focused row, Ctrl+A selects
 * every row that can be approved), Approve / Reject (a rejection asks for a reason in a dialog), an
 * Open link per row and CSV / Excel export. At phone width the rows become cards with their own
 * Approve / Reject buttons. A refused (stale) approval shows the server's message and reloads the
 * rows; the selection of rows still waiting is kept.
 */
import { MoreRows } from '../../../ui/MoreRows';
import { usePhone } from '../../../ui/usePhone';
import { AdminWeekSummary } from './Admin';
import { HourCells } from './HourCells';
import { BulkActions, RefusedRows } from './BulkActions';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { addDays, HOUR_FIGURES_TEXT } from '../../../core/timecards';
import type { TeamTimecardRow, TeamTimecardsLoad } from '../../../core/timecards/contract';
import { downloadCsv, downloadExcel } from '../../../ui/grid/export';
import {
  announceOpenItemsChanged, currentWeekStart, failureMessage, loadTeam, teamDefaultWeek, MANAGE_TEXT, moveCards, teamSheet, timecardHref, weekLabel, type TeamTab,
} from './data';
import { useLoad } from '../../../ui/useLoad';
import { LoadStatus } from './LoadStatus';
import { rowKeyHandler } from './rowKeys';

/** The state filter's choices ('' = all; 'none' = no card yet). */
export const STATE_FILTERS = ['', 'Submitted', 'Draft', 'Approved', 'Processed', 'none'] as const;
const filterLabel = (value: string) => (value === '' ? MANAGE_TEXT.allStates : value === 'none' ? MANAGE_TEXT.noCard : value);

/**
 * Rows painted at first, and how many more "Show more" adds: a 2,000-row week is interactive at once
 * (selection, Ctrl+A, Approve and the export cover every row, shown or not; the filter narrows them).
 */
export const SHOWN_ROWS = 50;
export const MORE_ROWS = 400;

const hours = (value: number) => value.toFixed(2);

interface Outcome { kind: 'success' | 'warning' | 'danger'; message: string; refused: { name: string; message: string }[] }

function RejectDialog({ count, open, busy, onCancel, onReject }: {
  count: number; open: boolean; busy: boolean; onCancel(): void; onReject(reason: string): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setError('');
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!open && element.open) element.close();
  }, [open]);
  const submit = () => {
    if (!reason.trim()) {
      setError(MANAGE_TEXT.reasonRequired);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <dialog ref={dialog} className="border rounded p-0 shadow bg-body text-body" aria-labelledby="tc-reject-title" data-dialog="reject"
      onCancel={(event) => { event.preventDefault(); onCancel(); }} style={{ width: 'min(512px, 95vw)' }}>
      <form method="dialog" className="p-3" onSubmit={(event) => { event.preventDefault(); submit(); }} noValidate>
        <h2 className="h5" id="tc-reject-title">{MANAGE_TEXT.rejectTitle(count)}</h2>
        <label htmlFor="tc-reject-reason" className="form-label">{MANAGE_TEXT.rejectReason}</label>
        <textarea id="tc-reject-reason" className={`form-control${error ? ' is-invalid' : ''}`} rows={3} value={reason} required
          aria-describedby="tc-reject-help tc-reject-error" aria-invalid={error ? true : undefined}
          onChange={(event) => { setReason(event.target.value); if (event.target.value.trim()) setError(''); }} />
        <div id="tc-reject-help" className="form-text">{MANAGE_TEXT.rejectHelp}</div>
        <div id="tc-reject-error" className="invalid-feedback d-block" data-error="reason">{error}</div>
        <div className="d-flex justify-content-end gap-2 mt-3">
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} data-action="cancel-reject">{MANAGE_TEXT.cancel}</button>
          <button type="submit" className="btn btn-danger" disabled={busy} data-action="confirm-reject">{MANAGE_TEXT.reject}</button>
        </div>
      </form>
    </dialog>
  );
}

function RowCards({ rows, selected, toggle, act, busy }: {
  rows: readonly TeamTimecardRow[]; selected: ReadonlySet<number>; toggle(row: TeamTimecardRow): void;
  act(rows: TeamTimecardRow[], action: 'approve' | 'reject'): void; busy: boolean;
}) {
  const [limit, setLimit] = useState(SHOWN_ROWS);
  const count = Math.min(limit, rows.length);
  return (
    <>
    <ul className="list-unstyled d-grid gap-2 mb-0" data-layout="cards" aria-label="Timecards">
      {rows.slice(0, count).map((row) => (
        <li key={row.employeeId} className="card" data-employee={row.employeeId} data-timecard={row.timecardId ?? undefined}>
          <div className="card-body p-2">
            <div className="d-flex align-items-start gap-2">
              {row.mayApprove ? (
                <input type="checkbox" className="form-check-input mt-1" checked={selected.has(row.employeeId)} onChange={() => toggle(row)}
                  aria-label={MANAGE_TEXT.selectRow(row.employeeName)} />
              ) : null}
              <div className="me-auto">
                <div className="fw-semibold" data-name>{row.employeeName}</div>
                {row.delegatedFromName ? <div className="small text-body-secondary" data-for>{MANAGE_TEXT.forManager(row.delegatedFromName)}</div> : null}
                <div className="small"><span data-state-name>{row.state ?? MANAGE_TEXT.noCard}</span> · {row.figures ? HOUR_FIGURES_TEXT.summary(row.figures) : `${hours(row.enteredHours)} / ${hours(row.expectedHours)} h`}</div>
                {row.rejectionReason ? <div className="small text-danger-emphasis" data-reason>{row.rejectionReason}</div> : null}
              </div>
              <a className="btn btn-sm btn-link" href={timecardHref(row)} aria-label={`${MANAGE_TEXT.open} ${row.employeeName}`}>{MANAGE_TEXT.open}</a>
            </div>
            {row.mayApprove ? (
              <div className="d-flex gap-2 mt-2">
                <button type="button" className="btn btn-success flex-fill" disabled={busy} data-action="approve-row" onClick={() => act([row], 'approve')}
                  aria-label={`${MANAGE_TEXT.approve} ${row.employeeName}`}>{MANAGE_TEXT.approve}</button>
                <button type="button" className="btn btn-outline-danger flex-fill" disabled={busy} data-action="reject-row" onClick={() => act([row], 'reject')}
                  aria-label={`${MANAGE_TEXT.reject} ${row.employeeName}`}>{MANAGE_TEXT.reject}</button>
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
    <MoreRows count={count} total={rows.length} step={MORE_ROWS} setLimit={setLimit} note={MANAGE_TEXT.shownNote} />
    </>
  );
}

interface TeamRowProps {
  row: TeamTimecardRow; checked: boolean; tabStop: boolean; showManager: boolean;
  toggle(row: TeamTimecardRow): void; act(rows: TeamTimecardRow[], action: 'approve' | 'reject'): void;
}

/**
 * One row of the grid. Memoised on what it shows (row, checked, tab stop, columns): painting more rows
 * or selecting one does not render the others again. Its callbacks only start the screen's actions.
 */
const TeamRowView = memo(function TeamRowView({ row, checked, tabStop, showManager, toggle, act }: TeamRowProps) {
  return (
    <tr tabIndex={tabStop ? 0 : -1} data-employee={row.employeeId} data-timecard={row.timecardId ?? undefined}
      aria-selected={row.mayApprove ? checked : undefined} className={checked ? 'table-active' : undefined}
      onFocus={(event) => {
        // roving tab stop: the focused row is the one Tab returns to
        const body = event.currentTarget.parentElement;
        body?.querySelectorAll('tr[tabindex="0"]').forEach((tr) => { if (tr !== event.currentTarget) tr.setAttribute('tabindex', '-1'); });
        event.currentTarget.setAttribute('tabindex', '0');
      }}>
      <td>
        {row.mayApprove ? (
          <input type="checkbox" className="form-check-input" tabIndex={-1} checked={checked} onChange={() => toggle(row)}
            aria-label={MANAGE_TEXT.selectRow(row.employeeName)} />
        ) : null}
      </td>
      <td>
        <span data-name>{row.employeeName}</span>
        {row.delegatedFromName ? <span className="small text-body-secondary ms-2" data-for>{MANAGE_TEXT.forManager(row.delegatedFromName)}</span> : null}
      </td>
      {showManager ? <td data-manager>{row.managerName ?? '—'}</td> : null}
      <td data-state-name>{row.state ?? MANAGE_TEXT.noCard}</td>
      <HourCells week={row} />
      <td data-reason>{row.rejectionReason ?? ''}</td>
      <td className="text-nowrap">
        <a href={timecardHref(row)} className="btn btn-sm btn-link" tabIndex={-1} aria-label={`${MANAGE_TEXT.open} ${row.employeeName}`}>{MANAGE_TEXT.open}</a>
        {row.mayApprove ? (
          <>
            <button type="button" className="btn btn-sm btn-outline-success ms-1" tabIndex={-1} data-action="approve-row"
              onClick={() => act([row], 'approve')} aria-label={`${MANAGE_TEXT.approve} ${row.employeeName}`}>{MANAGE_TEXT.approve}</button>
            <button type="button" className="btn btn-sm btn-outline-danger ms-1" tabIndex={-1} data-action="reject-row"
              onClick={() => act([row], 'reject')} aria-label={`${MANAGE_TEXT.reject} ${row.employeeName}`}>{MANAGE_TEXT.reject}</button>
          </>
        ) : null}
      </td>
    </tr>
  );
}, (a, b) => a.row === b.row && a.checked === b.checked && a.tabStop === b.tabStop && a.showManager === b.showManager);

function RowTable({ rows, selected, toggle, selectAll, act, showManager, label }: {
  rows: readonly TeamTimecardRow[]; selected: ReadonlySet<number>; toggle(row: TeamTimecardRow): void; selectAll(): void;
  act(rows: TeamTimecardRow[], action: 'approve' | 'reject'): void; showManager: boolean; label: string;
}) {
  const [limit, setLimit] = useState(SHOWN_ROWS);
  const count = Math.min(limit, rows.length);
  const approvable = rows.filter((row) => row.mayApprove);
  const allSelected = approvable.length > 0 && approvable.every((row) => selected.has(row.employeeId));
  const onKeyDown = rowKeyHandler({
    rowOf: (tr) => rows.find((r) => r.employeeId === Number(tr.dataset.employee)), toggle: (row) => { if (row.mayApprove) toggle(row); }, selectAll,
  });
  return (
    <div className="table-responsive">
      <table className="table table-sm table-hover align-middle mb-0" data-layout="table" data-rows={rows.length}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ width: '40px' }}>
              <input type="checkbox" className="form-check-input" checked={allSelected} disabled={approvable.length === 0}
                onChange={selectAll} aria-label={MANAGE_TEXT.selectAll} data-action="select-all" />
            </th>
            <th scope="col">Employee</th>
            {showManager ? <th scope="col">Manager</th> : null}
            <th scope="col">State</th>
            <th scope="col" className="text-end">Entered</th>
            <th scope="col" className="text-end">Expected</th>
            <th scope="col">Rejection reason</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {rows.slice(0, count).map((row, index) => (
            <TeamRowView key={row.employeeId} row={row} checked={selected.has(row.employeeId)} tabStop={index === 0} showManager={showManager}
              toggle={toggle} act={act} />
          ))}
        </tbody>
      </table>
      <MoreRows count={count} total={rows.length} step={MORE_ROWS} setLimit={setLimit} note={MANAGE_TEXT.shownNote} />
    </div>
  );
}

function Rows({ tab, load, reload, label, search }: { tab: TeamTab; load: TeamTimecardsLoad; reload(): void; label: string; search: string }) {
  const phone = usePhone();
  const [filter, setFilter] = useState<string>('');
  const [find, setFind] = useState(search);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [rejecting, setRejecting] = useState<TeamTimecardRow[] | null>(null);
  const rows = useMemo(() => {
    const text = find.trim().toLowerCase();
    return load.rows.filter((row) => (filter === '' ? true : filter === 'none' ? row.state === null : row.state === filter)
      && (text === '' || row.employeeName.toLowerCase().includes(text) || (row.managerName ?? '').toLowerCase().includes(text)));
  }, [load.rows, filter, find]);
  // After a reload a selected row counts only while it may still be approved.
  const chosen = rows.filter((row) => row.mayApprove && selected.has(row.employeeId));
  const toggle = useCallback((row: TeamTimecardRow) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(row.employeeId)) next.delete(row.employeeId); else next.add(row.employeeId);
    return next;
  }), []);
  const selectAll = () => setSelected((current) => {
    const approvable = rows.filter((row) => row.mayApprove);
    const all = approvable.length > 0 && approvable.every((row) => current.has(row.employeeId));
    return all ? new Set() : new Set(approvable.map((row) => row.employeeId));
  });
  const stateId = (name: string) => load.states.find((s) => s.name === name)?.applicationRecordStateId;

  // One write at a time (the rows' own buttons are not disabled, so painting them stays cheap).
  const writing = useRef(false);
  const move = async (targets: TeamTimecardRow[], action: 'approve' | 'reject', reason?: string) => {
    const target = stateId(action === 'approve' ? 'Approved' : 'Draft');
    if (target === undefined || targets.length === 0 || writing.current) return;
    writing.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await moveCards(targets, target, reason);
      const done = answer.done ?? [];
      // The header's bell counts the cards waiting for approval (issue 29).
      if (done.length) announceOpenItemsChanged();
      const refused = (answer.refused ?? []).map((item) => ({
        name: targets.find((row) => row.timecardId === item.ItemId)?.employeeName ?? `#${item.ItemId}`, message: item.message,
      }));
      const doneText = action === 'approve' ? MANAGE_TEXT.approved(done.length) : MANAGE_TEXT.rejectedDone(done.length);
      setOutcome({
        kind: refused.length ? (done.length ? 'warning' : 'danger') : 'success',
        message: refused.length ? `${doneText} ${MANAGE_TEXT.staleReloaded}` : doneText,
        refused,
      });
      setRejecting(null);
      setSelected((current) => new Set([...current].filter((id) => !targets.some((row) => row.employeeId === id && done.includes(row.timecardId ?? -1)))));
      reload();
    } catch (failure) {
      const message = failureMessage(failure, MANAGE_TEXT.actionFailed);
      const stale = failure instanceof Error && 'status' in failure && (failure as { status: number }).status === 409;
      setOutcome({ kind: 'danger', message: stale ? `${message} ${MANAGE_TEXT.staleReloaded}` : message, refused: [] });
      if (stale) {
        setRejecting(null);
        reload();
      }
    } finally {
      writing.current = false;
      setBusy(false);
    }
  };
  const act = (targets: TeamTimecardRow[], action: 'approve' | 'reject') => {
    if (action === 'reject') setRejecting(targets);
    else void move(targets, 'approve');
  };

  const week = load.weekStart;
  const filename = `timecards-${tab}-${week}`;
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <div>
          <label className="form-label small mb-1" htmlFor={`tc-filter-${tab}`}>{MANAGE_TEXT.stateFilter}</label>
          <select id={`tc-filter-${tab}`} className="form-select form-select-sm" value={filter} onChange={(event) => setFilter(event.target.value)} data-filter>
            {STATE_FILTERS.map((value) => <option key={value} value={value}>{filterLabel(value)}</option>)}
          </select>
        </div>
        <div>
          <label className="form-label small mb-1" htmlFor={`tc-find-${tab}`}>{MANAGE_TEXT.find}</label>
          <input id={`tc-find-${tab}`} type="search" className="form-control form-control-sm" value={find} data-find
            onChange={(event) => setFind(event.target.value)} />
        </div>
        <BulkActions chosen={chosen} busy={busy} act={act}>
          <button type="button" className="btn btn-sm btn-outline-secondary" data-export="csv" onClick={() => downloadCsv(teamSheet(rows, week), filename)}>{MANAGE_TEXT.exportCsv}</button>
          <button type="button" className="btn btn-sm btn-outline-secondary" data-export="excel" onClick={() => void downloadExcel(teamSheet(rows, week), filename)}>{MANAGE_TEXT.exportExcel}</button>
        </BulkActions>
      </div>
      <div role="status" aria-live="polite">
        {outcome ? (
          <div className={`alert alert-${outcome.kind} py-2`} data-outcome={outcome.kind}>
            <span data-outcome-message>{outcome.message}</span>
            <RefusedRows rows={outcome.refused} name={(item) => item.name} />
          </div>
        ) : null}
      </div>
      {phone ? null : <p className="small text-body-secondary mb-1" id={`tc-keys-${tab}`}>{MANAGE_TEXT.keyboardHint}</p>}
      {rows.length === 0 ? <p className="text-body-secondary" data-empty>{MANAGE_TEXT.noRows}</p>
        : phone ? <RowCards rows={rows} selected={selected} toggle={toggle} act={act} busy={busy} />
          : <RowTable rows={rows} selected={selected} toggle={toggle} selectAll={selectAll} act={act} showManager={tab !== 'team'} label={label} />}
      <RejectDialog count={rejecting?.length ?? 0} open={rejecting !== null} busy={busy} onCancel={() => setRejecting(null)}
        onReject={(reason) => { if (rejecting) void move(rejecting, 'reject', reason); }} />
    </>
  );
}

export function TeamView({ tab, label, search = '' }: { tab: TeamTab; label: string; search?: string }) {
  const [week, setWeek] = useState(() => teamDefaultWeek());
  const { state, retry } = useLoad(`${tab}:${week}`, (signal) => loadTeam(tab, week, signal));
  // While a reload after a write is under way the rows stay (nothing typed or selected is lost).
  return (
    <div data-team-view={tab}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2" role="group" aria-label={MANAGE_TEXT.week}>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-action="previous-week" onClick={() => setWeek(addDays(week, -7))}
          aria-label={MANAGE_TEXT.previousWeek}>‹ {MANAGE_TEXT.previousWeek}</button>
        <strong className="px-1" data-week={week} aria-live="polite">{weekLabel(week)}</strong>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-action="next-week" onClick={() => setWeek(addDays(week, 7))}
          aria-label={MANAGE_TEXT.nextWeek}>{MANAGE_TEXT.nextWeek} ›</button>
        {week !== currentWeekStart() ? (
          <button type="button" className="btn btn-sm btn-link" data-action="this-week" onClick={() => setWeek(currentWeekStart())}>{MANAGE_TEXT.thisWeek}</button>
        ) : null}
      </div>
      {tab === 'all' ? <AdminWeekSummary weekStart={week} /> : null}
      {tab === 'without-approver' ? <p className="small text-body-secondary">{MANAGE_TEXT.withoutApproverNote}</p> : null}
      <LoadStatus state={state} retry={retry} what={MANAGE_TEXT.loading} keepLast>
        {(load) => <Rows tab={tab} load={load} reload={retry} label={label} search={search} />}
      </LoadStatus>
    </div>
  );
}
