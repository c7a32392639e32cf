import { defineReactElement } from '../../ui/element';
import { EmailWorkbench } from '../../features/change-management';

/**
 * `<wb-email record-key="ChangeEventItem" record-id="…" active-tab="rfp|revise-rfp">`: the RFP e-mail workbench.
 *
 * @required record-key=ChangeEventItem record-id=3 active-tab=rfp - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const EmailElement = defineReactElement('wb-email', EmailWorkbench, {
  props: { recordKey: 'string', recordId: 'number', activeTab: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-email': HTMLElement;
  }
}
