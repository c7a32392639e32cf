import { expect } from 'chai';
import {
  allLinesComplete, amountOfPercent, periodProblem, missingLienWaivers, payApplicationFigures, payApplicationNumber, payLineProblems, periodEndOf, retainageRate,
  type PayLineInput,
} from '../../src/core/pay-applications/rules';

const line = (over: Partial<PayLineInput> = {}): PayLineInput => ({ itemId: 1, scheduledValue: 100_000, previousCompleted: 0, thisPeriod: 0, storedMaterials: 0, ...over });
const TEN = { retainagePercent: 10, reduceRetainageAtHalf: false };
const TEN_THEN_FIVE = { retainagePercent: 10, reduceRetainageAtHalf: true };

describe('pay applications (G702/G703 arithmetic)', () => {
  it('figures a line: total completed and stored, percent, balance to finish and retainage at the rate', () => {
    const { lines } = payApplicationFigures([line({ previousCompleted: 20_000, thisPeriod: 15_000, storedMaterials: 5_000 })], TEN, 0);
    expect(lines[0]).to.include({ totalCompletedAndStored: 40_000, percentComplete: 40, balanceToFinish: 60_000, retainage: 4_000 });
  });

  it('totals like G702: earned less retainage, less previous certificates, current payment due', () => {
    const { totals } = payApplicationFigures([
      line({ scheduledValue: 240_000, previousCompleted: 60_000, thisPeriod: 36_000 }),
      line({ itemId: 2, scheduledValue: 60_000, thisPeriod: 12_000, storedMaterials: 3_000 }),
    ], TEN, 54_000);
    expect(totals).to.deep.equal({
      contractSumToDate: 300_000, totalCompletedAndStored: 111_000, percentComplete: 37, retainagePercent: 10, retainage: 11_100,
      totalEarnedLessRetainage: 99_900, previousCertificates: 54_000, currentPaymentDue: 45_900, balanceToFinishIncludingRetainage: 200_100,
    });
  });

  it('reduces retainage to 5% of everything at 50% complete when the terms say so, not a cent before', () => {
    expect(retainageRate(TEN_THEN_FIVE, 0.4999)).to.equal(10);
    expect(retainageRate(TEN_THEN_FIVE, 0.5)).to.equal(5);
    expect(retainageRate(TEN, 0.9)).to.equal(10);
    expect(retainageRate({ retainagePercent: 0, reduceRetainageAtHalf: true }, 0.9)).to.equal(0);
    expect(payApplicationFigures([line({ thisPeriod: 50_000 })], TEN_THEN_FIVE, 0).totals.retainage).to.equal(2_500);
    expect(payApplicationFigures([line({ thisPeriod: 49_999 })], TEN_THEN_FIVE, 0).totals.retainage).to.equal(4_999.9);
  });

  it('the final application releases all retainage', () => {
    const { totals } = payApplicationFigures([line({ previousCompleted: 100_000 })], TEN, 90_000, true);
    expect(totals).to.include({ retainage: 0, retainagePercent: 0, currentPaymentDue: 10_000 });
    expect(allLinesComplete([line({ previousCompleted: 100_000 })])).to.equal(true);
    expect(allLinesComplete([line({ previousCompleted: 99_999.99 })])).to.equal(false);
    expect(allLinesComplete([line({ previousCompleted: 90_000, storedMaterials: 10_000 })])).to.equal(false);
    expect(allLinesComplete([])).to.equal(false);
  });

  it('refuses a line over its scheduled value and negative stored materials, at the boundary', () => {
    expect(payLineProblems(line({ previousCompleted: 60_000, thisPeriod: 40_000 }))).to.deep.equal([]);
    expect(payLineProblems(line({ previousCompleted: 60_000, thisPeriod: 40_000.01 }))).to.deep.equal([
      'Total completed and stored ($100,000.01) may not exceed the scheduled value ($100,000.00).',
    ]);
    expect(payLineProblems(line({ storedMaterials: -0.01 }))).to.deep.equal(['Stored materials may not be negative.']);
    expect(payLineProblems(line({ previousCompleted: 100, thisPeriod: -100 }))).to.deep.equal([]);
    expect(payLineProblems(line({ previousCompleted: 100, thisPeriod: -100.01 }))).to.deep.equal(['Work completed to date may not be negative.']);
  });

  it('turns a percent typed for the period into an amount', () => {
    expect(amountOfPercent(240_000, 40)).to.equal(96_000);
    expect(amountOfPercent(333.33, 33.3)).to.equal(111);
  });

  it('lists the lien waivers missing before Approved for Payment', () => {
    const needs = { currentPaymentDue: 45_900, periodEnd: '2030-03-31', final: false, previous: { number: 'Pay App 01', amount: 54_000, periodEnd: '2030-02-28' } };
    expect(missingLienWaivers(needs, [])).to.deep.equal([
      'A conditional waiver for this payment of $45,900.00 through 2030-03-31.',
      'An unconditional waiver for the previous payment of $54,000.00 (Pay App 01) through 2030-02-28.',
    ]);
    expect(missingLienWaivers(needs, [
      { kind: 'Conditional Progress', amount: 45_900, throughDate: '2030-03-31' },
      { kind: 'Unconditional Progress', amount: 54_000, throughDate: '2030-02-28' },
    ])).to.deep.equal([]);
    // A cent short, a day early, or the wrong kind does not cover.
    expect(missingLienWaivers(needs, [
      { kind: 'Conditional Progress', amount: 45_899.99, throughDate: '2030-03-31' },
      { kind: 'Conditional Progress', amount: 54_000, throughDate: '2030-02-28' },
    ])).to.have.length(2);
    expect(missingLienWaivers({ ...needs, periodEnd: '2030-04-01' }, [{ kind: 'Conditional Progress', amount: 45_900, throughDate: '2030-03-31' }])[0]).to.match(/^A conditional waiver/);
    expect(missingLienWaivers({ ...needs, previous: null }, [{ kind: 'Conditional Progress', amount: 45_900, throughDate: '2030-03-31' }])).to.deep.equal([]);
  });

  it('asks the final application for an unconditional final waiver', () => {
    const needs = { currentPaymentDue: 10_000, periodEnd: '2030-06-30', final: true, previous: null };
    expect(missingLienWaivers(needs, [{ kind: 'Conditional Final', amount: 10_000, throughDate: '2030-06-30' }])).to.deep.equal([
      'An unconditional final waiver for $10,000.00 through 2030-06-30.',
    ]);
    expect(missingLienWaivers(needs, [{ kind: 'Unconditional Final', amount: 10_000, throughDate: '2030-06-30' }])).to.deep.equal([]);
  });

  it('bills by month: the period ends on the month\'s last day', () => {
    expect(periodEndOf('2028-02-10')).to.equal('2028-02-29');
    expect(periodEndOf('2027-02-01')).to.equal('2027-02-28');
    expect(periodEndOf('2026-12-31')).to.equal('2026-12-31');
    expect(payApplicationNumber('SC-24-1032-004', 3)).to.equal('SC-24-1032-004 Pay App 03');
  });

  it('takes applications for any month begun that the accounting close has not closed; later ones have not begun', () => {
    expect(periodProblem('2030-03-31', '2030-03-05')).to.equal(null);
    expect(periodProblem('2030-02-28', '2030-03-05')).to.equal(null);
    // Only the accounting close closes a month: one never closed (or re-opened) still takes a late application.
    expect(periodProblem('2030-01-31', '2030-03-05')).to.equal(null);
    expect(periodProblem('2030-01-31', '2030-03-05', new Set(['2030-01']))).to.equal('The period ending 2030-01-31 is closed: the job\'s forecast period was closed. Bill an open period.');
    expect(periodProblem('2030-01-31', '2030-03-05', new Set(['2030-02']))).to.equal(null);
    expect(periodProblem('2030-04-30', '2030-03-31')).to.match(/^The period ending 2030-04-30 has not begun/);
    expect(periodProblem('2030-03-30', '2030-03-05')).to.equal('The period end must be the last day of a month (2030-03-31, not 2030-03-30).');
    // January: last month is December of the year before.
    expect(periodProblem('2029-12-31', '2030-01-02')).to.equal(null);
    expect(periodProblem('2029-11-30', '2030-01-02', new Set(['2029-11', '2029-12']))).to.match(/is closed/);
  });
});
