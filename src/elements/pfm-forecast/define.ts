import { Forecast } from '../../features/projections';
import { defineProjectScreen, type ProjectScreenElement } from '../../ui/project-screen';

/**
 * `<pfm-forecast>`: a budget's forecast periods (/pfm/projects/forecast). Its months, newest first, with who closed
 * and re-opened them; Close (keyPFM Admin or the region's RPM: a snapshot per line, the month locked, projections
 * carried forward), Close for the whole region, Re-open with a reason (keyPFM Admin); two snapshots (or one and
 * today) compared per line, and why the forecast moved, by source, each record opening its workbench.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose budget's periods are shown (several budgets: a picker) |
 * | `budget-id` | -1 | the budget shown (alone when `project-id` is -1) |
 *
 * `record-key`, `record-id` and `workbench` are read by `<pfm-workbench-host>` beside the screen; a movement's
 * record opens its workbench through the query. Embedded alone on a page, it appends a `<pfm-workbench-host>` when the page has none.
 * @required project-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ForecastElement = defineProjectScreen('pfm-forecast', Forecast, { projectId: 'number', budgetId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-forecast': ProjectScreenElement;
  }
}
