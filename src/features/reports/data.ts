/**
 * The Reports workbench's data (issue 12): each report's table comes from the BI service
 * (`GET /bi/reports/run`, BI token), which builds it from the database under the PFM access rule;
 * here it becomes a CSV, every text field guarded against formula injection.
 */
import { getJson } from '../../core/api';
import { csvText } from '../../core/format';
import { REPORT_RUN_PATH, type ReportTable } from '../../core/reports/contract';

export { REPORTS, type ReportDefinition, type ReportTable } from '../../core/reports/contract';

/** The CSV text (CRLF line ends); text cells go through the one formula guard (core/format). */
export function toCsvText(table: ReportTable): string {
  return csvText([table.header, ...table.rows]);
}

/** Scope of a report: the budget when there is one, else the project. */
export interface ReportScope { projectId: number; budgetId: number }

/** Run report `id` on the BI service (BI token) for `scope`. */
export async function runReport(id: string, scope: ReportScope, signal?: AbortSignal): Promise<ReportTable> {
  const where = scope.budgetId > 0 ? { recordKey: 'Budget', recordId: scope.budgetId } : { recordKey: 'Project', recordId: scope.projectId };
  const table = await getJson<ReportTable>(REPORT_RUN_PATH, { report: id, ...where }, { resource: 'bi', signal });
  if (!table || !Array.isArray(table.header) || !Array.isArray(table.rows)) throw new Error('The BI service answered no report table.');
  return table;
}
