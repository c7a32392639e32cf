import { ensureWorkbenchHost } from '../../core/workbench';
import { Projects } from '../../features/projections';
import { defineReactElement } from '../../ui/element';

/**
 * `<pfm-projects>`: the PFM projects list (§2 /pfm/projects). No attributes: it lists every project
 * the signed-in user may see, pinned ones first; embedded alone it signs in by itself.
 *
 * Embedded alone on a page (no `<portal-app>`), it appends a `<pfm-workbench-host>` when the page has
 * none (`ensureWorkbenchHost`), so the workbench the page's query names opens over the page.
 */
export const ProjectsElement = defineReactElement('pfm-projects', Projects, { onMount: () => ensureWorkbenchHost() });

declare global {
  interface HTMLElementTagNameMap {
    'pfm-projects': HTMLElement;
  }
}
