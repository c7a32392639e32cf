import { defineReactElement } from '../../ui/element';
import { Projects } from './Projects';

/**
 * `<pfm-projects>`: the PFM projects list (§2 /pfm/projects). No attributes: it lists every project
 * the signed-in user may see, pinned ones first; embedded alone it signs in by itself.
 */
export const ProjectsElement = defineReactElement('pfm-projects', Projects);

declare global {
  interface HTMLElementTagNameMap {
    'pfm-projects': HTMLElement;
  }
}
