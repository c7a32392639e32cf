/**
 * Projections of a budget (active projects): the prior period submitted by the project's PM, ten months of history
 * before it, and the current period pending for the PM.
 */
import { addPeriods, lastDayOf } from '../../../../src/core/clock';
import { cents } from '../prng';
import type { BudgetInfo, LineInfo, ProjectInfo, Seeder } from './seeder';
import { insert } from './support';

/** Months of submitted projections before the current period (with it, a year of forecasts). */
const PROJECTION_HISTORY_MONTHS = 11;

/** Submitted projections for the prior period; the current period is pending for the project's PM. */
export function seedProjections(s: Seeder, info: ProjectInfo, budget: BudgetInfo): void {
  if (!info.active) return;
  const rng = s.rng;
  const prior: Array<{ line: LineInfo; method: string; ctc: number }> = [];
  for (const line of budget.lines) {
    const manual = rng.chance(0.12);
    const ctc = Math.max(0, Math.round((line.amount - line.actual) * (manual ? rng.between(0.9, 1.2) : 1)));
    insert(s.db, 'projections', {
      costCodeId: line.costCodeId, budgetId: budget.budgetId, month: s.cal.priorPeriod, method: manual ? 'manual' : 'auto',
      projectedCostToComplete: ctc, projectedUnits: line.unitPrice ? Math.round(ctc / line.unitPrice) : null,
      projectedHours: line.type === 'L' ? Math.round(ctc / line.rate) : null, projectedFinalCost: cents(line.actual + ctc),
      reason: manual ? rng.pick(['Buyout savings expected', 'Pending change order', 'Scope growth per field walk', 'Productivity below plan']) : null,
      employeeId: info.pmId, submitted: 1, modifiedAt: s.cal.stamp,
    });
    prior.push({ line, method: manual ? 'manual' : 'auto', ctc });
  }
  // The ten months before that, submitted too (a year of forecasts with the current period, which shows the prior
  // month's carried forward until the PM saves): each month's final cost a little under the next one's, so the
  // forecast drifts up as jobs do. No random draws: the streams of everything seeded after stay as they were.
  for (let back = 2; back <= PROJECTION_HISTORY_MONTHS; back++) {
    const month = addPeriods(s.cal.period, -back);
    const stamp = `${lastDayOf(month)}T22:00:00.000Z`;
    for (const { line, method, ctc } of prior) {
      const finalCost = cents((line.actual + ctc) * (1 - 0.004 * (back - 1)));
      const monthCtc = Math.max(0, Math.round(ctc * (1 + 0.06 * (back - 1))));
      insert(s.db, 'projections', {
        costCodeId: line.costCodeId, budgetId: budget.budgetId, month, method, projectedCostToComplete: monthCtc,
        projectedUnits: line.unitPrice ? Math.round(monthCtc / line.unitPrice) : null, projectedHours: line.type === 'L' ? Math.round(monthCtc / line.rate) : null,
        projectedFinalCost: finalCost, reason: null, employeeId: info.pmId, submitted: 1, modifiedAt: stamp,
      });
    }
  }
  if (!budget.locked && (info.pmId === 2 || info.index % 3 !== 0)) {
    insert(s.db, 'budgets_pending_projections', { budgetId: budget.budgetId, employeeId: info.pmId, month: s.cal.period, modifiedAt: s.cal.stamp });
  }
}
