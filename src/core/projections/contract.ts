/**
 * The projections area's contract (issue 30): the paths the projection grid calls and the shapes they
 * answer. Types and constants only; the view, its store and its rules live in src/features/projections.
 *
 * The automatic cost to complete and the line figures the demo host shares stay in src/core/projection.ts
 * (the host's summaries and the data-quality rules import them there).
 */
import type { CostSuggestion } from '../cost-suggestion';
import type { BudgetLineFigures } from '../projection';

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
