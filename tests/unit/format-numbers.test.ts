import { expect } from 'chai';
import {
  COST_ADJUSTMENT_EPSILON,
  formatMoney,
  formatNumber,
  formatPercent,
  isUnreconciledCostAdjustment,
  normalizeCostAdjustmentAmount,
  parseNumber,
  sanitizeNumber,
} from '../../src/core/format';

describe('format: numbers (§5 number rule, §9 US locale and USD)', () => {
  describe('sanitizeNumber', () => {
    const cases: Array<[string | number | null | undefined, string]> = [
      // keeps digits, a minus sign and one decimal point
      ['1234.50', '1234.50'],
      ['$1,234.50', '1234.50'],
      [' 12 ', '12'],
      ['abc', ''],
      ['12abc34', '1234'],
      // more than one decimal point → empty
      ['1.2.3', ''],
      ['1..2', ''],
      ['$1.234.50', ''],
      // leading zeros removed, one 0 kept before the point or alone
      ['007.5', '7.5'],
      ['000', '0'],
      ['0', '0'],
      ['0.25', '0.25'],
      ['00.25', '0.25'],
      ['-0012', '-12'],
      ['100', '100'],
      ['10.05', '10.05'],
      // minus only at the start
      ['-5', '-5'],
      ['--5', '-5'],
      ['12-3', '123'],
      ['-$5', '-5'],
      ['$-5', '-5'],
      ['5-', '5'],
      // partial input is left as typed
      ['-', '-'],
      ['1.', '1.'],
      ['.5', '.5'],
      // empty and missing
      ['', ''],
      [null, ''],
      [undefined, ''],
      // numbers in plain decimal notation
      [1234.5, '1234.5'],
      [-12, '-12'],
      [1e-7, '0.0000001'],
      [-0, '0'],
      [Number.NaN, ''],
      [Number.POSITIVE_INFINITY, ''],
    ];
    for (const [input, expected] of cases) {
      it(`${JSON.stringify(input) ?? String(input)} → '${expected}'`, () => {
        expect(sanitizeNumber(input)).to.equal(expected);
      });
    }
  });

  describe('parseNumber', () => {
    it('parses the sanitised value', () => {
      expect(parseNumber('$1,234.50')).to.equal(1234.5);
      expect(parseNumber('-0012')).to.equal(-12);
      expect(parseNumber(' 12 ')).to.equal(12);
      expect(parseNumber(7.25)).to.equal(7.25);
    });
    it('returns null when nothing numeric is left', () => {
      for (const input of ['', '-', '.', '-.', 'abc', '1.2.3', null, undefined]) {
        expect(parseNumber(input), String(input)).to.equal(null);
      }
    });
    it('returns 0, not -0, for negative zero', () => {
      expect(Object.is(parseNumber('-0'), 0)).to.equal(true);
    });
  });

  describe('formatMoney', () => {
    it('formats US dollars with grouping and two decimals', () => {
      expect(formatMoney(1234.5)).to.equal('$1,234.50');
      expect(formatMoney(0)).to.equal('$0.00');
      expect(formatMoney(1234567.891)).to.equal('$1,234,567.89');
    });
    it("shows negatives as '-$1,234.50', or in parentheses with accounting", () => {
      expect(formatMoney(-1234.5)).to.equal('-$1,234.50');
      expect(formatMoney(-1234.5, { accounting: true })).to.equal('($1,234.50)');
      expect(formatMoney(1234.5, { accounting: true })).to.equal('$1,234.50');
    });
    it('never shows a minus on an amount that rounds to zero', () => {
      expect(formatMoney(-0.001)).to.equal('$0.00');
      expect(formatMoney(-0)).to.equal('$0.00');
    });
    it('takes fractionDigits', () => {
      expect(formatMoney(1234.5, { fractionDigits: 0 })).to.equal('$1,235');
    });
    it('reads strings with the number rule', () => {
      expect(formatMoney('$1,234.5')).to.equal('$1,234.50');
      expect(formatMoney('-1234.5')).to.equal('-$1,234.50');
    });
    it('is blank for null, undefined, NaN, Infinity and non-numbers', () => {
      for (const input of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1.2.3']) {
        expect(formatMoney(input), String(input)).to.equal('');
      }
    });
  });

  describe('formatNumber and formatPercent', () => {
    it('groups with up to 3 decimals by default, or exactly fractionDigits', () => {
      expect(formatNumber(1234567.891)).to.equal('1,234,567.891');
      expect(formatNumber(1234.5, 2)).to.equal('1,234.50');
      expect(formatNumber(-1234.5, 0)).to.equal('-1,235');
      expect(formatNumber('007.5')).to.equal('7.5');
      expect(formatNumber(null)).to.equal('');
      expect(formatNumber(Number.NaN)).to.equal('');
    });
    it('formats a ratio as a percentage', () => {
      expect(formatPercent(0.1)).to.equal('10%');
      expect(formatPercent(0.125, 1)).to.equal('12.5%');
      expect(formatPercent(-0.05)).to.equal('-5%');
      expect(formatPercent(undefined)).to.equal('');
    });
  });

  describe('cost adjustments (§5, §9: amounts below 1e-6 count as 0)', () => {
    it('exports the 1e-6 boundary', () => {
      expect(COST_ADJUSTMENT_EPSILON).to.equal(1e-6);
    });
    it('turns amounts whose absolute value is below 1e-6 into 0', () => {
      expect(normalizeCostAdjustmentAmount(1e-7)).to.equal(0);
      expect(Object.is(normalizeCostAdjustmentAmount(-1e-7), 0)).to.equal(true);
      expect(normalizeCostAdjustmentAmount(9.99e-7)).to.equal(0);
      expect(normalizeCostAdjustmentAmount(0.1 + 0.2 - 0.3)).to.equal(0);
      expect(normalizeCostAdjustmentAmount(Number.NaN)).to.equal(0);
    });
    it('keeps 1e-6 itself and anything larger', () => {
      expect(normalizeCostAdjustmentAmount(1e-6)).to.equal(1e-6);
      expect(normalizeCostAdjustmentAmount(-1e-6)).to.equal(-1e-6);
      expect(normalizeCostAdjustmentAmount(125.5)).to.equal(125.5);
    });
    it('is unreconciled with a non-zero amount and no linked item', () => {
      expect(isUnreconciledCostAdjustment({ amount: 100 })).to.equal(true);
      expect(isUnreconciledCostAdjustment({ amount: -100, linkedItemId: null })).to.equal(true);
      expect(isUnreconciledCostAdjustment({ amount: 100, linkedItemId: -1 })).to.equal(true);
    });
    it('is reconciled with a linked item, or with an amount that counts as 0', () => {
      expect(isUnreconciledCostAdjustment({ amount: 100, linkedItemId: 42 })).to.equal(false);
      expect(isUnreconciledCostAdjustment({ amount: 0 })).to.equal(false);
      expect(isUnreconciledCostAdjustment({ amount: 1e-7 })).to.equal(false);
      expect(isUnreconciledCostAdjustment({ amount: -1e-7, linkedItemId: null })).to.equal(false);
    });
  });
});
