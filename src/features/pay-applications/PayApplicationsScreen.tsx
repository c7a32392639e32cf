/**
 * `<pfm-pay-applications>`'s view: a project's pay applications in Open and Closed lists by record state:
 * number, commitment, vendor, period, state, scheduled value, completed to date, retainage held, current
 * payment due and the lien waivers still missing (a count, its sentences under it), with the money
 * columns' totals under them. A row's number opens its workbench; 'New pay application' (PFM roles) opens
 * the workbench's new form, which picks an executed commitment and the period.
 */
import { useMemo, useState } from 'react';
import { ACCESS } from '../../core/access';
import { attributeId } from '../../core/attributes';
import { problemText, type ProblemTexts } from '../../core/api';
import { formatDate, formatMoney } from '../../core/format';
import { PAY_APPLICATION_RECORD_KEY } from '../../core/pay-applications/contract';
import { screenScope } from '../../core/scope';
import { cents } from '../../core/format';
import { $roles, $rolesStatus, hasAccess } from '../../core/roles';
import { openWorkbench } from '../../core/workbench';
import { useStore } from '../../ui/hooks';
import { LoadProblem } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { LookupText, RecordLists, useRecords, type RecordColumn, type RecordListTab } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { loadPayApplications, payApplicationStore, type PayApplicationRecord } from './data';

export interface PayApplicationsProps {
  projectId?: number;
  budgetId?: number;
}

/** Texts the screen shows; tests read them. */
export const PAY_APPLICATIONS_TEXT = {
  title: 'Pay Applications',
  noProject: 'Open a project first: no project or budget was given.',
  newLabel: 'New pay application',
  /** The footer row's label, under Number; each money total sits under its column. */
  totalLabel: (tab: RecordListTab, count: number) => `Total of ${count} ${tab} pay application${count === 1 ? '' : 's'}`,
  /** The waivers-missing cell: the count, its sentences under it. */
  waiversMissing: (count: number) => `${count} missing`,
  allWaivers: 'All on file',
  empty: { open: 'No open pay applications.', closed: 'No closed pay applications.' },
  problems: {
    signedOut: 'Your session has expired: sign in again, then Retry. The pay applications could not be loaded.',
    forbidden: 'You do not have access to this project’s pay applications. They are for PFM Admin, Project Manager and RPM roles.',
    stale: 'The pay applications changed while they loaded.',
    timeout: 'The pay applications took too long to load.',
    failed: 'The pay applications could not be loaded.',
  } satisfies ProblemTexts,
} as const;

/** The sum of one figure over the list shown. */
const sumOf = (records: readonly PayApplicationRecord[], figure: (r: PayApplicationRecord) => number) =>
  formatMoney(cents(records.reduce((sum, r) => sum + (Number.isFinite(figure(r)) ? figure(r) : 0), 0)));

/** True when the user may create: a PFM role (the API refuses others); roles unknown: the server decides. */
function useCanCreate(): boolean {
  const roles = useStore($roles);
  const status = useStore($rolesStatus);
  return status !== 'loaded' || hasAccess(ACCESS.pfm.key, ACCESS.pfm.roles, roles);
}

/** The waivers still missing: a count, and the sentences under a disclosure (text, never HTML). */
export function WaiversMissingCell({ sentences, number }: { sentences: readonly string[]; number: string }) {
  if (sentences.length === 0) return <span className="text-body-secondary" data-waivers-missing="0">{PAY_APPLICATIONS_TEXT.allWaivers}</span>;
  return (
    <details data-waivers-missing={sentences.length}>
      <summary className="text-warning-emphasis text-nowrap" aria-label={`${PAY_APPLICATIONS_TEXT.waiversMissing(sentences.length)} for ${number}`}>
        {PAY_APPLICATIONS_TEXT.waiversMissing(sentences.length)}
      </summary>
      <ul className="small mb-0 ps-3">{sentences.map((s) => <li key={s}>{s}</li>)}</ul>
    </details>
  );
}

/** Opens an application's workbench. */
export const openPayApplication = (id: number) => openWorkbench(PAY_APPLICATION_RECORD_KEY, { recordKey: PAY_APPLICATION_RECORD_KEY, recordId: id });

/** What only the workbench's copy of a record holds: the list does not show it. */
const DETAIL_FIELDS: ReadonlySet<string> = new Set(['lines', 'waivers', 'retainagePercent', 'reduceRetainageAtHalf']);

/** True when `a` and `b` show the same in the list (the workbench's load adding lines to a row changes nothing there). */
export function sameListRow(a: PayApplicationRecord, b: PayApplicationRecord): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (DETAIL_FIELDS.has(key)) continue;
    const x = (a as unknown as Record<string, unknown>)[key];
    const y = (b as unknown as Record<string, unknown>)[key];
    if (x === y) continue;
    if (key === 'totals') {
      const [tx, ty] = [x as Record<string, unknown> | undefined, y as Record<string, unknown> | undefined];
      if (!tx || !ty || Object.keys({ ...tx, ...ty }).some((name) => tx[name] !== ty[name])) return false;
    } else if (key === 'waiversMissing') {
      const [wx, wy] = [x as readonly string[] | undefined, y as readonly string[] | undefined];
      if (!wx || !wy || wx.length !== wy.length || wx.some((sentence, index) => sentence !== wy[index])) return false;
    } else return false;
  }
  return true;
}

/** `records` with the objects of `before` kept where a record shows the same; `before` itself when every row does. */
function keptRows(before: readonly PayApplicationRecord[], records: readonly PayApplicationRecord[]): readonly PayApplicationRecord[] {
  const held = new Map(before.map((r) => [r.payApplicationId, r]));
  let changed = records.length !== before.length;
  const next = records.map((record, index) => {
    const kept = held.get(record.payApplicationId);
    const row = kept && sameListRow(kept, record) ? kept : record;
    if (row !== before[index]) changed = true;
    return row;
  });
  return changed ? next : before;
}

/**
 * The list's rows, the same array while no row shows anything new: a store change the list does not show (the
 * workbench opened over it loading an application's lines) then leaves its 2,000 rows unrendered. The rows of the
 * previous render are kept in state (React's "information from previous renders").
 */
function useListRows(records: readonly PayApplicationRecord[]): readonly PayApplicationRecord[] {
  const [kept, setKept] = useState(() => ({ from: records, rows: records }));
  if (kept.from === records) return kept.rows;
  const rows = keptRows(kept.rows, records);
  setKept({ from: records, rows });
  return rows;
}

/** By number as localeCompare orders them, with one collator rather than one per comparison (2,000 rows). */
const byNumber = new Intl.Collator();
const compareNumbers = (a: PayApplicationRecord, b: PayApplicationRecord) => byNumber.compare(a.number, b.number);
const idOf = (r: PayApplicationRecord) => r.payApplicationId;
const isClosed = (r: PayApplicationRecord) => r.closed;
const nameOf = (r: PayApplicationRecord) => r.number;
const onOpen = (r: PayApplicationRecord) => openPayApplication(r.payApplicationId);

const money = (key: string, label: string, figure: (r: PayApplicationRecord) => number): RecordColumn<PayApplicationRecord> => ({
  key, label, numeric: true, render: (r) => formatMoney(figure(r)), total: (shown) => sumOf(shown, figure),
});

/** The list's columns (they read nothing but the row). */
const COLUMNS: ReadonlyArray<RecordColumn<PayApplicationRecord>> = [
  {
    key: 'number', label: 'Number', render: (r) => (
      <button type="button" className="btn btn-link p-0 text-start text-nowrap" data-open={r.payApplicationId} aria-label={`Open pay application ${r.number}`}
        onClick={() => openPayApplication(r.payApplicationId)}>{r.number}</button>
    ),
  },
  { key: 'commitment', label: 'Commitment', render: (r) => <span className="text-nowrap">{r.commitmentNumber}</span> },
  { key: 'vendor', label: 'Vendor', render: (r) => r.vendorName },
  { key: 'period', label: 'Period', render: (r) => <span className="text-nowrap">{formatDate(r.periodEnd)}</span> },
  { key: 'state', label: 'State', render: (r) => <span data-state>{r.recordStateName}</span> },
  money('scheduledValue', 'Scheduled value', (r) => r.totals.contractSumToDate),
  money('completed', 'Completed to date', (r) => r.totals.totalCompletedAndStored),
  money('retainage', 'Retainage held', (r) => r.totals.retainage),
  money('paymentDue', 'Current payment due', (r) => r.totals.currentPaymentDue),
  { key: 'waivers', label: 'Waivers missing', render: (r) => <WaiversMissingCell sentences={r.waiversMissing ?? []} number={r.number} /> },
];

function PayApplicationList({ scopeKey, loading, projectId, budgetId }: { scopeKey: string; loading: boolean; projectId: number; budgetId: number }) {
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useMemo(() => (r: PayApplicationRecord) => (recordKey === 'Project' ? r.projectId === Number(recordId) : r.budgetId === Number(recordId)), [recordKey, recordId]);
  const rows = useListRows(useRecords(payApplicationStore(), inScope, compareNumbers));
  const [tab, setTab] = useState<RecordListTab>('open');
  const canCreate = useCanCreate();
  const projectWrite = useProjectWrite({ projectId, budgetId });
  // The same element while its rows, tab and loading are the same: React then skips the table.
  const lists = useMemo(() => (
    <RecordLists records={rows} idOf={idOf} isClosed={isClosed} columns={COLUMNS} label="Pay applications"
      tab={tab} onTabChange={setTab} loading={loading} testId={`list-${PAY_APPLICATION_RECORD_KEY}`}
      onOpen={onOpen} nameOf={nameOf} totalLabel={PAY_APPLICATIONS_TEXT.totalLabel} emptyText={PAY_APPLICATIONS_TEXT.empty} />
  ), [rows, tab, loading]);
  return (
    <section aria-labelledby="pay-applications-list-title" data-list-kind={PAY_APPLICATION_RECORD_KEY}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 id="pay-applications-list-title" className="h5 mb-0">Pay applications</h2>
        {!projectWrite ? <ReadOnlyLine className="ms-auto mb-0" /> : canCreate && projectId > 0 ? (
          <button type="button" className="btn btn-sm btn-primary ms-auto" data-new="pay-application"
            onClick={() => openWorkbench(PAY_APPLICATION_RECORD_KEY, { recordKey: 'Project', recordId: projectId })}>{PAY_APPLICATIONS_TEXT.newLabel}</button>
        ) : null}
      </div>
      {lists}
    </section>
  );
}

const LOAD_OPTIONS = { what: 'Pay applications load' };

/** The screen. */
export function PayApplications(props: PayApplicationsProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = screenScope(projectId, budgetId);
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null, (signal) => loadPayApplications(scope!, signal), LOAD_OPTIONS);

  return (
    <main className="container-fluid py-3" data-screen="pay-applications">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h4 mb-0">{PAY_APPLICATIONS_TEXT.title}</h1>
        {projectId > 0 ? <span className="text-body-secondary" data-project><LookupText type="pfm-project" id={projectId} /></span> : null}
      </div>
      {!scope ? <div className="alert alert-info" role="status">{PAY_APPLICATIONS_TEXT.noProject}</div>
        : load.status === 'failed' ? (
          <LoadProblem variant={load.failure === 'forbidden' ? 'warning' : 'danger'} state={load.failure === 'forbidden' ? 'forbidden' : 'failed'}
            message={problemText(load.error, PAY_APPLICATIONS_TEXT.problems)} onRetry={retry} />
        ) : (
          // While loading, the list itself shows the one role=status message.
          <PayApplicationList scopeKey={scopeKey} loading={load.status === 'loading'} projectId={projectId} budgetId={budgetId} />
        )}
    </main>
  );
}
