import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';
import { DataQuality } from './DataQuality';

/**
 * `<pfm-data-quality>`: the data-quality rules that fail on a project (§2 /pfm/projects/dataquality).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project checked |
 * | `budget-id` | -1 | used when `project-id` is -1: its project is checked |
 *
 * A failing record's link opens its workbench through the query (`<pfm-workbench-host>` beside the
 * screen shows it); budgets and budget lines link to the projection grid.
 */
export const DataQualityElement = defineProjectScreen('pfm-data-quality', DataQuality, { projectId: 'number', budgetId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-data-quality': ProjectScreenElement;
  }
}
