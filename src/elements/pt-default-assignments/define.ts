import { DefaultAssignments } from '../../features/toolbox';
import { defineReactElement } from '../../ui/element';

/**
 * `<pt-default-assignments>`: the Project Toolbox's Default Assignments (issue 15, §2 /defaultAssignments,
 * keyProjectSecurity Admin). Rules that put a person on every project of a scope (region, legal entity,
 * classification) in a project role: list, add, edit, preview whom a rule would add before saving,
 * apply a rule to the existing projects with a report of what it added. No attributes.
 */
export const DefaultAssignmentsElement = defineReactElement('pt-default-assignments', DefaultAssignments, {
  props: {},
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pt-default-assignments': HTMLElement;
  }
}
