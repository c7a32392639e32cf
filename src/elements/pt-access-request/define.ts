import { AccessRequestScreen } from '../../features/toolbox';
import { defineReactElement } from '../../ui/element';

/**
 * `<pt-access-request>`: ask to join a project's team (issue 15, §2 /accessRequest; the legacy
 * /ProjectToolbox/ProjectSecurities/request pages embed it): the request form and My requests.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | pre-fills the project (the portal passes ?projectId=, e.g. from the "Request access" link) |
 */
export const PtAccessRequestElement = defineReactElement('pt-access-request', AccessRequestScreen, {
  props: { projectId: 'number' },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pt-access-request': HTMLElement & { projectId?: number };
  }
}
