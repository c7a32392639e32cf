import { expect } from 'chai';
import {
  addMonthsToDay, addPeriods, centralDayOf, centralInstant, currentPeriod, followServerClock, lastDayOf, now, periodHasEnded,
  periodsBetween, pinClock, setClock, today,
} from '../../src/core/clock';

describe('the one clock (src/core/clock)', () => {
  afterEach(() => {
    setClock(null);
    followServerClock(new Date().toUTCString()); // back in step: no skew
  });

  it('today and the current period are the Central calendar day of the clock, not the UTC one', () => {
    // 05:30 UTC on 1 December is still 30 November in Chicago (CST, UTC-6).
    pinClock('2026-12-01T05:30:00Z');
    expect(today()).to.equal('2026-11-30');
    expect(currentPeriod()).to.equal('2026-11');
    pinClock('2026-12-01T06:00:00Z');
    expect(today()).to.equal('2026-12-01');
    expect(currentPeriod()).to.equal('2026-12');
  });

  it('31 December and 1 January: the period turns over with the year', () => {
    pinClock('2026-12-31');
    expect(currentPeriod()).to.equal('2026-12');
    pinClock('2027-01-01');
    expect(currentPeriod()).to.equal('2027-01');
    expect(addPeriods('2027-01', -1)).to.equal('2026-12');
    expect(addPeriods('2026-12', 1)).to.equal('2027-01');
    expect(addPeriods('2026-11', -11)).to.equal('2025-12');
    expect(periodsBetween('2025-12', '2027-03')).to.equal(15);
  });

  it('a bare day pins noon Central; a running pin moves on from it', () => {
    pinClock('2027-03-15');
    expect(now().toISOString()).to.equal('2027-03-15T17:00:00.000Z'); // CDT (UTC-5) from 14 March 2027
    pinClock('2027-03-15', { running: true });
    expect(today()).to.equal('2027-03-15');
  });

  it('Central midnights around the daylight-saving changes (8 March and 1 November 2026)', () => {
    expect(new Date(centralInstant('2026-03-08')).toISOString()).to.equal('2026-03-08T06:00:00.000Z'); // CST
    expect(new Date(centralInstant('2026-03-09')).toISOString()).to.equal('2026-03-09T05:00:00.000Z'); // CDT
    expect(new Date(centralInstant('2026-11-01')).toISOString()).to.equal('2026-11-01T05:00:00.000Z'); // CDT until 2 AM
    expect(new Date(centralInstant('2026-11-02')).toISOString()).to.equal('2026-11-02T06:00:00.000Z'); // CST
    // The last second of March 2026's first Sunday and the first of the next day.
    expect(centralDayOf(Date.parse('2026-03-09T04:59:59Z'))).to.equal('2026-03-08');
    expect(centralDayOf(Date.parse('2026-03-09T05:00:00Z'))).to.equal('2026-03-09');
    expect(centralDayOf(Date.parse('2026-11-02T05:59:59Z'))).to.equal('2026-11-01');
  });

  it('month arithmetic: last days, leap years, and a month ends only after its last day', () => {
    expect(lastDayOf('2026-11')).to.equal('2026-11-30');
    expect(lastDayOf('2026-12')).to.equal('2026-12-31');
    expect(lastDayOf('2028-02')).to.equal('2028-02-29');
    expect(lastDayOf('2027-02')).to.equal('2027-02-28');
    expect(addMonthsToDay('2027-01-31', 1)).to.equal('2027-02-28');
    expect(addMonthsToDay('2026-11-27', -12)).to.equal('2025-11-27');
    expect(periodHasEnded('2026-11', '2026-11-30')).to.equal(false);
    expect(periodHasEnded('2026-11', '2026-12-01')).to.equal(true);
  });

  it('follows the server\'s clock when the browser\'s is off by more than the Date header\'s rounding', () => {
    setClock(() => Date.parse('2026-11-27T18:00:00Z'));
    followServerClock('Fri, 27 Nov 2026 18:00:03 GMT');
    expect(now().toISOString()).to.equal('2026-11-27T18:00:00.000Z');
    followServerClock('Sat, 28 Nov 2026 20:00:00 GMT');
    expect(today()).to.equal('2026-11-28');
    followServerClock('not a date');
    expect(today()).to.equal('2026-11-28');
  });
});
