import { expect } from 'chai';
import { costCodeHeaderFilter } from '../../src/features/projections/columns';
import { applyEdit, autoCostToComplete, computeTotals, divisionLabel, lineLabel, readEntry } from '../../src/features/projections/lines';
import { LINES } from '../elements/projection-grid-support';

describe('projection lines: rules (src/features/projections/lines.ts)', () => {
  it("reads entries with parseAmount: '1.2.3' → empty and invalid with its message, '$1,200' → 1200, '007' → 7, '12k' → 12000", () => {
    expect(readEntry('1.2.3')).to.deep.equal({ text: '', value: null, invalid: true, empty: false, message: "'1.2.3' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m." });
    expect(readEntry('12k')).to.deep.equal({ text: '12000', value: 12000, invalid: false, empty: false });
    expect(readEntry('1.5m')).to.deep.include({ value: 1500000 });
    expect(readEntry('(500)')).to.deep.include({ value: -500 });
    // Never read as something else: '12x' is refused, not $12.00.
    expect(readEntry('12x')).to.deep.include({ value: null, invalid: true });
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

  it('a negative cost to complete without a reason is refused at the line; with one it warns; below the remaining commitment warns', () => {
    const line = { ...LINES[1]!, remainingCommitment: 500 };
    const negative = applyEdit(line, { method: 'manual', value: -100, text: '-100', invalid: false, reason: '' }, '');
    expect(negative.entryError).to.equal('03-3000-00 Subcontract: a negative cost to complete needs a reason (which credits are still to come).');
    const explained = applyEdit(line, { method: 'manual', value: -100, text: '-100', invalid: false, reason: 'Credit from the supplier' }, '');
    expect(explained.entryError).to.equal(null);
    expect(explained.entryWarning).to.contain('a negative cost to complete expects credits still to come.');
    const below = applyEdit(line, { method: 'manual', value: 300, text: '300', invalid: false, reason: '' }, '');
    expect([below.entryError, below.entryWarning]).to.deep.equal([null, '03-3000-00 Subcontract: the cost to complete ($300.00) is below the remaining committed cost ($500.00).']);
    expect(applyEdit(line, { method: 'manual', value: 600, text: '600', invalid: false, reason: '' }, '').entryWarning).to.equal(null);
    // An invalid entry carries its own refusal.
    expect(applyEdit(line, { method: 'manual', value: null, text: '', invalid: true, reason: '', message: 'not an amount' }, '').entryError).to.equal('not an amount');
  });

  it('with pending included: projected final cost = estimate at completion with pending, over/under against the budget with pending', () => {
    const line = { ...LINES[1]!, pendingBudgetChanges: 250, pendingCostChanges: 400 };
    const plain = applyEdit(line, undefined, '');
    expect(plain).to.deep.include({ projectedFinalCost: 1000, overUnder: 0, currentBudgetWithPending: 1250, estimateAtCompletionWithPending: 1400 });
    const withPending = applyEdit(line, undefined, '', { includePending: true });
    expect(withPending).to.deep.include({ projectedFinalCost: 1400, overUnder: -150, currentBudget: 1000 });
    // An edit moves both; the variance to the prior month stays on the approved figures.
    const edited = applyEdit(line, { method: 'manual', value: 700, text: '700', invalid: false, reason: '' }, '', { includePending: true });
    expect(edited).to.deep.include({ projectedFinalCost: 1500, overUnder: -250, varianceToPrior: 150, estimateAtCompletionWithPending: 1500 });
    const totals = computeTotals([withPending], '');
    expect(totals.grand).to.deep.include({ pendingBudgetChanges: 250, pendingCostChanges: 400, projectedFinalCost: 1400 });
  });

  it('a plug: the units grid shows units × unit cost, projected units = actual + units to complete; unplugged lines show what their cost to complete amounts to', () => {
    const line = { ...LINES[1]!, budgetUnits: 100, actualUnits: 40, projectedUnits: 100, budgetUnitCost: 10, actualUnitCost: 10, projectedUnitCost: 10 };
    expect(applyEdit(line, undefined, 'unit')).to.deep.include({ unitsToComplete: 60, unitCost: 10, pluggedBy: null });
    const plugged = applyEdit(line, { method: 'manual', value: 750, text: '750', invalid: false, reason: '', plug: { by: 'units', quantity: 50, rate: 15 } }, 'unit');
    expect(plugged).to.deep.include({ projectedCostToComplete: 750, projectedFinalCost: 1150, pluggedBy: 'units', pluggedQuantity: 50, pluggedRate: 15, unitsToComplete: 50, unitCost: 15, projectedUnits: 90 });
    // As saved (no edit): the server's plug shows.
    const saved = applyEdit({ ...line, projectionMethod: 'manual', pluggedBy: 'units', pluggedQuantity: 50, pluggedRate: 15 }, undefined, 'unit');
    expect(saved).to.deep.include({ unitsToComplete: 50, unitCost: 15 });
    // A typed amount drops the plug.
    expect(applyEdit({ ...line, projectionMethod: 'manual', pluggedBy: 'units', pluggedQuantity: 50, pluggedRate: 15 },
      { method: 'manual', value: 100, text: '100', invalid: false, reason: '' }, 'unit')).to.deep.include({ pluggedBy: null, unitCost: 10 });
    const hours = { ...LINES[0]!, budgetHours: 20, actualHours: 8, projectedHours: 20, budgetRate: 50, actualRate: 50, projectedRate: 50 };
    expect(applyEdit(hours, { method: 'manual', value: 300, text: '300', invalid: false, reason: '', plug: { by: 'hours', quantity: 6, rate: 50 } }, 'hour'))
      .to.deep.include({ hoursToComplete: 6, rate: 50, projectedHours: 14 });
  });

  it("the cost-code filter finds a code as displayed or bare: '06-2000' and '062000' both find 06-2000-00", () => {
    expect(costCodeHeaderFilter('06-2000', '06200000')).to.equal(true);
    expect(costCodeHeaderFilter('062000', '06200000')).to.equal(true);
    expect(costCodeHeaderFilter('06-3000', '06200000')).to.equal(false);
    expect(costCodeHeaderFilter('', '06200000')).to.equal(true);
    expect(lineLabel({ code: '06200000', type: 'L', costTypeName: 'Labor' })).to.equal('06-2000-00 Labor');
  });

  it("names divisions by CSI: '03' → '03 Concrete', '05' → '05 Metals'", () => {
    expect(divisionLabel('03')).to.equal('03 Concrete');
    expect(divisionLabel('05')).to.equal('05 Metals');
    expect(divisionLabel('99')).to.equal('99');
  });
});
