/**
 * The one place React meets nanostores: components read stores through these hooks only.
 */
import { useEffect, useRef } from 'react';

export { useStore } from '@nanostores/react';

/**
 * Run `callback` once after `ms` milliseconds, restarting when `ms` or `active` change; nothing runs
 * while `active` is false. The latest callback is used, so callers need not memoise it.
 */
export function useTimeout(callback: () => void, ms: number, active = true): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [ms, active]);
}
