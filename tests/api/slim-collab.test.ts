/**
 * Working a SLIM request together on the demo host (issue 14): (re)assignment tells the old and the
 * new assignee through the bell, comments editable for 15 minutes (risk clock pinned) and notifying
 * the other party, the bell's waiting requests, notifications marked read by the workbench's POST (never by
 * the load), the overview (counts,
 * past due, average days per step, access) and the renewal draft with what changed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API } from '../../src/core/risk/contract';
import { SLIM_STATE_ORDER, SLIM_TEXT } from '../../src/core/risk';
import { setClock } from '../../src/core/clock';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const START = Date.parse('2026-11-01T18:00:00Z');
let now = START;
const { host, api, one } = useTestHost({ clock: () => setClock(() => now) });

const BELL = '/api/common/GetOpenItemsByEmployee';
const S = (name: string) => stateId(host, 'SlimRequest', name);
const MARIA = 37;
async function ok(answer: Promise<{ status: number; body: Row }>): Promise<Row> {
  const a = await answer;
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return a.body.data;
}
async function newRequest(login = 'pm'): Promise<number> {
  const vendorId = one("SELECT vendorId FROM vendor_prequalifications WHERE status = 'Prequalified' ORDER BY vendorId LIMIT 1").vendorId;
  return (await ok(api.post(login, RISK_API.createSlimRequest, { type: 'New Prequalification', vendorId, justification: 'New sub.' }))).request.requestId;
}
const bell = async (login: string) => (await ok(api.get(login, BELL))).openWorkflows as Row[];

describe('assignment', () => {
  it('lists the Prequal Administrators; assigns a Submitted request (In Review) and reassigns it, telling the old and the new assignee', async () => {
    const people = (await ok(api.get('pm', RISK_API.getSlimAssignees))) as Row[];
    assert.deepEqual(people.map((p) => p.employeeId).sort((a, b) => a - b), [4, MARIA]);
    const id = await newRequest();
    let answer = await ok(api.post('admin', RISK_API.assignSlimRequests, { 'items[0].ItemId': id, assigneeEmployeeId: 4 }));
    assert.deepEqual(answer, { done: [id], refused: [] });
    const row = one('SELECT * FROM slim_requests WHERE requestId = ?', id);
    assert.equal(row.assignedToEmployeeId, 4);
    assert.equal(row.applicationRecordStateId, S('In Review'));
    answer = await ok(api.post('admin', RISK_API.assignSlimRequests, { 'items[0].ItemId': id, assigneeEmployeeId: MARIA, note: 'Priya is out.' }));
    assert.deepEqual(answer.done, [id]);
    const notes = host.db.prepare("SELECT employeeId, kind, message FROM risk_notifications WHERE recordId = ? AND kind = 'Reassigned' ORDER BY notificationId").all(id) as Row[];
    assert.deepEqual(notes.map((n) => n.employeeId), [4, MARIA, 4]);
    assert.match(notes[2]!.message, /reassigned from you to Maria Mitchell by Dana Whitfield/);
    // The bell shows them (Priya: both notes; the request no longer waits for her).
    const number = row.number;
    const items = (await bell('risk')).filter((w) => w.documentNumber === number);
    assert.deepEqual(items.map((w) => w.phaseName), ['Reassigned', 'Reassigned']);
    assert.ok(items.every((w) => w.workflowInstanceId < -3_000_000 && w.directLink === `/sr/slimqueue?workbench=SlimRequest&recordKey=SlimRequest&recordId=${id}`));
    // Loading the request writes nothing: her notifications stay unread until the workbench marks them read.
    await ok(api.get('risk', RISK_API.getSlimRequest, { recordId: id }));
    assert.equal((await bell('risk')).filter((w) => w.documentNumber === number).length, 2);
    assert.deepEqual(await ok(api.post('risk', RISK_API.markSlimNotificationsRead, { recordId: id })), { marked: 2 });
    assert.equal((await bell('risk')).filter((w) => w.documentNumber === number).length, 0);
    assert.equal(one("SELECT count(*) AS n FROM slim_request_events WHERE requestId = ? AND kind = 'assign'", id).n, 2);
  });

  it('refuses a caller who is no Prequal Administrator (403), an assignee who is not one (400) and the requester as assignee (per item)', async () => {
    const id = await newRequest('risk');
    const before = checksum(host, ['slim_requests', 'slim_request_events', 'risk_notifications']);
    for (const login of ['pm', 'reviewer', 'rpm']) assert.equal((await api.post(login, RISK_API.assignSlimRequests, { 'items[0].ItemId': id, assigneeEmployeeId: MARIA })).status, 403, login);
    const notAdmin = await api.post('admin', RISK_API.assignSlimRequests, { 'items[0].ItemId': id, assigneeEmployeeId: 5 });
    assert.equal(notAdmin.status, 400);
    assert.equal(notAdmin.body.fieldName, 'assigneeEmployeeId');
    const own = await ok(api.post('admin', RISK_API.assignSlimRequests, { 'items[0].ItemId': id, 'items[1].ItemId': 999999, assigneeEmployeeId: 4 }));
    assert.deepEqual(own.done, []);
    assert.deepEqual(own.refused.map((r: Row) => r.itemId), [id, 999999]);
    assert.match(own.refused[0].message, /nobody reviews a request they raised/);
    assert.equal(checksum(host, ['slim_requests', 'slim_request_events', 'risk_notifications']), before);
    assert.equal((await api.post('admin', RISK_API.assignSlimRequests, { assigneeEmployeeId: 4 })).status, 400);
    assert.equal((await api.post('admin', RISK_API.assignSlimRequests, { 'items[0].ItemId': 'x', assigneeEmployeeId: 4 })).status, 400);
  });
});

describe('markslimnotificationsread', () => {
  it("marks only the caller's notifications of that request read; another user's and other requests' stay unread", async () => {
    const id = await newRequest();
    const other = await newRequest();
    // Unassigned: pm's comments notify both Prequal Administrators (risk and Maria), on both requests.
    await ok(api.post('pm', RISK_API.saveSlimComment, { recordId: id, body: 'First.' }));
    await ok(api.post('pm', RISK_API.saveSlimComment, { recordId: other, body: 'Second.' }));
    const unread = (employeeId: number, recordId: number) =>
      one("SELECT count(*) AS n FROM risk_notifications WHERE employeeId = ? AND recordKey = 'SlimRequest' AND recordId = ? AND readAt IS NULL", employeeId, recordId).n as number;
    const risk = one("SELECT employeeId FROM employees WHERE login = 'risk'").employeeId as number;
    assert.deepEqual([unread(risk, id), unread(MARIA, id), unread(risk, other)], [1, 1, 1]);
    assert.deepEqual(await ok(api.post('risk', RISK_API.markSlimNotificationsRead, { recordId: id })), { marked: 1 });
    assert.deepEqual([unread(risk, id), unread(MARIA, id), unread(risk, other)], [0, 1, 1]);
    assert.deepEqual(await ok(api.post('risk', RISK_API.markSlimNotificationsRead, { recordId: id })), { marked: 0 }, 'again: nothing left');
  });

  it('refuses a request the caller may not see (403), an unknown one (404), a GET (404) and bad input (400), writing nothing', async () => {
    const id = await newRequest('risk');
    const before = checksum(host, ['risk_notifications']);
    assert.equal((await api.post('pm', RISK_API.markSlimNotificationsRead, { recordId: id })).status, 403, "another's request");
    assert.equal((await api.post('employee', RISK_API.markSlimNotificationsRead, { recordId: id })).status, 403, 'no keySLIM role');
    assert.equal((await api.post('admin', RISK_API.markSlimNotificationsRead, { recordId: 999999 })).status, 404);
    assert.equal((await api.get('risk', RISK_API.markSlimNotificationsRead, { recordId: id })).status, 404);
    assert.equal((await api.post('risk', RISK_API.markSlimNotificationsRead, {})).status, 400);
    assert.equal((await api.post('risk', RISK_API.markSlimNotificationsRead, { recordId: 'x' })).status, 400);
    assert.equal(checksum(host, ['risk_notifications']), before);
  });
});

describe('comments', () => {
  it('a comment notifies the other party; its author edits it within 15 minutes, not after; another may not', async () => {
    now = START;
    const id = await newRequest();
    // Unassigned: the requester's comment goes to every Prequal Administrator.
    const first = await ok(api.post('pm', RISK_API.saveSlimComment, { recordId: id, body: 'Can you look at this today?' }));
    assert.equal(first.editable, true);
    assert.deepEqual((host.db.prepare("SELECT employeeId FROM risk_notifications WHERE recordId = ? AND kind = 'Comment' ORDER BY employeeId").all(id) as Row[]).map((r) => r.employeeId), [4, MARIA]);
    // The assignee's answer goes to the requester, shown in the bell.
    await ok(api.post('admin', RISK_API.assignSlimRequests, { 'items[0].ItemId': id, assigneeEmployeeId: 4 }));
    await ok(api.post('risk', RISK_API.saveSlimComment, { recordId: id, body: '<b>Yes</b>, this afternoon.' }));
    assert.ok((await bell('pm')).some((w) => w.phaseName === 'Comment' && w.workflowTrigger === `Priya Natarajan commented on ${one('SELECT number FROM slim_requests WHERE requestId = ?', id).number}: <b>Yes</b>, this afternoon.`));
    now = START + 15 * 60_000;
    const edited = await ok(api.post('pm', RISK_API.saveSlimComment, { commentId: first.commentId, body: 'Can you look at this tomorrow?' }));
    assert.equal(edited.body, 'Can you look at this tomorrow?');
    assert.ok(edited.editedAt);
    assert.equal((await api.post('risk', RISK_API.saveSlimComment, { commentId: first.commentId, body: 'mine now' })).status, 403);
    now = START + 15 * 60_000 + 1000;
    const late = await api.post('pm', RISK_API.saveSlimComment, { commentId: first.commentId, body: 'Too late' });
    assert.equal(late.status, 400);
    assert.equal(late.body.message, SLIM_TEXT.editWindow);
    const list = (await ok(api.get('pm', RISK_API.getSlimComments, { recordId: id }))) as Row[];
    assert.deepEqual(list.map((c) => [c.body, c.editable]), [['Can you look at this tomorrow?', false], ['<b>Yes</b>, this afternoon.', false]]);
    // Bad input and strangers.
    for (const form of [{ recordId: id, body: '  ' }, { recordId: id, body: 'x'.repeat(4001) }] as Form[]) {
      const answer = await api.post('pm', RISK_API.saveSlimComment, form);
      assert.equal(answer.status, 400);
      assert.equal(answer.body.fieldName, 'body');
    }
    assert.equal((await api.post('pm', RISK_API.saveSlimComment, { body: 'x' })).status, 400);
    assert.equal((await api.post('pm', RISK_API.saveSlimComment, { commentId: 999999, body: 'x' })).status, 404);
    const foreign = one('SELECT requestId FROM slim_requests WHERE requestedByEmployeeId <> 2 AND coalesce(assignedToEmployeeId, 0) <> 2 LIMIT 1').requestId;
    assert.equal((await api.get('pm', RISK_API.getSlimComments, { recordId: foreign })).status, 403);
    assert.equal((await api.post('pm', RISK_API.saveSlimComment, { recordId: foreign, body: 'x' })).status, 403);
    assert.equal((await api.get('viewer', RISK_API.getSlimComments, { recordId: id })).status, 403);
    now = START;
  });
});

describe('the bell', () => {
  it('lists the requests waiting for each demo account, with same-origin links', async () => {
    const waiting = async (login: string) => (await bell(login)).filter((w) => w.applicationRecordKey === 'SlimRequest' && w.workflowInstanceId > -2_000_000 && w.workflowInstanceId < -1_000_000);
    const risk = await waiting('risk');
    assert.ok(risk.some((w) => w.phaseName === 'Submitted') && risk.some((w) => w.phaseName === 'In Review'));
    assert.ok((await waiting('reviewer')).every((w) => w.phaseName === 'Escalated'));
    assert.ok((await waiting('rpm')).length > 0);
    const pm = await waiting('pm');
    assert.ok(pm.some((w) => w.phaseName === 'On Hold – Missing Data' && /^SLIM-\d{4}$/.test(w.documentNumber) && w.workflowTrigger.startsWith('SLIM ')));
    assert.ok(pm.every((w) => w.directLink.startsWith('/sr/slimqueue?') && !w.directLink.startsWith('//')));
    assert.equal((await waiting('employee')).length, 0);
  });
});

describe('overview and renewal draft', () => {
  it('counts by state and assignee, lists past due, averages days per step; refused to a Default user', async () => {
    const o = await ok(api.get('reviewer', RISK_API.getSlimOverview));
    assert.deepEqual(o.byState.map((s: Row) => s.state), SLIM_STATE_ORDER);
    for (const s of o.byState) assert.equal(s.count, one('SELECT count(*) AS n FROM slim_requests WHERE applicationRecordStateId = ?', S(s.state)).n, s.state);
    assert.equal(o.openCount, one('SELECT count(*) AS n FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE st.closed = 0').n);
    assert.equal(o.byAssignee.reduce((n: number, a: Row) => n + a.open, 0), o.openCount);
    assert.ok(o.pastDue.length > 0 && o.pastDue.every((r: Row) => r.dueDate < '2026-11-01'));
    const review = o.averageDaysPerStep.find((s: Row) => s.state === 'In Review');
    assert.ok(review.steps > 5 && review.averageDays > 0, JSON.stringify(o.averageDaysPerStep));
    for (const login of ['risk', 'rpm', 'admin']) assert.equal((await api.get(login, RISK_API.getSlimOverview)).status, 200, login);
    const refused = await api.get('pm', RISK_API.getSlimOverview);
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /overview/);
  });

  it('pre-fills a renewal from the last approved request and names what changed', async () => {
    const base = one('SELECT b.requestId, b.vendorId, b.number FROM slim_requests r JOIN slim_requests b ON b.requestId = r.basedOnRequestId LIMIT 1');
    const draft = await ok(api.get('pm', RISK_API.getSlimRenewalDraft, { vendorId: base.vendorId }));
    assert.equal(draft.basedOn.requestId, base.requestId);
    assert.equal(draft.draft.type, 'Renewal');
    assert.ok(draft.draft.justification.startsWith(`Renewal of ${base.number}`));
    // The statement figures are confidential to the risk roles: a risk user sees that they changed, the pm does not.
    const whole = await ok(api.get('risk', RISK_API.getSlimRenewalDraft, { vendorId: base.vendorId }));
    assert.ok(whole.changes.some((c: Row) => c.field === 'statementYear' && c.before !== c.after), JSON.stringify(whole.changes));
    assert.ok(!draft.changes.some((c: Row) => c.field === 'statementYear'), JSON.stringify(draft.changes));
    const none = await ok(api.get('pm', RISK_API.getSlimRenewalDraft, { vendorId: one("SELECT v.vendorId FROM vendors v WHERE NOT EXISTS (SELECT 1 FROM slim_requests r WHERE r.vendorId = v.vendorId) LIMIT 1").vendorId }));
    assert.equal(none.basedOn, null);
    assert.deepEqual(none.changes, []);
    assert.equal((await api.get('pm', RISK_API.getSlimRenewalDraft, { vendorId: 999999 })).status, 400);
    // A renewal raised from the draft is based on it and compares with its snapshot.
    const created = await ok(api.post('pm', RISK_API.createSlimRequest, { type: 'Renewal', vendorId: base.vendorId, justification: draft.draft.justification }));
    assert.equal(created.request.basedOnRequestId, base.requestId);
    assert.deepEqual(created.changes, draft.changes);
  });
});

describe('files of a request', () => {
  it('keySLIM users use Files for the requests they may see, keyRISK users for SRAs, never PFM records without keyPFM', async () => {
    const id = await newRequest('pm');
    const file = () => new Blob(['EMR letter'], { type: 'text/plain' });
    const up = await ok(api.post('pm', '/api/pfm/files/upload', { ApplicationRecordKey: 'SlimRequest', RecordId: id, file: file() }));
    assert.equal(up.applicationRecordKey, 'SlimRequest');
    const upRisk = await ok(api.post('risk', '/api/pfm/files/upload', { ApplicationRecordKey: 'SlimRequest', RecordId: id, file: file() }));
    assert.equal(((await ok(api.get('reviewer', '/api/pfm/files', { recordKey: 'SlimRequest', recordId: id }))) as Row[]).length, 2);
    assert.equal((await ok(api.get('risk', RISK_API.getSlimRequest, { recordId: id }))).fileCount, 2);
    const download = await api.post('risk', '/api/pfm/files/download', { FileId: up.fileId });
    assert.equal(download.status, 200);
    assert.equal(download.bytes.toString(), 'EMR letter');
    // Another's request: a Default user may not see its files.
    const foreign = one('SELECT requestId FROM slim_requests WHERE requestedByEmployeeId <> 2 AND coalesce(assignedToEmployeeId, 0) <> 2 LIMIT 1').requestId;
    assert.equal((await api.get('pm', '/api/pfm/files', { recordKey: 'SlimRequest', recordId: foreign })).status, 403);
    // PFM records stay closed to risk and reviewer (no keyPFM).
    const pfmFile = one("SELECT fileId, applicationRecordKey, recordId FROM files WHERE applicationRecordKey = 'ChangeEvent' LIMIT 1");
    for (const login of ['risk', 'reviewer']) {
      assert.equal((await api.get(login, '/api/pfm/files', { recordKey: 'ChangeEvent', recordId: pfmFile.recordId })).status, 403, login);
      assert.equal((await api.post(login, '/api/pfm/files/download', { FileId: pfmFile.fileId })).status, 403, login);
      assert.equal((await api.post(login, '/api/pfm/files', { FileId: pfmFile.fileId }, 'multipart', 'DELETE')).status, 403, login);
      assert.equal((await api.post(login, '/api/pfm/files/upload', { ApplicationRecordKey: 'ChangeEvent', RecordId: pfmFile.recordId, file: file() })).status, 403, login);
    }
    assert.equal(one('SELECT count(*) AS n FROM files WHERE fileId = ?', pfmFile.fileId).n, 1);
    assert.equal((await api.post('risk', '/api/pfm/files', { FileId: upRisk.fileId }, 'multipart', 'DELETE')).status, 200);
    assert.equal((await api.get('viewer', '/api/pfm/files', { recordKey: 'SlimRequest', recordId: id })).status, 403);
    // SRA files: keyRISK users (an SRA row written here; the SRA calls are another part's).
    const sraId = Number(host.db.prepare(`INSERT INTO sras (number, projectId, vendorId, amount, level, applicationRecordStateId, createdByEmployeeId, createdAt, displayText, modifiedAt)
      VALUES ('SRA-T1', 1, 1, 1000, 'Low', ?, 2, 't', 'SRA-T1', 't')`).run(stateId(host, 'Sra', 'Draft')).lastInsertRowid);
    await ok(api.post('risk', '/api/pfm/files/upload', { ApplicationRecordKey: 'Sra', RecordId: sraId, file: file() }));
    assert.equal(((await ok(api.get('reviewer', '/api/pfm/files', { recordKey: 'Sra', recordId: sraId }))) as Row[]).length, 1);
    assert.equal((await api.get('risk', '/api/pfm/files', { recordKey: 'Sra', recordId: 999999 })).status, 404);
  });
});
