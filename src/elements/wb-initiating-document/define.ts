import { defineReactElement } from '../../ui/element';
import { InitiatingDocument } from '../../features/change-management';

/**
 * `<wb-initiating-document record-key="ChangeRecord" record-id="…">`: the Initiating Document workbench.
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=ChangeRecord record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const InitiatingDocumentElement = defineReactElement('wb-initiating-document', InitiatingDocument, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-initiating-document': HTMLElement;
  }
}
