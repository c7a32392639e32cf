import { createElement } from 'react';
import { SlimRequestWorkbench } from '../../features/risk';
import { defineReactElement } from '../../ui/element';

const id = (value: number | undefined) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : -1);

interface Props { recordKey?: string; recordId?: number }

/**
 * `<wb-slim-request>`: the SLIM request workbench body (issue 14), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `SlimRequest` |
 * | `record-id` | -1 | the request shown |
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=SlimRequest record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-slim-request', ({ recordId }: Props) => createElement(SlimRequestWorkbench, { recordId: id(recordId) }), {
  props: { recordKey: 'string', recordId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-slim-request': HTMLElement & { recordId?: number; recordKey?: string };
  }
}
