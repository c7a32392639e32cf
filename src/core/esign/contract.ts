/**
 * E-sign envelopes (issue 12): the area's contract: the calls and what they answer, the envelope and
 * signer states, and the rules the client's forms and the demo host's API share.
 * An envelope sends the generated document of a commitment or change order to its signers; the
 * demo host plays the signing service (demo/host/api/pfm/esign/).
 */
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

/** Envelope states (application record key 'Envelope'), in display order. */
export const ENVELOPE_STATES = ['Draft', 'Sent', 'Viewed', 'Signed', 'Declined', 'Voided', 'Expired'] as const;
export type EnvelopeState = (typeof ENVELOPE_STATES)[number];
/** States in which the envelope is still out for signature (its links work, it may be voided or reminded). */
export const ENVELOPE_OUT_STATES: readonly EnvelopeState[] = ['Sent', 'Viewed'];
/** The envelope's state table: closed once it is neither a Draft nor out for signature. */
export const ENVELOPE_RECORD_STATES: RecordStateTable<EnvelopeState> = ENVELOPE_STATES
  .map((name) => [name, name !== 'Draft' && !ENVELOPE_OUT_STATES.includes(name)] as const);
/** Envelopes move by the e-sign service (send, view, sign, decline, void, expiry), not by the state menu. */
export const ENVELOPE_ADVANCEMENTS: AdvancementTable<EnvelopeState> = {
  Draft: [['Sent', true], ['Voided', false]],
  Sent: [['Viewed', true], ['Signed', false], ['Declined', false], ['Voided', false], ['Expired', false]],
  Viewed: [['Signed', true], ['Declined', false], ['Voided', false], ['Expired', false]],
};

/** A signer's states: Waiting until the envelope is sent. */
export const SIGNER_STATES = ['Waiting', 'Sent', 'Viewed', 'Signed', 'Declined'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];

/** Record kinds whose document can be sent for signature (their generated PDF, demo/host/api/pfm/document-templates/render.ts). */
export const ESIGN_RECORD_KEYS = ['Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder'] as const;
export type EsignRecordKey = (typeof ESIGN_RECORD_KEYS)[number];

/** An envelope expires this many days after it is sent. */
export const ENVELOPE_EXPIRY_DAYS = 120;
/** At most one reminder per signer in this many hours. */
export const REMINDER_INTERVAL_HOURS = 24;
/** Signers per envelope. */
export const MAX_SIGNERS = 10;
export const MAX_SIGNER_NAME = 200;
export const MAX_VOID_REASON = 1000;

/** A signer as getenvelopes answers it (never the signing token). */
export interface EnvelopeSigner {
  envelopeSignerId: number;
  envelopeId: number;
  signingOrder: number;
  name: string;
  email: string;
  state: SignerState;
  viewedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  signedName: string | null;
  ipAddress: string | null;
  lastReminderAt: string | null;
}

/** An envelope with its signers. */
export interface Envelope {
  envelopeId: number;
  number: string;
  recordKey: EsignRecordKey;
  recordId: number;
  projectId: number;
  projectNumber: string;
  projectName: string;
  documentNumber: string;
  documentTitle: string;
  applicationRecordStateId: number;
  recordStateName: EnvelopeState;
  closed: boolean;
  createdAt: string;
  sentAt: string | null;
  expiresAt: string | null;
  documentFileId: number | null;
  documentFileName: string | null;
  signedFileId: number | null;
  signedFileName: string | null;
  completedAt: string | null;
  declinedAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  executionNote: string | null;
  signers: EnvelopeSigner[];
}

/** A document that may be sent for signature. */
export interface EsignDocument {
  recordKey: EsignRecordKey;
  recordId: number;
  projectId: number;
  number: string;
  description: string;
  vendorName: string;
  vendorEmail: string | null;
  recordStateName: string;
  kindLabel: string;
}

export const ESIGN_PATHS = {
  load: '/api/pfm/getenvelopes',
  documents: '/api/pfm/getesigndocuments',
  create: '/api/pfm/CreateEnvelope',
  send: '/api/pfm/SendEnvelope',
  remind: '/api/pfm/RemindEnvelopeSigner',
  void: '/api/pfm/VoidEnvelope',
} as const;

const DAY_MS = 86_400_000;

/** When an envelope sent at `sentAt` (ISO) expires (ISO). */
export function envelopeExpiresAt(sentAt: string): string {
  return new Date(Date.parse(sentAt) + ENVELOPE_EXPIRY_DAYS * DAY_MS).toISOString();
}

/** When the next reminder to a signer reminded at `lastReminderAt` is allowed (ISO), or null when one is allowed now. */
export function nextReminderAt(lastReminderAt: string | null | undefined, now: number): string | null {
  if (!lastReminderAt) return null;
  const next = Date.parse(lastReminderAt) + REMINDER_INTERVAL_HOURS * 3_600_000;
  return next > now ? new Date(next).toISOString() : null;
}

/** A plain e-mail address check (one @, a dotted domain, no spaces or angle brackets), at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]{2,}$/.test(value);
}

/** Messages of the signer checks, by field. */
export const SIGNER_TEXT = {
  nameRequired: (line: number) => `Signer ${line}: a name is required.`,
  nameTooLong: (line: number) => `Signer ${line}: the name is longer than ${MAX_SIGNER_NAME} characters.`,
  emailInvalid: (line: number) => `Signer ${line}: enter a valid e-mail address.`,
  emailTwice: (line: number) => `Signer ${line}: this e-mail address is already a signer.`,
  none: 'Add at least one signer.',
  tooMany: `At most ${MAX_SIGNERS} signers.`,
} as const;

/** Problems of a signer list as [field, message]; field is `signers[i].name` / `.email`, or `signers`. */
export function signerProblems(signers: ReadonlyArray<{ name: string; email: string }>): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  if (signers.length === 0) problems.push(['signers', SIGNER_TEXT.none]);
  if (signers.length > MAX_SIGNERS) problems.push(['signers', SIGNER_TEXT.tooMany]);
  const seen = new Set<string>();
  signers.forEach((signer, index) => {
    const line = index + 1;
    const name = signer.name.trim();
    const email = signer.email.trim().toLowerCase();
    if (name === '') problems.push([`signers[${index}].name`, SIGNER_TEXT.nameRequired(line)]);
    else if (name.length > MAX_SIGNER_NAME) problems.push([`signers[${index}].name`, SIGNER_TEXT.nameTooLong(line)]);
    if (!isEmail(email)) problems.push([`signers[${index}].email`, SIGNER_TEXT.emailInvalid(line)]);
    else if (seen.has(email)) problems.push([`signers[${index}].email`, SIGNER_TEXT.emailTwice(line)]);
    seen.add(email);
  });
  return problems;
}

/** Record states from which a document may be sent (the server checks the advancement table too). */
const SENDABLE: Record<EsignRecordKey, readonly string[]> = {
  Subcontract: ['Draft', 'Pending Signature'],
  PurchaseAgreement: ['Draft', 'Pending Signature'],
  SubcontractChangeOrder: ['Draft', 'Pending Approval'],
  PurchaseAgreementChangeOrder: ['Draft', 'Pending Approval'],
  PurchaseOrder: ['Draft'],
};

/** True when a record of `recordKey` in state `stateName` may be sent for signature (offers the workbench's action). */
export function canSendForSignature(recordKey: string, stateName: string): boolean {
  return (SENDABLE as Record<string, readonly string[] | undefined>)[recordKey]?.includes(stateName) ?? false;
}
