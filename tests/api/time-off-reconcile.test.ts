/**
 * Time off and timecards always agree (issue 29, src/core/time-off/reconcile.ts): for each change of a
 * request, a holiday or a card × each state of the request's week, after every step
 *
 *   - the request's time-off lines + its open corrections (Add − Remove) = its hours when Approved, else 0;
 *   - the balance movement (the balance API's figure) = those lines + the hours of a Pending request;
 *   - an open week (no card, Draft, Submitted) has no open correction;
 *
 * and, once every correction is resolved by a Timecard Admin, the three are the same numbers: the
 * request's hours, the balance movement and the card's lines (locked weeks are not refunded or charged
 * before that).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { addDays } from '../../src/core/timecards/days';
import { setClock } from '../../src/core/clock';
import { stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, all } = useTestHost({ afterStart: () => setClock(() => Date.parse('2026-11-02T15:00:00.000Z')), beforeClose: () => setClock(null) });

const one = (sql: string, ...args: unknown[]) => host.db.prepare(sql).get(...args) as Row | undefined;
const HOURS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];
const SUM = HOURS.join(' + ');
const round = (n: number) => Math.round(n * 100) / 100;

const EMPLOYEE = 'employee';
const MANAGER = 'rpm';
const ADMIN = 'tcadmin';
/** The balance is read at the end of the requests' year (no carry-over cap in between). */
const AS_OF = '2027-12-31';
const STATES = ['none', 'Draft', 'Submitted', 'Approved', 'Processed'] as const;
type WeekState = (typeof STATES)[number];
const locked = (state: WeekState) => state === 'Approved' || state === 'Processed';

const employeeId = () => one('SELECT employeeId FROM employees WHERE login = ?', EMPLOYEE)!.employeeId as number;
const regionId = () => one('SELECT regionId FROM employees WHERE login = ?', EMPLOYEE)!.regionId as number;
const pto = (name: string) => stateId(host, 'PtoRequest', name);
const tc = (name: string) => stateId(host, 'Timecard', name);

/** A week of its own for every cell (Sundays of 2027 whose weekdays hold no holiday of the employee's region). */
let nextWeek = '2027-01-03';
function freshWeek(): string {
  for (;;) {
    nextWeek = addDays(nextWeek, 7);
    const clash = one('SELECT 1 FROM holidays WHERE regionId = ? AND holidayDate BETWEEN ? AND ?', regionId(), addDays(nextWeek, 1), addDays(nextWeek, 5));
    if (!clash) return nextWeek;
  }
}

const cardOf = (weekStart: string) => one('SELECT * FROM weekly_timecards WHERE employeeId = ? AND weekStart = ?', employeeId(), weekStart);

/** A card of the week in `state` (none: no card), with 8 worked hours Monday to Friday when `worked`. */
function makeCard(weekStart: string, state: WeekState, worked: boolean): void {
  if (state === 'none') return;
  const at = '2026-11-02T15:00:00.000Z';
  const id = Number(host.db.prepare(`INSERT INTO weekly_timecards (employeeId, weekStart, weekEnding, applicationRecordStateId, version, displayText, modifiedAt)
    VALUES (?, ?, ?, ?, 1, 'test', ?)`).run(employeeId(), weekStart, addDays(weekStart, 6), tc(state), at).lastInsertRowid);
  if (!worked) return;
  const charge = one(`SELECT l.projectId, l.costCodeId FROM timecard_lines l JOIN weekly_timecards t USING (timecardId)
    WHERE t.employeeId = ? AND l.source = 'manual' AND l.projectId IS NOT NULL LIMIT 1`, employeeId())!;
  host.db.prepare(`INSERT INTO timecard_lines (timecardId, projectId, costCodeId, timeType, source, ${HOURS.join(', ')}, displayOrder, modifiedAt)
    VALUES (?, ?, ?, 'Regular', 'manual', 0, 8, 8, 8, 8, 8, 0, 1, ?)`).run(id, charge.projectId, charge.costCodeId, at);
}

/** Put the week's card (made by an approval, or by makeCard) in `state` (none: it stays the Draft the approval made). */
function setWeekState(weekStart: string, state: WeekState): void {
  if (state === 'none') return;
  host.db.prepare('UPDATE weekly_timecards SET applicationRecordStateId = ? WHERE employeeId = ? AND weekStart = ?').run(tc(state), employeeId(), weekStart);
}

async function sickBalance(): Promise<number> {
  const answer = await api.get(EMPLOYEE, TIME_OFF_API.getBalances, { asOf: AS_OF });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data.find((r: Row) => r.type === 'Sick').balance as number;
}

interface Cell {
  label: string;
  requestId: number;
  /** The Sick balance before the request existed. */
  opening: number;
  state: WeekState;
}

async function newRequest(label: string, weekStart: string, state: WeekState, hoursPerDay = 8): Promise<Cell> {
  const opening = await sickBalance();
  const saved = await api.post(EMPLOYEE, TIME_OFF_API.saveRequest, {
    type: 'Sick', title: label, startDate: addDays(weekStart, 1), endDate: addDays(weekStart, 2), hoursPerDay,
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return { label, requestId: saved.body.data.requestId, opening, state };
}

async function approve(cell: Cell): Promise<string[]> {
  const answer = await api.post(MANAGER, TIME_OFF_API.updateRequestState, { ItemId: cell.requestId, OldRecordStateId: pto('Pending'), RouteStateId: pto('Approved') });
  assert.equal(answer.status, 200, `${cell.label}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.notices;
}

/** The three numbers of a request now, checked to agree (see the file's comment). */
async function agree(cell: Cell, step: string): Promise<{ hours: number; state: string; lines: number; open: number; balance: number }> {
  const what = `${cell.label} [${cell.state}] after ${step}`;
  const rows = (await api.get(EMPLOYEE, TIME_OFF_API.getRequests, { recordId: cell.requestId })).body.data as Row[];
  const { totalHours: hours, state } = rows[0]!;
  const lines = round(one(`SELECT coalesce(sum(${SUM}), 0) AS n FROM timecard_lines WHERE ptoRequestId = ? AND source = 'pto'`, cell.requestId)!.n);
  const open = round(all(`SELECT kind, ${SUM} AS n FROM timecard_corrections WHERE requestId = ? AND status = 'Open'`, cell.requestId)
    .reduce((sum, c) => sum + (c.kind === 'Add' ? c.n : -c.n), 0));
  const balance = round(cell.opening - await sickBalance());
  assert.equal(round(lines + open), state === 'Approved' ? hours : 0, `${what}: lines ${lines} + open corrections ${open} vs the request's ${hours} h (${state})`);
  assert.equal(balance, round(lines + (state === 'Pending' ? hours : 0)), `${what}: balance movement ${balance} vs lines ${lines} (${state}, ${hours} h)`);
  return { hours, state, lines, open, balance };
}

/** {@link agree}; an open week has no correction; then every open correction resolved, and the three numbers are one. */
async function check(cell: Cell, step: string, expectedHours: number, options: { resolve?: boolean } = {}): Promise<void> {
  const now = await agree(cell, step);
  assert.equal(now.hours, expectedHours, `${cell.label}: the request's hours after ${step}`);
  if (!locked(cell.state)) assert.equal(now.open, 0, `${cell.label} [${cell.state}] after ${step}: an open week takes the change itself`);
  if (options.resolve === false) return;
  for (const correction of all("SELECT correctionId FROM timecard_corrections WHERE requestId = ? AND status = 'Open'", cell.requestId)) {
    const resolved = await api.post(ADMIN, TIMECARD_API.resolveCorrection, { correctionId: correction.correctionId, note: `Applied (${cell.label}).` });
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
  }
  const done = await agree(cell, `${step}, corrections resolved`);
  assert.equal(done.open, 0);
  const charged = done.state === 'Approved' || done.state === 'Pending' ? done.hours : 0;
  assert.equal(done.balance, charged, `${cell.label} [${cell.state}] after ${step}: the balance once resolved`);
  assert.equal(done.lines, done.state === 'Approved' ? done.hours : 0, `${cell.label} [${cell.state}] after ${step}: the card once resolved`);
}

/** Hours of the week's Tuesday on its card: holiday and time-off lines. */
const tuesdayOff = (weekStart: string) =>
  one("SELECT coalesce(sum(tueHours), 0) AS n FROM timecard_lines WHERE timecardId = ? AND source IN ('holiday', 'pto')", cardOf(weekStart)!.timecardId)!.n as number;

describe('the reconciliation table: change × week state', () => {
  for (const state of STATES) {
    it(`approve [${state}]: days already worked get the time off (a correction on a locked week), and the answer says so`, async () => {
      const week = freshWeek();
      makeCard(week, state, true);
      const cell = await newRequest(`Approve ${state}`, week, state);
      await check(cell, 'saving', 16);
      const notices = await approve(cell);
      if (locked(state)) assert.ok(notices.some((n) => new RegExp(`is ${state}: a correction to add 16 h`).test(n)), JSON.stringify(notices));
      if (state !== 'none') assert.ok(notices.some((n) => /already hold worked hours/.test(n)), JSON.stringify(notices));
      await check(cell, 'approving', 16);
    });

    it(`cancel after approval [${state}]: the balance is refunded only when the card loses the line`, async () => {
      const week = freshWeek();
      const cell = await newRequest(`Cancel ${state}`, week, state);
      await approve(cell);
      setWeekState(week, state);
      await check(cell, 'approving', 16, { resolve: false });
      const canceled = await api.post(EMPLOYEE, TIME_OFF_API.updateRequestState, { ItemId: cell.requestId, OldRecordStateId: pto('Approved'), RouteStateId: pto('Canceled') });
      assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
      if (locked(state)) {
        const before = await agree(cell, 'canceling');
        assert.deepEqual([before.lines, before.balance], [16, 16], 'not refunded while the line is on the locked card');
      }
      await check(cell, 'canceling', 16);
    });

    it(`deny after approval [${state}]`, async () => {
      const week = freshWeek();
      const cell = await newRequest(`Deny ${state}`, week, state);
      await approve(cell);
      setWeekState(week, state);
      const denied = await api.post(MANAGER, TIME_OFF_API.updateRequestState, {
        ItemId: cell.requestId, OldRecordStateId: pto('Approved'), RouteStateId: pto('Denied'), reason: 'Needed on site after all.',
      });
      assert.equal(denied.status, 200, JSON.stringify(denied.body));
      assert.equal(denied.body.data.state, 'Denied');
      await check(cell, 'denying', 16);
    });

    it(`edit after approval [${state}]: back to Pending, then approved again`, async () => {
      const week = freshWeek();
      const cell = await newRequest(`Edit ${state}`, week, state);
      await approve(cell);
      setWeekState(week, state);
      const edited = await api.post(EMPLOYEE, TIME_OFF_API.saveRequest, {
        requestId: cell.requestId, OldRecordStateId: pto('Approved'), type: 'Sick', title: cell.label, startDate: addDays(week, 1), endDate: addDays(week, 2), hoursPerDay: 4,
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.equal(edited.body.data.state, 'Pending');
      await check(cell, 'editing', 8);
      await approve(cell);
      await check(cell, 'approving the change', 8);
    });

    it(`holiday added on an approved day [${state}]: the day is the holiday's, not 16 h`, async () => {
      const week = freshWeek();
      const cell = await newRequest(`Holiday added ${state}`, week, state);
      await approve(cell);
      setWeekState(week, state);
      const saved = await api.post(ADMIN, TIME_OFF_API.saveHoliday, { regionId: regionId(), holidayDate: addDays(week, 2), name: `Test day ${state}`, hours: 8 });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      await check(cell, 'the holiday added', 8, { resolve: !locked(state) });
      if (!locked(state)) assert.equal(tuesdayOff(week), 8);
      await check(cell, 'the holiday added', 8);
      assert.equal(tuesdayOff(week), 8, 'Tuesday: the holiday only');
    });

    it(`holiday removed from a requested day [${state}]`, async () => {
      const week = freshWeek();
      const saved = await api.post(ADMIN, TIME_OFF_API.saveHoliday, { regionId: regionId(), holidayDate: addDays(week, 2), name: `Gone day ${state}`, hours: 8 });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const cell = await newRequest(`Holiday removed ${state}`, week, state);
      await approve(cell);
      setWeekState(week, state);
      await check(cell, 'approving', 8, { resolve: false });
      const removed = await api.post(ADMIN, TIME_OFF_API.deleteHoliday, { holidayId: saved.body.data.holidayId }, 'multipart', 'DELETE');
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      await check(cell, 'the holiday removed', 16);
      assert.equal(tuesdayOff(week), 8, 'Tuesday: the time off only');
    });

    it(`card reopened [${state}]`, async () => {
      const week = freshWeek();
      makeCard(week, state, false);
      const cell = await newRequest(`Reopen ${state}`, week, state);
      await approve(cell);
      await check(cell, 'approving', 16, { resolve: false });
      const card = cardOf(week)!;
      if (state === 'Approved' || state === 'Processed') {
        const reopened = await api.post(ADMIN, TIMECARD_API.updateTimecardState, { ItemId: card.timecardId, OldRecordStateId: tc(state), RouteStateId: tc('Draft'), reason: 'Add the sick days.' });
        assert.equal(reopened.status, state === 'Approved' ? 200 : 400, JSON.stringify(reopened.body));
        // Reopened, the card is open: its corrections are done on it (Processed stays locked: resolved by the admin).
        await check({ ...cell, state: state === 'Approved' ? 'Draft' : state }, 'reopening', 16);
      } else if (state === 'Submitted') {
        const rejected = await api.post(MANAGER, TIMECARD_API.updateTimecardState, { ItemId: card.timecardId, OldRecordStateId: tc('Submitted'), RouteStateId: tc('Draft'), reason: 'Fix Friday.' });
        assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
        await check(cell, 'rejecting (back to Draft)', 16);
      } else {
        // No card or a Draft: nothing to reopen; the approval alone must agree.
        await check(cell, 'approving', 16);
      }
    });
  }
});

describe('resolving a correction applies it to the card, with the admin\'s reason', () => {
  it('a Remove correction takes the read-only time-off line off the approved card, recorded in its changes', async () => {
    const week = freshWeek();
    const cell = await newRequest('Resolve applies', week, 'Approved');
    await approve(cell);
    setWeekState(week, 'Approved');
    const canceled = await api.post(EMPLOYEE, TIME_OFF_API.updateRequestState, { ItemId: cell.requestId, OldRecordStateId: pto('Approved'), RouteStateId: pto('Canceled') });
    assert.equal(canceled.status, 200);
    assert.match(canceled.body.data.notices.join(' '), /is Approved: a correction to remove 16 h of time off waits for a Timecard Admin; the balance is refunded when it is applied/);
    const correction = one("SELECT * FROM timecard_corrections WHERE requestId = ? AND status = 'Open'", cell.requestId)!;
    assert.deepEqual([correction.kind, ...HOURS.map((h) => correction[h])], ['Remove', 0, 8, 8, 0, 0, 0, 0]);
    const card = cardOf(week)!;
    const resolved = await api.post(ADMIN, TIMECARD_API.resolveCorrection, { correctionId: correction.correctionId, note: 'Employee was at work: sick days taken back.' });
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    assert.equal(one("SELECT count(*) AS n FROM timecard_lines WHERE timecardId = ? AND ptoRequestId = ?", card.timecardId, cell.requestId)!.n, 0);
    const after = cardOf(week)!;
    assert.equal(after.applicationRecordStateId, tc('Approved'), 'the card keeps its state');
    assert.ok(after.version > card.version);
    const change = one('SELECT * FROM timecard_changes WHERE timecardId = ? ORDER BY timecardChangeId DESC', card.timecardId)!;
    assert.equal(change.reason, 'Employee was at work: sick days taken back.');
    assert.match(change.description, /removed time off “Resolve applies” \(Mon 8, Tue 8\)/);
    assert.deepEqual([change.hoursBefore, change.hoursAfter], [16, 0]);
  });
});

describe('a request on days already worked asks the approver to confirm', () => {
  it("names the week's state to the manager (Submitted, Approved); none on a Draft week, none for the employee", async () => {
    for (const state of ['Draft', 'Submitted', 'Approved'] as const) {
      const week = freshWeek();
      makeCard(week, state, true);
      const cell = await newRequest(`Confirm ${state}`, week, state);
      const asManager = (await api.get(MANAGER, TIME_OFF_API.getRequests, { recordId: cell.requestId })).body.data[0];
      const asEmployee = (await api.get(EMPLOYEE, TIME_OFF_API.getRequests, { recordId: cell.requestId })).body.data[0];
      assert.equal(asEmployee.confirmation, null);
      if (state === 'Draft') assert.equal(asManager.confirmation, null);
      else assert.match(asManager.confirmation, new RegExp(`^Sam Patterson's week of .+ is already ${state}: approving `));
      if (state === 'Approved') assert.match(asManager.confirmation, /makes a correction for a Timecard Admin/);
    }
  });
});
