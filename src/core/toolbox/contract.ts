/**
 * The project toolbox area's contract (issue 15): the calls of access requests
 * (demo/host/api/toolbox/access-requests.ts), default assignments
 * (demo/host/api/toolbox/default-assignments.ts) and project closeouts (demo/host/api/toolbox/closeouts.ts),
 * the shapes they answer, and the states of an access request and of a project's closeout. Paths, types
 * and state tables only; the rules both sides share sit beside it (access.ts, assignments.ts,
 * closeout.ts).
 */
import type { ProjectRole, TeamMember } from '../projects/team';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';
import type { ProjectClassification, RuleScope } from './assignments';
import type { CloseoutItemId } from './closeout';

// --- access requests ---------------------------------------------------------------------------

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

/** The states of an access request (Expired: the host's, for a Pending one past its expiresOn). */
export type AccessRequestState = 'Pending' | 'Approved' | 'Denied' | 'Withdrawn' | 'Expired';
/** Record key 'AccessRequest'. Expired is set by the host when a Pending request is 14 days old (no advancement: nobody picks it from a menu). */
export const ACCESS_REQUEST_RECORD_STATES: RecordStateTable<AccessRequestState> = [
  ['Pending', false], ['Approved', true], ['Denied', true], ['Withdrawn', true], ['Expired', true],
];
/** Approve / deny by the project's Project Manager, its region's RPM or an Admin (never one's own request); withdraw by the requester. */
export const ACCESS_REQUEST_ADVANCEMENTS: AdvancementTable<AccessRequestState> = {
  Pending: [['Approved', true], ['Denied', false], ['Withdrawn', false]],
};

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

// --- default assignments -----------------------------------------------------------------------

export const DEFAULT_ASSIGNMENTS_API = {
  /** GET the rules (every one, active first): DefaultAssignmentRule[]. */
  getRules: '/api/toolbox/defaultassignments/getrules',
  /** GET the pickers' choices: AssignmentOptions (active employees, regions, legal entities, classifications, roles). */
  getOptions: '/api/toolbox/defaultassignments/getoptions',
  /**
   * POST the rule's fields (saved or not: EmployeeId, ProjectRole, RegionId, LegalEntityId, Classification,
   * EndDays): RulePreview, whom it would add to which existing active project.
   */
  previewRule: '/api/toolbox/defaultassignments/preview',
  /**
   * POST a rule: RuleId (absent: a new rule) with ModifiedAt (the one read; 409 when someone saved after),
   * EmployeeId, ProjectRole, RegionId?, LegalEntityId?, Classification?, EndDays?, Active. Answers the rule.
   */
  saveRule: '/api/toolbox/defaultassignments/save',
  /** POST RuleId: delete a rule that never added anyone (else 400: deactivate it instead). */
  deleteRule: '/api/toolbox/defaultassignments/delete',
  /** POST RuleId, ModifiedAt: apply an active saved rule to the existing active projects: ApplyReport. */
  applyRule: '/api/toolbox/defaultassignments/apply',
  /**
   * POST a new project (keyPFM Admin or keyProjectSecurity Admin): Number, Name, LegalEntityId, RegionId,
   * Classification, ProjectManagerEmployeeId, City, State, StartDate, CompletionDate?, ContractAmount?,
   * RegionalProjectManagerEmployeeId?. Creates the project, its primary budget and its team (the project
   * manager, then every matching active rule): CreatedProject.
   */
  createProject: '/api/toolbox/projects/create',
} as const;

/** A saved rule as the API answers it. */
export interface DefaultAssignmentRule extends RuleScope {
  ruleId: number;
  employeeId: number;
  employeeName: string;
  jobTitle: string;
  projectRole: ProjectRole;
  regionName: string | null;
  legalEntityName: string | null;
  endDays: number | null;
  active: number;
  createdByName: string | null;
  createdAt: string;
  modifiedByName: string | null;
  modifiedAt: string;
  /** Current memberships this rule added. */
  membersAdded: number;
}

/** A choice of a picker. */
export interface Choice {
  id: number;
  name: string;
}

export interface EmployeeChoice extends Choice {
  jobTitle: string;
  regionName: string | null;
}

export interface AssignmentOptions {
  employees: EmployeeChoice[];
  regions: Choice[];
  legalEntities: Choice[];
  classifications: readonly ProjectClassification[];
  roles: readonly ProjectRole[];
}

/** One membership a rule adds (or would add). */
export interface AssignmentRow {
  projectId: number;
  projectNumber: string;
  projectName: string;
  regionName: string | null;
  employeeId: number;
  employeeName: string;
  projectRole: ProjectRole;
  /** ISO date (inclusive) or null. */
  endDate: string | null;
  /** True when the person had a membership there that has ended (it is closed and a new one starts). */
  renews: boolean;
}

export interface RulePreview {
  rows: AssignmentRow[];
  /** Active projects in scope. */
  projectsInScope: number;
  /** Of those, where the person already is a current member (skipped). */
  alreadyMembers: number;
}

export interface ApplyReport {
  ruleId: number;
  added: AssignmentRow[];
  alreadyMembers: number;
}

export interface CreatedProject {
  projectId: number;
  number: string;
  name: string;
  budgetId: number;
  team: Array<{ employeeId: number; employeeName: string; projectRole: ProjectRole; source: string; sourceId: number | null }>;
}

// --- project closeouts --------------------------------------------------------------------------

/** The closeout states of a project and the actions between them. */
export const CLOSEOUT_STATES = ['Open', 'Soft Closed', 'Final Closed'] as const;
export type CloseoutState = (typeof CLOSEOUT_STATES)[number];

/** The three actions, the state each one needs and the state it leads to. */
export const CLOSEOUT_ACTIONS = {
  softClose: { label: 'Soft close', from: ['Open'], to: 'Soft Closed' },
  finalClose: { label: 'Final close', from: ['Soft Closed'], to: 'Final Closed' },
  reopen: { label: 'Reopen', from: ['Soft Closed', 'Final Closed'], to: 'Open' },
} as const satisfies Record<string, { label: string; from: readonly CloseoutState[]; to: CloseoutState }>;
export type CloseoutAction = keyof typeof CLOSEOUT_ACTIONS;

/** The calls (demo/host/api/routes.ts declares them; the client calls them). */
export const CLOSEOUT_API = {
  list: '/api/toolbox/closeouts/getprojectcloseouts',
  checklist: '/api/toolbox/closeouts/getcloseoutchecklist',
  softClose: '/api/toolbox/closeouts/SoftCloseProject',
  finalClose: '/api/toolbox/closeouts/FinalCloseProject',
  reopen: '/api/toolbox/closeouts/ReopenProject',
  receiveDocument: '/api/toolbox/closeouts/ReceiveContractDocument',
} as const;

/** A record that keeps an item red. */
export interface CloseoutBlocker {
  recordKey: string;
  recordId: number;
  number: string;
  title: string;
  /** What is left: unbilled amount, retainage held, the direct cost's or the change event's amount; null when none applies. */
  amount: number | null;
  /** Same-origin link to where it is fixed (the record's workbench over its screen, or the projection grid). */
  href: string;
  /** For a missing contract document: its tracking row (the Mark received action). */
  contractDocumentTrackingId?: number;
}

export interface CloseoutItemResult {
  id: CloseoutItemId;
  title: string;
  text: string;
  passed: boolean;
  blockers: CloseoutBlocker[];
}

/** The project's closeout facts, as the list and the checklist answer them. */
export interface ProjectCloseoutSummary {
  projectId: number;
  number: string;
  name: string;
  active: boolean;
  closeoutState: CloseoutState;
  softClosedAt: string | null;
  softClosedByName: string | null;
  finalClosedAt: string | null;
  finalClosedByName: string | null;
  /** Blocking records, all items together. */
  blockerCount: number;
  /** Items not yet passed. */
  failedItems: number;
}

/** One recorded closeout action. */
export interface CloseoutEvent {
  action: CloseoutAction;
  fromState: CloseoutState;
  toState: CloseoutState;
  reason: string;
  employeeName: string;
  at: string;
}

export interface CloseoutChecklist extends ProjectCloseoutSummary {
  items: CloseoutItemResult[];
  events: CloseoutEvent[];
  /** What the caller may do now (the server checks again). */
  allowed: Record<CloseoutAction, boolean>;
  /** The caller may change the project's data (mark documents received, soft close once no blocker remains). */
  canEdit: boolean;
}
