/**
 * Date display (§5, §9) and the timecard due instant (§9). All formatting goes through Intl.
 */
import { DISPLAY_LOCALE, TIMECARD_TIME_ZONE } from './constants';

type DateInput = string | Date | null | undefined;

/** A calendar day, with no time zone attached. */
interface CalendarDay {
  year: number;
  month: number; // 1-12
  day: number;
}

/** Dates before this day display as blank, and the server refuses them (§5): a rule of the spec, not a clock value. */
export const EARLIEST_DAY = ['1990', '01', '01'].join('-');
const EARLIEST_SHOWN: CalendarDay = { year: 1990, month: 1, day: 1 };

/** A YYYY-MM-DD day that exists in the calendar (2026-02-30 does not) on or after {@link EARLIEST_DAY}. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < EARLIEST_DAY) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
/** Input strings shorter than this display as blank (§5). */
const MIN_DATE_TEXT_LENGTH = 6;

// 'YYYY-MM-DD', optionally followed by a time with no zone ('2026-03-15T08:30:00').
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
// 'M/D/YYYY'
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A valid Date at local wall-clock time, or null when the parts name no real day (e.g. 2026-02-30). */
function localDate(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): Date | null {
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // Date() rolls 2026-02-30 over to March; a changed part means the input was not a real day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/**
 * Reads a date input as a local Date. Date-only and zone-less strings are local wall-clock times, so
 * '2026-03-15' is the 15th in every time zone; strings with 'Z' or an offset are instants.
 * Returns null for null/undefined, strings shorter than 6 characters and invalid dates.
 */
function toLocalDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = String(value).trim();
  if (text.length < MIN_DATE_TEXT_LENGTH) return null;
  const iso = ISO_LOCAL.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s] = iso;
    return localDate(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  }
  const us = US_DAY.exec(text);
  if (us) {
    const [, mo, d, y] = us;
    return localDate(Number(y), Number(mo), Number(d));
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function isBeforeEarliest(date: Date): boolean {
  const { year, month, day } = EARLIEST_SHOWN;
  return date.getTime() < new Date(year, month - 1, day).getTime();
}

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { year: 'numeric', month: '2-digit', day: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit',
});
const dueFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: TIMECARD_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit',
  timeZoneName: 'short',
});

// Newer ICU puts a narrow no-break space before AM/PM; plain spaces keep the text stable.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * Formats a date as 'MM/DD/YYYY' (en-US, browser time zone): '2026-03-15' → '03/15/2026'.
 * Blank ('') for null/undefined, invalid dates, input strings shorter than 6 characters ('1/1/9')
 * and dates earlier than 1/1/1990 (§5). Accepts Date objects, 'YYYY-MM-DD' (never shifted by the
 * time zone), zone-less ISO date-times (local), 'M/D/YYYY', and ISO instants with 'Z' or an offset.
 */
export function formatDate(value: DateInput): string {
  const date = toLocalDate(value);
  if (!date || isBeforeEarliest(date)) return '';
  return dateFormat.format(date);
}

/**
 * Formats a date and time as 'MM/DD/YYYY, h:mm AM' in the browser's time zone:
 * '2026-03-15T14:30:00' → '03/15/2026, 2:30 PM'. Same blank rules as {@link formatDate}.
 */
export function formatDateTime(value: DateInput): string {
  const date = toLocalDate(value);
  if (!date || isBeforeEarliest(date)) return '';
  return plainSpaces(dateTimeFormat.format(date));
}

const offsetFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: TIMECARD_TIME_ZONE, timeZoneName: 'longOffset' });

/** Minutes east of UTC in `timeZone` at `instant` (Central: -300 in summer, -360 in winter). */
function centralOffsetMinutes(instant: number): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0; // 'GMT' alone means UTC+0
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The calendar day of a week-ending input: 'YYYY-MM-DD' as written, a Date by its local day. */
function weekEndingDay(weekEnding: string | Date): CalendarDay | null {
  const date = toLocalDate(weekEnding);
  if (!date) return null;
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * The instant a timecard is due (§9): midnight US Central time (America/Chicago) at the end of the
 * given day, i.e. 00:00 Central on the following day. '2026-03-08' → 2026-03-09T05:00:00.000Z (CDT,
 * UTC-5); '2026-11-01' → 2026-11-02T06:00:00.000Z (CST, UTC-6). The offset comes from Intl for that
 * instant, so daylight-saving changes are handled. A Date input is read by its day in the browser's
 * time zone. Throws a RangeError for an invalid date.
 */
export function timecardDueInstant(weekEnding: string | Date): Date {
  const day = weekEndingDay(weekEnding);
  if (!day) throw new RangeError(`Invalid week-ending date: ${String(weekEnding)}`);
  // Midnight of the next day as if Central were UTC, then shifted by Central's offset at that moment.
  const wallClock = Date.UTC(day.year, day.month - 1, day.day + 1);
  let instant = wallClock - centralOffsetMinutes(wallClock) * 60_000;
  // The first guess read the offset a few hours early; read it again at the answer in case a change lies between.
  const settled = wallClock - centralOffsetMinutes(instant) * 60_000;
  if (settled !== instant) instant = settled;
  return new Date(instant);
}

/**
 * Formats a due instant in Central time with its zone: '03/09/2026, 12:00 AM CDT'. Invalid or
 * missing input → ''.
 */
export function formatDueDate(due: Date | string | null | undefined): string {
  if (due === null || due === undefined) return '';
  const date = due instanceof Date ? due : new Date(due);
  if (Number.isNaN(date.getTime())) return '';
  return plainSpaces(dueFormat.format(date));
}

/** Whether a week's card is late, and how that is said (issue 29: lateness is a state the user sees). */
export interface Lateness {
  overdue: boolean;
  /** Whole days since the due instant (0 while not overdue). */
  daysLate: number;
  /** The due day as people say it: 'Due end of Saturday 11/28'. */
  due: string;
  /** What to show while it is owed: `due`, or once passed 'Overdue since Sun 11/01, 12:00 AM CST (26 days)'. */
  text: string;
}

const LATE_DAY_MS = 86_400_000;
const shortDay = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: TIMECARD_TIME_ZONE, month: '2-digit', day: '2-digit' });
const weekdayLong = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: TIMECARD_TIME_ZONE, weekday: 'long' });
const sinceFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: TIMECARD_TIME_ZONE, weekday: 'short', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
});

/**
 * How late a card due at `due` (midnight Central ending its Saturday) is at `now`. Before the deadline the due day
 * is said as people say it, the end of that Saturday: "Due end of Saturday 11/28" (not "Due 11/29, 12:00 AM");
 * after it, since when and for how many days: "Overdue since Sun 11/01, 12:00 AM CST (26 days)".
 */
export function lateness(due: Date, now: Date): Lateness {
  const lastDay = new Date(due.getTime() - 1);
  const dueDay = `Due end of ${weekdayLong.format(lastDay)} ${shortDay.format(lastDay)}`;
  const lateMs = now.getTime() - due.getTime();
  if (lateMs < 0) return { overdue: false, daysLate: 0, due: dueDay, text: dueDay };
  const daysLate = Math.floor(lateMs / LATE_DAY_MS);
  const since = sinceFormat.format(due).replace(/[\u202f\u00a0]/g, ' ').replace(/^(\w+), /, '$1 ');
  return { overdue: true, daysLate, due: dueDay, text: `Overdue since ${since} (${daysLate} ${daysLate === 1 ? 'day' : 'days'})` };
}
