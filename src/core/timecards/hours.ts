/**
 * Expected hours of a timecard week (issue 13): 40 unless the employee's schedule says otherwise;
 * holidays (including half days) and approved time off reduce the hours left to enter.
 */
import { weekDays } from './week';

/** Expected hours of a week with no schedule of its own. */
export const STANDARD_WEEK_HOURS = 40;

/** The standard schedule: hours per weekday, Sunday first (8 hours Monday to Friday). */
export const STANDARD_SCHEDULE: readonly number[] = [0, 8, 8, 8, 8, 8, 0];

/** A holiday of the employee's region; a half day takes half of that day's scheduled hours. */
export interface Holiday {
  date: string;
  name?: string;
  halfDay?: boolean;
}

/** Approved time off on one day. */
export interface TimeOffDay {
  date: string;
  hours: number;
}

/** The expected hours of a week and what reduces them. */
export interface ExpectedHours {
  /** Hours of the schedule for the week (40 by default). */
  expected: number;
  /** Hours taken off by holidays and approved time off. */
  reducedBy: number;
  /** Hours still to enter as work: expected − reducedBy. */
  left: number;
  /** Per day, Sunday first: the hours still to enter that day. */
  perDay: number[];
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The expected hours of the week starting `weekStart`. `schedule` gives hours per weekday, Sunday
 * first (the standard 8 × 5 when absent or not 7 numbers). A holiday takes its day's scheduled hours
 * (half of them on a half day); approved time off takes its hours, never more than the day has left.
 */
export function expectedHours(input: {
  weekStart: string;
  schedule?: readonly number[] | null;
  holidays?: readonly Holiday[];
  timeOff?: readonly TimeOffDay[];
}): ExpectedHours {
  const schedule = input.schedule && input.schedule.length === 7 && input.schedule.every((h) => Number.isFinite(h) && h >= 0)
    ? input.schedule : STANDARD_SCHEDULE;
  const days = weekDays(input.weekStart);
  const perDay = days.map((day, index) => {
    let left = schedule[index] ?? 0;
    const holiday = input.holidays?.find((h) => h.date === day);
    if (holiday) left -= holiday.halfDay ? left / 2 : left;
    const off = (input.timeOff ?? []).filter((t) => t.date === day).reduce((sum, t) => sum + Math.max(0, t.hours), 0);
    return round(Math.max(0, left - off));
  });
  const expected = round(schedule.reduce((sum, h) => sum + h, 0));
  const left = round(perDay.reduce((sum, h) => sum + h, 0));
  return { expected, reducedBy: round(expected - left), left, perDay };
}
