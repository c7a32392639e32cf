/**
 * Timecards (issue 13): the pure rules of the weekly timecard and its states, shared by the demo host
 * (api/timecards) and the client (features/timecards), so the two cannot disagree. The calls and their
 * answers: ./contract.ts.
 */
export { WEEKDAY_NAMES, addDays, calendarDay, daysBetween, isDay, weekdayOf } from './days';
export { COUNTDOWN_WINDOW_MS, WEEK_DAYS, countdown, deadlineText, lateness, timecardDue, weekDays, weekOf, type Lateness } from './week';
export type { Countdown, DeadlineText, TimecardWeek } from './week';
export { HOUR_FIGURES_TEXT, STANDARD_SCHEDULE, STANDARD_WEEK_HOURS, expectedHours, hourFigures } from './hours';
export type { ExpectedHours, HourFigures, HoursLine, Holiday, TimeOffDay } from './hours';
export {
  HOURS_STEP, INFO, INVALID, LABOR_COST_TYPE, MAX_DAY_HOURS, OVERTIME_AFTER_HOURS, TIMECARD_TEXT, TIME_TYPES, WARNING,
  checkTimecard, lineKey, policyPasses, workHours,
} from './policy';
export type { FeedbackItem, PolicyContext, TimeType, TimecardLine } from './policy';
export { REJECTED, TIMECARD_STATES, type TimecardState } from './contract';
export { TIMECARD_STATE_TEXT, approverRole, delegationCovers, mayEditLines, mayTransition } from './states';
export type { Delegation, TimecardActor, TimecardSubject, TransitionAnswer } from './states';
export { isOwedState, myWeeksOrder, pastWeeksToSubmit, timecardNeedsSubmission, weekPlace } from './submission';
export type { NeedsSubmission, WeekPlace, WeekStatus } from './submission';
export { policyInput } from './wire';
export type { LineInput, PolicyContextData } from './wire';
