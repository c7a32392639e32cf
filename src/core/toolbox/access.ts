/**
 * Access requests (issue 15, "Access requests"): the contract between the demo host
 * (demo/host/api/toolbox/access-requests.ts) and the screens (src/features/toolbox/access): paths,
 * answer shapes, the form's rules and the words both show.
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
import { PROJECT_ROLES, type ProjectRole, type TeamMember } from '../projects/team';

export const ACCESS_REQUEST_RECORD_KEY = 'AccessRequest';

export const ACCESS_REQUEST_API = {
  /**
   * GET `search` (number or name, 2+ characters) or `projectId`: AccessProject[] (active projects, at
   * most 25; number, name, region, PM; never money), with the caller's membership and pending request.
   */
  getProjects: '/api/toolbox/getaccessprojects',
  /**
   * GET `view` = 'mine' (default: the caller's requests, newest first) | 'review' (Pending requests the
   * caller may decide, oldest first; optional `projectId`). Optional `recordId`. AccessRequestRow[].
   * Expired requests are swept first.
   */
  getRequests: '/api/toolbox/getaccessrequests',
  /** POST `projectId`, `projectRole`, `justification`, `endDate`: the new Pending AccessRequestRow (400 autoAlert with fieldName). */
  createRequest: '/api/toolbox/createaccessrequest',
  /**
   * POST `ItemId`, `OldRecordStateId` (409 stale, naming who decided), `RouteStateId` (Approved, Denied:
   * a reviewer, `Reason` required; Withdrawn: the requester): the AccessRequestRow.
   */
  updateRequestState: '/api/toolbox/updateaccessrequeststate',
  /** POST `items[i].ItemId`, `items[i].OldRecordStateId`, `RouteStateId`, `Reason`: each alone, BulkDecisionAnswer. */
  updateRequestStates: '/api/toolbox/updateaccessrequeststates',
  /** GET `projectId`: ProjectTeamLoad (a reviewer of the project; else 403). */
  getTeam: '/api/toolbox/getprojectteam',
  /** POST `ProjectTeamMemberId`, `Reason` (required): ProjectTeamLoad. The last Project Manager cannot be removed (400 autoAlert). */
  removeMember: '/api/toolbox/removeteammember',
} as const;

/** Days a Pending request waits for a decision before it expires. */
export const ACCESS_REQUEST_EXPIRY_DAYS = 14;
/** The latest end date: this many days after today (one year). */
export const ACCESS_REQUEST_MAX_DAYS = 366;
export const JUSTIFICATION_MAX = 2000;
export const REASON_MAX = 2000;

export type AccessRequestState = 'Pending' | 'Approved' | 'Denied' | 'Withdrawn' | 'Expired';

/** A project as the request form's picker shows it. */
export interface AccessProject {
  projectId: number;
  number: string;
  name: string;
  regionName: string | null;
  projectManagerName: string | null;
  /** The caller's current membership, if any. */
  membership: { projectRole: ProjectRole; endDate: string | null } | null;
  /** The caller's Pending request for it, if any. */
  pendingRequestId: number | null;
}

export interface AccessRequestRow {
  accessRequestId: number;
  number: string;
  projectId: number;
  projectNumber: string;
  projectName: string;
  requesterEmployeeId: number;
  requesterName: string;
  requesterJobTitle: string;
  projectRole: ProjectRole;
  justification: string;
  endDate: string | null;
  applicationRecordStateId: number;
  state: AccessRequestState;
  closed: boolean;
  requestedAt: string;
  expiresOn: string;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  /** State ids the caller may move it to now (withdraw for the requester; approve/deny for a reviewer). */
  moves: { name: AccessRequestState; applicationRecordStateId: number }[];
}

export interface BulkDecisionAnswer {
  done: number[];
  refused: { ItemId: number; message: string }[];
}

export interface ProjectTeamLoad {
  project: { projectId: number; number: string; name: string; regionName: string | null };
  members: TeamMember[];
}

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
