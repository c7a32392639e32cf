/**
 * The automatic projected cost to complete of a budget line: the larger of the budget not yet spent
 * and the commitment still open, never below 0, in cents. One rule for the projection grid and the
 * demo host (ARCHITECTURE: one table, two enforcers).
 */
export function autoCostToComplete(line: { currentBudget: number; actualToDate: number; remainingCommitment: number }): number {
  return Math.round(Math.max(0, line.currentBudget - line.actualToDate, line.remainingCommitment) * 100) / 100;
}
