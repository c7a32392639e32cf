import { Reports } from '../../features/reports';
import { defineReactElement } from '../../ui/element';

/**
 * `<wb-reports>`: the Reports workbench (Projection Summary, Committed Cost, Change Event Log, Cost
 * Code Transactions), each a CSV download of a table the BI service builds (BI token).
 * @attr project-id, budget-id - the scope (or record-key 'Project'/'Budget' with record-id)
 * @required record-key=Budget record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ReportsElement = defineReactElement('wb-reports', Reports, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-reports': HTMLElement;
  }
}
