/**
 * Opportunities (issue 12, pfm/opportunities): the seeded list, one opportunity by recordId, adding and
 * removing a labour cost code, the refusals (bad code shape, duplicate, Lost opportunity: 400
 * feedback), who may read and who may write, bad input answered 4xx, and migration 005 on an existing database.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../demo/host/db/index';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { databaseBefore, inTempFolder } from './support/migrations';
import { useTestHost, type Row } from './support/use-host';

const { api, one } = useTestHost();

const LIST = '/api/pfm/getopportunities';
const ADD = '/api/pfm/AddOpportunityCostCode';
const REMOVE = '/api/pfm/RemoveOpportunityCostCode';
const idOf = (number: string) => one('SELECT opportunityId FROM opportunities WHERE number = ?', number).opportunityId as number;

describe('getopportunities', () => {
  it('answers the twelve seeded opportunities by number, across Pursuit, Won and Lost, each with 2-5 labour codes', async () => {
    const answer = await api.get('pm', LIST);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = answer.body.data as Row[];
    assert.equal(rows.length, 12);
    assert.deepEqual(rows.map((r) => r.number), [...rows.map((r) => r.number)].sort());
    assert.deepEqual(new Set(rows.map((r) => r.status)), new Set(['Pursuit', 'Won', 'Lost']));
    for (const r of rows) {
      assert.ok(r.costCodes.length >= 2 && r.costCodes.length <= 5, r.number);
      for (const c of r.costCodes) {
        assert.equal(c.type, 'L');
        assert.match(c.code, /^\d{8}$/);
        assert.equal(c.codeDisplay, `${c.code.slice(0, 2)}-${c.code.slice(2, 6)}-${c.code.slice(6)}`);
        assert.equal(typeof c.active, 'boolean');
      }
    }
    const opp = rows.find((r) => r.number === 'OPP-26-014')!;
    assert.deepEqual([opp.name, opp.client, opp.status, opp.estimatedValue, opp.legalEntityName],
      ['Mesa Verde Community Clinic', 'Mesa Verde Health District', 'Pursuit', 5_250_000, 'Summit Builders Texas, LLC']);
    assert.deepEqual(opp.costCodes.map((c: Row) => [c.codeDisplay, c.active]),
      [['01-0100-00', true], ['01-0200-00', true], ['01-0300-00', true], ['01-0400-00', true], ['01-0500-00', false]]);
  });

  it('answers one opportunity by recordId (oppId), 404 for an unknown one; lastLoad keeps only later changes', async () => {
    const id = idOf('OPP-26-003');
    const answer = await api.get('pm', LIST, { recordKey: 'Opportunity', recordId: id });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.data.map((r: Row) => [r.number, r.status]), [['OPP-26-003', 'Lost']]);
    assert.equal((await api.get('pm', LIST, { recordId: 999999 })).status, 404);
    const later = await api.get('pm', LIST, { lastLoad: '2099-01-01T00:00:00Z' });
    assert.deepEqual(later.body.data, []);
  });

  it('reading: any keyPFM or keyTC role (employee and tcadmin read); no key of either is 403', async () => {
    for (const login of ['admin', 'rpm', 'pm', 'employee', 'tcadmin']) assert.equal((await api.get(login, LIST)).status, 200, login);
    const refused = await api.get('viewer', LIST);
    assert.equal(refused.status, 403);
    assert.equal((await api.get(null, LIST)).status, 401);
  });

  it('bad input is a 4xx naming the parameter, never 500', async () => {
    const queries: Array<Record<string, string | number>> = [{ recordId: 'abc' }, { recordKey: 'Project', recordId: 1 }, { lastLoad: 'yesterday' }, { recordId: '-5' }];
    for (const query of queries) {
      const answer = await api.get('pm', LIST, query);
      assert.equal(answer.status, 400, JSON.stringify(query));
      assert.match(answer.body.message, /Parameter '(recordId|recordKey|lastLoad)'/);
    }
  });
});

describe('AddOpportunityCostCode and RemoveOpportunityCostCode', () => {
  it('rpm adds a code (hyphens accepted), the list shows it; removing marks it inactive; adding again reactivates it', async () => {
    const id = idOf('OPP-26-001');
    const added = await api.post('rpm', ADD, { OpportunityId: id, Code: '01-0900-00', Description: '  Interview preparation ' });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const code = (added.body.data.costCodes as Row[]).find((c) => c.code === '01090000')!;
    assert.deepEqual([code.codeDisplay, code.description, code.type, code.active, code.addedByName], ['01-0900-00', 'Interview preparation', 'L', true, 'Linda Okafor']);
    const stored = one('SELECT * FROM opportunity_cost_codes WHERE opportunityCostCodeId = ?', code.opportunityCostCodeId);
    assert.deepEqual([stored.code, stored.type, stored.active, stored.addedByEmployeeId], ['01090000', 'L', 1, 3]);

    const removed = await api.post('admin', REMOVE, { OpportunityId: id, OpportunityCostCodeId: code.opportunityCostCodeId });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal((removed.body.data.costCodes as Row[]).find((c) => c.code === '01090000')!.active, false);
    assert.equal(one('SELECT active FROM opportunity_cost_codes WHERE opportunityCostCodeId = ?', code.opportunityCostCodeId).active, 0);
    // Removing it twice: 404.
    assert.equal((await api.post('admin', REMOVE, { OpportunityId: id, OpportunityCostCodeId: code.opportunityCostCodeId })).status, 404);

    const again = await api.post('admin', ADD, { OpportunityId: id, Code: '01090000', Description: 'Interviews' });
    assert.equal(again.status, 200);
    const back = (again.body.data.costCodes as Row[]).filter((c) => c.code === '01090000');
    assert.deepEqual(back.map((c) => [c.opportunityCostCodeId, c.active, c.description]), [[code.opportunityCostCodeId, true, 'Interviews']]);
  });

  it('refuses a bad code shape, a duplicate and a Lost opportunity with 400 feedback, writing nothing', async () => {
    const id = idOf('OPP-26-001');
    const before = one('SELECT count(*) AS n FROM opportunity_cost_codes').n as number;
    const shape = await api.post('rpm', ADD, { OpportunityId: id, Code: '1234-56', Description: 'x' });
    assert.equal(shape.status, 400);
    assert.deepEqual(shape.body.feedback, [{ integerValue: 1, stringValue: 'code', message: 'The cost code must have 8 digits, shown 2-4-2 (for example 01-0100-00).' }]);
    const duplicate = await api.post('rpm', ADD, { OpportunityId: id, Code: '01010000', Description: 'Again' });
    assert.equal(duplicate.status, 400);
    assert.equal(duplicate.body.message, '01-0100-00 is already a cost code of opportunity OPP-26-001.');
    const lost = await api.post('admin', ADD, { OpportunityId: idOf('OPP-26-003'), Code: '01090000', Description: 'Debrief' });
    assert.equal(lost.status, 400);
    assert.equal(lost.body.message, 'Opportunity OPP-26-003 is Lost: its cost codes are closed to new time.');
    assert.equal(lost.body.feedback[0].stringValue, 'opportunity');
    const noDescription = await api.post('rpm', ADD, { OpportunityId: id, Code: '01099999', Description: '   ' });
    assert.equal(noDescription.status, 400);
    assert.equal(noDescription.body.message, 'A description is required.');
    assert.equal(one('SELECT count(*) AS n FROM opportunity_cost_codes').n, before);
  });

  it('pm, employee and viewer may not add or remove (403 with a clear message)', async () => {
    const id = idOf('OPP-26-002');
    const codeId = one('SELECT min(opportunityCostCodeId) AS id FROM opportunity_cost_codes WHERE opportunityId = ? AND active = 1', id).id as number;
    const pm = await api.post('pm', ADD, { OpportunityId: id, Code: '01090000', Description: 'x' });
    assert.equal(pm.status, 403);
    assert.equal(pm.body.message, 'Only Admin and RPM (PFM) may add or remove opportunity cost codes.');
    assert.equal((await api.post('pm', REMOVE, { OpportunityId: id, OpportunityCostCodeId: codeId })).status, 403);
    for (const login of ['employee', 'viewer']) {
      assert.equal((await api.post(login, ADD, { OpportunityId: id, Code: '01090000', Description: 'x' })).status, 403, login);
      assert.equal((await api.post(login, REMOVE, { OpportunityId: id, OpportunityCostCodeId: codeId })).status, 403, login);
    }
    assert.equal(one('SELECT active FROM opportunity_cost_codes WHERE opportunityCostCodeId = ?', codeId).active, 1);
  });

  it('bad input is a 4xx, never 500', async () => {
    const id = idOf('OPP-26-001');
    const cases: Array<[string, Record<string, string | number>, number]> = [
      [ADD, { Code: '01090001', Description: 'x' }, 400],
      [ADD, { OpportunityId: 'x', Code: '01090001', Description: 'x' }, 400],
      [ADD, { OpportunityId: 999999, Code: '01090001', Description: 'x' }, 404],
      [ADD, { OpportunityId: id, Code: '9'.repeat(5000), Description: 'x' }, 400],
      [ADD, { OpportunityId: id, Code: '01090001', Description: 'y'.repeat(201) }, 400],
      [REMOVE, { OpportunityId: id }, 400],
      [REMOVE, { OpportunityId: id, OpportunityCostCodeId: 'one' }, 400],
      [REMOVE, { OpportunityId: id, OpportunityCostCodeId: 999999 }, 404],
    ];
    for (const [route, form, status] of cases) {
      const answer = await api.post('admin', route, form);
      assert.equal(answer.status, status, `${route} ${JSON.stringify(form).slice(0, 80)}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      assert.equal(typeof answer.body.message, 'string');
    }
    // urlencoded works too.
    const url = await api.post('admin', ADD, { OpportunityId: id, Code: '01 0910 00', Description: 'Urlencoded' }, 'urlencoded');
    assert.equal(url.status, 200, JSON.stringify(url.body));
  });
});

describe('migration 005', () => {
  it('upgrades a version-4 database with its data kept and the opportunity tables empty', () => {
    inTempFolder('bizapps-opp-migration-', (file) => {
      const old = databaseBefore(file, 5);
      old.prepare("INSERT INTO legal_entities VALUES (1, 'SB', 'Summit', 'Summit', '2026-01-01')").run();
      old.close();
      const db = openDatabase({ file });
      try {
        // Every later migration runs too: user_version is the last one's.
        assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS[MIGRATIONS.length - 1]!.version);
        assert.ok((db.prepare('SELECT version FROM schema_migrations').all() as Row[]).some((m) => m.version === 5));
        assert.deepEqual(db.prepare('SELECT code FROM legal_entities').all(), [{ code: 'SB' }]);
        assert.equal((db.prepare('SELECT count(*) AS n FROM opportunities').get() as Row).n, 0);
        assert.equal((db.prepare('SELECT count(*) AS n FROM opportunity_cost_codes').get() as Row).n, 0);
        db.prepare("INSERT INTO opportunities (number, name, client, legalEntityId, status, estimatedValue, displayText, modifiedAt) VALUES ('OPP-1', 'n', 'c', 1, 'Pursuit', 0, 'd', 't')").run();
        assert.throws(() => db.prepare("INSERT INTO opportunity_cost_codes (opportunityId, code, description, addedAt, modifiedAt) VALUES (1, '0101000', 'd', 't', 't')").run(), /CHECK/);
        assert.throws(() => db.prepare("INSERT INTO opportunities (number, name, client, status, displayText, modifiedAt) VALUES ('OPP-2', 'n', 'c', 'Maybe', 'd', 't')").run(), /CHECK/);
      } finally {
        db.close();
      }
    });
  });
});
