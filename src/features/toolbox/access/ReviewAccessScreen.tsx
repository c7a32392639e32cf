/**
 * `<pt-review-access>`'s view (issue 15, the legacy page /ProjectToolbox/ProjectSecurities/reviewaccess):
 * the caller's waiting requests (the projects they review: as the Project Manager, the region's RPM
 * or an Admin) with checkboxes and bulk Approve / Deny with a reason (required), and per project the
 * current team with end dates and Remove (with a reason). `project-id` limits the requests to one
 * project and opens its team.
 */
import { useEffect, useId, useState } from 'react';
import { isStale, problemText, sayNotDone, shownData } from '../../../core/api';
import { formatDate } from '../../../core/format';
import { showMessage, showPrompt, showToast } from '../../../core/messages';
import { ACCESS_TEXT } from '../../../core/toolbox/access';
import { ScreenTitle } from '../../../ui/records';
import { ACCESS_PROBLEMS, decideRequests, loadRequests, loadTeam, removeMember, type AccessRequestRow } from './data';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad } from '../../../ui/useLoad';

export interface ReviewAccessProps {
  projectId?: number;
}

const NO_ROWS: readonly AccessRequestRow[] = [];

function WaitingRequests({ projectId, onProjects, onDecided }: { projectId?: number; onProjects(ids: Array<{ id: number; label: string }>): void; onDecided(): void }) {
  const id = useId();
  const { state, retry } = useLoad(String(projectId ?? 0), (signal, attempt) => loadRequests('review', { projectId, attempt, signal }));
  // While a reload after a decision is under way the rows decided before stay on show.
  const rows = (state.status === 'failed' ? undefined : shownData(state)) ?? NO_ROWS;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ refused: Array<{ label: string; message: string }> } | null>(null);
  useEffect(() => {
    const seen = new Map<number, string>();
    for (const r of rows) seen.set(r.projectId, `${r.projectNumber} ${r.projectName}`);
    onProjects([...seen].map(([pid, label]) => ({ id: pid, label })));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  const chosen = rows.filter((r) => selected.has(r.accessRequestId));
  const toggle = (rid: number, on: boolean) => setSelected((s) => { const next = new Set(s); if (on) next.add(rid); else next.delete(rid); return next; });

  const decide = async (to: 'Approved' | 'Denied') => {
    if (!reason.trim()) { setReasonMissing(true); document.getElementById(`${id}-reason`)?.focus(); return; }
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await decideRequests(chosen, to, reason.trim());
      if (answer.done.length) showToast(`${answer.done.length} ${answer.done.length === 1 ? 'request' : 'requests'} ${to === 'Approved' ? 'approved' : 'denied'}.`, { variant: 'success' });
      const label = (rid: number) => rows.find((r) => r.accessRequestId === rid)?.number ?? String(rid);
      setOutcome({ refused: answer.refused.map((r) => ({ label: label(r.ItemId), message: r.message })) });
      setSelected(new Set());
      setReason('');
      setReasonMissing(false);
      retry();
      onDecided();
    } catch (error) {
      // The typed reason and the selection are kept.
      setOutcome({ refused: [{ label: '', message: problemText(error, ACCESS_PROBLEMS) }] });
      if (isStale(error)) retry();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mb-4" aria-labelledby={`${id}-h`} data-testid="waiting-requests">
      <h2 className="h5" id={`${id}-h`}>Waiting requests</h2>
      {state.status === 'failed' ? <LoadProblem message={problemText(state.error, ACCESS_PROBLEMS)} onRetry={retry} /> : state.status === 'loading' && !state.last ? (
        <div role="status" className="text-body-secondary" data-state="loading">Loading the waiting requests…</div>
      ) : rows.length === 0 ? <p className="text-body-secondary" role="status">No requests are waiting for you.</p> : (
        <>
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">Waiting requests</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input type="checkbox" className="form-check-input" aria-label="Select every waiting request" data-select="all"
                      checked={chosen.length === rows.length} onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.accessRequestId)) : new Set())} />
                  </th>
                  <th scope="col">Request</th><th scope="col">Project</th><th scope="col">Requester</th><th scope="col">Role</th>
                  <th scope="col">End date</th><th scope="col">Justification</th><th scope="col">Expires after</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.accessRequestId} data-request-id={r.accessRequestId}>
                    <td><input type="checkbox" className="form-check-input" data-select={r.accessRequestId} aria-label={`Select ${r.number}: ${r.requesterName} on ${r.projectNumber}`}
                      checked={selected.has(r.accessRequestId)} onChange={(e) => toggle(r.accessRequestId, e.target.checked)} /></td>
                    <td>{r.number}</td>
                    <td>{`${r.projectNumber} ${r.projectName}`}</td>
                    <td>{r.requesterName}<span className="d-block small text-body-secondary">{r.requesterJobTitle}</span></td>
                    <td>{r.projectRole}</td>
                    <td>{r.endDate ? formatDate(r.endDate) : 'None'}</td>
                    <td className="text-break" style={{ maxWidth: '384px' }}>{r.justification}</td>
                    <td>{formatDate(r.expiresOn)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="row g-2 align-items-end">
            <div className="col-md-6">
              <label className="form-label" htmlFor={`${id}-reason`}>Reason <span aria-hidden="true" className="text-danger">*</span></label>
              <textarea id={`${id}-reason`} className={`form-control${reasonMissing && !reason.trim() ? ' is-invalid' : ''}`} rows={2} value={reason} maxLength={2000}
                aria-describedby={`${id}-reason-fb`} data-field="reason" onChange={(e) => setReason(e.target.value)} />
              <div id={`${id}-reason-fb`} className="invalid-feedback">{reasonMissing && !reason.trim() ? ACCESS_TEXT.reasonRequired : ''}</div>
            </div>
            <div className="col-md-6 d-flex gap-2">
              <button type="button" className="btn btn-success" data-action="bulk-approve" disabled={busy || chosen.length === 0} onClick={() => void decide('Approved')}>{`Approve selected (${chosen.length})`}</button>
              <button type="button" className="btn btn-outline-danger" data-action="bulk-deny" disabled={busy || chosen.length === 0} onClick={() => void decide('Denied')}>{`Deny selected (${chosen.length})`}</button>
            </div>
          </div>
        </>
      )}
      {outcome?.refused.length ? (
        <div className="alert alert-warning mt-2 py-2" role="alert" data-refused>
          <div className="fw-semibold">{`Not done (${outcome.refused.length}):`}</div>
          <ul className="mb-0 ps-3">{outcome.refused.map((r, i) => <li key={i}>{r.label ? `${r.label}: ${r.message}` : r.message}</li>)}</ul>
        </div>
      ) : null}
    </section>
  );
}

function Team({ projectId, reloadKey }: { projectId: number; reloadKey: number }) {
  const id = useId();
  const { state, retry, set } = useLoad(`${projectId}#${reloadKey}`, (signal, attempt) => loadTeam(projectId, attempt, signal));
  const team = state.status === 'ready' ? state.data : undefined;
  const remove = async (memberId: number, name: string) => {
    let text = '';
    for (;;) {
      const answer = await showPrompt({
        title: 'Remove from the team', message: `Remove ${name} from the team? They lose access to the project's data on their next request.`,
        input: 'textarea', inputLabel: 'Reason (required)', inputValue: text, buttons: ['cancel', 'ok'], labels: { ok: 'Remove' }, variant: 'warning',
      });
      if (answer.result !== true) return;
      text = answer.text;
      if (text.trim()) break;
      await showMessage({ title: 'Remove from the team', message: ACCESS_TEXT.removeReasonRequired, buttons: ['ok'], variant: 'warning' });
    }
    try {
      set(await removeMember(memberId, text.trim()));
      showToast(`${name} removed from the team.`, { variant: 'success' });
    } catch (error) {
      await sayNotDone(error, problemText(error, ACCESS_PROBLEMS));
    }
  };
  return (
    <section aria-labelledby={`${id}-h`} data-testid="project-team" data-project-id={projectId}>
      <h2 className="h5" id={`${id}-h`}>{team ? `Team of ${team.project.number} ${team.project.name}` : 'Project team'}</h2>
      {state.status === 'failed' ? <LoadProblem message={problemText(state.error, ACCESS_PROBLEMS)} onRetry={retry} /> : !team ? (
        <div role="status" className="text-body-secondary">Loading the team…</div>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">{`Current team of ${team.project.number}`}</caption>
            <thead><tr><th scope="col">Member</th><th scope="col">Project role</th><th scope="col">End date</th><th scope="col">Source</th><th scope="col">Added</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {team.members.map((m) => (
                <tr key={m.projectTeamMemberId} data-member-id={m.projectTeamMemberId} data-employee-id={m.employeeId}>
                  <td>{m.employeeName}<span className="d-block small text-body-secondary">{m.jobTitle}</span></td>
                  <td>{m.projectRole}</td>
                  <td>{m.endDate ? formatDate(m.endDate) : 'None'}</td>
                  <td>{m.source}</td>
                  <td>{`${formatDate(m.addedAt)}${m.addedByName ? ` by ${m.addedByName}` : ''}`}</td>
                  <td className="text-end"><button type="button" className="btn btn-sm btn-outline-danger" data-action="remove" aria-label={`Remove ${m.employeeName}`} onClick={() => void remove(m.projectTeamMemberId, m.employeeName)}>Remove</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ReviewAccessScreen(props: ReviewAccessProps) {
  const id = useId();
  const fixed = props.projectId && props.projectId > 0 ? props.projectId : undefined;
  const [projects, setProjects] = useState<Array<{ id: number; label: string }>>([]);
  const [chosen, setChosen] = useState<number | undefined>(fixed);
  const [decided, setDecided] = useState(0);
  const teamProject = fixed ?? chosen ?? projects[0]?.id;
  return (
    <main className="container-fluid py-3" data-screen="review-access">
      <ScreenTitle title="Review Project Access" />
      {/* Once every request is decided the team keeps showing the projects it had. */}
      <WaitingRequests projectId={fixed} onProjects={(list) => setProjects((shown) => (list.length ? list : shown))} onDecided={() => setDecided((n) => n + 1)} />
      {!fixed && projects.length > 1 ? (
        <div className="mb-2" style={{ maxWidth: '448px' }}>
          <label className="form-label" htmlFor={`${id}-project`}>Team of project</label>
          <select id={`${id}-project`} className="form-select" value={teamProject} onChange={(e) => setChosen(Number(e.target.value))}>
            {projects.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
          </select>
        </div>
      ) : null}
      {teamProject ? <Team projectId={teamProject} reloadKey={decided} /> : null}
    </main>
  );
}
