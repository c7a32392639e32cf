/**
 * 011 (issue 13): weekly timecards and time off (foundations; the screens come later).
 *
 * The initial schema's `timecards`, `timecard_entries` and `pto_requests` are the bell's old summary
 * rows (demo/host/api/session.ts reads them); they stay as they are. The real records are new tables:
 * `weekly_timecards` (record 'Timecard', keyTC) with `timecard_lines`, and `time_off_requests`
 * (record 'PtoRequest', keyPTO).
 *
 * - Regions: every employee may have one (`employees.regionId`); holidays are per region, 8 hours or
 *   4 (a half day).
 * - Schedules: `employee_schedules` holds the hours per weekday; an employee without a row works the
 *   default, 8 hours Monday to Friday (40 a week).
 * - A timecard covers Sunday (`weekStart`) to Saturday (`weekEnding`). `version` counts saves (409 on a
 *   stale one). A line charges one project + labour cost code, or one opportunity + its timecard code
 *   (source 'manual'); lines the system writes for approved time off (source 'pto', with the request)
 *   and for the region's holidays (source 'holiday') charge nothing. Hours per day: 0-24 in quarters.
 * - `timecard_changes`: a Timecard Admin's change of an Approved card, with its reason (who, when, what).
 * - `timecard_corrections`: a time-off change that hit an Approved or Processed week, waiting for a
 *   Timecard Admin (hours per day, added or removed).
 * - `approval_delegations`: a manager's approvals delegated to another manager for a date range.
 * - Time off balances: `pto_balances` holds the opening hours of a year (carry-over from the year
 *   before, capped by the type's `carryOverCapHours`, plus any grant). Accruals are COMPUTED, not
 *   stored: `accrualHoursPerPeriod` of the type for every biweekly pay period completed in the year,
 *   periods counted from the `payPeriodAnchor` setting (a Sunday). Balance at a date = opening +
 *   accruals up to that date − hours of Approved requests up to that date.
 * - States (Draft, Submitted, Approved, Processed; Pending, Approved, Denied, Canceled): an existing
 *   database gets them here; a fresh one from the seed (states.ts).
 */
export const TIMECARDS_011 = `
CREATE TABLE regions (
  regionId INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  timeZone TEXT NOT NULL DEFAULT 'America/Chicago',
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
ALTER TABLE employees ADD COLUMN regionId INTEGER REFERENCES regions(regionId);
CREATE INDEX employees_region ON employees(regionId);
CREATE INDEX employees_manager ON employees(managerEmployeeId);

CREATE TABLE employee_schedules (
  employeeId INTEGER PRIMARY KEY REFERENCES employees(employeeId),
  sunHours REAL NOT NULL DEFAULT 0 CHECK (sunHours BETWEEN 0 AND 24),
  monHours REAL NOT NULL DEFAULT 8 CHECK (monHours BETWEEN 0 AND 24),
  tueHours REAL NOT NULL DEFAULT 8 CHECK (tueHours BETWEEN 0 AND 24),
  wedHours REAL NOT NULL DEFAULT 8 CHECK (wedHours BETWEEN 0 AND 24),
  thuHours REAL NOT NULL DEFAULT 8 CHECK (thuHours BETWEEN 0 AND 24),
  friHours REAL NOT NULL DEFAULT 8 CHECK (friHours BETWEEN 0 AND 24),
  satHours REAL NOT NULL DEFAULT 0 CHECK (satHours BETWEEN 0 AND 24),
  modifiedAt TEXT NOT NULL
);

CREATE TABLE holidays (
  holidayId INTEGER PRIMARY KEY,
  regionId INTEGER NOT NULL REFERENCES regions(regionId),
  holidayDate TEXT NOT NULL CHECK (date(holidayDate) = holidayDate),
  name TEXT NOT NULL CHECK (length(trim(name)) > 0),
  hours REAL NOT NULL DEFAULT 8 CHECK (hours IN (4, 8)),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (regionId, holidayDate)
);
CREATE INDEX holidays_date ON holidays(holidayDate);

CREATE TABLE pto_types (
  ptoTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  allowsNegative INTEGER NOT NULL DEFAULT 0 CHECK (allowsNegative IN (0, 1)),
  accrualHoursPerPeriod REAL NOT NULL DEFAULT 0 CHECK (accrualHoursPerPeriod >= 0),
  carryOverCapHours REAL NOT NULL DEFAULT 0 CHECK (carryOverCapHours >= 0),
  displayOrder INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
INSERT INTO pto_types (ptoTypeId, name, allowsNegative, accrualHoursPerPeriod, carryOverCapHours, displayOrder, displayText, modifiedAt) VALUES
  (1, 'Vacation', 0, 4.62, 40, 1, 'Vacation', '2026-11-01T12:00:00.000Z'),
  (2, 'Sick', 1, 3.08, 80, 2, 'Sick', '2026-11-01T12:00:00.000Z'),
  (3, 'Personal', 0, 0, 0, 3, 'Personal', '2026-11-01T12:00:00.000Z'),
  (4, 'Bereavement', 1, 0, 0, 4, 'Bereavement', '2026-11-01T12:00:00.000Z'),
  (5, 'Jury Duty', 1, 0, 0, 5, 'Jury Duty', '2026-11-01T12:00:00.000Z');
INSERT OR IGNORE INTO settings (key, stringValue) VALUES ('payPeriodAnchor', '2026-01-04');

CREATE TABLE pto_balances (
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  ptoTypeId INTEGER NOT NULL REFERENCES pto_types(ptoTypeId),
  year INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  openingHours REAL NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (employeeId, ptoTypeId, year)
);

CREATE TABLE time_off_requests (
  requestId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  ptoTypeId INTEGER NOT NULL REFERENCES pto_types(ptoTypeId),
  title TEXT NOT NULL CHECK (length(trim(title)) > 0),
  startDate TEXT NOT NULL CHECK (date(startDate) = startDate),
  endDate TEXT NOT NULL CHECK (date(endDate) = endDate),
  hoursPerDay REAL NOT NULL CHECK (hoursPerDay > 0 AND hoursPerDay <= 24 AND hoursPerDay * 4 = CAST(hoursPerDay * 4 AS INTEGER)),
  totalHours REAL NOT NULL CHECK (totalHours >= 0),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  requestedAt TEXT NOT NULL,
  decidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  decidedAt TEXT,
  denialReason TEXT CHECK (denialReason IS NULL OR length(trim(denialReason)) > 0),
  canceledAt TEXT,
  canceledByEmployeeId INTEGER REFERENCES employees(employeeId),
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  CHECK (endDate >= startDate),
  CHECK (decidedByEmployeeId IS NULL OR decidedByEmployeeId <> employeeId)
);
CREATE INDEX time_off_requests_employee ON time_off_requests(employeeId, startDate);
CREATE INDEX time_off_requests_state ON time_off_requests(applicationRecordStateId);
CREATE INDEX time_off_requests_dates ON time_off_requests(startDate, endDate);

CREATE TABLE weekly_timecards (
  timecardId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  weekStart TEXT NOT NULL CHECK (date(weekStart) = weekStart AND strftime('%w', weekStart) = '0'),
  weekEnding TEXT NOT NULL CHECK (weekEnding = date(weekStart, '+6 days')),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  submittedAt TEXT,
  submittedByEmployeeId INTEGER REFERENCES employees(employeeId),
  approvedAt TEXT,
  approvedByEmployeeId INTEGER REFERENCES employees(employeeId),
  onBehalfOfEmployeeId INTEGER REFERENCES employees(employeeId),
  processedAt TEXT,
  rejectedAt TEXT,
  rejectedByEmployeeId INTEGER REFERENCES employees(employeeId),
  rejectionReason TEXT CHECK (rejectionReason IS NULL OR length(trim(rejectionReason)) > 0),
  shortfallReason TEXT CHECK (shortfallReason IS NULL OR length(trim(shortfallReason)) > 0),
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (employeeId, weekStart),
  CHECK (approvedByEmployeeId IS NULL OR approvedByEmployeeId <> employeeId),
  CHECK (onBehalfOfEmployeeId IS NULL OR approvedByEmployeeId IS NOT NULL)
);
CREATE INDEX weekly_timecards_week ON weekly_timecards(weekStart, applicationRecordStateId);
CREATE INDEX weekly_timecards_state ON weekly_timecards(applicationRecordStateId);

CREATE TABLE timecard_lines (
  timecardLineId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES weekly_timecards(timecardId) ON DELETE CASCADE,
  projectId INTEGER REFERENCES projects(projectId),
  costCodeId INTEGER REFERENCES cost_codes(costCodeId),
  opportunityId INTEGER REFERENCES opportunities(opportunityId),
  opportunityCostCodeId INTEGER REFERENCES opportunity_cost_codes(opportunityCostCodeId),
  timeType TEXT NOT NULL CHECK (timeType IN ('Regular', 'Overtime', 'PTO', 'Holiday')),
  sunHours REAL NOT NULL DEFAULT 0 CHECK (sunHours BETWEEN 0 AND 24 AND sunHours * 4 = CAST(sunHours * 4 AS INTEGER)),
  monHours REAL NOT NULL DEFAULT 0 CHECK (monHours BETWEEN 0 AND 24 AND monHours * 4 = CAST(monHours * 4 AS INTEGER)),
  tueHours REAL NOT NULL DEFAULT 0 CHECK (tueHours BETWEEN 0 AND 24 AND tueHours * 4 = CAST(tueHours * 4 AS INTEGER)),
  wedHours REAL NOT NULL DEFAULT 0 CHECK (wedHours BETWEEN 0 AND 24 AND wedHours * 4 = CAST(wedHours * 4 AS INTEGER)),
  thuHours REAL NOT NULL DEFAULT 0 CHECK (thuHours BETWEEN 0 AND 24 AND thuHours * 4 = CAST(thuHours * 4 AS INTEGER)),
  friHours REAL NOT NULL DEFAULT 0 CHECK (friHours BETWEEN 0 AND 24 AND friHours * 4 = CAST(friHours * 4 AS INTEGER)),
  satHours REAL NOT NULL DEFAULT 0 CHECK (satHours BETWEEN 0 AND 24 AND satHours * 4 = CAST(satHours * 4 AS INTEGER)),
  source TEXT NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'pto', 'holiday')),
  ptoRequestId INTEGER REFERENCES time_off_requests(requestId),
  displayOrder INTEGER NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL,
  CHECK (
    (source = 'manual' AND ptoRequestId IS NULL AND timeType <> 'Holiday' AND (
      (projectId IS NOT NULL AND costCodeId IS NOT NULL AND opportunityId IS NULL AND opportunityCostCodeId IS NULL)
      OR (projectId IS NULL AND costCodeId IS NULL AND opportunityId IS NOT NULL AND opportunityCostCodeId IS NOT NULL)))
    OR (source = 'pto' AND timeType = 'PTO' AND ptoRequestId IS NOT NULL
      AND projectId IS NULL AND costCodeId IS NULL AND opportunityId IS NULL AND opportunityCostCodeId IS NULL)
    OR (source = 'holiday' AND timeType = 'Holiday' AND ptoRequestId IS NULL
      AND projectId IS NULL AND costCodeId IS NULL AND opportunityId IS NULL AND opportunityCostCodeId IS NULL))
);
CREATE INDEX timecard_lines_card ON timecard_lines(timecardId, displayOrder);
CREATE INDEX timecard_lines_request ON timecard_lines(ptoRequestId) WHERE ptoRequestId IS NOT NULL;
CREATE INDEX timecard_lines_project ON timecard_lines(projectId) WHERE projectId IS NOT NULL;
CREATE UNIQUE INDEX timecard_lines_one_project ON timecard_lines(timecardId, costCodeId, timeType) WHERE source = 'manual' AND costCodeId IS NOT NULL;
CREATE UNIQUE INDEX timecard_lines_one_opportunity ON timecard_lines(timecardId, opportunityCostCodeId, timeType) WHERE source = 'manual' AND opportunityCostCodeId IS NOT NULL;
CREATE UNIQUE INDEX timecard_lines_one_request ON timecard_lines(timecardId, ptoRequestId) WHERE source = 'pto';
CREATE UNIQUE INDEX timecard_lines_one_holiday ON timecard_lines(timecardId) WHERE source = 'holiday';

CREATE TABLE timecard_changes (
  timecardChangeId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES weekly_timecards(timecardId),
  changedByEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  changedAt TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  description TEXT NOT NULL DEFAULT '',
  hoursBefore REAL NOT NULL DEFAULT 0,
  hoursAfter REAL NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX timecard_changes_card ON timecard_changes(timecardId, changedAt);

CREATE TABLE timecard_corrections (
  correctionId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES weekly_timecards(timecardId),
  requestId INTEGER NOT NULL REFERENCES time_off_requests(requestId),
  kind TEXT NOT NULL CHECK (kind IN ('Add', 'Remove')),
  sunHours REAL NOT NULL DEFAULT 0 CHECK (sunHours BETWEEN 0 AND 24),
  monHours REAL NOT NULL DEFAULT 0 CHECK (monHours BETWEEN 0 AND 24),
  tueHours REAL NOT NULL DEFAULT 0 CHECK (tueHours BETWEEN 0 AND 24),
  wedHours REAL NOT NULL DEFAULT 0 CHECK (wedHours BETWEEN 0 AND 24),
  thuHours REAL NOT NULL DEFAULT 0 CHECK (thuHours BETWEEN 0 AND 24),
  friHours REAL NOT NULL DEFAULT 0 CHECK (friHours BETWEEN 0 AND 24),
  satHours REAL NOT NULL DEFAULT 0 CHECK (satHours BETWEEN 0 AND 24),
  status TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Resolved')),
  createdAt TEXT NOT NULL,
  resolvedByEmployeeId INTEGER REFERENCES employees(employeeId),
  resolvedAt TEXT,
  note TEXT,
  modifiedAt TEXT NOT NULL,
  CHECK (status = 'Open' OR (resolvedByEmployeeId IS NOT NULL AND resolvedAt IS NOT NULL))
);
CREATE INDEX timecard_corrections_open ON timecard_corrections(status, createdAt);

CREATE TABLE approval_delegations (
  delegationId INTEGER PRIMARY KEY,
  managerEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  delegateEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  startDate TEXT NOT NULL CHECK (date(startDate) = startDate),
  endDate TEXT NOT NULL CHECK (date(endDate) = endDate),
  createdByEmployeeId INTEGER REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  canceledAt TEXT,
  modifiedAt TEXT NOT NULL,
  CHECK (endDate >= startDate),
  CHECK (delegateEmployeeId <> managerEmployeeId)
);
CREATE INDEX approval_delegations_delegate ON approval_delegations(delegateEmployeeId, startDate, endDate);
CREATE INDEX approval_delegations_manager ON approval_delegations(managerEmployeeId, startDate, endDate);

-- An existing database gets the states and advancements of 'Timecard' and 'PtoRequest' (a fresh one: the seed, from states.ts).
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT m.k, m.name, m.closed, m.displayOrder, m.displayOrder = 1, m.name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Timecard' AS k, 'Draft' AS name, 0 AS closed, 1 AS displayOrder UNION ALL SELECT 'Timecard', 'Submitted', 0, 2
        UNION ALL SELECT 'Timecard', 'Approved', 0, 3 UNION ALL SELECT 'Timecard', 'Processed', 1, 4
        UNION ALL SELECT 'PtoRequest', 'Pending', 0, 1 UNION ALL SELECT 'PtoRequest', 'Approved', 0, 2
        UNION ALL SELECT 'PtoRequest', 'Denied', 1, 3 UNION ALL SELECT 'PtoRequest', 'Canceled', 1, 4) m
  WHERE EXISTS (SELECT 1 FROM application_records r WHERE r.applicationRecordKey = m.k)
    AND NOT EXISTS (SELECT 1 FROM application_record_states s WHERE s.applicationRecordKey = m.k AND s.name = m.name)
  ORDER BY m.k DESC, m.displayOrder;
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Timecard' AS k, 'Draft' AS f, 'Submitted' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Timecard', 'Submitted', 'Approved', 1, 1
        UNION ALL SELECT 'Timecard', 'Submitted', 'Draft', 0, 2
        UNION ALL SELECT 'Timecard', 'Approved', 'Processed', 1, 1
        UNION ALL SELECT 'PtoRequest', 'Pending', 'Approved', 1, 1
        UNION ALL SELECT 'PtoRequest', 'Pending', 'Denied', 0, 2
        UNION ALL SELECT 'PtoRequest', 'Pending', 'Canceled', 0, 3
        UNION ALL SELECT 'PtoRequest', 'Approved', 'Canceled', 0, 1) m
  JOIN application_record_states f ON f.applicationRecordKey = m.k AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = m.k AND t.name = m.t
  WHERE NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId
    AND a.targetApplicationRecordStateId = t.applicationRecordStateId)
  ORDER BY m.k DESC, f.displayOrder, m.displayOrder;
`;
