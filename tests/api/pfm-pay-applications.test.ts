/**
 * Pay applications (demo/host/api/pfm/pay-applications): create under the rules (billable commitment, one open
 * per commitment, the period a month's last day, neither closed nor in the future), save (a line's total at
 * most its scheduled value, stored materials not negative, ids of the application only, 409 on a stale load),
 * the workflow with Revise and Resubmit, the lien waivers before Approved for Payment, the approval authority
 * by amount, the cost written on Approved for Payment, the final application's release of retainage and the
 * closeout blocker it clears, and the team guard.
 *
 * The clock is pinned a month after the test seed's day, so the seed's historic applications are in closed
 * periods and the current period is free.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { formatMoney } from '../../src/core/format/numbers';
import { addPeriods, lastDayOf, periodOf, pinClock, today } from '../../src/core/clock';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';
import { PAY_APPLICATION_PATHS as PATHS } from '../../src/core/pay-applications/contract';
import { periodEndOf } from '../../src/core/pay-applications/rules';
import { payApplicationQualityRows, payApplicationRows } from '../../demo/host/api/pfm/pay-applications/loads';
import { checksum, stateId, type Form } from './api-client';
import { TEST_SEED_DAY } from './support/seed-day';
import { useTestHost, type Row } from './support/use-host';

const NEXT_MONTH = `${lastDayOf(periodOf(TEST_SEED_DAY))}T18:00:00.000Z`;
const later = (months: number) => `${lastDayOf(addPeriods(periodOf(TEST_SEED_DAY), months))}T18:00:00.000Z`;
const { host, api, one, all } = useTestHost({ clock: () => pinClock(new Date(Date.parse(NEXT_MONTH) + 2 * 86_400_000).toISOString()) });

const TABLES = ['pay_applications', 'pay_application_lines', 'lien_waivers', 'cost_code_transactions'];
const st = (name: string) => stateId(host, 'PayApplication', name);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Executed subcontracts of project 1 (pm's 24-1032) with retainage, no open application and none of this period, the largest first. */
function subcontracts(): Row[] {
  return all(`SELECT t.subcontractId, t.number, t.retainagePercent, (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = t.subcontractId) AS amount
    FROM subcontracts t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.projectId = 1 AND s.name = 'Executed' AND t.retainagePercent > 0
      AND NOT EXISTS (SELECT 1 FROM pay_applications a JOIN application_record_states x ON x.applicationRecordStateId = a.applicationRecordStateId
        WHERE a.commitmentKey = 'Subcontract' AND a.commitmentId = t.subcontractId AND (x.closed = 0 OR a.periodEnd >= ?))
    ORDER BY amount DESC`, currentEnd());
}

const currentEnd = () => periodEndOf(today());

async function create(subcontractId: number, periodEnd = currentEnd(), login = 'pm') {
  return api.post(login, PATHS.create, { RecordKey: 'Subcontract', CommitmentId: subcontractId, PeriodEnd: periodEnd });
}
async function created(subcontractId: number, periodEnd = currentEnd()): Promise<Row> {
  const answer = await create(subcontractId, periodEnd);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}
const save = (app: Row, lines: Form, lastLoad = app.modifiedAt) => api.post('pm', PATHS.save, { PayApplicationId: app.payApplicationId, lastLoad, ...lines });
const move = (login: string, app: Row, to: string, extra: Form = {}) =>
  api.post(login, PATHS.updateState, { ItemId: app.payApplicationId, OldRecordStateId: app.applicationRecordStateId, RouteStateId: st(to), ...extra });
async function moved(login: string, app: Row, to: string, extra: Form = {}): Promise<Row> {
  const answer = await move(login, app, to, extra);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}
const waiver = (app: Row, kind: string, amount: number, throughDate: string) => api.post('pm', PATHS.addLienWaiver, {
  PayApplicationId: app.payApplicationId, Kind: kind, Amount: amount.toFixed(2), ThroughDate: throughDate,
  file: new File([PDF], 'waiver.pdf', { type: 'application/pdf' }),
});
/** Bill `share` of every line's balance this period. */
function linesAt(app: Row, share: number): Form {
  const form: Form = {};
  app.lines.forEach((line: Row, i: number) => {
    form[`lines[${i}].itemId`] = line.itemId;
    form[`lines[${i}].source`] = line.source;
    form[`lines[${i}].thisPeriod`] = (Math.floor((line.scheduledValue - line.previousCompleted - line.storedMaterials) * share * 100) / 100).toFixed(2);
  });
  return form;
}
const commitmentLoad = async (subcontractId: number): Promise<Row> => {
  const answer = await api.get('pm', '/api/pfm/getsubcontracts', { recordKey: 'Subcontract', recordId: subcontractId });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data[0];
};
const ledger = (subcontractId: number): number =>
  one("SELECT coalesce(sum(amount), 0) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'Subcontract' AND sourceRecordId = ?", subcontractId).n;

describe('CreatePayApplication', () => {
  it('creates a Draft for the current period with the schedule of values, carrying what was billed before', async () => {
    const [target] = subcontracts();
    const before = await commitmentLoad(target!.subcontractId);
    const app = await created(target!.subcontractId);
    assert.equal(app.recordStateName, 'Draft');
    assert.equal(app.periodEnd, currentEnd());
    assert.equal(app.final, false);
    assert.equal(app.retainagePercent, target!.retainagePercent);
    const sequence = one("SELECT count(*) AS n FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ?", target!.subcontractId).n;
    assert.equal(app.number, `${target!.number} Pay App ${String(sequence).padStart(2, '0')}`);
    assert.equal(app.lines.reduce((sum: number, l: Row) => sum + l.scheduledValue, 0), app.totals.contractSumToDate);
    // What was billed before (the historic application of the seed's billing) is carried as work completed before.
    assert.equal(app.totals.totalCompletedAndStored, before.billed);
    assert.equal(app.totals.currentPaymentDue, 0);
    assert.equal(before.billed, ledger(target!.subcontractId));
    // The list shows it as open, with the waiver it lacks.
    const list = await api.get('pm', PATHS.list, { recordKey: 'Project', recordId: 1, open: 'true' });
    const row = list.body.data.find((r: Row) => r.payApplicationId === app.payApplicationId);
    assert.equal(row.closed, false);
    assert.ok(row.waiversMissing.length >= 1);
  });

  it('refuses a second open application for the commitment, and one for a period already billed', async () => {
    const [target] = subcontracts();
    await created(target!.subcontractId);
    const before = checksum(host, TABLES);
    const second = await create(target!.subcontractId);
    assert.equal(second.status, 400);
    assert.match(second.body.message, /is still open: finish it before a new application/);
    assert.equal(checksum(host, TABLES), before);
  });

  it('the period end: a month\'s last day, not a closed period, not a future one (each at its boundary)', async () => {
    const [target] = subcontracts();
    const end = currentEnd();
    const dayBefore = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    // Last month's period is still open for billing; the month before it is closed.
    const closed = lastDayOf(addPeriods(periodOf(end), -2));
    const next = lastDayOf(addPeriods(periodOf(end), 1));
    const before = checksum(host, TABLES);
    for (const [periodEnd, words] of [[dayBefore, /must be the last day of a month/], [closed, /is closed/], [next, /has not begun/]] as const) {
      const answer = await create(target!.subcontractId, periodEnd);
      assert.equal(answer.status, 400, periodEnd);
      assert.equal(answer.body.data[0].stringValue, 'PeriodEnd');
      assert.match(answer.body.data[0].message, words);
    }
    assert.equal(checksum(host, TABLES), before);
    await created(target!.subcontractId, lastDayOf(addPeriods(periodOf(end), -1)));
  });

  it('only an executed commitment is billed', async () => {
    const draft = one(`SELECT t.subcontractId FROM subcontracts t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.projectId = 1 AND s.name IN ('Draft', 'Pending Signature') LIMIT 1`);
    const answer = await create(draft.subcontractId);
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /only an executed commitment can be billed/);
    const order = one(`SELECT t.purchaseOrderId FROM purchase_orders t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
      WHERE s.name = 'Draft' AND t.projectId = 1 LIMIT 1`);
    if (order) {
      const po = await api.post('pm', PATHS.create, { RecordKey: 'PurchaseOrder', CommitmentId: order.purchaseOrderId, PeriodEnd: currentEnd() });
      assert.equal(po.status, 400);
      assert.match(po.body.message, /only an issued purchase order can be billed/);
    }
  });

  it('the team guard: a commitment or an application of a project out of reach is 403; a Viewer writes nothing', async () => {
    const other = one(`SELECT t.subcontractId FROM subcontracts t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
      WHERE s.name = 'Executed' AND t.projectId NOT IN (SELECT projectId FROM project_team_members WHERE employeeId = 2)
        AND t.projectId NOT IN (SELECT projectId FROM projects WHERE projectManagerEmployeeId = 2 OR regionalProjectManagerEmployeeId = 2) LIMIT 1`);
    assert.equal((await create(other.subcontractId)).status, 403);
    const foreign = one(`SELECT payApplicationId, modifiedAt FROM pay_applications WHERE projectId = (SELECT projectId FROM subcontracts WHERE subcontractId = ?)`, other.subcontractId);
    assert.equal((await api.get('pm', PATHS.one, { payApplicationId: foreign.payApplicationId })).status, 403);
    assert.equal((await api.post('pm', PATHS.save, { PayApplicationId: foreign.payApplicationId, lastLoad: foreign.modifiedAt, 'lines[0].itemId': 1 })).status, 403);
    const [target] = subcontracts();
    assert.equal((await create(target!.subcontractId, currentEnd(), 'viewer')).status, 403);
  });
});

describe('SavePayApplication', () => {
  it('a line may reach its scheduled value but not pass it by a cent; stored materials may be 0 but not negative', async () => {
    const [target] = subcontracts();
    const app = await created(target!.subcontractId);
    const line = app.lines.find((l: Row) => l.scheduledValue - l.previousCompleted > 1)!;
    const room = Math.round((line.scheduledValue - line.previousCompleted) * 100) / 100;
    const entry = (thisPeriod: number, stored = 0): Form => ({
      'lines[0].itemId': line.itemId, 'lines[0].source': line.source, 'lines[0].thisPeriod': thisPeriod.toFixed(2), 'lines[0].storedMaterials': stored.toFixed(2),
    });
    const before = checksum(host, TABLES);
    const over = await save(app, entry(room + 0.01));
    assert.equal(over.status, 400);
    assert.equal(over.body.data[0].stringValue, 'lines[0].thisPeriod');
    assert.match(over.body.data[0].message, /may not exceed the scheduled value/);
    const negative = await save(app, entry(0, -0.01));
    assert.equal(negative.status, 400);
    assert.equal(negative.body.data[0].stringValue, 'lines[0].storedMaterials');
    assert.equal(checksum(host, TABLES), before);
    const full = await save(app, entry(room));
    assert.equal(full.status, 200, JSON.stringify(full.body));
    const saved = full.body.data.lines.find((l: Row) => l.itemId === line.itemId && l.source === line.source);
    assert.equal(saved.balanceToFinish, 0);
    assert.equal(saved.percentComplete, 100);
  });

  it('an item of another commitment is refused; a stale lastLoad is 409', async () => {
    const [target, other] = subcontracts();
    const app = await created(target!.subcontractId);
    const foreignItem = one('SELECT subcontractItemId FROM subcontract_items WHERE subcontractId = ? LIMIT 1', other!.subcontractId).subcontractItemId;
    const refused = await save(app, { 'lines[0].itemId': foreignItem, 'lines[0].thisPeriod': '1.00' });
    assert.equal(refused.status, 400);
    assert.match(refused.body.data[0].message, /is not a line of/);
    const stale = await save(app, linesAt(app, 0.1), new Date(Date.parse(app.modifiedAt) - 1).toISOString());
    assert.equal(stale.status, 409);
  });

  it('50 saves from the same load: one succeeds, 49 are 409', async () => {
    const [target] = subcontracts();
    const app = await created(target!.subcontractId);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => save(app, linesAt(app, (i + 1) / 100))));
    assert.equal(answers.filter((a) => a.status === 200).length, 1);
    assert.equal(answers.filter((a) => a.status === 409).length, 49);
  });
});

describe('the workflow, lien waivers, approval authority and money', () => {
  it('its files are counted like any record\'s: a lien waiver is a file of the application, in the project\'s counts too', async () => {
    const [target] = subcontracts();
    const app = await created(target!.subcontractId);
    assert.equal((await waiver(app, 'Conditional Progress', 1, currentEnd())).status, 200);
    const own = await api.get('pm', '/api/pfm/getapplicationrecordfilecounts', { recordKey: 'PayApplication', recordId: app.payApplicationId });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.deepEqual(own.body.data.map((r: Row) => [r.applicationRecordKey, r.recordId, r.fileCount]), [['PayApplication', app.payApplicationId, 1]]);
    const project = await api.get('pm', '/api/pfm/getapplicationrecordfilecounts', { recordKey: 'Project', recordId: 1 });
    assert.ok(project.body.data.some((r: Row) => r.applicationRecordKey === 'PayApplication' && r.recordId === app.payApplicationId));
  });

  it('Revise and Resubmit needs a reason, which the application shows', async () => {
    const [target] = subcontracts();
    const app = await moved('pm', await created(target!.subcontractId), 'Submitted');
    const none = await move('rpm', app, 'Revise and Resubmit', { Reason: '  ' });
    assert.equal(none.status, 400);
    assert.equal(none.body.data[0].stringValue, 'Reason');
    const sent = await moved('rpm', app, 'Revise and Resubmit', { Reason: 'Line 3 billed ahead of the schedule' });
    assert.equal(sent.reviseReason, 'Line 3 billed ahead of the schedule');
    const again = await moved('pm', sent, 'Submitted');
    assert.equal(again.recordStateName, 'Submitted');
  });

  it('Approved for Payment: refused without the waivers (listed), by amount over the role\'s limit, then certified with its cost', async () => {
    const target = subcontracts().find((s) => s.amount > 400_000)!;
    const draft = await created(target.subcontractId);
    const billed = await save(draft, linesAt(draft, 0.5));
    assert.equal(billed.status, 200, JSON.stringify(billed.body));
    const app = billed.body.data;
    assert.ok(app.totals.currentPaymentDue > 100_000, `payment ${app.totals.currentPaymentDue}`);
    const submitted = await moved('pm', app, 'Submitted');
    // rpm approves: pm (not the last to move it) is then judged on the amount alone.
    const approved = await moved('rpm', submitted, 'Approved');
    const before = checksum(host, TABLES);
    const noWaivers = await move('admin', approved, 'Approved for Payment');
    assert.equal(noWaivers.status, 400);
    assert.equal(noWaivers.body.autoAlert, true);
    assert.match(noWaivers.body.message, /A conditional waiver for this payment of \$[\d,.]+ through/);
    assert.match(noWaivers.body.message, /An unconditional waiver for the previous payment/);
    assert.equal(noWaivers.body.waiversMissing.length, 2);
    assert.equal(checksum(host, TABLES), before);
    // A waiver a cent short of the payment does not cover it.
    assert.equal((await waiver(app, 'Conditional Progress', app.totals.currentPaymentDue - 0.01, app.periodEnd)).status, 200);
    const previous = one("SELECT * FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ? AND sequence = ?", target.subcontractId, app.sequence - 1);
    assert.equal((await waiver(app, 'Unconditional Progress', previous.certifiedPaymentDue, previous.periodEnd)).status, 200);
    const short = await move('admin', approved, 'Approved for Payment');
    assert.equal(short.status, 400);
    assert.equal(short.body.waiversMissing.length, 1);
    const withWaivers = await waiver(app, 'Conditional Progress', app.totals.currentPaymentDue, app.periodEnd);
    assert.equal(withWaivers.body.data.waiversMissing.length, 0);
    // pm's limit is $100,000: the payment is over it, and RPM is named.
    const pmRefused = await move('pm', approved, 'Approved for Payment');
    assert.equal(pmRefused.status, 400);
    assert.match(pmRefused.body.message, /RPM/);
    const ledgerBefore = ledger(target.subcontractId);
    assert.equal((await move('rpm', approved, 'Approved for Payment')).status, 400, 'rpm approved it: another person certifies');
    const certified = await moved('admin', approved, 'Approved for Payment');
    assert.equal(certified.recordStateName, 'Approved for Payment');
    const row = one('SELECT * FROM pay_applications WHERE payApplicationId = ?', app.payApplicationId);
    assert.equal(row.certifiedPaymentDue, app.totals.currentPaymentDue);
    assert.equal(row.certifiedRetainage, app.totals.retainage);
    // The work certified this period is on the job's ledger, sourced by the commitment: billed and actual move alike.
    const thisPeriod = app.lines.reduce((sum: number, l: Row) => sum + l.thisPeriod, 0);
    assert.equal(Math.round((ledger(target.subcontractId) - ledgerBefore) * 100) / 100, Math.round(thisPeriod * 100) / 100);
    const load = await commitmentLoad(target.subcontractId);
    assert.equal(load.billed, app.totals.totalCompletedAndStored);
    assert.equal(load.retainageHeld, app.totals.retainage);
    const paidBefore = load.paid;
    await moved('pm', certified, 'Paid');
    assert.equal(Math.round(((await commitmentLoad(target.subcontractId)).paid - paidBefore) * 100) / 100, app.totals.currentPaymentDue);
  });

  it('pm approves for payment within $100,000, but not what pm approved (segregation of duties)', async () => {
    const target = subcontracts().find((s) => s.amount > 20_000)!;
    const draft = await created(target.subcontractId);
    const app = (await save(draft, linesAt(draft, 0.05))).body.data;
    assert.ok(app.totals.currentPaymentDue <= 100_000);
    const approvedByPm = await moved('pm', await moved('pm', app, 'Submitted'), 'Approved');
    await waiver(app, 'Conditional Progress', app.totals.currentPaymentDue, app.periodEnd);
    const previous = one("SELECT * FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ? AND sequence = ?", target.subcontractId, app.sequence - 1);
    await waiver(app, 'Unconditional Progress', previous.certifiedPaymentDue, previous.periodEnd);
    const own = await move('pm', approvedByPm, 'Approved for Payment');
    assert.equal(own.status, 400);
    const back = await moved('rpm', approvedByPm, 'Revise and Resubmit', { Reason: 'Approve it again' });
    const again = await moved('rpm', await moved('rpm', back, 'Submitted'), 'Approved');
    assert.equal((await moved('pm', again, 'Approved for Payment')).recordStateName, 'Approved for Payment');
  });
});

describe('the final application releases retainage and clears the closeout blocker', () => {
  it('billing every line to 100%, then a final application at rate 0 with its unconditional final waiver', async () => {
    const target = subcontracts().find((s) => s.amount < 1_000_000)!;
    /** The subcontracts the closeout's retainage item is blocked by. */
    const retainageBlockers = async (): Promise<number[]> => {
      const answer = await api.get('pm', '/api/toolbox/closeouts/getcloseoutchecklist', { recordKey: 'Project', recordId: 1 });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data.items.find((i: Row) => i.id === 'retainage').blockers.filter((b: Row) => b.recordKey === 'Subcontract').map((b: Row) => b.recordId);
    };
    const certify = async (app: Row) => {
      const approved = await moved('rpm', await moved('pm', app, 'Submitted'), 'Approved');
      const fresh = (await api.get('pm', PATHS.one, { payApplicationId: app.payApplicationId })).body.data;
      await waiver(fresh, fresh.final ? 'Unconditional Final' : 'Conditional Progress', fresh.totals.currentPaymentDue, fresh.periodEnd);
      const previous = one("SELECT * FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ? AND sequence = ?", target.subcontractId, fresh.sequence - 1);
      await waiver(fresh, 'Unconditional Progress', previous.certifiedPaymentDue, previous.periodEnd);
      return moved('admin', approved, 'Approved for Payment');
    };
    const draft = await created(target.subcontractId);
    const full = await save(draft, linesAt(draft, 1));
    assert.equal(full.status, 200, JSON.stringify(full.body));
    assert.equal(full.body.data.totals.balanceToFinishIncludingRetainage, full.body.data.totals.retainage);
    await certify(full.body.data);
    const held = (await commitmentLoad(target.subcontractId)).retainageHeld;
    assert.ok(held > 0);
    assert.ok((await retainageBlockers()).includes(target.subcontractId), 'the retainage blocker names the subcontract');
    // The next period: every line complete, so the application is the final one, releasing what was held.
    pinClock(later(2));
    try {
      const release = await created(target.subcontractId, periodEndOf(today()));
      assert.equal(release.final, true);
      assert.equal(release.totals.retainagePercent, 0);
      assert.equal(release.totals.currentPaymentDue, held);
      const refused = await save(release, linesAt(release, 1));
      assert.equal(refused.status, 400);
      // Without the unconditional final waiver it is not approved for payment.
      const approved = await moved('rpm', await moved('pm', release, 'Submitted'), 'Approved');
      const conditional = await waiver(release, 'Conditional Final', held, release.periodEnd);
      assert.equal(conditional.status, 200);
      const missing = await move('admin', approved, 'Approved for Payment');
      assert.match(missing.body.message, /An unconditional final waiver for/);
      await waiver(release, 'Unconditional Final', held, release.periodEnd);
      const previous = one("SELECT * FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ? AND sequence = ?", target.subcontractId, release.sequence - 1);
      await waiver(release, 'Unconditional Progress', previous.certifiedPaymentDue, previous.periodEnd);
      const ledgerBefore = ledger(target.subcontractId);
      await moved('admin', approved, 'Approved for Payment');
      // The release is a payment, not a cost: the ledger is unchanged, the retainage held is 0, the blocker is gone.
      assert.equal(ledger(target.subcontractId), ledgerBefore);
      assert.equal((await commitmentLoad(target.subcontractId)).retainageHeld, 0);
      assert.ok(!(await retainageBlockers()).includes(target.subcontractId), 'the release clears the blocker');
    } finally {
      pinClock(new Date(Date.parse(NEXT_MONTH) + 2 * 86_400_000).toISOString());
    }
  });
});

describe('reads of many applications', () => {
  it('the list and the data-quality rows read a project\'s applications in a fixed number of statements, not one per application', () => {
    const db = host.db;
    const project = one('SELECT projectId, count(*) AS n FROM pay_applications GROUP BY projectId ORDER BY n DESC LIMIT 1');
    assert.ok(project.n > 20, `${project.n} applications`);
    const prepare = db.prepare;
    let statements = 0;
    db.prepare = ((sql: string) => {
      statements++;
      return prepare.call(db, sql);
    }) as typeof db.prepare;
    try {
      const counted = (read: () => unknown[]) => {
        statements = 0;
        const rows = read();
        assert.equal(rows.length, project.n);
        return statements;
      };
      assert.ok(counted(() => payApplicationQualityRows(db, project.projectId)) <= 5, `${statements} statements for the data-quality rows`);
      assert.ok(counted(() => payApplicationRows(db, { recordKey: 'Project', recordId: project.projectId })) <= 5, `${statements} statements for the list`);
    } finally {
      db.prepare = prepare;
    }
  });
});

describe('lien waiver files', () => {
  const remove = (fileId: number) => api.post('pm', '/api/pfm/files', { FileId: fileId }, 'multipart', 'DELETE');

  it("deleting an open application's waiver file takes the waiver off; a certified application's waivers are kept", async () => {
    const [target] = subcontracts();
    const app = await created(target!.subcontractId);
    const added = await waiver(app, 'Conditional Progress', app.totals.currentPaymentDue, app.periodEnd);
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const [onFile] = added.body.data.waivers;
    assert.equal((await remove(onFile.fileId)).status, 200);
    assert.equal(one('SELECT count(*) AS n FROM lien_waivers WHERE payApplicationId = ?', app.payApplicationId).n, 0);
    const after = (await api.get('pm', PATHS.one, { payApplicationId: app.payApplicationId })).body.data;
    assert.deepEqual(after.waivers, []);
    assert.ok(after.waiversMissing.some((m: string) => /A conditional waiver for this payment/.test(m)));
    assert.ok(after.modifiedAt > app.modifiedAt, 'the application changed (a list loaded before sees it)');

    const certified = one(`SELECT w.fileId FROM lien_waivers w JOIN pay_applications a ON a.payApplicationId = w.payApplicationId
      JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId WHERE a.projectId = 1 AND s.name = 'Paid' LIMIT 1`);
    const before = checksum(host, TABLES);
    const kept = await remove(certified.fileId);
    assert.equal(kept.status, 400);
    assert.match(kept.body.message, /is paid: its lien waivers and documents can not be deleted/);
    assert.equal(checksum(host, TABLES), before);
    assert.equal(one('SELECT count(*) AS n FROM files WHERE fileId = ?', certified.fileId).n, 1);
  });
});

/** The text a pdf-lib document shows, one drawn string a line (its content streams inflated, its hex strings decoded). */
function pdfText(bytes: Buffer): string[] {
  const texts: string[] = [];
  for (const match of bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(hex!, 'hex').toString('latin1'));
  }
  return texts;
}

describe('getPayApplicationById', () => {
  it("sends the caller's field security in the application's state, as the fieldSecurity lookup answers it for that caller", async () => {
    const id = one('SELECT payApplicationId FROM pay_applications a JOIN projects p USING (projectId) WHERE p.projectId = 1 ORDER BY payApplicationId LIMIT 1').payApplicationId;
    for (const login of ['pm', 'admin']) {
      const answer = await api.get(login, PATHS.one, { payApplicationId: id });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const record = answer.body.data;
      const lookup = await api.get(login, LOOKUP_TYPES.fieldSecurity.single, { applicationRecordStateId: record.applicationRecordStateId });
      assert.equal(lookup.status, 200);
      assert.deepEqual(record.fieldSecurity, lookup.body.data, login);
      assert.equal(record.fieldSecurity.lookupApplicationRecordStateId, record.applicationRecordStateId);
    }
  });
});

describe('GetPayApplicationDocument', () => {
  it('answers the application (G702 lines 1-9) and its continuation sheet as a PDF attachment', async () => {
    // An application whose schedule has change-order lines: line 1 and 2 split the contract sum to date.
    const app = one(`SELECT payApplicationId, number FROM pay_applications a WHERE projectId = 1
      AND EXISTS (SELECT 1 FROM pay_application_lines l WHERE l.payApplicationId = a.payApplicationId AND l.source = 'changeOrder')
      ORDER BY payApplicationId LIMIT 1`);
    const record = (await api.get('pm', PATHS.one, { payApplicationId: app.payApplicationId })).body.data;
    const response = await fetch(`${host.url}${PATHS.document}?payApplicationId=${app.payApplicationId}`, { headers: { authorization: `Bearer ${await host.tokenFor('pm')}` } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(response.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="${app.number}.pdf"`));
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const text = pdfText(bytes);
    const amountAfter = (label: RegExp) => text[text.findIndex((t) => label.test(t)) + 1];
    const changes = record.lines.filter((l: Row) => l.source === 'changeOrder').reduce((sum: number, l: Row) => sum + l.scheduledValue, 0);
    assert.ok(changes !== 0);
    const t = record.totals;
    assert.equal(amountAfter(/^1\. Original contract sum/), formatMoney(Math.round((t.contractSumToDate - changes) * 100) / 100));
    assert.equal(amountAfter(/^2\. Net change by change orders/), formatMoney(Math.round(changes * 100) / 100));
    assert.equal(amountAfter(/^3\. Contract sum to date/), formatMoney(t.contractSumToDate));
    assert.equal(amountAfter(/^4\. Total completed and stored/), formatMoney(t.totalCompletedAndStored));
    assert.equal(amountAfter(/^5\. Retainage/), formatMoney(t.retainage));
    assert.equal(amountAfter(/^6\. Total earned less retainage/), formatMoney(t.totalEarnedLessRetainage));
    assert.equal(amountAfter(/^7\. Less previous certificates/), formatMoney(t.previousCertificates));
    assert.equal(amountAfter(/^8\. Current payment due/), formatMoney(t.currentPaymentDue));
    assert.equal(amountAfter(/^9\. Balance to finish, including retainage/), formatMoney(t.balanceToFinishIncludingRetainage));
    assert.ok(text.includes(`${record.vendorName} - ${record.commitmentNumber} - period to ${record.periodEnd} - ${record.recordStateName}`), text.slice(0, 3).join(' | '));
  });
});
