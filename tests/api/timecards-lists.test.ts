/**
 * The timecard lists on the demo host (issue 13): an employee's weeks (weeks without a card computed,
 * never created by the load; past weeks owed), "Submit all ready weeks" (submits what passes, names the rest with the
 * reason), the team view (team with delegated reports, all, without approver, state filter) and who
 * may call them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { TIMECARD_TEXT, hourFigures } from '../../src/core/timecards';
import { setClock } from '../../src/core/clock';
import type { Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

let now = Date.parse('2026-11-04T17:00:00Z');
const { host, api, one, all, employeeId: id } = useTestHost({ clock: () => setClock(() => now) });

const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];
const KEEPS_TC = "e.active = 1 AND EXISTS (SELECT 1 FROM employee_roles r WHERE r.employeeId = e.employeeId AND r.applicationKey = 'keyTC')";

describe('gettimecardweeks', () => {
  it("lists the employee's weeks: past cards, the current week and the next two without a card (computed, not created), and the past weeks owed", async () => {
    const answer = await api.get('employee', TIMECARD_API.getTimecardWeeks);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const load = answer.body.data;
    assert.equal(load.employeeId, id('employee'));
    const byWeek = new Map(load.weeks.map((w: Row) => [w.weekStart, w]));
    assert.deepEqual(load.weeks.slice(0, 4).map((w: Row) => [w.weekStart, w.state, w.timecardId === null]),
      [['2026-11-15', null, true], ['2026-11-08', null, true], ['2026-11-01', null, true], ['2026-10-25', 'Draft', false]]);
    assert.equal(one("SELECT count(*) AS n FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-11-01'", id('employee')).n, 0, 'the load wrote nothing');
    const owed = byWeek.get('2026-10-25') as Row;
    assert.equal(owed.enteredHours, 24);
    assert.equal(owed.expectedHours, 40);
    assert.equal(owed.dueDate, '2026-11-01T05:00:00.000Z', 'midnight Central (CDT) at the end of Saturday 10-31');
    assert.ok(load.weeks.filter((w: Row) => w.state === 'Processed').length >= 8);
    assert.deepEqual(load.pastWeeksToSubmit, ['2026-10-25']);
  });

  it("shows a rejected week's reason", async () => {
    const rejected = one("SELECT t.employeeId, t.weekStart, t.rejectionReason, e.managerEmployeeId FROM weekly_timecards t JOIN employees e USING (employeeId) WHERE t.rejectionReason IS NOT NULL AND e.managerEmployeeId = ? LIMIT 1", id('rpm'));
    const load = (await api.get('rpm', TIMECARD_API.getTimecardWeeks, { employeeId: rejected.employeeId })).body.data;
    const week = load.weeks.find((w: Row) => w.weekStart === rejected.weekStart);
    assert.equal(week.state, 'Draft');
    assert.equal(week.rejectionReason, rejected.rejectionReason);
  });

  it("is the employee's, their manager's or a Timecard Admin's; the viewer gets 403", async () => {
    assert.equal((await api.get('employee', TIMECARD_API.getTimecardWeeks, { employeeId: id('pm') })).status, 403);
    assert.equal((await api.get('rpm', TIMECARD_API.getTimecardWeeks, { employeeId: id('employee') })).status, 200);
    assert.equal((await api.get('tcadmin', TIMECARD_API.getTimecardWeeks, { employeeId: id('employee') })).status, 200);
    assert.equal((await api.get('viewer', TIMECARD_API.getTimecardWeeks)).status, 403);
    assert.equal((await api.get('employee', TIMECARD_API.getTimecardWeeks, { employeeId: 'me' })).status, 400);
  });
});

describe('hour figures (issue 29)', () => {
  it('splits every week as the card does (core hourFigures): holidays and time off apart, never "entered"; exactly expected leaves 0', async () => {
    const before = now;
    now = Date.parse('2026-11-25T17:00:00Z'); // Thanksgiving week: Thursday and Friday are North Texas holidays
    try {
      const weeks = async () => new Map<string, Row>((await api.get('employee', TIMECARD_API.getTimecardWeeks)).body.data.weeks.map((w: Row) => [w.weekStart, w]));
      let byWeek = await weeks();
      const thanksgiving = byWeek.get('2026-11-22') as Row;
      assert.equal(thanksgiving.timecardId, null);
      assert.deepEqual(thanksgiving.figures, { expected: 40, holidays: 16, timeOff: 0, entered: 0, left: 24, over: 0 }, 'not "Entered 16"');
      assert.equal(thanksgiving.enteredHours, 16, 'enteredHours stays every line of the card');
      // The dentist appointment (approved, 4 h) of a week without a card is time off, not work.
      assert.deepEqual((byWeek.get('2026-11-08') as Row).figures, { expected: 40, holidays: 0, timeOff: 4, entered: 0, left: 36, over: 0 });
      // A week to come is counted the same way.
      assert.deepEqual((byWeek.get('2026-12-06') as Row).figures, { expected: 40, holidays: 0, timeOff: 0, entered: 0, left: 40, over: 0 });
      // 24 worked + 16 holiday on a 40 h week: nothing left, nothing over, "Entered 24".
      const project = one(`SELECT p.projectId, (SELECT min(costCodeId) FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') AS costCodeId
        FROM projects p WHERE p.active = 1 AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') ORDER BY p.projectId LIMIT 1`);
      const saved = await api.post('employee', TIMECARD_API.saveTimecard, {
        weekStart: '2026-11-22', version: 0, 'lines[0].projectId': project.projectId, 'lines[0].costCodeId': project.costCodeId, 'lines[0].timeType': 'Regular',
        'lines[0].monHours': 8, 'lines[0].tueHours': 8, 'lines[0].wedHours': 8,
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      byWeek = await weeks();
      const filled = byWeek.get('2026-11-22') as Row;
      assert.deepEqual(filled.figures, { expected: 40, holidays: 16, timeOff: 0, entered: 24, left: 0, over: 0 });
      // The card's own lines give the same figures through the same function, and the policy agrees: no hours differ.
      const card = saved.body.data;
      assert.deepEqual(hourFigures(card.timecard.expectedHours, card.lines), filled.figures);
      assert.equal(card.context.expected.left - filled.figures.entered, 0);
      // The owed week with a card counts its work only.
      assert.equal((byWeek.get('2026-10-25') as Row).figures.entered, 24);
    } finally {
      now = before;
    }
  });
});

describe('getteamtimecards', () => {
  it("team: the manager's reports and the reports delegated to them for the week, with what they may approve", async () => {
    const answer = await api.get('rpm', TIMECARD_API.getTeamTimecards, { weekStart: '2026-10-28' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const load = answer.body.data;
    assert.equal(load.weekStart, '2026-10-25');
    assert.equal(load.view, 'team');
    const delegation = one('SELECT managerEmployeeId FROM approval_delegations WHERE delegationId = 1');
    const expected = all(`SELECT e.employeeId FROM employees e WHERE ${KEEPS_TC} AND e.managerEmployeeId IN (?, ?) ORDER BY e.employeeId`, id('rpm'), delegation.managerEmployeeId)
      .map((r) => r.employeeId);
    assert.deepEqual(load.rows.map((r: Row) => r.employeeId).sort((a: number, b: number) => a - b), expected);
    assert.ok(!load.rows.some((r: Row) => r.employeeId === id('rpm')), 'not their own card');
    const delegated = load.rows.filter((r: Row) => r.managerEmployeeId === delegation.managerEmployeeId);
    assert.ok(delegated.length >= 8 && delegated.every((r: Row) => r.delegatedFromName === r.managerName && r.managerName));
    assert.ok(load.rows.filter((r: Row) => r.managerEmployeeId === id('rpm')).every((r: Row) => r.delegatedFromName === null));
    for (const row of load.rows) assert.equal(row.mayApprove, row.state === 'Submitted', row.employeeName);
    const sam = load.rows.find((r: Row) => r.employeeId === id('employee'));
    assert.deepEqual([sam.state, sam.enteredHours, sam.expectedHours], ['Draft', 24, 40]);
    assert.deepEqual(load.states.map((s: Row) => s.name), ['Draft', 'Submitted', 'Approved', 'Processed']);
    // Outside the delegation's dates, the delegated team is not there.
    const early = (await api.get('rpm', TIMECARD_API.getTeamTimecards, { weekStart: '2026-10-11' })).body.data;
    assert.ok(!early.rows.some((r: Row) => r.managerEmployeeId === delegation.managerEmployeeId));
  });

  it('each card\'s row carries its hour figures as the card counts them: Labor Day\'s week shows the holiday apart, never as entered', async () => {
    const rows = (await api.get('tcadmin', TIMECARD_API.getTeamTimecards, { weekStart: '2026-09-06', view: 'all' })).body.data.rows as Row[];
    const carded = rows.filter((r) => r.timecardId);
    assert.ok(carded.length > 0);
    for (const r of carded) {
      assert.equal(r.figures.expected, r.expectedHours, r.employeeName);
      assert.equal(Math.round((r.figures.entered + r.figures.holidays + r.figures.timeOff) * 100) / 100, r.enteredHours, r.employeeName);
    }
    assert.ok(carded.some((r) => r.figures.holidays === 8), 'a card holds Labor Day as a holiday');
    for (const r of rows.filter((x) => !x.timecardId)) assert.equal(r.figures, undefined);
  });

  it('filters by state; Draft lists those without a card too', async () => {
    const submitted = (await api.get('rpm', TIMECARD_API.getTeamTimecards, { weekStart: '2026-10-25', state: 'Submitted' })).body.data;
    assert.ok(submitted.rows.length >= 2);
    assert.ok(submitted.rows.every((r: Row) => r.state === 'Submitted' && r.mayApprove));
    const future = (await api.get('rpm', TIMECARD_API.getTeamTimecards, { weekStart: '2026-12-06', state: 'Draft' })).body.data;
    assert.ok(future.rows.length > 0 && future.rows.every((r: Row) => r.timecardId === null && r.state === null));
    assert.equal((await api.get('rpm', TIMECARD_API.getTeamTimecards, { state: 'Lost' })).status, 400);
    assert.equal((await api.get('rpm', TIMECARD_API.getTeamTimecards, { view: 'mine' })).status, 400);
    assert.equal((await api.get('rpm', TIMECARD_API.getTeamTimecards, { weekStart: '10/25/2026' })).status, 400);
  });

  it("all and withoutApprover are a Timecard Admin's (or Admin's); withoutApprover: no manager or an inactive one", async () => {
    const everyone = (await api.get('tcadmin', TIMECARD_API.getTeamTimecards, { weekStart: '2026-10-25', view: 'all' })).body.data;
    assert.equal(everyone.rows.length, one(`SELECT count(*) AS n FROM employees e WHERE ${KEEPS_TC}`).n);
    assert.ok(everyone.rows.find((r: Row) => r.employeeId === id('employee')));
    assert.equal((await api.get('rpm', TIMECARD_API.getTeamTimecards, { view: 'all' })).status, 403);
    assert.equal((await api.get('employee', TIMECARD_API.getTeamTimecards, { view: 'withoutApprover' })).status, 403);
    assert.equal((await api.get('admin', TIMECARD_API.getTeamTimecards, { view: 'all' })).status, 200);
    const gulf = one('SELECT managerEmployeeId FROM approval_delegations WHERE delegationId = 2').managerEmployeeId;
    host.db.prepare('UPDATE employees SET active = 0 WHERE employeeId = ?').run(gulf);
    try {
      const without = (await api.get('tcadmin', TIMECARD_API.getTeamTimecards, { weekStart: '2026-10-25', view: 'withoutApprover' })).body.data;
      const expected = all(`SELECT e.employeeId FROM employees e LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId
        WHERE ${KEEPS_TC} AND (e.managerEmployeeId IS NULL OR m.active = 0) ORDER BY e.employeeId`).map((r) => r.employeeId);
      assert.ok(expected.includes(id('admin')));
      assert.ok(expected.length >= 9);
      assert.deepEqual(without.rows.map((r: Row) => r.employeeId).sort((a: number, b: number) => a - b), expected);
    } finally {
      host.db.prepare('UPDATE employees SET active = 1 WHERE employeeId = ?').run(gulf);
    }
  });

  it('an employee without reports sees an empty team; the viewer gets 403', async () => {
    assert.deepEqual((await api.get('employee', TIMECARD_API.getTeamTimecards)).body.data.rows, []);
    assert.equal((await api.get('viewer', TIMECARD_API.getTeamTimecards)).status, 403);
  });
});

describe('submitreadyweeks', () => {
  it('submits every past owed week that passes the checks, and names the others with the reason', async () => {
    now = Date.parse('2026-11-18T17:00:00Z'); // the week of 11-15: 10-25, 11-01 and 11-08 are past and owed
    try {
      const load = (await api.get('employee', TIMECARD_API.getTimecard, { weekStart: '2026-11-01' })).body.data;
      const project = one(`SELECT p.projectId, (SELECT min(costCodeId) FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') AS costCodeId
        FROM projects p WHERE p.active = 1 AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') ORDER BY p.projectId LIMIT 1`);
      const form: Form = { weekStart: load.timecard.weekStart, version: load.timecard.version, 'lines[0].projectId': project.projectId, 'lines[0].costCodeId': project.costCodeId, 'lines[0].timeType': 'Regular' };
      [0, 8, 8, 8, 8, 8, 0].forEach((h, d) => (form[`lines[0].${DAYS[d]}`] = h));
      assert.equal((await api.post('employee', TIMECARD_API.saveTimecard, form)).status, 200);
      const weeks = (await api.get('employee', TIMECARD_API.getTimecardWeeks)).body.data;
      assert.deepEqual(weeks.pastWeeksToSubmit, ['2026-10-25', '2026-11-01', '2026-11-08']);
      // Weeks without a card are listed computed, not created: 11-08 and 11-15 stay without one.
      assert.deepEqual(weeks.weeks.filter((w: Row) => w.weekStart >= '2026-10-25' && w.weekStart <= '2026-11-15').map((w: Row) => [w.weekStart, w.timecardId !== null]),
        [['2026-11-15', false], ['2026-11-08', false], ['2026-11-01', true], ['2026-10-25', true]]);
      const answer = await api.post('employee', TIMECARD_API.submitReadyWeeks, {});
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.data.submitted, ['2026-11-01']);
      assert.deepEqual(answer.body.data.notReady, [
        { weekStart: '2026-10-25', message: TIMECARD_TEXT.hoursDiffer(24, 40) },
        { weekStart: '2026-11-08', message: TIMECARD_TEXT.hoursDiffer(0, 36) },
      ]);
      assert.equal(one("SELECT st.name FROM weekly_timecards t JOIN application_record_states st USING (applicationRecordStateId) WHERE employeeId = ? AND weekStart = '2026-11-01'", id('employee')).name, 'Submitted');
      assert.equal(one("SELECT st.name FROM weekly_timecards t JOIN application_record_states st USING (applicationRecordStateId) WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee')).name, 'Draft');
      assert.equal(one("SELECT count(*) AS n FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-11-08'", id('employee')).n, 0, 'a refused week gets no card');
      assert.equal((await api.post('viewer', TIMECARD_API.submitReadyWeeks, {})).status, 403);
      assert.equal((await api.post('rpm', TIMECARD_API.submitReadyWeeks, { employeeId: id('employee') })).status, 403, "not another's weeks");
    } finally {
      now = Date.parse('2026-11-04T17:00:00Z');
    }
  });
});
