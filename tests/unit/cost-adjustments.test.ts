import { expect } from 'chai';
import { COST_ADJUSTMENT_RULE_TEXT, itemsNet, postRefusal } from '../../src/core/cost-adjustments/contract';
import { costAdjustmentTotals, isUnreconciled, type CostAdjustment } from '../../src/features/cost-adjustments';
import { ITEMS, OPEN } from '../elements/cost-adjustments-support';

describe('cost adjustments: rules', () => {
  it('unreconciled: a non-zero amount (below 1e-6 is 0) and no linked item', () => {
    expect(isUnreconciled({ amount: 1500, linkedItemId: null })).to.equal(true);
    expect(isUnreconciled({ amount: 1500, linkedItemId: 7 })).to.equal(false);
    expect(isUnreconciled({ amount: 0.0000009, linkedItemId: null })).to.equal(false);
    expect(isUnreconciled({ amount: -0.000001, linkedItemId: null })).to.equal(true);
    expect(isUnreconciled({ amount: 10, linkedItemId: null, items: [ITEMS[0] as never] })).to.equal(false);
  });

  it('totals: the amount, and how much of it is unreconciled', () => {
    expect(costAdjustmentTotals(OPEN as CostAdjustment[])).to.deep.equal({ count: 3, amount: 1250, unreconciledCount: 1, unreconciledAmount: 1500 });
  });

  it('posting: unreconciled first, then a transfer must net to zero, else the items must match the amount', () => {
    expect(postRefusal({ number: 'CA-1', amount: 1500 }, [])).to.equal(COST_ADJUSTMENT_RULE_TEXT.unreconciled('CA-1', 1500));
    expect(COST_ADJUSTMENT_RULE_TEXT.unreconciled('CA-1', 1500)).to.equal(
      'CA-1 is unreconciled: its amount of $1,500.00 is not on any budget line yet. Add items that account for it before posting it, or void it.');
    const items = [{ costAdjustmentItemId: 1, amount: -1500 }, { costAdjustmentItemId: 2, amount: 1000 }];
    expect(postRefusal({ number: 'CA-1', amount: 1500, transfer: true }, items)).to.equal(
      'CA-1 moves budget between lines, so its items must net to zero before it is posted. They net to -$500.00.');
    expect(postRefusal({ number: 'CA-1', amount: 1500, transfer: true }, [items[0]!, { costAdjustmentItemId: 2, amount: 1500 }])).to.equal(null);
    expect(postRefusal({ number: 'CA-1', amount: 1500 }, items)).to.equal(COST_ADJUSTMENT_RULE_TEXT.itemsNotAmount('CA-1', -500, 1500));
    expect(postRefusal({ number: 'CA-1', amount: -500 }, items)).to.equal(null);
    expect(postRefusal({ number: 'CA-1', amount: 0.0000001 }, [])).to.equal(null);
    expect(itemsNet([{ amount: 0.1 }, { amount: 0.2 }, { amount: -0.3 }])).to.equal(0);
  });
});
