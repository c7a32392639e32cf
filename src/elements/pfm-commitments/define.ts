import { Commitments } from '../../features/commitments';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-commitments>`: the project's commitments (§2 /pfm/projects/commitments).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose commitments are listed |
 * | `budget-id` | -1 | used when `project-id` is -1 (a roll-up budget includes its children) |
 *
 * `record-key`, `record-id` and `workbench` are read by `<pfm-workbench-host>` beside the screen; a
 * row's number opens its workbench through the query.
 *
 * Embedded alone on a page (no `<portal-app>`), it appends a `<pfm-workbench-host>` when the page has
 * none (`ensureWorkbenchHost`), so its workbenches, and the one the page's query names, open over the page.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const CommitmentsElement = defineProjectScreen('pfm-commitments', Commitments, { projectId: 'number', budgetId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-commitments': ProjectScreenElement;
  }
}
