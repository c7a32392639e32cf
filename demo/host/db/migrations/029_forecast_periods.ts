/**
 * 029: forecast periods that close (issue 32). A budget's month is Open (no row, or a re-opened one) or Closed
 * (who, when); a re-opening keeps who re-opened it, when and why. Closing takes a snapshot per budget line
 * (forecast_snapshots) and lists the records behind three of its figures (forecast_snapshot_sources: approved
 * changes, committed, actual to date by record), so "why did the forecast move" names records without time stamps.
 *
 * A snapshot is never changed: triggers abort any DELETE and any UPDATE except marking a current row superseded
 * (0 → 1 with its supersededAt) when the month is re-opened; the sources are never updated or deleted. No foreign
 * key on costCodeId: a snapshot outlives its line. Frozen: no live imports.
 */
const SNAPSHOT_FIXED = [
  'snapshotId', 'budgetId', 'month', 'costCodeId', 'originalBudget', 'approvedChanges', 'currentBudget', 'committed', 'remainingCommitment',
  'pendingBudgetChanges', 'pendingCostChanges', 'actualToDate', 'projectedCostToComplete', 'estimateAtCompletion', 'variance', 'method', 'reason',
  'takenAt', 'takenBy',
];

export const FORECAST_PERIODS_029 = `
CREATE TABLE forecast_periods (
  forecastPeriodId INTEGER PRIMARY KEY,
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]'),
  state TEXT NOT NULL CHECK (state IN ('Open', 'Closed')),
  closedBy INTEGER REFERENCES employees(employeeId),
  closedAt TEXT,
  reopenedBy INTEGER REFERENCES employees(employeeId),
  reopenedAt TEXT,
  reopenReason TEXT,
  modifiedAt TEXT NOT NULL,
  UNIQUE (budgetId, month)
);

CREATE TABLE forecast_snapshots (
  snapshotId INTEGER PRIMARY KEY,
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  month TEXT NOT NULL,
  costCodeId INTEGER NOT NULL,
  originalBudget REAL NOT NULL,
  approvedChanges REAL NOT NULL,
  currentBudget REAL NOT NULL,
  committed REAL NOT NULL,
  remainingCommitment REAL NOT NULL,
  pendingBudgetChanges REAL NOT NULL DEFAULT 0,
  pendingCostChanges REAL NOT NULL DEFAULT 0,
  actualToDate REAL NOT NULL,
  projectedCostToComplete REAL NOT NULL,
  estimateAtCompletion REAL NOT NULL,
  variance REAL NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('auto', 'manual')),
  reason TEXT,
  takenAt TEXT NOT NULL,
  takenBy INTEGER REFERENCES employees(employeeId),
  superseded INTEGER NOT NULL DEFAULT 0 CHECK (superseded IN (0, 1)),
  supersededAt TEXT
);
CREATE INDEX forecast_snapshots_budget_month ON forecast_snapshots(budgetId, month, superseded);

CREATE TABLE forecast_snapshot_sources (
  snapshotId INTEGER NOT NULL REFERENCES forecast_snapshots(snapshotId),
  component TEXT NOT NULL CHECK (component IN ('approvedChanges', 'committed', 'actualToDate')),
  recordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  number TEXT,
  amount REAL NOT NULL
);
CREATE INDEX forecast_snapshot_sources_snapshot ON forecast_snapshot_sources(snapshotId);

CREATE TRIGGER forecast_snapshots_never_changed BEFORE UPDATE ON forecast_snapshots
WHEN OLD.superseded <> 0 OR NEW.superseded IS NOT 1 OR NEW.supersededAt IS NULL
  OR ${SNAPSHOT_FIXED.map((c) => `NEW.${c} IS NOT OLD.${c}`).join(' OR ')}
BEGIN SELECT RAISE(ABORT, 'A forecast snapshot is never changed: a re-opening only marks it superseded.'); END;

CREATE TRIGGER forecast_snapshots_never_deleted BEFORE DELETE ON forecast_snapshots
BEGIN SELECT RAISE(ABORT, 'A forecast snapshot is never deleted.'); END;

CREATE TRIGGER forecast_snapshot_sources_never_changed BEFORE UPDATE ON forecast_snapshot_sources
BEGIN SELECT RAISE(ABORT, 'A forecast snapshot is never changed.'); END;

CREATE TRIGGER forecast_snapshot_sources_never_deleted BEFORE DELETE ON forecast_snapshot_sources
BEGIN SELECT RAISE(ABORT, 'A forecast snapshot is never deleted.'); END;
`;
