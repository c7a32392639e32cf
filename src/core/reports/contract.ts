/**
 * The Reports workbench's reports as pure table builders (issue 12): the BI service
 * (demo/host/api/services/bi.ts) feeds them the rows of the API loads each names, under the caller's
 * access, and answers the table; the workbench turns it into a CSV (src/features/reports). Values are
 * plain (numbers unformatted, dates as 'YYYY-MM-DD') so a spreadsheet reads them as such.
 */
import { formatCostCode } from '../format';

/** The BI service's report call. */
export const REPORT_RUN_PATH = '/bi/reports/run';

/** One report's table: header and rows. */
export interface ReportTable { header: string[]; rows: Array<Array<string | number | null>> }

type Row = Record<string, unknown>;
/** A source of a report: an API data load and its extra query (open=false for closed records). */
export interface ReportSource { load: string; open?: false }
/** The rows of each source, in the order of `sources`. */
export type SourceRows = Row[][];

export interface ReportDefinition {
  id: string;
  title: string;
  description: string;
  sources: readonly ReportSource[];
  table(rows: SourceRows): ReportTable;
}

const num = (value: unknown) => (typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value));
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const round2 = (n: number) => Math.round(n * 100) / 100;
const sum = (rows: Row[], field: string) => round2(rows.reduce((t, r) => t + (num(r[field]) ?? 0), 0));

const SUMMARY_FIELDS: Array<[string, string]> = [
  ['originalBudget', 'Original Budget'], ['approvedChanges', 'Approved Changes'], ['currentBudget', 'Current Budget'], ['committed', 'Committed'],
  ['actualToDate', 'Actual To Date'], ['remainingCommitment', 'Remaining Commitment'], ['projectedCostToComplete', 'Projected Cost To Complete'],
  ['projectedFinalCost', 'Projected Final Cost'], ['overUnder', 'Over/Under'], ['priorMonthProjection', 'Prior Month Projection'], ['varianceToPrior', 'Variance To Prior'],
];

/** The reports, in the order the list shows them. */
export const REPORTS: readonly ReportDefinition[] = [
  {
    id: 'projection-summary', title: 'Projection Summary', description: 'Every budget line with budget, commitments, actuals and projections, with totals.',
    sources: [{ load: 'getcostcodetransactionsummary' }],
    table([rows = []]) {
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
    sources: [{ load: 'getsubcontracts' }, { load: 'getpurchaseagreements' }, { load: 'getpurchaseorders' }],
    table([subs = [], pas = [], pos = []]) {
      const line = (kind: string, r: Row): Array<string | number> => {
        const original = num(r.originalAmount ?? r.amount) ?? 0;
        const changes = num(r.approvedChanges) ?? 0;
        return [kind, str(r.number), str(r.vendorName), str(r.description), str(r.stateName ?? r.recordStateName ?? r.state), original, changes, round2(original + changes)];
      };
      const lines = [...subs.map((r) => line('Subcontract', r)), ...pas.map((r) => line('Purchase Agreement', r)), ...pos.map((r) => line('Purchase Order', r))];
      const total = (i: number) => round2(lines.reduce((t, l) => t + (l[i] as number), 0));
      return {
        header: ['Kind', 'Number', 'Vendor', 'Description', 'State', 'Original Amount', 'Approved Changes', 'Current Amount'],
        rows: [...lines, ['Total', '', '', '', '', total(5), total(6), total(7)]],
      };
    },
  },
  {
    id: 'change-event-log', title: 'Change Event Log', description: 'Every change event, open and closed, with its state.',
    sources: [{ load: 'getchangeevents' }, { load: 'getchangeevents', open: false }],
    table([open = [], closed = []]) {
      const rows = [...open, ...closed].sort((a, b) => (num(a.changeEventId) ?? 0) - (num(b.changeEventId) ?? 0));
      return {
        header: ['Number', 'Title', 'State', 'Closed', 'Estimated', 'Proposed', 'Approved'],
        rows: rows.map((r) => [str(r.number ?? r.displayText), str(r.title ?? r.description), str(r.stateName ?? r.recordStateName), r.closed ? 'Yes' : 'No',
          num(r.estimatedAmount), num(r.proposedAmount), num(r.approvedAmount)]),
      };
    },
  },
  {
    id: 'cost-code-transactions', title: 'Cost Code Transactions', description: 'Every cost transaction, by date, with the total.',
    sources: [{ load: 'getcostcodetransaction' }],
    table([all = []]) {
      const rows = all.slice().sort((a, b) => (str(a.transactionDate) < str(b.transactionDate) ? -1 : str(a.transactionDate) > str(b.transactionDate) ? 1 : 0));
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

/** The report `id`, or undefined. */
export const reportById = (id: string): ReportDefinition | undefined => REPORTS.find((report) => report.id === id);
