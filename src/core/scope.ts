/**
 * The scope of a PFM screen's loads (§7 recordKey, recordId): the project, else the budget (roll-ups include their
 * children); none without either. One rule for every project screen and the portal's route prefetch, in the core every
 * element loads.
 */

/** A load's scope: a record key and its id (a type, not an interface: it is a load's query as it is). */
export type ScreenScope = { recordKey: string; recordId: number };

/** The scope of a screen opened with `projectId` and `budgetId` (-1 when missing). */
export function screenScope(projectId: number, budgetId: number): ScreenScope | null {
  if (projectId > 0) return { recordKey: 'Project', recordId: projectId };
  if (budgetId > 0) return { recordKey: 'Budget', recordId: budgetId };
  return null;
}

/** A load of open and closed records (§7 `open`): the query as is answers the open ones, `open=false` the closed ones. */
export function openAndClosed<Q extends Record<string, string | number | boolean>>(query: Q): readonly [Q, Q & { open: false }] {
  return [query, { ...query, open: false }];
}
