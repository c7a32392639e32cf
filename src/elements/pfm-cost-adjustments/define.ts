import { CostAdjustments } from '../../features/cost-adjustments';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-cost-adjustments>`: the project's cost adjustments (§2 /pfm/projects/costadjustments).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose adjustments are listed |
 * | `budget-id` | -1 | used when `project-id` is -1 (a roll-up budget includes its children); preselected for a new adjustment |
 *
 * A row's number opens its Cost Adjustment workbench through the query (`<pfm-workbench-host>`);
 * 'New cost adjustment' (PFM roles) opens the workbench on a new one.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const CostAdjustmentsElement = defineProjectScreen('pfm-cost-adjustments', CostAdjustments, { projectId: 'number', budgetId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-cost-adjustments': ProjectScreenElement;
  }
}
