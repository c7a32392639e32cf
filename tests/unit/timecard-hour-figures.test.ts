/**
 * The hour figures of a week (issue 29): one function for the card, My weeks and the Submit all box.
 * Holidays and time off are figures of their own, never "entered", and a card with exactly the
 * expected hours has nothing left and nothing over.
 */
import { expect } from 'chai';
import { hourFigures, type HoursLine } from '../../src/core/timecards';

const work = (hours: number[], timeType = 'Regular'): HoursLine => ({ timeType, hours });
const holiday = (hours: number[]): HoursLine => ({ timeType: 'Holiday', hours });
const timeOff = (hours: number[]): HoursLine => ({ timeType: 'PTO', hours });

describe('hourFigures', () => {
  it('exactly expected: 24 worked + 16 holiday on a 40 h week leaves 0, enters 24 (not 16, not 40)', () => {
    expect(hourFigures(40, [work([0, 8, 8, 8, 0, 0, 0]), holiday([0, 0, 0, 0, 8, 8, 0])]))
      .to.deep.equal({ expected: 40, holidays: 16, timeOff: 0, entered: 24, left: 0, over: 0 });
  });

  it('holidays alone (a week not started): nothing entered, the rest left', () => {
    expect(hourFigures(40, [holiday([0, 0, 0, 0, 8, 8, 0])])).to.deep.equal({ expected: 40, holidays: 16, timeOff: 0, entered: 0, left: 24, over: 0 });
    expect(hourFigures(40, [])).to.deep.equal({ expected: 40, holidays: 0, timeOff: 0, entered: 0, left: 40, over: 0 });
  });

  it('time off is its own figure, apart from holidays', () => {
    expect(hourFigures(40, [work([0, 8, 8, 8, 4, 0, 0]), timeOff([0, 0, 0, 0, 4, 0, 0]), timeOff([0, 0, 0, 0, 0, 8, 0])]))
      .to.deep.equal({ expected: 40, holidays: 0, timeOff: 12, entered: 28, left: 0, over: 0 });
  });

  it('overtime and work beyond expected: over, never a negative left', () => {
    expect(hourFigures(40, [work([0, 9, 9, 9, 9, 9, 0]), work([0, 0, 0, 0, 0, 2, 0], 'Overtime')]))
      .to.deep.equal({ expected: 40, holidays: 0, timeOff: 0, entered: 47, left: 0, over: 7 });
    // Work on a holiday is over too.
    expect(hourFigures(40, [work([0, 8, 8, 8, 8, 8, 0]), holiday([0, 8, 0, 0, 0, 0, 0])])).to.include({ entered: 40, holidays: 8, left: 0, over: 8 });
  });

  it('a short week: a shorter schedule, and a week not yet filled', () => {
    expect(hourFigures(24, [work([0, 6, 6, 6, 6, 0, 0])])).to.deep.equal({ expected: 24, holidays: 0, timeOff: 0, entered: 24, left: 0, over: 0 });
    expect(hourFigures(40, [work([0, 8, 7.75, 0, 0, 0, 0]), holiday([0, 0, 0, 0, 0, 4, 0])]))
      .to.deep.equal({ expected: 40, holidays: 4, timeOff: 0, entered: 15.75, left: 20.25, over: 0 });
  });

  it('counts grouped totals (one value per time type, as the host lists sum them) like the lines they sum', () => {
    const lines = [work([0, 8, 8, 8, 0, 0, 0]), work([0, 0, 0, 0, 0, 0, 2], 'Overtime'), holiday([0, 0, 0, 0, 8, 8, 0]), timeOff([0, 0, 0, 0, 0, 0, 0])];
    const grouped = [work([24]), work([2], 'Overtime'), holiday([16]), timeOff([0])];
    expect(hourFigures(40, grouped)).to.deep.equal(hourFigures(40, lines));
  });

  it('ignores empty days and rounds to hundredths', () => {
    expect(hourFigures(40, [{ timeType: 'Regular', hours: [null, 0.1, 0.2, undefined, Number.NaN, 0, 0] }])).to.include({ entered: 0.3, left: 39.7 });
  });
});
