import { CommitmentWorkbench } from '../../features/commitments';
import { defineReactElement } from '../../ui/element';
import { recordWorkbench } from '../../ui/record-workbench';

/**
 * `<wb-purchase-agreement>`: the PurchaseAgreement workbench body (§2), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-id` | -1 | the record shown |
 * | `record-key` | '' | `Project`: a new one for project `record-id` (else `project-id`); `BuyoutLine`: award buyout line `record-id` (its cost code id) |
 * | `project-id`, `budget-id` | -1 | the project and budget of a new one (default: the project's budget); a record names its own |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-purchase-agreement', recordWorkbench(CommitmentWorkbench, 'PurchaseAgreement'), {
  props: { recordId: 'number', recordKey: 'string', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-purchase-agreement': HTMLElement & { recordId?: number };
  }
}
