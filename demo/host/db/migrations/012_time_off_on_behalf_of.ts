/**
 * 012 (issue 13, time off): who a delegate decided a time-off request for. `decidedByEmployeeId` is
 * the manager, delegate or Timecard Admin who approved or denied it; `onBehalfOfEmployeeId` is the
 * manager a delegate acted for (null otherwise), as on weekly_timecards.
 */
export const TIME_OFF_ON_BEHALF_OF_012 = `
ALTER TABLE time_off_requests ADD COLUMN onBehalfOfEmployeeId INTEGER REFERENCES employees(employeeId);
`;
