/**
 * Access requests (issue 15): the calls of src/core/toolbox/contract.ts and the screens' words for failures.
 */
import { getJson, loadTimer, postForm, retryMark, type ProblemTexts } from '../../../core/api';
import {
  ACCESS_REQUEST_API as API, type AccessProject, type AccessRequestRow, type BulkDecisionAnswer, type ProjectTeamLoad,
} from '../../../core/toolbox/contract';

export type { AccessProject, AccessRequestRow, BulkDecisionAnswer, ProjectTeamLoad };

const list = <T,>(rows: unknown): T[] => (Array.isArray(rows) ? (rows as T[]) : []);
const loadTime = loadTimer();
/** Another load timeout (tests); null restores LOAD_TIMEOUT_MS. */
export const setAccessLoadTimeout = loadTime.set;

export const ACCESS_PROBLEMS: ProblemTexts = {
  signedOut: 'You are signed out. Sign in again, then choose Retry.',
  forbidden: 'You do not have access to project access requests.',
  stale: 'Someone else changed this request first.',
  timeout: 'The server took too long to answer. Choose Retry.',
  failed: 'The server could not answer. Choose Retry.',
};

export async function searchProjects(search: string, signal?: AbortSignal): Promise<AccessProject[]> {
  return list<AccessProject>(await getJson(API.getProjects, { search }, { signal: loadTime.timed(signal) }));
}

export async function loadProject(projectId: number, signal?: AbortSignal): Promise<AccessProject | null> {
  return list<AccessProject>(await getJson(API.getProjects, { projectId }, { signal: loadTime.timed(signal) }))[0] ?? null;
}

export async function loadRequests(view: 'mine' | 'review', options: { projectId?: number; attempt?: number; signal?: AbortSignal } = {}): Promise<AccessRequestRow[]> {
  const query = { view, ...(options.projectId ? { projectId: options.projectId } : {}), ...retryMark(options.attempt ?? 0) };
  return list<AccessRequestRow>(await getJson(API.getRequests, query, { signal: loadTime.timed(options.signal) }));
}

export interface RequestDraft {
  projectId: number | null;
  projectRole: string;
  justification: string;
  endDate: string;
}

export function createRequest(draft: RequestDraft): Promise<AccessRequestRow> {
  return postForm<AccessRequestRow>(API.createRequest, {
    projectId: draft.projectId ?? '', projectRole: draft.projectRole, justification: draft.justification, endDate: draft.endDate,
  });
}

/** Move one request to the state `to` (one of its `moves`). */
export function moveRequest(row: AccessRequestRow, to: string, reason = ''): Promise<AccessRequestRow> {
  const target = row.moves.find((m) => m.name === to);
  if (!target) return Promise.reject(new Error(`${row.number} cannot be moved to ${to}.`));
  return postForm<AccessRequestRow>(API.updateRequestState, {
    ItemId: row.accessRequestId, OldRecordStateId: row.applicationRecordStateId, RouteStateId: target.applicationRecordStateId, Reason: reason,
  });
}

/** Approve or deny several requests, each alone. */
export function decideRequests(rows: readonly AccessRequestRow[], to: 'Approved' | 'Denied', reason: string): Promise<BulkDecisionAnswer> {
  const target = rows[0]?.moves.find((m) => m.name === to);
  if (!target) return Promise.resolve({ done: [], refused: [] });
  const form: Record<string, string | number> = { RouteStateId: target.applicationRecordStateId, Reason: reason };
  rows.forEach((row, i) => {
    form[`items[${i}].ItemId`] = row.accessRequestId;
    form[`items[${i}].OldRecordStateId`] = row.applicationRecordStateId;
  });
  return postForm<BulkDecisionAnswer>(API.updateRequestStates, form);
}

export function loadTeam(projectId: number, attempt = 0, signal?: AbortSignal): Promise<ProjectTeamLoad> {
  return getJson<ProjectTeamLoad>(API.getTeam, { projectId, ...retryMark(attempt) }, { signal: loadTime.timed(signal) });
}

export function removeMember(projectTeamMemberId: number, reason: string): Promise<ProjectTeamLoad> {
  return postForm<ProjectTeamLoad>(API.removeMember, { ProjectTeamMemberId: projectTeamMemberId, Reason: reason });
}
