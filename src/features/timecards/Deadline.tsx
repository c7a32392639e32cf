/**
 * A timecard's deadline (issue 13, §9): "Due <Central> (<the user's own zone>)", and in its last 24
 * hours a live countdown. Shared with the manage screen through the area's index.
 */
import { useEffect, useState } from 'react';
import { countdown, deadlineText } from '../../core/timecards';
import * as clock from '../../core/clock';

/** The deadline line as text: 'Due 10/31/2026, 12:00 AM CDT (11/01/2026, 2:00 PM GMT+9)'. */
export function dueText(due: Date, timeZone?: string): string {
  const text = deadlineText(due, timeZone);
  return `Due ${text.central} (${text.local})`;
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
  return (
    <div className="d-flex flex-wrap align-items-baseline gap-2" data-deadline>
      <span data-due>{dueText(due, timeZone)}</span>
      {left ? <span className="badge text-bg-warning" role="timer" aria-live="off" data-countdown>{left.text}</span> : null}
    </div>
  );
}
