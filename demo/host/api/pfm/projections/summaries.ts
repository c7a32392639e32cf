/**
 * Cost-code transaction summaries: everything a projection grid needs per budget line, and the
 * same totalled per budget and per project (§3 "cost code transaction with summary … unit and hour
 * variants", issue 5's grid columns).
 *
 * Per line: original budget; approved changes (approved amounts of change event items that are
 * Approved, Pending Commitment or Committed on change events that are Approved or Complete, plus the
 * items of posted, i.e. Reconciled, cost adjustments); current
 * budget; committed (items of commitments past Draft and not Void, plus approved change orders);
 * actual to date (all transactions); remaining commitment (committed minus what was billed against
 * commitments, never below 0); projected cost to complete (the saved manual value of the current
 * period, else automatic: the larger of budget left and remaining commitment, never below 0);
 * projected final cost; over/under; the prior period's submitted projected final cost and the
 * variance to it.
 */
import type Database from 'better-sqlite3';
import { pendingProjections } from './pending';
import * as clock from '../../../../../src/core/clock';
import { CODE_DISPLAY_SQL } from '../../rows';
import { scopeWhere, type LoadParams } from '../../scope';
import { autoCostToComplete, type BudgetLineFigures } from '../../../../../src/core/projections/contract';

export interface LineSummary extends BudgetLineFigures {
  codeDisplay: string;
  division: string;
  projectionSubmitted: boolean;
  transactionCount: number;
  month: string;
  [extra: string]: unknown;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const max = (...values: Array<string | null | undefined>) => values.filter(Boolean).sort().at(-1) ?? '';

interface RawLine {
  costCodeId: number; budgetId: number; projectId: number; code: string; codeDisplay: string; description: string; type: string;
  costTypeName: string; unitOfMeasure: string | null; originalBudget: number; budgetUnits: number; budgetHours: number; modifiedAt: string;
  actualToDate: number | null; actualUnits: number | null; actualHours: number | null; transactionCount: number | null; lastTransaction: string | null;
  committedActual: number | null; committed: number | null; approvedChanges: number | null;
  curMethod: string | null; curCtc: number | null; curUnits: number | null; curHours: number | null; curReason: string | null;
  curSubmitted: number | null; curModifiedAt: string | null; priorFinal: number | null;
}

/**
 * A line's quantities (units or hours) and the cost of one: budgeted, to date, and projected (as
 * entered, else the actual quantity plus the cost to complete at the budget's cost of one).
 */
function quantities(budget: number, actualRaw: number | null, entered: number | null, costs: { currentBudget: number; actual: number; ctc: number; finalCost: number }) {
  const actual = round2(actualRaw ?? 0);
  const budgetCostOfOne = budget > 0 ? costs.currentBudget / budget : 0;
  const projected = entered ?? round2(actual + (budgetCostOfOne > 0 ? costs.ctc / budgetCostOfOne : 0));
  return {
    budget, actual, projected,
    budgetCost: budget > 0 ? round2(costs.currentBudget / budget) : null,
    actualCost: actual > 0 ? round2(costs.actual / actual) : null,
    projectedCost: projected > 0 ? round2(costs.finalCost / projected) : null,
  };
}

/** Per-line summaries of the scope. `type` unit adds units, hour adds hours (labor lines only). */
export function lineSummaries(db: Database.Database, params: LoadParams): LineSummary[] {
  const scope = scopeWhere(params, { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } });
  if (params.type === 'hour') scope.where.push("t.type = 'L'");
  const where = scope.where.length ? `WHERE ${scope.where.join(' AND ')}` : '';
  const sql = `
    WITH lines AS (
      SELECT t.costCodeId, t.budgetId, b.projectId, t.code, ${CODE_DISPLAY_SQL('t.code')} AS codeDisplay, t.description, t.type,
        ct.name AS costTypeName, t.unitOfMeasure, t.originalBudget, t.budgetUnits, t.budgetHours, t.modifiedAt
      FROM cost_codes t JOIN budgets b ON b.budgetId = t.budgetId JOIN cost_types ct ON ct.costType = t.type ${where}),
    actual AS (
      SELECT x.costCodeId, sum(x.amount) AS actualToDate, sum(x.units) AS actualUnits, sum(x.hours) AS actualHours,
        count(*) AS transactionCount, max(x.modifiedAt) AS lastTransaction,
        sum(CASE WHEN x.sourceRecordKey IN ('Subcontract', 'PurchaseAgreement', 'PurchaseOrder') THEN x.amount ELSE 0 END) AS committedActual
      FROM cost_code_transactions x WHERE x.costCodeId IN (SELECT costCodeId FROM lines) GROUP BY x.costCodeId),
    commitments AS (
      SELECT i.costCodeId, i.amount FROM subcontract_items i JOIN subcontracts c USING (subcontractId)
        JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId WHERE s.name NOT IN ('Draft', 'Void')
      UNION ALL
      SELECT i.costCodeId, i.amount FROM purchase_agreement_items i JOIN purchase_agreements c USING (purchaseAgreementId)
        JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId WHERE s.name NOT IN ('Draft', 'Void')
      UNION ALL
      SELECT i.costCodeId, i.amount FROM purchase_order_items i JOIN purchase_orders c USING (purchaseOrderId)
        JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId WHERE s.name NOT IN ('Draft', 'Void') AND c.purchaseAgreementId IS NULL
      UNION ALL
      SELECT i.costCodeId, i.amount FROM subcontract_change_order_items i JOIN subcontract_change_orders c USING (subcontractChangeOrderId)
        JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId WHERE s.name = 'Approved'
      UNION ALL
      SELECT i.costCodeId, i.amount FROM purchase_agreement_change_order_items i JOIN purchase_agreement_change_orders c USING (purchaseAgreementChangeOrderId)
        JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId WHERE s.name = 'Approved'),
    committed AS (SELECT costCodeId, sum(amount) AS committed FROM commitments WHERE costCodeId IN (SELECT costCodeId FROM lines) GROUP BY costCodeId),
    changes AS (
      SELECT costCodeId, sum(amount) AS approvedChanges FROM (
        SELECT i.costCodeId, coalesce(i.approvedAmount, 0) AS amount
        FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId
          JOIN application_record_states si ON si.applicationRecordStateId = i.applicationRecordStateId
          JOIN application_record_states sc ON sc.applicationRecordStateId = ce.applicationRecordStateId
        WHERE si.name IN ('Approved', 'Pending Commitment', 'Committed') AND sc.name IN ('Approved', 'Complete')
          AND i.costCodeId IN (SELECT costCodeId FROM lines)
        UNION ALL
        -- Posted cost adjustments (issue 11): their items change the lines' budget.
        SELECT i.costCodeId, i.amount
        FROM cost_adjustment_items i JOIN cost_adjustments ca ON ca.costAdjustmentId = i.costAdjustmentId
          JOIN application_record_states sa ON sa.applicationRecordStateId = ca.applicationRecordStateId
        WHERE sa.name = 'Reconciled' AND i.costCodeId IN (SELECT costCodeId FROM lines))
      GROUP BY costCodeId)
    SELECT l.*, a.actualToDate, a.actualUnits, a.actualHours, a.transactionCount, a.lastTransaction, a.committedActual,
      c.committed, ch.approvedChanges,
      cur.method AS curMethod, cur.projectedCostToComplete AS curCtc, cur.projectedUnits AS curUnits, cur.projectedHours AS curHours,
      cur.reason AS curReason, cur.month = ? AND cur.submitted = 1 AS curSubmitted, cur.modifiedAt AS curModifiedAt, prior.projectedFinalCost AS priorFinal
    FROM lines l LEFT JOIN actual a ON a.costCodeId = l.costCodeId LEFT JOIN committed c ON c.costCodeId = l.costCodeId
      LEFT JOIN changes ch ON ch.costCodeId = l.costCodeId
      -- The period's projection, or the latest earlier one carried forward into a month that has none yet.
      LEFT JOIN projections cur ON cur.costCodeId = l.costCodeId
        AND cur.month = (SELECT max(q.month) FROM projections q WHERE q.costCodeId = l.costCodeId AND q.month <= ?)
      LEFT JOIN projections prior ON prior.costCodeId = l.costCodeId AND prior.month = ? AND prior.submitted = 1
    ORDER BY l.budgetId, l.code, l.type`;
  const period = clock.currentPeriod();
  const rows = db.prepare(sql).all(...scope.args, period, period, clock.addPeriods(period, -1)) as RawLine[];
  const out: LineSummary[] = [];
  for (const r of rows) {
    const modifiedAt = max(r.modifiedAt, r.lastTransaction, r.curModifiedAt);
    if (params.lastLoad && modifiedAt <= params.lastLoad) continue;
    const actual = round2(r.actualToDate ?? 0);
    const approvedChanges = round2(r.approvedChanges ?? 0);
    const currentBudget = round2(r.originalBudget + approvedChanges);
    const committed = round2(r.committed ?? 0);
    const remainingCommitment = round2(Math.max(0, committed - (r.committedActual ?? 0)));
    const auto = autoCostToComplete({ currentBudget, actualToDate: actual, remainingCommitment });
    const manual = r.curMethod === 'manual';
    const ctc = manual ? round2(r.curCtc ?? 0) : auto;
    const finalCost = round2(actual + ctc);
    const line: LineSummary = {
      costCodeId: r.costCodeId, budgetId: r.budgetId, projectId: r.projectId, code: r.code, codeDisplay: r.codeDisplay,
      division: r.code.slice(0, 2), description: r.description, type: r.type, costTypeName: r.costTypeName, unitOfMeasure: r.unitOfMeasure,
      originalBudget: r.originalBudget, approvedChanges, currentBudget, committed, actualToDate: actual, remainingCommitment,
      projectionMethod: manual ? 'manual' : 'auto', projectedCostToComplete: ctc, projectedFinalCost: finalCost,
      overUnder: round2(currentBudget - finalCost), priorMonthProjection: r.priorFinal,
      varianceToPrior: r.priorFinal === null ? null : round2(finalCost - r.priorFinal), projectionReason: r.curReason,
      projectionSubmitted: r.curSubmitted === 1, transactionCount: r.transactionCount ?? 0, month: period, modifiedAt,
    };
    const costs = { currentBudget, actual, ctc, finalCost };
    if (params.type === 'unit') {
      const units = quantities(r.budgetUnits, r.actualUnits, r.curUnits, costs);
      Object.assign(line, {
        budgetUnits: units.budget, actualUnits: units.actual, projectedUnits: units.projected,
        budgetUnitCost: units.budgetCost, actualUnitCost: units.actualCost, projectedUnitCost: units.projectedCost,
      });
    } else if (params.type === 'hour') {
      const hours = quantities(r.budgetHours, r.actualHours, r.curHours, costs);
      Object.assign(line, {
        budgetHours: hours.budget, actualHours: hours.actual, projectedHours: hours.projected,
        budgetRate: hours.budgetCost, actualRate: hours.actualCost, projectedRate: hours.projectedCost,
      });
    }
    out.push(line);
  }
  return out;
}

const SUM_FIELDS = [
  'originalBudget', 'approvedChanges', 'currentBudget', 'committed', 'actualToDate', 'remainingCommitment', 'projectedCostToComplete',
  'projectedFinalCost', 'overUnder', 'priorMonthProjection', 'varianceToPrior', 'transactionCount',
  'budgetUnits', 'actualUnits', 'projectedUnits', 'budgetHours', 'actualHours', 'projectedHours',
] as const;

/** Total the lines into one object (the sums of SUM_FIELDS present). */
export function total(lines: readonly LineSummary[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const line of lines) {
    for (const field of SUM_FIELDS) {
      const value = line[field];
      if (typeof value === 'number') sums[field] = round2((sums[field] ?? 0) + value);
    }
  }
  sums.lineCount = lines.length;
  return sums;
}

/** Budget totals for the scope; a roll-up budget totals its children. Ignores lastLoad on lines. */
export function budgetSummaries(db: Database.Database, params: LoadParams): unknown[] {
  const lines = lineSummaries(db, { ...params, lastLoad: undefined });
  const scope = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId', keys: {} });
  const budgets = db.prepare(`SELECT t.budgetId, t.projectId, t.jobNumber, t.displayText, t.budgetLock, t.rollUpBudgetId, t.modifiedAt
    FROM budgets t ${scope.where.length ? 'WHERE ' + scope.where.join(' AND ') : ''} ORDER BY t.jobNumber`).all(...scope.args) as Array<Record<string, unknown>>;
  const children = new Map<number, number[]>();
  for (const b of db.prepare('SELECT budgetId, rollUpBudgetId FROM budgets WHERE rollUpBudgetId IS NOT NULL').all() as Array<{ budgetId: number; rollUpBudgetId: number }>) {
    children.set(b.rollUpBudgetId, [...(children.get(b.rollUpBudgetId) ?? []), b.budgetId]);
  }
  const period = clock.currentPeriod();
  const pending = new Set(pendingProjections(db, period).map((r) => r.budgetId));
  const out: unknown[] = [];
  for (const budget of budgets) {
    const id = budget.budgetId as number;
    const ids = new Set([id, ...(children.get(id) ?? [])]);
    const mine = lines.filter((l) => ids.has(l.budgetId));
    const modifiedAt = max(budget.modifiedAt as string, ...mine.map((l) => l.modifiedAt));
    if (params.lastLoad && modifiedAt <= params.lastLoad) continue;
    out.push({ ...budget, budgetLock: budget.budgetLock === 1, month: period, pendingProjection: pending.has(id), ...total(mine), modifiedAt });
  }
  return out;
}

/** Project totals (every budget of the project; roll-up parents have no lines of their own). */
export function projectSummaries(db: Database.Database, params: LoadParams): unknown[] {
  const lines = lineSummaries(db, { ...params, lastLoad: undefined });
  const byProject = new Map<number, LineSummary[]>();
  for (const line of lines) byProject.set(line.projectId, [...(byProject.get(line.projectId) ?? []), line]);
  const out: unknown[] = [];
  for (const [projectId, mine] of byProject) {
    const project = db.prepare('SELECT projectId, number, name, legalEntityId, classification, modifiedAt FROM projects WHERE projectId = ?').get(projectId) as Record<string, unknown>;
    const modifiedAt = max(project.modifiedAt as string, ...mine.map((l) => l.modifiedAt));
    if (params.lastLoad && modifiedAt <= params.lastLoad) continue;
    out.push({ ...project, month: clock.currentPeriod(), ...total(mine), modifiedAt });
  }
  return out;
}
