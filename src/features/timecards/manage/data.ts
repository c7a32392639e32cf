/**
 * Manage Timecards (issue 13): the calls of <tc-manage-timecards> (src/core/timecards/contract.ts is the
 * contract), the screen's texts, and the team view as an export sheet (the sheet writers neutralise
 * formulas).
 */
import { ApiError, getJson, postForm } from '../../../core/api';
import { addDays, weekOf } from '../../../core/timecards';
import {
  dayRangeLabel, TIMECARD_API, type ApprovalInboxLoad, type ApprovalInboxRow, type BulkStateAnswer, type DelegationsLoad,
  type SubmitReadyAnswer, type TeamTimecardRow, type TeamTimecardsLoad, type TimecardCorrection, type TimecardWeeksLoad,
  type AdminWeekCounts, type TimecardReminderAnswer,
} from '../../../core/timecards/contract';
import { TIME_OFF_API } from '../../../core/time-off/contract';
import { sheetColumns, type ExportSheet } from '../../../core/format/spreadsheet';
import * as clock from '../../../core/clock';

/** The tabs (§2 activeTab values), in order. 'inbox' is "Waiting for me" (issue 29). */
export const MANAGE_TABS = ['inbox', 'my-weeks', 'team', 'all', 'without-approver', 'corrections', 'delegations'] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

/** The team-like tabs and the `view` of getteamtimecards behind each. */
export const TEAM_VIEWS = { team: 'team', all: 'all', 'without-approver': 'withoutApprover' } as const;
export type TeamTab = keyof typeof TEAM_VIEWS;
export const isTeamTab = (tab: ManageTab): tab is TeamTab => tab in TEAM_VIEWS;

export const MANAGE_TEXT = {
  title: 'Timecards',
  tabs: {
    inbox: 'Waiting for me', 'my-weeks': 'My weeks', team: 'Team', all: 'All employees', 'without-approver': 'Without approver', corrections: 'Corrections',
    delegations: 'Delegations',
  } satisfies Record<ManageTab, string>,
  loading: 'Loading timecards…',
  loadFailed: 'The timecards could not be loaded.',
  noAccess: 'You do not have access to timecards.',
  timedOut: 'The server did not answer in time.',
  signedOut: 'Your sign-in has expired. Sign in again, then choose Retry.',
  retry: 'Retry',
  // My weeks
  myWeeks: 'My weeks',
  toSubmit: (count: number) => (count === 1 ? '1 past week still to submit' : `${count} past weeks still to submit`),
  nothingToSubmit: 'No past week is waiting to be submitted.',
  submitAll: 'Submit all ready weeks',
  submitting: 'Submitting…',
  submitted: (weeks: readonly string[]) => `Submitted: ${weeks.map(weekLabel).join(', ')}.`,
  noneSubmitted: 'No week was submitted.',
  notReady: 'Not submitted',
  noCard: 'Not started',
  rejected: 'Rejected',
  overdue: 'Overdue',
  toSubmitBadge: 'To submit',
  open: 'Open',
  // Team views
  week: 'Week',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  thisWeek: 'This week',
  stateFilter: 'State',
  find: 'Employee or manager',
  allStates: 'All states',
  selectAll: 'Select all',
  selectRow: (name: string) => `Select ${name}`,
  selected: (count: number) => `${count} selected`,
  approve: 'Approve',
  reject: 'Reject',
  approveSelected: (count: number) => `Approve (${count})`,
  rejectSelected: (count: number) => `Reject (${count})`,
  forManager: (name: string) => `for ${name}`,
  noRows: 'No timecards match.',
  /** After "Showing N of M rows" (src/ui/MoreRows). */
  shownNote: ' (selection and export cover them all)',
  exportCsv: 'Export CSV',
  exportExcel: 'Export Excel',
  keyboardHint: 'Space selects the row, Ctrl+A selects every row that can be approved.',
  approved: (count: number) => (count === 1 ? '1 timecard approved.' : `${count} timecards approved.`),
  rejectedDone: (count: number) => (count === 1 ? '1 timecard rejected.' : `${count} timecards rejected.`),
  refused: 'Not done',
  staleReloaded: 'The rows were reloaded with the latest states.',
  actionFailed: 'The change could not be saved. Your selection is kept; try again.',
  rejectTitle: (count: number) => (count === 1 ? 'Reject 1 timecard' : `Reject ${count} timecards`),
  rejectReason: 'Reason',
  rejectHelp: 'The employee sees this reason with the timecard.',
  reasonRequired: 'A reason is required to reject a timecard.',
  cancel: 'Cancel',
  withoutApproverNote: 'Employees with no manager, or whose manager is inactive.',
  // Waiting for me (the approval inbox)
  inboxLoading: 'Loading what waits for you…',
  inboxEmpty: 'Nothing is waiting for you.',
  inboxLabel: 'Waiting for my approval, oldest first',
  inboxKeys: 'Space selects the row, Ctrl+A selects every row that can be approved; Approve and Reject ask before they act.',
  kinds: { timecard: 'Timecard', timeOff: 'Time off', correction: 'Correction' } satisfies Record<ApprovalInboxRow['kind'], string>,
  datesPassed: 'Dates passed',
  waitingSince: 'Waiting since',
  openCorrections: 'Open in Corrections',
  /** "Sam Carter's timecard for 11/22–11/28", "Marcus Reyes's time off for 12/21–12/23". */
  itemPhrase: (row: Pick<ApprovalInboxRow, 'kind' | 'employeeName' | 'startDate' | 'endDate'>) =>
    `${row.employeeName}'s ${row.kind === 'timeOff' ? 'time off' : row.kind === 'timecard' ? 'timecard' : 'correction'} for ${dayRangeLabel(row.startDate, row.endDate)}`,
  /** The confirm dialog's question: the person and week of one item, or the count (each item is listed below it). */
  confirmTitle: (action: 'approve' | 'reject', rows: readonly Pick<ApprovalInboxRow, 'kind' | 'employeeName' | 'startDate' | 'endDate'>[]) =>
    `${action === 'approve' ? 'Approve' : 'Reject'} ${rows.length === 1 ? MANAGE_TEXT.itemPhrase(rows[0]!) : `these ${rows.length} items`}?`,
  rejectInboxHelp: 'Each person sees this reason: with the timecard, or with the time-off request it denies.',
  reasonRequiredInbox: 'A reason is required to reject.',
  inboxDone: (action: 'approve' | 'reject', count: number) =>
    `${count === 1 ? '1 item' : `${count} items`} ${action === 'approve' ? 'approved' : 'rejected'}.`,
  reload: 'Reload',
  // Corrections
  corrections: 'Open time-off corrections',
  noCorrections: 'No correction is waiting.',
  resolve: 'Resolve',
  resolveNote: 'Note',
  resolved: 'The correction was resolved.',
  noteRequired: 'A note is required.',
  // Delegations
  delegate: 'Delegate approvals',
  delegateTo: 'Delegate to',
  chooseManager: 'Choose a manager',
  startDate: 'From',
  endDate: 'To',
  save: 'Save delegation',
  given: 'Given',
  received: 'Received',
  noDelegations: 'None.',
  cancelDelegation: 'Cancel delegation',
  canceled: 'Canceled',
  delegationSaved: 'The delegation was saved.',
  delegationFields: 'Choose a manager and a date range (From on or before To).',
  // A Timecard Admin's week counts and reminder (issue 29)
  weekCounts: (range: string) => `Timecards of ${range}`,
  weekCountsLoading: 'Counting the week’s timecards…',
  countSubmitted: 'Submitted',
  countApproved: 'Approved',
  countOwed: 'Not started or Draft',
  remindOwed: (count: number) => `Remind the ${count} who have not submitted`,
  /** "Remind 12 employees who have not submitted 11/15–11/21?" */
  remindConfirm: (count: number, range: string) =>
    `Remind ${count === 1 ? '1 employee who has' : `${count} employees who have`} not submitted ${range}?`,
  remindHelp: 'Each of them gets a reminder in their bell until they submit the week. Reminding again today sends nothing new.',
  remind: 'Remind',
  reminding: 'Reminding…',
  remindedToday: (count: number) => `Already reminded today: ${count}`,
  remindNotStarted: 'This week has not started: nobody owes it yet.',
  remindFailed: 'The reminders could not be sent. Try again.',
} as const;

/** '11/01/2026 – 11/07/2026' style week label from its Sunday. */
export function weekLabel(weekStart: string): string {
  const [y, m, d] = weekStart.split('-');
  const end = addDays(weekStart, 6).split('-');
  return `${m}/${d}/${y} – ${end[1]}/${end[2]}/${end[0]}`;
}

/** The week holding today (Central). */
export const currentWeekStart = (now: Date = clock.now()): string => weekOf(now).weekStart;

/**
 * The week the team views open on: the last week that has come due (the previous one), whose cards
 * a manager approves; the week picker moves from there.
 */
export const teamDefaultWeek = (now: Date = clock.now()): string => addDays(currentWeekStart(now), -7);

/** The link to one card (owned by <tc-timecard>). */
export function timecardHref(row: { timecardId: number | null; employeeId?: number; weekStart?: string }): string {
  if (row.timecardId) return `/teammembertoolbox/timecards/timecard?timecardId=${row.timecardId}`;
  const query = new URLSearchParams();
  if (row.employeeId) query.set('employeeId', String(row.employeeId));
  if (row.weekStart) query.set('weekStart', row.weekStart);
  return `/teammembertoolbox/timecards/timecard?${query.toString()}`;
}

/** A failure as the user should read it: the server's message when it gave one. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MANAGE_TEXT.signedOut;
    const body = error.body as { message?: unknown } | string | undefined;
    if (typeof body === 'object' && body !== null && typeof body.message === 'string' && body.message) return body.message;
    if (typeof body === 'string' && body && body.length < 300 && !body.startsWith('<')) return body;
    if (error.status === 403) return MANAGE_TEXT.noAccess;
    if (error.status === 408 || error.status === 504) return MANAGE_TEXT.timedOut;
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return MANAGE_TEXT.timedOut;
  return fallback;
}

// ---- calls ----

export const loadWeeks = (signal?: AbortSignal) => getJson<TimecardWeeksLoad>(TIMECARD_API.getTimecardWeeks, {}, { signal });

export const submitReadyWeeks = () => postForm<SubmitReadyAnswer>(TIMECARD_API.submitReadyWeeks, {});

export function loadTeam(view: TeamTab, weekStart: string, signal?: AbortSignal): Promise<TeamTimecardsLoad> {
  return getJson<TeamTimecardsLoad>(TIMECARD_API.getTeamTimecards, { view: TEAM_VIEWS[view], weekStart }, { signal });
}

/** The bulk state call: each card is checked alone. */
export function moveCards(rows: readonly { timecardId: number | null; applicationRecordStateId: number | null }[], routeStateId: number, reason?: string): Promise<BulkStateAnswer> {
  const items = rows.map((row) => ({ ItemId: row.timecardId ?? 0, OldRecordStateId: row.applicationRecordStateId ?? 0 }));
  return postForm<BulkStateAnswer>(TIMECARD_API.updateTimecardStates, { items, RouteStateId: routeStateId, ...(reason ? { reason } : {}) });
}

export const loadInbox = (signal?: AbortSignal) => getJson<ApprovalInboxLoad>(TIMECARD_API.getApprovalInbox, {}, { signal });

/** The time-off bulk state call (approve / deny) for inbox rows: each request is checked alone; refusals carry their status code. */
export function moveRequests(rows: readonly ApprovalInboxRow[], routeStateId: number, reason?: string):
  Promise<{ done: number[]; refused: { ItemId: number; message: string; statusCode?: number }[] }> {
  const items = rows.map((row) => ({ ItemId: row.itemId, OldRecordStateId: row.applicationRecordStateId ?? 0 }));
  return postForm(TIME_OFF_API.updateRequestStates, { items, RouteStateId: routeStateId, ...(reason ? { reason } : {}) });
}

export { announceOpenItemsChanged } from '../../../core/timecards/contract';

/** Where an inbox row opens: the card, the request, or the corrections tab. */
export function inboxHref(row: ApprovalInboxRow): string {
  if (row.kind === 'timecard') return timecardHref({ timecardId: row.itemId });
  if (row.kind === 'timeOff') return `/teammembertoolbox/requests?recordId=${row.itemId}`;
  return '/teammembertoolbox/timecards?activeTab=corrections';
}

export const loadDelegations = (signal?: AbortSignal) => getJson<DelegationsLoad>(TIMECARD_API.getDelegations, {}, { signal });
export const saveDelegation = (form: { delegateEmployeeId: number; startDate: string; endDate: string }) =>
  postForm<unknown>(TIMECARD_API.saveDelegation, form);
export const cancelDelegation = (delegationId: number) => postForm<unknown>(TIMECARD_API.cancelDelegation, { delegationId });

export async function loadCorrections(signal?: AbortSignal): Promise<TimecardCorrection[]> {
  const rows = await getJson<TimecardCorrection[]>(TIMECARD_API.getCorrections, {}, { signal });
  return Array.isArray(rows) ? rows : [];
}
export const resolveCorrection = (correctionId: number, note: string) => postForm<unknown>(TIMECARD_API.resolveCorrection, { correctionId, note });

// ---- export ----

const TEAM_COLUMNS = sheetColumns({
  employeeName: 'Employee',
  managerName: 'Manager',
  delegatedFromName: 'Delegated from',
  state: 'State',
  enteredHours: 'Entered hours',
  expectedHours: 'Expected hours',
  submittedAt: 'Submitted',
  rejectionReason: 'Rejection reason',
}, { enteredHours: '0.00', expectedHours: '0.00' });

/** The rows shown, as an export sheet with the week in the first line. */
export function teamSheet(rows: readonly TeamTimecardRow[], weekStart: string): ExportSheet {
  return {
    columns: TEAM_COLUMNS.map((c) => ({ ...c })),
    lines: [
      { kind: 'header', cells: [`Week ${weekLabel(weekStart)}`, null, null, null, null, null, null, null] },
      { kind: 'header', cells: TEAM_COLUMNS.map((c) => c.title) },
      ...rows.map((row) => ({
        kind: 'data' as const,
        cells: [row.employeeName, row.managerName, row.delegatedFromName, row.state ?? MANAGE_TEXT.noCard, row.enteredHours, row.expectedHours,
          row.submittedAt, row.rejectionReason],
      })),
      {
        kind: 'total',
        cells: ['Total', null, null, null, rows.reduce((s, r) => s + r.enteredHours, 0), rows.reduce((s, r) => s + r.expectedHours, 0), null, null],
      },
    ],
  };
}

// ---- the week's counts and the reminder (Timecard Admin, the All employees view) ----

export const loadAdminWeekCounts = (weekStart: string, signal?: AbortSignal) =>
  getJson<AdminWeekCounts>(TIMECARD_API.getAdminWeekCounts, { weekStart }, { signal });
export const remindOwedTimecards = (weekStart: string) => postForm<TimecardReminderAnswer>(TIMECARD_API.remindOwedTimecards, { weekStart });
