/**
 * The projections area's contract (issue 30): the paths the projection grid calls, the shapes they
 * answer, and the automatic cost to complete, the one rule the demo host shares (its summaries and the
 * data-quality rules import it here). The view, its store and its other rules live in src/features/projections.
 */
import type { CostSuggestion } from '../cost-suggestion';

/**
 * The automatic projected cost to complete of a budget line: the larger of the budget not yet spent
 * and the commitment still open, never below 0, in cents. One rule for the projection grid and the
 * demo host (ARCHITECTURE: one table, two enforcers).
 */
export function autoCostToComplete(line: { currentBudget: number; actualToDate: number; remainingCommitment: number }): number {
  return Math.round(Math.max(0, line.currentBudget - line.actualToDate, line.remainingCommitment) * 100) / 100;
}

/** The calls the projection grid makes (§7 loads plus the projection writes of demo/host/api/pfm/projections/writes.ts). */
export const PROJECTION_PATHS = {
  budgets: '/api/pfm/getbudgets',
  budget: '/api/pfm/getBudget',
  lines: '/api/pfm/getcostcodetransactionsummary',
  save: '/api/pfm/SaveProjections',
  submit: '/api/pfm/SubmitProjections',
} as const;

/** The AI service's suggested cost to complete per line (issue 12; AI token; the rule: src/core/cost-suggestion.ts). */
export const SUGGESTIONS_PATH = '/ai/pfm/getchatbotcostprojections';

/** The budget as getBudget / getbudgets answer it. */
export interface BudgetInfo {
  budgetId: number;
  projectId: number;
  jobNumber: string;
  name?: string;
  displayText?: string;
  budgetLock: boolean;
  budgetLockReason?: string | null;
  rollUpBudgetId?: number | null;
  projectName?: string;
  legalEntityId?: number;
}

/**
 * One budget line's figures as the cost-code transaction summary answers them: the wire contract
 * between the demo host (demo/host/api/pfm/projections/summaries.ts) and the projection grid, which each add their own fields.
 */
export interface BudgetLineFigures {
  costCodeId: number;
  budgetId: number;
  projectId: number;
  code: string;
  description: string;
  type: string;
  costTypeName: string;
  unitOfMeasure: string | null;
  originalBudget: number;
  approvedChanges: number;
  currentBudget: number;
  committed: number;
  actualToDate: number;
  remainingCommitment: number;
  projectionMethod: 'auto' | 'manual';
  projectedCostToComplete: number;
  projectedFinalCost: number;
  overUnder: number;
  priorMonthProjection: number | null;
  varianceToPrior: number | null;
  projectionReason: string | null;
  modifiedAt: string;
}

/** One budget line as getcostcodetransactionsummary answers it (recordKey Budget). */
export interface ProjectionLine extends BudgetLineFigures {
  codeDisplay?: string;
  division?: string;
  projectionSubmitted?: boolean;
  transactionCount?: number;
  // Unit variant.
  budgetUnits?: number;
  actualUnits?: number;
  projectedUnits?: number;
  budgetUnitCost?: number | null;
  actualUnitCost?: number | null;
  projectedUnitCost?: number | null;
  // Hour variant.
  budgetHours?: number;
  actualHours?: number;
  projectedHours?: number;
  budgetRate?: number | null;
  actualRate?: number | null;
  projectedRate?: number | null;
}

/** One line's suggestion as {@link SUGGESTIONS_PATH} answers it, and as the grid keeps it. */
export type LineSuggestion = CostSuggestion & { costCodeId: number };
