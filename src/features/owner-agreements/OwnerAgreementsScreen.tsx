/**
 * `<pfm-owner-agreements>`'s view: the project's owner agreements and their change orders, each in
 * Open and Closed lists, with the change events linked to each change order. A row's number opens
 * its workbench (linking happens there, §5).
 */
import { useMemo } from 'react';
import { formatMoney } from '../../core/format';
import { openWorkbench } from '../../core/workbench';
import { screenScope } from '../../core/scope';
import { contractStore, loadContracts, NO_ACCESS_MESSAGE, recordIdOf, type ContractRecord } from '../commitments';
import { OWNER_KINDS, type OwnerAgreementKey } from './data';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { projectSubject, RecordLists, ScreenTitle, useRecords, type RecordColumn } from '../../ui/records';
import { attributeId } from '../../core/attributes';

export interface OwnerAgreementsProps {
  projectId?: number;
  budgetId?: number;
}

const LOAD_OPTIONS = { what: 'Owner agreements load' };

function openButton(kind: OwnerAgreementKey, label: string, record: ContractRecord) {
  const id = recordIdOf(OWNER_KINDS[kind], record);
  return (
    <button type="button" className="btn btn-link p-0" data-open={id} aria-label={`Open ${label} ${record.number}`}
      onClick={() => openWorkbench(kind, { recordKey: kind, recordId: id })}>{record.number}</button>
  );
}

/** The screen. */
export function OwnerAgreements(props: OwnerAgreementsProps) {
  const scope = screenScope(attributeId(props.projectId), attributeId(props.budgetId));
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null,
    (signal) => Promise.all([loadContracts(OWNER_KINDS.OwnerAgreement, scope!, signal), loadContracts(OWNER_KINDS.OwnerAgreementChangeOrder, scope!, signal)]), LOAD_OPTIONS);

  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useMemo(() => (r: ContractRecord) => (recordKey === 'Project' ? r.projectId === Number(recordId) : r.budgetId === Number(recordId)), [recordKey, recordId]);
  const agreements = useRecords(contractStore(OWNER_KINDS.OwnerAgreement), inScope, (a, b) => a.number.localeCompare(b.number));
  const changeOrders = useRecords(contractStore(OWNER_KINDS.OwnerAgreementChangeOrder), inScope, (a, b) => a.number.localeCompare(b.number));
  const agreementNumber = (id: unknown) => agreements.find((a) => Number(a.ownerAgreementId) === Number(id))?.number ?? '';

  const agreementColumns: Array<RecordColumn<ContractRecord>> = [
    { key: 'number', label: 'Number', render: (r) => openButton('OwnerAgreement', 'Owner Agreement', r) },
    { key: 'owner', label: 'Owner', render: (r) => String(r.ownerName ?? '') },
    { key: 'contractType', label: 'Contract type', render: (r) => String(r.contractType ?? '') },
    { key: 'contractAmount', label: 'Contract amount', numeric: true, render: (r) => formatMoney(Number(r.contractAmount ?? 0)) },
    { key: 'approvedChanges', label: 'Approved changes', numeric: true, render: (r) => formatMoney(r.approvedChanges ?? 0) },
    { key: 'current', label: 'Current', numeric: true, render: (r) => formatMoney(Number(r.contractAmount ?? 0) + Number(r.approvedChanges ?? 0)) },
    { key: 'state', label: 'State', render: (r) => r.recordStateName },
  ];
  const changeOrderColumns: Array<RecordColumn<ContractRecord>> = [
    { key: 'number', label: 'Number', render: (r) => openButton('OwnerAgreementChangeOrder', 'Owner Agreement Change Order', r) },
    { key: 'agreement', label: 'Owner agreement', render: (r) => agreementNumber(r.ownerAgreementId) },
    { key: 'description', label: 'Description', render: (r) => r.description },
    { key: 'changeEvents', label: 'Linked change events', numeric: true, render: (r) => String(r.changeEventCount ?? 0) },
    { key: 'amount', label: 'Amount', numeric: true, render: (r) => formatMoney(r.amount ?? 0) },
    { key: 'state', label: 'State', render: (r) => r.recordStateName },
  ];

  return (
    <main className="container-fluid py-3" data-screen="owner-agreements">
      <ScreenTitle title="Owner Agreements" subject={projectSubject(attributeId(props.projectId), attributeId(props.budgetId))} />
      {!scope ? <div className="alert alert-info" role="status">Open a project first: no project or budget was given.</div>
        : load.status === 'failed' && load.failure === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={NO_ACCESS_MESSAGE} onRetry={retry} />
          : load.status === 'failed' ? <LoadProblem message="The owner agreements could not be loaded." onRetry={retry} /> : (
            <>
              <section className="mb-4" aria-labelledby="oa-title">
                <h2 id="oa-title" className="h5">Owner Agreements</h2>
                <RecordLists records={agreements} idOf={(r) => recordIdOf(OWNER_KINDS.OwnerAgreement, r)} isClosed={(r) => r.closed} columns={agreementColumns}
                  label="Owner Agreements" loading={load.status === 'loading'} testId="list-OwnerAgreement"
                  onOpen={(r) => openWorkbench('OwnerAgreement', { recordKey: 'OwnerAgreement', recordId: recordIdOf(OWNER_KINDS.OwnerAgreement, r) })} nameOf={(r) => r.number} />
              </section>
              <section aria-labelledby="oaco-title">
                <h2 id="oaco-title" className="h5">Change Orders</h2>
                <RecordLists records={changeOrders} idOf={(r) => recordIdOf(OWNER_KINDS.OwnerAgreementChangeOrder, r)} isClosed={(r) => r.closed} columns={changeOrderColumns}
                  label="Owner Agreement Change Orders" loading={load.status === 'loading'} testId="list-OwnerAgreementChangeOrder"
                  onOpen={(r) => openWorkbench('OwnerAgreementChangeOrder', { recordKey: 'OwnerAgreementChangeOrder', recordId: recordIdOf(OWNER_KINDS.OwnerAgreementChangeOrder, r) })}
                  nameOf={(r) => r.number} />
              </section>
            </>
          )}
    </main>
  );
}
