import { defineReactElement } from '../../ui/element';
import { WorkbenchHost } from './WorkbenchHost';

/**
 * `<pfm-workbench-host>`: shows the open workbench (§2) over the screen and the tray of minimised
 * ones. Place it beside a screen (the portal does) or alone on a legacy page.
 *
 * | attribute | meaning | default |
 * |---|---|---|
 * | `workbench` | the kind's key (`CostCodeTransactions`, …); empty: nothing open | '' |
 * | `record-key`, `record-id` | the record it opens on | '', -1 |
 * | `active-tab`, `active-tray` | passed to the workbench | '' |
 * | `project-id`, `budget-id` | passed to the workbench | -1 |
 *
 * Opening, closing, minimising and restoring go through `src/core/workbench` and change the query,
 * which the host follows too (Back closes a workbench).
 * @required workbench=ProjectConfiguration record-key=Project record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const WorkbenchHostElement = defineReactElement('pfm-workbench-host', WorkbenchHost, {
  props: {
    workbench: 'string', recordKey: 'string', recordId: 'number', activeTab: 'string', activeTray: 'string', projectId: 'number', budgetId: 'number',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-workbench-host': HTMLElement;
  }
}
