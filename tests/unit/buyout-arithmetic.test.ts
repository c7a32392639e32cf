import { expect } from 'chai';
import { formatPercent } from '../../src/core/format';
import { buyoutLines, buyoutTotals, committedByCostCode, notFullyBoughtOut, shownPercentBoughtOut } from '../../src/features/commitments';

describe('buyout', () => {
  describe('rules', () => {
    it('buyout: committed counts signed commitments (Executed or Closed; purchase orders Issued, Received or Closed) and approved change orders, not Draft nor Pending Signature; remaining and % bought out; totals; the filter', () => {
      const rec = (name: string, items: Array<[number, number]>, extra = {}) => ({ recordStateName: name, items: items.map(([costCodeId, amount]) => ({ costCodeId, amount })), ...extra });
      const committed = committedByCostCode({
        subcontracts: [rec('Executed', [[1, 600]]), rec('Draft', [[1, 999]]), rec('Void', [[2, 999]])],
        purchaseAgreements: [rec('Pending Signature', [[2, 999]]), rec('Executed', [[2, 100]])],
        purchaseOrders: [rec('Issued', [[3, 30]]), rec('Received', [[3, 20]]), rec('Draft', [[3, 999]]), rec('Issued', [[3, 70]], { purchaseAgreementId: 4 })],
        subcontractChangeOrders: [rec('Approved', [[1, 400]]), rec('Pending Approval', [[1, 5]])],
        purchaseAgreementChangeOrders: [],
      } as never);
      expect([...committed.entries()].sort()).to.deep.equal([[1, 1000], [2, 100], [3, 50]]);
      const lines = buyoutLines([
        { costCodeId: 2, code: '05000000', description: 'Steel', type: 'M', currentBudget: 400 },
        { costCodeId: 1, code: '03000000', description: 'Concrete', type: 'S', currentBudget: 1000 },
        { costCodeId: 3, code: '07000000', description: 'Lift', type: 'E', currentBudget: 0 },
        { costCodeId: 4, code: '08000000', description: 'Doors', type: 'S', currentBudget: 0 },
      ], committed);
      expect(lines.map((l) => [l.costCodeId, l.committed, l.remaining, l.percentBoughtOut])).to.deep.equal([
        [1, 1000, 0, 1], [2, 100, 300, 0.25], [3, 50, -50, 1], [4, 0, 0, 0],
      ]);
      expect(lines.filter(notFullyBoughtOut).map((l) => l.costCodeId)).to.deep.equal([2]);
      expect(buyoutTotals(lines)).to.deep.equal({ currentBudget: 1400, committed: 1150, remaining: 250, percentBoughtOut: 1150 / 1400 });
    });

    it('buyout: a line with budget left never reads 100.0%; a bought-out or over-bought line shows its ratio', () => {
      const shown = (remaining: number, percentBoughtOut: number) => formatPercent(shownPercentBoughtOut({ remaining, percentBoughtOut }), 1);
      expect(shown(713, 2_365_119 / 2_365_832)).to.equal('99.9%');
      expect(shown(0.004, 0.9999999)).to.equal('100.0%');
      expect(shown(0, 1)).to.equal('100.0%');
      expect(shown(-50, 1.25)).to.equal('125.0%');
      expect(shown(300, 0.25)).to.equal('25.0%');
    });
  });
});
