/**
 * The timecard calls (issue 13): paths, answer shapes and the card's states, the contract between the
 * demo host (demo/host/api/timecards) and the client (features/timecards). Types only, plus the paths,
 * the states and {@link dayRangeLabel}, the short dates both sides write into the same sentences.
 *
 * Conventions of §7: GET loads answer `{ data }`; writes are form-data POSTs; a refusal the user must
 * read is a 400 with the `autoAlert` body (feedback items with `fieldName` where a field is at fault);
 * a stale `version` / `OldRecordStateId` is a 409 and nothing is written.
 */
import type { AdvancementTable, RecordStateTable } from '../records/state-table';
import type { HourFigures } from './hours';
import type { FeedbackItem, TimeType } from './policy';
import type { PolicyContextData } from './wire';

/** The states of a timecard record (record key 'Timecard'). 'Rejected' is an action: the card returns to Draft. */
export const TIMECARD_STATES = { draft: 'Draft', submitted: 'Submitted', approved: 'Approved', processed: 'Processed' } as const;
export type TimecardState = (typeof TIMECARD_STATES)[keyof typeof TIMECARD_STATES];
/** The target that rejects a Submitted card: it is stored as Draft, with the reason. */
export const REJECTED = 'Rejected';
export const TIMECARD_RECORD_STATES: RecordStateTable<TimecardState> = [
  [TIMECARD_STATES.draft, false], [TIMECARD_STATES.submitted, false], [TIMECARD_STATES.approved, false], [TIMECARD_STATES.processed, true],
];
/**
 * Submitted → Draft is a rejection (reason required) or the employee's recall; an Approved card is changed in place
 * by a Timecard Admin (with a reason, timecard_changes); Processed is locked.
 */
export const TIMECARD_ADVANCEMENTS: AdvancementTable<TimecardState> = {
  Draft: [['Submitted', true]],
  Submitted: [['Approved', true], ['Draft', false]],
  Approved: [['Processed', true]],
};

export const TIMECARD_API = {
  /**
   * GET one card: `timecardId`, or `employeeId` + `weekStart` (either defaults: the caller, the current
   * week). A week without a card answers `timecard.timecardId: null` with its holiday and approved
   * time-off lines computed; the first save creates it. 403 for a card the caller may not see
   * (theirs, their team's or delegated team's, or Admin / Timecard Admin on keyTC).
   */
  getTimecard: '/api/timecards/gettimecard',
  /**
   * POST save the manual lines: `timecardId` (or `employeeId` + `weekStart` for a new card), `version`
   * (0 for a new card), `lines[i].projectId`, `.costCodeId` | `.opportunityId`, `.opportunityCostCodeId`,
   * `.timeType`, `.sunHours` … `.satHours`; `reason` when a Timecard Admin changes an Approved card
   * (required then, recorded in timecard_changes). Holiday and time-off lines are the system's: not sent.
   * Answers the reloaded `TimecardLoad`. 400 autoAlert for a policy refusal (hours not in quarters,
   * duplicate line, closed project, non-labour code…), 409 on a stale version.
   */
  saveTimecard: '/api/timecards/savetimecard',
  /**
   * POST the state-update call: `ItemId` (timecardId), `OldRecordStateId`, `RouteStateId`, `reason`
   * (required to reject, i.e. Submitted → Draft by an approver; and to submit with entered ≠ expected
   * hours). Submit runs the policy checks on the server (400 autoAlert with the items). The owner's
   * Submitted → Draft is a recall (until approved). Approved → Processed is a Timecard Admin's.
   * Answers the reloaded `TimecardLoad`. 409 when stale ("…was already approved by …").
   */
  updateTimecardState: '/api/timecards/updatetimecardstate',
  /**
   * POST many at once (bulk approve / reject): `items[i].ItemId`, `items[i].OldRecordStateId`,
   * `RouteStateId` (the target state's id), `reason` (reject). Each card is checked alone.
   */
  updateTimecardStates: '/api/timecards/updatetimecardstates',
  /** GET the caller's (or `employeeId`'s, if allowed) weeks: `TimecardWeeksLoad`. */
  getTimecardWeeks: '/api/timecards/gettimecardweeks',
  /** POST "Submit all ready weeks" of the caller (`employeeId`, optional, must be the caller): `SubmitReadyAnswer`. */
  submitReadyWeeks: '/api/timecards/submitreadyweeks',
  /**
   * GET the team view: `weekStart` (default the current week), `view` = 'team' (the caller's reports and
   * delegated reports) | 'all' (Admin / Timecard Admin) | 'withoutApprover' (Admin / Timecard Admin),
   * optional `state` (a state name; 'Draft' also lists employees without a card that week). Answers
   * `TeamTimecardsLoad`, with a `Server-Timing: team;dur=…` header.
   */
  getTeamTimecards: '/api/timecards/getteamtimecards',
  /** GET charge options for a line by `search` (number or name, ≥ 2 characters): `ChargeOption[]`. */
  searchCharges: '/api/timecards/searchcharges',
  /** GET the caller's delegations (given and received): `Delegation[]`; and managers to pick from. */
  getDelegations: '/api/timecards/getdelegations',
  /** POST `delegateEmployeeId`, `startDate`, `endDate` (the caller must manage someone). */
  saveDelegation: '/api/timecards/savedelegation',
  /** POST `delegationId`: cancel (the manager who gave it, or a Timecard Admin). */
  cancelDelegation: '/api/timecards/canceldelegation',
  /** GET open time-off corrections of Approved/Processed weeks (Timecard Admin, Admin): `TimecardCorrection[]`. */
  getCorrections: '/api/timecards/getcorrections',
  /** POST `correctionId`, `note`: the Timecard Admin applied it (or decided not to). */
  resolveCorrection: '/api/timecards/resolvecorrection',
  /**
   * GET the caller's approval inbox ("Waiting for me", issue 29), across all weeks, oldest first:
   * timecards Submitted and time-off requests Pending that the caller decides as the manager or as a
   * delegate (naming the manager), Submitted cards without an approver and open corrections (Timecard
   * Admin). No parameters. Answers `ApprovalInboxLoad`; someone who approves nothing gets no rows.
   */
  getApprovalInbox: '/api/timecards/getapprovalinbox',
  /**
   * GET a Timecard Admin's counts of one week (issue 29): `weekStart` (any day of it; default the current
   * week). Answers `AdminWeekCounts`: the employees of the 'all' view by their card's state. Admin / Timecard
   * Admin on keyTC (else 403). Reads only.
   */
  getAdminWeekCounts: '/api/timecards/getadminweekcounts',
  /**
   * POST `weekStart` (the week's Sunday, not after the current week): one reminder per employee who owes
   * that week (no card, or Draft), at most one a day per employee and week. Answers `TimecardReminderAnswer`;
   * each reminded employee's bell shows it while the week is owed. Admin / Timecard Admin on keyTC (else 403).
   */
  remindOwedTimecards: '/api/timecards/remindowedtimecards',
} as const;

export { OPEN_ITEMS_CHANGED_EVENT, announceOpenItemsChanged } from '../open-items';

/** One line of a card. `hours` are Sunday to Saturday. */
export interface TimecardLineRow {
  timecardLineId: number | null;
  /** 'manual' lines are the employee's; 'holiday' and 'pto' lines are read-only. */
  source: 'manual' | 'holiday' | 'pto';
  timeType: TimeType;
  projectId: number | null;
  projectNumber: string | null;
  projectName: string | null;
  costCodeId: number | null;
  costCode: string | null;
  costCodeName: string | null;
  opportunityId: number | null;
  opportunityNumber: string | null;
  opportunityName: string | null;
  opportunityCostCodeId: number | null;
  /** The label of a read-only line: the holiday's name(s) or the request's type and title. */
  label: string | null;
  ptoRequestId: number | null;
  hours: number[];
}

/** A state the card may move to from here, for the caller. */
export interface TimecardAdvancement {
  routeStateId: number;
  name: string;
  /** 'submit' | 'recall' | 'approve' | 'reject' | 'process' | 'reopen' (a Timecard Admin: Approved → Draft, with a reason) */
  action: string;
  /** A reason must be typed (reject). */
  needsReason: boolean;
}

export interface TimecardHeader {
  timecardId: number | null;
  employeeId: number;
  employeeName: string;
  managerName: string | null;
  weekStart: string;
  weekEnding: string;
  state: string;
  applicationRecordStateId: number;
  version: number;
  /** ISO instant (midnight Central at the end of the Saturday). */
  dueDate: string;
  expectedHours: number;
  enteredHours: number;
  /** Hours per day the schedule expects, after holidays and approved time off (Sunday to Saturday). */
  expectedByDay: number[];
  rejectionReason: string | null;
  rejectedByName: string | null;
  shortfallReason: string | null;
  submittedAt: string | null;
  approvedAt: string | null;
  approvedByName: string | null;
  /** Set when a delegate approved: the manager on whose behalf. */
  onBehalfOfName: string | null;
  /** The caller may change the manual lines now. */
  mayEdit: boolean;
  /** Changing it needs a reason (a Timecard Admin on an Approved card). */
  editNeedsReason: boolean;
  advancements: TimecardAdvancement[];
}

export interface TimecardChangeRow {
  timecardChangeId: number;
  changedByName: string;
  changedAt: string;
  reason: string;
  description: string;
  hoursBefore: number;
  hoursAfter: number;
}

export interface TimecardLoad {
  timecard: TimecardHeader;
  lines: TimecardLineRow[];
  /**
   * For the client's checks while typing (the server checks again at save and submit): JSON-safe
   * (records by id, not Maps); `policyInput(lines, context)` (./wire) gives checkTimecard's input.
   */
  context: PolicyContextData;
  changes: TimecardChangeRow[];
}

/** A week in the employee's list. */
export interface TimecardWeekRow {
  weekStart: string;
  weekEnding: string;
  timecardId: number | null;
  state: string | null;
  enteredHours: number;
  expectedHours: number;
  dueDate: string;
  rejectionReason: string | null;
  /**
   * The week's hour figures (issue 29, core hourFigures, as the card shows them): expected, holidays,
   * time off and work entered apart, and what is left. `enteredHours` above is every line of the card.
   */
  figures?: HourFigures;
}

export interface TimecardWeeksLoad {
  employeeId: number;
  weeks: TimecardWeekRow[];
  /** Past weeks still owed (no card or Draft), oldest first. */
  pastWeeksToSubmit: string[];
}

export interface SubmitReadyAnswer {
  submitted: string[];
  notReady: { weekStart: string; message: string }[];
}

export interface TeamTimecardRow {
  employeeId: number;
  employeeName: string;
  managerEmployeeId: number | null;
  managerName: string | null;
  /** Approvals of this row come to the caller as a delegate of this manager. */
  delegatedFromName: string | null;
  timecardId: number | null;
  state: string | null;
  applicationRecordStateId: number | null;
  enteredHours: number;
  expectedHours: number;
  /** A card's hour figures (core hourFigures: work, holidays and time off apart); absent for an employee without a card. */
  figures?: HourFigures;
  submittedAt: string | null;
  rejectionReason: string | null;
  mayApprove: boolean;
}

export interface TeamTimecardsLoad {
  weekStart: string;
  weekEnding: string;
  view: 'team' | 'all' | 'withoutApprover';
  rows: TeamTimecardRow[];
  /** Target state ids for the bulk call. */
  states: { name: string; applicationRecordStateId: number }[];
}

export interface BulkStateAnswer {
  done: number[];
  refused: { ItemId: number; message: string }[];
}

export interface ChargeOption {
  kind: 'project' | 'opportunity';
  /** projectId or opportunityId. */
  id: number;
  number: string;
  name: string;
  /** Labour cost codes of the project's budget, or the opportunity's timecard cost codes. */
  costCodes: { id: number; code: string; name: string }[];
}

export interface DelegationRow {
  delegationId: number;
  managerEmployeeId: number;
  managerName: string;
  delegateEmployeeId: number;
  delegateName: string;
  startDate: string;
  endDate: string;
  canceledAt: string | null;
}

export interface DelegationsLoad {
  given: DelegationRow[];
  received: DelegationRow[];
  /** Managers the caller may delegate to. */
  managers: { employeeId: number; name: string }[];
}

export interface TimecardCorrection {
  correctionId: number;
  timecardId: number;
  employeeName: string;
  weekStart: string;
  state: string;
  requestId: number;
  requestTitle: string;
  kind: 'Add' | 'Remove';
  hours: number[];
  createdAt: string;
}

/** What an inbox row is. */
export type ApprovalInboxKind = 'timecard' | 'timeOff' | 'correction';

/** One row of the approval inbox: the person, what and when, and the ids to act on it. */
export interface ApprovalInboxRow {
  kind: ApprovalInboxKind;
  /** Unique in the list: `${kind}:${itemId}`. */
  key: string;
  /** The `ItemId` of the state calls: timecardId, requestId, or correctionId (resolvecorrection). */
  itemId: number;
  /** The `OldRecordStateId` of the state calls (null for a correction, which has no state call). */
  applicationRecordStateId: number | null;
  /** For a correction: its card (the corrections tab opens it). Else the card itself or null. */
  timecardId: number | null;
  employeeId: number;
  employeeName: string;
  /** The caller decides as this manager's delegate (null: as the manager, or as a Timecard Admin). */
  delegatedFromName: string | null;
  /** Why it waits for the caller. */
  approvingAs: 'manager' | 'delegate' | 'admin';
  /** The week (Sunday to Saturday) of a card or correction; the request's first and last day. */
  startDate: string;
  endDate: string;
  /** A card's entered hours, a request's total hours, a correction's hours. */
  hours: number;
  /** A card's expected hours (null otherwise). */
  expectedHours: number | null;
  /** A request's type and title ('Vacation: Family visit'), a correction's description; null for a card. */
  description: string | null;
  /** Since when it waits (submitted, requested, created): the list's order, oldest first. */
  waitingSince: string;
  /** A Pending request whose days have all passed (its last day is before today). */
  datesPassed: boolean;
}

export interface ApprovalInboxLoad {
  rows: ApprovalInboxRow[];
  /** The `RouteStateId`s of the bulk calls (updatetimecardstates, the time-off updaterequeststates). */
  routes: { timecardApprove: number; timecardReject: number; timeOffApprove: number; timeOffDeny: number };
}

/** '11/22–11/28' for two calendar days ('YYYY-MM-DD'), '11/22' for one: how the inbox and the bell name a week or a request. */
export function dayRangeLabel(from: string, to: string = from): string {
  const short = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;
  return from === to ? short(from) : `${short(from)}–${short(to)}`;
}

export type { FeedbackItem, PolicyContextData };

/**
 * A Timecard Admin's counts of one week (issue 29): the employees who keep timecards (the 'all' view's
 * rows) by their card's state. `owed` = no card ("Not started") or Draft.
 */
export interface AdminWeekCounts {
  weekStart: string;
  weekEnding: string;
  /** Every employee counted (submitted + approved + owed). */
  employees: number;
  submitted: number;
  /** Approved or Processed. */
  approved: number;
  owed: number;
  /** Of the owed, how many were reminded of this week today (Central day). */
  remindedToday: number;
  /** The week may be reminded of: it has started (not after the current week). */
  mayRemind: boolean;
}

/** The answer of remindowedtimecards. */
export interface TimecardReminderAnswer {
  weekStart: string;
  weekEnding: string;
  /** Reminders recorded now. */
  reminded: number;
  /** Owed employees left out: already reminded of this week today. */
  alreadyReminded: number;
  /** The sentence to show: "Reminded 12 employees…", "Already reminded today…". */
  message: string;
  /** The week's counts after the reminders. */
  counts: AdminWeekCounts;
}
