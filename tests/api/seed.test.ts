/** The seed: deterministic (for a day: seeded here on TEST_SEED_DAY), realistic in shape, fast, and the --scale benchmark project. */
// api-tests: alone (it times the seed; scripts/run-api-tests.mjs runs it before the files that run side by side)
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, SEED_FACTS } from '../../demo/host/db/index';
import { openTestDatabase } from './support/seed-day';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { checksum } from './api-client';

const dir = mkdtempSync(path.join(tmpdir(), 'bizapps-seed-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const KEY_TABLES = [
  'legal_entities', 'employees', 'employee_roles', 'applications', 'application_record_states', 'state_advancements', 'field_security',
  'projects', 'budgets', 'cost_codes', 'vendors', 'subcontracts', 'subcontract_items', 'purchase_agreements', 'purchase_orders',
  'owner_agreements', 'owner_agreement_change_orders', 'change_records', 'change_events', 'change_event_items', 'rfis', 'cost_adjustments',
  'direct_costs', 'cost_code_transactions', 'projections', 'budgets_pending_projections', 'timecards', 'pto_requests', 'open_workflows',
  'change_tracking', 'files',
];

describe('seed', () => {
  it('two fresh databases are identical (checksums of the key tables), and seeding takes under 5 s of CPU', () => {
    // CPU time, not wall time: the seed runs in this process (better-sqlite3 is synchronous), and `npm test` runs the
    // API tests beside the browser tests on two cores, where a wall clock measures the neighbours as much as the seed.
    const started = process.cpuUsage();
    const a = openTestDatabase({ file: path.join(dir, 'a.sqlite'), reset: true });
    const used = process.cpuUsage(started);
    const seconds = (used.user + used.system) / 1e6;
    const b = openTestDatabase({ file: path.join(dir, 'b.sqlite'), reset: true });
    try {
      assert.ok(seconds < 5, `seeded in ${seconds}s`);
      assert.equal(checksum({ db: a }, KEY_TABLES), checksum({ db: b }, KEY_TABLES));
    } finally {
      a.close();
      b.close();
    }
  });

  it('reopening keeps the data (migrations run once, recorded in schema_migrations and user_version)', () => {
    const file = path.join(dir, 'c.sqlite');
    const first = openTestDatabase({ file, reset: true });
    first.prepare('INSERT INTO project_pins (employeeId, projectId, pinnedAt) VALUES (2, 1, ?)').run('2026-11-02T00:00:00.000Z');
    first.close();
    const again = openDatabase({ file });
    try {
      assert.equal((again.prepare('SELECT count(*) AS n FROM project_pins').get() as { n: number }).n, 1);
      assert.deepEqual(again.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all(), MIGRATIONS.map(({ version, name }) => ({ version, name })));
      assert.equal(again.pragma('user_version', { simple: true }), MIGRATIONS.at(-1)!.version);
      assert.equal(again.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(again.pragma('foreign_keys', { simple: true }), 1);
      assert.deepEqual(again.pragma('foreign_key_check'), []);
    } finally {
      again.close();
    }
    const reset = openTestDatabase({ file, reset: true });
    assert.equal((reset.prepare('SELECT count(*) AS n FROM project_pins').get() as { n: number }).n, 0);
    reset.close();
  });

  it('looks like a mid-size general contractor: the facts other tests rely on', () => {
    const db = openTestDatabase({ file: path.join(dir, 'd.sqlite'), reset: true });
    try {
      const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;
      assert.equal(count('SELECT count(*) AS n FROM legal_entities'), 3);
      assert.equal(count('SELECT count(*) AS n FROM projects'), 40);
      assert.deepEqual(db.prepare("SELECT projectId FROM projects WHERE classification = 'CM' ORDER BY projectId").all().map((r) => (r as { projectId: number }).projectId), [...SEED_FACTS.cmProjectIds]);
      assert.deepEqual(db.prepare('SELECT number, name, budgetId FROM projects WHERE projectId = 1').get(), { number: '24-1032', name: 'Riverside Medical Office Building', budgetId: 1 });
      DEMO_ACCOUNTS.forEach((account, index) => {
        assert.deepEqual(db.prepare('SELECT employeeId, email FROM employees WHERE login = ?').get(account.login), { employeeId: index + 1, email: account.email });
        assert.equal(count('SELECT count(*) AS n FROM employee_roles WHERE employeeId = ?', index + 1), account.roles.length);
      });
      assert.ok(count("SELECT count(*) AS n FROM cost_codes WHERE code NOT GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'") === 0);
      assert.deepEqual(db.prepare("SELECT description FROM cost_codes WHERE code = '03300000' LIMIT 1").get(), { description: 'Cast-in-Place Concrete' });
      assert.deepEqual(db.prepare('SELECT DISTINCT type FROM cost_codes ORDER BY type').all().map((r) => (r as { type: string }).type), ['E', 'L', 'M', 'R', 'S', 'W']);
      assert.ok(count('SELECT count(*) AS n FROM budgets WHERE budgetLock = 1') >= 3);
      assert.equal(count('SELECT count(*) AS n FROM budgets WHERE rollUpBudgetId IS NOT NULL'), 2);
      assert.ok(count('SELECT count(*) AS n FROM cost_adjustments c WHERE abs(c.amount) > 1e-6 AND NOT EXISTS (SELECT 1 FROM cost_adjustment_items i WHERE i.costAdjustmentId = c.costAdjustmentId)') > 0, 'unreconciled adjustments');
      assert.ok(count('SELECT count(*) AS n FROM change_event_items WHERE parentChangeEventItemId IS NOT NULL') > 0, 'nested items');
      for (const key of ['ChangeEvent', 'ChangeEventItem', 'ChangeRecord']) {
        const unused = db.prepare(`SELECT name FROM application_record_states s WHERE applicationRecordKey = ? AND NOT EXISTS
          (SELECT 1 FROM ${key === 'ChangeEvent' ? 'change_events' : key === 'ChangeEventItem' ? 'change_event_items' : 'change_records'} r
           WHERE r.applicationRecordStateId = s.applicationRecordStateId)`).all(key);
        assert.deepEqual(unused, [], `${key} has records in every state`);
      }
      assert.ok(count('SELECT count(*) AS n FROM cost_code_transactions') > 20000);
      // Nothing is billed against a commitment before it is signed (subcontracts, purchase agreements) or issued (purchase orders).
      for (const [table, key, id, unbilled] of [
        ['subcontracts', 'Subcontract', 'subcontractId', ['Draft', 'Pending Signature']],
        ['purchase_agreements', 'PurchaseAgreement', 'purchaseAgreementId', ['Draft', 'Pending Signature']],
        ['purchase_orders', 'PurchaseOrder', 'purchaseOrderId', ['Draft']],
      ] as const) {
        const states = unbilled.map((name) => `'${name}'`).join(', ');
        assert.ok(count(`SELECT count(*) AS n FROM ${table} t JOIN application_record_states s USING (applicationRecordStateId) WHERE s.name IN (${states})`) > 0, `${table}: some not yet billable`);
        assert.equal(count(`SELECT count(*) AS n FROM cost_code_transactions x JOIN ${table} t ON x.sourceRecordKey = '${key}' AND x.sourceRecordId = t.${id}
          JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE s.name IN (${states})`), 0, `${table}: billed before signed or issued`);
        assert.ok(count(`SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = '${key}'`) > 0, `${table}: billed once signed or issued`);
      }
      // A commitment line reads as what it buys (a pay application shows it), never as a bare cost code number.
      for (const table of ['subcontract_items', 'purchase_agreement_items', 'purchase_order_items', 'subcontract_change_order_items', 'purchase_agreement_change_order_items']) {
        assert.equal(count(`SELECT count(*) AS n FROM ${table} i JOIN cost_codes c USING (costCodeId) WHERE i.description = c.code OR i.description GLOB '[0-9]*'`), 0, `${table}: a line described by its code`);
      }
      assert.ok(count("SELECT count(*) AS n FROM budgets_pending_projections WHERE employeeId = 2") >= 3);
      assert.ok(count("SELECT count(*) AS n FROM pto_requests WHERE managerEmployeeId = 3 AND status = 'Pending'") >= 3);
    } finally {
      db.close();
    }
  });

  it('--scale adds one project with ≥ 5,000 budget lines and ≥ 100,000 transactions, in seconds', { timeout: 120_000 }, () => {
    const started = Date.now();
    const db = openTestDatabase({ file: path.join(dir, 'scale.sqlite'), reset: true, scale: true });
    try {
      const seconds = (Date.now() - started) / 1000;
      const project = db.prepare("SELECT projectId, budgetId FROM projects WHERE number = '26-9001'").get() as { projectId: number; budgetId: number };
      const lines = (db.prepare('SELECT count(*) AS n FROM cost_codes WHERE budgetId = ?').get(project.budgetId) as { n: number }).n;
      const transactions = (db.prepare('SELECT count(*) AS n FROM cost_code_transactions WHERE projectId = ?').get(project.projectId) as { n: number }).n;
      assert.ok(lines >= 5000, `${lines} lines`);
      assert.ok(transactions >= 100_000, `${transactions} transactions`);
      // Issue 11: ≥ 10,000 cost adjustments and ≥ 10,000 direct costs for the data-quality and list benchmarks.
      for (const table of ['cost_adjustments', 'direct_costs']) {
        const n = (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE projectId = ?`).get(project.projectId) as { n: number }).n;
        assert.ok(n >= 10_000, `${n} ${table}`);
      }
      assert.ok(seconds < 30, `seeded with scale in ${seconds}s`);
    } finally {
      db.close();
    }
    assert.throws(() => openDatabase({ file: path.join(dir, 'd.sqlite'), scale: true }), /needs a fresh database/);
  });
});
