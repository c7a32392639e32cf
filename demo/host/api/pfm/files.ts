/**
 * Files of PFM records (added, §7 file-form and blob calls): list, upload, download with the
 * server's filename, delete.
 */
import type Database from 'better-sqlite3';
import type { Ctx, Handlers } from '../context';
import { badRequest, enumParam, idParam, invalid, notFound, nowIso, type Params } from '../http';
import { routeKey } from '../routes';
import { RECORD_TABLES } from '../scope';

const POST = (path: string) => routeKey('POST', path);
const GET = (path: string) => routeKey('GET', path);

// --- files ----------------------------------------------------------------------------------------

const FILE_KEYS = Object.keys(RECORD_TABLES).filter((k) => k !== 'LegalEntity' && k !== 'Vendor');

function fileRecord(db: Database.Database, params: Params, keyName: string, idName: string): { key: string; id: number } {
  const key = enumParam(params, keyName, FILE_KEYS);
  if (!key) throw badRequest(`Parameter '${keyName}' is required.`, { parameter: keyName });
  const id = idParam(params, idName, true);
  const where = RECORD_TABLES[key]!;
  if (!db.prepare(`SELECT 1 FROM ${where.table} WHERE ${where.idColumn} = ?`).get(id)) throw notFound(`${key} ${id} not found.`);
  return { key, id };
}

const FILE_COLUMNS = 'fileId, applicationRecordKey, recordId, name, mime, size, uploadedByEmployeeId, uploadedAt, modifiedAt';

interface UploadedFile { filename: string; mimetype: string; data: Buffer }

function uploadFile({ db, body, user }: Ctx): unknown {
  const { key, id } = fileRecord(db, body, 'ApplicationRecordKey', 'RecordId');
  const file = Object.entries(body).find(([, value]) => value && typeof value === 'object' && Buffer.isBuffer((value as UploadedFile).data))?.[1] as UploadedFile | undefined;
  if (!file) throw invalid([{ integerValue: 1, stringValue: 'file', message: 'Attach a file.' }]);
  const name = (file.filename || 'file').replace(/[\\/\r\n"]/g, '_').slice(0, 200);
  const at = nowIso();
  const fileId = Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(key, id, name, file.mimetype || 'application/octet-stream', file.data.length, file.data, user.employeeId, at, at).lastInsertRowid);
  return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE fileId = ?`).get(fileId);
}

function downloadFile({ db, body, reply }: Ctx): unknown {
  const fileId = idParam(body, 'FileId', true);
  const file = db.prepare('SELECT name, mime, bytes FROM files WHERE fileId = ?').get(fileId) as { name: string; mime: string; bytes: Buffer } | undefined;
  if (!file) throw notFound(`File ${fileId} not found.`);
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_');
  return reply.type(file.mime).header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`).send(file.bytes);
}

// --- handlers -------------------------------------------------------------------------------------

export const fileHandlers: Handlers = {
  [GET('/api/pfm/files')]: ({ db, query }) => {
    const { key, id } = fileRecord(db, query, 'recordKey', 'recordId');
    return db.prepare(`SELECT ${FILE_COLUMNS} FROM files WHERE applicationRecordKey = ? AND recordId = ? ORDER BY fileId`).all(key, id);
  },
  [POST('/api/pfm/files/upload')]: uploadFile,
  [POST('/api/pfm/files/download')]: downloadFile,
  [routeKey('DELETE', '/api/pfm/files')]: ({ db, body }) => {
    const fileId = idParam(body, 'FileId', true);
    if (db.prepare('DELETE FROM files WHERE fileId = ?').run(fileId).changes === 0) throw notFound(`File ${fileId} not found.`);
    return { fileId, deleted: true };
  },
};
