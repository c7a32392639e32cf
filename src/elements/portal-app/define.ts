import { defineReactElement } from '../../ui/element';
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
