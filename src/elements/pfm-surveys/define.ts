import { ensureWorkbenchHost } from '../../core/workbench';
import { Surveys } from '../../features/surveys';
import { defineReactElement } from '../../ui/element';

/**
 * `<pfm-surveys>`: project surveys (§2 /pfm/projects/surveys) or, without a project, the admin-level
 * screen (/pfm/surveys: every survey across projects, the templates and the averages per question
 * with CSV and Excel export; PFM Admin and RPM).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose surveys are listed |
 * | `budget-id` | -1 | used when `project-id` is -1: the budget's project |
 *
 * Without either it is the admin-level screen (its own chunk). A survey's number opens its Survey
 * Instance workbench through the query (`<pfm-workbench-host>`).
 */
export const SurveysElement = defineReactElement('pfm-surveys', Surveys, {
  props: { projectId: 'number', budgetId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' },
  onMount: ensureWorkbenchHost,
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-surveys': HTMLElement & { projectId?: number; budgetId?: number };
  }
}
