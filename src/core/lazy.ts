/**
 * Lazy content (§9): load when an element comes within 300 px of the viewport.
 */
import { LAZY_MARGIN_PX } from './format/constants';

/**
 * The nearest ancestor of `element` (crossing shadow roots) that scrolls vertically, or null (the
 * page scrolls). Content inside a scrolling panel (a workbench body) is clipped by it, so the 300 px
 * must be measured from that panel's edge, not the viewport's.
 */
export function scrollParent(element: Element): Element | null {
  let node: Node | null = element.parentNode;
  while (node) {
    if (node instanceof ShadowRoot) node = node.host;
    if (!(node instanceof Element) || node === document.documentElement || node === document.body) return null;
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
    node = node.parentNode;
  }
  return null;
}

/**
 * Calls `callback` once, the first time `element` comes within `marginPx` (default 300) of the
 * viewport (or of `root`, a scrolling panel that holds it), then stops watching. Returns a cleanup
 * that stops watching without calling back. Where IntersectionObserver does not exist the callback
 * runs on the next microtask.
 */
export function whenNearViewport(element: Element, callback: () => void, marginPx: number = LAZY_MARGIN_PX, root: Element | null = null): () => void {
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
    { rootMargin: `${marginPx}px`, root },
  );
  observer.observe(element);
  return () => {
    done = true;
    observer.disconnect();
  };
}
