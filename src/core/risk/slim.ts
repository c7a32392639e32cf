/**
 * The SLIM request workflow (issue 14): request types, who may move a request where (its states and
 * moves: ./contract.ts), when it must escalate, its due date. Pure; shared by the demo host (api/risk/slim) and the client (which
 * offers only the moves the user may make; the host refuses the rest).
 *
 * Submitted → In Review (a Prequal Administrator takes it, or assigns it) → On Hold – Missing Data
 * (the assignee names what is missing; the requester answers, which puts it back In Review) →
 * Regional Review (a Regional Reviewer of the project's region) → Escalated (an Escalation Reviewer) →
 * Approved, Approved with Conditions or Denied. Withdrawn is open to the requester while the request
 * is open.
 *
 * - The Prequal Administrator (the assignee) decides a request that needs no escalation; a request
 *   on a project (Limit Increase, Exception) passes Regional Review first, also on its way to Escalated.
 * - A request escalates when the requested amount exceeds $5M, when the latest EMR is 1.25 or more,
 *   or when a reviewer asks: then only an Escalation Reviewer decides.
 * - Denial needs a reason; Approved with Conditions needs the conditions; On Hold needs what is missing.
 * - Nobody reviews a request they raised (not even an Admin). An Admin may act at any review step.
 */
import { SLIM_MOVES, type SlimState } from './contract';
import { LIMIT_RULES } from './limits';

export const SLIM_REQUEST_TYPES = ['New Prequalification', 'Limit Increase', 'Renewal', 'Exception'] as const;
export type SlimRequestType = (typeof SLIM_REQUEST_TYPES)[number];
/** The types that are for one project (they need projectId and pass Regional Review). */
export const PROJECT_REQUEST_TYPES: readonly SlimRequestType[] = ['Limit Increase', 'Exception'];

export const SLIM_PRIORITIES = ['High', 'Normal', 'Low'] as const;
export type SlimPriority = (typeof SLIM_PRIORITIES)[number];

/** Calendar days from submission to due, by type. */
export const SLIM_DUE_DAYS: Readonly<Record<SlimRequestType, number>> = {
  'New Prequalification': 10, 'Limit Increase': 5, Renewal: 15, Exception: 3,
};

/** The roles of keySLIM the workflow knows. */
export const SLIM_ROLES = {
  admin: 'Admin',
  prequalAdmin: 'Prequal Administrator',
  escalationReviewer: 'Escalation Reviewer',
  regionalReviewer: 'Regional Reviewer',
} as const;

/** Who is asking: their employee id, their keySLIM roles and their region. */
export interface SlimActor {
  employeeId: number;
  roles: readonly string[];
  regionId: number | null;
}

/** What the rules read of a request. */
export interface SlimSubject {
  state: SlimState;
  type: SlimRequestType;
  requestedByEmployeeId: number;
  assignedToEmployeeId: number | null;
  /** The project's region (requests on a project) or the requester's. */
  regionId: number | null;
  /** True once a Regional Reviewer passed it. */
  regionalPassed: boolean;
  /** The escalation triggers that apply (see escalationReasons). */
  escalation: readonly string[];
}

export const SLIM_TEXT = {
  ownRequest: 'Nobody reviews a request they raised.',
  notPrequalAdmin: 'Only a Prequal Administrator may do this.',
  notAssignee: 'Only the assigned Prequal Administrator may do this.',
  notRegionalReviewer: "Only a Regional Reviewer of the request's region may do this.",
  notEscalationReviewer: 'Only an Escalation Reviewer may decide an escalated request.',
  notRequester: 'Only the requester may do this.',
  mustEscalate: 'This request must be escalated: ',
  needsRegionalReview: 'A request on a project passes Regional Review before it is decided.',
  regionalBeforeEscalation: 'A request on a project passes Regional Review before it is escalated: the Regional Reviewer escalates it.',
  denyReason: 'Give a reason for the denial.',
  conditions: 'Name the conditions of the approval.',
  missingData: 'Say what data is missing.',
  answer: 'Answer what was asked for.',
  escalateReason: 'Say why you escalate the request.',
  notAllowed: 'This request can not be moved from {from} to {to}.',
  editWindow: 'A comment can only be edited within 15 minutes of posting.',
  notCommentAuthor: 'Only its author may edit a comment.',
} as const;

/** Minutes within which a comment may be edited by its author. */
export const COMMENT_EDIT_MINUTES = 15;

/** The escalation triggers that apply: requested amount above $5M, latest EMR 1.25 or more, a reviewer asked. */
export function escalationReasons(input: { requestedAmount: number | null; latestEmr: number | null; reviewerAsked: string | null }): string[] {
  const reasons: string[] = [];
  if (input.requestedAmount !== null && input.requestedAmount > LIMIT_RULES.escalationAmount) {
    reasons.push(`the requested limit $${input.requestedAmount.toLocaleString('en-US')} exceeds $5,000,000`);
  }
  if (input.latestEmr !== null && input.latestEmr >= LIMIT_RULES.emrLetterAt) reasons.push(`the EMR ${input.latestEmr.toFixed(2)} is 1.25 or more`);
  if (input.reviewerAsked) reasons.push(`a reviewer asked: ${input.reviewerAsked}`);
  return reasons;
}

/** The due date ('YYYY-MM-DD') of a request submitted on `submittedOn`. */
export function slimDueDate(type: SlimRequestType, submittedOn: string): string {
  const d = new Date(`${submittedOn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + SLIM_DUE_DAYS[type]);
  return d.toISOString().slice(0, 10);
}

/** The request's age in whole days on `today`. */
export function slimAgeDays(submittedOn: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${submittedOn.slice(0, 10)}T00:00:00Z`)) / 86_400_000));
}

export type SlimMoveAnswer = { ok: true } | { ok: false; message: string; role: boolean };

const has = (actor: SlimActor, role: string) => actor.roles.includes(role) || actor.roles.includes(SLIM_ROLES.admin);
const refuse = (message: string, role = true): SlimMoveAnswer => ({ ok: false, message, role });
const isDecision = (to: SlimState) => to === 'Approved' || to === 'Approved with Conditions' || to === 'Denied';

/**
 * May `actor` move `subject` to `to`, with `note` (the reason, conditions, what is missing, the answer)?
 * `role: true` in a refusal means a 403 (the role or person may not), false a 400 the user reads.
 */
export function mayMoveSlim(subject: SlimSubject, to: SlimState, actor: SlimActor, note: string | null): SlimMoveAnswer {
  if (!SLIM_MOVES[subject.state].includes(to)) return refuse(SLIM_TEXT.notAllowed.replace('{from}', subject.state).replace('{to}', to), false);
  return mayActSlim(subject, to, actor, note);
}

/**
 * Who may make a move and with what note, whatever offers the move: the host asks its advancement table
 * (application_record_states / state_advancements, as App Records edits them) whether the move exists,
 * then this; {@link mayMoveSlim} asks the default moves instead.
 */
export function mayActSlim(subject: SlimSubject, to: SlimState, actor: SlimActor, note: string | null): SlimMoveAnswer {
  const from = subject.state;
  const own = actor.employeeId === subject.requestedByEmployeeId;
  const text = note?.trim() ?? '';

  if (to === 'Withdrawn') return own ? { ok: true } : refuse(SLIM_TEXT.notRequester);
  // The requester's answer to missing data puts it back In Review.
  if (from === 'On Hold – Missing Data' && to === 'In Review') {
    if (!own) return refuse(SLIM_TEXT.notRequester);
    return text ? { ok: true } : refuse(SLIM_TEXT.answer, false);
  }
  if (own) return refuse(SLIM_TEXT.ownRequest);

  // A Prequal Administrator works a Submitted or In Review request; the same rules hold whichever moves the
  // workflow's tables offer from there (App Records may add one, such as Submitted → Denied).
  if (from === 'Submitted' || from === 'In Review') {
    if (!has(actor, SLIM_ROLES.prequalAdmin)) return refuse(SLIM_TEXT.notPrequalAdmin);
    const admin = actor.roles.includes(SLIM_ROLES.admin);
    if (from === 'In Review' && !admin && subject.assignedToEmployeeId !== null && subject.assignedToEmployeeId !== actor.employeeId) return refuse(SLIM_TEXT.notAssignee);
    if (to === 'On Hold – Missing Data' && !text) return refuse(SLIM_TEXT.missingData, false);
    // A request on a project reaches the Escalation Reviewer through Regional Review, never around it.
    if (to === 'Escalated' && PROJECT_REQUEST_TYPES.includes(subject.type) && !subject.regionalPassed) return refuse(SLIM_TEXT.regionalBeforeEscalation, false);
    if (to === 'Escalated' && !text && subject.escalation.length === 0) return refuse(SLIM_TEXT.escalateReason, false);
    if (isDecision(to)) {
      if (subject.escalation.length) return refuse(SLIM_TEXT.mustEscalate + subject.escalation.join('; ') + '.', false);
      if (PROJECT_REQUEST_TYPES.includes(subject.type) && !subject.regionalPassed) return refuse(SLIM_TEXT.needsRegionalReview, false);
    }
  }

  if (from === 'Regional Review') {
    const regional = actor.roles.includes(SLIM_ROLES.admin)
      || (actor.roles.includes(SLIM_ROLES.regionalReviewer) && actor.regionId !== null && actor.regionId === subject.regionId);
    if (!regional) return refuse(SLIM_TEXT.notRegionalReviewer);
    // Passing a request that must escalate sends it to Escalated, not back.
    if (to === 'In Review' && subject.escalation.length) return refuse(SLIM_TEXT.mustEscalate + subject.escalation.join('; ') + '.', false);
  }

  if (from === 'Escalated' && !has(actor, SLIM_ROLES.escalationReviewer)) return refuse(SLIM_TEXT.notEscalationReviewer);

  if (to === 'Denied' && !text) return refuse(SLIM_TEXT.denyReason, false);
  if (to === 'Approved with Conditions' && !text) return refuse(SLIM_TEXT.conditions, false);
  return { ok: true };
}

/**
 * Whose turn it is: the request waits for the employee `actor` when it is assigned to them In Review,
 * waits Submitted for any Prequal Administrator, On Hold for its requester, Regional Review for the
 * region's Regional Reviewers, Escalated for the Escalation Reviewers. Never one's own request, except On Hold.
 */
export function waitsFor(subject: SlimSubject, actor: SlimActor): boolean {
  const own = actor.employeeId === subject.requestedByEmployeeId;
  switch (subject.state) {
    case 'On Hold – Missing Data': return own;
    case 'Submitted': return !own && actor.roles.includes(SLIM_ROLES.prequalAdmin);
    case 'In Review': return !own && subject.assignedToEmployeeId === actor.employeeId;
    case 'Regional Review': return !own && actor.roles.includes(SLIM_ROLES.regionalReviewer) && actor.regionId !== null && actor.regionId === subject.regionId;
    case 'Escalated': return !own && actor.roles.includes(SLIM_ROLES.escalationReviewer);
    default: return false;
  }
}
