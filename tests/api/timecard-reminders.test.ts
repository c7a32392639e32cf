/**
 * A Timecard Admin's counts and reminders (issue 29, demo/host/api/timecards/reminders.ts): the counts
 * of a week agree with the rows of the 'all' view; "Remind" records one reminder per employee who owes
 * the week (no card, or Draft), once a day; each reminded employee's bell shows it until the week is
 * submitted; only Admin / Timecard Admin on keyTC may do either; a bad week is a 400 and writes nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API, type AdminWeekCounts, type TeamTimecardRow } from '../../src/core/timecards/contract';
import { setClock } from '../../src/core/clock';
import { toOpenItems } from '../../src/elements/portal-header/data';
import { matchRoute } from '../../src/core/router/routes';
import { employeeNotices } from '../../demo/host/api/timecards/bell';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

let now = Date.parse('2026-11-04T17:00:00Z'); // Wednesday; the last week come due is 10/25–10/31
const { host, api, one, employeeId: id } = useTestHost({ clock: () => setClock(() => now) });

const BELL = '/api/common/GetOpenItemsByEmployee';
const WEEK = '2026-10-25';
const TABLES = ['timecard_reminders', 'weekly_timecards', 'timecard_lines'];
const reminderRows = () => host.db.prepare('SELECT employeeId, weekStart, remindedByEmployeeId, remindedOn FROM timecard_reminders ORDER BY timecardReminderId').all() as Row[];

const owes = (row: TeamTimecardRow) => row.state === null || row.state === 'Draft';

async function countsOf(weekStart: string, login = 'tcadmin'): Promise<AdminWeekCounts> {
  const answer = await api.get(login, TIMECARD_API.getAdminWeekCounts, { weekStart });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}

async function allRows(weekStart: string): Promise<TeamTimecardRow[]> {
  const answer = await api.get('tcadmin', TIMECARD_API.getTeamTimecards, { view: 'all', weekStart });
  assert.equal(answer.status, 200);
  return answer.body.data.rows;
}

/** The counts the table's rows give. */
const countRows = (rows: readonly TeamTimecardRow[]) => ({
  employees: rows.length,
  submitted: rows.filter((r) => r.state === 'Submitted').length,
  approved: rows.filter((r) => r.state === 'Approved' || r.state === 'Processed').length,
  owed: rows.filter(owes).length,
});

const reminderNotices = (employeeId: number) => employeeNotices(host.db, employeeId).filter((n) => n.kind === 'timecardReminder');

describe('a week\'s counts', () => {
  it('agree with the rows of the All employees view, week by week, and every employee is in one of them', async () => {
    let owedSeen = 0;
    for (const weekStart of ['2026-10-11', '2026-10-18', WEEK, '2026-11-01']) {
      const rows = await allRows(weekStart);
      const counts = await countsOf(weekStart);
      const { employees, submitted, approved, owed } = counts;
      assert.deepEqual({ employees, submitted, approved, owed }, countRows(rows), weekStart);
      assert.equal(submitted + approved + owed, employees, `${weekStart}: no employee left out`);
      assert.equal(counts.weekStart, weekStart);
      assert.equal(counts.weekEnding, new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10));
      owedSeen += owed;
    }
    assert.ok(owedSeen > 0, 'the seed has weeks someone owes');
    // Any day of the week names its week, as in the All employees view.
    assert.equal((await countsOf('2026-10-28')).weekStart, WEEK);
    // A week not started yet may be counted, not reminded of.
    assert.deepEqual([(await countsOf(WEEK)).mayRemind, (await countsOf('2026-11-08')).mayRemind], [true, false]);
  });

  it('are a Timecard Admin\'s or Admin\'s: 403 for an employee and a manager', async () => {
    assert.equal((await countsOf(WEEK, 'admin')).owed, (await countsOf(WEEK)).owed);
    for (const login of ['employee', 'rpm']) assert.equal((await api.get(login, TIMECARD_API.getAdminWeekCounts, { weekStart: WEEK })).status, 403, login);
  });

  it('refuse a week that is not a date (400), and write nothing', async () => {
    const before = checksum(host, TABLES);
    const answer = await api.get('tcadmin', TIMECARD_API.getAdminWeekCounts, { weekStart: 'next week' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.parameter, 'weekStart');
    assert.equal(checksum(host, TABLES), before);
  });
});

describe('remind the employees who have not submitted', () => {
  it('is a Timecard Admin\'s or Admin\'s: 403 for an employee and a manager, nothing written', async () => {
    const before = checksum(host, TABLES);
    for (const login of ['employee', 'rpm']) {
      const answer = await api.post(login, TIMECARD_API.remindOwedTimecards, { weekStart: WEEK });
      assert.equal(answer.status, 403, login);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('refuses a bad week with a 400 naming it: not a date, not a Sunday, missing, or not started yet; nothing written', async () => {
    const before = checksum(host, TABLES);
    for (const weekStart of ['2026-13-01', 'soon', '2026-10-27']) {
      const answer = await api.post('tcadmin', TIMECARD_API.remindOwedTimecards, { weekStart });
      assert.equal(answer.status, 400, weekStart);
      assert.equal(answer.body.parameter, 'weekStart', weekStart);
    }
    assert.equal((await api.post('tcadmin', TIMECARD_API.remindOwedTimecards, {})).status, 400);
    const future = await api.post('tcadmin', TIMECARD_API.remindOwedTimecards, { weekStart: '2026-11-08' });
    assert.equal(future.status, 400);
    assert.equal(future.body.autoAlert, true);
    assert.match(future.body.message, /11\/08–11\/14 has not started/);
    assert.equal(checksum(host, TABLES), before);
  });

  it('records one reminder for each employee who owes the week, and each of them (only they) gets a bell item', async () => {
    const rows = await allRows(WEEK);
    const owed = rows.filter(owes).map((r) => r.employeeId).sort((a, b) => a - b);
    assert.ok(owed.includes(id('employee')), 'the demo employee owes the week (a Draft card)');
    const answer = await api.post('admin', TIMECARD_API.remindOwedTimecards, { weekStart: WEEK });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const data = answer.body.data;
    assert.deepEqual([data.reminded, data.alreadyReminded], [owed.length, 0]);
    assert.equal(data.message, `Reminded ${owed.length} employees who had not submitted 10/25–10/31.`);
    assert.deepEqual([data.counts.owed, data.counts.remindedToday], [owed.length, owed.length]);

    const stored = reminderRows();
    assert.deepEqual(stored.map((r) => r.employeeId).sort((a, b) => a - b), owed);
    assert.ok(stored.every((r) => r.weekStart === WEEK && r.remindedByEmployeeId === id('admin') && r.remindedOn === '2026-11-04'));

    for (const row of rows) {
      const notices = reminderNotices(row.employeeId);
      assert.equal(notices.length, owes(row) ? 1 : 0, `${row.employeeName} (${row.state ?? 'Not started'})`);
    }
    // The employee's own bell, as the header reads it.
    const bell = toOpenItems((await api.get('employee', BELL)).body.data);
    const notice = bell.notices.find((n) => n.kind === 'timecardReminder');
    assert.ok(notice, JSON.stringify(bell.notices));
    assert.equal(notice.text, 'Reminder from Dana Whitfield: submit your timecard for 10/25–10/31');
    assert.equal(notice.directLink, `/teammembertoolbox/timecards/timecard?employeeId=${id('employee')}&weekStart=${WEEK}`);
    assert.equal(matchRoute(new URL(notice.directLink, 'https://portal.example').pathname)?.kind, 'screen', 'the link opens the timecard screen');
  });

  it('does not remind twice the same day ("Already reminded today"); the next day it does, and the bell keeps one item per week', async () => {
    const before = reminderRows();
    const owed = (await countsOf(WEEK)).owed;
    const again = await api.post('tcadmin', TIMECARD_API.remindOwedTimecards, { weekStart: WEEK });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual([again.body.data.reminded, again.body.data.alreadyReminded], [0, owed]);
    assert.match(again.body.data.message, /^Already reminded today/);
    assert.deepEqual(reminderRows(), before);
    assert.equal(reminderNotices(id('employee')).length, 1);

    now = Date.parse('2026-11-05T17:00:00Z');
    try {
      const nextDay = await api.post('tcadmin', TIMECARD_API.remindOwedTimecards, { weekStart: WEEK });
      assert.equal(nextDay.body.data.reminded, owed);
      assert.equal(reminderRows().length, before.length + owed);
      const notices = reminderNotices(id('employee'));
      assert.equal(notices.length, 1, 'one item per week: the latest reminder');
      assert.equal(notices[0]!.text, 'Reminder from Angela Ruiz: submit your timecard for 10/25–10/31');
    } finally {
      now = Date.parse('2026-11-04T17:00:00Z');
    }
  });

  it('goes from the bell once the week is submitted, and the counts move with the rows', async () => {
    const before = await countsOf(WEEK);
    const card = one('SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = ?', id('employee'), WEEK);
    const submitted = await api.post('employee', TIMECARD_API.updateTimecardState, {
      ItemId: card.timecardId, OldRecordStateId: stateId(host, 'Timecard', 'Draft'), RouteStateId: stateId(host, 'Timecard', 'Submitted'), reason: 'Out Thursday and Friday.',
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const bell = toOpenItems((await api.get('employee', BELL)).body.data);
    assert.deepEqual(bell.notices.filter((n) => n.kind === 'timecardReminder'), []);
    const after = await countsOf(WEEK);
    assert.deepEqual([after.submitted, after.owed], [before.submitted + 1, before.owed - 1]);
    const { employees, submitted: s, approved, owed } = after;
    assert.deepEqual({ employees, submitted: s, approved, owed }, countRows(await allRows(WEEK)));
  });

  it('refuses when nobody owes the week (400, said plainly), writing nothing', async () => {
    // 10/11–10/17: every card Approved but one employee's, who has none; they leave the roster (inactive) for the check.
    const early = '2026-10-11';
    const owed = (await allRows(early)).filter(owes).map((r) => r.employeeId);
    assert.equal(owed.length, 1);
    host.db.prepare('UPDATE employees SET active = 0 WHERE employeeId = ?').run(owed[0]);
    try {
      assert.equal((await countsOf(early)).owed, 0);
      const before = checksum(host, TABLES);
      const answer = await api.post('tcadmin', TIMECARD_API.remindOwedTimecards, { weekStart: early });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.autoAlert, true);
      assert.equal(answer.body.message, 'Everyone has submitted 10/11–10/17: there is nobody to remind.');
      assert.equal(checksum(host, TABLES), before);
    } finally {
      host.db.prepare('UPDATE employees SET active = 1 WHERE employeeId = ?').run(owed[0]);
    }
  });
});
