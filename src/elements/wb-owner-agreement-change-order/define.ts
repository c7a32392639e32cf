import { OwnerAgreementWorkbench } from '../../features/owner-agreements';
import { defineReactElement } from '../../ui/element';
import { recordWorkbench } from '../../ui/record-workbench';

/**
 * `<wb-owner-agreement-change-order>`: the OwnerAgreementChangeOrder workbench body (§2), placed by `<pfm-workbench-host>`.
 * Header form (description, change order date) under the state's field security; the amount comes
 * from the linked change events (§5 link candidates offered below).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-id` | -1 | the record shown |
 * | `record-key`, `project-id`, `budget-id` | | accepted; the record names its own budget |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-owner-agreement-change-order', recordWorkbench(OwnerAgreementWorkbench, 'OwnerAgreementChangeOrder'), {
  props: { recordId: 'number', recordKey: 'string', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-owner-agreement-change-order': HTMLElement & { recordId?: number };
  }
}
