import { defineReactElement } from '../../ui/element';
import { Forbidden } from './Forbidden';

/**
 * `<portal-forbidden>`: the 'No Access' screen.
 * @attr home-href - where the home link points (default `/`)
 * @attr path - the requested path, shown as text (optional)
 */
export const ForbiddenElement = defineReactElement('portal-forbidden', Forbidden, { props: { homeHref: 'string', path: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'portal-forbidden': HTMLElement & { homeHref?: string; path?: string };
  }
}
