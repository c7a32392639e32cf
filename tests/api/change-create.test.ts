/**
 * POST /api/pfm/CreateChangeRecord and /api/pfm/CreateChangeEventItem: the new record in the shape
 * of its load, each refusal as 400 feedback per field with nothing written, PFM roles only.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const RECORD = '/api/pfm/CreateChangeRecord';
const ITEM = '/api/pfm/CreateChangeEventItem';
type Feedback = { integerValue: number; stringValue: string; message: string };
const fields = (body: { feedback?: Feedback[] }) => (body.feedback ?? []).map((f) => f.stringValue).sort();

/** A change event of the showcase budget by number (CE-001 …). */
const eventByNumber = (number: string) =>
  host.db.prepare('SELECT changeEventId, budgetId FROM change_events WHERE budgetId = 1 AND number = ?').get(number) as { changeEventId: number; budgetId: number };
/** A line of `budgetId` of cost type `type`. */
const lineOf = (budgetId: number, type: string) =>
  (host.db.prepare('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? ORDER BY costCodeId LIMIT 1').get(budgetId, type) as { costCodeId: number } | undefined)?.costCodeId;

describe('CreateChangeRecord', () => {
  it('creates a Draft initiating document numbered like the seed and answers it as getinitiatingdocuments does', async () => {
    const rfi = host.db.prepare('SELECT rfiId FROM rfis WHERE projectId = 1 ORDER BY rfiId LIMIT 1').get() as { rfiId: number };
    const count = (host.db.prepare('SELECT count(*) AS n FROM change_records WHERE budgetId = 1').get() as { n: number }).n;
    const answer = await api.post('pm', RECORD, {
      ProjectId: 1, Title: 'Owner request: lobby finishes upgrade', Description: 'See owner letter.', InitiatingDocumentTypeId: 2,
      ChangeReasonId: 1, DocumentDate: '2026-11-15', RfiId: rfi.rfiId,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const created = answer.body.data;
    assert.equal(created.number, `ASI-${String(count + 1).padStart(3, '0')}`);
    assert.equal(created.budgetId, 1);
    assert.equal(created.projectId, 1);
    assert.equal(created.recordStateName, 'Draft');
    assert.equal(created.applicationRecordStateId, stateId(host, 'ChangeRecord', 'Draft'));
    assert.equal(created.closed, false);
    assert.equal(created.rfiId, rfi.rfiId);
    assert.equal(created.documentDate, '2026-11-15');
    assert.equal(created.displayText, `${created.number} Owner request: lobby finishes upgrade`);
    const load = await api.get('pm', '/api/pfm/getinitiatingdocuments', { recordKey: 'ChangeRecord', recordId: created.changeRecordId });
    // The record's own load adds the caller's field security in its state (field-security-reads.test.ts).
    const { fieldSecurity, ...loaded } = load.body.data[0];
    assert.deepEqual(loaded, created);
    assert.equal(fieldSecurity.lookupApplicationRecordStateId, created.applicationRecordStateId);
    // The project's team hears about it (the PM made it; the RPM gets the change).
    const tracked = host.db.prepare("SELECT count(*) AS n FROM change_tracking WHERE recordType = 'ChangeRecord' AND applicationRecordId = ?").get(created.changeRecordId) as { n: number };
    assert.ok(tracked.n >= 1);
  });

  it('defaults the budget to the first budget that is not a roll-up, and refuses a roll-up or another project\'s budget', async () => {
    const rollUpProject = (host.db.prepare('SELECT projectId FROM budgets WHERE budgetId = 6').get() as { projectId: number }).projectId;
    const answer = await api.post('pm', RECORD, { ProjectId: rollUpProject, Title: 'Program change', InitiatingDocumentTypeId: 4 });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.budgetId, 7);
    const rollUp = await api.post('pm', RECORD, { ProjectId: rollUpProject, BudgetId: 6, Title: 'x', InitiatingDocumentTypeId: 4 });
    assert.equal(rollUp.status, 400);
    assert.deepEqual(fields(rollUp.body), ['budgetId']);
    assert.match(rollUp.body.feedback[0].message, /roll-up/);
    const other = await api.post('pm', RECORD, { ProjectId: 1, BudgetId: 3, Title: 'x', InitiatingDocumentTypeId: 4 });
    assert.equal(other.status, 400);
    assert.deepEqual(fields(other.body), ['budgetId']);
  });

  it('refuses a missing title, an unknown type, a bad date and an RFI of another project, writing nothing', async () => {
    const before = checksum(host, ['change_records']);
    const foreignRfi = (host.db.prepare('SELECT rfiId FROM rfis WHERE projectId = 2 LIMIT 1').get() as { rfiId: number }).rfiId;
    const answer = await api.post('pm', RECORD, { ProjectId: 1, Title: '  ', InitiatingDocumentTypeId: 999, DocumentDate: '2026-02-30', RfiId: foreignRfi });
    assert.equal(answer.status, 400);
    assert.deepEqual(fields(answer.body), ['documentDate', 'initiatingDocumentTypeId', 'rfiId', 'title']);
    assert.ok(answer.body.feedback.every((f: Feedback) => f.integerValue === 1));
    const byField = new Map(answer.body.feedback.map((f: Feedback) => [f.stringValue, f.message]));
    assert.equal(byField.get('title'), 'A description is required.');
    assert.equal(byField.get('initiatingDocumentTypeId'), 'The document type does not exist.');
    assert.equal(byField.get('documentDate'), 'The date must be a date (YYYY-MM-DD) on or after 1990-01-01.');
    for (const date of ['11/15/2026', '1989-12-31', '2026-13-01']) {
      const refused = await api.post('pm', RECORD, { ProjectId: 1, Title: 'x', InitiatingDocumentTypeId: 1, DocumentDate: date });
      assert.deepEqual(fields(refused.body), ['documentDate'], date);
    }
    const noType = await api.post('pm', RECORD, { ProjectId: 1, Title: 'x' });
    assert.deepEqual(fields(noType.body), ['initiatingDocumentTypeId']);
    const long = await api.post('pm', RECORD, { ProjectId: 1, Title: 'x'.repeat(201), InitiatingDocumentTypeId: 1 });
    assert.deepEqual(fields(long.body), ['title']);
    const badReason = await api.post('pm', RECORD, { ProjectId: 1, Title: 'x', InitiatingDocumentTypeId: 1, ChangeReasonId: 999 });
    assert.deepEqual(fields(badReason.body), ['changeReasonId']);
    assert.equal(checksum(host, ['change_records']), before);
    assert.equal((await api.post('pm', RECORD, { ProjectId: 99999, Title: 'x', InitiatingDocumentTypeId: 1 })).status, 404);
  });

  it('is for PFM roles only', async () => {
    for (const login of ['employee', 'viewer']) {
      assert.equal((await api.post(login, RECORD, { ProjectId: 1, Title: 'x', InitiatingDocumentTypeId: 1 })).status, 403, login);
    }
  });
});

describe('CreateChangeEventItem', () => {
  it('adds an Open item and a nested one, answered as getchangeeventitems rows', async () => {
    const event = eventByNumber('CE-010');
    const line = lineOf(1, 'S')!;
    const answer = await api.post('pm', ITEM, { ChangeEventId: event.changeEventId, Description: 'Added canopy steel', CostCodeId: line, VendorId: 3, EstimatedAmount: '12500.25' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const item = answer.body.data;
    assert.equal(item.changeEventId, event.changeEventId);
    assert.equal(item.recordStateName, 'Open');
    assert.equal(item.closed, false);
    assert.equal(item.parentChangeEventItemId, null);
    assert.equal(item.costCodeId, line);
    assert.equal(item.costType, 'S');
    assert.equal(item.vendorId, 3);
    assert.equal(typeof item.vendorName, 'string');
    assert.equal(item.estimatedAmount, 12500.25);
    const load = await api.get('pm', '/api/pfm/getchangeeventitems', { recordKey: 'ChangeEventItem', recordId: item.changeEventItemId });
    const { fieldSecurity, ...loaded } = load.body.data[0];
    assert.deepEqual(loaded, item);
    assert.equal(fieldSecurity.lookupApplicationRecordStateId, item.applicationRecordStateId);
    const nested = await api.post('pm', ITEM, { ChangeEventId: event.changeEventId, ParentChangeEventItemId: item.changeEventItemId, Description: 'Canopy paint', CostCodeId: line, VendorId: 3 });
    assert.equal(nested.status, 200);
    assert.equal(nested.body.data.parentChangeEventItemId, item.changeEventItemId);
    assert.equal(nested.body.data.estimatedAmount, 0);
    const events = await api.get('pm', '/api/pfm/getchangeevents', { recordKey: 'ChangeEvent', recordId: event.changeEventId });
    assert.equal(events.body.data[0].itemCount, 2);
    assert.equal(events.body.data[0].estimatedAmount, 12500.25, 'nested items do not add to the event total');
  });

  it('refuses a closed event, a parent of another event, a line of another budget, cost types A and F, an unknown vendor', async () => {
    const before = checksum(host, ['change_event_items']);
    const open = eventByNumber('CE-012');
    const complete = eventByNumber('CE-006');
    const line = lineOf(1, 'S')!;
    const closed = await api.post('pm', ITEM, { ChangeEventId: complete.changeEventId, Description: 'x', CostCodeId: line, VendorId: 3 });
    assert.equal(closed.status, 400);
    assert.deepEqual(fields(closed.body), ['changeEventId']);
    assert.equal(closed.body.feedback[0].message, "CE-006 is 'Complete' (closed): items can not be added.");
    const otherItem = (host.db.prepare('SELECT changeEventItemId FROM change_event_items WHERE changeEventId <> ? LIMIT 1').get(open.changeEventId) as { changeEventItemId: number }).changeEventItemId;
    const parent = await api.post('pm', ITEM, { ChangeEventId: open.changeEventId, ParentChangeEventItemId: otherItem, Description: 'x', CostCodeId: line, VendorId: 3 });
    assert.deepEqual(fields(parent.body), ['parentChangeEventItemId']);
    assert.equal(parent.body.feedback[0].message, 'The parent item is not an item of CE-012.');
    const foreignLine = lineOf(2, 'S')!;
    const foreign = await api.post('pm', ITEM, { ChangeEventId: open.changeEventId, Description: 'x', CostCodeId: foreignLine, VendorId: 3 });
    assert.deepEqual(fields(foreign.body), ['costCodeId']);
    assert.equal(foreign.body.feedback[0].message, "The cost code is not a line of the change event's budget.");
    for (const type of ['A', 'F']) {
      let hidden = lineOf(1, type);
      if (!hidden) {
        // The seed may have no such line on budget 1: add one straight to the database.
        hidden = Number(host.db.prepare(`INSERT INTO cost_codes (budgetId, code, type, description, displayText, originalBudget, modifiedAt)
          VALUES (1, '01990000', ?, 'Hidden type line', 'Hidden', 0, '2026-11-01T00:00:00.000Z')`).run(type).lastInsertRowid);
      }
      const refused = await api.post('pm', ITEM, { ChangeEventId: open.changeEventId, Description: 'x', CostCodeId: hidden, VendorId: 3 });
      assert.deepEqual(fields(refused.body), ['costCodeId'], type);
      assert.equal(refused.body.feedback[0].message, `Cost type ${type} can not be chosen for an item.`);
    }
    const vendor = await api.post('pm', ITEM, { ChangeEventId: open.changeEventId, Description: 'x', CostCodeId: line, VendorId: 999999 });
    assert.deepEqual(fields(vendor.body), ['vendorId']);
    assert.equal(vendor.body.feedback[0].message, 'The vendor does not exist.');
    const empty = await api.post('pm', ITEM, { ChangeEventId: open.changeEventId, Description: ' ', EstimatedAmount: '1.2.3' });
    assert.deepEqual(fields(empty.body), ['costCodeId', 'description', 'estimatedAmount', 'vendorId']);
    assert.equal(checksum(host, ['change_event_items']), before);
    assert.equal((await api.post('pm', ITEM, { ChangeEventId: 999999, Description: 'x', CostCodeId: line, VendorId: 3 })).status, 404);
  });

  it('is for PFM roles only', async () => {
    const open = eventByNumber('CE-012');
    for (const login of ['employee', 'viewer']) {
      assert.equal((await api.post(login, ITEM, { ChangeEventId: open.changeEventId, Description: 'x', CostCodeId: lineOf(1, 'S')!, VendorId: 3 })).status, 403, login);
    }
  });
});
