/**
 * The commitment gate on the demo host (issue 14): the seeded blocked subcontract is refused on its
 * way to Pending Signature / Executed with a message naming the missing SRA, the reasons and the start
 * link (nothing written); an SRA for a smaller amount or another vendor does not cover it, one for
 * exactly the amount does once approved; a prequalified vendor within its limit needs no SRA (the
 * limit itself included, a cent over is refused); e-sign refuses to send a blocked subcontract and
 * signing completion does not execute one; getsrastatus and getbuyoutsras.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API, RISK_FUNCTIONS, sraStartLink } from '../../src/core/risk/contract';
import { setClock } from '../../src/core/clock';
import { advanceRecord } from '../../demo/host/api/pfm/esign/service';
import { SEED_GATE } from '../../demo/host/db/seed/sra';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

const TABLES = ['subcontracts', 'subcontract_items', 'change_tracking', 'envelopes', 'envelope_signers', 'esign_outbox', 'files', 'sras'];
const SC = (name: string) => stateId(host, 'Subcontract', name);
const S = (name: string) => stateId(host, 'Sra', name);
const project = () => one('SELECT projectId, budgetId FROM projects WHERE number = ?', SEED_GATE.projectNumber);
/** The seed's gate subcontracts: the blocked one and the covered one (the two newest of 24-1032). */
const seeded = (amount: number) => one(`SELECT s.subcontractId, s.number, s.vendorId, s.projectId, v.name AS vendorName FROM subcontracts s JOIN vendors v USING (vendorId)
  WHERE s.projectId = ? AND (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) = ? ORDER BY s.subcontractId DESC LIMIT 1`, project().projectId, amount);
const stateOf = (subcontractId: number) => one('SELECT st.name FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) WHERE subcontractId = ?', subcontractId).name;
const advance = (subcontractId: number, from: string, to: string) =>
  api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'Subcontract', ItemId: subcontractId, OldRecordStateId: SC(from), RouteStateId: SC(to) });
const code = () => one("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'S' ORDER BY costCodeId LIMIT 1", project().budgetId).costCodeId as number;

/** A new Draft subcontract on 24-1032 of `vendorId` for `amount`, written straight into the tables. */
let n = 900;
function newSubcontract(vendorId: number, amount: number, state = 'Draft'): number {
  const p = project();
  const id = Number(host.db.prepare(`INSERT INTO subcontracts (projectId, budgetId, vendorId, subcontractTypeId, number, description, applicationRecordStateId, retainagePercent,
    billedToDate, displayText, modifiedAt) VALUES (?, ?, ?, 1, ?, 'Gate test', ?, 10, 0, 'Gate test', 't')`).run(p.projectId, p.budgetId, vendorId, `SC-TEST-${n++}`, SC(state)).lastInsertRowid);
  host.db.prepare("INSERT INTO subcontract_items (subcontractId, costCodeId, description, amount, modifiedAt) VALUES (?, ?, 'Gate test', ?, 't')").run(id, code(), amount);
  return id;
}

/** An SRA of `vendorId` for `amount` on 24-1032, taken to Approved through the API (mitigations of its level, Risk then Admin). */
async function approvedSra(vendorId: number, amount: number, finalState: 'Approved' | 'Submitted' = 'Approved'): Promise<number> {
  const created = await api.post('pm', RISK_API.createSra, { projectId: project().projectId, vendorId, amount, 'costCodeIds[0]': code() });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const sra = created.body.data.sra;
  const saved = await api.post('pm', RISK_API.saveSra, { sraId: sra.sraId, version: sra.version, 'mitigations[0]': 'bond', 'mitigations[1]': 'sdi' });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const move = (login: string, from: string, to: string) => api.post(login, RISK_API.updateSraState, { ItemId: sra.sraId, OldRecordStateId: S(from), RouteStateId: S(to) });
  assert.equal((await move('pm', 'Draft', 'Submitted')).status, 200);
  if (finalState === 'Submitted') return sra.sraId;
  const first = await move('risk', 'Submitted', 'Approved');
  assert.equal(first.status, 200, JSON.stringify(first.body));
  if (first.body.data.sra.state !== 'Approved') assert.equal((await move('admin', 'Submitted', 'Approved')).status, 200);
  return sra.sraId;
}

describe('the gate', () => {
  it('refuses the seeded blocked subcontract with the missing SRA, the reasons and the start link; nothing written', async () => {
    const blocked = seeded(SEED_GATE.blockedAmount);
    const before = checksum(host, TABLES);
    for (const to of ['Pending Signature']) {
      const refused = await advance(blocked.subcontractId, 'Draft', to);
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.equal(refused.body.autoAlert, true);
      assert.equal(refused.body.functionName, RISK_FUNCTIONS.gate);
      assert.equal(refused.body.sraRequired, true);
      assert.equal(refused.body.startLink, sraStartLink(blocked.subcontractId));
      // The limits in force for a vendor not prequalified: $100,000 single, $200,000 aggregate (each named with the amount over it).
      const reasons = [
        'the vendor is not prequalified (Not Prequalified)',
        `the amount $240,000 exceeds ${blocked.vendorName}'s single limit of $100,000 by $140,000`,
        `${blocked.vendorName}'s open subcontracts on all projects, $240,000 with this one, exceed its aggregate limit of $200,000 by $40,000`,
      ];
      assert.deepEqual(refused.body.reasons, reasons);
      assert.equal(refused.body.message,
        `Subcontract ${blocked.number} needs an approved SRA: ${reasons.join('; ')}. Start one: /sr/sra?recordKey=Subcontract&recordId=${blocked.subcontractId}`);
    }
    assert.equal(checksum(host, TABLES), before);
    assert.equal(stateOf(blocked.subcontractId), 'Draft');

    const status = await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: blocked.subcontractId });
    assert.equal(status.status, 200);
    assert.deepEqual({ ...status.body.data, reasons: status.body.data.reasons.length }, {
      subcontractId: blocked.subcontractId, amount: SEED_GATE.blockedAmount, vendorId: blocked.vendorId, reasons: 3, required: true, sra: null, cleared: false,
      startLink: sraStartLink(blocked.subcontractId), pendingChanges: 0, singleLimit: 100_000, aggregateLimit: 200_000, exposure: SEED_GATE.blockedAmount, notCovered: null,
    });
  });

  it('the seeded covered subcontract advances: its approved SRA covers it', async () => {
    const covered = seeded(SEED_GATE.coveredAmount);
    const status = (await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: covered.subcontractId })).body.data;
    assert.equal(status.required, true);
    assert.equal(status.cleared, true);
    assert.equal(status.sra.state, 'Approved');
    assert.equal(status.sra.amount, SEED_GATE.coveringSraAmount);
    const moved = await advance(covered.subcontractId, 'Draft', 'Pending Signature');
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(stateOf(covered.subcontractId), 'Pending Signature');
  });

  it('a smaller amount, another vendor or a Submitted SRA does not cover; an approved one for exactly the amount does', async () => {
    const vendor = one("SELECT vendorId FROM vendor_prequalifications WHERE status = 'Denied' ORDER BY vendorId LIMIT 1").vendorId as number;
    const other = one("SELECT vendorId FROM vendor_prequalifications WHERE status = 'Pending' ORDER BY vendorId LIMIT 1").vendorId as number;
    const sub = newSubcontract(vendor, 300_000.5);
    await approvedSra(vendor, 300_000);
    await approvedSra(other, 500_000);
    await approvedSra(vendor, 400_000, 'Submitted');
    const refused = await advance(sub, 'Draft', 'Pending Signature');
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.sraRequired, true);
    // The approved one falls short, and says by how much.
    assert.match(refused.body.message, /SRA-\d+ approved for \$300,000 covers less than the subcontract's \$300,000\.50\./);
    assert.equal(stateOf(sub), 'Draft');
    await approvedSra(vendor, 300_000.5);
    const status = (await api.get('risk', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub })).body.data;
    assert.equal(status.cleared, true);
    assert.equal(status.sra.amount, 300_000.5);
    const moved = await advance(sub, 'Draft', 'Pending Signature');
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    // Executed is an approval (the pm's authority ends at $250,000) and needs how it was signed: the admin executes it.
    const executed = await api.post('admin', '/api/pfm/UpdateCommitmentState', {
      RecordKey: 'Subcontract', ItemId: sub, OldRecordStateId: SC('Pending Signature'), RouteStateId: SC('Executed'), Reason: 'Signed on paper.',
    });
    assert.equal(executed.status, 200, JSON.stringify(executed.body));
  });

  it('a prequalified vendor within its single limit needs no SRA (the limit itself included); a cent over is refused', async () => {
    const v = one(`SELECT vendorId, singleLimit FROM vendor_prequalifications WHERE status = 'Prequalified' AND limitExpiresOn > '2027-06-01' ORDER BY vendorId LIMIT 1`);
    const atLimit = newSubcontract(v.vendorId, v.singleLimit);
    const status = (await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: atLimit })).body.data;
    assert.deepEqual([status.required, status.cleared, status.reasons], [false, true, []]);
    assert.equal((await advance(atLimit, 'Draft', 'Pending Signature')).status, 200);
    const over = newSubcontract(v.vendorId, v.singleLimit + 0.01);
    const refused = await advance(over, 'Draft', 'Pending Signature');
    assert.equal(refused.status, 400);
    // A cent over the single limit (and, with the one at its limit now open, a cent over the aggregate).
    assert.deepEqual(refused.body.reasons.length, 2);
    assert.match(refused.body.reasons[0], /exceeds .+'s single limit of \$[\d,]+ by \$0\.01$/);
    assert.match(refused.body.reasons[1], /exceed its aggregate limit of \$[\d,]+ by \$[\d,.]+$/);
    // Void is not a gated state.
    assert.equal((await advance(over, 'Draft', 'Void')).status, 200);
  });

  it('e-sign: sending the blocked subcontract is refused the same way and writes nothing; completion does not execute a blocked one', async () => {
    const blocked = seeded(SEED_GATE.blockedAmount);
    const before = checksum(host, TABLES);
    const send = await api.post('pm', '/api/pfm/CreateEnvelope', {
      RecordKey: 'Subcontract', RecordId: blocked.subcontractId, 'signers[0].name': 'Ada Vendor', 'signers[0].email': 'ada@vendor.example', Send: 'true',
    });
    assert.equal(send.status, 400, JSON.stringify(send.body));
    assert.equal(send.body.sraRequired, true);
    assert.equal(send.body.startLink, sraStartLink(blocked.subcontractId));
    assert.equal(checksum(host, TABLES), before);

    // A Draft envelope may be prepared; sending it is refused.
    const draft = await api.post('pm', '/api/pfm/CreateEnvelope', {
      RecordKey: 'Subcontract', RecordId: blocked.subcontractId, 'signers[0].name': 'Ada Vendor', 'signers[0].email': 'ada@vendor.example', Send: 'false',
    });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    const sent = await api.post('pm', '/api/pfm/SendEnvelope', { EnvelopeId: draft.body.data.envelopeId, OldRecordStateId: stateId(host, 'Envelope', 'Draft') });
    assert.equal(sent.status, 400, JSON.stringify(sent.body));
    assert.equal(sent.body.sraRequired, true);
    assert.equal(stateOf(blocked.subcontractId), 'Draft');

    // Completion of signing: a blocked Pending Signature subcontract is not executed; the note says why.
    const pending = newSubcontract(blocked.vendorId, 150_000, 'Pending Signature');
    const actor = one("SELECT employeeId FROM employees WHERE login = 'pm'").employeeId;
    const note = host.db.transaction(() => advanceRecord(host.db, 'Subcontract', pending, 'Executed', actor))();
    assert.match(String(note), /needs an approved SRA/);
    assert.equal(stateOf(pending), 'Pending Signature');
  });
});

describe('buyout', () => {
  it('getbuyoutsras lists the project\'s SRAs by cost code; 404 for an unknown project, 400 for a bad id', async () => {
    const p = project();
    const answer = await api.get('pm', RISK_API.getBuyoutSras, { projectId: p.projectId });
    assert.equal(answer.status, 200);
    const expected = host.db.prepare(`SELECT DISTINCT x.costCodeId FROM sra_cost_codes x JOIN sras s USING (sraId) WHERE s.projectId = ? ORDER BY x.costCodeId`).pluck().all(p.projectId);
    assert.deepEqual(answer.body.data.map((r: Row) => r.costCodeId), expected);
    const first = answer.body.data[0];
    assert.ok(first.sras.length >= 1 && first.sras.every((s: Row) => s.projectId === p.projectId && s.costCodes.some((c: Row) => c.costCodeId === first.costCodeId)));
    assert.equal((await api.get('pm', RISK_API.getBuyoutSras, { projectId: 999999 })).status, 404);
    assert.equal((await api.get('pm', RISK_API.getBuyoutSras, { projectId: 'x' })).status, 400);
    assert.equal((await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: 999999 })).status, 404);
  });
});
