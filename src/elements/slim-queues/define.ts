import { ensureWorkbenchHost } from '../../core/workbench';
import { SlimQueues } from '../../features/risk';
import { defineReactElement } from '../../ui/element';

/**
 * `<slim-queues>`: the SLIM queue overview (§2 /sr/slimqueue/slimqueues, issue 14): counts by state
 * and by assignee, requests past due (each opens its workbench), average days per step. For the
 * Prequal Administrators, Escalation Reviewers, Regional Reviewers and Admins (others read Forbidden).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-id`, `record-key`, `workbench`, `active-tray`, `active-tab` | | the §2 query, accepted |
 */
export const SlimQueuesElement = defineReactElement('slim-queues', SlimQueues, {
  props: { recordId: 'number', recordKey: 'string', workbench: 'string', activeTray: 'string', activeTab: 'string' },
  signIn: true,
  onMount: () => ensureWorkbenchHost(),
});

declare global {
  interface HTMLElementTagNameMap {
    'slim-queues': HTMLElement;
  }
}
