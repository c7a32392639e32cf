/** The one keyed load (core/api/load): stale answers, abort, time limit, failure kinds, Retry's attempt, set, the last answer kept. */
import { expect } from 'chai';
import { ApiError, keyedLoad, loadFailure, shownData, type LoadState } from '../../src/core/api';

/** A loader whose answers the test settles by hand. */
function manual<T>() {
  const calls: { signal: AbortSignal; attempt: number; resolve(v: T): void; reject(e: unknown): void }[] = [];
  const loader = (signal: AbortSignal, attempt: number) => new Promise<T>((resolve, reject) => calls.push({ signal, attempt, resolve, reject }));
  return { calls, loader };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
const statusOf = <T>(state: LoadState<T>) => (state.status === 'failed' ? `failed:${state.failure}` : state.status);

describe('keyed load', () => {
  it('loads a key and answers ready with its data', async () => {
    const store = keyedLoad<number>();
    const { calls, loader } = manual<number>();
    store.load('p:1', loader);
    expect(store.$state.get()).to.deep.equal({ key: 'p:1', status: 'loading' });
    calls[0]!.resolve(7);
    await tick();
    expect(store.$state.get()).to.deep.equal({ key: 'p:1', status: 'ready', data: 7 });
  });

  it('a newer key aborts the older request, and the older answer arriving late changes nothing', async () => {
    const store = keyedLoad<string>();
    const { calls, loader } = manual<string>();
    store.load('p:1', loader);
    store.load('p:2', loader);
    expect(calls[0]!.signal.aborted).to.equal(true);
    calls[1]!.resolve('two');
    await tick();
    calls[0]!.resolve('one');
    await tick();
    expect(store.$state.get()).to.deep.equal({ key: 'p:2', status: 'ready', data: 'two' });
  });

  it('the same key is not asked twice; null stops loading', () => {
    const store = keyedLoad<number>();
    const { calls, loader } = manual<number>();
    store.load('k', loader);
    store.load('k', loader);
    expect(calls).to.have.length(1);
    store.load(null, loader);
    expect(calls[0]!.signal.aborted).to.equal(true);
    expect(store.$state.get()).to.deep.equal({ key: null, status: 'loading' });
  });

  it('names each failure: 401 signed out, 403 forbidden, 408/504 and the time limit timeout, the rest failed', async () => {
    expect(loadFailure(new ApiError(401))).to.equal('signedOut');
    expect(loadFailure(new ApiError(403))).to.equal('forbidden');
    expect(loadFailure(new ApiError(504))).to.equal('timeout');
    expect(loadFailure(new ApiError(500))).to.equal('failed');
    expect(loadFailure(new TypeError('Failed to fetch'))).to.equal('failed');
    const store = keyedLoad<number>({ timeoutMs: 20 });
    store.load('slow', (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    await new Promise((r) => setTimeout(r, 60));
    expect(statusOf(store.$state.get())).to.equal('failed:timeout');
  });

  it('Retry starts a new attempt of the same key, and set replaces the data after a write', async () => {
    const store = keyedLoad<number>();
    const { calls, loader } = manual<number>();
    store.load('k', loader);
    calls[0]!.reject(new ApiError(500));
    await tick();
    expect(statusOf(store.$state.get())).to.equal('failed:failed');
    store.retry();
    expect(calls[1]!.attempt).to.equal(1);
    expect(store.$state.get().status).to.equal('loading');
    calls[1]!.resolve(3);
    await tick();
    store.set(4);
    expect(store.$state.get()).to.deep.equal({ key: 'k', status: 'ready', data: 4 });
  });

  it('stop aborts the request in flight and ignores its answer', async () => {
    const store = keyedLoad<number>();
    const { calls, loader } = manual<number>();
    store.load('k', loader);
    store.stop();
    expect(calls[0]!.signal.aborted).to.equal(true);
    calls[0]!.resolve(1);
    await tick();
    expect(store.$state.get().status).to.equal('loading');
  });

  it('a Retry keeps the key\'s last answer while it loads and after it fails; a new key starts without', async () => {
    const store = keyedLoad<number>();
    const { calls, loader } = manual<number>();
    store.load('k', loader);
    expect(shownData(store.$state.get())).to.equal(undefined);
    calls[0]!.resolve(1);
    await tick();
    store.retry();
    expect(store.$state.get()).to.deep.equal({ key: 'k', status: 'loading', last: 1 });
    calls[1]!.reject(new ApiError(500));
    await tick();
    expect(statusOf(store.$state.get())).to.equal('failed:failed');
    expect(shownData(store.$state.get())).to.equal(1);
    store.retry();
    expect(shownData(store.$state.get())).to.equal(1);
    calls[2]!.resolve(2);
    await tick();
    expect(shownData(store.$state.get())).to.equal(2);
    store.load('other', loader);
    expect(store.$state.get()).to.deep.equal({ key: 'other', status: 'loading' });
  });
});
