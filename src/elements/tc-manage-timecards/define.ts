import { ManageTimecards } from '../../features/timecards/manage';
import { defineReactElement } from '../../ui/element';

/**
 * `<tc-manage-timecards>`: Manage Timecards (issue 13, §2 /teammembertoolbox/timecards).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `active-tab` | my-weeks | inbox (Waiting for me), my-weeks, team, all, without-approver, corrections, delegations (a tab the caller lacks shows My weeks) |
 * | `timecard-id` | -1 | offers a link to that card (opened by <tc-timecard>) |
 * | `search` | '' | the team views' employee / manager filter, to start with |
 * | `employee-id`, `record-id`, `record-key`, `workbench`, `active-tray` | | the §2 query, accepted |
 *
 * Team is shown to a manager or delegate, All / Without approver / Corrections to Admin and Timecard
 * Admin on keyTC, Delegations to managers. Each row's Open links to /teammembertoolbox/timecards/timecard.
 */
export const ManageTimecardsElement = defineReactElement('tc-manage-timecards', ManageTimecards, {
  props: {
    employeeId: 'number', timecardId: 'number', recordId: 'number', recordKey: 'string', workbench: 'string', activeTray: 'string',
    activeTab: 'string', search: 'string',
  },
  // Embedded alone (the legacy /pr/Timecards page) it signs in by itself.
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'tc-manage-timecards': HTMLElement & { activeTab?: string; timecardId?: number; employeeId?: number };
  }
}
