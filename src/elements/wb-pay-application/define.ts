import { PayApplicationWorkbench } from '../../features/pay-applications';
import { defineReactElement } from '../../ui/element';

/**
 * `<wb-pay-application>`: the Pay Application workbench body, placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `PayApplication` shows the application `record-id`; `Project` opens the new form for project `record-id`; `Subcontract`, `PurchaseAgreement` or `PurchaseOrder` the new form for that commitment |
 * | `record-id` | -1 | the application (or, with the keys above, the project or the commitment) |
 * | `project-id` | -1 | with `Project`: the project when `record-id` is -1 |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=PayApplication record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const PayApplicationWorkbenchElement = defineReactElement('wb-pay-application', PayApplicationWorkbench, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-pay-application': HTMLElement & { recordId?: number; recordKey?: string };
  }
}
