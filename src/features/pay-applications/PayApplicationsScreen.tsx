/**
 * `<pfm-pay-applications>`'s view: a project's pay applications in Open and Closed lists by record state:
 * number, commitment, vendor, period, state, scheduled value, completed to date, retainage held, current
 * payment due and the lien waivers still missing (a count, its sentences under it), with the money
 * columns' totals under them. A row's number opens its workbench; 'New pay application' (PFM roles) opens
 * the workbench's new form, which picks an executed commitment and the period.
 */
import { useCallback, useState } from 'react';
import { ACCESS } from '../../core/access';
import { attributeId } from '../../core/attributes';
import { problemText, type ProblemTexts } from '../../core/api';
import { formatDate, formatMoney } from '../../core/format';
import { PAY_APPLICATION_RECORD_KEY } from '../../core/pay-applications/contract';
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

function PayApplicationList({ scopeKey, loading, projectId, budgetId }: { scopeKey: string; loading: boolean; projectId: number; budgetId: number }) {
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useCallback((r: PayApplicationRecord) => (recordKey === 'Project' ? r.projectId === Number(recordId) : r.budgetId === Number(recordId)), [recordKey, recordId]);
  const compare = useCallback((a: PayApplicationRecord, b: PayApplicationRecord) => a.number.localeCompare(b.number), []);
  const records = useRecords(payApplicationStore(), inScope, compare);
  const [tab, setTab] = useState<RecordListTab>('open');
  const canCreate = useCanCreate();
  const projectWrite = useProjectWrite({ projectId, budgetId });
  const money = (key: string, label: string, figure: (r: PayApplicationRecord) => number): RecordColumn<PayApplicationRecord> => ({
    key, label, numeric: true, render: (r) => formatMoney(figure(r)), total: (shown) => sumOf(shown, figure),
  });
  const columns: Array<RecordColumn<PayApplicationRecord>> = [
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
  return (
    <section aria-labelledby="pay-applications-list-title" data-list-kind={PAY_APPLICATION_RECORD_KEY}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 id="pay-applications-list-title" className="h5 mb-0">Pay applications</h2>
        {!projectWrite ? <ReadOnlyLine className="ms-auto mb-0" /> : canCreate && projectId > 0 ? (
          <button type="button" className="btn btn-sm btn-primary ms-auto" data-new="pay-application"
            onClick={() => openWorkbench(PAY_APPLICATION_RECORD_KEY, { recordKey: 'Project', recordId: projectId })}>{PAY_APPLICATIONS_TEXT.newLabel}</button>
        ) : null}
      </div>
      <RecordLists records={records} idOf={(r) => r.payApplicationId} isClosed={(r) => r.closed} columns={columns} label="Pay applications"
        tab={tab} onTabChange={setTab} loading={loading} testId={`list-${PAY_APPLICATION_RECORD_KEY}`}
        onOpen={(r) => openPayApplication(r.payApplicationId)} nameOf={(r) => r.number}
        totalLabel={PAY_APPLICATIONS_TEXT.totalLabel} emptyText={PAY_APPLICATIONS_TEXT.empty} />
    </section>
  );
}

const LOAD_OPTIONS = { what: 'Pay applications load' };

/** The screen. */
export function PayApplications(props: PayApplicationsProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = projectId > 0 ? { recordKey: 'Project', recordId: projectId } : budgetId > 0 ? { recordKey: 'Budget', recordId: budgetId } : null;
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
