/**
 * One keyed load (issue 30): the state of a screen's or a panel's load as a store. A load is named by a
 * key (its scope: a project, a week, a tab); asking for a new key aborts the old request, so an answer
 * that arrives after a newer one changes nothing. Every attempt has a time limit, Retry starts a new
 * attempt (with the query mark that bypasses a shared request in flight), and `set` replaces the data
 * after a write. `src/ui/useLoad` binds it to a component; the sentences come from `problemText`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from './errors';
import { LOAD_TIMEOUT_MS } from './problems';

/** What kind of failure a load met: each is said differently, and each offers Retry. */
export type LoadFailure = 'signedOut' | 'forbidden' | 'timeout' | 'failed';

/**
 * Loading and failed carry `last`, the key's previous answer, when the key had one (a Retry, a reload after
 * a write): a screen may keep it on show meanwhile. A new key starts without.
 */
export type LoadState<T> =
  | { key: string | null; status: 'loading'; last?: T }
  | { key: string; status: 'ready'; data: T }
  | { key: string; status: 'failed'; failure: LoadFailure; error: unknown; last?: T };

/** What to show: the answer, else the key's last answer while it loads again or after that failed. */
export function shownData<T>(state: LoadState<T>): T | undefined {
  return state.status === 'ready' ? state.data : state.last;
}

/** `{ last }` from `state` when it is `key`'s and has data to keep. */
function keptFor<T>(state: LoadState<T>, key: string): { last?: T } {
  if (state.key !== key) return {};
  if (state.status === 'ready') return { last: state.data };
  return 'last' in state ? { last: state.last } : {};
}

/** The loader of one attempt: `attempt` is 0 for the first, then 1, 2… (pass it to `retryMark`). */
export type Loader<T> = (signal: AbortSignal, attempt: number) => Promise<T>;

export interface KeyedLoad<T> {
  readonly $state: ReadableAtom<LoadState<T>>;
  /** Load `key` (null: nothing to load). The same key already loading or loaded is not asked again. */
  load(key: string | null, loader: Loader<T>): void;
  /** A new attempt of the current key. */
  retry(): void;
  /** The current key's data, replaced (after a write). */
  set(data: T): void;
  /** Abort what is in flight (the component left). */
  stop(): void;
}

/** The kind of a failure: 401 and 403 by status, a time limit or a 408/504 as a timeout, the rest failed. */
export function loadFailure(error: unknown): LoadFailure {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'signedOut';
    if (error.status === 403) return 'forbidden';
    if (error.status === 408 || error.status === 504) return 'timeout';
    return 'failed';
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  return 'failed';
}

export function keyedLoad<T>(options: { timeoutMs?: number; what?: string } = {}): KeyedLoad<T> {
  const $state = atom<LoadState<T>>({ key: null, status: 'loading' });
  let current: { key: string; loader: Loader<T>; attempt: number; abort: AbortController } | null = null;

  const start = (key: string, loader: Loader<T>, attempt: number) => {
    current?.abort.abort();
    const abort = new AbortController();
    const request = { key, loader, attempt, abort };
    current = request;
    $state.set({ key, status: 'loading', ...keptFor($state.get(), key) });
    const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(options.timeoutMs ?? LOAD_TIMEOUT_MS)]);
    loader(signal, attempt).then(
      (data) => { if (current === request) $state.set({ key, status: 'ready', data }); },
      (error: unknown) => {
        if (current !== request) return;
        const reason = signal.aborted && !abort.signal.aborted ? signal.reason : error;
        const failure = loadFailure(reason);
        if (failure === 'failed') console.error(`${options.what ?? 'A load'} failed`, error);
        $state.set({ key, status: 'failed', failure, error: reason, ...keptFor($state.get(), key) });
      },
    );
  };

  return {
    $state,
    load(key, loader) {
      if (key === null) {
        current?.abort.abort();
        current = null;
        $state.set({ key: null, status: 'loading' });
        return;
      }
      if (current?.key === key) {
        current.loader = loader;
        return;
      }
      start(key, loader, 0);
    },
    retry() {
      if (current) start(current.key, current.loader, current.attempt + 1);
    },
    set(data) {
      if (current) $state.set({ key: current.key, status: 'ready', data });
    },
    stop() {
      current?.abort.abort();
      current = null;
    },
  };
}
