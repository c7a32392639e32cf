import { defineReactElement } from '../../ui/element';
import { EmailWorkbench } from './EmailWorkbench';

/** `<wb-email record-key="ChangeEventItem" record-id="…" active-tab="rfp|revise-rfp">`: the RFP e-mail workbench. */
export const EmailElement = defineReactElement('wb-email', EmailWorkbench, {
  props: { recordKey: 'string', recordId: 'number', activeTab: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-email': HTMLElement;
  }
}
