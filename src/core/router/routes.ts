/**
 * Every route of §2 as data: path, name, element tag, access, query schema, title parts.
 * The portal's router store, the guard, the header's menus and the demo host all read this table.
 */
import type { AccessArea } from '../access';
import type { QuerySchemaName } from './query';

interface BaseRoute {
  /** Route name used by links (§2 names where the spec gives them). */
  name: string;
  /** Path pattern for @nanostores/router (case-insensitive), or a RegExp for open-ended paths. */
  path: string | RegExp;
}

/** A screen of the portal, shown by its custom element. */
export interface ScreenRoute extends BaseRoute {
  kind: 'screen';
  /** The element that shows the screen. */
  tag: string;
  /** Title parts: '{site} | {area} | {screen}'. Without an area the title is just the screen (or the host for Home). */
  area?: string;
  screen: string;
  /** Access rule (§2); routes without one are open. */
  access?: AccessArea;
  query: QuerySchemaName;
  /** §5: reject entry when projectId or budgetId parses below -1, or both are missing. */
  requiresProjectOrBudget?: boolean;
  /** §5: admin-level screens drop these from the query and from the element's attributes. */
  stripQuery?: readonly string[];
  /** Allowed values of activeTab; anything else falls back to the first. */
  tabs?: readonly string[];
  /** Fixed attributes for the element (e.g. which grid variant). */
  attributes?: Readonly<Record<string, string>>;
}

/** A full-page hand-off to the legacy host, query string passed along (§2). */
export interface HandoffRoute extends BaseRoute {
  kind: 'handoff';
  path: string;
  /** §2: these add noRedirect=1. */
  noRedirect?: boolean;
}

export type RouteDef = ScreenRoute | HandoffRoute;

const PFM = 'PFM';
const PFM_PROJECT = { area: PFM, access: 'pfm', query: 'pfm' } as const;

/** §2 change-management tabs, in order; the first is the fallback. */
export const CHANGE_MANAGEMENT_TABS = ['initiating-documents', 'change-events', 'request-for-proposals', 'change-requests'] as const;

export const ROUTES: readonly RouteDef[] = [
  { kind: 'screen', name: 'home', path: '/', tag: 'portal-home', screen: 'Home', query: 'none' },

  // Administration
  { kind: 'screen', name: 'adminHome', path: '/admin', tag: 'admin-home', area: 'Admin', screen: 'Admin Home', access: 'admin', query: 'none' },
  { kind: 'screen', name: 'appRecords', path: '/admin/app-records', tag: 'admin-app-records', area: 'Admin', screen: 'App Records', access: 'admin', query: 'none' },
  { kind: 'screen', name: 'userManagement', path: '/usermanagement', tag: 'admin-user-management', area: 'Admin', screen: 'User Management', access: 'userManagement', query: 'none' },
  { kind: 'screen', name: 'billing', path: '/billing', tag: 'it-billing', area: 'IT', screen: 'Billing', access: 'billing', query: 'none' },

  // Subcontractor risk
  { kind: 'screen', name: 'sra', path: '/sr/sra', tag: 'sr-sra', area: 'SR', screen: 'SRA', access: 'sra', query: 'slim' },
  { kind: 'screen', name: 'slimqueue', path: '/sr/slimqueue', tag: 'slim-queue', area: 'SR', screen: 'SLIM Queue', access: 'slim', query: 'slim' },
  { kind: 'screen', name: 'slimqueues', path: '/sr/slimqueue/slimqueues', tag: 'slim-queues', area: 'SR', screen: 'SLIM Queues', access: 'slim', query: 'slim' },

  // Project toolbox
  { kind: 'screen', name: 'accessRequest', path: '/accessRequest', tag: 'pt-access-request', area: 'Project Toolbox', screen: 'Access Request', access: 'accessRequest', query: 'project' },
  { kind: 'screen', name: 'defaultAssignments', path: '/defaultAssignments', tag: 'pt-default-assignments', area: 'Project Toolbox', screen: 'Default Assignments', access: 'defaultAssignments', query: 'none' },

  // Employee tools
  { kind: 'screen', name: 'manageTimecards', path: '/teammembertoolbox/timecards', tag: 'tc-manage-timecards', area: 'Timecards', screen: 'Manage Timecards', access: 'timecards', query: 'timecard' },
  { kind: 'screen', name: 'timecard', path: '/teammembertoolbox/timecards/timecard', tag: 'tc-timecard', area: 'Timecards', screen: 'Timecard', access: 'timecards', query: 'timecard' },
  { kind: 'screen', name: 'requests', path: '/teammembertoolbox/requests', tag: 'pto-requests', area: 'Requests', screen: 'PTO Requests', access: 'ptoRequests', query: 'pto' },
  { kind: 'screen', name: 'requestsDeep', path: /^\/teammembertoolbox\/requests\/.+$/i, tag: 'pto-requests', area: 'Requests', screen: 'PTO Requests', access: 'ptoRequests', query: 'pto' },

  // PFM
  { kind: 'screen', name: 'projects', path: '/pfm/projects', tag: 'pfm-projects', area: PFM, screen: 'Projects', query: 'pfm' },
  { kind: 'screen', name: 'changemanagement', path: '/pfm/projects/changemanagement', tag: 'pfm-change-management', screen: 'Change Management', tabs: CHANGE_MANAGEMENT_TABS, ...PFM_PROJECT },
  { kind: 'screen', name: 'commitments', path: '/pfm/projects/commitments', tag: 'pfm-commitments', screen: 'Commitments', ...PFM_PROJECT },
  { kind: 'screen', name: 'costadjustments', path: '/pfm/projects/costadjustments', tag: 'pfm-cost-adjustments', screen: 'Cost Adjustments', ...PFM_PROJECT },
  { kind: 'screen', name: 'directcosts', path: '/pfm/projects/directcosts', tag: 'pfm-direct-costs', screen: 'Direct Costs', ...PFM_PROJECT },
  { kind: 'screen', name: 'payapplications', path: '/pfm/projects/payapplications', tag: 'pfm-pay-applications', screen: 'Pay Applications', ...PFM_PROJECT },
  { kind: 'screen', name: 'dataquality', path: '/pfm/projects/dataquality', tag: 'pfm-data-quality', screen: 'Data Quality', ...PFM_PROJECT },
  { kind: 'screen', name: 'owneragreements', path: '/pfm/projects/owneragreements', tag: 'pfm-owner-agreements', screen: 'Owner Agreements', ...PFM_PROJECT },
  { kind: 'screen', name: 'buyout', path: '/pfm/projects/buyout', tag: 'pfm-buyout', screen: 'Buyout & SRA', ...PFM_PROJECT },
  { kind: 'screen', name: 'projectiongrid', path: '/pfm/projects/projectiongrid', tag: 'pfm-projection-grid', screen: 'Projection Grid', requiresProjectOrBudget: true, ...PFM_PROJECT },
  { kind: 'screen', name: 'units', path: '/pfm/projects/projectiongridunit', tag: 'pfm-projection-grid', screen: 'Projection Grid (Units)', requiresProjectOrBudget: true, attributes: { variant: 'unit' }, ...PFM_PROJECT },
  { kind: 'screen', name: 'hours', path: '/pfm/projects/projectiongridhour', tag: 'pfm-projection-grid', screen: 'Projection Grid (Hours)', requiresProjectOrBudget: true, attributes: { variant: 'hour' }, ...PFM_PROJECT },
  { kind: 'screen', name: 'forecast', path: '/pfm/projects/forecast', tag: 'pfm-forecast', screen: 'Forecast Periods', requiresProjectOrBudget: true, ...PFM_PROJECT },
  { kind: 'screen', name: 'projectsurveys', path: '/pfm/projects/surveys', tag: 'pfm-surveys', screen: 'Surveys', requiresProjectOrBudget: true, ...PFM_PROJECT },
  { kind: 'screen', name: 'projectesign', path: '/pfm/projects/esign', tag: 'pfm-esign', screen: 'ESign', requiresProjectOrBudget: true, ...PFM_PROJECT },
  { kind: 'screen', name: 'surveys', path: '/pfm/surveys', tag: 'pfm-surveys', screen: 'Surveys', stripQuery: ['projectId', 'budgetId', 'programId'], ...PFM_PROJECT },
  { kind: 'screen', name: 'esign', path: '/pfm/esign', tag: 'pfm-esign', screen: 'ESign', stripQuery: ['projectId', 'budgetId', 'programId'], ...PFM_PROJECT },
  { kind: 'screen', name: 'opportunitytimecardcostcode', path: '/pfm/opportunitytimecardcostcode', tag: 'pfm-opportunity-timecard-cost-code', area: PFM, screen: 'Opportunity Timecard Cost Codes', query: 'pfm' },

  // Outcomes of the guard and of validation
  { kind: 'screen', name: 'forbidden', path: '/forbidden', tag: 'portal-forbidden', screen: 'No Access', query: 'none' },
  { kind: 'screen', name: 'unprocessableEntity', path: /^\/UnprocessableEntity(?:\/.*)?$/i, tag: 'portal-unprocessable', screen: 'Can Not Proceed', query: 'none' },

  // Full-page hand-offs to the legacy host (§2)
  { kind: 'handoff', name: 'cm', path: '/costmanagement/costmanagement/cm' },
  { kind: 'handoff', name: 'cmChangeManagement', path: '/costmanagement/costmanagement/changemanagement' },
  { kind: 'handoff', name: 'brat', path: '/SR/Brats' },
  { kind: 'handoff', name: 'bratBuyoutProject', path: '/sr/Brats/BuyoutProject' },
  { kind: 'handoff', name: 'legacyTimecard', path: '/pr/Timecards/Timecard', noRedirect: true },
  { kind: 'handoff', name: 'legacyTimecards', path: '/pr/Timecards', noRedirect: true },
  { kind: 'handoff', name: 'legacyTimecardWeekly', path: '/pr/Timecards/weeklyredirect' },
  { kind: 'handoff', name: 'legacyRequests', path: '/pr/Requests', noRedirect: true },
  { kind: 'handoff', name: 'legacyRegionalCalendar', path: '/pr/Requests/ManageRegionalCalendar' },
  { kind: 'handoff', name: 'legacyCostManagementProjects', path: '/CostManagement/Projects' },
  { kind: 'handoff', name: 'projectCloseouts', path: '/ProjectToolbox/ProjectCloseouts' },
  { kind: 'handoff', name: 'projectSecurityRequest', path: '/ProjectToolbox/ProjectSecurities/request' },
  { kind: 'handoff', name: 'projectSecurityReviewAccess', path: '/ProjectToolbox/ProjectSecurities/reviewaccess' },
];

/**
 * Route names used by links but defined elsewhere (§2), resolved to the route they stand for.
 * The project-security request page is known by three names (§2).
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  subrating: 'brat',
  requestAccess: 'projectSecurityRequest',
  projectSecurity: 'projectSecurityRequest',
};

/** The route with this name (aliases resolved). */
export function routeByName(name: string): RouteDef | undefined {
  const target = ROUTE_ALIASES[name] ?? name;
  return ROUTES.find((route) => route.name === target);
}
