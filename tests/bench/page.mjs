// Helpers that run inside the page, and the wait that sends them there. Each page helper is self-contained (no outer names): its source
// goes to the page with `toString()`.

/**
 * Every element under `root` (an element with its shadow root, or a document) that matches
 * `predicate`, looking through open shadow roots; descent stops at elements whose tag is in `stopAt`.
 */
export function findDeep(root, predicate, out = [], stopAt = []) {
  const walk = (node) => {
    for (const child of node.children) {
      if (stopAt.includes(child.localName)) continue;
      if (predicate(child)) out.push(child);
      if (child.shadowRoot) walk(child.shadowRoot);
      walk(child);
    }
  };
  if (root.shadowRoot) walk(root.shadowRoot);
  walk(root);
  return out;
}

/**
 * Tabulator rows under `root`: rendered row elements, rows visible in their table's scroll area,
 * editable cells, and the row count the screen shows (`[data-row-count]`, if any). `findDeepInPage` is
 * {@link findDeep} as the page has it (each helper reaches the page alone, as its source).
 */
export function deepRowStats(root, findDeepInPage, stopAt = []) {
  const findDeepFn = (from, predicate) => findDeepInPage(from, predicate, [], stopAt);
  const rows = findDeepFn(root, (el) => el.classList.contains('tabulator-row'));
  let visible = 0;
  for (const row of rows) {
    const holder = row.closest('.tabulator-tableholder');
    if (!holder) continue;
    const box = holder.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    if (rect.height > 0 && rect.bottom > box.top && rect.top < box.bottom) visible += 1;
  }
  const editable = findDeepFn(root, (el) => el.classList.contains('tabulator-cell') && el.classList.contains('tabulator-editable')).length;
  const counter = findDeepFn(root, (el) => el.hasAttribute('data-row-count'))[0];
  const countText = counter ? (counter.getAttribute('data-row-count') || counter.textContent || '') : '';
  const rowCount = countText ? Number(countText.replace(/[^0-9]/g, '')) : undefined;
  return { rendered: rows.length, visible, editable, rowCount };
}

/**
 * Wait in `page` until `rootTag` (through shadow roots) holds an element matching `rowSelector` (rows inside a `stopAt`
 * tag do not count), and return the time from `start` to the end of the frame that painted it: each look runs right
 * after a frame's requestAnimationFrame, so what it finds is in that frame's paint, and a task queued then runs after
 * it. `{ notAvailable: true }` when the portal shows <portal-not-available tag="rootTag"> instead (not in this build).
 */
export function waitForScreenRows(page, { start, rootTag, rowSelector, stopAt = [], timeout }) {
  return page.evaluate(async ({ start, rootTag, rowSelector, stopAt, findDeepSource, timeout }) => {
    const findDeepFn = new Function(`return (${findDeepSource})`)();
    const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    const afterPaint = () => new Promise((r) => setTimeout(r, 0));
    for (;;) {
      await nextFrame();
      const root = findDeepFn(document, (el) => el.localName === rootTag, [])[0];
      if (root && findDeepFn(root, (el) => el.matches(rowSelector), [], stopAt).length > 0) {
        await afterPaint();
        return { ms: performance.now() - start };
      }
      if (!root && findDeepFn(document, (el) => el.localName === 'portal-not-available' && el.getAttribute('tag') === rootTag, []).length > 0) {
        return { ms: NaN, notAvailable: true };
      }
      if (performance.now() - start > timeout) return { ms: NaN, timedOut: true, found: Boolean(root) };
    }
  }, { start, rootTag, rowSelector, stopAt, findDeepSource: findDeep.toString(), timeout });
}
