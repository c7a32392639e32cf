/**
 * A timecard's deadline (issue 13, §9; issue 29): said as people say it, "Due end of Saturday 11/28", with the exact
 * instant in Central and in the user's own zone beside it; in its last 24 hours a live countdown; once passed on a
 * card still owed, "Overdue since Sun 11/01, 12:00 AM CST (26 days)" marked as a state. Shared with the manage screen
 * through the area's index.
 */
import { useEffect, useState } from 'react';
import { countdown, deadlineText, lateness } from '../../core/timecards';
import * as clock from '../../core/clock';

/** The exact due instant: '(11/29/2026, 12:00 AM CST)', with the user's own time when their zone is not Central. */
export function dueInstantText(due: Date, timeZone?: string): string {
  const text = deadlineText(due, timeZone);
  return text.local === text.central ? `(${text.central})` : `(${text.central}; ${text.local} your time)`;
}

/** The current time, ticking every `everyMs` while mounted. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The deadline of a card due at `dueDate` (an ISO instant); the countdown only when `owed` and within 24 h. */
export function Deadline({ dueDate, owed = true, timeZone }: { dueDate: string; owed?: boolean; timeZone?: string }) {
  const now = useNow();
  const due = new Date(dueDate);
  if (Number.isNaN(due.getTime())) return null;
  const left = owed ? countdown(now, due) : null;
  const late = lateness(due, now);
  const overdue = owed && late.overdue;
  return (
    <div className="d-flex flex-wrap align-items-baseline gap-2" data-deadline data-overdue={overdue ? '' : undefined}>
      {overdue ? <span className="badge text-bg-danger" data-overdue-badge>Overdue</span> : null}
      <span data-due className={overdue ? 'fw-semibold text-danger-emphasis' : undefined}>{overdue ? late.text : late.due}</span>
      <span className="small text-body-secondary" data-due-at>{dueInstantText(due, timeZone)}</span>
      {left ? <span className="badge text-bg-warning" role="timer" aria-live="off" data-countdown>{left.text}</span> : null}
    </div>
  );
}
