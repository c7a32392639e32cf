/**
 * The Project Configuration workbench: the project's settings, read-only (GET
 * /api/pfm/projects/GetProjectByProjectId, budgets from getbudgets with recordKey Project).
 */
import { useState } from 'react';
import { formatDate, formatMoney } from '../../core/format';
import { lookup } from '../../core/lookups';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { loadProjectBudgetSettings, loadProjectSettings } from './project-configuration';

export interface ProjectConfigurationProps { recordKey?: string; recordId?: number; projectId?: number; budgetId?: number }

const LOAD_OPTIONS = { what: 'Project configuration load' };

/** The project is `record-id` when `record-key` is 'Project', else `project-id`. */
export function ProjectConfiguration({ recordKey = '', recordId = -1, projectId = -1 }: ProjectConfigurationProps) {
  const id = recordKey === 'Project' && recordId > 0 ? recordId : projectId;
  const [legalEntity, setLegalEntity] = useState('');
  const key = id > 0 ? String(id) : null;
  const { state: projectLoad, retry: retryProject } = useLoad(key, async () => {
    const p = await loadProjectSettings(id);
    void lookup('legalEntity', p.legalEntityId).then((text) => setLegalEntity(text || p.legalEntityName || ''));
    return p;
  }, LOAD_OPTIONS);
  const { state: budgetsLoad, retry: retryBudgets } = useLoad(key, async () => (await loadProjectBudgetSettings(id)) ?? [], LOAD_OPTIONS);
  const failed = projectLoad.status === 'failed' ? projectLoad.error : budgetsLoad.status === 'failed' ? budgetsLoad.error : null;
  const error = failed === null ? null : failed instanceof Error ? failed.message : String(failed);
  const project = projectLoad.status === 'ready' ? projectLoad.data : null;
  const budgets = budgetsLoad.status === 'ready' ? budgetsLoad.data : null;
  const retry = () => {
    retryProject();
    retryBudgets();
  };

  if (id <= 0) return <div className="alert alert-warning" role="alert">Open Project Configuration on a project: it needs a project id.</div>;
  if (error) return <LoadProblem message={`The project could not be loaded: ${error}`} onRetry={retry} />;
  if (!project) return <p className="text-body-secondary" role="status">Loading the project…</p>;

  const rows: Array<[string, string]> = [
    ['Project number', project.number],
    ['Project name', project.name],
    ['Classification', project.classification],
    ['Legal entity', legalEntity || project.legalEntityName || ''],
    ['Procore project id', project.procoreProjectId ? String(project.procoreProjectId) : 'Not linked'],
    ['Project manager', project.projectManagerName ?? ''],
    ['Location', [project.city, project.state].filter(Boolean).join(', ')],
    ['Contract amount', formatMoney(project.contractAmount)],
    ['Start date', formatDate(project.startDate)],
    ['Completion date', formatDate(project.completionDate)],
    ['Status', project.active ? 'Active' : 'Closed'],
  ];
  return (
    <div>
      <h3 className="h6">Project</h3>
      <dl className="row mb-4 project-settings">
        {rows.map(([label, value]) => (
          <div key={label} className="col-12 col-md-6 d-flex gap-2 py-1 border-bottom">
            <dt className="fw-semibold" style={{ minWidth: '176px' }}>{label}</dt>
            <dd className="mb-0">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <h3 className="h6">Budgets</h3>
      {budgets === null ? <p className="text-body-secondary" role="status">Loading budgets…</p> : (
        <table className="table table-sm" aria-label="Budgets">
          <thead><tr><th scope="col">Job number</th><th scope="col">Name</th><th scope="col">Lock</th><th scope="col">Reason</th><th scope="col">Roll-up of</th></tr></thead>
          <tbody>
            {budgets.map((b) => (
              <tr key={b.budgetId}>
                <td>{b.jobNumber}</td>
                <td>{b.name}</td>
                <td>{b.budgetLock ? 'Locked' : 'Open'}</td>
                <td>{b.budgetLock ? (b.budgetLockReason ?? '') : ''}</td>
                <td>{b.rollUpBudgetId ? `Budget ${b.rollUpBudgetId}` : ''}</td>
              </tr>
            ))}
            {budgets.length === 0 ? <tr><td colSpan={5}>No budgets.</td></tr> : null}
          </tbody>
        </table>
      )}
    </div>
  );
}
