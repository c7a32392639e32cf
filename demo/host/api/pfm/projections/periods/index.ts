/**
 * Forecast periods' routes (issue 32; paths, wire types and the compare / "why did it move" rules:
 * src/core/projections/periods.ts; reads and writes: ./store). ACCESS.pfm, each budget id checked by the team guard
 * through its declared scope (a write refuses a Viewer) and here against the budget as loaded.
 *
 * | route | parameters | who |
 * |---|---|---|
 * | POST CloseForecastPeriod | BudgetId or RegionId, Month (YYYY-MM: the current month or an earlier open one) | keyPFM Admin, or the keyPFM RPM of the project's region (or the project's RPM) |
 * | POST ReopenForecastPeriod | BudgetId, Month, Reason | keyPFM Admin |
 * | GET getforecastperiods | recordKey Budget, recordId | the team |
 * | GET getforecastcomparison | recordKey Budget, recordId, from (YYYY-MM), to (YYYY-MM or 'current') | the team |
 * | GET getforecastmovement | recordKey Budget, recordId, from, to (YYYY-MM or 'current') | the team |
 *
 * Closing region-wide closes every budget of the region's active projects that is not a roll-up and whose month is
 * open, in one transaction; budgets already closed are listed, not closed again (all closed already: refused).
 */
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../../../../src/core/access';
import * as clock from '../../../../../../src/core/clock';
import {
  compareSnapshots, CURRENT_FIGURES, FORECAST_PERIOD_PATHS as PATHS, periodLabel, whyMoved, type CloseResult, type SnapshotLine, type SourceRecord,
} from '../../../../../../src/core/projections/periods';
import type { Caller } from '../../../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../../declare';
import { autoAlert, badRequest, forbidden, notFound } from '../../../http';
import {
  closeBudgetPeriod, closedText, currentLines, currentSources, periodOf, periodsOf, reopenBudgetPeriod, snapshotLines, snapshotSources,
} from './store';

interface BudgetRow {
  budgetId: number;
  jobNumber: string;
  projectId: number;
  regionId: number | null;
  regionalProjectManagerEmployeeId: number | null;
  children: number;
}

const BUDGET_SQL = `SELECT b.budgetId, b.jobNumber, b.projectId, p.regionId, p.regionalProjectManagerEmployeeId,
    (SELECT count(*) FROM budgets c WHERE c.rollUpBudgetId = b.budgetId) AS children
  FROM budgets b JOIN projects p ON p.projectId = b.projectId`;

function budgetOr404(db: Database.Database, budgetId: number): BudgetRow {
  const budget = db.prepare(`${BUDGET_SQL} WHERE b.budgetId = ?`).get(budgetId) as BudgetRow | undefined;
  if (!budget) throw notFound(`Budget ${budgetId} not found.`);
  return budget;
}

const isAdmin = (user: Pick<Caller, 'roles'>) => roleAllows(user.roles, 'keyPFM', ['Admin']);
const regionOf = (db: Database.Database, employeeId: number) =>
  (db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').pluck().get(employeeId) as number | null | undefined) ?? null;

/** True when the caller may close a period of region `regionId` (a project: with its RPM). */
function mayClose(db: Database.Database, user: Caller, regionId: number | null, projectRpm?: number | null): boolean {
  if (isAdmin(user)) return true;
  if (!roleAllows(user.roles, 'keyPFM', ['RPM'])) return false;
  if (projectRpm != null && projectRpm === user.employeeId) return true;
  return regionId !== null && regionOf(db, user.employeeId) === regionId;
}

const CLOSE_WHO = "Closing a forecast period needs keyPFM Admin, or the RPM of the project's region";

const CLOSE = {
  BudgetId: p.id({ scope: 'Budget' }),
  RegionId: p.id(),
  Month: p.month({ required: true }),
};

function closePeriod({ db, params, user }: RouteCtx<ParamsOf<typeof CLOSE>>): CloseResult {
  const fn = 'CloseForecastPeriod';
  if ((params.BudgetId === undefined) === (params.RegionId === undefined)) {
    throw badRequest('Send BudgetId (one budget) or RegionId (every budget of the region), not both.', { parameter: params.BudgetId ? 'RegionId' : 'BudgetId' });
  }
  const month = params.Month;
  const current = clock.currentPeriod();
  if (month > current) throw autoAlert(fn, `${periodLabel(month)} has not begun: close ${periodLabel(current)} or an earlier month.`);
  let budgets: BudgetRow[];
  if (params.BudgetId !== undefined) {
    const budget = budgetOr404(db, params.BudgetId);
    if (!mayClose(db, user, budget.regionId, budget.regionalProjectManagerEmployeeId)) throw forbidden(`${CLOSE_WHO} (budget ${budget.jobNumber}).`);
    if (budget.children > 0) throw autoAlert(fn, `Budget ${budget.jobNumber} is a roll-up budget: close the periods of its child budgets.`);
    const closed = periodOf(db, budget.budgetId, month);
    if (closed?.state === 'Closed') throw autoAlert(fn, `${closedText(closed, budget.jobNumber)}.`, { closedBy: closed.closedBy, closedAt: closed.closedAt });
    budgets = [budget];
  } else {
    const region = db.prepare('SELECT regionId, name FROM regions WHERE regionId = ?').get(params.RegionId) as { regionId: number; name: string } | undefined;
    if (!region) throw notFound(`Region ${params.RegionId} not found.`);
    if (!mayClose(db, user, region.regionId)) throw forbidden(`${CLOSE_WHO} (${region.name}).`);
    budgets = db.prepare(`${BUDGET_SQL} WHERE p.regionId = ? AND p.active = 1 AND NOT EXISTS (SELECT 1 FROM budgets c WHERE c.rollUpBudgetId = b.budgetId)
      ORDER BY b.jobNumber`).all(region.regionId) as BudgetRow[];
    if (!budgets.length) throw autoAlert(fn, `${region.name} has no active budgets to close.`);
  }
  const at = clock.nowIso();
  return db.transaction((): CloseResult => {
    const result: CloseResult = { month, closed: [], alreadyClosed: [], lines: 0, carriedForward: 0 };
    for (const budget of budgets) {
      const period = periodOf(db, budget.budgetId, month);
      if (period?.state === 'Closed') {
        result.alreadyClosed.push({ budgetId: budget.budgetId, jobNumber: budget.jobNumber, closedByName: period.closedByName, closedAt: period.closedAt });
        continue;
      }
      const done = closeBudgetPeriod(db, budget.budgetId, month, user.employeeId, at);
      result.closed.push({ budgetId: budget.budgetId, jobNumber: budget.jobNumber, ...done });
      result.lines += done.lines;
      result.carriedForward += done.carriedForward;
    }
    if (!result.closed.length) throw autoAlert(fn, `${periodLabel(month)} is closed already on every budget of the region.`);
    return result;
  }).immediate();
}

const REOPEN = {
  BudgetId: p.id({ required: true, scope: 'Budget' }),
  Month: p.month({ required: true }),
  Reason: p.string(2000, { required: true }),
};

function reopenPeriod({ db, params, user }: RouteCtx<ParamsOf<typeof REOPEN>>): unknown {
  const fn = 'ReopenForecastPeriod';
  const budget = budgetOr404(db, params.BudgetId);
  if (!isAdmin(user)) throw forbidden('Re-opening a closed forecast period needs keyPFM Admin.');
  const at = clock.nowIso();
  return db.transaction(() => {
    const period = periodOf(db, budget.budgetId, params.Month);
    if (period?.state !== 'Closed') throw autoAlert(fn, `${periodLabel(params.Month)} of budget ${budget.jobNumber} is not closed.`);
    const superseded = reopenBudgetPeriod(db, budget.budgetId, params.Month, user.employeeId, params.Reason, at);
    return { budgetId: budget.budgetId, month: params.Month, state: 'Open', superseded };
  }).immediate();
}

// --- reads ----------------------------------------------------------------------------------------

const BUDGET_LOAD = {
  recordKey: p.recordKey(['Budget'], { required: true }),
  recordId: p.id({ required: true, scope: { keyParam: 'recordKey' } }),
};
const COMPARE = { ...BUDGET_LOAD, from: p.month({ required: true }), to: p.string(20, { required: true }) };

interface Side { label: string; lines: SnapshotLine[]; sources: SourceRecord[] }

/** The two sides of a comparison: `from` a closed month's snapshot, `to` one too or the figures now; 400 for bad input. */
function sides(db: Database.Database, params: ParamsOf<typeof COMPARE>, fn: string): { budget: BudgetRow; from: Side; to: Side } {
  const budget = budgetOr404(db, params.recordId);
  const to = params.to.toLowerCase() === CURRENT_FIGURES ? CURRENT_FIGURES : params.to;
  if (to !== CURRENT_FIGURES) {
    if (!clock.isPeriod(to)) throw badRequest(`Parameter 'to' must be a month (YYYY-MM) or '${CURRENT_FIGURES}' (got '${params.to.slice(0, 20)}').`, { parameter: 'to' });
    if (params.from > to) throw badRequest(`'from' (${params.from}) is after 'to' (${to}).`, { parameter: 'from' });
  }
  const snapshot = (month: string): Side => {
    const lines = snapshotLines(db, budget.budgetId, month);
    if (!lines.length) throw autoAlert(fn, `Budget ${budget.jobNumber} has no snapshot of ${periodLabel(month)}: the month is not closed.`);
    return { label: month, lines, sources: snapshotSources(db, budget.budgetId, month) };
  };
  const from = snapshot(params.from);
  const after = to === CURRENT_FIGURES
    ? { label: CURRENT_FIGURES, lines: currentLines(db, budget.budgetId), sources: currentSources(db, budget.budgetId) }
    : snapshot(to);
  return { budget, from, to: after };
}

export const forecastPeriodHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: PATHS.close,
    note: "added: BudgetId or RegionId, Month → snapshot per line, month Closed, projections carried into the next month (keyPFM Admin or the region's RPM)",
    params: CLOSE, handler: closePeriod,
  }),
  route({
    method: 'POST', path: PATHS.reopen,
    note: 'added: BudgetId, Month, Reason → the snapshot superseded (kept), the month Open (keyPFM Admin)',
    params: REOPEN, handler: reopenPeriod,
  }),
  route({
    method: 'GET', path: PATHS.periods, note: "added: recordKey Budget, recordId → the budget's months: state, who and when, snapshots (superseded too)",
    params: BUDGET_LOAD,
    handler: ({ db, params }) => periodsOf(db, budgetOr404(db, params.recordId).budgetId, clock.currentPeriod()),
  }),
  route({
    method: 'GET', path: PATHS.comparison,
    note: "added: recordKey Budget, recordId, from, to (YYYY-MM or 'current') → per line and total: each figure's change and the reasons, largest movement first",
    params: COMPARE,
    handler: ({ db, params }) => {
      const { from, to } = sides(db, params, 'getforecastcomparison');
      return compareSnapshots(from.lines, to.lines, { from: from.label, to: to.label });
    },
  }),
  route({
    method: 'GET', path: PATHS.movement,
    note: "added: recordKey Budget, recordId, from, to (YYYY-MM or 'current') → the change of the estimate at completion by source, with the records",
    params: COMPARE,
    handler: ({ db, params }) => {
      const { from, to } = sides(db, params, 'getforecastmovement');
      return whyMoved(from.lines, to.lines, { before: from.sources, after: to.sources }, { from: from.label, to: to.label });
    },
  }),
]);
