/**
 * Time off (issue 13): the requests screen (<pto-requests>), the team calendar, the request form and
 * the regional holiday calendar (<pto-regional-calendar>), with their calls (data.ts) and words (text.ts).
 */
export * from './data';
export * from './text';
export { PtoRequests, PTO_TABS, isClosedRequest, requestIdFrom } from './RequestsScreen';
export type { PtoRequestsProps, PtoTab } from './RequestsScreen';
export { RequestForm, EMPTY_DRAFT, draftHoursPerDay } from './RequestForm';
export { TeamCalendar, monthWeeks } from './TeamCalendar';
export { RegionalCalendar, checkHoliday } from './RegionalCalendar';
export type { RegionalCalendarProps } from './RegionalCalendar';
export { problemText } from './problems';
