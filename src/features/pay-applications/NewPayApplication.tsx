/**
 * A new pay application: the commitment it bills (an executed one of the project with no application
 * open; or the one it was opened from) and its period, the month's end (by default the current month's,
 * from the clock). Create makes the Draft and opens it. A refusal (an application already open, a closed
 * period) is said as the server words it; what was chosen stays.
 */
import { useState } from 'react';
import { problemText } from '../../core/api';
import { formatDate } from '../../core/format';
import { showToast } from '../../core/messages';
import { writeFailure } from '../../core/records';
import type { BillableCommitmentKey } from '../../core/pay-applications/contract';
import { periodEndOf } from '../../core/pay-applications/rules';
import { LoadProblem } from '../../ui/LoadProblem';
import { RecordLoading } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { createPayApplication, defaultPeriodEnd, loadBillableCommitments, loadCommitmentToBill, type BillableCommitment } from './data';
import { openPayApplication, PAY_APPLICATIONS_TEXT } from './PayApplicationsScreen';

/** The form's texts; tests read them. */
export const NEW_PAY_APPLICATION_TEXT = {
  heading: 'New pay application',
  intro: 'Bill an executed commitment for one month: choose it and the period’s end, then enter the work on the continuation sheet.',
  loading: 'Loading the commitments you can bill…',
  noProject: 'Open a project (or a commitment) to create a pay application.',
  none: 'No executed commitment on this project is without an open pay application.',
  notBillable: (number: string, state: string) => `${number} is ${state}: only an executed commitment (an issued purchase order) can be billed.`,
  commitmentRequired: 'Choose the commitment to bill.',
  periodRequired: 'The period end is required.',
  periodNotMonthEnd: (end: string) => `A billing period ends on its month’s last day: ${formatDate(end)}.`,
  create: 'Create pay application',
  creating: 'Creating…',
  created: (number: string) => `${number} created.`,
  failure: {
    stale: 'Reload and try again.',
    refused: 'The pay application was not created.',
    signedOut: 'Your session has expired: sign in again, then Retry.',
    forbidden: 'You may not create pay applications on this project.',
    timeout: 'Creating the pay application took too long: Retry.',
    failed: (detail: string) => `The pay application was not created (${detail}): Retry.`,
  },
  loadProblems: { ...PAY_APPLICATIONS_TEXT.problems, failed: 'The commitments you can bill could not be loaded.' },
} as const;

const optionValue = (c: Pick<BillableCommitment, 'commitmentKey' | 'commitmentId'>) => `${c.commitmentKey}:${c.commitmentId}`;
const LOAD_OPTIONS = { what: 'Billable commitments load' };

export function NewPayApplication({ projectId, commitment }: { projectId: number; commitment?: { commitmentKey: BillableCommitmentKey; commitmentId: number } }) {
  const key = commitment ? (commitment.commitmentId > 0 ? `one:${optionValue(commitment)}` : null) : projectId > 0 ? `project:${projectId}` : null;
  const { state: load, retry } = useLoad<BillableCommitment[]>(key, async (signal) => {
    if (!commitment) return loadBillableCommitments(projectId, signal);
    const one = await loadCommitmentToBill(commitment.commitmentKey, commitment.commitmentId, signal);
    if (!one.billable) throw new Error(NEW_PAY_APPLICATION_TEXT.notBillable(one.number, one.state));
    return [one];
  }, LOAD_OPTIONS);
  const [chosen, setChosen] = useState(commitment ? optionValue(commitment) : '');
  const [periodEnd, setPeriodEnd] = useState(defaultPeriodEnd);
  const [errors, setErrors] = useState<{ commitment?: string; periodEnd?: string }>({});
  const [problem, setProblem] = useState<{ text: string; retry: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  if (key === null) return <div className="alert alert-warning" role="alert">{NEW_PAY_APPLICATION_TEXT.noProject}</div>;
  if (load.status === 'failed') {
    const own = load.error instanceof Error && load.error.message.includes('can be billed') ? load.error.message : problemText(load.error, NEW_PAY_APPLICATION_TEXT.loadProblems);
    return <LoadProblem variant={load.failure === 'forbidden' ? 'warning' : 'danger'} state={load.failure === 'forbidden' ? 'forbidden' : 'failed'} message={own} onRetry={retry} />;
  }
  if (load.status !== 'ready') return <RecordLoading label={NEW_PAY_APPLICATION_TEXT.loading} />;
  const options = load.data;

  async function create(): Promise<void> {
    const found: typeof errors = {};
    const picked = options.find((o) => optionValue(o) === chosen);
    if (!picked) found.commitment = NEW_PAY_APPLICATION_TEXT.commitmentRequired;
    if (!periodEnd) found.periodEnd = NEW_PAY_APPLICATION_TEXT.periodRequired;
    else if (periodEndOf(periodEnd) !== periodEnd) found.periodEnd = NEW_PAY_APPLICATION_TEXT.periodNotMonthEnd(periodEndOf(periodEnd));
    setErrors(found);
    setProblem(null);
    if (!picked || found.periodEnd) return;
    setBusy(true);
    try {
      const created = await createPayApplication(picked.commitmentKey, picked.commitmentId, periodEnd);
      showToast(NEW_PAY_APPLICATION_TEXT.created(created.number), { variant: 'success' });
      openPayApplication(created.payApplicationId);
    } catch (error) {
      const failure = writeFailure(error, NEW_PAY_APPLICATION_TEXT.failure);
      setProblem({ text: failure.message, retry: failure.action !== null });
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: keyof typeof errors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `new-pay-${field}-error` } : {});
  return (
    <form className="pay-application-new" data-workbench="new-pay-application" noValidate onSubmit={(e) => { e.preventDefault(); void create(); }}>
      <h2 className="h5">{NEW_PAY_APPLICATION_TEXT.heading}</h2>
      <p className="small text-body-secondary">{NEW_PAY_APPLICATION_TEXT.intro}</p>
      {problem ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.retry ? <button type="button" className="btn btn-sm border text-body" onClick={() => void create()}>Retry</button> : null}
        </div>
      ) : null}
      {options.length === 0 ? <p className="alert alert-info" role="status" data-none>{NEW_PAY_APPLICATION_TEXT.none}</p> : (
        <div className="row g-3 mb-3">
          <div className="col-sm-8">
            <label className="form-label" htmlFor="new-pay-commitment">Commitment</label>
            <select id="new-pay-commitment" className={`form-select form-select-sm${errors.commitment ? ' is-invalid' : ''}`} value={chosen}
              disabled={!!commitment} {...describedBy('commitment')} onChange={(e) => setChosen(e.currentTarget.value)}>
              {commitment ? null : <option value="">Choose…</option>}
              {options.map((o) => <option key={optionValue(o)} value={optionValue(o)}>{[o.number, o.vendorName, o.description].filter(Boolean).join(' · ')}</option>)}
            </select>
            {errors.commitment ? <div id="new-pay-commitment-error" className="invalid-feedback d-block">{errors.commitment}</div> : null}
          </div>
          <div className="col-sm-4">
            <label className="form-label" htmlFor="new-pay-period">Period end</label>
            <input id="new-pay-period" type="date" className={`form-control form-control-sm${errors.periodEnd ? ' is-invalid' : ''}`} value={periodEnd}
              {...describedBy('periodEnd')} onChange={(e) => setPeriodEnd(e.currentTarget.value)} />
            {errors.periodEnd ? <div id="new-pay-periodEnd-error" className="invalid-feedback d-block">{errors.periodEnd}</div> : null}
          </div>
        </div>
      )}
      {options.length ? <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-create>{busy ? NEW_PAY_APPLICATION_TEXT.creating : NEW_PAY_APPLICATION_TEXT.create}</button> : null}
    </form>
  );
}
