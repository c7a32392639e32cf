/**
 * Forecast periods' reads and writes (migration 029; contract: src/core/projections/periods.ts).
 *
 * - Closing a budget's month takes a snapshot of every line as the projection grid shows it now (lineSummaries) and
 *   the records behind its figures (./sources), marks the month Closed, and carries each line's projection (method,
 *   cost to complete, reason) into the next month where that month has none yet. The closed month's projections are
 *   then locked (projections/writes.ts asks {@link closedPeriod}).
 * - Re-opening marks the month's snapshot superseded (kept) and the month Open; closing it again takes a new snapshot
 *   beside the old one.
 */
import type Database from 'better-sqlite3';
import { addPeriods, centralDayOf } from '../../../../../../src/core/clock';
import { formatDate } from '../../../../../../src/core/format/dates';
import { periodLabel, type ForecastPeriod, type SnapshotLine, type SourceRecord } from '../../../../../../src/core/projections/periods';
import { prepared } from '../../../../db/statements';
import { autoAlert } from '../../../http';
import { CODE_DISPLAY_SQL } from '../../../rows';
import { lineSummaries } from '../summaries';
import { LINE_SOURCES_SQL } from './sources';

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface PeriodRow {
  budgetId: number;
  month: string;
  state: 'Open' | 'Closed';
  closedBy: number | null;
  closedByName: string | null;
  closedAt: string | null;
}

/** The month's period row of a budget (with who closed it), if any. */
export function periodOf(db: Database.Database, budgetId: number, month: string): PeriodRow | undefined {
  return prepared(db, `SELECT f.budgetId, f.month, f.state, f.closedBy, e.preferredName AS closedByName, f.closedAt
    FROM forecast_periods f LEFT JOIN employees e ON e.employeeId = f.closedBy WHERE f.budgetId = ? AND f.month = ?`).get(budgetId, month) as PeriodRow | undefined;
}

/** The budget's month when it is Closed (who, when), else undefined. */
export function closedPeriod(db: Database.Database, budgetId: number, month: string): PeriodRow | undefined {
  const row = periodOf(db, budgetId, month);
  return row?.state === 'Closed' ? row : undefined;
}

/** "November 2026 of budget 24-1032-01 was closed by Linda Okafor on 12/02/2026" (the refusals' words). */
export function closedText(period: PeriodRow, jobNumber: string): string {
  const by = period.closedByName ? ` by ${period.closedByName}` : '';
  const on = period.closedAt ? ` on ${formatDate(centralDayOf(Date.parse(period.closedAt)))}` : '';
  return `${periodLabel(period.month)} of budget ${jobNumber} was closed${by}${on}`;
}

/** The closed months of budget `budgetId` (the pay applications' check). */
export function closedMonths(db: Database.Database, budgetId: number): Set<string> {
  return new Set(prepared(db, "SELECT month FROM forecast_periods WHERE budgetId = ? AND state = 'Closed'").pluck().all(budgetId) as string[]);
}

/** The budget's lines now, as a snapshot would keep them. */
export function currentLines(db: Database.Database, budgetId: number): SnapshotLine[] {
  return lineSummaries(db, { recordKey: 'Budget', recordId: budgetId, open: true }).map((l) => ({
    costCodeId: l.costCodeId, code: l.code, codeDisplay: l.codeDisplay, description: l.description,
    originalBudget: l.originalBudget, approvedChanges: l.approvedChanges, currentBudget: l.currentBudget, committed: l.committed,
    remainingCommitment: l.remainingCommitment,
    // Another change adds these two to the summaries (pending exposure); 0 until it does.
    pendingBudgetChanges: round2(Number(l.pendingBudgetChanges ?? 0)), pendingCostChanges: round2(Number(l.pendingCostChanges ?? 0)),
    actualToDate: l.actualToDate, projectedCostToComplete: l.projectedCostToComplete, estimateAtCompletion: l.projectedFinalCost,
    variance: l.overUnder, method: l.projectionMethod, reason: l.projectionReason,
  }));
}

/** The records behind the budget's figures now. */
export function currentSources(db: Database.Database, budgetId: number): SourceRecord[] {
  return prepared(db, LINE_SOURCES_SQL).all({ budgetId }) as SourceRecord[];
}

/** The budget's current (not superseded) snapshot of `month`, with the lines' codes; empty when the month has none. */
export function snapshotLines(db: Database.Database, budgetId: number, month: string): SnapshotLine[] {
  return prepared(db, `SELECT s.costCodeId, c.code, ${CODE_DISPLAY_SQL('c.code')} AS codeDisplay, c.description,
      s.originalBudget, s.approvedChanges, s.currentBudget, s.committed, s.remainingCommitment, s.pendingBudgetChanges, s.pendingCostChanges,
      s.actualToDate, s.projectedCostToComplete, s.estimateAtCompletion, s.variance, s.method, s.reason
    FROM forecast_snapshots s LEFT JOIN cost_codes c ON c.costCodeId = s.costCodeId
    WHERE s.budgetId = ? AND s.month = ? AND s.superseded = 0 ORDER BY c.code, s.costCodeId`).all(budgetId, month) as SnapshotLine[];
}

/** The records the budget's current snapshot of `month` kept. */
export function snapshotSources(db: Database.Database, budgetId: number, month: string): SourceRecord[] {
  return prepared(db, `SELECT s.costCodeId, x.component, x.recordKey, x.recordId, x.number, x.amount
    FROM forecast_snapshot_sources x JOIN forecast_snapshots s ON s.snapshotId = x.snapshotId
    WHERE s.budgetId = ? AND s.month = ? AND s.superseded = 0`).all(budgetId, month) as SourceRecord[];
}

/**
 * Close budget `budgetId`'s `month` (the caller has checked who may and that it is open): snapshot, sources,
 * period Closed, projections carried into the next month. Runs inside the caller's transaction.
 */
export function closeBudgetPeriod(db: Database.Database, budgetId: number, month: string, employeeId: number, at: string): { lines: number; carriedForward: number } {
  const lines = currentLines(db, budgetId);
  const insert = prepared(db, `INSERT INTO forecast_snapshots (budgetId, month, costCodeId, originalBudget, approvedChanges, currentBudget, committed,
      remainingCommitment, pendingBudgetChanges, pendingCostChanges, actualToDate, projectedCostToComplete, estimateAtCompletion, variance, method, reason,
      takenAt, takenBy)
    VALUES (@budgetId, @month, @costCodeId, @originalBudget, @approvedChanges, @currentBudget, @committed, @remainingCommitment, @pendingBudgetChanges,
      @pendingCostChanges, @actualToDate, @projectedCostToComplete, @estimateAtCompletion, @variance, @method, @reason, @at, @employeeId)`);
  for (const line of lines) {
    const { code: _code, codeDisplay: _display, description: _description, ...figures } = line;
    insert.run({ ...figures, budgetId, month, at, employeeId });
  }
  prepared(db, `INSERT INTO forecast_snapshot_sources (snapshotId, component, recordKey, recordId, number, amount)
    SELECT s.snapshotId, x.component, x.recordKey, x.recordId, x.number, x.amount FROM (${LINE_SOURCES_SQL}) x
    JOIN forecast_snapshots s ON s.budgetId = @budgetId AND s.month = @month AND s.superseded = 0 AND s.costCodeId = x.costCodeId
    WHERE x.amount <> 0`).run({ budgetId, month });
  prepared(db, `INSERT INTO forecast_periods (budgetId, month, state, closedBy, closedAt, modifiedAt) VALUES (@budgetId, @month, 'Closed', @employeeId, @at, @at)
    ON CONFLICT (budgetId, month) DO UPDATE SET state = 'Closed', closedBy = excluded.closedBy, closedAt = excluded.closedAt, modifiedAt = excluded.modifiedAt`)
    .run({ budgetId, month, employeeId, at });
  // The next month opens with each line's projection as closed (a month that has its own already keeps it).
  const carriedForward = prepared(db, `INSERT OR IGNORE INTO projections (costCodeId, budgetId, month, method, projectedCostToComplete, projectedUnits,
      projectedHours, projectedFinalCost, reason, employeeId, submitted, modifiedAt)
    SELECT s.costCodeId, s.budgetId, @next, s.method, s.projectedCostToComplete, p.projectedUnits, p.projectedHours, s.estimateAtCompletion, s.reason,
      coalesce(p.employeeId, @employeeId), 0, @at
    FROM forecast_snapshots s LEFT JOIN projections p ON p.costCodeId = s.costCodeId AND p.month = @month
    WHERE s.budgetId = @budgetId AND s.month = @month AND s.superseded = 0`).run({ budgetId, month, next: addPeriods(month, 1), employeeId, at }).changes;
  return { lines: lines.length, carriedForward };
}

/** Re-open a closed month: its snapshot superseded (kept), the month Open with who, when and why. */
export function reopenBudgetPeriod(db: Database.Database, budgetId: number, month: string, employeeId: number, reason: string, at: string): number {
  const superseded = prepared(db, 'UPDATE forecast_snapshots SET superseded = 1, supersededAt = ? WHERE budgetId = ? AND month = ? AND superseded = 0')
    .run(at, budgetId, month).changes;
  prepared(db, `UPDATE forecast_periods SET state = 'Open', reopenedBy = ?, reopenedAt = ?, reopenReason = ?, modifiedAt = ? WHERE budgetId = ? AND month = ?`)
    .run(employeeId, at, reason, at, budgetId, month);
  return superseded;
}

/** The budget's periods, newest first: every month with a row or a snapshot, and the current month. */
export function periodsOf(db: Database.Database, budgetId: number, currentMonth: string): ForecastPeriod[] {
  const rows = prepared(db, `SELECT f.*, c.preferredName AS closedByName, r.preferredName AS reopenedByName FROM forecast_periods f
    LEFT JOIN employees c ON c.employeeId = f.closedBy LEFT JOIN employees r ON r.employeeId = f.reopenedBy WHERE f.budgetId = ?`).all(budgetId) as Array<Record<string, unknown>>;
  const snapshots = prepared(db, `SELECT s.month, s.takenAt, s.takenBy, e.preferredName AS takenByName, count(*) AS lines, s.superseded, s.supersededAt
    FROM forecast_snapshots s LEFT JOIN employees e ON e.employeeId = s.takenBy WHERE s.budgetId = ?
    GROUP BY s.month, s.takenAt, s.superseded ORDER BY s.month, s.takenAt, s.superseded DESC`).all(budgetId) as Array<Record<string, unknown>>;
  const months = new Set<string>([currentMonth, ...rows.map((r) => String(r.month)), ...snapshots.map((s) => String(s.month))]);
  return [...months].sort().reverse().map((month): ForecastPeriod => {
    const row = rows.find((r) => r.month === month);
    const taken = snapshots.filter((s) => s.month === month).map((s) => ({
      takenAt: String(s.takenAt), takenBy: (s.takenBy as number | null) ?? null, takenByName: (s.takenByName as string | null) ?? null,
      lines: Number(s.lines), superseded: s.superseded === 1, supersededAt: (s.supersededAt as string | null) ?? null,
    }));
    const text = (key: string) => (row?.[key] as string | null | undefined) ?? null;
    const id = (key: string) => (row?.[key] as number | null | undefined) ?? null;
    return {
      budgetId, month, state: row?.state === 'Closed' ? 'Closed' : 'Open', current: month === currentMonth,
      closedBy: id('closedBy'), closedByName: text('closedByName'), closedAt: text('closedAt'),
      reopenedBy: id('reopenedBy'), reopenedByName: text('reopenedByName'), reopenedAt: text('reopenedAt'), reopenReason: text('reopenReason'),
      hasSnapshot: taken.some((s) => !s.superseded), snapshots: taken,
    };
  });
}

/** Refuse a projection write into a closed month (400 autoAlert naming who closed it and when). */
export function refuseClosedPeriod(db: Database.Database, budget: { budgetId: number; jobNumber: string }, month: string, functionName: string): void {
  const closed = closedPeriod(db, budget.budgetId, month);
  if (closed) {
    throw autoAlert(functionName, `${closedText(closed, budget.jobNumber)}: its projections are locked. An admin can re-open it with a reason.`,
      { closedBy: closed.closedBy, closedAt: closed.closedAt });
  }
}
