/**
 * SaveProjections of one budget line's manual cost to complete, as the projection grid sends it (the reason only
 * where one is given): the setup of the tests that need a re-forecast line before what they check.
 */
import { PROJECTION_PATHS } from '../../../src/core/projections/contract';
import type { Answer, apiClient } from '../api-client';

export interface ManualProjection {
  budgetId: number;
  costCodeId: number;
  value: string | number;
  reason?: string;
}

export function saveManualProjection(api: Pick<ReturnType<typeof apiClient>, 'post'>, login: string, line: ManualProjection): Promise<Answer> {
  return api.post(login, PROJECTION_PATHS.save, {
    BudgetId: line.budgetId, 'projections[0].costCodeId': line.costCodeId, 'projections[0].method': 'manual', 'projections[0].value': line.value,
    ...(line.reason === undefined ? {} : { 'projections[0].reason': line.reason }),
  });
}
