/**
 * E-sign envelopes (issue 12): the loads and writes of demo/host/api/pfm/esign/envelopes.ts (the
 * contract: src/core/esign/contract.ts) and the page's record store the screen shares. An envelope sends a commitment's or change order's
 * generated PDF to its signers; the demo host plays the signing service.
 */
import { getJson, postForm } from '../../core/api';
import { recordStore, type RecordStore } from '../../core/records';
import { downloadFile } from '../../core/records/files';
import { loadOpenAndClosed } from '../commitments';
import { ESIGN_PATHS, type Envelope, type EnvelopeSigner, type EsignDocument } from '../../core/esign/contract';

/** Shown instead of the lists when the server refuses the caller (403). */
export const ESIGN_NO_ACCESS = 'You do not have access to e-sign envelopes. They are for PFM Admin, Project Manager and RPM roles.';

/** The page's store of envelopes. */
export function envelopeStore(): RecordStore<Envelope> {
  return recordStore<Envelope>('Envelope', 'envelopeId');
}

/** The scope key of the admin screen: every envelope. */
export const ALL_SCOPE = 'All:0';

/** Load every envelope in scope (Project, Budget, or 'All' for every project) into the store. */
export async function loadEnvelopes(scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<Envelope[]> {
  const query = scope.recordKey === 'All' ? {} : scope;
  const mark = envelopeStore().readMark();
  const rows = await loadOpenAndClosed<Envelope>(ESIGN_PATHS.load, query, signal);
  envelopeStore().loaded(rows, mark);
  return rows;
}

/** The documents of a project (or budget's project) that may be sent now. */
export async function loadEsignDocuments(scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<EsignDocument[]> {
  const rows = await getJson<EsignDocument[]>(ESIGN_PATHS.documents, scope, { signal });
  return Array.isArray(rows) ? rows : [];
}

export interface NewEnvelope {
  recordKey: string;
  recordId: number;
  signers: Array<{ name: string; email: string }>;
}

/** POST CreateEnvelope (and send it at once with `send`); the answer goes into the store. */
export async function createEnvelope(values: NewEnvelope, send: boolean): Promise<Envelope> {
  const created = await postForm<Envelope>(ESIGN_PATHS.create, {
    RecordKey: values.recordKey, RecordId: values.recordId, Send: send ? 'true' : 'false',
    signers: values.signers.map((s) => ({ name: s.name.trim(), email: s.email.trim() })),
  });
  envelopeStore().upsert(created);
  return created;
}

/** POST SendEnvelope: generate the PDF and e-mail the signers. */
export async function sendEnvelope(envelope: Envelope): Promise<Envelope> {
  const sent = await postForm<Envelope>(ESIGN_PATHS.send, { EnvelopeId: envelope.envelopeId, OldRecordStateId: envelope.applicationRecordStateId });
  envelopeStore().upsert(sent);
  return sent;
}

/** POST RemindEnvelopeSigner (once a day per signer; the server refuses a second with an autoAlert). */
export async function remindSigner(envelope: Envelope, signer: EnvelopeSigner): Promise<Envelope> {
  const answer = await postForm<Envelope>(ESIGN_PATHS.remind, { EnvelopeId: envelope.envelopeId, EnvelopeSignerId: signer.envelopeSignerId });
  envelopeStore().upsert(answer);
  return answer;
}

/** POST VoidEnvelope with its reason. */
export async function voidEnvelope(envelope: Envelope, reason: string): Promise<Envelope> {
  const answer = await postForm<Envelope>(ESIGN_PATHS.void, { EnvelopeId: envelope.envelopeId, OldRecordStateId: envelope.applicationRecordStateId, Reason: reason.trim() });
  envelopeStore().upsert(answer);
  return answer;
}

/** Download the envelope's PDF (or the signed one) through the blob call, under the server's filename. */
export function downloadEnvelopePdf(envelope: Envelope, signed = false): Promise<string> {
  const fileId = signed ? envelope.signedFileId : envelope.documentFileId;
  return downloadFile(Number(fileId), `${envelope.documentTitle}${signed ? ' (signed)' : ''}.pdf`);
}
