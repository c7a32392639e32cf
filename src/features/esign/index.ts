/**
 * E-sign envelopes (issue 12): loads, writes and store (data.ts) and the new-envelope form.
 */
export * from './data';
export { NewEnvelope, NEW_ENVELOPE_TEXT, useKeptNewEnvelope } from './NewEnvelope';
export type { NewEnvelopeProps } from './NewEnvelope';
