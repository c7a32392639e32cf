import { defineReactElement } from '../../ui/element';
import { ProjectConfiguration } from './ProjectConfiguration';

/**
 * `<wb-project-configuration>`: the project's settings and budgets, read-only.
 * @attr project-id - the project (or record-key 'Project' with record-id)
 */
export const ProjectConfigurationElement = defineReactElement('wb-project-configuration', ProjectConfiguration, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-project-configuration': HTMLElement;
  }
}
