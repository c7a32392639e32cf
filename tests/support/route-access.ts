/**
 * Which guarded route each demo account may open (§2's access column and each account's roles, issue 3's table), by
 * hand: the unit test holds the guard to it for every account (tests/unit/route-access.test.ts), the end-to-end test
 * through real sign-in for the most and the least privileged (tests/e2e/portal-routes.spec.ts).
 */

// Every guarded route of §2 with the element that shows it. Ids are valid so validation does not interfere.
export const ROUTES: Array<{ path: string; tag: string }> = [
  { path: '/admin', tag: 'admin-home' },
  { path: '/admin/app-records', tag: 'admin-app-records' },
  { path: '/usermanagement', tag: 'admin-user-management' },
  { path: '/billing', tag: 'it-billing' },
  { path: '/sr/sra', tag: 'sr-sra' },
  { path: '/accessRequest', tag: 'pt-access-request' },
  { path: '/defaultAssignments', tag: 'pt-default-assignments' },
  { path: '/pfm/projects', tag: 'pfm-projects' },
  { path: '/pfm/projects/changemanagement?projectId=1', tag: 'pfm-change-management' },
  { path: '/pfm/projects/commitments?projectId=1', tag: 'pfm-commitments' },
  { path: '/pfm/projects/costadjustments?projectId=1', tag: 'pfm-cost-adjustments' },
  { path: '/pfm/projects/directcosts?projectId=1', tag: 'pfm-direct-costs' },
  { path: '/pfm/projects/dataquality?projectId=1', tag: 'pfm-data-quality' },
  { path: '/pfm/projects/owneragreements?projectId=1', tag: 'pfm-owner-agreements' },
  { path: '/pfm/projects/buyout?projectId=1', tag: 'pfm-buyout' },
  { path: '/pfm/projects/projectiongrid?projectId=1', tag: 'pfm-projection-grid' },
  { path: '/pfm/projects/projectiongridunit?projectId=1', tag: 'pfm-projection-grid' },
  { path: '/pfm/projects/projectiongridhour?budgetId=1', tag: 'pfm-projection-grid' },
  { path: '/pfm/projects/surveys?projectId=1', tag: 'pfm-surveys' },
  { path: '/pfm/projects/esign?projectId=1', tag: 'pfm-esign' },
  { path: '/pfm/surveys', tag: 'pfm-surveys' },
  { path: '/pfm/esign', tag: 'pfm-esign' },
  { path: '/pfm/opportunitytimecardcostcode', tag: 'pfm-opportunity-timecard-cost-code' },
  { path: '/sr/slimqueue', tag: 'slim-queue' },
  { path: '/sr/slimqueue/slimqueues', tag: 'slim-queues' },
  { path: '/teammembertoolbox/timecards', tag: 'tc-manage-timecards' },
  { path: '/teammembertoolbox/timecards/timecard', tag: 'tc-timecard' },
  { path: '/teammembertoolbox/requests', tag: 'pto-requests' },
  { path: '/teammembertoolbox/requests/42', tag: 'pto-requests' },
];

const PFM_PROJECT_ROUTES = ROUTES.filter((r) => r.path.startsWith('/pfm/projects/') || r.path.startsWith('/pfm/surveys') || r.path.startsWith('/pfm/esign')).map((r) => r.path);
const OPEN = ['/pfm/projects', '/pfm/opportunitytimecardcostcode'];
const TIMECARDS = ['/teammembertoolbox/timecards', '/teammembertoolbox/timecards/timecard'];
const REQUESTS = ['/teammembertoolbox/requests', '/teammembertoolbox/requests/42'];
const SLIM = ['/sr/slimqueue', '/sr/slimqueue/slimqueues'];

// Derived by hand from §2's access column and each demo account's roles (issue 3's table).
export const ALLOWED: Record<string, string[]> = {
  admin: ROUTES.map((r) => r.path),
  pm: [...OPEN, ...PFM_PROJECT_ROUTES, '/sr/sra', '/accessRequest', ...SLIM, ...TIMECARDS, ...REQUESTS],
  rpm: [...OPEN, ...PFM_PROJECT_ROUTES, '/sr/sra', '/accessRequest', ...SLIM, ...TIMECARDS, ...REQUESTS],
  risk: [...OPEN, '/sr/sra', ...SLIM, ...TIMECARDS, ...REQUESTS],
  tcadmin: [...OPEN, ...TIMECARDS, ...REQUESTS],
  viewer: [...OPEN, '/usermanagement', '/billing'],
  employee: [...OPEN, ...TIMECARDS, ...REQUESTS],
};
