/** §4 state rules enforced by the server (no client): blocked moves, cascades, stale updates. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const CE = '/api/pfm/UpdateChangeEventState';
const ITEM = '/api/pfm/UpdateChangeEventItemState';
const CR = '/api/pfm/UpdateChangeRecordState';
const TABLES = ['change_events', 'change_event_items', 'change_records', 'change_tracking'];

const ceState = (id: number) => (host.db.prepare('SELECT applicationRecordStateId AS s FROM change_events WHERE changeEventId = ?').get(id) as { s: number }).s;
const itemStates = (ceId: number) => (host.db.prepare('SELECT applicationRecordStateId AS s FROM change_event_items WHERE changeEventId = ? ORDER BY changeEventItemId').all(ceId) as Array<{ s: number }>).map((r) => r.s);
const ceNumbered = (number: string) => (host.db.prepare("SELECT changeEventId AS id FROM change_events WHERE projectId = 1 AND number = ?").get(number) as { id: number }).id;
/** UpdateChangeEventState by the pm: change event `id` from state `from` to `to` (state names). */
const moveChangeEvent = (id: number, from: string, to: string) =>
  api.post('pm', CE, { ItemId: id, OldRecordStateId: stateId(host, 'ChangeEvent', from), RouteStateId: stateId(host, 'ChangeEvent', to) });

describe('change event advance (§4) at the API', () => {
  it('Complete is refused with autoAlert while an item is open (CE-003 Approved, items Approved / Pending Commitment)', async () => {
    const id = ceNumbered('CE-003');
    const before = checksum(host, TABLES);
    const answer = await moveChangeEvent(id, 'Approved', 'Complete');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.message, 'Change Event can not be advanced to Completed State until all change event items are in a closed state.');
    assert.equal(answer.body.title, 'Unable to Complete Change Event');
    assert.equal(answer.body.serviceName, 'PfmService');
    assert.equal(answer.body.functionName, 'UpdateChangeEventState');
    assert.ok(answer.body.blockingItems.length >= 2);
    assert.equal(checksum(host, TABLES), before, 'nothing written');
  });

  it('No Change is refused while an item (nested included) is open (CE-001)', async () => {
    const id = ceNumbered('CE-001');
    const answer = await moveChangeEvent(id, 'Open', 'No Change');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.title, 'Unable to set Change Event to No Change');
    assert.equal(answer.body.message, 'Change Event can not be set to No Change until all change event items are in a closed state.');
    assert.equal(answer.body.blockingItems.length, 3, 'two top items and the nested one');
    assert.equal(ceState(id), stateId(host, 'ChangeEvent', 'Open'));
  });

  it('Approved is refused while an item is before Approved (CE-002: Pending Approval, Rejected)', async () => {
    const id = ceNumbered('CE-002');
    const answer = await moveChangeEvent(id, 'Pending', 'Approved');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.title, 'Unable to Approve Change Event');
    assert.equal(answer.body.message, 'Change Event can not be Approved until all change event items are approved or closed.');
    assert.deepEqual(answer.body.blockingItems.map((i: { applicationRecordStateId: number }) => i.applicationRecordStateId).sort(),
      [stateId(host, 'ChangeEventItem', 'Pending Approval'), stateId(host, 'ChangeEventItem', 'Rejected')].sort());
  });

  it('Approved applies when every item is approved or closed (CE-005: Approved, Committed, Void)', async () => {
    const id = ceNumbered('CE-005');
    const answer = await moveChangeEvent(id, 'Pending', 'Approved');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.recordStateName, 'Approved');
    assert.equal(ceState(id), stateId(host, 'ChangeEvent', 'Approved'));
  });

  it('Complete applies when every item is closed (CE-004: Committed, Canceled) and the event moves to the closed list', async () => {
    const id = ceNumbered('CE-004');
    const answer = await api.post('rpm', CE, { ItemId: id, OldRecordStateId: stateId(host, 'ChangeEvent', 'Approved'), RouteStateId: stateId(host, 'ChangeEvent', 'Complete') }, 'urlencoded');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.closed, true);
    const open = await api.get('pm', '/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 1 });
    const closed = await api.get('pm', '/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 1, open: 'false' });
    assert.ok(!open.body.data.some((ce: { changeEventId: number }) => ce.changeEventId === id));
    assert.ok(closed.body.data.some((ce: { changeEventId: number }) => ce.changeEventId === id));
  });

  it('Canceled (a confirm-type target, applied when called directly) moves every item, nested too, to Canceled in the same transaction', async () => {
    const id = ceNumbered('CE-012');
    const other = ceNumbered('CE-010');
    const answer = await moveChangeEvent(id, 'Open', 'Canceled');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.recordStateName, 'Canceled');
    const canceled = stateId(host, 'ChangeEventItem', 'Canceled');
    assert.ok(itemStates(id).length > 0);
    assert.deepEqual(itemStates(id), itemStates(id).map(() => canceled));
    assert.ok(answer.body.data.items.every((i: { applicationRecordStateId: number }) => i.applicationRecordStateId === canceled));
    assert.equal(ceState(other), stateId(host, 'ChangeEvent', 'Open'), 'other events untouched');
  });

  it('Rejected cascades to Canceled too, nested items included (CE-011)', async () => {
    const id = ceNumbered('CE-011');
    const nested = host.db.prepare('SELECT count(*) AS n FROM change_event_items WHERE changeEventId = ? AND parentChangeEventItemId IS NOT NULL').get(id) as { n: number };
    assert.ok(nested.n >= 1);
    const answer = await moveChangeEvent(id, 'Pending', 'Rejected');
    assert.equal(answer.status, 200);
    const canceled = stateId(host, 'ChangeEventItem', 'Canceled');
    assert.ok(itemStates(id).every((s) => s === canceled));
  });

  it('a target that is not an advancement of the current state is refused with autoAlert', async () => {
    const id = ceNumbered('CE-001');
    const answer = await moveChangeEvent(id, 'Open', 'Complete');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.message, "A change event can not be moved from 'Open' to 'Complete'.");
  });

  it('a RouteStateId of another record type or unknown is 404; an unknown ItemId is 404', async () => {
    const id = ceNumbered('CE-001');
    const open = stateId(host, 'ChangeEvent', 'Open');
    assert.equal((await api.post('pm', CE, { ItemId: id, OldRecordStateId: open, RouteStateId: stateId(host, 'ChangeEventItem', 'Void') })).status, 404);
    assert.equal((await api.post('pm', CE, { ItemId: id, OldRecordStateId: open, RouteStateId: 99999 })).status, 404);
    assert.equal((await api.post('pm', CE, { ItemId: 999999, OldRecordStateId: open, RouteStateId: stateId(host, 'ChangeEvent', 'Pending') })).status, 404);
  });
});

describe('change event item and change record advance (§4) at the API', () => {
  it('a closed target (Void) is applied when called directly: confirming is the client\u2019s business', async () => {
    const id = ceNumbered('CE-001');
    const item = host.db.prepare("SELECT changeEventItemId AS id FROM change_event_items WHERE changeEventId = ? AND parentChangeEventItemId IS NOT NULL").get(id) as { id: number };
    const answer = await api.post('pm', ITEM, { ItemId: item.id, OldRecordStateId: stateId(host, 'ChangeEventItem', 'Open'), RouteStateId: stateId(host, 'ChangeEventItem', 'Void') });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.recordStateName, 'Void');
    assert.equal(answer.body.data.closed, true);
  });

  it('Route for Proposal is applied when called directly (the e-mail is the client\u2019s business) and tracks a change for the team', async () => {
    const id = ceNumbered('CE-001');
    const item = host.db.prepare("SELECT changeEventItemId AS id FROM change_event_items WHERE changeEventId = ? AND applicationRecordStateId = ? AND parentChangeEventItemId IS NULL")
      .get(id, stateId(host, 'ChangeEventItem', 'Open')) as { id: number };
    const answer = await api.post('pm', ITEM, { ItemId: item.id, OldRecordStateId: stateId(host, 'ChangeEventItem', 'Open'), RouteStateId: stateId(host, 'ChangeEventItem', 'Route for Proposal') });
    assert.equal(answer.status, 200);
    const tracked = host.db.prepare('SELECT employeeId FROM change_tracking WHERE applicationRecordId = ? AND recordType = ? AND acknowledged = 0').all(item.id, 'ChangeEventItem') as Array<{ employeeId: number }>;
    assert.deepEqual(tracked.map((t) => t.employeeId), [3], 'the RPM sees the change, not the pm who made it');
  });

  it('items of a closed change event can not change state', async () => {
    const id = ceNumbered('CE-009');
    const item = host.db.prepare('SELECT changeEventItemId AS id FROM change_event_items WHERE changeEventId = ? LIMIT 1').get(id) as { id: number };
    const answer = await api.post('pm', ITEM, { ItemId: item.id, OldRecordStateId: stateId(host, 'ChangeEventItem', 'Canceled'), RouteStateId: stateId(host, 'ChangeEventItem', 'Open') });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.functionName, 'UpdateChangeEventItemState');
  });

  it('a change record moves to Potential Costs when called directly, and a stale one answers 409', async () => {
    const record = host.db.prepare("SELECT changeRecordId AS id FROM change_records WHERE applicationRecordStateId = ? LIMIT 1").get(stateId(host, 'ChangeRecord', 'Submitted')) as { id: number };
    const answer = await api.post('pm', CR, { ItemId: record.id, OldRecordStateId: stateId(host, 'ChangeRecord', 'Submitted'), RouteStateId: stateId(host, 'ChangeRecord', 'Potential Costs') });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.recordStateName, 'Potential Costs');
    const stale = await api.post('pm', CR, { ItemId: record.id, OldRecordStateId: stateId(host, 'ChangeRecord', 'Submitted'), RouteStateId: stateId(host, 'ChangeRecord', 'Closed') });
    assert.equal(stale.status, 409);
  });
});

describe('stale updates', () => {
  it('a stale OldRecordStateId answers 409 with a clear message and the current state; nothing changes', async () => {
    const id = ceNumbered('CE-002');
    const before = checksum(host, TABLES);
    const answer = await moveChangeEvent(id, 'Open', 'Pending');
    assert.equal(answer.status, 409);
    assert.equal(answer.body.message, "The change event is now 'Pending': someone else changed it. Reload it and try again.");
    assert.equal(answer.body.currentRecordStateId, stateId(host, 'ChangeEvent', 'Pending'));
    assert.equal(checksum(host, TABLES), before);
  });

  it('50 concurrent updates from the same OldRecordStateId: exactly one succeeds, the rest 409, the record consistent', async () => {
    const id = ceNumbered('CE-002');
    const pending = stateId(host, 'ChangeEvent', 'Pending');
    const targets = [stateId(host, 'ChangeEvent', 'Open'), stateId(host, 'ChangeEvent', 'Canceled')];
    await host.tokenFor('pm');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api.post('pm', CE, { ItemId: id, OldRecordStateId: pending, RouteStateId: targets[i % 2]! })));
    const ok = answers.filter((a) => a.status === 200);
    assert.equal(ok.length, 1);
    assert.equal(answers.filter((a) => a.status === 409).length, 49);
    const winner = ok[0]!.body.data.applicationRecordStateId as number;
    assert.equal(ceState(id), winner);
    const canceled = stateId(host, 'ChangeEventItem', 'Canceled');
    if (winner === stateId(host, 'ChangeEvent', 'Canceled')) assert.ok(itemStates(id).every((s) => s === canceled));
    else assert.ok(itemStates(id).some((s) => s !== canceled), 'no cascade when the winner was not a cancel');
  });
});
