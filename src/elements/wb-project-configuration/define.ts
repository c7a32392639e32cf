import { ProjectConfiguration } from '../../features/projections';
import { defineReactElement } from '../../ui/element';

/**
 * `<wb-project-configuration>`: the project's settings and budgets, read-only.
 * @attr project-id - the project (or record-key 'Project' with record-id)
 * @required record-key=Project record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ProjectConfigurationElement = defineReactElement('wb-project-configuration', ProjectConfiguration, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-project-configuration': HTMLElement;
  }
}
