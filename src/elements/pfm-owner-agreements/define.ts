import { defineReactElement } from '../../ui/element';
import { OwnerAgreements } from './OwnerAgreements';

/**
 * `<pfm-owner-agreements>`: owner agreements and their change orders (§2 /pfm/projects/owneragreements).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project |
 * | `budget-id` | -1 | used when `project-id` is -1 |
 */
export const OwnerAgreementsElement = defineReactElement('pfm-owner-agreements', OwnerAgreements, {
  props: { projectId: 'number', budgetId: 'number', legalEntityId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-owner-agreements': HTMLElement & { projectId?: number; budgetId?: number };
  }
}
