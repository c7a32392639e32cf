/**
 * `<pfm-cost-adjustments>`'s view: the project's cost adjustments in Open and Closed lists by record
 * state, with number, date, reason (lookup), description, amount, reference document, state, the
 * change asterisk and the §5 Unreconciled badge; a filter to unreconciled ones; the totals of the
 * list shown; 'New cost adjustment' for PFM roles. A row's number opens its workbench.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { ACCESS } from '../../core/access';
import { $changes, $changesApplicationId } from '../../core/changes';
import { formatDate, formatMoney } from '../../core/format';
import { $roles, $rolesStatus, hasAccess } from '../../core/roles';
import { openWorkbench } from '../../core/workbench';
import { ChangeIndicator } from '../../ui/ChangeIndicator';
import { useStore } from '../../ui/hooks';
import { costAdjustmentStore, costAdjustmentTotals, isUnreconciled, loadCostAdjustments, NO_ACCESS_MESSAGE, shownAmount, type CostAdjustment } from './data';
import { screenScope } from '../../core/scope';
import { LookupText, projectSubject, RecordLists, RecordListsStatus, ScreenTitle, useRecords, type RecordColumn, type RecordListTab } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { attributeId } from '../../core/attributes';

export interface CostAdjustmentsProps {
  projectId?: number;
  budgetId?: number;
}

/** Texts the screen shows; tests read them. */
export const LIST_TEXT = {
  title: 'Cost Adjustments',
  noProject: 'Open a project first: no project or budget was given.',
  loadFailed: 'The cost adjustments could not be loaded.',
  loading: 'Loading cost adjustments…',
  unreconciled: 'Unreconciled',
  onlyUnreconciled: 'Only unreconciled',
  newAdjustment: 'New cost adjustment',
} as const;



/** True when the user may create adjustments (a PFM role; the API refuses others). Unknown roles (embedded alone): the load decides. */
function useCanWrite(): boolean {
  const roles = useStore($roles);
  const status = useStore($rolesStatus);
  return status !== 'loaded' || hasAccess(ACCESS.pfm.key, ACCESS.pfm.roles, roles);
}

function AdjustmentLists({ scopeKey, projectId, budgetId }: { scopeKey: string; projectId: number; budgetId: number }) {
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useCallback((r: CostAdjustment) => (recordKey === 'Project' ? r.projectId === Number(recordId) : r.budgetId === Number(recordId)), [recordKey, recordId]);
  const compare = useCallback((a: CostAdjustment, b: CostAdjustment) => a.number.localeCompare(b.number), []);
  const all = useRecords(costAdjustmentStore(), inScope, compare);
  const [onlyUnreconciled, setOnlyUnreconciled] = useState(false);
  const records = useMemo(() => (onlyUnreconciled ? all.filter((r) => isUnreconciled(r)) : all), [all, onlyUnreconciled]);
  const changes = useStore($changes);
  const applicationId = useStore($changesApplicationId);
  const [tab, setTab] = useState<RecordListTab>('open');
  const canCreate = useCanWrite();
  // A Viewer on the project's team: no New, one read-only line.
  const projectWrite = useProjectWrite({ projectId, budgetId });
  const filterId = useId();

  const changed = (id: number) => changes.some((c) => c.parentApplicationRecordId === id && (c.parentRecordType === undefined || c.parentRecordType === 'CostAdjustment'));
  const columns: Array<RecordColumn<CostAdjustment>> = [
    {
      key: 'number', label: 'Number', render: (r) => (
        <button type="button" className="btn btn-link p-0 text-start text-nowrap" data-open={r.costAdjustmentId} aria-label={`Open cost adjustment ${r.number}`}
          onClick={() => openWorkbench('CostAdjustment', { recordKey: 'CostAdjustment', recordId: r.costAdjustmentId })}>{r.number}</button>
      ),
    },
    { key: 'date', label: 'Date', render: (r) => formatDate(r.adjustmentDate) },
    { key: 'reason', label: 'Reason', render: (r) => <LookupText type="costAdjustmentReason" id={r.costAdjustmentReasonId} /> },
    { key: 'description', label: 'Description', render: (r) => r.description },
    { key: 'amount', label: 'Amount', numeric: true, render: (r) => formatMoney(shownAmount(r)), total: (shown) => formatMoney(costAdjustmentTotals(shown).amount) },
    { key: 'referenceDocument', label: 'Reference document', render: (r) => r.referenceDocument ?? '' },
    { key: 'state', label: 'State', render: (r) => <span data-state>{r.recordStateName}</span> },
    {
      key: 'changes', label: 'Changes', render: (r) => (applicationId !== null && changed(r.costAdjustmentId)
        ? <ChangeIndicator applicationId={applicationId} parentApplicationRecordId={r.costAdjustmentId} label={`Acknowledge changes to ${r.number}`} /> : null),
    },
    {
      key: 'reconciled', label: 'Reconciliation', render: (r) => (isUnreconciled(r)
        ? <span className="badge text-bg-warning" data-unreconciled>{LIST_TEXT.unreconciled}</span> : null),
      total: (shown) => {
        const totals = costAdjustmentTotals(shown);
        return <span data-total="unreconciled">{LIST_TEXT.unreconciled} ({totals.unreconciledCount}): {formatMoney(totals.unreconciledAmount)}</span>;
      },
    },
  ];

  return (
    <section aria-label="Cost adjustments" data-list-kind="CostAdjustment">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <div className="form-check mb-0">
          <input id={filterId} className="form-check-input" type="checkbox" checked={onlyUnreconciled} data-filter="unreconciled"
            onChange={(e) => setOnlyUnreconciled(e.currentTarget.checked)} />
          <label className="form-check-label" htmlFor={filterId}>{LIST_TEXT.onlyUnreconciled}</label>
        </div>
        <span className="ms-auto" />
        {!projectWrite ? <ReadOnlyLine className="mb-0" /> : canCreate && projectId > 0 ? (
          <button type="button" className="btn btn-sm btn-primary" data-new="cost-adjustment"
            onClick={() => openWorkbench('CostAdjustment', { recordKey: 'Project', recordId: projectId })}>
            {LIST_TEXT.newAdjustment}
          </button>
        ) : null}
      </div>
      <RecordLists records={records} idOf={(r) => r.costAdjustmentId} isClosed={(r) => r.closed} columns={columns} label="Cost adjustments"
        tab={tab} onTabChange={setTab} emptyText={{ open: 'No open cost adjustments.', closed: 'No closed cost adjustments.' }} testId="list-CostAdjustment"
        onOpen={(r) => openWorkbench('CostAdjustment', { recordKey: 'CostAdjustment', recordId: r.costAdjustmentId })} nameOf={(r) => r.number}
        totalLabel={(shownTab, count) => `Total (${shownTab}, ${count})`} />
    </section>
  );
}

const LOAD_OPTIONS = { what: 'Cost adjustments load' };

/** The screen. */
export function CostAdjustments(props: CostAdjustmentsProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = screenScope(projectId, budgetId);
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null, (signal) => loadCostAdjustments(scope!, signal), LOAD_OPTIONS);

  return (
    <main className="container-fluid py-3" data-screen="cost-adjustments">
      <ScreenTitle title={LIST_TEXT.title} subject={projectSubject(projectId, budgetId)} />
      {!scope ? <div className="alert alert-info" role="status">{LIST_TEXT.noProject}</div>
        : (
          <RecordListsStatus load={load} retry={retry} text={{ loading: LIST_TEXT.loading, loadFailed: LIST_TEXT.loadFailed, noAccess: NO_ACCESS_MESSAGE }}>
            <AdjustmentLists scopeKey={scopeKey} projectId={projectId} budgetId={budgetId} />
          </RecordListsStatus>
        )}
    </main>
  );
}
