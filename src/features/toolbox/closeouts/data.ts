/**
 * Project closeouts' client side: the loads (the caller's projects, one project's checklist), the
 * closeout actions and the Mark received call (src/core/toolbox/contract.ts names them).
 */
import { getJson, loadTimer, postForm, retryMark } from '../../../core/api';
import {
  CLOSEOUT_ACTIONS, CLOSEOUT_API, type CloseoutAction, type CloseoutChecklist, type CloseoutState, type ProjectCloseoutSummary,
} from '../../../core/toolbox/contract';

/** The loads' time limit (tests shorten it). */
export const closeoutTimer = loadTimer();

export async function loadProjectCloseouts(attempt = 0, signal?: AbortSignal): Promise<ProjectCloseoutSummary[]> {
  const rows = await getJson<ProjectCloseoutSummary[]>(CLOSEOUT_API.list, { ...retryMark(attempt) }, { signal: closeoutTimer.timed(signal) });
  return Array.isArray(rows) ? rows : [];
}

export function loadCloseoutChecklist(projectId: number, attempt = 0, signal?: AbortSignal): Promise<CloseoutChecklist> {
  return getJson<CloseoutChecklist>(CLOSEOUT_API.checklist, { recordKey: 'Project', recordId: projectId, ...retryMark(attempt) }, { signal: closeoutTimer.timed(signal) });
}

/** Soft close, final close or reopen: the checklist after the move. */
export function moveCloseout(action: CloseoutAction, projectId: number, oldState: CloseoutState, reason: string): Promise<CloseoutChecklist> {
  const path = action === 'softClose' ? CLOSEOUT_API.softClose : action === 'finalClose' ? CLOSEOUT_API.finalClose : CLOSEOUT_API.reopen;
  return postForm<CloseoutChecklist>(path, { ProjectId: projectId, OldCloseoutState: oldState, Reason: reason });
}

export function receiveContractDocument(contractDocumentTrackingId: number): Promise<CloseoutChecklist> {
  return postForm<CloseoutChecklist>(CLOSEOUT_API.receiveDocument, { ContractDocumentTrackingId: contractDocumentTrackingId });
}

/** The actions in the screen's order. */
export const ACTION_ORDER: readonly CloseoutAction[] = Object.keys(CLOSEOUT_ACTIONS) as CloseoutAction[];
