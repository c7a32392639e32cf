import { defineReactElement } from '../../ui/element';
import { ChangeEventItemWorkbench } from './ChangeEventItemWorkbench';

/** `<wb-change-event-item record-key="ChangeEventItem" record-id="…">`: the Change Event Item workbench. */
export const ChangeEventItemElement = defineReactElement('wb-change-event-item', ChangeEventItemWorkbench, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-change-event-item': HTMLElement;
  }
}
