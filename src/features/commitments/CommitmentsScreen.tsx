/**
 * `<pfm-commitments>`'s view: the project's subcontracts, purchase agreements and purchase orders,
 * each in Open and Closed lists by record state, with vendor (lookup), amounts, state, the change
 * asterisk and totals of the list shown (in the list's footer row, under their columns). A row's
 * number opens its workbench.
 */
import { useEffect, useMemo, useState } from 'react';
import { $changes, $changesApplicationId } from '../../core/changes';
import { formatMoney } from '../../core/format';
import { lookup, lookupList } from '../../core/lookups';
import { openWorkbench } from '../../core/workbench';
import { ChangeIndicator } from '../../ui/ChangeIndicator';
import { useStore } from '../../ui/hooks';
import { screenScope } from '../../core/scope';
import { commitmentAmounts, commitmentTotals, contractStore, KINDS, loadContracts, NO_ACCESS_MESSAGE, recordIdOf, type CommitmentAmounts, type CommitmentKey, type ContractRecord } from './data';
import { projectSubject, RecordLists, ScreenTitle, useRecords, type RecordColumn, type RecordListTab } from '../../ui/records';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { attributeId } from '../../core/attributes';

export interface CommitmentsProps {
  projectId?: number;
  budgetId?: number;
}

/** The three lists, in screen order. */
export const COMMITMENT_LISTS: ReadonlyArray<{ key: CommitmentKey; title: string; create: string }> = [
  { key: 'Subcontract', title: 'Subcontracts', create: 'New subcontract' },
  { key: 'PurchaseAgreement', title: 'Purchase Agreements', create: 'New purchase agreement' },
  { key: 'PurchaseOrder', title: 'Purchase Orders', create: 'New purchase order' },
];

/** Shown when neither a project nor a budget was given. */
export const NO_PROJECT_MESSAGE = 'Open a project first: no project or budget was given.';

const LOAD_OPTIONS = { what: 'Commitments load' };



/** The `vendor` lookup list's items (the screen loads it beside the lists). */
interface VendorItem { vendorId?: unknown; displayText?: unknown }

/** displayText by vendor id from the `vendor` lookup list. */
function vendorNamesOf(list: readonly VendorItem[]): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const item of list) {
    if (typeof item.displayText === 'string' && item.displayText !== '') names.set(Number(item.vendorId), item.displayText);
  }
  return names;
}

/**
 * Vendor names by id: from the vendor list loaded with the lists (so the rows show their final names in their first
 * paint, instead of growing when the names arrive: a layout shift), else through the `vendor` lookup (a vendor the
 * list lacks, a record added later); the row's own name until it answers.
 */
function useVendorNames(records: readonly ContractRecord[], loaded: ReadonlyMap<number, string>): ReadonlyMap<number, string> {
  const [looked, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const names = useMemo(() => new Map([...loaded, ...looked]), [loaded, looked]);
  const ids = useMemo(() => [...new Set(records.map((r) => Number(r.vendorId)).filter((id) => id > 0))].sort((a, b) => a - b).join(','), [records]);
  useEffect(() => {
    let live = true;
    const list = ids ? ids.split(',').map(Number) : [];
    void Promise.all(list.map(async (id) => [id, await lookup('vendor', id)] as const)).then((pairs) => {
      if (live) setNames(new Map(pairs.filter(([, text]) => text !== '')));
    });
    return () => { live = false; };
  }, [ids]);
  return names;
}

const AMOUNT_COLUMNS: ReadonlyArray<{ key: keyof CommitmentAmounts; label: string }> = [
  { key: 'original', label: 'Original' },
  { key: 'approvedChanges', label: 'Approved changes' },
  { key: 'current', label: 'Current' },
  { key: 'billed', label: 'Billed' },
  { key: 'retainage', label: 'Retainage' },
];

function CommitmentList({ kind, title, create, scopeKey, loading, projectId, hidden = false, vendorNames }: {
  kind: CommitmentKey; title: string; scopeKey: string; loading: boolean; /** The New button's label; none: no button. */ create?: string; projectId: number;
  /** Not shown yet (the lists after the first while the screen loads). */ hidden?: boolean;
  /** Vendor names loaded with the lists. */ vendorNames: ReadonlyMap<number, string>;
}) {
  const spec = KINDS[kind];
  const store = contractStore(spec);
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useMemo(() => (record: ContractRecord) => (recordKey === 'Project' ? record.projectId === Number(recordId) : record.budgetId === Number(recordId)), [recordKey, recordId]);
  const records = useRecords(store, inScope, (a, b) => a.number.localeCompare(b.number));
  const vendors = useVendorNames(records, vendorNames);
  const changes = useStore($changes);
  const applicationId = useStore($changesApplicationId);
  const [tab, setTab] = useState<RecordListTab>('open');
  const label = spec.label;

  const changed = (id: number) => changes.some((c) => c.parentApplicationRecordId === id && (c.parentRecordType === undefined || c.parentRecordType === kind));
  const columns: Array<RecordColumn<ContractRecord>> = [
    {
      key: 'number', label: 'Number', render: (record) => {
        const id = recordIdOf(spec, record);
        return (
          <span className="d-inline-flex align-items-center gap-1 text-nowrap">
            <button type="button" className="btn btn-link p-0 text-start" data-open={id} aria-label={`Open ${label} ${record.number}`}
              onClick={() => openWorkbench(kind, { recordKey: kind, recordId: id })}>{record.number}</button>
            {applicationId !== null && changed(id)
              ? <ChangeIndicator applicationId={applicationId} parentApplicationRecordId={id} label={`Acknowledge changes to ${record.number}`} /> : null}
          </span>
        );
      },
    },
    { key: 'vendor', label: 'Vendor', render: (record) => <span data-vendor-id={record.vendorId}>{vendors.get(Number(record.vendorId)) ?? record.vendorName ?? ''}</span> },
    { key: 'description', label: 'Description', render: (record) => record.description },
    ...AMOUNT_COLUMNS.map((column): RecordColumn<ContractRecord> => ({
      key: column.key, label: column.label, numeric: true, render: (record) => formatMoney(commitmentAmounts(record)[column.key]),
      total: (shown) => formatMoney(commitmentTotals(shown)[column.key]),
    })),
    { key: 'state', label: 'State', render: (record) => record.recordStateName },
  ];
  return (
    <section className="mb-4" aria-labelledby={`${kind}-title`} data-list-kind={kind} hidden={hidden}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id={`${kind}-title`} className="h5 mb-0">{title}</h2>
        {create ? (
          // A new one is made in its kind's workbench, opened on the project (the host passes the screen's budget).
          <button type="button" className="btn btn-sm btn-primary ms-auto" data-new={kind}
            onClick={() => openWorkbench(kind, { recordKey: 'Project', recordId: projectId > 0 ? projectId : undefined })}>{create}</button>
        ) : null}
      </div>
      <RecordLists records={records} idOf={(r) => recordIdOf(spec, r)} isClosed={(r) => r.closed} columns={columns} label={title}
        tab={tab} onTabChange={setTab} loading={loading} emptyText={{ open: `No open ${title.toLowerCase()}.`, closed: `No closed ${title.toLowerCase()}.` }} testId={`list-${kind}`}
        onOpen={(r) => openWorkbench(kind, { recordKey: kind, recordId: recordIdOf(spec, r) })} nameOf={(r) => r.number} />
    </section>
  );
}

/** The screen. */
export function Commitments(props: CommitmentsProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = screenScope(projectId, budgetId);
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null,
    // The vendor list in parallel with the lists (one call, kept in the lookups' cache): the rows paint with their vendors' names.
    (signal) => Promise.all([Promise.all(COMMITMENT_LISTS.map((list) => loadContracts(KINDS[list.key], scope!, signal))), lookupList<VendorItem>('vendor')]),
    LOAD_OPTIONS);
  const vendorList = load.status === 'ready' ? load.data[1] : undefined;
  const vendorNames = useMemo(() => vendorNamesOf(vendorList ?? []), [vendorList]);
  // A Viewer on the project's team reads only: the workbenches hide Save and Change state; the screen says so once.
  const canWrite = useProjectWrite({ projectId, budgetId });

  return (
    <main className="container-fluid py-3" data-screen="commitments">
      <ScreenTitle title="Commitments" subject={projectSubject(projectId, budgetId)} />
      {!scope ? <div className="alert alert-info" role="status">{NO_PROJECT_MESSAGE}</div>
        : load.status === 'failed' && load.failure === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={NO_ACCESS_MESSAGE} onRetry={retry} />
          : load.status === 'failed' ? (
            <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
              <span>The commitments could not be loaded.</span>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>Retry</button>
            </div>
          ) : (
            <>
              {canWrite ? null : <ReadOnlyLine />}
              {/* While the lists load, only the first shows its loading line: the others appear with the data below
                  its rows instead of standing under a one-line placeholder and being pushed down by a page of rows
                  (Lighthouse measured that jump as a layout shift of 0.78; the goal is 0.05). */}
              {COMMITMENT_LISTS.map((list, index) => (
                <CommitmentList key={list.key} kind={list.key} title={list.title} scopeKey={scopeKey} loading={load.status === 'loading'}
                  create={canWrite ? list.create : undefined} projectId={projectId} hidden={load.status === 'loading' && index > 0} vendorNames={vendorNames} />
              ))}
            </>
          )}
    </main>
  );
}
