/**
 * Forecast periods (issue 32, migration 029): the eleven months before the seed's current one closed on every budget
 * of an active project that has projections, each with a snapshot per line and the records behind it, closed on the
 * third day of the next month by the project's RPM.
 *
 * History is drawn back from the lines as they are now, without random draws (nothing seeded before changes):
 * - a record (change event, cost adjustment, commitment, change order) appears some months ago by its id, so the
 *   budget and the commitments step up month by month, and each step has its record;
 * - actual cost grows toward today's, each record's part in step;
 * - the method, cost to complete and reason are the month's submitted projection (the re-forecasts with reasons of
 *   seed/projections.ts show as PM changes); an automatic line's cost to complete is the shared rule's.
 * So "why did the forecast move" between any two seeded months has records for each source and no remainder.
 */
import { SCALE_PROJECT_NUMBER } from './scale-project';
import type Database from 'better-sqlite3';
import { addDays } from '../../../../src/core/timecards/days';
import { addPeriods, firstDayOf } from '../../../../src/core/clock';
import { autoCostToComplete } from '../../../../src/core/projections/contract';
import type { SnapshotLine, SourceRecord } from '../../../../src/core/projections/periods';
import { currentLines, currentSources } from '../../api/pfm/projections/periods/store';
import type { SeedCalendar } from './support';

/** Closed months before the current one. */
export const SEEDED_CLOSED_MONTHS = 11;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** How many months ago a record first counted (0 to 11): spread by its id, the same on every seed. */
const monthsAgoOf = (source: SourceRecord) => (source.recordId * 7 + source.recordKey.length) % (SEEDED_CLOSED_MONTHS + 1);

/** The share of today's actual cost spent by `back` months ago. */
const spentShare = (back: number) => Math.max(0, 1 - 0.07 * back);

export function seedForecastPeriods(db: Database.Database, cal: SeedCalendar): void {
  const budgets = db.prepare(`SELECT b.budgetId, p.regionalProjectManagerEmployeeId AS rpm FROM budgets b JOIN projects p ON p.projectId = b.projectId
    WHERE p.active = 1 AND NOT EXISTS (SELECT 1 FROM budgets c WHERE c.rollUpBudgetId = b.budgetId)
      AND (EXISTS (SELECT 1 FROM projections x WHERE x.budgetId = b.budgetId AND x.month = ?) OR p.number = ?) ORDER BY b.budgetId`)
    .all(cal.priorPeriod, SCALE_PROJECT_NUMBER) as Array<{ budgetId: number; rpm: number | null }>;
  const projection = db.prepare('SELECT costCodeId, method, projectedCostToComplete AS ctc, reason FROM projections WHERE budgetId = ? AND month = ?');
  const insertPeriod = db.prepare(`INSERT INTO forecast_periods (budgetId, month, state, closedBy, closedAt, modifiedAt) VALUES (?, ?, 'Closed', ?, ?, ?)`);
  const insertLine = db.prepare(`INSERT INTO forecast_snapshots (budgetId, month, costCodeId, originalBudget, approvedChanges, currentBudget, committed,
      remainingCommitment, pendingBudgetChanges, pendingCostChanges, actualToDate, projectedCostToComplete, estimateAtCompletion, variance, method, reason,
      takenAt, takenBy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertSource = db.prepare('INSERT INTO forecast_snapshot_sources (snapshotId, component, recordKey, recordId, number, amount) VALUES (?, ?, ?, ?, ?, ?)');
  for (const { budgetId, rpm } of budgets) {
    const lines = currentLines(db, budgetId);
    const sources = new Map<number, SourceRecord[]>();
    for (const source of currentSources(db, budgetId)) sources.set(source.costCodeId, [...(sources.get(source.costCodeId) ?? []), source]);
    for (let back = 1; back <= SEEDED_CLOSED_MONTHS; back++) {
      const month = addPeriods(cal.period, -back);
      const takenAt = `${addDays(firstDayOf(addPeriods(month, 1)), 2)}T22:00:00.000Z`;
      insertPeriod.run(budgetId, month, rpm, takenAt, takenAt);
      const projections = new Map((projection.all(budgetId, month) as Array<{ costCodeId: number; method: 'auto' | 'manual'; ctc: number; reason: string | null }>)
        .map((p) => [p.costCodeId, p]));
      for (const line of lines) {
        const then = lineThen(line, sources.get(line.costCodeId) ?? [], back, projections.get(line.costCodeId));
        const snapshotId = Number(insertLine.run(budgetId, month, line.costCodeId, line.originalBudget, then.approvedChanges, then.currentBudget, then.committed,
          then.remainingCommitment, then.actualToDate, then.projectedCostToComplete, then.estimateAtCompletion, then.variance, then.method, then.reason,
          takenAt, rpm).lastInsertRowid);
        for (const s of then.sources) insertSource.run(snapshotId, s.component, s.recordKey, s.recordId, s.number, s.amount);
      }
    }
  }
}

/** A line as it stood `back` months ago (see the module comment), with its records then. */
function lineThen(line: SnapshotLine, now: readonly SourceRecord[], back: number, projection: { method: 'auto' | 'manual'; ctc: number; reason: string | null } | undefined) {
  const share = spentShare(back);
  const then: SourceRecord[] = [];
  const linked = { approvedChanges: 0, committed: 0, actualToDate: 0 };
  const sum = { approvedChanges: 0, committed: 0, actualToDate: 0 };
  for (const s of now) {
    linked[s.component] += s.amount;
    if (s.component === 'actualToDate') {
      const amount = round2(s.amount * share);
      sum.actualToDate += amount;
      if (amount !== 0) then.push({ ...s, amount });
    } else if (back <= monthsAgoOf(s)) {
      sum[s.component] += s.amount;
      then.push(s);
    }
  }
  // What no record explains today (a seeded figure without one) stands as it is, so no month shows it as a movement.
  const approvedChanges = round2(sum.approvedChanges + (line.approvedChanges - linked.approvedChanges));
  const committed = round2(sum.committed + (line.committed - linked.committed));
  const actualToDate = round2(sum.actualToDate + round2((line.actualToDate - linked.actualToDate) * share));
  const currentBudget = round2(line.originalBudget + approvedChanges);
  const billed = Math.max(0, line.committed - line.remainingCommitment);
  const remainingCommitment = round2(Math.max(0, committed - billed * share));
  const method = projection?.method ?? 'auto';
  const projectedCostToComplete = method === 'manual' ? round2(projection!.ctc) : autoCostToComplete({ currentBudget, actualToDate, remainingCommitment });
  const estimateAtCompletion = round2(actualToDate + projectedCostToComplete);
  return {
    approvedChanges, currentBudget, committed, remainingCommitment, actualToDate, projectedCostToComplete, estimateAtCompletion,
    variance: round2(currentBudget - estimateAtCompletion), method, reason: projection?.reason ?? null, sources: then,
  };
}
