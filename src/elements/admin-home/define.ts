import { AdminHome } from '../../features/admin';
import { defineReactElement } from '../../ui/element';

/**
 * `<admin-home>`: the admin's counts (active users, pending access requests, SLIM past due,
 * data-quality errors across projects), each linking to its screen, and links to every admin screen
 * (§2 /admin AdminHome, keyAdmin Admin; issue 15). No attributes.
 */
export const AdminHomeElement = defineReactElement('admin-home', AdminHome, {
  props: {},
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'admin-home': HTMLElement;
  }
}
