/**
 * The projection lines shared by the projection grid tests (pfm-projection-grid, tests/unit/projection-lines): one budget's
 * lines in two divisions, with the figures the API answers.
 */
import { resetApi } from '../../src/core/api';
import { $session } from '../../src/core/auth';
import { currentPeriod } from '../../src/core/clock';
import { resetMessages } from '../../src/core/messages';
import { restoreFetch } from '../support/browser';
import type { ProjectionLine } from '../../src/core/projections/contract';

function line(id: number, code: string, type: string, figures: Partial<ProjectionLine> = {}): ProjectionLine {
  const base = {
    costCodeId: id, budgetId: 1, projectId: 1, code, codeDisplay: `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6)}`, division: code.slice(0, 2),
    description: `Line ${id}`, type, costTypeName: type === 'L' ? 'Labor' : 'Subcontract', unitOfMeasure: null,
    originalBudget: 1000, approvedChanges: 0, currentBudget: 1000, committed: 0, actualToDate: 400, remainingCommitment: 0,
    projectionMethod: 'auto' as const, projectedCostToComplete: 600, projectedFinalCost: 1000, overUnder: 0,
    priorMonthProjection: 950, varianceToPrior: 50, projectionReason: null, modifiedAt: '2026-11-01T00:00:00.000Z',
    pendingBudgetChanges: 0, pendingCostChanges: 0, currentBudgetWithPending: 1000, estimateAtCompletionWithPending: 1000,
    pluggedBy: null, pluggedQuantity: null, pluggedRate: null,
    month: currentPeriod(), projectionSubmitted: false, projectionSubmittedBy: null, projectionSubmittedById: null, projectionSubmittedAt: null,
  };
  return { ...base, ...figures };
}

/** Two divisions (03 Concrete: two lines; 05 Metals: one manual line). */
export const LINES: ProjectionLine[] = [
  line(11, '03300000', 'L', { originalBudget: 1234.5, currentBudget: 1234.5, actualToDate: 234.5, projectedCostToComplete: 1000, projectedFinalCost: 1234.5, overUnder: 0, priorMonthProjection: 1200, varianceToPrior: 34.5 }),
  line(12, '03300000', 'S'),
  line(13, '05120000', 'S', { projectionMethod: 'manual', projectedCostToComplete: 900, projectedFinalCost: 1300, overUnder: -300, priorMonthProjection: null, varianceToPrior: null }),
];

/** A grid test's page: signed in as pm with a clean local storage before each test; emptied and signed out after. */
export function useGridTestPage(): void {
  beforeEach(() => {
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } });
    localStorage.clear();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetApi();
    resetMessages();
    $session.set({ status: 'signedOut', account: null });
  });
}
