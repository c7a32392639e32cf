/**
 * The SLIM calls of src/core/risk/contract.ts (the contract with demo/host/api/risk), their failures in
 * words (§8), and the queue as an export sheet (the CSV writer neutralises formulas).
 */
import { ApiError, getJson, LOAD_TIMEOUT_MS, loadTimer, postForm, problemText as sharedProblemText, retryMark } from '../../../core/api';
import { formatDate } from '../../../core/format';
import {
  RISK_API, SLIM_RECORD_KEY, SLIM_WORKBENCH, slimRequestTarget,
  type SlimComment, type SlimOverview, type SlimPerson, type SlimProject, type SlimPriority, type SlimQueueRow, type SlimRenewalDraft, type SlimRequestLoad,
  type SlimRequestType, type SlimState, type VendorPrequalRow,
} from '../../../core/risk';
import { listSheet, sheetColumns, type ExportSheet } from '../../../core/format/spreadsheet';
import { SLIM_UI_TEXT as T } from './text';
import { nowIso } from '../../../core/clock';
import { openWorkbench } from '../../../core/workbench';

export type QueueView = 'mine' | 'all' | 'raised';
export interface QueueFilters { type: string; state: string; regionId: string }

/** How long a load may take before the screen says so (with Retry) rather than wait on. */
export const SLIM_LOAD_TIMEOUT_MS = LOAD_TIMEOUT_MS;
const loadTime = loadTimer(SLIM_LOAD_TIMEOUT_MS);
/** Another load timeout (tests); null restores {@link SLIM_LOAD_TIMEOUT_MS}. */
export const setSlimLoadTimeout = loadTime.set;
const timed = loadTime.timed;
const again = retryMark;
const list = <T,>(rows: unknown): T[] => (Array.isArray(rows) ? (rows as T[]) : []);

/** The queue of `view` with the server-side filters. */
export async function loadSlimQueue(view: QueueView, filters: QueueFilters, signal?: AbortSignal, attempt = 0): Promise<SlimQueueRow[]> {
  const query: Record<string, string | number> = { view, ...again(attempt) };
  if (filters.type) query.type = filters.type;
  if (filters.state) query.state = filters.state;
  if (filters.regionId) query.regionId = filters.regionId;
  return list<SlimQueueRow>(await getJson(RISK_API.getSlimQueue, query, { signal: timed(signal) }));
}

export async function loadSlimOverview(signal?: AbortSignal, attempt = 0): Promise<SlimOverview> {
  const answer = await getJson<Partial<SlimOverview> | undefined>(RISK_API.getSlimOverview, again(attempt), { signal: timed(signal) });
  return {
    byState: answer?.byState ?? [], byAssignee: answer?.byAssignee ?? [], pastDue: answer?.pastDue ?? [],
    averageDaysPerStep: answer?.averageDaysPerStep ?? [], openCount: answer?.openCount ?? 0,
  };
}

export function loadSlimRequest(recordId: number, signal?: AbortSignal, attempt = 0): Promise<SlimRequestLoad> {
  return getJson<SlimRequestLoad>(RISK_API.getSlimRequest, { recordKey: SLIM_RECORD_KEY, recordId, lastLoad: nowIso(), ...again(attempt) }, { signal: timed(signal) });
}

/**
 * The caller's notifications of the request (comments, reassignments) are read now: the workbench
 * calls it once the request is loaded (the load itself writes nothing). A failure leaves them unread.
 */
export async function markSlimNotificationsRead(recordId: number): Promise<void> {
  await postForm(RISK_API.markSlimNotificationsRead, { recordId });
}

export async function loadPrequalVendors(search: string, signal?: AbortSignal): Promise<VendorPrequalRow[]> {
  return list<VendorPrequalRow>(await getJson(RISK_API.getPrequalVendors, search.trim() ? { search: search.trim() } : {}, { signal: timed(signal) }));
}

export function loadRenewalDraft(vendorId: number, signal?: AbortSignal): Promise<SlimRenewalDraft> {
  return getJson<SlimRenewalDraft>(RISK_API.getSlimRenewalDraft, { vendorId, type: 'Renewal' }, { signal: timed(signal) });
}

export async function loadSlimAssignees(signal?: AbortSignal): Promise<SlimPerson[]> {
  return list<SlimPerson>(await getJson(RISK_API.getSlimAssignees, {}, { signal: timed(signal) }));
}

export async function loadSlimComments(recordId: number, signal?: AbortSignal): Promise<SlimComment[]> {
  return list<SlimComment>(await getJson(RISK_API.getSlimComments, { recordId }, { signal: timed(signal) }));
}

/** A project the request form offers (with its region: a Regional Reviewer of it reviews the request). */
export type ProjectChoice = SlimProject;

/** The active projects a request may be for; null when the caller may not list them (the form then takes a project ID). */
export async function loadProjectChoices(signal?: AbortSignal): Promise<ProjectChoice[] | null> {
  try {
    return list<SlimProject>(await getJson(RISK_API.getSlimProjects, {}, { signal: timed(signal) })).filter((p) => Number.isSafeInteger(p.projectId) && p.projectId > 0);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

/** The fields of the new-request form, as typed. */
export interface RequestDraft {
  type: SlimRequestType;
  vendorId: number | null;
  projectId: string;
  requestedAmount: string;
  priority: SlimPriority;
  justification: string;
  mitigation: string;
  basedOnRequestId: number | null;
}

export function createSlimRequest(draft: RequestDraft, amount: number | null): Promise<SlimRequestLoad> {
  const body: Record<string, string | number> = { type: draft.type, vendorId: draft.vendorId ?? '', priority: draft.priority, justification: draft.justification.trim() };
  if (draft.type === 'Limit Increase' || draft.type === 'Exception') body.projectId = draft.projectId;
  if (amount !== null) body.requestedAmount = amount;
  if (draft.type === 'Exception') body.mitigation = draft.mitigation.trim();
  if (draft.type === 'Renewal' && draft.basedOnRequestId) body.basedOnRequestId = draft.basedOnRequestId;
  return postForm<SlimRequestLoad>(RISK_API.createSlimRequest, body);
}

/** The state-update call; on approval the limits (else the server's default: the suggestion). */
export function moveSlimRequest(
  load: SlimRequestLoad, to: { applicationRecordStateId: number; name: SlimState }, note: string,
  limits?: { singleLimit: number; aggregateLimit: number; limitExpiresOn: string },
): Promise<SlimRequestLoad> {
  const body: Record<string, string | number> = {
    ItemId: load.request.requestId, OldRecordStateId: load.request.applicationRecordStateId, RouteStateId: to.applicationRecordStateId, note: note.trim(),
  };
  if (limits) Object.assign(body, limits);
  return postForm<SlimRequestLoad>(RISK_API.updateSlimRequestState, body);
}

export interface AssignAnswer { done: number[]; refused: Array<{ requestId: number; message: string }> }

/** Assign (or reassign) requests to a Prequal Administrator; refusals per request. */
export async function assignSlimRequests(requestIds: readonly number[], assigneeEmployeeId: number, note = ''): Promise<AssignAnswer> {
  const answer = await postForm<{ done?: unknown; refused?: unknown } | undefined>(RISK_API.assignSlimRequests, {
    items: requestIds.map((id) => ({ ItemId: id })), assigneeEmployeeId, note: note.trim(),
  });
  const done = list<unknown>(answer?.done).map((d) => (typeof d === 'number' ? d : Number((d as { requestId?: unknown; ItemId?: unknown })?.requestId ?? (d as { ItemId?: unknown })?.ItemId)));
  const refused = list<Record<string, unknown>>(answer?.refused).map((r) => ({ requestId: Number(r.requestId ?? r.itemId ?? r.ItemId), message: String(r.message ?? '') }));
  return { done, refused };
}

export function saveSlimComment(target: { recordId: number } | { commentId: number }, body: string): Promise<SlimComment> {
  return postForm<SlimComment>(RISK_API.saveSlimComment, { ...target, body });
}

export { isStale, serverMessage } from '../../../core/api';

/** Open the request workbench of `requestId` (the portal's workbench host places <wb-slim-request>). */
export const openSlimRequest = (requestId: number): void => openWorkbench(SLIM_WORKBENCH, slimRequestTarget(requestId));

/** A clear sentence for a failed write or load. */
export const problemText = (error: unknown): string => sharedProblemText(error, T);


/** The queue as an export sheet (CSV): the columns of the screen, amounts as numbers, the total requested. */
export function slimQueueSheet(rows: readonly SlimQueueRow[]): ExportSheet {
  const columns = sheetColumns({
    number: 'Number', type: 'Type', vendorName: 'Vendor', project: 'Project', regionName: 'Region',
    requestedAmount: 'Requested amount', state: 'State', assignee: 'Assignee', ageDays: 'Age (days)',
    dueDate: 'Due date', priority: 'Priority', pastDue: 'Past due', requestedBy: 'Requested by',
  }, { requestedAmount: '$#,##0.00', ageDays: '0' });
  return listSheet(columns, rows, (r) => [
    r.number, r.type, r.vendorName, projectLabel(r), r.regionName ?? '', r.requestedAmount, r.state, r.assignedTo?.name ?? '', r.ageDays,
    formatDate(r.dueDate), r.priority, r.pastDue ? 'Yes' : '', r.requestedBy.name,
  ], [T.total, null, null, null, null, requestedTotal(rows), null, null, null, null, null, null, null]);
}

export const projectLabel = (r: Pick<SlimQueueRow, 'projectNumber' | 'projectName'>) => [r.projectNumber, r.projectName].filter(Boolean).join(' ');
export const requestedTotal = (rows: readonly SlimQueueRow[]) => Math.round(rows.reduce((s, r) => s + (r.requestedAmount ?? 0), 0) * 100) / 100;
