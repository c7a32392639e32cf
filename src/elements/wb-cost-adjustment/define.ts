import { createElement } from 'react';
import { CostAdjustmentWorkbench, NewCostAdjustment } from '../../features/cost-adjustments';
import { defineReactElement } from '../../ui/element';

const id = (value: number | undefined) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : -1);

interface Props { recordKey?: string; recordId?: number; projectId?: number; budgetId?: number }

/**
 * `<wb-cost-adjustment>`: the Cost Adjustment workbench body (§2), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `CostAdjustment` (or empty): the record of `record-id`; `Project`: a new adjustment of project `record-id` |
 * | `record-id` | -1 | the adjustment shown, or the project of a new one |
 * | `project-id`, `budget-id` | -1 | a new adjustment's project (when `record-id` is not one) and preselected budget |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=CostAdjustment record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-cost-adjustment', ({ recordKey = '', recordId, projectId, budgetId }: Props) =>
  recordKey.toLowerCase() === 'project'
    ? createElement(NewCostAdjustment, { projectId: id(recordId) > 0 ? id(recordId) : id(projectId), budgetId: id(budgetId) })
    : createElement(CostAdjustmentWorkbench, { recordId: id(recordId) }), {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-cost-adjustment': HTMLElement & { recordId?: number; recordKey?: string };
  }
}
