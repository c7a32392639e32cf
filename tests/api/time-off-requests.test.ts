/**
 * Time-off requests, balances, regions and holidays (issue 13, demo/host/api/time-off): who sees whose
 * requests (mine, team with delegated reports, 403 otherwise), balances as of a date (opening +
 * accrual per pay period − used − pending), the new request's refusals (overlap, balance, exact
 * PTO_TEXT, at their fields; nothing written), a negative-balance type allowed, holidays skipped and
 * half-day holidays halved in totalHours, bad input 400, the viewer 403 on every call.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PTO_TEXT } from '../../src/core/time-off';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { setClock } from '../../src/core/clock';
import { checksum } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, employeeId: id } = useTestHost({ afterStart: () => setClock(() => Date.parse('2026-11-02T15:00:00.000Z')), beforeClose: () => setClock(null) });

const requestId = (title: string) => one('SELECT requestId FROM time_off_requests WHERE title = ?', title).requestId as number;
const TABLES = ['time_off_requests', 'timecard_lines', 'weekly_timecards', 'timecard_corrections'];
const form = (fields: Record<string, string | number>) => fields;

describe('getrequests', () => {
  it("mine: the caller's own requests with balances before and after, and only Cancel offered to the owner", async () => {
    const answer = await api.get('employee', TIME_OFF_API.getRequests);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = answer.body.data as Row[];
    assert.ok(rows.length >= 3);
    assert.ok(rows.every((r) => r.employeeId === id('employee')));
    const thanksgiving = rows.find((r) => r.title === 'Vacation')!;
    assert.equal(thanksgiving.state, 'Pending');
    assert.deepEqual(thanksgiving.advancements.map((a: Row) => a.action), ['cancel']);
    assert.equal(typeof thanksgiving.balanceBefore, 'number');
    assert.equal(thanksgiving.balanceAfter, Math.round((thanksgiving.balanceBefore - 24) * 100) / 100);
    // open=true: Pending and future Approved only (the Canceled fishing trip is left out).
    const open = await api.get('employee', TIME_OFF_API.getRequests, { open: 'true' });
    assert.ok((open.body.data as Row[]).every((r) => r.state === 'Pending' || r.state === 'Approved'));
    assert.ok(!(open.body.data as Row[]).some((r) => r.title === 'Fishing trip'));
    assert.ok(rows.some((r) => r.title === 'Fishing trip' && r.state === 'Canceled'));
  });

  it("team: the manager's reports and the delegated team on covered dates, with Approve and Deny; an employee without a team 403", async () => {
    const answer = await api.get('rpm', TIME_OFF_API.getRequests, { view: 'team', open: 'true' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const titles = (answer.body.data as Row[]).map((r) => r.title);
    assert.ok(titles.includes('Family visit'), 'pm reports to rpm');
    assert.ok(titles.includes('Jury summons'), 'Central Texas team, delegated to rpm for the dates');
    assert.ok(!titles.includes('Hunting trip'), "the Gulf Coast delegation (September) does not cover November");
    const family = (answer.body.data as Row[]).find((r) => r.title === 'Family visit')!;
    assert.deepEqual(family.advancements.map((a: Row) => [a.action, a.needsReason]), [['approve', false], ['deny', true]]);
    const refused = await api.get('employee', TIME_OFF_API.getRequests, { view: 'team' });
    assert.equal(refused.status, 403);
    // Admin / Timecard Admin: everyone.
    const all = await api.get('tcadmin', TIME_OFF_API.getRequests, { view: 'team' });
    assert.equal(all.status, 200);
    assert.ok((all.body.data as Row[]).some((r) => r.title === 'Hunting trip'));
  });

  it("one request by recordId: its employee, manager, delegate and Timecard Admin; anyone else 403", async () => {
    const family = requestId('Family visit');
    for (const login of ['pm', 'rpm', 'tcadmin', 'admin']) {
      const answer = await api.get(login, TIME_OFF_API.getRequests, { recordId: family });
      assert.equal(answer.status, 200, login);
      assert.equal(answer.body.data[0].title, 'Family visit');
    }
    const refused = await api.get('employee', TIME_OFF_API.getRequests, { recordId: family });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /manager/);
    const jury = requestId('Jury summons');
    assert.equal((await api.get('rpm', TIME_OFF_API.getRequests, { recordId: jury })).status, 200, 'delegate');
    assert.equal((await api.get('rpm', TIME_OFF_API.getRequests, { recordId: requestId('Hunting trip') })).status, 403, 'not covered by a delegation');
    assert.equal((await api.get('employee', TIME_OFF_API.getRequests, { recordId: 999999 })).status, 404);
  });
});

describe('getbalances', () => {
  it('as of a date: opening + accrual per pay period (from the payPeriodAnchor) − Approved − Pending hours through that date', async () => {
    const employee = id('employee');
    const answer = await api.get('employee', TIME_OFF_API.getBalances, { asOf: '2026-11-02' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = answer.body.data as Row[];
    assert.deepEqual(rows.map((r) => r.type), ['Vacation', 'Sick', 'Personal', 'Bereavement', 'Jury Duty']);
    const vacation = rows.find((r) => r.type === 'Vacation')!;
    // Pay periods end every 14 days from Saturday 2026-01-17 (anchor Sunday 2026-01-04): 21 ends through 2026-10-31.
    assert.equal(vacation.accruedHours, Math.round(21 * 4.62 * 100) / 100);
    assert.equal(vacation.accrualPerPeriod, 4.62);
    assert.equal(vacation.carryOverCap, 40);
    assert.equal(vacation.openingHours, one('SELECT openingHours FROM pto_balances WHERE employeeId = ? AND ptoTypeId = 1 AND year = 2026', employee).openingHours);
    assert.equal(vacation.balance, Math.round((vacation.openingHours + vacation.accruedHours - vacation.usedHours - vacation.pendingHours) * 100) / 100);
    assert.equal(rows.find((r) => r.type === 'Personal')!.balance, 16);
    assert.equal(rows.find((r) => r.type === 'Jury Duty')!.allowsNegative, true);
    // The approved half-day Sick of 2026-11-12 is used as of that date, not before.
    const before = (await api.get('employee', TIME_OFF_API.getBalances, { asOf: '2026-11-11' })).body.data.find((r: Row) => r.type === 'Sick');
    const on = (await api.get('employee', TIME_OFF_API.getBalances, { asOf: '2026-11-12' })).body.data.find((r: Row) => r.type === 'Sick');
    assert.equal(on.usedHours - before.usedHours, 4);
    // The Pending Thanksgiving vacation counts as pending from its days on.
    const late = (await api.get('employee', TIME_OFF_API.getBalances, { asOf: '2026-11-30' })).body.data.find((r: Row) => r.type === 'Vacation');
    assert.equal(late.pendingHours, 24);
  });

  it('the carry-over cap applies at year end: a Vacation balance above 40 on Dec 31 starts the next year at 40', async () => {
    const vacation = async (asOf: string) => (await api.get('employee', TIME_OFF_API.getBalances, { asOf })).body.data.find((r: Row) => r.type === 'Vacation');
    const december = await vacation('2026-12-31');
    assert.ok(december.balance > 40, String(december.balance));
    const january = await vacation('2027-01-01');
    assert.equal(january.balance, 40);
    assert.equal(january.carryOverCap, 40);
    // No 2027 row yet: the year opens with what was carried over.
    assert.deepEqual([january.openingHours, january.accruedHours, january.usedHours, january.pendingHours], [40, 0, 0, 0]);
    // The next pay period (ending Saturday 2027-01-02) accrues on top of the capped balance.
    const second = await vacation('2027-01-02');
    assert.deepEqual([second.balance, second.openingHours, second.accruedHours], [44.62, 40, 4.62]);
  });

  it("another employee's: their manager, delegate or Timecard Admin; others 403; bad asOf 400", async () => {
    const pm = id('pm');
    assert.equal((await api.get('rpm', TIME_OFF_API.getBalances, { employeeId: pm })).status, 200);
    assert.equal((await api.get('tcadmin', TIME_OFF_API.getBalances, { employeeId: pm })).status, 200);
    assert.equal((await api.get('employee', TIME_OFF_API.getBalances, { employeeId: pm })).status, 403);
    const bad = await api.get('employee', TIME_OFF_API.getBalances, { asOf: '2026-13-45' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /asOf/);
  });
});

describe('saverequest', () => {
  it('refuses an overlap with the exact message at the start date, and writes nothing', async () => {
    const before = checksum(host, TABLES);
    const answer = await api.post('employee', TIME_OFF_API.saveRequest, form({ type: 'Vacation', title: 'Extra day', startDate: '2026-11-24', endDate: '2026-11-24', hoursPerDay: 8 }));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.autoAlert, true);
    const expected = PTO_TEXT.overlap('Vacation', '2026-11-23', '2026-11-25');
    assert.equal(answer.body.message, expected);
    assert.deepEqual(answer.body.feedback.filter((f: Row) => f.integerValue === 1).map((f: Row) => [f.fieldName, f.message]), [['startDate', expected]]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('refuses more hours than the balance (exact message at hoursPerDay), but a negative-balance type is allowed', async () => {
    const before = checksum(host, TABLES);
    const answer = await api.post('employee', TIME_OFF_API.saveRequest, form({ type: 'Personal', title: 'Three personal days', startDate: '2026-12-07', endDate: '2026-12-09', hoursPerDay: 8 }));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    const expected = PTO_TEXT.balance('Personal', 24, 16, '2026-12-07');
    assert.equal(answer.body.message, expected);
    assert.deepEqual(answer.body.feedback.map((f: Row) => [f.fieldName, f.message]), [['hoursPerDay', expected]]);
    assert.equal(checksum(host, TABLES), before);
    const jury = await api.post('employee', TIME_OFF_API.saveRequest, form({ type: 'Jury Duty', title: 'Jury service', startDate: '2026-12-07', endDate: '2026-12-18', hoursPerDay: 8 }));
    assert.equal(jury.status, 200, JSON.stringify(jury.body));
    assert.equal(jury.body.data.totalHours, 80);
    assert.equal(jury.body.data.state, 'Pending');
    assert.equal(jury.body.data.balanceBefore, null);
    // Sick allows a negative balance (pto_types.allowsNegative): twelve weeks are accepted and go below zero.
    const sick = await api.post('tcadmin', TIME_OFF_API.saveRequest, form({ type: 'Sick', title: 'Recovery', startDate: '2027-01-04', endDate: '2027-03-26', hoursPerDay: 8 }));
    assert.equal(sick.status, 200, JSON.stringify(sick.body));
    assert.ok(sick.body.data.balanceAfter < 0, String(sick.body.data.balanceAfter));
    const row = one('SELECT * FROM time_off_requests WHERE requestId = ?', jury.body.data.requestId);
    assert.equal(row.employeeId, id('employee'));
    assert.equal(row.totalHours, 80);
  });

  it('refuses a request that fits on its start date but leaves a later request uncovered (projected balance), naming the day; nothing written', async () => {
    // Personal: 16 h and no accrual. Mon–Tue 12/28–12/29 take all of it; one more day before them (12/22) fits on its
    // own date (16 h left there) but would take the balance to −8 h on 12/29.
    const later = await api.post('employee', TIME_OFF_API.saveRequest, form({ type: 'Personal', title: 'Moving house', startDate: '2026-12-28', endDate: '2026-12-29', hoursPerDay: 8 }));
    assert.equal(later.status, 200, JSON.stringify(later.body));
    const before = checksum(host, TABLES);
    const answer = await api.post('employee', TIME_OFF_API.saveRequest, form({ type: 'Personal', title: 'School play', startDate: '2026-12-22', endDate: '2026-12-22', hoursPerDay: 8 }));
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    const expected = PTO_TEXT.balanceAhead('Personal', 8, -8, '2026-12-29');
    assert.equal(answer.body.message, expected);
    assert.deepEqual(answer.body.feedback.filter((f: Row) => f.integerValue === 1).map((f: Row) => [f.fieldName, f.message]), [['hoursPerDay', expected]]);
    assert.equal(checksum(host, TABLES), before);
    // Once the later request is canceled (by its owner, the state call), the day fits.
    const cancel = (later.body.data.advancements as Row[]).find((a) => a.action === 'cancel')!;
    const canceled = await api.post('employee', TIME_OFF_API.updateRequestState,
      { ItemId: later.body.data.requestId, OldRecordStateId: later.body.data.applicationRecordStateId, RouteStateId: cancel.routeStateId });
    assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
    const fits = await api.post('employee', TIME_OFF_API.saveRequest, form({ type: 'Personal', title: 'School play', startDate: '2026-12-22', endDate: '2026-12-22', hoursPerDay: 8 }));
    assert.equal(fits.status, 200, JSON.stringify(fits.body));
  });

  it('skips full holidays and counts a half-day holiday half in totalHours', async () => {
    // North Texas: Thanksgiving Thursday and Friday are holidays; Christmas Eve is a half day.
    const thanksgiving = await api.post('risk', TIME_OFF_API.saveRequest, form({ type: 'Vacation', title: 'Thanksgiving week', startDate: '2026-11-25', endDate: '2026-11-27', hoursPerDay: 8 }));
    assert.equal(thanksgiving.status, 200, JSON.stringify(thanksgiving.body));
    assert.equal(thanksgiving.body.data.totalHours, 8);
    const christmas = await api.post('risk', TIME_OFF_API.saveRequest, form({ type: 'Vacation', title: 'Christmas Eve', startDate: '2026-12-23', endDate: '2026-12-24', hoursPerDay: 8 }));
    assert.equal(christmas.status, 200, JSON.stringify(christmas.body));
    assert.equal(christmas.body.data.totalHours, 12);
    // Only holidays and a weekend: no working day.
    const none = await api.post('risk', TIME_OFF_API.saveRequest, form({ type: 'Vacation', title: 'Christmas weekend', startDate: '2026-12-25', endDate: '2026-12-27', hoursPerDay: 8 }));
    assert.equal(none.status, 400);
    assert.equal(none.body.message, PTO_TEXT.noWorkingDay);
  });

  it('changes a Pending request of the caller (requestId); another employee\'s 403; bad input 400, never 500', async () => {
    const created = await api.post('pm', TIME_OFF_API.saveRequest, form({ type: 'Sick', title: 'Checkup', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 4 }));
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const changed = await api.post('pm', TIME_OFF_API.saveRequest, form({ requestId: created.body.data.requestId, type: 'Sick', title: 'Checkup (full day)', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 8 }));
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.totalHours, 8);
    assert.equal(changed.body.data.requestId, created.body.data.requestId);
    const other = await api.post('employee', TIME_OFF_API.saveRequest, form({ requestId: created.body.data.requestId, type: 'Sick', title: 'Mine now', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 8 }));
    assert.equal(other.status, 403);
    for (const fields of [
      { type: 'Vacation', title: 'x', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 'eight' },
      { type: 'Sabbatical', title: 'x', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 8 },
      { type: 'Vacation', title: '', startDate: 'soon', endDate: '2026-12-01', hoursPerDay: 8 },
      { type: 'Vacation', title: 'x', startDate: '2026-12-02', endDate: '2026-12-01', hoursPerDay: 8 },
      { type: 'Vacation', title: 'x', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 3.3 },
    ]) {
      const answer = await api.post('employee', TIME_OFF_API.saveRequest, fields);
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.ok(answer.body.message, 'a clear message');
    }
  });
});

describe('getrequests lastLoad', () => {
  it('answers only the requests changed since lastLoad', async () => {
    const answer = await api.get('risk', TIME_OFF_API.getRequests, { lastLoad: '2026-11-02T00:00:00Z' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual((answer.body.data as Row[]).map((r) => r.title).sort(), ['Christmas Eve', 'Thanksgiving week']);
    assert.equal((await api.get('risk', TIME_OFF_API.getRequests, { lastLoad: '2026-11-02T16:00:00Z' })).body.data.length, 0);
    assert.equal((await api.get('risk', TIME_OFF_API.getRequests, { lastLoad: 'yesterday' })).status, 400);
  });
});

describe('regions and holidays', () => {
  it('regions; holidays by region and year with half days; a keyTC-only user may read them', async () => {
    const regions = await api.get('employee', TIME_OFF_API.getRegions);
    assert.equal(regions.status, 200);
    assert.deepEqual((regions.body.data as Row[]).map((r) => r.code).sort(), ['CTX', 'GC', 'NTX']);
    const ntx = (regions.body.data as Row[]).find((r) => r.code === 'NTX')!;
    const holidays = await api.get('it', TIME_OFF_API.getHolidays, { regionId: ntx.regionId, year: 2026 });
    assert.equal(holidays.status, 200);
    const rows = holidays.body.data as Row[];
    assert.ok(rows.every((h) => h.regionId === ntx.regionId && h.holidayDate.startsWith('2026-') && h.regionName === 'North Texas'));
    assert.deepEqual(rows.filter((h) => h.hours === 4).map((h) => h.holidayDate), ['2026-12-24']);
    assert.equal((await api.get('employee', TIME_OFF_API.getHolidays, { year: 2027 })).body.data.length, 27);
    assert.equal((await api.get('employee', TIME_OFF_API.getHolidays, { year: 'next' })).status, 400);
    assert.equal((await api.get('it', TIME_OFF_API.getRequests)).status, 403, 'keyTC only: no time-off requests');
  });
});

describe('the viewer', () => {
  it('gets 403 from every time-off call', async () => {
    for (const path of [TIME_OFF_API.getRequests, TIME_OFF_API.getBalances, TIME_OFF_API.getRegions, TIME_OFF_API.getHolidays]) {
      assert.equal((await api.get('viewer', path)).status, 403, path);
    }
    const before = checksum(host, TABLES);
    const answer = await api.post('viewer', TIME_OFF_API.saveRequest, { type: 'Vacation', title: 'x', startDate: '2026-12-01', endDate: '2026-12-01', hoursPerDay: 8 });
    assert.equal(answer.status, 403);
    assert.equal(checksum(host, TABLES), before);
  });
});
