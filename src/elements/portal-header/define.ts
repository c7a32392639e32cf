import { defineReactElement } from '../../ui/element';
import { PortalHeader } from './PortalHeader';

/**
 * `<portal-header>`: the portal's header (§1, §2). Embedded alone on a legacy page it signs in by itself.
 * @attr application-id - the application (numeric id) whose unacknowledged changes the header lists (§4); default: PFM's on PFM screens
 * @attr site-name - the site name at the left (default 'Business Applications')
 */
export const PortalHeaderElement = defineReactElement('portal-header', PortalHeader, { props: { applicationId: 'number', siteName: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'portal-header': HTMLElement & { applicationId?: number; siteName?: string };
  }
}
