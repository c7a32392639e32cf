/**
 * Time off (issue 13, §2 /teammembertoolbox/requests): request types, the working days and hours of a
 * request, balances as of a date (accrual per biweekly pay period, carry-over cap at year end), the
 * overlap check, request validation and who moves a request between its states (the states
 * themselves: ./contract.ts). Pure rules shared by the demo host (api/time-off) and the client (the
 * request form), so the two cannot disagree.
 *
 * Negative balances: Vacation and Personal are limited by their balance. Sick may be advanced below
 * zero (it accrues, but illness does not wait for the accrual); Bereavement and Jury Duty are granted
 * as the event requires (no accrual, no balance limit). The host's `pto_types.allowsNegative` says
 * the same (tests/api/timecards-data.test.ts checks the two agree).
 */
import { formatDate } from '../format/dates';
import { addDays, daysBetween, daysFrom, isDay, weekdayOf } from '../timecards/days';
import type { Holiday } from '../timecards/hours';
import { INFO, INVALID, type FeedbackItem } from '../timecards/policy';
import { approverRole, type Delegation } from '../timecards/states';
import { PTO_STATES, type PtoState } from './contract';

/** The types of time off, in the order the form lists them. */
export const PTO_TYPES = ['Vacation', 'Sick', 'Personal', 'Bereavement', 'Jury Duty'] as const;
export type PtoType = (typeof PTO_TYPES)[number];

/** The types whose balance may go below zero (not limited by a balance). */
export const NEGATIVE_BALANCE_TYPES: readonly PtoType[] = ['Sick', 'Bereavement', 'Jury Duty'];

/** Hours of a full and of a half day, the form's two choices. */
export const FULL_DAY_HOURS = 8;
export const HALF_DAY_HOURS = 4;
/** Days between two pay periods (biweekly). */
export const PAY_PERIOD_DAYS = 14;
/** Longest title accepted. */
export const PTO_TITLE_MAX = 100;

/** A time-off request. Dates are 'YYYY-MM-DD', both included. */
export interface PtoRequest {
  requestId?: number | null;
  employeeId: number;
  title: string;
  type: PtoType | string;
  startDate: string;
  endDate: string;
  /** Hours taken on each working day (8 a full day, 4 a half day). */
  hoursPerDay: number;
  state?: PtoState | string;
  /**
   * The open timecard corrections of the request (issue 29): changes of its time off on an Approved or
   * Processed week that a Timecard Admin has not applied yet. The balance follows the card, so an open
   * Add is not charged yet and an open Remove is not refunded yet ({@link chargedDays}).
   */
  openCorrections?: readonly PtoOpenCorrection[];
}

/** An open correction of a request's time-off line on a locked week: hours per day, Sunday first. */
export interface PtoOpenCorrection {
  weekStart: string;
  kind: 'Add' | 'Remove';
  hours: readonly number[];
}

/** One day a request takes, with its hours. */
export interface PtoDay {
  date: string;
  hours: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The working days of a request and their hours: weekends are skipped, full holidays are skipped (not
 * counted), and a half-day holiday counts half the request's hours for that day.
 */
export function requestDays(request: Pick<PtoRequest, 'startDate' | 'endDate' | 'hoursPerDay'>, holidays: readonly Holiday[] = []): PtoDay[] {
  if (!isDay(request.startDate) || !isDay(request.endDate)) return [];
  const days: PtoDay[] = [];
  for (const date of daysFrom(request.startDate, request.endDate)) {
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6) continue;
    const holiday = holidays.find((h) => h.date === date);
    if (holiday && !holiday.halfDay) continue;
    days.push({ date, hours: holiday ? round(request.hoursPerDay / 2) : request.hoursPerDay });
  }
  return days;
}

/** Total hours of a request ({@link requestDays}). */
export const requestHours = (request: Pick<PtoRequest, 'startDate' | 'endDate' | 'hoursPerDay'>, holidays: readonly Holiday[] = []): number =>
  round(requestDays(request, holidays).reduce((sum, day) => sum + day.hours, 0));

/**
 * The hours a request takes from its balance, day by day (issue 29): its {@link requestDays} while it is
 * Pending or Approved (none once Denied or Canceled), less the hours of its open Add corrections (not on
 * the card yet) and plus those of its open Remove corrections (still on the card). So the balance moves
 * with the timecard: a change on a locked week is charged or refunded when its correction is applied.
 */
export function chargedDays(request: PtoRequest, holidays: readonly Holiday[] = []): PtoDay[] {
  const hours = new Map<string, number>();
  if (USING_STATES.includes(request.state ?? 'Pending')) for (const day of requestDays(request, holidays)) hours.set(day.date, day.hours);
  for (const correction of request.openCorrections ?? []) {
    correction.hours.forEach((h, i) => {
      if (!h) return;
      const date = addDays(correction.weekStart, i);
      hours.set(date, (hours.get(date) ?? 0) + (correction.kind === 'Add' ? -h : h));
    });
  }
  return [...hours].filter(([, h]) => h !== 0).sort(([a], [b]) => a.localeCompare(b)).map(([date, h]) => ({ date, hours: round(h) }));
}

/** The holidays that fall on weekdays inside the request (shown as skipped or halved). */
export const holidaysInRequest = (request: Pick<PtoRequest, 'startDate' | 'endDate'>, holidays: readonly Holiday[] = []): Holiday[] =>
  holidays.filter((h) => h.date >= request.startDate && h.date <= request.endDate && weekdayOf(h.date) !== 0 && weekdayOf(h.date) !== 6)
    .sort((a, b) => a.date.localeCompare(b.date));

/** An employee's balance of one type: the opening balance and how it accrues. */
export interface PtoAccount {
  type: PtoType | string;
  /** Balance on `openingDate` (before any accrual or use that day). */
  openingBalance: number;
  openingDate: string;
  /** Hours credited at the end of each pay period. */
  accrualPerPeriod: number;
  /** The end of a pay period (any one: the others are every 14 days before and after it). */
  payPeriodEnd: string;
  /** Most hours kept into the next year (applied after Dec 31); null for no cap. */
  carryOverCap: number | null;
}

/** States whose hours count against the balance. */
export const USING_STATES: readonly string[] = ['Pending', 'Approved'];
/** States that no longer hold their days. */
const RELEASED_STATES: readonly string[] = ['Denied', 'Canceled'];

/**
 * The balance of `account` at the end of `asOf`: the opening balance, plus the accrual of every pay
 * period ending from `openingDate` through `asOf`, minus the hours of Pending and Approved requests of
 * that type on days through `asOf` (their {@link chargedDays}: open timecard corrections not applied yet),
 * with the carry-over cap applied at the end of each Dec 31 in between (a balance above the cap drops to
 * it). Canceled and Denied requests use nothing once their corrections are applied.
 */
export function balanceAsOf(account: PtoAccount, requests: readonly PtoRequest[], asOf: string, holidays: readonly Holiday[] = []): number {
  if (!isDay(asOf) || asOf < account.openingDate) return round(account.openingBalance);
  const change = new Map<string, number>();
  const bump = (date: string, hours: number) => change.set(date, (change.get(date) ?? 0) + hours);
  // The first pay-period end on or after the opening date.
  const offset = ((daysBetween(account.payPeriodEnd, account.openingDate) % PAY_PERIOD_DAYS) + PAY_PERIOD_DAYS) % PAY_PERIOD_DAYS;
  for (let end = addDays(account.openingDate, offset === 0 ? 0 : PAY_PERIOD_DAYS - offset); end <= asOf; end = addDays(end, PAY_PERIOD_DAYS)) {
    bump(end, account.accrualPerPeriod);
  }
  for (const request of requests) {
    if (request.type !== account.type) continue;
    for (const day of chargedDays(request, holidays)) if (day.date >= account.openingDate && day.date <= asOf) bump(day.date, -day.hours);
  }
  let balance = account.openingBalance;
  let year = Number(account.openingDate.slice(0, 4));
  // Each Dec 31 passed on the way to `date` caps the balance carried into the next year.
  const carryTo = (date: string) => {
    for (; Number(date.slice(0, 4)) > year; year += 1) if (account.carryOverCap !== null) balance = Math.min(balance, account.carryOverCap);
  };
  for (const date of [...change.keys()].sort()) {
    carryTo(date);
    balance += change.get(date) ?? 0;
  }
  carryTo(asOf);
  return round(balance);
}

/**
 * The lowest balance of `account` from `from` on, with `requests` charged (as BambooHR and Workday project it): the
 * balance on `from` and on every later day one of them charges, the first lowest. A request that fits on its own
 * start date can still leave a later approved or pending request uncovered: this is the day that shows it.
 */
export function lowestBalanceFrom(account: PtoAccount, requests: readonly PtoRequest[], from: string, holidays: readonly Holiday[] = []): { date: string; balance: number } {
  const days = new Set<string>();
  for (const request of requests) {
    if (request.type !== account.type) continue;
    for (const day of chargedDays(request, holidays)) if (day.date > from) days.add(day.date);
  }
  let lowest = { date: from, balance: balanceAsOf(account, requests, from, holidays) };
  for (const day of [...days].sort()) {
    const balance = balanceAsOf(account, requests, day, holidays);
    if (balance < lowest.balance) lowest = { date: day, balance };
  }
  return lowest;
}

/** True when the two requests share a day (a request never overlaps itself; Denied and Canceled ones hold no days). */
export function requestsOverlap(a: PtoRequest, b: PtoRequest): boolean {
  if (a.requestId != null && a.requestId === b.requestId) return false;
  if (RELEASED_STATES.includes(a.state ?? '') || RELEASED_STATES.includes(b.state ?? '')) return false;
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/** The messages of the request rules (server feedback and client validation say the same). */
export const PTO_TEXT = {
  titleRequired: 'A title is required.',
  titleTooLong: `The title is longer than ${PTO_TITLE_MAX} characters.`,
  unknownType: `The type must be one of ${PTO_TYPES.join(', ')}.`,
  startRequired: 'A valid start date is required.',
  endRequired: 'A valid end date is required.',
  endBeforeStart: 'The end date is before the start date.',
  hoursPerDay: `Hours per day must be between 0.25 and ${FULL_DAY_HOURS}, in quarter hours (${HALF_DAY_HOURS} for a half day).`,
  noWorkingDay: 'These dates hold no working day: weekends and holidays are not counted.',
  overlap: (title: string, startDate: string, endDate: string) =>
    `These dates overlap your request “${title}” (${formatDate(startDate)} – ${formatDate(endDate)}).`,
  balance: (type: string, hours: number, available: number, asOf: string) =>
    `Not enough ${type} balance: ${hours} hours requested, ${available} available on ${formatDate(asOf)}.`,
  balanceAhead: (type: string, hours: number, lowest: number, on: string) =>
    `Not enough ${type} balance ahead: with these ${hours} hours it would fall to ${lowest} hours on ${formatDate(on)}, when your other requests are charged.`,
  holidaySkipped: (date: string, name: string | undefined, half: boolean) =>
    `${formatDate(date)}${name ? ` ${name}` : ''} is a ${half ? 'half-day holiday: it counts half' : 'holiday: it is skipped, not counted'}.`,
} as const;

/**
 * The feedback items of a new or changed request (empty when it may be saved): title, type, dates,
 * hours per day (quarter hours, at most a full day), at least one working day, no overlap with the
 * employee's other requests that hold their days, and enough balance as of the start date for a
 * balance-limited type. Holidays inside the dates come back as info items.
 */
export function validateRequest(input: {
  request: PtoRequest;
  /** The employee's other requests (any state; the request itself is ignored by its id). */
  requests?: readonly PtoRequest[];
  /** The employee's account of the request's type (no balance check without one). */
  account?: PtoAccount | null;
  holidays?: readonly Holiday[];
}): FeedbackItem[] {
  const { request } = input;
  const holidays = input.holidays ?? [];
  const items: FeedbackItem[] = [];
  const add = (integerValue: number, stringValue: string, message: string) => items.push({ integerValue, stringValue, message });
  const title = (request.title ?? '').trim();
  if (!title) add(INVALID, 'title', PTO_TEXT.titleRequired);
  else if (Array.from(title).length > PTO_TITLE_MAX) add(INVALID, 'title', PTO_TEXT.titleTooLong);
  if (!(PTO_TYPES as readonly string[]).includes(request.type)) add(INVALID, 'type', PTO_TEXT.unknownType);
  const hasStart = isDay(request.startDate);
  const hasEnd = isDay(request.endDate);
  if (!hasStart) add(INVALID, 'startDate', PTO_TEXT.startRequired);
  if (!hasEnd) add(INVALID, 'endDate', PTO_TEXT.endRequired);
  const hours = request.hoursPerDay;
  const hoursOk = typeof hours === 'number' && Number.isFinite(hours) && hours >= 0.25 && hours <= FULL_DAY_HOURS && Number.isInteger(hours * 4);
  if (!hoursOk) add(INVALID, 'hoursPerDay', PTO_TEXT.hoursPerDay);
  if (!hasStart || !hasEnd) return items;
  if (request.endDate < request.startDate) {
    add(INVALID, 'endDate', PTO_TEXT.endBeforeStart);
    return items;
  }
  for (const holiday of holidaysInRequest(request, holidays)) add(INFO, 'startDate', PTO_TEXT.holidaySkipped(holiday.date, holiday.name, Boolean(holiday.halfDay)));
  if (requestDays(request, holidays).length === 0) add(INVALID, 'startDate', PTO_TEXT.noWorkingDay);
  const other = (input.requests ?? []).find((r) => requestsOverlap({ ...request, state: 'Pending' }, r));
  if (other) add(INVALID, 'startDate', PTO_TEXT.overlap(other.title, other.startDate, other.endDate));
  const account = input.account;
  if (hoursOk && account && account.type === request.type && !(NEGATIVE_BALANCE_TYPES as readonly string[]).includes(request.type)) {
    const others = (input.requests ?? []).filter((r) => r.requestId == null || r.requestId !== request.requestId);
    const available = balanceAsOf(account, others, request.startDate, holidays);
    const wanted = requestHours(request, holidays);
    if (wanted > available) add(INVALID, 'hoursPerDay', PTO_TEXT.balance(request.type, wanted, available, request.startDate));
    else {
      // Enough on its start date, but the balance must also cover the requests already made after it.
      const lowest = lowestBalanceFrom(account, [...others, { ...request, state: PTO_STATES.pending }], request.startDate, holidays);
      if (lowest.balance < 0) add(INVALID, 'hoursPerDay', PTO_TEXT.balanceAhead(request.type, wanted, lowest.balance, lowest.date));
    }
  }
  return items.sort((a, b) => a.integerValue - b.integerValue);
}

/** Who acts on a request. */
export interface PtoActor {
  employeeId: number;
  timecardAdmin?: boolean;
}

/** The messages of the request state refusals. */
export const PTO_STATE_TEXT = {
  ownApproval: 'Nobody can approve or deny their own request.',
  notApprover: "Only the employee's manager, their delegate or a Timecard Admin can approve or deny this request.",
  denyReason: 'A reason is required to deny a request.',
  cancelOwnOnly: 'Only the employee can cancel their own request.',
  cancelStarted: 'A request can be canceled only before its start date.',
  changeStarted: 'An approved request can be changed only before its start date; ask your manager or a Timecard Admin.',
  changeClosed: (title: string, state: string) => `Only a Pending or Approved request can be changed; “${title}” is ${state}.`,
  notAllowed: (from: string, to: string) => `A request cannot go from ${from} to ${to}.`,
} as const;

/**
 * Whether `actor` may move `request` from `from` to `to` on `today`:
 * - Pending → Approved or Denied, and Approved → Denied (a reason is required to deny): the employee's
 *   manager, that manager's delegate for dates sharing a day with the request, or a Timecard Admin; never
 *   the employee.
 * - Pending or Approved → Canceled: the employee only, before the start date (cancelling an Approved
 *   request gives its hours back: Canceled requests use no balance).
 * - Denied and Canceled are final.
 */
export function mayTransitionRequest(input: {
  from: PtoState | string;
  to: PtoState | string;
  actor: PtoActor;
  request: PtoRequest & { managerId: number | null };
  delegations?: readonly Delegation[];
  reason?: string | null;
  /** 'YYYY-MM-DD'. */
  today: string;
}): { ok: true; onBehalfOf?: number } | { ok: false; message: string } {
  const { from, to, actor, request } = input;
  const T = PTO_STATE_TEXT;
  const own = actor.employeeId === request.employeeId;
  // An Approved request may still be denied by an approver (issue 29): its time off leaves the timecards.
  if ((from === 'Pending' && (to === 'Approved' || to === 'Denied')) || (from === 'Approved' && to === 'Denied')) {
    if (own) return { ok: false, message: T.ownApproval };
    const role = approverRole(actor, { ...request, weekStart: request.startDate, weekEnding: request.endDate }, input.delegations);
    if (!role) return { ok: false, message: T.notApprover };
    if (to === 'Denied' && !(input.reason ?? '').trim()) return { ok: false, message: T.denyReason };
    return role.as === 'delegate' ? { ok: true, onBehalfOf: role.onBehalfOf } : { ok: true };
  }
  if ((from === 'Pending' || from === 'Approved') && to === 'Canceled') {
    if (!own) return { ok: false, message: T.cancelOwnOnly };
    if (!(input.today < request.startDate)) return { ok: false, message: T.cancelStarted };
    return { ok: true };
  }
  return { ok: false, message: T.notAllowed(from, to) };
}

/**
 * Whether the employee may change their request in `state` on `today` (issue 29): a Pending one any
 * time; an Approved one before its start date, and it goes back to Pending for the manager (its time
 * off leaves the timecards until then); Denied and Canceled ones are closed.
 */
export function mayChangeRequest(request: Pick<PtoRequest, 'title' | 'startDate'>, state: PtoState | string, today: string): { ok: true; backToPending: boolean } | { ok: false; message: string } {
  if (state === 'Pending') return { ok: true, backToPending: false };
  if (state !== 'Approved') return { ok: false, message: PTO_STATE_TEXT.changeClosed(request.title, state) };
  if (!(today < request.startDate)) return { ok: false, message: PTO_STATE_TEXT.changeStarted };
  return { ok: true, backToPending: true };
}
