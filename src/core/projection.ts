/**
 * The automatic projected cost to complete of a budget line: the larger of the budget not yet spent
 * and the commitment still open, never below 0, in cents. One rule for the projection grid and the
 * demo host (ARCHITECTURE: one table, two enforcers).
 */
export function autoCostToComplete(line: { currentBudget: number; actualToDate: number; remainingCommitment: number }): number {
  return Math.round(Math.max(0, line.currentBudget - line.actualToDate, line.remainingCommitment) * 100) / 100;
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
