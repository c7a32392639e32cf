import { defineReactElement } from '../../ui/element';
import { UnprocessableEntity } from './UnprocessableEntity';

/**
 * `<portal-unprocessable>`: the 'Can Not Proceed' screen.
 * @attr home-href - where the home link points (default `/`)
 * @attr path - the requested path, shown as text (optional)
 */
export const UnprocessableEntityElement = defineReactElement('portal-unprocessable', UnprocessableEntity, { props: { homeHref: 'string', path: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'portal-unprocessable': HTMLElement & { homeHref?: string; path?: string };
  }
}
