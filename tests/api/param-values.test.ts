/**
 * A parameter's value must be a scalar: a JSON body whose values are objects or arrays
 * (`{"ItemId":{"toString":1}}`), or a repeated query parameter, is a 400 naming the parameter on
 * every route, never a 500, and nothing is written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { API_ROUTES } from '../../demo/host/api/route-table';
import { checksum, stateId } from './api-client';
import { useTestHost } from './support/use-host';

const { host } = useTestHost();

const TABLES = ['project_pins', 'projections', 'change_events', 'change_event_items', 'change_records', 'subcontracts', 'subcontract_items', 'files', 'change_tracking'];

/** Every field name a write of the API reads (an object for each, so the first one read is refused). */
const FIELDS = [
  'ItemId', 'OldRecordStateId', 'RouteStateId', 'RecordKey', 'RecordId', 'ProjectId', 'BudgetId', 'ChangeRecordId', 'ChangeEventId',
  'ChangeEventItemId', 'ParentChangeEventItemId', 'Title', 'Description', 'description', 'CostCodeId', 'VendorId', 'EstimatedAmount',
  'ReimbursableTypeId', 'InitiatingDocumentTypeId', 'CommitmentKey', 'CommitmentId', 'OwnerAgreementId', 'OwnerAgreementChangeOrderId',
  'Code', 'CostType', 'OriginalBudget', 'FileId', 'ApplicationRecordKey', 'ApplicationId', 'ParentApplicationRecordId',
  'projections[0].costCodeId', 'items[0].description',
  // Timecards (issue 13)
  'timecardId', 'employeeId', 'weekStart', 'version', 'reason', 'lines[0].projectId', 'delegateEmployeeId', 'startDate', 'endDate', 'delegationId', 'correctionId', 'note',
  // Time off (issue 13)
  'requestId', 'type', 'title', 'hoursPerDay', 'items[0].ItemId', 'holidayId', 'regionId', 'holidayDate', 'name', 'hours',
];

async function sendJson(method: string, path: string, body: unknown): Promise<{ status: number; body: { message?: unknown; parameter?: unknown } }> {
  const response = await fetch(host.url + path, {
    method,
    headers: { authorization: `Bearer ${await host.tokenFor('pm')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

describe('object and array values where a scalar is expected', () => {
  it('UpdateChangeEventState: {"ItemId":{"toString":1}} is 400 "Parameter \'ItemId\' must be a single value."', async () => {
    const before = checksum(host, TABLES);
    const open = stateId(host, 'ChangeEvent', 'Open');
    const pending = stateId(host, 'ChangeEvent', 'Pending');
    for (const value of [{ toString: 1 }, { value: 1 }, [1], [], { valueOf: 1 }]) {
      const answer = await sendJson('POST', '/api/pfm/UpdateChangeEventState', { ItemId: value, OldRecordStateId: open, RouteStateId: pending });
      assert.equal(answer.status, 400, JSON.stringify(value));
      assert.equal(answer.body.message, "Parameter 'ItemId' must be a single value.");
      assert.equal(answer.body.parameter, 'ItemId');
    }
    const route = await sendJson('POST', '/api/pfm/UpdateChangeEventState', { ItemId: 1, OldRecordStateId: open, RouteStateId: { toString: 1 } });
    assert.equal(route.status, 400);
    assert.equal(route.body.message, "Parameter 'RouteStateId' must be a single value.");
    assert.equal(checksum(host, TABLES), before);
  });

  it('SaveCommitment: an object header field or item field is 400 naming it; nothing is saved', async () => {
    const before = checksum(host, TABLES);
    const header = await sendJson('POST', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: 26, description: { toString: 1 } });
    assert.equal(header.status, 400);
    assert.equal(header.body.message, "Parameter 'description' must be a single value.");
    const key = await sendJson('POST', '/api/pfm/SaveCommitment', { RecordKey: ['Subcontract'], RecordId: 26 });
    assert.equal(key.status, 400);
    assert.equal(key.body.message, "Parameter 'RecordKey' must be a single value.");
    const item = await sendJson('POST', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: 26, 'items[0].description': { toString: 1 } });
    assert.equal(item.status, 400);
    assert.equal(item.body.message, "Parameter 'items[0].description' must be a single value.");
    assert.equal(checksum(host, TABLES), before);
  });

  it('PinProject and CreateChangeEventItem refuse object values with the message', async () => {
    const pin = await sendJson('POST', '/api/pfm/projects/PinProject', { ProjectId: { toString: 1 } });
    assert.deepEqual([pin.status, pin.body.message], [400, "Parameter 'ProjectId' must be a single value."]);
    const item = await sendJson('POST', '/api/pfm/CreateChangeEventItem', { ChangeEventId: 1, Description: { a: 'b' }, CostCodeId: 1, VendorId: 1 });
    assert.deepEqual([item.status, item.body.message], [400, "Parameter 'Description' must be a single value."]);
  });

  it('every POST and DELETE route answers a 4xx with a message, never a 500, for a body of object values', async () => {
    const before = checksum(host, TABLES);
    const body = Object.fromEntries(FIELDS.map((name) => [name, { toString: 1 }]));
    const writes = API_ROUTES.filter((route) => route.method !== 'GET');
    assert.ok(writes.length >= 20);
    for (const route of writes) {
      const answer = await sendJson(route.method, route.path, body);
      assert.ok(answer.status >= 400 && answer.status < 500, `${route.method} ${route.path}: ${answer.status}`);
      assert.equal(typeof answer.body.message, 'string', route.path);
      assert.notEqual(answer.body.message, '', route.path);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('a repeated query parameter of a GET is 400 naming it', async () => {
    const response = await fetch(`${host.url}/api/pfm/getchangeevents?recordKey=Project&recordId=1&recordId=2`, {
      headers: { authorization: `Bearer ${await host.tokenFor('pm')}` },
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { message: string }).message, "Parameter 'recordId' must be a single value.");
  });

  it('scalar JSON values still work (numbers and strings)', async () => {
    const pin = await sendJson('POST', '/api/pfm/projects/PinProject', { ProjectId: 2 });
    assert.equal(pin.status, 200);
    const unpin = await sendJson('POST', '/api/pfm/projects/UnpinProject', { ProjectId: '2' });
    assert.equal(unpin.status, 200);
  });
});
