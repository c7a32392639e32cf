/**
 * THE table of the API's routes, computed from the areas' declarations (declare.ts): method, path,
 * access and note of each, collected from every area's handler map. A route is declared once, beside
 * its handler; this module only gathers them.
 *
 * While the areas move over, a bare handler still takes its row from routes.ts (LEGACY_ROUTES).
 */
import type { Handlers } from './context';
import { isDeclaration } from './declare';
import { LEGACY_ROUTES, routeKey, type RouteSpec } from './routes';
import { sessionHandlers } from './session';
import { lookupHandlers } from './lookups';
import { applicationHandlers } from './applications';
import { loadHandlers } from './pfm/loads';
import { fileHandlers } from './pfm/files';
import { projectionWriteHandlers } from './pfm/projections/writes';
import { stateHandlers } from './pfm/change-management/state-updates';
import { changeWriteHandlers } from './pfm/change-management/writes';
import { commitmentWriteHandlers } from './pfm/commitments/writes';
import { directCostWriteHandlers } from './pfm/direct-costs/writes';
import { dataQualityHandlers } from './pfm/data-quality/issues';
import { costAdjustmentWriteHandlers } from './pfm/cost-adjustments/writes';
import { opportunityHandlers } from './pfm/opportunities/opportunities';
import { surveyHandlers } from './pfm/surveys/surveys';
import { documentTemplateHandlers } from './pfm/documents/templates';
import { historyHandlers } from './pfm/history/history';
import { esignHandlers } from './pfm/esign/envelopes';
import { requestHandlers } from './time-off/requests';
import { holidayHandlers } from './time-off/holidays';
import { timeOffStateHandlers } from './time-off/states';
import { timecardsHandlers } from './timecards';
import { riskHandlers } from './risk';
import { toolboxHandlers } from './toolbox';
import { adminHandlers } from './admin';
import { billingHandlers } from './billing';
import { approvalHandlers } from './approval-routes';

const AREAS: readonly Handlers[] = [
  sessionHandlers, lookupHandlers, applicationHandlers, loadHandlers, fileHandlers, projectionWriteHandlers, stateHandlers, changeWriteHandlers, commitmentWriteHandlers, directCostWriteHandlers, dataQualityHandlers, costAdjustmentWriteHandlers, opportunityHandlers, surveyHandlers, documentTemplateHandlers, historyHandlers, esignHandlers, requestHandlers, holidayHandlers, timeOffStateHandlers, timecardsHandlers, riskHandlers, toolboxHandlers, adminHandlers, billingHandlers, approvalHandlers,
];

/** Every route's handler or declaration, by `METHOD /path` (lower case); a route declared twice stops the host. */
export const ALL_HANDLERS: Handlers = (() => {
  const all: Handlers = {};
  for (const area of AREAS) {
    for (const [key, entry] of Object.entries(area)) {
      if (all[key]) throw new Error(`route-table: ${key} is declared twice`);
      all[key] = entry;
    }
  }
  return all;
})();

function table(): RouteSpec[] {
  const legacy = new Map(LEGACY_ROUTES.map((row) => [routeKey(row.method, row.path), row]));
  const routes: RouteSpec[] = [];
  for (const [key, entry] of Object.entries(ALL_HANDLERS)) {
    if (isDeclaration(entry)) {
      routes.push({ method: entry.method, path: entry.path, access: entry.access, note: entry.note });
      continue;
    }
    const row = legacy.get(key);
    if (!row) throw new Error(`route-table: handler without a declaration or a row: ${key}`);
    routes.push(row);
  }
  const missing = [...legacy.keys()].filter((key) => !ALL_HANDLERS[key]);
  if (missing.length) throw new Error(`route-table: rows without a handler: ${missing.join(', ')}`);
  return routes;
}

/** The API's routes: method, path, access and what each is for. */
export const API_ROUTES: readonly RouteSpec[] = table();
