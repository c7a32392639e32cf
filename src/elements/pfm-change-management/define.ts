import { ensureWorkbenchHost } from '../../core/workbench';
import { defineReactElement } from '../../ui/element';
import { ChangeManagement } from '../../features/change-management';

/**
 * `<pfm-change-management>`: a project's change management (§2 /pfm/projects/changemanagement).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | project-id | -1 | the project |
 * | budget-id | -1 | the budget (passed on to workbenches) |
 * | active-tab | '' | initiating-documents, change-events, request-for-proposals, change-requests; anything else shows the first |
 * | record-key, record-id | '', -1 | the workbench's record (the workbench host shows it) |
 *
 * Embedded alone on a page (no `<portal-app>`), it appends a `<pfm-workbench-host>` when the page has
 * none (`ensureWorkbenchHost`), so its workbenches, and the one the page's query names, open over the page.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ChangeManagementElement = defineReactElement('pfm-change-management', ChangeManagement, {
  props: { projectId: 'number', budgetId: 'number', activeTab: 'string', recordKey: 'string', recordId: 'number' },
  onMount: ensureWorkbenchHost,
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-change-management': HTMLElement;
  }
}
