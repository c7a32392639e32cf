/**
 * One timecard: load and save (issue 13).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timecards/gettimecard | `timecardId`, or `employeeId` (default: the caller) + `weekStart` (any day of the week; default: the current week) | TimecardLoad |
 * | POST /api/timecards/savetimecard | `timecardId` (or `employeeId` + `weekStart` for a week without a card), `version` (0 for a new card), `lines[i].projectId` + `.costCodeId` or `.opportunityId` + `.opportunityCostCodeId`, `.timeType` (Regular, Overtime), `.sunHours` … `.satHours`; `reason` (a Timecard Admin's change of an Approved card) | TimecardLoad; header `Server-Timing: save;dur=…` |
 *
 * Save replaces the manual lines with the ones sent (holiday and time-off lines are the system's).
 * The policy checks run on the server (400 autoAlert with `feedback` items at their fields); a stale
 * `version` is a 409 and nothing is written. An Approved card changes only by a Timecard Admin with a
 * `reason`: the change is recorded in timecard_changes (hours before and after, what changed) and the
 * card stays Approved.
 */
import type Database from 'better-sqlite3';
import {
  checkTimecard, INVALID, mayEditLines, policyInput, TIME_TYPES, TIMECARD_STATE_TEXT, WEEKDAY_NAMES, weekOf, type FeedbackItem,
} from '../../../../src/core/timecards';
import { TIMECARD_API } from '../../../../src/core/timecards/contract';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, forbidden } from '../http';
import { actorOf, cardById, cardLines, cardOfWeek, cardOr404, createDraftTimecard, DAY_COLUMNS, employeeOr404, loadTimecard, manualKey, policyContextData, requireSeeCard, SERVICE, subjectOf, weekExpected, weekHolidays, type CardRow, type EmployeeInfo, type StoredLine } from './cards';
import * as clock from '../../../../src/core/clock';

const SAVE = 'savetimecard';

/** The card or week a call names: `timecardId`, or `employeeId` (default the caller) + `weekStart` (any day of the week; default the current week). */
const WEEK_PARAMS = {
  timecardId: p.id(),
  employeeId: p.id(),
  weekStart: p.date(),
};

/** The card (or week) a call names: `timecardId`, or `employeeId` + `weekStart` (any day, moved to its Sunday; defaults: the caller, the current week). */
export function resolveWeek(db: Database.Database, user: Caller, params: ParamsOf<typeof WEEK_PARAMS>): { employee: EmployeeInfo; weekStart: string; card: CardRow | undefined } {
  if (params.timecardId !== undefined) {
    const card = cardOr404(db, params.timecardId);
    return { employee: employeeOr404(db, card.employeeId), weekStart: card.weekStart, card };
  }
  const employeeId = params.employeeId ?? user.employeeId;
  const employee = employeeOr404(db, employeeId);
  const weekStart = weekOf(params.weekStart ?? clock.today()).weekStart;
  return { employee, weekStart, card: cardOfWeek(db, employeeId, weekStart) };
}

function getTimecard({ db, user, params }: RouteCtx<ParamsOf<typeof WEEK_PARAMS>>): unknown {
  const { employee, weekStart } = resolveWeek(db, user, params);
  requireSeeCard(db, user, employee, weekStart);
  // Reads only: a week without a card is answered computed (timecardId null); its first save creates it.
  return loadTimecard(db, user, employee, weekStart);
}

/** A manual line as sent. */
interface LineIn {
  projectId: number | null;
  costCodeId: number | null;
  opportunityId: number | null;
  opportunityCostCodeId: number | null;
  timeType: string;
  hours: number[];
}

const MANUAL_TYPES: readonly string[] = ['Regular', 'Overtime'];

/** A line of the save form: `lines[i].projectId` … `lines[i].satHours`. */
const LINE = {
  projectId: p.id(),
  costCodeId: p.id(),
  opportunityId: p.id(),
  opportunityCostCodeId: p.id(),
  /** Any time type parses; the handler refuses the system's (Holiday, PTO) with its own message. */
  timeType: p.enum(TIME_TYPES),
  sunHours: p.number(),
  monHours: p.number(),
  tueHours: p.number(),
  wedHours: p.number(),
  thuHours: p.number(),
  friHours: p.number(),
  satHours: p.number(),
};
type LineSent = { readonly index: number } & ParamsOf<typeof LINE>;

/** The sent lines (in index order) as manual lines: a manual time type, a project or an opportunity, records that exist; else 400 naming the field. */
export function parseLines(db: Database.Database, sent: readonly LineSent[]): LineIn[] {
  return sent.map((entry) => {
    const field = (name: string) => `lines[${entry.index}].${name}`;
    const timeType = entry.timeType ?? '';
    if (!MANUAL_TYPES.includes(timeType)) {
      throw badRequest(`${field('timeType')} must be Regular or Overtime (got '${timeType.slice(0, 20)}'); holiday and time-off lines are the system's.`, { parameter: field('timeType') });
    }
    const hours = DAY_COLUMNS.map((column) => entry[column] ?? 0);
    const line: LineIn = {
      projectId: entry.projectId ?? null, costCodeId: entry.costCodeId ?? null, opportunityId: entry.opportunityId ?? null,
      opportunityCostCodeId: entry.opportunityCostCodeId ?? null, timeType, hours,
    };
    if (line.opportunityId !== null && (line.projectId !== null || line.costCodeId !== null)) {
      throw badRequest(`${field('opportunityId')}: a line charges a project or an opportunity, not both.`, { parameter: field('opportunityId') });
    }
    const exists = (sql: string, value: number | null, name: string, what: string) => {
      if (value !== null && !db.prepare(sql).get(value)) throw badRequest(`${field(name)}: there is no ${what} ${value}.`, { parameter: field(name) });
    };
    exists('SELECT 1 FROM projects WHERE projectId = ?', line.projectId, 'projectId', 'project');
    exists('SELECT 1 FROM cost_codes WHERE costCodeId = ?', line.costCodeId, 'costCodeId', 'cost code');
    exists('SELECT 1 FROM opportunities WHERE opportunityId = ?', line.opportunityId, 'opportunityId', 'opportunity');
    exists('SELECT 1 FROM opportunity_cost_codes WHERE opportunityCostCodeId = ?', line.opportunityCostCodeId, 'opportunityCostCodeId', 'opportunity cost code');
    return line;
  });
}

/** 400 autoAlert carrying the feedback items (the first invalid one's field as `fieldName`). */
export function policyRefusal(functionName: string, items: FeedbackItem[]): never {
  const invalidItems = items.filter((i) => i.integerValue === INVALID);
  throw autoAlert(functionName, invalidItems.map((i) => i.message).filter((m, n, all) => all.indexOf(m) === n).join(' '), {
    serviceName: SERVICE, fieldName: invalidItems[0]?.stringValue ?? null, feedback: items,
  });
}

const dayLabel = (line: { projectNumber?: string | null; opportunityNumber?: string | null; costCode?: string | null; timeType: string }) =>
  `${line.opportunityNumber ?? line.projectNumber ?? ''} ${line.costCode ?? ''} ${line.timeType}`.replace(/\s+/g, ' ').trim();
const sum = (hours: readonly number[]) => Math.round(hours.reduce((a, b) => a + b, 0) * 100) / 100;

/** What a change of the manual lines did, in words ('Thursday 24-1001 01-1000-00 Regular 9 → 8; added …'). */
function describeChange(before: readonly StoredLine[], after: readonly StoredLine[]): string {
  const parts: string[] = [];
  const afterKeys = new Map(after.map((l) => [l.key, l]));
  const beforeKeys = new Map(before.map((l) => [l.key, l]));
  for (const line of before) {
    const next = afterKeys.get(line.key);
    if (!next) parts.push(`removed ${dayLabel(line)} (${sum(line.hours)} h)`);
    else line.hours.forEach((h, i) => { if (h !== next.hours[i]) parts.push(`${WEEKDAY_NAMES[i]} ${dayLabel(line)} ${h} → ${next.hours[i]}`); });
  }
  for (const line of after) if (!beforeKeys.has(line.key)) parts.push(`added ${dayLabel(line)} (${sum(line.hours)} h)`);
  return parts.join('; ') || 'No change of hours';
}

/** Refuse a save the state or role does not allow (the caller may see the card). */
function refuseEdit(state: string, own: boolean): never {
  if (state === 'Processed') throw autoAlert(SAVE, TIMECARD_STATE_TEXT.processedLocked, { serviceName: SERVICE });
  if (state === 'Approved') throw autoAlert(SAVE, TIMECARD_STATE_TEXT.approvedAdminOnly, { serviceName: SERVICE });
  if (state === 'Submitted' && own) throw autoAlert(SAVE, 'This timecard is Submitted: recall it to change it.', { serviceName: SERVICE });
  if (state === 'Submitted') throw autoAlert(SAVE, 'This timecard is Submitted: approve it or reject it with a reason; only the employee changes its hours.', { serviceName: SERVICE });
  throw forbidden('Only the employee (or a Timecard Admin) can change this timecard.');
}

/**
 * The card (timecardId, or employeeId + weekStart for a week without one), its `version` (0 for a new
 * card; 409 when stale), the manual lines, and `reason` (a Timecard Admin's change of an Approved card).
 */
const SAVE_TIMECARD = {
  ...WEEK_PARAMS,
  version: p.integer({ min: 0 }),
  lines: p.list(LINE),
  reason: p.string(2000),
};

function saveTimecard({ db, user, params, reply }: RouteCtx<ParamsOf<typeof SAVE_TIMECARD>>): unknown {
  const started = performance.now();
  const answer = db.transaction(() => {
    const { employee, weekStart, card: found } = resolveWeek(db, user, params);
    requireSeeCard(db, user, employee, weekStart);
    const lines = parseLines(db, params.lines ?? []);
    const { reason, version } = params;
    if (version === undefined) throw badRequest("Parameter 'version' is required (0 for a new card).", { parameter: 'version' });
    const state = found?.state ?? 'Draft';
    const own = user.employeeId === employee.employeeId;
    if (!mayEditLines(state, actorOf(user), subjectOf(employee, weekStart))) refuseEdit(state, own);
    if ((found?.version ?? 0) !== version) {
      throw conflict(found
        ? `This timecard changed since you loaded it (it is now version ${found.version}, ${found.state}): reload it and try again.`
        : 'This timecard was removed since you loaded it: reload it and try again.', { currentVersion: found?.version ?? 0, currentRecordStateName: found?.state ?? null });
    }
    // A new card: created with its holiday and approved time-off lines.
    const timecardId = found?.timecardId ?? createDraftTimecard(db, employee.employeeId, weekStart, { withTimeOff: true });
    const card = cardById(db, timecardId)!;
    const holidays = weekHolidays(db, employee.regionId, weekStart);
    const stored = cardLines(db, timecardId, holidays);
    const system = stored.filter((l) => l.source !== 'manual');
    const before = stored.filter((l) => l.source === 'manual');
    const expected = weekExpected(employee, weekStart, holidays, stored);
    const data = policyContextData(db, lines, expected);
    const check = policyInput([...lines, ...system], data, { withExpected: false });
    const items = checkTimecard(check.lines, check.context);
    if (items.some((i) => i.integerValue === INVALID)) policyRefusal(SAVE, items);
    if (card.state === 'Approved' && !reason) {
      throw autoAlert(SAVE, TIMECARD_STATE_TEXT.changeReason, {
        serviceName: SERVICE, fieldName: 'reason', feedback: [{ integerValue: INVALID, stringValue: 'reason', message: TIMECARD_STATE_TEXT.changeReason }],
      });
    }
    // Write: update lines kept, insert new ones, delete the ones no longer sent.
    const at = clock.nowIso();
    const keep = new Map(before.map((l) => [l.key, l]));
    const sentKeys = new Set(lines.map((l) => manualKey(l)));
    const remove = db.prepare('DELETE FROM timecard_lines WHERE timecardLineId = ?');
    for (const line of before) if (!sentKeys.has(line.key)) remove.run(line.timecardLineId);
    const update = db.prepare(`UPDATE timecard_lines SET ${DAY_COLUMNS.map((c) => `${c} = ?`).join(', ')}, displayOrder = ?, modifiedAt = ? WHERE timecardLineId = ?`);
    const insert = db.prepare(`INSERT INTO timecard_lines (timecardId, projectId, costCodeId, opportunityId, opportunityCostCodeId, timeType, source, ${DAY_COLUMNS.join(', ')}, displayOrder, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, 'manual', ${DAY_COLUMNS.map(() => '?').join(', ')}, ?, ?)`);
    lines.forEach((line, index) => {
      const existing = keep.get(manualKey(line));
      if (existing) {
        if (existing.hours.some((h, i) => h !== line.hours[i]) || before.indexOf(existing) !== index) update.run(...line.hours, index + 1, at, existing.timecardLineId);
      } else insert.run(timecardId, line.projectId, line.costCodeId, line.opportunityId, line.opportunityCostCodeId, line.timeType, ...line.hours, index + 1, at);
    });
    db.prepare('UPDATE weekly_timecards SET version = version + 1, modifiedAt = ? WHERE timecardId = ?').run(at, timecardId);
    if (card.state === 'Approved') {
      const after = cardLines(db, timecardId, holidays).filter((l) => l.source === 'manual');
      db.prepare(`INSERT INTO timecard_changes (timecardId, changedByEmployeeId, changedAt, reason, description, hoursBefore, hoursAfter, modifiedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(timecardId, user.employeeId, at, reason, describeChange(before, after),
        sum(stored.flatMap((l) => l.hours)), sum([...system, ...after].flatMap((l) => l.hours)), at);
    }
    return loadTimecard(db, user, employee, weekStart);
  }).immediate();
  reply.header('Server-Timing', `save;dur=${(performance.now() - started).toFixed(1)}`);
  return answer;
}

export const timecardHandlers = declaredFor('timecards', [
  route({
    method: 'GET', path: TIMECARD_API.getTimecard,
    note: 'added: timecardId, or employeeId (default the caller) + weekStart (default the current week): TimecardLoad; 403 for a card the caller may not see',
    params: WEEK_PARAMS, handler: getTimecard,
  }),
  route({
    method: 'POST', path: TIMECARD_API.saveTimecard,
    note: 'added: timecardId (or employeeId + weekStart), version (409 stale), lines[i].projectId/.costCodeId | .opportunityId/.opportunityCostCodeId, .timeType, .sunHours….satHours, reason (Approved change by a Timecard Admin); Server-Timing save',
    params: SAVE_TIMECARD, handler: saveTimecard,
  }),
]);
