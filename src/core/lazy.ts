/**
 * Lazy content (§9): load when an element comes within 300 px of the viewport.
 */
import { LAZY_MARGIN_PX } from './format/constants';

/**
 * Calls `callback` once, the first time `element` comes within `marginPx` (default 300) of the
 * viewport, then stops watching. Returns a cleanup that stops watching without calling back.
 * Where IntersectionObserver does not exist the callback runs on the next microtask.
 */
export function whenNearViewport(element: Element, callback: () => void, marginPx: number = LAZY_MARGIN_PX): () => void {
  let done = false;
  if (typeof IntersectionObserver === 'undefined') {
    queueMicrotask(() => {
      if (done) return;
      done = true;
      callback();
    });
    return () => { done = true; };
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (done || !entries.some((entry) => entry.isIntersecting)) return;
      done = true;
      observer.disconnect();
      callback();
    },
    { rootMargin: `${marginPx}px` },
  );
  observer.observe(element);
  return () => {
    done = true;
    observer.disconnect();
  };
}
