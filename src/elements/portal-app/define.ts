import { defineReactElement } from '../../ui/element';
// The header it always shows comes with it (a static import: its chunk downloads beside this one), so the
// header paints in the portal's first frame, before sign-in asks for MSAL (issue 16: the first paint needs no MSAL).
// The shell is the one element that assembles another.
// eslint-disable-next-line no-restricted-imports
import '../portal-header/define';
import { PortalApp } from './PortalApp';

/**
 * `<portal-app>`: the router page. Place it once on a page; it signs the user in, shows the header
 * and the screen the URL names (guarded by role, titled, loaded on demand). No attributes.
 */
export const PortalAppElement = defineReactElement('portal-app', PortalApp);

declare global {
  interface HTMLElementTagNameMap {
    'portal-app': HTMLElement;
  }
}
