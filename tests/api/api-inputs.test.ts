/** Bad input never crashes the server: clear 400/404/413 JSON naming the parameter, nothing written. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const TABLES = ['project_pins', 'projections', 'budgets_pending_projections', 'change_events', 'change_event_items', 'change_records', 'files', 'change_tracking'];

describe('malformed parameters → 400 naming the parameter', () => {
  for (const bad of ['abc', '1e5', '-5', '1.5', '99999999999', '0', '0x10', ' ']) {
    it(`projectId=${JSON.stringify(bad)}`, async () => {
      const answer = await api.get('pm', '/api/pfm/projects/GetProjectByProjectId', { projectId: bad });
      if (bad === ' ') {
        assert.equal(answer.status, 400);
        assert.equal(answer.body.message, "Parameter 'projectId' is required.");
        return;
      }
      assert.equal(answer.status, 400, bad);
      assert.equal(answer.body.parameter, 'projectId');
      assert.match(answer.body.message, /^Parameter 'projectId' must be a positive integer id/);
    });
  }

  it('lastLoad=yesterday, open=maybe, type=day, recordKey=Nope are refused', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ lastLoad: 'yesterday' }, 'lastLoad'],
      [{ lastLoad: '2026-13-45T99:00:00Z' }, 'lastLoad'],
      [{ open: 'maybe' }, 'open'],
      [{ type: 'day' }, 'type'],
      [{ recordKey: 'Nope', recordId: 1 }, 'recordKey'],
      [{ recordKey: 'Project' }, 'recordId'],
      [{ recordId: 1 }, 'recordKey'],
      [{ recordKey: 'Project', recordId: 'x' }, 'recordId'],
    ];
    for (const [query, parameter] of cases) {
      const answer = await api.get('pm', '/api/pfm/getchangeevents', query);
      assert.equal(answer.status, 400, JSON.stringify(query));
      assert.equal(answer.body.parameter, parameter, JSON.stringify(query));
      assert.equal(typeof answer.body.message, 'string');
    }
  });

  it('the record keys a load accepts are listed in the message', async () => {
    const answer = await api.get('pm', '/api/pfm/getchangeeventitems', { recordKey: 'Subcontract', recordId: 1 });
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /one of Project, Budget, LegalEntity, ChangeEvent/);
  });

  it('a missing or malformed state-update field is 400 and nothing is written', async () => {
    const before = checksum(host, TABLES);
    const path = '/api/pfm/UpdateChangeEventState';
    const open = stateId(host, 'ChangeEvent', 'Open');
    const pending = stateId(host, 'ChangeEvent', 'Pending');
    for (const form of <Form[]>[
      { OldRecordStateId: open, RouteStateId: pending },
      { ItemId: 'one', OldRecordStateId: open, RouteStateId: pending },
      { ItemId: 1, OldRecordStateId: '6.0', RouteStateId: pending },
      { ItemId: 1, OldRecordStateId: open, RouteStateId: '1e1' },
      { ItemId: 1, OldRecordStateId: open, RouteStateId: '' },
    ]) {
      const answer = await api.post('pm', path, form);
      assert.equal(answer.status, 400, JSON.stringify(form));
      assert.match(answer.body.message, /Parameter '(ItemId|OldRecordStateId|RouteStateId)'/);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('a JSON body is accepted too, and an unparsable JSON body is 400', async () => {
    const token = await host.tokenFor('pm');
    const broken = await fetch(`${host.url}/api/pfm/projects/PinProject`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"ProjectId": ',
    });
    assert.equal(broken.status, 400);
    assert.match(broken.headers.get('content-type') ?? '', /json/);
  });
});

describe('unknown ids → 404', () => {
  it('lookups, menus, loads and updates', async () => {
    const cases: Array<[string, Record<string, number | string>]> = [
      ['/api/pfm/getBudget', { budgetId: 987654 }],
      ['/api/pfm/vendors/getVendor', { vendorId: 987654 }],
      ['/api/employees/getEmployeeIncludeInactive', { employeeId: 987654 }],
      ['/api/applications/data/ajaxGetApplicationData', { applicationKey: 'keyNothing' }],
      ['/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: 987654 }],
      ['/api/pfm/budgets/GetProjectMenu', { BudgetId: 987654 }],
      ['/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 987654 }],
      ['/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 987654 }],
      ['/api/changes', { ApplicationId: 987654 }],
    ];
    for (const [path, query] of cases) {
      const answer = await api.get('admin', path, query);
      assert.equal(answer.status, 404, path);
      assert.equal(answer.body.statusCode, 404);
      assert.match(answer.body.message, /not found|No /);
    }
  });

  it('an unknown /api path is 404 JSON', async () => {
    const answer = await api.get('pm', '/api/pfm/getnothing');
    assert.equal(answer.status, 404);
    assert.equal(answer.body.statusCode, 404);
  });

  it('profilephoto.png: a PNG for a known email, 404 for an unknown one, 400 without Email', async () => {
    const photo = await api.get('employee', '/api/employees/profilephoto.png', { Email: 'marcus.reyes@summitbuilders.example', key: 'E10002' });
    assert.equal(photo.status, 200);
    assert.equal(photo.headers.get('content-type'), 'image/png');
    assert.deepEqual([...photo.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const again = await api.get('employee', '/api/employees/profilephoto.png', { Email: 'MARCUS.REYES@summitbuilders.example', key: 'x' });
    assert.deepEqual(again.bytes, photo.bytes, 'deterministic per employee');
    const other = await api.get('employee', '/api/employees/profilephoto.png', { Email: 'linda.okafor@summitbuilders.example' });
    assert.notDeepEqual(other.bytes, photo.bytes);
    assert.equal((await api.get('employee', '/api/employees/profilephoto.png', { Email: 'nobody@example.com' })).status, 404);
    assert.equal((await api.get('employee', '/api/employees/profilephoto.png')).status, 400);
  });
});

describe('oversized bodies → 413', () => {
  it('a 2 MB form is refused with 413 JSON and nothing is written', async () => {
    const before = checksum(host, TABLES);
    const answer = await api.post('pm', '/api/pfm/SaveChangeEvent', { ChangeEventId: 1, description: 'x'.repeat(2 * 1024 * 1024) }, 'urlencoded');
    assert.equal(answer.status, 413);
    assert.equal(answer.body.statusCode, 413);
    assert.equal(checksum(host, TABLES), before);
  });

  it('a 26 MB upload (over the 25 MB a file) is refused with 413', async () => {
    const answer = await api.post('pm', '/api/pfm/files/upload', {
      ApplicationRecordKey: 'ChangeEvent', RecordId: 1, file: new File([Buffer.alloc(26 * 1024 * 1024)], 'big.bin'),
    });
    assert.equal(answer.status, 413);
    assert.equal((host.db.prepare("SELECT count(*) AS n FROM files WHERE name = 'big.bin'").get() as { n: number }).n, 0);
  });
});
