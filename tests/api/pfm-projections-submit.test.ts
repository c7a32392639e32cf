/**
 * A month's submission is shown and held (issue 32, migration 032): SubmitProjections records who and when (the lines
 * answer projectionSubmittedBy / projectionSubmittedAt; a second submission is refused naming the first);
 * SaveProjections refuses a submitted month, all or nothing; ReopenProjections (the submitter, an RPM or a keyPFM
 * Admin; another team member 403; refused in a closed period, on a month not submitted, 404 for an unknown budget)
 * makes the lines savable and the budget pending again. An upgraded database gets who and when for its submitted rows.
 *
 * The clock is pinned on the seed's month (open, pending for the pm); each step moves it on a little.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { centralDayOf, nowIso, periodOf, pinClock } from '../../src/core/clock';
import { addDays } from '../../src/core/timecards';
import { formatDate } from '../../src/core/format/dates';
import { PROJECTION_PATHS, SUBMISSION_TEXT } from '../../src/core/projections/contract';
import { FORECAST_PERIOD_PATHS, periodLabel } from '../../src/core/projections/periods';
import { pendingProjections } from '../../demo/host/api/pfm/projections/pending';
import { checksum } from './api-client';
import { upgradePreviousRelease } from './support/migrations';
import { TEST_SEED_DAY } from './support/seed-day';
import { useTestHost, type Row } from './support/use-host';

const MONTH = periodOf(TEST_SEED_DAY);
/** The clock on the seed's month, `days` after the seed day, at noon Central. */
const at = (days: number) => pinClock(`${addDays(TEST_SEED_DAY, days)}T18:00:00.000Z`);
const { host, api, one, all, employeeId } = useTestHost({ clock: () => at(0) });

const BUDGET = 1;
const LABEL = periodLabel(MONTH);
const dayOf = (iso: string) => formatDate(centralDayOf(Date.parse(iso)));
const lines = async (login = 'pm') => (await api.get(login, PROJECTION_PATHS.lines, { recordKey: 'Budget', recordId: BUDGET })).body.data as Row[];
const submit = (login: string) => api.post(login, PROJECTION_PATHS.submit, { BudgetId: BUDGET });
const reopen = (login: string, form: Record<string, string | number> = {}) => api.post(login, PROJECTION_PATHS.reopen, { BudgetId: BUDGET, ...form });
const monthRows = () => all('SELECT * FROM projections WHERE budgetId = ? AND month = ? ORDER BY costCodeId', BUDGET, MONTH);
const pending = () => pendingProjections(host.db, MONTH).some((p) => p.budgetId === BUDGET);
/** A save of two lines of budget 1 (manual amounts). */
const save = async (login = 'pm') => {
  const [a, b] = all('SELECT costCodeId FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 2', BUDGET);
  return api.post(login, PROJECTION_PATHS.save, {
    BudgetId: BUDGET,
    'projections[0].costCodeId': a!.costCodeId, 'projections[0].method': 'manual', 'projections[0].value': '4321', 'projections[0].reason': 'Field walk',
    'projections[1].costCodeId': b!.costCodeId, 'projections[1].method': 'manual', 'projections[1].value': '1234', 'projections[1].reason': 'Field walk',
  });
};

describe('SubmitProjections records who submitted the month and when', () => {
  it('every row of the month: submittedBy and submittedAt; the lines answer the name and the time; the bell clears', async () => {
    assert.equal(pending(), true);
    at(1);
    const submittedAt = nowIso();
    const answer = await submit('pm');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = monthRows();
    assert.equal(answer.body.data.submitted, rows.length);
    assert.deepEqual(new Set(rows.map((r) => `${r.submitted} ${r.submittedBy} ${r.submittedAt}`)), new Set([`1 ${employeeId('pm')} ${submittedAt}`]));
    assert.equal(pending(), false);
    const [line] = await lines();
    assert.deepEqual([line!.month, line!.projectionSubmitted, line!.projectionSubmittedBy, line!.projectionSubmittedById, line!.projectionSubmittedAt],
      [MONTH, true, 'Marcus Reyes', employeeId('pm'), submittedAt]);
  });

  it('submitting again is refused (400 autoAlert) naming the first submission, which stands', async () => {
    const first = monthRows()[0]!;
    at(2);
    const before = checksum(host, ['projections']);
    const again = await submit('rpm');
    assert.equal(again.status, 400, JSON.stringify(again.body));
    assert.equal(again.body.autoAlert, true);
    assert.equal(again.body.message, SUBMISSION_TEXT.alreadySubmitted(LABEL, 'Marcus Reyes', dayOf(first.submittedAt)));
    assert.equal(checksum(host, ['projections']), before);
  });
});

describe('SaveProjections on a submitted month', () => {
  it('is refused, all or nothing (400 autoAlert naming who submitted and when): nothing written', async () => {
    const submittedAt = monthRows()[0]!.submittedAt as string;
    const before = checksum(host, ['projections', 'cost_codes']);
    const refused = await save('pm');
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, SUBMISSION_TEXT.saveRefused(LABEL, 'Marcus Reyes', dayOf(submittedAt)));
    assert.match(refused.body.message, /^The projections for \w+ \d{4} were submitted by Marcus Reyes on \d\d\/\d\d\/\d{4}: re-open them to change them\.$/);
    assert.equal(checksum(host, ['projections', 'cost_codes']), before);
    // An RPM or an Admin is held too: the month is re-opened first.
    assert.equal((await save('admin')).status, 400);
    assert.equal(checksum(host, ['projections', 'cost_codes']), before);
  });
});

describe('ReopenProjections', () => {
  it('the submitter re-opens with a reason: not submitted, who / when / why kept, pending again; saves pass and stay not submitted', async () => {
    at(3);
    const reopenedAt = nowIso();
    const answer = await reopen('pm', { Reason: 'Late subcontractor invoice' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = monthRows();
    assert.deepEqual(answer.body.data, { budgetId: BUDGET, month: MONTH, reopened: rows.length });
    assert.deepEqual(new Set(rows.map((r) => JSON.stringify([r.submitted, r.submittedBy, r.submittedAt, r.reopenedBy, r.reopenedAt, r.reopenReason]))),
      new Set([JSON.stringify([0, null, null, employeeId('pm'), reopenedAt, 'Late subcontractor invoice'])]));
    assert.equal(pending(), true);
    const bell = (await api.get('pm', '/api/common/GetOpenItemsByEmployee')).body.data.budgetsPendingProjections as Row[];
    assert.ok(bell.some((b) => b.budgetId === BUDGET), JSON.stringify(bell));
    const [line] = await lines();
    assert.deepEqual([line!.projectionSubmitted, line!.projectionSubmittedBy, line!.projectionSubmittedById, line!.projectionSubmittedAt], [false, null, null, null]);

    const saved = await save('pm');
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.saved, 2);
    assert.equal(one('SELECT count(*) AS n FROM projections WHERE budgetId = ? AND month = ? AND submitted = 1', BUDGET, MONTH).n, 0);
    assert.equal(one("SELECT count(*) AS n FROM projections WHERE budgetId = ? AND month = ? AND projectedCostToComplete = 4321 AND reason = 'Field walk'", BUDGET, MONTH).n, 1);
  });

  it('a month not submitted has nothing to re-open (400 autoAlert)', async () => {
    const answer = await reopen('pm');
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.message, SUBMISSION_TEXT.notSubmitted(LABEL, one('SELECT jobNumber FROM budgets WHERE budgetId = ?', BUDGET).jobNumber));
  });

  it('another team member may not re-open (403, nothing changed); an RPM who reaches the project may, and a keyPFM Admin', async () => {
    at(4);
    assert.equal((await submit('admin')).status, 200);
    const before = checksum(host, ['projections']);
    const refused = await reopen('pm');
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(refused.body.message, SUBMISSION_TEXT.reopenWho('Dana Whitfield'));
    assert.equal(checksum(host, ['projections']), before);
    assert.equal(pending(), false);
    const rpm = await reopen('rpm');
    assert.equal(rpm.status, 200, JSON.stringify(rpm.body));
    assert.equal(one('SELECT count(*) AS n FROM projections WHERE budgetId = ? AND month = ? AND submitted = 1', BUDGET, MONTH).n, 0);
    assert.deepEqual([...new Set(monthRows().map((r) => r.reopenedBy))], [employeeId('rpm')]);
    // The rpm submits; the admin re-opens (keyPFM Admin may, whoever submitted).
    assert.equal((await submit('rpm')).status, 200);
    assert.equal((await reopen('admin')).status, 200);
  });

  it('refuses an unknown budget (404) and bad input (400) before anything is written', async () => {
    const before = checksum(host, ['projections']);
    const unknown = await api.post('admin', PROJECTION_PATHS.reopen, { BudgetId: 999999 });
    assert.equal(unknown.status, 404, JSON.stringify(unknown.body));
    assert.match(unknown.body.message, /Budget 999999 not found/);
    assert.equal((await api.post('pm', PROJECTION_PATHS.reopen, { BudgetId: 'abc' })).status, 400);
    assert.equal((await api.post('pm', PROJECTION_PATHS.reopen, {})).status, 400);
    assert.equal((await reopen('pm', { Reason: 'x'.repeat(2001) })).status, 400);
    assert.equal(checksum(host, ['projections']), before);
  });

  it('is refused in a closed period (400 autoAlert): the closed month stays locked', async () => {
    at(5);
    assert.equal((await submit('pm')).status, 200);
    const closed = await api.post('admin', FORECAST_PERIOD_PATHS.close, { BudgetId: BUDGET, Month: MONTH });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    const before = checksum(host, ['projections']);
    const refused = await reopen('pm');
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.autoAlert, true);
    assert.match(refused.body.message, /was closed by Dana Whitfield on .*: its projections are locked/);
    assert.equal(checksum(host, ['projections']), before);
  });
});

describe('migration 032 on the previous release\'s database', () => {
  it('gives every submitted row its saver as submitter and its last write as the time; keeps every row', () => upgradePreviousRelease('bizapps-submissions-', 32, (old) => {
    const rows = old.prepare('SELECT projectionId, submitted, employeeId, modifiedAt FROM projections ORDER BY projectionId').all() as Row[];
    assert.ok(rows.filter((r) => r.submitted === 1).length > 100, `${rows.length} projections in the old database`);
    return { rows };
  }, (db, { rows }) => {
    const now = db.prepare('SELECT projectionId, submitted, submittedBy, submittedAt, reopenedBy FROM projections ORDER BY projectionId').all() as Row[];
    assert.equal(now.length, rows.length, 'every row kept');
    for (const [i, row] of rows.entries()) {
      const expected = row.submitted === 1 ? [row.employeeId, row.modifiedAt] : [null, null];
      assert.deepEqual([now[i]!.projectionId, now[i]!.submittedBy, now[i]!.submittedAt, now[i]!.reopenedBy], [row.projectionId, ...expected, null]);
    }
  }));
});
