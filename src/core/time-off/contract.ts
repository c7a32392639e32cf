/**
 * The time-off calls (issue 13): paths, answer shapes and the request states, the contract between the
 * demo host (demo/host/api/time-off) and the client (features/time-off). Types only, plus the paths,
 * the states and who manages requests and holidays.
 *
 * §7 conventions: GET answers `{ data }`; writes are form-data POSTs; a refusal the user must read is a
 * 400 with the `autoAlert` body (feedback items of `validateRequest` / `mayTransitionRequest`, with
 * `fieldName` at the field); a stale `OldRecordStateId` is a 409 and nothing is written.
 */
import type { AccessRule } from '../access';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

export const TIME_OFF_API = {
  /**
   * GET requests: `view` = 'mine' (default) | 'team' (the caller's reports and delegated reports: keyPTO
   * Manager, or Admin / Timecard Admin for everyone), optional `recordId` (one request), `open`
   * ('true': Pending and future Approved only). Answers `TimeOffRequestRow[]`.
   */
  getRequests: '/api/timeoff/getrequests',
  /** GET the caller's balances (or `employeeId`'s for their manager / Timecard Admin), `asOf` (default today): `BalanceRow[]`. */
  getBalances: '/api/timeoff/getbalances',
  /**
   * POST a new request (or a change with `requestId`: a Pending one, or an Approved one before it starts,
   * which goes back to Pending and leaves the timecards until approved again): `type`, `title`, `startDate`,
   * `endDate`, `hoursPerDay`. 400 autoAlert with `validateRequest`'s items (overlap, balance, no
   * working day…). Answers the saved `TimeOffRequestRow`.
   */
  saveRequest: '/api/timeoff/saverequest',
  /**
   * POST the state-update call: `ItemId` (requestId), `OldRecordStateId`, `RouteStateId`, `reason`
   * (required to deny; an Approved request may be denied too). The request's time-off lines follow its
   * state (src/core/time-off/reconcile.ts): approving writes them into the weeks' timecards (drafts
   * created where missing, worked hours kept and named in `notices`); cancelling or denying removes
   * them; an Approved/Processed week gets a correction for a Timecard Admin instead, and the balance
   * moves when it is applied. Answers the `TimeOffRequestRow` with `notices`.
   */
  updateRequestState: '/api/timeoff/updaterequeststate',
  /** POST many at once: `items[i].ItemId`, `items[i].OldRecordStateId`, `RouteStateId`, `reason`: `{ done, refused }`. */
  updateRequestStates: '/api/timeoff/updaterequeststates',
  /** GET who is out: `from`, `to` (≤ 62 days), the caller's team (Manager) or everyone (Admin / Timecard Admin): `TeamCalendarLoad`. */
  getTeamCalendar: '/api/timeoff/getteamcalendar',
  /** GET the regions (id, code, name). */
  getRegions: '/api/timeoff/getregions',
  /** GET holidays: `regionId` (optional; absent: every region), or `mine` ('true': the caller's own region), `year`: `HolidayRow[]`. Any keyPTO or keyTC user (read). */
  getHolidays: '/api/timeoff/getholidays',
  /** POST a holiday: `holidayId` (change) or new, `regionId`, `holidayDate`, `name`, `hours` (8 or 4). Calendar admins only. */
  saveHoliday: '/api/timeoff/saveholiday',
  /** DELETE (form-data) `holidayId`. Calendar admins only. */
  deleteHoliday: '/api/timeoff/deleteholiday',
} as const;

/** Who sees and decides the team's requests besides their manager and delegate (keyPTO Manager is the menu role). */
export const TIME_OFF_MANAGERS: readonly AccessRule[] = [{ key: 'keyPTO', roles: ['Manager', 'Admin'] }];

/** The states of a time-off request (record key 'PtoRequest'); Denied and Canceled are closed. */
export const PTO_STATES = { pending: 'Pending', approved: 'Approved', denied: 'Denied', canceled: 'Canceled' } as const;
export type PtoState = (typeof PTO_STATES)[keyof typeof PTO_STATES];
export const PTO_REQUEST_RECORD_STATES: RecordStateTable<PtoState> = [
  [PTO_STATES.pending, false], [PTO_STATES.approved, false], [PTO_STATES.denied, true], [PTO_STATES.canceled, true],
];
/** A denial needs a reason; cancelling an Approved request (before its start) gives its hours back. */
export const PTO_REQUEST_ADVANCEMENTS: AdvancementTable<PtoState> = {
  Pending: [['Approved', true], ['Denied', false], ['Canceled', false]],
  Approved: [['Canceled', false]],
};

export interface TimeOffRequestRow {
  requestId: number;
  employeeId: number;
  employeeName: string;
  type: string;
  title: string;
  startDate: string;
  endDate: string;
  hoursPerDay: number;
  totalHours: number;
  state: string;
  applicationRecordStateId: number;
  /** Balance of the type on the start date, before and after this request (null for a type without a limit). */
  balanceBefore: number | null;
  balanceAfter: number | null;
  requestedAt: string;
  decidedByName: string | null;
  decidedAt: string | null;
  /** Set when a delegate decided. */
  onBehalfOfName: string | null;
  denialReason: string | null;
  canceledAt: string | null;
  /**
   * What a change just did besides (issue 29), in the answer of that change only: each timecard
   * correction made for a locked week, each day given time off that already holds worked hours.
   */
  notices?: string[];
  /**
   * For an approver of a Pending request whose days fall in weeks already Submitted, Approved or
   * Processed: what to confirm before approving, naming each week and its state (null otherwise).
   */
  confirmation?: string | null;
  /** What the caller may do now: target state ids by action. */
  advancements: { routeStateId: number; name: string; action: 'approve' | 'deny' | 'cancel'; needsReason: boolean }[];
}

/** What the bulk state call (updateRequestStates) answers. */
export interface BulkAnswer {
  done: TimeOffRequestRow[] | number[];
  refused: { requestId?: number; ItemId?: number; message: string }[];
}

export interface BalanceRow {
  type: string;
  allowsNegative: boolean;
  asOf: string;
  /** Opening hours of the year (carry-over included). */
  openingHours: number;
  accruedHours: number;
  usedHours: number;
  pendingHours: number;
  balance: number;
  accrualPerPeriod: number;
  carryOverCap: number;
  /** The end of a pay period (the others every 14 days around it): the client projects accruals after `asOf` with it. */
  payPeriodEnd?: string;
}

export interface TeamCalendarLoad {
  from: string;
  to: string;
  employees: { employeeId: number; name: string }[];
  /** Approved and Pending requests in the range. */
  absences: { employeeId: number; requestId: number; type: string; state: string; startDate: string; endDate: string; hoursPerDay: number }[];
  holidays: HolidayRow[];
}

export interface HolidayRow {
  holidayId: number;
  regionId: number;
  regionName: string;
  holidayDate: string;
  name: string;
  /** 8 a full day, 4 a half day. */
  hours: number;
}

export interface RegionRow {
  regionId: number;
  code: string;
  name: string;
}
