/**
 * The projects list (§2 /pfm/projects): every project the user may see, searchable, sortable, with
 * pinned projects first. A plain table rather than the shared Tabulator grid: about forty rows need
 * no virtual rendering, and native table semantics (sort buttons with aria-sort) stay accessible
 * without loading Tabulator on this screen.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { $session, signIn, startAuth } from '../../core/auth';
import { environmentSettings } from '../../core/env';
import { isCmProject } from '../../core/menus';
import { showToast } from '../../core/messages';
import { $projectPins, loadProjectPins, pinProject, unpinProject } from '../../core/pins';
import { useStore } from '../../ui/hooks';
import {
  LOAD_FAILED_MESSAGE, NO_ACCESS_MESSAGE, loadProjects, projectHref, searchProjects, sortProjects,
  type ProjectRow, type SortKey, type SortOrder,
} from './projects';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string }> = [
  { key: 'number', label: 'Number' },
  { key: 'name', label: 'Name' },
  { key: 'legalEntityName', label: 'Legal Entity' },
  { key: 'classification', label: 'Classification' },
];

const fullName = (project: ProjectRow) => (project.number ? `${project.number} ${project.name}` : project.name);

/** The projects, once the session is signed in (each attempt loads the pins too). */
function loadProjectsAndPins(signal: AbortSignal): Promise<ProjectRow[]> {
  // Pins come from the store the PFM bar shares; a refusal here shows through the list's own load.
  loadProjectPins().catch(() => undefined);
  return loadProjects(signal);
}

function SortHeader({ column, order, onSort }: { column: (typeof COLUMNS)[number]; order: SortOrder; onSort: (key: SortKey) => void }) {
  const active = order.key === column.key;
  return (
    <th scope="col" aria-sort={active ? order.direction : 'none'} data-column={column.key}>
      <button type="button" className="btn btn-link p-0 fw-semibold text-reset text-decoration-none text-nowrap" onClick={() => onSort(column.key)}>
        {column.label}
        <span aria-hidden="true" className="ms-1 text-body-secondary">{active ? (order.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

/** `<pfm-projects>`: the projects list with search, sort and pins. */
export function Projects() {
  const session = useStore($session);
  const pins = useStore($projectPins);
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortOrder>({ key: 'number', direction: 'ascending' });
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const searchId = useId();
  const signedIn = session.status === 'signedIn';
  const { state: load, retry } = useLoad(signedIn ? 'projects' : null, loadProjectsAndPins, { what: 'Projects load' });

  // Embedded alone (no <portal-app>), the element signs in by itself; startAuth is idempotent.
  useEffect(() => {
    if (session.status === 'starting') void startAuth();
  }, [session.status]);

  const pinned = useMemo(() => new Set((pins ?? []).map((pin) => pin.projectId)), [pins]);
  const projects = load.status === 'ready' ? load.data : null;
  const shown = useMemo(() => (projects ? sortProjects(searchProjects(projects, search), order, pinned) : []), [projects, search, order, pinned]);
  const legacyOrigin = environmentSettings().legacyOrigin;

  const onSort = (key: SortKey) =>
    setOrder((current) => ({ key, direction: current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending' }));

  async function togglePin(project: ProjectRow): Promise<void> {
    const wasPinned = pinned.has(project.projectId);
    setBusy((current) => new Set(current).add(project.projectId));
    try {
      if (wasPinned) await unpinProject(project.projectId);
      else await pinProject(project.projectId, { ...project });
    } catch (error) {
      console.error('Pin change failed', error);
      showToast(`${fullName(project)} could not be ${wasPinned ? 'unpinned' : 'pinned'}. Please try again.`, {
        title: wasPinned ? 'Unpin failed' : 'Pin failed', variant: 'danger',
      });
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(project.projectId);
        return next;
      });
    }
  }

  if (session.status === 'signedOut' || session.status === 'error') {
    return (
      <main className="container py-4" data-screen="projects">
        <h1 className="h4">Projects</h1>
        <p>Sign in to see your projects.</p>
        <button type="button" className="btn btn-primary" onClick={() => void signIn()}>Sign in</button>
      </main>
    );
  }

  return (
    <main className="container-fluid py-3" data-screen="projects">
      <h1 className="h4 mb-3">Projects</h1>
      {load.status === 'failed' && load.failure === 'forbidden' ? (
        <LoadProblem variant="warning" state="forbidden" message={NO_ACCESS_MESSAGE} onRetry={retry} />
      ) : load.status === 'failed' ? (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
          <span>{LOAD_FAILED_MESSAGE}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>Retry</button>
        </div>
      ) : load.status === 'loading' ? (
        <div role="status" className="d-flex align-items-center gap-2 text-body-secondary" data-state="loading">
          <span className="spinner-border spinner-border-sm" aria-hidden="true"></span> Loading projects…
        </div>
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            <label htmlFor={searchId} className="visually-hidden">Search projects by number or name</label>
            <input
              id={searchId} type="search" className="form-control" style={{ maxWidth: '384px' }} placeholder="Search by number or name"
              value={search} onChange={(event) => setSearch(event.target.value)} data-search
            />
            <span className="text-body-secondary small" aria-live="polite" data-count>
              {shown.length === 1 ? '1 project' : `${shown.length} projects`}
            </span>
          </div>
          <div className="table-responsive">
            <table className="table table-hover table-sm align-middle" data-projects>
              <caption className="visually-hidden">Projects, pinned projects first</caption>
              <thead>
                <tr>
                  <th scope="col"><span className="visually-hidden">Pinned</span></th>
                  {COLUMNS.map((column) => <SortHeader key={column.key} column={column} order={order} onSort={onSort} />)}
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((project) => {
                  const isPinned = pinned.has(project.projectId);
                  const cm = isCmProject(project);
                  return (
                    <tr key={project.projectId} data-project-id={project.projectId} data-pinned={isPinned ? '' : undefined} className={project.closed ? 'text-body-secondary' : undefined}>
                      <td>
                        <button
                          type="button" className={`btn btn-sm ${isPinned ? 'btn-warning' : 'btn-outline-secondary'}`}
                          aria-pressed={isPinned} aria-label={`${isPinned ? 'Unpin' : 'Pin'} ${fullName(project)}`} title={isPinned ? 'Unpin' : 'Pin'}
                          disabled={busy.has(project.projectId)} onClick={() => void togglePin(project)} data-pin
                        >
                          <span aria-hidden="true">{isPinned ? '★' : '☆'}</span>
                        </button>
                      </td>
                      <td className="text-nowrap">{project.number}</td>
                      <td>
                        <a href={projectHref(project, legacyOrigin)} data-open title={cm ? 'Opens in Cost Management' : 'Open the projection grid'}>{project.name}</a>
                        {cm ? <span className="badge text-bg-info ms-2">Cost Management</span> : null}
                      </td>
                      <td>{project.legalEntityName}</td>
                      <td>{project.classification}</td>
                      <td>{project.closed ? <span className="badge text-bg-secondary" data-closed>Closed</span> : 'Open'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {shown.length === 0 ? <p className="text-body-secondary" data-empty>{search.trim() ? 'No projects match the search.' : 'No projects.'}</p> : null}
        </>
      )}
    </main>
  );
}
