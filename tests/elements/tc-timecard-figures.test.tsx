/**
 * Hour figures agree everywhere (issue 29): the card's summary, My weeks' Entered / Expected cells and the
 * Submit all box show expected, holidays, time off, work entered and what is left apart, all counted by the
 * core's hourFigures. A card with exactly the expected hours never says "Hours left −16" nor "Entered 16".
 */
import { expect } from 'chai';
import { pinClock, setClock } from '../../src/core/clock';
import { resetRoles, setRoles } from '../../src/core/roles';
import { HOUR_FIGURES_TEXT, expectedHours, hourFigures } from '../../src/core/timecards';
import { TIMECARD_API, type TimecardLineRow, type TimecardLoad, type TimecardWeekRow, type TimecardWeeksLoad } from '../../src/core/timecards/contract';
import { GRID_TEXT } from '../../src/features/timecards/HoursGrid';
import '../../src/elements/tc-timecard/define';
import '../../src/elements/tc-manage-timecards/define';
import { mount, mountInWidth, setValue, stubFetch, textOf, waitFor } from '../support/browser';
import { resetPageStores, useElementTestPage } from '../support/elements';

/** Thanksgiving week: Thursday and Friday are holidays (16 h of a 40 h week). */
const WEEK = '2026-11-22';
const HOLIDAYS = [{ date: '2026-11-26', name: 'Thanksgiving Day' }, { date: '2026-11-27', name: 'Day after Thanksgiving' }];

const line = (over: Partial<TimecardLineRow>): TimecardLineRow => ({
  timecardLineId: 1, source: 'manual', timeType: 'Regular', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside MOB',
  costCodeId: 11, costCode: '01-100', costCodeName: 'Labor', opportunityId: null, opportunityNumber: null, opportunityName: null,
  opportunityCostCodeId: null, label: null, ptoRequestId: null, hours: [0, 8, 8, 8, 0, 0, 0], ...over,
});
const system = { projectId: null, projectNumber: null, projectName: null, costCodeId: null, costCode: null, costCodeName: null };
const HOLIDAY = line({ ...system, timecardLineId: 2, source: 'holiday', timeType: 'Holiday', label: 'Thanksgiving Day, Day after Thanksgiving', hours: [0, 0, 0, 0, 8, 8, 0] });

function card(lines: TimecardLineRow[], timeOff: { date: string; hours: number }[] = []): TimecardLoad {
  const expected = expectedHours({ weekStart: WEEK, holidays: HOLIDAYS, timeOff });
  return {
    timecard: {
      timecardId: 7, employeeId: 5, employeeName: 'Sam Patterson', managerName: 'Linda Okafor', weekStart: WEEK, weekEnding: '2026-11-28',
      state: 'Draft', applicationRecordStateId: 301, version: 3, dueDate: '2026-11-29T06:00:00.000Z', expectedHours: 40, enteredHours: 40,
      expectedByDay: expected.perDay, rejectionReason: null, rejectedByName: null, shortfallReason: null, submittedAt: null, approvedAt: null,
      approvedByName: null, onBehalfOfName: null, mayEdit: true, editNeedsReason: false,
      advancements: [{ routeStateId: 302, name: 'Submit', action: 'submit', needsReason: false }],
    },
    lines,
    context: { projects: { 1: { number: '24-1032', closed: false } }, costCodes: { 11: { code: '01-100', type: 'L', projectId: 1 } }, opportunities: {}, opportunityCostCodes: {}, expected },
    changes: [],
  };
}

const stub = (load: TimecardLoad) => stubFetch({
  [TIMECARD_API.getTimecard]: { body: { data: load } },
  '/api/employees/GetCurrentUser': { body: { data: { employeeId: 5 } } },
});
const figuresShown = (root: ShadowRoot) => Object.fromEntries(['expected', 'holidays', 'time-off', 'entered', 'left', 'over']
  .map((name) => [name, root.querySelector(`[data-summary] [data-${name}]`)?.textContent ?? null]));
const cellOf = (root: ShadowRoot, row: number, day: number) => root.querySelector<HTMLInputElement>(`[data-cell="${row}-${day}"]`)!;
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

describe('hour figures on the card (issue 29)', () => {
  useElementTestPage({ login: 'employee' });

  it('24 worked + 16 holiday on a 40 h week: Entered 24, Holidays 16, Hours left 0, and no reason asked', async () => {
    stub(card([line({}), HOLIDAY]));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-summary]'));
    expect(figuresShown(root)).to.deep.equal({ expected: '40', holidays: '16', 'time-off': '0', entered: '24', left: '0', over: null });
    expect([...root.querySelectorAll('[data-summary] dt')].map((dt) => dt.textContent?.trim()))
      .to.deep.equal([HOUR_FIGURES_TEXT.expected, HOUR_FIGURES_TEXT.holidays, HOUR_FIGURES_TEXT.timeOff, HOUR_FIGURES_TEXT.entered, HOUR_FIGURES_TEXT.left]);
    expect(root.querySelector('[data-reason]')).to.equal(null);
    expect(root.querySelector('[data-message-for="reason"]')).to.equal(null);
  });

  it('a week not started shows its holidays apart and all the work left; time off is its own figure', async () => {
    stub(card([HOLIDAY]));
    let root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-summary]'));
    expect(figuresShown(root)).to.deep.equal({ expected: '40', holidays: '16', 'time-off': '0', entered: '0', left: '24', over: null });
    document.body.innerHTML = '';
    resetPageStores();
    const pto = line({ ...system, timecardLineId: 3, source: 'pto', timeType: 'PTO', label: 'Vacation: Trip', ptoRequestId: 9, hours: [0, 8, 0, 0, 0, 0, 0] });
    stub(card([line({ hours: [0, 0, 8, 8, 0, 0, 0] }), HOLIDAY, pto], [{ date: '2026-11-23', hours: 8 }]));
    root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-summary]'));
    expect(figuresShown(root)).to.deep.equal({ expected: '40', holidays: '16', 'time-off': '8', entered: '16', left: '0', over: null });
  });

  it('typing follows: more than expected says "Over expected", never a negative Hours left', async () => {
    stub(card([line({}), HOLIDAY]));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    const cell = cellOf(root, 0, 3);
    cell.focus();
    key(cell, '1');
    await waitFor(() => cellOf(root, 0, 3).dataset.editing);
    setValue(cellOf(root, 0, 3), '10');
    key(cellOf(root, 0, 3), 'Enter');
    await waitFor(() => textOf(root, '[data-summary] [data-entered]') === '26');
    expect(figuresShown(root)).to.deep.equal({ expected: '40', holidays: '16', 'time-off': '0', entered: '26', left: null, over: '2' });
    expect(textOf(root, '[data-summary]')).to.not.contain('−').and.not.contain('-');
  });

  it('on a phone, typing into a holiday says why it was refused', async () => {
    stub(card([line({}), HOLIDAY]));
    const root = await mountInWidth('tc-timecard');
    await waitFor(() => root.querySelector('[data-day-list]'));
    const holiday = root.querySelector<HTMLInputElement>('[data-phone-day="4"] [data-cell="1-4"]')!;
    expect(holiday.readOnly).to.equal(true);
    // It looks read-only (plain text, no input box); a typed line's input does not.
    expect(holiday.classList.contains('form-control-plaintext')).to.equal(true);
    expect(cellOf(root, 0, 4).classList.contains('form-control-plaintext')).to.equal(false);
    // Each line of the day names its cost code.
    const code = root.querySelector('[data-phone-day="1"] [data-day-line-code]')!;
    expect(code.textContent).to.contain(String(line({}).costCode));
    key(holiday, '3');
    await waitFor(() => textOf(root, '[data-refusal]') === GRID_TEXT.holidayRefused);
    expect(root.querySelector('[data-refusal]')!.getAttribute('aria-live')).to.equal('polite');
  });
});

describe('hour figures in My weeks and the Submit all box (issue 29)', () => {
  const weekRow = (weekStart: string, over: Partial<TimecardWeekRow>): TimecardWeekRow => ({
    weekStart, weekEnding: '', timecardId: null, state: null, enteredHours: 0, expectedHours: 40, dueDate: '2026-11-29T06:00:00.000Z', rejectionReason: null, ...over,
  });
  // The host computes the figures with the same function the card uses, over the same lines.
  const notStarted = hourFigures(40, [HOLIDAY]);
  const exactly = hourFigures(40, [line({}), HOLIDAY]);
  const overtime = hourFigures(40, [line({ hours: [0, 9, 9, 9, 9, 9, 0] }), line({ timeType: 'Overtime', hours: [0, 0, 0, 0, 0, 0, 2] })]);
  const WEEKS: TimecardWeeksLoad = {
    employeeId: 5,
    weeks: [
      weekRow(WEEK, { enteredHours: 16, figures: notStarted }),
      weekRow('2026-11-15', { timecardId: 55, state: 'Draft', enteredHours: 40, figures: exactly }),
      weekRow('2026-11-08', { timecardId: 54, state: 'Approved', enteredHours: 47, figures: overtime }),
    ],
    pastWeeksToSubmit: ['2026-11-15'],
  };

  useElementTestPage({ login: 'employee', after: () => { resetRoles(); setClock(null); } });
  beforeEach(() => { setRoles([{ applicationKey: 'keyTC', name: 'Default' }]); pinClock('2026-11-25T18:00:00.000Z'); });

  it('Entered is work only; holidays, time off, what is left and what is over are said apart', async () => {
    stubFetch({
      [TIMECARD_API.getTimecardWeeks]: { body: { data: WEEKS } },
      [TIMECARD_API.getTeamTimecards]: { body: { data: { weekStart: WEEK, weekEnding: '', view: 'team', rows: [], states: [] } } },
    });
    const root = await mount('tc-manage-timecards');
    const table = await waitFor(() => root.querySelector('[data-testid="my-weeks"]'));
    const row = (weekStart: string) => table.querySelector(`[data-week="${weekStart}"]`)!;
    // This week, holidays only: not "Entered 16".
    expect(textOf(row(WEEK), '[data-entered] [data-hours]')).to.equal('0.00');
    expect(textOf(row(WEEK), '[data-entered] [data-left]')).to.equal(`${HOUR_FIGURES_TEXT.left} 24.00`);
    expect(textOf(row(WEEK), '[data-expected] [data-hours]')).to.equal('40.00');
    expect(textOf(row(WEEK), '[data-expected] [data-holidays]')).to.equal(`${HOUR_FIGURES_TEXT.holidays} 16.00`);
    // Exactly expected: 24 entered, nothing left.
    expect(textOf(row('2026-11-15'), '[data-entered]')).to.equal('24.00');
    expect(textOf(row('2026-11-15'), '[data-expected]')).to.equal(`40.00${HOUR_FIGURES_TEXT.holidays} 16.00`);
    // Overtime: over, never a negative left.
    expect(textOf(row('2026-11-08'), '[data-entered]')).to.equal(`47.00${HOUR_FIGURES_TEXT.over} 7.00`);
  });

  it('the Submit all box names each week it could not submit with its hour figures', async () => {
    stubFetch({
      [TIMECARD_API.getTimecardWeeks]: { body: { data: WEEKS } },
      [TIMECARD_API.getTeamTimecards]: { body: { data: { weekStart: WEEK, weekEnding: '', view: 'team', rows: [], states: [] } } },
      [TIMECARD_API.submitReadyWeeks]: { body: { data: { submitted: [], notReady: [{ weekStart: WEEK, message: 'Give a reason.' }, { weekStart: '2026-11-15', message: 'Fix it.' }] } } },
    });
    const root = await mount('tc-manage-timecards');
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="submit-all"]'));
    button.click();
    const answer = await waitFor(() => root.querySelector('[data-answer="submit-all"]'));
    expect(textOf(answer, `[data-week="${WEEK}"] [data-figures]`)).to.equal('(Expected 40 · Holidays 16 · Entered 0 · Hours left 24)');
    expect(textOf(answer, '[data-week="2026-11-15"] [data-figures]')).to.equal('(Expected 40 · Holidays 16 · Entered 24 · Hours left 0)');
  });
});
