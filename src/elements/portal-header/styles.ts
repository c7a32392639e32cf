/**
 * The header's own styles, added to its shadow root next to the shared sheet. The environment strip
 * uses the environment's colour with white text (all three colours give over 4.5:1); the navigation
 * bar follows the light or dark colour mode through Bootstrap's variables, which the shared sheet
 * switches on prefers-color-scheme, live. Only the strip's own links and buttons are white (and
 * ringed in white): the menus opened from it (the bell) keep the dropdown's colours in both modes.
 * Group headings use the secondary text colour: Bootstrap's grey falls below 4.5:1 on the dark menu.
 * At phone width (under 576 px) the bar folds into its Menu button, which opens the bar's menus as a
 * list in a popover (the browser's: Escape and a click outside close it, and focus returns to the
 * button; no script, for the first screen's size budget). Wider, the popover is laid out in place.
 * (Notes live here, not in the CSS string, which ships as written.)
 */
import { pageSingleton } from '../../core/singleton';

export const HEADER_CSS = `
:host { display: block; position: relative; z-index: 1030; }
.portal-header-env {
  background: var(--portal-env-color);
  color: #fff;
  min-height: 44px;
}
.portal-header-env > a, .portal-header-env .nav-link, .portal-header-env .btn-link { color: #fff; }
.portal-header-env .nav-link:hover, .portal-header-env .nav-link:focus-visible { color: #fff; text-decoration: underline; }
.portal-header-env :focus-visible:not(.dropdown-menu *, .portal-avatar-popover *) { outline: 2px solid #fff; outline-offset: 2px; }
.portal-env-badge { background: #fff; color: var(--portal-env-color); letter-spacing: .05em; }
.portal-header-bar {
  background: var(--bs-tertiary-bg);
  color: var(--bs-body-color);
  border-bottom: 1px solid var(--bs-border-color);
}
.portal-header-bar .nav-link { color: var(--bs-body-color); padding: 8px 12px; }
.portal-header-bar .nav-link:hover, .portal-header-bar .nav-link.show { color: var(--bs-emphasis-color); background: var(--bs-secondary-bg); }
.portal-header .dropdown { position: relative; }
.portal-header .dropdown-menu { position: absolute; top: 100%; margin-top: 2px; max-height: 70vh; overflow-y: auto; min-width: 224px; }
.portal-header .dropdown-menu-end { right: 0; left: auto; }
.portal-header .dropdown-header { color: var(--bs-secondary-color); font-weight: 600; }
.portal-avatar-button { width: 32px; height: 32px; }
.portal-avatar-initials {
  display: inline-flex; align-items: center; justify-content: center;
  width: 32px; height: 32px; background: #fff; color: var(--portal-env-color); font-weight: 600; font-size: 12.8px;
}
.portal-avatar-popover { position: absolute; right: 0; top: calc(100% + 4px); z-index: 1040; color: var(--bs-body-color); }
.portal-avatar-popover a.btn-outline-primary { color: var(--bs-primary-text-emphasis); border-color: var(--bs-primary-text-emphasis); }
.portal-avatar-popover .btn-outline-secondary { color: var(--bs-body-color); border-color: var(--bs-border-color); }
.portal-avatar-popover .btn-outline-secondary:hover { background: var(--bs-secondary-bg); }
@media (min-width: 576px) {
  .portal-nav-toggle { display: none; }
  .portal-nav { display: contents; }
}
.portal-header-env { flex-wrap: wrap; }
.portal-nav:popover-open { margin: 0 0 auto; width: 100%; }
.portal-nav:popover-open > nav { flex-direction: column !important; }
.portal-nav:popover-open .dropdown-menu { position: static; }
/* On a phone a menu of the bar's end (the bell) opens as a sheet across the screen under its button, never off it. */
@media (max-width: 575.98px) {
  .portal-header-env .dropdown-menu-end { position: fixed; left: 8px; right: 8px; top: auto; min-width: 0; }
  .portal-header-env .dropdown-menu-end .dropdown-item { white-space: normal; }
}
.portal-bell-count { font-size: 11.2px; vertical-align: top; }
.portal-changes-mark { color: #fff; font-weight: 700; font-size: 1.25em; line-height: 1; }
.portal-changes-panel { width: 352px; color: var(--bs-body-color); }
.portal-changes-panel .change-indicator { color: var(--portal-change-color, #c25700) !important; }
@media (prefers-color-scheme: dark) {
  .portal-changes-panel .change-indicator { --portal-change-color: #ff9a3d; }
}
`;

// One sheet per page, shared by every header (and every bundle copy).
const headerSheet = () => pageSingleton('portal-header.sheet', () => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(HEADER_CSS);
  return sheet;
});

/**
 * Add the header's sheet to the shadow root (or document) holding `node`, after the shared sheet.
 * A constructable stylesheet rather than a `<style>` element: the host's Content-Security-Policy
 * (style-src 'self') blocks inline style elements but not CSSOM.
 */
export function adoptHeaderStyles(node: Node): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  const sheet = headerSheet();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
