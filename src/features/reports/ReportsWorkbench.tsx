/** The Reports workbench: the reports a project manager uses, each built by the BI service (BI token) and downloaded as a CSV. */
import { useState } from 'react';
import { downloadBlob } from '../../ui/grid';
import { REPORTS, runReport, toCsvText, type ReportDefinition } from './data';

export interface ReportsProps { recordKey?: string; recordId?: number; projectId?: number; budgetId?: number }

/** The list. The scope is the budget (budget-id, or record-key 'Budget') when given, else the project. */
export function Reports({ recordKey = '', recordId = -1, projectId = -1, budgetId = -1 }: ReportsProps) {
  const scope = {
    projectId: recordKey === 'Project' && recordId > 0 ? recordId : projectId,
    budgetId: recordKey === 'Budget' && recordId > 0 ? recordId : recordKey === 'Project' ? -1 : budgetId,
  };
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (report: ReportDefinition) => {
    setBusy(report.id);
    setMessage(null);
    try {
      const table = await runReport(report.id, scope);
      const name = `${report.id}-${scope.budgetId > 0 ? `budget-${scope.budgetId}` : `project-${scope.projectId}`}.csv`;
      downloadBlob(new Blob(['\uFEFF', toCsvText(table)], { type: 'text/csv;charset=utf-8' }), name);
      setMessage({ ok: true, text: `${report.title}: ${table.rows.length} lines downloaded as ${name}.` });
    } catch (e) {
      setMessage({ ok: false, text: `${report.title} could not be built: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(null);
    }
  };

  if (scope.projectId <= 0 && scope.budgetId <= 0) return <div className="alert alert-warning" role="alert">Open Reports on a project or a budget.</div>;
  return (
    <div>
      {message ? <div className={`alert ${message.ok ? 'alert-success' : 'alert-danger'}`} role={message.ok ? 'status' : 'alert'}>{message.text}</div> : null}
      <ul className="list-unstyled">
        {REPORTS.map((report) => (
          <li key={report.id} className="d-flex align-items-center gap-3 py-2 border-bottom">
            <div className="me-auto">
              <div className="fw-semibold">{report.title}</div>
              <div className="small text-body-secondary">{report.description}</div>
            </div>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy !== null} aria-label={`Download ${report.title} (CSV)`} onClick={() => void run(report)}>
              {busy === report.id ? 'Building…' : 'Download CSV'}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
