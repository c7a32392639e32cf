/**
 * Data quality's client side: the load of a project's rule failures (GET /api/pfm/getdataqualityissues;
 * the contract and the rules: src/core/data-quality/contract.ts), the failure messages of the screen,
 * the export sheet and the link of a failing record.
 */
import { getJson } from '../../core/api';
import {
  DATA_QUALITY_PATH, DATA_QUALITY_RULES, SEVERITIES, workbenchKindFor, type DataQualityIssue, type DataQualitySeverity,
} from '../../core/data-quality/contract';
import { workbenchUrl } from '../../core/workbench';
import { listSheet, type ExportSheet } from '../../core/format/spreadsheet';

/** The screen's texts (tests read them from here). */
export const DATA_QUALITY_TEXT = {
  title: 'Data Quality',
  loading: 'Checking the project’s data…',
  refreshing: 'Checking again…',
  noProject: 'Open a project first: no project or budget was given.',
  none: 'No data-quality rule fails on this project.',
  noneAtSeverity: (severity: string) => `No ${severity} failures.`,
  failed: {
    401: 'Your session has expired. Sign in again, then Retry.',
    403: 'You do not have access to data quality on this project.',
    404: 'This project was not found.',
    timeout: 'The check took too long to answer.',
    other: 'The data-quality check could not be loaded.',
  },
  retry: 'Retry',
  refresh: 'Refresh',
  exportCsv: 'Export CSV',
  exportExcel: 'Export Excel',
  severityLabel: 'Severity',
  allSeverities: 'All severities',
} as const;

/** Load the failures of project `projectId` (or, when it is -1, of budget `budgetId`'s project). */
export async function loadDataQuality(scope: { recordKey: 'Project' | 'Budget'; recordId: number }, signal?: AbortSignal): Promise<DataQualityIssue[]> {
  const rows = await getJson<DataQualityIssue[]>(DATA_QUALITY_PATH, { recordKey: scope.recordKey, recordId: scope.recordId }, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** The rules in screen order with their failure counts (only failing rules). */
export function ruleCounts(issues: readonly DataQualityIssue[]): Array<{ id: string; title: string; severity: DataQualitySeverity; count: number }> {
  const counts = new Map<string, number>();
  for (const issue of issues) counts.set(issue.ruleId, (counts.get(issue.ruleId) ?? 0) + 1);
  const known = DATA_QUALITY_RULES.filter((rule) => counts.has(rule.id)).map((rule) => ({ id: rule.id, title: rule.title, severity: rule.severity, count: counts.get(rule.id)! }));
  // A rule the server knows and this bundle does not (a newer host) still shows, from its rows.
  const unknown = [...counts].filter(([id]) => !DATA_QUALITY_RULES.some((r) => r.id === id)).map(([id, count]) => {
    const row = issues.find((i) => i.ruleId === id)!;
    return { id, title: row.ruleTitle, severity: row.severity, count };
  });
  return [...known, ...unknown].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
}

/** Issues sorted by severity, then rule order, then record number (one collator: localeCompare with options builds one per call). */
export function sortIssues(issues: readonly DataQualityIssue[]): DataQualityIssue[] {
  const ruleOrder = new Map(DATA_QUALITY_RULES.map((r, i) => [r.id, i]));
  const collator = new Intl.Collator('en', { numeric: true });
  return [...issues].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity)
    || (ruleOrder.get(a.ruleId) ?? 99) - (ruleOrder.get(b.ruleId) ?? 99) || collator.compare(a.number, b.number));
}

/** Rows rendered at first, and added per 'Show more' (MoreRows; a project with thousands of failures stays quick to open). */
export const DATA_QUALITY_PAGE = 100;

/** The §2 label of a record key ('OwnerAgreementChangeOrder' → 'Owner Agreement Change Order'). */
export const recordLabel = (recordKey: string): string =>
  recordKey === 'CostCode' ? 'Budget Line' : recordKey === 'ChangeRecord' ? 'Initiating Document' : recordKey.replace(/(?<=[a-z])(?=[A-Z])/g, ' ');

/**
 * Where a failing record is fixed: its workbench over this screen, or (budgets and budget lines) the
 * projection grid of its budget.
 */
export function issueLink(issue: DataQualityIssue, from: string = location.href): { href: string; workbench: string | null } {
  const kind = issue.workbench ?? workbenchKindFor(issue.recordKey);
  if (kind) return { href: workbenchUrl(kind, { recordKey: issue.recordKey, recordId: issue.recordId }, from), workbench: kind };
  const query = new URLSearchParams({ projectId: String(issue.projectId), budgetId: String(issue.budgetId ?? -1) });
  return { href: `/pfm/projects/projectiongrid?${query.toString()}`, workbench: null };
}

const SEVERITY_LABEL: Record<DataQualitySeverity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };
export const severityLabel = (severity: DataQualitySeverity): string => SEVERITY_LABEL[severity] ?? severity;

/** The rows shown, as an export sheet (the grid export's writers neutralise formulas). */
export function issuesSheet(issues: readonly DataQualityIssue[]): ExportSheet {
  const columns = ['Severity', 'Rule', 'Record type', 'Record', 'Message'].map((title) => ({ field: title.toLowerCase(), title, excelFormat: null }));
  return listSheet(columns, issues, (i) => [severityLabel(i.severity), i.ruleTitle, recordLabel(i.recordKey), i.number, i.message]);
}
