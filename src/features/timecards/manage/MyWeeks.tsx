/**
 * My weeks: the caller's weeks (state, entered / expected hours, due date in Central, rejection
 * reason), the past weeks still to submit, and "Submit all ready weeks", which names the weeks it
 * could not submit and why.
 */
import { useState } from 'react';
import { formatDueDate } from '../../../core/format';
import type { SubmitReadyAnswer, TimecardWeeksLoad } from '../../../core/timecards/api';
import { failureMessage, loadWeeks, MANAGE_TEXT, submitReadyWeeks, timecardHref, weekLabel } from './data';
import { LoadStatus, useLoad } from './load';

const hours = (value: number) => value.toFixed(2);

interface SubmitAllState { busy: boolean; answer: SubmitReadyAnswer | null; error: string }

function SubmitAll({ load, onDone, state, setState }: {
  load: TimecardWeeksLoad; onDone(): void; state: SubmitAllState; setState(next: SubmitAllState): void;
}) {
  const { busy, answer, error } = state;
  const owed = load.pastWeeksToSubmit.length;
  const submit = async () => {
    setState({ busy: true, answer: null, error: '' });
    try {
      const result = await submitReadyWeeks();
      setState({ busy: false, answer: { submitted: result.submitted ?? [], notReady: result.notReady ?? [] }, error: '' });
      onDone();
    } catch (failure) {
      setState({ busy: false, answer: null, error: failureMessage(failure, MANAGE_TEXT.actionFailed) });
    }
  };
  return (
    <div className="mb-3" data-section="submit-all">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <p className="mb-0 me-auto" data-owed={owed}>{owed > 0 ? MANAGE_TEXT.toSubmit(owed) : MANAGE_TEXT.nothingToSubmit}</p>
        <button type="button" className="btn btn-primary" data-action="submit-all" disabled={busy || owed === 0} onClick={() => void submit()}>
          {busy ? MANAGE_TEXT.submitting : MANAGE_TEXT.submitAll}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {answer ? (
          <div className={`alert ${answer.notReady.length ? 'alert-warning' : 'alert-success'} mt-2 mb-0`} data-answer="submit-all">
            <p className="mb-1" data-submitted={answer.submitted.length}>
              {answer.submitted.length ? MANAGE_TEXT.submitted(answer.submitted) : MANAGE_TEXT.noneSubmitted}
            </p>
            {answer.notReady.length ? (
              <>
                <p className="mb-1 fw-semibold">{MANAGE_TEXT.notReady}:</p>
                <ul className="mb-0" data-not-ready>
                  {answer.notReady.map((week) => (
                    <li key={week.weekStart} data-week={week.weekStart}>
                      <a href={timecardHref({ timecardId: null, weekStart: week.weekStart })}>{weekLabel(week.weekStart)}</a>: {week.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {error ? <div className="alert alert-danger mt-2 mb-0" role="alert" data-error="submit-all">{error}</div> : null}
    </div>
  );
}

function WeeksTable({ load }: { load: TimecardWeeksLoad }) {
  const owed = new Set(load.pastWeeksToSubmit);
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="my-weeks">
        <caption className="visually-hidden">{MANAGE_TEXT.myWeeks}</caption>
        <thead>
          <tr>
            <th scope="col">{MANAGE_TEXT.week}</th>
            <th scope="col">State</th>
            <th scope="col" className="text-end">Entered</th>
            <th scope="col" className="text-end">Expected</th>
            <th scope="col">Due (Central)</th>
            <th scope="col">Rejection reason</th>
          </tr>
        </thead>
        <tbody>
          {load.weeks.map((week) => (
            <tr key={week.weekStart} data-week={week.weekStart} data-owed={owed.has(week.weekStart) ? '' : undefined}>
              <td>
                <a href={timecardHref({ timecardId: week.timecardId, weekStart: week.weekStart, employeeId: load.employeeId })}>{weekLabel(week.weekStart)}</a>
              </td>
              <td data-state-name>
                {week.state ?? MANAGE_TEXT.noCard}
                {week.rejectionReason && week.state === 'Draft' ? <span className="badge text-bg-danger ms-2">{MANAGE_TEXT.rejected}</span> : null}
                {owed.has(week.weekStart) ? <span className="badge text-bg-warning ms-2">To submit</span> : null}
              </td>
              <td className="text-end" data-entered>{hours(week.enteredHours)}</td>
              <td className="text-end" data-expected>{hours(week.expectedHours)}</td>
              <td data-due>{formatDueDate(week.dueDate)}</td>
              <td data-reason>{week.rejectionReason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MyWeeks() {
  const { state, retry } = useLoad('weeks', (signal) => loadWeeks(signal));
  const [submitAll, setSubmitAll] = useState<SubmitAllState>({ busy: false, answer: null, error: '' });
  return (
    <LoadStatus state={state} retry={retry} what={MANAGE_TEXT.loading}>
      {(load) => (
        <>
          <SubmitAll load={load} onDone={retry} state={submitAll} setState={setSubmitAll} />
          <WeeksTable load={load} />
        </>
      )}
    </LoadStatus>
  );
}
