/**
 * Approved time off flows into the timecard (issue 13). Approving a request adds one PTO line per
 * affected week (drafts are created where the week has no card; days already entered are never
 * overwritten); cancelling it removes those lines again. A week already Approved or Processed gets a
 * correction for a Timecard Admin instead of a change, so nothing is lost.
 */
import { requestDays, type PtoRequest } from '../time-off';
import { addDays } from './days';
import type { Holiday } from './hours';
import type { TimecardLine } from './policy';
import { weekDays, weekOf } from './week';

/** A week's existing card: its state and lines (absent from the list when the week has no card yet). */
export interface ExistingWeek {
  weekStart: string;
  state: string;
  timecardId?: number | null;
  lines: readonly TimecardLine[];
}

interface WeekRef {
  weekStart: string;
  weekEnding: string;
  timecardId: number | null;
}

/** What to do to one week's card. */
export type PtoWeekChange =
  /** Add `line` to the card (create a Draft card first when `createDraft`). */
  | (WeekRef & { kind: 'add'; createDraft: boolean; line: TimecardLine; skippedDays: string[] })
  /** Every day of the request in this week already holds hours: nothing is added. */
  | (WeekRef & { kind: 'skipped'; skippedDays: string[] })
  /** Remove the line at `lineIndex`. */
  | (WeekRef & { kind: 'remove'; lineIndex: number; line: TimecardLine })
  /** The card is Approved or Processed: a Timecard Admin must add or remove `line` (a correction with a bell item). */
  | (WeekRef & { kind: 'correction'; action: 'add' | 'remove'; state: string; line: TimecardLine; lineIndex?: number; skippedDays: string[] });

/** States whose card is no longer changed by time off; a correction goes to a Timecard Admin instead. */
export const CORRECTION_STATES: readonly string[] = ['Approved', 'Processed'];

const hasHours = (value: number | null | undefined) => typeof value === 'number' && value > 0;
const isLineOf = (line: TimecardLine, requestId: number) => line.timeType === 'PTO' && line.requestId === requestId;

/**
 * The changes that approving `request` makes, week by week in date order. The PTO line of a week
 * holds the request's hours on its working days ({@link requestDays}: weekends and holidays skipped,
 * half-day holidays halved), except days on which another line of the card (not its holiday line)
 * already has hours (listed in `skippedDays`). A week that already has this request's line is left alone (approving twice adds nothing).
 */
export function ptoLinesForApproval(
  request: PtoRequest & { requestId: number },
  weeks: readonly ExistingWeek[],
  holidays: readonly Holiday[] = [],
): PtoWeekChange[] {
  const byWeek = new Map<string, { date: string; hours: number }[]>();
  for (const day of requestDays(request, holidays)) {
    const { weekStart } = weekOf(day.date);
    byWeek.set(weekStart, [...(byWeek.get(weekStart) ?? []), day]);
  }
  const changes: PtoWeekChange[] = [];
  for (const [weekStart, days] of [...byWeek].sort(([a], [b]) => a.localeCompare(b))) {
    const dates = weekDays(weekStart);
    const existing = weeks.find((week) => week.weekStart === weekStart);
    const ref: WeekRef = { weekStart, weekEnding: addDays(weekStart, 6), timecardId: existing?.timecardId ?? null };
    if (existing?.lines.some((line) => isLineOf(line, request.requestId))) continue;
    const hours: (number | null)[] = dates.map(() => null);
    const skippedDays: string[] = [];
    for (const day of days) {
      const index = dates.indexOf(day.date);
      // The week's holiday line does not count: requestDays already skips full holidays and halves half days.
      if (existing?.lines.some((line) => line.timeType !== 'Holiday' && hasHours(line.hours[index]))) skippedDays.push(day.date);
      else hours[index] = day.hours;
    }
    if (hours.every((h) => h === null)) {
      changes.push({ ...ref, kind: 'skipped', skippedDays });
      continue;
    }
    const line: TimecardLine = { projectId: null, opportunityId: null, costCodeId: null, timeType: 'PTO', ptoType: request.type, requestId: request.requestId, hours };
    if (existing && CORRECTION_STATES.includes(existing.state)) changes.push({ ...ref, kind: 'correction', action: 'add', state: existing.state, line, skippedDays });
    else changes.push({ ...ref, kind: 'add', createDraft: !existing, line, skippedDays });
  }
  return changes;
}

/**
 * The changes that cancelling `request` makes: the removal of its PTO line from every week that has
 * one (in date order), or a correction where that week's card is Approved or Processed.
 */
export function ptoLinesForCancel(request: { requestId: number }, weeks: readonly ExistingWeek[]): PtoWeekChange[] {
  const changes: PtoWeekChange[] = [];
  for (const week of [...weeks].sort((a, b) => a.weekStart.localeCompare(b.weekStart))) {
    const lineIndex = week.lines.findIndex((line) => isLineOf(line, request.requestId));
    if (lineIndex < 0) continue;
    const ref: WeekRef = { weekStart: week.weekStart, weekEnding: addDays(week.weekStart, 6), timecardId: week.timecardId ?? null };
    const line = week.lines[lineIndex] as TimecardLine;
    if (CORRECTION_STATES.includes(week.state)) changes.push({ ...ref, kind: 'correction', action: 'remove', state: week.state, line, lineIndex, skippedDays: [] });
    else changes.push({ ...ref, kind: 'remove', lineIndex, line });
  }
  return changes;
}
