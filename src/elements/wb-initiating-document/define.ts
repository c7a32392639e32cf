import { defineReactElement } from '../../ui/element';
import { InitiatingDocument } from './InitiatingDocument';

/**
 * `<wb-initiating-document record-key="ChangeRecord" record-id="…">`: the Initiating Document workbench.
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 */
export const InitiatingDocumentElement = defineReactElement('wb-initiating-document', InitiatingDocument, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-initiating-document': HTMLElement;
  }
}
