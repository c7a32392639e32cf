/**
 * E-sign envelope API (issue 12), in the style of the other PFM writes: form-data POST, `{ data }`
 * answers, 400 validation feedback (nothing written), 409 on a stale OldRecordStateId, 400 autoAlert
 * for refusals a user must read. Every route needs ACCESS.pfm (routes.ts): others get 403.
 *
 * | route | fields | answer |
 * |---|---|---|
 * | GET /api/pfm/getenvelopes | recordKey (Project, Budget, LegalEntity, Envelope or a document kind), recordId, lastLoad, open | envelopes with their signers |
 * | GET /api/pfm/getesigndocuments | recordKey Project or Budget, recordId | the project's documents that may be sent (open, executable, no envelope out) |
 * | POST /api/pfm/CreateEnvelope | RecordKey, RecordId, signers[i].name, signers[i].email, Send? | the new Draft envelope (Sent with Send=true) |
 * | POST /api/pfm/SendEnvelope | EnvelopeId, OldRecordStateId | the Sent envelope (the PDF generated and stored, one outbox e-mail per signer, the record to Pending Signature) |
 * | POST /api/pfm/RemindEnvelopeSigner | EnvelopeId, EnvelopeSignerId | the envelope; a second reminder within 24 h is a 400 autoAlert naming when the next is allowed |
 * | POST /api/pfm/VoidEnvelope | EnvelopeId, OldRecordStateId, Reason (required) | the Voided envelope; its links stop working |
 *
 * The envelope's PDF and the signed PDF download through POST /api/pfm/files/download with
 * documentFileId / signedFileId (the blob call, with the server's filename).
 */
import { approvalDecision, refusalText } from '../../approvals';
import type Database from 'better-sqlite3';
import {
  ENVELOPE_OUT_STATES, ESIGN_PATHS, ESIGN_RECORD_KEYS, MAX_VOID_REASON, envelopeExpiresAt, nextReminderAt, signerProblems, type EsignRecordKey,
} from '../../../../../src/core/esign/contract';
import type { Caller } from '../../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, conflict, invalid, notFound, type FeedbackItem } from '../../http';
import { moveRecordState, stateByName } from '../../records';
import { keysOf, loadParamSpecs, loadParams, OPEN_PARAM, scopeWhere } from '../../scope';
import { renderRecordDocument } from '../document-templates/render';
import { checkSraGate } from '../../risk/sra/gate';
import { DOCUMENT_SPECS, ENVELOPE_SELECT, LINK_EXPIRY_DAYS, advanceRecord, canReach, documentRow, documentSelect, envelopeById, envelopeState, expireDue, issueSigningLink, sendMail, storeFile, unsentToken, withSigners } from './service';
import * as clock from '../../../../../src/core/clock';

type Row = Record<string, unknown>;

const SCOPE = {
  project: 'e.projectId',
  keys: {
    Envelope: 'e.envelopeId',
    ...Object.fromEntries(ESIGN_RECORD_KEYS.map((key) => [key, `(CASE WHEN e.recordKey = '${key}' THEN e.recordId END)`])),
  },
};

const GET_ENVELOPES = { ...loadParamSpecs(keysOf(SCOPE)), ...OPEN_PARAM };

function getEnvelopes({ db, params: parsed }: RouteCtx<ParamsOf<typeof GET_ENVELOPES>>): unknown {
  expireDue(db);
  const params = loadParams(db, parsed);
  const { where, args } = scopeWhere(params, SCOPE);
  where.push(`s.closed = ${params.open ? 0 : 1}`);
  if (params.lastLoad) { where.push('e.modifiedAt > ?'); args.push(params.lastLoad); }
  const rows = db.prepare(`${ENVELOPE_SELECT} WHERE ${where.join(' AND ')} ORDER BY e.envelopeId DESC`).all(...args) as Row[];
  return withSigners(db, rows);
}

/** Envelope ids out for signature (or Draft) on record key/id. */
const activeEnvelope = (db: Database.Database, key: string, id: number): string | undefined => db.prepare(`SELECT e.number FROM envelopes e
  JOIN application_record_states s USING (applicationRecordStateId) WHERE e.recordKey = ? AND e.recordId = ? AND s.name IN ('Draft', 'Sent', 'Viewed')`)
  .pluck().get(key, id) as string | undefined;

/** A load's recordKey and recordId, both required (loadParams makes the 404 and project checks). */
const GET_DOCUMENTS = {
  recordKey: p.recordKey(['Project', 'Budget'], { required: true }),
  recordId: p.id({ required: true }),
};

function getDocuments({ db, params: parsed }: RouteCtx<ParamsOf<typeof GET_DOCUMENTS>>): unknown {
  const params = loadParams(db, parsed);
  const projectId = params.recordKey === 'Project' ? params.recordId
    : db.prepare('SELECT projectId FROM budgets WHERE budgetId = ?').pluck().get(params.recordId) as number;
  const out: Row[] = [];
  for (const key of ESIGN_RECORD_KEYS) {
    const spec = DOCUMENT_SPECS[key];
    const rows = db.prepare(`${documentSelect(key)} WHERE ${spec.projectColumn} = ? AND st.closed = 0 ORDER BY t.number`).all(projectId) as Row[];
    for (const row of rows) {
      if (!canReach(db, key, row.applicationRecordStateId as number, spec.executedState) || row.recordStateName === spec.executedState) continue;
      if (activeEnvelope(db, key, row.recordId as number)) continue;
      out.push({ ...row, kindLabel: spec.label });
    }
  }
  return out;
}


/** Why a document can not be sent now, or null. */
function refusal(db: Database.Database, key: EsignRecordKey, id: number): string | null {
  const row = documentRow(db, key, id);
  if (!row) throw notFound(`${key} ${id} not found.`);
  const spec = DOCUMENT_SPECS[key];
  if (row.recordStateName === spec.executedState || !canReach(db, key, row.applicationRecordStateId, spec.executedState)) {
    return `${row.number} is '${row.recordStateName}': it can not be sent for signature.`;
  }
  const active = activeEnvelope(db, key, id);
  return active ? `${row.number} already has envelope ${active} in progress.` : null;
}

/** A signer's typed name and e-mail: kept as typed (the handler answers per-field feedback), with a hard cap. */
const SIGNER_FIELD_CAP = 1000;

const CREATE = {
  RecordKey: p.recordKey(ESIGN_RECORD_KEYS, { required: true }),
  RecordId: p.id({ required: true, scope: { keyParam: 'RecordKey' } }),
  Send: p.boolean(),
  // More than MAX_SIGNERS is the handler's feedback (signerProblems); the parse caps the list.
  signers: p.list({ name: p.string(SIGNER_FIELD_CAP, { empty: 'keep' }), email: p.string(SIGNER_FIELD_CAP, { empty: 'keep' }) }, { max: 100 }),
};

/**
 * The e-sign completion makes the approval move (Executed, Approved, Issued) by itself: sending is where the
 * sender's approval authority for it is asked (approvals.ts), so e-sign is no way around the matrix.
 */
function requireSendAuthority(db: Database.Database, key: EsignRecordKey, recordId: number, user: Caller): void {
  const spec = DOCUMENT_SPECS[key];
  const decided = approvalDecision(db, { recordKey: key, recordId, label: spec.label.toLowerCase(), target: stateByName(db, key, spec.executedState), actorId: user.employeeId });
  if (decided && !decided.decision.allowed) throw autoAlert('SendEnvelope', refusalText(db, key, recordId, decided.decision).message);
}

/**
 * A new Draft envelope of record `key` `recordId` for `signers` (400 per-field feedback, nothing written, when the
 * record can not be sent or a signer is wrong). Answers its id. Shared by the API and the demo's seed (db/seed-esign.ts).
 */
export function insertEnvelope(db: Database.Database, key: EsignRecordKey, recordId: number, signers: ReadonlyArray<{ name: string; email: string }>, creatorId: number): number {
  return db.transaction(() => {
    const feedback: FeedbackItem[] = signerProblems(signers).map(([field, message]) => ({ integerValue: 1, stringValue: field, message }));
    const why = refusal(db, key, recordId);
    if (why) feedback.unshift({ integerValue: 1, stringValue: 'recordId', message: why });
    if (feedback.length) throw invalid(feedback);
    const row = documentRow(db, key, recordId)!;
    const at = clock.nowIso();
    const next = (db.prepare('SELECT coalesce(max(envelopeId), 0) + 1 FROM envelopes').pluck().get() as number);
    const number = `ENV-${String(next).padStart(5, '0')}`;
    const title = `${DOCUMENT_SPECS[key].label} ${row.number}`;
    const id = Number(db.prepare(`INSERT INTO envelopes (number, recordKey, recordId, projectId, documentNumber, documentTitle, applicationRecordStateId,
      createdByEmployeeId, createdAt, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      number, key, recordId, row.projectId, row.number, title, envelopeState(db, 'Draft').applicationRecordStateId, creatorId, at, `${number} ${title}`, at,
    ).lastInsertRowid);
    const insert = db.prepare(`INSERT INTO envelope_signers (envelopeId, signingOrder, name, email, token, state, modifiedAt) VALUES (?, ?, ?, ?, ?, 'Waiting', ?)`);
    // No link yet: each signer gets theirs in the e-mail that sends the envelope.
    signers.forEach((signer, index) => insert.run(id, index + 1, signer.name, signer.email.toLowerCase(), unsentToken(), at));
    return id;
  }).immediate();
}

async function createEnvelope({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE>>): Promise<unknown> {
  const key = params.RecordKey;
  const recordId = params.RecordId;
  const send = params.Send ?? false;
  // `signers[i].name`/`.email` in index order.
  const signers = (params.signers ?? []).map((entry) => ({ name: (entry.name ?? '').trim(), email: (entry.email ?? '').trim() }));
  // Issue 14: sending moves a subcontract to Pending Signature: the SRA gate refuses a blocked one before anything is written.
  if (send && key === 'Subcontract') checkSraGate(db, recordId, 'Pending Signature');
  if (send) requireSendAuthority(db, key, recordId, user);
  const created = insertEnvelope(db, key, recordId, signers, user.employeeId);
  if (!send) return envelopeById(db, created);
  return sendEnvelope(db, created, envelopeState(db, 'Draft').applicationRecordStateId, user);
}

const ENVELOPE_KIND = (functionName: string) => ({ recordKey: 'Envelope', table: 'envelopes', idColumn: 'envelopeId', label: 'envelope', functionName });

function envelopeOr404(db: Database.Database, id: number): Row {
  const row = db.prepare('SELECT e.*, s.name AS stateName FROM envelopes e JOIN application_record_states s USING (applicationRecordStateId) WHERE envelopeId = ?')
    .get(id) as Row | undefined;
  if (!row) throw notFound(`Envelope ${id} not found.`);
  return row;
}

function staleCheck(row: Row, oldStateId: number): void {
  if (row.applicationRecordStateId !== oldStateId) {
    throw conflict(`The envelope is now '${String(row.stateName)}': someone else changed it. Reload it and try again.`, {
      currentRecordStateId: row.applicationRecordStateId, currentRecordStateName: row.stateName,
    });
  }
}

/** Generate the PDF, store it on the envelope, e-mail every signer their link, move the record on. */
export async function sendEnvelope(db: Database.Database, envelopeId: number, oldStateId: number, user: Caller): Promise<unknown> {
  const before = envelopeOr404(db, envelopeId);
  staleCheck(before, oldStateId);
  if (before.stateName !== 'Draft') throw autoAlert('SendEnvelope', `Envelope ${String(before.number)} is '${String(before.stateName)}': only a Draft envelope can be sent.`);
  const key = before.recordKey as EsignRecordKey;
  const recordId = before.recordId as number;
  const rendered = await renderRecordDocument(db, { recordKey: key, recordId });
  if (!rendered) throw notFound(`${key} ${recordId} not found.`);
  return moveRecordState(db, ENVELOPE_KIND('SendEnvelope'),
    { itemId: envelopeId, oldStateId, routeStateId: envelopeState(db, 'Sent').applicationRecordStateId, actorId: user.employeeId },
    () => {
      const row = documentRow(db, key, recordId)!;
      const spec = DOCUMENT_SPECS[key];
      if (row.recordStateName === spec.executedState || !canReach(db, key, row.applicationRecordStateId, spec.executedState)) {
        throw autoAlert('SendEnvelope', `${row.number} is '${row.recordStateName}': it can not be sent for signature.`);
      }
      requireSendAuthority(db, key, recordId, user);
      const fileId = storeFile(db, 'Envelope', envelopeId, rendered.filename, rendered.bytes, user.employeeId);
      const sentAt = clock.nowIso();
      db.prepare('UPDATE envelopes SET documentFileId = ?, sentAt = ?, expiresAt = ? WHERE envelopeId = ?').run(fileId, sentAt, envelopeExpiresAt(sentAt), envelopeId);
      const signers = db.prepare('SELECT envelopeSignerId, name, email FROM envelope_signers WHERE envelopeId = ? ORDER BY signingOrder').all(envelopeId) as Row[];
      for (const signer of signers) {
        db.prepare("UPDATE envelope_signers SET state = 'Sent', modifiedAt = ? WHERE envelopeSignerId = ?").run(sentAt, signer.envelopeSignerId);
        const link = issueSigningLink(db, signer.envelopeSignerId as number, sentAt, envelopeExpiresAt(sentAt));
        sendMail(db, {
          envelopeId, envelopeSignerId: signer.envelopeSignerId as number, kind: 'Signing request', toName: String(signer.name), toEmail: String(signer.email),
          subject: `Please sign: ${rendered.title}`,
          body: `${user.preferredName} sent you ${rendered.title} to sign (envelope ${String(before.number)}). The link works until ${link.expiresAt.slice(0, 10)} (${LINK_EXPIRY_DAYS} days); the envelope expires on ${envelopeExpiresAt(sentAt).slice(0, 10)}.`,
          link: link.path,
        });
      }
      if (key === 'Subcontract' && spec.sendState) checkSraGate(db, recordId, spec.sendState);
      if (spec.sendState) {
        const note = advanceRecord(db, key, recordId, spec.sendState, user.employeeId);
        if (note) throw autoAlert('SendEnvelope', note);
      }
      return { projectId: row.projectId, parentId: recordId, parentType: key };
    },
    () => envelopeById(db, envelopeId));
}

const SEND = {
  EnvelopeId: p.id({ required: true, scope: 'Envelope' }),
  OldRecordStateId: p.id({ required: true }),
};

function sendHandler({ db, params, user }: RouteCtx<ParamsOf<typeof SEND>>): Promise<unknown> {
  return sendEnvelope(db, params.EnvelopeId, params.OldRecordStateId, user);
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const REMIND = {
  EnvelopeId: p.id({ required: true, scope: 'Envelope' }),
  EnvelopeSignerId: p.id({ required: true }),
};

function remind({ db, params }: RouteCtx<ParamsOf<typeof REMIND>>): unknown {
  return remindSigner(db, params.EnvelopeId, params.EnvelopeSignerId);
}

/** E-mail signer `signerId` of envelope `envelopeId` a new link (the earlier one stops working); once a day per signer. */
export function remindSigner(db: Database.Database, envelopeId: number, signerId: number): unknown {
  expireDue(db);
  return db.transaction(() => {
    const envelope = envelopeOr404(db, envelopeId);
    const signer = db.prepare('SELECT * FROM envelope_signers WHERE envelopeSignerId = ? AND envelopeId = ?').get(signerId, envelopeId) as Row | undefined;
    if (!signer) throw notFound(`Signer ${signerId} is not a signer of envelope ${envelopeId}.`);
    if (!(ENVELOPE_OUT_STATES as readonly string[]).includes(String(envelope.stateName))) {
      throw autoAlert('RemindEnvelopeSigner', `Envelope ${String(envelope.number)} is '${String(envelope.stateName)}': reminders go only to envelopes out for signature.`);
    }
    if (signer.state === 'Signed' || signer.state === 'Declined') {
      throw autoAlert('RemindEnvelopeSigner', `${String(signer.name)} has ${String(signer.state).toLowerCase()} already: no reminder is needed.`);
    }
    const next = nextReminderAt(signer.lastReminderAt as string | null, clock.nowMs());
    if (next) {
      throw autoAlert('RemindEnvelopeSigner',
        `${String(signer.name)} was reminded at ${when(String(signer.lastReminderAt))}. One reminder a day: the next is allowed from ${when(next)}.`, { nextReminderAt: next });
    }
    const at = clock.nowIso();
    db.prepare('UPDATE envelope_signers SET lastReminderAt = ?, modifiedAt = ? WHERE envelopeSignerId = ?').run(at, at, signerId);
    db.prepare('UPDATE envelopes SET modifiedAt = ? WHERE envelopeId = ?').run(at, envelopeId);
    // A reminder carries a new link (only the token's hash is kept, so the earlier one can not be sent again); the earlier link stops working.
    const link = issueSigningLink(db, signerId, at, envelope.expiresAt as string | null);
    sendMail(db, {
      envelopeId, envelopeSignerId: signerId, kind: 'Reminder', toName: String(signer.name), toEmail: String(signer.email),
      subject: `Reminder: please sign ${String(envelope.documentTitle)}`,
      body: `${String(envelope.documentTitle)} (envelope ${String(envelope.number)}) is waiting for your signature. This link replaces the one sent before and works until ${link.expiresAt.slice(0, 10)}.`,
      link: link.path,
    });
    return envelopeById(db, envelopeId);
  }).immediate();
}

const VOID = {
  EnvelopeId: p.id({ required: true, scope: 'Envelope' }),
  OldRecordStateId: p.id({ required: true }),
  // Typed by the user: empty or too long is the handler's per-field feedback; the parse caps it.
  Reason: p.string(MAX_VOID_REASON * 10, { empty: 'keep' }),
};

function voidHandler({ db, params, user }: RouteCtx<ParamsOf<typeof VOID>>): unknown {
  return voidEnvelope(db, params.EnvelopeId, params.OldRecordStateId, params.Reason ?? '', user);
}

/** Void envelope `envelopeId` (409 when no longer in `oldStateId`) for `typedReason`: its links stop working, its signers are told. */
export function voidEnvelope(db: Database.Database, envelopeId: number, oldStateId: number, typedReason: string, user: Caller): unknown {
  const reason = typedReason.trim();
  if (reason === '') throw invalid([{ integerValue: 1, stringValue: 'reason', message: 'A reason is required to void an envelope.' }]);
  if (reason.length > MAX_VOID_REASON) throw invalid([{ integerValue: 1, stringValue: 'reason', message: `The reason is longer than ${MAX_VOID_REASON} characters.` }]);
  expireDue(db);
  return moveRecordState(db, ENVELOPE_KIND('VoidEnvelope'),
    { itemId: envelopeId, oldStateId, routeStateId: envelopeState(db, 'Voided').applicationRecordStateId, actorId: user.employeeId },
    ({ record, at }) => {
      db.prepare('UPDATE envelopes SET voidedAt = ?, voidReason = ?, voidedByEmployeeId = ? WHERE envelopeId = ?').run(clock.nowIso(), reason, user.employeeId, envelopeId);
      const signers = db.prepare("SELECT envelopeSignerId, name, email FROM envelope_signers WHERE envelopeId = ? AND state IN ('Sent', 'Viewed')").all(envelopeId) as Row[];
      for (const signer of signers) {
        sendMail(db, {
          envelopeId, envelopeSignerId: signer.envelopeSignerId as number, kind: 'Voided', toName: String(signer.name), toEmail: String(signer.email),
          subject: `Voided: ${String(record.documentTitle)}`, body: `${user.preferredName} voided envelope ${String(record.number)}: ${reason}`, link: null,
        });
      }
      db.prepare('UPDATE envelope_signers SET modifiedAt = ? WHERE envelopeId = ?').run(at, envelopeId);
      return { projectId: record.projectId as number, parentId: record.recordId as number, parentType: String(record.recordKey) };
    },
    () => envelopeById(db, envelopeId));
}

export const esignHandlers = declaredFor('pfm', [
  route({
    method: 'GET', path: ESIGN_PATHS.load,
    note: 'added: e-sign envelopes with signers (recordKey Project/Budget/LegalEntity/Envelope/document kind, recordId, lastLoad, open; pfm/esign)',
    params: GET_ENVELOPES, handler: getEnvelopes,
  }),
  route({
    method: 'GET', path: ESIGN_PATHS.documents,
    note: 'added: documents of a project that may be sent for signature (recordKey Project or Budget, recordId)',
    params: GET_DOCUMENTS, handler: getDocuments,
  }),
  route({
    method: 'POST', path: ESIGN_PATHS.create,
    note: 'added: RecordKey, RecordId, signers[i].name/.email, Send? (new Draft ENV-#####; Sent with Send=true)',
    params: CREATE, handler: createEnvelope,
  }),
  route({
    method: 'POST', path: ESIGN_PATHS.send,
    note: 'added: EnvelopeId, OldRecordStateId (PDF generated, outbox e-mails, record to Pending Signature)',
    params: SEND, handler: sendHandler,
  }),
  route({
    method: 'POST', path: ESIGN_PATHS.remind,
    note: 'added: EnvelopeId, EnvelopeSignerId; once a day per signer (else 400 autoAlert)',
    params: REMIND, handler: remind,
  }),
  route({
    method: 'POST', path: ESIGN_PATHS.void,
    note: 'added: EnvelopeId, OldRecordStateId, Reason (required)',
    params: VOID, handler: voidHandler,
  }),
]);
