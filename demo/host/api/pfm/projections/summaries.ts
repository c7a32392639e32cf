/**
 * Cost-code transaction summaries: everything a projection grid needs per budget line, and the
 * same totalled per budget and per project (§3 "cost code transaction with summary … unit and hour
 * variants", issue 5's grid columns).
 *
 * Per line: original budget; approved changes (approved amounts of change event items that are
 * Approved, Pending Commitment or Committed on change events that are Approved or Complete and not on
 * an owner change order still in Draft or Pending Approval, plus the items of posted, i.e. Reconciled,
 * cost adjustments); current budget; committed (items of subcontracts and purchase agreements Executed
 * or Closed and of purchase orders Issued, Received or Closed, plus approved change orders); actual to
 * date (transactions of kind 'actual': a posted cost adjustment's are 'budgetTransfer', migration 030);
 * remaining commitment (committed minus what was billed against commitments, never below 0); projected
 * cost to complete (the saved manual value of the current period, else automatic: the larger of budget
 * left and remaining commitment, never below 0); projected final cost; over/under; the prior period's
 * submitted projected final cost and the variance to it.
 *
 * Pending exposure (issue 32; the records behind it: {@link pendingExposure}): pending budget changes
 * (items of change events Open or Pending, weighted by the event's probability; approved items of change
 * events on an owner change order not yet approved) and pending cost changes (items of subcontracts and
 * purchase agreements in Draft or Pending Signature and of purchase orders in Draft, of commitment change
 * orders in Draft or Pending Approval, of direct costs in Draft or Pending Approval). One grouped CTE per
 * source over the scope's lines: no query per line.
 */
import type Database from 'better-sqlite3';
import { pendingProjections } from './pending';
import * as clock from '../../../../../src/core/clock';
import { CODE_DISPLAY_SQL } from '../../rows';
import { scopeWhere, type LoadParams } from '../../scope';
import { autoCostToComplete, type BudgetLineFigures, type PendingExposureRecord } from '../../../../../src/core/projections/contract';
import { unitsAreHours } from '../../../../../src/core/projections/entry';
import { COMMITTED_STATES as COMMITTED } from '../../../../../src/core/commitments/terms';

export interface LineSummary extends BudgetLineFigures {
  codeDisplay: string;
  division: string;
  transactionCount: number;
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
  curSubmitted: number | null; curSubmittedBy: number | null; curSubmittedByName: string | null; curSubmittedAt: string | null;
  curModifiedAt: string | null; priorFinal: number | null;
  curPluggedQuantity: number | null; curPluggedRate: number | null; curPluggedBy: 'units' | 'hours' | null;
  pendingBudgetChanges: number | null; pendingCostChanges: number | null;
}

/** States by record kind, as SQL lists (names of application_record_states). */
const sqlList = (names: readonly string[]) => `(${names.map((n) => `'${n}'`).join(', ')})`;
const APPROVED_ITEM_STATES = "('Approved', 'Pending Commitment', 'Committed')";
const APPROVED_EVENT_STATES = "('Approved', 'Complete')";
const PENDING_EVENT_STATES = "('Open', 'Pending')";
const DROPPED_ITEM_STATES = "('Rejected', 'Canceled', 'Void')";
const PENDING_OWNER_CHANGE_ORDER_STATES = "('Draft', 'Pending Approval')";

const STATE = (alias: string, of: string) => `JOIN application_record_states ${alias} ON ${alias}.applicationRecordStateId = ${of}.applicationRecordStateId`;

/**
 * The record kinds whose items put cost on a line: the record's table and id, its items' table, the states in
 * which its items count as committed (none: never committed) and as pending cost.
 */
interface CostRecordKind {
  recordKey: string; table: string; id: string; items: string; committed: readonly string[]; pending: readonly string[];
  /** More of the record's own condition (alias c). */
  only?: string;
}
const COST_RECORD_KINDS: readonly CostRecordKind[] = [
  // Committed once signed (issue 31): Executed (purchase orders: Issued) onward; Draft and Pending Signature are pending.
  { recordKey: 'Subcontract', table: 'subcontracts', id: 'subcontractId', items: 'subcontract_items',
    committed: COMMITTED.Subcontract, pending: ['Draft', 'Pending Signature'] },
  { recordKey: 'PurchaseAgreement', table: 'purchase_agreements', id: 'purchaseAgreementId', items: 'purchase_agreement_items',
    committed: COMMITTED.PurchaseAgreement, pending: ['Draft', 'Pending Signature'] },
  { recordKey: 'PurchaseOrder', table: 'purchase_orders', id: 'purchaseOrderId', items: 'purchase_order_items',
    committed: COMMITTED.PurchaseOrder, pending: ['Draft'], only: 'c.purchaseAgreementId IS NULL' },
  { recordKey: 'SubcontractChangeOrder', table: 'subcontract_change_orders', id: 'subcontractChangeOrderId', items: 'subcontract_change_order_items',
    committed: ['Approved'], pending: ['Draft', 'Pending Approval'] },
  { recordKey: 'PurchaseAgreementChangeOrder', table: 'purchase_agreement_change_orders', id: 'purchaseAgreementChangeOrderId',
    items: 'purchase_agreement_change_order_items', committed: ['Approved'], pending: ['Draft', 'Pending Approval'] },
  { recordKey: 'DirectCost', table: 'direct_costs', id: 'directCostId', items: 'direct_cost_items', committed: [], pending: ['Draft', 'Pending Approval'] },
];

/** `columns` of the items (alias i) of records of `kind` (alias c, state s) in `states`, the parts of a UNION ALL. */
const costItemsSql = (states: (kind: CostRecordKind) => readonly string[], columns: (kind: CostRecordKind) => string, where = '') =>
  COST_RECORD_KINDS.filter((kind) => states(kind).length > 0).map((kind) => `
      SELECT ${columns(kind)} FROM ${kind.items} i JOIN ${kind.table} c USING (${kind.id}) ${STATE('s', 'c')}
      WHERE s.name IN ${sqlList(states(kind))}${kind.only ? ` AND ${kind.only}` : ''}${where}`).join('\n      UNION ALL');

/**
 * The pending records of the lines in CTE `lines`, one row per record item: side 'budget' or 'cost', the
 * record (key, id, number, state), the item's amount and the weight in percent (a change event's
 * probability; 100 otherwise). Used grouped per line ({@link lineSummaries}) and per record ({@link pendingExposure}).
 */
const PENDING_ITEMS_SQL = `
      SELECT i.costCodeId, 'budget' AS side, 'ChangeEvent' AS recordKey, ce.changeEventId AS recordId, ce.number, sc.name AS state,
        coalesce(i.approvedAmount, i.proposedAmount, i.estimatedAmount, 0) AS amount, ce.probability AS weight
      FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId ${STATE('si', 'i')} ${STATE('sc', 'ce')}
      WHERE sc.name IN ${PENDING_EVENT_STATES} AND si.name NOT IN ${DROPPED_ITEM_STATES} AND i.costCodeId IN (SELECT costCodeId FROM lines)
      UNION ALL
      SELECT i.costCodeId, 'budget', 'OwnerAgreementChangeOrder', o.ownerAgreementChangeOrderId, o.number, so.name, coalesce(i.approvedAmount, 0), 100
      FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId ${STATE('si', 'i')} ${STATE('sc', 'ce')}
        JOIN owner_agreement_change_orders o ON o.ownerAgreementChangeOrderId = ce.ownerAgreementChangeOrderId ${STATE('so', 'o')}
      WHERE so.name IN ${PENDING_OWNER_CHANGE_ORDER_STATES} AND si.name IN ${APPROVED_ITEM_STATES} AND sc.name IN ${APPROVED_EVENT_STATES}
        AND i.costCodeId IN (SELECT costCodeId FROM lines)
      UNION ALL${costItemsSql((kind) => kind.pending,
    (kind) => `i.costCodeId, 'cost', '${kind.recordKey}', c.${kind.id}, c.number, s.name, i.amount, 100`,
    ' AND i.costCodeId IN (SELECT costCodeId FROM lines)')}`;

/** The committed items (costCodeId, amount) of every line. */
const COMMITTED_ITEMS_SQL = costItemsSql((kind) => kind.committed, () => 'i.costCodeId, i.amount');

/**
 * A line's quantities (units or hours) and the cost of one: budgeted, to date, and projected (as
 * entered, else the actual quantity plus the cost to complete at the budget's cost of one).
 */
function quantities(budget: number, actualRaw: number | null, entered: number | null, plugged: number | null,
  costs: { currentBudget: number; actual: number; ctc: number; finalCost: number }) {
  const actual = round2(actualRaw ?? 0);
  const budgetCostOfOne = budget > 0 ? costs.currentBudget / budget : 0;
  // A plugged quantity to complete (units or hours × rate) is what the user typed: projected = to date + it.
  const projected = plugged !== null ? round2(actual + plugged) : entered ?? round2(actual + (budgetCostOfOne > 0 ? costs.ctc / budgetCostOfOne : 0));
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
      -- Actual cost only: a budget transfer (kind 'budgetTransfer') moves budget (approved changes below), not cost.
      SELECT x.costCodeId, sum(CASE WHEN x.kind = 'actual' THEN x.amount ELSE 0 END) AS actualToDate,
        sum(CASE WHEN x.kind = 'actual' THEN x.units ELSE 0 END) AS actualUnits, sum(CASE WHEN x.kind = 'actual' THEN x.hours ELSE 0 END) AS actualHours,
        count(*) AS transactionCount, max(x.modifiedAt) AS lastTransaction,
        sum(CASE WHEN x.kind = 'actual' AND x.sourceRecordKey IN ('Subcontract', 'PurchaseAgreement', 'PurchaseOrder') THEN x.amount ELSE 0 END) AS committedActual
      FROM cost_code_transactions x WHERE x.costCodeId IN (SELECT costCodeId FROM lines) GROUP BY x.costCodeId),
    commitments AS (${COMMITTED_ITEMS_SQL}),
    committed AS (SELECT costCodeId, sum(amount) AS committed FROM commitments WHERE costCodeId IN (SELECT costCodeId FROM lines) GROUP BY costCodeId),
    changes AS (
      SELECT costCodeId, sum(amount) AS approvedChanges FROM (
        SELECT i.costCodeId, coalesce(i.approvedAmount, 0) AS amount
        FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId
          JOIN application_record_states si ON si.applicationRecordStateId = i.applicationRecordStateId
          JOIN application_record_states sc ON sc.applicationRecordStateId = ce.applicationRecordStateId
        WHERE si.name IN ${APPROVED_ITEM_STATES} AND sc.name IN ${APPROVED_EVENT_STATES}
          AND i.costCodeId IN (SELECT costCodeId FROM lines)
          -- On an owner change order the owner has not approved yet, the event is a pending budget change (pending below).
          AND NOT EXISTS (SELECT 1 FROM owner_agreement_change_orders o ${STATE('so', 'o')}
            WHERE o.ownerAgreementChangeOrderId = ce.ownerAgreementChangeOrderId AND so.name IN ${PENDING_OWNER_CHANGE_ORDER_STATES})
        UNION ALL
        -- Posted cost adjustments (issue 11): their items change the lines' budget.
        SELECT i.costCodeId, i.amount
        FROM cost_adjustment_items i JOIN cost_adjustments ca ON ca.costAdjustmentId = i.costAdjustmentId
          JOIN application_record_states sa ON sa.applicationRecordStateId = ca.applicationRecordStateId
        WHERE sa.name = 'Reconciled' AND i.costCodeId IN (SELECT costCodeId FROM lines))
      GROUP BY costCodeId),
    pendingItems AS (${PENDING_ITEMS_SQL}),
    pending AS (
      SELECT costCodeId, sum(CASE WHEN side = 'budget' THEN amount * weight / 100.0 ELSE 0 END) AS pendingBudgetChanges,
        sum(CASE WHEN side = 'cost' THEN amount * weight / 100.0 ELSE 0 END) AS pendingCostChanges
      FROM pendingItems GROUP BY costCodeId)
    SELECT l.*, a.actualToDate, a.actualUnits, a.actualHours, a.transactionCount, a.lastTransaction, a.committedActual,
      c.committed, ch.approvedChanges,
      cur.method AS curMethod, cur.projectedCostToComplete AS curCtc, cur.projectedUnits AS curUnits, cur.projectedHours AS curHours,
      cur.reason AS curReason, cur.month = ? AND cur.submitted = 1 AS curSubmitted, cur.modifiedAt AS curModifiedAt, prior.projectedFinalCost AS priorFinal,
      -- Who submitted, when: rows submitted before migration 032 (or seeded) say it as that migration did (the saver, last written).
      coalesce(cur.submittedBy, cur.employeeId) AS curSubmittedBy, sub.preferredName AS curSubmittedByName, coalesce(cur.submittedAt, cur.modifiedAt) AS curSubmittedAt,
      cur.pluggedQuantity AS curPluggedQuantity, cur.pluggedRate AS curPluggedRate, cur.pluggedBy AS curPluggedBy,
      pe.pendingBudgetChanges, pe.pendingCostChanges
    FROM lines l LEFT JOIN actual a ON a.costCodeId = l.costCodeId LEFT JOIN committed c ON c.costCodeId = l.costCodeId
      LEFT JOIN changes ch ON ch.costCodeId = l.costCodeId LEFT JOIN pending pe ON pe.costCodeId = l.costCodeId
      -- The period's projection, or the latest earlier one carried forward into a month that has none yet.
      LEFT JOIN projections cur ON cur.costCodeId = l.costCodeId
        AND cur.month = (SELECT max(q.month) FROM projections q WHERE q.costCodeId = l.costCodeId AND q.month <= ?)
      LEFT JOIN projections prior ON prior.costCodeId = l.costCodeId AND prior.month = ? AND prior.submitted = 1
      LEFT JOIN employees sub ON sub.employeeId = coalesce(cur.submittedBy, cur.employeeId)
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
    const pendingBudgetChanges = round2(r.pendingBudgetChanges ?? 0);
    const pendingCostChanges = round2(r.pendingCostChanges ?? 0);
    const plugged = manual && r.curPluggedBy ? r.curPluggedBy : null;
    const submitted = r.curSubmitted === 1;
    const line: LineSummary = {
      costCodeId: r.costCodeId, budgetId: r.budgetId, projectId: r.projectId, code: r.code, codeDisplay: r.codeDisplay,
      division: r.code.slice(0, 2), description: r.description, type: r.type, costTypeName: r.costTypeName, unitOfMeasure: r.unitOfMeasure,
      originalBudget: r.originalBudget, approvedChanges, currentBudget, committed, actualToDate: actual, remainingCommitment,
      projectionMethod: manual ? 'manual' : 'auto', projectedCostToComplete: ctc, projectedFinalCost: finalCost,
      overUnder: round2(currentBudget - finalCost), priorMonthProjection: r.priorFinal,
      varianceToPrior: r.priorFinal === null ? null : round2(finalCost - r.priorFinal), projectionReason: r.curReason,
      pendingBudgetChanges, pendingCostChanges, currentBudgetWithPending: round2(currentBudget + pendingBudgetChanges),
      estimateAtCompletionWithPending: round2(finalCost + pendingCostChanges),
      pluggedBy: plugged, pluggedQuantity: plugged ? r.curPluggedQuantity : null, pluggedRate: plugged ? r.curPluggedRate : null,
      projectionSubmitted: submitted, projectionSubmittedBy: submitted ? r.curSubmittedByName ?? `employee ${r.curSubmittedBy ?? '?'}` : null,
      projectionSubmittedById: submitted ? r.curSubmittedBy : null, projectionSubmittedAt: submitted ? r.curSubmittedAt : null,
      transactionCount: r.transactionCount ?? 0, month: period, modifiedAt,
    };
    const costs = { currentBudget, actual, ctc, finalCost };
    // A labor line measured in hours has one quantity: its units are its hours (never 45,510 units against 15,435 hours).
    const hourly = unitsAreHours(r);
    const pluggedHours = plugged && (plugged === 'hours' || hourly) ? r.curPluggedQuantity : null;
    const pluggedUnits = plugged && (plugged === 'units' || hourly) ? r.curPluggedQuantity : null;
    if (params.type === 'unit') {
      const units = hourly
        ? quantities(r.budgetHours, r.actualHours, r.curHours ?? r.curUnits, pluggedHours, costs)
        : quantities(r.budgetUnits, r.actualUnits, r.curUnits, pluggedUnits, costs);
      Object.assign(line, {
        budgetUnits: units.budget, actualUnits: units.actual, projectedUnits: units.projected,
        budgetUnitCost: units.budgetCost, actualUnitCost: units.actualCost, projectedUnitCost: units.projectedCost,
      });
    } else if (params.type === 'hour') {
      const hours = quantities(r.budgetHours, r.actualHours, r.curHours ?? (hourly ? r.curUnits : null), pluggedHours, costs);
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
  'pendingBudgetChanges', 'pendingCostChanges', 'currentBudgetWithPending', 'estimateAtCompletionWithPending',
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

/**
 * The records behind the pending figures of the scope's lines (recordKey Budget or CostCode): one row per
 * record and side, its items on the scope's lines added up (amount) and weighted by the change event's
 * probability (weightedAmount, what the pending columns add), largest first within each side.
 */
export function pendingExposure(db: Database.Database, params: LoadParams): PendingExposureRecord[] {
  const scope = scopeWhere(params, { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } });
  const where = scope.where.length ? `WHERE ${scope.where.join(' AND ')}` : '';
  const rows = db.prepare(`
    WITH lines AS (SELECT t.costCodeId FROM cost_codes t JOIN budgets b ON b.budgetId = t.budgetId ${where}),
    pendingItems AS (${PENDING_ITEMS_SQL})
    SELECT side, recordKey, recordId, number, state, weight AS probability, count(*) AS itemCount,
      sum(amount) AS amount, sum(amount * weight / 100.0) AS weightedAmount, group_concat(DISTINCT costCodeId) AS costCodeIds
    FROM pendingItems GROUP BY side, recordKey, recordId ORDER BY side, abs(sum(amount * weight / 100.0)) DESC, recordKey, recordId`)
    .all(...scope.args) as Array<Omit<PendingExposureRecord, 'costCodeIds'> & { costCodeIds: string }>;
  return rows.map((r) => ({
    ...r, amount: round2(r.amount), weightedAmount: round2(r.weightedAmount),
    costCodeIds: r.costCodeIds.split(',').map(Number).sort((a, b) => a - b),
  }));
}
