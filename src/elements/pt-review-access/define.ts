import { ReviewAccessScreen } from '../../features/toolbox';
import { defineReactElement } from '../../ui/element';

/**
 * `<pt-review-access>`: the access requests waiting for the caller's decision, with bulk Approve /
 * Deny (reason required), and the project's current team with Remove (issue 15; embedded by the
 * legacy page /ProjectToolbox/ProjectSecurities/reviewaccess, the bell's link).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | only this project's requests, and its team |
 */
export const PtReviewAccessElement = defineReactElement('pt-review-access', ReviewAccessScreen, {
  props: { projectId: 'number' },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pt-review-access': HTMLElement & { projectId?: number };
  }
}
