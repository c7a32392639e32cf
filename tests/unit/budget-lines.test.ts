import { expect } from 'chai';
import { costCodeDigits, costCodesFor, isSelectableCostType, sortByDate, sourceText, totalAmount, validateCostCode } from '../../src/features/budget-lines';
import { TRANSACTIONS } from '../elements/budget-lines-support';
import { COST_CODES } from '../elements/commitments-support';

describe('budget lines: rules', () => {
  it('a cost code is 8 digits, typed with or without dashes', () => {
    expect(costCodeDigits('03-3000-00')).to.equal('03300000');
    expect(costCodeDigits('03300000')).to.equal('03300000');
    expect(costCodeDigits('03-3000')).to.equal(null);
    expect(costCodeDigits('0330000a')).to.equal(null);
  });

  it('invalid values block; a line already on the budget is refused; no or a negative original budget only informs or warns', () => {
    const existing = new Set(['09200000|S']);
    const levels = (values: Parameters<typeof validateCostCode>[0]) => validateCostCode(values, existing).map((f) => [f.stringValue, f.integerValue]);
    expect(levels({ code: '', description: '', costType: '', originalBudget: '' })).to.deep.equal([
      ['code', 1], ['description', 1], ['costType', 1], ['originalBudget', 3],
    ]);
    expect(levels({ code: '09-2000-00', description: 'Drywall', costType: 'S', originalBudget: '100' })).to.deep.equal([['code', 1]]);
    expect(levels({ code: '09-2000-00', description: 'Drywall', costType: 'L', originalBudget: '-5' })).to.deep.equal([['originalBudget', 2]]);
    expect(levels({ code: '09-2000-00', description: 'Drywall', costType: 'A', originalBudget: '5' })).to.deep.equal([['costType', 1]]);
  });

  it('sorted by date, oldest first, posting order kept within a day; the total in cents; the source is type and number', () => {
    expect(sortByDate(TRANSACTIONS).map((r) => r.costCodeTransactionId)).to.deep.equal([2, 1, 3]);
    expect(TRANSACTIONS.map((r) => r.costCodeTransactionId)).to.deep.equal([1, 2, 3]);
    expect(totalAmount(TRANSACTIONS)).to.equal(300.6);
    expect(totalAmount([{ amount: null }])).to.equal(0);
    expect(sourceText(TRANSACTIONS[0]!)).to.equal('Subcontract SC-001');
    expect(sourceText(TRANSACTIONS[2]!)).to.equal('Direct Cost');
  });

  it('cost codes offered: the budget’s lines of the chosen type only; cost types A and F never', () => {
    expect(costCodesFor(COST_CODES, 1, 'S').map((c) => c.costCodeId)).to.deep.equal([101, 102]);
    expect(costCodesFor(COST_CODES, 1, 'l').map((c) => c.costCodeId)).to.deep.equal([103]);
    expect(costCodesFor(COST_CODES, 2, 'S').map((c) => c.costCodeId)).to.deep.equal([201]);
    expect(costCodesFor(COST_CODES, 1, 'A')).to.deep.equal([]);
    expect(costCodesFor(COST_CODES, 1, 'F')).to.deep.equal([]);
    expect(costCodesFor(COST_CODES, 1, '')).to.deep.equal([]);
    expect(['L', 'M', 'W', 'E', 'S', 'R', 'A', 'F'].filter(isSelectableCostType)).to.deep.equal(['L', 'M', 'W', 'E', 'S', 'R']);
  });
});
