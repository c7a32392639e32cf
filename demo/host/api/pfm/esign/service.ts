/**
 * The demo host's e-sign service (issue 12): envelopes of a commitment's or change order's
 * generated document, their signers and the outbox of "sent e-mails". Shared by the API
 * (envelopes.ts) and the signing pages (pages.ts).
 *
 * - By the one clock (src/core/clock): expiry (120 days after sending, checked on every read
 *   and on signing), the signing links' 14 days and the once-a-day reminder rule use it.
 * - Signing links (migration 023): each e-mail to a signer (sending, a reminder) carries a NEW link;
 *   the database keeps only the sha256 of its token (`envelope_signers.token`) and when it stops
 *   working (`linkExpiresAt`, 14 days later, never after the envelope's expiry). The earlier link of
 *   that signer stops working then.
 * - The record moves through the normal state rules (records.ts `moveRecordState`, the advancement
 *   table of states.ts): sending moves a Draft commitment to Pending Signature (a change order to
 *   Pending Approval); when every signer has signed, it moves on to Executed (Approved; a purchase
 *   order to Issued), and the signed PDF (with its signature page, pdf-lib) is attached to the
 *   record's Files.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { ENVELOPE_OUT_STATES, type EsignRecordKey } from '../../../../../src/core/esign/contract';
import { moveRecordState, stateById, stateByName, trackChange, type StateRow } from '../../records';
import { rowsToApi } from '../../rows';
import { commitmentGateRefusal } from '../../risk/sra/gate';
import { withOutsideHistoryActor } from '../../../db/history';
import * as clock from '../../../../../src/core/clock';

// --- the records an envelope may carry ---------------------------------------------------------------

interface DocumentSpec {
  table: string;
  id: string;
  label: string;
  /** FROM … JOIN vendors v: the record `t`, its vendor and (for change orders) its parent. */
  from: string;
  /** The column of the record's project in `from`. */
  projectColumn: string;
  /** The state sending moves a Draft record to (none for purchase orders). */
  sendState: string | null;
  /** The state the record reaches when every signer has signed. */
  executedState: string;
}

export const DOCUMENT_SPECS: Record<EsignRecordKey, DocumentSpec> = {
  Subcontract: {
    table: 'subcontracts', id: 'subcontractId', label: 'Subcontract', sendState: 'Pending Signature', executedState: 'Executed',
    from: 'subcontracts t JOIN vendors v ON v.vendorId = t.vendorId', projectColumn: 't.projectId',
  },
  PurchaseAgreement: {
    table: 'purchase_agreements', id: 'purchaseAgreementId', label: 'Purchase Agreement', sendState: 'Pending Signature', executedState: 'Executed',
    from: 'purchase_agreements t JOIN vendors v ON v.vendorId = t.vendorId', projectColumn: 't.projectId',
  },
  SubcontractChangeOrder: {
    table: 'subcontract_change_orders', id: 'subcontractChangeOrderId', label: 'Subcontract Change Order', sendState: 'Pending Approval', executedState: 'Approved',
    from: 'subcontract_change_orders t JOIN subcontracts s ON s.subcontractId = t.subcontractId JOIN vendors v ON v.vendorId = s.vendorId', projectColumn: 's.projectId',
  },
  PurchaseAgreementChangeOrder: {
    table: 'purchase_agreement_change_orders', id: 'purchaseAgreementChangeOrderId', label: 'Purchase Agreement Change Order', sendState: 'Pending Approval', executedState: 'Approved',
    from: 'purchase_agreement_change_orders t JOIN purchase_agreements a ON a.purchaseAgreementId = t.purchaseAgreementId JOIN vendors v ON v.vendorId = a.vendorId',
    projectColumn: 'a.projectId',
  },
  PurchaseOrder: {
    table: 'purchase_orders', id: 'purchaseOrderId', label: 'Purchase Order', sendState: null, executedState: 'Issued',
    from: 'purchase_orders t JOIN vendors v ON v.vendorId = t.vendorId', projectColumn: 't.projectId',
  },
};

/** SELECT of a kind's documents: recordId, projectId, number, description, vendor, state. */
export const documentSelect = (key: EsignRecordKey): string => {
  const spec = DOCUMENT_SPECS[key];
  return `SELECT '${key}' AS recordKey, t.${spec.id} AS recordId, ${spec.projectColumn} AS projectId, t.number, t.description, v.name AS vendorName,
    v.email AS vendorEmail, t.applicationRecordStateId, st.name AS recordStateName FROM ${spec.from}
    JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId`;
};

export interface DocumentRow {
  recordKey: EsignRecordKey;
  recordId: number;
  recordStateName: string;
  projectId: number;
  number: string;
  description: string;
  vendorName: string;
  vendorEmail: string | null;
  applicationRecordStateId: number;
}

export function documentRow(db: Database.Database, key: EsignRecordKey, id: number): DocumentRow | undefined {
  return db.prepare(`${documentSelect(key)} WHERE t.${DOCUMENT_SPECS[key].id} = ?`).get(id) as DocumentRow | undefined;
}

/** The states of the shortest advancement path from `from` to the state named `to` (excluding `from`), or null. */
function statePath(db: Database.Database, key: string, from: number, to: string): StateRow[] | null {
  const target = stateByName(db, key, to).applicationRecordStateId;
  const previous = new Map<number, number>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const state = queue.shift()!;
    if (state === target) break;
    const next = db.prepare('SELECT targetApplicationRecordStateId AS id FROM state_advancements WHERE applicationRecordStateId = ? ORDER BY quickRoute DESC, displayOrder')
      .all(state) as Array<{ id: number }>;
    for (const { id } of next) if (!previous.has(id)) { previous.set(id, state); queue.push(id); }
  }
  if (!previous.has(target)) return null;
  const path: StateRow[] = [];
  for (let state = target; state !== from; state = previous.get(state)!) path.unshift(stateById(db, state)!);
  return path;
}

/**
 * True when the record can reach `stateName` by its advancements (or is there already); the
 * record's state must also be open.
 */
export function canReach(db: Database.Database, key: EsignRecordKey, stateId: number, stateName: string): boolean {
  const state = stateById(db, stateId);
  if (!state || state.closed) return false;
  return state.name === stateName || statePath(db, key, stateId, stateName) !== null;
}

/**
 * Move the record to `stateName` step by step through the normal state rules (moveRecordState:
 * the advancement table, the change tracking of the project's team). Answers a note when it could
 * not (the record was moved elsewhere meanwhile), else null. `via`: the sender's move (sending: their
 * approval authority applies) or the e-sign completion (every signer signed: recorded as such).
 */
export function advanceRecord(db: Database.Database, key: EsignRecordKey, recordId: number, stateName: string, actorId: number, via: 'user' | 'esign' = 'user'): string | null {
  const spec = DOCUMENT_SPECS[key];
  const row = documentRow(db, key, recordId);
  if (!row) return `${spec.label} ${recordId} no longer exists.`;
  const current = stateById(db, row.applicationRecordStateId)!;
  if (current.name === stateName) return null;
  const path = statePath(db, key, current.applicationRecordStateId, stateName);
  if (!path || current.closed) return `${spec.label} ${row.number} is '${current.name}': it was not moved to '${stateName}'.`;
  // The SRA gate (a blocked subcontract, or a change order past the vendor's limits, is not moved; the refusal is the note).
  for (const step of path) {
    const refusal = commitmentGateRefusal(db, key, recordId, step.name);
    if (refusal) return `${spec.label} ${row.number} was not moved to '${step.name}': ${refusal.message}`;
  }
  let from = current.applicationRecordStateId;
  const kind = { recordKey: key, table: spec.table, idColumn: spec.id, label: spec.label.toLowerCase(), functionName: 'UpdateCommitmentState' };
  for (const step of path) {
    moveRecordState(db, kind, { itemId: recordId, oldStateId: from, routeStateId: step.applicationRecordStateId, actorId, via },
      (move) => {
        if (step.name === 'Executed' && (key === 'Subcontract' || key === 'PurchaseAgreement') && !move.record.executedDate) {
          db.prepare(`UPDATE ${spec.table} SET executedDate = ? WHERE ${spec.id} = ?`).run(clock.nowIso().slice(0, 10), recordId);
        }
        return { projectId: row.projectId, parentId: recordId, parentType: key };
      },
      () => null);
    from = step.applicationRecordStateId;
  }
  return null;
}

// --- envelopes ----------------------------------------------------------------------------------------

type Row = Record<string, unknown>;

export const envelopeState = (db: Database.Database, name: string): StateRow => stateByName(db, 'Envelope', name);

/** A new signing-link token: 32 random bytes, base64url (the signer's only credential; never stored). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its sha256, hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The stored token of a signer not sent a link yet (a Draft's): the hash of a token nobody is given. */
export const unsentToken = (): string => tokenHash(newToken());

/** A signing link works for this long after the e-mail that sent it. */
export const LINK_EXPIRY_DAYS = 14;

/**
 * Give signer `signerId` a new signing link, sent at `sentAt`: a fresh token whose hash replaces the stored
 * one (the signer's earlier link stops working), working for LINK_EXPIRY_DAYS but never after the envelope's
 * `envelopeExpiresAt`. Answers the link's path, for the e-mail only, and its expiry.
 */
export function issueSigningLink(db: Database.Database, signerId: number, sentAt: string, envelopeExpiresAt: string | null): { path: string; expiresAt: string } {
  const token = newToken();
  let expiresAt = new Date(Date.parse(sentAt) + LINK_EXPIRY_DAYS * 86_400_000).toISOString();
  if (envelopeExpiresAt && envelopeExpiresAt < expiresAt) expiresAt = envelopeExpiresAt;
  db.prepare('UPDATE envelope_signers SET token = ?, linkExpiresAt = ? WHERE envelopeSignerId = ?').run(tokenHash(token), expiresAt, signerId);
  return { path: signingPath(token), expiresAt };
}

/** The signer whose current link carries `token`, if any. */
export function signerByToken(db: Database.Database, token: string): Row | undefined {
  return db.prepare('SELECT * FROM envelope_signers WHERE token = ?').get(tokenHash(token)) as Row | undefined;
}

/** Move every envelope out for signature whose time is up to Expired (on every read and before signing). */
export function expireDue(db: Database.Database): number {
  const now = clock.nowIso();
  const expired = envelopeState(db, 'Expired').applicationRecordStateId;
  const out = ENVELOPE_OUT_STATES.map((name) => envelopeState(db, name).applicationRecordStateId);
  return db.prepare(`UPDATE envelopes SET applicationRecordStateId = ?, modifiedAt = ? WHERE applicationRecordStateId IN (${out.map(() => '?').join(', ')})
    AND expiresAt IS NOT NULL AND expiresAt <= ?`).run(expired, now, ...out, now).changes;
}

export const ENVELOPE_SELECT = `SELECT e.envelopeId, e.number, e.recordKey, e.recordId, e.projectId, p.number AS projectNumber, p.name AS projectName,
  e.documentNumber, e.documentTitle, e.applicationRecordStateId, s.name AS recordStateName, s.closed, e.createdAt, e.createdByEmployeeId, e.sentAt, e.expiresAt,
  e.documentFileId, df.name AS documentFileName, e.signedFileId, sf.name AS signedFileName, e.completedAt, e.declinedAt, e.voidedAt, e.voidReason,
  e.executionNote, e.displayText, e.modifiedAt
  FROM envelopes e JOIN projects p ON p.projectId = e.projectId JOIN application_record_states s ON s.applicationRecordStateId = e.applicationRecordStateId
  LEFT JOIN files df ON df.fileId = e.documentFileId LEFT JOIN files sf ON sf.fileId = e.signedFileId`;

const SIGNER_COLUMNS = `envelopeSignerId, envelopeId, signingOrder, name, email, state, viewedAt, signedAt, declinedAt, declineReason, signedName,
  ipAddress, lastReminderAt, linkExpiresAt, modifiedAt`;

/** Envelope rows as the API answers them, each with its signers (never their tokens, nor their hashes). */
export function withSigners(db: Database.Database, rows: Row[]): Row[] {
  const envelopes = rowsToApi(rows);
  if (!envelopes.length) return envelopes;
  const ids = envelopes.map((e) => e.envelopeId as number);
  const signers = rowsToApi(db.prepare(`SELECT ${SIGNER_COLUMNS} FROM envelope_signers WHERE envelopeId IN (${ids.map(() => '?').join(', ')})
    ORDER BY envelopeId, signingOrder`).all(...ids) as Row[]);
  for (const envelope of envelopes) envelope.signers = signers.filter((s) => s.envelopeId === envelope.envelopeId);
  return envelopes;
}

export function envelopeById(db: Database.Database, id: number): Row | undefined {
  const row = db.prepare(`${ENVELOPE_SELECT} WHERE e.envelopeId = ?`).get(id) as Row | undefined;
  return row ? withSigners(db, [row])[0] : undefined;
}

/** Write one "sent e-mail" into the demo outbox. */
export function sendMail(db: Database.Database, mail: { envelopeId: number; envelopeSignerId: number; kind: 'Signing request' | 'Reminder' | 'Voided'; toName: string; toEmail: string; subject: string; body: string; link: string | null }): void {
  const at = clock.nowIso();
  db.prepare(`INSERT INTO esign_outbox (envelopeId, envelopeSignerId, kind, toName, toEmail, subject, body, link, sentAt, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(mail.envelopeId, mail.envelopeSignerId, mail.kind, mail.toName, mail.toEmail, mail.subject, mail.body, mail.link, at, at);
}

/** The signing page of a token (relative to the host). */
export const signingPath = (token: string): string => `/esign/sign/${token}`;

export function storeFile(db: Database.Database, key: string, recordId: number, name: string, bytes: Uint8Array, employeeId: number | null): number {
  const at = clock.nowIso();
  return Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, 'application/pdf', ?, ?, ?, ?, ?)`).run(key, recordId, name, bytes.length, Buffer.from(bytes), employeeId, at, at).lastInsertRowid);
}

interface SignerRow { name: string; email: string; signedName: string; signedAt: string; ipAddress: string }

/** The document with a signature page appended: every signer's typed name, e-mail, time (UTC) and IP. */
export async function signedPdf(original: Uint8Array, envelope: { number: string; documentTitle: string }, signers: readonly SignerRow[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  // Standard fonts encode WinAnsi only: anything else is shown as '?'.
  const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  let y = 730;
  page.drawText('Signature page', { x: 54, y, size: 18, font: bold });
  y -= 24;
  page.drawText(safe(`${envelope.documentTitle} - envelope ${envelope.number}`), { x: 54, y, size: 11, font });
  y -= 30;
  for (const signer of signers) {
    page.drawText(safe(`Signed by: ${signer.signedName}`), { x: 54, y, size: 12, font: bold });
    page.drawText(safe(`Signer: ${signer.name} <${signer.email}>`), { x: 54, y: y - 16, size: 10, font });
    page.drawText(safe(`Signed at: ${signer.signedAt} (UTC)`), { x: 54, y: y - 30, size: 10, font });
    page.drawText(safe(`IP address: ${signer.ipAddress}`), { x: 54, y: y - 44, size: 10, font });
    page.drawLine({ start: { x: 54, y: y - 56 }, end: { x: 558, y: y - 56 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    y -= 74;
  }
  page.drawText('Signed electronically through the demo signing service.', { x: 54, y: Math.max(y, 60), size: 9, font });
  return pdf.save();
}

/**
 * After the last signature: the signed PDF (signature page appended) into the record's Files, the
 * envelope Signed, the record moved to its executed state. Does nothing when the envelope is no
 * longer out for signature or a signer has not signed.
 */
export async function completeEnvelope(db: Database.Database, envelopeId: number): Promise<void> {
  const envelope = db.prepare('SELECT * FROM envelopes WHERE envelopeId = ?').get(envelopeId) as Row | undefined;
  if (!envelope || !envelope.documentFileId) return;
  const signers = db.prepare('SELECT name, email, signedName, signedAt, ipAddress, state FROM envelope_signers WHERE envelopeId = ? ORDER BY signingOrder')
    .all(envelopeId) as Array<SignerRow & { state: string }>;
  if (!signers.length || signers.some((s) => s.state !== 'Signed')) return;
  const original = db.prepare('SELECT bytes FROM files WHERE fileId = ?').pluck().get(envelope.documentFileId) as Buffer;
  const bytes = await signedPdf(original, { number: String(envelope.number), documentTitle: String(envelope.documentTitle) }, signers);
  db.transaction(() => {
    const current = db.prepare('SELECT applicationRecordStateId FROM envelopes WHERE envelopeId = ?').pluck().get(envelopeId) as number;
    const out = ENVELOPE_OUT_STATES.map((name) => envelopeState(db, name).applicationRecordStateId);
    if (!out.includes(current)) return;
    const key = envelope.recordKey as EsignRecordKey;
    const recordId = envelope.recordId as number;
    const name = `${String(envelope.documentTitle).replace(/[^\w .-]/g, '_')} (signed).pdf`;
    const fileId = storeFile(db, key, recordId, name, bytes, envelope.createdByEmployeeId as number | null);
    const at = clock.nowIso();
    const actor = envelope.createdByEmployeeId as number;
    const note = advanceRecord(db, key, recordId, DOCUMENT_SPECS[key].executedState, actor, 'esign');
    db.prepare(`UPDATE envelopes SET applicationRecordStateId = ?, signedFileId = ?, completedAt = ?, executionNote = ?, modifiedAt = ? WHERE envelopeId = ?`)
      .run(envelopeState(db, 'Signed').applicationRecordStateId, fileId, at, note, at, envelopeId);
    trackChange(db, {
      projectId: envelope.projectId as number, actorId: actor, parentId: recordId, parentType: key, recordId: envelopeId, recordType: 'Envelope',
      description: `Envelope ${String(envelope.number)} signed by every signer`, at,
    });
  }).immediate();
}

// --- a signer's steps (the signing pages, and the demo's seed) ------------------------------------------

type SignerOf = Row;

/** How a signer appears in the record history: by the name they typed, else the name they were sent to. */
const signerActor = (signer: SignerOf, typedName?: string) => `${typedName ?? String(signer.name)} (signer, ${String(signer.email)})`;

/** A Sent signer opened their link: the signer, and a Sent envelope, are Viewed. */
export function signerViewed(db: Database.Database, signer: SignerOf): void {
  const at = clock.nowIso();
  withOutsideHistoryActor(signerActor(signer), () => db.transaction(() => {
    db.prepare("UPDATE envelope_signers SET state = 'Viewed', viewedAt = ?, modifiedAt = ? WHERE envelopeSignerId = ? AND state = 'Sent'").run(at, at, signer.envelopeSignerId);
    db.prepare('UPDATE envelopes SET applicationRecordStateId = CASE WHEN applicationRecordStateId = ? THEN ? ELSE applicationRecordStateId END, modifiedAt = ? WHERE envelopeId = ?')
      .run(envelopeState(db, 'Sent').applicationRecordStateId, envelopeState(db, 'Viewed').applicationRecordStateId, at, signer.envelopeId);
  }).immediate());
}

/**
 * The signer signed as `name` from `ip`; the last signature completes the envelope (completeEnvelope). The signature,
 * and the execution it may complete, are recorded in the history as the signer's.
 */
export async function signerSigned(db: Database.Database, signer: SignerOf, name: string, ip: string): Promise<void> {
  const at = clock.nowIso();
  const actor = signerActor(signer, name);
  const last = withOutsideHistoryActor(actor, () => db.transaction(() => {
    db.prepare("UPDATE envelope_signers SET state = 'Signed', signedName = ?, signedAt = ?, ipAddress = ?, viewedAt = coalesce(viewedAt, ?), modifiedAt = ? WHERE envelopeSignerId = ?")
      .run(name, at, ip, at, at, signer.envelopeSignerId);
    db.prepare('UPDATE envelopes SET applicationRecordStateId = CASE WHEN applicationRecordStateId = ? THEN ? ELSE applicationRecordStateId END, modifiedAt = ? WHERE envelopeId = ?')
      .run(envelopeState(db, 'Sent').applicationRecordStateId, envelopeState(db, 'Viewed').applicationRecordStateId, at, signer.envelopeId);
    return db.prepare("SELECT count(*) FROM envelope_signers WHERE envelopeId = ? AND state <> 'Signed'").pluck().get(signer.envelopeId) === 0;
  }).immediate());
  if (last) await withOutsideHistoryActor(actor, () => completeEnvelope(db, signer.envelopeId as number));
}

/** The signer declined as `name` for `reason`: the envelope is Declined (its links stop working). */
export function signerDeclined(db: Database.Database, signer: SignerOf, name: string, reason: string, ip: string): void {
  const at = clock.nowIso();
  withOutsideHistoryActor(signerActor(signer, name), () => db.transaction(() => {
    db.prepare("UPDATE envelope_signers SET state = 'Declined', signedName = ?, declinedAt = ?, declineReason = ?, ipAddress = ?, viewedAt = coalesce(viewedAt, ?), modifiedAt = ? WHERE envelopeSignerId = ?")
      .run(name, at, reason, ip, at, at, signer.envelopeSignerId);
    db.prepare('UPDATE envelopes SET applicationRecordStateId = ?, declinedAt = ?, modifiedAt = ? WHERE envelopeId = ?')
      .run(envelopeState(db, 'Declined').applicationRecordStateId, at, at, signer.envelopeId);
  }).immediate());
}
