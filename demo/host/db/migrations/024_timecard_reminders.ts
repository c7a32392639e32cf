/**
 * 024: reminders to submit a timecard (issue 29, demo/host/api/timecards/reminders.ts).
 * - timecard_reminders: a Timecard Admin reminded an employee who owed a week (no card, or Draft). One
 *   row per employee, week and Central day (`remindedOn`): reminding again the same day adds nothing.
 *   The employee's bell shows the latest reminder of a week while that week is still owed (bell.ts);
 *   nothing is deleted when it is submitted.
 */
export const TIMECARD_REMINDERS_024 = `
CREATE TABLE timecard_reminders (
  timecardReminderId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  weekStart TEXT NOT NULL,
  remindedByEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  remindedOn TEXT NOT NULL,
  remindedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (employeeId, weekStart, remindedOn)
);
CREATE INDEX timecard_reminders_week ON timecard_reminders(weekStart, remindedOn);
`;
