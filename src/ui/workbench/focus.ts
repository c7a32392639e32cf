/**
 * Focus kept inside an open workbench (WCAG 2.4.3 / 2.1.2): Tab from its last control returns to its
 * first, Shift+Tab from its first (or from the panel itself) goes to its last. Controls inside nested
 * shadow roots (a grid, an embedded element) count, in document order.
 */
const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The visible tab stops under `root`, through open shadow roots, in document order. */
export function tabStops(root: Element): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (node: Element | ShadowRoot) => {
    for (const el of node.querySelectorAll<HTMLElement>('*')) {
      if (el.matches(FOCUSABLE) && el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[hidden], [inert]')) out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(root);
  return out;
}

/** The focused element under `root`'s shadow root, looking into nested shadow roots. */
function deepActive(root: Element): Element | null {
  let el: Element | null = (root.getRootNode() as Document | ShadowRoot).activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** On Tab inside `panel`: wrap at the ends. Returns whether it moved focus. */
export function wrapTab(panel: HTMLElement, event: { key: string; shiftKey: boolean; defaultPrevented: boolean; preventDefault(): void }): boolean {
  if (event.key !== 'Tab' || event.defaultPrevented) return false;
  const stops = tabStops(panel);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return false;
  const current = deepActive(panel);
  if (event.shiftKey && (current === first || current === panel)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && current === last) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
