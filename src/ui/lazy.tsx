/**
 * Lazy content (§9) for React: content below the fold is rendered, and so loads its data, only once it
 * comes within 300 px of the viewport (`whenNearViewport` in the core).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { scrollParent, whenNearViewport } from '../core/lazy';

/**
 * A callback ref and whether its element has come near the viewport, or near the edge of the
 * scrolling panel that holds it (true from then on). Attach the
 * ref to a placeholder that has some height; start loads in an effect once `near` is true.
 */
export function useNearViewport<T extends Element>(marginPx?: number): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return undefined;
    // Inside a scrolling panel (a workbench body) the distance counts from the panel's edge.
    return whenNearViewport(element, () => setNear(true), marginPx, scrollParent(element));
  }, [element, near, marginPx]);
  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, near];
}

/**
 * Renders `children` once this spot comes within 300 px of the viewport; until then a placeholder of
 * `minHeight` px (so the page keeps its length) with `placeholder` in it.
 */
export function LazySection({ children, minHeight = 120, placeholder = null, label }: {
  children: ReactNode; minHeight?: number; placeholder?: ReactNode; label?: string;
}) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  if (near) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} data-lazy-pending={label ?? ''}>{placeholder}</div>;
}
