/**
 * Files of PFM records (added, §7 file-form and blob calls): list, upload, download with the
 * server's filename, delete.
 *
 * Files follow the record they belong to: each call is allowed by the record's project (the declared
 * `scope`: a Viewer lists and downloads but does not upload or delete) and, for deleting, by the
 * record's state: nothing is deleted from an approved SRA, a sent or completed envelope (its document
 * and its signed PDF), a posted cost adjustment, an approved or posted direct cost or a pay application
 * approved for payment or paid (400 autoAlert saying why). Deleting an open application's lien waiver file takes
 * the waiver off.
 *
 * Uploads: `file` (what the client sends) and/or `files[i]`; at most 25 MB a file, 10 files and
 * 100 MB in all a request (413), each of an allowed type told from its content (file-types.ts;
 * 400 naming the file otherwise, nothing written). The stored type is the sniffed one. Downloads are
 * always attachments with nosniff; a type outside the allowed ones (a file stored before the check) is
 * served as application/octet-stream.
 *
 * Issue 14: the routes also admit keySLIM and keyRISK users, for the files of their own records only:
 * 'SlimRequest' files need ACCESS.slim and a request the caller may see; 'Sra' files ACCESS.sra; every
 * other key ACCESS.pfm (403 otherwise), so no PFM record opens to them.
 */
import type Database from 'better-sqlite3';
import { ACCESS, ruleAllows, type AccessRule } from '../../../../src/core/access';
import { SLIM_RECORD_KEY, SRA_RECORD_KEY } from '../../../../src/core/risk/contract';
import type { Caller } from '../context';
import { callerActor, requireSee, slimRowOr404 } from '../risk/slim/common';
import { declaredFor, p, route, type ParamsOf, type RouteCtx, type UploadedFile } from '../declare';
import { autoAlert, forbidden, HttpError, invalid, notFound, type FeedbackItem } from '../http';
import { RECORD_TABLES } from '../scope';
import { ALLOWED_FILE_KINDS, sniffFileType, type SniffedType } from './file-types';
import * as clock from '../../../../src/core/clock';

/** Upload limits (LEAD: index.ts's multipart limits must be fileSize: MAX_FILE_BYTES, files: MAX_FILES). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const MAX_FILES = 10;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;

/**
 * The Files routes: PFM records for ACCESS.pfm; issue 14's SlimRequest / Sra files for ACCESS.slim /
 * ACCESS.sra (checked per key below). LEAD: the same rule list as routes.ts's FILE_ACCESS (not exported there).
 */
export const FILE_ACCESS: readonly AccessRule[] = [ACCESS.pfm, ACCESS.slim, ACCESS.sra];

// --- files ----------------------------------------------------------------------------------------

/** The record keys files hang on. */
export const FILE_KEYS = Object.keys(RECORD_TABLES).filter((k) => k !== 'LegalEntity' && k !== 'Vendor');

/** The caller may use the files of record `key` `id` (see the module comment); else 403. */
export function requireFileAccess(db: Database.Database, user: Caller, key: string, id: number): void {
  if (key === SLIM_RECORD_KEY) {
    if (!ruleAllows(user.roles, ACCESS.slim)) throw forbidden('You do not have access to the files of SLIM requests.');
    requireSee(callerActor(db, user), slimRowOr404(db, id));
  } else if (key === SRA_RECORD_KEY) {
    if (!ruleAllows(user.roles, ACCESS.sra)) throw forbidden('You do not have access to the files of risk assessments.');
  } else if (!ruleAllows(user.roles, ACCESS.pfm)) {
    throw forbidden(`You do not have access to the files of ${key} records.`);
  }
}

/** Record `key` `id` (404 when unknown), once the caller may use its files. */
function fileRecord(db: Database.Database, user: Caller, key: string, id: number): { key: string; id: number } {
  const where = RECORD_TABLES[key]!;
  if (!db.prepare(`SELECT 1 FROM ${where.table} WHERE ${where.idColumn} = ?`).get(id)) throw notFound(`${key} ${id} not found.`);
  requireFileAccess(db, user, key, id);
  return { key, id };
}

interface FileRow { fileId: number; applicationRecordKey: string; recordId: number; name: string; mime: string; bytes: Buffer }

/** File `fileId`, once the caller may use its record's files. */
function fileOf(db: Database.Database, user: Caller, fileId: number): FileRow {
  const file = db.prepare('SELECT fileId, applicationRecordKey, recordId, name, mime, bytes FROM files WHERE fileId = ?').get(fileId) as FileRow | undefined;
  if (!file) throw notFound(`File ${fileId} not found.`);
  requireFileAccess(db, user, file.applicationRecordKey, file.recordId);
  return file;
}

// --- which records keep their files ---------------------------------------------------------------

const ENVELOPE_KEPT = 'the documents of a sent or completed envelope can not be deleted.';

/** Records whose files are kept in some states: the states, and why (for the autoAlert). */
const KEPT: Record<string, { table: string; idColumn: string; states: readonly string[]; why: (number: string, state: string) => string }> = {
  Sra: {
    table: 'sras', idColumn: 'sraId', states: ['Approved'],
    why: (number) => `${number} is approved: the files of an approved risk assessment can not be deleted.`,
  },
  CostAdjustment: {
    // Posting moves an adjustment to its closed state other than Void (src/core/cost-adjustments postRefusal).
    table: 'cost_adjustments', idColumn: 'costAdjustmentId', states: ['Reconciled'],
    why: (number) => `${number} is posted: the files of a posted cost adjustment can not be deleted.`,
  },
  DirectCost: {
    table: 'direct_costs', idColumn: 'directCostId', states: ['Approved', 'Posted'],
    why: (number, state) => `${number} is ${state.toLowerCase()}: the files of an approved or posted direct cost can not be deleted.`,
  },
  PayApplication: {
    // The lien waivers and document of a certified application are its payment's evidence.
    table: 'pay_applications', idColumn: 'payApplicationId', states: ['Approved for Payment', 'Paid'],
    why: (number, state) => `${number} is ${state.toLowerCase()}: its lien waivers and documents can not be deleted.`,
  },
  Envelope: {
    table: 'envelopes', idColumn: 'envelopeId', states: ['Sent', 'Viewed', 'Signed'],
    why: (number, state) => `Envelope ${number} is ${state === 'Signed' ? 'completed' : `'${state}'`}: ${ENVELOPE_KEPT}`,
  },
};

/** Why file `file` may not be deleted now (its record's state), or null. */
export function deleteRefusal(db: Database.Database, file: Pick<FileRow, 'fileId' | 'applicationRecordKey' | 'recordId' | 'name'>): string | null {
  const kept = KEPT[file.applicationRecordKey];
  if (kept) {
    const row = db.prepare(`SELECT t.number, s.name AS state FROM ${kept.table} t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.${kept.idColumn} = ?`).get(file.recordId) as { number: string; state: string } | undefined;
    if (row && kept.states.includes(row.state)) return kept.why(row.number, row.state);
  }
  // An envelope's document or signed PDF kept on another record (the signed PDF is in the commitment's Files).
  const envelope = db.prepare(`SELECT e.number, s.name AS state FROM envelopes e JOIN application_record_states s ON s.applicationRecordStateId = e.applicationRecordStateId
    WHERE (e.documentFileId = ? OR e.signedFileId = ?) AND s.name IN ('Sent', 'Viewed', 'Signed') LIMIT 1`).get(file.fileId, file.fileId) as { number: string; state: string } | undefined;
  return envelope ? `${file.name} is the ${envelope.state === 'Signed' ? 'signed document' : 'document'} of envelope ${envelope.number}: ${ENVELOPE_KEPT}` : null;
}

// --- uploads --------------------------------------------------------------------------------------

/** The stored name: no path separators, quotes or line breaks, at most 200 characters. */
export const storedName = (filename: string) => (filename || 'file').replace(/[\\/\r\n"]/g, '_').slice(0, 200);

/** Every file of the form, with the form field it came in; refused (nothing written) past the limits or of a type not allowed. */
export function checkedUploads(uploads: ReadonlyArray<{ field: string; file: UploadedFile }>): Array<{ field: string; file: UploadedFile; type: SniffedType }> {
  if (uploads.length > MAX_FILES) throw new HttpError(413, `At most ${MAX_FILES} files can be uploaded at once (${uploads.length} were sent).`);
  const big = uploads.find((u) => u.file.data.length > MAX_FILE_BYTES);
  if (big) throw new HttpError(413, `${storedName(big.file.filename)} is larger than ${MAX_FILE_BYTES / MB} MB.`, { parameter: big.field });
  const total = uploads.reduce((sum, u) => sum + u.file.data.length, 0);
  if (total > MAX_UPLOAD_BYTES) throw new HttpError(413, `The files add up to more than ${MAX_UPLOAD_BYTES / MB} MB: upload them in parts.`);
  const feedback: FeedbackItem[] = [];
  const typed = uploads.map((u) => {
    const type = sniffFileType(u.file.data, u.file.filename, u.file.mimetype);
    if (!type) {
      feedback.push({ integerValue: 1, stringValue: u.field, message: `${storedName(u.file.filename)} is not a file type the portal accepts. Upload ${ALLOWED_FILE_KINDS}.` });
    }
    return { ...u, type: type! };
  });
  if (feedback.length) throw invalid(feedback);
  return typed;
}

const FILE_COLUMNS = 'fileId, applicationRecordKey, recordId, name, mime, size, uploadedByEmployeeId, uploadedAt, modifiedAt';

const LIST = {
  recordKey: p.recordKey(FILE_KEYS, { required: true }),
  recordId: p.id({ required: true, scope: { keyParam: 'recordKey' } }),
};

const UPLOAD = {
  ApplicationRecordKey: p.recordKey(FILE_KEYS, { required: true }),
  RecordId: p.id({ required: true, scope: { keyParam: 'ApplicationRecordKey' } }),
  file: p.file(),
  files: p.list(p.file(), { max: MAX_FILES }),
};

/** One file (`file`): its row; a list (`files[i]`, with or without `file`): the rows, in the order sent. */
function uploadFile({ db, params, user }: RouteCtx<ParamsOf<typeof UPLOAD>>): unknown {
  const { key, id } = fileRecord(db, user, params.ApplicationRecordKey, params.RecordId);
  const uploads = [
    ...(params.file ? [{ field: 'file', file: params.file }] : []),
    ...(params.files ?? []).map((file, index) => ({ field: `files[${index}]`, file })),
  ];
  if (uploads.length === 0) throw invalid([{ integerValue: 1, stringValue: 'file', message: 'Attach a file.' }]);
  const typed = checkedUploads(uploads);
  const at = clock.nowIso();
  const insert = db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const rows = db.transaction(() => typed.map(({ file, type }) => {
    const fileId = Number(insert.run(key, id, storedName(file.filename), type.mime, file.data.length, file.data, user.employeeId, at, at).lastInsertRowid);
    return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE fileId = ?`).get(fileId);
  }))();
  return params.files === undefined ? rows[0] : rows;
}

/** The types a download is served as; anything else (stored before the sniffing) as octet-stream. */
const SERVED_TYPES = new Set([
  'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv', 'message/rfc822', 'application/msword',
  'application/vnd.ms-excel', 'application/vnd.ms-outlook', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

const ONE_FILE = { FileId: p.id({ required: true, scope: 'File' }) };

function downloadFile({ db, params, user, reply }: RouteCtx<ParamsOf<typeof ONE_FILE>>): unknown {
  const file = fileOf(db, user, params.FileId);
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply.type(SERVED_TYPES.has(file.mime) ? file.mime : 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.bytes);
}

// --- routes ---------------------------------------------------------------------------------------

export const fileHandlers = declaredFor({ anyOf: FILE_ACCESS }, [
  route({
    method: 'GET', path: '/api/pfm/files',
    note: 'added: files of a record (recordKey, recordId), without bytes; keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)',
    params: LIST,
    handler: ({ db, user, params }) => {
      const { key, id } = fileRecord(db, user, params.recordKey, params.recordId);
      return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE applicationRecordKey = ? AND recordId = ? ORDER BY fileId`).all(key, id);
    },
  }),
  route({
    method: 'POST', path: '/api/pfm/files/upload',
    note: 'added: file form (ApplicationRecordKey, RecordId, file); keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)',
    params: UPLOAD, handler: uploadFile,
  }),
  route({
    method: 'POST', path: '/api/pfm/files/download',
    note: 'added: FileId → the file, with Content-Disposition; keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)',
    params: ONE_FILE,
    write: false,
    handler: downloadFile,
  }),
  route({
    method: 'DELETE', path: '/api/pfm/files',
    note: 'added: DELETE with form-data FileId; keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)',
    params: ONE_FILE,
    handler: ({ db, user, params }) => db.transaction(() => {
      const file = fileOf(db, user, params.FileId);
      const why = deleteRefusal(db, file);
      if (why) throw autoAlert('DeleteFile', why, { fileId: file.fileId });
      // A lien waiver is its signed copy: deleting the file of an open application's waiver (a certified one's is kept
      // above) takes the waiver off, and the application shows it missing again.
      const waiverOf = db.prepare('SELECT payApplicationId FROM lien_waivers WHERE fileId = ?').pluck().get(file.fileId) as number | undefined;
      if (waiverOf !== undefined) {
        db.prepare('DELETE FROM lien_waivers WHERE fileId = ?').run(file.fileId);
        // Now, but after its last change (as its writes stamp it): a list or a save loaded before sees the change.
        db.prepare(`UPDATE pay_applications SET modifiedAt = max(?, strftime('%Y-%m-%dT%H:%M:%fZ', modifiedAt, '+0.001 seconds'))
          WHERE payApplicationId = ?`).run(clock.nowIso(), waiverOf);
      }
      if (db.prepare('DELETE FROM files WHERE fileId = ?').run(file.fileId).changes === 0) throw notFound(`File ${file.fileId} not found.`);
      return { fileId: file.fileId, deleted: true };
    }).immediate(),
  }),
]);
