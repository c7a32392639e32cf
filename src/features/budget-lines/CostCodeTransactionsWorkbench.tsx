/**
 * The Cost Code Transactions workbench (issue 5): every transaction behind a figure, with date, source
 * document (a link to its workbench where one exists), cost code, vendor, description, units, hours and
 * amount; filterable and sortable, with totals. Built for 100,000 rows: sorted once before the grid
 * gets them, typed number sorter, virtual rendering.
 */
import { useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import type { CellComponent, ColumnDefinition, Tabulator } from 'tabulator-tables';
import { formatMoney, formatNumber } from '../../core/format';
import { findWorkbenchKind, openWorkbench, WORKBENCH_KINDS, workbenchUrl } from '../../core/workbench';
import {
  costCodeFormatter, dateFormatter, escapeHtml, exportCsv, exportExcel, Grid, moneyFormatter, numberFormatter, numberHeaderFilter,
  numberSorter, textCellFormatter, type TextFormatter,
} from '../../ui/grid';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import type { CostCodeTransaction } from '../../core/budget-lines/contract';
import { loadTransactions, sourceText, totalAmount } from './data';

export interface CostCodeTransactionsProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
  budgetId?: number;
}

const KIND_KEYS = new Set(WORKBENCH_KINDS.map((kind) => kind.key));

/**
 * Source document cell: a link to its workbench's address when the source record has one (so it also
 * opens in a new tab), plain text otherwise. A plain click opens the workbench here (`openSourceLink`).
 */
const sourceFormatter: TextFormatter = Object.assign(
  (cell: CellComponent) => {
    const row = cell.getData() as unknown as CostCodeTransaction;
    const text = escapeHtml(sourceText(row));
    if (!row.sourceRecordKey || !KIND_KEYS.has(row.sourceRecordKey) || !row.sourceRecordId) return text;
    const href = workbenchUrl(row.sourceRecordKey, { recordKey: row.sourceRecordKey, recordId: row.sourceRecordId });
    return `<a href="${escapeHtml(href)}" class="source-link" data-key="${escapeHtml(row.sourceRecordKey)}" data-id="${row.sourceRecordId}">${text}</a>`;
  },
  { toText: (value: unknown) => (value === null || value === undefined ? '' : String(value)), exportAs: { kind: 'text' } as const },
);

const COLUMNS: ColumnDefinition[] = [
  { title: 'Date', field: 'transactionDate', formatter: dateFormatter, sorter: 'string', headerFilter: 'input', width: 118 },
  {
    title: 'Source Document', field: 'source', formatter: sourceFormatter, headerFilter: 'input', width: 200,
  },
  { title: 'Cost Code', field: 'costCode', formatter: costCodeFormatter, headerFilter: 'input', width: 118 },
  { title: 'Type', field: 'costType', formatter: textCellFormatter, headerFilter: 'input', width: 64 },
  { title: 'Vendor', field: 'vendorName', formatter: textCellFormatter, headerFilter: 'input', width: 180 },
  { title: 'Description', field: 'description', formatter: textCellFormatter, headerFilter: 'input', minWidth: 160 },
  { title: 'Units', field: 'units', formatter: numberFormatter(2), sorter: numberSorter, headerFilter: 'input', headerFilterFunc: numberHeaderFilter, hozAlign: 'right', bottomCalc: 'sum', bottomCalcFormatter: numberFormatter(2), width: 120 },
  { title: 'Hours', field: 'hours', formatter: numberFormatter(2), sorter: numberSorter, headerFilter: 'input', headerFilterFunc: numberHeaderFilter, hozAlign: 'right', bottomCalc: 'sum', bottomCalcFormatter: numberFormatter(2), width: 120 },
  { title: 'Amount', field: 'amount', formatter: moneyFormatter, sorter: numberSorter, headerFilter: 'input', headerFilterFunc: numberHeaderFilter, hozAlign: 'right', bottomCalc: 'sum', bottomCalcFormatter: moneyFormatter, width: 150 },
];

type Row = CostCodeTransaction & { source: string };

/**
 * A plain click (or Enter) on a source link opens its workbench in place, through the workbench
 * router; modified clicks keep the browser's own (new tab, new window). Delegated from the wrapper
 * because the grid registers no Tabulator DOM-event module (a column's cellClick never fires).
 */
function openSourceLink(event: ReactMouseEvent<HTMLDivElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest?.('a.source-link');
  const key = link?.getAttribute('data-key');
  const id = Number(link?.getAttribute('data-id'));
  if (!key || !Number.isSafeInteger(id) || id <= 0 || !findWorkbenchKind(key)) return;
  event.preventDefault();
  openWorkbench(key, { recordKey: key, recordId: id });
}

/** The workbench body. */
export function CostCodeTransactions({ recordKey = '', recordId = -1 }: CostCodeTransactionsProps) {
  const [shown, setShown] = useState<{ count: number; total: number } | null>(null);
  const [table, setTable] = useState<Tabulator | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const valid = Boolean(recordKey) && Number.isSafeInteger(recordId) && recordId > 0;

  const { state: load, retry } = useLoad<Row[]>(valid ? `${recordKey}:${recordId}` : null, async (signal) => {
    const data = await loadTransactions(recordKey, recordId, signal);
    for (const row of data) (row as Row).source = sourceText(row);
    if (!signal.aborted) setShown({ count: data.length, total: totalAmount(data) });
    return data as Row[];
  }, { what: 'Cost code transactions load' });
  const rows = load.status === 'ready' ? load.data : null;
  const error = load.status === 'failed' ? (load.error instanceof Error ? load.error.message : String(load.error)) : null;

  const total = useMemo(() => (rows ? totalAmount(rows) : 0), [rows]);

  if (!valid) {
    return <div className="alert alert-warning" role="alert">Open this workbench on a cost code or a budget: it needs a record key and a record id.</div>;
  }
  if (error) return <LoadProblem message={`The transactions could not be loaded: ${error}`} onRetry={retry} />;
  if (!rows) return <p className="text-body-secondary" role="status">Loading transactions…</p>;

  const fileName = `cost-code-transactions-${recordKey}-${recordId}`;
  return (
    <div ref={anchor} onClick={openSourceLink}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <p className="mb-0 me-auto" aria-live="polite">
          <span className="transactions-count">{formatNumber(shown?.count ?? rows.length, 0)}</span> of {formatNumber(rows.length, 0)} transactions
          {' · '}total <strong className="transactions-total">{formatMoney(shown?.total ?? total)}</strong>
        </p>
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={!table} onClick={() => table && exportCsv(table, fileName)}>Export CSV</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={!table} onClick={() => table && void exportExcel(table, fileName)}>Export Excel</button>
      </div>
      <Grid
        columns={COLUMNS}
        data={rows}
        index="costCodeTransactionId"
        persistenceId="cost-code-transactions"
        height="calc(100vh - 220px)"
        ariaLabel="Cost code transactions"
        onTable={(built) => {
          setTable(built);
          built.on('dataFiltered', (_filters: unknown, filtered: Array<{ getData(): unknown }>) => {
            setShown({ count: filtered.length, total: totalAmount(filtered.map((r) => r.getData() as Row)) });
          });
          const host = (anchor.current?.getRootNode() as ShadowRoot | undefined)?.host;
          host?.setAttribute('data-grid-ready', '');
        }}
      />
    </div>
  );
}
