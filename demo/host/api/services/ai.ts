/**
 * The AI service: `GET /ai/pfm/getchatbotcostprojections` (AI token; §7's load, moved here from
 * /api/pfm in issue 12) answers, per projection-grid line in scope (recordKey Budget, Project or
 * CostCode with recordId), a suggested cost to complete: the line's burn rate over the three months
 * before the projection month × the months left until its project's completion date, with a
 * plain-language explanation (the rule: src/core/cost-suggestion.ts). Who may ask: whoever may load
 * the line's cost-code transactions (access.ts).
 */
import { burnWindow, suggestCostToComplete, type CostSuggestion } from '../../../../src/core/cost-suggestion';
import * as clock from '../../../../src/core/clock';
import { badRequest } from '../http';
import { keysOf, loadParams, loadParamSpecs, scopeWhere, type ScopeColumns } from '../scope';
import { requireLoad } from './access';
import { serviceRoute, type ServiceRoute } from './route';

/** One line's suggestion as answered. */
export interface LineSuggestion extends CostSuggestion {
  costCodeId: number;
  budgetId: number;
  projectId: number;
  code: string;
  type: string;
  /** The projection month the suggestion is for ('YYYY-MM'). */
  month: string;
}

const LINE_COLUMNS: ScopeColumns = { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } };

/** The parameters of the suggestions, parsed once (declare.ts): a load's recordKey (exact), recordId and lastLoad. */
const SUGGESTIONS = { method: 'GET', params: loadParamSpecs(keysOf(LINE_COLUMNS)) } as const;

export const aiRoutes: readonly ServiceRoute[] = [
  serviceRoute({
    path: '/pfm/getchatbotcostprojections',
    note: 'recordKey Budget|Project|CostCode, recordId: per line, suggested cost to complete = burn rate (last 3 months) × months left, with its explanation',
    params: SUGGESTIONS.params,
    handler: ({ db, user, params: parsed }): LineSuggestion[] => {
      requireLoad(user, '/api/pfm/getcostcodetransaction');
      const params = loadParams(db, parsed);
      if (!params.recordKey) throw badRequest("Parameter 'recordKey' is required (Budget, Project or CostCode).", { parameter: 'recordKey' });
      const { where, args } = scopeWhere(params, LINE_COLUMNS);
      const period = clock.currentPeriod();
      const window = burnWindow(period);
      const lines = db.prepare(`SELECT t.costCodeId, t.budgetId, b.projectId, t.code, t.type, p.completionDate,
          coalesce((SELECT sum(x.amount) FROM cost_code_transactions x
            WHERE x.costCodeId = t.costCodeId AND x.kind = 'actual' AND x.transactionDate >= ? AND x.transactionDate < ?), 0) AS spentInWindow
        FROM cost_codes t JOIN budgets b ON b.budgetId = t.budgetId JOIN projects p ON p.projectId = b.projectId
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.budgetId, t.code, t.type`)
        .all(window.from, window.to, ...args) as Array<{ costCodeId: number; budgetId: number; projectId: number; code: string; type: string; completionDate: string | null; spentInWindow: number }>;
      return lines.map(({ completionDate, spentInWindow, ...line }) => ({
        ...line, month: period, ...suggestCostToComplete({ period, completionDate, spentInWindow }),
      }));
    },
  }),
];
