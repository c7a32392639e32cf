import { useEffect, useRef, useState } from 'react';

/**
 * Load a value for `key` (null: nothing to load) and return it once it has arrived for that key;
 * undefined while loading, after a failure (logged) or for a stale key. An answer for an older key
 * is never shown. A new `reload` number loads the same key again, showing the old value until the new one is in.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, what: string, reload = 0): T | undefined {
  const [result, setResult] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (key === null) return undefined;
    let cancelled = false;
    latest.current().then(
      (value) => { if (!cancelled) setResult({ key, value }); },
      (error: unknown) => console.error(`${what} load failed`, error),
    );
    return () => { cancelled = true; };
  }, [key, what, reload]);
  return result !== null && result.key === key ? result.value : undefined;
}
