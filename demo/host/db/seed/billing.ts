/**
 * IT billing reference data and seed (issue 15, migration 020; rules: src/core/billing.ts).
 *
 * - DEPARTMENTS and the job title → department map: reference data. Migration 020 writes the
 *   departments and assigns every existing employee by job title (the same SQL runs in the seed, after
 *   the employees exist); a title not listed belongs to Operations.
 * - COST_ITEMS: the catalogue of IT cost items (per-seat licences, devices, phone lines) at their monthly
 *   cost, written by the migration too (an upgraded database has the catalogue, nobody holding any).
 * - seedBilling: who holds which seat, device and line, on its OWN random stream after the teams, so
 *   every row written before stays as it was. Dates relative to the seed's period (all before it, so the
 *   months to bill end at last month): most holdings run from 22 months back; about one in ten started in
 *   the month before last (a new kit, on its 14th) and one in ten ended then (returned on its 18th), so the
 *   months differ. No run is seeded: every month starts "not run".
 */
import type Database from 'better-sqlite3';
import type { CostItemKind } from '../../../../src/core/billing/contract';
import { addPeriods, firstDayOf } from '../../../../src/core/clock';
import { Rng } from '../prng';
import { addDays, insert } from './support';

/** The stream of this part. */
export const BILLING_SEED = 20261124;

/** [code, name]; ids are the positions (1-based). */
export const DEPARTMENTS: ReadonlyArray<readonly [string, string]> = [
  ['ACCT', 'Accounting'], ['IT', 'IT'], ['EST', 'Estimating'], ['OPS', 'Operations'], ['SAFE', 'Safety'], ['EXEC', 'Executive'],
];

/** Job title → department code; any other title is Operations. */
export const DEPARTMENT_BY_TITLE: Readonly<Record<string, string>> = {
  'Project Accountant': 'ACCT', 'Payroll and Timecard Administrator': 'ACCT', 'Internal Auditor': 'ACCT',
  'Director of Business Applications': 'IT', 'IT Systems Analyst': 'IT',
  Estimator: 'EST',
  'Safety Manager': 'SAFE', 'Safety Coordinator': 'SAFE', 'Subcontractor Risk Manager': 'SAFE', 'Risk Escalation Reviewer': 'SAFE',
  'Regional Project Manager': 'EXEC', 'Operations Manager, Gulf Coast': 'EXEC', 'Operations Manager, Central Texas': 'EXEC',
};

const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Assign every employee without a department by job title (migration 020 and the seed). */
export function departmentAssignmentSql(): string {
  const cases = Object.entries(DEPARTMENT_BY_TITLE).map(([title, code]) => `WHEN ${q(title)} THEN ${q(code)}`).join(' ');
  return `UPDATE employees SET departmentId = (SELECT departmentId FROM departments WHERE code = CASE jobTitle ${cases} ELSE 'OPS' END)
  WHERE departmentId IS NULL;`;
}

/** [kind, name, vendor, monthly cost in dollars]; ids are the positions (1-based). */
export const COST_ITEMS: ReadonlyArray<readonly [CostItemKind, string, string, number]> = [
  ['licence', 'Procore', 'Procore Technologies', 95],
  ['licence', 'Autodesk Construction Cloud', 'Autodesk', 85],
  ['licence', 'Bluebeam Revu', 'Bluebeam', 26.67],
  ['licence', 'Microsoft 365 E3', 'Microsoft', 36],
  ['licence', 'Viewpoint Vista', 'Trimble Viewpoint', 75],
  ['licence', 'HCSS HeavyBid', 'HCSS', 150],
  ['device', 'Laptop – Dell Latitude 5550', 'Dell Financial Services', 62.5],
  ['device', 'Rugged tablet – Panasonic Toughbook G2', 'Panasonic', 88],
  ['device', 'iPad Pro 11"', 'Apple', 41.25],
  ['device', 'Mobile hotspot – Verizon Jetpack', 'Verizon', 39.99],
  ['phoneLine', 'Mobile line – Verizon', 'Verizon', 45],
  ['phoneLine', 'Mobile line – AT&T FirstNet', 'AT&T', 42.99],
];

const itemId = (name: string) => COST_ITEMS.findIndex((item) => item[1] === name) + 1;

const OFFICE_PROJECT_TITLES = ['Project Manager', 'Senior Project Manager', 'Assistant Project Manager', 'Project Engineer', 'Field Engineer', 'Project Accountant'];
const SUPERS = ['Superintendent', 'General Superintendent', 'Assistant Superintendent'];
const TRADES = ['Laborer', 'Equipment Operator', 'Carpenter Foreman'];
const PMS = ['Project Manager', 'Senior Project Manager', 'Assistant Project Manager'];

/** Seed who holds what; `period` is the seed's ('YYYY-MM'). */
export function seedBilling(db: Database.Database, period: string, stamp: string): void {
  const rng = new Rng(BILLING_SEED);
  const held = firstDayOf(addPeriods(period, -22));
  const kitMonth = firstDayOf(addPeriods(period, -2));
  const newKit = addDays(kitMonth, 13);
  const returned = addDays(kitMonth, 17);
  db.exec(departmentAssignmentSql());
  const employees = db.prepare('SELECT employeeId, jobTitle FROM employees WHERE active = 1 ORDER BY employeeId').all() as Array<{ employeeId: number; jobTitle: string }>;
  const department = (title: string) => DEPARTMENT_BY_TITLE[title] ?? 'OPS';
  let tag = 1000;
  let phone = 1200;
  for (const { employeeId, jobTitle } of employees) {
    const give = (name: string, reference: string | null = null) => {
      // One in ten started with the new kit of the month before last, one in ten returned it that month.
      const draw = rng.float();
      const start = draw < 0.1 ? newKit : held;
      const end = draw >= 0.1 && draw < 0.2 ? returned : null;
      insert(db, 'it_cost_assignments', { itCostItemId: itemId(name), employeeId, reference, startDate: start, endDate: end, modifiedAt: stamp });
    };
    const trade = TRADES.includes(jobTitle);
    const field = trade || SUPERS.includes(jobTitle);
    if (!trade) give('Microsoft 365 E3');
    if (OFFICE_PROJECT_TITLES.includes(jobTitle) || SUPERS.includes(jobTitle)) give('Procore');
    if (['Project Engineer', 'Field Engineer', 'Assistant Project Manager', ...SUPERS].includes(jobTitle) || (PMS.includes(jobTitle) && rng.chance(0.5))) {
      give('Autodesk Construction Cloud');
    }
    if (jobTitle === 'Estimator' || ['Project Engineer', 'Field Engineer'].includes(jobTitle) || (PMS.includes(jobTitle) && rng.chance(0.6))) give('Bluebeam Revu');
    if (department(jobTitle) === 'ACCT' || PMS.slice(0, 2).includes(jobTitle)) give('Viewpoint Vista');
    if (jobTitle === 'Estimator') give('HCSS HeavyBid');
    if (!trade) give('Laptop – Dell Latitude 5550', `LT-${tag++}`);
    if (SUPERS.includes(jobTitle) || jobTitle === 'Carpenter Foreman') give('Rugged tablet – Panasonic Toughbook G2', `TB-${tag++}`);
    if ((PMS.includes(jobTitle) || department(jobTitle) === 'SAFE') && rng.chance(0.3)) give('iPad Pro 11"', `IP-${tag++}`);
    if (SUPERS.includes(jobTitle) || rng.chance(0.15)) give('Mobile hotspot – Verizon Jetpack', `HS-${tag++}`);
    if (field || rng.chance(0.85)) {
      give(field || department(jobTitle) === 'SAFE' ? 'Mobile line – AT&T FirstNet' : 'Mobile line – Verizon', `(214) 555-${String(phone++).padStart(4, '0')}`);
    }
  }
}
