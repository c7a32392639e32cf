/**
 * Tools → Print: the browser prints the open workbench's content alone. The frame adopts a print
 * stylesheet (constructable, so the strict CSP allows it) that lays the panel out as a plain page
 * without its controls and sidebar; while printing, everything beside the panel (the screen behind,
 * the header, up through every shadow root) is hidden through the CSSOM and put back afterwards.
 */

/** The frame's @media print rules (adopted into the shadow root that holds the panel). */
export const WORKBENCH_PRINT_CSS = `@media print {
  .workbench-panel { position: static !important; width: auto !important; height: auto !important; box-shadow: none !important; border: 0 !important; }
  .workbench-panel [role="toolbar"], .workbench-sidebar, .workbench-tray { display: none !important; }
  .workbench-main { display: block !important; }
  .workbench-body { overflow: visible !important; padding: 0 !important; }
}`;

let sheet: CSSStyleSheet | null = null;

/** Adopt the print rules into the root (document or shadow root) that holds `element`, once. */
export function adoptPrintStyles(element: Element): void {
  const root = element.getRootNode();
  if (!(root instanceof ShadowRoot || root instanceof Document) || typeof CSSStyleSheet === 'undefined') return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(WORKBENCH_PRINT_CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * Hide every element beside the path from `panel` up to <body> (crossing shadow roots), print, and
 * put their display back. Returns the number of elements that were hidden (tests).
 */
export function printWorkbench(panel: HTMLElement, print: () => void = () => window.print()): number {
  adoptPrintStyles(panel);
  const hidden: Array<{ element: HTMLElement; display: string; priority: string }> = [];
  let node: Element | null = panel;
  while (node && node !== document.body && node !== document.documentElement) {
    const parent: Node | null = node.parentNode;
    const siblings = parent ? [...parent.childNodes] : [];
    for (const sibling of siblings) {
      if (sibling === node || !(sibling instanceof HTMLElement) || ['STYLE', 'SCRIPT', 'LINK'].includes(sibling.tagName)) continue;
      hidden.push({ element: sibling, display: sibling.style.getPropertyValue('display'), priority: sibling.style.getPropertyPriority('display') });
      sibling.style.setProperty('display', 'none', 'important');
    }
    node = parent instanceof ShadowRoot ? parent.host : parent instanceof Element ? parent : null;
  }
  const restore = () => {
    for (const { element, display, priority } of hidden) {
      if (display) element.style.setProperty('display', display, priority);
      else element.style.removeProperty('display');
    }
  };
  try {
    print();
  } finally {
    // Chromium's print() returns once the dialog closes (the page was laid out for print meanwhile).
    restore();
  }
  return hidden.length;
}
