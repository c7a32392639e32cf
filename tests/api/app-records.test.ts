/**
 * App records and admin home (issue 15, part "records"): the pure workflow rule, the admin-only
 * calls, field security edited and followed at once by the caller's lookup, the server's write and
 * "test as" (one function); the record type's own application key counts for role rows; a change
 * leaving no reachable closed state and removing a state with records are refused with the reason;
 * 409 on a stale version; every change recorded; admin home's counts equal the database's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { APP_RECORDS_API as API, recordTypeProblems, type WorkflowState } from '../../src/core/admin';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const version = (key: string): number => one('SELECT version FROM application_records WHERE applicationRecordKey = ?', key).version;
const FIELD_SECURITY = '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId';

describe('recordTypeProblems (the shared rule)', () => {
  const s = (id: number, name: string, closed = false, isInitial = false): WorkflowState => ({ id, name, closed, isInitial });
  const states = [s(1, 'Open', false, true), s(2, 'Pending'), s(3, 'Done', true), s(4, 'Parked')];
  it('accepts a workflow whose reachable states can all reach a closed one', () => {
    assert.deepEqual(recordTypeProblems(states, [{ from: 1, target: 2 }, { from: 2, target: 3 }]), []);
  });
  it('names the closed states that cannot be reached from the initial one', () => {
    assert.deepEqual(recordTypeProblems(states, [{ from: 1, target: 2 }]), ["No closed state ('Done') can be reached from the initial state 'Open'."]);
  });
  it('names a reachable state stuck open', () => {
    assert.deepEqual(recordTypeProblems(states, [{ from: 1, target: 2 }, { from: 1, target: 3 }, { from: 2, target: 4 }]),
      ["States 'Pending', 'Parked' cannot reach a closed state: a record there could never be closed."]);
  });
  it('needs one initial state and a closed state', () => {
    assert.deepEqual(recordTypeProblems([s(1, 'A'), s(2, 'B', true)], []), ['The record type has no initial state.']);
    assert.deepEqual(recordTypeProblems([s(1, 'A', false, true)], []), ['The record type has no closed state.']);
  });
});

describe('app records calls', () => {
  it('refuse everyone but a keyAdmin Admin', async () => {
    for (const login of ['pm', 'it', 'viewer', 'rpm']) {
      assert.equal((await api.get(login, API.types)).status, 403, login);
      assert.equal((await api.post(login, API.saveStates, { ApplicationRecordKey: 'CostAdjustment', Version: 1, 'states[0].name': 'X' })).status, 403, login);
    }
    assert.equal((await api.get('employee', API.home)).status, 403);
  });

  it('list the record types with their records per state (equal to the tables)', async () => {
    const answer = await api.get('admin', API.types);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const sub = (answer.body.data as Row[]).find((t) => t.applicationRecordKey === 'Subcontract')!;
    assert.equal(sub.applicationKey, 'keyPFM');
    for (const state of sub.states as Row[]) {
      assert.equal(state.records, one('SELECT count(*) AS n FROM subcontracts WHERE applicationRecordStateId = ?', state.applicationRecordStateId).n, state.name);
    }
    const slim = (answer.body.data as Row[]).find((t) => t.applicationRecordKey === 'SlimRequest')!;
    assert.equal(slim.records, one('SELECT count(*) AS n FROM slim_requests').n);
    const type = await api.get('admin', API.type, { applicationRecordKey: 'ChangeEventItem' });
    assert.equal(type.status, 200);
    assert.deepEqual(type.body.data.problems, []);
    assert.ok(type.body.data.fields.includes('approvedAmount'));
    assert.ok(type.body.data.roles.includes('RPM'));
    assert.equal((await api.get('admin', API.type, { applicationRecordKey: 'Nope' })).status, 404);
    assert.equal((await api.get('admin', API.type)).status, 400);
  });

  it('counts the records of a table added later (the state columns read again when the schema changes)', async () => {
    const records = async (stateIdOf: number): Promise<number> => {
      const answer = await api.get('admin', API.types);
      assert.equal(answer.status, 200);
      return (answer.body.data as Row[]).flatMap((t) => t.states as Row[]).find((s) => s.applicationRecordStateId === stateIdOf)!.records as number;
    };
    const open = stateId(host, 'CostAdjustment', 'Open');
    const before = await records(open);
    host.db.exec(`CREATE TABLE later_records (laterRecordId INTEGER PRIMARY KEY,
      applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId))`);
    try {
      host.db.prepare('INSERT INTO later_records (applicationRecordStateId) VALUES (?), (?)').run(open, open);
      assert.equal(await records(open), before + 2);
    } finally {
      host.db.exec('DROP TABLE later_records');
    }
    assert.equal(await records(open), before);
  });

  it('field security edited for a role: the workbench lookup, the server write and "test as" follow at once; recorded; restorable', async () => {
    const open = stateId(host, 'ChangeEvent', 'Open');
    const event = one(`SELECT changeEventId FROM change_events WHERE applicationRecordStateId = ? AND projectId NOT IN (${SEED_TEAM_FACTS.pmHiddenProjectIds.join(',')})
      AND projectId IN (SELECT projectId FROM project_team_members m JOIN employees e ON e.employeeId = m.employeeId WHERE e.login = 'pm' AND m.removedAt IS NULL)
      ORDER BY changeEventId LIMIT 1`, open);
    const titleFor = async (login: string) => ((await api.get(login, FIELD_SECURITY, { applicationRecordStateId: open })).body.data.fields as Row[]).find((f) => f.fieldName === 'title');
    assert.equal((await titleFor('pm'))!.editable, true);
    const v = version('ChangeEvent');
    const save = await api.post('admin', API.saveFieldSecurity, {
      ApplicationRecordKey: 'ChangeEvent', Version: v, ApplicationRecordStateId: open, RoleName: 'Project Manager',
      'fields[0].fieldName': 'title', 'fields[0].visible': 'true', 'fields[0].editable': 'false',
    });
    assert.equal(save.status, 200, JSON.stringify(save.body));
    assert.equal(save.body.data.version, v + 1);
    assert.equal((await titleFor('pm'))!.editable, false);
    assert.equal((await titleFor('admin'))!.editable, true, 'the default row still applies to others');
    const write = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: event.changeEventId, title: 'Not allowed' });
    assert.equal(write.status, 400, JSON.stringify(write.body));
    const testAs = await api.get('admin', API.testAs, { applicationRecordKey: 'ChangeEvent', applicationRecordStateId: open, roleName: 'Project Manager' });
    assert.deepEqual((testAs.body.data.fields as Row[]).find((f) => f.fieldName === 'title'), { fieldName: 'title', visible: true, editable: false });
    const asDefault = await api.get('admin', API.testAs, { applicationRecordKey: 'ChangeEvent', applicationRecordStateId: open });
    assert.equal((asDefault.body.data.fields as Row[]).find((f) => f.fieldName === 'title')!.editable, true);
    const history = one("SELECT count(*) AS n FROM record_history WHERE recordKey = 'FieldSecurity' AND changedByEmployeeId = (SELECT employeeId FROM employees WHERE login = 'admin')");
    assert.ok(history.n >= 1);
    // A hidden field cannot be editable; an unknown field is named.
    const bad = await api.post('admin', API.saveFieldSecurity, { ApplicationRecordKey: 'ChangeEvent', Version: v + 1, ApplicationRecordStateId: open, RoleName: 'Project Manager', 'fields[0].fieldName': 'title', 'fields[0].visible': 'false', 'fields[0].editable': 'true' });
    assert.equal(bad.status, 400);
    const unknown = await api.post('admin', API.saveFieldSecurity, { ApplicationRecordKey: 'ChangeEvent', Version: v + 1, ApplicationRecordStateId: open, 'fields[0].fieldName': 'salary' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /'salary' is not a secured field of Change Event/);
    // Restore.
    assert.equal((await api.post('admin', API.saveFieldSecurity, { ApplicationRecordKey: 'ChangeEvent', Version: v + 1, ApplicationRecordStateId: open, RoleName: 'Project Manager', 'fields[0].fieldName': 'title', 'fields[0].visible': 'true', 'fields[0].editable': 'true' })).status, 200);
    assert.equal((await titleFor('pm'))!.editable, true);
  });

  it('409 on a stale version, naming who changed the type', async () => {
    const v = version('CostAdjustment');
    const open = stateId(host, 'CostAdjustment', 'Open');
    const first = await api.post('admin', API.saveStates, { ApplicationRecordKey: 'CostAdjustment', Version: v, 'states[0].applicationRecordStateId': open, 'states[0].name': 'Open', 'states[0].displayOrder': 1 });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const stale = await api.post('admin', API.saveStates, { ApplicationRecordKey: 'CostAdjustment', Version: v, 'states[0].applicationRecordStateId': open, 'states[0].name': 'Open' });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /Dana Whitfield/);
  });

  it('refuses a change leaving no reachable closed state, with the reason; nothing changes', async () => {
    const key = 'CostAdjustment';
    const before = one('SELECT count(*) AS n FROM state_advancements a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId WHERE s.applicationRecordKey = ?', key).n;
    const answer = await api.post('admin', API.saveAdvancements, { ApplicationRecordKey: key, Version: version(key) });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.functionName, 'SaveAdvancements');
    assert.match(answer.body.message, /No closed state \('Reconciled', 'Void'\) can be reached from the initial state 'Open'/);
    assert.equal(one('SELECT count(*) AS n FROM state_advancements a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId WHERE s.applicationRecordKey = ?', key).n, before);
    const reconciled = stateId(host, key, 'Reconciled');
    const voided = stateId(host, key, 'Void');
    const unclose = await api.post('admin', API.saveStates, {
      ApplicationRecordKey: key, Version: version(key),
      'states[0].applicationRecordStateId': reconciled, 'states[0].name': 'Reconciled', 'states[0].closed': 'false', 'states[0].displayOrder': 2,
      'states[1].applicationRecordStateId': voided, 'states[1].name': 'Void', 'states[1].closed': 'false', 'states[1].displayOrder': 3,
    });
    assert.equal(unclose.status, 400);
    assert.match(unclose.body.message, /no closed state/);
    assert.equal(one('SELECT closed FROM application_record_states WHERE applicationRecordStateId = ?', reconciled).closed, 1);
  });

  it('refuses removing a state records are in (how many, where); adds and removes an empty state; advancements follow at once', async () => {
    const key = 'CostAdjustment';
    const open = stateId(host, key, 'Open');
    const inOpen = one('SELECT count(*) AS n FROM cost_adjustments WHERE applicationRecordStateId = ?', open).n;
    assert.ok(inOpen > 0);
    const refused = await api.post('admin', API.removeState, { ApplicationRecordKey: key, Version: version(key), ApplicationRecordStateId: open });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.records, inOpen);
    assert.match(refused.body.message, new RegExp(`'Open' cannot be removed: ${inOpen} records are still in it \\(${inOpen} in cost_adjustments.applicationRecordStateId\\)`));
    const dup = await api.post('admin', API.saveStates, { ApplicationRecordKey: key, Version: version(key), 'states[0].name': 'void' });
    assert.equal(dup.status, 400);
    const added = await api.post('admin', API.saveStates, { ApplicationRecordKey: key, Version: version(key), 'states[0].name': 'On Hold', 'states[0].displayOrder': 4 });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const hold = (added.body.data.states as Row[]).find((s) => s.name === 'On Hold')!;
    assert.equal(hold.records, 0);
    // Open → On Hold alone would leave On Hold stuck open: refused, naming it.
    const current = (added.body.data.advancements as Row[]).map((a) => ({ from: a.fromStateId, target: a.targetStateId, quickRoute: a.quickRoute }));
    const form = (list: Array<{ from: number; target: number; quickRoute: boolean }>) => Object.fromEntries(list.flatMap((a, i) => [
      [`advancements[${i}].from`, a.from], [`advancements[${i}].target`, a.target], [`advancements[${i}].quickRoute`, String(a.quickRoute)]]));
    const stuck = await api.post('admin', API.saveAdvancements, { ApplicationRecordKey: key, Version: version(key), ...form([...current, { from: open, target: hold.applicationRecordStateId, quickRoute: false }]) });
    assert.equal(stuck.status, 400);
    assert.match(stuck.body.message, /State 'On Hold' cannot reach a closed state/);
    const both = [...current, { from: open, target: hold.applicationRecordStateId, quickRoute: false }, { from: hold.applicationRecordStateId, target: open, quickRoute: true }];
    assert.equal((await api.post('admin', API.saveAdvancements, { ApplicationRecordKey: key, Version: version(key), ...form(both) })).status, 200);
    const offered = await api.get('pm', '/api/applications/GetRecordStateAdvancements', { applicationRecordStateId: open });
    assert.ok((offered.body.data as Row[]).some((a) => a.targetApplicationRecordState.name === 'On Hold'));
    assert.equal((await api.post('admin', API.saveAdvancements, { ApplicationRecordKey: key, Version: version(key), ...form(current) })).status, 200);
    const removed = await api.post('admin', API.removeState, { ApplicationRecordKey: key, Version: version(key), ApplicationRecordStateId: hold.applicationRecordStateId });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(one('SELECT count(*) AS n FROM application_record_states WHERE applicationRecordStateId = ?', hold.applicationRecordStateId).n, 0);
    assert.equal(one("SELECT count(*) AS n FROM record_history WHERE recordKey = 'ApplicationRecordState' AND recordId = ? AND action = 'delete'", hold.applicationRecordStateId).n > 0, true);
  });

  it('role rows of the record type\'s own application key count (a keyTC Timecard Admin on a Timecard state)', async () => {
    const draft = stateId(host, 'Timecard', 'Draft');
    const now = new Date().toISOString();
    host.db.prepare("INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt) VALUES (?, 'hours', NULL, NULL, 1, 1, ?)").run(draft, now);
    host.db.prepare("INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt) VALUES (?, 'hours', 'Timecard Admin', NULL, 0, 1, ?)").run(draft, now);
    const hours = async (login: string) => ((await api.get(login, FIELD_SECURITY, { applicationRecordStateId: draft })).body.data.fields as Row[]).find((f) => f.fieldName === 'hours');
    assert.deepEqual(await hours('tcadmin'), { fieldName: 'hours', editable: false, visible: true });
    assert.deepEqual(await hours('employee'), { fieldName: 'hours', editable: true, visible: true });
    const testAs = await api.get('admin', API.testAs, { applicationRecordKey: 'Timecard', applicationRecordStateId: draft, roleName: 'Timecard Admin' });
    assert.equal((testAs.body.data.fields as Row[]).find((f) => f.fieldName === 'hours')!.editable, false);
    host.db.prepare("DELETE FROM field_security WHERE lookupApplicationRecordStateId = ? AND fieldName = 'hours'").run(draft);
  });
});

describe('admin home', () => {
  it('answers its counts from the database, with how long data quality over every project took', async () => {
    // One request still waiting and one past its expiry that the sweep has not marked yet: only the first counts.
    const pending = one("SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Pending'").id;
    const today = new Date().toISOString().slice(0, 10);
    const insert = host.db.prepare(`INSERT INTO access_requests (number, projectId, requesterEmployeeId, projectRole, justification, applicationRecordStateId, requestedAt, expiresOn, modifiedAt)
      VALUES (?, 6, 2, 'Viewer', 'home count', ?, 't', ?, 't')`);
    insert.run('AR-HOME-1', pending, today);
    insert.run('AR-HOME-2', pending, '2020-01-01');
    const answer = await api.get('admin', API.home);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const data = answer.body.data as Row;
    assert.equal(data.activeUsers, one('SELECT count(*) AS n FROM employees WHERE active = 1').n);
    assert.equal(data.pendingAccessRequests, one(`SELECT count(*) AS n FROM access_requests r JOIN application_record_states s ON s.applicationRecordStateId = r.applicationRecordStateId
      WHERE s.name = 'Pending' AND r.expiresOn >= ?`, today).n);
    assert.ok(data.pendingAccessRequests >= 1);
    host.db.prepare("DELETE FROM access_requests WHERE number LIKE 'AR-HOME-%'").run();
    assert.ok(data.dataQualityErrors > 0);
    assert.ok(data.dataQualityProjects > 0 && data.dataQualityProjects <= one('SELECT count(*) AS n FROM projects').n);
    // Its speed is measured by `npm run bench` (data quality), not asserted here: a busy CI machine stretched it past 1 s.
    assert.ok(Number.isFinite(data.dataQualityMs) && data.dataQualityMs >= 0, `dataQualityMs: ${data.dataQualityMs}`);
    const pastDue = one(`SELECT count(*) AS n FROM slim_requests r JOIN application_record_states s ON s.applicationRecordStateId = r.applicationRecordStateId
      WHERE s.closed = 0 AND r.dueDate < ?`, (await import('../../src/core/clock')).today()).n;
    assert.equal(data.slimPastDue, pastDue);
  });
});
