/**
 * The one place React meets nanostores: components read stores through these hooks only.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

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

/**
 * A list row's write (Withdraw, Delete, Remove): `busy` is the id of the row whose write is on its way, and `run(id,
 * write)` marks that row for as long as `write` runs, so its button can be disabled meanwhile: progress shows, and a
 * second click sends nothing twice.
 */
export function useRowWrite<Id>(): { busy: Id | null; run: (id: Id, write: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState<Id | null>(null);
  const run = useCallback(async (id: Id, write: () => Promise<void>) => {
    setBusy(id);
    try {
      await write();
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, run };
}

/** While `open`, a pointer press outside `root` closes (`setOpen(false)`); composedPath sees through shadow roots. */
export function useCloseOnOutsidePress(root: RefObject<Element | null>, open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !event.composedPath().includes(root.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, root, setOpen]);
}
