/**
 * A component's load: the core's keyed load (`core/api/load`) bound to React. Until the answer for
 * *this* key arrives the state is 'loading' (render `LoadProgress`, which shows after 300 ms); a
 * failure says its kind (`problemText` gives the sentence, `LoadProblem` the Retry).
 */
import { useEffect, useRef, useState } from 'react';
import { keyedLoad, type Loader, type LoadState } from '../core/api/load';
import { useStore } from './hooks';

export type { LoadFailure, LoadState, Loader } from '../core/api/load';

export interface UseLoad<T> {
  state: LoadState<T>;
  retry(): void;
  set(data: T): void;
}

/** Load `key` with `load` (null: nothing yet); a new key loads again and forgets the old answer. */
export function useLoad<T>(key: string | null, load: Loader<T>, options: { timeoutMs?: number; what?: string } = {}): UseLoad<T> {
  const [store] = useState(() => keyedLoad<T>(options));
  // The loader may close over this render's values; the key says when they matter. Kept current by an effect
  // (not during render), declared before the load's so that a new key starts with this render's loader.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    store.load(key, (signal, attempt) => loader.current(signal, attempt));
  }, [store, key]);
  useEffect(() => () => store.stop(), [store]);
  const state = useStore(store.$state);
  return {
    state: state.key === key ? state : { key, status: 'loading' },
    retry: store.retry,
    set: store.set,
  };
}
