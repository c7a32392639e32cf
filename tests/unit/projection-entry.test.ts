import { expect } from 'chai';
import {
  entryFeedback, matchesCostCode, parseAmount, parseQuantity, pluggedCostToComplete, unitsAreHours,
} from '../../src/core/projections/entry';

const value = (input: unknown) => {
  const reading = parseAmount(input);
  return reading.kind === 'value' ? reading.value : reading.kind;
};

describe('projection entry rules (src/core/projections/entry.ts)', () => {
  it("reads shorthand and formatted amounts: '12k' is 12,000 (never $12.00), '1.5m' 1,500,000, '$12,000.50', '(500)' is -500", () => {
    expect(value('12k')).to.equal(12_000);
    expect(value('12K')).to.equal(12_000);
    expect(value('1.5m')).to.equal(1_500_000);
    expect(value('2.25M')).to.equal(2_250_000);
    expect(value('$12,000.50')).to.equal(12_000.5);
    expect(value('12000.5')).to.equal(12_000.5);
    expect(value('(500)')).to.equal(-500);
    expect(value('($1,250.75)')).to.equal(-1250.75);
    expect(value('-500')).to.equal(-500);
    expect(value('-$500')).to.equal(-500);
    expect(value('$-500')).to.equal(-500);
    expect(value(' 1 200 ')).to.equal(1200);
    expect(value('.5')).to.equal(0.5);
    expect(value('-0')).to.equal(0);
    expect(Object.is(value('-0'), -0)).to.equal(false);
    expect(value('$12k')).to.equal(12_000);
    expect(value('0.1k')).to.equal(100);
    expect(value('1.234567k')).to.equal(1234.57);
  });

  it('refuses garbage with a message naming what was typed and what to type', () => {
    for (const bad of ['12kk', 'abc', '12,5.3.1', '1.2.3', '12-3', '1,23,000', '12 k m', '--5', '-(500)', '(-500)', '$', '-', 'k', '12x', '1e5', '12,00']) {
      const reading = parseAmount(bad);
      expect(reading.kind, bad).to.equal('refused');
    }
    expect(parseAmount('12kk')).to.deep.equal({ kind: 'refused', message: "'12kk' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m." });
    expect(parseAmount('12.345')).to.deep.equal({ kind: 'refused', message: "'12.345' has more than 2 decimals: an amount is kept to the cent." });
    expect(parseAmount('99999999999999')).to.deep.equal({ kind: 'refused', message: "'99999999999999' is too large." });
    expect(parseAmount('   ')).to.deep.equal({ kind: 'empty' });
    expect(parseAmount(null)).to.deep.equal({ kind: 'empty' });
  });

  it('reads quantities and rates to 4 decimals, with the same suffixes', () => {
    expect(parseQuantity('1,250.5')).to.deep.equal({ kind: 'value', value: 1250.5 });
    expect(parseQuantity('2k')).to.deep.equal({ kind: 'value', value: 2000 });
    expect(parseQuantity('62.1234')).to.deep.equal({ kind: 'value', value: 62.1234 });
    expect(parseQuantity('62.12345')).to.deep.equal({ kind: 'refused', message: "'62.12345' has more than 4 decimals: a quantity is kept to 4 decimals." });
    expect(parseQuantity('lots')).to.deep.equal({ kind: 'refused', message: "'lots' is not a quantity: type for example 120, 1,250.5 or 2k." });
  });

  it('plugs units (or hours) × unit cost (or rate) into a cost to complete, in cents', () => {
    expect(pluggedCostToComplete(120, 62.5)).to.equal(7500);
    expect(pluggedCostToComplete(3, 0.335)).to.equal(1.01);
    expect(pluggedCostToComplete(0.1, 0.2)).to.equal(0.02);
  });

  it('a negative cost to complete needs a reason; below the remaining committed cost warns', () => {
    const field = 'projections[0].value';
    expect(entryFeedback({ costToComplete: -500, reason: '  ', remainingCommitment: 0 }, field, 'Line 1')).to.deep.equal([
      { integerValue: 1, stringValue: field, message: 'Line 1: a negative cost to complete needs a reason (which credits are still to come).' },
    ]);
    expect(entryFeedback({ costToComplete: -500, reason: 'Backcharge to the drywall sub', remainingCommitment: 0 }, field, 'Line 1')).to.deep.equal([
      { integerValue: 2, stringValue: field, message: 'Line 1: a negative cost to complete expects credits still to come.' },
    ]);
    expect(entryFeedback({ costToComplete: 1000, reason: null, remainingCommitment: 25_000.5 }, field, 'Line 2')).to.deep.equal([
      { integerValue: 2, stringValue: field, message: 'Line 2: the cost to complete ($1,000.00) is below the remaining committed cost ($25,000.50).' },
    ]);
    expect(entryFeedback({ costToComplete: 25_000.5, reason: null, remainingCommitment: 25_000.5 }, field, 'Line 2')).to.deep.equal([]);
    expect(entryFeedback({ costToComplete: 0, reason: null, remainingCommitment: 0 }, field, 'Line 2')).to.deep.equal([]);
  });

  it("a labor line measured in hours counts its units as hours; other lines keep their units", () => {
    expect(unitsAreHours({ type: 'L', unitOfMeasure: 'HR' })).to.equal(true);
    expect(unitsAreHours({ type: 'L', unitOfMeasure: ' hrs ' })).to.equal(true);
    expect(unitsAreHours({ type: 'L', unitOfMeasure: 'Hours' })).to.equal(true);
    expect(unitsAreHours({ type: 'M', unitOfMeasure: 'HR' })).to.equal(false);
    expect(unitsAreHours({ type: 'L', unitOfMeasure: 'LS' })).to.equal(false);
    expect(unitsAreHours({ type: 'L', unitOfMeasure: null })).to.equal(false);
  });

  it("the cost-code filter finds a code as displayed or typed bare: '06-2000' and '062000' both", () => {
    expect(matchesCostCode('06-2000', '06200000')).to.equal(true);
    expect(matchesCostCode('062000', '06200000')).to.equal(true);
    expect(matchesCostCode('06-2000', '06-2000-00')).to.equal(true);
    expect(matchesCostCode('062000', '06-2000-00')).to.equal(true);
    expect(matchesCostCode('06 2000 00', '06200000')).to.equal(true);
    expect(matchesCostCode('2000', '06200000')).to.equal(true);
    expect(matchesCostCode('06-3000', '06200000')).to.equal(false);
    expect(matchesCostCode('', '06200000')).to.equal(true);
    expect(matchesCostCode(null, '06200000')).to.equal(true);
    expect(matchesCostCode('abc', '06200000')).to.equal(false);
    expect(matchesCostCode('x', 'X-100')).to.equal(true);
  });
});
