/**
 * Field security applies to reads too (OWASP ASVS 8.2.3): a field that is not visible for the caller
 * in the record's current state (field_security: per-user row, then role rows, then the default row)
 * is left out of every answer that carries the record — the §7 loads, the single lookups, the record
 * history (record, items, history entries), the answers of writes, the search and BI services.
 *
 * The seed hides ChangeEventItem.proposedAmount in state Open for everyone (its default row); the
 * other cases add a role row the way App Records does and remove it again.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TokenResource } from './support/host';
import { stateId } from './api-client';
import { withHistoryActor } from '../../demo/host/db/history';
import { useTestHost, type Row } from './support/use-host';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';

const { host, api, one, employeeId } = useTestHost();

/** True when `row` has a key `field` (any case). */
const has = (row: Row, field: string) => Object.keys(row).some((key) => key.toLowerCase() === field.toLowerCase());
const sameField = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** Add a field_security row (as App Records would); answers its id. */
function addRule(key: string, state: string, fieldName: string, who: { roleName?: string; employeeId?: number }, visible: boolean): number {
  return Number(host.db.prepare(`INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt)
    VALUES (?, ?, ?, ?, 0, ?, '2026-11-01T12:00:00.000Z')`).run(stateId(host, key, state), fieldName, who.roleName ?? null, who.employeeId ?? null, visible ? 1 : 0).lastInsertRowid);
}
const removeRules = (ids: number[]) => { for (const id of ids) host.db.prepare('DELETE FROM field_security WHERE fieldSecurityId = ?').run(id); };

async function data(login: string, path: string, query: Record<string, string | number>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const answer = await api.get(login, path, query);
  assert.equal(answer.status, 200, `${login} ${path} ${JSON.stringify(query)}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

async function service(login: string, resource: TokenResource, path: string, query: Record<string, string | number>): Promise<Row> {
  const url = new URL(host.url + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { authorization: `Bearer ${await host.tokenFor(login, resource)}` } });
  const body = (await response.json()) as Row;
  assert.equal(response.status, 200, `${login} ${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** An Open item of an open change event of a project the pm manages (the pm reaches it). */
function openItem(): Row {
  const item = one(`SELECT i.changeEventItemId, i.changeEventId, i.proposedAmount, i.estimatedAmount, ce.projectId
    FROM change_event_items i JOIN change_events ce USING (changeEventId)
    JOIN application_record_states ist ON ist.applicationRecordStateId = i.applicationRecordStateId
    JOIN application_record_states cst ON cst.applicationRecordStateId = ce.applicationRecordStateId
    JOIN projects p ON p.projectId = ce.projectId
    WHERE ist.name = 'Open' AND cst.closed = 0 AND p.projectManagerEmployeeId = ? ORDER BY i.changeEventItemId LIMIT 1`, employeeId('pm'));
  assert.ok(item, 'the seed has an Open item on a project of the pm');
  return item;
}

describe('field security on reads: ChangeEventItem proposedAmount (hidden in Open by the seed)', () => {
  it('is left out of the pm\'s loads, its history (items and entries) and a save\'s answer; other fields stay', async () => {
    const item = openItem();
    const id = item.changeEventItemId as number;
    // A value and two recorded changes (one hidden field, one visible) so there is something to leak.
    withHistoryActor(employeeId('admin'), () => {
      host.db.prepare('UPDATE change_event_items SET proposedAmount = 4321.5, estimatedAmount = estimatedAmount + 1 WHERE changeEventItemId = ?').run(id);
    });
    try {
      for (const query of [
        { recordKey: 'ChangeEventItem', recordId: id }, { recordKey: 'ChangeEvent', recordId: item.changeEventId }, { recordKey: 'Project', recordId: item.projectId },
      ]) {
        const rows = (await data('pm', '/api/pfm/getchangeeventitems', query)) as Row[];
        const row = rows.find((r) => r.changeEventItemId === id);
        assert.ok(row, `item ${id} in getchangeeventitems ${JSON.stringify(query)}`);
        assert.equal(has(row, 'proposedAmount'), false, `proposedAmount sent in getchangeeventitems ${JSON.stringify(query)}`);
        assert.equal(row.estimatedAmount, item.estimatedAmount + 1);
        // Every Open row of the answer, not only this one.
        assert.ok(rows.filter((r) => r.recordStateName === 'Open').every((r) => !has(r, 'proposedAmount')));
      }

      const itemHistory = await data('pm', '/api/pfm/getrecordhistory', { recordKey: 'ChangeEventItem', recordId: id });
      assert.ok(itemHistory.history.some((h: Row) => sameField(h.field, 'estimatedAmount')), 'the visible change is listed');
      assert.deepEqual(itemHistory.history.filter((h: Row) => sameField(h.field, 'proposedAmount')), []);

      const eventHistory = await data('pm', '/api/pfm/getrecordhistory', { recordKey: 'ChangeEvent', recordId: item.changeEventId });
      const listed = eventHistory.items.find((i: Row) => i.itemKey === 'ChangeEventItem' && i.itemId === id);
      assert.ok(listed, 'the item is listed with its change event');
      assert.equal(has(listed, 'proposedAmount'), false, 'proposedAmount sent in the history items');
      assert.equal(has(listed, 'estimatedAmount'), true);
      assert.ok(eventHistory.history.some((h: Row) => h.childKey === 'ChangeEventItem' && h.childId === id && sameField(h.field, 'estimatedAmount')));
      assert.deepEqual(eventHistory.history.filter((h: Row) => h.childKey === 'ChangeEventItem' && h.childId === id && sameField(h.field, 'proposedAmount')), []);

      // A write's answer: the saved item, as the load answers it.
      const saved = await api.post('pm', '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: id, description: 'Field security read test' });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.description, 'Field security read test');
      assert.equal(has(saved.body.data, 'proposedAmount'), false, 'proposedAmount sent in the SaveChangeEventItem answer');
    } finally {
      host.db.prepare('UPDATE change_event_items SET proposedAmount = ?, estimatedAmount = ? WHERE changeEventItemId = ?').run(item.proposedAmount, item.estimatedAmount, id);
    }
  });

  it('is left out of a change event state move\'s answer (its nested items)', async () => {
    const event = one(`SELECT ce.changeEventId, ce.applicationRecordStateId FROM change_events ce
      JOIN application_record_states cst ON cst.applicationRecordStateId = ce.applicationRecordStateId JOIN projects p ON p.projectId = ce.projectId
      WHERE cst.name = 'Pending' AND p.projectManagerEmployeeId = ? AND EXISTS (SELECT 1 FROM change_event_items i
        JOIN application_record_states ist ON ist.applicationRecordStateId = i.applicationRecordStateId WHERE i.changeEventId = ce.changeEventId AND ist.name = 'Open')
      ORDER BY ce.changeEventId LIMIT 1`, employeeId('pm'));
    assert.ok(event, 'the seed has a Pending change event with an Open item on a project of the pm');
    try {
      const moved = await api.post('pm', '/api/pfm/UpdateChangeEventState', {
        ItemId: event.changeEventId, OldRecordStateId: event.applicationRecordStateId, RouteStateId: stateId(host, 'ChangeEvent', 'Open'),
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const open = (moved.body.data.items as Row[]).filter((i) => i.recordStateName === 'Open');
      assert.ok(open.length > 0);
      assert.ok(open.every((i) => !has(i, 'proposedAmount') && has(i, 'estimatedAmount')), 'proposedAmount sent in the state move\'s items');
    } finally {
      host.db.prepare('UPDATE change_events SET applicationRecordStateId = ? WHERE changeEventId = ?').run(event.applicationRecordStateId, event.changeEventId);
    }
  });

  it('is sent to whoever a role row or a per-user row lets see it (and still not to the pm)', async () => {
    const item = openItem();
    const id = item.changeEventItemId as number;
    host.db.prepare('UPDATE change_event_items SET proposedAmount = 4321.5 WHERE changeEventItemId = ?').run(id);
    // The seed has no row showing it in Open: an RPM role row and a per-user row for admin, as App Records writes them.
    const rules = [addRule('ChangeEventItem', 'Open', 'proposedAmount', { roleName: 'RPM' }, true), addRule('ChangeEventItem', 'Open', 'proposedAmount', { employeeId: employeeId('admin') }, true)];
    try {
      for (const login of ['rpm', 'admin']) {
        const rows = (await data(login, '/api/pfm/getchangeeventitems', { recordKey: 'ChangeEventItem', recordId: id })) as Row[];
        assert.equal(rows[0]?.proposedAmount, 4321.5, `${login} sees proposedAmount`);
        const history = await data(login, '/api/pfm/getrecordhistory', { recordKey: 'ChangeEvent', recordId: item.changeEventId });
        assert.equal(history.items.find((i: Row) => i.itemKey === 'ChangeEventItem' && i.itemId === id)?.proposedAmount, 4321.5);
      }
      const pmRows = (await data('pm', '/api/pfm/getchangeeventitems', { recordKey: 'ChangeEventItem', recordId: id })) as Row[];
      assert.equal(has(pmRows[0]!, 'proposedAmount'), false);
    } finally {
      removeRules(rules);
      host.db.prepare('UPDATE change_event_items SET proposedAmount = ? WHERE changeEventItemId = ?').run(item.proposedAmount, id);
    }
  });
});

describe('field security on reads: a role row hides a field (App Records)', () => {
  it('ChangeRecord Draft description hidden for Project Manager: gone from the pm\'s getinitiatingdocuments, history and save answer; the rpm still gets it', async () => {
    const draft = one(`SELECT t.changeRecordId, t.projectId, t.description FROM change_records t JOIN application_record_states s USING (applicationRecordStateId)
      JOIN projects p ON p.projectId = t.projectId WHERE s.name = 'Draft' AND p.projectManagerEmployeeId = ? ORDER BY t.changeRecordId LIMIT 1`, employeeId('pm'));
    assert.ok(draft, 'the seed has a Draft initiating document on a project of the pm');
    const id = draft.changeRecordId as number;
    // Two recorded description changes (there and back) for the history to leak.
    withHistoryActor(employeeId('admin'), () => {
      host.db.prepare("UPDATE change_records SET description = 'Secret scope note' WHERE changeRecordId = ?").run(id);
      host.db.prepare('UPDATE change_records SET description = ? WHERE changeRecordId = ?').run(draft.description, id);
    });
    const rules = [addRule('ChangeRecord', 'Draft', 'description', { roleName: 'Project Manager' }, false)];
    try {
      const rows = (await data('pm', '/api/pfm/getinitiatingdocuments', { recordKey: 'Project', recordId: draft.projectId })) as Row[];
      const mine = rows.find((r) => r.changeRecordId === id);
      assert.ok(mine);
      assert.equal(has(mine, 'description'), false, 'description sent to the pm in getinitiatingdocuments');
      assert.equal(typeof mine.title, 'string');
      assert.ok(rows.filter((r) => r.recordStateName === 'Draft').every((r) => !has(r, 'description')));
      // Other states are not affected.
      const other = rows.find((r) => r.recordStateName !== 'Draft');
      if (other) assert.equal(typeof other.description, 'string');
      const single = (await data('pm', '/api/pfm/getinitiatingdocuments', { recordKey: 'ChangeRecord', recordId: id })) as Row[];
      assert.equal(has(single[0]!, 'description'), false);

      const history = await data('pm', '/api/pfm/getrecordhistory', { recordKey: 'ChangeRecord', recordId: id });
      assert.equal(has(history.record, 'description'), false, 'description sent in the history record');
      assert.equal(history.record.title !== undefined, true);
      assert.deepEqual(history.history.filter((h: Row) => sameField(h.field, 'description')), [], 'description changes sent in the history');

      // The rpm has no such row: sees it all.
      const rpmRows = (await data('rpm', '/api/pfm/getinitiatingdocuments', { recordKey: 'ChangeRecord', recordId: id })) as Row[];
      assert.equal(rpmRows[0]?.description, draft.description);
      const rpmHistory = await data('rpm', '/api/pfm/getrecordhistory', { recordKey: 'ChangeRecord', recordId: id });
      assert.equal(rpmHistory.record.description, draft.description);
      assert.equal(rpmHistory.history.filter((h: Row) => h.field === 'description').length, 2);

      // A save's answer (the title is editable in Draft).
      const title = one('SELECT title FROM change_records WHERE changeRecordId = ?', id).title as string;
      const saved = await api.post('pm', '/api/pfm/SaveChangeRecord', { ChangeRecordId: id, title: `${title} (read test)` });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(has(saved.body.data, 'description'), false, 'description sent in the SaveChangeRecord answer');
      host.db.prepare('UPDATE change_records SET title = ? WHERE changeRecordId = ?').run(title, id);
    } finally {
      removeRules(rules);
    }
  });

  it('Subcontract Draft fields hidden for Project Manager: gone from getsubcontracts, the lookups, SaveCommitment, search and BI', async () => {
    const sub = one(`SELECT t.subcontractId, t.projectId, t.budgetId, t.number, t.description, t.retainagePercent FROM subcontracts t
      JOIN application_record_states s USING (applicationRecordStateId) JOIN projects p ON p.projectId = t.projectId
      WHERE s.name = 'Draft' AND p.projectManagerEmployeeId = ? ORDER BY t.subcontractId LIMIT 1`, employeeId('pm'));
    assert.ok(sub, 'the seed has a Draft subcontract on a project of the pm');
    const id = sub.subcontractId as number;
    // A description only this subcontract has, so a search for it has one answer.
    const original = sub.description as string;
    sub.description = 'Zebra crossing field security scope';
    host.db.prepare('UPDATE subcontracts SET description = ? WHERE subcontractId = ?').run(sub.description, id);
    const rules = [
      addRule('Subcontract', 'Draft', 'retainagePercent', { roleName: 'Project Manager' }, false),
      addRule('Subcontract', 'Draft', 'description', { roleName: 'Project Manager' }, false),
    ];
    try {
      const rows = (await data('pm', '/api/pfm/getsubcontracts', { recordKey: 'Project', recordId: sub.projectId })) as Row[];
      const row = rows.find((r) => r.subcontractId === id)!;
      assert.ok(row);
      assert.equal(has(row, 'retainagePercent'), false, 'retainagePercent sent in getsubcontracts');
      assert.equal(has(row, 'description'), false, 'description sent in getsubcontracts');
      assert.ok(Array.isArray(row.items), 'the items stay');
      const executed = rows.find((r) => r.recordStateName === 'Executed');
      if (executed) assert.equal(typeof executed.retainagePercent, 'number');

      for (const path of ['/api/pfm/GetSubcontractById', '/costmanagement/costmanagement/GetSubcontract']) {
        const single = await data('pm', path, { subcontractId: id });
        assert.equal(has(single, 'retainagePercent'), false, `retainagePercent sent by ${path}`);
        assert.equal(has(single, 'description'), false, `description sent by ${path}`);
        assert.equal(single.number, sub.number);
        const rpmSingle = await data('rpm', path, { subcontractId: id });
        assert.equal(rpmSingle.retainagePercent, sub.retainagePercent);
      }

      const liability = one('SELECT excessLiability FROM subcontracts WHERE subcontractId = ?', id).excessLiability as number | null;
      const saved = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'Subcontract', RecordId: id, excessLiability: liability === 3000000 ? '5000000' : '3000000' });
      host.db.prepare('UPDATE subcontracts SET excessLiability = ? WHERE subcontractId = ?').run(liability, id);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(has(saved.body.data.record, 'retainagePercent'), false, 'retainagePercent sent in the SaveCommitment answer');
      assert.equal(has(saved.body.data.record, 'description'), false, 'description sent in the SaveCommitment answer');

      const history = await data('pm', '/api/pfm/getrecordhistory', { recordKey: 'Subcontract', recordId: id });
      assert.equal(has(history.record, 'retainagePercent'), false);
      assert.equal(has(history.record, 'description'), false);

      // Search: the hidden description is neither shown as the name nor searchable; the number still finds it.
      const byDescription = (await service('pm', 'search', '/search/query', { q: sub.description })).results as Row[];
      assert.equal(byDescription.some((r) => r.kind === 'subcontract' && r.id === id), false, 'found by its hidden description');
      const byNumber = (await service('pm', 'search', '/search/query', { q: sub.number })).results as Row[];
      const found = byNumber.find((r) => r.kind === 'subcontract' && r.id === id);
      assert.ok(found, 'found by its number');
      assert.equal(found.name, '', 'the hidden description shown as the name');
      const rpmFound = ((await service('rpm', 'search', '/search/query', { q: sub.description })).results as Row[]).find((r) => r.kind === 'subcontract' && r.id === id);
      assert.equal(rpmFound?.name, sub.description);

      // BI: the committed-cost report's Description column comes from getsubcontracts.
      const report = await service('pm', 'bi', '/bi/reports/run', { report: 'committed-cost', recordKey: 'Project', recordId: sub.projectId });
      const line = (report.rows as unknown[][]).find((r) => r[0] === 'Subcontract' && r[1] === sub.number);
      assert.ok(line);
      assert.equal(line[3], '', 'the hidden description in the BI report');
    } finally {
      removeRules(rules);
      host.db.prepare('UPDATE subcontracts SET description = ? WHERE subcontractId = ?').run(original, id);
    }
  });
});

/** A record's own load (the §7 load asked with its record key, as a workbench asks): the row and its table. */
const OWN_LOADS: ReadonlyArray<{ path: string; key: string; table: string; id: string; parent?: { table: string; id: string } }> = [
  { path: '/api/pfm/getsubcontracts', key: 'Subcontract', table: 'subcontracts', id: 'subcontractId' },
  { path: '/api/pfm/getsubcontractchangeorders', key: 'SubcontractChangeOrder', table: 'subcontract_change_orders', id: 'subcontractChangeOrderId',
    parent: { table: 'subcontracts', id: 'subcontractId' } },
  { path: '/api/pfm/getpurchaseagreements', key: 'PurchaseAgreement', table: 'purchase_agreements', id: 'purchaseAgreementId' },
  { path: '/api/pfm/getpurchaseagreementchangeorders', key: 'PurchaseAgreementChangeOrder', table: 'purchase_agreement_change_orders',
    id: 'purchaseAgreementChangeOrderId', parent: { table: 'purchase_agreements', id: 'purchaseAgreementId' } },
  { path: '/api/pfm/getpurchaseorders', key: 'PurchaseOrder', table: 'purchase_orders', id: 'purchaseOrderId' },
  { path: '/api/pfm/getowneragreements', key: 'OwnerAgreement', table: 'owner_agreements', id: 'ownerAgreementId' },
  { path: '/api/pfm/getowneragreementchangeorders', key: 'OwnerAgreementChangeOrder', table: 'owner_agreement_change_orders', id: 'ownerAgreementChangeOrderId',
    parent: { table: 'owner_agreements', id: 'ownerAgreementId' } },
  { path: '/api/pfm/getinitiatingdocuments', key: 'ChangeRecord', table: 'change_records', id: 'changeRecordId' },
  { path: '/api/pfm/getchangeevents', key: 'ChangeEvent', table: 'change_events', id: 'changeEventId' },
  { path: '/api/pfm/getcostadjustments', key: 'CostAdjustment', table: 'cost_adjustments', id: 'costAdjustmentId' },
  { path: '/api/pfm/getdirectcosts', key: 'DirectCost', table: 'direct_costs', id: 'directCostId' },
];

describe("a record's own load sends the caller's field security in its state", () => {
  it('as the fieldSecurity lookup answers it for that caller (a per-user row included); a list load sends none', async () => {
    const pmRule = addRule('DirectCost', 'Draft', 'description', { employeeId: employeeId('pm') }, true);
    try {
      for (const load of OWN_LOADS) {
        // A change order's project is its commitment's (or owner agreement's).
        const project = load.parent ? `(SELECT p.projectId FROM ${load.parent.table} p WHERE p.${load.parent.id} = t.${load.parent.id})` : 't.projectId';
        // An open one where the seed has one (the seed's change orders on project 1 may all be closed).
        const row = one(`SELECT t.${load.id} AS id, s.closed FROM ${load.table} t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
          WHERE ${project} = 1 ${load.key === 'DirectCost' ? "AND s.name = 'Draft'" : ''} ORDER BY s.closed, t.${load.id} LIMIT 1`);
        assert.ok(row, `the seed has a ${load.key} on project 1`);
        for (const login of ['pm', 'admin']) {
          const [record] = await data(login, load.path, { recordKey: load.key, recordId: row.id as number, open: row.closed ? 'false' : 'true' });
          assert.ok(record, `${login} ${load.key} ${row.id}`);
          const lookup = await data(login, LOOKUP_TYPES.fieldSecurity.single, { applicationRecordStateId: record.applicationRecordStateId });
          assert.deepEqual(record.fieldSecurity, lookup, `${login} ${load.key}`);
          assert.equal(record.fieldSecurity.lookupApplicationRecordStateId, record.applicationRecordStateId);
        }
        const list = await data('pm', load.path, { recordKey: 'Project', recordId: 1, open: row.closed ? 'false' : 'true' });
        assert.ok(list.length > 0 && list.every((r: Row) => !has(r, 'fieldSecurity')), `${load.key}: the project's list carries no field security`);
      }
      // The pm's own row is in what his load sent (the lookup, compared above, reads the same rows).
      const draft = one("SELECT t.directCostId AS id FROM direct_costs t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE s.name = 'Draft' AND t.projectId = 1 ORDER BY t.directCostId LIMIT 1");
      const [record] = await data('pm', '/api/pfm/getdirectcosts', { recordKey: 'DirectCost', recordId: draft.id as number });
      const description = record.fieldSecurity.fields.find((f: Row) => sameField(f.fieldName, 'description'));
      assert.equal(description?.editable, false, "the pm's own row makes description read-only in Draft");
    } finally {
      removeRules([pmRule]);
    }
  });
});
