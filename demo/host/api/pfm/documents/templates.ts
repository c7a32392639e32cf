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
  DOCUMENT_RECORD_KEYS, TEMPLATE_BODY_MAX, TEMPLATE_TITLE_MAX, unknownMergeFieldMessage, unknownMergeFields, type DocumentRecordKey, type DocumentTemplate,
} from '../../../../../src/core/documents';
import type { Ctx, Handlers } from '../../context';
import {
  autoAlert, badRequest, booleanParam, conflict, enumParam, idParam, invalid, notFound, nowIso, rawParam, stringParam, type Params,
} from '../../http';
import { routeKey } from '../../routes';
import { renderDocumentWithBody, renderRecordDocument, type RenderedDocument } from './render';

const POST = (path: string) => routeKey('POST', path);
const GET = (path: string) => routeKey('GET', path);

/** A template as the API answers it (src/core/documents.ts). */
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

function recordKeyParam(params: Params, name: string): DocumentRecordKey {
  const key = enumParam(params, name, DOCUMENT_RECORD_KEYS);
  if (!key) throw badRequest(`Parameter '${name}' is required.`, { parameter: name });
  return key;
}

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

/** Create (no DocumentTemplateId) or update (with the Version read) a template. */
function saveTemplate({ db, body, user }: Ctx): DocumentTemplateRow {
  const id = idParam(body, 'DocumentTemplateId');
  const title = stringParam(body, 'Title', TEMPLATE_TITLE_MAX);
  const recordKey = enumParam(body, 'RecordKey', DOCUMENT_RECORD_KEYS);
  // Multipart form-data sends a textarea's line breaks as CRLF: stored as LF.
  const text = (rawParam(body, 'Body') ?? '').replace(/\r\n?/g, '\n');
  const active = booleanParam(body, 'Active', true);
  const problems = [];
  if (!title) problems.push({ integerValue: 1 as const, stringValue: 'Title', message: 'Enter a title.' });
  if (!recordKey) problems.push({ integerValue: 1 as const, stringValue: 'RecordKey', message: 'Choose a record kind.' });
  if (text.trim() === '') problems.push({ integerValue: 1 as const, stringValue: 'Body', message: 'Enter the body of the template.' });
  if (text.length > TEMPLATE_BODY_MAX) problems.push({ integerValue: 1 as const, stringValue: 'Body', message: `The body is longer than ${TEMPLATE_BODY_MAX} characters.` });
  if (problems.length) throw invalid(problems);
  checkFields('SaveDocumentTemplate', text, recordKey!);

  const now = nowIso();
  return db.transaction(() => {
    let templateId = id;
    if (templateId !== undefined) {
      const current = getTemplate(db, templateId);
      const version = idParam(body, 'Version', true);
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

async function previewTemplate({ db, body, reply }: Ctx): Promise<FastifyReply> {
  const recordKey = recordKeyParam(body, 'RecordKey');
  const recordId = idParam(body, 'RecordId', true);
  const templateId = idParam(body, 'DocumentTemplateId');
  let text = rawParam(body, 'Body')?.replace(/\r\n?/g, '\n');
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

async function recordDocument({ db, body, reply }: Ctx): Promise<FastifyReply> {
  const recordKey = recordKeyParam(body, 'RecordKey');
  const recordId = idParam(body, 'RecordId', true);
  const doc = await renderRecordDocument(db, { recordKey, recordId });
  if (!doc) throw notFound(`${recordKey} ${recordId} not found.`);
  return sendPdf(reply, doc);
}

export const documentTemplateHandlers: Handlers = {
  [GET('/api/pfm/documents/templates')]: ({ db, query }) => {
    const recordKey = enumParam(query, 'recordKey', DOCUMENT_RECORD_KEYS);
    return recordKey
      ? db.prepare(`SELECT ${COLUMNS} FROM document_templates WHERE recordKey = ? ORDER BY title, documentTemplateId`).all(recordKey)
      : db.prepare(`SELECT ${COLUMNS} FROM document_templates ORDER BY title, documentTemplateId`).all();
  },
  [GET('/api/pfm/documents/template')]: ({ db, query }) => getTemplate(db, idParam(query, 'documentTemplateId', true)),
  [POST('/api/pfm/documents/SaveDocumentTemplate')]: saveTemplate,
  [GET('/api/pfm/documents/records')]: ({ db, query }) => {
    const recordKey = recordKeyParam(query, 'recordKey');
    const search = stringParam(query, 'search', 100);
    const { table, id } = RECORDS[recordKey];
    const like = `%${(search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return db.prepare(`SELECT ${id} AS recordId, number, description FROM ${table}
      WHERE number LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\' ORDER BY number, ${id} LIMIT 50`).all(like, like);
  },
  [POST('/api/pfm/documents/PreviewDocumentTemplate')]: previewTemplate,
  [POST('/api/pfm/documents/RecordDocument')]: recordDocument,
};
