/**
 * A load computes, it does not write: EVERY declared GET route (API_ROUTES, and the BI, AI and search
 * services' routes), called by every demo login its access lets in with valid parameters, leaves the
 * database as it was: `total_changes()` of the host's own connection (host.db is the connection the
 * host writes through) does not move. Run at the seed's day and again weeks later (when weeks without a
 * card and other time-implied facts exist). What must be written because time passed is the scheduled
 * job's (demo/host/jobs.ts runScheduledWork), tested here with the clock pinned.
 *
 * Parameters: the route's sample (tests/api/route-samples, as the matrix and the pollution test use)
 * where it has them, else each required parameter filled from the seeded database by its kind and name
 * (an id: the smallest key of the table whose primary key has that name).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type Database from 'better-sqlite3';
import { ALL_HANDLERS } from '../../demo/host/api/route-table';
import { accessAllows, isDeclaration, type ParamSpec, type RouteDeclaration } from '../../demo/host/api/declare';
import { loadCaller } from '../../demo/host/api/context';
import { biRoutes } from '../../demo/host/api/services/bi';
import { aiRoutes } from '../../demo/host/api/services/ai';
import { searchRoutes } from '../../demo/host/api/services/search';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { addDays, weekOf } from '../../src/core/timecards';
import { setClock, today } from '../../src/core/clock';
import { runScheduledWork, startScheduledWork } from '../../demo/host/jobs';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { ACCESS_REQUEST_API } from '../../src/core/toolbox/contract';
import { ROUTE_SAMPLES } from './route-samples/index';
import type { SampleParams } from './route-samples/types';
import type { TokenResource } from './support/host';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost({
  afterStart: async () => {
    // Every sign-in first: the identity provider's own writes are not a load's.
    for (const account of DEMO_ACCOUNTS) await host.tokenFor(account.login);
    for (const resource of ['bi', 'ai', 'search'] as const) await host.tokenFor('admin', resource);
  },
  beforeClose: () => setClock(null),
});

/**
 * GET routes that write BY CONTRACT (§7 names them GET; the client calls them so): acknowledging change
 * tracking. Moving them to POST needs src/core/changes (see the report); until then they are skipped.
 */
const WRITES_BY_CONTRACT = new Set(['get /api/changes/remove', 'get /api/changes/clear']);

const DAY_MS = 86_400_000;
const key = (method: string, path: string) => `${method.toLowerCase()} ${path.toLowerCase()}`;
const samples = new Map(ROUTE_SAMPLES.map((sample) => [key(sample.method, sample.path), sample]));
const changes = () => host.db.prepare('SELECT total_changes()').pluck().get() as number;

const gets = Object.values(ALL_HANDLERS).filter(isDeclaration).filter((route) => route.method === 'GET' && !WRITES_BY_CONTRACT.has(key(route.method, route.path)));

/** The smallest key of the table whose primary key column is `column` (any case). */
function smallestKey(db: Database.Database, column: string): number | undefined {
  const table = db.prepare(`SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
    WHERE m.type = 'table' AND c.pk = 1 AND lower(c.name) = lower(?) LIMIT 1`).pluck().get(column) as string | undefined;
  if (!table) return undefined;
  return db.prepare(`SELECT min("${column}") FROM "${table}"`).pluck().get() as number | undefined;
}

/** Values of required strings the declarations cannot say. */
const STRINGS: Record<string, (db: Database.Database) => string> = {
  email: (db) => db.prepare("SELECT email FROM employees WHERE login = 'admin'").pluck().get() as string,
  applicationid: () => 'keyPFM',
  applicationkey: () => 'keyPFM',
  applicationrecordkey: () => 'ChangeRecord',
};

/** Searches that answer 400 without a search text (the parameter is optional in the declaration). */
const SEARCHES: Record<string, SampleParams> = {
  'get /api/timecards/searchcharges': { search: 'Ri' },
  'get /api/toolbox/getaccessprojects': { search: 'Ri' },
};

/** A value for a required parameter the sample does not give. */
function fill(db: Database.Database, name: string, spec: ParamSpec): string | number | undefined {
  switch (spec.kind) {
    case 'id': return smallestKey(db, name) ?? 1;
    case 'recordKey':
    case 'enum': return spec.values?.[0];
    case 'date': return today();
    case 'month': return db.prepare('SELECT max(month) FROM it_billing_runs').pluck().get() as string | undefined ?? today().slice(0, 7);
    case 'string': return STRINGS[name.toLowerCase()]?.(db);
    case 'integer': case 'number': return 1;
    case 'boolean': return 'true';
    default: return undefined;
  }
}

function paramsOf(db: Database.Database, route: Pick<RouteDeclaration, 'method' | 'path' | 'params'>): SampleParams {
  const params: SampleParams = { ...(samples.get(key(route.method, route.path))?.params?.(db) ?? SEARCHES[key(route.method, route.path)] ?? {}) };
  const given = new Set(Object.keys(params).map((n) => n.toLowerCase()));
  for (const [name, spec] of Object.entries(route.params)) {
    if (!spec.required || given.has(name.toLowerCase())) continue;
    const value = fill(db, name, spec);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

async function get(login: string, path: string, query: Readonly<Record<string, string | number>>, resource: TokenResource = 'api'): Promise<number> {
  const url = new URL(host.url + path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const response = await fetch(url, { headers: { authorization: `Bearer ${await host.tokenFor(login, resource)}` } });
  await response.arrayBuffer();
  return response.status;
}

/** Every GET as every login its access lets in: the routes that wrote, and the calls that failed (500) or no login could load (all 4xx). */
async function sweep(): Promise<{ wrote: string[]; failed: string[]; neverLoaded: string[] }> {
  const wrote: string[] = [];
  const failed: string[] = [];
  const neverLoaded: string[] = [];
  for (const route of gets) {
    const params = paramsOf(host.db, route);
    let loaded = false;
    for (const account of DEMO_ACCOUNTS) {
      const caller = loadCaller(host.db, account.login)!;
      if (!accessAllows(caller, route.access)) continue;
      const before = changes();
      const status = await get(account.login, route.path, params);
      if (changes() !== before) wrote.push(`GET ${route.path} as ${account.login} (${changes() - before} rows)`);
      if (status >= 500) failed.push(`GET ${route.path} as ${account.login}: ${status}`);
      if (status === 200) loaded = true;
    }
    if (!loaded) neverLoaded.push(`GET ${route.path} ${JSON.stringify(params)}`);
  }
  const services: Array<{ resource: TokenResource; path: string; query: SampleParams }> = [
    ...biRoutes.map((r) => ({ resource: 'bi' as const, path: `/bi${r.path}`, query: (r.path === '/reports/run' ? { report: 'committed-cost', recordKey: 'Project', recordId: 1 } : {}) as SampleParams })),
    ...aiRoutes.map((r) => ({ resource: 'ai' as const, path: `/ai${r.path}`, query: { recordKey: 'Budget', recordId: 1 } })),
    ...searchRoutes.map((r) => ({ resource: 'search' as const, path: `/search${r.path}`, query: { q: 'Riverside' } })),
  ];
  for (const service of services) {
    const before = changes();
    const status = await get('admin', service.path, service.query, service.resource);
    if (changes() !== before) wrote.push(`GET ${service.path} as admin`);
    if (status !== 200) neverLoaded.push(`GET ${service.path}: ${status}`);
  }
  return { wrote, failed, neverLoaded };
}

describe('no GET route writes to the database', () => {
  it('the host answers on the connection the test reads (a write moves total_changes)', () => {
    const before = changes();
    host.db.prepare('UPDATE employees SET preferredName = preferredName WHERE employeeId = (SELECT min(employeeId) FROM employees)').run();
    assert.equal(changes(), before + 1);
  });

  it("the employee's timecard loads of a week without a card write nothing and answer it 'Not started'", async () => {
    const later = Date.now() + 21 * DAY_MS;
    setClock(() => later);
    try {
      const employeeId = host.db.prepare("SELECT employeeId FROM employees WHERE login = 'employee'").pluck().get() as number;
      const week = weekOf(today()).weekStart;
      assert.equal(host.db.prepare('SELECT count(*) FROM weekly_timecards WHERE employeeId = ? AND weekStart >= ?').pluck().get(employeeId, addDays(week, -14)), 0,
        'the weeks since the seed have no card');
      const before = changes();
      for (const weekStart of [week, addDays(week, -7), addDays(week, -14)]) {
        assert.equal(await get('employee', '/api/timecards/gettimecard', { weekStart }), 200);
        assert.equal(await get('employee', '/api/timecards/gettimecard', { employeeId, weekStart }), 200);
      }
      const card = await api.get('employee', '/api/timecards/gettimecard', {});
      assert.deepEqual([card.body.data.timecard.weekStart, card.body.data.timecard.timecardId, card.body.data.timecard.version], [week, null, 0]);
      const weeks = (await api.get('employee', '/api/timecards/gettimecardweeks', {})).body.data;
      const listed = (weekStart: string) => weeks.weeks.find((w: { weekStart: string }) => w.weekStart === weekStart) as { state: string | null; timecardId: number | null } | undefined;
      for (const weekStart of [week, addDays(week, -7), addDays(week, -14)]) {
        assert.deepEqual([listed(weekStart)?.state, listed(weekStart)?.timecardId], [null, null], `${weekStart}: listed Not started`);
      }
      assert.ok(weeks.pastWeeksToSubmit.includes(addDays(week, -7)), 'a past week without a card is owed');
      const bell = (await api.get('employee', '/api/common/GetOpenItemsByEmployee', {})).body.data.timecardNeedsSubmission;
      assert.equal(bell.flag, true);
      assert.ok(bell.weekStart < week, 'the oldest owed week');
      const team = (await api.get('tcadmin', '/api/timecards/getteamtimecards', { view: 'all', weekStart: week })).body.data;
      assert.ok(team.rows.some((r: { employeeId: number; state: string | null }) => r.employeeId === employeeId && r.state === null), "the employee's week is Not started in the team view");
      assert.equal(changes(), before, 'a timecard load wrote');
    } finally {
      setClock(null);
    }
  });
  it('opening a SLIM request with unread notifications of the caller writes nothing (they stay unread)', async () => {
    const risk = host.db.prepare("SELECT employeeId FROM employees WHERE login = 'risk'").pluck().get() as number;
    const request = host.db.prepare('SELECT requestId, number FROM slim_requests ORDER BY requestId LIMIT 1').get() as { requestId: number; number: string };
    const at = new Date().toISOString();
    host.db.prepare(`INSERT INTO risk_notifications (employeeId, recordKey, recordId, documentNumber, kind, message, directLink, createdAt, modifiedAt)
      VALUES (?, 'SlimRequest', ?, ?, 'Comment', 'A comment', '/slim', ?, ?)`).run(risk, request.requestId, request.number, at, at);
    const before = changes();
    assert.equal(await get('risk', '/api/slim/getslimrequest', { recordKey: 'SlimRequest', recordId: request.requestId }), 200);
    assert.equal(changes(), before, 'the load wrote');
    assert.equal(host.db.prepare('SELECT count(*) FROM risk_notifications WHERE employeeId = ? AND readAt IS NULL').pluck().get(risk), 1);
  });

  it('every GET route, as every login it admits, at the seed day: nothing written', async () => {
    // wrote: GET routes that wrote; failed: 500s; neverLoaded: routes no login loaded with these parameters (proving nothing for them).
    assert.deepEqual(await sweep(), { wrote: [], failed: [], neverLoaded: [] });
  });

  it('five weeks later (weeks without a card, due dates passed): every GET route still writes nothing', async () => {
    const later = Date.now() + 35 * DAY_MS;
    setClock(() => later);
    try {
      const { wrote, failed } = await sweep();
      assert.deepEqual({ wrote, failed }, { wrote: [], failed: [] });
    } finally {
      setClock(null);
    }
  });

});

describe('runScheduledWork', () => {
  it('a Pending access request past its 14 days: the loads answer it Expired and write nothing; the scheduled work writes it, once', async () => {
    const projectId = SEED_TEAM_FACTS.pmHiddenProjectIds[0]!;
    const requested = await api.post('pm', ACCESS_REQUEST_API.createRequest, {
      projectId, projectRole: 'Project Engineer', justification: 'Covering the project engineer.', endDate: addDays(today(), 60),
    });
    assert.equal(requested.status, 200, JSON.stringify(requested.body));
    const id = requested.body.data.accessRequestId as number;
    const stateOf = () => host.db.prepare(`SELECT st.name FROM access_requests a JOIN application_record_states st USING (applicationRecordStateId)
      WHERE a.accessRequestId = ?`).pluck().get(id);
    // Requested 15 days ago: its expiresOn was yesterday (moved in the data, as the loads' access day is the machine's today).
    const pinned = Date.now();
    setClock(() => pinned);
    host.db.prepare('UPDATE access_requests SET expiresOn = ? WHERE accessRequestId = ?').run(addDays(today(), -1), id);
    try {
      const before = changes();
      const mine = await api.get('pm', ACCESS_REQUEST_API.getRequests, { recordId: id });
      assert.equal(mine.status, 200);
      assert.deepEqual([mine.body.data[0].state, mine.body.data[0].closed, mine.body.data[0].moves], ['Expired', true, []]);
      const review = await api.get('admin', ACCESS_REQUEST_API.getRequests, { view: 'review', recordId: id });
      assert.deepEqual(review.body.data, [], 'no longer waiting for a decision');
      assert.equal(changes(), before, 'the loads wrote');
      assert.equal(stateOf(), 'Pending');

      const done = runScheduledWork(host.db);
      assert.equal(done.expiredAccessRequests, 1);
      assert.equal(stateOf(), 'Expired');
      const again = changes();
      assert.deepEqual(runScheduledWork(host.db), { expiredAccessRequests: 0, surveysCreated: [] }, 'run twice: nothing more');
      assert.equal(changes(), again);
    } finally {
      setClock(null);
    }
  });

  it('creates the surveys that became due by the pinned day, and no others', () => {
    const later = Date.now() + 400 * DAY_MS;
    setClock(() => later);
    try {
      const before = host.db.prepare('SELECT count(*) FROM surveys').pluck().get() as number;
      const { surveysCreated } = runScheduledWork(host.db);
      assert.equal(host.db.prepare('SELECT count(*) FROM surveys').pluck().get(), before + surveysCreated.length);
      const late = host.db.prepare(`SELECT count(*) FROM surveys WHERE surveyId IN (${surveysCreated.map(() => '?').join(', ') || 'NULL'}) AND milestoneDate > ?`)
        .pluck().get(...surveysCreated, today());
      assert.equal(late, 0, 'none before its milestone');
      assert.deepEqual(runScheduledWork(host.db).surveysCreated, []);
    } finally {
      setClock(null);
    }
  });

  it('startScheduledWork runs it at once and answers the stop', async () => {
    const projectId = SEED_TEAM_FACTS.pmHiddenProjectIds[1]!;
    const requested = await api.post('pm', ACCESS_REQUEST_API.createRequest, {
      projectId, projectRole: 'Project Engineer', justification: 'Covering the project engineer.', endDate: addDays(today(), 60),
    });
    const id = requested.body.data.accessRequestId as number;
    const later = Date.now() + 20 * DAY_MS;
    setClock(() => later);
    try {
      const stop = startScheduledWork(host.db);
      await stop();
      assert.equal(host.db.prepare(`SELECT st.name FROM access_requests a JOIN application_record_states st USING (applicationRecordStateId)
        WHERE a.accessRequestId = ?`).pluck().get(id), 'Expired');
    } finally {
      setClock(null);
    }
  });
});
