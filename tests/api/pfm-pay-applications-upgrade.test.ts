/**
 * Migration 026 on the previous release's database: every commitment's billing (its cost-code transactions, or
 * its billedToDate where it has none) becomes one historic Paid application whose lines add up to it, with the
 * commitment's retainage held; no cost is written; the commitments' billed is unchanged.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { upgradePreviousRelease } from './support/migrations';
import type { Row } from './support/use-host';

const BILLED = `SELECT 'Subcontract' AS k, subcontractId AS id, billedToDate, retainagePercent AS pct,
    (SELECT coalesce(sum(amount), 0) FROM cost_code_transactions x WHERE x.sourceRecordKey = 'Subcontract' AND x.sourceRecordId = subcontractId) AS tx
  FROM subcontracts`;

describe('migration 026: pay applications', () => {
  it('an old database keeps every billed amount as one historic Paid application per commitment', () => upgradePreviousRelease('bizapps-pay-apps-', 26, (old) => {
    // One subcontract billed only through the old column (no transactions).
    const unbilled = old.prepare(`${BILLED} WHERE tx = 0 AND EXISTS (SELECT 1 FROM subcontract_items i WHERE i.subcontractId = subcontracts.subcontractId) LIMIT 1`).get() as Row;
    old.prepare('UPDATE subcontracts SET billedToDate = 1234.56 WHERE subcontractId = ?').run(unbilled.id);
    const before = old.prepare(BILLED).all() as Row[];
    const transactions = old.prepare('SELECT count(*) AS n, sum(amount) AS s FROM cost_code_transactions').get();
    return { unbilled, before, transactions };
  }, (db, { unbilled, before, transactions }) => {
    assert.deepEqual(db.prepare('SELECT count(*) AS n, sum(amount) AS s FROM cost_code_transactions').get(), transactions);
    let checked = 0;
    for (const c of before) {
      const amount = c.tx > 0 ? c.tx : c.billedToDate;
      const apps = db.prepare(`SELECT a.*, s.name AS state FROM pay_applications a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId
        WHERE a.commitmentKey = 'Subcontract' AND a.commitmentId = ?`).all(c.id) as Row[];
      if (amount <= 0) {
        assert.equal(apps.length, 0);
        continue;
      }
      assert.equal(apps.length, 1);
      const [app] = apps;
      assert.equal(app!.state, 'Paid');
      assert.equal(app!.certifiedCompletedAndStored, Math.round(amount * 100) / 100);
      const lines = db.prepare('SELECT sum(thisPeriod) AS s, count(*) AS n, sum(round(thisPeriod * ? / 100 * 100) / 100.0) AS r FROM pay_application_lines WHERE payApplicationId = ?')
        .get(c.pct, app!.payApplicationId) as Row;
      assert.equal(Math.round(lines.s * 100) / 100, Math.round(amount * 100) / 100);
      assert.equal(app!.certifiedRetainage, Math.round(lines.r * 100) / 100);
      assert.equal(app!.certifiedPaymentDue, Math.round((amount - app!.certifiedRetainage) * 100) / 100);
      checked++;
    }
    assert.ok(checked > 10, `${checked} billed subcontracts`);
    assert.equal(db.prepare("SELECT certifiedCompletedAndStored FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ?").pluck().get(unbilled.id), 1234.56);
    // The record, its states and the approval authority are there.
    assert.equal(db.prepare("SELECT count(*) FROM application_record_states WHERE applicationRecordKey = 'PayApplication'").pluck().get(), 6);
    assert.deepEqual(db.prepare(`SELECT l.roleName, l.upToAmount FROM approval_limits l JOIN approval_moves m USING (approvalMoveId)
      WHERE m.applicationRecordKey = 'PayApplication' ORDER BY l.approvalLimitId`).all(),
    [{ roleName: 'Project Manager', upToAmount: 100000 }, { roleName: 'RPM', upToAmount: 1000000 }, { roleName: 'Admin', upToAmount: null }]);
  }));
});
