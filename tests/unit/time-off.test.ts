import { expect } from 'chai';
import {
  FULL_DAY_HOURS, HALF_DAY_HOURS, NEGATIVE_BALANCE_TYPES, PAY_PERIOD_DAYS, PTO_STATES, PTO_STATE_TEXT, PTO_TEXT, PTO_TYPES,
  balanceAsOf, chargedDays, holidaysInRequest, lowestBalanceFrom, mayChangeRequest, mayTransitionRequest, requestDays, requestHours, requestsOverlap, validateRequest,
  type PtoAccount, type PtoRequest,
} from '../../src/core/time-off';
import { applyCorrection, reconcileNotices, reconcileRequest, timeOffLineHours, type RequestWeek } from '../../src/core/time-off/reconcile';

// Thursday 03/19 to Tuesday 03/24 2026; Friday 03/20 is a half-day holiday, Monday 03/23 a full one.
const holidays = [{ date: '2026-03-20', name: 'Good Friday', halfDay: true }, { date: '2026-03-23', name: 'Spring Day' }, { date: '2026-03-21', name: 'Saturday' }];
const request: PtoRequest = { requestId: 1, employeeId: 5, title: 'Spring break', type: 'Vacation', startDate: '2026-03-19', endDate: '2026-03-24', hoursPerDay: 8 };
const account: PtoAccount = { type: 'Vacation', openingBalance: 40, openingDate: '2026-01-01', accrualPerPeriod: 4, payPeriodEnd: '2026-03-20', carryOverCap: 80 };

describe('time-off types and days', () => {
  it('the types, states and numbers', () => {
    expect(PTO_TYPES).to.deep.equal(['Vacation', 'Sick', 'Personal', 'Bereavement', 'Jury Duty']);
    expect(NEGATIVE_BALANCE_TYPES).to.deep.equal(['Sick', 'Bereavement', 'Jury Duty']);
    expect(Object.values(PTO_STATES)).to.deep.equal(['Pending', 'Approved', 'Denied', 'Canceled']);
    expect([FULL_DAY_HOURS, HALF_DAY_HOURS, PAY_PERIOD_DAYS]).to.deep.equal([8, 4, 14]);
  });

  it('weekends and holidays are skipped, half-day holidays count half', () => {
    expect(requestDays(request, holidays)).to.deep.equal([{ date: '2026-03-19', hours: 8 }, { date: '2026-03-20', hours: 4 }, { date: '2026-03-24', hours: 8 }]);
    expect(requestHours(request, holidays)).to.equal(20);
    expect(requestHours(request)).to.equal(32);
    expect(requestHours({ ...request, hoursPerDay: 4 }, holidays)).to.equal(10);
    expect(requestDays({ ...request, startDate: 'bad' })).to.deep.equal([]);
    expect(holidaysInRequest(request, holidays).map((h) => h.date)).to.deep.equal(['2026-03-20', '2026-03-23']);
  });

  it('overlap: shared days between requests that still hold them', () => {
    const other: PtoRequest = { ...request, requestId: 2, startDate: '2026-03-24', endDate: '2026-03-25', state: 'Pending' };
    expect(requestsOverlap(request, other)).to.equal(true);
    expect(requestsOverlap(request, { ...other, startDate: '2026-03-25' })).to.equal(false);
    expect(requestsOverlap(request, { ...other, startDate: '2026-03-17', endDate: '2026-03-19' })).to.equal(true);
    expect(requestsOverlap(request, { ...other, startDate: '2026-03-17', endDate: '2026-03-18' })).to.equal(false);
    expect(requestsOverlap(request, { ...other, state: 'Denied' })).to.equal(false);
    expect(requestsOverlap(request, { ...other, state: 'Canceled' })).to.equal(false);
    expect(requestsOverlap(request, { ...other, state: 'Approved' })).to.equal(true);
    expect(requestsOverlap(request, { ...other, requestId: 1 })).to.equal(false);
  });
});

describe('time-off balance as of a date', () => {
  it('opening balance plus the accrual of each biweekly pay period ended by that date', () => {
    expect(balanceAsOf(account, [], '2025-12-31')).to.equal(40);
    expect(balanceAsOf(account, [], '2026-01-08')).to.equal(40);
    expect(balanceAsOf(account, [], '2026-01-09')).to.equal(44);
    expect(balanceAsOf(account, [], '2026-01-22')).to.equal(44);
    expect(balanceAsOf(account, [], '2026-01-23')).to.equal(48);
    expect(balanceAsOf(account, [], '2026-03-20')).to.equal(64);
    expect(balanceAsOf({ ...account, payPeriodEnd: '2026-01-01' }, [], '2026-01-01')).to.equal(44);
  });

  it('minus Pending and Approved hours of that type on days through that date; Denied and Canceled give them back', () => {
    const used: PtoRequest[] = [
      { ...request, requestId: 2, startDate: '2026-02-02', endDate: '2026-02-03', state: 'Approved' },
      { ...request, requestId: 3, startDate: '2026-02-10', endDate: '2026-02-10', hoursPerDay: 4, state: 'Pending' },
      { ...request, requestId: 4, startDate: '2026-02-11', endDate: '2026-02-11', state: 'Denied' },
      { ...request, requestId: 5, startDate: '2026-02-12', endDate: '2026-02-12', state: 'Canceled' },
      { ...request, requestId: 6, type: 'Sick', startDate: '2026-02-13', endDate: '2026-02-13', state: 'Approved' },
    ];
    expect(balanceAsOf(account, used, '2026-02-02')).to.equal(40);
    expect(balanceAsOf(account, used, '2026-02-28')).to.equal(36);
    const canceled = used.map((r) => (r.requestId === 2 ? { ...r, state: 'Canceled' } : r));
    expect(balanceAsOf(account, canceled, '2026-02-28')).to.equal(52);
  });

  it('the carry-over cap applies at each year end', () => {
    const capped: PtoAccount = { type: 'Vacation', openingBalance: 78, openingDate: '2025-12-20', accrualPerPeriod: 4, payPeriodEnd: '2026-01-08', carryOverCap: 80 };
    expect(balanceAsOf(capped, [], '2025-12-31')).to.equal(82);
    expect(balanceAsOf(capped, [], '2026-01-01')).to.equal(80);
    expect(balanceAsOf(capped, [], '2026-01-08')).to.equal(84);
    expect(balanceAsOf({ ...capped, carryOverCap: null }, [], '2026-01-08')).to.equal(86);
    const spent = [{ ...request, startDate: '2025-12-29', endDate: '2025-12-29' }];
    expect(balanceAsOf(capped, spent, '2026-01-01')).to.equal(74);
    const twoYears: PtoAccount = { ...capped, openingBalance: 200, accrualPerPeriod: 0 };
    expect(balanceAsOf(twoYears, [], '2027-06-01')).to.equal(80);
    expect(balanceAsOf({ ...twoYears, carryOverCap: 60 }, [{ ...request, startDate: '2026-06-01', endDate: '2026-06-01' }], '2027-01-01')).to.equal(52);
  });
});

describe('time-off request validation', () => {
  it('a good request passes, with the holidays inside it as infos', () => {
    expect(validateRequest({ request, account, holidays })).to.deep.equal([
      { integerValue: 3, stringValue: 'startDate', message: '03/20/2026 Good Friday is a half-day holiday: it counts half.' },
      { integerValue: 3, stringValue: 'startDate', message: '03/23/2026 Spring Day is a holiday: it is skipped, not counted.' },
    ]);
    expect(validateRequest({ request: { ...request, startDate: '2026-03-24' } })).to.deep.equal([]);
  });

  it('title, type, dates and hours per day (quarter hours up to a full day; half days of 4)', () => {
    expect(validateRequest({ request: { ...request, title: ' ', type: 'Holiday', startDate: 'x', endDate: '', hoursPerDay: 0 } })).to.deep.equal([
      { integerValue: 1, stringValue: 'title', message: 'A title is required.' },
      { integerValue: 1, stringValue: 'type', message: 'The type must be one of Vacation, Sick, Personal, Bereavement, Jury Duty.' },
      { integerValue: 1, stringValue: 'startDate', message: 'A valid start date is required.' },
      { integerValue: 1, stringValue: 'endDate', message: 'A valid end date is required.' },
      { integerValue: 1, stringValue: 'hoursPerDay', message: 'Hours per day must be between 0.25 and 8, in quarter hours (4 for a half day).' },
    ]);
    expect(validateRequest({ request: { ...request, title: 'x'.repeat(101) } })).to.deep.equal([{ integerValue: 1, stringValue: 'title', message: 'The title is longer than 100 characters.' }]);
    expect(validateRequest({ request: { ...request, title: 'x'.repeat(100) } })).to.deep.equal([]);
    for (const bad of [8.25, 4.1, -4, Number.NaN]) expect(validateRequest({ request: { ...request, hoursPerDay: bad } })[0]?.message).to.equal(PTO_TEXT.hoursPerDay);
    for (const good of [0.25, 4, 6.5, 8]) expect(validateRequest({ request: { ...request, hoursPerDay: good } })).to.deep.equal([]);
    expect(validateRequest({ request: { ...request, endDate: '2026-03-18' } })).to.deep.equal([{ integerValue: 1, stringValue: 'endDate', message: 'The end date is before the start date.' }]);
    expect(validateRequest({ request: { ...request, startDate: '2026-03-21', endDate: '2026-03-23' }, holidays })).to.deep.equal([
      { integerValue: 1, stringValue: 'startDate', message: 'These dates hold no working day: weekends and holidays are not counted.' },
      { integerValue: 3, stringValue: 'startDate', message: PTO_TEXT.holidaySkipped('2026-03-23', 'Spring Day', false) },
    ]);
  });

  it('refuses an overlap with a request that still holds its days', () => {
    const others: PtoRequest[] = [
      { ...request, requestId: 2, title: 'Dentist', startDate: '2026-03-24', endDate: '2026-03-25', state: 'Pending' },
    ];
    expect(validateRequest({ request, requests: others })).to.deep.equal([
      { integerValue: 1, stringValue: 'startDate', message: 'These dates overlap your request “Dentist” (03/24/2026 – 03/25/2026).' },
    ]);
    expect(validateRequest({ request, requests: [{ ...others[0]!, state: 'Denied' }, { ...others[0]!, state: 'Canceled' }, { ...request, state: 'Approved' }] })).to.deep.equal([]);
    expect(validateRequest({ request: { ...request, requestId: null }, requests: [{ ...request, state: 'Approved' }] })[0]?.message)
      .to.equal('These dates overlap your request “Spring break” (03/19/2026 – 03/24/2026).');
  });

  it('refuses more hours than the balance as of the start date, unless the type may go negative', () => {
    const small: PtoAccount = { ...account, openingBalance: 10, accrualPerPeriod: 0 };
    expect(validateRequest({ request, account: small, holidays }).filter((i) => i.integerValue === 1)).to.deep.equal([
      { integerValue: 1, stringValue: 'hoursPerDay', message: 'Not enough Vacation balance: 20 hours requested, 10 available on 03/19/2026.' },
    ]);
    expect(validateRequest({ request, account: { ...small, openingBalance: 20 }, holidays }).filter((i) => i.integerValue === 1)).to.deep.equal([]);
    expect(validateRequest({ request, account: { ...small, openingBalance: 19.75 }, holidays }).filter((i) => i.integerValue === 1)[0]?.message)
      .to.equal('Not enough Vacation balance: 20 hours requested, 19.75 available on 03/19/2026.');
    // As of the start date: the accrual at the 03/20 pay-period end, inside the request, does not count yet.
    expect(validateRequest({ request, account: { ...account, openingBalance: -2 }, holidays }).filter((i) => i.integerValue === 1)[0]?.message)
      .to.equal('Not enough Vacation balance: 20 hours requested, 18 available on 03/19/2026.');
    // Other requests use balance before this one; the request itself (same id) does not.
    const earlier: PtoRequest = { ...request, requestId: 2, startDate: '2026-02-02', endDate: '2026-02-02', hoursPerDay: 4, state: 'Approved' };
    expect(validateRequest({ request, account: { ...small, openingBalance: 20 }, holidays, requests: [earlier, { ...request, state: 'Pending' }] })
      .filter((i) => i.integerValue === 1)).to.deep.equal([
      { integerValue: 1, stringValue: 'hoursPerDay', message: 'Not enough Vacation balance: 20 hours requested, 16 available on 03/19/2026.' },
    ]);
    for (const type of ['Sick', 'Bereavement', 'Jury Duty']) {
      expect(validateRequest({ request: { ...request, type }, account: { ...small, type, openingBalance: 0 }, holidays }).filter((i) => i.integerValue === 1)).to.deep.equal([]);
    }
    expect(validateRequest({ request: { ...request, type: 'Personal' }, account: { ...small, type: 'Personal', openingBalance: 0 } })[0]?.message)
      .to.equal('Not enough Personal balance: 32 hours requested, 0 available on 03/19/2026.');
  });
});

describe('time-off request states', () => {
  const subject = { ...request, managerId: 9 };
  const today = '2026-03-10';
  const delegations = [{ managerId: 9, delegateId: 12, startDate: '2026-03-23', endDate: '2026-03-30' }];

  it('the manager, a delegate or a Timecard Admin approves or denies (a denial needs a reason); never the employee', () => {
    expect(mayTransitionRequest({ from: 'Pending', to: 'Approved', actor: { employeeId: 9 }, request: subject, today })).to.deep.equal({ ok: true });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Approved', actor: { employeeId: 12 }, request: subject, delegations, today })).to.deep.equal({ ok: true, onBehalfOf: 9 });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Approved', actor: { employeeId: 30, timecardAdmin: true }, request: subject, today })).to.deep.equal({ ok: true });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Approved', actor: { employeeId: 12 }, request: subject, today })).to.deep.equal({
      ok: false, message: "Only the employee's manager, their delegate or a Timecard Admin can approve or deny this request.",
    });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Approved', actor: { employeeId: 5, timecardAdmin: true }, request: subject, today })).to.deep.equal({
      ok: false, message: 'Nobody can approve or deny their own request.',
    });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Denied', actor: { employeeId: 9 }, request: subject, today })).to.deep.equal({ ok: false, message: 'A reason is required to deny a request.' });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Denied', actor: { employeeId: 9 }, request: subject, today, reason: 'Busy week' })).to.deep.equal({ ok: true });
  });

  it('the employee cancels a Pending or Approved request before its start date; Denied and Canceled are final', () => {
    expect(mayTransitionRequest({ from: 'Approved', to: 'Canceled', actor: { employeeId: 5 }, request: subject, today: '2026-03-18' })).to.deep.equal({ ok: true });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Canceled', actor: { employeeId: 5 }, request: subject, today })).to.deep.equal({ ok: true });
    expect(mayTransitionRequest({ from: 'Approved', to: 'Canceled', actor: { employeeId: 5 }, request: subject, today: '2026-03-19' })).to.deep.equal({
      ok: false, message: 'A request can be canceled only before its start date.',
    });
    expect(mayTransitionRequest({ from: 'Pending', to: 'Canceled', actor: { employeeId: 9 }, request: subject, today })).to.deep.equal({
      ok: false, message: 'Only the employee can cancel their own request.',
    });
    expect(mayTransitionRequest({ from: 'Denied', to: 'Approved', actor: { employeeId: 9 }, request: subject, today })).to.deep.equal({
      ok: false, message: 'A request cannot go from Denied to Approved.',
    });
    expect(mayTransitionRequest({ from: 'Canceled', to: 'Pending', actor: { employeeId: 5 }, request: subject, today })).to.deep.equal({ ok: false, message: PTO_STATE_TEXT.notAllowed('Canceled', 'Pending') });
  });
});

describe('time off and timecards agree (issue 29)', () => {
  // Monday 03/16 and Tuesday 03/17 2026, 8 h each: the week of Sunday 03/15.
  const trip: PtoRequest = { requestId: 9, employeeId: 5, title: 'Trip', type: 'Vacation', startDate: '2026-03-16', endDate: '2026-03-17', hoursPerDay: 8, state: 'Approved' };
  const week = (over: Partial<RequestWeek> = {}): RequestWeek => ({ weekStart: '2026-03-15', card: { timecardId: 4, state: 'Draft' }, line: [], worked: [], openCorrections: [], ...over });

  it('the balance follows the card: an open Add is not charged yet, an open Remove not refunded yet', () => {
    expect(chargedDays(trip)).to.deep.equal([{ date: '2026-03-16', hours: 8 }, { date: '2026-03-17', hours: 8 }]);
    const add = { weekStart: '2026-03-15', kind: 'Add' as const, hours: [0, 8, 8, 0, 0, 0, 0] };
    expect(chargedDays({ ...trip, openCorrections: [add] })).to.deep.equal([]);
    const remove = { ...add, kind: 'Remove' as const };
    expect(chargedDays({ ...trip, state: 'Canceled', openCorrections: [remove] })).to.deep.equal([{ date: '2026-03-16', hours: 8 }, { date: '2026-03-17', hours: 8 }]);
    expect(chargedDays({ ...trip, state: 'Canceled' })).to.deep.equal([]);
    expect(balanceAsOf(account, [{ ...trip, state: 'Canceled', openCorrections: [remove] }], '2026-03-31')).to.equal(balanceAsOf(account, [trip], '2026-03-31'));
  });

  it('the line a request holds: its days while Approved, holidays out or halved; nothing in any other state', () => {
    expect([...timeOffLineHours(trip)]).to.deep.equal([['2026-03-15', [0, 8, 8, 0, 0, 0, 0]]]);
    expect([...timeOffLineHours(trip, [{ date: '2026-03-17', name: 'Spring Day' }])]).to.deep.equal([['2026-03-15', [0, 8, 0, 0, 0, 0, 0]]]);
    expect(timeOffLineHours({ ...trip, state: 'Pending' }).size).to.equal(0);
  });

  it('an open card takes the line; worked days are not skipped but said', () => {
    const changes = reconcileRequest({ request: trip, weeks: [week({ worked: [0, 8, 0, 0, 0, 0, 0] })] });
    expect(changes).to.deep.equal([{ weekStart: '2026-03-15', timecardId: 4, state: 'Draft', line: [0, 8, 8, 0, 0, 0, 0], supersede: [], corrections: [], workedDays: ['2026-03-16'] }]);
    expect(reconcileNotices(changes)).to.deep.equal(['Time off on 03/16/2026, which already holds worked hours: the card now has both; change the worked hours.']);
    expect(reconcileRequest({ request: trip, weeks: [week({ line: [0, 8, 8, 0, 0, 0, 0] })] })).to.deep.equal([]);
    expect(reconcileRequest({ request: { ...trip, state: 'Canceled' }, weeks: [week({ line: [0, 8, 8, 0, 0, 0, 0] })] })[0]!.line).to.deep.equal([0, 0, 0, 0, 0, 0, 0]);
    // No card: a Draft for those who keep timecards, nothing for the others.
    expect(reconcileRequest({ request: trip, weeks: [] })[0]).to.include({ timecardId: null, state: 'Not started' });
    expect(reconcileRequest({ request: trip, weeks: [], keepsTimecards: false })).to.deep.equal([]);
  });

  it('a locked week gets a correction replacing the open ones; reopened, the card takes it itself', () => {
    const approved = week({ card: { timecardId: 4, state: 'Approved' } });
    const [add] = reconcileRequest({ request: trip, weeks: [approved] });
    expect(add).to.deep.include({ supersede: [], corrections: [{ kind: 'Add', hours: [0, 8, 8, 0, 0, 0, 0] }] });
    expect(reconcileNotices([add!])[0]).to.match(/is Approved: a correction to add 16 h of time off waits for a Timecard Admin; the balance is charged when it is applied/);
    const open = [{ correctionId: 71, weekStart: '2026-03-15', kind: 'Add' as const, hours: [0, 8, 8, 0, 0, 0, 0] }];
    expect(reconcileRequest({ request: trip, weeks: [{ ...approved, openCorrections: open }] })).to.deep.equal([]);
    // Canceled before the Add was applied: the Add is replaced, nothing is left to do.
    expect(reconcileRequest({ request: { ...trip, state: 'Canceled' }, weeks: [{ ...approved, openCorrections: open }] })[0]).to.deep.include({ supersede: [71], corrections: [] });
    // A holiday on Tuesday of an applied line: Remove Tuesday.
    const holiday = reconcileRequest({ request: trip, holidays: [{ date: '2026-03-17', name: 'Spring Day' }], weeks: [{ ...approved, line: [0, 8, 8, 0, 0, 0, 0] }] });
    expect(holiday[0]!.corrections).to.deep.equal([{ kind: 'Remove', hours: [0, 0, 8, 0, 0, 0, 0] }]);
    const reopened = reconcileRequest({ request: trip, weeks: [{ ...approved, card: { timecardId: 4, state: 'Draft' }, openCorrections: open }] });
    expect(reopened[0]).to.deep.include({ line: [0, 8, 8, 0, 0, 0, 0], supersede: [71], corrections: [] });
  });

  it('applying a correction adds or removes its hours, never below zero', () => {
    expect(applyCorrection([0, 8, 0, 0, 0, 0, 0], { kind: 'Add', hours: [0, 0, 8, 0, 0, 0, 0] })).to.deep.equal([0, 8, 8, 0, 0, 0, 0]);
    expect(applyCorrection([0, 8, 4, 0, 0, 0, 0], { kind: 'Remove', hours: [0, 8, 8, 0, 0, 0, 0] })).to.deep.equal([0, 0, 0, 0, 0, 0, 0]);
  });

  it('an Approved request may still be denied (with a reason) by an approver; the employee changes it before it starts, back to Pending', () => {
    const subject = { ...trip, managerId: 9 };
    expect(mayTransitionRequest({ from: 'Approved', to: 'Denied', actor: { employeeId: 9 }, request: subject, today: '2026-03-01', reason: 'Needed' })).to.deep.equal({ ok: true });
    expect(mayTransitionRequest({ from: 'Approved', to: 'Denied', actor: { employeeId: 9 }, request: subject, today: '2026-03-01' })).to.deep.equal({ ok: false, message: PTO_STATE_TEXT.denyReason });
    expect(mayTransitionRequest({ from: 'Approved', to: 'Denied', actor: { employeeId: 5 }, request: subject, today: '2026-03-01', reason: 'x' })).to.deep.equal({ ok: false, message: PTO_STATE_TEXT.ownApproval });
    expect(mayChangeRequest(trip, 'Pending', '2026-03-20')).to.deep.equal({ ok: true, backToPending: false });
    expect(mayChangeRequest(trip, 'Approved', '2026-03-15')).to.deep.equal({ ok: true, backToPending: true });
    expect(mayChangeRequest(trip, 'Approved', '2026-03-16')).to.deep.equal({ ok: false, message: PTO_STATE_TEXT.changeStarted });
    expect(mayChangeRequest(trip, 'Denied', '2026-03-01')).to.deep.equal({ ok: false, message: PTO_STATE_TEXT.changeClosed('Trip', 'Denied') });
  });
});

describe('time-off balance projected ahead', () => {
  // Opening 40 h, +4 h at each pay-period end (01/09, 01/23 … 03/20, 04/03, 04/17); Vacation approved for Mon 04/06–Fri 04/10 (40 h).
  const approvedAhead: PtoRequest = { requestId: 9, employeeId: 5, title: 'Family trip', type: 'Vacation', startDate: '2026-04-06', endDate: '2026-04-10', hoursPerDay: 8, state: 'Approved' };
  const march: PtoRequest = { employeeId: 5, title: 'Spring week', type: 'Vacation', startDate: '2026-03-02', endDate: '2026-03-06', hoursPerDay: 8 };

  it('the lowest balance from a day on: on each later day a request charges, the first lowest', () => {
    expect(lowestBalanceFrom(account, [], '2026-03-02')).to.deep.equal({ date: '2026-03-02', balance: 56 });
    expect(lowestBalanceFrom(account, [approvedAhead], '2026-03-02')).to.deep.equal({ date: '2026-04-10', balance: 28 });
    // 56 + 4 (03/06) − 40 (03/02–03/06) + 8 (03/20, 04/03) − 40 (04/06–04/10) = −12, on Friday 04/10.
    expect(lowestBalanceFrom(account, [approvedAhead, { ...march, state: 'Pending' }], '2026-03-02')).to.deep.equal({ date: '2026-04-10', balance: -12 });
    // A canceled request charges nothing ahead.
    expect(lowestBalanceFrom(account, [{ ...approvedAhead, state: 'Canceled' }, { ...march, state: 'Pending' }], '2026-03-02').balance).to.equal(20);
  });

  it('a request that fits on its start date is refused when it leaves a later request uncovered, naming the day and how low', () => {
    expect(validateRequest({ request: march, requests: [], account })).to.deep.equal([]);
    const items = validateRequest({ request: march, requests: [approvedAhead], account });
    expect(items).to.deep.equal([{ integerValue: 1, stringValue: 'hoursPerDay', message: PTO_TEXT.balanceAhead('Vacation', 40, -12, '2026-04-10') }]);
    expect(items[0]!.message).to.equal('Not enough Vacation balance ahead: with these 40 hours it would fall to -12 hours on 04/10/2026, when your other requests are charged.');
    // Four days instead of five: 8 h less, the lowest is −4: still refused; three days: +4, allowed.
    expect(validateRequest({ request: { ...march, endDate: '2026-03-05' }, requests: [approvedAhead], account })[0]!.message).to.contain('fall to -4 hours');
    expect(validateRequest({ request: { ...march, endDate: '2026-03-04' }, requests: [approvedAhead], account })).to.deep.equal([]);
    // A type that may go below zero is never refused for its balance.
    expect(validateRequest({ request: { ...march, type: 'Sick' }, requests: [{ ...approvedAhead, type: 'Sick' }], account: { ...account, type: 'Sick' } })).to.deep.equal([]);
  });
});
