/**
 * Who may move a timecard between its states (issue 13; the states: ./contract.ts). Draft → Submitted →
 * Approved → Processed; a rejection returns the card to Draft with its reason; the employee recalls a
 * Submitted card; Processed is locked; an Approved card changes only by a Timecard Admin, with a reason.
 */
import { daysBetween } from './days';
import type { TimecardWeek } from './week';
import { REJECTED, type TimecardState } from './contract';

/** Who acts. */
export interface TimecardActor {
  employeeId: number;
  /** Holds Timecard Admin on keyTC. */
  timecardAdmin?: boolean;
}

/** The card being moved. */
export interface TimecardSubject extends TimecardWeek {
  employeeId: number;
  /** The employee's manager (null when none). */
  managerId: number | null;
}

/** A manager's approvals handed to another manager for a date range ('YYYY-MM-DD', both included). */
export interface Delegation {
  managerId: number;
  delegateId: number;
  startDate: string;
  endDate: string;
}

/** The answer of {@link mayTransition}: allowed (with the manager approved for, when a delegate acts), or why not. */
export type TransitionAnswer = { ok: true; state: TimecardState; onBehalfOf?: number } | { ok: false; message: string };

/** The messages of the refusals. */
export const TIMECARD_STATE_TEXT = {
  processedLocked: 'This timecard is Processed: it is locked.',
  notYours: 'Only the employee can submit or recall their own timecard.',
  ownApproval: 'Nobody can approve or reject their own timecard.',
  notApprover: "Only the employee's manager, their delegate or a Timecard Admin can approve or reject this timecard.",
  rejectReason: 'A reason is required to reject a timecard.',
  approvedAdminOnly: 'An Approved timecard can be changed only by a Timecard Admin.',
  changeReason: 'A reason is required to change an Approved timecard.',
  processAdminOnly: 'Only a Timecard Admin can mark a timecard Processed.',
  notAllowed: (from: string, to: string) => `A timecard cannot go from ${from} to ${to}.`,
} as const;

/**
 * True when `delegation` lets its delegate approve for its manager in `week`: its range shares at
 * least one day with the week (a manager away from Wednesday hands over that week's cards).
 */
export const delegationCovers = (delegation: Delegation, week: TimecardWeek): boolean =>
  daysBetween(delegation.startDate, week.weekEnding) >= 0 && daysBetween(week.weekStart, delegation.endDate) >= 0;

/**
 * How `actor` may approve `card`: as its manager (`{ as: 'manager' }`), as a delegate of that manager
 * (`{ as: 'delegate', onBehalfOf }`), as a Timecard Admin, or not at all (null). Nobody approves their own.
 */
export function approverRole(actor: TimecardActor, card: TimecardSubject, delegations: readonly Delegation[] = []):
  { as: 'manager' | 'admin' } | { as: 'delegate'; onBehalfOf: number } | null {
  if (actor.employeeId === card.employeeId) return null;
  if (card.managerId !== null && actor.employeeId === card.managerId) return { as: 'manager' };
  if (card.managerId !== null) {
    const delegation = delegations.find((d) => d.managerId === card.managerId && d.delegateId === actor.employeeId && delegationCovers(d, card));
    if (delegation) return { as: 'delegate', onBehalfOf: card.managerId };
  }
  if (actor.timecardAdmin) return { as: 'admin' };
  return null;
}

/**
 * Whether `actor` may move `card` from `from` to `to`:
 * - Draft → Submitted, and Submitted → Draft (recall): the employee only.
 * - Submitted → Approved, and Submitted → Rejected (stored as Draft; a reason is required): the
 *   employee's manager, that manager's delegate for the week, or a Timecard Admin; never the employee.
 * - Approved → Processed: a Timecard Admin.
 * - Approved → Approved (a change of the approved card) or Approved → Draft (reopen): a Timecard Admin, with a reason.
 * - Processed → anything: refused, locked.
 */
export function mayTransition(input: {
  from: TimecardState | string;
  to: TimecardState | typeof REJECTED | string;
  actor: TimecardActor;
  card: TimecardSubject;
  delegations?: readonly Delegation[];
  reason?: string | null;
}): TransitionAnswer {
  const { from, to, actor, card } = input;
  const own = actor.employeeId === card.employeeId;
  const reason = (input.reason ?? '').trim();
  const T = TIMECARD_STATE_TEXT;
  if (from === 'Processed') return { ok: false, message: T.processedLocked };
  if ((from === 'Draft' && to === 'Submitted') || (from === 'Submitted' && to === 'Draft')) {
    return own ? { ok: true, state: to } : { ok: false, message: T.notYours };
  }
  if (from === 'Submitted' && (to === 'Approved' || to === REJECTED)) {
    if (own) return { ok: false, message: T.ownApproval };
    const role = approverRole(actor, card, input.delegations);
    if (!role) return { ok: false, message: T.notApprover };
    if (to === REJECTED && !reason) return { ok: false, message: T.rejectReason };
    const state = to === REJECTED ? 'Draft' : 'Approved';
    return role.as === 'delegate' ? { ok: true, state, onBehalfOf: role.onBehalfOf } : { ok: true, state };
  }
  if (from === 'Approved' && to === 'Processed') {
    return actor.timecardAdmin ? { ok: true, state: 'Processed' } : { ok: false, message: T.processAdminOnly };
  }
  if (from === 'Approved' && (to === 'Approved' || to === 'Draft')) {
    if (!actor.timecardAdmin) return { ok: false, message: T.approvedAdminOnly };
    if (!reason) return { ok: false, message: T.changeReason };
    return { ok: true, state: to };
  }
  return { ok: false, message: T.notAllowed(from, to) };
}

/** Whether `actor` may edit the lines of a card in `state` (Approved needs a Timecard Admin and a reason: see {@link mayTransition}). */
export function mayEditLines(state: TimecardState | string, actor: TimecardActor, card: TimecardSubject): boolean {
  if (state === 'Draft') return actor.employeeId === card.employeeId || Boolean(actor.timecardAdmin);
  if (state === 'Approved') return Boolean(actor.timecardAdmin);
  return false;
}
