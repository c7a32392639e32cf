import { expect } from 'chai';
import { applyEdit, autoCostToComplete, computeTotals, divisionLabel, readEntry } from '../../src/features/projections/lines';
import { LINES } from '../elements/projection-grid-support';

describe('projection lines: rules (src/features/projections/lines.ts)', () => {
  it("reads entries with the §5 number rule: '1.2.3' → empty and invalid, '$1,200' → 1200, '007' → 7", () => {
    expect(readEntry('1.2.3')).to.deep.equal({ text: '', value: null, invalid: true, empty: false });
    expect(readEntry('$1,200')).to.deep.include({ value: 1200, text: '1200', invalid: false });
    expect(readEntry('007')).to.deep.include({ value: 7, text: '7', invalid: false });
    expect(readEntry('abc')).to.deep.include({ value: null, invalid: true });
    expect(readEntry('  ')).to.deep.include({ empty: true, invalid: false });
    expect(readEntry('-$5.50')).to.deep.include({ value: -5.5 });
  });

  it('computes the automatic cost to complete as the API does: max(0, budget left, remaining commitment)', () => {
    expect(autoCostToComplete({ currentBudget: 1000, actualToDate: 400, remainingCommitment: 100 })).to.equal(600);
    expect(autoCostToComplete({ currentBudget: 1000, actualToDate: 400, remainingCommitment: 800 })).to.equal(800);
    expect(autoCostToComplete({ currentBudget: 1000, actualToDate: 1400, remainingCommitment: 0 })).to.equal(0);
  });

  it('applies a manual value: final cost = actual + cost to complete, over/under = budget − final, variance to prior', () => {
    const row = applyEdit(LINES[1]!, { method: 'manual', value: 700, text: '700', invalid: false, reason: 'Rework' }, '');
    expect(row).to.deep.include({ projectionMethod: 'manual', projectedCostToComplete: 700, projectedFinalCost: 1100, overUnder: -100, varianceToPrior: 150, projectionReason: 'Rework', unsaved: true });
  });

  it('adds up subtotals per division and the grand total in one pass (nulls skipped)', () => {
    const rows = LINES.map((l) => applyEdit(l, undefined, ''));
    const totals = computeTotals(rows, '');
    expect(totals.grand).to.deep.include({ lineCount: 3, originalBudget: 3234.5, projectedFinalCost: 3534.5, overUnder: -300, priorMonthProjection: 2150, varianceToPrior: 84.5 });
    expect(totals.byDivision.get('03')).to.deep.include({ lineCount: 2, originalBudget: 2234.5, projectedCostToComplete: 1600 });
    expect(totals.byDivision.get('05')).to.deep.include({ lineCount: 1, originalBudget: 1000, overUnder: -300 });
    expect(totals.byDivision.get('05')?.varianceToPrior).to.equal(undefined);
    const sumOfSubtotals = [...totals.byDivision.values()].reduce((sum, s) => sum + (s.currentBudget ?? 0), 0);
    expect(sumOfSubtotals).to.equal(totals.grand.currentBudget);
  });

  it("names divisions by CSI: '03' → '03 Concrete', '05' → '05 Metals'", () => {
    expect(divisionLabel('03')).to.equal('03 Concrete');
    expect(divisionLabel('05')).to.equal('05 Metals');
    expect(divisionLabel('99')).to.equal('99');
  });
});
