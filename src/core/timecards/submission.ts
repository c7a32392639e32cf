/**
 * Which weeks still wait for the employee (issue 13): the past weeks to submit ("Submit all ready
 * weeks") and the bell's `timecardNeedsSubmission` item (§3: flag, dueDate, enteredHours, expectedHours).
 */
import { addDays } from './days';
import { COUNTDOWN_WINDOW_MS, timecardDue, weekOf } from './week';

/** A week as the employee's list knows it: its Sunday and its card's state (null when it has no card yet). */
export interface WeekStatus {
  weekStart: string;
  state: string | null;
  enteredHours?: number;
  expectedHours?: number;
}

/** States in which the employee still owes the week's card. */
const OWED_STATES: readonly (string | null)[] = [null, 'Draft'];

/**
 * The weeks that ended before the week of `today` and are still owed (no card, or a Draft), oldest
 * first, from the week of `firstDay` (the employee's first tracked day). Weeks missing from `weeks`
 * have no card. At most `limit` weeks (52 by default).
 */
export function pastWeeksToSubmit(weeks: readonly WeekStatus[], today: string, firstDay: string, limit = 52): string[] {
  const current = weekOf(today).weekStart;
  const states = new Map(weeks.map((week) => [week.weekStart, week.state]));
  const owed: string[] = [];
  for (let start = weekOf(firstDay).weekStart; start < current && owed.length < limit; start = addDays(start, 7)) {
    if (OWED_STATES.includes(states.get(start) ?? null)) owed.push(start);
  }
  return owed;
}

/** The bell's item (§3 timecardNeedsSubmission), plus the week it is about. */
export interface NeedsSubmission {
  flag: boolean;
  /** ISO instant the week is due (null when nothing is owed). */
  dueDate: string | null;
  enteredHours: number;
  expectedHours: number;
  weekStart: string | null;
}

/**
 * The bell's `timecardNeedsSubmission` at `now`: the oldest owed week (no card or Draft) that is
 * overdue or within its last 24 hours; flag false (and nulls) when there is none.
 */
export function timecardNeedsSubmission(now: Date, weeks: readonly WeekStatus[]): NeedsSubmission {
  const owed = weeks
    .filter((week) => OWED_STATES.includes(week.state))
    .map((week) => ({ week, due: timecardDue({ weekStart: week.weekStart, weekEnding: addDays(week.weekStart, 6) }) }))
    .filter(({ due }) => due.getTime() - now.getTime() <= COUNTDOWN_WINDOW_MS)
    .sort((a, b) => a.week.weekStart.localeCompare(b.week.weekStart));
  const first = owed[0];
  if (!first) return { flag: false, dueDate: null, enteredHours: 0, expectedHours: 0, weekStart: null };
  return {
    flag: true, dueDate: first.due.toISOString(), enteredHours: first.week.enteredHours ?? 0, expectedHours: first.week.expectedHours ?? 0, weekStart: first.week.weekStart,
  };
}

/** Where a week sits in the employee's list: the week under way, one before it, or one still to come. */
export type WeekPlace = 'this' | 'past' | 'future';

/** The place of the week starting `weekStart` relative to the week of `today`. */
export function weekPlace(weekStart: string, today: string): WeekPlace {
  const current = weekOf(today).weekStart;
  return weekStart === current ? 'this' : weekStart < current ? 'past' : 'future';
}

/**
 * The order of My weeks: this week first, then the past weeks newest first (those owed among them), then the weeks
 * to come, soonest first, below them: what is due now is on top, planning ahead at the bottom.
 */
export function myWeeksOrder<T extends { weekStart: string }>(weeks: readonly T[], today: string): T[] {
  const rank: Record<WeekPlace, number> = { this: 0, past: 1, future: 2 };
  return [...weeks].sort((a, b) => {
    const pa = weekPlace(a.weekStart, today);
    const pb = weekPlace(b.weekStart, today);
    if (pa !== pb) return rank[pa] - rank[pb];
    return pa === 'future' ? a.weekStart.localeCompare(b.weekStart) : b.weekStart.localeCompare(a.weekStart);
  });
}

/** Whether a week in `state` is still owed by the employee (no card, or a Draft). */
export const isOwedState = (state: string | null): boolean => OWED_STATES.includes(state);
