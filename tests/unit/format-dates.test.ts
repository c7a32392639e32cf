import { expect } from 'chai';
import { formatDate, formatDateTime, formatDueDate, timecardDueInstant } from '../../src/core/format';

// The test browser runs in America/Chicago with locale en-US (web-test-runner.config.mjs).
describe('format: dates (§5, §9)', () => {
  it('runs in the pinned time zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).to.equal('America/Chicago');
  });

  describe('formatDate', () => {
    it("shows 'MM/DD/YYYY' in en-US", () => {
      expect(formatDate('2026-03-15')).to.equal('03/15/2026');
      expect(formatDate(new Date(2026, 0, 5))).to.equal('01/05/2026');
      expect(formatDate('3/5/2026')).to.equal('03/05/2026');
    });

    it('never shifts a date-only string by the time zone', () => {
      // new Date('2026-03-15') would be UTC midnight, the 14th in Chicago.
      expect(formatDate('2026-03-15')).to.equal('03/15/2026');
      expect(formatDate('2026-01-01')).to.equal('01/01/2026');
      expect(formatDate('2026-03-08')).to.equal('03/08/2026'); // the spring DST change day
      expect(formatDate('2026-11-01')).to.equal('11/01/2026'); // the autumn DST change day
      expect(formatDate('2026-03-15T00:00:00')).to.equal('03/15/2026');
    });

    it('reads an instant with a zone in the local time zone', () => {
      expect(formatDate('2026-03-15T03:00:00Z')).to.equal('03/14/2026');
      expect(formatDate('2026-03-15T12:00:00Z')).to.equal('03/15/2026');
    });

    it('shows 1/1/1990 and blanks anything earlier', () => {
      expect(formatDate('01/01/1990')).to.equal('01/01/1990');
      expect(formatDate('1990-01-01')).to.equal('01/01/1990');
      expect(formatDate(new Date(1990, 0, 1))).to.equal('01/01/1990');
      expect(formatDate('12/31/1989')).to.equal('');
      expect(formatDate('1989-12-31')).to.equal('');
      expect(formatDate(new Date(1989, 11, 31, 23, 59))).to.equal('');
      expect(formatDate('0001-01-01')).to.equal('');
    });

    it('blanks input strings shorter than 6 characters', () => {
      expect(formatDate('1/1/9')).to.equal('');
      expect(formatDate('2026')).to.equal('');
      expect(formatDate('')).to.equal('');
      expect(formatDate('   ')).to.equal('');
    });

    it('blanks invalid dates and missing values', () => {
      expect(formatDate('not a date')).to.equal('');
      expect(formatDate('2026-02-30')).to.equal('');
      expect(formatDate('13/01/2026')).to.equal('');
      expect(formatDate(new Date(Number.NaN))).to.equal('');
      expect(formatDate(null)).to.equal('');
      expect(formatDate(undefined)).to.equal('');
    });
  });

  describe('formatDateTime', () => {
    it("shows 'MM/DD/YYYY, h:mm AM/PM' in local time", () => {
      expect(formatDateTime('2026-03-15T14:30:00')).to.equal('03/15/2026, 2:30 PM');
      expect(formatDateTime('2026-03-15')).to.equal('03/15/2026, 12:00 AM');
      expect(formatDateTime('2026-07-01T17:05:00Z')).to.equal('07/01/2026, 12:05 PM'); // CDT, UTC-5
    });
    it('applies the same blank rules', () => {
      expect(formatDateTime('1989-12-31T23:59:00')).to.equal('');
      expect(formatDateTime('1/1/9')).to.equal('');
      expect(formatDateTime('garbage')).to.equal('');
      expect(formatDateTime(null)).to.equal('');
    });
  });

  describe('timecardDueInstant (§9: due at midnight Central)', () => {
    const cases: Array<[string, string]> = [
      ['2026-03-07', '2026-03-08T06:00:00.000Z'], // ends in CST, UTC-6
      ['2026-03-08', '2026-03-09T05:00:00.000Z'], // spring change day: midnight after it is CDT, UTC-5
      ['2026-10-31', '2026-11-01T05:00:00.000Z'], // ends in CDT
      ['2026-11-01', '2026-11-02T06:00:00.000Z'], // autumn change day: midnight after it is CST
      ['2026-12-31', '2027-01-01T06:00:00.000Z'], // across a year end
      ['2028-02-28', '2028-02-29T06:00:00.000Z'], // leap year
    ];
    for (const [weekEnding, due] of cases) {
      it(`week ending ${weekEnding} is due at ${due}`, () => {
        expect(timecardDueInstant(weekEnding).toISOString()).to.equal(due);
      });
    }

    it('reads a Date by its local day', () => {
      expect(timecardDueInstant(new Date(2026, 2, 8, 15, 30)).toISOString()).to.equal('2026-03-09T05:00:00.000Z');
      expect(timecardDueInstant(new Date(2026, 10, 1)).toISOString()).to.equal('2026-11-02T06:00:00.000Z');
    });

    it('throws a RangeError for an invalid date', () => {
      expect(() => timecardDueInstant('not a date')).to.throw(RangeError);
      expect(() => timecardDueInstant('2026-02-30')).to.throw(RangeError);
    });

    it('is displayed in Central time with its zone', () => {
      expect(formatDueDate(timecardDueInstant('2026-03-08'))).to.equal('03/09/2026, 12:00 AM CDT');
      expect(formatDueDate(timecardDueInstant('2026-11-01'))).to.equal('11/02/2026, 12:00 AM CST');
      expect(formatDueDate('2026-11-02T06:00:00.000Z')).to.equal('11/02/2026, 12:00 AM CST');
      expect(formatDueDate(null)).to.equal('');
      expect(formatDueDate('nonsense')).to.equal('');
    });
  });
});
