/**
 * Time off (issue 13): the calls of src/core/time-off/contract.ts (the contract with demo/host/api/time-off),
 * the page's store of requests (My requests and Team requests share it), and the team requests as an
 * export sheet (CSV and Excel; the writers neutralise formulas).
 */
import { ApiError, deleteForm, getJson, loadTimer, postForm, retryMark } from '../../core/api';
import { formatDate } from '../../core/format';
import type { PtoAccount } from '../../core/time-off';
import { TIME_OFF_API, type BalanceRow, type BulkAnswer, type HolidayRow, type RegionRow, type TeamCalendarLoad, type TimeOffRequestRow } from '../../core/time-off/contract';
import { addDays } from '../../core/timecards';
import { announceOpenItemsChanged } from '../../core/timecards/contract';
import type { Holiday } from '../../core/timecards';
import { recordStore, type RecordStore } from '../../core/records';
import { listSheet, sheetColumns, type ExportSheet } from '../../core/format/spreadsheet';

export type { BalanceRow, HolidayRow, RegionRow, TeamCalendarLoad, TimeOffRequestRow };

/** The page's store of requests (mine and the team's). */
export function requestStore(): RecordStore<TimeOffRequestRow> {
  return recordStore<TimeOffRequestRow>('PtoRequest', 'requestId');
}

const list = <T,>(rows: unknown): T[] => (Array.isArray(rows) ? (rows as T[]) : []);

export { LOAD_TIMEOUT_MS } from '../../core/api';
const loadTime = loadTimer();
/** Another load timeout (tests); null restores LOAD_TIMEOUT_MS. */
export const setLoadTimeout = loadTime.set;
const timed = loadTime.timed;
const again = retryMark;

/** The caller's requests (every state) into the store; `attempt` > 0 for a Retry. */
export async function loadMyRequests(signal?: AbortSignal, attempt = 0): Promise<TimeOffRequestRow[]> {
  const mark = requestStore().readMark();
  const rows = list<TimeOffRequestRow>(await getJson(TIME_OFF_API.getRequests, { view: 'mine', ...again(attempt) }, { signal: timed(signal) }));
  requestStore().loaded(rows, mark);
  return rows;
}

/** The team's requests (the caller's reports and delegated reports; everyone for an admin) into the store. */
export async function loadTeamRequests(signal?: AbortSignal, attempt = 0): Promise<TimeOffRequestRow[]> {
  const mark = requestStore().readMark();
  const rows = list<TimeOffRequestRow>(await getJson(TIME_OFF_API.getRequests, { view: 'team', ...again(attempt) }, { signal: timed(signal) }));
  requestStore().loaded(rows, mark);
  return rows;
}

/** One request (the caller's own or a team member's), into the store; null when the server knows none. */
export async function loadRequest(requestId: number, signal?: AbortSignal): Promise<TimeOffRequestRow | null> {
  const mark = requestStore().readMark();
  for (const view of ['mine', 'team'] as const) {
    try {
      const rows = list<TimeOffRequestRow>(await getJson(TIME_OFF_API.getRequests, { view, recordId: requestId }, { signal: timed(signal) }));
      const row = rows.find((r) => r.requestId === requestId);
      if (row) {
        requestStore().loaded(row, mark);
        return row;
      }
    } catch (error) {
      // A caller who is no manager may be refused the team view: the request is then simply not theirs to see.
      if (!(error instanceof ApiError && error.status === 403 && view === 'team')) throw error;
    }
  }
  return null;
}

/** The caller's balances as of `asOf` ('YYYY-MM-DD'; today when empty). */
export async function loadBalances(asOf: string, signal?: AbortSignal, attempt = 0): Promise<BalanceRow[]> {
  return list<BalanceRow>(await getJson(TIME_OFF_API.getBalances, { ...(asOf ? { asOf } : {}), ...again(attempt) }, { signal: timed(signal) }));
}

/** The holidays of `year`: of `regionId`, or of the caller's own region when absent. */
export async function loadHolidays(year: number, regionId?: number, signal?: AbortSignal): Promise<HolidayRow[]> {
  const query: Record<string, number | string> = { year };
  if (regionId !== undefined && regionId > 0) query.regionId = regionId;
  else query.mine = 'true';
  return list<HolidayRow>(await getJson(TIME_OFF_API.getHolidays, query, { signal: timed(signal) }));
}

export async function loadRegions(signal?: AbortSignal, attempt = 0): Promise<RegionRow[]> {
  return list<RegionRow>(await getJson(TIME_OFF_API.getRegions, again(attempt), { signal: timed(signal) }));
}

export async function loadTeamCalendar(from: string, to: string, signal?: AbortSignal, attempt = 0): Promise<TeamCalendarLoad> {
  const load = await getJson<Partial<TeamCalendarLoad> | undefined>(TIME_OFF_API.getTeamCalendar, { from, to, ...again(attempt) }, { signal: timed(signal) });
  return { from, to, employees: load?.employees ?? [], absences: load?.absences ?? [], holidays: load?.holidays ?? [] };
}

/** The fields of the request form, as typed. */
export interface RequestDraft {
  type: string;
  title: string;
  startDate: string;
  endDate: string;
  /** 'full' (8 h), 'half' (4 h) or 'hours' (hoursPerDay as typed). */
  dayKind: 'full' | 'half' | 'hours';
  hours: string;
}

/** POST saverequest: the saved request into the store. Throws the ApiError (400 items at the fields). */
export async function saveRequest(draft: RequestDraft, hoursPerDay: number, requestId?: number): Promise<TimeOffRequestRow> {
  const body: Record<string, string | number> = {
    type: draft.type, title: draft.title.trim(), startDate: draft.startDate, endDate: draft.endDate, hoursPerDay,
  };
  if (requestId) body.requestId = requestId;
  const saved = await postForm<TimeOffRequestRow>(TIME_OFF_API.saveRequest, body);
  if (saved && typeof saved === 'object' && 'requestId' in saved) requestStore().upsert(saved);
  return saved;
}

/** The state a request moves to by an action. */
export const ACTION_STATE = { approve: 'Approved', deny: 'Denied', cancel: 'Canceled' } as const;

/**
 * Approve, deny or cancel one request: shown at once, put back when the server refuses (400, 403,
 * 409 stale) or the call fails; the server's answer replaces it.
 */
export function advanceRequest(request: TimeOffRequestRow, action: 'approve' | 'deny' | 'cancel', reason = ''): Promise<TimeOffRequestRow> {
  const target = request.advancements.find((a) => a.action === action);
  if (!target) return Promise.reject(new Error(`No ${action} for request ${request.requestId}.`));
  const next: TimeOffRequestRow = {
    ...request, state: ACTION_STATE[action], applicationRecordStateId: target.routeStateId, advancements: [],
    denialReason: action === 'deny' ? reason : request.denialReason,
  };
  return requestStore().optimistic(next, async () => {
    const answer = await postForm<TimeOffRequestRow>(TIME_OFF_API.updateRequestState, {
      ItemId: request.requestId, OldRecordStateId: request.applicationRecordStateId, RouteStateId: target.routeStateId, reason,
    });
    announceOpenItemsChanged();
    return answer;
  });
}

/** Approve or deny many requests in one call (each with its own OldRecordStateId). */
export async function advanceRequests(requests: readonly TimeOffRequestRow[], action: 'approve' | 'deny', reason = ''): Promise<{ done: number; refused: { requestId: number; message: string }[] }> {
  const routeStateId = requests.map((r) => r.advancements.find((a) => a.action === action)?.routeStateId).find((id) => id !== undefined);
  if (routeStateId === undefined) return { done: 0, refused: requests.map((r) => ({ requestId: r.requestId, message: `This request cannot be ${ACTION_STATE[action].toLowerCase()}.` })) };
  const answer = await postForm<BulkAnswer>(TIME_OFF_API.updateRequestStates, {
    items: requests.map((r) => ({ ItemId: r.requestId, OldRecordStateId: r.applicationRecordStateId })), RouteStateId: routeStateId, reason,
  });
  const done = Array.isArray(answer?.done) ? answer.done : [];
  if (done.length) announceOpenItemsChanged();
  const rows = done.filter((d): d is TimeOffRequestRow => typeof d === 'object' && d !== null);
  if (rows.length) requestStore().upsert(rows);
  const refused = (Array.isArray(answer?.refused) ? answer.refused : []).map((r) => ({ requestId: Number(r.requestId ?? r.ItemId), message: String(r.message ?? '') }));
  return { done: done.length, refused };
}

/** POST saveholiday (new when no holidayId). */
export function saveHoliday(holiday: { holidayId?: number; regionId: number; holidayDate: string; name: string; hours: number }): Promise<HolidayRow> {
  const body: Record<string, string | number> = { regionId: holiday.regionId, holidayDate: holiday.holidayDate, name: holiday.name.trim(), hours: holiday.hours };
  if (holiday.holidayId) body.holidayId = holiday.holidayId;
  return postForm<HolidayRow>(TIME_OFF_API.saveHoliday, body);
}

export function deleteHoliday(holidayId: number): Promise<unknown> {
  return deleteForm(TIME_OFF_API.deleteHoliday, { holidayId });
}

/** The core's holidays (half day = 4 hours) from the rows. */
export const toHolidays = (rows: readonly HolidayRow[]): Holiday[] => rows.map((h) => ({ date: h.holidayDate, name: h.name, halfDay: h.hours < 8 }));

/**
 * The account the live balance check needs, from the balance the server computed as of the day before
 * the request starts: usage before the start is already in it, so the check adds the rest.
 */
export function accountFrom(row: BalanceRow | undefined, startDate: string): PtoAccount | null {
  if (!row) return null;
  // The balance the day before the start, accruing on as the server's account does (so the projection ahead agrees with it).
  const accrues = Boolean(row.payPeriodEnd);
  return {
    type: row.type, openingBalance: row.balance, openingDate: startDate, accrualPerPeriod: accrues ? row.accrualPerPeriod : 0,
    payPeriodEnd: row.payPeriodEnd ?? startDate, carryOverCap: accrues ? row.carryOverCap : null,
  };
}

/** The day before `day`. */
export const dayBefore = (day: string) => addDays(day, -1);

/** The team requests as an export sheet: employee, title, type, dates, hours, state, decided by, reason. */
export function teamRequestsSheet(rows: readonly TimeOffRequestRow[]): ExportSheet {
  const columns = sheetColumns({
    employeeName: 'Employee',
    title: 'Title',
    type: 'Type',
    startDate: 'Start',
    endDate: 'End',
    hoursPerDay: 'Hours per day',
    totalHours: 'Total hours',
    state: 'State',
    decidedByName: 'Decided by',
    denialReason: 'Denial reason',
  }, { hoursPerDay: '0.00', totalHours: '0.00' });
  return listSheet(columns, rows,
    (r) => [r.employeeName, r.title, r.type, formatDate(r.startDate), formatDate(r.endDate), r.hoursPerDay, r.totalHours, r.state, r.decidedByName ?? '', r.denialReason ?? ''],
    ['Total', null, null, null, null, null, Math.round(rows.reduce((s, r) => s + r.totalHours, 0) * 100) / 100, null, null, null]);
}
