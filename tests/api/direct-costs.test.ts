/**
 * Direct costs (pfm/direct-costs/writes.ts): create and save under the rules (at least one item,
 * items sum to the amount, no future date), the approval workflow with Revise and Resubmit, the
 * approver roles, the locked budget, the postings of an approved direct cost in the cost-code
 * transactions and in actual to date, role refusals and bad input.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId, type Form } from './api-client';
import { DIRECT_COST_TEXT } from '../../src/core/direct-costs/contract';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const TABLES = ['direct_costs', 'direct_cost_items', 'cost_code_transactions'];
const line = (type: string, budgetId = 1) => one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = ? ORDER BY costCodeId LIMIT 1', budgetId, type).costCodeId as number;
const st = (name: string) => stateId(host, 'DirectCost', name);
const today = new Date().toISOString().slice(0, 10);

function newCost(extra: Form = {}): Form {
  return {
    ProjectId: 1, directCostDate: '2026-10-15', directCostTypeId: 3, vendorId: '', invoiceNumber: 'INV-77', description: 'City permit', amount: '1250.50',
    'items[0].costCodeId': line('M'), 'items[0].description': 'Permit', 'items[0].amount': '1000',
    'items[1].costCodeId': line('E'), 'items[1].description': 'Inspection', 'items[1].amount': '250.50',
    ...extra,
  };
}

async function create(extra: Form = {}): Promise<Row> {
  const answer = await api.post('pm', '/api/pfm/CreateDirectCost', newCost(extra));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}

const move = (login: string, record: Row, to: string, extra: Form = {}) =>
  api.post(login, '/api/pfm/UpdateDirectCostState', { ItemId: record.directCostId, OldRecordStateId: record.applicationRecordStateId, RouteStateId: st(to), ...extra });

const actualToDate = async (costCodeId: number): Promise<number> => {
  const answer = await api.get('pm', '/api/pfm/getcostcodetransactionsummary', { recordKey: 'CostCode', recordId: costCodeId });
  assert.equal(answer.status, 200);
  return answer.body.data[0].actualToDate;
};

describe('CreateDirectCost and SaveDirectCost', () => {
  it('creates a Draft DC-<job>-### with its items, invoice number and no postings', async () => {
    const record = await create();
    assert.match(record.number, /^DC-24-1032-\d{3}$/);
    assert.equal(record.recordStateName, 'Draft');
    assert.equal(record.invoiceNumber, 'INV-77');
    assert.equal(record.amount, 1250.5);
    assert.deepEqual(record.items.map((i: Row) => [i.description, i.amount]), [['Permit', 1000], ['Inspection', 250.5]]);
    assert.equal(one("SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost' AND sourceRecordId = ?", record.directCostId).n, 0);
    // The load answers it too, with its items.
    const loaded = await api.get('pm', '/api/pfm/getdirectcosts', { recordKey: 'DirectCost', recordId: record.directCostId });
    assert.equal(loaded.body.data[0].items.length, 2);
  });

  it('refuses a direct cost without items, with items not summing to the amount, or dated in the future; nothing written', async () => {
    const before = checksum(host, TABLES);
    const noItems = await api.post('pm', '/api/pfm/CreateDirectCost', {
      ProjectId: 1, directCostDate: '2026-10-15', directCostTypeId: 3, description: 'x', amount: '10',
    });
    assert.equal(noItems.status, 400);
    assert.deepEqual(noItems.body.data.map((f: Row) => [f.stringValue, f.message]), [['items', DIRECT_COST_TEXT.noItems]]);
    const wrongSum = await api.post('pm', '/api/pfm/CreateDirectCost', newCost({ amount: '1250.49' }));
    assert.equal(wrongSum.status, 400);
    assert.deepEqual(wrongSum.body.data.map((f: Row) => [f.stringValue, f.message]), [['amount', 'The items total $1,250.50, not the amount of $1,250.49: they must add up to it.']]);
    const future = await api.post('pm', '/api/pfm/CreateDirectCost', newCost({ directCostDate: '2099-01-01' }));
    assert.equal(future.status, 400);
    assert.deepEqual(future.body.data.map((f: Row) => f.message), [DIRECT_COST_TEXT.futureDate]);
    const badDate = await api.post('pm', '/api/pfm/CreateDirectCost', newCost({ directCostDate: '1989-12-31' }));
    assert.deepEqual(badDate.body.data.map((f: Row) => f.message), [DIRECT_COST_TEXT.badDate]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('today is not the future; a cost code of another budget or of type A/F is refused per line', async () => {
    const ok = await api.post('pm', '/api/pfm/CreateDirectCost', newCost({ directCostDate: today }));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const other = await api.post('pm', '/api/pfm/CreateDirectCost', newCost({ 'items[1].costCodeId': line('M', 2), 'items[0].amount': 'abc' }));
    assert.equal(other.status, 400);
    const byField = Object.fromEntries(other.body.data.map((f: Row) => [f.stringValue, f.message]));
    assert.equal(byField['items[1].costCodeId'], 'Line 2: choose a cost code of this budget.');
    assert.equal(byField['items[0].amount'], 'Line 1: the amount must be a number.');
  });

  it('saves a Draft (the whole item list), refuses clearing every item, and refuses edits once pending (field security)', async () => {
    const record = await create();
    const saved = await api.post('pm', '/api/pfm/SaveDirectCost', {
      DirectCostId: record.directCostId, OldRecordStateId: record.applicationRecordStateId, amount: '300',
      'items[0].costCodeId': line('M'), 'items[0].description': 'Only line', 'items[0].amount': '300',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body.data.items.map((i: Row) => i.amount), [300]);
    const cleared = await api.post('pm', '/api/pfm/SaveDirectCost', { DirectCostId: record.directCostId, itemsCleared: 'true' });
    assert.equal(cleared.status, 400);
    assert.equal(cleared.body.data[0].message, DIRECT_COST_TEXT.noItems);
    const submitted = await move('pm', saved.body.data, 'Pending Approval');
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const locked = await api.post('pm', '/api/pfm/SaveDirectCost', { DirectCostId: record.directCostId, description: 'Changed later' });
    assert.equal(locked.status, 400);
    assert.equal(locked.body.data[0].message, 'description can not be changed in this state.');
    const stale = await api.post('pm', '/api/pfm/SaveDirectCost', { DirectCostId: record.directCostId, OldRecordStateId: st('Draft'), description: 'x' });
    assert.equal(stale.status, 409);
  });
});

describe('UpdateDirectCostState: the approval workflow', () => {
  it('Draft → Pending Approval → Revise and Resubmit (reason required, kept) → Pending Approval → Approved → Posted; approval posts the cost', async () => {
    const record = await create();
    const costCodeId = line('M');
    const before = await actualToDate(costCodeId);
    const submitted = await move('pm', record, 'Pending Approval');
    assert.equal(submitted.status, 200);
    assert.equal(submitted.body.data.recordStateName, 'Pending Approval');
    assert.equal(submitted.body.data.submittedByEmployeeId, 2);
    // The submitter may not send it back or approve it (approval: the matrix's segregation of duties, a 400 autoAlert).
    const selfApprove = await move('pm', submitted.body.data, 'Approved');
    assert.equal(selfApprove.status, 400);
    assert.equal(selfApprove.body.autoAlert, true);
    assert.equal(selfApprove.body.message, 'You submitted this direct cost: another person with approval authority must approve it.');
    const selfRevise = await move('pm', submitted.body.data, 'Draft', { Reason: 'x' });
    assert.equal(selfRevise.status, 403);
    assert.equal(selfRevise.body.message, DIRECT_COST_TEXT.approverOnly('Revise and Resubmit'));
    // Revise and Resubmit needs a reason.
    const noReason = await move('rpm', submitted.body.data, 'Draft', { Reason: '   ' });
    assert.equal(noReason.status, 400);
    assert.equal(noReason.body.data[0].message, DIRECT_COST_TEXT.reasonRequired);
    const revised = await move('rpm', submitted.body.data, 'Draft', { Reason: 'Split the freight <b>onto</b> its own line' });
    assert.equal(revised.status, 200);
    assert.equal(revised.body.data.recordStateName, 'Draft');
    assert.equal(revised.body.data.reviseReason, 'Split the freight <b>onto</b> its own line');
    assert.equal(revised.body.data.revisedByName, 'Linda Okafor');
    const again = await move('pm', revised.body.data, 'Pending Approval');
    assert.equal(again.status, 200);
    assert.equal(await actualToDate(costCodeId), before, 'nothing posted before approval');
    const approved = await move('rpm', again.body.data, 'Approved');
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const rows = host.db.prepare("SELECT costCodeId, amount, sourceType, documentNumber FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost' AND sourceRecordId = ? ORDER BY rowid")
      .all(record.directCostId) as Row[];
    assert.deepEqual(rows.map((r) => [r.amount, r.sourceType, r.documentNumber]), [[1000, 'Direct Cost', record.number], [250.5, 'Direct Cost', record.number]]);
    assert.equal(await actualToDate(costCodeId), Math.round((before + 1000) * 100) / 100);
    const transactions = await api.get('pm', '/api/pfm/getcostcodetransaction', { recordKey: 'CostCode', recordId: costCodeId });
    assert.ok(transactions.body.data.some((t: Row) => t.sourceRecordKey === 'DirectCost' && t.sourceRecordId === record.directCostId && t.amount === 1000));
    const posted = await move('pm', approved.body.data, 'Posted');
    assert.equal(posted.status, 200);
    assert.equal(posted.body.data.closed, true);
    assert.equal(one("SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost' AND sourceRecordId = ?", record.directCostId).n, 2, 'posted once');
  });

  it('voiding an approved direct cost takes its cost off the job again; admin approves too', async () => {
    const record = await create();
    const costCodeId = line('M');
    const before = await actualToDate(costCodeId);
    const submitted = await move('pm', record, 'Pending Approval');
    const approved = await move('admin', submitted.body.data, 'Approved');
    assert.equal(approved.status, 200);
    assert.equal(await actualToDate(costCodeId), Math.round((before + 1000) * 100) / 100);
    const voided = await move('pm', approved.body.data, 'Void');
    assert.equal(voided.status, 200);
    assert.equal(await actualToDate(costCodeId), before);
  });

  it('a stale OldRecordStateId answers 409; a target that is not offered answers 400 autoAlert', async () => {
    const record = await create();
    const stale = await api.post('pm', '/api/pfm/UpdateDirectCostState', { ItemId: record.directCostId, OldRecordStateId: st('Pending Approval'), RouteStateId: st('Approved') });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateName, 'Draft');
    const skip = await move('rpm', record, 'Approved');
    assert.equal(skip.status, 400);
    assert.equal(skip.body.autoAlert, true);
  });

  it('a direct cost on a locked budget can not be approved (the refusal says why); a rule broken in the database blocks submission', async () => {
    // Project 13's budget is locked (SEED_FACTS.lockedProjectIds): a Draft made before the lock.
    const budget = one('SELECT budgetId, jobNumber, budgetLockReason FROM budgets WHERE projectId = 13 AND budgetLock = 1');
    host.db.prepare('UPDATE budgets SET budgetLock = 0 WHERE budgetId = ?').run(budget.budgetId);
    const answer = await api.post('pm', '/api/pfm/CreateDirectCost', newCost({
      ProjectId: 13, 'items[0].costCodeId': line('M', budget.budgetId), 'items[1].costCodeId': line('M', budget.budgetId),
    }));
    host.db.prepare('UPDATE budgets SET budgetLock = 1 WHERE budgetId = ?').run(budget.budgetId);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const submitted = await move('pm', answer.body.data, 'Pending Approval');
    assert.equal(submitted.status, 200);
    const refused = await move('rpm', submitted.body.data, 'Approved');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.message, DIRECT_COST_TEXT.budgetLocked(budget.jobNumber, budget.budgetLockReason));
    assert.equal(one('SELECT applicationRecordStateId AS s FROM direct_costs WHERE directCostId = ?', answer.body.data.directCostId).s, st('Pending Approval'));

    const broken = await create();
    host.db.prepare('UPDATE direct_costs SET amount = 5 WHERE directCostId = ?').run(broken.directCostId);
    const blocked = await move('pm', { ...broken, applicationRecordStateId: st('Draft') }, 'Pending Approval');
    assert.equal(blocked.status, 400);
    assert.match(blocked.body.message, /must add up to it/);
  });
});

describe('direct costs: roles and bad input', () => {
  it('employee and viewer are refused every direct cost call (403); no token 401', async () => {
    for (const login of ['employee', 'viewer']) {
      for (const [path, form] of [
        ['/api/pfm/CreateDirectCost', newCost()], ['/api/pfm/SaveDirectCost', { DirectCostId: 1, description: 'x' }],
        ['/api/pfm/UpdateDirectCostState', { ItemId: 1, OldRecordStateId: st('Draft'), RouteStateId: st('Pending Approval') }],
      ] as const) {
        assert.equal((await api.post(login, path, form as Form)).status, 403, `${login} ${path}`);
      }
      assert.equal((await api.get(login, '/api/pfm/getdirectcosts', { recordKey: 'Project', recordId: 1 })).status, 403);
    }
    assert.equal((await api.post(null, '/api/pfm/CreateDirectCost', newCost())).status, 401);
  });

  it('bad input answers 4xx with a clear message, never 500', async () => {
    const cases: Array<[string, Form, number]> = [
      ['/api/pfm/CreateDirectCost', { ...newCost(), ProjectId: 'abc' }, 400],
      ['/api/pfm/CreateDirectCost', { ...newCost(), ProjectId: 99999 }, 404],
      ['/api/pfm/CreateDirectCost', { ...newCost(), BudgetId: 2 }, 400],
      ['/api/pfm/CreateDirectCost', { ...newCost(), directCostTypeId: 'x' }, 400],
      ['/api/pfm/CreateDirectCost', { ...newCost(), vendorId: '999999' }, 400],
      ['/api/pfm/CreateDirectCost', { ...newCost(), amount: '1e5' }, 400],
      ['/api/pfm/CreateDirectCost', { ...newCost(), invoiceNumber: 'x'.repeat(51) }, 400],
      ['/api/pfm/SaveDirectCost', { DirectCostId: 999999 }, 404],
      ['/api/pfm/SaveDirectCost', { DirectCostId: -5 }, 400],
      ['/api/pfm/UpdateDirectCostState', { ItemId: 1 }, 400],
      ['/api/pfm/UpdateDirectCostState', { ItemId: 1, OldRecordStateId: 1, RouteStateId: 999999 }, 409],
    ];
    for (const [path, form, status] of cases) {
      const answer = await api.post('pm', path, form);
      assert.equal(answer.status, status, `${path} ${JSON.stringify(form).slice(0, 120)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.ok(typeof answer.body.message === 'string' && answer.body.message.length > 0);
    }
  });
});
