/**
 * 008 (issue 12): record history. One row per changed field of a write to a tracked table (the
 * triggers are generated from db/history.ts on every open, so a later column or table joins without
 * editing them here); `childKey`/`childId` name an item recorded under its parent record. A
 * change-tracking row (the orange asterisk) carries the change set that made it.
 */
export const RECORD_HISTORY_008 = `
CREATE TABLE record_history (
  recordHistoryId INTEGER PRIMARY KEY,
  recordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  childKey TEXT,
  childId INTEGER,
  action TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
  field TEXT NOT NULL,
  oldValue,
  newValue,
  changedByEmployeeId INTEGER REFERENCES employees(employeeId),
  changedAt TEXT NOT NULL,
  changeSetId TEXT NOT NULL
);
CREATE INDEX record_history_record ON record_history(recordKey, recordId);
CREATE INDEX record_history_child ON record_history(childKey, childId) WHERE childKey IS NOT NULL;
ALTER TABLE change_tracking ADD COLUMN changeSetId TEXT;
`;
