/**
 * Subcontractor risk authority on the demo host:
 * 1. Risk readers are the risk roles only (keyRISK Risk / Admin; keySLIM Prequal Administrator,
 *    Escalation Reviewer, a Regional Reviewer in her region). keyRISK / keySLIM Default lift no
 *    project scoping: the pm reads only the SRAs of projects in his reach (getSras, getSra,
 *    getSraStatus, getBuyoutSras).
 * 2. A vendor's financial statements, EMR and bonding are confidential to the risk roles:
 *    getVendorPrequal, the vendor inside a SLIM request load (the pm's own request too) and the
 *    renewal draft leave them out for anyone else, who sees the status and the limits.
 * 3. Prequalification limits follow an approval authority: a Prequal Administrator approves single
 *    limits up to $5,000,000; above it the decision needs an Escalation Reviewer and a reason. Approving
 *    while another open request of the same vendor exists is refused, naming it. Refusals: 400 autoAlert.
 * 4. SLIM's moves are the application record tables' (state_advancements of SlimRequest, as App Records
 *    edits them): a move taken out there is neither offered nor allowed by the server.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API, RISK_FUNCTIONS } from '../../src/core/risk/contract';
import { setClock } from '../../src/core/clock';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

async function ok(answer: Promise<{ status: number; body: Row }>): Promise<Row> {
  const a = await answer;
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return a.body.data;
}

/** A prequalified vendor with statements, safety years and a surety, EMR below 1.0, limits in force, no open SLIM request. */
function quietVendor(skip: number): number {
  return one(`SELECT q.vendorId FROM vendor_prequalifications q WHERE q.status = 'Prequalified' AND q.limitExpiresOn > '2027-12-31' AND q.surety IS NOT NULL
    AND EXISTS (SELECT 1 FROM vendor_financials f WHERE f.vendorId = q.vendorId)
    AND (SELECT s.emr FROM vendor_safety s WHERE s.vendorId = q.vendorId ORDER BY year DESC LIMIT 1) < 1.0
    AND NOT EXISTS (SELECT 1 FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE r.vendorId = q.vendorId AND st.closed = 0)
    ORDER BY q.vendorId LIMIT 1 OFFSET ?`, skip).vendorId as number;
}

// --- 1. who reads SRAs ----------------------------------------------------------------------------

/** Gulf Coast (region 2): the pm is on none of its teams. Central Texas (region 3): he is. */
const HIDDEN = 6;
const CENTRAL = () => one('SELECT projectId FROM projects WHERE regionId = 3 AND active = 1 ORDER BY projectId LIMIT 1').projectId as number;
const sCode = (projectId: number) => one("SELECT c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) WHERE b.projectId = ? AND c.type = 'S' ORDER BY c.costCodeId LIMIT 1", projectId).costCodeId as number;
const subOf = (projectId: number) => one('SELECT min(subcontractId) AS id FROM subcontracts WHERE projectId = ?', projectId).id as number;

async function sraOn(projectId: number): Promise<number> {
  const vendorId = one("SELECT vendorId FROM vendor_prequalifications WHERE status = 'Prequalified' ORDER BY vendorId LIMIT 1").vendorId as number;
  const created = await ok(api.post('risk', RISK_API.createSra, { projectId, vendorId, amount: 120000, 'costCodeIds[0]': sCode(projectId), description: 'Authority test' }));
  return created.sra.sraId as number;
}

/** Every way of reading the SRA / project, as [what, status]. */
async function reads(login: string, sraId: number, projectId: number): Promise<Record<string, number | boolean>> {
  const list = await api.get(login, RISK_API.getSras);
  const byProject = await api.get(login, RISK_API.getSras, { projectId });
  return {
    listed: list.status === 200 && (list.body.data as Row[]).some((r) => r.sraId === sraId),
    listedByProject: byProject.status === 200 && (byProject.body.data as Row[]).some((r) => r.sraId === sraId),
    getSra: (await api.get(login, RISK_API.getSra, { recordKey: 'Sra', recordId: sraId })).status,
    getSraStatus: (await api.get(login, RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: subOf(projectId) })).status,
    getBuyoutSras: (await api.get(login, RISK_API.getBuyoutSras, { projectId })).status,
  };
}
const SEES = { listed: true, listedByProject: true, getSra: 200, getSraStatus: 200, getBuyoutSras: 200 };
const HIDDEN_FROM = { listed: false, listedByProject: false, getSra: 404, getSraStatus: 403, getBuyoutSras: 403 };

describe('1. risk readers', () => {
  it('keyRISK / keySLIM Default lift no scoping: the pm reads only the SRAs of projects in his reach; the risk roles read every project', async () => {
    const hidden = await sraOn(HIDDEN);
    const central = await sraOn(CENTRAL());
    assert.deepEqual(await reads('pm', hidden, HIDDEN), HIDDEN_FROM, 'pm (keyRISK / keySLIM Default), a Gulf Coast SRA');
    assert.deepEqual(await reads('pm', central, CENTRAL()), SEES, 'pm on his own team');
    // The refusal carries the facts of the client's Request access.
    const refused = await api.get('pm', RISK_API.getBuyoutSras, { projectId: HIDDEN });
    assert.equal(refused.body.projectAccess, 'notOnTeam');
    for (const login of ['risk', 'reviewer', 'admin']) assert.deepEqual(await reads(login, hidden, HIDDEN), SEES, login);
  });

  it('a Regional Reviewer reads the SRAs of her region (and of her teams), not another region\'s', async () => {
    const hidden = await sraOn(HIDDEN);
    const central = await sraOn(CENTRAL());
    const employee = one("SELECT employeeId, regionId FROM employees WHERE login = 'employee'");
    const insert = host.db.prepare(`INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt)
      VALUES (?, (SELECT applicationId FROM applications WHERE applicationKey = ?), ?, ?, ?, 't')`);
    insert.run(employee.employeeId, 'keyRISK', 'keyRISK', 'Default', 'keyRISK: Default');
    insert.run(employee.employeeId, 'keySLIM', 'keySLIM', 'Regional Reviewer', 'keySLIM: Regional Reviewer');
    host.db.prepare('UPDATE employees SET regionId = 2 WHERE employeeId = ?').run(employee.employeeId);
    try {
      assert.deepEqual(await reads('employee', hidden, HIDDEN), SEES, 'Gulf Coast: her region');
      assert.deepEqual(await reads('employee', central, CENTRAL()), HIDDEN_FROM, 'Central Texas: another region');
      // Her teams (24-1032, 24-1004) stay hers.
      const own = (await ok(api.get('employee', RISK_API.getSras, { projectId: 1 }))) as Row[];
      assert.ok(own.length > 0 && own.every((r) => r.projectId === 1));
      // Without the reviewer role, keyRISK Default alone lifts nothing.
      host.db.prepare("DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keySLIM'").run(employee.employeeId);
      assert.deepEqual(await reads('employee', hidden, HIDDEN), HIDDEN_FROM, 'keyRISK Default only');
    } finally {
      host.db.prepare("DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey IN ('keyRISK', 'keySLIM')").run(employee.employeeId);
      host.db.prepare('UPDATE employees SET regionId = ? WHERE employeeId = ?').run(employee.regionId, employee.employeeId);
    }
  });
});

// --- 2. confidential vendor figures ---------------------------------------------------------------

const LIMITS = ['vendorId', 'status', 'singleLimit', 'aggregateLimit', 'limitExpiresOn', 'singleLimitInForce', 'aggregateLimitInForce'] as const;
/** The confidential fields' changes a renewal compares. */
const CONFIDENTIAL_CHANGES = ['statementYear', 'currentAssets', 'currentLiabilities', 'totalLiabilities', 'netWorth', 'revenue', 'backlog', 'emr', 'oshaRecordableRate',
  'surety', 'bondSingleCapacity', 'bondAggregateCapacity'];

function assertRedacted(vendor: Row, whole: Row, what: string): void {
  assert.ok(!vendor.financials?.length, `${what}: financial statements`);
  assert.ok(!vendor.safety?.length, `${what}: EMR`);
  for (const field of ['surety', 'bondSingleCapacity', 'bondAggregateCapacity']) assert.equal(vendor[field] ?? null, null, `${what}: ${field}`);
  for (const field of LIMITS) assert.deepEqual(vendor[field], whole[field], `${what}: ${field} (the status and limits stay)`);
}
function assertWhole(vendor: Row, what: string): void {
  assert.ok(vendor.financials.length > 0 && vendor.safety.length > 0 && vendor.surety, what);
}

describe('2. confidential vendor figures', () => {
  it('getVendorPrequal: the risk roles see statements, EMR and bonding; anyone else the status and limits only', async () => {
    const vendorId = quietVendor(0);
    const whole = await ok(api.get('risk', RISK_API.getVendorPrequal, { vendorId }));
    assertWhole(whole.vendor, 'risk');
    for (const login of ['reviewer', 'rpm', 'admin']) assertWhole((await ok(api.get(login, RISK_API.getVendorPrequal, { vendorId }))).vendor, login);
    const pm = await ok(api.get('pm', RISK_API.getVendorPrequal, { vendorId }));
    assertRedacted(pm.vendor, whole.vendor, 'pm');
    // The suggestion keeps its limits, not the ratios and EMR it was worked from.
    assert.equal(pm.suggested.singleLimit, whole.suggested.singleLimit);
    for (const field of ['workingCapital', 'currentRatio', 'debtToEquity', 'averageEmr', 'latestEmr']) assert.equal(pm.suggested[field] ?? null, null, field);
    assert.ok(!pm.suggested.steps?.length);
  });

  it('a SLIM request load: the vendor is redacted for the pm, even on his own request; whole for its reviewers', async () => {
    const vendorId = quietVendor(1);
    const created = await ok(api.post('pm', RISK_API.createSlimRequest, { type: 'New Prequalification', vendorId, justification: 'New sub.' }));
    const requestId = created.request.requestId as number;
    const whole = await ok(api.get('risk', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: requestId }));
    assertWhole(whole.vendor, 'risk');
    assertRedacted(created.vendor, whole.vendor, 'pm creating it');
    const pm = await ok(api.get('pm', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: requestId }));
    assertRedacted(pm.vendor, whole.vendor, 'pm loading it');
    assert.equal(pm.suggested.workingCapital ?? null, null);
    assertWhole((await ok(api.get('rpm', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: requestId }))).vendor, 'rpm (Regional Reviewer of its region)');
  });

  it('the renewal draft: no statement, EMR nor bonding figures in the vendor or what changed since', async () => {
    const base = one(`SELECT r.vendorId FROM slim_requests x JOIN slim_requests r ON r.requestId = x.basedOnRequestId WHERE x.basedOnRequestId IS NOT NULL LIMIT 1`);
    const whole = await ok(api.get('risk', RISK_API.getSlimRenewalDraft, { vendorId: base.vendorId }));
    assert.ok(whole.changes.some((c: Row) => CONFIDENTIAL_CHANGES.includes(c.field)), JSON.stringify(whole.changes));
    const pm = await ok(api.get('pm', RISK_API.getSlimRenewalDraft, { vendorId: base.vendorId }));
    assertRedacted(pm.vendor, whole.vendor, 'pm');
    assert.deepEqual(pm.changes.filter((c: Row) => CONFIDENTIAL_CHANGES.includes(c.field)), []);
  });
});

// --- 3. the approval authority --------------------------------------------------------------------

const TABLES = ['slim_requests', 'slim_request_events', 'vendor_prequalifications'];
const S = (name: string) => stateId(host, 'SlimRequest', name);
const request = (id: number) => one('SELECT r.*, st.name AS state FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE requestId = ?', id);
const move = (login: string, id: number, to: string, note?: string, extra: Form = {}) =>
  api.post(login, RISK_API.updateSlimRequestState, { ItemId: id, OldRecordStateId: request(id).applicationRecordStateId, RouteStateId: S(to), ...(note ? { note } : {}), ...extra });
const raise = async (vendorId: number): Promise<number> =>
  (await ok(api.post('pm', RISK_API.createSlimRequest, { type: 'New Prequalification', vendorId, justification: 'Authority test.' }))).request.requestId as number;

function assertRefused(answer: { status: number; body: Row }, pattern: RegExp, fieldName?: string): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.equal(answer.body.autoAlert, true);
  assert.equal(answer.body.functionName, RISK_FUNCTIONS.slimState);
  assert.match(answer.body.message, pattern);
  if (fieldName) assert.equal(answer.body.fieldName, fieldName);
}

describe('3. the approval authority', () => {
  it('a Prequal Administrator approves up to $5,000,000; above it needs an Escalation Reviewer, with a reason', async () => {
    const upTo = await raise(quietVendor(2));
    await ok(move('risk', upTo, 'In Review'));
    assert.equal((await ok(move('risk', upTo, 'Approved', undefined, { singleLimit: 5_000_000 }))).request.decision.singleLimit, 5_000_000);

    const vendorId = quietVendor(3);
    const id = await raise(vendorId);
    await ok(move('risk', id, 'In Review'));
    const before = checksum(host, TABLES);
    assertRefused(await move('risk', id, 'Approved', 'Strong balance sheet.', { singleLimit: 5_000_000.01 }), /Escalation Reviewer/);
    assertRefused(await move('risk', id, 'Approved with Conditions', 'Bond it.', { singleLimit: 6_000_000 }), /\$5,000,000/);
    assert.equal(checksum(host, TABLES), before, 'a refusal writes nothing');

    await ok(move('risk', id, 'Escalated', 'Asks for $6,000,000.'));
    assertRefused(await move('reviewer', id, 'Approved', undefined, { singleLimit: 6_000_000 }), /\$5,000,000/, 'note');
    const decided = await ok(move('reviewer', id, 'Approved', 'Five years of growing net worth.', { singleLimit: 6_000_000 }));
    assert.deepEqual([decided.request.decision.singleLimit, decided.request.decision.reason], [6_000_000, 'Five years of growing net worth.']);
    assert.equal(one('SELECT singleLimit FROM vendor_prequalifications WHERE vendorId = ?', vendorId).singleLimit, 6_000_000);
  });

  it('approving while another open request of the same vendor exists is refused, naming that request', async () => {
    const vendorId = quietVendor(4);
    const first = await raise(vendorId);
    const second = await raise(vendorId);
    await ok(move('risk', first, 'In Review'));
    const before = checksum(host, TABLES);
    const refused = await move('risk', first, 'Approved', undefined, { singleLimit: 1_000_000 });
    assertRefused(refused, new RegExp(request(second).number));
    assert.equal(checksum(host, TABLES), before);
    // Once the other request is closed, the approval goes through.
    await ok(move('pm', second, 'Withdrawn', 'Raised twice.'));
    assert.equal((await ok(move('risk', first, 'Approved', undefined, { singleLimit: 1_000_000 }))).request.state, 'Approved');
    assert.equal(all('SELECT 1 FROM slim_requests WHERE requestId IN (?, ?)', first, second).length, 2);
  });
});

// --- 4. the workflow is the application record tables' --------------------------------------------

describe('4. SLIM moves come from the application record tables', () => {
  it('a move taken out of state_advancements (App Records) is neither offered nor allowed; put back, it is again', async () => {
    const id = await raise(quietVendor(5));
    const withdraw = one(`SELECT a.* FROM state_advancements a WHERE a.applicationRecordStateId = ? AND a.targetApplicationRecordStateId = ?`, S('Submitted'), S('Withdrawn'));
    assert.ok(withdraw, 'the seed lists Submitted → Withdrawn');
    host.db.prepare('DELETE FROM state_advancements WHERE stateAdvancementId = ?').run(withdraw.stateAdvancementId);
    try {
      assert.deepEqual((await ok(api.get('pm', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: id }))).moves, []);
      const before = checksum(host, TABLES);
      assertRefused(await move('pm', id, 'Withdrawn', 'Not needed.'), /can not be moved from Submitted to Withdrawn/);
      assert.equal(checksum(host, TABLES), before);
    } finally {
      const columns = Object.keys(withdraw);
      host.db.prepare(`INSERT INTO state_advancements (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => withdraw[c]));
    }
    assert.deepEqual((await ok(api.get('pm', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: id }))).moves.map((m: Row) => m.name), ['Withdrawn']);
    assert.equal((await ok(move('pm', id, 'Withdrawn', 'Not needed.'))).request.state, 'Withdrawn');
  });
  it('a move added in App Records is offered and allowed, under the same rules of who and what note (Submitted → Denied by a Prequal Administrator)', async () => {
    const id = await raise(quietVendor(6));
    const at = '2026-01-01T00:00:00.000Z';
    const added = Number(host.db.prepare('INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt) VALUES (?, ?, 0, 9, ?)')
      .run(S('Submitted'), S('Denied'), at).lastInsertRowid);
    try {
      assert.ok((await ok(api.get('risk', RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: id }))).moves.some((m: Row) => m.name === 'Denied'));
      // The requester may not decide his own request; the deny reason is still required.
      assert.equal((await move('pm', id, 'Denied', 'No.')).status, 403);
      assertRefused(await move('risk', id, 'Denied', ''), /reason/i);
      assert.equal((await ok(move('risk', id, 'Denied', 'Financial statements are two years old.'))).request.state, 'Denied');
    } finally {
      host.db.prepare('DELETE FROM state_advancements WHERE stateAdvancementId = ?').run(added);
    }
  });
});
