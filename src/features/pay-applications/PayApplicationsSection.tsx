/**
 * The "Pay applications" section of the commitment workbench: one commitment's applications (number,
 * period, state, payment due, retainage held), each opening its workbench, and "New pay application",
 * which opens the new form on this commitment.
 */
import { useCallback } from 'react';
import { problemText } from '../../core/api';
import { formatDate, formatMoney } from '../../core/format';
import { PAY_APPLICATION_RECORD_KEY } from '../../core/pay-applications/contract';
import { openWorkbench } from '../../core/workbench';
import { LoadProblem } from '../../ui/LoadProblem';
import { RecordLoading, useRecords } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { isBillableKey, loadPayApplications, payApplicationStore, type PayApplicationRecord } from './data';
import { openPayApplication, PAY_APPLICATIONS_TEXT } from './PayApplicationsScreen';

/** The section's texts; tests read them. */
export const PAY_APPLICATIONS_SECTION_TEXT = {
  heading: 'Pay applications',
  loading: 'Loading pay applications…',
  none: 'No pay applications yet.',
  newLabel: PAY_APPLICATIONS_TEXT.newLabel,
} as const;

export interface PayApplicationsSectionProps {
  /** The commitment's record key (Subcontract, PurchaseAgreement or PurchaseOrder). */
  recordKey: string;
  recordId: number;
  /** False hides "New pay application" (a Viewer, a commitment not executed); the new form says why anyway. */
  canCreate?: boolean;
}

const LOAD_OPTIONS = { what: 'Commitment pay applications load' };

export function PayApplicationsSection({ recordKey, recordId, canCreate = true }: PayApplicationsSectionProps) {
  const valid = isBillableKey(recordKey) && recordId > 0;
  const { state: load, retry } = useLoad(valid ? `${recordKey}:${recordId}` : null, (signal) => loadPayApplications({ recordKey, recordId }, signal), LOAD_OPTIONS);
  const mine = useCallback((r: PayApplicationRecord) => r.commitmentKey === recordKey && r.commitmentId === recordId, [recordKey, recordId]);
  const bySequence = useCallback((a: PayApplicationRecord, b: PayApplicationRecord) => a.sequence - b.sequence, []);
  const rows = useRecords(payApplicationStore(), mine, bySequence);
  if (!valid) return null;

  return (
    <section className="mt-4" aria-labelledby={`pay-apps-${recordKey}-${recordId}`} data-pay-applications-section>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id={`pay-apps-${recordKey}-${recordId}`} className="h6 mb-0">{PAY_APPLICATIONS_SECTION_TEXT.heading}</h3>
        {canCreate ? (
          <button type="button" className="btn btn-sm btn-outline-primary ms-auto" data-new="pay-application"
            onClick={() => openWorkbench(PAY_APPLICATION_RECORD_KEY, { recordKey, recordId })}>{PAY_APPLICATIONS_SECTION_TEXT.newLabel}</button>
        ) : null}
      </div>
      {load.status === 'failed' ? (
        <LoadProblem variant={load.failure === 'forbidden' ? 'warning' : 'danger'} state={load.failure === 'forbidden' ? 'forbidden' : 'failed'}
          message={problemText(load.error, PAY_APPLICATIONS_TEXT.problems)} onRetry={retry} action="retry-pay-applications" />
      ) : load.status === 'loading' && rows.length === 0 ? <RecordLoading label={PAY_APPLICATIONS_SECTION_TEXT.loading} />
        : rows.length === 0 ? <p className="small text-body-secondary" data-empty>{PAY_APPLICATIONS_SECTION_TEXT.none}</p> : (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">{PAY_APPLICATIONS_SECTION_TEXT.heading}</caption>
              <thead>
                <tr>
                  <th scope="col">Number</th><th scope="col">Period</th><th scope="col">State</th>
                  <th scope="col" className="text-end">Payment due</th><th scope="col" className="text-end">Retainage held</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.payApplicationId} data-record-id={r.payApplicationId}>
                    <td>
                      <button type="button" className="btn btn-link btn-sm p-0 text-start text-nowrap" data-open={r.payApplicationId}
                        aria-label={`Open pay application ${r.number}`} onClick={() => openPayApplication(r.payApplicationId)}>{r.number}</button>
                    </td>
                    <td className="text-nowrap" data-column="period">{formatDate(r.periodEnd)}</td>
                    <td data-column="state">{r.recordStateName}</td>
                    <td className="text-end text-nowrap" data-column="paymentDue">{formatMoney(r.totals.currentPaymentDue)}</td>
                    <td className="text-end text-nowrap" data-column="retainage">{formatMoney(r.totals.retainage)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}
