/**
 * Time off and timecards always agree (issue 29). One rule, shared by the demo host (every change of a
 * request, a holiday or a card) and the client (the figures it shows):
 *
 *   a request's hours, its balance movement and the time-off lines of its days are the same numbers.
 *
 * - The time-off line of a request on a week's card holds its {@link requestDays} of that week while
 *   it is Approved, and nothing otherwise ({@link timeOffLineHours}). Days that also hold worked hours
 *   are not skipped: the line is written and the change says so ({@link reconcileNotices}).
 * - A week without a card shows those lines computed; its first write creates them.
 * - A Draft or Submitted card's line is set to them ({@link reconcileRequest}: `line`).
 * - An Approved or Processed card is locked: the difference between the line and what it must hold
 *   becomes a correction (Add / Remove, hours per day) replacing the request's open ones on that card,
 *   for a Timecard Admin to apply ({@link applyCorrection}). Until then the balance follows the card
 *   (core `chargedDays`: an open Add is not charged, an open Remove not refunded).
 *
 * So for every request and card: line + open Add − open Remove = the line it must hold; and the balance
 * movement = the lines (cards, computed or stored) + the projected hours of a Pending request.
 */
import { requestDays, type PtoOpenCorrection, type PtoRequest } from './requests';
import { formatDate } from '../format/dates';
import { addDays } from '../timecards/days';
import type { Holiday } from '../timecards/hours';
import { WEEK_DAYS, weekOf } from '../timecards/week';

/** Hours per day of a week, Sunday first. */
export type WeekHours = number[];

const round = (value: number) => Math.round(value * 100) / 100;
const zeros = (): WeekHours => Array.from({ length: WEEK_DAYS }, () => 0);
const total = (hours: readonly number[]) => round(hours.reduce((sum, h) => sum + (h ?? 0), 0));
const same = (a: readonly number[], b: readonly number[]) => zeros().every((_, i) => round(a[i] ?? 0) === round(b[i] ?? 0));

/** True when a card in `state` is locked: time off changes it only through a correction. */
/** States whose card is no longer changed by time off; a correction goes to a Timecard Admin instead. */
export const CORRECTION_STATES: readonly string[] = ['Approved', 'Processed'];

export const isLockedWeek = (state: string | null | undefined): boolean => state != null && CORRECTION_STATES.includes(state);

/**
 * The time-off line hours a request must hold, by week start: its {@link requestDays} while it is
 * Approved (weekends and full holidays out, half-day holidays halved); none in any other state.
 */
export function timeOffLineHours(request: Pick<PtoRequest, 'startDate' | 'endDate' | 'hoursPerDay' | 'state'>, holidays: readonly Holiday[] = []): Map<string, WeekHours> {
  const weeks = new Map<string, WeekHours>();
  if (request.state !== 'Approved') return weeks;
  for (const day of requestDays(request, holidays)) {
    const { weekStart } = weekOf(day.date);
    const hours = weeks.get(weekStart) ?? zeros();
    hours[(Date.parse(`${day.date}T00:00:00Z`) - Date.parse(`${weekStart}T00:00:00Z`)) / 86_400_000] = day.hours;
    weeks.set(weekStart, hours);
  }
  return weeks;
}

/** One week of a request as stored: its card (null: none yet), the request's line there, the worked hours, the open corrections. */
export interface RequestWeek {
  weekStart: string;
  card: { timecardId: number; state: string } | null;
  /** The request's time-off line on the card (zeros: none). */
  line: readonly number[];
  /** The card's manual (worked) hours per day. */
  worked: readonly number[];
  openCorrections: ReadonlyArray<PtoOpenCorrection & { correctionId: number }>;
}

/** What one week needs so that the request, the balance and the card agree. */
export interface WeekReconciliation {
  weekStart: string;
  /** null: the week has no card yet (a Draft is created when it gains a line). */
  timecardId: number | null;
  /** 'Not started' when there is no card. */
  state: string;
  /** An open week: the line's new hours (all zero: the line goes); absent when it is right already. */
  line?: WeekHours;
  /** A locked week: the open corrections replaced, and the corrections that replace them. */
  supersede: number[];
  corrections: Array<{ kind: 'Add' | 'Remove'; hours: WeekHours }>;
  /** Days whose time off is also worked (the card has manual hours there). */
  workedDays: string[];
}

/**
 * The changes that make `weeks` (the stored state of every week the request touches now or touched
 * before) agree with the request as it is now. `keepsTimecards` false: no card is created.
 */
export function reconcileRequest(input: {
  request: Pick<PtoRequest, 'startDate' | 'endDate' | 'hoursPerDay' | 'state'>;
  holidays?: readonly Holiday[];
  weeks: readonly RequestWeek[];
  keepsTimecards?: boolean;
}): WeekReconciliation[] {
  const target = timeOffLineHours(input.request, input.holidays ?? []);
  const starts = [...new Set([...target.keys(), ...input.weeks.map((w) => w.weekStart)])].sort();
  const out: WeekReconciliation[] = [];
  for (const weekStart of starts) {
    const stored = input.weeks.find((w) => w.weekStart === weekStart);
    const want = target.get(weekStart) ?? zeros();
    const line = stored?.line ?? zeros();
    const open = stored?.openCorrections ?? [];
    const workedDays = want.map((h, i) => (h > 0 && (stored?.worked[i] ?? 0) > 0 ? addDays(weekStart, i) : '')).filter(Boolean);
    const change: WeekReconciliation = {
      weekStart, timecardId: stored?.card?.timecardId ?? null, state: stored?.card?.state ?? 'Not started', supersede: [], corrections: [], workedDays,
    };
    if (!stored?.card) {
      // No card: its lines are computed from the requests; the first line makes the Draft (for those who keep timecards).
      if (total(want) > 0 && input.keepsTimecards !== false) out.push({ ...change, line: want });
      continue;
    }
    if (!isLockedWeek(stored.card.state)) {
      // An open card takes the line as it must be; corrections waiting on it (it was reopened) are done by that.
      change.supersede = open.map((c) => c.correctionId);
      if (!same(line, want)) change.line = want;
      if (change.line || change.supersede.length) out.push(change);
      continue;
    }
    const pending = zeros();
    for (const c of open) c.hours.forEach((h, i) => (pending[i] = round(pending[i]! + (c.kind === 'Add' ? h : -h))));
    const needed = want.map((h, i) => round(h - (line[i] ?? 0)));
    if (same(needed, pending)) continue;
    change.supersede = open.map((c) => c.correctionId);
    const add = needed.map((h) => (h > 0 ? h : 0));
    const remove = needed.map((h) => (h < 0 ? -h : 0));
    if (total(add) > 0) change.corrections.push({ kind: 'Add', hours: add });
    if (total(remove) > 0) change.corrections.push({ kind: 'Remove', hours: remove });
    out.push(change);
  }
  return out;
}

/** The line a correction leaves on its card: `line` plus (Add) or minus (Remove) its hours, never below zero. */
export const applyCorrection = (line: readonly number[], correction: Pick<PtoOpenCorrection, 'kind' | 'hours'>): WeekHours =>
  zeros().map((_, i) => round(Math.max(0, (line[i] ?? 0) + (correction.kind === 'Add' ? 1 : -1) * (correction.hours[i] ?? 0))));

/** The messages of a reconciliation, said in the answer of the change. */
export const RECONCILE_TEXT = {
  correction: (week: string, state: string, kind: 'Add' | 'Remove', hours: number) =>
    `The week of ${week} is ${state}: a correction to ${kind === 'Add' ? 'add' : 'remove'} ${hours} h of time off waits for a Timecard Admin; `
    + `the balance is ${kind === 'Add' ? 'charged' : 'refunded'} when it is applied.`,
  worked: (days: string[]) =>
    `Time off on ${days.join(', ')}, which already ${days.length === 1 ? 'holds' : 'hold'} worked hours: the card now has both; change the worked hours.`,
} as const;

/** What the answer of a change says about its reconciliation: each correction made, each worked day given time off. */
export function reconcileNotices(changes: readonly WeekReconciliation[]): string[] {
  const notices: string[] = [];
  for (const change of changes) {
    const week = `${formatDate(change.weekStart)}–${formatDate(addDays(change.weekStart, 6))}`;
    for (const c of change.corrections) notices.push(RECONCILE_TEXT.correction(week, change.state, c.kind, total(c.hours)));
    if (change.workedDays.length) notices.push(RECONCILE_TEXT.worked(change.workedDays.map((d) => formatDate(d))));
  }
  return notices;
}
