/**
 * IT billing (issue 15; the rules and answer types: src/core/billing.ts, schema: migration 020).
 * Access ACCESS.billing (keyIT Admin, User, Viewer) for every route; running and posting need
 * BILLING_ADMINS (keyIT Admin): anyone else gets 403 from the handler.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/it/billing/getmonths | – | `BillingMonth[]`, newest first |
 * | GET /api/it/billing/getrun | month (YYYY-MM) | `BillingRun` (runId null when not run: the live charges and items) |
 * | POST /api/it/billing/runmonth | month, method (hours / perHead) | `BillingRun` (Draft; re-running a Draft replaces its lines) |
 * | POST /api/it/billing/updaterunstate | ItemId, OldRecordStateId, RouteStateId | `BillingRun` (Posted) |
 *
 * Refusals: a month that has not ended (by the one clock) can not be run or posted (400 autoAlert); a Posted month is locked (re-run → 400 autoAlert); a month without submitted timecard hours
 * → 400 autoAlert; a stale OldRecordStateId → 409 naming who moved it; bad month / method → 400.
 */
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../../src/core/access';
import {
  allocate, BILLING_ADMINS, BILLING_API, BILLING_METHODS, BILLING_RECORD_KEY, BILLING_STATES, BILLING_TEXT, isBillingMonth, monthDays, toCents,
  type BillingCostItem, type BillingMethod, type BillingMonth, type BillingRun, type BillingRunLine, type BillingTotal, type CostItemKind, type EmployeeBasis,
} from '../../../../src/core/billing/contract';
import type { Caller } from '../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, forbidden, notFound } from '../http';
import { isAdvancement, stateById, stateByName } from '../records';
import { requestedMove, stateUpdateParams } from '../state-update-params';
import * as clock from '../../../../src/core/clock';

type Db = Database.Database;

/** Timecard states whose hours count: a Draft is not yet claimed. */
const COUNTED_STATES = ['Submitted', 'Approved', 'Processed'];
const DAY_COLUMNS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];

/** Every worked hour on a submitted card, one row per line and day: employeeId, projectId, opportunityId, day, hours. */
const WORKED_DAYS = `worked AS (
  ${DAY_COLUMNS.map((column, i) => `SELECT t.employeeId, l.projectId, l.opportunityId, date(t.weekStart, '+${i} days') AS day, l.${column} AS hours
    FROM weekly_timecards t JOIN timecard_lines l ON l.timecardId = t.timecardId
    JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
    WHERE s.name IN (${COUNTED_STATES.map((n) => `'${n}'`).join(', ')}) AND l.timeType IN ('Regular', 'Overtime') AND l.${column} > 0
      AND (l.projectId IS NOT NULL OR l.opportunityId IS NOT NULL)`).join('\n  UNION ALL ')}
)`;

const cents = (value: number) => value / 100;

function requireAdmin(user: Caller): void {
  if (!roleAllows(user.roles, BILLING_ADMINS.key, BILLING_ADMINS.roles)) throw forbidden(BILLING_TEXT.adminsOnly);
}

/** `month` as parsed (YYYY-MM), and a billing month (from 2000 on). */
function billingMonth(month: string): string {
  if (!isBillingMonth(month)) throw badRequest(BILLING_TEXT.badMonth(month.slice(0, 20)), { parameter: 'month' });
  return month;
}

interface Holding { employeeId: number; itCostItemId: number; monthlyCost: number }

/** The seats, devices and lines held on any day of the month (each charged for the whole month). */
function holdings(db: Db, month: string): Holding[] {
  const { first, last } = monthDays(month);
  return db.prepare(`SELECT a.employeeId, a.itCostItemId, i.monthlyCost FROM it_cost_assignments a JOIN it_cost_items i ON i.itCostItemId = a.itCostItemId
    WHERE i.active = 1 AND a.startDate <= ? AND (a.endDate IS NULL OR a.endDate >= ?) ORDER BY a.employeeId, a.itCostItemId, a.itCostAssignmentId`)
    .all(last, first) as Holding[];
}

function monthHours(db: Db, month: string): number {
  const row = db.prepare(`WITH ${WORKED_DAYS} SELECT coalesce(sum(hours), 0) AS hours FROM worked WHERE substr(day, 1, 7) = ?`).get(month) as { hours: number };
  return row.hours;
}

/** Each charged employee's basis of the month. */
function bases(db: Db, month: string): EmployeeBasis[] {
  const { first, last } = monthDays(month);
  const held = holdings(db, month);
  const byEmployee = new Map<number, Map<number, number>>();
  for (const h of held) {
    const items = byEmployee.get(h.employeeId) ?? new Map<number, number>();
    items.set(h.itCostItemId, (items.get(h.itCostItemId) ?? 0) + toCents(h.monthlyCost));
    byEmployee.set(h.employeeId, items);
  }
  const hours = db.prepare(`WITH ${WORKED_DAYS} SELECT employeeId, projectId, sum(hours) AS hours FROM worked
    WHERE day BETWEEN ? AND ? GROUP BY employeeId, projectId ORDER BY employeeId, projectId`).all(first, last) as Array<{ employeeId: number; projectId: number | null; hours: number }>;
  // A seeded (or upgraded) membership has no start of its own: its addedAt is when the row was written.
  const teams = db.prepare(`SELECT employeeId, projectId FROM project_team_members
    WHERE (source IN ('seed', 'upgrade') OR substr(addedAt, 1, 10) <= ?) AND (removedAt IS NULL OR substr(removedAt, 1, 10) >= ?)
      AND (endDate IS NULL OR endDate >= ?) ORDER BY employeeId, projectId`).all(last, first, first) as Array<{ employeeId: number; projectId: number }>;
  const people = db.prepare(`SELECT e.employeeId, e.departmentId, coalesce(d.name, 'No department') AS departmentName FROM employees e
    LEFT JOIN departments d ON d.departmentId = e.departmentId ORDER BY e.employeeId`).all() as Array<{ employeeId: number; departmentId: number | null; departmentName: string }>;
  return people.filter((p) => byEmployee.has(p.employeeId)).map((p) => ({
    employeeId: p.employeeId, departmentId: p.departmentId, departmentName: p.departmentName,
    projectHours: hours.filter((row) => row.employeeId === p.employeeId && row.projectId !== null).map((row) => ({ projectId: row.projectId!, hours: row.hours })),
    otherHours: hours.filter((row) => row.employeeId === p.employeeId && row.projectId === null).reduce((a, row) => a + row.hours, 0),
    teamProjectIds: teams.filter((row) => row.employeeId === p.employeeId).map((row) => row.projectId),
    charges: [...byEmployee.get(p.employeeId)!].map(([costItemId, amountCents]) => ({ costItemId, amountCents })),
  }));
}

interface RunRow {
  itBillingRunId: number; month: string; method: BillingMethod; applicationRecordStateId: number; state: string; totalAmount: number;
  runAt: string; runByName: string; postedAt: string | null; postedByName: string | null;
}

const employeeName = (alias: string) => `${alias}.preferredName`;

function runRow(db: Db, where: string, value: unknown): RunRow | undefined {
  return db.prepare(`SELECT r.itBillingRunId, r.month, r.method, r.applicationRecordStateId, s.name AS state, r.totalAmount, r.runAt,
      ${employeeName('rb')} AS runByName, r.postedAt, ${employeeName('pb')} AS postedByName
    FROM it_billing_runs r JOIN application_record_states s ON s.applicationRecordStateId = r.applicationRecordStateId
    JOIN employees rb ON rb.employeeId = r.runByEmployeeId LEFT JOIN employees pb ON pb.employeeId = r.postedByEmployeeId
    WHERE ${where} = ?`).get(value) as RunRow | undefined;
}

function itemsOf(db: Db, month: string): BillingCostItem[] {
  const held = holdings(db, month);
  const items = db.prepare('SELECT itCostItemId, kind, name, vendor, monthlyCost FROM it_cost_items WHERE active = 1 ORDER BY itCostItemId')
    .all() as Array<{ itCostItemId: number; kind: CostItemKind; name: string; vendor: string; monthlyCost: number }>;
  return items.map((item) => {
    const count = held.filter((h) => h.itCostItemId === item.itCostItemId).length;
    return { costItemId: item.itCostItemId, kind: item.kind, name: item.name, vendor: item.vendor, monthlyCost: item.monthlyCost, held: count, amount: cents(count * toCents(item.monthlyCost)) };
  });
}

function totals(lines: readonly BillingRunLine[], kind: 'project' | 'department'): BillingTotal[] {
  const map = new Map<string, BillingTotal & { cents: number }>();
  for (const line of lines) {
    if ((line.projectId !== null) !== (kind === 'project')) continue;
    const id = kind === 'project' ? line.projectId : line.departmentId;
    const key = `${kind}:${id ?? 'none'}`;
    const label = kind === 'project' ? `${line.projectNumber} ${line.projectName}` : line.departmentName ?? 'No department';
    const total = map.get(key) ?? { key, kind, id, label, amount: 0, lines: 0, cents: 0 };
    total.cents += toCents(line.amount);
    total.lines += 1;
    map.set(key, total);
  }
  return [...map.values()].map(({ cents: c, ...total }) => ({ ...total, amount: cents(c) }))
    .sort((a, b) => b.amount - a.amount || a.label.localeCompare(b.label));
}

/** The month's run (or, not run, its live charges and items). */
export function billingRun(db: Db, month: string): BillingRun {
  const run = runRow(db, 'r.month', month);
  const items = itemsOf(db, month);
  const charges = cents(items.reduce((a, item) => a + toCents(item.amount), 0));
  const lines: BillingRunLine[] = run ? db.prepare(`SELECT l.itBillingRunLineId AS lineId, l.projectId, p.number AS projectNumber, p.name AS projectName,
      l.departmentId, CASE WHEN l.projectId IS NULL THEN coalesce(d.name, 'No department') END AS departmentName,
      l.employeeId, ${employeeName('e')} AS employeeName, l.itCostItemId AS costItemId, i.name AS costItemName, i.kind AS costItemKind, l.basis, l.amount
    FROM it_billing_run_lines l JOIN employees e ON e.employeeId = l.employeeId JOIN it_cost_items i ON i.itCostItemId = l.itCostItemId
    LEFT JOIN projects p ON p.projectId = l.projectId LEFT JOIN departments d ON d.departmentId = l.departmentId
    WHERE l.itBillingRunId = ? ORDER BY p.number IS NULL, p.number, d.name, e.lastName, e.preferredName, i.name, l.itBillingRunLineId`).all(run.itBillingRunId) as BillingRunLine[] : [];
  const draft = run?.state === BILLING_STATES.draft;
  return {
    month, lastDay: clock.lastDayOf(month), ended: clock.periodHasEnded(month), runId: run?.itBillingRunId ?? null, state: run?.state ?? null, stateId: run?.applicationRecordStateId ?? null,
    postStateId: draft ? stateByName(db, BILLING_RECORD_KEY, BILLING_STATES.posted).applicationRecordStateId : null,
    method: run?.method ?? null, runAt: run?.runAt ?? null, runByName: run?.runByName ?? null,
    postedAt: run?.postedAt ?? null, postedByName: run?.postedByName ?? null,
    charges, total: run ? run.totalAmount : 0, lines, projects: totals(lines, 'project'), departments: totals(lines, 'department'), items,
  };
}

const GET_MONTHS = {};

function getMonths({ db }: RouteCtx<ParamsOf<typeof GET_MONTHS>>): BillingMonth[] {
  const worked = db.prepare(`WITH ${WORKED_DAYS} SELECT substr(day, 1, 7) AS month, sum(hours) AS hours FROM worked GROUP BY month`)
    .all() as Array<{ month: string; hours: number }>;
  const runs = db.prepare(`SELECT r.month, r.method, s.name AS state, r.totalAmount FROM it_billing_runs r
    JOIN application_record_states s ON s.applicationRecordStateId = r.applicationRecordStateId`).all() as Array<{ month: string; method: BillingMethod; state: string; totalAmount: number }>;
  const months = [...new Set([...worked.map((w) => w.month), ...runs.map((r) => r.month)])].sort().reverse();
  return months.map((month) => {
    const run = runs.find((r) => r.month === month);
    return {
      month, state: run?.state ?? null, method: run?.method ?? null,
      charges: cents(holdings(db, month).reduce((a, h) => a + toCents(h.monthlyCost), 0)),
      runTotal: run?.totalAmount ?? null, hours: worked.find((w) => w.month === month)?.hours ?? 0,
    };
  });
}

const GET_RUN = { month: p.month({ required: true }) };

function getRun({ db, params }: RouteCtx<ParamsOf<typeof GET_RUN>>): BillingRun {
  return billingRun(db, billingMonth(params.month));
}

/** month, method (hours / perHead: BILLING_TEXT.badMethod is the enum's own refusal). */
const RUN_MONTH = { month: p.month({ required: true }), method: p.enum(BILLING_METHODS) };

function runMonth({ db, params, user }: RouteCtx<ParamsOf<typeof RUN_MONTH>>): BillingRun {
  requireAdmin(user);
  const month = billingMonth(params.month);
  const { method } = params;
  if (!method) throw badRequest("Parameter 'method' is required (hours or perHead).", { parameter: 'method' });
  db.transaction(() => {
    const existing = runRow(db, 'r.month', month);
    if (existing && existing.state !== BILLING_STATES.draft) throw autoAlert('runmonth', BILLING_TEXT.posted(month));
    if (!clock.periodHasEnded(month)) throw autoAlert('runmonth', BILLING_TEXT.notEnded(month, clock.lastDayOf(month)));
    if (monthHours(db, month) <= 0) throw autoAlert('runmonth', BILLING_TEXT.noTimecards(month));
    const employees = bases(db, month);
    const numbers = new Map((db.prepare('SELECT projectId, number FROM projects').all() as Array<{ projectId: number; number: string }>).map((p) => [p.projectId, p.number]));
    const lines = allocate(employees, method, month, (id) => numbers.get(id) ?? `project ${id}`);
    const total = lines.reduce((a, line) => a + line.amountCents, 0);
    const at = clock.nowIso();
    const draftId = stateByName(db, BILLING_RECORD_KEY, BILLING_STATES.draft).applicationRecordStateId;
    let runId: number;
    if (existing) {
      runId = existing.itBillingRunId;
      db.prepare('DELETE FROM it_billing_run_lines WHERE itBillingRunId = ?').run(runId);
      db.prepare('UPDATE it_billing_runs SET method = ?, totalAmount = ?, runAt = ?, runByEmployeeId = ?, modifiedAt = ? WHERE itBillingRunId = ?')
        .run(method, cents(total), at, user.employeeId, at, runId);
    } else {
      runId = Number(db.prepare(`INSERT INTO it_billing_runs (month, method, applicationRecordStateId, totalAmount, runAt, runByEmployeeId, displayText, modifiedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(month, method, draftId, cents(total), at, user.employeeId, `IT billing ${month}`, at).lastInsertRowid);
    }
    const insert = db.prepare(`INSERT INTO it_billing_run_lines (itBillingRunId, projectId, departmentId, employeeId, itCostItemId, basis, amount)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (const line of lines) {
      insert.run(runId, line.target.kind === 'project' ? line.target.projectId : null, line.target.kind === 'department' ? line.target.departmentId : null,
        line.employeeId, line.costItemId, line.basis, cents(line.amountCents));
    }
  }).immediate();
  return billingRun(db, month);
}

const UPDATE_RUN_STATE = stateUpdateParams();

function updateRunState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_RUN_STATE>>): BillingRun {
  requireAdmin(user);
  const { itemId, oldStateId, routeStateId } = requestedMove(params);
  const month = db.transaction(() => {
    const run = runRow(db, 'r.itBillingRunId', itemId);
    if (!run) throw notFound(`No IT billing month with ItemId ${itemId}.`);
    if (run.applicationRecordStateId !== oldStateId) {
      const by = run.state === BILLING_STATES.posted && run.postedByName ? ` by ${run.postedByName}` : '';
      throw conflict(`IT billing ${run.month} is now ${run.state}${by}: it changed since it was loaded. Reload it and try again.`, {
        currentRecordStateId: run.applicationRecordStateId, currentRecordStateName: run.state,
      });
    }
    const target = stateById(db, routeStateId);
    if (!target || target.applicationRecordKey !== BILLING_RECORD_KEY) throw notFound(`No IT billing month state with RouteStateId ${routeStateId}.`);
    if (!isAdvancement(db, run.applicationRecordStateId, target.applicationRecordStateId)) {
      throw autoAlert('updaterunstate', `An IT billing month can not be moved from '${run.state}' to '${target.name}'.`);
    }
    if (target.name === BILLING_STATES.posted && !clock.periodHasEnded(run.month)) throw autoAlert('updaterunstate', BILLING_TEXT.notEnded(run.month, clock.lastDayOf(run.month)));
    const at = clock.nowIso();
    db.prepare('UPDATE it_billing_runs SET applicationRecordStateId = ?, postedAt = ?, postedByEmployeeId = ?, modifiedAt = ? WHERE itBillingRunId = ?')
      .run(target.applicationRecordStateId, at, user.employeeId, at, itemId);
    return run.month;
  }).immediate();
  return billingRun(db, month);
}

export const billingHandlers = declaredFor('billing', [
  route({
    method: 'GET', path: BILLING_API.months,
    note: 'added: every month with submitted timecard hours or a run: state, method, charges, run total, hours; newest first',
    params: GET_MONTHS, handler: getMonths,
  }),
  route({
    method: 'GET', path: BILLING_API.run,
    note: 'added: month (YYYY-MM): the run (lines with basis, totals per project and department) and the cost items held; runId null when not run',
    params: GET_RUN, handler: getRun,
  }),
  route({
    method: 'POST', path: BILLING_API.runMonth,
    note: 'added: month, method (hours / perHead): a Draft run (a Draft re-run replaces its lines); Posted → 400 autoAlert; no timecard hours → 400 autoAlert; keyIT Admin only',
    params: RUN_MONTH, handler: runMonth,
  }),
  route({
    method: 'POST', path: BILLING_API.updateState,
    note: 'added: ItemId, OldRecordStateId (409 stale, naming who posted it), RouteStateId: Draft → Posted (locked); keyIT Admin only',
    params: UPDATE_RUN_STATE, handler: updateRunState,
  }),
]);
