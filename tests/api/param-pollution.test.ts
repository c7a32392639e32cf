/**
 * Parameter pollution, built from the route declarations (demo/host/api/declare.ts): for EVERY declared
 * route with a parameter naming a project-scoped record, the pm sends the route's sample (a record of a
 * project he is not on, tests/api/route-samples) in each polluted shape:
 * - the id in its place with a malformed, differently-cased copy in the other place;
 * - the reverse;
 * - the other place holding a different id (one of a project he reaches);
 * - an array value (the name twice);
 * - a differently-cased duplicate in the same place.
 * Each must be refused (4xx) like the plain request, and nothing written (the database's data_version,
 * which moves on any commit by the host's connection, stays). The issue's own request (a query
 * `projectid=x` beside the form's ProjectId) is checked by name.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type Database from 'better-sqlite3';
import { ALL_HANDLERS } from '../../demo/host/api/route-table';
import { isDeclaration, scopedParams, type RouteDeclaration } from '../../demo/host/api/declare';
import { projectOfRecord } from '../../demo/host/api/project-access';
import { RECORD_TABLES } from '../../demo/host/api/scope';
import { ROUTE_SAMPLES } from './route-samples/index';
import { useTestHost } from './support/use-host';

let token: string;
let reachable: Set<number>;
const { host } = useTestHost({
  afterStart: async () => {
    token = await host.tokenFor('pm');
    const pm = host.db.prepare("SELECT employeeId FROM employees WHERE login = 'pm'").pluck().get() as number;
    reachable = new Set(host.db.prepare('SELECT projectId FROM project_team_members WHERE employeeId = ? AND removedAt IS NULL').pluck().all(pm) as number[]);
  },
});

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;
const samples = new Map(ROUTE_SAMPLES.map((sample) => [key(sample.method, sample.path), sample]));
const declarations = Object.values(ALL_HANDLERS).filter(isDeclaration).filter((d) => scopedParams(d).length > 0);

/** A record of kind `recordKey` on a project the pm reaches (the "other id" of a polluted request). */
function reachableId(db: Database.Database, recordKey: string): number | undefined {
  const where = RECORD_TABLES[recordKey];
  if (!where) return undefined;
  const ids = db.prepare(`SELECT ${where.idColumn} FROM ${where.table} ORDER BY ${where.idColumn} LIMIT 400`).pluck().all() as number[];
  return ids.find((id) => {
    const projectId = projectOfRecord(db, recordKey, id);
    return typeof projectId === 'number' && reachable.has(projectId);
  });
}

type Pairs = Array<[string, string]>;

/** Send `query` and `form` (urlencoded, so a name may repeat and case is kept) as the pm. */
async function send(route: RouteDeclaration, query: Pairs, form: Pairs): Promise<number> {
  const url = new URL(host.url + route.path);
  for (const [name, value] of query) url.searchParams.append(name, value);
  const init: RequestInit = { method: route.method, headers: { authorization: `Bearer ${token}` } };
  if (route.method !== 'GET') {
    init.body = new URLSearchParams(form).toString();
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
}

const flip = (name: string) => (name === name.toLowerCase() ? name.toUpperCase() : name.toLowerCase());
const dataVersion = () => host.db.pragma('data_version', { simple: true }) as number;

describe('parameter pollution on every route that names a project-scoped record', () => {
  it('every such declared route has a sample naming a record the pm does not reach', () => {
    const missing = declarations.filter((d) => samples.get(key(d.method, d.path))?.team !== 'project').map((d) => `${d.method} ${d.path}`);
    assert.deepEqual(missing, []);
  });

  for (const route of declarations) {
    it(`${route.method} ${route.path}: each polluted shape is refused and writes nothing`, async () => {
      const sample = samples.get(key(route.method, route.path))!;
      const base = Object.entries(sample.params!(host.db)).map(([n, v]): [string, string] => [n, String(v)]);
      const plainVersion = dataVersion();
      const plain = route.method === 'GET' ? await send(route, base, []) : await send(route, [], base);
      assert.ok(plain >= 400 && plain < 500, `plain request answered ${plain}`);
      assert.equal(dataVersion(), plainVersion, 'the plain request wrote');
      for (const [param, scope] of scopedParams(route)) {
        const sent = base.find(([n]) => n.toLowerCase() === param.toLowerCase());
        if (!sent) continue;
        const [name, hidden] = sent;
        const recordKey = typeof scope === 'string' ? scope : base.find(([n]) => n.toLowerCase() === scope.keyParam.toLowerCase())?.[1];
        const other = String((recordKey && reachableId(host.db, recordKey)) ?? 1);
        const rest = base.filter(([n]) => n !== name);
        const own = (value: string): Pairs => [...rest, [name, value]];
        const get = route.method === 'GET';
        const shapes: Array<{ what: string; query: Pairs; form: Pairs }> = get ? [
          { what: 'a malformed differently-cased copy beside it', query: [...own(hidden), [flip(name), 'x']], form: [] },
          { what: 'the malformed copy first', query: [[flip(name), 'x'], ...own(hidden)], form: [] },
          { what: 'a different id beside it', query: [[flip(name), other], ...own(hidden)], form: [] },
          { what: 'an array value', query: [...own(hidden), [name, other]], form: [] },
          { what: 'a differently-cased duplicate', query: [...own(other), [flip(name), hidden]], form: [] },
        ] : [
          { what: 'a malformed differently-cased copy in the query', query: [[flip(name), 'x']], form: own(hidden) },
          { what: 'the id in the query, a malformed copy in the form', query: [[name, hidden]], form: [...rest, [flip(name), 'x']] },
          { what: 'query and form with different ids', query: [[name, hidden]], form: own(other) },
          { what: 'an array value', query: [], form: [...own(hidden), [name, other]] },
          { what: 'a differently-cased duplicate', query: [], form: [...own(other), [flip(name), hidden]] },
        ];
        for (const shape of shapes) {
          const before = dataVersion();
          const status = await send(route, shape.query, shape.form);
          assert.ok(status >= 400 && status < 500, `${param}, ${shape.what}: answered ${status}`);
          assert.equal(dataVersion(), before, `${param}, ${shape.what}: something was written`);
        }
      }
    });
  }

  it("the issue's request: POST CreateChangeRecord?projectid=x with the form's ProjectId of a project the pm is not on", async () => {
    const route = declarations.find((d) => d.path === '/api/pfm/CreateChangeRecord')!;
    const hidden = samples.get(key('POST', '/api/pfm/CreateChangeRecord'))!.params!(host.db);
    const before = host.db.prepare('SELECT count(*) FROM change_records').pluck().get();
    const status = await send(route, [['projectid', 'x']], [['ProjectId', String(hidden.ProjectId)], ['Title', 'Polluted'], ['InitiatingDocumentTypeId', '1']]);
    assert.ok(status === 400 || status === 403, `answered ${status}`);
    assert.equal(host.db.prepare('SELECT count(*) FROM change_records').pluck().get(), before);
  });
});
