/**
 * The administration area's contract (issue 15): the calls of user management (§2 /usermanagement,
 * demo/host/api/admin/users.ts) and of the app records editor and admin home
 * (demo/host/api/admin/app-records.ts, demo/host/api/admin/home.ts), and the shapes they answer. Paths
 * and types only; the rules both sides share sit beside it: who may grant what (./users.ts) and what
 * makes a record type's workflow sound (./app-records.ts).
 */
import type { RoleEntry } from '../access';
import type { ApprovalMove } from '../records/approval';
import type { AuditAction } from './users';
import { APP_RECORD_TYPES_PATH, USERS_PATH } from './loads';

// --- user management ---------------------------------------------------------------------------

export const USERS_API = {
  /** GET `search`?, `active` ('active' | 'inactive' | 'all', default 'all'), `roleName`?, `applicationKey`?, `regionId`?: UserList. */
  getUsers: USERS_PATH,
  /** GET `employeeId`: UserDetail. */
  getUser: '/api/admin/users/getuser',
  /** POST `employeeId`, `applicationKey`, `roleName`: UserDetail (a role already held → 400 autoAlert). */
  grantRole: '/api/admin/users/grantrole',
  /** POST `employeeId`, `applicationKey`, `roleName`: UserDetail (the last active keyAdmin Admin → 400 autoAlert). */
  revokeRole: '/api/admin/users/revokerole',
  /** POST `employeeId`, `active` (true | false), `reason`?: UserDetail (oneself, the last Admin → 400 autoAlert). */
  setActive: '/api/admin/users/setactive',
  /** POST `employeeId`, `betaUser` (true | false): UserDetail. */
  setBeta: '/api/admin/users/setbeta',
  /** POST `employeeId` (the target), `fromEmployeeId`: CopyRolesResult (adds the roles the target lacks). */
  copyRoles: '/api/admin/users/copyroles',
  /** GET `subjectEmployeeId`?, `actorEmployeeId`?, `action`?, `from`?, `to`? (dates, inclusive): AuditList. */
  getAuditLog: '/api/admin/users/getauditlog',
} as const;

export interface UserPerson { employeeId: number; name: string }

export interface UserRow {
  employeeId: number;
  name: string;
  login: string | null;
  email: string;
  employeeKey: string;
  jobTitle: string;
  active: boolean;
  betaUser: boolean;
  regionId: number | null;
  regionName: string | null;
  /** Number of roles held. */
  roleCount: number;
}

export interface UserList {
  rows: UserRow[];
  /** How many matched (rows holds at most USER_LIST_CAP). */
  total: number;
  capped: boolean;
  /** The regions for the filter. */
  regions: Array<{ regionId: number; name: string }>;
}

export interface UserTeamRow {
  projectId: number;
  projectNumber: string;
  projectName: string;
  projectRole: string;
  endDate: string | null;
  source: string;
  addedAt: string;
  removedAt: string | null;
}

export interface UserDetail extends UserRow {
  firstName: string;
  lastName: string;
  manager: UserPerson | null;
  deactivatedAt: string | null;
  deactivatedBy: UserPerson | null;
  /** Roles sorted by application key, then name. */
  roles: RoleEntry[];
  /** Current and past project team rows, current first. */
  teams: UserTeamRow[];
  /** The caller may write (keyUserManagement Admin or IT). */
  canWrite: boolean;
  /** This user is the caller. */
  isSelf: boolean;
}

export interface CopyRolesResult {
  added: RoleEntry[];
  user: UserDetail;
}

export interface AuditRow {
  auditId: number;
  at: string;
  actor: UserPerson;
  subject: UserPerson;
  action: AuditAction;
  applicationKey: string | null;
  before: string | null;
  after: string | null;
  reason: string | null;
}

export interface AuditList {
  rows: AuditRow[];
  capped: boolean;
}

// --- app records and admin home ----------------------------------------------------------------

/** GET and POST paths (demo/host/api/admin/app-records.ts, demo/host/api/admin/home.ts). */
export const APP_RECORDS_API = {
  /** GET: every record type with its application and counts of records per state. */
  types: APP_RECORD_TYPES_PATH,
  /** GET applicationRecordKey: one type's states, advancements, field security and version. */
  type: '/api/admin/apprecords/type',
  /** POST ApplicationRecordKey, Version, states[i].applicationRecordStateId?/name/closed/displayOrder. */
  saveStates: '/api/admin/apprecords/SaveStates',
  /** POST ApplicationRecordKey, Version, ApplicationRecordStateId. */
  removeState: '/api/admin/apprecords/RemoveState',
  /** POST ApplicationRecordKey, Version, advancements[i].from/target/quickRoute (the whole list). */
  saveAdvancements: '/api/admin/apprecords/SaveAdvancements',
  /** POST ApplicationRecordKey, Version, ApplicationRecordStateId, RoleName ('' = default), fields[i].fieldName/visible/editable. */
  saveFieldSecurity: '/api/admin/apprecords/SaveFieldSecurity',
  /** GET applicationRecordKey, applicationRecordStateId, roleName: the fields that role sees and edits there. */
  testAs: '/api/admin/apprecords/testas',
  /**
   * POST ApplicationRecordKey, Version, moves[i].target/notSubmitter/notPreviousApprover,
   * limits[i].target/roleName/upToAmount ('' = any amount): the type's whole approval matrix.
   */
  saveApprovals: '/api/admin/apprecords/SaveApprovals',
  /** GET: admin home's counts. */
  home: '/api/admin/home',
} as const;

/** One state as the editor shows it. */
export interface AppRecordState {
  applicationRecordStateId: number;
  name: string;
  closed: boolean;
  displayOrder: number;
  isInitial: boolean;
  /** Records in this state now. */
  records: number;
}

/** One advancement: from → target. */
export interface AppRecordAdvancement {
  stateAdvancementId: number;
  fromStateId: number;
  targetStateId: number;
  quickRoute: boolean;
  displayOrder: number;
}

/** One field_security row: a default (roleName and employeeId null), a role's or one employee's. */
export interface AppRecordFieldRule {
  fieldSecurityId: number;
  applicationRecordStateId: number;
  fieldName: string;
  roleName: string | null;
  employeeId: number | null;
  employeeName: string | null;
  visible: boolean;
  editable: boolean;
}

/** A record type in the list. */
export interface AppRecordTypeRow {
  applicationRecordKey: string;
  name: string;
  applicationKey: string;
  version: number;
  states: Array<{ applicationRecordStateId: number; name: string; closed: boolean; records: number }>;
  records: number;
}

/** One type, whole. */
export interface AppRecordType {
  applicationRecordKey: string;
  name: string;
  applicationKey: string;
  version: number;
  states: AppRecordState[];
  advancements: AppRecordAdvancement[];
  /** The fields secured per state (SECURED_FIELDS and any field with rows). */
  fields: string[];
  /** Role names offered in the grid (the application's and keyAdmin's role names seen). */
  roles: string[];
  fieldSecurity: AppRecordFieldRule[];
  /** The approval matrix: the moves into states that are approvals, with their role limits. */
  approvals: ApprovalMove[];
  /** What is wrong with the workflow as stored (empty when sound). */
  problems: string[];
}

export type { ApprovalMove, ApprovalLimit } from '../records/approval';

/** The "test as" answer. */
export interface AppRecordTestAs {
  applicationRecordKey: string;
  applicationRecordStateId: number;
  stateName: string;
  roleName: string;
  fields: Array<{ fieldName: string; visible: boolean; editable: boolean }>;
}

/** Admin home's counts, each with the screen it links to. */
export interface AdminHomeCounts {
  activeUsers: number;
  pendingAccessRequests: number;
  slimPastDue: number;
  dataQualityErrors: number;
  /** Projects with at least one data-quality error. */
  dataQualityProjects: number;
  /** Milliseconds the data-quality count took on the server. */
  dataQualityMs: number;
}
