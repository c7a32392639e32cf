/**
 * Manage Timecards (issue 13): <tc-manage-timecards>'s screen (my weeks, team approval, the Timecard
 * Admin's views, corrections, delegations), its calls and texts.
 */
export { ManageTimecards, tabsFor } from './ManageTimecards';
export type { ManageTimecardsProps } from './ManageTimecards';
export * from './data';
export { STATE_FILTERS } from './TeamView';
