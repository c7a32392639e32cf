/**
 * The approval inbox, "Waiting for me" (issue 29), on the demo host: across all weeks, the caller's
 * Submitted cards and Pending requests as manager and as delegate (the manager named), a Timecard
 * Admin's open corrections and cards without an approver, oldest first, with the ids to act on each;
 * past-dated Pending requests marked; nothing of another team; nothing for someone who approves nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API, type ApprovalInboxLoad } from '../../src/core/timecards/contract';
import { setClock } from '../../src/core/clock';
import { stateId } from './api-client';
import { requestDescription } from '../../demo/host/api/timecards/inbox';
import { useTestHost, type Row } from './support/use-host';

const START = Date.parse('2026-11-04T17:00:00Z');
let now = START;
const { host, api, one, all, employeeId: id } = useTestHost({ clock: () => setClock(() => now) });

const request = (title: string) => one('SELECT * FROM time_off_requests WHERE title = ?', title);
const inbox = async (login: string) => {
  const answer = await api.get(login, TIMECARD_API.getApprovalInbox);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data as { rows: Row[]; routes: ApprovalInboxLoad['routes'] };
};
/** The Central Texas manager, who delegated her approvals to rpm (delegation 1). */
const centralManager = () => one('SELECT e.employeeId, e.preferredName FROM approval_delegations d JOIN employees e ON e.employeeId = d.managerEmployeeId WHERE d.delegationId = 1');

describe('getapprovalinbox', () => {
  it("rpm's: every Submitted card and Pending request of her reports and, as delegate, of the Central Texas team, across weeks, oldest first", async () => {
    const { rows, routes } = await inbox('rpm');
    const central = centralManager();
    // Cards: her reports' (any week), and the Central Texas team's of weeks sharing a day with the delegation.
    const cards = all(`SELECT t.timecardId, e.managerEmployeeId FROM weekly_timecards t JOIN employees e USING (employeeId)
      WHERE t.applicationRecordStateId = ? AND (e.managerEmployeeId = ? OR (e.managerEmployeeId = ? AND t.weekEnding >= (SELECT startDate FROM approval_delegations WHERE delegationId = 1)))
      ORDER BY t.timecardId`, stateId(host, 'Timecard', 'Submitted'), id('rpm'), central.employeeId);
    assert.ok(cards.some((c) => c.managerEmployeeId === central.employeeId) && cards.some((c) => c.managerEmployeeId === id('rpm')), 'the seed has both');
    assert.deepEqual(rows.filter((r) => r.kind === 'timecard').map((r) => r.itemId).sort((a, b) => a - b), cards.map((c) => c.timecardId));
    // The Central Texas card of the week before last (10-18 to 10-24) is there: the delegation starts on its Saturday.
    assert.ok(rows.some((r) => r.kind === 'timecard' && r.startDate === '2026-10-18' && r.delegatedFromName === central.preferredName));
    const requests = rows.filter((r) => r.kind === 'timeOff').map((r) => r.description);
    assert.deepEqual(requests.sort(), ['Personal: Half day for closing on a house', 'Vacation: Family travel', 'Vacation: Family visit', 'Vacation: Time with family',
      'Vacation', 'Jury Duty: Jury summons'].sort());
    assert.deepEqual(rows.map((r) => r.waitingSince), rows.map((r) => r.waitingSince).sort(), 'oldest first');
    assert.deepEqual(routes, {
      timecardApprove: stateId(host, 'Timecard', 'Approved'), timecardReject: stateId(host, 'Timecard', 'Draft'),
      timeOffApprove: stateId(host, 'PtoRequest', 'Approved'), timeOffDeny: stateId(host, 'PtoRequest', 'Denied'),
    });
  });

  it('each row names the person, the kind, the dates and hours, and the ids and OldRecordStateId to act; a delegated row names the manager', async () => {
    const { rows } = await inbox('rpm');
    const visit = request('Family visit');
    assert.deepEqual(rows.find((r) => r.key === `timeOff:${visit.requestId}`), {
      kind: 'timeOff', key: `timeOff:${visit.requestId}`, itemId: visit.requestId, applicationRecordStateId: stateId(host, 'PtoRequest', 'Pending'), timecardId: null,
      employeeId: id('pm'), employeeName: 'Marcus Reyes', delegatedFromName: null, approvingAs: 'manager', startDate: '2026-12-21', endDate: '2026-12-23',
      hours: 24, expectedHours: null, description: 'Vacation: Family visit', waitingSince: visit.requestedAt, datesPassed: false,
    });
    const jury = rows.find((r) => r.itemId === request('Jury summons').requestId && r.kind === 'timeOff')!;
    assert.equal(jury.delegatedFromName, centralManager().preferredName);
    assert.equal(jury.approvingAs, 'delegate');
    const card = rows.find((r) => r.kind === 'timecard' && r.delegatedFromName === null)!;
    const stored = one(`SELECT t.*, e.preferredName, (SELECT sum(sunHours + monHours + tueHours + wedHours + thuHours + friHours + satHours) FROM timecard_lines l WHERE l.timecardId = t.timecardId) AS hours
      FROM weekly_timecards t JOIN employees e USING (employeeId) WHERE t.timecardId = ?`, card.itemId);
    assert.deepEqual([card.employeeName, card.employeeId, card.startDate, card.endDate, card.hours, card.applicationRecordStateId, card.timecardId, card.approvingAs, card.waitingSince],
      [stored.preferredName, stored.employeeId, stored.weekStart, stored.weekEnding, stored.hours, stateId(host, 'Timecard', 'Submitted'), stored.timecardId, 'manager', stored.submittedAt]);
  });

  it("a request's details name its type and title, the title left out when it only repeats the type", () => {
    assert.equal(requestDescription('Vacation', 'Family visit'), 'Vacation: Family visit');
    assert.equal(requestDescription('Vacation', 'Vacation'), 'Vacation');
    assert.equal(requestDescription('Vacation', ' vacation '), 'Vacation');
    assert.equal(requestDescription('Sick', ''), 'Sick');
  });

  it("another team's rows are absent: the Gulf Coast team (delegated to rpm only in September) and nobody's own", async () => {
    const { rows } = await inbox('rpm');
    const gulf = one('SELECT managerEmployeeId FROM approval_delegations WHERE delegationId = 2').managerEmployeeId;
    const gulfTeam = new Set(all('SELECT employeeId FROM employees WHERE managerEmployeeId = ?', gulf).map((r) => r.employeeId));
    assert.ok(all("SELECT 1 FROM time_off_requests WHERE title = 'Hunting trip'").length === 1);
    assert.ok(!rows.some((r) => gulfTeam.has(r.employeeId)), 'no Gulf Coast row');
    assert.ok(!rows.some((r) => r.employeeId === id('rpm')), 'not her own');
    assert.ok(!rows.some((r) => r.kind === 'correction'), 'corrections are a Timecard Admin\'s');
    // pm (a report of rpm) sees none of rpm's team.
    assert.deepEqual((await inbox('pm')).rows, []);
  });

  it('someone who approves nothing gets an empty list; without a keyTC role, 403', async () => {
    assert.deepEqual((await inbox('employee')).rows, []);
    assert.equal((await api.get('viewer', TIMECARD_API.getApprovalInbox)).status, 403);
  });

  it("a Timecard Admin's: the open corrections, and the Submitted cards of employees without an approver", async () => {
    const { rows } = await inbox('tcadmin');
    const correction = one("SELECT c.correctionId, c.timecardId, t.employeeId, t.weekStart FROM timecard_corrections c JOIN weekly_timecards t USING (timecardId) WHERE c.status = 'Open'");
    const row = rows.find((r) => r.kind === 'correction')!;
    assert.deepEqual([row.itemId, row.timecardId, row.employeeId, row.startDate, row.approvingAs, row.applicationRecordStateId],
      [correction.correctionId, correction.timecardId, correction.employeeId, correction.weekStart, 'admin', null]);
    assert.match(row.description, /Sick day \(entered late\)/);
    const withoutApprover = all(`SELECT t.timecardId FROM weekly_timecards t JOIN employees e USING (employeeId) LEFT JOIN employees m ON m.employeeId = e.managerEmployeeId
      WHERE t.applicationRecordStateId = ? AND (e.managerEmployeeId IS NULL OR m.active = 0) AND e.employeeId <> ? ORDER BY t.timecardId`, stateId(host, 'Timecard', 'Submitted'), id('tcadmin'));
    assert.ok(withoutApprover.length > 0, "the seed has one: admin's, who has no manager");
    assert.deepEqual(rows.filter((r) => r.kind === 'timecard').map((r) => r.itemId).sort((a, b) => a - b), withoutApprover.map((r) => r.timecardId));
    assert.ok(rows.filter((r) => r.kind === 'timecard').every((r) => r.approvingAs === 'admin'));
  });

  it('a Pending request whose dates have passed is marked; an approved card leaves the list', async () => {
    now = Date.parse('2026-11-26T17:00:00Z');
    try {
      const { rows } = await inbox('rpm');
      const vacation = rows.find((r) => r.itemId === request('Vacation').requestId && r.kind === 'timeOff')!;
      assert.equal(vacation.endDate, '2026-11-25');
      assert.equal(vacation.datesPassed, true);
      assert.equal(rows.find((r) => r.itemId === request('Family visit').requestId && r.kind === 'timeOff')!.datesPassed, false);
    } finally {
      now = START;
    }
    const { rows, routes } = await inbox('rpm');
    const card = rows.find((r) => r.kind === 'timecard')!;
    const approved = await api.post('rpm', TIMECARD_API.updateTimecardStates, {
      'items[0].ItemId': card.itemId, 'items[0].OldRecordStateId': card.applicationRecordStateId, RouteStateId: routes.timecardApprove,
    });
    assert.deepEqual(approved.body.data, { done: [card.itemId], refused: [] });
    assert.ok(!(await inbox('rpm')).rows.some((r) => r.key === card.key));
  });
});
