/**
 * `<pt-access-request>`'s view (issue 15, §2 /accessRequest): the request form (project by number or
 * name, project role, justification, end date with its rule shown at the field) and My requests with
 * their states, reviewer and reason, and Withdraw for a Pending one. The core's checkAccessRequest runs
 * before sending; the server's 400 comes back at the same fields; what was typed is kept on any failure.
 */
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError, problemText, sayNotDone, shownData } from '../../../core/api';
import { formatDate, formatDateTime } from '../../../core/format';
import { showMessage, showToast } from '../../../core/messages';
import { PROJECT_ROLES } from '../../../core/projects/team';
import { ACCESS_TEXT, checkAccessRequest, latestEndDate } from '../../../core/toolbox/access';
import { useDraft } from '../../../ui/drafts';
import { useRowWrite } from '../../../ui/hooks';
import { FieldFeedback, ScreenTitle, ValidationSummary, RecordLists, feedbackFrom, fieldInvalid, formFeedback, type FeedbackItem, type RecordColumn } from '../../../ui/records';
import { ACCESS_PROBLEMS, createRequest, loadProject, loadRequests, moveRequest, searchProjects, type AccessProject, type AccessRequestRow, type RequestDraft } from './data';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad, type UseLoad } from '../../../ui/useLoad';
import * as clock from '../../../core/clock';

export interface AccessRequestProps {
  projectId?: number;
}

const EMPTY: RequestDraft = { projectId: null, projectRole: 'Project Engineer', justification: '', endDate: '' };

/** The project picker: type 2+ characters of the number or name, pick one of the matches. */
function ProjectPicker({ selected, onSelect, invalid, describedBy }: { selected: AccessProject | null; onSelect(p: AccessProject | null): void; invalid: boolean; describedBy: string }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ for: string; rows: AccessProject[] } | { for: string; error: string } | null>(null);
  const term = search.trim();
  useEffect(() => {
    if (term.length < 2) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchProjects(term, abort.signal).then(
        (rows) => { if (!abort.signal.aborted) setFound({ for: term, rows }); },
        (error: unknown) => { if (!abort.signal.aborted) setFound({ for: term, error: problemText(error, ACCESS_PROBLEMS) }); },
      );
    }, 250);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [term]);
  if (selected) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-2" data-selected-project={selected.projectId}>
        <span className="fw-semibold">{`${selected.number} ${selected.name}`}</span>
        <span className="text-body-secondary small">{[selected.regionName, selected.projectManagerName ? `PM ${selected.projectManagerName}` : null].filter(Boolean).join(' · ')}</span>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onSelect(null)}>Change project</button>
      </div>
    );
  }
  const current = found && found.for === term ? found : null;
  return (
    <div>
      <input id={`${id}-search`} className={`form-control${invalid ? ' is-invalid' : ''}`} type="search" value={search} autoComplete="off"
        aria-label="Project: number or name" aria-describedby={describedBy} placeholder="Project number or name" data-field="projectSearch"
        onChange={(e) => setSearch(e.target.value)} />
      {term.length >= 2 ? (
        <div className="mt-1" aria-live="polite">
          {!current ? <div role="status" className="small text-body-secondary">Searching…</div>
            : 'error' in current ? <div role="alert" className="small text-danger">{current.error}</div>
              : current.rows.length === 0 ? <div role="status" className="small text-body-secondary">No active project matches.</div> : (
                <ul className="list-group" aria-label="Matching projects">
                  {current.rows.map((p) => (
                    <li key={p.projectId} className="list-group-item p-0">
                      <button type="button" className="btn btn-link text-start w-100 text-decoration-none" data-pick-project={p.projectId} onClick={() => onSelect(p)}>
                        <span className="fw-semibold">{`${p.number} ${p.name}`}</span>
                        <span className="d-block small text-body-secondary">{[p.regionName, p.projectManagerName ? `PM ${p.projectManagerName}` : null, p.membership ? `you are ${p.membership.projectRole}` : null, p.pendingRequestId ? 'request pending' : null].filter(Boolean).join(' · ')}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
        </div>
      ) : null}
    </div>
  );
}

function RequestForm({ projectId, onCreated }: { projectId?: number; onCreated(): void }) {
  const id = useId();
  const [draft, setDraft] = useState<RequestDraft>({ ...EMPTY, projectId: projectId && projectId > 0 ? projectId : null });
  const [project, setProject] = useState<AccessProject | null>(null);
  const [prefill, setPrefill] = useState<'idle' | 'loading' | string>(projectId && projectId > 0 ? 'loading' : 'idle');
  const [serverItems, setServerItems] = useState<FeedbackItem[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const today = clock.today();
  // The typed role, justification and end date survive a reload (the project is picked again, or comes from the link).
  const kept = useDraft<Omit<RequestDraft, 'projectId'>>({
    screen: 'pt-access-request', recordKey: 'Project', recordId: projectId && projectId > 0 ? projectId : 0, form: 'new-request',
    value: { projectRole: draft.projectRole, justification: draft.justification, endDate: draft.endDate },
    saved: { projectRole: EMPTY.projectRole, justification: EMPTY.justification, endDate: EMPTY.endDate },
    restore: (value) => setDraft((d) => ({
      ...d,
      projectRole: typeof value?.projectRole === 'string' ? value.projectRole : d.projectRole,
      justification: typeof value?.justification === 'string' ? value.justification : d.justification,
      endDate: typeof value?.endDate === 'string' ? value.endDate : d.endDate,
    })),
  });

  useEffect(() => {
    if (!projectId || projectId < 1) return undefined;
    const abort = new AbortController();
    loadProject(projectId, abort.signal).then(
      (p) => { if (!abort.signal.aborted) { setProject(p); setPrefill(p ? 'idle' : `Project ${projectId} is not an active project: choose one below.`); } },
      (error: unknown) => { if (!abort.signal.aborted) setPrefill(problemText(error, ACCESS_PROBLEMS)); },
    );
    return () => abort.abort();
  }, [projectId]);

  const local = tried ? checkAccessRequest(draft, today) : [];
  const feedback = formFeedback([...local, ...serverItems.filter((s) => !local.some((l) => l.stringValue === s.stringValue))]);
  const set = (patch: Partial<RequestDraft>) => { setDraft((d) => ({ ...d, ...patch })); setServerItems([]); };
  const pick = (p: AccessProject | null) => { setProject(p); set({ projectId: p?.projectId ?? null }); };
  const pmRole = draft.projectRole === 'Project Manager';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setProblem('');
    if (checkAccessRequest(draft, today).length) return;
    setBusy(true);
    try {
      const row = await createRequest(draft);
      showToast(`${row.number} sent: it waits for the project's Project Manager, its region's RPM or an Admin.`, { variant: 'success' });
      setDraft({ ...EMPTY });
      setProject(null);
      setTried(false);
      onCreated();
    } catch (error) {
      const items = error instanceof ApiError ? feedbackFrom((error.body as { feedback?: unknown } | undefined)?.feedback) : [];
      // A field's refusal shows at the field (the autoAlert box has opened too); anything else is said at the form.
      if (items.length) setServerItems(items);
      else setProblem(problemText(error, ACCESS_PROBLEMS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card mb-4" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`} data-testid="access-request-form">
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-h`}>Request access to a project</h2>
        {kept.banner}
        <ValidationSummary feedback={feedback} />
        {prefill === 'loading' ? <div role="status" className="text-body-secondary small mb-2">Loading the project…</div> : null}
        {prefill !== 'idle' && prefill !== 'loading' ? <div role="alert" className="alert alert-warning py-2">{prefill}</div> : null}
        <div className="mb-3">
          <span className="form-label d-block" id={`${id}-project`}>Project <span aria-hidden="true" className="text-danger">*</span></span>
          <ProjectPicker selected={project} onSelect={pick} invalid={fieldInvalid(feedback, 'projectId')} describedBy={`${id}-project ${id}-project-fb`} />
          <FieldFeedback feedback={feedback} field="projectId" id={`${id}-project-fb`} />
          {project?.membership ? <div className="form-text text-warning-emphasis" role="status">{ACCESS_TEXT.alreadyMember(project.membership.projectRole)}</div> : null}
          {project?.pendingRequestId ? <div className="form-text text-warning-emphasis" role="status">You already have a pending request for this project.</div> : null}
        </div>
        <div className="row g-3">
          <div className="col-md-4">
            <label className="form-label" htmlFor={`${id}-role`}>Project role <span aria-hidden="true" className="text-danger">*</span></label>
            <select id={`${id}-role`} className={`form-select${fieldInvalid(feedback, 'projectRole') ? ' is-invalid' : ''}`} value={draft.projectRole} data-field="projectRole"
              aria-describedby={`${id}-role-fb`} onChange={(e) => set({ projectRole: e.target.value })}>
              {PROJECT_ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
            <FieldFeedback feedback={feedback} field="projectRole" id={`${id}-role-fb`} />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor={`${id}-end`}>End date {pmRole ? null : <span aria-hidden="true" className="text-danger">*</span>}</label>
            <input id={`${id}-end`} type="date" className={`form-control${fieldInvalid(feedback, 'endDate') ? ' is-invalid' : ''}`} value={draft.endDate} data-field="endDate"
              min={today} max={latestEndDate(today)} required={!pmRole} aria-describedby={`${id}-end-rule ${id}-end-fb`} onChange={(e) => set({ endDate: e.target.value })} />
            <div className="form-text" id={`${id}-end-rule`}>{`${ACCESS_TEXT.endDateRule} Latest: ${formatDate(latestEndDate(today))}.`}</div>
            <FieldFeedback feedback={feedback} field="endDate" id={`${id}-end-fb`} />
          </div>
        </div>
        <div className="mt-3">
          <label className="form-label" htmlFor={`${id}-why`}>Justification <span aria-hidden="true" className="text-danger">*</span></label>
          <textarea id={`${id}-why`} className={`form-control${fieldInvalid(feedback, 'justification') ? ' is-invalid' : ''}`} rows={3} value={draft.justification} data-field="justification"
            maxLength={2000} required aria-describedby={`${id}-why-fb`} onChange={(e) => set({ justification: e.target.value })} />
          <FieldFeedback feedback={feedback} field="justification" id={`${id}-why-fb`} />
        </div>
        {problem ? <div className="alert alert-danger mt-3 mb-0" role="alert" data-problem>{problem}</div> : null}
        <div className="mt-3">
          <button type="submit" className="btn btn-primary" disabled={busy} data-action="send-request">{busy ? 'Sending…' : 'Send request'}</button>
        </div>
      </div>
    </form>
  );
}

function StateCell({ r }: { r: AccessRequestRow }) {
  return (
    <>
      <span data-state={r.state}>{r.state}</span>
      {r.decidedByName && r.state !== 'Withdrawn' ? <span className="d-block small text-body-secondary">{`by ${r.decidedByName}${r.decidedAt ? `, ${formatDateTime(r.decidedAt)}` : ''}`}</span> : null}
      {r.decisionReason ? <span className="d-block small" data-reason>{`Reason: ${r.decisionReason}`}</span> : null}
      {r.state === 'Pending' ? <span className="d-block small text-body-secondary">{`Expires after ${formatDate(r.expiresOn)}`}</span> : null}
    </>
  );
}

const COLUMNS: RecordColumn<AccessRequestRow>[] = [
  { key: 'number', label: 'Request', render: (r) => r.number },
  { key: 'project', label: 'Project', render: (r) => `${r.projectNumber} ${r.projectName}` },
  { key: 'role', label: 'Role', render: (r) => r.projectRole },
  { key: 'endDate', label: 'End date', render: (r) => (r.endDate ? formatDate(r.endDate) : 'None') },
  { key: 'requestedAt', label: 'Requested', render: (r) => formatDate(r.requestedAt) },
  { key: 'state', label: 'State', render: (r) => <StateCell r={r} /> },
];

/** My requests; a reload keeps the last rows on show until its answer. */
function MyRequests({ load: { state, retry } }: { load: UseLoad<AccessRequestRow[]> }) {
  const rows = shownData(state) ?? [];
  const withdrawing = useRowWrite<number>();
  const withdraw = async (r: AccessRequestRow) => {
    const ok = await showMessage({ title: 'Withdraw request', message: `Withdraw ${r.number} for ${r.projectNumber} ${r.projectName}?`, buttons: ['cancel', 'ok'], labels: { ok: 'Withdraw', cancel: 'Keep it' } });
    if (ok !== true) return;
    await withdrawing.run(r.accessRequestId, async () => {
      try {
        await moveRequest(r, 'Withdrawn');
        showToast(`${r.number} withdrawn.`, { variant: 'success' });
      } catch (error) {
        await sayNotDone(error, problemText(error, ACCESS_PROBLEMS));
      }
    });
    // Withdrawn, or moved meanwhile (409): the list shows what it is now.
    retry();
  };
  return (
    <section aria-labelledby="my-access-requests" data-testid="my-access-requests">
      <h2 className="h5" id="my-access-requests">My requests</h2>
      {state.status === 'failed' ? (
        <LoadProblem message={problemText(state.error, ACCESS_PROBLEMS)} onRetry={retry} />
      ) : (
        <RecordLists records={rows} idOf={(r) => r.accessRequestId} isClosed={(r) => r.closed} columns={COLUMNS} label="My requests" loading={state.status === 'loading'}
          emptyText={{ open: 'No pending requests.', closed: 'No decided requests.' }} testId="my-request-lists"
          actions={(r) => (r.moves.some((m) => m.name === 'Withdrawn') ? (
            <button type="button" className="btn btn-sm btn-outline-secondary" data-action="withdraw" aria-label={`Withdraw ${r.number}`}
              disabled={withdrawing.busy === r.accessRequestId} onClick={() => void withdraw(r)}>Withdraw</button>
          ) : null)} />
      )}
    </section>
  );
}

export function AccessRequestScreen(props: AccessRequestProps) {
  const mine = useLoad('mine', (signal, attempt) => loadRequests('mine', { attempt, signal }), { what: 'My access requests load' });
  return (
    <main className="container py-3" data-screen="access-request">
      <ScreenTitle title="Access Request" />
      <RequestForm projectId={props.projectId} onCreated={mine.retry} />
      <MyRequests load={mine} />
    </main>
  );
}
