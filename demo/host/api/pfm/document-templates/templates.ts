/**
 * Document templates (added, §2 Document Template Administration) and the generated documents:
 * - list, get and save templates (keyPFM Admin; the route table says so);
 * - preview a template (saved or being edited) merged with a chosen record, as a PDF;
 * - the record document of a commitment or change order, as a PDF (any PFM role: the workbench's Preview).
 * A save or preview whose body names an unknown merge field is refused with the §8 autoAlert naming
 * it (`unknownFields`, `field: 'Body'`); a save of a stale version answers 409.
 */
import type Database from 'better-sqlite3';
import type { FastifyReply } from 'fastify';
import {
  DOCUMENT_RECORD_KEYS, DOCUMENT_TEMPLATE_ADMINS, PREVIEW_RECORDS_PATH, PREVIEW_TEMPLATE_PATH, SAVE_TEMPLATE_PATH, TEMPLATE_BODY_MAX, TEMPLATE_TITLE_MAX, TEMPLATES_PATH, unknownMergeFieldMessage, unknownMergeFields, type DocumentRecordKey, type DocumentTemplate,
} from '../../../../../src/core/document-templates/contract';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, badRequest, conflict, invalid, notFound } from '../../http';
import { renderDocumentWithBody, renderRecordDocument, type RenderedDocument } from './render';
import * as clock from '../../../../../src/core/clock';

/** A template as the API answers it (src/core/document-templates/contract.ts). */
export type DocumentTemplateRow = DocumentTemplate;

const COLUMNS = 'documentTemplateId, title, recordKey, body, active, version, modifiedBy, modifiedAt';

/** Where each kind's records are, for the preview's record picker. */
const RECORDS: Record<DocumentRecordKey, { table: string; id: string }> = {
  Subcontract: { table: 'subcontracts', id: 'subcontractId' },
  SubcontractChangeOrder: { table: 'subcontract_change_orders', id: 'subcontractChangeOrderId' },
  PurchaseAgreement: { table: 'purchase_agreements', id: 'purchaseAgreementId' },
  PurchaseAgreementChangeOrder: { table: 'purchase_agreement_change_orders', id: 'purchaseAgreementChangeOrderId' },
  PurchaseOrder: { table: 'purchase_orders', id: 'purchaseOrderId' },
};

/**
 * A template body as typed: kept as sent (no trim; the handler turns CRLF into LF and answers its own
 * length message). The parse caps it at twice the limit (a body of CRLF line breaks is longer as sent).
 */
const BODY = p.string(TEMPLATE_BODY_MAX * 2, { empty: 'keep', trim: false });

/** Refuse a body with unknown merge fields: §8 autoAlert naming them. */
function checkFields(functionName: string, body: string, recordKey: DocumentRecordKey): void {
  const unknown = unknownMergeFields(body, recordKey);
  if (unknown.length) throw autoAlert(functionName, unknownMergeFieldMessage(unknown), { field: 'Body', unknownFields: unknown });
}

/** Send a PDF as an attachment named after the document. */
function sendPdf(reply: FastifyReply, doc: RenderedDocument): FastifyReply {
  const ascii = doc.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return reply.type('application/pdf')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.filename)}`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(doc.bytes));
}

function getTemplate(db: Database.Database, id: number): DocumentTemplateRow {
  const row = db.prepare(`SELECT ${COLUMNS} FROM document_templates WHERE documentTemplateId = ?`).get(id) as DocumentTemplateRow | undefined;
  if (!row) throw notFound(`Document template ${id} not found.`);
  return row;
}

const SAVE = {
  DocumentTemplateId: p.id(),
  Version: p.integer({ min: 1 }),
  Title: p.string(TEMPLATE_TITLE_MAX),
  RecordKey: p.recordKey(DOCUMENT_RECORD_KEYS),
  Body: BODY,
  Active: p.boolean(),
};

/** Create (no DocumentTemplateId) or update (with the Version read) a template. */
function saveTemplate({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE>>): DocumentTemplateRow {
  const id = params.DocumentTemplateId;
  const title = params.Title;
  const recordKey = params.RecordKey;
  // Multipart form-data sends a textarea's line breaks as CRLF: stored as LF.
  const text = (params.Body ?? '').replace(/\r\n?/g, '\n');
  const active = params.Active ?? true;
  const problems = [];
  if (!title) problems.push({ integerValue: 1 as const, stringValue: 'Title', message: 'Enter a title.' });
  if (!recordKey) problems.push({ integerValue: 1 as const, stringValue: 'RecordKey', message: 'Choose a record kind.' });
  if (text.trim() === '') problems.push({ integerValue: 1 as const, stringValue: 'Body', message: 'Enter the body of the template.' });
  if (text.length > TEMPLATE_BODY_MAX) problems.push({ integerValue: 1 as const, stringValue: 'Body', message: `The body is longer than ${TEMPLATE_BODY_MAX} characters.` });
  if (problems.length) throw invalid(problems);
  checkFields('SaveDocumentTemplate', text, recordKey!);

  const now = clock.nowIso();
  return db.transaction(() => {
    let templateId = id;
    if (templateId !== undefined) {
      const current = getTemplate(db, templateId);
      const version = params.Version;
      if (version === undefined) throw badRequest("Parameter 'Version' is required.", { parameter: 'Version' });
      if (version !== current.version) {
        throw conflict(`Document template ${templateId} was changed by ${current.modifiedBy} at ${current.modifiedAt}; reload it and try again.`, { current });
      }
      if (active) db.prepare('UPDATE document_templates SET active = 0 WHERE recordKey = ? AND active = 1 AND documentTemplateId <> ?').run(recordKey, templateId);
      db.prepare(`UPDATE document_templates SET title = ?, recordKey = ?, body = ?, active = ?, version = version + 1, modifiedByEmployeeId = ?, modifiedBy = ?, modifiedAt = ?
        WHERE documentTemplateId = ?`).run(title, recordKey, text, active ? 1 : 0, user.employeeId, user.preferredName, now, templateId);
    } else {
      if (active) db.prepare('UPDATE document_templates SET active = 0 WHERE recordKey = ? AND active = 1').run(recordKey);
      templateId = Number(db.prepare(`INSERT INTO document_templates (title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
        VALUES (?, ?, ?, ?, 1, ?, ?, ?)`).run(title, recordKey, text, active ? 1 : 0, user.employeeId, user.preferredName, now).lastInsertRowid);
    }
    return getTemplate(db, templateId);
  })();
}

const PREVIEW = {
  RecordKey: p.recordKey(DOCUMENT_RECORD_KEYS, { required: true }),
  RecordId: p.id({ required: true }),
  DocumentTemplateId: p.id(),
  Body: BODY,
};

async function previewTemplate({ db, params, reply }: RouteCtx<ParamsOf<typeof PREVIEW>>): Promise<FastifyReply> {
  const recordKey = params.RecordKey;
  const recordId = params.RecordId;
  const templateId = params.DocumentTemplateId;
  let text = params.Body?.replace(/\r\n?/g, '\n');
  if (text === undefined || text.trim() === '') {
    if (templateId === undefined) throw badRequest("Parameter 'Body' or 'DocumentTemplateId' is required.", { parameter: 'Body' });
    text = getTemplate(db, templateId).body;
  }
  if (text.length > TEMPLATE_BODY_MAX) throw badRequest(`Parameter 'Body' is longer than ${TEMPLATE_BODY_MAX} characters.`, { parameter: 'Body' });
  checkFields('PreviewDocumentTemplate', text, recordKey);
  const doc = await renderDocumentWithBody(db, { recordKey, recordId, body: text });
  if (!doc) throw notFound(`${recordKey} ${recordId} not found.`);
  return sendPdf(reply, doc);
}

const RECORD_DOCUMENT = {
  RecordKey: p.recordKey(DOCUMENT_RECORD_KEYS, { required: true }),
  RecordId: p.id({ required: true, scope: { keyParam: 'RecordKey' } }),
};

async function recordDocument({ db, params, reply }: RouteCtx<ParamsOf<typeof RECORD_DOCUMENT>>): Promise<FastifyReply> {
  const { RecordKey: recordKey, RecordId: recordId } = params;
  const doc = await renderRecordDocument(db, { recordKey, recordId });
  if (!doc) throw notFound(`${recordKey} ${recordId} not found.`);
  return sendPdf(reply, doc);
}

const ADMINS = { anyOf: [DOCUMENT_TEMPLATE_ADMINS] } as const;

export const documentTemplateHandlers = declaredFor(ADMINS, [
  route({
    method: 'GET', path: TEMPLATES_PATH,
    note: 'added: document templates (recordKey? filters by record kind); keyPFM Admin',
    params: { recordKey: p.recordKey(DOCUMENT_RECORD_KEYS) },
    handler: ({ db, params }) => (params.recordKey
      ? db.prepare(`SELECT ${COLUMNS} FROM document_templates WHERE recordKey = ? ORDER BY title, documentTemplateId`).all(params.recordKey)
      : db.prepare(`SELECT ${COLUMNS} FROM document_templates ORDER BY title, documentTemplateId`).all()),
  }),
  route({
    method: 'GET', path: '/api/pfm/documents/template',
    note: 'added: one document template (documentTemplateId); keyPFM Admin',
    params: { documentTemplateId: p.id({ required: true }) },
    handler: ({ db, params }) => getTemplate(db, params.documentTemplateId),
  }),
  route({
    method: 'POST', path: SAVE_TEMPLATE_PATH,
    note: 'added: DocumentTemplateId? + Version (409 when stale), Title, RecordKey, Body, Active; unknown merge field → 400 autoAlert naming it; keyPFM Admin',
    params: SAVE, handler: saveTemplate,
  }),
  route({
    method: 'GET', path: PREVIEW_RECORDS_PATH,
    note: 'added: records of a kind to preview a template with (recordKey, search by number or description, 50 at most); keyPFM Admin',
    params: { recordKey: p.recordKey(DOCUMENT_RECORD_KEYS, { required: true }), search: p.string(100) },
    handler: ({ db, params }) => {
      const { table, id } = RECORDS[params.recordKey];
      const like = `%${(params.search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.prepare(`SELECT ${id} AS recordId, number, description FROM ${table}
        WHERE number LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\' ORDER BY number, ${id} LIMIT 50`).all(like, like);
    },
  }),
  route({
    method: 'POST', path: PREVIEW_TEMPLATE_PATH,
    note: 'added: RecordKey, RecordId, Body or DocumentTemplateId → the merged PDF (Content-Disposition attachment); keyPFM Admin',
    params: PREVIEW, handler: previewTemplate,
  }),
  route({
    method: 'POST', path: '/api/pfm/documents/RecordDocument', access: 'pfm',
    note: "added: the record's generated document (RecordKey: a commitment or change-order kind, RecordId) as a PDF attachment (file-form blob call)",
    params: RECORD_DOCUMENT,
    write: false,
    handler: recordDocument,
  }),
]);
