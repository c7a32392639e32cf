/**
 * Calendar-day arithmetic on 'YYYY-MM-DD' strings. Days carry no time zone: they are counted as UTC
 * midnights so that daylight-saving changes never shift a day.
 */
import { TIMECARD_TIME_ZONE } from '../format/constants';

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** The names of the days of a timecard week, Sunday first. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** UTC milliseconds of a 'YYYY-MM-DD' day, or NaN when it names no real day (2026-02-30). */
export function dayNumber(day: string): number {
  const match = ISO_DAY.exec(day ?? '');
  if (!match) return Number.NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const date = new Date(time);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? time : Number.NaN;
}

/** True for a real 'YYYY-MM-DD' day. */
export const isDay = (day: string | null | undefined): day is string => typeof day === 'string' && !Number.isNaN(dayNumber(day));

/** The 'YYYY-MM-DD' of UTC milliseconds. */
export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** `day` moved by `count` days. */
export const addDays = (day: string, count: number): string => isoDay(dayNumber(day) + count * DAY_MS);

/** 0 for Sunday … 6 for Saturday. */
export const weekdayOf = (day: string): number => new Date(dayNumber(day)).getUTCDay();

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS);

/** Every day from `start` to `end`, both included ([] when end is before start). */
export function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

const centralDay = /*#__PURE__*/ new Intl.DateTimeFormat('en-CA', { timeZone: TIMECARD_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar day of an input: a 'YYYY-MM-DD' string (or a longer ISO text) as written; a Date by its
 * day in US Central time, the time zone whose midnight ends a timecard day (§9). Null when invalid.
 */
export function calendarDay(value: string | Date): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : centralDay.format(value);
  const day = String(value).slice(0, 10);
  return isDay(day) ? day : null;
}
