/**
 * `<pfm-direct-costs>`'s view: the project's direct costs (invoices, expenses, payroll adjustments
 * charged straight to the job) in Open and Closed lists by record state: number, date (§5 blank
 * rule), type (lookup), vendor, invoice number, description, amount, state and the change asterisk,
 * with the total of the list shown. A row's number opens its workbench; 'New direct cost' (PFM
 * roles) opens a new one.
 */
import { useCallback, useState } from 'react';
import { ACCESS } from '../../core/access';
import { $changes, $changesApplicationId } from '../../core/changes';
import { formatDate, formatMoney } from '../../core/format';
import { $roles, $rolesStatus, hasAccess } from '../../core/roles';
import { openWorkbench } from '../../core/workbench';
import { ChangeIndicator } from '../../ui/ChangeIndicator';
import { useStore } from '../../ui/hooks';
import { LookupText, RecordLists, useRecords, type RecordColumn, type RecordListTab } from '../../ui/records';
import { directCostStore, directCostTotal, loadDirectCosts, type DirectCost } from './data';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { attributeId } from '../../core/attributes';
import { screenScope } from '../../core/scope';

export interface DirectCostsProps {
  projectId?: number;
  budgetId?: number;
}

/** Texts the screen shows; tests read them. */
export const DIRECT_COSTS_TEXT = {
  title: 'Direct Costs',
  noProject: 'Open a project first: no project or budget was given.',
  noAccess: 'You do not have access to this project’s direct costs. They are for PFM Admin, Project Manager and RPM roles.',
  failed: 'The direct costs could not be loaded.',
  loading: 'Loading direct costs…',
  /** The footer row's label, under Number; the amount's total sits under Amount. */
  totalLabel: (tab: RecordListTab, count: number) => `Total of ${count} ${tab} direct cost${count === 1 ? '' : 's'}`,
} as const;



/** True when the user may create direct costs: a PFM role (the API refuses others); unknown roles: the load decides. */
function useCanWrite(): boolean {
  const roles = useStore($roles);
  const status = useStore($rolesStatus);
  return status !== 'loaded' || hasAccess(ACCESS.pfm.key, ACCESS.pfm.roles, roles);
}

function DirectCostList({ scopeKey, loading, projectId, budgetId }: { scopeKey: string; loading: boolean; projectId: number; budgetId: number }) {
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useCallback((r: DirectCost) => (recordKey === 'Project' ? r.projectId === Number(recordId) : r.budgetId === Number(recordId)), [recordKey, recordId]);
  const compare = useCallback((a: DirectCost, b: DirectCost) => a.number.localeCompare(b.number), []);
  const records = useRecords(directCostStore(), inScope, compare);
  const changes = useStore($changes);
  const applicationId = useStore($changesApplicationId);
  const [tab, setTab] = useState<RecordListTab>('open');
  const canCreate = useCanWrite();
  // A Viewer on the project's team: no New, one read-only line.
  const projectWrite = useProjectWrite({ projectId, budgetId });
  const changed = (id: number) => changes.some((c) => c.parentApplicationRecordId === id && (c.parentRecordType === undefined || c.parentRecordType === 'DirectCost'));
  const columns: Array<RecordColumn<DirectCost>> = [
    {
      key: 'number', label: 'Number', render: (r) => (
        <button type="button" className="btn btn-link p-0 text-start text-nowrap" data-open={r.directCostId} aria-label={`Open direct cost ${r.number}`}
          onClick={() => openWorkbench('DirectCost', { recordKey: 'DirectCost', recordId: r.directCostId })}>{r.number}</button>
      ),
    },
    { key: 'directCostDate', label: 'Date', render: (r) => <span className="text-nowrap">{formatDate(r.directCostDate)}</span> },
    { key: 'type', label: 'Type', render: (r) => <LookupText type="directCostType" id={r.directCostTypeId} /> },
    { key: 'vendor', label: 'Vendor', render: (r) => r.vendorName ?? '' },
    { key: 'invoiceNumber', label: 'Invoice', render: (r) => <span className="text-nowrap">{r.invoiceNumber ?? ''}</span> },
    { key: 'description', label: 'Description', render: (r) => r.description },
    { key: 'amount', label: 'Amount', numeric: true, render: (r) => formatMoney(r.amount), total: (shown) => formatMoney(directCostTotal(shown)) },
    { key: 'state', label: 'State', render: (r) => <span data-state>{r.recordStateName}</span> },
    {
      key: 'changes', label: 'Changes', render: (r) => (applicationId !== null && changed(r.directCostId)
        ? <ChangeIndicator applicationId={applicationId} parentApplicationRecordId={r.directCostId} label={`Acknowledge changes to ${r.number}`} /> : null),
    },
  ];
  return (
    <section aria-labelledby="direct-costs-list-title" data-list-kind="DirectCost">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 id="direct-costs-list-title" className="h5 mb-0">Direct costs</h2>
        {!projectWrite ? <ReadOnlyLine className="ms-auto mb-0" /> : canCreate && projectId > 0 ? (
          <button type="button" className="btn btn-sm btn-primary ms-auto" data-new="direct-cost"
            onClick={() => openWorkbench('DirectCost', { recordKey: 'Project', recordId: projectId })}>New direct cost</button>
        ) : null}
      </div>
      <RecordLists records={records} idOf={(r) => r.directCostId} isClosed={(r) => r.closed} columns={columns} label="Direct costs"
        tab={tab} onTabChange={setTab} loading={loading} testId="list-DirectCost"
        onOpen={(r) => openWorkbench('DirectCost', { recordKey: 'DirectCost', recordId: r.directCostId })} nameOf={(r) => r.number}
        totalLabel={DIRECT_COSTS_TEXT.totalLabel}
        emptyText={{ open: 'No open direct costs.', closed: 'No closed direct costs.' }} />
    </section>
  );
}

const LOAD_OPTIONS = { what: 'Direct costs load' };

/** The screen. */
export function DirectCosts(props: DirectCostsProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = screenScope(projectId, budgetId);
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null, (signal) => loadDirectCosts(scope!, signal), LOAD_OPTIONS);

  return (
    <main className="container-fluid py-3" data-screen="direct-costs">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h4 mb-0">{DIRECT_COSTS_TEXT.title}</h1>
        {projectId > 0 ? <span className="text-body-secondary" data-project><LookupText type="pfm-project" id={projectId} /></span> : null}
      </div>
      {!scope ? <div className="alert alert-info" role="status">{DIRECT_COSTS_TEXT.noProject}</div>
        : load.status === 'failed' && load.failure === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={DIRECT_COSTS_TEXT.noAccess} onRetry={retry} />
          : load.status === 'failed' ? (
            <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
              <span>{DIRECT_COSTS_TEXT.failed}</span>
              <button type="button" className="btn btn-sm border text-danger-emphasis" onClick={retry}>Retry</button>
            </div>
          ) : (
            <>
              {/* While loading, the list itself shows the one role=status message. */}
              <DirectCostList scopeKey={scopeKey} loading={load.status === 'loading'} projectId={projectId} budgetId={budgetId} />
            </>
          )}
    </main>
  );
}
