import { DirectCosts } from '../../features/direct-costs';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-direct-costs>`: the project's direct costs (§2 /pfm/projects/directcosts), Open and Closed.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose direct costs are listed |
 * | `budget-id` | -1 | used when `project-id` is -1 (a roll-up budget includes its children) |
 *
 * `record-key`, `record-id` and `workbench` are read by `<pfm-workbench-host>` beside the screen; a
 * row's number opens its workbench through the query, 'New direct cost' (PFM roles) a new one.
 * Embedded alone on a page, it appends a `<pfm-workbench-host>` when the page has none.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const DirectCostsElement = defineProjectScreen('pfm-direct-costs', DirectCosts, { projectId: 'number', budgetId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-direct-costs': ProjectScreenElement;
  }
}
