/**
 * E-sign envelopes (issue 12): loads, writes and store (data.ts), the envelopes screen and the
 * new-envelope form.
 */
export * from './data';
export { ESign, ESIGN_TEXT } from './ESignScreen';
export type { ESignProps } from './ESignScreen';
export { NewEnvelope, NEW_ENVELOPE_TEXT, useKeptNewEnvelope } from './NewEnvelope';
export type { NewEnvelopeProps } from './NewEnvelope';
