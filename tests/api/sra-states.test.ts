/**
 * SRA state moves on the demo host (issue 14): submit needs the mitigations of the level (400 at
 * 'mitigations') and freezes the factors; the creator or Risk/Admin submits; the submitter recalls;
 * the Risk role approves (a Default user 403), never their own (403); a High SRA stays Submitted after
 * the first approval and needs a second by another person, the two including an Admin (400
 * otherwise); reject needs a reason; a stale OldRecordStateId is a 409 naming who moved it and writes
 * nothing; the bell lists the steps waiting for Risk and, for a High with one approval, for Admin.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API } from '../../src/core/risk/contract';
import { SRA_TEXT } from '../../src/core/risk/sra';
import { setClock } from '../../src/core/clock';
import { SEED_GATE } from '../../demo/host/db/seed/sra';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

const TABLES = ['sras', 'sra_cost_codes', 'sra_mitigations', 'sra_approvals'];
const S = (name: string) => stateId(host, 'Sra', name);
const project = () => one('SELECT projectId FROM projects WHERE number = ?', SEED_GATE.projectNumber).projectId as number;
const code = () => one("SELECT c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) WHERE b.projectId = ? AND c.type = 'S' ORDER BY c.costCodeId LIMIT 1", project()).costCodeId as number;
/** A Prequalified vendor green on every factor but the amount: no backlog with us, insurance and limits past the project end, EMR ≤ 1, rating ≥ 3.5. */
const prequalified = () => one(`SELECT v.vendorId, q.singleLimit FROM vendors v JOIN vendor_prequalifications q USING (vendorId)
  WHERE q.status = 'Prequalified' AND q.limitExpiresOn > '2028-06-01' AND q.glExpiresOn > '2028-06-01' AND q.subRatingAverage >= 3.5
    AND NOT EXISTS (SELECT 1 FROM subcontracts s WHERE s.vendorId = v.vendorId)
    AND (SELECT emr FROM vendor_safety f WHERE f.vendorId = v.vendorId ORDER BY year DESC LIMIT 1) <= 1.0
  ORDER BY q.singleLimit DESC LIMIT 1`);
const notPrequalified = () => one("SELECT vendorId FROM vendor_prequalifications WHERE status = 'Not Prequalified' ORDER BY vendorId DESC LIMIT 1").vendorId as number;

/** A new Draft SRA of `login` at the level the amount gives; `mitigations` saved on it. */
async function draft(login: string, vendorId: number, amount: number, mitigations: string[] = []): Promise<Row> {
  const created = await api.post(login, RISK_API.createSra, { projectId: project(), vendorId, amount, 'costCodeIds[0]': code() });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  if (!mitigations.length) return created.body.data.sra;
  const form: Record<string, string | number> = { sraId: created.body.data.sra.sraId, version: created.body.data.sra.version };
  mitigations.forEach((m, i) => (form[`mitigations[${i}]`] = m));
  const saved = await api.post(login, RISK_API.saveSra, form);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return saved.body.data.sra;
}
const move = (login: string, sraId: number, from: string, to: string, reason?: string) =>
  api.post(login, RISK_API.updateSraState, { ItemId: sraId, OldRecordStateId: S(from), RouteStateId: S(to), ...(reason ? { reason } : {}) });
const stateOf = (sraId: number) => one('SELECT st.name FROM sras s JOIN application_record_states st USING (applicationRecordStateId) WHERE sraId = ?', sraId).name;
/** A High SRA: a vendor not prequalified, ten times the default limit. */
const HIGH = 1_000_000;

describe('submit and recall', () => {
  it('refuses a submit without the mitigations of the level, at the mitigations field; then submits and freezes the factors', async () => {
    const high = await draft('pm', notPrequalified(), HIGH, ['parentGuarantee', 'reducedScope']);
    assert.equal(high.level, 'High');
    const before = checksum(host, TABLES);
    const refused = await move('pm', high.sraId, 'Draft', 'Submitted');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, SRA_TEXT.mitigationHigh);
    assert.equal(refused.body.fieldName, 'mitigations');
    assert.equal(checksum(host, TABLES), before);

    const v = prequalified();
    const medium = await draft('pm', v.vendorId, Math.round(v.singleLimit * 1.2));
    assert.equal(medium.level, 'Medium', JSON.stringify(medium.factors));
    const none = await move('pm', medium.sraId, 'Draft', 'Submitted');
    assert.equal(none.status, 400);
    assert.equal(none.body.message, SRA_TEXT.mitigationMedium);

    const ok = await draft('pm', notPrequalified(), HIGH, ['bond', 'parentGuarantee']);
    const submitted = await move('pm', ok.sraId, 'Draft', 'Submitted');
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.data.sra.state, 'Submitted');
    assert.deepEqual(submitted.body.data.moves.map((m: Row) => m.name), ['Draft']);
    const row = one('SELECT * FROM sras WHERE sraId = ?', ok.sraId);
    assert.deepEqual(JSON.parse(row.factors), submitted.body.data.sra.factors);
    assert.equal(row.level, 'High');
    assert.equal(row.submittedByEmployeeId, one("SELECT employeeId FROM employees WHERE login = 'pm'").employeeId);

    // Only the submitter recalls.
    assert.equal((await move('risk', ok.sraId, 'Submitted', 'Draft')).status, 403);
    const recalled = await move('pm', ok.sraId, 'Submitted', 'Draft');
    assert.equal(recalled.status, 200);
    assert.equal(stateOf(ok.sraId), 'Draft');
  });

  it('a Default keyRISK user may create and submit their own, not someone else\'s, and may not approve', async () => {
    const low = await draft('pm', prequalified().vendorId, 50_000);
    assert.equal(low.level, 'Low', JSON.stringify(low.factors));
    assert.equal((await move('reviewer', low.sraId, 'Draft', 'Submitted')).status, 403);
    assert.equal((await move('pm', low.sraId, 'Draft', 'Submitted')).status, 200);
    const refused = await move('reviewer', low.sraId, 'Submitted', 'Approved');
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, SRA_TEXT.approverRole);
    assert.equal((await move('pm', low.sraId, 'Submitted', 'Rejected', 'no')).status, 403);
    assert.equal(stateOf(low.sraId), 'Submitted');
  });
});

describe('approve and reject', () => {
  it('nobody approves an SRA they created or submitted', async () => {
    const own = await draft('risk', prequalified().vendorId, 40_000);
    assert.equal((await move('risk', own.sraId, 'Draft', 'Submitted')).status, 200);
    const before = checksum(host, TABLES);
    const refused = await move('risk', own.sraId, 'Submitted', 'Approved');
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, SRA_TEXT.ownApproval);
    assert.equal(checksum(host, TABLES), before);
    const load = await api.get('risk', RISK_API.getSra, { recordKey: 'Sra', recordId: own.sraId });
    assert.ok(!load.body.data.moves.some((m: Row) => m.name === 'Approved'));
    const approved = await move('admin', own.sraId, 'Submitted', 'Approved');
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.data.sra.state, 'Approved');
  });

  it('a Low SRA is approved by one Risk approval; a second decision on the same state is a 409 naming who approved it, nothing written', async () => {
    const low = await draft('pm', prequalified().vendorId, 45_000);
    await move('pm', low.sraId, 'Draft', 'Submitted');
    const approved = await move('risk', low.sraId, 'Submitted', 'Approved');
    assert.equal(approved.status, 200);
    assert.equal(approved.body.data.sra.state, 'Approved');
    assert.deepEqual(approved.body.data.sra.approvals.map((a: Row) => [a.by.name, a.role]), [['Priya Natarajan', 'Risk']]);
    const before = checksum(host, TABLES);
    const stale = await move('admin', low.sraId, 'Submitted', 'Rejected', 'Too late');
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateName, 'Approved');
    assert.equal(stale.body.currentRecordStateId, S('Approved'));
    assert.match(stale.body.message, /approved by Priya Natarajan/);
    assert.equal(checksum(host, TABLES), before);
  });

  it('a High SRA stays Submitted after the first approval, and needs a second by another person including an Admin', async () => {
    const high = await draft('pm', notPrequalified(), HIGH, ['bond', 'sdi']);
    await move('pm', high.sraId, 'Draft', 'Submitted');
    const first = await move('risk', high.sraId, 'Submitted', 'Approved');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.sra.state, 'Submitted');
    assert.deepEqual(first.body.data.sra.approvals.map((a: Row) => a.role), ['Risk']);
    assert.deepEqual(first.body.data.moves.map((m: Row) => m.name), ['Rejected']);
    const twice = await move('risk', high.sraId, 'Submitted', 'Approved');
    assert.equal(twice.status, 400);

    // A second Risk user (not an Admin) may not complete it.
    const rpm = one("SELECT employeeId FROM employees WHERE login = 'rpm'").employeeId;
    host.db.prepare(`INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt)
      SELECT ?, applicationId, 'keyRISK', 'Risk', 'Risk', 't' FROM applications WHERE applicationKey = 'keyRISK'`).run(rpm);
    try {
      const before = checksum(host, TABLES);
      const noAdmin = await move('rpm', high.sraId, 'Submitted', 'Approved');
      assert.equal(noAdmin.status, 400);
      assert.equal(noAdmin.body.message, SRA_TEXT.highNeedsAdmin);
      assert.equal(checksum(host, TABLES), before);
    } finally {
      host.db.prepare("DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keyRISK' AND name = 'Risk'").run(rpm);
    }
    const adminLoad = await api.get('admin', RISK_API.getSra, { recordKey: 'Sra', recordId: high.sraId });
    assert.ok(adminLoad.body.data.moves.some((m: Row) => m.name === 'Approved'));
    const second = await move('admin', high.sraId, 'Submitted', 'Approved');
    assert.equal(second.status, 200);
    assert.equal(second.body.data.sra.state, 'Approved');
    assert.deepEqual(second.body.data.sra.approvals.map((a: Row) => a.role), ['Risk', 'Admin']);
    assert.ok(one('SELECT decidedAt FROM sras WHERE sraId = ?', high.sraId).decidedAt);
  });

  it('reject needs a reason (at the reason field), then keeps it', async () => {
    const low = await draft('pm', prequalified().vendorId, 30_000);
    await move('pm', low.sraId, 'Draft', 'Submitted');
    const before = checksum(host, TABLES);
    const refused = await move('risk', low.sraId, 'Submitted', 'Rejected');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, SRA_TEXT.rejectReason);
    assert.equal(refused.body.fieldName, 'reason');
    assert.equal(checksum(host, TABLES), before);
    const rejected = await move('risk', low.sraId, 'Submitted', 'Rejected', 'Scope is not leveled');
    assert.equal(rejected.status, 200);
    assert.equal(rejected.body.data.sra.state, 'Rejected');
    assert.equal(rejected.body.data.sra.rejectionReason, 'Scope is not leveled');
    // Not an advancement of Rejected.
    const again = await move('risk', low.sraId, 'Rejected', 'Approved');
    assert.equal(again.status, 400);
    assert.equal((await api.post('risk', RISK_API.updateSraState, { ItemId: low.sraId, OldRecordStateId: 'x', RouteStateId: S('Approved') })).status, 400);
    assert.equal((await api.post('risk', RISK_API.updateSraState, { ItemId: 999999, OldRecordStateId: S('Submitted'), RouteStateId: S('Approved') })).status, 404);
  });
});

describe('the bell', () => {
  it('lists Submitted SRAs for the Risk role (not their own) and the High ones with one approval for Admin', async () => {
    const items = async (login: string) => (await api.get(login, '/api/common/GetOpenItemsByEmployee')).body.data.openWorkflows.filter((w: Row) => w.applicationRecordKey === 'Sra');
    const risk = await items('risk');
    const riskId = one("SELECT employeeId FROM employees WHERE login = 'risk'").employeeId;
    const expected = host.db.prepare(`SELECT s.sraId FROM sras s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.name = 'Submitted' AND s.createdByEmployeeId <> ? AND coalesce(s.submittedByEmployeeId, 0) <> ?
      AND NOT EXISTS (SELECT 1 FROM sra_approvals a WHERE a.sraId = s.sraId) ORDER BY s.submittedAt, s.sraId`).pluck().all(riskId, riskId);
    assert.ok(expected.length >= 3);
    assert.deepEqual(risk.map((w: Row) => w.recordId), expected);
    const first = risk[0];
    const row = one('SELECT s.number, s.level, v.name AS vendor, p.name AS project FROM sras s JOIN vendors v USING (vendorId) JOIN projects p USING (projectId) WHERE sraId = ?', first.recordId);
    assert.equal(first.documentNumber, row.number);
    assert.equal(first.workflowTrigger, `SRA ${row.level}: ${row.vendor} on ${row.project}`);
    assert.equal(first.phaseName, 'Submitted');
    assert.equal(first.directLink, `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${first.recordId}`);
    assert.equal(first.workflowInstanceId, -(2_000_000 + first.recordId));

    const admin = await items('admin');
    const waiting = host.db.prepare(`SELECT s.sraId FROM sras s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.name = 'Submitted' AND s.level = 'High' AND (SELECT count(*) FROM sra_approvals a WHERE a.sraId = s.sraId) = 1`).pluck().all();
    assert.ok(waiting.length >= 1);
    assert.deepEqual(admin.map((w: Row) => w.recordId), waiting);
    assert.deepEqual(await items('pm'), []);
    assert.deepEqual(await items('viewer'), []);
  });
});
