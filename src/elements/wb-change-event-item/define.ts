import { defineReactElement } from '../../ui/element';
import { ChangeEventItemWorkbench } from '../../features/change-management';

/**
 * `<wb-change-event-item record-key="ChangeEventItem" record-id="…">`: the Change Event Item workbench.
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=ChangeEventItem record-id=7 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const ChangeEventItemElement = defineReactElement('wb-change-event-item', ChangeEventItemWorkbench, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-change-event-item': HTMLElement;
  }
}
