/**
 * THE role × endpoint matrix (issue 15): every route of API_ROUTES has a sample (tests/api/route-samples);
 * a caller lacking the route's access is refused (403; 'token' routes: 401 without a token); a
 * project-scoped route never lets the demo pm (on no Gulf Coast team) into a hidden project's data.
 * It fails when a route is added without a sample, when a route's access check goes, and when a route
 * stops checking the project team. One host for the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { accessAllows, API_ROUTES } from '../../demo/host/api/index';
import type { RouteSpec } from '../../demo/host/api/routes';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { loadCaller } from '../../demo/host/api/context';
import { ACCESS, ruleAllows } from '../../src/core/access';
import { ROUTE_SAMPLES } from './route-samples/index';
import type { RouteSample, SampleParams } from './route-samples/types';
import { checksum } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;
const samples = new Map(ROUTE_SAMPLES.map((sample) => [key(sample.method, sample.path), sample]));
const sampleOf = (route: RouteSpec): RouteSample => samples.get(key(route.method, route.path))!;

/** True when the route's access lets in a keyPFM role of ACCESS.pfm (the PFM data callers). */
const admitsPfm = (route: RouteSpec): boolean => {
  if (route.access === 'pfm') return true;
  if (typeof route.access !== 'object') return false;
  return route.access.anyOf.some((rule) => rule.key === 'keyPFM' && ACCESS.pfm.roles!.some((role) => ruleAllows([{ applicationKey: 'keyPFM', name: role }], rule)));
};

const call = (login: string | null, route: RouteSpec, params: SampleParams) =>
  route.method === 'GET' ? api.get(login, route.path, params) : api.post(login, route.path, params, 'multipart', route.method);

describe('role × endpoint matrix', () => {
  it('every route has exactly one sample, and every sample names a route', () => {
    const routes = new Set(API_ROUTES.map((route) => key(route.method, route.path)));
    const missing = [...routes].filter((k) => !samples.has(k));
    assert.deepEqual(missing, [], 'routes without a sample in tests/api/route-samples');
    const stale = ROUTE_SAMPLES.map((s) => key(s.method, s.path)).filter((k) => !routes.has(k));
    assert.deepEqual(stale, [], 'samples of no route');
    assert.equal(samples.size, ROUTE_SAMPLES.length, 'a route has two samples');
  });

  it("every route admitting ACCESS.pfm is team 'project' unless its sample says why not; 'project' samples name params", () => {
    for (const route of API_ROUTES) {
      const sample = sampleOf(route);
      if (sample.team === 'none') assert.ok((sample.why ?? '').length >= 10, `${route.path}: team 'none' needs a why`);
      else assert.ok(sample.params, `${route.path}: a 'project' sample names the hidden project or record`);
    }
    assert.ok(API_ROUTES.filter(admitsPfm).filter((route) => sampleOf(route).team === 'project').length > 60);
  });

  it("a caller lacking a route's access is refused: 401 without a token on 'token' routes, else 403 for a demo account the table refuses", async () => {
    const callers = DEMO_ACCOUNTS.map((account) => loadCaller(host.db, account.login)!);
    for (const route of API_ROUTES) {
      if (route.access === 'token') {
        assert.equal((await call(null, route, {})).status, 401, `${route.method} ${route.path} without a token`);
        continue;
      }
      const refused = callers.find((caller) => !accessAllows(caller, route.access));
      assert.ok(refused, `${route.path}: no demo account lacks its access`);
      const answer = await call(refused.login, route, {});
      assert.equal(answer.status, 403, `${route.method} ${route.path} as ${refused.login}: ${answer.status}`);
      assert.match(answer.body.message, /access/, `${route.path}: refused by the access table`);
    }
  });

  it("a 'project' route never lets the pm into a hidden project: 403 (with the Request-access facts) or 404, never data, nothing written", async () => {
    const pm = loadCaller(host.db, 'pm')!;
    const project = API_ROUTES.filter((route) => sampleOf(route).team === 'project');
    // Samples that write a missing record first (envelopes, files) do it before the checksum.
    const params = new Map(project.map((route) => [route, sampleOf(route).params!(host.db)]));
    const written = ['projections', 'cost_codes', 'change_records', 'change_events', 'change_event_items', 'subcontracts', 'direct_costs',
      'cost_adjustments', 'cost_adjustment_reference_documents', 'owner_agreement_change_orders', 'envelopes', 'files', 'project_pins', 'survey_answers'];
    const before = checksum(host, written);
    // Every failing route is named at once (removing one check names exactly that route).
    const failures: string[] = [];
    for (const route of project) {
      const sample = sampleOf(route);
      assert.ok(accessAllows(pm, route.access), `${route.path}: the pm passes the access table (else the sample proves nothing)`);
      const answer = await call('pm', route, params.get(route)!);
      const expected = sample.expect ?? 403;
      const teamRefusal = expected === 404 || answer.body?.projectAccess === 'notOnTeam';
      if (answer.status !== expected || answer.body?.data !== undefined || !teamRefusal) {
        failures.push(`${route.method} ${route.path}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}`);
      }
    }
    assert.deepEqual(failures, [], 'project routes that let the pm into a hidden project');
    assert.equal(checksum(host, written), before);
  });

  it("the same 'project' reads answer admin (who reaches every project): the refusal is the team's, not the sample's", async () => {
    for (const route of API_ROUTES.filter((r) => r.method === 'GET' && sampleOf(r).team === 'project')) {
      const answer = await call('admin', route, sampleOf(route).params!(host.db));
      assert.equal(answer.status, 200, `${route.path} as admin: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`);
    }
  });
});
