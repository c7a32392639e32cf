/**
 * Charges, delegations and corrections of the timecards (issue 13).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timecards/searchcharges | `search` (number or name, ≥ 2 characters) | ChargeOption[]: open projects with the labour (L) codes of their budget, open opportunities (Pursuit, Won) with their timecard codes; 20 of each at most |
 * | GET /api/timecards/getdelegations | (none) | DelegationsLoad: given by the caller, received by the caller, managers to pick |
 * | POST /api/timecards/savedelegation | `delegateEmployeeId`, `startDate`, `endDate` | DelegationsLoad |
 * | POST /api/timecards/canceldelegation | `delegationId` | DelegationsLoad |
 * | GET /api/timecards/getcorrections | (none) | TimecardCorrection[] (open ones; Timecard Admin / Admin on keyTC) |
 * | POST /api/timecards/resolvecorrection | `correctionId`, `note` (the reason) | TimecardCorrection[] still open; the correction is applied to its card |
 * | GET /api/timecards/getadminweekcounts, POST /api/timecards/remindowedtimecards | see reminders.ts | a week's counts; reminders to those who owe it |
 *
 * Only a manager (someone's `managerEmployeeId`) gives a delegation, to another manager, never to
 * themselves; it is cancelled by the manager who gave it or a Timecard Admin.
 */
import type Database from 'better-sqlite3';
import { TIMECARD_API, type ChargeOption, type DelegationRow, type DelegationsLoad, type TimecardCorrection } from '../../../../src/core/timecards/contract';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, forbidden, notFound } from '../http';
import { DAY_COLUMNS, isTimecardAdmin, SERVICE, TIMECARD_ACCESS_TEXT, writeHolidayLine } from './cards';
import { touchCard, writeTimeOffLine } from '../time-off/reconcile';
import { applyCorrection } from '../../../../src/core/time-off/reconcile';
import { WEEKDAY_NAMES } from '../../../../src/core/timecards';
import { reminderHandlers } from './reminders';
import * as clock from '../../../../src/core/clock';

type Row = Record<string, unknown>;

export const DELEGATION_TEXT = {
  managersOnly: 'Only a manager (someone with reports) can delegate approvals.',
  notSelf: 'You cannot delegate approvals to yourself.',
  delegateNotManager: (name: string) => `${name} is not a manager: approvals can be delegated only to another manager.`,
  delegateInactive: (name: string) => `${name} is not active.`,
  endBeforeStart: 'The end date must be on or after the start date.',
  endPast: 'The end date is in the past.',
  cancelOwn: 'Only the manager who gave this delegation, or a Timecard Admin, can cancel it.',
  alreadyCanceled: 'This delegation is already canceled.',
} as const;

const LIKE_ESCAPE = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SEARCH_CHARGES = { search: p.string(100) };

function searchCharges({ db, params }: RouteCtx<ParamsOf<typeof SEARCH_CHARGES>>): ChargeOption[] {
  const { search } = params;
  if (!search || search.length < 2) throw badRequest("Parameter 'search' needs at least 2 characters (a number or a name).", { parameter: 'search' });
  const like = `%${LIKE_ESCAPE(search)}%`;
  const projects = db.prepare(`SELECT p.projectId AS id, p.number, p.name FROM projects p
    WHERE p.active = 1 AND (p.number LIKE ? ESCAPE '\\' OR p.name LIKE ? ESCAPE '\\')
      AND EXISTS (SELECT 1 FROM cost_codes c WHERE c.budgetId = p.budgetId AND c.type = 'L')
    ORDER BY p.number LIMIT 20`).all(like, like) as Row[];
  const projectCodes = db.prepare("SELECT c.costCodeId AS id, c.code, c.description AS name FROM cost_codes c JOIN projects p ON p.budgetId = c.budgetId WHERE p.projectId = ? AND c.type = 'L' ORDER BY c.code");
  const opportunities = db.prepare(`SELECT o.opportunityId AS id, o.number, o.name FROM opportunities o
    WHERE o.status IN ('Pursuit', 'Won') AND (o.number LIKE ? ESCAPE '\\' OR o.name LIKE ? ESCAPE '\\')
      AND EXISTS (SELECT 1 FROM opportunity_cost_codes c WHERE c.opportunityId = o.opportunityId AND c.active = 1)
    ORDER BY o.number LIMIT 20`).all(like, like) as Row[];
  const opportunityCodes = db.prepare('SELECT opportunityCostCodeId AS id, code, description AS name FROM opportunity_cost_codes WHERE opportunityId = ? AND active = 1 ORDER BY code');
  return [
    ...projects.map((p) => ({ kind: 'project' as const, id: p.id as number, number: p.number as string, name: p.name as string, costCodes: projectCodes.all(p.id) as ChargeOption['costCodes'] })),
    ...opportunities.map((o) => ({ kind: 'opportunity' as const, id: o.id as number, number: o.number as string, name: o.name as string, costCodes: opportunityCodes.all(o.id) as ChargeOption['costCodes'] })),
  ];
}

// --- delegations ---------------------------------------------------------------------------------------

const DELEGATION_SELECT = `SELECT d.delegationId, d.managerEmployeeId, m.preferredName AS managerName, d.delegateEmployeeId, g.preferredName AS delegateName,
  d.startDate, d.endDate, d.canceledAt
  FROM approval_delegations d JOIN employees m ON m.employeeId = d.managerEmployeeId JOIN employees g ON g.employeeId = d.delegateEmployeeId`;

const isManager = (db: Database.Database, employeeId: number) =>
  db.prepare('SELECT 1 FROM employees WHERE managerEmployeeId = ? AND active = 1 AND employeeId <> ?').get(employeeId, employeeId) !== undefined;

export function delegationsLoad(db: Database.Database, user: Caller): DelegationsLoad {
  return {
    given: db.prepare(`${DELEGATION_SELECT} WHERE d.managerEmployeeId = ? ORDER BY d.startDate DESC, d.delegationId DESC`).all(user.employeeId) as DelegationRow[],
    received: db.prepare(`${DELEGATION_SELECT} WHERE d.delegateEmployeeId = ? ORDER BY d.startDate DESC, d.delegationId DESC`).all(user.employeeId) as DelegationRow[],
    managers: db.prepare(`SELECT e.employeeId, e.preferredName AS name FROM employees e
      WHERE e.active = 1 AND e.employeeId <> ? AND EXISTS (SELECT 1 FROM employees r WHERE r.managerEmployeeId = e.employeeId AND r.active = 1 AND r.employeeId <> e.employeeId)
      ORDER BY e.lastName, e.firstName`).all(user.employeeId) as DelegationsLoad['managers'],
  };
}

const SAVE_DELEGATION = {
  delegateEmployeeId: p.id({ required: true }),
  startDate: p.date(),
  endDate: p.date(),
};

function saveDelegation({ db, user, params }: RouteCtx<ParamsOf<typeof SAVE_DELEGATION>>): DelegationsLoad {
  const { delegateEmployeeId: delegateId, startDate, endDate } = params;
  if (!startDate) throw badRequest("Parameter 'startDate' is required (YYYY-MM-DD).", { parameter: 'startDate' });
  if (!endDate) throw badRequest("Parameter 'endDate' is required (YYYY-MM-DD).", { parameter: 'endDate' });
  return db.transaction(() => {
    if (!isManager(db, user.employeeId)) throw forbidden(DELEGATION_TEXT.managersOnly);
    const delegate = db.prepare('SELECT employeeId, preferredName, active FROM employees WHERE employeeId = ?').get(delegateId) as
      { employeeId: number; preferredName: string; active: number } | undefined;
    if (!delegate) throw notFound(`Employee ${delegateId} not found.`);
    const refuse = (fieldName: string, message: string) => autoAlert('savedelegation', message, { serviceName: SERVICE, fieldName });
    if (delegateId === user.employeeId) throw refuse('delegateEmployeeId', DELEGATION_TEXT.notSelf);
    if (delegate.active !== 1) throw refuse('delegateEmployeeId', DELEGATION_TEXT.delegateInactive(delegate.preferredName));
    if (!isManager(db, delegateId)) throw refuse('delegateEmployeeId', DELEGATION_TEXT.delegateNotManager(delegate.preferredName));
    if (endDate < startDate) throw refuse('endDate', DELEGATION_TEXT.endBeforeStart);
    if (endDate < clock.today()) throw refuse('endDate', DELEGATION_TEXT.endPast);
    const at = clock.nowIso();
    db.prepare(`INSERT INTO approval_delegations (managerEmployeeId, delegateEmployeeId, startDate, endDate, createdByEmployeeId, createdAt, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(user.employeeId, delegateId, startDate, endDate, user.employeeId, at, at);
    return delegationsLoad(db, user);
  }).immediate();
}

const CANCEL_DELEGATION = { delegationId: p.id({ required: true }) };

function cancelDelegation({ db, user, params }: RouteCtx<ParamsOf<typeof CANCEL_DELEGATION>>): DelegationsLoad {
  const { delegationId } = params;
  return db.transaction(() => {
    const row = db.prepare('SELECT managerEmployeeId, canceledAt FROM approval_delegations WHERE delegationId = ?').get(delegationId) as
      { managerEmployeeId: number; canceledAt: string | null } | undefined;
    if (!row) throw notFound(`Delegation ${delegationId} not found.`);
    if (row.managerEmployeeId !== user.employeeId && !isTimecardAdmin(user)) throw forbidden(DELEGATION_TEXT.cancelOwn);
    if (row.canceledAt) throw autoAlert('canceldelegation', DELEGATION_TEXT.alreadyCanceled, { serviceName: SERVICE });
    const at = clock.nowIso();
    db.prepare('UPDATE approval_delegations SET canceledAt = ?, modifiedAt = ? WHERE delegationId = ?').run(at, at, delegationId);
    return delegationsLoad(db, user);
  }).immediate();
}

// --- corrections ---------------------------------------------------------------------------------------

/** The open corrections, oldest first. */
export function openCorrections(db: Database.Database): TimecardCorrection[] {
  return (db.prepare(`SELECT c.correctionId, c.timecardId, e.preferredName AS employeeName, t.weekStart, st.name AS state, c.requestId, r.title AS requestTitle,
      c.kind, ${DAY_COLUMNS.map((d) => `c.${d}`).join(', ')}, c.createdAt
    FROM timecard_corrections c JOIN weekly_timecards t ON t.timecardId = c.timecardId JOIN employees e ON e.employeeId = t.employeeId
      JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId JOIN time_off_requests r ON r.requestId = c.requestId
    WHERE c.status = 'Open' ORDER BY c.createdAt, c.correctionId`).all() as Row[]).map((r) => ({
    correctionId: r.correctionId as number, timecardId: r.timecardId as number, employeeName: r.employeeName as string, weekStart: r.weekStart as string,
    state: r.state as string, requestId: r.requestId as number, requestTitle: r.requestTitle as string, kind: r.kind as TimecardCorrection['kind'],
    hours: DAY_COLUMNS.map((d) => r[d] as number), createdAt: r.createdAt as string,
  }));
}

function requireAdmin(user: Caller): void {
  if (!isTimecardAdmin(user)) throw forbidden(TIMECARD_ACCESS_TEXT.adminOnly);
}

const NONE = {};

function getCorrections({ db, user }: RouteCtx<ParamsOf<typeof NONE>>): TimecardCorrection[] {
  requireAdmin(user);
  return openCorrections(db);
}

const RESOLVE_CORRECTION = { correctionId: p.id({ required: true }), note: p.string(2000) };

const lineTotal = (db: Database.Database, timecardId: number): number =>
  (db.prepare(`SELECT coalesce(sum(${DAY_COLUMNS.join(' + ')}), 0) AS n FROM timecard_lines WHERE timecardId = ?`).get(timecardId) as { n: number }).n;

/**
 * Resolving a correction applies it (issue 29): the request's read-only time-off line on the card gains
 * (Add) or loses (Remove) its hours per day, the card's holiday line is brought up to date (a holiday
 * added or removed on a locked week is why many exist), and the change is recorded in timecard_changes
 * with the admin's note as its reason. The card keeps its state; the balance moves now (core chargedDays).
 */
function resolveCorrection({ db, user, params }: RouteCtx<ParamsOf<typeof RESOLVE_CORRECTION>>): TimecardCorrection[] {
  requireAdmin(user);
  const { correctionId } = params;
  const note = params.note ?? null;
  return db.transaction(() => {
    const row = db.prepare(`SELECT c.*, r.title FROM timecard_corrections c JOIN time_off_requests r ON r.requestId = c.requestId WHERE c.correctionId = ?`)
      .get(correctionId) as Row | undefined;
    if (!row) throw notFound(`Correction ${correctionId} not found.`);
    if (row.status !== 'Open') throw autoAlert('resolvecorrection', 'This correction is already resolved.', { serviceName: SERVICE });
    const at = clock.nowIso();
    const timecardId = row.timecardId as number;
    const requestId = row.requestId as number;
    const kind = row.kind as 'Add' | 'Remove';
    const hours = DAY_COLUMNS.map((d) => Number(row[d]));
    const before = lineTotal(db, timecardId);
    const line = db.prepare("SELECT * FROM timecard_lines WHERE timecardId = ? AND ptoRequestId = ? AND source = 'pto'").get(timecardId, requestId) as Row | undefined;
    writeTimeOffLine(db, timecardId, requestId, applyCorrection(DAY_COLUMNS.map((d) => Number(line?.[d] ?? 0)), { kind, hours }), at);
    writeHolidayLine(db, timecardId, at);
    touchCard(db, timecardId, at);
    const days = hours.map((h, i) => (h ? `${WEEKDAY_NAMES[i]!.slice(0, 3)} ${h}` : '')).filter(Boolean).join(', ');
    const reason = note ?? (row.note as string | null) ?? `Correction ${correctionId} applied.`;
    db.prepare(`INSERT INTO timecard_changes (timecardId, changedByEmployeeId, changedAt, reason, description, hoursBefore, hoursAfter, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(timecardId, user.employeeId, at, reason,
      `Correction applied: ${kind === 'Add' ? 'added' : 'removed'} time off “${String(row.title)}” (${days})`, before, lineTotal(db, timecardId), at);
    db.prepare(`UPDATE timecard_corrections SET status = 'Resolved', resolvedByEmployeeId = ?, resolvedAt = ?, note = coalesce(?, note), modifiedAt = ? WHERE correctionId = ?`)
      .run(user.employeeId, at, note, at, correctionId);
    return openCorrections(db);
  }).immediate();
}

const adminRoutes = declaredFor('timecards', [
  route({
    method: 'GET', path: TIMECARD_API.searchCharges,
    note: 'added: search (number or name, 2+ characters): open projects with their budget labour codes, open opportunities with their timecard codes',
    params: SEARCH_CHARGES, handler: searchCharges,
  }),
  route({
    method: 'GET', path: TIMECARD_API.getDelegations,
    note: "added: the caller's delegations given and received, and the managers to delegate to",
    params: NONE, handler: ({ db, user }) => delegationsLoad(db, user),
  }),
  route({
    method: 'POST', path: TIMECARD_API.saveDelegation,
    note: 'added: delegateEmployeeId (another manager), startDate, endDate; the caller must manage someone (else 403)',
    params: SAVE_DELEGATION, handler: saveDelegation,
  }),
  route({
    method: 'POST', path: TIMECARD_API.cancelDelegation,
    note: 'added: delegationId; the manager who gave it or a Timecard Admin',
    params: CANCEL_DELEGATION, handler: cancelDelegation,
  }),
  route({
    method: 'GET', path: TIMECARD_API.getCorrections,
    note: 'added: open time-off corrections of Approved/Processed weeks; keyTC Admin / Timecard Admin (else 403)',
    params: NONE, handler: getCorrections,
  }),
  route({
    method: 'POST', path: TIMECARD_API.resolveCorrection,
    note: 'added: correctionId, note; applies it to the card (time-off line, holiday line, timecard_changes); keyTC Admin / Timecard Admin (else 403)',
    params: RESOLVE_CORRECTION, handler: resolveCorrection,
  }),
]);

/** The admin routes, with a Timecard Admin's week counts and reminders (issue 29, declared in reminders.ts). */
export const adminHandlers = { ...adminRoutes, ...reminderHandlers };
