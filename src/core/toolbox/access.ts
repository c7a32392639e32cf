/**
 * Access requests (issue 15, "Access requests"): the rules shared by the demo host
 * (demo/host/api/toolbox/access-requests.ts) and the screens (src/features/toolbox/access): the form's
 * rules and the words both show (the paths and answer shapes: ./contract.ts).
 *
 * - A request names a project, a project role (PROJECT_ROLES), a justification (required) and an end
 *   date (required unless Project Manager; not in the past; at most one year ahead).
 * - It is an application record 'AccessRequest': Pending → Approved / Denied (a reviewer, with a
 *   reason) or Withdrawn (the requester); a Pending request past its expiresOn (requested + 14 days)
 *   is Expired by the host.
 * - Reviewers of a project: its current 'Project Manager' team members, its region's RPM (keyPFM RPM of
 *   the project's region, or the project's regional PM) and Admins (keyProjectSecurity Admin or keyPFM
 *   Admin). Nobody decides their own request.
 * - Approval adds the team membership at once (source 'request'): the next API call reaches the project.
 *
 * Access of every call: ACCESS.accessRequest (keyProjectSecurity Admin, Default, RPM); deciding and the
 * team calls are further limited to the project's reviewers (403 otherwise).
 */
import type { FeedbackItem } from '../feedback';
import { FEEDBACK_INVALID } from '../feedback';
import { PROJECT_ROLES } from '../projects/team';

/** Days a Pending request waits for a decision before it expires. */
export const ACCESS_REQUEST_EXPIRY_DAYS = 14;
/** The latest end date: this many days after today (one year). */
export const ACCESS_REQUEST_MAX_DAYS = 366;
export const JUSTIFICATION_MAX = 2000;
export const REASON_MAX = 2000;

export const ACCESS_TEXT = {
  projectRequired: 'Choose the project.',
  roleRequired: `Choose a project role: ${PROJECT_ROLES.join(', ')}.`,
  justificationRequired: 'Say why you need access (the justification is required).',
  endDateRequired: 'An end date is required for every role other than Project Manager.',
  endDatePast: 'The end date cannot be in the past.',
  endDateTooFar: 'The end date can be at most one year from today.',
  endDateRule: 'Required except for Project Manager; from today up to one year ahead.',
  alreadyMember: (role: string) => `You are already on this project's team (${role}).`,
  alreadyPending: (number: string) => `You already have a pending request for this project (${number}).`,
  ownRequest: 'Nobody may approve or deny their own request.',
  notReviewer: (number: string) => `Only the Project Manager of project ${number}, its region's RPM or an Admin may decide this request.`,
  notRequester: 'Only the person who made the request may withdraw it.',
  reasonRequired: 'A reason is required to approve or deny a request.',
  expired: (number: string) => `${number} has expired: a request waits at most ${ACCESS_REQUEST_EXPIRY_DAYS} days. Ask for access again.`,
  notPending: (number: string, state: string) => `${number} is ${state}: only a Pending request can be decided or withdrawn.`,
  removeReasonRequired: 'A reason is required to remove a member.',
  lastProjectManager: 'The last Project Manager of a project cannot be removed: add another one first.',
  notTeamReviewer: (number: string) => `Only the Project Manager of project ${number}, its region's RPM or an Admin may see and change its team.`,
} as const;

/** The ISO date `days` after `iso`. */
export function addIsoDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day a request made on `requestedOn` expires (its last day Pending is the day before... see requestExpired). */
export const expiresOnFor = (requestedOn: string): string => addIsoDays(requestedOn, ACCESS_REQUEST_EXPIRY_DAYS);

/** True when a Pending request with this `expiresOn` has expired on `today` (older than 14 days). */
export const requestExpired = (expiresOn: string, today: string): boolean => today > expiresOn;

/** The latest end date a request made on `today` may name. */
export const latestEndDate = (today: string): string => addIsoDays(today, ACCESS_REQUEST_MAX_DAYS - 1);

export interface AccessRequestInput {
  projectId: number | null;
  projectRole: string;
  justification: string;
  endDate: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  && new Date(Date.parse(`${value}T00:00:00Z`)).toISOString().slice(0, 10) === value;

/** The form's rules, one item per bad field (stringValue = the field name); empty when the request may be sent. */
export function checkAccessRequest(input: AccessRequestInput, today: string): FeedbackItem[] {
  const items: FeedbackItem[] = [];
  const bad = (field: string, message: string) => items.push({ integerValue: FEEDBACK_INVALID, stringValue: field, message });
  if (!input.projectId) bad('projectId', ACCESS_TEXT.projectRequired);
  if (!(PROJECT_ROLES as readonly string[]).includes(input.projectRole)) bad('projectRole', ACCESS_TEXT.roleRequired);
  if (!input.justification.trim()) bad('justification', ACCESS_TEXT.justificationRequired);
  else if (input.justification.trim().length > JUSTIFICATION_MAX) bad('justification', `The justification is longer than ${JUSTIFICATION_MAX} characters.`);
  const endDate = input.endDate.trim();
  if (!endDate) {
    if (input.projectRole !== 'Project Manager') bad('endDate', ACCESS_TEXT.endDateRequired);
  } else if (!validDate(endDate)) bad('endDate', 'The end date must be a date (YYYY-MM-DD).');
  else if (endDate < today) bad('endDate', ACCESS_TEXT.endDatePast);
  else if (endDate > latestEndDate(today)) bad('endDate', ACCESS_TEXT.endDateTooFar);
  return items;
}
