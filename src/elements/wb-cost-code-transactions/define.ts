import { CostCodeTransactions } from '../../features/budget-lines';
import { defineReactElement } from '../../ui/element';

/**
 * `<wb-cost-code-transactions>`: the Cost Code Transactions workbench.
 * @attr record-key - 'CostCode', 'Budget' (children included), 'Project' or 'Vendor'
 * @attr record-id - the record's id (-1: nothing to show)
 * @attr project-id, budget-id - the screen's project and budget (unused for now; kept as the contract)
 * Sets `data-grid-ready` on itself once the grid is built.
 * @required record-key=Budget record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const CostCodeTransactionsElement = defineReactElement('wb-cost-code-transactions', CostCodeTransactions, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-cost-code-transactions': HTMLElement;
  }
}
