import { expect } from 'chai';
import {
  COUNTDOWN_WINDOW_MS, INFO, INVALID, OVERTIME_AFTER_HOURS, REJECTED, STANDARD_SCHEDULE, STANDARD_WEEK_HOURS, TIMECARD_STATES,
  TIMECARD_STATE_TEXT, TIMECARD_TEXT, TIME_TYPES, WARNING, approverRole, checkTimecard, countdown, deadlineText, delegationCovers,
  expectedHours, lateness, mayEditLines, mayTransition, policyPasses, timecardDue, weekDays, weekOf,
  workHours, pastWeeksToSubmit, timecardNeedsSubmission, type TimecardLine, type TimecardSubject,
} from '../../src/core/timecards';

const week = { weekStart: '2026-03-15', weekEnding: '2026-03-21' };
const line = (over: Partial<TimecardLine> = {}): TimecardLine => ({ projectId: 1, costCodeId: 10, timeType: 'Regular', hours: [null, 8, 8, 8, 8, 8, null], ...over });

describe('timecard week', () => {
  it('a week runs Sunday to Saturday; a date string is its own day, a Date its day in Central', () => {
    expect(weekOf('2026-03-18')).to.deep.equal(week);
    expect(weekOf('2026-03-15')).to.deep.equal(week);
    expect(weekOf('2026-03-21')).to.deep.equal(week);
    expect(weekOf('2026-03-22')).to.deep.equal({ weekStart: '2026-03-22', weekEnding: '2026-03-28' });
    expect(weekOf('2026-01-01')).to.deep.equal({ weekStart: '2025-12-28', weekEnding: '2026-01-03' });
    // 11:30 PM Saturday in Chicago is still the week of the 15th; half past midnight Sunday is the next week.
    expect(weekOf(new Date('2026-03-22T04:30:00Z'))).to.deep.equal(week);
    expect(weekOf(new Date('2026-03-22T05:30:00Z')).weekStart).to.equal('2026-03-22');
    expect(() => weekOf('2026-02-30')).to.throw(RangeError);
    expect(weekDays('2026-03-15')).to.deep.equal(['2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21']);
  });

  it('is due at midnight Central at the end of its Saturday, shown in Central and in the given time zone', () => {
    const due = timecardDue(week);
    expect(due.toISOString()).to.equal('2026-03-22T05:00:00.000Z');
    expect(deadlineText(due, 'America/New_York')).to.deep.equal({ central: '03/22/2026, 12:00 AM CDT', local: '03/22/2026, 1:00 AM EDT', timeZone: 'America/New_York' });
    expect(deadlineText(due, 'Asia/Tokyo').local).to.equal('03/22/2026, 2:00 PM GMT+9');
    expect(deadlineText(due)).to.deep.equal({ central: '03/22/2026, 12:00 AM CDT', local: '03/22/2026, 12:00 AM CDT', timeZone: 'America/Chicago' });
    expect(deadlineText(due, 'Nowhere/Bogus')).to.deep.equal({ central: '03/22/2026, 12:00 AM CDT', local: '03/22/2026, 12:00 AM CDT', timeZone: 'America/Chicago' });
    expect(timecardDue({ weekStart: '2026-11-01', weekEnding: '2026-11-07' }).toISOString()).to.equal('2026-11-08T06:00:00.000Z');
  });

  it('counts down only within the last 24 hours before the due instant', () => {
    const due = new Date('2026-03-22T05:00:00Z');
    const before = (ms: number) => new Date(due.getTime() - ms);
    expect(COUNTDOWN_WINDOW_MS).to.equal(86_400_000);
    expect(countdown(before(COUNTDOWN_WINDOW_MS + 1), due)).to.equal(null);
    expect(countdown(before(COUNTDOWN_WINDOW_MS), due)?.text).to.equal('Due in 24 h 00 min');
    expect(countdown(before((5 * 60 + 3) * 60_000), due)).to.deep.equal({ remainingMs: 18_180_000, hours: 5, minutes: 3, text: 'Due in 5 h 03 min' });
    expect(countdown(before(30_000), due)?.text).to.equal('Due in 0 h 01 min');
    expect(countdown(due, due)).to.equal(null);
    expect(countdown(before(-1), due)).to.equal(null);
  });
});

describe('lateness, said plainly (issue 29)', () => {
  const due = timecardDue({ weekStart: '2026-11-22', weekEnding: '2026-11-28' }); // 2026-11-29T06:00Z, midnight CST
  it('before the deadline: the end of the Saturday, not the midnight after it', () => {
    expect(lateness(due, new Date('2026-11-27T18:00:00Z'))).to.deep.equal({ overdue: false, daysLate: 0, due: 'Due end of Saturday 11/28', text: 'Due end of Saturday 11/28' });
    // One millisecond before midnight Central is still on time.
    expect(lateness(due, new Date(due.getTime() - 1)).overdue).to.equal(false);
  });
  it('from the due instant on: since when, in Central with its zone, and for how many whole days', () => {
    expect(lateness(due, due).text).to.equal('Overdue since Sun 11/29, 12:00 AM CST (0 days)');
    expect(lateness(due, new Date(due.getTime() + 86_400_000)).text).to.equal('Overdue since Sun 11/29, 12:00 AM CST (1 day)');
    const october = timecardDue({ weekStart: '2026-10-25', weekEnding: '2026-10-31' }); // midnight CDT: daylight time ends at 2 AM
    expect(lateness(october, new Date('2026-11-27T18:00:00Z'))).to.include({ overdue: true, daysLate: 26, text: 'Overdue since Sun 11/01, 12:00 AM CDT (26 days)' });
  });
});

describe('expected hours', () => {
  it('40 by default (8 hours Monday to Friday), or the employee schedule', () => {
    expect(STANDARD_WEEK_HOURS).to.equal(40);
    expect(STANDARD_SCHEDULE).to.deep.equal([0, 8, 8, 8, 8, 8, 0]);
    expect(expectedHours({ weekStart: week.weekStart })).to.deep.equal({ expected: 40, reducedBy: 0, left: 40, perDay: [0, 8, 8, 8, 8, 8, 0] });
    expect(expectedHours({ weekStart: week.weekStart, schedule: [0, 10, 10, 10, 10, 0, 0] })).to.deep.equal({ expected: 40, reducedBy: 0, left: 40, perDay: [0, 10, 10, 10, 10, 0, 0] });
    expect(expectedHours({ weekStart: week.weekStart, schedule: [0, 6, 6, 6, 6, 0, 0] }).expected).to.equal(24);
    expect(expectedHours({ weekStart: week.weekStart, schedule: [8, 8] }).expected).to.equal(40);
  });

  it('holidays (half days take half) and approved time off reduce the hours left, never below 0 a day', () => {
    const holidays = [{ date: '2026-03-16', name: 'Full' }, { date: '2026-03-20', name: 'Half', halfDay: true }];
    expect(expectedHours({ weekStart: week.weekStart, holidays })).to.deep.equal({ expected: 40, reducedBy: 12, left: 28, perDay: [0, 0, 8, 8, 8, 4, 0] });
    const timeOff = [{ date: '2026-03-17', hours: 4 }, { date: '2026-03-16', hours: 8 }, { date: '2026-03-20', hours: 8 }];
    expect(expectedHours({ weekStart: week.weekStart, holidays, timeOff })).to.deep.equal({ expected: 40, reducedBy: 20, left: 20, perDay: [0, 0, 4, 8, 8, 0, 0] });
    expect(expectedHours({ weekStart: week.weekStart, schedule: [0, 10, 10, 10, 10, 0, 0], holidays: [{ date: '2026-03-16', halfDay: true }] }).reducedBy).to.equal(5);
  });
});

describe('timecard policy checks', () => {
  const projects = new Map([[1, { number: '1001', closed: false }], [2, { number: '1002', closed: true }]]);
  const opportunities = new Map([[7, { number: 'OPP-7', status: 'Pursuit' }], [8, { number: 'OPP-8', status: 'Lost' }]]);
  const costCodes = new Map([[10, { code: '01-0100-00', type: 'L' }], [11, { code: '01-0200-00', type: 'M' }], [12, { code: '01-0300-00', type: 'L' }]]);
  const context = { projects, opportunities, costCodes };

  it('the numbers and the time types', () => {
    expect(TIME_TYPES).to.deep.equal(['Regular', 'Overtime', 'PTO', 'Holiday']);
    expect(OVERTIME_AFTER_HOURS).to.equal(40);
    expect([INVALID, WARNING, INFO]).to.deep.equal([1, 2, 3]);
  });

  it('a clean week passes', () => {
    const items = checkTimecard([line()], { ...context, expected: expectedHours({ weekStart: week.weekStart }), submit: true });
    expect(items).to.deep.equal([]);
    expect(policyPasses(items)).to.equal(true);
  });

  it('hours per day between 0 and 24, in quarter hours, and no day above 24 over all lines', () => {
    expect(TIMECARD_TEXT.hoursRange).to.equal('Hours must be between 0 and 24.');
    expect(TIMECARD_TEXT.quarterHours).to.equal('Enter hours in quarter hours (.25, .5, .75).');
    expect(TIMECARD_TEXT.dayTotal('Monday')).to.equal('Monday has more than 24 hours in total.');
    const items = checkTimecard([line({ hours: [0, 24, -1, 24.25, 7.3, 7.75, Number.NaN] })], context);
    expect(items).to.deep.equal([
      { integerValue: 1, stringValue: 'lines[0].hours[2]', message: 'Hours must be between 0 and 24.' },
      { integerValue: 1, stringValue: 'lines[0].hours[3]', message: 'Hours must be between 0 and 24.' },
      { integerValue: 1, stringValue: 'lines[0].hours[4]', message: 'Enter hours in quarter hours (.25, .5, .75).' },
      { integerValue: 1, stringValue: 'lines[0].hours[6]', message: 'Hours must be between 0 and 24.' },
    ]);
    const twoLines = checkTimecard([line({ hours: [null, 16] }), line({ costCodeId: 12, hours: [null, 8.25] })], context);
    expect(twoLines).to.deep.equal([{ integerValue: 1, stringValue: 'days[1]', message: 'Monday has more than 24 hours in total.' }]);
    expect(checkTimecard([line({ hours: [null, 16] }), line({ costCodeId: 12, hours: [null, 8] })], context)).to.deep.equal([]);
  });

  it('at most one line per project or opportunity, cost code and time type', () => {
    expect(TIMECARD_TEXT.duplicateLine).to.equal('Another line has the same project, cost code and time type: put the hours on one line.');
    const items = checkTimecard([line(), line({ hours: [] }), line({ timeType: 'Overtime', hours: [] }), line({ costCodeId: 12, hours: [] }), line({ projectId: null, opportunityId: 7, hours: [] })], context);
    expect(items).to.deep.equal([{ integerValue: 1, stringValue: 'lines[1]', message: TIMECARD_TEXT.duplicateLine }]);
    // PTO lines are one per request.
    const pto = (requestId: number): TimecardLine => ({ timeType: 'PTO', requestId, hours: [] });
    expect(checkTimecard([pto(1), pto(2)], context)).to.deep.equal([]);
    expect(checkTimecard([pto(1), pto(1)], context)).to.deep.equal([{ integerValue: 1, stringValue: 'lines[1]', message: TIMECARD_TEXT.duplicateLine }]);
  });

  it('no time on a closed project, a Lost opportunity or a cost code that is not labor; work lines need both', () => {
    expect(TIMECARD_TEXT.closedProject('1002')).to.equal('Project 1002 is closed: no new time can be charged to it.');
    expect(TIMECARD_TEXT.lostOpportunity('OPP-8')).to.equal('Opportunity OPP-8 is Lost: its cost codes are closed to new time.');
    expect(TIMECARD_TEXT.notLabor('01-0200-00')).to.equal('Cost code 01-0200-00 is not a labor cost code: time goes only on labor (L) cost codes.');
    expect(TIMECARD_TEXT.projectRequired).to.equal('Choose a project or an opportunity.');
    expect(TIMECARD_TEXT.costCodeRequired).to.equal('Choose a labor cost code.');
    const items = checkTimecard([
      line({ projectId: 2, hours: [null, 1] }),
      line({ projectId: null, opportunityId: 8, hours: [null, 1] }),
      line({ costCodeId: 11, hours: [null, 1] }),
      line({ projectId: null, costCodeId: null, timeType: 'Overtime', hours: [] }),
      line({ projectId: 2, costCodeId: 11, hours: [0, 0] }), // no time: allowed to stay
      line({ projectId: null, opportunityId: 8, costCodeId: 12, hours: [0] }), // no time on the Lost opportunity: allowed to stay
      line({ projectId: null, opportunityId: 7, costCodeId: 10, hours: [null, 1] }),
    ], context);
    expect(items).to.deep.equal([
      { integerValue: 1, stringValue: 'lines[0].projectId', message: 'Project 1002 is closed: no new time can be charged to it.' },
      { integerValue: 1, stringValue: 'lines[1].opportunityId', message: 'Opportunity OPP-8 is Lost: its cost codes are closed to new time.' },
      { integerValue: 1, stringValue: 'lines[2].costCodeId', message: 'Cost code 01-0200-00 is not a labor cost code: time goes only on labor (L) cost codes.' },
      { integerValue: 1, stringValue: 'lines[3].projectId', message: 'Choose a project or an opportunity.' },
      { integerValue: 1, stringValue: 'lines[3].costCodeId', message: 'Choose a labor cost code.' },
    ]);
    const owned = new Map([[10, { code: '01-0100-00', type: 'L', projectId: 1 }], [12, { code: '01-0300-00', type: 'L', opportunityId: 7 }]]);
    expect(TIMECARD_TEXT.costCodeElsewhere('01-0100-00')).to.equal("Cost code 01-0100-00 is not on the budget of this line's project or opportunity.");
    expect(checkTimecard([line(), line({ projectId: null, opportunityId: 7, costCodeId: 12 })], { ...context, costCodes: owned })).to.deep.equal([]);
    expect(checkTimecard([line({ projectId: 3, hours: [] }), line({ projectId: null, opportunityId: 8, costCodeId: 12, hours: [] }), line({ projectId: null, opportunityId: 7, costCodeId: 10, hours: [] })], { ...context, costCodes: owned }))
      .to.deep.equal([
        { integerValue: 1, stringValue: 'lines[0].costCodeId', message: TIMECARD_TEXT.costCodeElsewhere('01-0100-00') },
        { integerValue: 1, stringValue: 'lines[1].costCodeId', message: TIMECARD_TEXT.costCodeElsewhere('01-0300-00') },
        { integerValue: 1, stringValue: 'lines[2].costCodeId', message: TIMECARD_TEXT.costCodeElsewhere('01-0100-00') },
      ]);
    expect(checkTimecard([line({ timeType: 'Bonus' })], context)).to.deep.equal([
      { integerValue: 1, stringValue: 'lines[0].timeType', message: 'The time type must be one of Regular, Overtime, PTO, Holiday.' },
    ]);
  });

  it('Overtime only once 40 Regular hours are reached, walking the week Sunday to Saturday', () => {
    expect(TIMECARD_TEXT.overtimeEarly).to.equal('Overtime counts only after 40 Regular hours in the week.');
    const overtime = (hours: (number | null)[]) => line({ costCodeId: 12, timeType: 'Overtime', hours });
    // 40 Regular by Friday: Overtime on Friday and Saturday is fine.
    expect(checkTimecard([line(), overtime([null, null, null, null, null, 2, 4])], context)).to.deep.equal([]);
    // Overtime on Thursday, when only 32 Regular hours are reached: refused at that day.
    expect(checkTimecard([line(), overtime([null, null, null, null, 2, null, null])], context)).to.deep.equal([
      { integerValue: 1, stringValue: 'lines[1].hours[4]', message: TIMECARD_TEXT.overtimeEarly },
    ]);
    // 39.75 Regular in the week: no Overtime at all.
    expect(checkTimecard([line({ hours: [null, 8, 8, 8, 8, 7.75, null] }), overtime([null, null, null, null, null, null, 1])], context)).to.deep.equal([
      { integerValue: 1, stringValue: 'lines[1].hours[6]', message: TIMECARD_TEXT.overtimeEarly },
    ]);
    // 40 reached on Thursday with 10-hour days: Overtime that Thursday is fine.
    expect(checkTimecard([line({ hours: [null, 10, 10, 10, 10, null, null] }), overtime([null, null, null, null, 1, null, null])], context)).to.deep.equal([]);
  });

  it('entered hours other than expected: info while typing, invalid at submit without a reason, a warning with one', () => {
    expect(TIMECARD_TEXT.hoursDiffer(32, 40)).to.equal('32 of 40 hours to work entered: give a reason to submit.');
    expect(TIMECARD_TEXT.hoursDifferWithReason(32.5, 40)).to.equal('32.5 of 40 hours to work entered: the reason goes with the timecard.');
    const lines = [line({ hours: [null, 8, 8, 8, 8, null, null] }), { timeType: 'PTO', requestId: 3, hours: [null, null, null, null, null, 8, null] }];
    const expected = expectedHours({ weekStart: week.weekStart });
    expect(workHours(lines)).to.equal(32);
    expect(checkTimecard(lines, { ...context, expected })).to.deep.equal([{ integerValue: 3, stringValue: 'reason', message: TIMECARD_TEXT.hoursDiffer(32, 40) }]);
    const refused = checkTimecard(lines, { ...context, expected, submit: true, reason: '  ' });
    expect(refused).to.deep.equal([{ integerValue: 1, stringValue: 'reason', message: TIMECARD_TEXT.hoursDiffer(32, 40) }]);
    expect(policyPasses(refused)).to.equal(false);
    const warned = checkTimecard(lines, { ...context, expected, submit: true, reason: 'Left early Friday' });
    expect(warned).to.deep.equal([{ integerValue: 2, stringValue: 'reason', message: TIMECARD_TEXT.hoursDifferWithReason(32, 40) }]);
    expect(policyPasses(warned)).to.equal(true);
    // The approved time off on Friday reduces the hours left: 32 is then exactly right.
    const withTimeOff = expectedHours({ weekStart: week.weekStart, timeOff: [{ date: '2026-03-20', hours: 8 }] });
    expect(checkTimecard(lines, { ...context, expected: withTimeOff, submit: true })).to.deep.equal([]);
  });
});

describe('timecard states and approvers', () => {
  const card: TimecardSubject = { ...week, employeeId: 5, managerId: 9 };
  const employee = { employeeId: 5 };
  const manager = { employeeId: 9 };
  const delegate = { employeeId: 12 };
  const admin = { employeeId: 30, timecardAdmin: true };
  const stranger = { employeeId: 40 };
  const delegations = [{ managerId: 9, delegateId: 12, startDate: '2026-03-18', endDate: '2026-04-10' }];

  it('the states', () => {
    expect(Object.values(TIMECARD_STATES)).to.deep.equal(['Draft', 'Submitted', 'Approved', 'Processed']);
    expect(REJECTED).to.equal('Rejected');
  });

  it('the employee submits and recalls their own card; nobody else does', () => {
    expect(mayTransition({ from: 'Draft', to: 'Submitted', actor: employee, card })).to.deep.equal({ ok: true, state: 'Submitted' });
    expect(mayTransition({ from: 'Submitted', to: 'Draft', actor: employee, card })).to.deep.equal({ ok: true, state: 'Draft' });
    expect(mayTransition({ from: 'Submitted', to: 'Draft', actor: manager, card })).to.deep.equal({ ok: false, message: "Only the employee can submit or recall their own timecard." });
    expect(mayTransition({ from: 'Draft', to: 'Submitted', actor: admin, card })).to.deep.equal({ ok: false, message: TIMECARD_STATE_TEXT.notYours });
  });

  it('the manager, a delegate for the week or a Timecard Admin approves or rejects (with a reason); never the employee', () => {
    expect(mayTransition({ from: 'Submitted', to: 'Approved', actor: manager, card })).to.deep.equal({ ok: true, state: 'Approved' });
    expect(mayTransition({ from: 'Submitted', to: 'Approved', actor: delegate, card, delegations })).to.deep.equal({ ok: true, state: 'Approved', onBehalfOf: 9 });
    expect(mayTransition({ from: 'Submitted', to: 'Approved', actor: admin, card })).to.deep.equal({ ok: true, state: 'Approved' });
    expect(mayTransition({ from: 'Submitted', to: 'Approved', actor: stranger, card })).to.deep.equal({
      ok: false, message: "Only the employee's manager, their delegate or a Timecard Admin can approve or reject this timecard.",
    });
    expect(mayTransition({ from: 'Submitted', to: 'Approved', actor: delegate, card })).to.deep.equal({ ok: false, message: TIMECARD_STATE_TEXT.notApprover });
    expect(mayTransition({ from: 'Submitted', to: 'Approved', actor: { employeeId: 5, timecardAdmin: true }, card })).to.deep.equal({
      ok: false, message: 'Nobody can approve or reject their own timecard.',
    });
    expect(mayTransition({ from: 'Submitted', to: REJECTED, actor: manager, card, reason: ' ' })).to.deep.equal({ ok: false, message: 'A reason is required to reject a timecard.' });
    expect(mayTransition({ from: 'Submitted', to: REJECTED, actor: manager, card, reason: 'Wrong job' })).to.deep.equal({ ok: true, state: 'Draft' });
    expect(mayTransition({ from: 'Draft', to: 'Approved', actor: manager, card })).to.deep.equal({ ok: false, message: 'A timecard cannot go from Draft to Approved.' });
  });

  it('a delegation counts for a week it shares a day with', () => {
    const d = { managerId: 9, delegateId: 12, startDate: '2026-03-21', endDate: '2026-03-21' };
    expect(delegationCovers(d, week)).to.equal(true);
    expect(delegationCovers({ ...d, startDate: '2026-03-01', endDate: '2026-03-15' }, week)).to.equal(true);
    expect(delegationCovers({ ...d, startDate: '2026-03-22', endDate: '2026-03-30' }, week)).to.equal(false);
    expect(delegationCovers({ ...d, startDate: '2026-03-01', endDate: '2026-03-14' }, week)).to.equal(false);
    expect(approverRole(delegate, card, [{ ...d, managerId: 99 }])).to.equal(null);
    expect(approverRole(delegate, { ...card, managerId: null }, delegations)).to.equal(null);
  });

  it('Approved changes only by a Timecard Admin with a reason; Processed is locked for everyone', () => {
    expect(mayTransition({ from: 'Approved', to: 'Approved', actor: manager, card, reason: 'x' })).to.deep.equal({ ok: false, message: 'An Approved timecard can be changed only by a Timecard Admin.' });
    expect(mayTransition({ from: 'Approved', to: 'Draft', actor: admin, card })).to.deep.equal({ ok: false, message: 'A reason is required to change an Approved timecard.' });
    expect(mayTransition({ from: 'Approved', to: 'Approved', actor: admin, card, reason: 'Payroll fix' })).to.deep.equal({ ok: true, state: 'Approved' });
    expect(mayTransition({ from: 'Approved', to: 'Draft', actor: admin, card, reason: 'Reopen' })).to.deep.equal({ ok: true, state: 'Draft' });
    expect(mayTransition({ from: 'Approved', to: 'Processed', actor: manager, card })).to.deep.equal({ ok: false, message: 'Only a Timecard Admin can mark a timecard Processed.' });
    expect(mayTransition({ from: 'Approved', to: 'Processed', actor: admin, card })).to.deep.equal({ ok: true, state: 'Processed' });
    for (const to of ['Draft', 'Approved', 'Submitted']) {
      expect(mayTransition({ from: 'Processed', to, actor: admin, card, reason: 'x' })).to.deep.equal({ ok: false, message: 'This timecard is Processed: it is locked.' });
    }
    expect(mayEditLines('Draft', employee, card)).to.equal(true);
    expect(mayEditLines('Draft', stranger, card)).to.equal(false);
    expect(mayEditLines('Submitted', employee, card)).to.equal(false);
    expect(mayEditLines('Approved', employee, card)).to.equal(false);
    expect(mayEditLines('Approved', admin, card)).to.equal(true);
    expect(mayEditLines('Processed', admin, card)).to.equal(false);
  });
});

describe('weeks still owed', () => {
  it('past weeks to submit: ended weeks with no card or a Draft, oldest first, from the first tracked week', () => {
    const weeks = [
      { weekStart: '2026-03-01', state: 'Approved' },
      { weekStart: '2026-03-08', state: 'Draft' },
      { weekStart: '2026-03-15', state: 'Submitted' },
      { weekStart: '2026-03-29', state: 'Draft' },
    ];
    // Today is Wednesday 04/01: the week of 03/29 is the current one, not past.
    expect(pastWeeksToSubmit(weeks, '2026-04-01', '2026-02-25')).to.deep.equal(['2026-02-22', '2026-03-08', '2026-03-22']);
    expect(pastWeeksToSubmit(weeks, '2026-04-01', '2026-02-25', 2)).to.deep.equal(['2026-02-22', '2026-03-08']);
    expect(pastWeeksToSubmit(weeks, '2026-04-05', '2026-03-01')).to.deep.equal(['2026-03-08', '2026-03-22', '2026-03-29']);
  });

  it('the bell item: the oldest owed week that is overdue or due within 24 hours', () => {
    const current = { weekStart: '2026-03-15', state: 'Draft', enteredHours: 32, expectedHours: 40 };
    // Friday noon Central: more than 24 hours before the due instant.
    expect(timecardNeedsSubmission(new Date('2026-03-20T17:00:00Z'), [current])).to.deep.equal({ flag: false, dueDate: null, enteredHours: 0, expectedHours: 0, weekStart: null });
    expect(timecardNeedsSubmission(new Date('2026-03-21T05:00:00Z'), [current])).to.deep.equal({
      flag: true, dueDate: '2026-03-22T05:00:00.000Z', enteredHours: 32, expectedHours: 40, weekStart: '2026-03-15',
    });
    expect(timecardNeedsSubmission(new Date('2026-03-21T05:00:00Z'), [{ ...current, state: 'Submitted' }]).flag).to.equal(false);
    const older = { weekStart: '2026-03-08', state: null, enteredHours: 0, expectedHours: 40 };
    expect(timecardNeedsSubmission(new Date('2026-03-18T12:00:00Z'), [current, older])).to.include({ flag: true, weekStart: '2026-03-08', dueDate: '2026-03-15T05:00:00.000Z' });
    expect(timecardNeedsSubmission(new Date('2026-03-21T05:00:00Z'), [current, older])).to.include({ flag: true, weekStart: '2026-03-08', enteredHours: 0 });
  });
});
