/**
 * Time off and timecards always agree (issue 29), on the demo host: the core rule
 * (src/core/time-off-reconcile.ts) read from and written to the database, inside the caller's
 * transaction. Every change calls it: a request approved, canceled, denied or changed
 * ({@link reconcileTimeOff}), a holiday added, moved or removed ({@link reconcileHolidayDates}), a card
 * reopened ({@link reconcileCard}); resolving a correction applies it ({@link writeTimeOffLine}).
 */
import type Database from 'better-sqlite3';
import { requestHours } from '../../../../src/core/time-off';
import type { TimeOffRequestRow } from '../../../../src/core/time-off/contract';
import { reconcileNotices, reconcileRequest, timeOffLineHours, type RequestWeek } from '../../../../src/core/time-off/reconcile';
import { createDraftTimecard, DAY_COLUMNS, keepsTimecards } from '../timecards/cards';
import { regionHolidays } from './common';

type Db = Database.Database;
type Row = Record<string, number | string | null>;

/** Who makes the change, when, and what happened to the request (for the corrections' notes): "was approved", "was canceled"… */
export interface ReconcileContext {
  actorId: number;
  at: string;
  why: string;
}

const hoursOf = (row: Row): number[] => DAY_COLUMNS.map((c) => Number(row[c] ?? 0));

/** The request as the contract answers it, with the employee's holiday region. */
type StoredRequest = Pick<TimeOffRequestRow, 'requestId' | 'employeeId' | 'title' | 'startDate' | 'endDate' | 'hoursPerDay' | 'totalHours' | 'state'>
  & { regionId: number | null };

const storedRequest = (db: Db, requestId: number): StoredRequest =>
  db.prepare(`SELECT r.requestId, r.employeeId, e.regionId, r.title, r.startDate, r.endDate, r.hoursPerDay, r.totalHours, st.name AS state
    FROM time_off_requests r JOIN employees e ON e.employeeId = r.employeeId JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE r.requestId = ?`).get(requestId) as StoredRequest;

/** The stored weeks of `request`: `weekStarts`, and every week holding its line or an open correction of it. */
function storedWeeks(db: Db, request: StoredRequest, weekStarts: Iterable<string>): RequestWeek[] {
  const touched = db.prepare(`SELECT t.weekStart FROM weekly_timecards t WHERE t.employeeId = ? AND (
      EXISTS (SELECT 1 FROM timecard_lines l WHERE l.timecardId = t.timecardId AND l.ptoRequestId = ?)
      OR EXISTS (SELECT 1 FROM timecard_corrections c WHERE c.timecardId = t.timecardId AND c.requestId = ? AND c.status = 'Open'))`).pluck()
    .all(request.employeeId, request.requestId, request.requestId) as string[];
  const cardOf = db.prepare(`SELECT t.timecardId, st.name AS state FROM weekly_timecards t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.employeeId = ? AND t.weekStart = ?`);
  const linesOf = db.prepare(`SELECT source, ptoRequestId, ${DAY_COLUMNS.join(', ')} FROM timecard_lines WHERE timecardId = ?`);
  const openOf = db.prepare(`SELECT correctionId, kind, ${DAY_COLUMNS.join(', ')} FROM timecard_corrections WHERE timecardId = ? AND requestId = ? AND status = 'Open' ORDER BY correctionId`);
  return [...new Set([...weekStarts, ...touched])].sort().map((weekStart) => {
    const card = cardOf.get(request.employeeId, weekStart) as { timecardId: number; state: string } | undefined;
    if (!card) return { weekStart, card: null, line: [], worked: [], openCorrections: [] };
    const lines = linesOf.all(card.timecardId) as Row[];
    const own = lines.find((l) => l.source === 'pto' && l.ptoRequestId === request.requestId);
    const worked = DAY_COLUMNS.map((c) => lines.filter((l) => l.source === 'manual').reduce((sum, l) => sum + Number(l[c]), 0));
    const openCorrections = (openOf.all(card.timecardId, request.requestId) as Row[]).map((c) => ({
      correctionId: c.correctionId as number, weekStart, kind: c.kind as 'Add' | 'Remove', hours: hoursOf(c),
    }));
    return { weekStart, card, line: own ? hoursOf(own) : [], worked, openCorrections };
  });
}

/** Set `requestId`'s time-off line on the card to `hours` (all zero: the line goes). The caller bumps the card's version. */
export function writeTimeOffLine(db: Db, timecardId: number, requestId: number, hours: readonly number[], at: string): void {
  const line = db.prepare("SELECT timecardLineId FROM timecard_lines WHERE timecardId = ? AND ptoRequestId = ? AND source = 'pto'").get(timecardId, requestId) as
    { timecardLineId: number } | undefined;
  if (hours.every((h) => !h)) {
    if (line) db.prepare('DELETE FROM timecard_lines WHERE timecardLineId = ?').run(line.timecardLineId);
  } else if (line) {
    db.prepare(`UPDATE timecard_lines SET ${DAY_COLUMNS.map((c) => `${c} = ?`).join(', ')}, modifiedAt = ? WHERE timecardLineId = ?`).run(...hours, at, line.timecardLineId);
  } else {
    db.prepare(`INSERT INTO timecard_lines (timecardId, timeType, source, ptoRequestId, ${DAY_COLUMNS.join(', ')}, displayOrder, modifiedAt)
      VALUES (?, 'PTO', 'pto', ?, ${DAY_COLUMNS.map(() => '?').join(', ')}, (SELECT coalesce(max(displayOrder), 0) + 1 FROM timecard_lines WHERE timecardId = ?), ?)`)
      .run(timecardId, requestId, ...hours, timecardId, at);
  }
}

export const touchCard = (db: Db, timecardId: number, at: string): void => {
  db.prepare('UPDATE weekly_timecards SET version = version + 1, modifiedAt = ? WHERE timecardId = ?').run(at, timecardId);
};

/**
 * Make `requestId`'s time-off lines agree with the request as it is now: open cards (and a Draft
 * created for a week without one) get the line; locked weeks a correction replacing the open ones.
 * Answers what the change must say (corrections made, worked days given time off).
 */
export function reconcileTimeOff(db: Db, requestId: number, context: ReconcileContext): string[] {
  const request = storedRequest(db, requestId);
  const holidays = regionHolidays(db, request.regionId);
  const weeks = storedWeeks(db, request, timeOffLineHours(request, holidays).keys());
  const changes = reconcileRequest({ request, holidays, weeks, keepsTimecards: keepsTimecards(db, request.employeeId) });
  const supersede = db.prepare(`UPDATE timecard_corrections SET status = 'Resolved', resolvedByEmployeeId = ?, resolvedAt = ?,
    note = trim(coalesce(note, '') || ' ' || ?), modifiedAt = ? WHERE correctionId = ? AND status = 'Open'`);
  const insertCorrection = db.prepare(`INSERT INTO timecard_corrections (timecardId, requestId, kind, ${DAY_COLUMNS.join(', ')}, status, createdAt, note, modifiedAt)
    VALUES (?, ?, ?, ${DAY_COLUMNS.map(() => '?').join(', ')}, 'Open', ?, ?, ?)`);
  const { actorId, at, why } = context;
  for (const change of changes) {
    let timecardId = change.timecardId;
    if (change.line) {
      // A new Draft is written with every Approved request's line of its week (this one's included).
      timecardId ??= createDraftTimecard(db, request.employeeId, change.weekStart, { withTimeOff: true });
      writeTimeOffLine(db, timecardId, requestId, change.line, at);
      touchCard(db, timecardId, at);
    }
    const replaced = change.line ? `Done on the card itself: the time off “${request.title}” ${why}.` : `Replaced: the time off “${request.title}” ${why}.`;
    for (const correctionId of change.supersede) supersede.run(actorId, at, replaced, at, correctionId);
    for (const correction of change.corrections) {
      const note = `Time off “${request.title}” ${why} after this week was ${change.state}: ${correction.kind === 'Add' ? 'add' : 'remove'} its hours.`;
      insertCorrection.run(timecardId, requestId, correction.kind, ...correction.hours, at, note, at);
    }
  }
  return reconcileNotices(changes);
}

/** The requests whose time off a card holds or should hold: its time-off lines, its open corrections, the Approved requests of its week. */
export function reconcileCard(db: Db, timecardId: number, context: ReconcileContext): string[] {
  const card = db.prepare('SELECT employeeId, weekStart, weekEnding FROM weekly_timecards WHERE timecardId = ?').get(timecardId) as
    { employeeId: number; weekStart: string; weekEnding: string };
  const ids = db.prepare(`SELECT ptoRequestId FROM timecard_lines WHERE timecardId = @timecardId AND ptoRequestId IS NOT NULL
    UNION SELECT requestId FROM timecard_corrections WHERE timecardId = @timecardId AND status = 'Open'
    UNION SELECT r.requestId FROM time_off_requests r JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
      WHERE r.employeeId = @employeeId AND st.name = 'Approved' AND r.startDate <= @weekEnding AND r.endDate >= @weekStart`).pluck()
    .all({ timecardId, ...card }) as number[];
  return ids.flatMap((id) => reconcileTimeOff(db, id, context));
}

/**
 * After a holiday of `regionId` on `date` was added, moved or removed: the requests of the region's
 * employees holding that day (Pending or Approved) take their hours again (totalHours) and their lines
 * follow. Answers the notices.
 */
export function reconcileHolidayDates(db: Db, regionId: number, date: string, context: ReconcileContext): string[] {
  const holidays = regionHolidays(db, regionId);
  const ids = db.prepare(`SELECT r.requestId FROM time_off_requests r JOIN employees e ON e.employeeId = r.employeeId
    JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE e.regionId = ? AND st.name IN ('Pending', 'Approved') AND r.startDate <= ? AND r.endDate >= ? ORDER BY r.requestId`).pluck().all(regionId, date, date) as number[];
  const setTotal = db.prepare('UPDATE time_off_requests SET totalHours = ?, version = version + 1, modifiedAt = ? WHERE requestId = ? AND totalHours <> ?');
  return ids.flatMap((id) => {
    const hours = requestHours(storedRequest(db, id), holidays);
    setTotal.run(hours, context.at, id, hours);
    return reconcileTimeOff(db, id, context);
  });
}
