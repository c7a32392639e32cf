/**
 * The timecard week (issue 13): Sunday to Saturday, due at midnight Central at the end of its
 * Saturday (§9), shown in Central and in the user's own time zone, with a countdown in the last 24 hours.
 */
import { DISPLAY_LOCALE, TIMECARD_TIME_ZONE } from '../format/constants';
import { formatDueDate, timecardDueInstant } from '../format/dates';
import { addDays, calendarDay } from './days';

/** A timecard week: its Sunday and its Saturday, 'YYYY-MM-DD'. */
export interface TimecardWeek {
  weekStart: string;
  weekEnding: string;
}

/** Days in a timecard week. */
export const WEEK_DAYS = 7;

/** The countdown shows only within this many milliseconds of the due instant (24 hours). */
export const COUNTDOWN_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The week (Sunday..Saturday) holding `date`. A 'YYYY-MM-DD' string is taken as written; a Date by its
 * day in Central time. Throws a RangeError for an invalid date.
 */
export function weekOf(date: string | Date): TimecardWeek {
  const day = calendarDay(date);
  if (!day) throw new RangeError(`Invalid date: ${String(date)}`);
  const weekStart = addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
  return { weekStart, weekEnding: addDays(weekStart, WEEK_DAYS - 1) };
}

/** The seven days of the week that starts on `weekStart`, Sunday first. */
export const weekDays = (weekStart: string): string[] => Array.from({ length: WEEK_DAYS }, (_, index) => addDays(weekStart, index));

/** The instant the week's timecard is due: midnight Central at the end of its Saturday (§9). */
export const timecardDue = (week: TimecardWeek): Date => timecardDueInstant(week.weekEnding);

/** The deadline as shown: in Central, and in `timeZone` (the user's own) with that zone's name. */
export interface DeadlineText {
  central: string;
  local: string;
  /** The zone `local` is in (Central when the given zone was unknown). */
  timeZone: string;
}

const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * The due instant formatted in Central ('03/15/2026, 12:00 AM CDT') and in `timeZone`, an IANA name
 * (default: the browser's own); an unknown zone falls back to Central.
 */
export function deadlineText(due: Date, timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): DeadlineText {
  const central = formatDueDate(due);
  let zone = timeZone || TIMECARD_TIME_ZONE;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
    });
  } catch {
    zone = TIMECARD_TIME_ZONE;
    return { central, local: central, timeZone: zone };
  }
  return { central, local: plainSpaces(format.format(due)), timeZone: format.resolvedOptions().timeZone };
}

/** The time left before the due instant, within its last 24 hours. */
export interface Countdown {
  remainingMs: number;
  hours: number;
  minutes: number;
  /** 'Due in 5 h 03 min'. */
  text: string;
}

/**
 * The countdown to `due` at `now`: only when the due instant is at most 24 hours away and not yet
 * passed; null otherwise. Minutes round up, so the last minute still reads '0 h 01 min'.
 */
export function countdown(now: Date, due: Date): Countdown | null {
  const remainingMs = due.getTime() - now.getTime();
  if (!(remainingMs > 0) || remainingMs > COUNTDOWN_WINDOW_MS) return null;
  const totalMinutes = Math.ceil(remainingMs / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return { remainingMs, hours, minutes, text: `Due in ${hours} h ${String(minutes).padStart(2, '0')} min` };
}

// Lateness is said in the header's bell too: it lives with the dates the first screen already loads.
export { lateness, type Lateness } from '../format/dates';
