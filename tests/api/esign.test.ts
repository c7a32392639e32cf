/**
 * E-sign envelopes (pfm/esign): create, send (PDF generated, outbox e-mails, record to Pending
 * Signature), the signing pages (view, sign, decline; name, time, IP), completion (signature page
 * appended, signed PDF in the record's Files, record Executed), reminders once a day, void with a
 * reason, expiry after 120 days on an injected clock; role refusals and bad input.
 */
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { checksum, stateId } from './api-client';
import { setClock } from '../../src/core/clock';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();
afterEach(() => setClock(null));

const TABLES = ['envelopes', 'envelope_signers', 'esign_outbox', 'files'];

/** A Draft subcontract that has no envelope yet, within the pm's approval limit (sending asks for it: approvals.ts). */
function draftSubcontract(): Row {
  const row = one(`SELECT t.subcontractId, t.number FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId)
    WHERE s.name = 'Draft' AND NOT EXISTS (SELECT 1 FROM envelopes e WHERE e.recordKey = 'Subcontract' AND e.recordId = t.subcontractId)
      AND (SELECT coalesce(sum(amount), 0) FROM subcontract_items i WHERE i.subcontractId = t.subcontractId) <= 250000
      AND t.projectId IN (SELECT m.projectId FROM project_team_members m JOIN employees e USING (employeeId)
        WHERE e.login = 'pm' AND m.removedAt IS NULL AND m.projectRole <> 'Viewer') ORDER BY t.subcontractId`);
  assert.ok(row, 'a Draft subcontract without an envelope');
  return row;
}

const SIGNERS = { 'signers[0].name': 'Ada Vendor', 'signers[0].email': 'ada@vendor.example', 'signers[1].name': 'Ben Builder', 'signers[1].email': 'ben@summit.example' };

async function envelope(fields: Record<string, string | number> = {}, send = true): Promise<Row> {
  const sub = draftSubcontract();
  const answer = await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'Subcontract', RecordId: sub.subcontractId, ...SIGNERS, Send: send ? 'true' : 'false', ...fields });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { ...answer.body.data, sub };
}

/**
 * Each signer's current link token, from the e-mail that sent it (the outbox): the database keeps only
 * its sha256 (migration 023).
 */
const tokens = (envelopeId: number) => (host.db.prepare(`SELECT o.link FROM esign_outbox o JOIN envelope_signers s USING (envelopeSignerId)
  WHERE o.envelopeId = ? AND o.outboxId = (SELECT max(outboxId) FROM esign_outbox x WHERE x.envelopeSignerId = o.envelopeSignerId AND x.link IS NOT NULL)
  ORDER BY s.signingOrder`).pluck().all(envelopeId) as string[]).map((link) => link.slice('/esign/sign/'.length));
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The signer row of a link token. */
const signerOf = (token: string) => one('SELECT * FROM envelope_signers WHERE token = ?', hashOf(token));
const page = async (token: string, init?: RequestInit) => fetch(`${host.url}/esign/sign/${token}`, { redirect: 'manual', ...init });
const sign = (token: string, form: Record<string, string>) => page(token, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(),
});
const subState = (id: number) => one('SELECT s.name FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId) WHERE subcontractId = ?', id).name;
const envState = (id: number) => one('SELECT s.name FROM envelopes e JOIN application_record_states s USING (applicationRecordStateId) WHERE envelopeId = ?', id).name;

describe('the Envelope record and migration 007', () => {
  it('has the seven states, four of them closed, and an existing database gets them from the migration', () => {
    const states = host.db.prepare("SELECT name, closed FROM application_record_states WHERE applicationRecordKey = 'Envelope' ORDER BY displayOrder").all() as Row[];
    assert.deepEqual(states.map((s) => s.name), ['Draft', 'Sent', 'Viewed', 'Signed', 'Declined', 'Voided', 'Expired']);
    assert.deepEqual(states.filter((s) => s.closed).map((s) => s.name), ['Signed', 'Declined', 'Voided', 'Expired']);
    // A database seeded before 007: the schema of 001-005 with the applications seeded, then 007.
    const old = new Database(':memory:');
    for (const m of MIGRATIONS.filter((m) => m.version < 7)) old.exec(m.sql);
    old.prepare("INSERT INTO applications (applicationKey, name, displayText, modifiedAt) VALUES ('keyPFM', 'PFM', 'PFM', 'x')").run();
    old.exec(MIGRATIONS.find((m) => m.version === 7)!.sql);
    assert.equal(old.prepare("SELECT count(*) FROM application_record_states WHERE applicationRecordKey = 'Envelope'").pluck().get(), 7);
    assert.equal(old.prepare("SELECT count(*) FROM state_advancements a JOIN application_record_states s USING (applicationRecordStateId) WHERE s.applicationRecordKey = 'Envelope'").pluck().get(), 11);
    old.close();
  });
});

describe('access', () => {
  it('refuses non-PFM users on every e-sign call (403), and callers without a token (401)', async () => {
    for (const login of ['employee', 'risk']) {
      assert.equal((await api.get(login, '/api/pfm/getenvelopes')).status, 403);
      assert.equal((await api.get(login, '/api/pfm/getesigndocuments', { recordKey: 'Project', recordId: 1 })).status, 403);
      for (const path of ['/api/pfm/CreateEnvelope', '/api/pfm/SendEnvelope', '/api/pfm/RemindEnvelopeSigner', '/api/pfm/VoidEnvelope']) {
        assert.equal((await api.post(login, path, { EnvelopeId: 1 })).status, 403, `${login} ${path}`);
      }
    }
    assert.equal((await api.get(null, '/api/pfm/getenvelopes')).status, 401);
  });
});

describe('CreateEnvelope and SendEnvelope', () => {
  it("the checksum that proves nothing was written sees one changed byte of a stored file, and a file's name", () => {
    const file = one('SELECT fileId, name, bytes FROM files ORDER BY fileId LIMIT 1');
    assert.ok(file, 'the seed stores files');
    const before = checksum(host, ['files']);
    const bytes = Buffer.from(file.bytes as Buffer);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    host.db.prepare('UPDATE files SET bytes = ? WHERE fileId = ?').run(bytes, file.fileId);
    assert.notEqual(checksum(host, ['files']), before, 'a byte');
    host.db.prepare('UPDATE files SET bytes = ?, name = ? WHERE fileId = ?').run(file.bytes, `${file.name as string}x`, file.fileId);
    assert.notEqual(checksum(host, ['files']), before, 'a name');
    host.db.prepare('UPDATE files SET name = ? WHERE fileId = ?').run(file.name, file.fileId);
    assert.equal(checksum(host, ['files']), before);
  });

  it('bad input: 400 with feedback per signer, nothing written; unknown record 404; wrong kind 400', async () => {
    const sub = draftSubcontract();
    const before = checksum(host, TABLES);
    const bad = await api.post('pm', '/api/pfm/CreateEnvelope', {
      RecordKey: 'Subcontract', RecordId: sub.subcontractId, 'signers[0].name': ' ', 'signers[0].email': 'not-an-email',
      'signers[1].name': 'B', 'signers[1].email': 'b@x.example', 'signers[2].name': 'C', 'signers[2].email': 'B@x.example',
    });
    assert.equal(bad.status, 400);
    const byField = Object.fromEntries((bad.body.data as Row[]).map((f) => [f.stringValue, f.message]));
    assert.equal(byField['signers[0].name'], 'Signer 1: a name is required.');
    assert.equal(byField['signers[0].email'], 'Signer 1: enter a valid e-mail address.');
    assert.equal(byField['signers[2].email'], 'Signer 3: this e-mail address is already a signer.');
    const none = await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'Subcontract', RecordId: sub.subcontractId });
    assert.equal(none.status, 400);
    assert.equal(none.body.data[0].message, 'Add at least one signer.');
    assert.equal((await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'Subcontract', RecordId: 999999, ...SIGNERS })).status, 404);
    assert.equal((await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'OwnerAgreement', RecordId: 1, ...SIGNERS })).status, 400);
    assert.equal((await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'Subcontract', RecordId: 'x', ...SIGNERS })).status, 400);
    const executed = one("SELECT subcontractId, number FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId) WHERE s.name = 'Executed' LIMIT 1");
    const refused = await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'Subcontract', RecordId: executed.subcontractId, ...SIGNERS });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data[0].message, `${executed.number} is 'Executed': it can not be sent for signature.`);
    assert.equal(checksum(host, TABLES), before);
  });

  it('a Draft envelope, then sent: the PDF stored, one outbox e-mail per signer, the subcontract Pending Signature; 409 when stale', async () => {
    const draft = await envelope({}, false);
    assert.equal(draft.recordStateName, 'Draft');
    assert.match(draft.number, /^ENV-\d{5}$/);
    assert.deepEqual(draft.signers.map((s: Row) => [s.name, s.email, s.state]), [['Ada Vendor', 'ada@vendor.example', 'Waiting'], ['Ben Builder', 'ben@summit.example', 'Waiting']]);
    assert.equal(draft.signers[0].token, undefined, 'tokens never leave the server');
    // A second envelope on the same record is refused while this one is in progress.
    const twice = await api.post('pm', '/api/pfm/CreateEnvelope', { RecordKey: 'Subcontract', RecordId: draft.sub.subcontractId, ...SIGNERS });
    assert.equal(twice.status, 400);
    assert.match(twice.body.data[0].message, new RegExp(`already has envelope ${draft.number} in progress`));
    const docs = (await api.get('pm', '/api/pfm/getesigndocuments', { recordKey: 'Project', recordId: 1 })).body.data as Row[];
    assert.ok(!docs.some((d) => d.recordKey === 'Subcontract' && d.recordId === draft.sub.subcontractId));

    const stale = await api.post('pm', '/api/pfm/SendEnvelope', { EnvelopeId: draft.envelopeId, OldRecordStateId: stateId(host, 'Envelope', 'Sent') });
    assert.equal(stale.status, 409);
    const sent = await api.post('pm', '/api/pfm/SendEnvelope', { EnvelopeId: draft.envelopeId, OldRecordStateId: draft.applicationRecordStateId });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.data.recordStateName, 'Sent');
    assert.equal(Date.parse(sent.body.data.expiresAt) - Date.parse(sent.body.data.sentAt), 120 * 86_400_000);
    assert.equal(subState(draft.sub.subcontractId), 'Pending Signature');
    const mails = host.db.prepare('SELECT * FROM esign_outbox WHERE envelopeId = ? ORDER BY outboxId').all(draft.envelopeId) as Row[];
    assert.deepEqual(mails.map((m) => [m.toEmail, m.kind]), [['ada@vendor.example', 'Signing request'], ['ben@summit.example', 'Signing request']]);
    assert.match(mails[0]!.link, /^\/esign\/sign\/[A-Za-z0-9_-]{43}$/);
    // The database keeps the link's hash only, never the token.
    const [first] = tokens(draft.envelopeId) as [string];
    assert.equal(signerOf(first).email, 'ada@vendor.example');
    assert.equal(host.db.prepare('SELECT count(*) FROM envelope_signers WHERE token = ?').pluck().get(first), 0);
    // The PDF downloads through the blob call with the server's filename.
    const download = await api.post('pm', '/api/pfm/files/download', { FileId: sent.body.data.documentFileId });
    assert.equal(download.status, 200);
    assert.match(download.headers.get('content-disposition')!, new RegExp(`attachment; filename="Subcontract ${draft.sub.number}\\.pdf"`));
    assert.equal(download.bytes.subarray(0, 5).toString(), '%PDF-');
    // Sending twice: 409 (stale Draft) — the envelope is Sent now.
    assert.equal((await api.post('pm', '/api/pfm/SendEnvelope', { EnvelopeId: draft.envelopeId, OldRecordStateId: draft.applicationRecordStateId })).status, 409);
  });
});

describe('signing', () => {
  it('two signers: viewed, signed with name, time and IP; then the signature page, the signed PDF in Files and the subcontract Executed', async () => {
    const env = await envelope();
    const [a, b] = tokens(env.envelopeId) as [string, string];
    const view = await page(a);
    assert.equal(view.status, 200);
    assert.match(view.headers.get('content-security-policy')!, /script-src 'self'/);
    const text = await view.text();
    assert.ok(!/<script/i.test(text) && !/style=/i.test(text), 'no inline script or style');
    assert.equal(envState(env.envelopeId), 'Viewed');
    assert.equal(signerOf(a).state, 'Viewed');

    const refused = await sign(a, { action: 'sign', signedName: 'Ada Vendor' });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /Tick the box to agree/);
    // The outcome is answered to the form itself: the link is used from then on.
    const signedPage = await sign(a, { action: 'sign', signedName: '<b>Ada</b> Vendor', consent: 'yes' });
    assert.equal(signedPage.status, 200);
    const after = await signedPage.text();
    assert.match(after, /data-signing-state="signed"/);
    assert.ok(after.includes('&lt;b&gt;Ada&lt;/b&gt; Vendor') && !after.includes('<b>Ada'), 'user text escaped');
    const signedA = signerOf(a);
    assert.equal(signedA.state, 'Signed');
    assert.equal(signedA.signedName, '<b>Ada</b> Vendor');
    assert.match(signedA.ipAddress, /^(127\.0\.0\.1|::1)$/);
    assert.ok(signedA.signedAt);
    assert.equal(subState(env.sub.subcontractId), 'Pending Signature');

    const lastSigned = await sign(b, { action: 'sign', signedName: 'Ben Builder', consent: 'yes' });
    assert.equal(lastSigned.status, 200);
    assert.match(await lastSigned.text(), /Every signer has signed/);
    assert.equal(envState(env.envelopeId), 'Signed');
    assert.equal(subState(env.sub.subcontractId), 'Executed');
    const stored = one('SELECT * FROM envelopes WHERE envelopeId = ?', env.envelopeId);
    const file = one('SELECT * FROM files WHERE fileId = ?', stored.signedFileId);
    assert.deepEqual([file.applicationRecordKey, file.recordId], ['Subcontract', env.sub.subcontractId]);
    const pdf = await getDocument({ data: new Uint8Array(file.bytes) }).promise;
    assert.equal(pdf.numPages, 2);
    const last = (await (await pdf.getPage(2)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    for (const part of ['Signature page', 'Ben Builder', 'ben@summit.example', 'Signed by: <b>Ada</b> Vendor', 'IP address:', env.sub.number]) {
      assert.ok(last.includes(part), `signature page has ${part}: ${last}`);
    }
    // The record's Files list it; the list load shows the envelope Closed (Signed) with both signers Signed.
    const files = (await api.get('pm', '/api/pfm/files', { recordKey: 'Subcontract', recordId: env.sub.subcontractId })).body.data as Row[];
    assert.ok(files.some((f) => f.fileId === stored.signedFileId && f.name.endsWith('(signed).pdf')));
    const closed = (await api.get('pm', '/api/pfm/getenvelopes', { recordKey: 'Envelope', recordId: env.envelopeId, open: 'false' })).body.data as Row[];
    assert.deepEqual(closed[0]!.signers.map((s: Row) => s.state), ['Signed', 'Signed']);
    // A signed signer's link no longer works: it signs nothing again and shows nothing of the envelope.
    assert.equal((await sign(a, { action: 'sign', signedName: 'Again', consent: 'yes' })).status, 410);
    assert.equal((await page(a)).status, 410);
  });

  it('decline needs a reason; a declined envelope is Declined and the other link stops working', async () => {
    const env = await envelope();
    const [a, b] = tokens(env.envelopeId) as [string, string];
    assert.equal((await sign(a, { action: 'decline', signedName: 'Ada Vendor', reason: ' ' })).status, 400);
    assert.equal((await sign(a, { action: 'decline', signedName: 'Ada Vendor', reason: 'Scope is wrong' })).status, 200);
    assert.equal(envState(env.envelopeId), 'Declined');
    const signer = signerOf(a);
    assert.deepEqual([signer.state, signer.declineReason, signer.signedName], ['Declined', 'Scope is wrong', 'Ada Vendor']);
    assert.equal((await page(b)).status, 410);
    assert.equal((await sign(b, { action: 'sign', signedName: 'Ben', consent: 'yes' })).status, 410);
    assert.equal(signerOf(b).state, 'Sent');
    assert.equal(subState(env.sub.subcontractId), 'Pending Signature');
  });

  it('unknown tokens 404; the outbox page lists the links (to a keyAdmin Admin: tests/api/files-and-signing.test.ts)', async () => {
    assert.equal((await page('x'.repeat(43))).status, 404);
    assert.equal((await page('short-token')).status, 404);
    const outbox = await (await fetch(`${host.url}/esign/outbox`, { headers: { authorization: `Bearer ${await host.tokenFor('admin')}` } })).text();
    assert.match(outbox, /href="\/esign\/sign\/[A-Za-z0-9_-]{43}"/);
  });
});

describe('reminders, void and expiry', () => {
  it('a reminder at most once a day per signer: the second is a 400 autoAlert naming when the next is allowed', async () => {
    const env = await envelope();
    const start = Date.parse('2031-03-01T09:00:00Z');
    setClock(() => start);
    const signer = env.signers[0].envelopeSignerId;
    const first = await api.post('pm', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: env.envelopeId, EnvelopeSignerId: signer });
    // The envelope was sent on the real clock: 2031 is past its 120 days, so it expired.
    assert.equal(first.status, 400);
    assert.equal(envState(env.envelopeId), 'Expired');
    // Back to today: the next envelope is sent now (in 2031 the vendor's prequalification has long expired).
    setClock(null);
    const fresh = await envelope();
    const id = fresh.signers[1].envelopeSignerId;
    const now = Date.now();
    setClock(() => now);
    assert.equal((await api.post('pm', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: fresh.envelopeId, EnvelopeSignerId: id })).status, 200);
    assert.equal(host.db.prepare("SELECT count(*) FROM esign_outbox WHERE envelopeSignerId = ? AND kind = 'Reminder'").pluck().get(id), 1);
    setClock(() => now + 23 * 3_600_000);
    const second = await api.post('pm', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: fresh.envelopeId, EnvelopeSignerId: id });
    assert.equal(second.status, 400);
    assert.equal(second.body.autoAlert, true);
    assert.equal(second.body.functionName, 'RemindEnvelopeSigner');
    assert.equal(second.body.nextReminderAt, new Date(now + 24 * 3_600_000).toISOString());
    assert.match(second.body.message, /One reminder a day: the next is allowed from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // The other signer may still be reminded; after 24 hours this one again.
    assert.equal((await api.post('pm', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: fresh.envelopeId, EnvelopeSignerId: fresh.signers[0].envelopeSignerId })).status, 200);
    setClock(() => now + 24 * 3_600_000);
    assert.equal((await api.post('pm', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: fresh.envelopeId, EnvelopeSignerId: id })).status, 200);
    assert.equal((await api.post('pm', '/api/pfm/RemindEnvelopeSigner', { EnvelopeId: fresh.envelopeId, EnvelopeSignerId: 999999 })).status, 404);
  });

  it('void needs a reason (400), refuses a stale state (409); a voided envelope’s links stop working', async () => {
    const env = await envelope();
    const [a] = tokens(env.envelopeId) as [string];
    const before = checksum(host, TABLES);
    const noReason = await api.post('pm', '/api/pfm/VoidEnvelope', { EnvelopeId: env.envelopeId, OldRecordStateId: env.applicationRecordStateId, Reason: '  ' });
    assert.equal(noReason.status, 400);
    assert.equal(noReason.body.data[0].message, 'A reason is required to void an envelope.');
    assert.equal(checksum(host, TABLES), before);
    const stale = await api.post('pm', '/api/pfm/VoidEnvelope', { EnvelopeId: env.envelopeId, OldRecordStateId: stateId(host, 'Envelope', 'Draft'), Reason: 'Wrong vendor' });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateName, 'Sent');
    const voided = await api.post('pm', '/api/pfm/VoidEnvelope', { EnvelopeId: env.envelopeId, OldRecordStateId: env.applicationRecordStateId, Reason: 'Wrong vendor' });
    assert.equal(voided.status, 200);
    assert.deepEqual([voided.body.data.recordStateName, voided.body.data.voidReason], ['Voided', 'Wrong vendor']);
    const shown = await page(a);
    assert.equal(shown.status, 410);
    assert.match(await shown.text(), /This envelope was voided.*Wrong vendor/s);
    assert.equal((await sign(a, { action: 'sign', signedName: 'Ada', consent: 'yes' })).status, 410);
    assert.equal(signerOf(a).state, 'Sent');
    assert.equal((await fetch(`${host.url}/esign/sign/${a}/document.pdf`)).status, 410);
    // Voiding again: not an advancement of Voided (400 autoAlert).
    const again = await api.post('pm', '/api/pfm/VoidEnvelope', { EnvelopeId: env.envelopeId, OldRecordStateId: voided.body.data.applicationRecordStateId, Reason: 'x' });
    assert.equal(again.status, 400);
    assert.equal(again.body.autoAlert, true);
  });

  it('expires 120 days after sending: Expired on read, and an expired envelope can not be signed', async () => {
    const env = await envelope();
    const [a] = tokens(env.envelopeId) as [string];
    const sentAt = Date.parse(env.sentAt);
    setClock(() => sentAt + 120 * 86_400_000 - 60_000);
    let rows = (await api.get('pm', '/api/pfm/getenvelopes', { recordKey: 'Envelope', recordId: env.envelopeId })).body.data as Row[];
    assert.equal(rows[0]!.recordStateName, 'Sent', 'one minute before the 120 days it is still out');
    setClock(() => sentAt + 120 * 86_400_000);
    const shown = await page(a);
    assert.equal(shown.status, 410);
    assert.match(await shown.text(), /This envelope expired/);
    assert.equal((await sign(a, { action: 'sign', signedName: 'Ada', consent: 'yes' })).status, 410);
    rows = (await api.get('pm', '/api/pfm/getenvelopes', { recordKey: 'Envelope', recordId: env.envelopeId, open: 'false' })).body.data as Row[];
    assert.equal(rows[0]!.recordStateName, 'Expired');
    assert.equal(rows[0]!.closed, true);
  });
});

describe('history of envelopes (db/history.ts)', () => {
  it('sending is recorded with the sender, and neither the history nor its items carry a signing token', async () => {
    const env = await envelope();
    const pmId = one("SELECT employeeId FROM employees WHERE login = 'pm'").employeeId;
    const rows = host.db.prepare("SELECT * FROM record_history WHERE recordKey = 'Envelope' AND recordId = ?").all(env.envelopeId) as Row[];
    assert.ok(rows.some((r) => r.childKey === 'EnvelopeSigner' && r.action === 'insert' && r.changedByEmployeeId === pmId), 'signer inserts recorded');
    assert.ok(rows.some((r) => r.field === 'applicationRecordStateId' && r.changedByEmployeeId === pmId), 'the send recorded');
    const loaded = await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'Envelope', recordId: env.envelopeId });
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    const text = JSON.stringify(loaded.body);
    assert.equal((loaded.body.data.items as Row[]).filter((i) => i.itemKey === 'EnvelopeSigner').length, 2);
    for (const token of tokens(env.envelopeId)) assert.ok(!text.includes(token), 'a signing token leaked into the history answer');
    assert.ok(!rows.some((r) => r.field === 'token'));
  });
});

describe('history written on the signing page', () => {
  it('viewing, signing and the execution it completes are recorded as the signer (migration 010: changedByName)', async () => {
    const env = await envelope();
    const [a, b] = tokens(env.envelopeId) as [string, string];
    await page(a);
    assert.equal((await sign(a, { action: 'sign', signedName: 'Ada Vendor', consent: 'yes' })).status, 200);
    assert.equal((await sign(b, { action: 'sign', signedName: 'Ben Builder', consent: 'yes' })).status, 200);
    assert.equal(subState(env.sub.subcontractId), 'Executed');
    const viewed = host.db.prepare("SELECT * FROM record_history WHERE recordKey = 'Envelope' AND recordId = ? AND childKey = 'EnvelopeSigner' AND field = 'state' AND newValue = 'Viewed'").get(env.envelopeId) as Row;
    assert.equal(viewed.changedByName, 'Ada Vendor (signer, ada@vendor.example)');
    assert.equal(viewed.changedByEmployeeId, null);
    const executed = host.db.prepare("SELECT * FROM record_history WHERE recordKey = 'Subcontract' AND recordId = ? AND field = 'applicationRecordStateId' ORDER BY recordHistoryId DESC").get(env.sub.subcontractId) as Row;
    assert.equal(executed.changedByName, 'Ben Builder (signer, ben@summit.example)');
    const loaded = await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'Subcontract', recordId: env.sub.subcontractId });
    assert.ok((loaded.body.data.history as Row[]).some((h) => h.changedBy === 'Ben Builder (signer, ben@summit.example)'));
  });
});
