import { expect } from 'chai';
import { ApiError, resetApi } from '../../src/core/api';
import { $projectPins, loadProjectPins, PIN_PATHS, pinProject, unpinProject } from '../../src/core/pins';

type Answer = { status?: number; body?: unknown; wait?: Promise<void> };
const realFetch = window.fetch;
let calls: Array<{ path: string; method: string; body: Record<string, string> }> = [];

/** Stub fetch by path; each path answers from its queue (the last answer repeats). */
function stubFetch(answers: Record<string, Answer[]>): void {
  calls = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.origin);
    const body = init?.body instanceof FormData ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, String(v)])) : {};
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body });
    const queue = answers[url.pathname] ?? [{ status: 404, body: {} }];
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 404 };
    if (answer.wait) await answer.wait;
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
}

const pin = (projectId: number, name = `Project ${projectId}`) => ({ projectId, number: `24-${1000 + projectId}`, name, classification: 'GC', budgetId: projectId, legalEntityId: 1 });

describe('project pins store', () => {
  beforeEach(() => {
    resetApi();
    $projectPins.set(null);
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('is null until loaded, then holds the server rows, dropping rows without a project id', async () => {
    stubFetch({ [PIN_PATHS.list]: [{ body: { data: [pin(1), { name: 'no id' }, null, pin(5)] } }] });
    expect($projectPins.get()).to.equal(null);
    await loadProjectPins();
    expect($projectPins.get()?.map((row) => row.projectId)).to.deep.equal([1, 5]);
    expect($projectPins.get()?.[0]?.name).to.equal('Project 1');
  });

  it('reads a non-list answer as no pins', async () => {
    stubFetch({ [PIN_PATHS.list]: [{ body: { data: { unexpected: true } } }] });
    await loadProjectPins();
    expect($projectPins.get()).to.deep.equal([]);
  });

  it('pins at once, posts ProjectId, then takes the server list', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => { release = resolve; });
    stubFetch({ [PIN_PATHS.pin]: [{ body: { data: [pin(3, 'From server')] }, wait }] });
    const done = pinProject(3, { number: '24-1003', name: 'Optimistic' });
    expect($projectPins.get()).to.deep.equal([{ number: '24-1003', name: 'Optimistic', projectId: 3 }]);
    release();
    await done;
    expect(calls).to.deep.equal([{ path: PIN_PATHS.pin, method: 'POST', body: { ProjectId: '3' } }]);
    expect($projectPins.get()?.[0]?.name).to.equal('From server');
  });

  it('does not add a project twice', async () => {
    $projectPins.set([pin(3)]);
    stubFetch({ [PIN_PATHS.pin]: [{ status: 500 }] });
    const done = pinProject(3);
    expect($projectPins.get()).to.have.length(1);
    await done.catch(() => undefined);
  });

  it('rolls a failed pin back and rethrows the error', async () => {
    $projectPins.set([pin(1)]);
    stubFetch({ [PIN_PATHS.pin]: [{ status: 500, body: { message: 'boom' } }] });
    let error: unknown;
    await pinProject(2, pin(2)).catch((caught: unknown) => { error = caught; });
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).message).to.equal('HTTP error! Status: 500');
    expect($projectPins.get()?.map((row) => row.projectId)).to.deep.equal([1]);
  });

  it('unpins at once and rolls a failed unpin back in place', async () => {
    $projectPins.set([pin(1), pin(2), pin(3)]);
    let release!: () => void;
    const wait = new Promise<void>((resolve) => { release = resolve; });
    stubFetch({ [PIN_PATHS.unpin]: [{ status: 403, wait }] });
    const done = unpinProject(2);
    expect($projectPins.get()?.map((row) => row.projectId)).to.deep.equal([1, 3]);
    release();
    let error: unknown;
    await done.catch((caught: unknown) => { error = caught; });
    expect((error as ApiError).status).to.equal(403);
    expect($projectPins.get()?.map((row) => row.projectId)).to.deep.equal([1, 2, 3]);
    expect(calls[0]?.body).to.deep.equal({ ProjectId: '2' });
  });

  it('keeps a pin made while a load was in flight (the older answer is dropped)', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => { release = resolve; });
    stubFetch({ [PIN_PATHS.list]: [{ body: { data: [] }, wait }], [PIN_PATHS.pin]: [{ body: { data: [pin(4)] } }] });
    const loading = loadProjectPins();
    await pinProject(4, pin(4));
    release();
    await loading;
    expect($projectPins.get()?.map((row) => row.projectId)).to.deep.equal([4]);
  });

  it('a failed load leaves the pins as they were and rejects', async () => {
    $projectPins.set([pin(1)]);
    stubFetch({ [PIN_PATHS.list]: [{ status: 403 }] });
    let error: unknown;
    await loadProjectPins().catch((caught: unknown) => { error = caught; });
    expect((error as ApiError).status).to.equal(403);
    expect($projectPins.get()?.map((row) => row.projectId)).to.deep.equal([1]);
  });
});
