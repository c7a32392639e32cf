import { defineReactElement } from '../../ui/element';
import { NotFound } from './NotFound';

/**
 * `<portal-not-found>`: the 'Not Found' screen.
 * @attr home-href - where the home link points (default `/`)
 * @attr path - the requested path, shown as text (optional)
 */
export const NotFoundElement = defineReactElement('portal-not-found', NotFound, { props: { homeHref: 'string', path: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'portal-not-found': HTMLElement & { homeHref?: string; path?: string };
  }
}
