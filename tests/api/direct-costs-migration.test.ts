/**
 * Migration 002 (direct cost approval): a database made by migration 001 with the old direct cost
 * states (Draft, Submitted, Posted, Void) and old advancements upgrades on open with every direct
 * cost, item and posting kept, the state ids kept (Submitted is renamed Pending Approval, Approved is
 * added), and ends with the same DirectCost states, advancements and field security as a fresh seed.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../demo/host/db/index';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { openTestDatabase } from './support/seed-day';
import type { Row } from './support/use-host';

const dir = mkdtempSync(path.join(tmpdir(), 'bizapps-dc-migration-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const T = '2026-01-01T00:00:00.000Z';

/** A version-1 database as the old seed left it, with direct costs in every old state. */
function oldDatabase(file: string): void {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, appliedAt TEXT NOT NULL)`);
  db.exec(MIGRATIONS[0]!.sql);
  db.prepare('INSERT INTO schema_migrations VALUES (1, ?, ?)').run(MIGRATIONS[0]!.name, T);
  db.pragma('user_version = 1');
  const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
  run("INSERT INTO applications VALUES (1, 'keyPFM', 'PFM', 'PFM', ?)", T);
  run("INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt) VALUES ('Subcontract', 1, 'Subcontract', 'Subcontract', ?)", T);
  run("INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt) VALUES ('DirectCost', 1, 'Direct Cost', 'Direct Cost', ?)", T);
  // Another record's states first, so DirectCost ids do not start at 1.
  run("INSERT INTO application_record_states VALUES (1, 'Subcontract', 'Draft', 0, 1, 1, 'Draft', ?)", T);
  const old = [['Draft', 0], ['Submitted', 0], ['Posted', 1], ['Void', 1]] as const;
  old.forEach(([name, closed], i) => run('INSERT INTO application_record_states VALUES (?, ?, ?, ?, ?, ?, ?, ?)', 10 + i, 'DirectCost', name, closed, i + 1, i === 0 ? 1 : 0, name, T));
  // Old advancements: Draft → Submitted, Void; Submitted → Posted, Draft, Void.
  for (const [from, to, quick, order] of [[10, 11, 1, 1], [10, 13, 0, 2], [11, 12, 1, 1], [11, 10, 0, 2], [11, 13, 0, 3]]) {
    run('INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt) VALUES (?, ?, ?, ?, ?)', from, to, quick, order, T);
  }
  run("INSERT INTO legal_entities VALUES (1, 'SB', 'Summit', 'Summit', ?)", T);
  run("INSERT INTO employees (employeeId, login, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, displayText, modifiedAt) VALUES (2, 'pm', 'E2', 'P', 'M', 'PM', 'PM', 'PM', 'pm@x', 'PM', ?)", T);
  run("INSERT INTO projects (projectId, legalEntityId, number, name, classification, projectDescription, city, state, displayText, modifiedAt) VALUES (1, 1, '24-1', 'P', 'GC', 'd', 'c', 'TX', 'P', ?)", T);
  run("INSERT INTO budgets (budgetId, projectId, jobNumber, name, displayText, modifiedAt) VALUES (1, 1, '24-1', 'B', 'B', ?)", T);
  run("INSERT INTO cost_types VALUES ('M', 'Material', 0, 0, 1, 'M', ?)", T);
  run("INSERT INTO cost_codes (costCodeId, budgetId, code, type, description, displayText, modifiedAt) VALUES (1, 1, '03300000', 'M', 'Concrete', 'C', ?)", T);
  run("INSERT INTO direct_cost_types VALUES (1, 'Permit Fee', 'Permit Fee', 1, ?)", T);
  const states = [10, 11, 11, 12, 12, 12, 13];
  states.forEach((stateId, i) => {
    const id = i + 1;
    run(`INSERT INTO direct_costs (directCostId, projectId, budgetId, directCostTypeId, number, directCostDate, description, amount, applicationRecordStateId, displayText, modifiedAt)
      VALUES (?, 1, 1, 1, ?, '2025-06-01', 'Permit', 300, ?, ?, ?)`, id, `DC-${id}`, stateId, `DC-${id}`, T);
    run("INSERT INTO direct_cost_items (directCostId, costCodeId, description, amount, modifiedAt) VALUES (?, 1, 'a', 100, ?)", id, T);
    run("INSERT INTO direct_cost_items (directCostId, costCodeId, description, amount, modifiedAt) VALUES (?, 1, 'b', 200, ?)", id, T);
    if (stateId === 12) {
      run(`INSERT INTO cost_code_transactions (costCodeId, budgetId, projectId, transactionDate, sourceType, sourceRecordKey, sourceRecordId, documentNumber, description, amount, modifiedAt)
        VALUES (1, 1, 1, '2025-06-01', 'Direct Cost', 'DirectCost', ?, ?, 'Direct cost', 300, ?)`, id, `DC-${id}`, T);
    }
  });
  db.close();
}

const names = (db: Database.Database) => ({
  states: db.prepare("SELECT name, closed, displayOrder, isInitial FROM application_record_states WHERE applicationRecordKey = 'DirectCost' ORDER BY displayOrder").all(),
  advancements: db.prepare(`SELECT f.name AS "from", t.name AS "to", a.quickRoute, a.displayOrder FROM state_advancements a
    JOIN application_record_states f ON f.applicationRecordStateId = a.applicationRecordStateId
    JOIN application_record_states t ON t.applicationRecordStateId = a.targetApplicationRecordStateId
    WHERE f.applicationRecordKey = 'DirectCost' ORDER BY f.displayOrder, a.displayOrder`).all(),
  security: db.prepare(`SELECT s.name, f.fieldName, f.roleName, f.employeeId, f.editable, f.visible FROM field_security f
    JOIN application_record_states s ON s.applicationRecordStateId = f.lookupApplicationRecordStateId
    WHERE s.applicationRecordKey = 'DirectCost' ORDER BY s.displayOrder, f.fieldName`).all(),
});

describe('migration 002: direct cost approval', () => {
  it('an old database upgrades with every direct cost, item and posting kept, state ids kept', () => {
    const file = path.join(dir, 'old.sqlite');
    oldDatabase(file);
    const db = openDatabase({ file });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      assert.equal(count('SELECT count(*) AS n FROM direct_costs'), 7);
      assert.equal(count('SELECT count(*) AS n FROM direct_cost_items'), 14);
      assert.equal(count("SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost'"), 3);
      assert.deepEqual(db.pragma('foreign_key_check'), []);
      assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.at(-1)!.version);
      // Every record still points at its state, by the same id; Submitted ones are now Pending Approval.
      const rows = db.prepare(`SELECT d.directCostId, d.applicationRecordStateId AS id, s.name, d.submittedAt FROM direct_costs d
        JOIN application_record_states s USING (applicationRecordStateId) ORDER BY d.directCostId`).all() as Row[];
      assert.deepEqual(rows.map((r) => [r.id, r.name]), [
        [10, 'Draft'], [11, 'Pending Approval'], [11, 'Pending Approval'], [12, 'Posted'], [12, 'Posted'], [12, 'Posted'], [13, 'Void'],
      ]);
      assert.deepEqual(rows.filter((r) => r.submittedAt).map((r) => r.directCostId), [2, 3], 'pending ones get their submission time');
      const columns = (db.prepare('PRAGMA table_info(direct_costs)').all() as Row[]).map((c) => c.name);
      for (const column of ['invoiceNumber', 'submittedAt', 'submittedByEmployeeId', 'reviseReason', 'revisedAt', 'revisedByEmployeeId']) assert.ok(columns.includes(column), column);
    } finally {
      db.close();
    }
  });

  it('the upgraded database has the states, advancements and field security of a fresh seed (states.ts)', () => {
    const file = path.join(dir, 'old2.sqlite');
    oldDatabase(file);
    const upgraded = openDatabase({ file });
    const fresh = openTestDatabase({ file: path.join(dir, 'fresh.sqlite'), reset: true });
    try {
      const a = names(upgraded);
      const b = names(fresh);
      assert.deepEqual(a.states, [
        { name: 'Draft', closed: 0, displayOrder: 1, isInitial: 1 }, { name: 'Pending Approval', closed: 0, displayOrder: 2, isInitial: 0 },
        { name: 'Approved', closed: 0, displayOrder: 3, isInitial: 0 }, { name: 'Posted', closed: 1, displayOrder: 4, isInitial: 0 },
        { name: 'Void', closed: 1, displayOrder: 5, isInitial: 0 },
      ]);
      assert.deepEqual(a.states, b.states);
      assert.deepEqual(a.advancements, b.advancements);
      assert.deepEqual(a.security, b.security);
      assert.deepEqual((a.security as Row[]).filter((r) => r.editable === 1).map((r) => r.name), Array(7).fill('Draft'), 'editable in Draft only');
    } finally {
      upgraded.close();
      fresh.close();
    }
  });

  it('a fresh seed has direct costs in every state, one pending approval for more than 14 days and one Revise and Resubmit reason', () => {
    const db = openTestDatabase({ file: path.join(dir, 'seed.sqlite'), reset: true });
    try {
      const unused = db.prepare(`SELECT name FROM application_record_states s WHERE applicationRecordKey = 'DirectCost'
        AND NOT EXISTS (SELECT 1 FROM direct_costs d WHERE d.applicationRecordStateId = s.applicationRecordStateId)`).all();
      assert.deepEqual(unused, []);
      const overdue = db.prepare(`SELECT d.number, d.submittedAt FROM direct_costs d JOIN application_record_states s USING (applicationRecordStateId)
        WHERE s.name = 'Pending Approval' AND d.projectId = 1`).all() as Row[];
      assert.deepEqual(overdue, [{ number: 'DC-24-1032-002', submittedAt: '2026-10-11T15:00:00.000Z' }]);
      const revised = db.prepare(`SELECT d.number, s.name, d.reviseReason, d.revisedByEmployeeId FROM direct_costs d JOIN application_record_states s USING (applicationRecordStateId)
        WHERE d.reviseReason IS NOT NULL`).all() as Row[];
      assert.equal(revised.length, 1);
      assert.equal(revised[0]!.name, 'Draft');
      assert.equal(revised[0]!.revisedByEmployeeId, 3);
      // Approved and Posted ones are cost on the job; Draft, Pending Approval and Void ones are not.
      const posted = (names: string) => (db.prepare(`SELECT count(*) AS n FROM cost_code_transactions x JOIN direct_costs d ON x.sourceRecordKey = 'DirectCost' AND x.sourceRecordId = d.directCostId
        JOIN application_record_states s ON s.applicationRecordStateId = d.applicationRecordStateId WHERE s.name IN (${names})`).get() as { n: number }).n;
      assert.ok(posted("'Approved'") > 0);
      assert.equal(posted("'Draft', 'Pending Approval', 'Void'"), 0);
      assert.equal((db.prepare("SELECT count(*) AS n FROM direct_costs WHERE invoiceNumber IS NULL").get() as { n: number }).n, 0);
    } finally {
      db.close();
    }
  });
});
