import { PtoRequests } from '../../features/time-off';
import { defineReactElement } from '../../ui/element';

/**
 * `<pto-requests>`: time-off requests (§2 /teammembertoolbox/requests, issue 13): My requests,
 * Balances, New request; Team requests and Team calendar for a manager.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-id` | -1 | a request to open (with Approve / Deny for its manager, Cancel for its employee); the deep path /teammembertoolbox/requests/<id> does the same |
 * | `record-key`, `workbench`, `active-tray` | '' | the §2 query, accepted |
 * | `active-tab` | my-requests | my-requests, balances, new-request, team-requests, team-calendar |
 */
export const PtoRequestsElement = defineReactElement('pto-requests', PtoRequests, {
  props: { recordId: 'number', recordKey: 'string', workbench: 'string', activeTray: 'string', activeTab: 'string' },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pto-requests': HTMLElement & { recordId?: number; activeTab?: string };
  }
}
