/**
 * Timecards (issue 13): the weekly timecard screen, its calls and its pieces the manage screen may
 * reuse (the deadline with its countdown).
 */
export * from './data';
export { Deadline, dueInstantText, useNow } from './Deadline';
export { ChargePicker, PICKER_TEXT, chargeText } from './ChargePicker';
export { GRID_TEXT, MANUAL_TIME_TYPES } from './HoursGrid';
export { EmployeePicker, EMPLOYEE_PICKER_TEXT } from './EmployeePicker';
export { TimecardScreen, TIMECARD_SCREEN_TEXT } from './TimecardScreen';
export type { TimecardProps } from './TimecardScreen';
