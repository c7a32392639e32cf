import { defineReactElement } from '../../ui/element';
import { Home } from './Home';

/** `<portal-home>`: the home screen (greeting and the tools the user may open). No attributes. */
export const HomeElement = defineReactElement('portal-home', Home);

declare global {
  interface HTMLElementTagNameMap {
    'portal-home': HTMLElement;
  }
}
