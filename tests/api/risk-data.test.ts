/**
 * Subcontractor risk, the data foundations (issue 14, migration 013, seed/risk.ts): migration 013
 * upgrades a version-12 database with its data kept (projects get their region; the SlimRequest and Sra
 * states and advancements are added, the same as a fresh database's); the tables refuse what they must;
 * the prequalification seed's facts (150+ vendors, every status, expired insurance, high EMR, no seeded
 * subcontract over its vendor's limit); and it is deterministic.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../demo/host/db/index';
import { openTestDatabase, TEST_SEED_DAY } from './support/seed-day';
import { RECORD_STATES } from '../../demo/host/db/states';
import { databaseBefore } from './support/migrations';
import { effectiveStatus, PREQUAL_STATUSES, singleLimitInForce, type PrequalStatus } from '../../src/core/risk/limits';
import type { Row } from './support/use-host';
import { useSeededDatabase } from './support/use-seeded-database';

const { dir, db, one, all, n } = useSeededDatabase('bizapps-risk-data-');

/** [record key, from, to] of every advancement in a database. */
const advancementsOf = (d: Database.Database, key: string) => (d.prepare(`SELECT f.name AS f, t.name AS t FROM state_advancements a
  JOIN application_record_states f ON f.applicationRecordStateId = a.applicationRecordStateId
  JOIN application_record_states t ON t.applicationRecordStateId = a.targetApplicationRecordStateId
  WHERE f.applicationRecordKey = ? ORDER BY f.displayOrder, a.displayOrder`).all(key) as Row[]).map((r) => `${r.f} → ${r.t}`);

describe('migration 013', () => {
  it('upgrades a version-12 database with its data kept; projects get their region; the states match a fresh database', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = databaseBefore(file, 13);
    old.exec(`INSERT INTO legal_entities VALUES (2, 'SBT', 'Summit Texas', 'Summit Texas', '2026-01-01');
      INSERT INTO regions (regionId, code, name, displayText, modifiedAt) VALUES (2, 'GC', 'Gulf Coast', 'Gulf Coast', 't');
      INSERT INTO applications (applicationId, applicationKey, name, displayText, modifiedAt) VALUES (1, 'keySLIM', 'SLIM', 'SLIM', 't'), (2, 'keyRISK', 'Risk', 'Risk', 't');
      INSERT INTO vendors (vendorId, vendorNumber, name, trade, city, state, phone, email, displayText, modifiedAt)
        VALUES (7, 'V00007', 'Old Vendor', 'concrete', 'Houston', 'TX', 'x', 'e@x', 'Old Vendor', 't');
      INSERT INTO projects (projectId, legalEntityId, number, name, classification, projectDescription, city, state, displayText, modifiedAt)
        VALUES (5, 2, '25-0005', 'Old Project', 'GC', 'd', 'Houston', 'TX', 'Old Project', 't');`);
    old.close();
    const up = openDatabase({ file });
    try {
      assert.ok((up.prepare('SELECT version FROM schema_migrations').all() as Row[]).some((m) => m.version === 13));
      assert.deepEqual(up.prepare('SELECT projectId, name, regionId FROM projects').all(), [{ projectId: 5, name: 'Old Project', regionId: 2 }]);
      assert.deepEqual(up.prepare('SELECT vendorId, name FROM vendors').all(), [{ vendorId: 7, name: 'Old Vendor' }]);
      // No record: the vendor reads Not Prequalified (the default limit applies).
      assert.equal((up.prepare('SELECT count(*) AS n FROM vendor_prequalifications').get() as Row).n, 0);
      for (const key of ['SlimRequest', 'Sra']) {
        assert.deepEqual((up.prepare('SELECT name, closed FROM application_record_states WHERE applicationRecordKey = ? ORDER BY displayOrder').all(key) as Row[])
          .map((r) => [r.name, r.closed === 1]), RECORD_STATES[key]!.map(([name, closed]) => [name, closed]), key);
        assert.deepEqual(advancementsOf(up, key), advancementsOf(db(), key), key);
      }
      // Running the upgrade again changes nothing (the state rows are idempotent).
      assert.equal((up.prepare("SELECT count(*) AS n FROM application_record_states WHERE applicationRecordKey IN ('SlimRequest', 'Sra')").get() as Row).n, 13);
    } finally {
      up.close();
    }
  });

  it('the tables refuse what they must', () => {
    const bad = (sql: string) => assert.throws(() => db().prepare(sql).run(), /CHECK|constraint/i, sql);
    const vendor = one('SELECT vendorId FROM vendors WHERE vendorId NOT IN (SELECT vendorId FROM vendor_prequalifications)').vendorId;
    bad(`INSERT INTO vendor_prequalifications (vendorId, status, displayText, modifiedAt) VALUES (${vendor}, 'Approved', 'x', 't')`);
    bad(`INSERT INTO vendor_prequalifications (vendorId, status, limitExpiresOn, displayText, modifiedAt) VALUES (${vendor}, 'Pending', '2026-13-01', 'x', 't')`);
    bad(`INSERT INTO vendor_prequalifications (vendorId, subRatingAverage, displayText, modifiedAt) VALUES (${vendor}, 5.5, 'x', 't')`);
    bad(`INSERT INTO vendor_safety (vendorId, year, emr, oshaRecordableRate, modifiedAt) VALUES (${vendor}, 2030, 0, 1, 't')`);
    bad(`INSERT INTO sra_mitigations (sraId, mitigation, chosenAt) VALUES (1, 'prayer', 't')`);
  });
});

describe('the prequalification seed', () => {
  it('150+ vendors, each status in force, expired insurance, EMR of 1.25 or more, thin balance sheets', () => {
    assert.ok(n('SELECT count(*) AS n FROM vendors') >= 150);
    const rows = all(`SELECT v.vendorId, q.status, q.singleLimit, q.aggregateLimit, q.limitExpiresOn FROM vendors v
      LEFT JOIN vendor_prequalifications q ON q.vendorId = v.vendorId`);
    const counts = new Map<PrequalStatus, number>();
    for (const r of rows) {
      const status = effectiveStatus({ status: r.status ?? 'Not Prequalified', singleLimit: r.singleLimit, aggregateLimit: r.aggregateLimit, limitExpiresOn: r.limitExpiresOn }, TEST_SEED_DAY);
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    for (const status of PREQUAL_STATUSES) assert.ok((counts.get(status) ?? 0) >= 3, `${status}: ${counts.get(status) ?? 0}`);
    assert.ok(n('SELECT count(*) AS n FROM vendor_prequalifications WHERE glExpiresOn < ?', TEST_SEED_DAY) >= 5);
    assert.ok(n('SELECT count(DISTINCT vendorId) AS n FROM vendor_safety WHERE emr >= 1.25 AND year = 2025') >= 5);
    assert.ok(n('SELECT count(*) AS n FROM vendor_financials WHERE currentAssets < 1.2 * currentLiabilities') >= 5);
    assert.ok(n("SELECT count(*) AS n FROM vendor_prequalifications WHERE status IN ('Prequalified', 'Prequalified with Conditions') AND aggregateLimit <> 2 * singleLimit") === 0);
    // Three years of statements and safety for every vendor that has any.
    assert.equal(n('SELECT count(*) AS n FROM (SELECT vendorId FROM vendor_safety GROUP BY vendorId HAVING count(*) <> 3)'), 0);
    assert.equal(n('SELECT count(*) AS n FROM (SELECT vendorId FROM vendor_financials GROUP BY vendorId HAVING count(*) <> 3)'), 0);
    assert.equal(n('SELECT count(*) AS n FROM projects WHERE regionId IS NULL'), 0);
  });

  it('no seeded subcontract exceeds its vendor\'s single limit in force (so the gate blocks none of them)', () => {
    const subs = all(`SELECT s.subcontractId, s.vendorId, (SELECT coalesce(sum(amount), 0) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) AS amount,
      q.status, q.singleLimit, q.aggregateLimit, q.limitExpiresOn FROM subcontracts s JOIN vendor_prequalifications q ON q.vendorId = s.vendorId
      WHERE s.vendorId IN (SELECT vendorId FROM vendors WHERE vendorId <= 69)`);
    assert.ok(subs.length > 1000);
    const today = '2027-06-01';
    const over = subs.filter((s) => s.amount > singleLimitInForce({ status: s.status, singleLimit: s.singleLimit, aggregateLimit: s.aggregateLimit, limitExpiresOn: s.limitExpiresOn }, today));
    assert.deepEqual(over, []);
  });

  it('is deterministic', () => {
    const again = openTestDatabase({ file: path.join(dir, 'again.sqlite'), reset: true });
    try {
      for (const table of ['vendors', 'vendor_prequalifications', 'vendor_financials', 'vendor_safety']) {
        const dump = (d: Database.Database) => JSON.stringify(d.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all());
        assert.equal(dump(again), dump(db()), table);
      }
    } finally {
      again.close();
    }
  });
});
