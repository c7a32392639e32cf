import { ItBilling } from '../../features/billing';
import { defineReactElement } from '../../ui/element';

/**
 * `<it-billing>`: IT billing (§2 /billing, keyIT Admin, User, Viewer; issue 15). The months with their
 * state and charges; a month's showback per project and per department, line by line; the cost items
 * held. keyIT Admin runs a month (by timecard hours or per head), re-runs a Draft and posts it (locked);
 * User and Viewer read. Export to Excel. No attributes.
 */
export const ItBillingElement = defineReactElement('it-billing', ItBilling, {
  props: {},
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'it-billing': HTMLElement;
  }
}
