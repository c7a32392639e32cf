/**
 * Access requests and project teams on the demo host (issue 15): the picker shows no money and the
 * caller's membership; the form's rules answer 400 autoAlert at the field; a duplicate pending request
 * and a request by a member are refused; nobody decides their own request (403); a decision needs a
 * reason; approval adds the team member at once (project-access.ts reaches the project on the next
 * call); a stale decision is a 409 naming who decided; bulk decisions answer { done, refused }; a
 * request past 14 days is refused and swept to Expired; the bell shows reviewers the waiting requests;
 * the team list is for reviewers; removal needs a reason and keeps the last Project Manager.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS_REQUEST_API as API, ACCESS_TEXT, addIsoDays, checkAccessRequest, latestEndDate } from '../../src/core/toolbox';
import { accessToday, projectReach, reaches } from '../../demo/host/api/project-access';
import { loadCaller } from '../../demo/host/api/context';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const S = (name: string) => stateId(host, 'AccessRequest', name);
const [P6, P11, P16, P23, P27, P30] = SEED_TEAM_FACTS.pmHiddenProjectIds;
const today = accessToday();
const pmReaches = (projectId: number) => reaches(projectReach(host.db, loadCaller(host.db, 'pm')!), projectId);
const request = (login: string, projectId: number, extra: Record<string, string> = {}) =>
  api.post(login, API.createRequest, { projectId, projectRole: 'Project Engineer', justification: 'Covering the project engineer.', endDate: addIsoDays(today, 60), ...extra });
const decide = (login: string, id: number, to: string, reason?: string, from = 'Pending') =>
  api.post(login, API.updateRequestState, { ItemId: id, OldRecordStateId: S(from), RouteStateId: S(to), ...(reason ? { Reason: reason } : {}) });

describe('the form', () => {
  it('finds projects by number or name without money, with the caller\'s membership', async () => {
    const number = one('SELECT number FROM projects WHERE projectId = ?', P6).number as string;
    const found = await api.get('pm', API.getProjects, { search: number });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const row = found.body.data.find((p: Row) => p.projectId === P6);
    assert.ok(row);
    assert.deepEqual(Object.keys(row).sort(), ['membership', 'name', 'number', 'pendingRequestId', 'projectId', 'projectManagerName', 'regionName']);
    assert.equal(row.membership, null);
    const mine = await api.get('pm', API.getProjects, { projectId: 4 });
    assert.equal(mine.body.data[0].membership.projectRole, 'Project Engineer');
    assert.equal((await api.get('pm', API.getProjects, { search: 'x' })).status, 400);
    assert.equal((await api.get('employee', API.getProjects, { search: number })).status, 403);
  });

  it('applies the rules at the field (core and host alike)', async () => {
    const base = { projectId: P6, projectRole: 'Project Engineer', justification: 'Why', endDate: addIsoDays(today, 30) };
    assert.deepEqual(checkAccessRequest(base, today), []);
    assert.deepEqual(checkAccessRequest({ ...base, projectRole: 'Project Manager', endDate: '' }, today), []);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ justification: '  ' }, 'justification', ACCESS_TEXT.justificationRequired],
      [{ endDate: '' }, 'endDate', ACCESS_TEXT.endDateRequired],
      [{ endDate: addIsoDays(today, -1) }, 'endDate', ACCESS_TEXT.endDatePast],
      [{ endDate: addIsoDays(latestEndDate(today), 1) }, 'endDate', ACCESS_TEXT.endDateTooFar],
      [{ projectRole: 'Boss' }, 'projectRole', ACCESS_TEXT.roleRequired],
    ];
    const before = checksum(host, ['access_requests']);
    for (const [change, field, message] of cases) {
      const answer = await request('pm', P6, change);
      assert.equal(answer.status, 400, field);
      assert.equal(answer.body.autoAlert, true);
      assert.equal(answer.body.fieldName, field);
      assert.equal(answer.body.message, message);
    }
    assert.equal(checksum(host, ['access_requests']), before);
    const latest = await request('pm', P27, { endDate: latestEndDate(today) });
    assert.equal(latest.status, 200, JSON.stringify(latest.body));
    assert.equal(latest.body.data.expiresOn, addIsoDays(today, 14));
    assert.match(latest.body.data.number, /^AR-\d{5}$/);
  });

  it('refuses a request by a member and a second pending request', async () => {
    const member = await request('pm', 4);
    assert.equal(member.status, 400);
    assert.equal(member.body.message, ACCESS_TEXT.alreadyMember('Project Engineer'));
    const first = await request('pm', P23);
    assert.equal(first.status, 200);
    const again = await request('pm', P23);
    assert.equal(again.status, 400);
    assert.equal(again.body.message, ACCESS_TEXT.alreadyPending(first.body.data.number));
    const withdrawnByAdmin = await decide('admin', first.body.data.accessRequestId, 'Withdrawn');
    assert.equal(withdrawnByAdmin.status, 403);
    assert.equal(withdrawnByAdmin.body.message, ACCESS_TEXT.notRequester);
    const withdrawn = await decide('pm', first.body.data.accessRequestId, 'Withdrawn');
    assert.equal(withdrawn.status, 200);
    assert.equal(withdrawn.body.data.state, 'Withdrawn');
  });
});

describe('review', () => {
  it('approval adds the member at once; own decisions, missing reasons and stale moves are refused', async () => {
    const created = await request('pm', P6);
    const id = created.body.data.accessRequestId as number;
    assert.equal(pmReaches(P6), false);
    const bell = await api.get('admin', '/api/common/GetOpenItemsByEmployee');
    const item = bell.body.data.openWorkflows.find((w: Row) => w.applicationRecordKey === 'AccessRequest' && w.recordId === id);
    assert.equal(item.directLink, `/ProjectToolbox/ProjectSecurities/reviewaccess?projectId=${P6}`);
    const pmBell = await api.get('pm', '/api/common/GetOpenItemsByEmployee');
    assert.equal(pmBell.body.data.openWorkflows.some((w: Row) => w.applicationRecordKey === 'AccessRequest'), false);
    const review = await api.get('admin', API.getRequests, { view: 'review' });
    assert.ok(review.body.data.some((r: Row) => r.accessRequestId === id && r.moves.length === 2));
    // rpm (North Texas) is the regional PM of this Gulf Coast project: a reviewer of it.
    const rpmReview = await api.get('rpm', API.getRequests, { view: 'review' });
    assert.ok(rpmReview.body.data.some((r: Row) => r.accessRequestId === id));

    const own = await decide('pm', id, 'Approved', 'me');
    assert.equal(own.status, 403);
    assert.equal(own.body.message, ACCESS_TEXT.ownRequest);
    const bare = await decide('admin', id, 'Approved');
    assert.equal(bare.status, 400);
    assert.equal(bare.body.fieldName, 'Reason');

    const approved = await decide('admin', id, 'Approved', 'Covering for the summer.');
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.data.state, 'Approved');
    const member = one(`SELECT * FROM project_team_members WHERE projectId = ? AND employeeId = 2 AND removedAt IS NULL`, P6);
    assert.equal(member.source, 'request');
    assert.equal(member.sourceId, id);
    assert.equal(member.projectRole, 'Project Engineer');
    assert.equal(member.endDate, addIsoDays(today, 60));
    assert.equal(member.addedByEmployeeId, loadCaller(host.db, 'admin')!.employeeId);
    assert.equal(one('SELECT projectTeamMemberId FROM access_requests WHERE accessRequestId = ?', id).projectTeamMemberId, member.projectTeamMemberId);
    assert.equal(pmReaches(P6), true);

    const stale = await decide('admin', id, 'Denied', 'late');
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /is now Approved by Dana Whitfield/);
    const mine = await api.get('pm', API.getRequests, { view: 'mine', recordId: id });
    assert.equal(mine.body.data[0].decisionReason, 'Covering for the summer.');
    assert.equal(mine.body.data[0].decidedByName, 'Dana Whitfield');
  });

  it('decides in bulk, each alone', async () => {
    const a = (await request('pm', P11)).body.data;
    const b = (await request('pm', P16)).body.data;
    const answer = await api.post('admin', API.updateRequestStates, {
      'items[0].ItemId': a.accessRequestId, 'items[0].OldRecordStateId': S('Pending'),
      'items[1].ItemId': b.accessRequestId, 'items[1].OldRecordStateId': S('Approved'),
      RouteStateId: S('Denied'), Reason: 'Not needed.',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.data.done, [a.accessRequestId]);
    assert.equal(answer.body.data.refused[0].ItemId, b.accessRequestId);
    assert.equal(pmReaches(P11), false);
    const mine = await api.post('pm', API.updateRequestStates, { 'items[0].ItemId': b.accessRequestId, 'items[0].OldRecordStateId': S('Pending'), RouteStateId: S('Approved'), Reason: 'x' });
    assert.equal(mine.body.data.refused[0].message, ACCESS_TEXT.ownRequest);
    // rpm is neither of the region nor the regional PM of this one: not theirs to see.
    const rpm = await decide('rpm', b.accessRequestId, 'Approved', 'ok');
    assert.equal(rpm.status, 404);
  });

  it('refuses deciding a request older than 14 days and sweeps it to Expired', async () => {
    const row = (await request('pm', P30, { projectRole: 'Viewer' })).body.data;
    // It was requested 15 days ago.
    host.db.prepare('UPDATE access_requests SET expiresOn = ? WHERE accessRequestId = ?').run(addIsoDays(today, -1), row.accessRequestId);
    const refused = await decide('admin', row.accessRequestId, 'Approved', 'ok');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, ACCESS_TEXT.expired(row.number));
    const listed = await api.get('pm', API.getRequests, { recordId: row.accessRequestId });
    assert.equal(listed.body.data[0].state, 'Expired');
    assert.equal(pmReaches(P30), false);
  });
});

describe('the team', () => {
  it('is for the project\'s reviewers; removal needs a reason and keeps the last Project Manager', async () => {
    assert.equal((await api.get('pm', API.getTeam, { projectId: P27 })).status, 403);
    const team = await api.get('admin', API.getTeam, { projectId: P6 });
    assert.equal(team.status, 200);
    const pm = team.body.data.members.find((m: Row) => m.employeeId === 2);
    assert.equal(pm.source, 'request');
    const managers = team.body.data.members.filter((m: Row) => m.projectRole === 'Project Manager');
    assert.equal(managers.length, 1);
    const last = await api.post('admin', API.removeMember, { ProjectTeamMemberId: managers[0].projectTeamMemberId, Reason: 'Leaving' });
    assert.equal(last.status, 400);
    assert.equal(last.body.message, ACCESS_TEXT.lastProjectManager);
    const bare = await api.post('admin', API.removeMember, { ProjectTeamMemberId: pm.projectTeamMemberId });
    assert.equal(bare.status, 400);
    assert.equal(bare.body.message, ACCESS_TEXT.removeReasonRequired);
    assert.equal(pmReaches(P6), true);
    const removed = await api.post('admin', API.removeMember, { ProjectTeamMemberId: pm.projectTeamMemberId, Reason: 'Summer is over.' });
    assert.equal(removed.status, 200);
    assert.equal(removed.body.data.members.some((m: Row) => m.employeeId === 2), false);
    const row = one('SELECT removedAt, removedReason, removedByEmployeeId FROM project_team_members WHERE projectTeamMemberId = ?', pm.projectTeamMemberId);
    assert.equal(row.removedReason, 'Summer is over.');
    assert.ok(row.removedAt);
    assert.equal(pmReaches(P6), false);
  });
});
