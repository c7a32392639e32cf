/**
 * THE table of the API's routes, computed from the areas' declarations (declare.ts): method, path,
 * access and note of each, collected from every area's handler map. A route is declared once, beside
 * its handler; this module only gathers them.
 */
import type { Handlers } from './context';
import type { RouteSpec } from './routes';
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
import { payApplicationHandlers } from './pfm/pay-applications';
import { forecastPeriodHandlers } from './pfm/projections/periods';
import { dataQualityHandlers } from './pfm/data-quality/issues';
import { costAdjustmentWriteHandlers } from './pfm/cost-adjustments/writes';
import { opportunityHandlers } from './pfm/opportunities/opportunities';
import { surveyHandlers } from './pfm/surveys/surveys';
import { documentTemplateHandlers } from './pfm/document-templates/templates';
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
  sessionHandlers, lookupHandlers, applicationHandlers, loadHandlers, fileHandlers, projectionWriteHandlers, stateHandlers, changeWriteHandlers, commitmentWriteHandlers, directCostWriteHandlers, payApplicationHandlers, forecastPeriodHandlers, dataQualityHandlers, costAdjustmentWriteHandlers, opportunityHandlers, surveyHandlers, documentTemplateHandlers, historyHandlers, esignHandlers, requestHandlers, holidayHandlers, timeOffStateHandlers, timecardsHandlers, riskHandlers, toolboxHandlers, adminHandlers, billingHandlers, approvalHandlers,
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
  return Object.values(ALL_HANDLERS).map((route) => ({ method: route.method, path: route.path, access: route.access, note: route.note }));
}

/** The API's routes: method, path, access and what each is for. */
export const API_ROUTES: readonly RouteSpec[] = table();
