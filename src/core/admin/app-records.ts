/**
 * App records (issue 15, §1 "configurable records have states and field-level security"): the
 * calls of the admin's record-type editor and admin home, their answers, and THE rule a record
 * type's workflow must keep, shared by the host (which refuses) and the screen (which warns).
 * Plain TypeScript: no React, no host code.
 */

/** GET and POST paths (demo/host/api/admin/app-records.ts, demo/host/api/admin/home.ts). */
export const APP_RECORDS_API = {
  /** GET: every record type with its application and counts of records per state. */
  types: '/api/admin/apprecords/types',
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
import type { ApprovalMove } from '../records/approval';

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

/** A state as the rule sees it. */
export interface WorkflowState {
  id: number;
  name: string;
  closed: boolean;
  isInitial: boolean;
}

/** An advancement as the rule sees it. */
export interface WorkflowAdvancement {
  from: number;
  target: number;
}

function reachable(start: readonly number[], edges: ReadonlyMap<number, number[]>): Set<number> {
  const seen = new Set<number>(start);
  const queue = [...start];
  while (queue.length) {
    const next = queue.shift()!;
    for (const target of edges.get(next) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

const quoted = (names: readonly string[]): string => names.map((name) => `'${name}'`).join(', ');

/**
 * What is wrong with a record type's workflow; [] when sound. A sound workflow has exactly one
 * initial state, at least one closed state reachable from it, and every state reachable from the
 * initial one can still reach a closed state (no dead end where a record would be stuck open).
 * Each problem is a sentence naming the states concerned.
 */
export function recordTypeProblems(states: readonly WorkflowState[], advancements: readonly WorkflowAdvancement[]): string[] {
  if (!states.length) return ['The record type has no states.'];
  const initial = states.filter((s) => s.isInitial);
  if (initial.length !== 1) {
    return [initial.length ? `Only one state may be initial (now: ${quoted(initial.map((s) => s.name))}).` : 'The record type has no initial state.'];
  }
  const ids = new Set(states.map((s) => s.id));
  const forward = new Map<number, number[]>();
  const backward = new Map<number, number[]>();
  for (const a of advancements) {
    if (!ids.has(a.from) || !ids.has(a.target)) continue;
    forward.set(a.from, [...(forward.get(a.from) ?? []), a.target]);
    backward.set(a.target, [...(backward.get(a.target) ?? []), a.from]);
  }
  const fromInitial = reachable([initial[0]!.id], forward);
  const closed = states.filter((s) => s.closed);
  const closedReached = closed.filter((s) => fromInitial.has(s.id));
  if (!closedReached.length) {
    return [closed.length
      ? `No closed state (${quoted(closed.map((s) => s.name))}) can be reached from the initial state '${initial[0]!.name}'.`
      : 'The record type has no closed state.'];
  }
  const canClose = reachable(closed.map((s) => s.id), backward);
  const stuck = states.filter((s) => fromInitial.has(s.id) && !canClose.has(s.id));
  return stuck.length
    ? [`${stuck.length === 1 ? 'State' : 'States'} ${quoted(stuck.map((s) => s.name))} cannot reach a closed state: a record there could never be closed.`]
    : [];
}

/** Longest state name. */
export const STATE_NAME_MAX = 60;
