/**
 * `<slim-queue>`'s view (§2 /sr/slimqueue, issue 14): My queue (assigned to me or waiting for my
 * role), All (Prequal Administrator, Escalation Reviewer, Admin) and Raised by me; each request with
 * its age, due date, priority and a past-due marker in words; filters by type, state and region; bulk
 * assign for the Prequal Administrator (rows selected by keyboard, refusals listed per row); CSV export;
 * "New request" for every keySLIM user. The number opens the request workbench.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ruleAllows } from '../../../core/access';
import { shownData } from '../../../core/api';
import { formatDate, formatMoney } from '../../../core/format';
import { showToast } from '../../../core/messages';
import { $roles } from '../../../core/roles';
import { SLIM_REQUEST_TYPES, SLIM_ROLES, SLIM_STATE_ORDER, type SlimQueueRow } from '../../../core/risk';
import { useStore } from '../../../ui/hooks';
import { ScreenTitle } from '../../../ui/records';
import { downloadCsv } from '../../../ui/grid/export';
import {
  assignSlimRequests, loadSlimQueue, openSlimRequest, problemText, projectLabel, requestedTotal, slimQueueSheet, type QueueView,
} from './data';
import { useSlimAssignees } from './assignees';
import { NewSlimRequest } from './NewSlimRequest';
import { SLIM_UI_TEXT as T } from './text';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad } from '../../../ui/useLoad';

export interface SlimQueueProps {
  recordId?: number;
  recordKey?: string;
  workbench?: string;
  activeTray?: string;
  activeTab?: string;
}

/** Who sees every request (the All view). */
export const SLIM_ALL_VIEW_ROLES = [SLIM_ROLES.admin, SLIM_ROLES.prequalAdmin, SLIM_ROLES.escalationReviewer] as const;
/** Who assigns (bulk assign). */
export const SLIM_ASSIGN_ROLES = [SLIM_ROLES.admin, SLIM_ROLES.prequalAdmin] as const;

/** The views, as `active-tab` names them. */
export const QUEUE_VIEWS: readonly QueueView[] = ['mine', 'all', 'raised'];

const LOAD_OPTIONS = { what: 'SLIM queue load' };

interface Outcome { kind: 'success' | 'warning'; message: string; refused: Array<{ number: string; message: string }> }

function BulkAssign({ rows, selected, onDone }: { rows: readonly SlimQueueRow[]; selected: ReadonlySet<number>; onDone(outcome: Outcome): void }) {
  const id = useId();
  const [assignee, setAssignee] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const people = useSlimAssignees(setProblem);
  const assign = async () => {
    const person = people?.find((p) => String(p.employeeId) === assignee);
    if (!person) { setProblem(T.chooseAssignee); return; }
    setBusy(true);
    setProblem('');
    try {
      const ids = [...selected];
      const answer = await assignSlimRequests(ids, person.employeeId);
      const numberOf = (requestId: number) => rows.find((r) => r.requestId === requestId)?.number ?? `#${requestId}`;
      const refused = answer.refused.map((r) => ({ number: numberOf(r.requestId), message: r.message }));
      const done = answer.done.length || ids.length - refused.length;
      onDone({ kind: refused.length ? 'warning' : 'success', message: T.assigned(done, person.name), refused });
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-end gap-2" data-bulk-assign>
      <div>
        <label className="form-label small mb-1" htmlFor={`${id}-to`}>{T.assignTo}</label>
        <select id={`${id}-to`} className="form-select form-select-sm" value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)} data-field="assignee">
          <option value="">{people ? '—' : T.loadingShort}</option>
          {(people ?? []).map((p) => <option key={p.employeeId} value={p.employeeId}>{p.name}</option>)}
        </select>
      </div>
      <button type="button" className="btn btn-sm btn-primary" disabled={busy || selected.size === 0} data-action="assign" onClick={() => void assign()}>
        {T.assignSelected(selected.size)}
      </button>
      {problem ? <span className="small text-danger-emphasis" role="alert" data-assign-problem>{problem}</span> : null}
    </div>
  );
}

/** The screen. */
export function SlimQueue(props: SlimQueueProps) {
  const roles = useStore($roles);
  const mayAll = ruleAllows(roles, { key: 'keySLIM', roles: SLIM_ALL_VIEW_ROLES });
  const mayAssign = ruleAllows(roles, { key: 'keySLIM', roles: SLIM_ASSIGN_ROLES });
  const views: QueueView[] = mayAll ? ['mine', 'all', 'raised'] : ['mine', 'raised'];
  // activeTab names the view to open on (mine, all, raised).
  const [view, setView] = useState<QueueView>(() => (QUEUE_VIEWS.includes(props.activeTab as QueueView) ? props.activeTab as QueueView : 'mine'));
  // A write here (a new request, a bulk assign) loads the view afresh, its progress shown.
  const [written, setWritten] = useState(0);
  const [type, setType] = useState('');
  const [state, setState] = useState('');
  const [region, setRegion] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [creating, setCreating] = useState(false);
  const ids = useId();
  const workbenchOpen = Boolean(props.workbench);
  const { state: load, retry } = useLoad(`${view}#${written}`, (signal, attempt) => loadSlimQueue(view, { type: '', state: '', regionId: '' }, signal, attempt), LOAD_OPTIONS);
  // A workbench opened or closed may have changed a request: load again, the rows kept on screen until the new ones arrive.
  const workbenchWas = useRef(workbenchOpen);
  useEffect(() => {
    if (workbenchWas.current === workbenchOpen) return;
    workbenchWas.current = workbenchOpen;
    retry();
  }, [workbenchOpen, retry]);
  const forbidden = load.status === 'failed' && load.failure === 'forbidden';

  const rows = useMemo(() => (load.status === 'failed' ? [] : shownData(load) ?? []), [load]);
  const regions = useMemo(() => [...new Map(rows.filter((r) => r.regionId !== null).map((r) => [r.regionId!, r.regionName ?? `Region ${r.regionId}`])).entries()]
    .sort((a, b) => a[1].localeCompare(b[1])), [rows]);
  const shown = useMemo(() => rows.filter((r) => (!type || r.type === type) && (!state || r.state === state) && (!region || String(r.regionId) === region)), [rows, type, state, region]);
  const assignable = (r: SlimQueueRow) => r.state === 'Submitted' || r.state === 'In Review';
  const selectable = mayAssign ? shown.filter(assignable) : [];
  const shownSelected = new Set(selectable.filter((r) => selected.has(r.requestId)).map((r) => r.requestId));
  const toggle = (requestId: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(requestId)) next.delete(requestId); else next.add(requestId);
    return next;
  });
  const allChecked = selectable.length > 0 && selectable.every((r) => shownSelected.has(r.requestId));

  const filter = (label: string, value: string, set: (v: string) => void, options: Array<[string, string]>, name: string) => (
    <div>
      <label className="form-label small mb-1" htmlFor={`${ids}-${name}`}>{label}</label>
      <select id={`${ids}-${name}`} className="form-select form-select-sm" value={value} data-filter={name} onChange={(e) => set(e.currentTarget.value)}>
        <option value="">{T.filters.any}</option>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );

  return (
    <main className="container-fluid py-3" data-screen="slim-queue">
      <ScreenTitle title={T.queueTitle} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="btn-group" role="group" aria-label="Queue view">
          {views.map((v) => (
            <button key={v} type="button" className={`btn btn-sm ${view === v ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={view === v} data-view={v}
              onClick={() => { setView(v); setSelected(new Set()); setOutcome(null); }}>{T.views[v]}</button>
          ))}
        </div>
        <span className="ms-auto" />
        <button type="button" className="btn btn-sm btn-primary" data-action="new-request" aria-expanded={creating} onClick={() => setCreating((c) => !c)}>{T.newRequest}</button>
      </div>

      {creating ? (
        <NewSlimRequest onCancel={() => setCreating(false)} onCreated={(load) => {
          setCreating(false);
          showToast(T.created(load.request.number), { variant: 'success' });
          setWritten((n) => n + 1);
          openSlimRequest(load.request.requestId);
        }} />
      ) : null}

      {load.status === 'loading' && !load.last ? (
        <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loading}</div>
      ) : forbidden ? (
        <LoadProblem variant="warning" state="forbidden" message={view === 'all' ? T.noAccessAll : T.noAccessQueue} onRetry={retry} />
      ) : load.status === 'failed' ? (
        <LoadProblem message={`${T.loadFailed} ${problemText(load.error)}`} onRetry={retry} />
      ) : (
        <section aria-label={T.views[view]} data-queue={view}>
          <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
            {filter(T.filters.type, type, setType, SLIM_REQUEST_TYPES.map((t) => [t, t]), 'type')}
            {filter(T.filters.state, state, setState, SLIM_STATE_ORDER.map((s) => [s, s]), 'state')}
            {filter(T.filters.region, region, setRegion, regions.map(([id, name]) => [String(id), name]), 'region')}
            {mayAssign ? <BulkAssign rows={rows} selected={shownSelected} onDone={(o) => { setOutcome(o); setSelected(new Set()); setWritten((n) => n + 1); }} /> : null}
            <span className="ms-auto" />
            <button type="button" className="btn btn-sm border text-body" data-action="export-csv" onClick={() => downloadCsv(slimQueueSheet(shown), T.exportName)}>{T.exportCsv}</button>
          </div>
          {outcome ? (
            <div className={`alert alert-${outcome.kind} py-2`} role="status" data-outcome>
              <div>{outcome.message}</div>
              {outcome.refused.length ? (
                <>
                  <div>{T.refused(outcome.refused.length)}</div>
                  <ul className="mb-0" data-refused>{outcome.refused.map((r) => <li key={r.number}><span className="fw-semibold">{r.number}</span>: {r.message}</li>)}</ul>
                </>
              ) : null}
            </div>
          ) : null}
          <div className="table-responsive">
            <table className="table table-sm table-hover align-middle" data-testid="slim-queue">
              <caption className="small">{T.shown(shown.length, rows.length)}</caption>
              <thead>
                <tr>
                  {mayAssign ? (
                    <th scope="col">
                      <input type="checkbox" className="form-check-input" aria-label={T.selectAll} checked={allChecked} disabled={selectable.length === 0} data-select-all
                        onChange={(e) => { const on = e.currentTarget.checked; setSelected(on ? new Set(selectable.map((r) => r.requestId)) : new Set()); }} />
                    </th>
                  ) : null}
                  <th scope="col">{T.columns.number}</th>
                  <th scope="col">{T.columns.type}</th>
                  <th scope="col">{T.columns.vendor}</th>
                  <th scope="col">{T.columns.project}</th>
                  <th scope="col">{T.columns.region}</th>
                  <th scope="col" className="text-end">{T.columns.amount}</th>
                  <th scope="col">{T.columns.state}</th>
                  <th scope="col">{T.columns.assignee}</th>
                  <th scope="col" className="text-end">{T.columns.age}</th>
                  <th scope="col">{T.columns.due}</th>
                  <th scope="col">{T.columns.priority}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.requestId} data-request-id={r.requestId} className={r.waitingForMe ? 'table-active' : undefined}>
                    {mayAssign ? (
                      <td>
                        {assignable(r) ? (
                          <input type="checkbox" className="form-check-input" aria-label={T.select(r.number)} checked={shownSelected.has(r.requestId)} data-select={r.requestId}
                            onChange={() => toggle(r.requestId)} />
                        ) : null}
                      </td>
                    ) : null}
                    <td className="text-nowrap">
                      <button type="button" className="btn btn-link p-0 text-start" data-open={r.requestId} aria-label={T.open(r.number)} onClick={() => openSlimRequest(r.requestId)}>{r.number}</button>
                    </td>
                    <td data-column="type">{r.type}</td>
                    <td data-column="vendor">{r.vendorName}</td>
                    <td data-column="project">{projectLabel(r)}</td>
                    <td data-column="region">{r.regionName ?? ''}</td>
                    <td className="text-end text-nowrap" data-column="amount">{r.requestedAmount === null ? '' : formatMoney(r.requestedAmount)}</td>
                    <td data-column="state">
                      <span data-state-name>{r.state}</span>
                      {r.waitingForMe && r.waitingReason ? <span className="d-block small text-body-secondary">{r.waitingReason}</span> : null}
                    </td>
                    <td data-column="assignee">{r.assignedTo?.name ?? <span className="text-body-secondary">{T.unassigned}</span>}</td>
                    <td className="text-end" data-column="age">{r.ageDays}</td>
                    <td className="text-nowrap" data-column="due">
                      {formatDate(r.dueDate)}
                      {r.pastDue ? <span className="badge text-bg-danger ms-1" data-past-due>{T.pastDue}</span> : null}
                    </td>
                    <td data-column="priority">{r.priority}</td>
                  </tr>
                ))}
                {shown.length === 0 ? <tr><td colSpan={mayAssign ? 12 : 11} className="text-body-secondary">{T.empty}</td></tr> : null}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={mayAssign ? 6 : 5}>{T.total} ({shown.length})</th>
                  <td className="text-end fw-semibold text-nowrap" data-total="amount">{formatMoney(requestedTotal(shown))}</td>
                  <td colSpan={5} />
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      )}
    </main>
  );
}
