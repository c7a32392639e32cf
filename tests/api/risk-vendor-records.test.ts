/**
 * Vendors kept current (demo/host/api/risk/vendor-record.ts, rules in src/core/risk/vendor-record.ts): the risk
 * roles enter statements, safety, insurance and bonding (dated, with who), the suggested limits follow the newest
 * entries; anyone else is refused; bad input is a 400 at the field with nothing written. The expiry watch: GL
 * insurance or a prequalification expired yesterday is not prequalified for the gate (today still is); the Renewal
 * request is raised 60 days before an expiry (not 61), pre-filled, once only (by the scheduled job and the write).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RISK_API } from '../../src/core/risk/contract';
import { RENEWAL_NOTICE_DAYS } from '../../src/core/risk/vendor-record';
import * as clock from '../../src/core/clock';
import { addDays } from '../../src/core/timecards/days';
import { sraGateStatus } from '../../demo/host/api/risk/sra/gate';
import { syncExpiryRenewals } from '../../demo/host/api/risk/vendor-record';
import { runScheduledWork } from '../../demo/host/jobs';
import { SEED_GL_RENEWAL_DAYS } from '../../demo/host/db/seed/risk';
import { TEST_SEED_DAY } from './support/seed-day';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all, employeeId } = useTestHost({ clock: () => clock.setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

const TABLES = ['vendor_financials', 'vendor_safety', 'vendor_insurance_certificates', 'vendor_bonding', 'vendor_prequalifications', 'slim_requests', 'slim_expiry_renewals'];
const today = () => clock.today();

/** A new vendor, prequalified for $1M until well past today, with no insurance yet (written straight into the tables). */
let n = 0;
function newVendor(prequal: { limitExpiresOn?: string | null; glExpiresOn?: string | null } = {}): number {
  n += 1;
  const vendorId = Number(host.db.prepare(`INSERT INTO vendors (vendorNumber, name, trade, city, state, phone, email, active, displayText, modifiedAt)
    VALUES (?, ?, 'steel', 'Dallas', 'TX', '(214) 555-0100', 'bids@test.example', 1, ?, 't')`).run(`VT${900 + n}`, `Watch Test ${n} LLC`, `Watch Test ${n} LLC`).lastInsertRowid);
  host.db.prepare(`INSERT INTO vendor_prequalifications (vendorId, status, singleLimit, aggregateLimit, limitExpiresOn, glPerOccurrence, glAggregate, glExpiresOn, displayText, modifiedAt)
    VALUES (?, 'Prequalified', 1000000, 2000000, ?, ?, ?, ?, 'Prequalified', 't')`).run(vendorId, prequal.limitExpiresOn ?? addDays(today(), 400),
    prequal.glExpiresOn ? 1_000_000 : null, prequal.glExpiresOn ? 2_000_000 : null, prequal.glExpiresOn ?? null);
  return vendorId;
}

const financials = (vendorId: number, over: Form = {}): Form => ({
  vendorId, year: 2025, currentAssets: '4,000,000', currentLiabilities: 2_000_000, totalLiabilities: 3_000_000, netWorth: 5_000_000, revenue: 20_000_000, backlog: 9_000_000, ...over,
});
const gl = (vendorId: number, expiresOn: string, over: Form = {}): Form => ({
  vendorId, coverage: 'General Liability', carrier: 'Zurich American', policyNumber: 'GL-1', eachOccurrence: 1_000_000, aggregate: 2_000_000,
  effectiveOn: addDays(expiresOn, -365), expiresOn, ...over,
});
const fieldsOf = (body: Row): string[] => (body.feedback as Array<{ stringValue: string }>).map((f) => f.stringValue).sort();
const statusOf = async (vendorId: number) => (await api.get('risk', RISK_API.getVendorPrequal, { vendorId })).body.data.vendor.status as string;
const renewalsOf = (vendorId: number) => all(`SELECT x.kind, x.expiresOn, r.requestId, r.type, r.justification, r.requestedAmount, r.priority, st.name AS state
  FROM slim_expiry_renewals x JOIN slim_requests r USING (requestId) JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
  WHERE x.vendorId = ? ORDER BY x.kind`, vendorId);
const requestsOf = (vendorId: number) => all('SELECT requestId FROM slim_requests WHERE vendorId = ?', vendorId);

describe('who enters a vendor record', () => {
  it('a risk role: each entry dated with who, and the suggested limits follow the newest statement', async () => {
    const vendorId = newVendor();
    const answer = await api.post('risk', RISK_API.addVendorFinancials, financials(vendorId));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const history = answer.body.data;
    assert.equal(history.financials.length, 1);
    assert.equal(history.financials[0].enteredBy, 'Priya Natarajan');
    assert.equal(history.financials[0].enteredAt, clock.nowIso());
    assert.equal(history.financials[0].currentAssets, 4_000_000);
    // 10 × WC $2M = $20M, 20 % of NW $5M = $1M: the lower, $1M; ratio 2.0, D/E 0.6: no step down.
    assert.equal(history.suggested.statementYear, 2025);
    assert.equal(history.suggested.singleLimit, 1_000_000);
    assert.equal(one('SELECT enteredByEmployeeId FROM vendor_financials WHERE vendorId = ? AND year = 2025', vendorId).enteredByEmployeeId, employeeId('risk'));

    // A newer year with a thinner balance sheet: the suggestion follows it.
    const newer = await api.post('risk', RISK_API.addVendorFinancials, financials(vendorId, { year: 2026, currentAssets: 2_100_000, netWorth: 1_000_000 }));
    assert.equal(newer.status, 200, JSON.stringify(newer.body));
    assert.equal(newer.body.data.suggested.statementYear, 2026);
    assert.equal(newer.body.data.suggested.singleLimit, 0, '10 × $100,000 WC = $1M, 20 % of $1M NW = $200,000 → $100,000 rung, ratio 1.05 and D/E 3: a step down');

    const safety = await api.post('admin', RISK_API.addVendorSafety, { vendorId, year: 2025, emr: '1.30', oshaRecordableRate: '2.4' });
    assert.equal(safety.status, 200, JSON.stringify(safety.body));
    assert.equal(safety.body.data.safety[0].enteredBy, 'Dana Whitfield');
    assert.equal(safety.body.data.suggested.emrNeedsLetter, true);

    const bonding = await api.post('reviewer', RISK_API.setVendorBonding, { vendorId, surety: 'Travelers', singleCapacity: 5_000_000, aggregateCapacity: 15_000_000 });
    assert.equal(bonding.status, 200, JSON.stringify(bonding.body));
    assert.equal(bonding.body.data.vendor.surety, 'Travelers');
    assert.equal(bonding.body.data.vendor.bondSingleCapacity, 5_000_000);
    assert.deepEqual(bonding.body.data.bonding.map((b: Row) => [b.surety, b.enteredBy, b.current]), [['Travelers', 'Tom Brennan', true]]);

    const insurance = await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 300)));
    assert.equal(insurance.status, 200, JSON.stringify(insurance.body));
    assert.equal(insurance.body.data.vendor.glExpiresOn, addDays(today(), 300));
    assert.equal(insurance.body.data.insurance[0].carrier, 'Zurich American');
    const auto = await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 10), { coverage: 'Automobile Liability', carrier: 'Auto Co' }));
    assert.equal(auto.status, 200);
    assert.equal(auto.body.data.vendor.glExpiresOn, addDays(today(), 300), 'another coverage is not the GL');
    assert.deepEqual(auto.body.data.insurance.map((c: Row) => [c.coverage, c.current]), [['Automobile Liability', true], ['General Liability', true]]);

    const read = await api.get('risk', RISK_API.getVendorRecordHistory, { vendorId });
    assert.equal(read.status, 200);
    assert.equal(read.body.data.insurance.length, 2);
    assert.equal(read.body.data.financials.length, 2);
  });

  it('anyone else is refused, 403, nothing written: the pm (keyRISK / keySLIM Default) and a Regional Reviewer', async () => {
    const vendorId = newVendor();
    const before = checksum(host, TABLES);
    for (const login of ['pm', 'rpm', 'employee']) {
      assert.equal((await api.post(login, RISK_API.addVendorFinancials, financials(vendorId))).status, 403, login);
      assert.equal((await api.post(login, RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 300)))).status, 403, login);
      assert.equal((await api.post(login, RISK_API.setVendorBonding, { vendorId, surety: 'S', singleCapacity: 1, aggregateCapacity: 2 })).status, 403, login);
      assert.equal((await api.get(login, RISK_API.getVendorRecordHistory, { vendorId })).status, 403, login);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('bad numbers and dates: 400 with feedback at each field, nothing written', async () => {
    const vendorId = newVendor();
    const before = checksum(host, TABLES);
    const refused = async (path: string, form: Form, fields: string[]) => {
      const answer = await api.post('risk', path, form);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.deepEqual(fieldsOf(answer.body), fields, JSON.stringify(form));
    };
    await refused(RISK_API.addVendorFinancials, financials(vendorId, { currentAssets: 'abc', revenue: -5 }), ['currentAssets', 'revenue']);
    await refused(RISK_API.addVendorFinancials, financials(vendorId, { year: Number(today().slice(0, 4)) + 1 }), ['year']);
    await refused(RISK_API.addVendorFinancials, financials(vendorId, { backlog: '12.345' }), ['backlog']);
    await refused(RISK_API.addVendorSafety, { vendorId, year: 2025, emr: '0', oshaRecordableRate: '-1' }, ['emr', 'oshaRecordableRate']);
    await refused(RISK_API.addVendorSafety, { vendorId, year: 2025, emr: '5.01', oshaRecordableRate: '1' }, ['emr']);
    await refused(RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 300), { aggregate: 999_999 }), ['aggregate']);
    await refused(RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 300), { expiresOn: '2027-02-30' }), ['expiresOn']);
    await refused(RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 300), { effectiveOn: addDays(today(), 300) }), ['expiresOn']);
    await refused(RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 300), { carrier: '', eachOccurrence: 0, coverage: 'Marine' }), ['carrier', 'coverage', 'eachOccurrence']);
    await refused(RISK_API.setVendorBonding, { vendorId, surety: 'S', singleCapacity: 2_000_000, aggregateCapacity: 1_000_000 }, ['aggregateCapacity']);
    assert.equal(checksum(host, TABLES), before);
    assert.equal((await api.post('risk', RISK_API.addVendorFinancials, financials(987_654))).status, 404);
  });
});

describe('the expiry watch', () => {
  it('GL insurance expiring today still counts; expired yesterday is not prequalified, and the gate asks for an SRA', async () => {
    const vendorId = newVendor();
    const sub = one("SELECT projectId, budgetId FROM projects WHERE number = '24-1032'");
    const code = one("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'S' ORDER BY costCodeId LIMIT 1", sub.budgetId).costCodeId;
    const subcontractId = Number(host.db.prepare(`INSERT INTO subcontracts (projectId, budgetId, vendorId, subcontractTypeId, number, description, applicationRecordStateId, retainagePercent,
      billedToDate, displayText, modifiedAt) VALUES (?, ?, ?, 1, 'SC-WATCH-1', 'Watch', ?, 10, 0, 'Watch', 't')`).run(sub.projectId, sub.budgetId, vendorId, stateId(host, 'Subcontract', 'Draft')).lastInsertRowid);
    host.db.prepare("INSERT INTO subcontract_items (subcontractId, costCodeId, description, amount, modifiedAt) VALUES (?, ?, 'Watch', 500000, 't')").run(subcontractId, code);

    assert.equal((await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, today()))).status, 200);
    assert.equal(await statusOf(vendorId), 'Prequalified');
    assert.equal(sraGateStatus(host.db, subcontractId).required, false, 'within the $1M limit, insured through today');

    assert.equal((await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), -1)))).status, 200);
    assert.equal(await statusOf(vendorId), 'Expired');
    const gate = sraGateStatus(host.db, subcontractId);
    assert.equal(gate.required, true);
    assert.equal(gate.cleared, false);
  });

  it('a prequalification expiring today still counts; yesterday is Expired', async () => {
    assert.equal(await statusOf(newVendor({ limitExpiresOn: today() })), 'Prequalified');
    assert.equal(await statusOf(newVendor({ limitExpiresOn: addDays(today(), -1) })), 'Expired');
  });

  it(`raises the Renewal ${RENEWAL_NOTICE_DAYS} days before a GL expiry, not ${RENEWAL_NOTICE_DAYS + 1}, pre-filled, once only`, () => {
    const inWindow = newVendor({ glExpiresOn: addDays(today(), 60) });
    const outside = newVendor({ glExpiresOn: addDays(today(), 61) });
    const created = syncExpiryRenewals(host.db);
    assert.deepEqual(renewalsOf(outside), []);
    const [renewal] = renewalsOf(inWindow);
    assert.ok(renewal, 'renewal raised at 60 days');
    assert.ok(created.includes(renewal.requestId));
    assert.equal(renewal.kind, 'General liability insurance');
    assert.equal(renewal.expiresOn, addDays(today(), 60));
    assert.equal(renewal.type, 'Renewal');
    assert.equal(renewal.state, 'Submitted');
    assert.equal(renewal.priority, 'Normal');
    assert.equal(renewal.requestedAmount, 1_000_000);
    assert.match(renewal.justification, new RegExp(`Watch Test \\d+ LLC: General liability insurance expires ${addDays(today(), 60)}`));

    // Again, by the hourly job: nothing more. Then withdrawn: still raised once for that expiry.
    assert.deepEqual(syncExpiryRenewals(host.db), []);
    runScheduledWork(host.db);
    assert.equal(requestsOf(inWindow).length, 1);
    host.db.prepare('UPDATE slim_requests SET applicationRecordStateId = ? WHERE requestId = ?').run(stateId(host, 'SlimRequest', 'Withdrawn'), renewal.requestId);
    runScheduledWork(host.db);
    assert.equal(requestsOf(inWindow).length, 1);
    assert.deepEqual(renewalsOf(outside), [], 'a day later in the window only');
  });

  it('the prequalification and the GL of one vendor go on one open renewal; an expired one is High', () => {
    const vendorId = newVendor({ limitExpiresOn: addDays(today(), 60), glExpiresOn: addDays(today(), -3) });
    syncExpiryRenewals(host.db);
    const renewals = renewalsOf(vendorId);
    assert.deepEqual(renewals.map((r) => r.kind), ['General liability insurance', 'Prequalification']);
    assert.equal(renewals[0]!.requestId, renewals[1]!.requestId);
    assert.equal(renewals[0]!.priority, 'High');
    assert.match(renewals[0]!.justification, new RegExp(`General liability insurance expired ${addDays(today(), -3)}; Prequalification expires ${addDays(today(), 60)}`));
    assert.equal(requestsOf(vendorId).length, 1);
  });

  it('a GL certificate entered within the window raises its renewal at once, once', async () => {
    const vendorId = newVendor();
    const entered = await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 45)));
    assert.equal(entered.status, 200);
    assert.deepEqual(entered.body.data.renewals.map((r: Row) => [r.kind, r.expiresOn, r.state]), [['General liability insurance', addDays(today(), 45), 'Submitted']]);
    assert.equal((await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 45)))).status, 200);
    assert.equal(requestsOf(vendorId).length, 1);
    const history = (await api.get('risk', RISK_API.getVendorRecordHistory, { vendorId })).body.data;
    assert.deepEqual(history.expiries.map((e: Row) => [e.kind, e.expiresOn, e.expired, e.daysLeft, e.renewalDue]),
      [['General liability insurance', addDays(today(), 45), false, 45, true], ['Prequalification', addDays(today(), 400), false, 400, false]]);
  });

  it('a GL certificate entered while the vendor has an open renewal joins it, and the answer of the entry shows it', async () => {
    const vendorId = newVendor({ limitExpiresOn: addDays(today(), 30) });
    syncExpiryRenewals(host.db);
    const [prequal] = renewalsOf(vendorId);
    assert.equal(prequal?.kind, 'Prequalification');
    const entered = await api.post('risk', RISK_API.addVendorInsurance, gl(vendorId, addDays(today(), 45)));
    assert.equal(entered.status, 200, JSON.stringify(entered.body));
    assert.deepEqual(entered.body.data.renewals.map((r: Row) => [r.kind, r.requestId]).sort(),
      [['General liability insurance', prequal.requestId], ['Prequalification', prequal.requestId]]);
    assert.equal(requestsOf(vendorId).length, 1);
  });

  it('a GET writes nothing: an expiry due with no renewal yet reads due, and waits for the job', async () => {
    const vendorId = newVendor({ glExpiresOn: addDays(today(), 30) });
    const before = checksum(host, TABLES);
    const read = await api.get('risk', RISK_API.getVendorRecordHistory, { vendorId });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data.renewals, []);
    assert.equal(read.body.data.expiries.find((e: Row) => e.kind === 'General liability insurance').renewalDue, true);
    assert.equal(checksum(host, TABLES), before);
    assert.equal((await api.get('risk', RISK_API.getVendorRecordHistory, { vendorId: 987_654 })).status, 404);
  });

  it('the seed: GL falling due within 60 days got its renewal when the host started; an expired GL vendor reads Expired', async () => {
    for (const days of SEED_GL_RENEWAL_DAYS) {
      const row = one("SELECT vendorId FROM vendor_prequalifications WHERE glExpiresOn = ? AND status = 'Prequalified'", addDays(TEST_SEED_DAY, days));
      assert.ok(row, `a vendor with GL expiring ${days} days after the seed day`);
      assert.ok(renewalsOf(row.vendorId).some((r) => r.kind === 'General liability insurance'), `${days}: renewal raised`);
    }
    const expired = one("SELECT vendorId FROM vendor_prequalifications WHERE glExpiresOn < ? AND status IN ('Prequalified', 'Prequalified with Conditions') AND limitExpiresOn >= ? ORDER BY vendorId LIMIT 1", TEST_SEED_DAY, today());
    assert.ok(expired, 'a prequalified vendor with expired GL');
    assert.equal(await statusOf(expired.vendorId), 'Expired');
    assert.ok(one('SELECT count(*) AS n FROM vendor_insurance_certificates').n >= 100);
  });
});
