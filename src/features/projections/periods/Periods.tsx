/**
 * The budget's months, newest first: state, who closed it and when, who re-opened it, when and why, and the
 * superseded snapshots under their month. "Close <month>" (keyPFM Admin or RPM; the server decides whether this
 * RPM's region is the project's) asks first, naming what closing does; "Close for the whole region" closes every
 * open budget of the project's region; "Re-open" (keyPFM Admin) needs a reason, kept while the write fails.
 */
import { Fragment, useState } from 'react';
import { alertedByServer } from '../../../core/api';
import { addPeriods } from '../../../core/clock';
import { formatDateTime } from '../../../core/format';
import { showMessage, showToast } from '../../../core/messages';
import { periodLabel, type CloseResult, type ForecastPeriod } from '../../../core/projections/periods';
import type { BudgetInfo } from '../../../core/projections/contract';
import { writeFailure } from '../../../core/records';
import { useDraft } from '../../../ui/drafts';
import { closeBudgetPeriod, closeRegionPeriod, reopenPeriod } from './data';
import { FORECAST_TEXT } from './text';

const T = FORECAST_TEXT.periods;

export interface PeriodsProps {
  budget: BudgetInfo;
  regionId: number | null;
  periods: readonly ForecastPeriod[];
  /** The roles the client knows allow closing (keyPFM Admin or RPM) and re-opening (keyPFM Admin). */
  canClose: boolean;
  canReopen: boolean;
  /** A close or re-open went through: load the periods (and what depends on them) again. */
  onChanged(): void;
}

/** A write's failure as shown under the table: the sentence, and Retry when trying again may help. */
interface Problem { text: string; retry: (() => void) | null }

export function Periods({ budget, regionId, periods, canClose, canReopen, onChanged }: PeriodsProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [reopening, setReopening] = useState<string | null>(null);

  async function close(month: string, region: boolean): Promise<void> {
    const label = periodLabel(month);
    const next = periodLabel(addPeriods(month, 1));
    const ok = await showMessage(region
      ? { title: T.closeRegionTitle(label), message: T.closeRegionConfirm(label, next), buttons: ['cancel', 'ok'], labels: { ok: T.closeRegion }, variant: 'warning' }
      : { title: T.closeTitle(label), message: T.closeConfirm(label, budget.jobNumber, next), buttons: ['cancel', 'ok'], labels: { ok: T.close(label) }, variant: 'warning' });
    if (ok !== true) return;
    await write(async () => {
      const result: CloseResult = region && regionId !== null ? await closeRegionPeriod(regionId, month) : await closeBudgetPeriod(budget.budgetId, month);
      showToast(region ? T.closedRegion(label, result.closed.length, result.alreadyClosed.length) : T.closed1(label, result.lines, result.carriedForward), { variant: 'success' });
    }, T.closeFailure, () => void close(month, region));
  }

  /** Run a write; on failure say why (the server's 'Request Failed' box already did for an autoAlert) and keep everything typed. */
  async function write(run: () => Promise<void>, texts: typeof T.closeFailure, retry: () => void): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      await run();
      onChanged();
      return true;
    } catch (error) {
      const failure = writeFailure(error, texts);
      if (!alertedByServer(error)) setProblem({ text: failure.message, retry: failure.action === 'retry' ? retry : failure.action === 'reload' ? onChanged : null });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="forecast-periods-title" data-section="periods">
      <h2 id="forecast-periods-title" className="h5">{T.heading}</h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="visually-hidden">{T.caption(budget.jobNumber)}</caption>
          <thead>
            <tr><th scope="col">Month</th><th scope="col">State</th><th scope="col">Closed</th><th scope="col">Re-opened</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {periods.map((p) => {
              const label = periodLabel(p.month);
              const superseded = p.snapshots.filter((s) => s.superseded);
              return (
                <Fragment key={p.month}>
                  <tr data-month={p.month} data-state={p.state}>
                    <th scope="row" className="text-nowrap">
                      {label}
                      {p.current ? <span className="badge text-bg-info ms-2" data-current>{T.current}</span> : null}
                    </th>
                    <td><span className={`badge ${p.state === 'Closed' ? 'text-bg-secondary' : 'text-bg-success'}`} data-period-state>{p.state === 'Closed' ? T.closed : T.open}</span></td>
                    <td className="small" data-closed>{p.closedAt ? T.closedBy(p.closedByName, formatDateTime(p.closedAt)) : ''}</td>
                    <td className="small" data-reopened>
                      {p.reopenedAt ? (
                        <>
                          <div>{T.reopenedBy(p.reopenedByName, formatDateTime(p.reopenedAt))}</div>
                          {p.reopenReason ? <div className="text-body-secondary" data-reopen-reason>{p.reopenReason}</div> : null}
                        </>
                      ) : null}
                    </td>
                    <td className="text-end text-nowrap">
                      {p.state === 'Open' && canClose ? (
                        <>
                          <button type="button" className="btn btn-sm btn-primary" disabled={busy} data-action="close" onClick={() => void close(p.month, false)}>{T.close(label)}</button>
                          {regionId !== null ? (
                            <button type="button" className="btn btn-sm btn-outline-primary ms-2" disabled={busy} data-action="close-region"
                              aria-label={`${T.closeRegion}: ${label}`} onClick={() => void close(p.month, true)}>{T.closeRegion}</button>
                          ) : null}
                        </>
                      ) : null}
                      {p.state === 'Closed' && canReopen && reopening !== p.month ? (
                        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} data-action="reopen" aria-label={`${T.reopen} ${label}`}
                          onClick={() => { setProblem(null); setReopening(p.month); }}>{T.reopen}</button>
                      ) : null}
                    </td>
                  </tr>
                  {superseded.length ? (
                    <tr data-superseded-of={p.month}>
                      <td colSpan={5} className="small text-body-secondary ps-4 pt-0 border-top-0">
                        <ul className="mb-0 ps-3">
                          {superseded.map((s) => (
                            <li key={`${s.takenAt}|${s.supersededAt ?? ''}`} data-superseded>{T.superseded(formatDateTime(s.takenAt), s.takenByName, s.lines, formatDateTime(s.supersededAt))}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ) : null}
                  {reopening === p.month ? (
                    <tr data-reopen-form-of={p.month}>
                      <td colSpan={5}>
                        <ReopenForm budgetId={budget.budgetId} month={p.month} busy={busy}
                          onCancel={() => { setReopening(null); setProblem(null); }}
                          onSubmit={(reason, again) => write(async () => {
                            await reopenPeriod(budget.budgetId, p.month, reason);
                            showToast(T.reopened(label), { variant: 'success' });
                            setReopening(null);
                          }, T.reopenFailure, again)} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {problem ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 py-2" role="alert" data-write-problem>
          <span>{problem.text}</span>
          {problem.retry ? <button type="button" className="btn btn-sm btn-outline-danger" data-action="retry-write" onClick={problem.retry}>Retry</button> : null}
        </div>
      ) : null}
    </section>
  );
}

/** The reason a re-open needs: required, kept while the write fails and across a reload (a draft) until it goes through. */
function ReopenForm({ budgetId, month, busy, onCancel, onSubmit }: {
  budgetId: number; month: string; busy: boolean; onCancel(): void;
  /** Send the reason; `again` sends it once more (the failure's Retry). True when it went through. */
  onSubmit(reason: string, again: () => void): Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const draft = useDraft({ screen: 'pfm-forecast', recordKey: 'Budget', recordId: budgetId, form: `reopen-${month}`, value: { reason }, saved: { reason: '' }, restore: (v) => setReason(v.reason) });
  const label = periodLabel(month);
  const id = `reopen-reason-${month}`;
  async function submit(): Promise<void> {
    const text = reason.trim();
    setMissing(!text);
    if (!text) return;
    if (await onSubmit(text, () => void submit())) draft.clear();
  }
  return (
    <form className="border rounded p-2 bg-body-tertiary" noValidate data-reopen-form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {draft.banner}
      <label className="form-label small mb-1" htmlFor={id}>{T.reasonLabel(label)}</label>
      <textarea id={id} className={`form-control form-control-sm${missing ? ' is-invalid' : ''}`} rows={2} maxLength={2000} required autoFocus value={reason} data-field="reason"
        aria-invalid={missing || undefined} aria-describedby={missing ? `${id}-error` : `${id}-help`}
        onChange={(e) => { setReason(e.currentTarget.value); if (e.currentTarget.value.trim()) setMissing(false); }} />
      {missing ? <div id={`${id}-error`} className="invalid-feedback d-block" data-reason-error>{T.reasonRequired}</div>
        : <div id={`${id}-help`} className="form-text">{T.reasonHelp}</div>}
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-warning" disabled={busy} data-action="reopen-submit">{busy ? T.reopening : T.reopenSubmit(label)}</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel} data-action="reopen-cancel">{T.cancel}</button>
      </div>
    </form>
  );
}
