import { createElement } from 'react';
import { SurveyInstance } from '../../features/surveys';
import { defineReactElement } from '../../ui/element';

const id = (value: number | undefined) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : -1);

/**
 * `<wb-survey-instance>`: the Survey Instance workbench body (§2), placed by `<pfm-workbench-host>`.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `Survey` (or empty) |
 * | `record-id` | -1 | the survey shown |
 *
 * The respondent answers (rating 1–5, yes/no, number, text), saves as draft or submits; a submitted
 * survey is read-only.
 *
 * @event pfm-workbench-record - names the record in the frame's header; `detail: { name }`
 * @required record-key=Survey record-id=1 - what it needs to show its content (values from the demo data; the gallery and the catalogue test use them)
 */
export const Element = defineReactElement('wb-survey-instance', ({ recordId }: { recordKey?: string; recordId?: number }) =>
  createElement(SurveyInstance, { recordId: id(recordId) }), {
  props: { recordKey: 'string', recordId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-survey-instance': HTMLElement & { recordId?: number; recordKey?: string };
  }
}
