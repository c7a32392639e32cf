/**
 * The seed's pay applications (demo/host/db/seed/pay-applications.ts): they add up (no line over its scheduled
 * value, work completed before = the earlier applications' work, certified figures by the shared rules), billed is
 * the ledger, the certified and submitted ones have their lien waivers on file as PDFs (but the one Approved on
 * pm's 24-1032 that waits for both), every state is seeded, and every billable commitment has 1–6 applications
 * (but the one the host's start signs through e-sign after the seed).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAY_APPLICATION_STATES as S, payApplicationFigures, type PayLineInput } from '../../src/core/pay-applications/rules';
import { SEED_REVISE_REASON, WAITING_FOR_WAIVERS_PROJECT_ID } from '../../demo/host/db/seed/pay-applications';
import { useTestHost, type Row } from './support/use-host';

const { api, one, all } = useTestHost();

const APPS = `SELECT a.*, s.name AS stateName FROM pay_applications a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId`;
const CERTIFIED = [S.approvedForPayment, S.paid] as string[];

describe('seeded pay applications', () => {
  it('add up: no line over its value, work completed before chains, certified figures by the rules, billed = certified = ledger', () => {
    const apps = all(`${APPS} ORDER BY a.commitmentKey, a.commitmentId, a.sequence`);
    assert.ok(apps.length > 1000, `${apps.length} applications`);
    assert.equal(one('SELECT count(*) AS n FROM pay_application_lines WHERE previousCompleted + thisPeriod + storedMaterials > scheduledValue + 0.001 OR thisPeriod < 0').n, 0);
    const lines = new Map<number, Row[]>();
    for (const line of all('SELECT * FROM pay_application_lines ORDER BY payApplicationId, source DESC, itemId')) {
      lines.set(line.payApplicationId, [...(lines.get(line.payApplicationId) ?? []), line]);
    }
    let previous: Row | undefined;
    for (const app of apps) {
      const own = lines.get(app.payApplicationId) ?? [];
      assert.ok(own.length > 0, app.number);
      const chained = previous && previous.commitmentKey === app.commitmentKey && previous.commitmentId === app.commitmentId ? previous : undefined;
      assert.equal(app.sequence, chained ? chained.sequence + 1 : 1, app.number);
      if (chained) assert.ok(app.periodEnd > chained.periodEnd, app.number);
      const before = new Map((chained ? lines.get(chained.payApplicationId)! : []).map((l) => [`${l.source}:${l.itemId}`, l]));
      for (const line of own) {
        const earlier = before.get(`${line.source}:${line.itemId}`);
        assert.equal(line.previousCompleted, earlier ? Math.round((earlier.previousCompleted + earlier.thisPeriod) * 100) / 100 : 0, `${app.number} item ${line.itemId}`);
      }
      if (CERTIFIED.includes(app.stateName)) {
        const { totals } = payApplicationFigures(own as PayLineInput[], { retainagePercent: app.retainagePercent, reduceRetainageAtHalf: app.reduceRetainageAtHalf === 1 },
          chained?.certifiedEarnedLessRetainage ?? 0);
        assert.deepEqual([app.certifiedCompletedAndStored, app.certifiedRetainage, app.certifiedEarnedLessRetainage, app.certifiedPaymentDue],
          [totals.totalCompletedAndStored, totals.retainage, totals.totalEarnedLessRetainage, totals.currentPaymentDue], app.number);
      } else assert.equal(app.certifiedCompletedAndStored, null, app.number);
      previous = app;
    }
    // The commitment's billed is its last certificate, and that is what its ledger says (the projection grid's actual).
    const off = all(`SELECT c.k, c.id, c.billed, c.ledger FROM (
        SELECT a.commitmentKey AS k, a.commitmentId AS id,
          (SELECT certifiedCompletedAndStored FROM pay_applications p WHERE p.commitmentKey = a.commitmentKey AND p.commitmentId = a.commitmentId
            AND p.certifiedCompletedAndStored IS NOT NULL ORDER BY p.sequence DESC LIMIT 1) AS billed,
          (SELECT sum(amount) FROM cost_code_transactions x WHERE x.sourceRecordKey = a.commitmentKey AND x.sourceRecordId = a.commitmentId) AS ledger
        FROM pay_applications a GROUP BY a.commitmentKey, a.commitmentId) c
      WHERE abs(coalesce(c.billed, 0) - coalesce(c.ledger, 0)) > 0.005`);
    assert.deepEqual(off, []);
  });

  it('the commitments load answers billed as certified', async () => {
    const sc = one(`SELECT a.commitmentId, a.certifiedCompletedAndStored FROM pay_applications a WHERE a.projectId = 1 AND a.commitmentKey = 'Subcontract'
      AND a.certifiedCompletedAndStored IS NOT NULL ORDER BY a.sequence DESC LIMIT 1`);
    const answer = await api.get('pm', '/api/pfm/getsubcontracts', { recordKey: 'Subcontract', recordId: sc.commitmentId });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const last = one(`SELECT certifiedCompletedAndStored AS billed FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ?
      AND certifiedCompletedAndStored IS NOT NULL ORDER BY sequence DESC LIMIT 1`, sc.commitmentId);
    assert.equal(answer.body.data[0].billed, last.billed);
  });

  it('every state is seeded, one Revise and Resubmit with its reason; every billable commitment has 1–6 applications', () => {
    const states = new Map(all(`${APPS.replace('a.*, ', '')} GROUP BY s.name`.replace('SELECT s.name AS stateName', 'SELECT s.name AS stateName, count(*) AS n'))
      .map((r) => [r.stateName, r.n]));
    for (const name of Object.values(S)) assert.ok((states.get(name) ?? 0) >= 1, `no application ${name}`);
    assert.deepEqual(all(`${APPS} WHERE s.name = ?`, S.revise).map((a) => a.reviseReason), [SEED_REVISE_REASON]);
    const counts = all(`SELECT c.n, count(*) AS commitments FROM (
        SELECT (SELECT count(*) FROM pay_applications a WHERE a.commitmentKey = 'Subcontract' AND a.commitmentId = t.subcontractId) AS n
        FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId)
        WHERE s.name = 'Executed' AND EXISTS (SELECT 1 FROM subcontract_items i WHERE i.subcontractId = t.subcontractId AND i.amount > 0)
          -- (not the one the host's start executes through e-sign, after the seed: it has not billed yet)
          AND NOT EXISTS (SELECT 1 FROM envelopes e WHERE e.recordKey = 'Subcontract' AND e.recordId = t.subcontractId)
        UNION ALL
        SELECT (SELECT count(*) FROM pay_applications a WHERE a.commitmentKey = 'PurchaseOrder' AND a.commitmentId = t.purchaseOrderId)
        FROM purchase_orders t JOIN application_record_states s USING (applicationRecordStateId)
        WHERE s.name IN ('Issued', 'Received') AND EXISTS (SELECT 1 FROM purchase_order_items i WHERE i.purchaseOrderId = t.purchaseOrderId AND i.amount > 0)) c
      GROUP BY c.n ORDER BY c.n`);
    assert.ok(counts.every((c) => c.n >= 1 && c.n <= 6), JSON.stringify(counts));
    assert.deepEqual(counts.map((c) => c.n), [1, 2, 3, 4, 5, 6]);
  });

  it('certified and submitted applications have their waivers on file as PDFs, except the one Approved on 24-1032 waiting for both', async () => {
    const waiting = all(`${APPS} WHERE a.projectId = ? AND s.name = ?`, WAITING_FOR_WAIVERS_PROJECT_ID, S.approved);
    assert.equal(waiting.length, 1);
    assert.equal(one('SELECT count(*) AS n FROM lien_waivers WHERE payApplicationId = ?', waiting[0]!.payApplicationId).n, 0);
    const missing = all(`${APPS} WHERE s.name <> 'Draft' AND a.payApplicationId <> ? AND a.projectId <> 41 AND (
        NOT EXISTS (SELECT 1 FROM lien_waivers w WHERE w.payApplicationId = a.payApplicationId AND w.kind = 'Conditional Progress' AND w.throughDate = a.periodEnd)
        OR (a.sequence > 1 AND NOT EXISTS (SELECT 1 FROM lien_waivers w WHERE w.payApplicationId = a.payApplicationId AND w.kind = 'Unconditional Progress')))`,
    waiting[0]!.payApplicationId);
    assert.deepEqual(missing.map((a) => a.number), []);
    const files = one(`SELECT count(*) AS n, sum(f.mime = 'application/pdf' AND substr(f.bytes, 1, 5) = CAST('%PDF-' AS BLOB) AND f.applicationRecordKey = 'PayApplication'
      AND f.recordId = w.payApplicationId) AS pdfs FROM lien_waivers w JOIN files f ON f.fileId = w.fileId`);
    assert.ok(files.n > 1000);
    assert.equal(files.pdfs, files.n);
    // What the portal shows: the list of 24-1032 with both waivers missing on that one, and none on its certified ones.
    const list = await api.get('pm', '/api/pfm/getpayapplications', { recordKey: 'Project', recordId: WAITING_FOR_WAIVERS_PROJECT_ID });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const rows = list.body.data as Row[];
    const row = rows.find((r) => r.payApplicationId === waiting[0]!.payApplicationId)!;
    assert.equal(row.waiversMissing.length, 2, JSON.stringify(row.waiversMissing));
    assert.deepEqual(rows.filter((r) => r.recordStateName !== S.draft && r.payApplicationId !== row.payApplicationId && r.waiversMissing.length).map((r) => r.number), []);
  });
});
