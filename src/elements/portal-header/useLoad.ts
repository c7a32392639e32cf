import { useEffect, useRef } from 'react';
import { shownData } from '../../core/api/load';
import { useLoad as useSharedLoad } from '../../ui/useLoad';

/**
 * Load a value for `key` (null: nothing to load) and return it once it has arrived for that key;
 * undefined while loading, after a failure (logged) or for a stale key. An answer for an older key
 * is never shown. A new `reload` number loads the same key again, showing the old value until the new one is in.
 * The shared load (`ui/useLoad`) underneath: the header is the first screen, so it imports nothing bigger.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, what: string, reload = 0): T | undefined {
  const { state, retry } = useSharedLoad<T>(key, () => load(), { what: `${what} load` });
  const seen = useRef({ key, reload });
  useEffect(() => {
    const before = seen.current;
    seen.current = { key, reload };
    // A new key loads by itself; only the same key's new `reload` asks again.
    if (before.key === key && before.reload !== reload) retry();
  }, [key, reload, retry]);
  return shownData(state);
}
