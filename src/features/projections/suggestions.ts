/**
 * The "Suggested CTC" column's data (issue 12): the AI service's suggested cost to complete per line
 * (`GET /ai/pfm/getchatbotcostprojections`, AI token; the rule: src/core/cost-suggestion.ts), loaded
 * after the grid has painted so it never delays the grid.
 */
import { getJson } from '../../core/api';
import { SUGGESTIONS_PATH, type LineSuggestion } from '../../core/projections/contract';

/** The key that accepts a line's suggestion into its projected cost to complete. */
export const ACCEPT_KEY = { key: 'Enter', ctrlKey: true, label: 'Ctrl+Enter' } as const;

/** The suggestions fail with a timeout (and offer Retry) when the AI service takes longer than this. */
export const SUGGESTIONS_TIMEOUT_MS = 20_000;

/** The suggestions of budget `budgetId`, by cost code id. */
export async function loadSuggestions(budgetId: number, signal?: AbortSignal): Promise<Map<number, LineSuggestion>> {
  const limit = AbortSignal.timeout(SUGGESTIONS_TIMEOUT_MS);
  const rows = await getJson<LineSuggestion[]>(SUGGESTIONS_PATH, { recordKey: 'Budget', recordId: budgetId },
    { resource: 'ai', signal: signal ? AbortSignal.any([signal, limit]) : limit });
  return new Map((rows ?? []).map((row) => [row.costCodeId, row]));
}

/** The tooltip of a line's suggestion: how it was computed, and how to accept it. */
export function suggestionTooltip(suggestion: LineSuggestion | undefined, readOnly: boolean): string {
  if (!suggestion) return 'Suggested cost to complete: loading…';
  const accept = readOnly || suggestion.suggestedCostToComplete === null ? '' : ` Press ${ACCEPT_KEY.label} on the line to use it as the projected cost to complete.`;
  return `${suggestion.explanation}${accept}`;
}
