import { defineReactElement } from '../../ui/element';
import { Timecard } from './Timecard';

/**
 * `<tc-timecard>`: one employee's weekly timecard (issue 13, §2 /teammembertoolbox/timecards/timecard).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `timecard-id` | -1 | the card to open |
 * | `employee-id` | -1 | without a card: this employee's current week (if the user may see it); default the signed-in user |
 * | `week-start` | '' | without a card id: the week holding this day ('YYYY-MM-DD'; added to §2's query) |
 * | `record-id`, `record-key` | -1, '' | a `Timecard` record id opens that card (the bell's item) |
 * | `workbench`, `active-tray`, `active-tab`, `search` | '' | §2 query, accepted |
 *
 * A card of another employee opened by an Admin / Timecard Admin is the read-only "Timecard Preview".
 */
export const TimecardElement = defineReactElement('tc-timecard', Timecard, {
  props: {
    employeeId: 'number', timecardId: 'number', recordId: 'number', recordKey: 'string', workbench: 'string',
    activeTray: 'string', activeTab: 'string', search: 'string', weekStart: 'string',
  },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'tc-timecard': HTMLElement & { employeeId?: number; timecardId?: number };
  }
}
