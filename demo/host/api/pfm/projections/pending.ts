/**
 * Budgets pending projections in a period: a budget that is projected (it has a row in
 * budgets_pending_projections, which names who projects it) and not locked, whose projections for the
 * period are not submitted, in a period that is open (a closed forecast period takes no projections: migration 029).
 * Computed from the period, so a new month is pending on its first day without anything being written, and a
 * submission (or the period's close) is what clears it; re-opening the submission (ReopenProjections: its rows are
 * no longer submitted) makes the budget pending again.
 */
import type Database from 'better-sqlite3';

export interface PendingProjection {
  budgetId: number;
  employeeId: number;
}

/** The budgets pending projections in `period` (each with the employee who projects it: the latest assignment). */
export function pendingProjections(db: Database.Database, period: string, employeeId?: number): PendingProjection[] {
  return db.prepare(`SELECT bp.budgetId, bp.employeeId FROM budgets_pending_projections bp JOIN budgets b ON b.budgetId = bp.budgetId
    WHERE bp.month = (SELECT max(month) FROM budgets_pending_projections x WHERE x.budgetId = bp.budgetId)
      AND coalesce(b.budgetLock, 0) = 0 AND (@employeeId IS NULL OR bp.employeeId = @employeeId)
      AND NOT EXISTS (SELECT 1 FROM projections p WHERE p.budgetId = bp.budgetId AND p.month = @period AND p.submitted = 1)
      AND NOT EXISTS (SELECT 1 FROM forecast_periods f WHERE f.budgetId = bp.budgetId AND f.month = @period AND f.state = 'Closed')`)
    .all({ period, employeeId: employeeId ?? null }) as PendingProjection[];
}
