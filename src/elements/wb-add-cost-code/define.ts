import { AddCostCode } from '../../features/budget-lines';
import { defineReactElement } from '../../ui/element';

/**
 * `<wb-add-cost-code>`: the Add Cost Code workbench (a form adding a budget line).
 * @attr budget-id - the budget (or record-key 'Budget' with record-id)
 * @attr record-key, record-id, project-id - the workbench contract
 * @event pfm-cost-code-added - after a line was added; `detail: { budgetId }` (the projection grid of that budget shows it)
 * @required record-key=Budget record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const AddCostCodeElement = defineReactElement('wb-add-cost-code', AddCostCode, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-add-cost-code': HTMLElement;
  }
}
