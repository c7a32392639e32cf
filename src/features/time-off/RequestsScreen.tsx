/**
 * `<pto-requests>`'s view (§2 /teammembertoolbox/requests, issue 13): tabs My requests, Balances and
 * New request for everyone; Team requests and Team calendar for a manager (keyPTO Manager or Admin,
 * Admin / Timecard Admin on keyTC, or anyone the team view answers rows for: a delegate). A request
 * named by `record-id` (the bell's link) or by the deep path /teammembertoolbox/requests/<id> opens
 * above the tabs with what the caller may do: Approve / Deny for its manager, Cancel for its employee.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ruleAllows } from '../../core/access';
import { sayNotDone, shownData } from '../../core/api';
import { formatDate } from '../../core/format';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import { $roles } from '../../core/roles';
import { HOLIDAY_CALENDAR_ADMINS } from '../../core/access';
import { TIME_OFF_MANAGERS } from '../../core/time-off/contract';
import { useStore } from '../../ui/hooks';
import { RecordLists, ScreenTitle, useRecords, type RecordColumn } from '../../ui/records';
import { downloadCsv, downloadExcel } from '../../ui/grid/export';
import { Balances } from './Balances';
import { advanceRequest, advanceRequests, loadMyRequests, loadRequest, loadTeamRequests, requestStore, teamRequestsSheet, type TimeOffRequestRow } from './data';
import { isStale, problemText } from './problems';
import { RequestForm } from './RequestForm';
import { TeamCalendar } from './TeamCalendar';
import { PTO_SCREEN_TEXT as T } from './text';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';

export interface PtoRequestsProps {
  recordId?: number;
  recordKey?: string;
  workbench?: string;
  activeTray?: string;
  activeTab?: string;
}

export const PTO_TABS = ['my-requests', 'balances', 'new-request', 'team-requests', 'team-calendar'] as const;
export type PtoTab = (typeof PTO_TABS)[number];
const TAB_LABEL: Record<PtoTab, string> = {
  'my-requests': T.tabs.my, balances: T.tabs.balances, 'new-request': T.tabs.new, 'team-requests': T.tabs.team, 'team-calendar': T.tabs.calendar,
};

const CLOSED = ['Denied', 'Canceled'];
export const isClosedRequest = (r: TimeOffRequestRow) => CLOSED.includes(r.state);
const round = (n: number) => Math.round(n * 100) / 100;
const dates = (r: TimeOffRequestRow) => (r.startDate === r.endDate ? formatDate(r.startDate) : `${formatDate(r.startDate)} – ${formatDate(r.endDate)}`);

/** The request the page was opened on: record-id, else the deep path's last segment. */
export function requestIdFrom(recordId: number | undefined, pathname: string): number {
  if (typeof recordId === 'number' && Number.isSafeInteger(recordId) && recordId > 0) return recordId;
  const match = /^\/teammembertoolbox\/requests\/(\d{1,15})\/?$/i.exec(pathname);
  return match ? Number(match[1]) : -1;
}

function StateCell({ r }: { r: TimeOffRequestRow }) {
  return (
    <>
      <span data-state={r.state}>{r.state}</span>
      {r.decidedByName && r.state !== 'Pending' && r.state !== 'Canceled' ? (
        <span className="d-block small text-body-secondary">{`${r.decidedByName}${r.onBehalfOfName ? ` ${T.onBehalfOf(r.onBehalfOfName)}` : ''}`}</span>
      ) : null}
      {r.denialReason ? <span className="d-block small" data-denial-reason>{`${T.denialReason}: ${r.denialReason}`}</span> : null}
    </>
  );
}

/** Ask for a denial reason (required); null when the user gives up. */
async function askReason(count: number): Promise<string | null> {
  for (;;) {
    const { result, text } = await showPrompt({
      title: T.denyTitle, message: T.denyPrompt(count), input: 'textarea', inputLabel: T.denyReasonLabel,
      buttons: ['cancel', 'ok'], labels: { ok: T.deny }, variant: 'warning',
    });
    if (result !== true) return null;
    if (text.trim()) return text.trim();
    await showMessage({ title: T.denyTitle, message: T.denyReasonRequired, buttons: ['ok'], variant: 'warning' });
  }
}

/** Approve / deny / cancel one request, with the outcome said (stale: reload). */
async function decide(request: TimeOffRequestRow, action: 'approve' | 'deny' | 'cancel', reload: () => void): Promise<void> {
  let reason = '';
  if (action === 'deny') {
    const given = await askReason(1);
    if (given === null) return;
    reason = given;
  }
  if (action === 'cancel') {
    const ok = await showMessage({ title: T.cancel, message: T.cancelConfirm(request.title), buttons: ['cancel', 'ok'], labels: { ok: T.cancel, cancel: 'Keep it' } });
    if (ok !== true) return;
  }
  // Days already worked (a submitted or approved week): the approver confirms, told each week's state (the server's words).
  if (action === 'approve' && request.confirmation) {
    const ok = await showMessage({ title: T.approve, message: request.confirmation, buttons: ['cancel', 'ok'], labels: { ok: T.approve, cancel: 'Not now' } });
    if (ok !== true) return;
  }
  try {
    const answer = await advanceRequest(request, action, reason);
    showToast(action === 'approve' ? T.approved(1) : action === 'deny' ? T.denied(1) : T.canceled, { variant: 'success' });
    // What the decision did to timecards that the user must know (worked days kept, a correction for a Timecard Admin).
    if (answer.notices?.length) await showMessage({ title: T.timecardsTitle, message: answer.notices.join('\n') });
  } catch (error) {
    if (isStale(error)) reload();
    await sayNotDone(error, problemText(error));
  }
}

function RequestActions({ r, reload, compact = false }: { r: TimeOffRequestRow; reload(): void; compact?: boolean }) {
  const size = compact ? 'btn-sm' : '';
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {r.advancements.map((a) => (
        <button key={a.action} type="button" data-action={a.action}
          className={`btn ${size} ${a.action === 'approve' ? 'btn-success' : a.action === 'deny' ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
          aria-label={compact ? `${a.action === 'approve' ? T.approve : a.action === 'deny' ? T.deny : T.cancel}: ${r.title}` : undefined}
          onClick={() => void decide(r, a.action, reload)}>
          {a.action === 'approve' ? T.approve : a.action === 'deny' ? T.deny : T.cancel}
        </button>
      ))}
    </span>
  );
}

/** The request the page was opened on, with its details and actions. */
function OpenedRequest({ requestId, onClose, reload }: { requestId: number; onClose(): void; reload(): void }) {
  const id = useId();
  const store = requestStore();
  const map = useStore(store.$records);
  const row = map.get(requestId);
  const { state: load, retry } = useLoad(String(requestId), (signal) => loadRequest(requestId, signal), { what: 'Time-off request load' });
  const found = load.status === 'ready' && load.data !== null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (found) heading.current?.focus(); }, [found]);
  const closeOnEscape = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
  return (
    <section className="card mb-3 pto-opened" aria-labelledby={`${id}-h`} data-testid="opened-request" data-request-id={requestId} onKeyDown={closeOnEscape}>
      <div className="card-body">
        <div className="d-flex align-items-start gap-2">
          <h2 className="h5 card-title me-auto" id={`${id}-h`} tabIndex={-1} ref={heading}>{row ? `${T.requestHeading}: ${row.title}` : `${T.requestHeading} ${requestId}`}</h2>
          <button type="button" className="btn-close" aria-label={T.close} onClick={onClose}></button>
        </div>
        {load.status === 'loading' && !row ? <div role="status" className="text-body-secondary">{`Loading request ${requestId}…`}</div> : null}
        {load.status === 'ready' && load.data === null ? <div className="alert alert-warning mb-0" role="alert">{T.noRequest(requestId)}</div> : null}
        {load.status === 'failed' ? (
          <div className="alert alert-danger d-flex align-items-center gap-3 mb-0" role="alert">
            <span>{problemText(load.error)}</span>
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>{T.retry}</button>
          </div>
        ) : null}
        {row ? (
          <>
            <dl className="row small mb-2">
              <dt className="col-5 col-md-2">Employee</dt><dd className="col-7 col-md-4 mb-1" data-employee>{row.employeeName}</dd>
              <dt className="col-5 col-md-2">Type</dt><dd className="col-7 col-md-4 mb-1">{row.type}</dd>
              <dt className="col-5 col-md-2">Dates</dt><dd className="col-7 col-md-4 mb-1">{dates(row)}</dd>
              <dt className="col-5 col-md-2">Hours</dt><dd className="col-7 col-md-4 mb-1">{`${row.hoursPerDay} per day, ${row.totalHours} in all`}</dd>
              <dt className="col-5 col-md-2">Balance</dt><dd className="col-7 col-md-4 mb-1">{row.balanceBefore === null ? '—' : `${row.balanceBefore} before, ${row.balanceAfter ?? '—'} after`}</dd>
              <dt className="col-5 col-md-2">State</dt><dd className="col-7 col-md-4 mb-1" data-opened-state><StateCell r={row} /></dd>
            </dl>
            <RequestActions r={row} reload={reload} />
          </>
        ) : null}
      </div>
    </section>
  );
}

const MY_COLUMNS: RecordColumn<TimeOffRequestRow>[] = [
  { key: 'title', label: 'Title', render: (r) => <a href={`/teammembertoolbox/requests?recordId=${r.requestId}`} data-open={r.requestId}>{r.title}</a> },
  { key: 'type', label: 'Type', render: (r) => r.type },
  { key: 'dates', label: 'Dates', render: dates },
  { key: 'hoursPerDay', label: 'Hours per day', numeric: true, render: (r) => r.hoursPerDay },
  { key: 'totalHours', label: 'Total hours', numeric: true, render: (r) => r.totalHours, total: (rows) => round(rows.reduce((s, r) => s + r.totalHours, 0)) },
  { key: 'state', label: 'State', render: (r) => <StateCell r={r} /> },
  { key: 'balanceBefore', label: 'Balance before', numeric: true, render: (r) => r.balanceBefore ?? '—' },
  { key: 'balanceAfter', label: 'Balance after', numeric: true, render: (r) => r.balanceAfter ?? '—' },
];

function TeamRequests({ rows, reload }: { rows: readonly TimeOffRequestRow[]; reload(): void }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [refused, setRefused] = useState<{ requestId: number; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const pending = rows.filter((r) => r.advancements.some((a) => a.action === 'approve'));
  const chosen = pending.filter((r) => selected.has(r.requestId));
  const toggle = (id: number, on: boolean) => setSelected((s) => { const next = new Set(s); if (on) next.add(id); else next.delete(id); return next; });
  const bulk = async (action: 'approve' | 'deny') => {
    let reason = '';
    if (action === 'deny') {
      const given = await askReason(chosen.length);
      if (given === null) return;
      reason = given;
    }
    setBusy(true);
    setRefused([]);
    try {
      const answer = await advanceRequests(chosen, action, reason);
      if (answer.done) showToast(action === 'approve' ? T.approved(answer.done) : T.denied(answer.done), { variant: 'success' });
      setRefused(answer.refused);
      setSelected(new Set());
      reload();
    } catch (error) {
      if (isStale(error)) reload();
      setRefused([{ requestId: 0, message: problemText(error) }]);
    } finally {
      setBusy(false);
    }
  };
  const columns: RecordColumn<TimeOffRequestRow>[] = [
    {
      key: 'select', label: 'Select', render: (r) => (r.advancements.some((a) => a.action === 'approve') ? (
        <input type="checkbox" className="form-check-input" data-select={r.requestId} aria-label={T.select(r.employeeName, r.title)}
          checked={selected.has(r.requestId)} onChange={(e) => toggle(r.requestId, e.target.checked)} />
      ) : null),
    },
    { key: 'employee', label: 'Employee', render: (r) => r.employeeName },
    ...MY_COLUMNS.filter((c) => c.key !== 'balanceBefore' && c.key !== 'balanceAfter'),
  ];
  const people = rows.length;
  return (
    <section aria-label={T.tabs.team} data-testid="team-requests">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <div className="form-check mb-0 me-2">
          <input className="form-check-input" type="checkbox" id="pto-select-all" data-select="all" disabled={pending.length === 0}
            checked={pending.length > 0 && chosen.length === pending.length} onChange={(e) => setSelected(e.target.checked ? new Set(pending.map((r) => r.requestId)) : new Set())} />
          <label className="form-check-label small" htmlFor="pto-select-all">{T.selectAll}</label>
        </div>
        <button type="button" className="btn btn-sm btn-success" data-action="bulk-approve" disabled={busy || chosen.length === 0} onClick={() => void bulk('approve')}>{T.approveSelected(chosen.length)}</button>
        <button type="button" className="btn btn-sm btn-outline-danger" data-action="bulk-deny" disabled={busy || chosen.length === 0} onClick={() => void bulk('deny')}>{T.denySelected(chosen.length)}</button>
        <span className="ms-auto d-inline-flex gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" data-export="csv" disabled={people === 0} onClick={() => downloadCsv(teamRequestsSheet(rows), T.exportName)}>{T.exportCsv}</button>
          <button type="button" className="btn btn-sm btn-outline-secondary" data-export="excel" disabled={people === 0} onClick={() => void downloadExcel(teamRequestsSheet(rows), T.exportName)}>{T.exportExcel}</button>
        </span>
      </div>
      {refused.length ? (
        <div className="alert alert-warning py-2" role="alert" data-refused>
          <div className="fw-semibold">{T.refused(refused.length)}</div>
          <ul className="mb-0 ps-3">{refused.map((r, i) => <li key={i}>{`${rows.find((x) => x.requestId === r.requestId)?.title ?? ''}${r.requestId ? ': ' : ''}${r.message}`}</li>)}</ul>
        </div>
      ) : null}
      <RecordLists records={rows} idOf={(r) => r.requestId} isClosed={isClosedRequest} columns={columns} label={T.tabs.team} emptyText={T.emptyTeam}
        actions={(r) => <RequestActions r={r} reload={reload} compact />} testId="team-request-lists" />
    </section>
  );
}

const NO_IDS: ReadonlySet<number> = new Set();
const idsOf = (rows: readonly TimeOffRequestRow[]): ReadonlySet<number> => new Set(rows.map((r) => r.requestId));

const byStart = (a: TimeOffRequestRow, b: TimeOffRequestRow) => a.startDate.localeCompare(b.startDate) || a.requestId - b.requestId;

export function PtoRequests(props: PtoRequestsProps) {
  const roles = useStore($roles);
  const manager = ruleAllows(roles, TIME_OFF_MANAGERS[0]!) || ruleAllows(roles, HOLIDAY_CALENDAR_ADMINS[0]!);
  const { state: mineLoad, retry: retryMine } = useLoad('mine', (signal, attempt) => loadMyRequests(signal, attempt).then(idsOf), { what: 'Time-off requests load' });
  // A request just sent is the caller's before the next load says so.
  const [sentIds, setSentIds] = useState<ReadonlySet<number>>(NO_IDS);
  const loadedIds = shownData(mineLoad) ?? NO_IDS;
  const mineIds = sentIds.size ? new Set([...loadedIds, ...sentIds]) : loadedIds;
  const { state: team, retry: retryTeam } = useLoad('team', (signal, attempt) => loadTeamRequests(signal, attempt).then(idsOf), { what: 'Team requests load' });
  // A 403 means no team: its tabs show no rows. A failed load shows no team rows either.
  const teamForbidden = team.status === 'failed' && team.failure === 'forbidden';
  const teamIds = team.status === 'failed' ? NO_IDS : shownData(team) ?? NO_IDS;
  const all = useRecords(requestStore(), undefined, byStart);
  const mine = all.filter((r) => mineIds.has(r.requestId));
  const teamRows = all.filter((r) => teamIds.has(r.requestId) && !mineIds.has(r.requestId));
  const showTeam = manager || teamRows.length > 0;
  const tabs = PTO_TABS.filter((t) => showTeam || (t !== 'team-requests' && t !== 'team-calendar'));
  const wanted = (props.activeTab ?? '').toLowerCase() as PtoTab;
  const [tab, setTab] = useState<PtoTab>(PTO_TABS.includes(wanted) ? wanted : 'my-requests');
  const shownTab = tabs.includes(tab) ? tab : 'my-requests';
  // The request named by the page (record-id or deep path) unless closed; a request just sent replaces it.
  const named = requestIdFrom(props.recordId, location.pathname);
  const [closedNamed, setClosedNamed] = useState<number | null>(null);
  const [sent, setSent] = useState(-1);
  const openedId = sent > 0 ? sent : closedNamed === named ? -1 : named;
  const closeOpened = () => { if (sent > 0) setSent(-1); else setClosedNamed(named); };
  const base = useId();
  const tabRefs = useRef<Partial<Record<PtoTab, HTMLButtonElement | null>>>({});
  const reloadAll = useCallback(() => { retryTeam(); retryMine(); }, [retryTeam, retryMine]);

  const onTabKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const i = tabs.indexOf(shownTab);
    const next = event.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length]
      : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <main className="container-fluid py-3 pto-requests" data-screen="pto-requests">
      <ScreenTitle title={T.title} />
      {mineLoad.status === 'failed' && mineLoad.failure === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={T.noAccess} onRetry={reloadAll} /> : (
        <>
          {openedId > 0 ? <OpenedRequest requestId={openedId} reload={reloadAll} onClose={closeOpened} /> : null}
          <ul className="nav nav-tabs mb-3" role="tablist" aria-label={T.title} onKeyDown={onTabKey}>
            {tabs.map((t) => (
              <li className="nav-item" role="presentation" key={t}>
                <button type="button" role="tab" id={`${base}-${t}`} aria-controls={`${base}-${t}-panel`} aria-selected={t === shownTab} tabIndex={t === shownTab ? 0 : -1}
                  className={`nav-link text-nowrap${t === shownTab ? ' active' : ''}`} data-tab={t} ref={(el) => { tabRefs.current[t] = el; }} onClick={() => setTab(t)}>
                  {TAB_LABEL[t]}
                  {t === 'team-requests' && teamRows.some((r) => r.state === 'Pending') ? <span className="badge text-bg-warning ms-1" data-pending-count>{teamRows.filter((r) => r.state === 'Pending').length}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          <div role="tabpanel" id={`${base}-${shownTab}-panel`} aria-labelledby={`${base}-${shownTab}`} data-panel={shownTab}>
            {shownTab === 'my-requests' ? (
              mineLoad.status === 'failed' ? (
                <LoadProblem message={T.loadFailed} onRetry={retryMine} />
              ) : (
                <RecordLists records={mine} idOf={(r) => r.requestId} isClosed={isClosedRequest} columns={MY_COLUMNS} label={T.tabs.my} loading={mineLoad.status === 'loading'}
                  emptyText={T.emptyMine} actions={(r) => <RequestActions r={r} reload={reloadAll} compact />} testId="my-request-lists" />
              )
            ) : null}
            {shownTab === 'balances' ? <Balances /> : null}
            {shownTab === 'new-request' ? (
              <RequestForm myRequests={mine} onSaved={(saved) => { setSentIds((ids) => new Set([...ids, saved.requestId])); showToast(T.saved, { variant: 'success' }); setTab('my-requests'); setSent(saved.requestId); }} />
            ) : null}
            {shownTab === 'team-requests' ? (
              // A reload (after a decision) keeps the team's requests on show, with what the decision said.
              team.status === 'loading' && !team.last ? <div role="status" className="text-body-secondary">{T.teamLoading}</div>
                : team.status === 'failed' && !teamForbidden ? (
                  <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
                    <span>{T.teamFailed}</span>
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={retryTeam}>{T.retry}</button>
                  </div>
                ) : <TeamRequests rows={teamRows} reload={reloadAll} />
            ) : null}
            {shownTab === 'team-calendar' ? <TeamCalendar /> : null}
          </div>
        </>
      )}
    </main>
  );
}
