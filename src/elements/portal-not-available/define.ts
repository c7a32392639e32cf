import { defineReactElement } from '../../ui/element';
import { NotAvailable } from './NotAvailable';

/**
 * `<portal-not-available>`: names a screen that is not built yet.
 * @attr screen - the screen's name, shown as text
 * @attr tag - the element that will show it
 */
export const NotAvailableElement = defineReactElement('portal-not-available', NotAvailable, { props: { screen: 'string', tag: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'portal-not-available': HTMLElement & { screen?: string; tag?: string };
  }
}
