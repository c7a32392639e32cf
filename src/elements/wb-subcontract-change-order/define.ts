import { CommitmentWorkbench } from '../../features/commitments';
import { defineReactElement } from '../../ui/element';
import { recordWorkbench } from '../../ui/record-workbench';

/**
 * `<wb-subcontract-change-order>`: the SubcontractChangeOrder workbench body (§2), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-id` | -1 | the record shown |
 * | `record-key`, `project-id`, `budget-id` | | accepted; the record names its own budget |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-subcontract-change-order', recordWorkbench(CommitmentWorkbench, 'SubcontractChangeOrder'), {
  props: { recordId: 'number', recordKey: 'string', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-subcontract-change-order': HTMLElement & { recordId?: number };
  }
}
