/**
 * Files of PFM records (added, §7 file-form and blob calls): list, upload, download with the
 * server's filename, delete.
 *
 * Issue 14: the routes also admit keySLIM and keyRISK users, for the files of their own records only:
 * 'SlimRequest' files need ACCESS.slim and a request the caller may see; 'Sra' files ACCESS.sra; every
 * other key ACCESS.pfm (403 otherwise), so no PFM record opens to them.
 */
import type Database from 'better-sqlite3';
import { ACCESS, ruleAllows } from '../../../../src/core/access';
import { SLIM_RECORD_KEY, SRA_RECORD_KEY } from '../../../../src/core/risk/api';
import type { Caller, Ctx, Handlers } from '../context';
import { callerActor, requireSee, slimRowOr404 } from '../risk/slim/common';
import { badRequest, enumParam, forbidden, idParam, invalid, notFound, nowIso, type Params } from '../http';
import { routeKey } from '../routes';
import { RECORD_TABLES } from '../scope';

const POST = (path: string) => routeKey('POST', path);
const GET = (path: string) => routeKey('GET', path);

// --- files ----------------------------------------------------------------------------------------

const FILE_KEYS = Object.keys(RECORD_TABLES).filter((k) => k !== 'LegalEntity' && k !== 'Vendor');

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

function fileRecord(db: Database.Database, user: Caller, params: Params, keyName: string, idName: string): { key: string; id: number } {
  const key = enumParam(params, keyName, FILE_KEYS);
  if (!key) throw badRequest(`Parameter '${keyName}' is required.`, { parameter: keyName });
  const id = idParam(params, idName, true);
  const where = RECORD_TABLES[key]!;
  if (!db.prepare(`SELECT 1 FROM ${where.table} WHERE ${where.idColumn} = ?`).get(id)) throw notFound(`${key} ${id} not found.`);
  requireFileAccess(db, user, key, id);
  return { key, id };
}

/** The file `FileId` of the form, once the caller may use its record's files. */
function fileOf(db: Database.Database, user: Caller, body: Params): { fileId: number; name: string; mime: string; bytes: Buffer } {
  const fileId = idParam(body, 'FileId', true);
  const file = db.prepare('SELECT fileId, applicationRecordKey, recordId, name, mime, bytes FROM files WHERE fileId = ?').get(fileId) as
    { fileId: number; applicationRecordKey: string; recordId: number; name: string; mime: string; bytes: Buffer } | undefined;
  if (!file) throw notFound(`File ${fileId} not found.`);
  requireFileAccess(db, user, file.applicationRecordKey, file.recordId);
  return file;
}

const FILE_COLUMNS = 'fileId, applicationRecordKey, recordId, name, mime, size, uploadedByEmployeeId, uploadedAt, modifiedAt';

interface UploadedFile { filename: string; mimetype: string; data: Buffer }

function uploadFile({ db, body, user }: Ctx): unknown {
  const { key, id } = fileRecord(db, user, body, 'ApplicationRecordKey', 'RecordId');
  const file = Object.entries(body).find(([, value]) => value && typeof value === 'object' && Buffer.isBuffer((value as UploadedFile).data))?.[1] as UploadedFile | undefined;
  if (!file) throw invalid([{ integerValue: 1, stringValue: 'file', message: 'Attach a file.' }]);
  const name = (file.filename || 'file').replace(/[\\/\r\n"]/g, '_').slice(0, 200);
  const at = nowIso();
  const fileId = Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(key, id, name, file.mimetype || 'application/octet-stream', file.data.length, file.data, user.employeeId, at, at).lastInsertRowid);
  return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE fileId = ?`).get(fileId);
}

function downloadFile({ db, body, user, reply }: Ctx): unknown {
  const file = fileOf(db, user, body);
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_');
  return reply.type(file.mime).header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`).send(file.bytes);
}

// --- handlers -------------------------------------------------------------------------------------

export const fileHandlers: Handlers = {
  [GET('/api/pfm/files')]: ({ db, user, query }) => {
    const { key, id } = fileRecord(db, user, query, 'recordKey', 'recordId');
    return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE applicationRecordKey = ? AND recordId = ? ORDER BY fileId`).all(key, id);
  },
  [POST('/api/pfm/files/upload')]: uploadFile,
  [POST('/api/pfm/files/download')]: downloadFile,
  [routeKey('DELETE', '/api/pfm/files')]: ({ db, user, body }) => {
    const { fileId } = fileOf(db, user, body);
    if (db.prepare('DELETE FROM files WHERE fileId = ?').run(fileId).changes === 0) throw notFound(`File ${fileId} not found.`);
    return { fileId, deleted: true };
  },
};
