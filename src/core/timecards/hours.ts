/**
 * Expected hours of a timecard week (issue 13): 40 unless the employee's schedule says otherwise;
 * holidays (including half days) and approved time off reduce the hours left to enter.
 */
import { workHours } from './policy';
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

/** A line as the hour figures count it: its time type and its hours (per day, or already summed). */
export interface HoursLine {
  timeType: string;
  hours: readonly (number | null | undefined)[];
}

/**
 * The hour figures of a week (issue 29), the same on the card, in My weeks and in the Submit all box:
 * the schedule's hours and what fills them, each apart. Holidays and time off are never "entered".
 */
export interface HourFigures {
  /** Hours of the schedule for the week (40 by default), before holidays and time off. */
  expected: number;
  /** Hours of the holiday line (filled in by the system). */
  holidays: number;
  /** Hours of the approved time-off lines (filled in by the system). */
  timeOff: number;
  /** Work entered: Regular and Overtime lines. */
  entered: number;
  /** Work still to enter: expected − holidays − time off − entered, never below 0. */
  left: number;
  /** Hours beyond the expected ones (overtime, or time on a holiday), never below 0. */
  over: number;
}

/**
 * The {@link HourFigures} of a week: `expected` is the schedule's hours of the week (before holidays and
 * time off); `lines` every line of the card, the system's included. A grouped total (one `hours` value
 * per time type) counts the same as the lines it sums.
 */
export function hourFigures(expected: number, lines: readonly HoursLine[]): HourFigures {
  const total = (types: readonly string[]) => round(lines.filter((l) => types.includes(l.timeType))
    .reduce((sum, l) => sum + l.hours.reduce<number>((s, h) => s + (typeof h === 'number' && Number.isFinite(h) ? h : 0), 0), 0));
  const holidays = total(['Holiday']);
  const timeOff = total(['PTO']);
  // Work is what the policy checks count as work (Regular and Overtime).
  const entered = workHours(lines);
  const balance = round(expected - holidays - timeOff - entered);
  return { expected: round(expected), holidays, timeOff, entered, left: Math.max(0, balance), over: Math.max(0, -balance) };
}

/** The names of the hour figures, the same on the card, in My weeks and in the Submit all box. */
const FIGURE_NAMES = {
  expected: 'Expected',
  holidays: 'Holidays',
  timeOff: 'Time off',
  entered: 'Entered',
  left: 'Hours left',
  over: 'Over expected',
} as const;

export const HOUR_FIGURES_TEXT = {
  ...FIGURE_NAMES,
  /** 'Expected 40 · Holidays 16 · Entered 24 · Hours left 0': holidays and time off only when there are some. */
  summary: (f: HourFigures): string => [
    `${FIGURE_NAMES.expected} ${f.expected}`,
    ...(f.holidays ? [`${FIGURE_NAMES.holidays} ${f.holidays}`] : []),
    ...(f.timeOff ? [`${FIGURE_NAMES.timeOff} ${f.timeOff}`] : []),
    `${FIGURE_NAMES.entered} ${f.entered}`,
    f.over ? `${FIGURE_NAMES.over} ${f.over}` : `${FIGURE_NAMES.left} ${f.left}`,
  ].join(' · '),
} as const;
