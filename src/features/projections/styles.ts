/**
 * The projection grid's own styles (marks for manual, unsaved and invalid projections), adopted into
 * its shadow root as a constructable sheet (the host's CSP blocks `<style>` elements). Colours come
 * from Bootstrap's variables, so light and dark modes both read well.
 */
import { pageSingleton } from '../../core/singleton';

export const PROJECTION_GRID_CSS = `
:host { display: block; max-width: 100%; }
/* On a legacy page (a table cell sized by its content) the grid scrolls inside the element: its width never
   counts toward the page's, so the page keeps its menu (Tabulator's holder scrolls sideways instead). */
.pfm-projection-grid .grid { contain: inline-size; max-width: 100%; }
.pg-toolbar { gap: 8px; }
.pg-summary dt { font-weight: 400; color: var(--bs-secondary-color); font-size: 12.8px; }
.pg-summary dd { font-weight: 600; margin: 0; font-variant-numeric: tabular-nums; }
.pg-legend { font-size: 13.6px; gap: 4px 20px; }
.pg-swatch { display: inline-block; width: 17.6px; height: 16px; vertical-align: middle; margin-right: 5.6px; border: 1px solid var(--bs-border-color); }
.pg-swatch-manual { background: var(--bs-warning-bg-subtle); }
.pg-swatch-unsaved { background: var(--bs-body-bg); border-left: 4px solid var(--bs-primary); }
.pg-swatch-invalid { background: var(--bs-danger-bg-subtle); border: 2px solid var(--bs-danger); }
.pg-swatch-warning { border: 2px dashed var(--bs-warning); }
.pg-swatch-conflict { background: var(--bs-body-bg); border-left: 4px solid var(--bs-danger); }
.pg-mark { font-size: 12px; font-weight: 600; margin-left: 5.6px; white-space: nowrap; }
.pg-mark-manual { color: var(--bs-warning-text-emphasis); }
.pg-mark-invalid { color: var(--bs-danger-text-emphasis); }
.pg-over { color: var(--bs-danger-text-emphasis); }
.pg-mark-warning { color: var(--bs-warning-text-emphasis); }
.pg-pending-panel { max-width: 720px; }
.pg-pending-panel ul { max-height: 240px; overflow: auto; }
.tabulator .tabulator-row .tabulator-cell.pg-warning { outline: 2px dashed var(--bs-warning); outline-offset: -2px; }
.tabulator .tabulator-row.pg-conflict { box-shadow: inset 4px 0 0 var(--bs-danger); }
.tabulator .pg-pending { font-size: inherit; vertical-align: baseline; }
.tabulator .tabulator-row .tabulator-cell.pg-manual { background: var(--bs-warning-bg-subtle); }
.tabulator .tabulator-row .tabulator-cell.pg-invalid { background: var(--bs-danger-bg-subtle); outline: 2px solid var(--bs-danger); outline-offset: -2px; }
.tabulator .tabulator-row.pg-unsaved { box-shadow: inset 4px 0 0 var(--bs-primary); }
.tabulator .tabulator-row.pg-unsaved .tabulator-cell.pg-editable { font-style: italic; }
.tabulator .tabulator-cell.pg-editable:not(.pg-readonly) { cursor: text; }
.tabulator .pg-open { padding: 0 5.6px; line-height: 1.2; }
.tabulator-row .tabulator-cell.pg-open-cell { padding-left: 4px; padding-right: 4px; overflow: visible; }
`;

const sheet = () => pageSingleton('pfm-projection-grid.sheet', () => {
  const css = new CSSStyleSheet();
  css.replaceSync(PROJECTION_GRID_CSS);
  return css;
});

/** Add the grid's sheet to the shadow root (or document) holding `node`. */
export function adoptProjectionGridStyles(node: Node): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  const own = sheet();
  if (!root.adoptedStyleSheets.includes(own)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, own];
}
