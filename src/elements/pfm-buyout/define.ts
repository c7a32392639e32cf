import { Buyout } from '../../features/commitments';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-buyout>`: the budget lines still to be bought out against commitments (§2 /pfm/projects/buyout).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project; its budget is used when `budget-id` is -1 |
 * | `budget-id` | -1 | the budget |
 *
 * Embedded alone on a page (no `<portal-app>`), it appends a `<pfm-workbench-host>` when the page has
 * none (`ensureWorkbenchHost`), so its workbenches, and the one the page's query names, open over the page.
 * It signs in by itself and loads once signed in.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const BuyoutElement = defineProjectScreen('pfm-buyout', Buyout, { projectId: 'number', budgetId: 'number', legalEntityId: 'number' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-buyout': ProjectScreenElement;
  }
}
