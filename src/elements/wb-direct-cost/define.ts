import { DirectCostWorkbench } from '../../features/direct-costs';
import { defineReactElement } from '../../ui/element';

/**
 * `<wb-direct-cost>`: the Direct Cost workbench body (§2), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `DirectCost` shows the record `record-id`; `Project` creates a new one for project `record-id` |
 * | `record-id` | -1 | the direct cost (or, with `Project`, the project) |
 * | `project-id`, `budget-id` | -1 | with `Project`: the project when `record-id` is -1, and the budget (default the project's) |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=DirectCost record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const DirectCostWorkbenchElement = defineReactElement('wb-direct-cost', DirectCostWorkbench, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-direct-cost': HTMLElement & { recordId?: number; recordKey?: string };
  }
}
