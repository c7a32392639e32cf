import { RegionalCalendar } from '../../features/time-off';
import { defineReactElement } from '../../ui/element';

/**
 * `<pto-regional-calendar>`: the holidays of a region and year (issue 13). A Timecard Admin or Admin
 * adds, edits and deletes them (full or half days); others see them read-only.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `region-id` | the first region | the region shown first |
 * | `year` | this year | the year shown first |
 */
export const RegionalCalendarElement = defineReactElement('pto-regional-calendar', RegionalCalendar, {
  props: { regionId: 'number', year: 'number' },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pto-regional-calendar': HTMLElement & { regionId?: number; year?: number };
  }
}
