import { OwnerAgreements } from '../../features/owner-agreements';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-owner-agreements>`: owner agreements and their change orders (§2 /pfm/projects/owneragreements).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project |
 * | `budget-id` | -1 | used when `project-id` is -1 |
 *
 * Embedded alone on a page (no `<portal-app>`), it appends a `<pfm-workbench-host>` when the page has
 * none (`ensureWorkbenchHost`), so its workbenches, and the one the page's query names, open over the page.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const OwnerAgreementsElement = defineProjectScreen('pfm-owner-agreements', OwnerAgreements, { projectId: 'number', budgetId: 'number', legalEntityId: 'number' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-owner-agreements': ProjectScreenElement;
  }
}
