/** POST /api/pfm/AddCostCode: a new budget line, validated field by field, refused on locked and roll-up budgets. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

const PATH = '/api/pfm/AddCostCode';
const lineCount = (budgetId: number) => (host.db.prepare('SELECT count(*) AS n FROM cost_codes WHERE budgetId = ?').get(budgetId) as { n: number }).n;

describe('AddCostCode', () => {
  it('adds a line shown 2-4-2 and answers it', async () => {
    const before = lineCount(1);
    const answer = await api.post('pm', PATH, { BudgetId: 1, Code: '09-9123-00', Description: 'Special Coatings', CostType: 's', OriginalBudget: '12500.50' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.costCode.code, '09912300');
    assert.equal(answer.body.data.costCode.type, 'S');
    assert.equal(answer.body.data.costCode.originalBudget, 12500.5);
    assert.equal(answer.body.data.costCode.displayText, '09-9123-00 Special Coatings (S)');
    assert.equal(lineCount(1), before + 1);
  });

  it('refuses bad fields with feedback per field and writes nothing', async () => {
    const before = checksum(host, ['cost_codes']);
    const answer = await api.post('pm', PATH, { BudgetId: 1, Code: '123', Description: '', CostType: 'F', OriginalBudget: '1.2.3' });
    assert.equal(answer.status, 400);
    const fields = answer.body.feedback.map((item: { stringValue: string }) => item.stringValue).sort();
    assert.deepEqual(fields, ['code', 'costType', 'description', 'originalBudget']);
    assert.ok(answer.body.feedback.every((item: { integerValue: number }) => item.integerValue === 1));
    for (const hiddenType of ['A', 'F']) {
      const refused = await api.post('pm', PATH, { BudgetId: 1, Code: '01010000', Description: 'x', CostType: hiddenType, OriginalBudget: '1' });
      assert.equal(refused.status, 400, `cost type ${hiddenType} is never offered`);
    }
    assert.equal(checksum(host, ['cost_codes']), before);
  });

  it('refuses a duplicate line, a locked budget and a roll-up budget', async () => {
    const existing = host.db.prepare('SELECT code, type FROM cost_codes WHERE budgetId = 1 LIMIT 1').get() as { code: string; type: string };
    const duplicate = await api.post('pm', PATH, { BudgetId: 1, Code: existing.code, Description: 'Again', CostType: existing.type, OriginalBudget: '1' });
    assert.equal(duplicate.status, 400);
    assert.match(duplicate.body.feedback[0].message, /already a line of budget/);
    const locked = await api.post('pm', PATH, { BudgetId: 16, Code: '01010000', Description: 'x', CostType: 'L', OriginalBudget: '1' });
    assert.equal(locked.status, 400);
    assert.match(locked.body.feedback[0].message, /is locked/);
    const rollUp = await api.post('pm', PATH, { BudgetId: 6, Code: '01010000', Description: 'x', CostType: 'L', OriginalBudget: '1' });
    assert.equal(rollUp.status, 400);
    assert.match(rollUp.body.feedback[0].message, /roll-up/);
  });

  it('a negative amount is saved with a warning; employee is refused', async () => {
    const answer = await api.post('pm', PATH, { BudgetId: 1, Code: '01999900', Description: 'Credit allowance', CostType: 'R', OriginalBudget: '-500' });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.data.feedback.map((item: { integerValue: number }) => item.integerValue), [2]);
    assert.equal((await api.post('employee', PATH, { BudgetId: 1, Code: '01999901', Description: 'x', CostType: 'L', OriginalBudget: '1' })).status, 403);
  });
});
