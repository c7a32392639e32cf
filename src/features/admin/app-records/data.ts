/**
 * App records' calls (the contract src/core/admin/contract.ts, host demo/host/api/admin) and their
 * failures in words (§8).
 */
import { getJson, loadTimer, postForm, problemText as sharedProblemText, retryMark } from '../../../core/api';
import { APP_RECORDS_API, type AppRecordTestAs, type AppRecordType, type AppRecordTypeRow } from '../../../core/admin/contract';
import { ADMIN_TEXT as T } from './text';

const loadTime = loadTimer();
/** Another load timeout (tests); null restores the default. */
export const setAdminLoadTimeout = loadTime.set;
const timed = loadTime.timed;

export const problemText = (error: unknown): string => sharedProblemText(error, T, { staleServerOnly: true });
export { isStale } from '../../../core/api';

export async function loadRecordTypes(signal?: AbortSignal, attempt = 0): Promise<AppRecordTypeRow[]> {
  const rows = await getJson<AppRecordTypeRow[]>(APP_RECORDS_API.types, retryMark(attempt), { signal: timed(signal) });
  return Array.isArray(rows) ? rows : [];
}

export function loadRecordType(key: string, signal?: AbortSignal, attempt = 0): Promise<AppRecordType> {
  return getJson<AppRecordType>(APP_RECORDS_API.type, { applicationRecordKey: key, ...retryMark(attempt) }, { signal: timed(signal) });
}

/** A state row being edited (no id: a new state). */
export interface StateDraft {
  key: string;
  applicationRecordStateId?: number;
  name: string;
  closed: boolean;
  displayOrder: number;
  isInitial: boolean;
  records: number;
}

export interface AdvancementDraft {
  key: string;
  from: number;
  target: number;
  quickRoute: boolean;
}

const base = (type: AppRecordType) => ({ ApplicationRecordKey: type.applicationRecordKey, Version: type.version });

export function saveStates(type: AppRecordType, states: readonly StateDraft[]): Promise<AppRecordType> {
  const body: Record<string, string | number> = base(type);
  states.forEach((s, i) => {
    if (s.applicationRecordStateId) body[`states[${i}].applicationRecordStateId`] = s.applicationRecordStateId;
    body[`states[${i}].name`] = s.name.trim();
    body[`states[${i}].closed`] = String(s.closed);
    body[`states[${i}].displayOrder`] = s.displayOrder;
    body[`states[${i}].isInitial`] = String(s.isInitial);
  });
  return postForm<AppRecordType>(APP_RECORDS_API.saveStates, body);
}

export function removeState(type: AppRecordType, stateId: number): Promise<AppRecordType> {
  return postForm<AppRecordType>(APP_RECORDS_API.removeState, { ...base(type), ApplicationRecordStateId: stateId });
}

export function saveAdvancements(type: AppRecordType, list: readonly AdvancementDraft[]): Promise<AppRecordType> {
  const body: Record<string, string | number> = base(type);
  list.forEach((a, i) => {
    body[`advancements[${i}].from`] = a.from;
    body[`advancements[${i}].target`] = a.target;
    body[`advancements[${i}].quickRoute`] = String(a.quickRoute);
  });
  return postForm<AppRecordType>(APP_RECORDS_API.saveAdvancements, body);
}

export function saveFieldSecurity(type: AppRecordType, stateId: number, roleName: string,
  fields: ReadonlyArray<{ fieldName: string; visible: boolean; editable: boolean }>): Promise<AppRecordType> {
  const body: Record<string, string | number> = { ...base(type), ApplicationRecordStateId: stateId, RoleName: roleName };
  fields.forEach((f, i) => {
    body[`fields[${i}].fieldName`] = f.fieldName;
    body[`fields[${i}].visible`] = String(f.visible);
    body[`fields[${i}].editable`] = String(f.editable);
  });
  return postForm<AppRecordType>(APP_RECORDS_API.saveFieldSecurity, body);
}

/** One approval step being edited: the target state, its segregation of duties, its role limits ('' = any amount). */
export interface ApprovalDraft {
  key: string;
  target: number;
  notSubmitter: boolean;
  notPreviousApprover: boolean;
  limits: Array<{ key: string; roleName: string; upToAmount: string }>;
}

export function saveApprovals(type: AppRecordType, moves: readonly ApprovalDraft[]): Promise<AppRecordType> {
  const body: Record<string, string | number> = base(type);
  let n = 0;
  moves.forEach((m, i) => {
    body[`moves[${i}].target`] = m.target;
    body[`moves[${i}].notSubmitter`] = String(m.notSubmitter);
    body[`moves[${i}].notPreviousApprover`] = String(m.notPreviousApprover);
    for (const limit of m.limits) {
      body[`limits[${n}].target`] = m.target;
      body[`limits[${n}].roleName`] = limit.roleName;
      body[`limits[${n}].upToAmount`] = limit.upToAmount.replace(/[$,\s]/g, '');
      n += 1;
    }
  });
  return postForm<AppRecordType>(APP_RECORDS_API.saveApprovals, body);
}

export function loadTestAs(key: string, stateId: number, roleName: string, signal?: AbortSignal): Promise<AppRecordTestAs> {
  return getJson<AppRecordTestAs>(APP_RECORDS_API.testAs, { applicationRecordKey: key, applicationRecordStateId: stateId, roleName }, { signal: timed(signal) });
}
