/** Who may call what: 401 without a token, 403 for every role-restricted call with a wrong-role token. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { API_ROUTES } from '../../demo/host/api/index';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';
import { ACCESS } from '../../src/core/access';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { BILLING_API } from '../../src/core/billing/contract';
import { checksum } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const restricted = API_ROUTES.filter((route) => route.access !== 'token');
/**
 * Opportunity routes (issue 12) are not ACCESS.pfm: any keyPFM or keyTC role reads (timecards read the
 * codes), any keyPFM role passes the table for add/remove and the handler lets only Admin and RPM write
 * (tests/api/opportunities.test.ts). The employee (keyTC Default) reads them.
 */
const OPPORTUNITY_PATHS = new Set(['/api/pfm/getopportunities', '/api/pfm/addopportunitycostcode', '/api/pfm/removeopportunitycostcode']);
const EMPLOYEE_READS = new Set(['/api/pfm/getopportunities']);
// Files (issue 14): keySLIM / keyRISK users pass the table for their SlimRequest / Sra files; the handler refuses PFM records (tests/api/slim-collab.test.ts).
const FILE_PATHS = new Set(['/api/pfm/files', '/api/pfm/files/upload', '/api/pfm/files/download']);
// Time off (issue 13): the employee (keyPTO Default) calls these; the holiday writes stay refused (tests/api/time-off-*.test.ts).
for (const path of Object.values(TIME_OFF_API)) if (path !== TIME_OFF_API.saveHoliday && path !== TIME_OFF_API.deleteHoliday) EMPLOYEE_READS.add(path.toLowerCase());
// IT billing (issue 15): the viewer (keyIT Viewer) reads it, and the handler refuses him run and post (tests/api/it-billing.test.ts).
const VIEWER_BILLING = new Set(Object.values(BILLING_API).map((p) => p.toLowerCase()));
const WRITTEN = ['project_pins', 'projections', 'budgets_pending_projections', 'change_events', 'change_event_items', 'change_records', 'files', 'change_tracking'];

describe('API access (§6 enforced on the server)', () => {
  it('the table covers every /api/pfm route with ACCESS.pfm, except reference lookups', () => {
    const pfm = API_ROUTES.filter((r) => r.path.toLowerCase().startsWith('/api/pfm/'));
    assert.ok(pfm.length > 60);
    const lookupPaths = new Set(Object.values(LOOKUP_TYPES).flatMap((t) => [t.single, t.list]).filter(Boolean).map((p) => p!.toLowerCase()));
    for (const route of pfm) {
      if (OPPORTUNITY_PATHS.has(route.path.toLowerCase()) || FILE_PATHS.has(route.path.toLowerCase())) continue;
      // Narrower than ACCESS.pfm (admin-level survey lists, document templates) is restricted too.
      const narrower = typeof route.access === 'object' && route.access.anyOf.every((rule) => rule.key === 'keyPFM' && rule.roles?.every((role) => (ACCESS.pfm.roles as readonly string[]).includes(role)));
      if (narrower) continue;
      if (route.access !== 'pfm') assert.ok(lookupPaths.has(route.path.toLowerCase()), `${route.path} is not pfm-restricted`);
    }
  });

  it('every lookup path of the convention has a route', () => {
    const paths = new Set(API_ROUTES.map((r) => r.path.toLowerCase()));
    for (const [type, config] of Object.entries(LOOKUP_TYPES)) {
      assert.ok(paths.has(config.single.toLowerCase()), `${type} single`);
      if (config.list) assert.ok(paths.has(config.list.toLowerCase()), `${type} list`);
    }
  });

  for (const login of ['employee', 'viewer']) {
    it(`${login} gets 403 JSON on every role-restricted route, and nothing is written`, async () => {
      const before = checksum(host, WRITTEN);
      for (const route of restricted) {
        if (login === 'employee' && EMPLOYEE_READS.has(route.path.toLowerCase())) continue;
        // The employee keeps timecards (keyTC Default): their refusals are tested in tests/api/timecards-*.test.ts.
        if (login === 'employee' && route.access === 'timecards') continue;
        // Issue 15: the viewer reads user management (keyUserManagement Viewer); its refusals: tests/api/admin-users.test.ts.
        if (login === 'viewer' && route.access === 'userManagement') continue;
        if (login === 'viewer' && VIEWER_BILLING.has(route.path.toLowerCase())) continue;
        const answer = route.method === 'GET'
          ? await api.get(login, route.path, { recordKey: 'Project', recordId: 1, ProjectId: 1, BudgetId: 1 })
          : await api.post(login, route.path, { ItemId: 1, OldRecordStateId: 6, RouteStateId: 12, ProjectId: 1, BudgetId: 1, ChangeEventId: 1, FileId: 1 }, 'multipart', route.method);
        assert.equal(answer.status, 403, `${route.method} ${route.path} as ${login}: ${answer.status}`);
        assert.equal(answer.body.statusCode, 403);
        assert.match(answer.body.message, /access/);
      }
      assert.equal(checksum(host, WRITTEN), before);
    });
  }

  it('risk, reviewer, tcadmin and it (no PFM role) get 403 on PFM data; pm, rpm and admin get 200', async () => {
    for (const login of ['risk', 'reviewer', 'tcadmin', 'it']) {
      assert.equal((await api.get(login, '/api/pfm/getprojects')).status, 403, login);
      assert.equal((await api.get(login, '/api/pfm/getBudget', { budgetId: 1 })).status, 403, login);
    }
    for (const login of ['pm', 'rpm', 'admin']) {
      assert.equal((await api.get(login, '/api/pfm/getprojects')).status, 200, login);
    }
  });

  it('the legacy GetSubcontract allows PFM roles and keyCostManagement, refuses others', async () => {
    assert.equal((await api.get('pm', '/costmanagement/costmanagement/GetSubcontract', { subcontractId: 1 })).status, 200);
    assert.equal((await api.get('employee', '/costmanagement/costmanagement/GetSubcontract', { subcontractId: 1 })).status, 403);
  });

  it('401 without a token on API routes', async () => {
    for (const path of ['/api/pfm/getprojects', '/api/employees/GetCurrentUser', '/api/pfm/GetChangeReasons']) {
      assert.equal((await api.get(null, path)).status, 401, path);
    }
    assert.equal((await api.post(null, '/api/pfm/UpdateChangeEventState', { ItemId: 1, OldRecordStateId: 6, RouteStateId: 12 })).status, 401);
  });

  it('token-only routes answer any signed-in employee', async () => {
    for (const login of ['employee', 'viewer']) {
      assert.equal((await api.get(login, '/api/employees/GetCurrentUser')).status, 200);
      assert.equal((await api.get(login, '/api/applications/getApplicationRoleAccess')).status, 200);
      assert.equal((await api.get(login, '/api/pfm/GetChangeReasons')).status, 200);
      assert.equal((await api.get(login, '/api/procore/getprocoredomain')).status, 200);
    }
  });

  it("GetOpenItemsByEmployee: own items yes, another employee's 403 unless keyAdmin Admin", async () => {
    assert.equal((await api.get('employee', '/api/common/GetOpenItemsByEmployee', { employeeId: 9 })).status, 200);
    const refused = await api.get('employee', '/api/common/GetOpenItemsByEmployee', { employeeId: 2 });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'You may only read your own open items.');
    assert.equal((await api.get('admin', '/api/common/GetOpenItemsByEmployee', { employeeId: 2 })).status, 200);
    assert.equal((await api.get('admin', '/api/common/GetOpenItemsByEmployee', { employeeId: 9999 })).status, 404);
  });

  it('routes are matched case-insensitively', async () => {
    assert.equal((await api.get('pm', '/API/PFM/GETPROJECTS')).status, 200);
    assert.equal((await api.get('pm', '/api/common/getlegalentities')).status, 200);
  });
});
