// Helpers that run inside the page. Each is self-contained (no outer names): run.mjs sends its source
// to the page with `toString()`.

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
