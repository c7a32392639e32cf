import { defineReactElement } from '../../ui/element';
import { Buyout } from './Buyout';

/**
 * `<pfm-buyout>`: the budget lines still to be bought out against commitments (§2 /pfm/projects/buyout).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project; its budget is used when `budget-id` is -1 |
 * | `budget-id` | -1 | the budget |
 */
export const BuyoutElement = defineReactElement('pfm-buyout', Buyout, {
  props: { projectId: 'number', budgetId: 'number', legalEntityId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-buyout': HTMLElement & { projectId?: number; budgetId?: number };
  }
}
