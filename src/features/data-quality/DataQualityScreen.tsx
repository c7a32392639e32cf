/**
 * The data-quality screen: every rule that fails on the project (src/core/data-quality, evaluated by
 * the host), counted per rule, filtered by severity, each failing record linked to where it is fixed,
 * exportable as CSV and Excel. Refresh checks again, so a fixed record drops off.
 */
import { useMemo, useState, type MouseEvent } from 'react';
import { shownData } from '../../core/api';
import { SEVERITIES, type DataQualityIssue, type DataQualitySeverity } from '../../core/data-quality/contract';
import { navigate } from '../../core/router';
import { openWorkbench } from '../../core/workbench';
import { downloadCsv, downloadExcel } from '../../ui/grid/export';
import {
  DATA_QUALITY_PAGE, DATA_QUALITY_TEXT as TEXT, issueLink, issuesSheet, loadDataQuality, recordLabel, ruleCounts, severityLabel,
  sortIssues,
} from './data';
import { attributeId } from '../../core/attributes';
import { useLoad } from '../../ui/useLoad';
import { FailedLoadAlert, LoadingLine, screenLoadFailure } from '../../ui/LoadProblem';
import { MoreRows } from '../../ui/MoreRows';

export interface DataQualityScreenProps {
  projectId?: number;
  budgetId?: number;
}

// The load's time limit is the shared LOAD_TIMEOUT_MS (the server aims at 500 ms on the largest project).
const LOAD_OPTIONS = { what: 'Data quality load' };

const BADGE: Record<DataQualitySeverity, string> = { error: 'text-bg-danger', warning: 'text-bg-warning', info: 'text-bg-info' };

function SeverityBadge({ severity }: { severity: DataQualitySeverity }) {
  return <span className={`badge ${BADGE[severity] ?? 'text-bg-secondary'}`} data-severity={severity}>{severityLabel(severity)}</span>;
}

function RecordLink({ issue }: { issue: DataQualityIssue }) {
  const link = issueLink(issue);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.workbench) openWorkbench(link.workbench, { recordKey: issue.recordKey, recordId: issue.recordId });
    else navigate(link.href);
  };
  return (
    <a href={link.href} onClick={onClick} data-open={`${issue.recordKey}:${issue.recordId}`}
      aria-label={`Open ${recordLabel(issue.recordKey)} ${issue.number}`}>{issue.number}</a>
  );
}

/** The screen. */
export function DataQualityScreen(props: DataQualityScreenProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = projectId > 0 ? { recordKey: 'Project' as const, recordId: projectId } : budgetId > 0 ? { recordKey: 'Budget' as const, recordId: budgetId } : null;
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null, (signal) => loadDataQuality(scope!, signal).then(sortIssues), LOAD_OPTIONS);
  const [severity, setSeverity] = useState<DataQualitySeverity | ''>('');
  const [limit, setLimit] = useState(DATA_QUALITY_PAGE);

  // The issues of the last answer stay shown while the next one loads, and after it failed.
  const issues = shownData(load) ?? null;
  const failure = load.status === 'failed' ? screenLoadFailure(load.error) : null;
  const shown = useMemo(() => (issues ?? []).filter((i) => !severity || i.severity === severity), [issues, severity]);
  const counts = useMemo(() => ruleCounts(issues ?? []), [issues]);
  const filename = `data-quality-${scopeKey.replace(':', '-').toLowerCase()}`;
  const busy = load.status === 'loading';

  if (!scope) {
    return (
      <main className="container-fluid py-3" data-screen="data-quality">
        <h1 className="h4 mb-3">{TEXT.title}</h1>
        <div className="alert alert-info" role="status">{TEXT.noProject}</div>
      </main>
    );
  }

  return (
    <main className="container-fluid py-3" data-screen="data-quality" aria-busy={busy}>
      <h1 className="h4 mb-3">{TEXT.title}</h1>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3" role="toolbar" aria-label="Data quality tools">
        <div>
          <label className="form-label mb-1 small" htmlFor="dq-severity">{TEXT.severityLabel}</label>
          <select id="dq-severity" className="form-select form-select-sm" value={severity} data-filter="severity"
            onChange={(event) => setSeverity(event.target.value as DataQualitySeverity | '')}>
            <option value="">{TEXT.allSeverities}</option>
            {SEVERITIES.map((s) => <option key={s} value={s}>{severityLabel(s)}</option>)}
          </select>
        </div>
        <button type="button" className="btn btn-sm btn-primary" data-action="refresh" disabled={busy} onClick={retry}>{TEXT.refresh}</button>
        <button type="button" className="btn btn-sm btn-secondary" data-action="csv" disabled={!issues}
          onClick={() => downloadCsv(issuesSheet(shown), filename)}>{TEXT.exportCsv}</button>
        <button type="button" className="btn btn-sm btn-secondary" data-action="excel" disabled={!issues}
          onClick={() => void downloadExcel(issuesSheet(shown), filename)}>{TEXT.exportExcel}</button>
      </div>

      {busy ? <LoadingLine label={issues ? TEXT.refreshing : TEXT.loading} /> : null}
      {failure ? <FailedLoadAlert failure={failure} message={TEXT.failed[failure]} retryLabel={TEXT.retry} onRetry={retry} /> : null}

      {issues ? (
        <>
          <section aria-labelledby="dq-rules-title" className="mb-4">
            <h2 id="dq-rules-title" className="h6">Failing rules</h2>
            {counts.length === 0 ? <p data-empty="rules">{TEXT.none}</p> : (
              <table className="table table-sm w-auto mb-0" data-table="rules">
                <thead><tr><th scope="col">Rule</th><th scope="col">Severity</th><th scope="col" className="text-end">Records</th></tr></thead>
                <tbody>
                  {counts.map((rule) => (
                    <tr key={rule.id} data-rule={rule.id}>
                      <th scope="row" className="fw-normal">{rule.title}</th>
                      <td><SeverityBadge severity={rule.severity} /></td>
                      <td className="text-end" data-count={rule.id}>{rule.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="dq-issues-title">
            <h2 id="dq-issues-title" className="h6">Records to fix <span className="text-body-secondary" data-shown>({shown.length})</span></h2>
            {shown.length === 0 ? <p data-empty="issues">{severity ? TEXT.noneAtSeverity(severityLabel(severity).toLowerCase()) : TEXT.none}</p> : (
              <div className="table-responsive">
                <table className="table table-sm table-hover align-middle" data-table="issues">
                  <thead>
                    <tr><th scope="col">Severity</th><th scope="col">Rule</th><th scope="col">Record</th><th scope="col">What to fix</th></tr>
                  </thead>
                  <tbody>
                    {shown.slice(0, limit).map((issue) => (
                      <tr key={`${issue.ruleId}:${issue.recordKey}:${issue.recordId}`} data-issue={issue.ruleId} data-record={`${issue.recordKey}:${issue.recordId}`}>
                        <td><SeverityBadge severity={issue.severity} /></td>
                        <td>{issue.ruleTitle}</td>
                        <td className="text-nowrap"><span className="small text-body-secondary d-block">{recordLabel(issue.recordKey)}</span><RecordLink issue={issue} /></td>
                        <td data-message>{issue.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <MoreRows count={Math.min(limit, shown.length)} total={shown.length} step={DATA_QUALITY_PAGE} setLimit={setLimit} />
              </div>
            )}
          </section>
        </>
      ) : null}
    </main>
  );
}
