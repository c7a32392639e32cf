import { defineReactElement } from '../../ui/element';
import { ProjectCloseouts } from './ProjectCloseouts';

/**
 * `<pt-project-closeouts>`: a project's closeout checklist and its Soft close / Final close / Reopen
 * actions (legacy hand-off /ProjectToolbox/ProjectCloseouts); without a project, the caller's projects
 * with their closeout state and blocker counts.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose checklist is shown; -1: the list of the caller's projects |
 *
 * Blocking records link (same origin) to their workbench over their project's screen.
 */
export const ProjectCloseoutsElement = defineReactElement('pt-project-closeouts', ProjectCloseouts, {
  props: { projectId: 'number' },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pt-project-closeouts': HTMLElement & { projectId?: number };
  }
}
