/**
 * Time is an input (issue 28): with the one clock pinned to several days after the test database's seed day,
 * the host reads that day everywhere: the current period (projections saved and submitted in it, last month's
 * carried forward, the bell's pending budgets), IT billing waiting for a month to end, data-quality and SLIM ages,
 * and the first and last day of a month, 31 December and 1 January, a year after the seed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BILLING_API, BILLING_TEXT } from '../../src/core/billing/contract';
import { addPeriods, currentPeriod, pinClock } from '../../src/core/clock';
import { addDays } from '../../src/core/timecards/days';
import { saveManualProjection } from './support/projections';
import { TEST_SEED_DAY } from './support/seed-day';
import { stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api } = useTestHost({ clock: () => pinClock(TEST_SEED_DAY) });

const LINES = '/api/pfm/getcostcodetransactionsummary';
const BELL = '/api/common/GetOpenItemsByEmployee';
const lines = async (budgetId = 1) => {
  const answer = await api.get('pm', LINES, { recordKey: 'Budget', recordId: budgetId });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data as Row[];
};
const pendingBudgets = async () => ((await api.get('pm', BELL)).body.data.budgetsPendingProjections as Row[]);

describe('the current period is the month of today (Central time)', () => {
  for (const [day, period] of [['2026-11-30', '2026-11'], ['2026-12-01', '2026-12'], ['2026-12-31', '2026-12'], ['2027-01-01', '2027-01'], ['2027-11-27', '2027-11']] as const) {
    it(`on ${day} the grid's lines are of ${period}`, async () => {
      pinClock(day);
      assert.equal(currentPeriod(), period);
      assert.deepEqual([...new Set((await lines()).map((l) => l.month))], [period]);
    });
  }
  it('late on 30 November in Chicago is still November, though it is 1 December in UTC', async () => {
    pinClock('2026-12-01T05:30:00.000Z');
    assert.deepEqual([...new Set((await lines()).map((l) => l.month))], ['2026-11']);
  });
});

describe('projections: saved and submitted in the current period, carried forward into a month that has none', () => {
  it('a manual projection saved in November is November\'s; on 1 December the grid shows it carried, not submitted', async () => {
    pinClock('2026-11-20');
    const [line] = await lines();
    const saved = await saveManualProjection(api, 'pm', { budgetId: 1, costCodeId: line!.costCodeId, value: 123456, reason: 'Carried test' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.month, '2026-11');
    assert.equal(host.db.prepare("SELECT month FROM projections WHERE costCodeId = ? AND month = '2026-11'").pluck().get(line!.costCodeId), '2026-11');

    pinClock('2026-12-01');
    const carried = (await lines()).find((l) => l.costCodeId === line!.costCodeId)!;
    assert.deepEqual([carried.month, carried.projectionMethod, carried.projectedCostToComplete, carried.projectionReason, carried.projectionSubmitted],
      ['2026-12', 'manual', 123456, 'Carried test', false]);
    // Nothing was written by the load: December has no row until someone saves or submits.
    assert.equal(host.db.prepare("SELECT count(*) FROM projections WHERE budgetId = 1 AND month = '2026-12'").pluck().get(), 0);
  });

  it("the bell's pending budgets are the current period's: submitting clears it, and the next month is pending again", async () => {
    pinClock('2026-11-25');
    const november = await pendingBudgets();
    assert.ok(november.some((b) => b.budgetId === 1 && b.month === '2026-11'), JSON.stringify(november));
    const submitted = await api.post('pm', '/api/pfm/SubmitProjections', { BudgetId: 1 });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.data.month, '2026-11');
    assert.ok(!(await pendingBudgets()).some((b) => b.budgetId === 1));
    // Every line of November is stored as submitted, the carried-forward manual one with its method and reason.
    assert.equal(host.db.prepare("SELECT count(*) FROM projections WHERE budgetId = 1 AND month = '2026-11' AND submitted = 0").pluck().get(), 0);

    pinClock('2026-12-01');
    const december = await pendingBudgets();
    assert.ok(december.some((b) => b.budgetId === 1 && b.month === '2026-12'), JSON.stringify(december));
    // November's submission is December's prior month.
    const line = (await lines()).find((l) => l.priorMonthProjection !== null);
    assert.ok(line, 'a line shows November as its prior month');
  });
});

describe('IT billing waits for the month to end', () => {
  // The test database is seeded on 1 November 2026: October is the last month with submitted timecards.
  it('October can not be run on its last day (a preview, marked so); on 1 November it can', async () => {
    pinClock('2026-10-31');
    const early = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'hours' });
    assert.equal(early.status, 400);
    assert.equal(early.body.autoAlert, true);
    assert.equal(early.body.message, BILLING_TEXT.notEnded('2026-10', '2026-10-31'));
    const preview = await api.get('admin', BILLING_API.run, { month: '2026-10' });
    assert.deepEqual([preview.body.data.ended, preview.body.data.lastDay, preview.body.data.runId], [false, '2026-10-31', null]);
    assert.equal(host.db.prepare("SELECT count(*) FROM it_billing_runs WHERE month = '2026-10'").pluck().get(), 0);

    pinClock('2026-11-01');
    const run = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'hours' });
    assert.equal(run.status, 200, JSON.stringify(run.body));
    assert.equal(run.body.data.ended, true);
  });

  it('a Draft run of a month that has not ended can not be posted (a clock moved back), and stays Draft', async () => {
    pinClock('2026-11-02');
    const run = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'hours' });
    assert.equal(run.status, 200, JSON.stringify(run.body));
    pinClock('2026-10-30');
    const post = await api.post('admin', BILLING_API.updateState, {
      ItemId: run.body.data.runId, OldRecordStateId: stateId(host, 'ItBillingRun', 'Draft'), RouteStateId: stateId(host, 'ItBillingRun', 'Posted'),
    });
    assert.equal(post.status, 400);
    assert.equal(post.body.message, BILLING_TEXT.notEnded('2026-10', '2026-10-31'));
    assert.equal(host.db.prepare('SELECT s.name FROM it_billing_runs r JOIN application_record_states s USING (applicationRecordStateId) WHERE r.itBillingRunId = ?')
      .pluck().get(run.body.data.runId), 'Draft');
    pinClock('2026-11-02');
  });
});

describe('ages count to today', () => {
  it('the SLIM queue: a few requests past due on the seed day, every open one a year later', async () => {
    const overview = async () => (await api.get('admin', '/api/slim/getslimoverview')).body.data as { openCount: number; pastDue: Row[] };
    pinClock(TEST_SEED_DAY);
    const now = await overview();
    assert.ok(now.pastDue.length > 0 && now.pastDue.length < now.openCount / 2, `${now.pastDue.length} of ${now.openCount} past due on the seed day`);
    assert.ok(now.pastDue.every((r) => !String(r.state).startsWith('On Hold')), 'no On Hold request is past due on the seed day');
    pinClock(addDays(TEST_SEED_DAY, 365));
    const later = await overview();
    assert.equal(later.pastDue.length, later.openCount);
    assert.ok(later.pastDue.every((r) => r.ageDays >= 365));
  });

  it("the employee's owed weeks: last week on the seed day, three weeks two weeks later, computed with nothing written", async () => {
    const owed = async () => ((await api.get('employee', '/api/timecards/gettimecardweeks')).body.data as { pastWeeksToSubmit: string[] }).pastWeeksToSubmit;
    pinClock(TEST_SEED_DAY);
    assert.deepEqual(await owed(), [addDays(TEST_SEED_DAY, -7)]);
    pinClock(addDays(TEST_SEED_DAY, 14));
    const cards = host.db.prepare("SELECT count(*) FROM weekly_timecards t JOIN employees e USING (employeeId) WHERE e.login = 'employee'").pluck().get();
    assert.deepEqual(await owed(), [addDays(TEST_SEED_DAY, -7), TEST_SEED_DAY, addDays(TEST_SEED_DAY, 7)]);
    assert.equal(host.db.prepare("SELECT count(*) FROM weekly_timecards t JOIN employees e USING (employeeId) WHERE e.login = 'employee'").pluck().get(), cards);
  });

  it('access requests expire 14 days after they were asked: waiting on the seed day, Expired once past, without a write', async () => {
    const review = async () => (await api.get('pm', '/api/toolbox/getaccessrequests', { view: 'review' })).body.data as Row[];
    // The oldest seeded Pending request was asked 10 days before the seed day: it expires after 4 more.
    pinClock(TEST_SEED_DAY);
    const waiting = await review();
    const oldest = waiting.find((r) => r.number === 'AR-00004');
    assert.ok(oldest, JSON.stringify(waiting.map((r) => r.number)));
    assert.equal(oldest.expiresOn, addDays(TEST_SEED_DAY, 4));
    pinClock(addDays(TEST_SEED_DAY, 5));
    assert.ok(!(await review()).some((r) => r.number === 'AR-00004'), 'past its 14 days it no longer waits for a decision');
    assert.equal(host.db.prepare("SELECT s.name FROM access_requests a JOIN application_record_states s USING (applicationRecordStateId) WHERE a.number = 'AR-00004'")
      .pluck().get(), 'Pending', 'the load wrote nothing: the scheduled work expires it');
  });

  it('a period a year on is the current one, twelve months after the seed\'s', () => {
    pinClock(addDays(TEST_SEED_DAY, 365));
    assert.equal(currentPeriod(), addPeriods('2026-11', 12));
  });
});
