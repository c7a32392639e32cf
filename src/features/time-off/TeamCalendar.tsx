/**
 * The Team calendar: a month grid of who is out (names and types per day, pending marked) with the
 * holidays marked. Keyboard: the focused day is the grid's one tab stop; arrow keys move by a day or
 * a week, Home / End to the week's start and end, Page Up / Page Down change the month. On a phone the month
 * is a list of the days someone is out or a holiday falls, so nothing scrolls sideways.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { formatDate } from '../../core/format';
import { today } from '../../core/clock';
import { WEEKDAY_NAMES, addDays, weekdayOf } from '../../core/timecards';
import { loadTeamCalendar } from './data';
import { LoadFailed } from './LoadFailed';
import { CALENDAR_TEXT } from './text';
import { usePhone } from '../../ui/usePhone';
import { useLoad } from '../../ui/useLoad';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthOf = (day: string) => day.slice(0, 7);
const firstOf = (month: string) => `${month}-01`;
const lastOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const shiftMonth = (day: string, by: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + by + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + by, Math.min(d, last))).toISOString().slice(0, 10);
};

/** The weeks (Sunday first) covering the month, each a list of days (null outside the month). */
export function monthWeeks(month: string): (string | null)[][] {
  const first = firstOf(month);
  const last = lastOf(month);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) { weeks.push(week); week = []; }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

export function TeamCalendar({ initialDay }: { initialDay?: string }) {
  const id = useId();
  const [focusDay, setFocusDay] = useState(() => initialDay ?? today());
  const month = monthOf(focusDay);
  const { state, retry } = useLoad(month, (signal, attempt) => loadTeamCalendar(firstOf(month), lastOf(month), signal, attempt), { what: 'Team calendar load' });
  const grid = useRef<HTMLTableElement>(null);
  const wantFocus = useRef(false);
  useEffect(() => {
    if (!wantFocus.current) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`);
    if (cell) { cell.focus(); wantFocus.current = false; }
  });
  const load = state.status === 'ready' ? state.data : undefined;
  const names = new Map((load?.employees ?? []).map((e) => [e.employeeId, e.name]));
  const move = (day: string) => { wantFocus.current = true; setFocusDay(day); };
  const onKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1), ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7), ArrowDown: () => addDays(focusDay, 7),
      Home: () => addDays(focusDay, -weekdayOf(focusDay)), End: () => addDays(focusDay, 6 - weekdayOf(focusDay)),
      PageUp: () => shiftMonth(focusDay, -1), PageDown: () => shiftMonth(focusDay, 1),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move(step());
  };
  const label = MONTH.format(new Date(`${firstOf(month)}T00:00:00Z`));
  const phone = usePhone();
  // One entry per holiday name: a team across regions shares most of them.
  const holidaysOn = (day: string) => (load?.holidays ?? []).filter((h, i, list) => h.holidayDate === day
    && list.findIndex((o) => o.holidayDate === day && o.name === h.name && o.hours === h.hours) === i);
  const outOn = (day: string) => (load?.absences ?? []).filter((a) => a.startDate <= day && a.endDate >= day && weekdayOf(day) !== 0 && weekdayOf(day) !== 6);
  const holidayText = (h: { name: string; hours: number }) => `${h.name}${h.hours < 8 ? ` (${CALENDAR_TEXT.halfDay})` : ''}`;
  const absenceText = (a: { employeeId: number; type: string; state: string }) => `${names.get(a.employeeId) ?? a.employeeId}: ${a.type}${a.state === 'Pending' ? ` (${CALENDAR_TEXT.pending})` : ''}`;
  return (
    <section aria-labelledby={`${id}-title`} data-testid="team-calendar">
      <div className="d-flex align-items-center gap-2 mb-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={CALENDAR_TEXT.previous} data-action="previous-month" onClick={() => setFocusDay(shiftMonth(focusDay, -1))}>‹</button>
        <h2 className="h6 mb-0" id={`${id}-title`} aria-live="polite">{`${CALENDAR_TEXT.heading}: ${label}`}</h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={CALENDAR_TEXT.next} data-action="next-month" onClick={() => setFocusDay(shiftMonth(focusDay, 1))}>›</button>
      </div>
      {phone ? null : <p className="small text-body-secondary mb-2" id={`${id}-help`}>{CALENDAR_TEXT.help}</p>}
      {state.status === 'loading' ? (
        <div role="status" className="text-body-secondary"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{CALENDAR_TEXT.loading}</div>
      ) : state.status === 'failed' ? (
        <LoadFailed failed={CALENDAR_TEXT.loadFailed} error={state.error} onRetry={retry} />
      ) : phone ? (
        <ul className="list-unstyled mb-0 d-grid gap-2" data-layout="agenda" aria-labelledby={`${id}-title`}>
          {monthWeeks(month).flat().filter((day): day is string => day !== null && (holidaysOn(day).length > 0 || outOn(day).length > 0)).map((day) => (
            <li key={day} className={`card${holidaysOn(day).length ? ' pto-calendar-holiday' : ''}`} data-day={day}>
              <div className="card-body p-2">
                <div className="fw-semibold small">{`${WEEKDAY_NAMES[weekdayOf(day)]!.slice(0, 3)} ${formatDate(day)}`}</div>
                {holidaysOn(day).map((h) => <div key={h.holidayId} className="small text-danger-emphasis" data-holiday>{`${CALENDAR_TEXT.holiday} ${holidayText(h)}`}</div>)}
                {outOn(day).map((a) => <div key={a.requestId} className={`small${a.state === 'Pending' ? ' fst-italic' : ''}`} data-absence={a.requestId}>{absenceText(a)}</div>)}
              </div>
            </li>
          ))}
          {monthWeeks(month).flat().every((day) => day === null || (holidaysOn(day).length === 0 && outOn(day).length === 0))
            ? <li className="text-body-secondary small" data-empty>{CALENDAR_TEXT.nobody}</li> : null}
        </ul>
      ) : (
        <div className="table-responsive">
          <table className="table table-bordered table-sm pto-calendar mb-0" style={{ tableLayout: 'fixed', minWidth: '560px' }} role="grid" aria-labelledby={`${id}-title`} aria-describedby={`${id}-help`} ref={grid} onKeyDown={onKey}>
            <thead>
              <tr>{WEEKDAY_NAMES.map((name, i) => <th key={name} scope="col" abbr={name} style={{ width: i === 0 || i === 6 ? '8%' : '16.8%' }}>{name.slice(0, 3)}</th>)}</tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => {
                    if (!day) return <td key={d} className="pto-calendar-blank" aria-hidden="true" />;
                    const holidays = holidaysOn(day);
                    const out = outOn(day);
                    return (
                      <td key={d} role="gridcell" data-day={day} tabIndex={day === focusDay ? 0 : -1} aria-selected={day === focusDay}
                        className={holidays.length ? 'pto-calendar-holiday' : undefined} onClick={() => setFocusDay(day)}
                        aria-label={`${formatDate(day)}: ${[...holidays.map((h) => `${CALENDAR_TEXT.holiday} ${holidayText(h)}`), ...out.map((a) => `${names.get(a.employeeId) ?? a.employeeId} ${a.type}${a.state === 'Pending' ? ` (${CALENDAR_TEXT.pending})` : ''}`)].join('; ') || CALENDAR_TEXT.nobody}`}>
                        <div className="fw-semibold small" aria-hidden="true">{Number(day.slice(8))}</div>
                        <div aria-hidden="true">
                          {holidays.map((h) => <div key={h.holidayId} className="small text-danger-emphasis" data-holiday>{holidayText(h)}</div>)}
                          {out.map((a) => (
                            <div key={a.requestId} className={`small${a.state === 'Pending' ? ' fst-italic' : ''}`} data-absence={a.requestId}>{absenceText(a)}</div>
                          ))}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
