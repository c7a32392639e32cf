/**
 * The subcontractor-risk calls (issue 14): paths, answer shapes and the SLIM request's states, the
 * contract between the demo host (demo/host/api/risk) and the client (src/features/risk). Types only,
 * plus the paths, the record keys and the SLIM and SRA state tables.
 *
 * §7 conventions: GET answers `{ data }`; writes are form-data POSTs; a refusal the user must read is a
 * 400 with the `autoAlert` body (`fieldName` at the field when there is one); a role or person that
 * may not act is a 403; a stale `OldRecordStateId` is a 409 with currentRecordStateId/Name and
 * nothing is written.
 *
 * Access: SLIM calls ACCESS.slim (keySLIM); SRA calls ACCESS.sra (keyRISK); the SRA status of a
 * subcontract also ACCESS.pfm (the commitment workbench); the vendor prequalification record either.
 */
import type { AdvancementTable, RecordStateTable } from '../records/state-table';
import { SRAS_PATH } from './loads';
import type { FinancialStatement, PrequalStatus, SafetyYear, SuggestedLimits } from './limits';
import type { SlimPriority, SlimRequestType } from './slim';
import type { MitigationKey, RiskLevel, SraFactor } from './sra';
import type { InsuranceCoverage, WatchedExpiry, WatchedExpiryKind } from './vendor-record';

/** Record keys of the two application records (states in application_record_states). */
export const SLIM_RECORD_KEY = 'SlimRequest';
export const SRA_RECORD_KEY = 'Sra';

/** The workbench of a SLIM request: its kind and target for core/workbench (workbenchUrl, openWorkbench). */
export const SLIM_WORKBENCH = 'SlimRequest';
export const slimRequestTarget = (requestId: number) => ({ recordKey: SLIM_RECORD_KEY, recordId: requestId });

/** The states of a SLIM request (src/core/risk/slim.ts says who may move it along {@link SLIM_MOVES}). */
export const SLIM_STATES = {
  submitted: 'Submitted',
  inReview: 'In Review',
  onHold: 'On Hold – Missing Data',
  regionalReview: 'Regional Review',
  escalated: 'Escalated',
  approved: 'Approved',
  approvedWithConditions: 'Approved with Conditions',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
} as const;
export type SlimState = (typeof SLIM_STATES)[keyof typeof SLIM_STATES];
/** The SLIM request's state table (record key {@link SLIM_RECORD_KEY}), in display order; the last four are closed. */
export const SLIM_REQUEST_RECORD_STATES: RecordStateTable<SlimState> = [
  [SLIM_STATES.submitted, false], [SLIM_STATES.inReview, false], [SLIM_STATES.onHold, false], [SLIM_STATES.regionalReview, false],
  [SLIM_STATES.escalated, false], [SLIM_STATES.approved, true], [SLIM_STATES.approvedWithConditions, true], [SLIM_STATES.denied, true],
  [SLIM_STATES.withdrawn, true],
];
/** In display order. */
export const SLIM_STATE_ORDER: readonly SlimState[] = SLIM_REQUEST_RECORD_STATES.map(([name]) => name);
export const SLIM_CLOSED_STATES: readonly SlimState[] = SLIM_REQUEST_RECORD_STATES.filter(([, closed]) => closed).map(([name]) => name);

/** The moves of the workflow with the quick route first (who may make them: src/core/risk/slim.ts mayMoveSlim). */
export const SLIM_REQUEST_ADVANCEMENTS: AdvancementTable<SlimState> = {
  Submitted: [['In Review', true], ['Withdrawn', false]],
  'In Review': [
    ['Regional Review', true], ['On Hold – Missing Data', false], ['Escalated', false], ['Approved', false],
    ['Approved with Conditions', false], ['Denied', false], ['Withdrawn', false],
  ],
  'On Hold – Missing Data': [['In Review', true], ['Withdrawn', false]],
  'Regional Review': [['In Review', true], ['Escalated', false], ['Withdrawn', false]],
  Escalated: [['Approved', true], ['Approved with Conditions', false], ['Denied', false], ['Withdrawn', false]],
};
/** The moves of the workflow (from → targets; none from a closed state); mayMoveSlim checks who and why on top. */
export const SLIM_MOVES: Readonly<Record<SlimState, readonly SlimState[]>> = SLIM_STATE_ORDER.reduce(
  (moves, from) => ({ ...moves, [from]: (SLIM_REQUEST_ADVANCEMENTS[from] ?? []).map(([to]) => to) }), {} as Record<SlimState, readonly SlimState[]>);

/** An SRA's state table (record key {@link SRA_RECORD_KEY}). */
export const SRA_RECORD_STATES: RecordStateTable<SraRow['state']> = [['Draft', false], ['Submitted', false], ['Approved', true], ['Rejected', true]];
/** Submitted → Draft is the creator's recall; a High SRA needs two approvals (src/core/risk/sra.ts). */
export const SRA_ADVANCEMENTS: AdvancementTable<SraRow['state']> = {
  Draft: [['Submitted', true]],
  Submitted: [['Approved', true], ['Rejected', false], ['Draft', false]],
};

export const RISK_API = {
  // --- vendors ---
  /** GET `vendorId`: VendorPrequalLoad (the record, its history of statements, the suggested limits). */
  getVendorPrequal: '/api/risk/getvendorprequalification',
  /** GET optional `search`, `status`: VendorPrequalRow[] (pickers and lists; every active vendor). */
  getPrequalVendors: '/api/risk/getprequalvendors',
  /**
   * GET `vendorId`: VendorRecordHistory, every entry of the vendor's record (who entered it, when), the
   * watched expiries with their Renewal requests, and the suggested limits from the newest entries.
   * The risk roles (core VENDOR_RECORD_KEEPERS); else 403.
   */
  getVendorRecordHistory: '/api/risk/getvendorrecordhistory',
  /**
   * POST form-data entries (core vendor-record.ts checks each; 400 with field feedback; risk roles, else 403).
   * Each answers the VendorRecordHistory after it.
   * - addVendorFinancials: `vendorId`, `year`, `currentAssets`, `currentLiabilities`, `totalLiabilities`, `netWorth`, `revenue`, `backlog`
   *   (a year entered again replaces that year's statement);
   * - addVendorSafety: `vendorId`, `year`, `emr`, `oshaRecordableRate` (a year entered again replaces it);
   * - addVendorInsurance: `vendorId`, `coverage`, `carrier`, `policyNumber`, `eachOccurrence`, `aggregate`, `effectiveOn`, `expiresOn`
   *   (a General Liability certificate becomes the vendor's GL);
   * - setVendorBonding: `vendorId`, `surety`, `singleCapacity`, `aggregateCapacity`.
   */
  addVendorFinancials: '/api/risk/addvendorfinancials',
  addVendorSafety: '/api/risk/addvendorsafety',
  addVendorInsurance: '/api/risk/addvendorinsurance',
  setVendorBonding: '/api/risk/setvendorbonding',

  // --- SLIM ---
  /**
   * GET the queue: `view` = 'mine' (default: assigned to me or waiting for my role / region / as
   * requester) | 'all' (Prequal Administrator, Escalation Reviewer, Admin; else 403) | 'raised' (the
   * caller's own requests). Optional `type`, `state`, `regionId`. Answers SlimQueueRow[].
   */
  getSlimQueue: '/api/slim/getslimqueue',
  /** GET the overview (Prequal Administrator, Escalation Reviewer, Regional Reviewer, Admin): SlimOverview. */
  getSlimOverview: '/api/slim/getslimoverview',
  /** GET `recordKey`=SlimRequest, `recordId`, `lastLoad`: SlimRequestLoad (403 for a request the caller may not see). Reads only. */
  getSlimRequest: '/api/slim/getslimrequest',
  /**
   * POST `recordId`: the caller's unread notifications of the request (comments, reassignments) are
   * read now; the workbench calls it once the request is loaded. Answers { marked }.
   */
  markSlimNotificationsRead: '/api/slim/markslimnotificationsread',
  /**
   * GET `vendorId`, `type` (Renewal): SlimRenewalDraft, the form pre-filled from the vendor's last
   * approved request and prequalification record.
   */
  getSlimRenewalDraft: '/api/slim/getslimrenewaldraft',
  /**
   * POST a new request: `type`, `vendorId`, `projectId` (Limit Increase, Exception), `requestedAmount`
   * (Limit Increase, Exception: the amount; New Prequalification / Renewal: optional), `priority`,
   * `justification`, `mitigation` (Exception: required), `basedOnRequestId` (Renewal). Any keySLIM user.
   * 400 autoAlert with `fieldName` for bad input. Answers SlimRequestLoad.
   */
  createSlimRequest: '/api/slim/createslimrequest',
  /**
   * POST the state-update call: `ItemId`, `OldRecordStateId`, `RouteStateId`, `note` (the denial
   * reason, the conditions, what is missing, the requester's answer, why escalated), and on approval
   * optional `singleLimit`, `aggregateLimit`, `limitExpiresOn` (default: the suggestion; a year on).
   * Taking a Submitted request assigns it to the caller. Answers SlimRequestLoad.
   */
  updateSlimRequestState: '/api/slim/updateslimrequeststate',
  /**
   * POST assign / reassign: `items[i].ItemId`, `assigneeEmployeeId` (a Prequal Administrator), `note`.
   * Prequal Administrator or Admin. Tells the old and the new assignee (bell). Answers { done, refused }.
   */
  assignSlimRequests: '/api/slim/assignslimrequests',
  /** GET the Prequal Administrators one may assign to: SlimPerson[]. */
  getSlimAssignees: '/api/slim/getslimassignees',
  /**
   * GET optional `search` (number or name), `regionId`: SlimProject[], the active projects a request
   * may be for (the new-request form's picker for keySLIM users without keyPFM), with their region.
   */
  getSlimProjects: '/api/slim/getslimprojects',
  /** GET `recordId` (the request): SlimComment[], oldest first. */
  getSlimComments: '/api/slim/getslimcomments',
  /**
   * POST `recordId` + `body` (new), or `commentId` + `body` (edit: the author, within 15 minutes; else
   * 400 autoAlert SLIM_TEXT.editWindow / 403 notCommentAuthor). Notifies the other party. Answers SlimComment.
   */
  saveSlimComment: '/api/slim/saveslimcomment',

  // --- SRA ---
  /** GET optional `projectId`, `vendorId`, `state`, `level`: SraRow[]. */
  getSras: SRAS_PATH,
  /** GET `recordKey`=Sra, `recordId`, `lastLoad`: SraLoad (factors computed now while Draft, as stored once submitted). */
  getSra: '/api/risk/getsra',
  /**
   * POST a new Draft SRA: `projectId`, `vendorId`, `amount`, `costCodeIds[i]` (the buyout line's scope),
   * `subcontractId` (optional, when started from a subcontract), `description`. Answers SraLoad.
   */
  createSra: '/api/risk/createsra',
  /**
   * POST a change of a Draft SRA: `sraId`, `version` (409 stale), `vendorId`, `amount`, `costCodeIds[i]`,
   * `description`, `mitigations[i]` (MitigationKey), `mitigationNote`. Answers SraLoad.
   */
  saveSra: '/api/risk/savesra',
  /**
   * POST the state-update call: `ItemId`, `OldRecordStateId`, `RouteStateId`, `reason` (reject).
   * Submit: the mitigations must meet the level (400 autoAlert). Approve: the Risk role; a High SRA also
   * an Admin (the first approval is recorded and the SRA stays Submitted until the second, by another
   * person). Nobody approves an SRA they submitted. Answers SraLoad.
   */
  updateSraState: '/api/risk/updatesrastate',
  /** GET `recordKey`=Subcontract, `recordId`: SraGateStatus (the commitment workbench). */
  getSraStatus: '/api/risk/getsrastatus',
  /** GET `projectId`: BuyoutSraRow[] (the SRAs of the project by cost code, for the Buyout & SRA column). */
  getBuyoutSras: '/api/risk/getbuyoutsras',
} as const;

/** A person (assignee, decider, author). */
export interface SlimPerson {
  employeeId: number;
  name: string;
}

/** A project a SLIM request may be for, with the region whose Regional Reviewers review it. */
export interface SlimProject {
  projectId: number;
  number: string;
  name: string;
  regionId: number | null;
  regionName: string | null;
}

/** A vendor in lists and pickers. Dates 'YYYY-MM-DD'. */
export interface VendorPrequalRow {
  vendorId: number;
  vendorNumber: string;
  name: string;
  trade: string;
  /** The status in force today (an expired prequalification reads 'Expired'). */
  status: PrequalStatus;
  singleLimit: number | null;
  aggregateLimit: number | null;
  limitExpiresOn: string | null;
  /** The single limit in force (the $100,000 default when not prequalified). */
  singleLimitInForce: number;
  aggregateLimitInForce: number;
}

/** A vendor's whole prequalification record. */
export interface VendorPrequalRecord extends VendorPrequalRow {
  conditions: string | null;
  glPerOccurrence: number | null;
  glAggregate: number | null;
  glExpiresOn: string | null;
  surety: string | null;
  bondSingleCapacity: number | null;
  bondAggregateCapacity: number | null;
  subRatingAverage: number | null;
  subRatingCount: number;
  /** Newest first. */
  financials: FinancialStatement[];
  /** Newest first. */
  safety: SafetyYear[];
  /** The vendor's open backlog with the company (Executed / Pending Signature subcontracts less billed). */
  openBacklog: number;
  lastDecidedAt: string | null;
  lastDecidedBy: string | null;
  modifiedAt: string;
  /**
   * Set when the caller has no risk role: the server blanked the confidential figures (financials and
   * safety empty, surety and bond capacities null; demo/host/api/risk/readers.ts). The workbenches then
   * say {@link VENDOR_CONFIDENTIAL_TEXT} where they would say none is on file.
   */
  confidential?: true;
}

/** What a vendor's financial statements, EMR / safety years and bonding read as for a caller without a risk role. */
export const VENDOR_CONFIDENTIAL_TEXT = 'Confidential to the risk roles';

/** Who entered an entry of a vendor's record, and when (null: on file before entries were recorded). */
export interface VendorEntryMark {
  enteredAt: string | null;
  enteredBy: string | null;
}
export type VendorFinancialEntry = FinancialStatement & VendorEntryMark;
export type VendorSafetyEntry = SafetyYear & VendorEntryMark;
export interface VendorInsuranceEntry extends VendorEntryMark {
  certificateId: number;
  coverage: InsuranceCoverage;
  carrier: string;
  policyNumber: string | null;
  eachOccurrence: number;
  aggregate: number | null;
  effectiveOn: string | null;
  expiresOn: string;
  /** The newest certificate of its coverage: the one in force. */
  current: boolean;
}
export interface VendorBondingEntry extends VendorEntryMark {
  bondingId: number;
  surety: string;
  singleCapacity: number;
  aggregateCapacity: number;
  current: boolean;
}
/** A Renewal request the expiry watch raised. */
export interface VendorRenewal {
  kind: WatchedExpiryKind;
  expiresOn: string;
  requestId: number;
  number: string;
  state: SlimState;
}
/** A vendor's record with every entry, newest first (GET getVendorRecordHistory; the answer of each entry). */
export interface VendorRecordHistory {
  vendor: VendorPrequalRecord;
  suggested: SuggestedLimits;
  financials: VendorFinancialEntry[];
  safety: VendorSafetyEntry[];
  insurance: VendorInsuranceEntry[];
  bonding: VendorBondingEntry[];
  expiries: WatchedExpiry[];
  renewals: VendorRenewal[];
}

export interface VendorPrequalLoad {
  vendor: VendorPrequalRecord;
  suggested: SuggestedLimits;
}

/** One row of a SLIM queue. */
export interface SlimQueueRow {
  requestId: number;
  /** 'SLIM-0001'. */
  number: string;
  type: SlimRequestType;
  vendorId: number;
  vendorName: string;
  projectId: number | null;
  projectNumber: string | null;
  projectName: string | null;
  regionId: number | null;
  regionName: string | null;
  requestedAmount: number | null;
  priority: SlimPriority;
  applicationRecordStateId: number;
  state: SlimState;
  requestedBy: SlimPerson;
  assignedTo: SlimPerson | null;
  submittedAt: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  ageDays: number;
  pastDue: boolean;
  /** True when the request waits for the caller (mine). */
  waitingForMe: boolean;
  /** Why it waits for the caller ('Assigned to you', 'Waiting for a Prequal Administrator', …). */
  waitingReason: string | null;
}

export interface SlimOverview {
  byState: Array<{ state: SlimState; count: number }>;
  byAssignee: Array<{ assignee: SlimPerson | null; open: number; pastDue: number }>;
  pastDue: SlimQueueRow[];
  /** Average days spent in each state, from the request events (closed steps only). */
  averageDaysPerStep: Array<{ state: SlimState; averageDays: number; steps: number }>;
  openCount: number;
}

/** One event of a request's history (a state move, an assignment, an answer). */
export interface SlimEvent {
  eventId: number;
  at: string;
  by: SlimPerson;
  fromState: SlimState | null;
  toState: SlimState | null;
  /** 'state' | 'assign' | 'answer'. */
  kind: string;
  note: string | null;
}

/** A field of a renewal that differs from the last approved submission. */
export interface SlimChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface SlimRequestRecord extends SlimQueueRow {
  justification: string;
  mitigation: string | null;
  /** What the Prequal Administrator asked for (On Hold). */
  missingData: string | null;
  /** The requester's answer. */
  answer: string | null;
  /** The triggers that force escalation (empty when none). */
  escalationReasons: string[];
  regionalPassed: boolean;
  decision: null | {
    state: 'Approved' | 'Approved with Conditions' | 'Denied';
    by: SlimPerson;
    at: string;
    reason: string | null;
    conditions: string | null;
    singleLimit: number | null;
    aggregateLimit: number | null;
    limitExpiresOn: string | null;
  };
  basedOnRequestId: number | null;
  version: number;
  modifiedAt: string;
}

export interface SlimRequestLoad {
  request: SlimRequestRecord;
  vendor: VendorPrequalRecord;
  suggested: SuggestedLimits;
  /** Renewal: what changed since the last approved submission (empty otherwise). */
  changes: SlimChange[];
  events: SlimEvent[];
  /** The moves the caller may make now (RouteStateId and name), as the host would accept them. */
  moves: Array<{ applicationRecordStateId: number; name: SlimState }>;
  /** True when the caller may assign / reassign. */
  canAssign: boolean;
  /** Files of the request (recordKey SlimRequest), count only; the Files panel lists them. */
  fileCount: number;
}

export interface SlimRenewalDraft {
  vendor: VendorPrequalRecord;
  basedOn: SlimRequestRecord | null;
  /** Pre-filled fields of the form. */
  draft: { type: SlimRequestType; vendorId: number; requestedAmount: number | null; justification: string; priority: SlimPriority };
  changes: SlimChange[];
}

export interface SlimComment {
  commentId: number;
  requestId: number;
  author: SlimPerson;
  body: string;
  createdAt: string;
  editedAt: string | null;
  /** True while the caller may still edit it (their own, within 15 minutes). */
  editable: boolean;
}

/** One row of the SRA list. */
export interface SraRow {
  sraId: number;
  /** 'SRA-0001'. */
  number: string;
  projectId: number;
  projectNumber: string;
  projectName: string;
  vendorId: number;
  vendorName: string;
  amount: number;
  costCodes: Array<{ costCodeId: number; code: string; description: string }>;
  subcontractId: number | null;
  level: RiskLevel;
  applicationRecordStateId: number;
  state: 'Draft' | 'Submitted' | 'Approved' | 'Rejected';
  createdBy: SlimPerson;
  createdAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
}

export interface SraRecord extends SraRow {
  description: string;
  factors: SraFactor[];
  mitigations: MitigationKey[];
  mitigationNote: string | null;
  mitigationsRequired: number;
  securingMitigationRequired: boolean;
  /** Approvals so far (a High SRA needs two). */
  approvals: Array<{ by: SlimPerson; at: string; role: string }>;
  rejectionReason: string | null;
  version: number;
  modifiedAt: string;
}

export interface SraLoad {
  sra: SraRecord;
  vendor: VendorPrequalRecord;
  moves: Array<{ applicationRecordStateId: number; name: string }>;
  /** True when the caller may change it (its Draft, as creator or Risk/Admin). */
  editable: boolean;
}

/** The gate's view of one subcontract. */
export interface SraGateStatus {
  subcontractId: number;
  amount: number;
  vendorId: number;
  /** Empty when no SRA is needed. */
  reasons: string[];
  required: boolean;
  /** The covering approved SRA, else the newest SRA for the project and vendor, else null. */
  sra: SraRow | null;
  /** True when the subcontract may advance (no SRA needed, or an approved one covers it). */
  cleared: boolean;
  /** A same-origin path that starts an SRA for this subcontract (/sr/sra?recordKey=Subcontract&recordId=N). */
  startLink: string;
}

/** The SRAs of one budget line (cost code) for the Buyout & SRA column. */
export interface BuyoutSraRow {
  costCodeId: number;
  sras: SraRow[];
}

/** The autoAlert function names the risk calls use. */
export const RISK_FUNCTIONS = {
  slimState: 'UpdateSlimRequestState',
  slimCreate: 'CreateSlimRequest',
  slimComment: 'SaveSlimComment',
  sraState: 'UpdateSraState',
  sraSave: 'SaveSra',
  sraCreate: 'CreateSra',
  gate: 'UpdateCommitmentState',
} as const;

/** The start link of the gate for a subcontract (a same-origin path the portal routes). */
export const sraStartLink = (subcontractId: number): string => `/sr/sra?recordKey=Subcontract&recordId=${subcontractId}`;
