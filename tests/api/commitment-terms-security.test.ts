/**
 * Field security of a commitment's header terms (migration 025's fields; states.ts COMMITMENT_TERM_FIELDS,
 * migration 028): editable while a commitment is Draft or Pending Signature, fixed once it is signed (a
 * subcontract Executed, a purchase order Issued) as the executed subcontract's retainage is: a changed value
 * is refused at its field with nothing written, the unchanged one passes. Migration 028 gives an upgraded
 * database the rows the seed writes, keeping a row an administrator set.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setClock } from '../../src/core/clock';
import { COMMITMENT_TERM_FIELDS } from '../../demo/host/db/states';
import { checksum } from './api-client';
import { upgradePreviousRelease } from './support/migrations';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-20T15:00:00Z')) });

const inState = (table: string, id: string, state: string) => one(`SELECT t.${id} AS id, t.endDate, t.startDate, t.scope FROM ${table} t
  JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = ? AND t.projectId = 1 ORDER BY t.${id} LIMIT 1`, state);
const save = (RecordKey: string, RecordId: number, fields: Record<string, string>) => api.post('pm', '/api/pfm/SaveCommitment', { RecordKey, RecordId, ...fields });
const refusals = (body: Row) => (body.data as Row[]).filter((f) => f.integerValue === 1).map((f) => [f.stringValue, f.message]);

/** Every default row of the term fields: key, state, field, editable, visible. */
const TERM_ROWS = `SELECT s.applicationRecordKey AS k, s.name AS state, f.fieldName AS field, f.editable, f.visible FROM field_security f
  JOIN application_record_states s ON s.applicationRecordStateId = f.lookupApplicationRecordStateId
  WHERE s.applicationRecordKey IN ('Subcontract', 'PurchaseAgreement', 'PurchaseOrder') AND f.roleName IS NULL AND f.employeeId IS NULL
    AND f.fieldName IN ('scope', 'contractDate', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent')
  ORDER BY k, s.displayOrder, field`;

describe('commitment header terms under field security', () => {
  it('an executed subcontract refuses a changed end date and scope at the field, as its retainage; nothing written; the unchanged value passes beside the editable description', async () => {
    const executed = inState('subcontracts', 'subcontractId', 'Executed');
    const before = checksum(host, ['subcontracts', 'change_tracking']);
    const refused = await save('Subcontract', executed.id, { endDate: '2031-01-31', scope: 'Changed scope', retainagePercent: '5' });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.deepEqual(refusals(refused.body), [
      ['retainagePercent', 'retainagePercent can not be changed in this state.'],
      ['scope', 'scope can not be changed in this state.'],
      ['endDate', 'endDate can not be changed in this state.'],
    ]);
    assert.equal(checksum(host, ['subcontracts', 'change_tracking']), before);
    // The form sends every field: the unchanged end date passes, the title (editable while Executed) is saved.
    const unchanged = await save('Subcontract', executed.id, { endDate: executed.endDate ?? '', description: 'Retitled after execution' });
    assert.equal(unchanged.status, 200, JSON.stringify(unchanged.body));
    assert.equal(one('SELECT description FROM subcontracts WHERE subcontractId = ?', executed.id).description, 'Retitled after execution');
  });

  it('a Draft or Pending Signature subcontract takes a new end date; an issued purchase order refuses one', async () => {
    for (const state of ['Draft', 'Pending Signature']) {
      const open = inState('subcontracts', 'subcontractId', state);
      const saved = await save('Subcontract', open.id, { startDate: '2026-12-01', endDate: '2027-06-30' });
      assert.equal(saved.status, 200, `${state}: ${JSON.stringify(saved.body)}`);
      assert.equal(one('SELECT endDate FROM subcontracts WHERE subcontractId = ?', open.id).endDate, '2027-06-30');
    }
    const issued = inState('purchase_orders', 'purchaseOrderId', 'Issued');
    const refused = await save('PurchaseOrder', issued.id, { endDate: '2031-01-31' });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.deepEqual(refusals(refused.body), [['endDate', 'endDate can not be changed in this state.']]);
  });

  it('migration 028 gives an upgraded database the rows the seed writes, keeping a row an administrator set', () => upgradePreviousRelease('bizapps-terms-security-', 28, (old) => {
    // An administrator's row: a Draft purchase order's end date locked.
    old.prepare(`INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt)
      SELECT applicationRecordStateId, 'endDate', NULL, NULL, 0, 1, 't' FROM application_record_states WHERE applicationRecordKey = 'PurchaseOrder' AND name = 'Draft'`).run();
  }, (db) => {
    const upgraded = db.prepare(TERM_ROWS).all() as Row[];
    const seeded = host.db.prepare(TERM_ROWS).all() as Row[];
    const kept = (r: Row) => r.k === 'PurchaseOrder' && r.state === 'Draft' && r.field === 'endDate';
    assert.deepEqual(upgraded.find(kept), { k: 'PurchaseOrder', state: 'Draft', field: 'endDate', editable: 0, visible: 1 });
    assert.deepEqual(upgraded.filter((r) => !kept(r)), seeded.filter((r) => !kept(r)));
    const count = Object.values(COMMITMENT_TERM_FIELDS).reduce((n, fields) => n + fields.length * 5, 0);
    assert.equal(seeded.length, count, 'one row per state and field');
  }));
});
