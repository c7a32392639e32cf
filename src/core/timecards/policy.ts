/**
 * The timecard policy checks (issue 13), run on the client while typing and again on the server at
 * submit. Each problem is a §3 feedback item at its field (`lines[2].hours[3]`), with the exact
 * messages below.
 */
import { FEEDBACK_INFO, FEEDBACK_INVALID, FEEDBACK_WARNING, type FeedbackItem } from '../feedback';
import { OPPORTUNITY_TEXT, opportunityOpenForTime } from '../opportunities/contract';
import { WEEKDAY_NAMES } from './days';
import type { ExpectedHours } from './hours';

export type { FeedbackItem };
/** §3 integer values of a feedback item, by their short names. */
export const INVALID = FEEDBACK_INVALID;
export const WARNING = FEEDBACK_WARNING;
export const INFO = FEEDBACK_INFO;

/** The time types of a line. PTO and Holiday lines are written by the system and carry no project. */
export const TIME_TYPES = ['Regular', 'Overtime', 'PTO', 'Holiday'] as const;
export type TimeType = (typeof TIME_TYPES)[number];

/** Hours of a day: 0 to 24 in quarter hours. */
export const MAX_DAY_HOURS = 24;
export const HOURS_STEP = 0.25;
/** Overtime counts only after this many Regular hours in the week. */
export const OVERTIME_AFTER_HOURS = 40;
/** The only cost type time may be charged to: labor. */
export const LABOR_COST_TYPE = 'L';

/** One line of a timecard: a project or an opportunity, a cost code, a time type and the hours of each day (Sunday first). */
export interface TimecardLine {
  projectId?: number | null;
  opportunityId?: number | null;
  costCodeId?: number | null;
  timeType: TimeType | string;
  /** Seven values, Sunday first; null or undefined is an empty day. */
  hours: readonly (number | null | undefined)[];
  /** The time-off request a PTO line came from (one PTO line per request and week). */
  requestId?: number | null;
  /** The time-off type of a PTO line (Vacation, Sick, ...). */
  ptoType?: string | null;
}

/** What the checks know about the projects, opportunities and cost codes the lines name. */
export interface PolicyContext {
  projects?: ReadonlyMap<number, { number: string; closed: boolean }>;
  opportunities?: ReadonlyMap<number, { number: string; status: string }>;
  /** A code's project or opportunity, when given, must be the line's own (the code is on that budget). */
  costCodes?: ReadonlyMap<number, { code: string; type: string; projectId?: number | null; opportunityId?: number | null }>;
  /** The week's expected hours ({@link expectedHours}); without it the total is not checked. */
  expected?: ExpectedHours;
  /** True at submit: a total other than expected then needs a reason. */
  submit?: boolean;
  /** The employee's reason for a total other than expected. */
  reason?: string | null;
}

const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/** The messages of the checks (client and server say the same). */
export const TIMECARD_TEXT = {
  hoursRange: `Hours must be between 0 and ${MAX_DAY_HOURS}.`,
  quarterHours: 'Enter hours in quarter hours (.25, .5, .75).',
  dayTotal: (day: string) => `${day} has more than ${MAX_DAY_HOURS} hours in total.`,
  duplicateLine: 'Another line has the same project, cost code and time type: put the hours on one line.',
  projectRequired: 'Choose a project or an opportunity.',
  costCodeRequired: 'Choose a labor cost code.',
  unknownTimeType: `The time type must be one of ${TIME_TYPES.join(', ')}.`,
  closedProject: (number: string) => `Project ${number} is closed: no new time can be charged to it.`,
  lostOpportunity: (number: string) => OPPORTUNITY_TEXT.lost(number),
  costCodeElsewhere: (code: string) => `Cost code ${code} is not on the budget of this line's project or opportunity.`,
  notLabor: (code: string) => `Cost code ${code} is not a labor cost code: time goes only on labor (L) cost codes.`,
  overtimeEarly: `Overtime counts only after ${OVERTIME_AFTER_HOURS} Regular hours in the week.`,
  // `expected` is the work to enter: the week's hours less its holidays and time off (core hourFigures' "left" before any is entered).
  hoursDiffer: (entered: number, expected: number) =>
    `${hoursText(entered)} of ${hoursText(expected)} hours to work entered: give a reason to submit.`,
  hoursDifferWithReason: (entered: number, expected: number) =>
    `${hoursText(entered)} of ${hoursText(expected)} hours to work entered: the reason goes with the timecard.`,
} as const;

const WORK_TYPES: readonly string[] = ['Regular', 'Overtime'];
const dayHours = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const lineTotal = (line: TimecardLine) => line.hours.reduce<number>((sum, h) => sum + dayHours(h), 0);

/** The key that may appear once per card: project or opportunity, cost code, time type (and request for PTO). */
export function lineKey(line: TimecardLine): string {
  const target = line.opportunityId ? `o${line.opportunityId}` : `p${line.projectId ?? ''}`;
  return `${target}|${line.costCodeId ?? ''}|${line.timeType}|${line.timeType === 'PTO' ? line.requestId ?? '' : ''}`;
}

/** The work hours of a card: Regular and Overtime (holidays and time off are in `expected.reducedBy`). */
export const workHours = (lines: readonly TimecardLine[]): number =>
  Math.round(lines.filter((l) => WORK_TYPES.includes(l.timeType)).reduce((sum, l) => sum + lineTotal(l), 0) * 100) / 100;

/**
 * Runs every policy check over the lines of one week and returns the feedback items, invalid first
 * in line order. An empty list means the card may be saved (and submitted, when `submit`).
 *
 * - each day's hours: a number from 0 to 24 in quarter hours (`lines[i].hours[d]`), and no day above
 *   24 hours over all lines (`days[d]`);
 * - one line per project/opportunity + cost code + time type (`lines[i]`, on the later line);
 * - Regular and Overtime lines need a project or opportunity and a cost code; time (hours > 0) may not
 *   go on a closed project (`lines[i].projectId`), a Lost opportunity (`lines[i].opportunityId`) or a
 *   cost code whose type is not L (`lines[i].costCodeId`); a code whose project or opportunity is given
 *   must belong to the line's own (`lines[i].costCodeId`);
 * - Overtime on a day is allowed only once the Regular hours of the week, counted Sunday through that
 *   day, reach 40 (`lines[i].hours[d]`);
 * - the work hours (Regular + Overtime) must equal `expected.left`: otherwise an info while typing, and at
 *   submit an invalid item without a reason or a warning with one (`reason`).
 */
export function checkTimecard(lines: readonly TimecardLine[], context: PolicyContext = {}): FeedbackItem[] {
  const items: FeedbackItem[] = [];
  const add = (integerValue: number, stringValue: string, message: string) => items.push({ integerValue, stringValue, message });
  const seen = new Set<string>();
  const regularByDay = Array.from({ length: 7 }, () => 0);
  const dayTotals = Array.from({ length: 7 }, () => 0);

  lines.forEach((line, index) => {
    const field = `lines[${index}]`;
    for (let day = 0; day < 7; day += 1) {
      const value = line.hours[day];
      if (value === null || value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_DAY_HOURS) add(INVALID, `${field}.hours[${day}]`, TIMECARD_TEXT.hoursRange);
      else if (Math.abs(value / HOURS_STEP - Math.round(value / HOURS_STEP)) > 1e-9) add(INVALID, `${field}.hours[${day}]`, TIMECARD_TEXT.quarterHours);
      else {
        dayTotals[day] = (dayTotals[day] ?? 0) + value;
        if (line.timeType === 'Regular') regularByDay[day] = (regularByDay[day] ?? 0) + value;
      }
    }
    if (!(TIME_TYPES as readonly string[]).includes(line.timeType)) add(INVALID, `${field}.timeType`, TIMECARD_TEXT.unknownTimeType);
    const key = lineKey(line);
    if (seen.has(key)) add(INVALID, field, TIMECARD_TEXT.duplicateLine);
    seen.add(key);
    if (!WORK_TYPES.includes(line.timeType)) return;
    const hasTime = lineTotal(line) > 0;
    if (line.opportunityId) {
      const opportunity = context.opportunities?.get(line.opportunityId);
      if (hasTime && opportunity && !opportunityOpenForTime(opportunity.status)) add(INVALID, `${field}.opportunityId`, TIMECARD_TEXT.lostOpportunity(opportunity.number));
    } else if (line.projectId) {
      const project = context.projects?.get(line.projectId);
      if (hasTime && project?.closed) add(INVALID, `${field}.projectId`, TIMECARD_TEXT.closedProject(project.number));
    } else add(INVALID, `${field}.projectId`, TIMECARD_TEXT.projectRequired);
    if (!line.costCodeId) add(INVALID, `${field}.costCodeId`, TIMECARD_TEXT.costCodeRequired);
    else {
      const code = context.costCodes?.get(line.costCodeId);
      const ownerKnown = code !== undefined && (code.projectId !== undefined || code.opportunityId !== undefined);
      const ownMatch = line.opportunityId ? code?.opportunityId === line.opportunityId : code?.projectId === line.projectId;
      if (ownerKnown && !ownMatch) add(INVALID, `${field}.costCodeId`, TIMECARD_TEXT.costCodeElsewhere(code.code));
      else if (hasTime && code && code.type !== LABOR_COST_TYPE) add(INVALID, `${field}.costCodeId`, TIMECARD_TEXT.notLabor(code.code));
    }
  });

  dayTotals.forEach((total, day) => {
    if (total > MAX_DAY_HOURS) add(INVALID, `days[${day}]`, TIMECARD_TEXT.dayTotal(WEEKDAY_NAMES[day] ?? `Day ${day}`));
  });

  // Overtime walks the week in order: Regular hours through a day must reach 40 before Overtime that day.
  let regularSoFar = 0;
  for (let day = 0; day < 7; day += 1) {
    regularSoFar += regularByDay[day] ?? 0;
    if (regularSoFar >= OVERTIME_AFTER_HOURS) continue;
    lines.forEach((line, index) => {
      if (line.timeType === 'Overtime' && dayHours(line.hours[day]) > 0) add(INVALID, `lines[${index}].hours[${day}]`, TIMECARD_TEXT.overtimeEarly);
    });
  }

  const expected = context.expected;
  if (expected) {
    const entered = workHours(lines);
    if (Math.abs(entered - expected.left) > 1e-9) {
      const reason = (context.reason ?? '').trim();
      if (!context.submit) add(INFO, 'reason', TIMECARD_TEXT.hoursDiffer(entered, expected.left));
      else if (!reason) add(INVALID, 'reason', TIMECARD_TEXT.hoursDiffer(entered, expected.left));
      else add(WARNING, 'reason', TIMECARD_TEXT.hoursDifferWithReason(entered, expected.left));
    }
  }
  return items.sort((a, b) => a.integerValue - b.integerValue);
}

/** True when no item is invalid. */
export const policyPasses = (items: readonly FeedbackItem[]): boolean => !items.some((item) => item.integerValue === INVALID);
