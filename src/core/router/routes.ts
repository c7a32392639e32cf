/**
 * Every route of §2 as data (path, name, element tag, access, query schema, title parts), and how a URL
 * resolves against it: a screen (with its element's attributes and title), Not Found, a redirect to
 * Can Not Proceed, or a full-page hand-off. Pure, without the DOM: the portal's router store and guard,
 * the header's menus and the demo host all read it.
 */
import { createRouter } from '@nanostores/router';
import { ACCESS, ruleAllows, type AccessArea, type RoleEntry } from '../access';
import { MISSING_ID, QUERY_SCHEMAS, getParam, hasParam, parseIntParam, parseQuery, type QuerySchemaName } from './query';

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

// How a URL resolves against the table.

export const NOT_FOUND_TITLE = 'Not Found';
export const NOT_FOUND_TAG = 'portal-not-found';
export const FORBIDDEN_PATH = '/forbidden';
export const UNPROCESSABLE_PATH = '/UnprocessableEntity';

export type Resolution =
  | { kind: 'screen'; route: ScreenRoute; tag: string; attributes: Record<string, string>; title: string }
  | { kind: 'notFound'; tag: typeof NOT_FOUND_TAG; attributes: Record<string, string>; title: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'handoff'; route: HandoffRoute; url: string };

/** camelCase query name → kebab-case attribute name (projectId → project-id). */
export const toAttributeName = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** §2 titles: '{site} | {area} | {screen}'; Home is '{host}'; the outcome screens are their own name. */
export function pageTitle(route: ScreenRoute, host: string): string {
  if (route.name === 'home') return host;
  return route.area ? `${host} | ${route.area} | ${route.screen}` : route.screen;
}

/** The route patterns compiled by @nanostores/router, in table order (it matches case-insensitively). */
const compiled = createRouter(
  Object.fromEntries(ROUTES.map((route) => [route.name, typeof route.path === 'string' ? route.path : [route.path, () => ({})]])),
  { links: false },
).routes;

/** The route a path matches, tried in table order (case-insensitive, trailing slash ignored). */
export function matchRoute(pathname: string): RouteDef | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const hit = compiled.find(([, pattern]) => pattern.test(path));
  return hit ? ROUTES.find((route) => route.name === hit[0]) : undefined;
}

/** §5: entry is refused when projectId or budgetId parses below -1, or when both are missing. */
export function hasInvalidProjectOrBudget(search: URLSearchParams): boolean {
  const projectId = parseIntParam(getParam(search, 'projectId'));
  const budgetId = parseIntParam(getParam(search, 'budgetId'));
  if ((projectId !== undefined && projectId < MISSING_ID) || (budgetId !== undefined && budgetId < MISSING_ID)) return true;
  const missing = (name: string, value: number | undefined) => !hasParam(search, name) || value === undefined;
  return missing('projectId', projectId) && missing('budgetId', budgetId);
}

/** The legacy URL for a hand-off: the legacy host, the path, the query passed along, plus noRedirect=1 where §2 says so. */
export function handoffUrl(route: HandoffRoute, pathname: string, search: URLSearchParams, legacyOrigin: string): string {
  const query = new URLSearchParams(search);
  if (route.noRedirect) query.set('noRedirect', '1');
  const text = query.toString();
  return `${legacyOrigin.replace(/\/$/, '')}${pathname}${text ? `?${text}` : ''}`;
}

/**
 * Where an invalid entry goes: Can Not Proceed, keeping the path segments and the query (§5),
 * so the screen can say what was asked for. Pass the raw query to keep its encoding as typed.
 */
export function unprocessablePath(pathname: string, rawSearch: string): string {
  const query = rawSearch.replace(/^\?/, '');
  return `${UNPROCESSABLE_PATH}${pathname}${query ? `?${query}` : ''}`;
}

/** Resolve a URL (path and query) to what the portal shows. */
export function resolveLocation(pathname: string, search: URLSearchParams, context: { host: string; legacyOrigin: string }): Resolution {
  const route = matchRoute(pathname);
  if (!route) {
    return { kind: 'notFound', tag: NOT_FOUND_TAG, attributes: { path: pathname }, title: NOT_FOUND_TITLE };
  }
  if (route.kind === 'handoff') {
    return { kind: 'handoff', route, url: handoffUrl(route, pathname, search, context.legacyOrigin) };
  }
  if (route.requiresProjectOrBudget && hasInvalidProjectOrBudget(search)) {
    return { kind: 'redirect', to: unprocessablePath(pathname, search.toString()) };
  }
  const query = parseQuery(QUERY_SCHEMAS[route.query], search);
  for (const name of route.stripQuery ?? []) delete query[name];
  if (route.tabs && typeof query.activeTab === 'string' && !route.tabs.includes(query.activeTab)) {
    query.activeTab = route.tabs[0] ?? '';
  }
  const attributes: Record<string, string> = { ...route.attributes };
  for (const [name, value] of Object.entries(query)) attributes[toAttributeName(name)] = String(value);
  if (route.name === 'unprocessableEntity') {
    // Shown to the user as text, so decoded: 'recordKey=a b', not 'recordKey=a+b'.
    const rest = pathname.replace(/^\/UnprocessableEntity/i, '');
    const text = [...search].map(([name, value]) => `${name}=${value}`).join('&');
    attributes.path = `${rest || '/'}${text ? `?${text}` : ''}`;
  }
  return { kind: 'screen', route, tag: route.tag, attributes, title: pageTitle(route, context.host) };
}

/** Query-string names a screen's schema knows but the route strips (§5 admin-level screens). */
export function stripQuery(route: ScreenRoute, search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(search);
  for (const name of route.stripQuery ?? []) for (const key of [...kept.keys()]) if (key.toLowerCase() === name.toLowerCase()) kept.delete(key);
  return kept;
}

/** §5 guard: routes without a role list are open; otherwise the user needs an allowed role of the route's key. */
export function guardAllows(route: ScreenRoute, roles: readonly RoleEntry[]): boolean {
  return !route.access || ruleAllows(roles, ACCESS[route.access]);
}
