/**
 * Time-off request states and the flow into the timecards (issue 13, demo/host/api/time-off/states.ts):
 * deny needs a reason, nobody approves their own, a delegate's approval is recorded on behalf of the
 * manager, a stale OldRecordStateId is a 409 naming who decided, bulk decides each request alone;
 * approving writes PTO lines into an existing Draft (entered days kept, the answer naming them) and creates missing drafts,
 * cancelling removes them and gives the hours back, an Approved week gets a correction instead.
 * Every refusal writes nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../demo/host/db/index';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { databaseBefore, inTempFolder } from './support/migrations';
import { PTO_STATE_TEXT } from '../../src/core/time-off';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { setClock } from '../../src/core/clock';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, all } = useTestHost({ afterStart: () => setClock(() => Date.parse('2026-11-02T15:00:00.000Z')), beforeClose: () => setClock(null) });

const one = (sql: string, ...args: unknown[]) => host.db.prepare(sql).get(...args) as Row | undefined;
const id = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login)!.employeeId as number;
const request = (title: string) => one('SELECT * FROM time_off_requests WHERE title = ?', title)!;
const TABLES = ['time_off_requests', 'timecard_lines', 'weekly_timecards', 'timecard_corrections'];
const S = () => ({ Pending: stateId(host, 'PtoRequest', 'Pending'), Approved: stateId(host, 'PtoRequest', 'Approved'), Denied: stateId(host, 'PtoRequest', 'Denied'), Canceled: stateId(host, 'PtoRequest', 'Canceled') });
const HOURS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];
const card = (employeeId: number, weekStart: string) =>
  one('SELECT t.*, s.name AS state FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) WHERE employeeId = ? AND weekStart = ?', employeeId, weekStart);
const ptoLine = (timecardId: number, requestId: number) => {
  const line = one("SELECT * FROM timecard_lines WHERE timecardId = ? AND ptoRequestId = ? AND source = 'pto'", timecardId, requestId);
  return line ? HOURS.map((h) => line[h]) : null;
};

async function save(login: string, fields: Record<string, string | number>): Promise<Row> {
  const answer = await api.post(login, TIME_OFF_API.saveRequest, fields);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}
const move = (login: string, itemId: number, from: number, to: number, reason?: string) =>
  api.post(login, TIME_OFF_API.updateRequestState, { ItemId: itemId, OldRecordStateId: from, RouteStateId: to, ...(reason ? { reason } : {}) });

describe('deciding', () => {
  it('deny needs a reason (400 autoAlert, nothing written); with one, the reason and the decider are recorded', async () => {
    const family = request('Family visit');
    const before = checksum(host, TABLES);
    const refused = await move('rpm', family.requestId, S().Pending, S().Denied);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, PTO_STATE_TEXT.denyReason);
    assert.equal(checksum(host, TABLES), before);
  });

  it('nobody approves their own request (403), nor someone who is not the manager, delegate or Timecard Admin (403)', async () => {
    const own = await save('rpm', { type: 'Vacation', title: 'My own week', startDate: '2026-12-14', endDate: '2026-12-14', hoursPerDay: 8 });
    const before = checksum(host, TABLES);
    const refused = await move('rpm', own.requestId, S().Pending, S().Approved);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, PTO_STATE_TEXT.ownApproval);
    const stranger = await move('employee', request('Family visit').requestId, S().Pending, S().Approved);
    assert.equal(stranger.status, 403);
    assert.equal(checksum(host, TABLES), before);
    // The Timecard Admin may (rpm's manager is admin; tcadmin is neither).
    const admin = await move('tcadmin', own.requestId, S().Pending, S().Denied, 'Year-end close needs you.');
    assert.equal(admin.status, 200, JSON.stringify(admin.body));
    assert.equal(admin.body.data.state, 'Denied');
    assert.equal(admin.body.data.denialReason, 'Year-end close needs you.');
    assert.equal(admin.body.data.decidedByName, 'Angela Ruiz');
  });

  it("a delegate's approval is recorded on behalf of the manager", async () => {
    const jury = request('Jury summons');
    const answer = await move('rpm', jury.requestId, S().Pending, S().Approved);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const row = request('Jury summons');
    const manager = one('SELECT managerEmployeeId FROM employees WHERE employeeId = ?', jury.employeeId)!.managerEmployeeId;
    assert.equal(row.decidedByEmployeeId, id('rpm'));
    assert.equal(row.onBehalfOfEmployeeId, manager);
    assert.equal(row.decidedAt, '2026-11-02T15:00:00.000Z');
    assert.equal(answer.body.data.onBehalfOfName, one('SELECT preferredName FROM employees WHERE employeeId = ?', manager)!.preferredName);
    assert.equal(answer.body.data.decidedByName, 'Linda Okafor');
  });

  it('a stale decision is a 409 naming who decided first, and nothing is written', async () => {
    const hunting = request('Hunting trip');
    const first = await move('tcadmin', hunting.requestId, S().Pending, S().Approved);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const before = checksum(host, TABLES);
    const second = await move('admin', hunting.requestId, S().Pending, S().Denied, 'Too late');
    assert.equal(second.status, 409);
    assert.match(second.body.message, /is now Approved by Angela Ruiz/);
    assert.match(second.body.message, /Reload/);
    assert.equal(second.body.currentRecordStateId, S().Approved);
    assert.equal(checksum(host, TABLES), before);
    assert.equal(request('Hunting trip').decidedByEmployeeId, id('tcadmin'));
  });

  it('bulk: each request alone, { done, refused } (one not the caller\'s to decide is refused, the others approved)', async () => {
    const family = request('Family visit');
    const travel = request('Family travel');
    const hunting = request('Hunting trip');
    const answer = await api.post('rpm', TIME_OFF_API.updateRequestStates, {
      'items[0].ItemId': family.requestId, 'items[0].OldRecordStateId': S().Pending,
      'items[1].ItemId': hunting.requestId, 'items[1].OldRecordStateId': S().Pending,
      'items[2].ItemId': travel.requestId, 'items[2].OldRecordStateId': S().Pending,
      RouteStateId: S().Approved,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.data.done, [family.requestId, travel.requestId]);
    assert.deepEqual(answer.body.data.refused.map((r: Row) => [r.ItemId, r.statusCode]), [[hunting.requestId, 403]]);
    assert.equal(request('Family visit').applicationRecordStateId, S().Approved);
    assert.equal(request('Family travel').applicationRecordStateId, S().Approved);
    const bad = await api.post('rpm', TIME_OFF_API.updateRequestStates, { RouteStateId: S().Approved });
    assert.equal(bad.status, 400);
    const badId = await api.post('rpm', TIME_OFF_API.updateRequestStates, { 'items[0].ItemId': 'x', 'items[0].OldRecordStateId': 1, RouteStateId: S().Approved });
    assert.equal(badId.status, 400);
  });
});

describe('approved time off flows into the timecards', () => {
  it('approving writes PTO lines into the existing Draft (entered days kept, and said), and creates the missing drafts', async () => {
    const employee = id('employee');
    const draft = card(employee, '2026-10-25')!;
    assert.equal(draft.state, 'Draft');
    assert.equal(card(employee, '2026-11-01'), undefined);
    // Wednesday 10-28 already holds hours; Thursday and Friday are empty.
    const entered = one(`SELECT sum(wedHours) AS wed, sum(thuHours) AS thu FROM timecard_lines WHERE timecardId = ?`, draft.timecardId)!;
    assert.ok(entered.wed > 0);
    assert.equal(entered.thu, 0);
    const flu = await save('employee', { type: 'Sick', title: 'Flu', startDate: '2026-10-28', endDate: '2026-11-04', hoursPerDay: 8 });
    const answer = await move('rpm', flu.requestId, S().Pending, S().Approved);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    // Issue 29: the line holds every day of the request (its hours and balance say 48), Wednesday's worked hours are kept and the answer says so.
    assert.deepEqual(ptoLine(draft.timecardId, flu.requestId), [0, 0, 0, 8, 8, 8, 0]);
    assert.equal(one("SELECT sum(wedHours) AS wed FROM timecard_lines WHERE timecardId = ? AND source <> 'pto'", draft.timecardId)!.wed, entered.wed);
    assert.deepEqual(answer.body.data.notices, ['Time off on 10/28/2026, which already holds worked hours: the card now has both; change the worked hours.']);
    assert.equal(card(employee, '2026-10-25')!.version, draft.version + 1);
    const created = card(employee, '2026-11-01')!;
    assert.equal(created.state, 'Draft');
    assert.deepEqual(ptoLine(created.timecardId, flu.requestId), [0, 8, 8, 8, 0, 0, 0]);
    // Starting before today: it can no longer be canceled.
    const late = await move('employee', flu.requestId, S().Approved, S().Canceled);
    assert.equal(late.status, 400);
    assert.equal(late.body.message, PTO_STATE_TEXT.cancelStarted);
  });

  it('cancelling an approved request removes its lines and gives its hours back to the balance', async () => {
    const employee = id('employee');
    const balance = async () => (await api.get('employee', TIME_OFF_API.getBalances, { asOf: '2026-12-31' })).body.data.find((r: Row) => r.type === 'Vacation');
    const start = await balance();
    const trip = await save('employee', { type: 'Vacation', title: 'Trip', startDate: '2026-11-13', endDate: '2026-11-16', hoursPerDay: 8 });
    assert.equal(trip.totalHours, 16);
    assert.equal((await move('rpm', trip.requestId, S().Pending, S().Approved)).status, 200);
    const weekA = card(employee, '2026-11-08')!;
    const weekB = card(employee, '2026-11-15')!;
    assert.deepEqual(ptoLine(weekA.timecardId, trip.requestId), [0, 0, 0, 0, 0, 8, 0]);
    assert.deepEqual(ptoLine(weekB.timecardId, trip.requestId), [0, 8, 0, 0, 0, 0, 0]);
    // The new draft of 11-08 also holds the time off approved before it existed (the Dentist half day, Thursday 11-12).
    assert.deepEqual(ptoLine(weekA.timecardId, request('Dentist appointment').requestId), [0, 0, 0, 0, 4, 0, 0]);
    const approved = await balance();
    assert.equal(Math.round((start.balance - approved.balance) * 100) / 100, 16);
    assert.equal(approved.usedHours - start.usedHours, 16);
    const canceled = await move('employee', trip.requestId, S().Approved, S().Canceled);
    assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
    assert.equal(canceled.body.data.state, 'Canceled');
    assert.ok(canceled.body.data.canceledAt);
    assert.equal(ptoLine(weekA.timecardId, trip.requestId), null);
    assert.equal(ptoLine(weekB.timecardId, trip.requestId), null);
    assert.equal((await balance()).balance, start.balance);
    // Only the employee cancels.
    const other = await save('employee', { type: 'Vacation', title: 'Another day', startDate: '2026-12-04', endDate: '2026-12-04', hoursPerDay: 8 });
    const refused = await move('rpm', other.requestId, S().Pending, S().Canceled);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, PTO_STATE_TEXT.cancelOwnOnly);
  });

  it('a week already Approved is not touched: a correction (Add, hours per day) waits for a Timecard Admin', async () => {
    // The employee's week before last (pm is three weeks behind in the seed: no card for it).
    const week = card(id('employee'), '2026-10-18')!;
    assert.equal(week.state, 'Approved');
    // Friday 10-23 left empty on the approved card.
    host.db.prepare('UPDATE timecard_lines SET friHours = 0 WHERE timecardId = ?').run(week.timecardId);
    const linesBefore = checksum({ db: host.db }, ['timecard_lines']);
    const sick = await save('employee', { type: 'Sick', title: 'Sick Friday', startDate: '2026-10-23', endDate: '2026-10-23', hoursPerDay: 8 });
    assert.equal((await move('rpm', sick.requestId, S().Pending, S().Approved)).status, 200);
    assert.equal(checksum({ db: host.db }, ['timecard_lines']), linesBefore);
    const corrections = all('SELECT * FROM timecard_corrections WHERE requestId = ?', sick.requestId);
    assert.equal(corrections.length, 1);
    assert.equal(corrections[0]!.timecardId, week.timecardId);
    assert.equal(corrections[0]!.kind, 'Add');
    assert.equal(corrections[0]!.status, 'Open');
    assert.deepEqual(HOURS.map((h) => corrections[0]![h]), [0, 0, 0, 0, 0, 8, 0]);
    assert.match(corrections[0]!.note, /Sick Friday/);
  });
});

describe('more of the flow', () => {
  it('cancelling a Pending request touches no timecard', async () => {
    const before = checksum(host, ['timecard_lines', 'weekly_timecards', 'timecard_corrections']);
    const pending = await save('employee', { type: 'Vacation', title: 'Maybe a day off', startDate: '2026-12-11', endDate: '2026-12-11', hoursPerDay: 8 });
    const answer = await move('employee', pending.requestId, S().Pending, S().Canceled);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.state, 'Canceled');
    assert.deepEqual(answer.body.data.advancements, []);
    assert.equal(checksum(host, ['timecard_lines', 'weekly_timecards', 'timecard_corrections']), before);
  });

  it('cancelling an approved request whose week was approved meanwhile: its line stays, a Remove correction waits for a Timecard Admin', async () => {
    const pm = id('pm');
    const day = await save('pm', { type: 'Sick', title: 'Appointment', startDate: '2026-11-18', endDate: '2026-11-18', hoursPerDay: 4 });
    assert.equal((await move('rpm', day.requestId, S().Pending, S().Approved)).status, 200);
    const week = card(pm, '2026-11-15')!;
    assert.deepEqual(ptoLine(week.timecardId, day.requestId), [0, 0, 0, 4, 0, 0, 0]);
    host.db.prepare('UPDATE weekly_timecards SET applicationRecordStateId = ? WHERE timecardId = ?').run(stateId(host, 'Timecard', 'Approved'), week.timecardId);
    const answer = await move('pm', day.requestId, S().Approved, S().Canceled);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(ptoLine(week.timecardId, day.requestId), [0, 0, 0, 4, 0, 0, 0]);
    const corrections = all('SELECT * FROM timecard_corrections WHERE requestId = ?', day.requestId);
    assert.deepEqual(corrections.map((c) => [c.timecardId, c.kind, c.status, ...HOURS.map((h) => c[h])]), [[week.timecardId, 'Remove', 'Open', 0, 0, 0, 4, 0, 0, 0]]);
  });
});

describe('who keeps timecards, and whose today', () => {
  it('approving time off of someone without a keyTC role makes no timecard', async () => {
    const pm = id('pm');
    host.db.prepare("DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keyTC'").run(pm);
    try {
      const day = await save('pm', { type: 'Sick', title: 'No card please', startDate: '2027-02-02', endDate: '2027-02-02', hoursPerDay: 8 });
      assert.equal((await move('rpm', day.requestId, S().Pending, S().Approved)).status, 200);
      assert.equal(card(pm, '2027-01-31'), undefined);
    } finally {
      host.db.prepare("INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt) SELECT ?, applicationId, 'keyTC', 'Default', 'Timecards: Default', 't' FROM applications WHERE applicationKey = 'keyTC'").run(pm);
    }
  });

  it('"before the start date" is by the day in US Central time', async () => {
    const trip = await save('employee', { type: 'Vacation', title: 'Monday off', startDate: '2026-11-09', endDate: '2026-11-09', hoursPerDay: 8 });
    try {
      // 03:00 UTC on Monday is still Sunday evening in Central: the employee may cancel.
      setClock(() => Date.parse('2026-11-09T03:00:00.000Z'));
      const sunday = await move('employee', trip.requestId, S().Pending, S().Canceled);
      assert.equal(sunday.status, 200, JSON.stringify(sunday.body));
      const again = await save('employee', { type: 'Vacation', title: 'Monday off again', startDate: '2026-11-09', endDate: '2026-11-09', hoursPerDay: 8 });
      setClock(() => Date.parse('2026-11-09T07:00:00.000Z'));
      const monday = await move('employee', again.requestId, S().Pending, S().Canceled);
      assert.equal(monday.status, 400);
      assert.equal(monday.body.message, PTO_STATE_TEXT.cancelStarted);
    } finally {
      setClock(() => Date.parse('2026-11-02T15:00:00.000Z'));
    }
  });
});

describe('migration 012', () => {
  it('upgrades an older database with its requests kept; onBehalfOfEmployeeId starts empty', () => {
    inTempFolder('pto-012-', (file) => {
      const old = databaseBefore(file, 12);
      old.exec(`INSERT INTO legal_entities VALUES (1, 'SB', 'Summit', 'Summit', '2026-01-01');
        INSERT INTO applications (applicationId, applicationKey, name, displayText, modifiedAt) VALUES (2, 'keyPTO', 'PTO', 'PTO', 't');
        INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt) VALUES ('PtoRequest', 2, 'PTO Request', 'PTO Request', 't');
        INSERT INTO application_record_states (applicationRecordStateId, applicationRecordKey, name, displayOrder, isInitial, displayText, modifiedAt) VALUES (1, 'PtoRequest', 'Pending', 1, 1, 'Pending', 't');
        INSERT INTO employees (employeeId, login, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, legalEntityId, displayText, modifiedAt)
          VALUES (1, 'old', 'E1', 'Olga', 'Oldham', 'Olga Oldham', 'OO', 'Clerk', 'olga@example.com', 1, 'Olga Oldham', 't');
        INSERT INTO time_off_requests (employeeId, ptoTypeId, title, startDate, endDate, hoursPerDay, totalHours, applicationRecordStateId, requestedAt, displayText, modifiedAt)
          VALUES (1, 1, 'Old trip', '2026-12-01', '2026-12-02', 8, 16, 1, 't', 'Old trip', 't');`);
      old.close();
      const up = openDatabase({ file });
      try {
        assert.equal(up.pragma('user_version', { simple: true }), MIGRATIONS.at(-1)!.version);
        assert.ok((up.prepare('SELECT version FROM schema_migrations').all() as Row[]).some((m) => m.version === 12));
        assert.deepEqual(up.prepare('SELECT title, totalHours, onBehalfOfEmployeeId FROM time_off_requests').all(), [{ title: 'Old trip', totalHours: 16, onBehalfOfEmployeeId: null }]);
      } finally {
        up.close();
      }
    });
  });
});

describe('refusals', () => {
  it('the viewer gets 403; bad input 400', async () => {
    const before = checksum(host, TABLES);
    const family = request('Family visit');
    assert.equal((await move('viewer', family.requestId, S().Approved, S().Canceled)).status, 403);
    assert.equal((await api.post('viewer', TIME_OFF_API.updateRequestStates, { 'items[0].ItemId': family.requestId, 'items[0].OldRecordStateId': S().Approved, RouteStateId: S().Canceled })).status, 403);
    assert.equal((await api.post('rpm', TIME_OFF_API.updateRequestState, { ItemId: 'abc', OldRecordStateId: 1, RouteStateId: 2 })).status, 400);
    assert.equal((await api.post('rpm', TIME_OFF_API.updateRequestState, { ItemId: family.requestId, RouteStateId: 2 })).status, 400);
    assert.equal((await move('rpm', 999999, S().Pending, S().Approved)).status, 404);
    assert.equal((await move('pm', family.requestId, S().Approved, stateId(host, 'Timecard', 'Draft'))).status, 404);
    assert.equal(checksum(host, TABLES), before);
  });
});
