/**
 * IT billing (issue 15, <it-billing>, host: demo/host/api/billing): a month's IT charges (per-seat
 * software licences, devices, phone lines) allocated to projects and departments as a showback, then
 * posted. Pure rules shared by the host (which writes the run) and the screen (texts, paths).
 *
 * Allocation of one employee's monthly charges (each of their cost items separately):
 * - 'hours': by the hours on their timecards (Submitted, Approved or Processed cards: a Draft is not
 *   yet claimed) on days of the month, Regular and Overtime. Project hours go to that project; hours on
 *   opportunities go to their department; no hours at all → all to their department.
 * - 'perHead': split equally over the projects whose team they are on (a current membership on any day
 *   of the month), else to their department.
 * Cents: each charge is split in whole cents, the remainder cents going to the largest share (the first
 * of equal shares), so the lines add up exactly to the month's charges.
 */
import type { AccessRule } from '../access';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

export const BILLING_API = {
  /** GET: every month with timecards or a run: state, method, charges and run totals. */
  months: '/api/it/billing/getmonths',
  /** GET month=YYYY-MM: the month's run (lines, totals per project and department) and its cost items. */
  run: '/api/it/billing/getrun',
  /** POST month, method: run (or re-run a Draft) → the Draft run. Admin only. */
  runMonth: '/api/it/billing/runmonth',
  /** POST ItemId, OldRecordStateId, RouteStateId: Draft → Posted. Admin only. */
  updateState: '/api/it/billing/updaterunstate',
} as const;

/** The application record of a month's run: run (and re-run) as a Draft showback, then Posted and locked. */
export const BILLING_RECORD_KEY = 'ItBillingRun';
export const BILLING_STATES = { draft: 'Draft', posted: 'Posted' } as const;
type BillingState = (typeof BILLING_STATES)[keyof typeof BILLING_STATES];
export const BILLING_RUN_RECORD_STATES: RecordStateTable<BillingState> = [[BILLING_STATES.draft, false], [BILLING_STATES.posted, true]];
export const BILLING_RUN_ADVANCEMENTS: AdvancementTable<BillingState> = { Draft: [['Posted', true]] };

/** Who may run, re-run and post a month (everyone else with ACCESS.billing reads). */
export const BILLING_ADMINS = { key: 'keyIT', roles: ['Admin'] } as const satisfies AccessRule;

export const BILLING_METHODS = ['hours', 'perHead'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];
export const BILLING_METHOD_LABELS: Record<BillingMethod, string> = {
  hours: 'By timecard hours',
  perHead: 'Per head (equal over project teams)',
};
export const isBillingMethod = (value: unknown): value is BillingMethod => (BILLING_METHODS as readonly unknown[]).includes(value);

export const COST_ITEM_KINDS = ['licence', 'device', 'phoneLine'] as const;
export type CostItemKind = (typeof COST_ITEM_KINDS)[number];
export const COST_ITEM_KIND_LABELS: Record<CostItemKind, string> = { licence: 'Software licence', device: 'Device', phoneLine: 'Phone line' };

export const BILLING_TEXT = {
  adminsOnly: 'Only an IT Billing Admin may run or post a month.',
  posted: (month: string) => `${month} is posted and locked: it can not be run again.`,
  noTimecards: (month: string) => `${month} has no submitted timecard hours: there is nothing to allocate. Run a month whose timecards are in.`,
  badMonth: (value: string) => `Parameter 'month' must be a month as YYYY-MM (got '${value}').`,
  badMethod: (value: string) => `Parameter 'method' must be one of ${BILLING_METHODS.join(', ')} (got '${value}').`,
  notRun: (month: string) => `${month} has not been run.`,
  /** A month is run and posted once it has ended, when all its timecards can be in (issue 28). */
  notEnded: (month: string, lastDay: string) => `${month} has not ended: it can be run and posted after ${lastDay}, when its timecards are in.`,
} as const;

/** 'YYYY-MM' with a real month. */
export function isBillingMonth(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return Boolean(match) && Number(match![2]) >= 1 && Number(match![2]) <= 12 && Number(match![1]) >= 2000;
}

/** The first and last day (ISO) of a 'YYYY-MM' month. */
export function monthDays(month: string): { first: string; last: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

/** One cost item an employee holds in the month, at its full monthly cost in cents. */
export interface EmployeeCharge {
  costItemId: number;
  amountCents: number;
}

/** What one employee's allocation is based on. */
export interface EmployeeBasis {
  employeeId: number;
  departmentId: number | null;
  departmentName: string;
  /** Hours on each project in the month (projectId → hours), in the order to list them. */
  projectHours: ReadonlyArray<{ projectId: number; hours: number }>;
  /** Hours on opportunities (not on a project) in the month. */
  otherHours: number;
  /** The projects whose team they are on in the month. */
  teamProjectIds: readonly number[];
  charges: readonly EmployeeCharge[];
}

export type BillingTarget = { kind: 'project'; projectId: number } | { kind: 'department'; departmentId: number | null };

export interface AllocationLine {
  target: BillingTarget;
  employeeId: number;
  costItemId: number;
  basis: string;
  amountCents: number;
}

/**
 * Split `totalCents` over `weights` in whole cents: each share is floored, the remainder goes to the
 * largest share (the first of equal largest). The shares always add up to `totalCents`.
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(totalCents)) throw new Error('splitCents: totalCents must be whole cents');
  const sum = weights.reduce((a, w) => a + w, 0);
  if (weights.length === 0 || sum <= 0) throw new Error('splitCents: needs a positive weight');
  const shares = weights.map((w) => Math.floor((totalCents * w) / sum));
  let largest = 0;
  weights.forEach((w, i) => { if (w > weights[largest]!) largest = i; });
  shares[largest]! += totalCents - shares.reduce((a, s) => a + s, 0);
  return shares;
}

const h = (hours: number) => hours.toFixed(1);

/** The shares of one employee (target, weight, basis text), the same for each of their cost items. */
function sharesOf(employee: EmployeeBasis, method: BillingMethod, month: string, projectNumber: (id: number) => string) {
  const department: BillingTarget = { kind: 'department', departmentId: employee.departmentId };
  if (method === 'hours') {
    const projects = employee.projectHours.filter((p) => p.hours > 0);
    const total = projects.reduce((a, p) => a + p.hours, 0) + employee.otherHours;
    if (total <= 0) return [{ target: department, weight: 1, basis: `No timecard hours in ${month}: ${employee.departmentName}` }];
    const shares = projects.map((p) => ({
      target: { kind: 'project', projectId: p.projectId } as BillingTarget, weight: p.hours,
      basis: `${h(p.hours)} of ${h(total)} h charged to ${projectNumber(p.projectId)} in ${month}`,
    }));
    if (employee.otherHours > 0) {
      shares.push({ target: department, weight: employee.otherHours, basis: `${h(employee.otherHours)} of ${h(total)} h not on a project in ${month}: ${employee.departmentName}` });
    }
    return shares;
  }
  const teams = [...new Set(employee.teamProjectIds)];
  if (teams.length === 0) return [{ target: department, weight: 1, basis: `On no project team in ${month}: ${employee.departmentName}` }];
  return teams.map((projectId) => ({
    target: { kind: 'project', projectId } as BillingTarget, weight: 1,
    basis: `1 of ${teams.length} project${teams.length === 1 ? '' : 's'} on the team (${projectNumber(projectId)}) in ${month}`,
  }));
}

/**
 * The run lines of a month: for each employee and each of their cost items, one line per share. The
 * lines add up exactly to the sum of every charge.
 */
export function allocate(
  employees: readonly EmployeeBasis[], method: BillingMethod, month: string, projectNumber: (projectId: number) => string,
): AllocationLine[] {
  const lines: AllocationLine[] = [];
  for (const employee of employees) {
    if (employee.charges.length === 0) continue;
    const shares = sharesOf(employee, method, month, projectNumber);
    for (const charge of employee.charges) {
      const cents = splitCents(charge.amountCents, shares.map((s) => s.weight));
      shares.forEach((share, i) => {
        if (cents[i] === 0 && shares.length > 1) return;
        lines.push({ target: share.target, employeeId: employee.employeeId, costItemId: charge.costItemId, basis: share.basis, amountCents: cents[i]! });
      });
    }
  }
  return lines;
}

/** Dollars → whole cents (the database keeps REAL dollars). */
export const toCents = (amount: number): number => Math.round(amount * 100);

// --- answers of the calls -----------------------------------------------------------------------

export interface BillingMonth {
  month: string;
  /** null: not run yet. */
  state: string | null;
  method: BillingMethod | null;
  /** The month's IT charges (every seat, device and line held in it). */
  charges: number;
  /** The run's total (equals `charges` when run after the last change of assignments). */
  runTotal: number | null;
  /** Hours on submitted timecards in the month. */
  hours: number;
}

export interface BillingRunLine {
  lineId: number;
  projectId: number | null;
  projectNumber: string | null;
  projectName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  employeeId: number;
  employeeName: string;
  costItemId: number;
  costItemName: string;
  costItemKind: CostItemKind;
  basis: string;
  amount: number;
}

export interface BillingTotal {
  /** 'project:<id>' or 'department:<id|none>'. */
  key: string;
  kind: 'project' | 'department';
  id: number | null;
  label: string;
  amount: number;
  lines: number;
}

export interface BillingCostItem {
  costItemId: number;
  kind: CostItemKind;
  name: string;
  vendor: string;
  monthlyCost: number;
  /** Seats / devices / lines held in the month. */
  held: number;
  amount: number;
}

export interface BillingRun {
  month: string;
  /** null when the month has not been run. */
  runId: number | null;
  state: string | null;
  stateId: number | null;
  /** The Posted state's id (the RouteStateId of Post), for a Draft run. */
  postStateId: number | null;
  method: BillingMethod | null;
  runAt: string | null;
  runByName: string | null;
  postedAt: string | null;
  postedByName: string | null;
  charges: number;
  total: number;
  /** The month's last day; until it has passed the month is a preview and can not be run or posted. */
  lastDay: string;
  ended: boolean;
  lines: BillingRunLine[];
  projects: BillingTotal[];
  departments: BillingTotal[];
  items: BillingCostItem[];
}
