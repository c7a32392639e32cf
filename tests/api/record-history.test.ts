/**
 * Record history (db/history.ts, migration 008; GET /api/pfm/getrecordhistory): every write through
 * the API leaves one row per changed field with the old and new value, the actor and the change set;
 * the load answers the record, its items and its history, marks what is behind the caller's orange
 * asterisk, and refuses what the caller may not see.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { databaseBefore, inTempFolder } from './support/migrations';
import { historyTriggerSql, TRACKED_TABLES, withHistoryActor } from '../../demo/host/db/history';
import { openDatabase } from '../../demo/host/db/index';
import { useTestHost, type Row } from './support/use-host';

const { api, one, all } = useTestHost();

const employee = (login: string) => one('SELECT employeeId, preferredName FROM employees WHERE login = ?', login);

describe('record history', () => {
  it('the seed records nothing (no actor outside a request) but its envelopes\' steps, made by the product as their actors', () => {
    // The seeded envelopes (db/seed/esign.ts) are sent, signed and voided by the product's operations: each step is
    // recorded on the envelope or on the commitment it carries, and on nothing else.
    const others = one(`SELECT count(*) AS n FROM record_history h WHERE NOT EXISTS (SELECT 1 FROM envelopes e
      WHERE (h.recordKey = 'Envelope' AND h.recordId = e.envelopeId) OR (h.recordKey = e.recordKey AND h.recordId = e.recordId))`).n;
    assert.equal(others, 0);
    assert.ok(one("SELECT count(*) AS n FROM record_history WHERE recordKey = 'Subcontract' AND field = 'applicationRecordStateId'").n >= 1);
  });

  it('a header save records each changed field with old and new value, the actor and one change set; modifiedAt is not recorded', async () => {
    const oa = one('SELECT * FROM owner_agreements WHERE projectId = 1');
    const rpm = employee('rpm');
    const answer = await api.post('rpm', '/api/pfm/SaveCommitment', {
      RecordKey: 'OwnerAgreement', RecordId: oa.ownerAgreementId, OldRecordStateId: oa.applicationRecordStateId,
      description: 'History test description', contractType: oa.contractType === 'GMP' ? 'Lump Sum' : 'GMP',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = all("SELECT * FROM record_history WHERE recordKey = 'OwnerAgreement' AND recordId = ? ORDER BY recordHistoryId", oa.ownerAgreementId);
    const newType = oa.contractType === 'GMP' ? 'Lump Sum' : 'GMP';
    const byField = Object.fromEntries(rows.map((r) => [r.field, [r.oldValue, r.newValue, r.action]]));
    assert.deepEqual(byField, { description: [oa.description, 'History test description', 'update'], contractType: [oa.contractType, newType, 'update'] });
    assert.deepEqual(rows.map((r) => r.field).sort(), ['contractType', 'description']);
    assert.ok(rows.every((r) => r.changedByEmployeeId === rpm.employeeId));
    assert.equal(new Set(rows.map((r) => r.changeSetId)).size, 1);
    assert.ok(!rows.some((r) => r.field === 'modifiedAt'));

    // The load: the record, the history newest first with the actor's name, and (for the project's PM,
    // whose asterisk the save lit) the change marked unacknowledged.
    const pmId = one('SELECT projectManagerEmployeeId AS id FROM projects WHERE projectId = 1').id;
    const pmLogin = one('SELECT login FROM employees WHERE employeeId = ?', pmId).login as string;
    const loaded = await api.get(pmLogin, '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: oa.ownerAgreementId });
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    const data = loaded.body.data;
    assert.equal(data.record.description, 'History test description');
    assert.equal(data.record.modifiedAt, undefined);
    const description = data.history.find((h: Row) => h.field === 'description');
    assert.equal(description.oldValue, oa.description);
    assert.equal(description.newValue, 'History test description');
    assert.equal(description.changedBy, rpm.preferredName);
    assert.equal(description.unacknowledged, true);
    assert.ok(data.changes.some((c: Row) => c.changeSetId === description.changeSetId));
    // The actor's own view: nothing is behind an asterisk for them.
    const own = await api.get('rpm', '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: oa.ownerAgreementId });
    assert.ok(own.body.data.history.every((h: Row) => h.unacknowledged === false));
    // Acknowledged: no longer marked.
    await api.get(pmLogin, '/api/changes/remove', { ApplicationId: 'keyPFM', ParentApplicationRecordId: oa.ownerAgreementId, ParentRecordType: 'OwnerAgreement' });
    const after = await api.get(pmLogin, '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: oa.ownerAgreementId });
    assert.equal(after.body.data.history.find((h: Row) => h.field === 'description').unacknowledged, false);
    // lastLoad: only newer rows.
    const later = await api.get(pmLogin, '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: oa.ownerAgreementId, lastLoad: '2999-01-01T00:00:00Z' });
    assert.deepEqual(later.body.data.history, []);
  });

  it('items: an added, changed and deleted item is recorded under its parent and listed with it', async () => {
    const sc = one("SELECT s.* FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Draft' LIMIT 1");
    const code = one("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'S' LIMIT 1", sc.budgetId).costCodeId;
    const added = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sc.subcontractId, 'items[0].costCodeId': code, 'items[0].description': 'History item', 'items[0].amount': '125',
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const item = one("SELECT * FROM subcontract_items WHERE subcontractId = ? AND description = 'History item'", sc.subcontractId);
    const changed = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sc.subcontractId, 'items[0].itemId': item.subcontractItemId, 'items[0].costCodeId': code,
      'items[0].description': 'History item', 'items[0].amount': '150',
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const loaded = (await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'Subcontract', recordId: sc.subcontractId })).body.data;
    const mine = loaded.history.filter((h: Row) => h.childKey === 'SubcontractItem' && h.childId === item.subcontractItemId);
    assert.ok(mine.some((h: Row) => h.action === 'insert' && h.field === 'amount' && h.newValue === 125 && h.oldValue === null));
    assert.ok(mine.some((h: Row) => h.action === 'update' && h.field === 'amount' && h.oldValue === 125 && h.newValue === 150));
    assert.ok(loaded.items.some((i: Row) => i.itemKey === 'SubcontractItem' && i.itemId === item.subcontractItemId && i.amount === 150));
    // The item's own key finds the same rows.
    const byItem = (await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'SubcontractItem', recordId: item.subcontractItemId })).body.data;
    assert.equal(byItem.record, null);
    assert.ok(byItem.history.length >= mine.length);
  });

  it('refusals: no PFM role 403; unknown record 404; unknown key and bad id 400; no token 401', async () => {
    const oa = one('SELECT ownerAgreementId FROM owner_agreements LIMIT 1');
    assert.equal((await api.get('employee', '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: oa.ownerAgreementId })).status, 403);
    assert.equal((await api.get(null, '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: oa.ownerAgreementId })).status, 401);
    const missing = await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: 999999 });
    assert.equal(missing.status, 404);
    assert.match(missing.body.message, /OwnerAgreement 999999 not found/);
    assert.equal((await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'Nope', recordId: 1 })).status, 400);
    assert.equal((await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'OwnerAgreement', recordId: 'x' })).status, 400);
    assert.equal((await api.get('pm', '/api/pfm/getrecordhistory', {})).status, 400);
    // Other areas' tracked records are not served to a PFM role: a timecard, a SLIM request, a vendor's prequalification, an SRA.
    for (const [recordKey, recordId] of [['Timecard', 1], ['TimecardLine', 1], ['SlimRequest', 1], ['VendorPrequalification', 1], ['Sra', 1]] as const) {
      const refused = await api.get('pm', '/api/pfm/getrecordhistory', { recordKey, recordId });
      assert.equal(refused.status, 403, recordKey);
      assert.match(refused.body.message, /is not served here/);
    }
    // A record key is exact (declare.ts p.recordKey): 'sra' is no key at all.
    const lower = await api.get('pm', '/api/pfm/getrecordhistory', { recordKey: 'sra', recordId: 1 });
    assert.equal(lower.status, 400);
    assert.equal(lower.body.parameter, 'recordKey');
  });

  it('one generated trigger per event per tracked table, refreshed from the current columns', () => {
    for (const spec of TRACKED_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        assert.ok(one("SELECT 1 AS ok FROM sqlite_master WHERE type = 'trigger' AND name = ?", `history_${spec.table}_${event}`), `${spec.table} ${event}`);
      }
    }
    const sql = historyTriggerSql(TRACKED_TABLES[0]!, ['description', 'modifiedAt']);
    assert.match(sql, /AFTER UPDATE ON "subcontracts"/);
    assert.match(sql, /WHEN history_change_set\(\) IS NOT NULL/); // an employee or a named outsider (a signer)
  });
});

describe('migration 008', () => {
  it('a database made before it upgrades with its data kept, an empty history, and records writes from then on', () => {
    inTempFolder('bizapps-history-migration-', (file) => {
      const old = databaseBefore(file, 8);
      old.prepare("INSERT INTO legal_entities VALUES (1, 'SB', 'Summit', 'Summit', '2026-01-01')").run();
      old.prepare(`INSERT INTO employees (employeeId, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, displayText, modifiedAt)
        VALUES (1, 'k', 'A', 'B', 'A B', 'AB', 'PM', 'a@b.example', 'A B', 't')`).run();
      old.prepare("INSERT INTO opportunities (opportunityId, number, name, client, legalEntityId, status, estimatedValue, displayText, modifiedAt) VALUES (1, 'OPP-1', 'n', 'c', 1, 'Pursuit', 0, 'd', 't')").run();
      old.close();
      const db = openDatabase({ file });
      try {
        assert.deepEqual(db.prepare('SELECT code FROM legal_entities').all(), [{ code: 'SB' }]);
        assert.equal((db.prepare('SELECT count(*) AS n FROM record_history').get() as Row).n, 0);
        assert.ok((db.prepare('PRAGMA table_info(change_tracking)').all() as Row[]).some((c) => c.name === 'changeSetId'));
        // Outside a request nothing is recorded; with an actor, each field of the insert is.
        db.prepare("INSERT INTO opportunity_cost_codes (opportunityId, code, description, addedAt, modifiedAt) VALUES (1, '01010000', 'Outside', 't', 't')").run();
        assert.equal((db.prepare('SELECT count(*) AS n FROM record_history').get() as Row).n, 0);
        withHistoryActor(1, () => db.prepare("UPDATE opportunity_cost_codes SET description = 'Inside', modifiedAt = 'u' WHERE code = '01010000'").run());
        assert.deepEqual(db.prepare('SELECT recordKey, recordId, childKey, field, oldValue, newValue, changedByEmployeeId FROM record_history').all(), [
          { recordKey: 'Opportunity', recordId: 1, childKey: 'OpportunityCostCode', field: 'description', oldValue: 'Outside', newValue: 'Inside', changedByEmployeeId: 1 },
        ]);
      } finally {
        db.close();
      }
    });
  });
});
