/**
 * A screen's first loads asked for ahead of it (issue 33): the API client's held answers (core/api prefetchJson), the
 * token at hand that sends a request in the caller's own task, and the route table of what each screen loads
 * (core/router/prefetch), which must ask exactly as the screen does.
 */
import { expect } from 'chai';
import { ApiError, getJson, prefetchJson, resetApi, setTokenProvider } from '../../src/core/api';
import { $session } from '../../src/core/auth';
import { resetRoles, setRoles } from '../../src/core/roles';
import { navigate, resolveLocation } from '../../src/core/router';
import { screenLoads, startPrefetch } from '../../src/core/router/prefetch';
import { PAY_APPLICATION_PATHS } from '../../src/core/pay-applications/contract';
import { loadPayApplication, loadPayApplications } from '../../src/features/pay-applications/data';
import { loadProjects } from '../../src/features/projections/projects';
import { loadSras } from '../../src/features/risk/sra/data';
import { loadUsers, NO_FILTERS } from '../../src/features/admin/users/data';
import { loadRecordTypes } from '../../src/features/admin/app-records/data';
import { fetchCalls, restoreFetch, sleep, stubFetch } from '../support/browser';

const ok = (body: unknown) => ({ body: { data: body } });
const resolve = (url: string) => {
  const parsed = new URL(url, location.origin);
  return { resolution: resolveLocation(parsed.pathname, parsed.searchParams, { host: location.host, legacyOrigin: location.origin }), search: parsed.search };
};
const loadsOf = (url: string) => {
  const { resolution, search } = resolve(url);
  return screenLoads(resolution, search);
};

describe('prefetch: held answers (core/api)', () => {
  beforeEach(() => {
    resetApi();
    setTokenProvider(async () => 'token');
  });
  afterEach(() => {
    restoreFetch();
    resetApi();
  });

  it('the first identical getJson takes the prefetched answer; the next one asks the server again', async () => {
    let answer = 0;
    stubFetch({ '/api/thing': () => ok({ answer: (answer += 1) }) });
    prefetchJson('/api/thing', { id: 1 });
    await sleep(20);
    expect(fetchCalls).to.have.length(1);
    expect(await getJson('/api/thing', { id: 1 })).to.deep.equal({ answer: 1 });
    expect(fetchCalls, 'taken, not asked again').to.have.length(1);
    expect(await getJson('/api/thing', { id: 1 })).to.deep.equal({ answer: 2 });
    expect(fetchCalls).to.have.length(2);
  });

  it('a failed prefetch is not kept: asked after it failed (its refusal lifted, a Retry), the server is asked again', async () => {
    let refuse = true;
    stubFetch({ '/api/thing': () => (refuse ? { status: 403, body: { statusCode: 403, message: 'Not on the team' } } : ok({ allowed: true })) });
    prefetchJson('/api/thing', { id: 1 });
    await sleep(20);
    refuse = false;
    expect(await getJson('/api/thing', { id: 1 })).to.deep.equal({ allowed: true });
    expect(fetchCalls).to.have.length(2);
  });

  it('a sign-in or sign-out drops what was asked for ahead: the next user asks the server', async () => {
    stubFetch({ '/api/thing': ok({}) });
    prefetchJson('/api/thing', { id: 1 });
    await sleep(20);
    setTokenProvider(async () => 'another user');
    await getJson('/api/thing', { id: 1 });
    expect(fetchCalls).to.have.length(2);
  });

  it('a different query is not the prefetched load', async () => {
    stubFetch({ '/api/thing': ({ query }) => ok({ id: query.get('id') }) });
    prefetchJson('/api/thing', { id: 1 });
    expect(await getJson('/api/thing', { id: 2 })).to.deep.equal({ id: '2' });
    expect(fetchCalls).to.have.length(2);
  });

  it('an answer nobody takes within its hold is dropped', async () => {
    stubFetch({ '/api/thing': ok({}) });
    prefetchJson('/api/thing', { id: 1 }, { holdMs: 30 });
    await sleep(80);
    await getJson('/api/thing', { id: 1 });
    expect(fetchCalls).to.have.length(2);
  });

  it('a failed prefetch reaches its taker as its own failure would; untaken, it is no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
    addEventListener('unhandledrejection', onUnhandled);
    try {
      stubFetch({ '/api/thing': { status: 500, body: { statusCode: 500, message: 'Boom' } } });
      prefetchJson('/api/thing', { id: 1 });
      const error = await getJson('/api/thing', { id: 1 }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).status).to.equal(500);
      expect(fetchCalls).to.have.length(1);
      prefetchJson('/api/thing', { id: 2 }, { holdMs: 10 });
      await sleep(60);
      expect(unhandled).to.deep.equal([]);
    } finally {
      removeEventListener('unhandledrejection', onUnhandled);
    }
  });

  it('with the token at hand a request goes out in the caller\'s own task; without it, after the provider answers', async () => {
    stubFetch({ '/api/thing': ok({}) });
    setTokenProvider(async () => 'token', { heldToken: () => 'held' });
    void getJson('/api/thing', { id: 1 });
    expect(fetchCalls, 'sent before any await').to.have.length(1);
    setTokenProvider(async () => 'token');
    void getJson('/api/thing', { id: 2 });
    expect(fetchCalls).to.have.length(1);
    await sleep(10);
    expect(fetchCalls).to.have.length(2);
  });
});

describe('prefetch: what each route loads (core/router/prefetch)', () => {
  afterEach(() => {
    restoreFetch();
    resetApi();
  });

  it('the pay applications list: the project\'s open and closed applications, else the budget\'s; nothing without either', () => {
    const base = '/pfm/projects/payapplications?legalEntityId=1';
    expect(loadsOf(`${base}&projectId=41&budgetId=44`)).to.deep.equal([
      [PAY_APPLICATION_PATHS.list, { recordKey: 'Project', recordId: 41, open: true }],
      [PAY_APPLICATION_PATHS.list, { recordKey: 'Project', recordId: 41, open: false }],
    ]);
    expect(loadsOf(`${base}&budgetId=44`).map(([, query]) => query.recordKey)).to.deep.equal(['Budget', 'Budget']);
    expect(loadsOf(base)).to.deep.equal([]);
  });

  it('a pay application workbench over it: the existing application; a new one loads nothing ahead', () => {
    const list = '/pfm/projects/payapplications?legalEntityId=1&budgetId=44';
    expect(loadsOf(`${list}&workbench=PayApplication&recordKey=PayApplication&recordId=7`).slice(2))
      .to.deep.equal([[PAY_APPLICATION_PATHS.one, { payApplicationId: 7 }]]);
    expect(loadsOf(`${list}&workbench=PayApplication&recordKey=Project&recordId=41`)).to.have.length(2);
    expect(loadsOf(`${list}&workbench=PayApplication&recordKey=PayApplication&recordId=abc`)).to.have.length(2);
  });

  it('the projects list, SRA, User Management and App Records: their first loads', () => {
    expect(loadsOf('/pfm/projects').map(([path, query]) => `${path} ${JSON.stringify(query)}`)).to.deep.equal([
      '/api/pfm/getprojects {}', '/api/pfm/getprojects {"open":false}',
    ]);
    expect(loadsOf('/sr/sra')).to.deep.equal([['/api/risk/getsras', {}]]);
    expect(loadsOf('/usermanagement')).to.deep.equal([['/api/admin/users/getusers', { active: 'all' }]]);
    expect(loadsOf('/admin/app-records')).to.deep.equal([['/api/admin/apprecords/types', {}]]);
  });

  it('other screens load nothing ahead', () => {
    expect(loadsOf('/')).to.deep.equal([]);
    expect(loadsOf('/pfm/projects/commitments?legalEntityId=1&projectId=41')).to.deep.equal([]);
  });

  it('the screens ask exactly as their prefetch did: each prefetched load is taken, none asked twice', async () => {
    resetApi();
    setTokenProvider(async () => 'token');
    stubFetch({ [PAY_APPLICATION_PATHS.list]: ok([]), [PAY_APPLICATION_PATHS.one]: ok({ payApplicationId: 7, lines: [], waivers: [] }) });
    for (const [path, query] of loadsOf('/pfm/projects/payapplications?legalEntityId=1&projectId=41&workbench=PayApplication&recordKey=PayApplication&recordId=7')) {
      prefetchJson(path, query);
    }
    await sleep(20);
    expect(fetchCalls).to.have.length(3);
    await loadPayApplications({ recordKey: 'Project', recordId: 41 });
    await loadPayApplication(7);
    expect(fetchCalls, 'the screens took the prefetched answers').to.have.length(3);
  });

  it('the projects list, SRA, User Management and App Records ask as their prefetch did', async () => {
    resetApi();
    setTokenProvider(async () => 'token');
    stubFetch({ '/api/pfm/getprojects': ok([]), '/api/risk/getsras': ok([]), '/api/admin/users/getusers': ok({ rows: [], total: 0, capped: false, regions: [] }),
      '/api/admin/apprecords/types': ok([]) });
    for (const url of ['/pfm/projects', '/sr/sra', '/usermanagement', '/admin/app-records']) for (const [path, query] of loadsOf(url)) prefetchJson(path, query);
    await sleep(20);
    expect(fetchCalls).to.have.length(5);
    await Promise.all([loadProjects(), loadSras(), loadUsers(NO_FILTERS), loadRecordTypes()]);
    expect(fetchCalls, 'the screens took the prefetched answers').to.have.length(5);
  });

  it('a load already in flight is not held for later: the next identical call asks the server again', async () => {
    resetApi();
    setTokenProvider(async () => 'token');
    stubFetch({ '/api/thing': ok({}) });
    const own = getJson('/api/thing', { id: 1 });
    prefetchJson('/api/thing', { id: 1 });
    await own;
    await getJson('/api/thing', { id: 1 });
    expect(fetchCalls).to.have.length(2);
  });
});

describe('prefetch: on each navigation of the portal (startPrefetch)', () => {
  const start = location.href;
  const list = '/pfm/projects/payapplications?legalEntityId=1&projectId=41';
  const settle = () => sleep(10);
  let stop: () => void = () => {};
  beforeEach(() => {
    resetApi();
    resetRoles();
    setTokenProvider(async () => 'token');
    stubFetch({ [PAY_APPLICATION_PATHS.list]: ok([]), [PAY_APPLICATION_PATHS.one]: ok({ payApplicationId: 7, lines: [], waivers: [] }) });
  });
  afterEach(() => {
    stop();
    restoreFetch();
    resetApi();
    resetRoles();
    $session.set({ status: 'starting', account: null } as never);
    history.replaceState(null, '', start);
  });

  it('signed in, before the roles are known: the route\'s loads go out; a workbench over the list asks only its own', async () => {
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
    stop = startPrefetch();
    navigate(list);
    await settle();
    expect(fetchCalls.map((url) => url.split('?')[0])).to.deep.equal([PAY_APPLICATION_PATHS.list, PAY_APPLICATION_PATHS.list]);
    await loadPayApplications({ recordKey: 'Project', recordId: 41 }); // the screen takes them
    navigate(`${list}&workbench=PayApplication&recordKey=PayApplication&recordId=7`);
    await settle();
    expect(fetchCalls.slice(2), 'the open list is not asked again').to.deep.equal([`${PAY_APPLICATION_PATHS.one}?payApplicationId=7`]);
    await loadPayApplication(7);
    navigate('/');
    await settle();
    navigate(list);
    await settle();
    expect(fetchCalls, 'back on the list: asked again').to.have.length(5);
  });

  it('nothing before sign-in, and nothing the roles refuse once they are known', async () => {
    $session.set({ status: 'starting', account: null } as never);
    stop = startPrefetch();
    navigate(list);
    await settle();
    expect(fetchCalls).to.deep.equal([]);
    setRoles([]);
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
    await settle();
    expect(fetchCalls, 'no PFM role').to.deep.equal([]);
  });
});
