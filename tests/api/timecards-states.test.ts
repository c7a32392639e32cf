/**
 * Timecard state moves on the demo host (issue 13): submit with the policy checks on the server (each
 * message), the shortfall reason, recall, approve by the manager / delegate (on behalf of) / Timecard
 * Admin, own approval refused, reject needs a reason and shows it, Processed locked, a stale approval
 * refused naming who moved it (nothing lost), bulk approve, and a Timecard Admin's change of an
 * Approved card (reason required, recorded, history kept).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { TIMECARD_STATE_TEXT, TIMECARD_TEXT } from '../../src/core/timecards';
import { createDraftTimecard } from '../../demo/host/api/timecards/cards';
import { setClock } from '../../src/core/clock';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const NOW = Date.parse('2026-11-04T17:00:00Z');
const { host, api, one, all, employeeId: id } = useTestHost({ clock: () => setClock(() => NOW) });

const S = (name: string) => stateId(host, 'Timecard', name);
const TABLES = ['weekly_timecards', 'timecard_lines', 'timecard_changes'];
const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];

function labour(active = true): { projectId: number; costCodeId: number; material: number } {
  return one(`SELECT p.projectId, (SELECT min(costCodeId) FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') AS costCodeId,
      (SELECT min(costCodeId) FROM cost_codes WHERE budgetId = p.budgetId AND type <> 'L') AS material
    FROM projects p WHERE p.active = ? AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') ORDER BY p.projectId LIMIT 1`, active ? 1 : 0) as never;
}

/** A Draft card of `login` for the week of `day`, with lines written straight into the table. */
let nextWeek = '2026-11-29';
function draftWith(login: string, lines: Array<Record<string, unknown> & { hours: number[] }>, week?: string): number {
  const weekStart = week ?? nextWeek;
  if (!week) nextWeek = new Date(Date.parse(`${nextWeek}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const timecardId = createDraftTimecard(host.db, id(login), weekStart);
  lines.forEach((line, n) => {
    const { hours, ...rest } = line;
    const row: Record<string, unknown> = { timecardId, source: 'manual', timeType: 'Regular', displayOrder: n + 1, modifiedAt: 't', ...rest };
    DAYS.forEach((d, i) => (row[d] = hours[i]));
    const columns = Object.keys(row);
    host.db.prepare(`INSERT INTO timecard_lines (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
  });
  return timecardId;
}
const FULL = [0, 8, 8, 8, 8, 8, 0];
const card = (timecardId: number) => one('SELECT t.*, st.name AS state FROM weekly_timecards t JOIN application_record_states st USING (applicationRecordStateId) WHERE timecardId = ?', timecardId);
const move = (login: string, timecardId: number, from: string, to: string, reason?: string) =>
  api.post(login, TIMECARD_API.updateTimecardState, { ItemId: timecardId, OldRecordStateId: S(from), RouteStateId: S(to), ...(reason ? { reason } : {}) });

describe('submit', () => {
  it('submits a card that passes the checks; the answer is the reloaded card', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    const answer = await move('employee', timecardId, 'Draft', 'Submitted');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.timecard.state, 'Submitted');
    assert.ok(answer.body.data.timecard.submittedAt);
    assert.deepEqual(answer.body.data.timecard.advancements.map((a: Row) => a.action), ['recall']);
    assert.equal(card(timecardId).state, 'Submitted');
    assert.equal(card(timecardId).shortfallReason, null);
  });

  it('refuses each policy problem at submit with its message at its field, and writes nothing', async () => {
    const c = labour();
    const closed = labour(false);
    const material = c.material;
    const lost = one("SELECT o.opportunityId, c.opportunityCostCodeId FROM opportunities o JOIN opportunity_cost_codes c USING (opportunityId) WHERE o.status = 'Pursuit' ORDER BY c.opportunityCostCodeId LIMIT 1");
    const cases: Array<[string, Array<Record<string, unknown> & { hours: number[] }>, string, string, () => void]> = [
      ['closed project', [{ projectId: closed.projectId, costCodeId: closed.costCodeId, hours: FULL }], 'lines[0].projectId', 'is closed: no new time', () => undefined],
      ['not labour', [{ projectId: c.projectId, costCodeId: material, hours: FULL }], 'lines[0].costCodeId', 'is not a labor cost code', () => undefined],
      ['overtime early', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: [0, 8, 8, 8, 8, 6, 0] }, { projectId: c.projectId, costCodeId: c.costCodeId, timeType: 'Overtime', hours: [0, 0, 0, 0, 0, 2, 0] }],
        'lines[1].hours[5]', TIMECARD_TEXT.overtimeEarly, () => undefined],
      ['day over 24', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: [0, 16, 8, 8, 0, 0, 0] }, { projectId: c.projectId, costCodeId: c.costCodeId, timeType: 'Overtime', hours: [0, 9, 0, 0, 0, 0, 0] }],
        'days[1]', TIMECARD_TEXT.dayTotal('Monday'), () => undefined],
      ['hours differ without reason', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: [0, 8, 8, 8, 8, 4, 0] }], 'reason', TIMECARD_TEXT.hoursDiffer(36, 40), () => undefined],
      ['lost opportunity', [{ opportunityId: lost.opportunityId, opportunityCostCodeId: lost.opportunityCostCodeId, hours: FULL }], 'lines[0].opportunityId', 'Lost',
        () => host.db.prepare("UPDATE opportunities SET status = 'Lost' WHERE opportunityId = ?").run(lost.opportunityId)],
    ];
    for (const [name, lines, field, message, prepare] of cases) {
      const timecardId = draftWith('employee', lines);
      prepare();
      const before = checksum(host, TABLES);
      const answer = await move('employee', timecardId, 'Draft', 'Submitted');
      assert.equal(answer.status, 400, name);
      assert.equal(answer.body.autoAlert, true, name);
      assert.ok(answer.body.feedback.some((f: Row) => f.stringValue === field && f.integerValue === 1 && f.message.includes(message)), `${name}: ${JSON.stringify(answer.body.feedback)}`);
      assert.equal(checksum(host, TABLES), before, name);
      assert.equal(card(timecardId).state, 'Draft', name);
    }
    host.db.prepare("UPDATE opportunities SET status = 'Pursuit' WHERE opportunityId = ?").run(lost.opportunityId);
  });

  it('submits entered ≠ expected with a reason, kept as the shortfall reason', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: [0, 8, 8, 8, 8, 4, 0] }]);
    const answer = await move('employee', timecardId, 'Draft', 'Submitted', 'Left at noon Friday.');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.timecard.shortfallReason, 'Left at noon Friday.');
    assert.equal(card(timecardId).shortfallReason, 'Left at noon Friday.');
  });

  it('only the owner submits or recalls', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    const manager = await move('rpm', timecardId, 'Draft', 'Submitted');
    assert.equal(manager.status, 403);
    assert.equal(manager.body.message, TIMECARD_STATE_TEXT.notYours);
  });
});

describe('recall, approve, reject, process', () => {
  it('the owner recalls a Submitted card until it is approved', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    assert.equal((await move('employee', timecardId, 'Draft', 'Submitted')).status, 200);
    const recalled = await move('employee', timecardId, 'Submitted', 'Draft');
    assert.equal(recalled.status, 200);
    assert.equal(card(timecardId).state, 'Draft');
    assert.equal(card(timecardId).submittedAt, null);
    assert.equal(card(timecardId).rejectionReason, null, 'a recall is not a rejection');
    assert.equal((await move('employee', timecardId, 'Draft', 'Submitted')).status, 200);
    assert.equal((await move('rpm', timecardId, 'Submitted', 'Approved')).status, 200);
    const late = await move('employee', timecardId, 'Submitted', 'Draft');
    assert.equal(late.status, 409);
    assert.match(late.body.message, /already approved by Linda Okafor/);
    assert.equal(card(timecardId).state, 'Approved');
  });

  it('nobody approves their own card; a colleague is no approver', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    await move('employee', timecardId, 'Draft', 'Submitted');
    const own = await move('employee', timecardId, 'Submitted', 'Approved');
    assert.equal(own.status, 403);
    assert.equal(own.body.message, TIMECARD_STATE_TEXT.ownApproval);
    const colleague = await move('pm', timecardId, 'Submitted', 'Approved');
    assert.equal(colleague.status, 403);
    // A Timecard Admin approving their own card is refused too.
    const mine = draftWith('tcadmin', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }], '2026-11-15');
    await move('tcadmin', mine, 'Draft', 'Submitted');
    const admin = await move('tcadmin', mine, 'Submitted', 'Approved');
    assert.equal(admin.status, 403);
    assert.equal(admin.body.message, TIMECARD_STATE_TEXT.ownApproval);
    assert.equal(card(mine).state, 'Submitted');
  });

  it('a rejection needs a reason, returns the card to Draft, and the employee sees the reason', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    await move('employee', timecardId, 'Draft', 'Submitted');
    const before = checksum(host, TABLES);
    const bare = await move('rpm', timecardId, 'Submitted', 'Draft');
    assert.equal(bare.status, 400);
    assert.equal(bare.body.fieldName, 'reason');
    assert.equal(bare.body.message, TIMECARD_STATE_TEXT.rejectReason);
    assert.equal(checksum(host, TABLES), before);
    const rejected = await move('rpm', timecardId, 'Submitted', 'Draft', 'Friday belongs on the Concrete code.');
    assert.equal(rejected.status, 200);
    const seen = (await api.get('employee', TIMECARD_API.getTimecard, { timecardId })).body.data.timecard;
    assert.equal(seen.state, 'Draft');
    assert.equal(seen.rejectionReason, 'Friday belongs on the Concrete code.');
    assert.equal(seen.rejectedByName, 'Linda Okafor');
    assert.equal(seen.mayEdit, true);
    // Resubmitted: the rejection is cleared (its history stays in record_history).
    assert.equal((await move('employee', timecardId, 'Draft', 'Submitted')).status, 200);
    assert.equal(card(timecardId).rejectionReason, null);
    assert.ok(all("SELECT 1 FROM record_history WHERE recordKey = 'Timecard' AND recordId = ? AND field = 'rejectionReason'", timecardId).length >= 1);
  });

  it('a stale approval (another approver first) is refused naming who approved, and nothing is lost', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    await move('employee', timecardId, 'Draft', 'Submitted');
    assert.equal((await move('rpm', timecardId, 'Submitted', 'Approved')).status, 200);
    const before = checksum(host, TABLES);
    const stale = await move('tcadmin', timecardId, 'Submitted', 'Approved');
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /^This timecard is now Approved: it was already approved by Linda Okafor at .* UTC\. Reload it and try again\.$/);
    assert.equal(stale.body.currentRecordStateName, 'Approved');
    assert.equal(checksum(host, TABLES), before);
    assert.equal(card(timecardId).approvedByEmployeeId, id('rpm'));
  });

  it('Approved → Processed by a Timecard Admin only; Processed is locked for everyone', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    await move('employee', timecardId, 'Draft', 'Submitted');
    await move('rpm', timecardId, 'Submitted', 'Approved');
    const manager = await move('rpm', timecardId, 'Approved', 'Processed');
    assert.equal(manager.status, 403);
    assert.equal(manager.body.message, TIMECARD_STATE_TEXT.processAdminOnly);
    assert.equal((await move('tcadmin', timecardId, 'Approved', 'Processed')).status, 200);
    const reopen = await move('tcadmin', timecardId, 'Processed', 'Draft', 'try');
    assert.equal(reopen.status, 400);
    assert.equal(reopen.body.message, TIMECARD_STATE_TEXT.processedLocked);
    const load = (await api.get('tcadmin', TIMECARD_API.getTimecard, { timecardId })).body.data;
    assert.equal(load.timecard.mayEdit, false);
    assert.deepEqual(load.timecard.advancements, []);
    const save = await api.post('tcadmin', TIMECARD_API.saveTimecard, { timecardId, version: load.timecard.version, reason: 'fix' });
    assert.equal(save.status, 400);
    assert.equal(save.body.message, TIMECARD_STATE_TEXT.processedLocked);
  });

  it("a delegate approves within the delegation's dates, recorded on behalf of the manager; outside them it is refused", async () => {
    // rpm approves for the Central Texas manager (on leave) from 2026-10-24.
    const central = one("SELECT e.employeeId, e.managerEmployeeId FROM employees e WHERE e.managerEmployeeId = (SELECT managerEmployeeId FROM approval_delegations WHERE delegationId = 1) ORDER BY employeeId LIMIT 1");
    const c = labour();
    const inRange = createDraftTimecard(host.db, central.employeeId, '2026-11-29');
    host.db.prepare(`INSERT INTO timecard_lines (timecardId, projectId, costCodeId, timeType, source, monHours, tueHours, wedHours, thuHours, friHours, displayOrder, modifiedAt)
      VALUES (?, ?, ?, 'Regular', 'manual', 8, 8, 8, 8, 8, 1, 't')`).run(inRange, c.projectId, c.costCodeId);
    host.db.prepare('UPDATE weekly_timecards SET applicationRecordStateId = ? WHERE timecardId = ?').run(S('Submitted'), inRange);
    const approved = await move('rpm', inRange, 'Submitted', 'Approved');
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(card(inRange).onBehalfOfEmployeeId, central.managerEmployeeId);
    assert.equal(card(inRange).approvedByEmployeeId, id('rpm'));
    assert.ok(approved.body.data.timecard.onBehalfOfName);
    // The Gulf Coast delegation covered 09-05..09-13 only: a Submitted Gulf Coast card of 10-25 is not rpm's.
    const gulf = one(`SELECT t.timecardId FROM weekly_timecards t JOIN employees e USING (employeeId) JOIN application_record_states st USING (applicationRecordStateId)
      WHERE e.managerEmployeeId = (SELECT managerEmployeeId FROM approval_delegations WHERE delegationId = 2) AND st.name = 'Submitted' AND t.weekStart = '2026-10-25' LIMIT 1`);
    const outside = await move('rpm', gulf.timecardId, 'Submitted', 'Approved');
    assert.equal(outside.status, 403);
    assert.equal(card(gulf.timecardId).state, 'Submitted');
  });

  it('a canceled delegation gives nothing', async () => {
    const central = one(`SELECT t.timecardId FROM weekly_timecards t JOIN employees e USING (employeeId) JOIN application_record_states st USING (applicationRecordStateId)
      WHERE e.managerEmployeeId = (SELECT managerEmployeeId FROM approval_delegations WHERE delegationId = 1) AND st.name = 'Submitted' ORDER BY t.timecardId LIMIT 1`);
    assert.equal((await api.post('tcadmin', TIMECARD_API.cancelDelegation, { delegationId: 1 })).status, 200);
    try {
      assert.equal((await api.get('rpm', TIMECARD_API.getTimecard, { timecardId: central.timecardId })).status, 403);
      assert.equal((await move('rpm', central.timecardId, 'Submitted', 'Approved')).status, 403);
      assert.equal(card(central.timecardId).state, 'Submitted');
    } finally {
      host.db.prepare('UPDATE approval_delegations SET canceledAt = NULL WHERE delegationId = 1').run();
    }
  });

  it('bulk approval: each card alone, the refusals named', async () => {
    const team = all(`SELECT t.timecardId FROM weekly_timecards t JOIN employees e USING (employeeId) JOIN application_record_states st USING (applicationRecordStateId)
      WHERE e.managerEmployeeId = ? AND st.name = 'Submitted' ORDER BY t.timecardId`, id('rpm'));
    assert.ok(team.length >= 1);
    const draft = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    const form: Form = { RouteStateId: S('Approved') };
    [...team.map((t) => t.timecardId), draft.timecardId].forEach((timecardId, i) => {
      form[`items[${i}].ItemId`] = timecardId;
      form[`items[${i}].OldRecordStateId`] = S('Submitted');
    });
    const answer = await api.post('rpm', TIMECARD_API.updateTimecardStates, form);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.data.done, team.map((t) => t.timecardId));
    assert.equal(answer.body.data.refused.length, 1);
    assert.equal(answer.body.data.refused[0].ItemId, draft.timecardId);
    assert.match(answer.body.data.refused[0].message, /now Draft/);
    for (const t of team) assert.equal(card(t.timecardId).state, 'Approved');
    assert.equal((await api.post('rpm', TIMECARD_API.updateTimecardStates, { RouteStateId: S('Approved') })).status, 400);
  });

  it('answers bad input with 4xx and the viewer with 403', async () => {
    assert.equal((await api.post('employee', TIMECARD_API.updateTimecardState, { ItemId: 'x', OldRecordStateId: S('Draft'), RouteStateId: S('Submitted') })).status, 400);
    assert.equal((await api.post('employee', TIMECARD_API.updateTimecardState, { ItemId: 99999999, OldRecordStateId: S('Draft'), RouteStateId: S('Submitted') })).status, 404);
    const mine = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    assert.equal((await api.post('employee', TIMECARD_API.updateTimecardState, { ItemId: mine.timecardId, OldRecordStateId: S('Draft') })).status, 400);
    assert.equal((await api.post('employee', TIMECARD_API.updateTimecardState, { ItemId: mine.timecardId, OldRecordStateId: S('Draft'), RouteStateId: 1 })).status, 404);
    assert.equal((await move('viewer', mine.timecardId, 'Draft', 'Submitted')).status, 403);
    assert.equal((await api.post('viewer', TIMECARD_API.updateTimecardStates, { RouteStateId: S('Approved') })).status, 403);
  });
});

describe("a Timecard Admin's change of an Approved card", () => {
  it('needs a reason (400 at field reason), keeps the card Approved, is recorded with hours before/after, and the history keeps the values', async () => {
    const c = labour();
    const timecardId = draftWith('employee', [{ projectId: c.projectId, costCodeId: c.costCodeId, hours: FULL }]);
    await move('employee', timecardId, 'Draft', 'Submitted');
    await move('rpm', timecardId, 'Submitted', 'Approved');
    const load = (await api.get('tcadmin', TIMECARD_API.getTimecard, { timecardId })).body.data;
    assert.equal(load.timecard.mayEdit, true);
    assert.equal(load.timecard.editNeedsReason, true);
    const form: Form = { timecardId, version: load.timecard.version, 'lines[0].projectId': c.projectId, 'lines[0].costCodeId': c.costCodeId, 'lines[0].timeType': 'Regular' };
    [0, 8, 8, 8, 7, 8, 0].forEach((h, d) => (form[`lines[0].${DAYS[d]}`] = h));
    const before = checksum(host, TABLES);
    const bare = await api.post('tcadmin', TIMECARD_API.saveTimecard, form);
    assert.equal(bare.status, 400);
    assert.equal(bare.body.autoAlert, true);
    assert.equal(bare.body.fieldName, 'reason');
    assert.equal(bare.body.message, TIMECARD_STATE_TEXT.changeReason);
    assert.equal(checksum(host, TABLES), before);
    // The employee and the manager may not change it at all.
    assert.equal((await api.post('employee', TIMECARD_API.saveTimecard, { ...form, reason: 'x' })).body.message, TIMECARD_STATE_TEXT.approvedAdminOnly);
    const saved = await api.post('tcadmin', TIMECARD_API.saveTimecard, { ...form, reason: 'Thursday corrected to the signed daily log.' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.timecard.state, 'Approved');
    const change = one('SELECT * FROM timecard_changes WHERE timecardId = ?', timecardId);
    assert.equal(change.reason, 'Thursday corrected to the signed daily log.');
    assert.equal(change.hoursBefore, 40);
    assert.equal(change.hoursAfter, 39);
    assert.equal(change.changedByEmployeeId, id('tcadmin'));
    assert.match(change.description, /^Thursday .* Regular 8 → 7$/);
    assert.equal(saved.body.data.changes.length, 1);
    assert.equal(saved.body.data.changes[0].changedByName, 'Angela Ruiz');
    const history = one(`SELECT oldValue, newValue, changedByEmployeeId FROM record_history WHERE recordKey = 'Timecard' AND recordId = ? AND field = 'thuHours'`, timecardId);
    assert.deepEqual([String(history.oldValue), String(history.newValue), history.changedByEmployeeId], ['8', '7', id('tcadmin')]);
  });
});
