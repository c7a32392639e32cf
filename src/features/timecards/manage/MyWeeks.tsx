/**
 * My weeks: the caller's weeks (state, entered / expected hours, when each is due, rejection reason), the past weeks
 * still to submit, and "Submit all ready weeks", which names the weeks it could not submit and why. This week is on
 * top and marked, the past weeks below it newest first, the weeks to come at the bottom (core myWeeksOrder). A week
 * still owed says it plainly: "Due end of Saturday 11/28", or once passed "Overdue since Sun 11/01, 12:00 AM CST
 * (26 days)" (core lateness, the same words as the card).
 */
import { useState } from 'react';
import * as clock from '../../../core/clock';
import { HOUR_FIGURES_TEXT, isOwedState, lateness, myWeeksOrder, weekPlace } from '../../../core/timecards';
import type { SubmitReadyAnswer, TimecardWeekRow, TimecardWeeksLoad } from '../../../core/timecards/contract';
import { useNow } from '../Deadline';
import { HourCells } from './HourCells';
import { failureMessage, loadWeeks, MANAGE_TEXT, submitReadyWeeks, timecardHref, weekLabel } from './data';
import { useLoad } from '../../../ui/useLoad';
import { LoadStatus } from './LoadStatus';

interface SubmitAllState { busy: boolean; answer: SubmitReadyAnswer | null; error: string }

function SubmitAll({ load, onDone, state, setState }: {
  load: TimecardWeeksLoad; onDone(): void; state: SubmitAllState; setState(next: SubmitAllState): void;
}) {
  const { busy, answer, error } = state;
  const owed = load.pastWeeksToSubmit.length;
  // A week it could not submit says its hour figures as the card and the table do.
  const figuresOf = new Map(load.weeks.map((w) => [w.weekStart, w.figures]));
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
                  {answer.notReady.map((week) => {
                    const figures = figuresOf.get(week.weekStart);
                    return (
                      <li key={week.weekStart} data-week={week.weekStart}>
                        <a href={timecardHref({ timecardId: null, weekStart: week.weekStart })}>{weekLabel(week.weekStart)}</a>: {week.message}
                        {figures ? <span className="text-body-secondary" data-figures> ({HOUR_FIGURES_TEXT.summary(figures)})</span> : null}
                      </li>
                    );
                  })}
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

/** When the week is due, as the card says it; overdue only while it is still owed. */
function DueCell({ week, now }: { week: TimecardWeekRow; now: Date }) {
  const late = lateness(new Date(week.dueDate), now);
  const overdue = late.overdue && isOwedState(week.state);
  return (
    <td data-due data-overdue={overdue ? '' : undefined}>
      {overdue ? <><span className="badge text-bg-danger me-2">{MANAGE_TEXT.overdue}</span><span className="text-danger-emphasis">{late.text}</span></> : late.due}
    </td>
  );
}

function WeeksTable({ load }: { load: TimecardWeeksLoad }) {
  const owed = new Set(load.pastWeeksToSubmit);
  const now = useNow(60_000);
  const today = clock.centralDayOf(now.getTime());
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
          {myWeeksOrder(load.weeks, today).map((week) => {
            const place = weekPlace(week.weekStart, today);
            return (
              <tr key={week.weekStart} data-week={week.weekStart} data-place={place} data-owed={owed.has(week.weekStart) ? '' : undefined}
                className={place === 'this' ? 'table-active' : undefined}>
                <td>
                  <a href={timecardHref({ timecardId: week.timecardId, weekStart: week.weekStart, employeeId: load.employeeId })}
                    aria-current={place === 'this' ? 'date' : undefined}>{weekLabel(week.weekStart)}</a>
                  {place === 'this' ? <span className="badge text-bg-primary ms-2" data-this-week>{MANAGE_TEXT.thisWeek}</span> : null}
                </td>
                <td data-state-name>
                  {week.state ?? MANAGE_TEXT.noCard}
                  {week.rejectionReason && week.state === 'Draft' ? <span className="badge text-bg-danger ms-2">{MANAGE_TEXT.rejected}</span> : null}
                  {owed.has(week.weekStart) ? <span className="badge text-bg-warning ms-2">{MANAGE_TEXT.toSubmitBadge}</span> : null}
                </td>
                <HourCells week={week} />
                <DueCell week={week} now={now} />
                <td data-reason>{week.rejectionReason ?? ''}</td>
              </tr>
            );
          })}
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
