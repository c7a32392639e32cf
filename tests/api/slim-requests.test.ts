/**
 * The SLIM request calls on the demo host (issue 14): the seed's queues per demo account, one request's
 * load, a new request's validation, the workflow from raise to approval with the vendor's limits
 * written, each role that may not act refused (403) per step, nobody reviews their own request (even
 * Admin), escalation at $5,000,000 vs $5,000,000.01 and EMR 1.25, denial needs a reason, a stale move
 * refused (409) writing nothing, viewer 403 and bad input 4xx.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API } from '../../src/core/risk/contract';
import { SLIM_STATE_ORDER, SLIM_TEXT, slimAgeDays, slimDueDate } from '../../src/core/risk';
import { suggestLimits } from '../../src/core/risk/limits';
import { setClock } from '../../src/core/clock';
import { openTestDatabase } from './support/seed-day';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const now = Date.parse('2026-11-01T18:00:00Z');
const { host, api, one, all } = useTestHost({ clock: () => setClock(() => now) });

const S = (name: string) => stateId(host, 'SlimRequest', name);
const TABLES = ['slim_requests', 'slim_request_events', 'vendor_prequalifications', 'risk_notifications'];
const request = (id: number) => one('SELECT r.*, st.name AS state FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE requestId = ?', id);

/** A Prequalified vendor with statements, EMR below 1.25, limits in force. */
function qualifiedVendor(skip = 0): number {
  return one(`SELECT q.vendorId FROM vendor_prequalifications q WHERE q.status = 'Prequalified' AND q.limitExpiresOn > '2026-12-31'
    AND EXISTS (SELECT 1 FROM vendor_financials f WHERE f.vendorId = q.vendorId)
    AND (SELECT s.emr FROM vendor_safety s WHERE s.vendorId = q.vendorId ORDER BY year DESC LIMIT 1) < 1.0
    ORDER BY q.vendorId LIMIT 1 OFFSET ?`, skip).vendorId as number;
}
const projectIn = (region: number) => one('SELECT projectId FROM projects WHERE regionId = ? AND active = 1 ORDER BY projectId LIMIT 1', region).projectId as number;

async function create(login: string, form: Form): Promise<number> {
  const answer = await api.post(login, RISK_API.createSlimRequest, form);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data.request.requestId as number;
}
// From 1: vendor 0 is the new-request tests' (qualifiedVendor()); its open requests would block an approval of another request of it.
let vendorSkip = 1;
const limitIncrease = (login: string, amount: number, region = 1) =>
  create(login, { type: 'Limit Increase', vendorId: qualifiedVendor(vendorSkip++), projectId: projectIn(region), requestedAmount: amount, justification: 'Low bidder.' });
const move = (login: string, id: number, to: string, note?: string, extra: Form = {}) =>
  api.post(login, RISK_API.updateSlimRequestState, { ItemId: id, OldRecordStateId: request(id).applicationRecordStateId, RouteStateId: S(to), ...(note ? { note } : {}), ...extra });
async function ok(answer: Promise<{ status: number; body: Row }>): Promise<Row> {
  const a = await answer;
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return a.body.data;
}

describe('the seed', () => {
  it('is deterministic (a fresh database holds the same requests, events, comments and roles)', () => {
    const fresh = openTestDatabase({ file: ':memory:' });
    try {
      const tables = ['slim_requests', 'slim_request_events', 'slim_comments', 'employee_roles', 'vendor_prequalifications'];
      assert.equal(checksum({ db: fresh }, tables), checksum(host, tables));
    } finally {
      fresh.close();
    }
  });

  it('has requests in every state and type, past due ones, and work waiting for each demo account', async () => {
    for (const state of SLIM_STATE_ORDER) assert.ok(one('SELECT count(*) AS n FROM slim_requests WHERE applicationRecordStateId = ?', S(state)).n >= 1, state);
    for (const type of ['New Prequalification', 'Limit Increase', 'Renewal', 'Exception']) assert.ok(one('SELECT count(*) AS n FROM slim_requests WHERE type = ?', type).n >= 1, type);
    assert.ok(one('SELECT count(*) AS n FROM slim_requests').n >= 40);
    const mine = async (login: string) => (await ok(api.get(login, RISK_API.getSlimQueue))) as Row[];
    const risk = await mine('risk');
    assert.ok(risk.some((r) => r.state === 'Submitted' && r.waitingReason === 'Waiting for a Prequal Administrator'));
    assert.ok(risk.some((r) => r.state === 'In Review' && r.waitingReason === 'Assigned to you'));
    assert.ok(risk.some((r) => r.pastDue), 'risk has past-due work');
    assert.ok((await mine('reviewer')).some((r) => r.state === 'Escalated' && r.waitingForMe));
    const rpm = await mine('rpm');
    assert.ok(rpm.length > 0 && rpm.every((r) => r.state === 'Regional Review' && r.regionId === 1 && r.waitingForMe), JSON.stringify(rpm));
    const pm = await mine('pm');
    assert.ok(pm.some((r) => r.state === 'On Hold – Missing Data' && r.waitingReason === 'Waiting for your answer' && r.requestedBy.employeeId === 2));
    // The renewal based on an approved request shows what changed.
    const renewal = one('SELECT requestId FROM slim_requests WHERE basedOnRequestId IS NOT NULL AND applicationRecordStateId = ?', S('In Review'));
    const load = await ok(api.get('risk', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: renewal.requestId }));
    assert.ok(load.changes.some((c: Row) => c.field === 'statementYear'), JSON.stringify(load.changes));
  });
});

describe('queue and load', () => {
  it('filters by type, state and region; all is refused to a Default user; raised lists own requests', async () => {
    const rows = (await ok(api.get('risk', RISK_API.getSlimQueue, { view: 'all', type: 'Exception', regionId: 1 }))) as Row[];
    assert.ok(rows.length > 0 && rows.every((r) => r.type === 'Exception' && r.regionId === 1));
    const closed = (await ok(api.get('admin', RISK_API.getSlimQueue, { view: 'all', state: 'Denied' }))) as Row[];
    assert.equal(closed.length, one('SELECT count(*) AS n FROM slim_requests WHERE applicationRecordStateId = ?', S('Denied')).n);
    assert.ok(closed.every((r) => !r.pastDue));
    // A closed request's age stops when it closed.
    for (const r of [...closed, ...((await ok(api.get('admin', RISK_API.getSlimQueue, { view: 'all', state: 'Withdrawn' }))) as Row[])]) {
      const db = request(r.requestId);
      assert.equal(r.ageDays, slimAgeDays(db.submittedAt, (db.decidedAt ?? db.modifiedAt).slice(0, 10)), r.number);
    }
    assert.equal((await api.get('pm', RISK_API.getSlimQueue, { view: 'all' })).status, 403);
    const raised = (await ok(api.get('pm', RISK_API.getSlimQueue, { view: 'raised' }))) as Row[];
    assert.equal(raised.length, one('SELECT count(*) AS n FROM slim_requests WHERE requestedByEmployeeId = 2').n);
    assert.equal((await api.get('risk', RISK_API.getSlimQueue, { view: 'nope' })).status, 400);
    // The project picker: active projects with their region, by search and region.
    const projects = (await ok(api.get('reviewer', RISK_API.getSlimProjects, { regionId: 2 }))) as Row[];
    assert.equal(projects.length, one('SELECT count(*) AS n FROM projects WHERE regionId = 2 AND active = 1').n);
    assert.ok(projects.every((p) => p.regionId === 2 && p.regionName === 'Gulf Coast'));
    const first = one('SELECT number, name FROM projects WHERE active = 1 ORDER BY number LIMIT 1');
    assert.ok(((await ok(api.get('pm', RISK_API.getSlimProjects, { search: first.name.slice(0, 6).toUpperCase() }))) as Row[]).some((p) => p.number === first.number));
  });

  it('loads a request with its vendor, the suggested limits (the core function), events and the moves the caller may make', async () => {
    const submitted = one('SELECT requestId, vendorId FROM slim_requests WHERE applicationRecordStateId = ? AND requestedByEmployeeId <> 4 ORDER BY requestId LIMIT 1', S('Submitted'));
    const load = await ok(api.get('risk', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: submitted.requestId, lastLoad: '2026-10-01T00:00:00Z' }));
    assert.equal(load.vendor.vendorId, submitted.vendorId);
    const v = load.vendor;
    assert.deepEqual(load.suggested, suggestLimits({ financials: v.financials, safety: v.safety, glPerOccurrence: v.glPerOccurrence, glAggregate: v.glAggregate, glExpiresOn: v.glExpiresOn, today: '2026-11-01' }));
    assert.deepEqual(load.moves.map((m: Row) => m.name), ['In Review']);
    assert.equal(load.canAssign, true);
    assert.equal(load.events[0].toState, 'Submitted');
    // The requester may only withdraw; a reviewer nothing; another Default user may not see it.
    const requester = one('SELECT login FROM employees WHERE employeeId = (SELECT requestedByEmployeeId FROM slim_requests WHERE requestId = ?)', submitted.requestId).login;
    if (requester) assert.deepEqual((await ok(api.get(requester, RISK_API.getSlimRequest, { recordId: submitted.requestId }))).moves.map((m: Row) => m.name), ['Withdrawn']);
    assert.deepEqual((await ok(api.get('reviewer', RISK_API.getSlimRequest, { recordId: submitted.requestId }))).moves, []);
    const others = one('SELECT requestId FROM slim_requests WHERE requestedByEmployeeId <> 2 AND coalesce(assignedToEmployeeId, 0) <> 2 LIMIT 1').requestId;
    assert.equal((await api.get('pm', RISK_API.getSlimRequest, { recordId: others })).status, 403);
    assert.equal((await api.get('risk', RISK_API.getSlimRequest, { recordId: 999999 })).status, 404);
    assert.equal((await api.get('risk', RISK_API.getSlimRequest, { recordKey: 'Sra', recordId: others })).status, 400);
    assert.equal((await api.get('risk', RISK_API.getSlimRequest, { recordId: 'x' })).status, 400);
  });
});

describe('a new request', () => {
  it('refuses bad input at its field (400 autoAlert), writing nothing', async () => {
    const before = checksum(host, TABLES);
    const vendorId = qualifiedVendor();
    const cases: Array<[Form, string]> = [
      [{ vendorId, justification: 'x' }, 'type'],
      [{ type: 'Bogus', vendorId, justification: 'x' }, 'type'],
      [{ type: 'New Prequalification', justification: 'x' }, 'vendorId'],
      [{ type: 'New Prequalification', vendorId: 999999, justification: 'x' }, 'vendorId'],
      [{ type: 'Limit Increase', vendorId, requestedAmount: 100, justification: 'x' }, 'projectId'],
      [{ type: 'Limit Increase', vendorId, projectId: 999999, requestedAmount: 100, justification: 'x' }, 'projectId'],
      [{ type: 'Limit Increase', vendorId, projectId: projectIn(1), justification: 'x' }, 'requestedAmount'],
      [{ type: 'Limit Increase', vendorId, projectId: projectIn(1), requestedAmount: 0, justification: 'x' }, 'requestedAmount'],
      [{ type: 'New Prequalification', vendorId, justification: '  ' }, 'justification'],
      [{ type: 'New Prequalification', vendorId, justification: 'x'.repeat(4001) }, 'justification'],
      [{ type: 'Exception', vendorId, projectId: projectIn(1), requestedAmount: 50000, justification: 'x' }, 'mitigation'],
      [{ type: 'New Prequalification', vendorId, justification: 'x', basedOnRequestId: 1 }, 'basedOnRequestId'],
    ];
    for (const [form, field] of cases) {
      const answer = await api.post('pm', RISK_API.createSlimRequest, form);
      assert.equal(answer.status, 400, `${field}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.autoAlert, true);
      assert.equal(answer.body.fieldName, field, JSON.stringify(answer.body));
    }
    assert.equal((await api.post('pm', RISK_API.createSlimRequest, { type: 'Limit Increase', vendorId, projectId: projectIn(1), requestedAmount: 'lots', justification: 'x' })).status, 400);
    assert.equal(checksum(host, TABLES), before);
  });

  it('numbers it, dates it by the core, takes the project\'s region, snapshots the vendor and writes the first event', async () => {
    const max = one("SELECT max(CAST(substr(number, 6) AS INTEGER)) AS n FROM slim_requests").n as number;
    const id = await create('pm', { type: 'Exception', vendorId: qualifiedVendor(), projectId: projectIn(2), requestedAmount: 75000, justification: 'Only bidder.', mitigation: 'Bond.', priority: 'High' });
    const r = request(id);
    assert.equal(r.number, `SLIM-${String(max + 1).padStart(4, '0')}`);
    assert.equal(r.state, 'Submitted');
    assert.equal(r.regionId, 2);
    assert.equal(r.priority, 'High');
    assert.equal(r.dueDate, slimDueDate('Exception', '2026-11-01'));
    assert.equal(JSON.parse(r.snapshot).vendorId, r.vendorId);
    assert.equal(all('SELECT * FROM slim_request_events WHERE requestId = ?', id).length, 1);
    // Without a project: the requester's region.
    const np = request(await create('pm', { type: 'New Prequalification', vendorId: qualifiedVendor(), justification: 'New sub.' }));
    assert.equal(np.regionId, 1);
    assert.equal(np.projectId, null);
  });
});

describe('the workflow', () => {
  it('raise → take → on hold → answer → regional review → escalated → approved with conditions writes the vendor limits', async () => {
    const id = await limitIncrease('pm', 6_000_000);
    const vendorId = request(id).vendorId;
    let load = await ok(move('risk', id, 'In Review'));
    assert.equal(load.request.assignedTo.employeeId, 4, 'taking it assigns it');
    const hold = await move('risk', id, 'On Hold – Missing Data');
    assert.equal(hold.status, 400);
    assert.equal(hold.body.fieldName, 'note');
    assert.equal(hold.body.message, SLIM_TEXT.missingData);
    await ok(move('risk', id, 'On Hold – Missing Data', 'The 2025 statement.'));
    assert.equal(request(id).missingData, 'The 2025 statement.');
    assert.equal((await move('risk', id, 'In Review', 'x')).status, 403, 'only the requester answers');
    load = await ok(move('pm', id, 'In Review', 'Attached.'));
    assert.equal(load.request.answer, 'Attached.');
    assert.equal(load.events.at(-1).kind, 'answer');
    // Must escalate ($6M): the assignee may not decide.
    const decide = await move('risk', id, 'Approved');
    assert.equal(decide.status, 400);
    assert.ok(decide.body.message.startsWith(SLIM_TEXT.mustEscalate), decide.body.message);
    const around = await move('risk', id, 'Escalated', 'Too big for me.');
    assert.equal(around.status, 400);
    assert.equal(around.body.message, SLIM_TEXT.regionalBeforeEscalation);
    await ok(move('risk', id, 'Regional Review'));
    assert.equal((await move('reviewer', id, 'Escalated')).status, 403, 'an Escalation Reviewer is no Regional Reviewer');
    assert.equal((await move('risk', id, 'Escalated')).status, 403);
    assert.equal((await move('rpm', id, 'In Review')).status, 400, 'passing back is refused: it must escalate');
    load = await ok(move('rpm', id, 'Escalated'));
    assert.equal(load.request.regionalPassed, true);
    assert.deepEqual(load.moves, []);
    for (const login of ['risk', 'rpm']) assert.equal((await move(login, id, 'Approved')).status, 403, login);
    const noConditions = await move('reviewer', id, 'Approved with Conditions');
    assert.equal(noConditions.status, 400);
    assert.equal(noConditions.body.fieldName, 'note');
    load = await ok(move('reviewer', id, 'Approved with Conditions', 'Bond every subcontract.', { singleLimit: 6_000_000, aggregateLimit: 12_000_000, limitExpiresOn: '2027-06-30' }));
    assert.equal(load.request.decision.by.employeeId, 5);
    assert.equal(load.request.decision.conditions, 'Bond every subcontract.');
    const q = one('SELECT * FROM vendor_prequalifications WHERE vendorId = ?', vendorId);
    assert.deepEqual([q.status, q.singleLimit, q.aggregateLimit, q.limitExpiresOn, q.conditions, q.lastDecidedByEmployeeId, q.lastSlimRequestId],
      ['Prequalified with Conditions', 6_000_000, 12_000_000, '2027-06-30', 'Bond every subcontract.', 5, id]);
    assert.equal(all('SELECT * FROM slim_request_events WHERE requestId = ?', id).length, 7);
    // The decision is recorded in the record history.
    assert.ok(one("SELECT count(*) AS n FROM record_history WHERE recordKey = 'SlimRequest' AND recordId = ?", id).n > 0);
  });

  it('approval defaults: the suggestion (Limit Increase: not below the current limit), a year on', async () => {
    const id = await limitIncrease('pm', 4_000_000);
    const vendor = one('SELECT * FROM vendor_prequalifications WHERE vendorId = ?', request(id).vendorId);
    await ok(move('risk', id, 'In Review'));
    await ok(move('risk', id, 'Regional Review'));
    await ok(move('rpm', id, 'In Review'));
    const load = await ok(move('risk', id, 'Approved'));
    const expected = Math.max(load.suggested.singleLimit, vendor.singleLimit);
    assert.equal(load.request.decision.singleLimit, expected);
    assert.notEqual(load.request.decision.singleLimit, 4_000_000);
    assert.equal(load.request.decision.limitExpiresOn, '2027-11-01');
    assert.equal(one('SELECT singleLimit FROM vendor_prequalifications WHERE vendorId = ?', request(id).vendorId).singleLimit, expected);
  });

  it('escalates above $5,000,000 but not at it, and at EMR 1.25', async () => {
    const at = await limitIncrease('pm', 5_000_000);
    const above = await limitIncrease('pm', 5_000_000.01);
    for (const id of [at, above]) {
      await ok(move('risk', id, 'In Review'));
      await ok(move('risk', id, 'Regional Review'));
    }
    await ok(move('rpm', at, 'In Review'));
    const refused = await move('rpm', above, 'In Review');
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /exceeds \$5,000,000/);
    const decided = await ok(move('risk', at, 'Approved', undefined, { singleLimit: 5_000_000 }));
    assert.equal(decided.request.state, 'Approved');
    // EMR exactly 1.25 on the latest year: a New Prequalification must escalate.
    const vendorId = qualifiedVendor(vendorSkip++);
    host.db.prepare('UPDATE vendor_safety SET emr = 1.25 WHERE vendorId = ? AND year = (SELECT max(year) FROM vendor_safety WHERE vendorId = ?)').run(vendorId, vendorId);
    const emr = await create('pm', { type: 'New Prequalification', vendorId, justification: 'x' });
    await ok(move('risk', emr, 'In Review'));
    const load = await ok(api.get('risk', RISK_API.getSlimRequest, { recordId: emr }));
    assert.deepEqual(load.request.escalationReasons, ['the EMR 1.25 is 1.25 or more']);
    assert.equal((await move('risk', emr, 'Approved')).status, 400);
    await ok(move('risk', emr, 'Escalated'));
    host.db.prepare('UPDATE vendor_safety SET emr = 1.24 WHERE vendorId = ? AND year = (SELECT max(year) FROM vendor_safety WHERE vendorId = ?)').run(vendorId, vendorId);
    const plain = await create('pm', { type: 'New Prequalification', vendorId, justification: 'x' });
    await ok(move('risk', plain, 'In Review'));
    assert.deepEqual((await ok(api.get('risk', RISK_API.getSlimRequest, { recordId: plain }))).request.escalationReasons, []);
  });

  it('denial needs a reason; a denied New Prequalification denies the vendor; an approved Exception changes no limits', async () => {
    const vendorId = qualifiedVendor(vendorSkip++);
    const id = await create('pm', { type: 'New Prequalification', vendorId, justification: 'x' });
    await ok(move('risk', id, 'In Review'));
    const before = checksum(host, TABLES);
    const refused = await move('risk', id, 'Denied', '   ');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, SLIM_TEXT.denyReason);
    assert.equal(refused.body.fieldName, 'note');
    assert.equal(checksum(host, TABLES), before);
    await ok(move('risk', id, 'Denied', 'Negative net worth.'));
    assert.equal(request(id).decisionReason, 'Negative net worth.');
    assert.equal(one('SELECT status FROM vendor_prequalifications WHERE vendorId = ?', vendorId).status, 'Denied');
    const other = qualifiedVendor(vendorSkip++);
    const limits = one('SELECT singleLimit, aggregateLimit, limitExpiresOn, status FROM vendor_prequalifications WHERE vendorId = ?', other);
    const ex = await create('pm', { type: 'Exception', vendorId: other, projectId: projectIn(1), requestedAmount: 80000, justification: 'x', mitigation: 'Bond.' });
    await ok(move('risk', ex, 'In Review'));
    await ok(move('risk', ex, 'Regional Review'));
    await ok(move('rpm', ex, 'In Review'));
    await ok(move('risk', ex, 'Approved', 'One project only.'));
    assert.deepEqual(one('SELECT singleLimit, aggregateLimit, limitExpiresOn, status FROM vendor_prequalifications WHERE vendorId = ?', other), limits);
  });

  it('nobody reviews their own request, not even an Admin; only the requester withdraws', async () => {
    const id = await create('admin', { type: 'New Prequalification', vendorId: qualifiedVendor(), justification: 'x' });
    const own = await move('admin', id, 'In Review');
    assert.equal(own.status, 403);
    assert.equal(own.body.message, SLIM_TEXT.ownRequest);
    assert.ok(!(await ok(api.get('admin', RISK_API.getSlimRequest, { recordId: id }))).moves.some((m: Row) => m.name === 'In Review'));
    await ok(move('risk', id, 'In Review'));
    assert.equal((await move('admin', id, 'Approved')).status, 403);
    assert.equal((await move('risk', id, 'Withdrawn')).status, 403);
    await ok(move('admin', id, 'Withdrawn', 'Not needed.'));
  });

  it('each role that may not act is refused per step (403), a Regional Reviewer only in her region', async () => {
    const id = await limitIncrease('pm', 300_000, 2);
    for (const login of ['reviewer', 'rpm']) assert.equal((await move(login, id, 'In Review')).status, 403, `${login} takes`);
    await ok(move('risk', id, 'In Review'));
    for (const login of ['reviewer', 'rpm']) assert.equal((await move(login, id, 'Regional Review')).status, 403, `${login} routes`);
    await ok(move('risk', id, 'Regional Review'));
    assert.equal((await move('rpm', id, 'In Review')).status, 403, 'rpm reviews North Texas only');
    assert.equal((await move('admin', id, 'In Review')).status, 200, 'an Admin may act at any review step');
    assert.equal((await api.get('rpm', RISK_API.getSlimRequest, { recordId: id })).status, 403, 'nor sees Gulf Coast requests');
  });

  it('a stale decision is refused (409) naming who moved it, and nothing is written', async () => {
    const id = await limitIncrease('pm', 200_000);
    const old = request(id).applicationRecordStateId;
    await ok(move('risk', id, 'In Review'));
    const before = checksum(host, TABLES);
    const stale = await api.post('admin', RISK_API.updateSlimRequestState, { ItemId: id, OldRecordStateId: old, RouteStateId: S('In Review') });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateName, 'In Review');
    assert.equal(stale.body.currentRecordStateId, S('In Review'));
    assert.match(stale.body.message, /Priya Natarajan/);
    assert.equal(checksum(host, TABLES), before);
  });

  it('bad input is a 4xx, never a 500; viewer is refused every call', async () => {
    const id = one('SELECT requestId FROM slim_requests ORDER BY requestId LIMIT 1').requestId;
    const form = { ItemId: id, OldRecordStateId: request(id).applicationRecordStateId, RouteStateId: S('In Review') };
    assert.equal((await api.post('risk', RISK_API.updateSlimRequestState, { ...form, ItemId: 'abc' })).status, 400);
    assert.equal((await api.post('risk', RISK_API.updateSlimRequestState, { ...form, ItemId: 999999 })).status, 404);
    assert.equal((await api.post('risk', RISK_API.updateSlimRequestState, { ...form, RouteStateId: stateId(host, 'Sra', 'Approved') })).status, 404);
    assert.equal((await api.post('risk', RISK_API.updateSlimRequestState, { ItemId: id, RouteStateId: S('In Review') })).status, 400);
    const li = await limitIncrease('pm', 150_000);
    await ok(move('risk', li, 'In Review'));
    await ok(move('risk', li, 'Regional Review'));
    await ok(move('rpm', li, 'In Review'));
    const extras: Form[] = [{ singleLimit: 'x' }, { singleLimit: -5 }, { singleLimit: 500_000, aggregateLimit: 100 }, { limitExpiresOn: '2026-02-30' }, { limitExpiresOn: '2020-01-01' }];
    for (const extra of extras) {
      const answer = await move('risk', li, 'Approved', undefined, extra);
      assert.equal(answer.status, 400, JSON.stringify(extra));
    }
    for (const [path, method] of [[RISK_API.getSlimQueue, 'GET'], [RISK_API.getSlimProjects, 'GET'], [RISK_API.getSlimRequest, 'GET'], [RISK_API.getSlimOverview, 'GET'], [RISK_API.getSlimRenewalDraft, 'GET'],
      [RISK_API.createSlimRequest, 'POST'], [RISK_API.updateSlimRequestState, 'POST']] as const) {
      const answer = method === 'GET' ? await api.get('viewer', path, { recordId: id }) : await api.post('viewer', path, form);
      assert.equal(answer.status, 403, path);
    }
  });
});
