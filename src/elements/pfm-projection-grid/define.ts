import { ensureWorkbenchHost } from '../../core/workbench';
import { ProjectionGrid } from '../../features/projections';
import { defineReactElement } from '../../ui/element';

/**
 * `<pfm-projection-grid>`: the projection grid (§2 projectiongrid, projectiongridunit, projectiongridhour)
 * for one budget. Embedded alone on a legacy page it signs in by itself.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project; its budget is used when `budget-id` is -1 (a picker when it has several) |
 * | `budget-id` | -1 | the budget to project |
 * | `legal-entity-id` | -1 | accepted, not used |
 * | `variant` | '' | '' money, 'unit' adds units and unit costs, 'hour' adds hours and rates (labour lines) |
 *
 * Other portal attributes (`record-key`, `record-id`, `workbench`, …) are ignored: the workbench host
 * beside the screen reads them from the query.
 *
 * @event pfm-projections-submitted - after the month's projections were submitted; `detail: { budgetId, projectId }`
 *
 * Embedded alone on a page (no `<portal-app>`), it appends a `<pfm-workbench-host>` when the page has
 * none (`ensureWorkbenchHost`), so its workbenches, and the one the page's query names, open over the page.
 * @required project-id=1 budget-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ProjectionGridElement = defineReactElement('pfm-projection-grid', ProjectionGrid, {
  props: { projectId: 'number', budgetId: 'number', legalEntityId: 'number', variant: 'string' },
  onMount: ensureWorkbenchHost,
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-projection-grid': HTMLElement & { projectId?: number; budgetId?: number; legalEntityId?: number; variant?: string };
  }
}
