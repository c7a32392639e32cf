import { defineReactElement } from '../../ui/element';
import { ChangeEventWorkbench } from '../../features/change-management';

/**
 * `<wb-change-event record-key="ChangeEvent|ChangeRecord" record-id="…">`: the Change Event
 * workbench; with record-key ChangeRecord it creates a change event for that initiating document.
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=ChangeEvent record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ChangeEventElement = defineReactElement('wb-change-event', ChangeEventWorkbench, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-change-event': HTMLElement;
  }
}
