/**
 * The §7 loads of projects and projections (the table of loads.ts): projects, their budgets, the
 * cost-code transaction summaries a projection grid shows (per line, budget and project; summaries.ts),
 * the records behind their pending exposure, and the projects menu with each budget's pending projection.
 */
import { rowsToApi } from '../../rows';
import { keysOf, type ScopeColumns } from '../../scope';
import * as clock from '../../../../../src/core/clock';
import { runRecordLoad, type RecordLoad, type RecordLoads, type Row, type SpecialLoads } from '../load-kinds';
import { budgetSummaries, lineSummaries, pendingExposure, projectSummaries } from './summaries';
import { pendingProjections } from './pending';

// The SELECTs of projects and budgets, shared by these loads and the single-object lookups (lookups.ts), so a record
// looks the same whichever call returns it. Each is `SELECT … FROM … ` with the main table aliased `t`; callers append
// WHERE/ORDER BY.

export const PROJECT_SELECT = `SELECT t.projectId, t.legalEntityId, t.number, t.name, t.classification, t.budgetId, t.legacyProjectId,
  t.legacyBudgetId, t.buyoutProjectId, t.procoreProjectId, t.projectDescription, t.city, t.state, t.projectManagerEmployeeId,
  pm.preferredName AS projectManagerName, t.regionalProjectManagerEmployeeId, t.regionId, t.contractAmount, t.startDate, t.completionDate,
  t.active, t.displayText, le.displayText AS legalEntityName, t.modifiedAt
  FROM projects t JOIN legal_entities le ON le.legalEntityId = t.legalEntityId
  LEFT JOIN employees pm ON pm.employeeId = t.projectManagerEmployeeId`;

export const BUDGET_SELECT = `SELECT t.budgetId, t.projectId, t.jobNumber, t.name, t.displayText, t.budgetLock, t.budgetLockReason,
  t.rollUpBudgetId, p.name AS projectName, p.legalEntityId, p.classification, t.modifiedAt
  FROM budgets t JOIN projects p ON p.projectId = t.projectId`;

const PROJECTS: RecordLoad = { select: PROJECT_SELECT, columns: { project: 't.projectId' }, openExpr: 't.active = 1', orderBy: 't.number' };

export const PROJECTION_RECORD_LOADS: RecordLoads = {
  getprojects: PROJECTS,
  getbudgets: {
    select: BUDGET_SELECT, columns: { project: 't.projectId', budget: 't.budgetId' }, openExpr: 'p.active = 1', orderBy: 't.jobNumber',
  },
};

const lineKeys: ScopeColumns = { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } };

export const PROJECTION_SPECIAL_LOADS: SpecialLoads = {
  getcostcodetransactionsummary: { keys: keysOf(lineKeys), type: true, run: lineSummaries },
  getcostcodetransactionsummarybudget: { keys: keysOf({}), type: true, run: budgetSummaries },
  getcostcodetransactionsummaryproject: { keys: keysOf({}), type: true, run: projectSummaries },
  // The records behind a line's (or a budget's) pending budget and cost changes (summaries.ts pendingExposure).
  getpendingexposure: { keys: keysOf(lineKeys), run: pendingExposure },
  'projects/getmenu': {
    keys: keysOf({}),
    open: true,
    run: (db, params, user) => {
      const projects = runRecordLoad(db, PROJECTS, params, user);
      const budgets = db.prepare(`SELECT budgetId, projectId, jobNumber, name, displayText, budgetLock, rollUpBudgetId FROM budgets ORDER BY jobNumber`).all() as Row[];
      const pending = new Set(pendingProjections(db, clock.currentPeriod()).map((r) => r.budgetId));
      return projects.map((p) => ({
        ...p, isCM: p.classification === 'CM',
        budgets: rowsToApi(budgets.filter((b) => b.projectId === p.projectId)).map((b) => ({ ...b, pendingProjection: pending.has(b.budgetId as number) })),
      }));
    },
  },
};
