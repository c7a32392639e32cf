/**
 * The scope of a PFM screen's loads (§7 recordKey, recordId): the project, else the budget (roll-ups include their
 * children); none without either. One rule for every project screen and the portal's route prefetch, in the core every
 * element loads.
 */

/** A load's scope: a record key and its id. */
export interface ScreenScope {
  recordKey: string;
  recordId: number;
}

/** The scope of a screen opened with `projectId` and `budgetId` (-1 when missing). */
export function screenScope(projectId: number, budgetId: number): ScreenScope | null {
  if (projectId > 0) return { recordKey: 'Project', recordId: projectId };
  if (budgetId > 0) return { recordKey: 'Budget', recordId: budgetId };
  return null;
}
