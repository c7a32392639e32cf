/**
 * Project closeouts (issue 15): with a project, its checklist (green / red per item, the blocking
 * records linked to where they are fixed), the close state and the Soft close / Final close / Reopen
 * actions with a reason; without one, the caller's projects with their closeout state and blocker counts.
 */
import { useId, useState } from 'react';
import { isStale, problemText, shownData } from '../../../core/api';
import { formatDateTime, formatMoney } from '../../../core/format';
import {
  CLOSEOUT_ACTIONS, CLOSEOUT_REASON_MAX, CLOSEOUT_TEXT as TEXT, type CloseoutAction, type CloseoutChecklist, type CloseoutItemResult, type CloseoutState,
  type ProjectCloseoutSummary,
} from '../../../core/toolbox';
import { ACTION_ORDER, loadCloseoutChecklist, loadProjectCloseouts, moveCloseout, receiveContractDocument } from './data';
import { attributeId } from '../../../core/attributes';
import { useLoad } from '../../../ui/useLoad';
import { FailedLoadAlert, LoadingLine, screenLoadFailure, type ScreenLoadFailure } from '../../../ui/LoadProblem';

export interface CloseoutsScreenProps {
  projectId?: number;
}

const LOAD_OPTIONS = { what: 'Project closeouts load' };

function Loading({ refreshing }: { refreshing: boolean }) {
  return <LoadingLine label={refreshing ? 'Refreshing…' : TEXT.loading} />;
}

function LoadFailed({ failure, retry }: { failure: ScreenLoadFailure; retry: () => void }) {
  return <FailedLoadAlert failure={failure} message={TEXT.failedLoad[failure]} retryLabel={TEXT.retry} onRetry={retry} />;
}

const STATE_BADGE: Record<CloseoutState, string> = { Open: 'text-bg-secondary', 'Soft Closed': 'text-bg-warning', 'Final Closed': 'text-bg-dark' };

function StateBadge({ state }: { state: CloseoutState }) {
  return <span className={`badge ${STATE_BADGE[state] ?? 'text-bg-secondary'}`} data-closeout-state={state}>{TEXT.states[state] ?? state}</span>;
}

/** The list of the caller's projects. */
function ProjectList() {
  const { state: load, retry } = useLoad('list', (signal, attempt) => loadProjectCloseouts(attempt, signal), LOAD_OPTIONS);
  // The last answer stays shown while a Retry loads and after it failed.
  const rows = shownData(load) ?? null;
  const href = (row: ProjectCloseoutSummary) => `${location.pathname}?projectId=${row.projectId}`;
  return (
    <main className="container-fluid py-3" data-screen="project-closeouts" aria-busy={load.status === 'loading'}>
      <h1 className="h4 mb-3">{TEXT.title}</h1>
      {load.status === 'loading' ? <Loading refreshing={rows !== null} /> : null}
      {load.status === 'failed' ? <LoadFailed failure={screenLoadFailure(load.error)} retry={retry} /> : null}
      {rows ? (
        <section aria-labelledby="closeouts-list-title">
          <h2 id="closeouts-list-title" className="h6">{TEXT.listTitle}</h2>
          {rows.length === 0 ? <p data-empty="projects">{TEXT.noProjects}</p> : (
            <div className="table-responsive">
              <table className="table table-sm table-hover align-middle" data-table="projects">
                <thead>
                  <tr>
                    <th scope="col">Project</th><th scope="col">Name</th><th scope="col">Closeout state</th>
                    <th scope="col" className="text-end">Items blocked</th><th scope="col" className="text-end">Blocking records</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.projectId} data-project={row.projectId}>
                      <td><a href={href(row)} aria-label={`Open the closeout checklist of ${row.number}`}>{row.number}</a></td>
                      <td>{row.name}{row.active ? null : <span className="text-body-secondary small"> (inactive)</span>}</td>
                      <td><StateBadge state={row.closeoutState} /></td>
                      <td className="text-end" data-failed-items>{row.failedItems}</td>
                      <td className="text-end" data-blockers>{row.blockerCount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </main>
  );
}

function ItemSection({ item, canEdit, onReceive, busy }: { item: CloseoutItemResult; canEdit: boolean; onReceive: (id: number, title: string) => void; busy: boolean }) {
  const titleId = useId();
  const hasAmounts = item.blockers.some((b) => b.amount !== null);
  return (
    <section className={`card mb-3 border-${item.passed ? 'success' : 'danger'}`} aria-labelledby={titleId} data-item={item.id} data-passed={item.passed}>
      <div className="card-body">
        <h3 id={titleId} className="h6 d-flex align-items-center gap-2 mb-1">
          <span className={`badge ${item.passed ? 'text-bg-success' : 'text-bg-danger'}`} data-item-status>
            {item.passed ? `✓ ${TEXT.passed}` : `✗ ${TEXT.failed} (${item.blockers.length})`}
          </span>
          <span>{item.title}</span>
        </h3>
        <p className="small text-body-secondary mb-2">{item.text}</p>
        {item.blockers.length ? (
          <div className="table-responsive">
            <table className="table table-sm align-middle mb-0" data-table="blockers">
              <thead>
                <tr>
                  <th scope="col">Record</th><th scope="col">What blocks</th>
                  {hasAmounts ? <th scope="col" className="text-end">Amount</th> : null}
                  {item.id === 'contract-documents' && canEdit ? <th scope="col"><span className="visually-hidden">Action</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {item.blockers.map((b) => (
                  <tr key={`${b.recordKey}:${b.recordId}:${b.contractDocumentTrackingId ?? ''}`} data-blocker={`${b.recordKey}:${b.recordId}`}>
                    <td className="text-nowrap"><a href={b.href} aria-label={`Open ${b.number}`}>{b.number}</a></td>
                    <td>{b.title}</td>
                    {hasAmounts ? <td className="text-end text-nowrap">{b.amount === null ? '' : formatMoney(b.amount)}</td> : null}
                    {item.id === 'contract-documents' && canEdit ? (
                      <td className="text-end">
                        <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} data-action="receive"
                          onClick={() => onReceive(b.contractDocumentTrackingId!, `${b.number} ${b.title}`)}
                          aria-label={`${TEXT.markReceived}: ${b.title} (${b.number})`}>{TEXT.markReceived}</button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** One project's checklist and actions. */
function Checklist({ projectId }: { projectId: number }) {
  const { state: load, retry, set: replace } = useLoad(`project:${projectId}`, (signal, attempt) => loadCloseoutChecklist(projectId, attempt, signal), LOAD_OPTIONS);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; stale: boolean } | null>(null);
  const [done, setDone] = useState('');
  const reasonId = useId();
  const data = shownData(load) ?? null;

  const run = async (work: () => Promise<CloseoutChecklist>, success: (answer: CloseoutChecklist) => string) => {
    setBusy(true);
    setProblem(null);
    setDone('');
    try {
      const answer = await work();
      replace(answer);
      setDone(success(answer));
      return true;
    } catch (error) {
      console.error('Project closeout action failed', error);
      setProblem({ text: problemText(error, TEXT.actionFailed, { staleServerOnly: true }), stale: isStale(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: CloseoutAction) => {
    if (!data) return;
    if (!reason.trim()) {
      setProblem({ text: TEXT.reasonRequired, stale: false });
      return;
    }
    const ok = await run(() => moveCloseout(action, projectId, data.closeoutState, reason.trim()), (answer) => TEXT.done(answer.number, answer.closeoutState));
    if (ok) setReason('');
  };

  return (
    <main className="container-fluid py-3" data-screen="project-closeout" aria-busy={load.status === 'loading'}>
      <h1 className="h4 mb-1">{TEXT.title}{data ? `: ${data.number} ${data.name}` : ''}</h1>
      <p className="mb-3"><a href={location.pathname}>{TEXT.backToList}</a></p>
      {load.status === 'loading' ? <Loading refreshing={data !== null} /> : null}
      {load.status === 'failed' ? <LoadFailed failure={screenLoadFailure(load.error)} retry={retry} /> : null}
      {data ? (
        <>
          <section className="mb-3" aria-label="Closeout state" data-section="state">
            <p className="mb-1 d-flex align-items-center gap-2">Closeout state: <StateBadge state={data.closeoutState} /></p>
            {data.softClosedAt ? <p className="small mb-0" data-closed="soft">Soft closed {formatDateTime(data.softClosedAt)} by {data.softClosedByName}</p> : null}
            {data.finalClosedAt ? <p className="small mb-0" data-closed="final">Final closed {formatDateTime(data.finalClosedAt)} by {data.finalClosedByName}</p> : null}
            {data.blockerCount === 0 && data.closeoutState === 'Open' ? <p className="text-success-emphasis mb-0" data-ready>{TEXT.noBlockers}</p> : null}
          </section>

          <section className="card mb-3" aria-label="Closeout actions" data-section="actions">
            <div className="card-body">
              <label className="form-label" htmlFor={reasonId}>{TEXT.reasonLabel}</label>
              <textarea id={reasonId} className="form-control mb-2" rows={2} maxLength={CLOSEOUT_REASON_MAX} value={reason} data-field="reason"
                onChange={(event) => setReason(event.target.value)} />
              <div className="d-flex flex-wrap gap-2">
                {ACTION_ORDER.map((action) => (
                  <button key={action} type="button" className={`btn btn-sm ${action === 'reopen' ? 'btn-outline-secondary' : 'btn-primary'}`}
                    data-action={action} disabled={busy || !data.allowed[action]} onClick={() => void act(action)}>{CLOSEOUT_ACTIONS[action].label}</button>
                ))}
              </div>
              {problem ? (
                <div className="alert alert-danger d-flex align-items-center gap-3 mt-2 mb-0" role="alert" data-problem>
                  <span>{problem.text}</span>
                  {problem.stale ? <button type="button" className="btn btn-sm btn-danger" onClick={() => { setProblem(null); retry(); }}>{TEXT.reload}</button> : null}
                </div>
              ) : null}
              <div role="status" className="mt-2 small" data-done>{done}</div>
            </div>
          </section>

          <section aria-labelledby="closeout-items-title">
            <h2 id="closeout-items-title" className="h5">Checklist</h2>
            {data.items.map((item) => (
              <ItemSection key={item.id} item={item} canEdit={data.canEdit} busy={busy}
                onReceive={(id, title) => void run(() => receiveContractDocument(id), () => TEXT.received(title))} />
            ))}
          </section>

          <section aria-labelledby="closeout-history-title" data-section="history">
            <h2 id="closeout-history-title" className="h5">{TEXT.history}</h2>
            {data.events.length === 0 ? <p>{TEXT.noHistory}</p> : (
              <ul className="list-unstyled">
                {data.events.map((e, index) => (
                  <li key={index} className="mb-1" data-event={e.action}>
                    <strong>{CLOSEOUT_ACTIONS[e.action].label}</strong> ({e.fromState} → {e.toState}) by {e.employeeName}, {formatDateTime(e.at)}: {e.reason}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </main>
  );
}

/** The screen: a project's checklist with `projectId`, else the list of the caller's projects. */
export function CloseoutsScreen(props: CloseoutsScreenProps) {
  const projectId = attributeId(props.projectId);
  return projectId > 0 ? <Checklist projectId={projectId} /> : <ProjectList />;
}
