/**
 * SRA records on the demo host (issue 14): the seed (12 per level, every state, the waiting High,
 * the gate's subcontracts), the list and its filters, the load (a Draft scored now with core
 * scoreSra, a submitted one as stored), create (defaults from a subcontract, numbering, bad input a
 * 400 autoAlert at its field), save (Draft only, version 409, mitigations), access (viewer 403 on
 * every call, a Default keyRISK user may not change someone else's SRA).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API, sraStartLink } from '../../src/core/risk/contract';
import { RISK_LEVELS, scoreSra, SRA_TEXT } from '../../src/core/risk/sra';
import { currentLimits, openBacklog, vendorRecord } from '../../demo/host/api/risk/prequal';
import { setClock } from '../../src/core/clock';
import { SEED_GATE } from '../../demo/host/db/seed/sra';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checksum, stateId } from './api-client';
import { openTestDatabase, seedTestEnvelopes } from './support/seed-day';
import { useTestHost, type Row } from './support/use-host';

const TODAY = '2026-11-20';
const { host, api, one, all } = useTestHost({ clock: () => setClock(() => Date.parse(`${TODAY}T15:00:00Z`)) });

const TABLES = ['sras', 'sra_cost_codes', 'sra_mitigations', 'sra_approvals'];
const gateProject = () => one('SELECT projectId, budgetId, completionDate FROM projects WHERE number = ?', SEED_GATE.projectNumber);
const sCodes = (projectId: number) => all("SELECT c.costCodeId FROM cost_codes c JOIN budgets b ON b.budgetId = c.budgetId WHERE b.projectId = ? AND c.type = 'S' ORDER BY c.costCodeId", projectId).map((r) => r.costCodeId as number);
const vendorOf = (status: string) => one(`SELECT v.vendorId FROM vendors v JOIN vendor_prequalifications q USING (vendorId) WHERE q.status = ? AND (q.limitExpiresOn IS NULL OR q.limitExpiresOn > '2027-06-01') ORDER BY v.vendorId DESC LIMIT 1`, status).vendorId as number;

describe('the seed', () => {
  it('has 12 SRAs per level in every state on region-1 projects, the waiting High and the gate subcontracts', () => {
    const rows = all(`SELECT s.level, st.name AS state, p.regionId FROM sras s JOIN application_record_states st USING (applicationRecordStateId) JOIN projects p USING (projectId)`);
    for (const level of RISK_LEVELS) {
      const mine = rows.filter((r) => r.level === level);
      assert.ok(mine.length >= 12, `${level}: ${mine.length}`);
      for (const state of ['Draft', 'Submitted', 'Approved', 'Rejected']) assert.ok(mine.some((r) => r.state === state), `${level} ${state}`);
    }
    assert.ok(rows.every((r) => r.regionId === 1));
    const waiting = all(`SELECT s.sraId FROM sras s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.name = 'Submitted' AND s.level = 'High' AND (SELECT count(*) FROM sra_approvals a WHERE a.sraId = s.sraId AND a.role = 'Risk') = 1`);
    assert.equal(waiting.length, 1);
    const gate = all(`SELECT s.subcontractId, st.name AS state, (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) AS amount,
      (SELECT count(*) FROM sras x WHERE x.projectId = s.projectId AND x.vendorId = s.vendorId) AS sras
      FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) JOIN projects p USING (projectId) WHERE p.number = ? ORDER BY s.subcontractId DESC LIMIT 2`, SEED_GATE.projectNumber);
    assert.deepEqual(gate.map((g) => [g.state, g.amount, g.sras]), [['Draft', SEED_GATE.coveredAmount, 1], ['Draft', SEED_GATE.blockedAmount, 0]]);
  });

  it('is deterministic', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bizapps-sra-seed-'));
    const again = openTestDatabase({ file: path.join(dir, 'again.sqlite'), reset: true });
    try {
      // The host's seed includes its envelopes (some subcontracts signed or out for signature).
      await seedTestEnvelopes(again);
      for (const table of [...TABLES, 'subcontracts', 'subcontract_items']) {
        const dump = (d: typeof again) => JSON.stringify(d.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all());
        assert.equal(dump(again), dump(host.db), table);
      }
    } finally {
      again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('list and load', () => {
  it('lists with filters; a Draft is scored now from the vendor record, a submitted one as stored', async () => {
    const list = await api.get('pm', RISK_API.getSras);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.ok(list.body.data.length >= 36);
    const high = await api.get('risk', RISK_API.getSras, { level: 'High', state: 'Submitted' });
    assert.ok(high.body.data.length >= 1 && high.body.data.every((r: Row) => r.level === 'High' && r.state === 'Submitted'));
    const project = gateProject();
    const byProject = await api.get('pm', RISK_API.getSras, { projectId: project.projectId });
    assert.ok(byProject.body.data.every((r: Row) => r.projectId === project.projectId && r.costCodes.length >= 1));

    const draft = one("SELECT s.* FROM sras s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Draft' ORDER BY sraId LIMIT 1");
    const load = await api.get('pm', RISK_API.getSra, { recordKey: 'Sra', recordId: draft.sraId });
    assert.equal(load.status, 200, JSON.stringify(load.body));
    const record = vendorRecord(host.db, draft.vendorId, TODAY)!;
    const completion = one('SELECT completionDate FROM projects WHERE projectId = ?', draft.projectId).completionDate;
    const expected = scoreSra({
      amount: draft.amount, limits: currentLimits(record), openBacklog: openBacklog(host.db, draft.vendorId, draft.subcontractId), revenue: record.financials[0]?.revenue ?? null,
      latestEmr: record.safety[0]?.emr ?? null, glExpiresOn: record.glExpiresOn, subRatingAverage: record.subRatingAverage, projectEnd: completion, today: TODAY,
    });
    assert.deepEqual(load.body.data.sra.factors, expected.factors);
    assert.equal(load.body.data.sra.level, expected.level);
    assert.equal(load.body.data.vendor.vendorId, draft.vendorId);

    const submitted = one("SELECT s.* FROM sras s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Approved' ORDER BY sraId LIMIT 1");
    const stored = await api.get('pm', RISK_API.getSra, { recordKey: 'Sra', recordId: submitted.sraId });
    assert.deepEqual(stored.body.data.sra.factors, JSON.parse(submitted.factors));
    assert.ok(stored.body.data.sra.approvals.length >= 1);
    assert.deepEqual(stored.body.data.moves, []);
    assert.equal(stored.body.data.editable, false);

    assert.equal((await api.get('pm', RISK_API.getSra, { recordKey: 'Sra', recordId: 999999 })).status, 404);
    assert.equal((await api.get('pm', RISK_API.getSra, { recordKey: 'Subcontract', recordId: 1 })).status, 400);
    assert.equal((await api.get('pm', RISK_API.getSras, { level: 'Extreme' })).status, 400);
    // lastLoad: only SRAs changed since.
    assert.deepEqual((await api.get('pm', RISK_API.getSras, { lastLoad: '2030-01-01T00:00:00Z' })).body.data, []);
    assert.equal((await api.get('pm', RISK_API.getSras, { lastLoad: '2000-01-01' })).body.data.length, list.body.data.length);
    assert.equal((await api.get('pm', RISK_API.getSras, { lastLoad: 'yesterday' })).status, 400);
  });
});

describe('create and save', () => {
  it('creates a Draft numbered after the highest, scored and stored; defaults vendor, amount and cost codes from a subcontract', async () => {
    const project = gateProject();
    const codes = sCodes(project.projectId);
    const vendorId = vendorOf('Prequalified');
    const created = await api.post('pm', RISK_API.createSra, { projectId: project.projectId, vendorId, amount: 150000, 'costCodeIds[0]': codes[0]!, 'costCodeIds[1]': codes[1]!, description: 'Test scope' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const sra = created.body.data.sra;
    const max = one("SELECT max(CAST(substr(number, 5) AS INTEGER)) AS n FROM sras WHERE sraId <> ?", sra.sraId).n as number;
    assert.equal(sra.number, `SRA-${String(max + 1).padStart(4, '0')}`);
    assert.equal(sra.state, 'Draft');
    assert.deepEqual(sra.costCodes.map((c: Row) => c.costCodeId), [codes[0], codes[1]]);
    assert.equal(one('SELECT level FROM sras WHERE sraId = ?', sra.sraId).level, sra.level);
    assert.equal(created.body.data.editable, true);
    assert.deepEqual(created.body.data.moves.map((m: Row) => m.name), ['Submitted']);

    const sub = one(`SELECT s.subcontractId, s.vendorId, (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) AS amount
      FROM subcontracts s WHERE s.projectId = ? ORDER BY s.subcontractId DESC LIMIT 1`, project.projectId);
    const fromSub = await api.post('pm', RISK_API.createSra, { projectId: project.projectId, subcontractId: sub.subcontractId });
    assert.equal(fromSub.status, 200, JSON.stringify(fromSub.body));
    assert.equal(fromSub.body.data.sra.vendorId, sub.vendorId);
    assert.equal(fromSub.body.data.sra.amount, sub.amount);
    assert.equal(fromSub.body.data.sra.subcontractId, sub.subcontractId);
    assert.ok(fromSub.body.data.sra.costCodes.length >= 1);
  });

  it("a new SRA from a subcontract defaults to its current sum: the items plus approved change orders (a pending one does not count)", async () => {
    const project = gateProject();
    const sub = one(`SELECT s.subcontractId, (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) AS amount
      FROM subcontracts s WHERE s.projectId = ? ORDER BY s.subcontractId DESC LIMIT 1`, project.projectId);
    const changeOrder = (state: string, amount: number) => {
      const id = Number(host.db.prepare(`INSERT INTO subcontract_change_orders (subcontractId, number, description, applicationRecordStateId, changeOrderDate, displayText, modifiedAt)
        VALUES (?, ?, 'SRA default test', ?, ?, 'SRA default test', 't')`).run(sub.subcontractId, `CO-SRA-${state}`, stateId(host, 'SubcontractChangeOrder', state), TODAY).lastInsertRowid);
      host.db.prepare("INSERT INTO subcontract_change_order_items (subcontractChangeOrderId, costCodeId, description, amount, modifiedAt) VALUES (?, ?, 'SRA default test', ?, 't')")
        .run(id, sCodes(project.projectId)[0]!, amount);
    };
    changeOrder('Approved', 12_345.67);
    changeOrder('Pending Approval', 50_000);
    const created = await api.post('pm', RISK_API.createSra, { projectId: project.projectId, subcontractId: sub.subcontractId });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.data.sra.amount, Math.round((sub.amount + 12_345.67) * 100) / 100);
  });

  it('refuses bad input with a 400 autoAlert at its field and writes nothing', async () => {
    const project = gateProject();
    const codes = sCodes(project.projectId);
    const vendorId = vendorOf('Prequalified');
    const other = one('SELECT c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) WHERE b.projectId <> ? LIMIT 1', project.projectId).costCodeId;
    const otherSub = one('SELECT subcontractId FROM subcontracts WHERE projectId <> ? LIMIT 1', project.projectId).subcontractId;
    const before = checksum(host, TABLES);
    const cases: Array<[Record<string, string | number>, string, string?]> = [
      [{ projectId: project.projectId, vendorId, amount: 0, 'costCodeIds[0]': codes[0]! }, 'amount', SRA_TEXT.amountPositive],
      [{ projectId: project.projectId, vendorId, amount: -5, 'costCodeIds[0]': codes[0]! }, 'amount', SRA_TEXT.amountPositive],
      [{ projectId: project.projectId, vendorId, amount: 'lots', 'costCodeIds[0]': codes[0]! }, 'amount'],
      [{ projectId: project.projectId, vendorId, amount: 1000 }, 'costCodeIds'],
      [{ projectId: project.projectId, vendorId, amount: 1000, 'costCodeIds[0]': other }, 'costCodeIds'],
      [{ projectId: project.projectId, vendorId, amount: 1000, 'costCodeIds[0]': 'x' }, 'costCodeIds'],
      [{ projectId: project.projectId, vendorId: 999999, amount: 1000, 'costCodeIds[0]': codes[0]! }, 'vendorId'],
      [{ projectId: project.projectId, amount: 1000, 'costCodeIds[0]': codes[0]! }, 'vendorId'],
      [{ projectId: 999999, vendorId, amount: 1000, 'costCodeIds[0]': codes[0]! }, 'projectId'],
      [{ projectId: 'abc', vendorId, amount: 1000, 'costCodeIds[0]': codes[0]! }, 'projectId'],
      [{ projectId: project.projectId, subcontractId: otherSub }, 'subcontractId'],
    ];
    for (const [form, fieldName, message] of cases) {
      const answer = await api.post('pm', RISK_API.createSra, form);
      assert.equal(answer.status, 400, `${JSON.stringify(form)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.autoAlert, true);
      assert.equal(answer.body.fieldName, fieldName, JSON.stringify(answer.body));
      if (message) assert.equal(answer.body.message, message);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('saves a Draft (mitigations, amount rescored, version 409 stale); not a submitted one; not someone else\'s for a Default user', async () => {
    const project = gateProject();
    const codes = sCodes(project.projectId);
    const created = (await api.post('pm', RISK_API.createSra, { projectId: project.projectId, vendorId: vendorOf('Prequalified'), amount: 50000, 'costCodeIds[0]': codes[0]! })).body.data.sra;
    const saved = await api.post('pm', RISK_API.saveSra, { sraId: created.sraId, version: created.version, amount: 90000000, 'mitigations[0]': 'bond', 'mitigations[1]': 'sdi', mitigationNote: 'Bonded' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.sra.amount, 90000000);
    assert.deepEqual(saved.body.data.sra.mitigations, ['bond', 'sdi']);
    assert.equal(saved.body.data.sra.version, created.version + 1);
    assert.equal(saved.body.data.sra.factors.find((f: Row) => f.key === 'singleLimit').rating, 'red');
    assert.equal(one('SELECT level FROM sras WHERE sraId = ?', created.sraId).level, saved.body.data.sra.level);

    const before = checksum(host, TABLES);
    const stale = await api.post('pm', RISK_API.saveSra, { sraId: created.sraId, version: created.version, amount: 1000 });
    assert.equal(stale.status, 409);
    const badMitigation = await api.post('pm', RISK_API.saveSra, { sraId: created.sraId, version: created.version + 1, 'mitigations[0]': 'prayer' });
    assert.equal(badMitigation.status, 400);
    assert.equal(badMitigation.body.fieldName, 'mitigations');
    const notMine = await api.post('reviewer', RISK_API.saveSra, { sraId: created.sraId, version: created.version + 1, amount: 1000 });
    assert.equal(notMine.status, 403);
    const submitted = one("SELECT s.sraId, s.version FROM sras s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Submitted' LIMIT 1");
    const locked = await api.post('risk', RISK_API.saveSra, { sraId: submitted.sraId, version: submitted.version, amount: 1000 });
    assert.equal(locked.status, 400);
    assert.equal(locked.body.message, SRA_TEXT.onlyDraftEditable);
    assert.equal(checksum(host, TABLES), before);

    const cleared = await api.post('pm', RISK_API.saveSra, { sraId: created.sraId, version: created.version + 1, mitigations: '' });
    assert.deepEqual(cleared.body.data.sra.mitigations, []);
  });
});

describe('access', () => {
  it('refuses the viewer (no keyRISK) on every SRA call with 403; PFM users read the gate status', async () => {
    const sub = one('SELECT subcontractId FROM subcontracts ORDER BY subcontractId DESC LIMIT 1').subcontractId;
    const project = gateProject();
    const gets: Array<[string, Record<string, string | number>]> = [
      [RISK_API.getSras, {}], [RISK_API.getSra, { recordKey: 'Sra', recordId: 1 }], [RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub }],
      [RISK_API.getBuyoutSras, { projectId: project.projectId }],
    ];
    for (const [path, query] of gets) assert.equal((await api.get('viewer', path, query)).status, 403, path);
    for (const path of [RISK_API.createSra, RISK_API.saveSra, RISK_API.updateSraState]) {
      assert.equal((await api.post('viewer', path, { sraId: 1, ItemId: 1, OldRecordStateId: 1, RouteStateId: 1, projectId: 1 })).status, 403, path);
    }
    assert.equal((await api.get(null, RISK_API.getSras)).status, 401);
    const status = await api.get('pm', RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: sub });
    assert.equal(status.status, 200);
    assert.equal(status.body.data.startLink, sraStartLink(sub));
    assert.ok(stateId(host, 'Sra', 'Draft') > 0);
  });
});
