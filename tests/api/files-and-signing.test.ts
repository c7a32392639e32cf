/**
 * Files and signing links (the hardening of pfm/files and pfm/esign):
 * - the e-sign outbox is a dev-only page for a signed-in keyAdmin Admin (bearer token);
 * - a signing link is stored as the sha256 of its token (migration 023), works once (signing or
 *   declining uses it), stops with the envelope (completed, declined, voided, expired) and 14 days
 *   after its e-mail (a reminder brings a new one); the signing pages and their PDF are
 *   `Referrer-Policy: no-referrer` and `Cache-Control: no-store`;
 * - files follow their record: nothing is deleted from an approved SRA, a sent or completed envelope,
 *   a posted cost adjustment or an approved or posted direct cost (400 autoAlert saying why); uploads
 *   are at most 25 MB a file, 10 files and 100 MB a request, of an allowed type told from the content
 *   (the stored type); downloads are attachments with nosniff.
 */
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { stateId, type Form } from './api-client';
import { setClock } from '../../src/core/clock';
import { registerSigningPages } from '../../demo/host/api/pfm/esign/pages';
import { sraGateRefusal } from '../../demo/host/api/risk/sra/gate';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { SIGNING_LINK_HASH_023 } from '../../demo/host/db/migrations/023_signing_link_hash';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();
afterEach(() => setClock(null));

const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// --- e-sign helpers -------------------------------------------------------------------------------

/** A Draft subcontract without an envelope that the SRA gate lets go to Pending Signature and Executed (envelopes are sent by admin: every project). */
function draftSubcontract(): Row {
  const rows = host.db.prepare(`SELECT t.subcontractId, t.number FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId)
    WHERE s.name = 'Draft' AND NOT EXISTS (SELECT 1 FROM envelopes e WHERE e.recordKey = 'Subcontract' AND e.recordId = t.subcontractId)
    ORDER BY t.subcontractId`).all() as Row[];
  const row = rows.find((r) => sraGateRefusal(host.db, r.subcontractId, 'Pending Signature') === null && sraGateRefusal(host.db, r.subcontractId, 'Executed') === null);
  assert.ok(row, 'a Draft subcontract without an envelope that needs no SRA');
  return row;
}

async function sentEnvelope(): Promise<Row> {
  const sub = draftSubcontract();
  const answer = await api.post('admin', '/api/pfm/CreateEnvelope', {
    RecordKey: 'Subcontract', RecordId: sub.subcontractId, Send: 'true',
    'signers[0].name': 'Ada Vendor', 'signers[0].email': 'ada@vendor.example', 'signers[1].name': 'Ben Builder', 'signers[1].email': 'ben@summit.example',
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { ...answer.body.data, sub };
}

/** Each signer's current link token, read from the newest e-mail that carried one (the outbox is where the token lives). */
const links = (envelopeId: number) => (host.db.prepare(`SELECT o.link FROM esign_outbox o JOIN envelope_signers s USING (envelopeSignerId)
  WHERE o.envelopeId = ? AND o.outboxId = (SELECT max(outboxId) FROM esign_outbox x WHERE x.envelopeSignerId = o.envelopeSignerId AND x.link IS NOT NULL)
  ORDER BY s.signingOrder`).pluck().all(envelopeId) as string[]).map((link) => link.slice('/esign/sign/'.length));

const page = (token: string, suffix = '') => fetch(`${host.url}/esign/sign/${token}${suffix}`, { redirect: 'manual' });
const sign = (token: string, form: Record<string, string>) => fetch(`${host.url}/esign/sign/${token}`, {
  method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(),
});
const signerState = (token: string) => one('SELECT state FROM envelope_signers WHERE token = ?', sha256(token))?.state as string | undefined;

function assertSigningHeaders(response: Response, what: string): void {
  assert.equal(response.headers.get('referrer-policy'), 'no-referrer', `${what}: referrer-policy`);
  assert.match(response.headers.get('cache-control') ?? '', /no-store/, `${what}: cache-control`);
}

// --- the outbox -----------------------------------------------------------------------------------

describe('the e-sign outbox', () => {
  it('is for a signed-in keyAdmin Admin only: 401 without a token, 403 for PFM users, the links for the admin', async () => {
    await sentEnvelope();
    assert.equal((await fetch(`${host.url}/esign/outbox`)).status, 401);
    assert.equal((await fetch(`${host.url}/esign/outbox`, { headers: { authorization: 'Bearer not-a-token' } })).status, 401);
    for (const login of ['pm', 'rpm', 'employee']) {
      const refused = await fetch(`${host.url}/esign/outbox`, { headers: { authorization: `Bearer ${await host.tokenFor(login)}` } });
      assert.equal(refused.status, 403, login);
      assert.doesNotMatch(await refused.text(), /\/esign\/sign\//, `${login} sees no link`);
    }
    const shown = await fetch(`${host.url}/esign/outbox`, { headers: { authorization: `Bearer ${await host.tokenFor('admin')}` } });
    assert.equal(shown.status, 200);
    assert.match(shown.headers.get('cache-control') ?? '', /no-store/);
    assert.match(await shown.text(), /href="\/esign\/sign\/[A-Za-z0-9_-]{43}"/);
  });

  it('exists on the dev environment only: elsewhere 404, even for a keyAdmin Admin', async () => {
    for (const [environment, status] of [['production', 404], ['stage', 404], ['dev', 200]] as const) {
      const app = Fastify();
      // As the host's bearer check would: the admin's verified login.
      app.addHook('onRequest', async (request) => { (request as unknown as { user: unknown }).user = { login: 'admin', scopes: [] }; });
      await registerSigningPages(app, host.db, { environment: () => environment });
      const answer = await app.inject({ method: 'GET', url: '/esign/outbox' });
      assert.equal(answer.statusCode, status, environment);
      if (status === 404) assert.doesNotMatch(answer.body, /\/esign\/sign\//);
      await app.close();
    }
  });
});

// --- signing links --------------------------------------------------------------------------------

describe('signing links', () => {
  it('are stored as the sha256 of their token: the token is only in the e-mail', async () => {
    const env = await sentEnvelope();
    const tokens = links(env.envelopeId);
    assert.equal(tokens.length, 2);
    const stored = host.db.prepare('SELECT token FROM envelope_signers WHERE envelopeId = ? ORDER BY signingOrder').pluck().all(env.envelopeId) as string[];
    assert.deepEqual(stored, tokens.map(sha256));
    for (const token of tokens) {
      assert.equal(host.db.prepare('SELECT count(*) FROM envelope_signers WHERE token = ?').pluck().get(token), 0);
      assert.equal(host.db.prepare("SELECT count(*) FROM record_history WHERE oldValue LIKE '%' || ? || '%' OR newValue LIKE '%' || ? || '%'").pluck().get(token, token), 0);
    }
    // The API answers neither the token nor its hash.
    const loaded = await api.get('admin', '/api/pfm/getenvelopes', { recordKey: 'Envelope', recordId: env.envelopeId });
    const text = JSON.stringify(loaded.body);
    for (const token of tokens) assert.ok(!text.includes(token) && !text.includes(sha256(token)));
  });

  it('work once: after signing or declining the link answers 410 (page, form and PDF) and shows nothing of the envelope', async () => {
    const env = await sentEnvelope();
    const [a, b] = links(env.envelopeId) as [string, string];
    assert.equal((await page(a)).status, 200);
    const signed = await sign(a, { action: 'sign', signedName: 'Ada Vendor', consent: 'yes' });
    assert.equal(signed.status, 200);
    assert.match(await signed.text(), /data-signing-state="signed"[\s\S]*You signed as Ada Vendor/);
    for (const response of [await page(a), await page(a, '/document.pdf'), await sign(a, { action: 'decline', signedName: 'Ada', reason: 'changed my mind' })]) {
      assert.equal(response.status, 410);
      const text = await response.text();
      assert.doesNotMatch(text, new RegExp(env.number), 'a used link names no envelope');
    }
    assert.equal(signerState(a), 'Signed');
    const declined = await sign(b, { action: 'decline', signedName: 'Ben Builder', reason: 'Wrong scope' });
    assert.equal(declined.status, 200);
    assert.match(await declined.text(), /data-signing-state="declined"/);
    assert.equal((await page(b)).status, 410);
  });

  it('stop when the envelope is completed or voided', async () => {
    const done = await sentEnvelope();
    const [a, b] = links(done.envelopeId) as [string, string];
    assert.equal((await sign(a, { action: 'sign', signedName: 'Ada Vendor', consent: 'yes' })).status, 200);
    const last = await sign(b, { action: 'sign', signedName: 'Ben Builder', consent: 'yes' });
    assert.match(await last.text(), /Every signer has signed/);
    assert.equal(one('SELECT s.name FROM envelopes e JOIN application_record_states s USING (applicationRecordStateId) WHERE envelopeId = ?', done.envelopeId).name, 'Signed');
    for (const token of [a, b]) {
      assert.equal((await page(token)).status, 410);
      assert.equal((await page(token, '/document.pdf')).status, 410);
    }

    const voided = await sentEnvelope();
    const [c] = links(voided.envelopeId) as [string];
    assert.equal((await api.post('admin', '/api/pfm/VoidEnvelope', { EnvelopeId: voided.envelopeId, OldRecordStateId: voided.applicationRecordStateId, Reason: 'Wrong vendor' })).status, 200);
    assert.equal((await page(c)).status, 410);
    assert.equal((await page(c, '/document.pdf')).status, 410);
    assert.equal((await sign(c, { action: 'sign', signedName: 'Ada', consent: 'yes' })).status, 410);
    assert.equal(signerState(c), 'Sent');
  });

  it('expire 14 days after their e-mail; a reminder brings a new link and retires the old one', async () => {
    const env = await sentEnvelope();
    const [a] = links(env.envelopeId) as [string];
    const sentAt = Date.parse(env.sentAt);
    setClock(() => sentAt + 14 * DAY - 60_000);
    assert.equal((await page(a)).status, 200, 'a minute before the 14 days it works');
    setClock(() => sentAt + 14 * DAY);
    const expired = await page(a);
    assert.equal(expired.status, 410);
    assert.match(await expired.text(), /data-signing-state="link-expired"/);
    assert.equal((await page(a, '/document.pdf')).status, 410);
    assert.equal((await sign(a, { action: 'sign', signedName: 'Ada Vendor', consent: 'yes' })).status, 410);
    assert.equal(signerState(a), 'Viewed');
    // The envelope itself is still out (120 days): the sender reminds, which mails a new link.
    const signerId = env.signers[0].envelopeSignerId;
    assert.equal((await api.post('admin', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: env.envelopeId, EnvelopeSignerId: signerId })).status, 200);
    const [fresh] = links(env.envelopeId) as [string];
    assert.notEqual(fresh, a);
    assert.equal((await page(fresh)).status, 200);
    assert.equal((await page(a)).status, 404, 'the replaced link no longer names anyone');
    const expires = one('SELECT linkExpiresAt FROM envelope_signers WHERE envelopeSignerId = ?', signerId).linkExpiresAt as string;
    assert.equal(Date.parse(expires), sentAt + 28 * DAY);
    setClock(() => sentAt + 28 * DAY);
    assert.equal((await page(fresh)).status, 410);
  });

  it('signing pages, their answers and the PDF are no-referrer and no-store', async () => {
    const env = await sentEnvelope();
    const [a, b] = links(env.envelopeId) as [string, string];
    assertSigningHeaders(await page(a), 'signing page');
    const pdf = await page(a, '/document.pdf');
    assert.equal(pdf.status, 200);
    assert.match(pdf.headers.get('content-disposition') ?? '', /^attachment; filename="/);
    assert.equal(pdf.headers.get('x-content-type-options'), 'nosniff');
    assertSigningHeaders(pdf, 'document.pdf');
    assertSigningHeaders(await sign(a, { action: 'sign', signedName: 'Ada', consent: '' }), 'refused form (400)');
    assertSigningHeaders(await sign(a, { action: 'sign', signedName: 'Ada Vendor', consent: 'yes' }), 'outcome');
    assertSigningHeaders(await page(a), 'used link (410)');
    assertSigningHeaders(await page('x'.repeat(43)), 'unknown link (404)');
    assert.equal((await page(b)).headers.get('content-security-policy')?.includes("script-src 'self'"), true, 'the host security headers stay');
  });

  it('migration 023: links sent before it are retired (their plain token gone), the signers and their states kept', () => {
    const old = new Database(':memory:');
    old.pragma('foreign_keys = OFF');
    for (const m of MIGRATIONS.filter((m) => m.version < 23)) old.exec(m.sql);
    const plain = 'p'.repeat(43);
    old.prepare(`INSERT INTO envelope_signers (envelopeSignerId, envelopeId, signingOrder, name, email, token, state, modifiedAt)
      VALUES (7, 1, 1, 'Old Signer', 'old@vendor.example', ?, 'Viewed', 'x')`).run(plain);
    old.exec(SIGNING_LINK_HASH_023);
    const row = old.prepare('SELECT * FROM envelope_signers WHERE envelopeSignerId = 7').get() as Row;
    assert.deepEqual([row.name, row.email, row.state, row.token, row.linkExpiresAt], ['Old Signer', 'old@vendor.example', 'Viewed', 'retired-7', null]);
    assert.equal(old.prepare('SELECT count(*) FROM envelope_signers WHERE token = ? OR token = ?').pluck().get(plain, sha256(plain)), 0);
    old.close();
  });
});

// --- files ----------------------------------------------------------------------------------------

/** A ZIP of stored entries (what an Office Open XML document is). */
function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22); local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0); entry.writeUInt16LE(20, 4); entry.writeUInt16LE(20, 6); entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20); entry.writeUInt32LE(data.length, 24); entry.writeUInt16LE(fileName.length, 28); entry.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    central.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(central.length / 2, 8); end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const DOCX = () => zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** An OLE compound file whose directory names Word's stream (a .doc). */
const DOC = () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504), Buffer.from('WordDocument\u0000', 'utf16le')]);

const file = (bytes: Buffer | string, name: string, type: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });
const fileCount = () => host.db.prepare('SELECT count(*) FROM files').pluck().get() as number;
const upload = (form: Form, login = 'admin') => api.post(login, '/api/pfm/files/upload', { ApplicationRecordKey: 'ChangeEvent', RecordId: 1, ...form });

describe('uploads', () => {
  it('store the type sniffed from the content; an HTML page (as whatever type) and other kinds are refused, nothing written', async () => {
    const stored: Array<[Buffer | string, string, string, string]> = [
      [PNG, 'photo.pdf', 'application/pdf', 'image/png'],
      [PDF, 'scan.txt', 'text/plain', 'application/pdf'],
      [DOCX(), 'letter.docx', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }), 'sheet.xlsx', '', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [DOC(), 'old.doc', 'application/msword', 'application/msword'],
      ['a,b\n1,2\n', 'figures.csv', 'text/csv', 'text/csv'],
      ['From: ada@vendor.example\r\nSubject: Quote\r\n\r\nSee attached.\r\n', 'quote.eml', 'message/rfc822', 'message/rfc822'],
      ['just words, no markup', 'notes.txt', 'text/html', 'text/plain'],
      [Buffer.from('474946383961', 'hex'), 'anim.gif', 'image/gif', 'image/gif'],
    ];
    for (const [bytes, name, claimed, mime] of stored) {
      const answer = await upload({ file: file(bytes, name, claimed) });
      assert.equal(answer.status, 200, `${name}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.data.mime, mime, name);
    }
    const refused: Array<[Buffer | string, string, string]> = [
      ['<!DOCTYPE html><html><body><script>alert(1)</script></body></html>', 'invoice.pdf', 'application/pdf'],
      ['\ufeff  <html><body>hi</body></html>', 'page.txt', 'text/plain'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.png', 'image/png'],
      ['<?xml version="1.0"?><root/>', 'data.csv', 'text/csv'],
      [Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'setup.pdf', 'application/pdf'],
      [zip({ 'readme.txt': 'a plain zip' }), 'archive.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [Buffer.alloc(64), 'blank.pdf', 'application/pdf'],
    ];
    for (const [bytes, name, claimed] of refused) {
      const before = fileCount();
      const answer = await upload({ file: file(bytes, name, claimed) });
      assert.equal(answer.status, 400, name);
      assert.equal(answer.body.feedback?.[0]?.stringValue, 'file', name);
      assert.match(answer.body.message, /not a file type the portal accepts/);
      assert.equal(fileCount(), before, `${name}: nothing written`);
    }
  });

  it('several files in one request (files[i]): all or nothing, at most 10; 25 MB a file and 100 MB in all (413)', async () => {
    const ten: Form = {};
    for (let i = 0; i < 10; i++) ten[`files[${i}]`] = file(`line ${i}\n`, `note-${i}.txt`, 'text/plain');
    const many = await upload(ten);
    assert.equal(many.status, 200, JSON.stringify(many.body));
    assert.deepEqual((many.body.data as Row[]).map((r) => r.name), Array.from({ length: 10 }, (_, i) => `note-${i}.txt`));

    let before = fileCount();
    const mixed = await upload({ 'files[0]': file('fine', 'fine.txt', 'text/plain'), 'files[1]': file('<html></html>', 'bad.pdf', 'application/pdf') });
    assert.equal(mixed.status, 400);
    assert.equal(mixed.body.feedback[0].stringValue, 'files[1]');
    assert.equal(fileCount(), before, 'nothing written when one file is refused');

    const eleven: Form = { ...ten, 'files[10]': file('one too many', 'eleven.txt', 'text/plain') };
    assert.equal((await upload(eleven)).status, 413);

    const mb = (n: number) => Buffer.concat([PDF, Buffer.alloc(n * 1024 * 1024 - PDF.length, 0x20)]);
    const big = await upload({ file: file(mb(24), 'big-but-fine.pdf', 'application/pdf') });
    assert.equal(big.status, 200, 'a 24 MB file is within the 25 MB a file');
    assert.equal((await upload({ file: file(mb(26), 'too-big.pdf', 'application/pdf') })).status, 413);
    before = fileCount();
    const total: Form = {};
    for (let i = 0; i < 5; i++) total[`files[${i}]`] = file(mb(21), `part-${i}.pdf`, 'application/pdf');
    const tooMuch = await upload(total);
    assert.equal(tooMuch.status, 413, '5 × 21 MB is over the 100 MB of a request');
    assert.match(tooMuch.body.message, /100 MB/);
    assert.equal(fileCount(), before);
  });

  it('downloads are attachments with nosniff, served as the stored type (a file stored before the check as octet-stream)', async () => {
    const up = await upload({ file: file(PNG, 'photo.pdf', 'application/pdf') });
    const download = await api.post('admin', '/api/pfm/files/download', { FileId: up.body.data.fileId });
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'image/png');
    assert.match(download.headers.get('content-disposition') ?? '', /^attachment; filename="photo\.pdf"/);
    assert.equal(download.headers.get('x-content-type-options'), 'nosniff');
    assert.match(download.headers.get('cache-control') ?? '', /no-store/);
    const legacy = Number(host.db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedAt, modifiedAt)
      VALUES ('ChangeEvent', 1, 'old "page".html', 'text/html', 13, ?, 'x', 'x')`).run(Buffer.from('<html></html>')).lastInsertRowid);
    const old = await api.post('admin', '/api/pfm/files/download', { FileId: legacy });
    assert.equal(old.headers.get('content-type'), 'application/octet-stream');
    assert.match(old.headers.get('content-disposition') ?? '', /^attachment; filename="old _page_\.html"/);
    assert.equal(old.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('deleting files follows the record’s state', () => {
  const fileOn = (key: string, id: number, name = 'kept.txt') => Number(host.db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, 'text/plain', 1, x'41', 'x', 'x')`).run(key, id, name).lastInsertRowid);
  const remove = (fileId: number) => api.post('admin', '/api/pfm/files', { FileId: fileId }, 'multipart', 'DELETE');
  const idIn = (table: string, idColumn: string, state: string) => one(`SELECT t.${idColumn} AS id, t.number FROM ${table} t
    JOIN application_record_states s USING (applicationRecordStateId) WHERE s.name = ? ORDER BY t.${idColumn} LIMIT 1`, state);

  it('nothing is deleted from an approved SRA, a posted cost adjustment or an approved or posted direct cost: 400 autoAlert naming why', async () => {
    const kept: Array<[string, string, string, string, RegExp]> = [
      ['Sra', 'sras', 'sraId', 'Approved', /is approved: the files of an approved risk assessment can not be deleted/],
      ['CostAdjustment', 'cost_adjustments', 'costAdjustmentId', 'Reconciled', /is posted: the files of a posted cost adjustment can not be deleted/],
      ['DirectCost', 'direct_costs', 'directCostId', 'Approved', /is approved: the files of an approved or posted direct cost/],
      ['DirectCost', 'direct_costs', 'directCostId', 'Posted', /is posted: the files of an approved or posted direct cost/],
    ];
    for (const [key, table, idColumn, state, why] of kept) {
      const record = idIn(table, idColumn, state);
      const fileId = fileOn(key, record.id);
      const refused = await remove(fileId);
      assert.equal(refused.status, 400, `${key} ${state}`);
      assert.equal(refused.body.autoAlert, true);
      assert.equal(refused.body.functionName, 'DeleteFile');
      assert.match(refused.body.message, why);
      assert.ok(refused.body.message.startsWith(record.number), refused.body.message);
      assert.ok(one('SELECT 1 AS x FROM files WHERE fileId = ?', fileId), `${key} ${state}: the file is kept`);
    }
    // The same records in an open state: deleted.
    for (const [key, table, idColumn, state] of [['Sra', 'sras', 'sraId', 'Draft'], ['CostAdjustment', 'cost_adjustments', 'costAdjustmentId', 'Open'],
      ['DirectCost', 'direct_costs', 'directCostId', 'Draft'], ['DirectCost', 'direct_costs', 'directCostId', 'Pending Approval']] as const) {
      const fileId = fileOn(key, idIn(table, idColumn, state).id);
      assert.equal((await remove(fileId)).status, 200, `${key} ${state}`);
      assert.equal(one('SELECT count(*) AS n FROM files WHERE fileId = ?', fileId).n, 0);
    }
  });

  it("a sent or completed envelope's document and signed PDF are kept", async () => {
    const env = await sentEnvelope();
    const sent = await remove(env.documentFileId);
    assert.equal(sent.status, 400);
    assert.match(sent.body.message, new RegExp(`Envelope ${env.number} is 'Sent': the documents of a sent or completed envelope can not be deleted`));
    const [a, b] = links(env.envelopeId) as [string, string];
    await sign(a, { action: 'sign', signedName: 'Ada Vendor', consent: 'yes' });
    await sign(b, { action: 'sign', signedName: 'Ben Builder', consent: 'yes' });
    const done = one('SELECT documentFileId, signedFileId FROM envelopes WHERE envelopeId = ?', env.envelopeId);
    const document = await remove(done.documentFileId);
    assert.equal(document.status, 400);
    assert.match(document.body.message, /is completed/);
    const signed = await remove(done.signedFileId);
    assert.equal(signed.status, 400, 'the signed PDF in the subcontract’s Files');
    assert.match(signed.body.message, new RegExp(`is the signed document of envelope ${env.number}`));
    for (const id of [done.documentFileId, done.signedFileId]) assert.ok(one('SELECT 1 AS x FROM files WHERE fileId = ?', id));
    assert.equal(stateId(host, 'Envelope', 'Signed'), one('SELECT applicationRecordStateId FROM envelopes WHERE envelopeId = ?', env.envelopeId).applicationRecordStateId);
  });
});
