/**
 * Cost adjustment writes (pfm/cost-adjustments/writes.ts): create, save with items and feedback,
 * reference documents with their files, posting refused when unreconciled or not netting to zero,
 * a posted adjustment in the projection summaries and the cost-code transactions; roles; bad input.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { databaseBefore, inTempFolder } from './support/migrations';
import { checksum, stateId } from './api-client';
import { COST_ADJUSTMENT_RULE_TEXT } from '../../src/core/cost-adjustments/contract';
import path from 'node:path';
import { openDatabase } from '../../demo/host/db/index';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const TABLES = ['cost_adjustments', 'cost_adjustment_items', 'cost_adjustment_reference_documents', 'cost_code_transactions', 'files'];

/** An unlocked budget of project 1 and two of its subcontract lines. */
function budgetAndLines(): { projectId: number; budgetId: number; a: number; b: number } {
  const budget = one('SELECT budgetId, projectId FROM budgets WHERE projectId = 1 AND budgetLock = 0 ORDER BY budgetId LIMIT 1');
  const lines = host.db.prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'S' ORDER BY costCodeId LIMIT 2").all(budget.budgetId) as Row[];
  return { projectId: budget.projectId, budgetId: budget.budgetId, a: lines[0]!.costCodeId, b: lines[1]!.costCodeId };
}

async function create(fields: Record<string, string | number> = {}): Promise<Row> {
  const { projectId, budgetId } = budgetAndLines();
  const answer = await api.post('pm', '/api/pfm/CreateCostAdjustment', {
    ProjectId: projectId, BudgetId: budgetId, CostAdjustmentReasonId: 2, Description: 'Move framing budget to drywall', Amount: '1000', ...fields,
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}

const lineSummary = async (budgetId: number, costCodeId: number): Promise<Row> =>
  ((await api.get('pm', '/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: budgetId })).body.data as Row[]).find((l) => l.costCodeId === costCodeId)!;

// Posting is an approval: an RPM or Admin who did not create the adjustment (approval authority).
const post = (record: Row, login = 'rpm') => api.post(login, '/api/pfm/UpdateCostAdjustmentState', {
  ItemId: record.costAdjustmentId, OldRecordStateId: record.applicationRecordStateId, RouteStateId: stateId(host, 'CostAdjustment', 'Reconciled'),
});

describe('CreateCostAdjustment', () => {
  it('makes an Open, unreconciled CA-{job}-### with the next number of its budget', async () => {
    const { budgetId } = budgetAndLines();
    const job = one('SELECT jobNumber FROM budgets WHERE budgetId = ?', budgetId).jobNumber as string;
    const record = await create({ Transfer: 'true' });
    assert.match(record.number, new RegExp(`^CA-${job}-\\d{3}$`));
    assert.equal(record.recordStateName, 'Open');
    assert.equal(record.closed, false);
    assert.equal(record.transfer, true);
    assert.equal(record.unreconciled, true);
    assert.equal(record.amount, 1000);
    const again = await create();
    assert.equal(Number(again.number.slice(-3)), Number(record.number.slice(-3)) + 1);
  });

  it('bad input: 400 with feedback per field, nothing written; unknown project 404', async () => {
    const before = checksum(host, TABLES);
    const { projectId } = budgetAndLines();
    const answer = await api.post('pm', '/api/pfm/CreateCostAdjustment', {
      ProjectId: projectId, BudgetId: 999999, CostAdjustmentReasonId: 'x', Description: ' ', Amount: '1.2.3', AdjustmentDate: '2026-02-30',
    });
    assert.equal(answer.status, 400);
    const byField = Object.fromEntries((answer.body.data as Row[]).map((f) => [f.stringValue, f.message]));
    assert.equal(byField.budgetId, 'Choose a budget of this project.');
    assert.equal(byField.description, 'A description is required.');
    assert.equal(byField.costAdjustmentReasonId, 'Choose a reason.');
    assert.equal(byField.amount, 'The amount must be a number.');
    assert.match(byField.adjustmentDate, /YYYY-MM-DD/);
    assert.equal((await api.post('pm', '/api/pfm/CreateCostAdjustment', { ProjectId: 999999, BudgetId: 1 })).status, 404);
    assert.equal(checksum(host, TABLES), before);
  });

  it('a JSON-ish object value or a missing id is a 4xx, never a 500', async () => {
    const answer = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: 'abc' });
    assert.equal(answer.status, 400);
    assert.equal((await api.post('pm', '/api/pfm/SaveCostAdjustment', {})).status, 400);
    assert.equal((await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: 999999, description: 'x' })).status, 404);
    assert.equal((await api.post('pm', '/api/pfm/UpdateCostAdjustmentState', { ItemId: 1, OldRecordStateId: 'x', RouteStateId: 1 })).status, 400);
  });
});

describe('roles', () => {
  for (const login of ['employee', 'viewer']) {
    it(`${login} is refused every cost adjustment call with 403`, async () => {
      const before = checksum(host, TABLES);
      const { projectId, budgetId } = budgetAndLines();
      for (const [path, form] of [
        ['/api/pfm/CreateCostAdjustment', { ProjectId: projectId, BudgetId: budgetId, CostAdjustmentReasonId: 1, Description: 'x', Amount: '1' }],
        ['/api/pfm/SaveCostAdjustment', { CostAdjustmentId: 1, description: 'x' }],
        ['/api/pfm/UpdateCostAdjustmentState', { ItemId: 1, OldRecordStateId: 1, RouteStateId: 2 }],
        ['/api/pfm/UploadCostAdjustmentReferenceDocument', { CostAdjustmentId: 1, DocumentType: 'AP Invoice', DocumentNumber: '1' }],
      ] as const) {
        assert.equal((await api.post(login, path, form)).status, 403, `${login} ${path}`);
      }
      assert.equal((await api.get(login, '/api/pfm/getcostadjustments', { recordKey: 'Project', recordId: projectId })).status, 403);
      assert.equal(checksum(host, TABLES), before);
    });
  }
});

describe('SaveCostAdjustment and posting', () => {
  it('an unreconciled adjustment can not be posted, and the refusal says why', async () => {
    const record = await create({ Amount: '2500' });
    const before = checksum(host, TABLES);
    const answer = await post(record);
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.functionName, 'UpdateCostAdjustmentState');
    assert.equal(answer.body.message, COST_ADJUSTMENT_RULE_TEXT.unreconciled(record.number, 2500));
    assert.match(answer.body.message, /unreconciled: its amount of \$2,500\.00 is not on any budget line/);
    assert.equal(checksum(host, TABLES), before);
  });

  it("an item of another adjustment is refused at its line, and nothing is written", async () => {
    const record = await create({ Amount: '100' });
    const foreign = one('SELECT costAdjustmentItemId FROM cost_adjustment_items WHERE costAdjustmentId <> ? ORDER BY costAdjustmentItemId LIMIT 1', record.costAdjustmentId)
      .costAdjustmentItemId as number;
    const before = checksum(host, TABLES);
    const answer = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: record.costAdjustmentId, 'items[0].itemId': foreign, 'items[0].amount': '1' });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.deepEqual((answer.body.data as Row[]).map((f) => [f.stringValue, f.message]),
      [['items[0].itemId', `Line 1: item '${foreign}' is not an item of this cost adjustment.`]]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('amounts below 1e-6 count as 0: such an adjustment is not unreconciled; 1e-6 itself is', async () => {
    const record = await create({ Amount: '1' });
    const load = async () => ((await api.get('pm', '/api/pfm/getcostadjustments', { recordKey: 'CostAdjustment', recordId: record.costAdjustmentId })).body.data as Row[])[0]!;
    host.db.prepare('UPDATE cost_adjustments SET amount = 9e-7 WHERE costAdjustmentId = ?').run(record.costAdjustmentId);
    assert.deepEqual([(await load()).amount, (await load()).unreconciled], [0, false]);
    assert.equal((await post({ ...record, amount: 0 })).status, 200, 'dust posts as a zero adjustment');
    const other = await create({ Amount: '0.000001' });
    assert.deepEqual([other.amount, other.unreconciled], [0.000001, true]);
  });

  it('a transfer must net to zero: refused with the net, then posted; the budget and the transactions show it', async () => {
    const { budgetId, a, b } = budgetAndLines();
    const record = await create({ Transfer: 'true', Amount: '1000' });
    const saved = await api.post('pm', '/api/pfm/SaveCostAdjustment', {
      CostAdjustmentId: record.costAdjustmentId, OldRecordStateId: record.applicationRecordStateId,
      'items[0].costCodeId': a, 'items[0].description': 'From framing', 'items[0].amount': '-1000',
      'items[1].costCodeId': b, 'items[1].description': 'To drywall', 'items[1].amount': '600',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const { record: withItems, feedback } = saved.body.data;
    assert.equal(withItems.items.length, 2);
    assert.equal(withItems.unreconciled, false);
    assert.deepEqual(feedback.map((f: Row) => [f.integerValue, f.stringValue]), [[2, 'items'], [3, 'items']]);
    assert.equal(feedback[0].message, COST_ADJUSTMENT_RULE_TEXT.transferNotZero(record.number, -400));
    assert.equal(feedback[1].message, 'Items net -$400.00.');

    const before = checksum(host, TABLES);
    const refused = await post(withItems);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, `${record.number} moves budget between lines, so its items must net to zero before it is posted. They net to -$400.00.`);
    assert.equal(checksum(host, TABLES), before);

    const fixed = await api.post('pm', '/api/pfm/SaveCostAdjustment', {
      CostAdjustmentId: record.costAdjustmentId, 'items[0].itemId': withItems.items[1].costAdjustmentItemId, 'items[0].amount': '1000',
    });
    assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    assert.deepEqual(fixed.body.data.feedback.map((f: Row) => f.integerValue), [3]);

    const [lineA, lineB] = [await lineSummary(budgetId, a), await lineSummary(budgetId, b)];
    const posted = await post(fixed.body.data.record);
    assert.equal(posted.status, 200, JSON.stringify(posted.body));
    assert.equal(posted.body.data.recordStateName, 'Reconciled');
    assert.equal(posted.body.data.closed, true);
    const [afterA, afterB] = [await lineSummary(budgetId, a), await lineSummary(budgetId, b)];
    assert.equal(afterA.approvedChanges, Math.round((lineA.approvedChanges - 1000) * 100) / 100);
    assert.equal(afterA.currentBudget, Math.round((lineA.currentBudget - 1000) * 100) / 100);
    assert.equal(afterB.approvedChanges, Math.round((lineB.approvedChanges + 1000) * 100) / 100);
    assert.equal(afterB.currentBudget, Math.round((lineB.currentBudget + 1000) * 100) / 100);
    const transactions = host.db.prepare("SELECT costCodeId, amount, sourceType, documentNumber FROM cost_code_transactions WHERE sourceRecordKey = 'CostAdjustment' AND sourceRecordId = ? ORDER BY costCodeTransactionId")
      .all(record.costAdjustmentId) as Row[];
    assert.deepEqual(transactions, [
      { costCodeId: a, amount: -1000, sourceType: 'Cost Adjustment', documentNumber: record.number },
      { costCodeId: b, amount: 1000, sourceType: 'Cost Adjustment', documentNumber: record.number },
    ]);
    // Posted is closed: no more edits, and a second post from the old state is stale.
    const late = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: record.costAdjustmentId, description: 'changed' });
    assert.equal(late.status, 400);
    assert.equal((await post(fixed.body.data.record)).status, 409);
  });

  it('items of another kind must add up to the amount; cost codes of another budget or type are refused', async () => {
    const { a } = budgetAndLines();
    const record = await create({ Amount: '500' });
    const otherBudget = one('SELECT costCodeId FROM cost_codes WHERE budgetId <> ? LIMIT 1', record.budgetId).costCodeId as number;
    const bad = await api.post('pm', '/api/pfm/SaveCostAdjustment', {
      CostAdjustmentId: record.costAdjustmentId, 'items[0].costCodeId': otherBudget, 'items[0].amount': '5', 'items[1].costCodeId': a, 'items[1].amount': 'x',
    });
    assert.equal(bad.status, 400);
    const byField = Object.fromEntries((bad.body.data as Row[]).map((f) => [f.stringValue, f.message]));
    assert.equal(byField['items[0].costCodeId'], 'Line 1: choose a cost code of this budget.');
    assert.equal(byField['items[1].amount'], 'Line 2: the amount must be a number.');
    const saved = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: record.costAdjustmentId, 'items[0].costCodeId': a, 'items[0].amount': '300' });
    assert.equal(saved.status, 200);
    const refused = await post(saved.body.data.record);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, COST_ADJUSTMENT_RULE_TEXT.itemsNotAmount(record.number, 300, 500));
  });

  it('field security of the state is enforced on a direct call: a read-only field is refused, an unchanged one passes', async () => {
    const record = await create({ Amount: '900' });
    const open = stateId(host, 'CostAdjustment', 'Open');
    const row = host.db.prepare("INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt) VALUES (?, 'amount', NULL, NULL, 0, 1, '2026-11-01')")
      .run(open).lastInsertRowid;
    try {
      const before = checksum(host, TABLES);
      const refused = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: record.costAdjustmentId, amount: '950', description: 'Changed too' });
      assert.equal(refused.status, 400);
      assert.deepEqual((refused.body.data as Row[]).map((f) => [f.stringValue, f.message]), [['amount', 'amount can not be changed in this state.']]);
      assert.equal(checksum(host, TABLES), before);
      const unchanged = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: record.costAdjustmentId, amount: '900', description: 'Changed alone' });
      assert.equal(unchanged.status, 200, JSON.stringify(unchanged.body));
      assert.equal(unchanged.body.data.record.description, 'Changed alone');
    } finally {
      host.db.prepare('DELETE FROM field_security WHERE fieldSecurityId = ?').run(row);
    }
  });

  it('a locked budget takes no posted adjustment', async () => {
    const { a } = budgetAndLines();
    const record = await create({ Amount: '250' });
    const saved = await api.post('pm', '/api/pfm/SaveCostAdjustment', { CostAdjustmentId: record.costAdjustmentId, 'items[0].costCodeId': a, 'items[0].amount': '250' });
    assert.equal(saved.status, 200);
    const job = one('SELECT jobNumber FROM budgets WHERE budgetId = ?', record.budgetId).jobNumber as string;
    host.db.prepare('UPDATE budgets SET budgetLock = 1 WHERE budgetId = ?').run(record.budgetId);
    try {
      const refused = await post(saved.body.data.record);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.autoAlert, true);
      assert.equal(refused.body.message, `${record.number} can not be posted: budget ${job} is locked.`);
    } finally {
      host.db.prepare('UPDATE budgets SET budgetLock = 0 WHERE budgetId = ?').run(record.budgetId);
    }
    assert.equal((await post(saved.body.data.record)).status, 200);
  });

  it('Void closes an unreconciled adjustment without posting anything', async () => {
    const record = await create({ Amount: '700' });
    const voided = await api.post('pm', '/api/pfm/UpdateCostAdjustmentState', {
      ItemId: record.costAdjustmentId, OldRecordStateId: record.applicationRecordStateId, RouteStateId: stateId(host, 'CostAdjustment', 'Void'),
    });
    assert.equal(voided.status, 200);
    assert.equal(voided.body.data.closed, true);
    assert.equal(one("SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'CostAdjustment' AND sourceRecordId = ?", record.costAdjustmentId).n, 0);
  });
});

describe('reference documents', () => {
  it('upload a document with its file, list it, download it under its name', async () => {
    const record = await create();
    const upload = await api.post('pm', '/api/pfm/UploadCostAdjustmentReferenceDocument', {
      CostAdjustmentId: record.costAdjustmentId, DocumentType: 'Journal Entry', DocumentNumber: 'JE-2041', DocumentDate: '2026-10-01',
      file: new File(['journal entry'], 'JE 2041 – reclass.pdf', { type: 'application/pdf' }),
    });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    assert.equal(upload.body.data.fileName, 'JE 2041 – reclass.pdf');
    assert.equal(upload.body.data.amount, 1000);
    const list = (await api.get('pm', '/api/pfm/getcostadjustmentreferencedocuments', { recordKey: 'CostAdjustment', recordId: record.costAdjustmentId })).body.data as Row[];
    assert.deepEqual(list.map((d) => [d.documentNumber, d.fileName]), [['JE-2041', 'JE 2041 – reclass.pdf']]);
    const download = await api.post('pm', '/api/pfm/files/download', { FileId: list[0]!.fileId });
    assert.equal(download.status, 200);
    assert.equal(download.bytes.toString('utf8'), 'journal entry');
    assert.match(download.headers.get('content-disposition') ?? '', /filename\*=UTF-8''JE%202041%20%E2%80%93%20reclass\.pdf/);
    const rows = (await api.get('pm', '/api/pfm/getcostadjustments', { recordKey: 'CostAdjustment', recordId: record.costAdjustmentId })).body.data as Row[];
    assert.equal(rows[0]!.referenceDocument, 'Journal Entry JE-2041');
    assert.equal(rows[0]!.referenceDocumentCount, 1);
  });

  it('without a file or a number: 400 per field', async () => {
    const record = await create();
    const answer = await api.post('pm', '/api/pfm/UploadCostAdjustmentReferenceDocument', { CostAdjustmentId: record.costAdjustmentId, DocumentType: 'AP Invoice' });
    assert.equal(answer.status, 400);
    assert.deepEqual((answer.body.data as Row[]).map((f) => f.stringValue).sort(), ['documentNumber', 'file']);
  });
});

describe('loads', () => {
  it('getcostadjustments answers unreconciled by the core rule (seeded open ones have no items)', async () => {
    const rows = (await api.get('pm', '/api/pfm/getcostadjustments', { recordKey: 'Project', recordId: 1 })).body.data as Row[];
    assert.ok(rows.length > 0);
    for (const row of rows) assert.equal(row.unreconciled, Math.abs(row.amount) >= 1e-6 && row.itemCount === 0, row.number);
    assert.ok(rows.some((r) => r.unreconciled));
  });
});

describe('migration 003', () => {
  it('a database made before it upgrades on open with its data kept (no transfers, documents without files)', () => {
    inTempFolder('bizapps-ca-', (file, dir) => {
      const old = databaseBefore(file, 3);
      // Today's seed needs today's schema: seed a current database, then copy every table and column the old schema has.
      const current = path.join(dir, 'current.sqlite');
      openDatabase({ file: current }).close();
      old.exec(`ATTACH DATABASE '${current.replaceAll("'", "''")}' AS current`);
      old.exec('PRAGMA foreign_keys = OFF');
      const tables = old.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").all() as Row[];
      for (const { name } of tables) {
        const columns = (old.prepare(`PRAGMA main.table_info("${name}")`).all() as Row[]).map((c) => `"${c.name}"`).join(', ');
        old.exec(`INSERT INTO main."${name}" (${columns}) SELECT ${columns} FROM current."${name}"`);
      }
      old.exec('DETACH DATABASE current');
      const before = old.prepare('SELECT costAdjustmentId, number, amount, applicationRecordStateId FROM cost_adjustments ORDER BY 1').all();
      const documents = (old.prepare('SELECT count(*) AS n FROM cost_adjustment_reference_documents').get() as Row).n as number;
      old.close();
      const upgraded = openDatabase({ file });
      try {
        assert.ok(before.length > 0);
        assert.deepEqual(upgraded.prepare('SELECT costAdjustmentId, number, amount, applicationRecordStateId FROM cost_adjustments ORDER BY 1').all(), before);
        assert.equal((upgraded.prepare('SELECT count(*) AS n FROM cost_adjustments WHERE transfer <> 0').get() as Row).n, 0);
        assert.equal((upgraded.prepare('SELECT count(*) AS n FROM cost_adjustment_reference_documents WHERE fileId IS NULL').get() as Row).n, documents);
        assert.ok((upgraded.prepare('SELECT version FROM schema_migrations').all() as Row[]).some((m) => m.version === 3));
      } finally {
        upgraded.close();
      }
    });
  });
});
