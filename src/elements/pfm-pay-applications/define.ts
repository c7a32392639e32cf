import { PayApplications } from '../../features/pay-applications';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-pay-applications>`: the project's pay applications (/pfm/projects/payapplications), Open and Closed, with
 * their totals, retainage held and the lien waivers missing.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose pay applications are listed |
 * | `budget-id` | -1 | used when `project-id` is -1 (a roll-up budget includes its children) |
 *
 * `record-key`, `record-id` and `workbench` are read by `<pfm-workbench-host>` beside the screen; a row's
 * number opens its workbench through the query, 'New pay application' (PFM roles) the new form.
 * Embedded alone on a page, it appends a `<pfm-workbench-host>` when the page has none.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const PayApplicationsElement = defineProjectScreen('pfm-pay-applications', PayApplications, { projectId: 'number', budgetId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-pay-applications': ProjectScreenElement;
  }
}
