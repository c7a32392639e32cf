import { createElement } from 'react';
import { SraWorkbench } from '../../features/risk';
import { defineReactElement } from '../../ui/element';

const id = (value: number | undefined) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : -1);

/**
 * `<wb-risk-assessment>`: the Risk Assessment workbench body (issue 14), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `Sra` (or empty) |
 * | `record-id` | -1 | the SRA shown |
 *
 * The proposed subcontract, its factors (rating as text and colour, with the reason), the level, the
 * vendor's record, the mitigations the level requires, Save (a Draft) and the caller's moves (Submit,
 * Approve, Reject with a reason, Recall).
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=Sra record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-risk-assessment', ({ recordId }: { recordKey?: string; recordId?: number }) =>
  // Keyed by the record: another SRA in the same element starts from its own load, never the last one's typing.
  createElement(SraWorkbench, { key: id(recordId), recordId: id(recordId) }), {
  props: { recordKey: 'string', recordId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-risk-assessment': HTMLElement & { recordId?: number; recordKey?: string };
  }
}
