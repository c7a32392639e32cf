/**
 * The reports a project manager uses, each a CSV built from the API's data (§7 loads). Values are
 * written plainly (numbers unformatted, dates as 'YYYY-MM-DD') so a spreadsheet reads them as such.
 */
import { getJson } from '../../core/api';
import { formatCostCode } from '../../core/format';

/** One CSV: header and rows. */
export interface CsvTable { header: string[]; rows: Array<Array<string | number | null | undefined>> }

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is guarded against formula injection. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (CRLF line ends). */
export function toCsvText(table: CsvTable): string {
  return [table.header, ...table.rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

type Row = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value));
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const sum = (rows: Row[], field: string) => Math.round(rows.reduce((t, r) => t + (num(r[field]) ?? 0), 0) * 100) / 100;

/** Scope of a report: the budget when there is one, else the project. */
export interface ReportScope { projectId: number; budgetId: number }
const scopeQuery = (scope: ReportScope) => (scope.budgetId > 0 ? { recordKey: 'Budget', recordId: scope.budgetId } : { recordKey: 'Project', recordId: scope.projectId });

export interface ReportDefinition { id: string; title: string; description: string; build(scope: ReportScope): Promise<CsvTable> }

const SUMMARY_FIELDS: Array<[string, string]> = [
  ['originalBudget', 'Original Budget'], ['approvedChanges', 'Approved Changes'], ['currentBudget', 'Current Budget'], ['committed', 'Committed'],
  ['actualToDate', 'Actual To Date'], ['remainingCommitment', 'Remaining Commitment'], ['projectedCostToComplete', 'Projected Cost To Complete'],
  ['projectedFinalCost', 'Projected Final Cost'], ['overUnder', 'Over/Under'], ['priorMonthProjection', 'Prior Month Projection'], ['varianceToPrior', 'Variance To Prior'],
];

/** The reports, in the order the list shows them. */
export const REPORTS: readonly ReportDefinition[] = [
  {
    id: 'projection-summary', title: 'Projection Summary', description: 'Every budget line with budget, commitments, actuals and projections, with totals.',
    async build(scope) {
      const rows = (await getJson<Row[]>('/api/pfm/getcostcodetransactionsummary', scopeQuery(scope))) ?? [];
      const present = SUMMARY_FIELDS.filter(([field]) => rows.some((r) => field in r));
      return {
        header: ['Cost Code', 'Description', 'Cost Type', ...present.map(([, title]) => title)],
        rows: [
          ...rows.map((r) => [formatCostCode(str(r.costCode ?? r.code)), str(r.description), str(r.costType ?? r.type), ...present.map(([field]) => num(r[field]))]),
          ['Total', '', '', ...present.map(([field]) => sum(rows, field))],
        ],
      };
    },
  },
  {
    id: 'committed-cost', title: 'Committed Cost', description: 'Subcontracts, purchase agreements and purchase orders with their amounts.',
    async build(scope) {
      const q = scopeQuery(scope);
      const [subs, pas, pos] = await Promise.all([
        getJson<Row[]>('/api/pfm/getsubcontracts', q), getJson<Row[]>('/api/pfm/getpurchaseagreements', q), getJson<Row[]>('/api/pfm/getpurchaseorders', q),
      ]);
      const line = (kind: string, r: Row) => {
        const original = num(r.originalAmount ?? r.amount) ?? 0;
        const changes = num(r.approvedChanges) ?? 0;
        return [kind, str(r.number), str(r.vendorName), str(r.description), str(r.stateName ?? r.recordStateName ?? r.state), original, changes, Math.round((original + changes) * 100) / 100];
      };
      const lines = [...(subs ?? []).map((r) => line('Subcontract', r)), ...(pas ?? []).map((r) => line('Purchase Agreement', r)), ...(pos ?? []).map((r) => line('Purchase Order', r))];
      const total = (i: number) => Math.round(lines.reduce((t, l) => t + (l[i] as number), 0) * 100) / 100;
      return {
        header: ['Kind', 'Number', 'Vendor', 'Description', 'State', 'Original Amount', 'Approved Changes', 'Current Amount'],
        rows: [...lines, ['Total', '', '', '', '', total(5), total(6), total(7)]],
      };
    },
  },
  {
    id: 'change-event-log', title: 'Change Event Log', description: 'Every change event, open and closed, with its state.',
    async build(scope) {
      const q = scopeQuery(scope);
      const [open, closed] = await Promise.all([getJson<Row[]>('/api/pfm/getchangeevents', q), getJson<Row[]>('/api/pfm/getchangeevents', { ...q, open: false })]);
      const rows = [...(open ?? []), ...(closed ?? [])].sort((a, b) => (num(a.changeEventId) ?? 0) - (num(b.changeEventId) ?? 0));
      return {
        header: ['Number', 'Title', 'State', 'Closed', 'Estimated', 'Proposed', 'Approved'],
        rows: rows.map((r) => [str(r.number ?? r.displayText), str(r.title ?? r.description), str(r.stateName ?? r.recordStateName), r.closed ? 'Yes' : 'No',
          num(r.estimatedAmount), num(r.proposedAmount), num(r.approvedAmount)]),
      };
    },
  },
  {
    id: 'cost-code-transactions', title: 'Cost Code Transactions', description: 'Every cost transaction, by date, with the total.',
    async build(scope) {
      const rows = ((await getJson<Row[]>('/api/pfm/getcostcodetransaction', scopeQuery(scope))) ?? [])
        .slice().sort((a, b) => (str(a.transactionDate) < str(b.transactionDate) ? -1 : str(a.transactionDate) > str(b.transactionDate) ? 1 : 0));
      return {
        header: ['Date', 'Source Document', 'Cost Code', 'Cost Type', 'Vendor', 'Description', 'Units', 'Hours', 'Amount'],
        rows: [
          ...rows.map((r) => [str(r.transactionDate), [str(r.sourceType), str(r.documentNumber)].filter(Boolean).join(' '), formatCostCode(str(r.costCode)), str(r.costType),
            str(r.vendorName), str(r.description), num(r.units), num(r.hours), num(r.amount)]),
          ['Total', '', '', '', '', '', sum(rows, 'units'), sum(rows, 'hours'), sum(rows, 'amount')],
        ],
      };
    },
  },
];
