/**
 * The team calendar, the regional holiday calendar writes and the bell's pending time-off requests
 * (issue 13, demo/host/api/time-off/holidays.ts and session.ts): who sees whom, the range limit,
 * holiday writes for calendar admins only (duplicate region + date refused with a clear message,
 * hours 8 or 4), a change rewrites the holiday line of the region's open (Draft, Submitted) cards of that week only,
 * and pendingPtoRequests lists what waits for the manager or delegate.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { setClock } from '../../src/core/clock';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api } = useTestHost({ afterStart: () => setClock(() => Date.parse('2026-11-02T15:00:00.000Z')), beforeClose: () => setClock(null) });

const one = (sql: string, ...args: unknown[]) => host.db.prepare(sql).get(...args) as Row | undefined;
const id = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login)!.employeeId as number;
const request = (title: string) => one('SELECT * FROM time_off_requests WHERE title = ?', title)!;
const HOURS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];
const ntx = () => one("SELECT regionId FROM regions WHERE code = 'NTX'")!.regionId as number;
const holidayLine = (timecardId: number) => {
  const line = one("SELECT * FROM timecard_lines WHERE timecardId = ? AND source = 'holiday'", timecardId);
  return line ? HOURS.map((h) => line[h]) : null;
};
const cardOf = (employeeId: number, weekStart: string) => one('SELECT * FROM weekly_timecards WHERE employeeId = ? AND weekStart = ?', employeeId, weekStart)!;

describe('getteamcalendar', () => {
  it("a manager: their reports, the delegated team and themselves, with Approved and Pending absences and their regions' holidays", async () => {
    const answer = await api.get('rpm', TIME_OFF_API.getTeamCalendar, { from: '2026-11-01', to: '2026-12-31' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const load = answer.body.data;
    assert.equal(load.from, '2026-11-01');
    const ids = new Set((load.employees as Row[]).map((e) => e.employeeId));
    for (const login of ['rpm', 'pm', 'employee']) assert.ok(ids.has(id(login)), login);
    assert.ok(ids.has(request('Jury summons').employeeId), 'the delegated Central Texas team');
    assert.ok(!ids.has(request('Hunting trip').employeeId), 'not the Gulf Coast team');
    const absences = load.absences as Row[];
    assert.ok(absences.some((a) => a.requestId === request('Family visit').requestId && a.state === 'Pending'));
    assert.ok(absences.some((a) => a.requestId === request('Dentist appointment').requestId && a.state === 'Approved'));
    assert.ok(!absences.some((a) => a.state === 'Denied' || a.state === 'Canceled'));
    assert.ok(absences.every((a) => ids.has(a.employeeId) && a.startDate <= '2026-12-31' && a.endDate >= '2026-11-01'));
    assert.ok((load.holidays as Row[]).some((h) => h.holidayDate === '2026-11-26' && h.regionName === 'North Texas'));
    assert.ok((load.holidays as Row[]).some((h) => h.regionName === 'Central Texas'));
    assert.ok(!(load.holidays as Row[]).some((h) => h.regionName === 'Gulf Coast'), 'no one of the team is in the Gulf Coast');
  });

  it('everyone for a Timecard Admin; 403 for an employee without a team and the viewer; the range at most 62 days', async () => {
    const all = await api.get('tcadmin', TIME_OFF_API.getTeamCalendar, { from: '2026-11-01', to: '2026-11-30' });
    assert.equal(all.status, 200);
    assert.ok((all.body.data.employees as Row[]).some((e) => e.employeeId === request('Hunting trip').employeeId));
    assert.ok((all.body.data.employees as Row[]).length >= 60);
    assert.equal((await api.get('employee', TIME_OFF_API.getTeamCalendar, { from: '2026-11-01', to: '2026-11-30' })).status, 403);
    assert.equal((await api.get('viewer', TIME_OFF_API.getTeamCalendar, { from: '2026-11-01', to: '2026-11-30' })).status, 403);
    assert.equal((await api.get('rpm', TIME_OFF_API.getTeamCalendar, { from: '2026-11-01', to: '2027-01-02' })).status, 200, '62 days apart');
    const long = await api.get('rpm', TIME_OFF_API.getTeamCalendar, { from: '2026-11-01', to: '2027-01-03' });
    assert.equal(long.status, 400);
    assert.match(long.body.message, /62 days/);
    assert.equal((await api.get('rpm', TIME_OFF_API.getTeamCalendar, { from: '2026-11-10', to: '2026-11-01' })).status, 400);
    assert.equal((await api.get('rpm', TIME_OFF_API.getTeamCalendar, { from: 'monday' })).status, 400);
  });
});

describe('holiday writes', () => {
  it('calendar admins only: an employee, a manager and the viewer get 403 and nothing is written', async () => {
    const before = checksum(host, ['holidays', 'timecard_lines']);
    for (const login of ['employee', 'rpm', 'viewer']) {
      const answer = await api.post(login, TIME_OFF_API.saveHoliday, { regionId: ntx(), holidayDate: '2026-10-30', name: 'Founders Day', hours: 8 });
      assert.equal(answer.status, 403, login);
      const removed = await api.post(login, TIME_OFF_API.deleteHoliday, { holidayId: 1 }, 'multipart', 'DELETE');
      assert.equal(removed.status, 403, login);
    }
    assert.equal(checksum(host, ['holidays', 'timecard_lines']), before);
  });

  it("a new holiday rewrites the region's open (Draft and Submitted) cards of that week (not Approved ones); a duplicate region + date is refused clearly", async () => {
    const employeeCard = cardOf(id('employee'), '2026-10-25');
    assert.equal(holidayLine(employeeCard.timecardId), null);
    const submitted = one(`SELECT t.* FROM weekly_timecards t JOIN employees e USING (employeeId) WHERE e.regionId = ? AND t.weekStart = '2026-10-25'
      AND t.applicationRecordStateId = ?`, ntx(), stateId(host, 'Timecard', 'Submitted'))!;
    const approvedCard = one(`SELECT t.* FROM weekly_timecards t JOIN employees e USING (employeeId) WHERE e.regionId = ? AND t.weekStart = '2026-10-25'
      AND t.applicationRecordStateId = ?`, ntx(), stateId(host, 'Timecard', 'Approved'))!;
    const approvedLines = JSON.stringify(host.db.prepare('SELECT * FROM timecard_lines WHERE timecardId = ? ORDER BY timecardLineId').all(approvedCard.timecardId));
    const saved = await api.post('tcadmin', TIME_OFF_API.saveHoliday, { regionId: ntx(), holidayDate: '2026-10-30', name: 'Founders Day (half day)', hours: 4 });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual({ ...saved.body.data, holidayId: 0 }, { holidayId: 0, regionId: ntx(), regionName: 'North Texas', holidayDate: '2026-10-30', name: 'Founders Day (half day)', hours: 4, notices: [] });
    assert.deepEqual(holidayLine(employeeCard.timecardId), [0, 0, 0, 0, 0, 4, 0]);
    assert.equal(cardOf(id('employee'), '2026-10-25').version, employeeCard.version + 1);
    // Issue 29: a Submitted card's time-off lines follow time off, so its holiday line follows holidays too (else a day loses or doubles).
    assert.deepEqual(holidayLine(submitted.timecardId), [0, 0, 0, 0, 0, 4, 0]);
    assert.equal(JSON.stringify(host.db.prepare('SELECT * FROM timecard_lines WHERE timecardId = ? ORDER BY timecardLineId').all(approvedCard.timecardId)), approvedLines);

    const before = checksum(host, ['holidays', 'timecard_lines']);
    const duplicate = await api.post('admin', TIME_OFF_API.saveHoliday, { regionId: ntx(), holidayDate: '2026-10-30', name: 'Another', hours: 8 });
    assert.equal(duplicate.status, 400);
    // Issue 29: said at the date field (feedback), with no autoAlert: no 'Request Failed' box besides it.
    assert.equal(duplicate.body.autoAlert, undefined);
    assert.deepEqual(duplicate.body.feedback.map((item: Row) => item.stringValue), ['holidayDate']);
    assert.equal(duplicate.body.message, 'North Texas already has a holiday on 10/30/2026 (Founders Day (half day)): change that one instead.');
    for (const bad of [{ hours: 6 }, { holidayDate: '2026-02-30' }, { name: '' }, { regionId: 999 }]) {
      const answer = await api.post('tcadmin', TIME_OFF_API.saveHoliday, { regionId: ntx(), holidayDate: '2026-10-29', name: 'X', hours: 8, ...bad });
      assert.ok(answer.status === 400 || answer.status === 404, JSON.stringify(bad));
      assert.ok(answer.body.message);
    }
    assert.equal(checksum(host, ['holidays', 'timecard_lines']), before);

    // Changed to a full day: the line follows; moved to another week: the old week's line goes; deleted: gone from the list.
    const holidayId = saved.body.data.holidayId;
    assert.equal((await api.post('tcadmin', TIME_OFF_API.saveHoliday, { holidayId, regionId: ntx(), holidayDate: '2026-10-30', name: 'Founders Day', hours: 8 })).status, 200);
    assert.deepEqual(holidayLine(employeeCard.timecardId), [0, 0, 0, 0, 0, 8, 0]);
    assert.equal((await api.post('tcadmin', TIME_OFF_API.saveHoliday, { holidayId, regionId: ntx(), holidayDate: '2026-11-06', name: 'Founders Day', hours: 8 })).status, 200);
    assert.equal(holidayLine(employeeCard.timecardId), null);
    const removed = await api.post('admin', TIME_OFF_API.deleteHoliday, { holidayId }, 'multipart', 'DELETE');
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const list = (await api.get('employee', TIME_OFF_API.getHolidays, { regionId: ntx(), year: 2026 })).body.data as Row[];
    assert.ok(!list.some((h) => h.holidayId === holidayId));
    assert.equal((await api.post('admin', TIME_OFF_API.deleteHoliday, { holidayId }, 'multipart', 'DELETE')).status, 404);
  });
});

describe('the bell', () => {
  it("pendingPtoRequests: the manager's and the delegate's Pending requests, with the employee's name and dates; gone once decided", async () => {
    const bell = async (login: string) => (await api.get(login, '/api/common/GetOpenItemsByEmployee')).body.data.pendingPtoRequests as Row[];
    const rpm = await bell('rpm');
    const family = request('Family visit');
    const item = rpm.find((r) => r.requestId === family.requestId)!;
    assert.deepEqual(item, { requestId: family.requestId, employeeId: id('pm'), title: 'Family visit', ptoHours: 24, employeeName: 'Marcus Reyes', startDate: '2026-12-21', endDate: '2026-12-23' });
    assert.ok(rpm.some((r) => r.requestId === request('Jury summons').requestId), 'delegated');
    assert.ok(!rpm.some((r) => r.requestId === request('Hunting trip').requestId));
    assert.ok(rpm.every((r) => r.employeeId !== id('rpm')));
    assert.deepEqual(await bell('employee'), []);
    const approved = await api.post('rpm', TIME_OFF_API.updateRequestState, { ItemId: family.requestId, OldRecordStateId: stateId(host, 'PtoRequest', 'Pending'), RouteStateId: stateId(host, 'PtoRequest', 'Approved') });
    assert.equal(approved.status, 200);
    assert.ok(!(await bell('rpm')).some((r) => r.requestId === family.requestId));
  });

  it('a canceled delegation: the delegate no longer sees, nor may decide, that team\'s requests', async () => {
    const jury = request('Jury summons');
    const delegation = one('SELECT d.* FROM approval_delegations d JOIN employees e ON e.managerEmployeeId = d.managerEmployeeId WHERE e.employeeId = ? AND d.delegateEmployeeId = ? AND d.canceledAt IS NULL', jury.employeeId, id('rpm'))!;
    host.db.prepare('UPDATE approval_delegations SET canceledAt = ? WHERE delegationId = ?').run('2026-11-02T12:00:00.000Z', delegation.delegationId);
    try {
      const bell = (await api.get('rpm', '/api/common/GetOpenItemsByEmployee')).body.data.pendingPtoRequests as Row[];
      assert.ok(!bell.some((r) => r.requestId === jury.requestId));
      assert.equal((await api.get('rpm', TIME_OFF_API.getRequests, { recordId: jury.requestId })).status, 403);
      const refused = await api.post('rpm', TIME_OFF_API.updateRequestState, { ItemId: jury.requestId, OldRecordStateId: stateId(host, 'PtoRequest', 'Pending'), RouteStateId: stateId(host, 'PtoRequest', 'Approved') });
      assert.equal(refused.status, 403);
      assert.equal(request('Jury summons').applicationRecordStateId, stateId(host, 'PtoRequest', 'Pending'));
    } finally {
      host.db.prepare('UPDATE approval_delegations SET canceledAt = NULL WHERE delegationId = ?').run(delegation.delegationId);
    }
  });
});
