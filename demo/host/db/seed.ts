/**
 * The deterministic seed: a mid-size commercial general contractor (Summit Builders) with three
 * legal entities, 40 projects, budgets on CSI MasterFormat cost codes, vendors, commitments, change
 * management, cost adjustments, direct costs, 18 months of cost-code transactions, projections,
 * timecards, PTO requests and open workflows. Fixed PRNG seeds, and every date relative to the day it is
 * seeded on (today by the one clock, see SeedCalendar): a demo started on any day looks like a live
 * company's portal on that day, and two seeds of the same day write byte-identical data (tests pin the
 * clock and compare checksums).
 *
 * Facts other code relies on are exported as SEED_FACTS (and listed in the API README table).
 */
import type Database from 'better-sqlite3';
import { APPLICATION_KEYS } from '../../../src/core/access';
import { DEMO_ACCOUNTS } from '../accounts';
import {
  COST_CODE_CATALOG, COST_TYPE_ROWS, FIELD_TITLES, FIRST_NAMES, LAST_NAMES, OWNERS, PROJECTS, VENDORS_BY_TRADE,
  type CatalogCode,
} from './catalog';
import { seedRisk } from './seed-risk';
import { seedSlim } from './seed-slim';
import { seedSra } from './seed-sra';
import { seedTeams } from './seed-teams';
import { seedAssignments } from './seed-assignments';
import { seedBilling } from './seed-billing';
import { markEnvelopesDue } from './seed-esign';
import { seedTimecards } from './seed-timecards';
import { seedScaleTimecards } from './seed-timecards-scale';
import { addDays, weekOf } from '../../../src/core/timecards';
import * as clock from '../../../src/core/clock';
import { addPeriods, firstDayOf, lastDayOf, periodOf } from '../../../src/core/clock';
import { Rng, cents } from './prng';
import { seedSurveyAnswers, syncSurveys } from './surveys';
import { ADVANCEMENTS, APPLICATION_RECORDS, FIELD_SECURITY_EXCEPTIONS, RECORD_STATES, SECURED_FIELDS } from './states';
import { APPROVAL_DEFAULTS_022 } from './migrations/022_approval_authority';
import { OWNER_CHANGE_ORDER_AMOUNT_SQL } from './derived';

/**
 * The days a seed is made relative to: all generated dates derive from them, so a database seeded on any day
 * looks like a live company's on that day (and two seeds of the same day are identical).
 */
export interface SeedCalendar {
  /** The seed's today (Central calendar day). */
  today: string;
  /** The Sunday that starts today's timecard week: the weekly cards end the week before. */
  weekStart: string;
  /** The accounting period of today (being projected), and the one before it (submitted). */
  period: string;
  priorPeriod: string;
  /** `modifiedAt` of every seeded row (later writes stamp the real time). */
  stamp: string;
}

/**
 * The seed calendar of `day` ('YYYY-MM-DD'); `stamp` is the moment of seeding (default noon UTC of the day). A real
 * seed stamps the clock's now: a stamp hours ahead of now (a seed made before noon) would hide every change made
 * until then from the loads that ask for what changed since the newest row they saw (`lastLoad`).
 */
export function seedCalendar(day: string, stamp = `${day}T12:00:00.000Z`): SeedCalendar {
  const period = periodOf(day);
  return { today: day, weekStart: weekOf(day).weekStart, period, priorPeriod: addPeriods(period, -1), stamp };
}

/** The setting naming the day a database was seeded on (its SeedCalendar's today). */
export const SEED_DAY_SETTING = 'seedDay';

/** Months of submitted projections before the current period (with it, a year of forecasts). */
const PROJECTION_HISTORY_MONTHS = 11;
/** Months of cost-code transactions before the current period. */
const TRANSACTION_MONTHS = 18;

const APPLICATION_NAMES: Record<string, string> = {
  keyAdmin: 'Administration', keyPFM: 'Project Financial Management', keySLIM: 'SLIM Service Requests',
  keyTC: 'Timecards', keyPTO: 'PTO Requests', keyUserManagement: 'User Management', keyIT: 'IT Billing',
  keyRISK: 'Subcontractor Risk Tools', keyProjectSecurity: 'Project Security', keyPC: 'Project Controls',
  keyBRAT: 'Buyout & Risk Assessment', keyCM: 'Construction Management', keyCostManagement: 'Cost Management',
  keyProjectCloseout: 'Project Closeout', keyAPPS: 'Business Applications',
};

/** Facts of the seed that tests and other screens rely on (ids are stable across runs). */
export const SEED_FACTS = {
  /** Employee ids of the demo accounts, in the order of DEMO_ACCOUNTS (admin = 1, pm = 2, rpm = 3, ...). */
  employeeIdByLogin: Object.fromEntries(DEMO_ACCOUNTS.map((a, i) => [a.login, i + 1])) as Record<string, number>,
  /** The pm's showcase project 24-1032 Riverside Medical Office Building and its budget. */
  pmProjectId: 1,
  pmBudgetId: 1,
  /** Projects (0-based positions in PROJECTS → projectId = position + 1) managed by the pm. */
  pmProjectIds: [1, 2, 3, 5, 13],
  /** Classified CM. */
  cmProjectIds: [4, 12, 19, 27, 34, 38],
  /** Closed (inactive) projects. */
  closedProjectIds: [7, 20, 32],
  /** Projects whose primary budget is locked (13 is one of the pm's). */
  lockedProjectIds: [8, 13, 20],
  /** Project 5 has a roll-up budget with two child budgets. */
  rollUpProjectId: 5,
} as const;

type Row = Record<string, string | number | null | Buffer>;

/**
 * Seed an empty, migrated database as of today by the one clock (read once: every part gets the same
 * {@link SeedCalendar}), and record that day in the setting {@link SEED_DAY_SETTING}. `scale` adds the
 * benchmark project and the timecard benchmark's employees and week.
 */
export function seedDatabase(db: Database.Database, options: { scale?: boolean } = {}): void {
  const cal = seedCalendar(clock.today(), clock.nowIso());
  const statements = new Map<string, Database.Statement>();
  const insert = (table: string, row: Row): number => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`);
      statements.set(key, statement);
    }
    return Number(statement.run(row).lastInsertRowid);
  };
  db.transaction(() => {
    // Rows refer forward (a manager seeded after the employee): check keys at commit instead.
    db.pragma('defer_foreign_keys = ON');
    const seeder = new Seeder(insert, new Rng(20261101), cal);
    seeder.insertRaw = (sql) => db.exec(sql);
    seeder.run();
    // Surveys (migration 006): the templates and the surveys due by the seed's today, answered deterministically.
    syncSurveys(db, cal.today, cal.stamp);
    seedSurveyAnswers(db, cal.today, cal.stamp);
    if (options.scale) seeder.scaleProject();
    // Weekly timecards and time off (issue 13): last, on its own random stream, so nothing above changes.
    seedTimecards(db, cal);
    // Subcontractor risk (issue 14): after the timecards (it needs the regions), on its own stream.
    seedRisk(db, cal.today, cal.stamp);
    // The SLIM requests (issue 14): right after, on their own stream (seed-slim.ts).
    seedSlim(db, cal.today, cal.stamp);
    // The SRAs and the gate's subcontracts (issue 14): after the prequalification records, on their own stream.
    seedSra(db, cal.today, cal.stamp);
    // Project teams (issue 15): after everything else, on their own stream (seed-teams.ts).
    seedTeams(db, cal.today, cal.stamp);
    // Default-assignment rules (issue 15): after the teams, on their own stream (seed-assignments.ts).
    seedAssignments(db, cal.today, cal.stamp);
    // IT billing (issue 15): departments by job title, who holds which seat, device and line, on its own stream (seed-billing.ts).
    seedBilling(db, cal.period, cal.stamp);
    // --scale: 2,000 more employees with a week of cards (the week before the current one) for the timecard bench.
    if (options.scale) seedScaleTimecards(db, cal.today, cal.stamp);
    // The e-sign envelopes (seed-esign.ts): made by the host at start, their PDFs being asynchronous.
    markEnvelopesDue(db);
    db.prepare('INSERT OR REPLACE INTO settings (key, stringValue) VALUES (?, ?)').run(SEED_DAY_SETTING, cal.today);
  })();
}

/** The day a database was seeded on (null for one seeded before the setting existed). */
export function seedDayOf(db: Database.Database): string | null {
  const row = db.prepare('SELECT stringValue FROM settings WHERE key = ?').get(SEED_DAY_SETTING) as { stringValue: string } | undefined;
  return row?.stringValue ?? null;
}

// ---------------------------------------------------------------------------------------------

interface LineInfo {
  costCodeId: number;
  budgetId: number;
  projectId: number;
  code: string;
  type: string;
  trade: string;
  amount: number;
  unitOfMeasure: string | null;
  unitPrice: number;
  rate: number;
  actual: number;
  committedVendorId: number | null;
  commitmentKey: string | null;
  commitmentId: number | null;
}

interface ProjectInfo {
  projectId: number;
  index: number;
  number: string;
  name: string;
  legalEntityId: number;
  active: boolean;
  progress: number;
  start: string;
  pmId: number;
  budgets: Array<{ budgetId: number; jobNumber: string; lines: LineInfo[]; locked: boolean; rollUp: boolean }>;
  ownerAgreementId: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, Math.min(d, 28)));
  return date.toISOString().slice(0, 10);
}
/** 'May 2025' for a day or period of May 2025. */
const monthName = (dayOrPeriod: string): string =>
  new Date(`${dayOrPeriod.slice(0, 7)}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split('-').map(Number) as [number, number];
  const [yb, mb] = b.split('-').map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma);
}

/** Seeded opportunities (migration 005): number, name, client, legal entity, status, estimated value, number of cost codes. */
const OPPORTUNITIES: ReadonlyArray<readonly [string, string, string, number, 'Pursuit' | 'Won' | 'Lost', number, number]> = [
  ['OPP-26-001', 'Riverside Medical Office Building', 'Riverside Health Partners', 1, 'Pursuit', 18_500_000, 3],
  ['OPP-26-002', 'Lakeview Elementary School Addition', 'Lakeview Independent School District', 2, 'Won', 9_200_000, 4],
  ['OPP-26-003', 'Harbor Point Distribution Center', 'Harbor Point Logistics', 1, 'Lost', 32_000_000, 2],
  ['OPP-26-004', 'Cedar Ridge Senior Living', 'Cedar Ridge Communities', 2, 'Pursuit', 24_750_000, 5],
  ['OPP-26-005', 'Downtown Library Renovation', 'City of Austin', 2, 'Pursuit', 6_400_000, 2],
  ['OPP-26-006', 'Northgate Retail Center Tenant Finish', 'Northgate Properties', 3, 'Won', 2_150_000, 3],
  ['OPP-26-007', 'Westfield Parking Structure', 'Westfield County', 1, 'Lost', 14_300_000, 3],
  ['OPP-26-008', 'Summit Tech Campus Phase II', 'Summit Technology Group', 1, 'Pursuit', 41_000_000, 4],
  ['OPP-26-009', 'Bayou City Fire Station No. 12', 'City of Houston', 2, 'Won', 7_800_000, 2],
  ['OPP-26-010', 'Pinecrest Apartments Interiors', 'Pinecrest Residential', 3, 'Pursuit', 3_600_000, 3],
  ['OPP-26-011', 'Greenway Corporate Headquarters', 'Greenway Energy', 1, 'Lost', 55_000_000, 4],
  ['OPP-26-014', 'Mesa Verde Community Clinic', 'Mesa Verde Health District', 2, 'Pursuit', 5_250_000, 5],
];

class Seeder {
  readonly stateIds = new Map<string, number>();
  readonly stateClosed = new Map<number, boolean>();
  readonly vendorsByTrade = new Map<string, number[]>();
  readonly vendorName = new Map<number, string>();
  applicationIds = new Map<string, number>();
  employeeIds: number[] = [];
  projectManagers: number[] = [];
  projects: ProjectInfo[] = [];
  counters = new Map<string, number>();

  /** The first day of the months of transactions (the 18 before the current period). */
  readonly windowStart: string;

  constructor(readonly insert: (table: string, row: Row) => number, readonly rng: Rng, readonly cal: SeedCalendar) {
    this.windowStart = firstDayOf(addPeriods(cal.period, -TRANSACTION_MONTHS));
  }

  state(key: string, name: string): number {
    const id = this.stateIds.get(`${key}:${name}`);
    if (id === undefined) throw new Error(`seed: no state ${key}:${name}`);
    return id;
  }

  next(counter: string): number {
    const value = (this.counters.get(counter) ?? 0) + 1;
    this.counters.set(counter, value);
    return value;
  }

  run(): void {
    this.reference();
    this.people();
    this.configurableRecords();
    this.vendors();
    PROJECTS.forEach((project, index) => this.project(index, project));
    this.employeeTools();
    this.openItems();
    this.dataQualityDefects();
    this.opportunities();
  }

  // --- reference data ------------------------------------------------------------------------

  reference(): void {
    const t = this.cal.stamp;
    this.insert('settings', { key: 'procoreDomain', stringValue: 'https://app.procore.com' });
    for (const [code, name] of [['SBI', 'Summit Builders, Inc.'], ['SBT', 'Summit Builders Texas, LLC'], ['SIG', 'Summit Interiors Group, LLC']] as const) {
      this.insert('legal_entities', { code, name, displayText: `${code} - ${name}`, modifiedAt: t });
    }
    for (const key of APPLICATION_KEYS) {
      const name = APPLICATION_NAMES[key] ?? key;
      this.applicationIds.set(key, this.insert('applications', { applicationKey: key, name, displayText: name, modifiedAt: t }));
    }
    COST_TYPE_ROWS.forEach((row, index) => this.insert('cost_types', {
      ...row, displayOrder: index + 1, displayText: `${row.costType} - ${row.name}`, modifiedAt: t,
    }));
    const ref = (table: string, names: readonly string[], extra?: (name: string, index: number) => Row) =>
      names.forEach((name, index) => this.insert(table, { name, displayText: name, active: 1, ...(extra?.(name, index) ?? {}), modifiedAt: t }));
    ref('change_record_types', ['Owner Change', 'Contractor Change', 'Allowance Reconciliation', 'Contingency Use', 'Design Development']);
    const idTypes: Array<[string, string]> = [
      ['Request for Information', 'RFI'], ["Architect's Supplemental Instruction", 'ASI'], ['Bulletin', 'BUL'],
      ['Owner Directive', 'OD'], ['Field Directive', 'FD'], ['Construction Change Directive', 'CCD'], ['Proposal Request', 'PR'],
    ];
    idTypes.forEach(([name, abbreviation]) => this.insert('initiating_document_types', {
      name, abbreviation, displayText: `${abbreviation} - ${name}`, active: 1, modifiedAt: t,
    }));
    ref('change_reasons', ['Owner Request', 'Design Error', 'Design Omission', 'Unforeseen Condition', 'Code Requirement',
      'Value Engineering', 'Schedule Acceleration', 'Allowance Reconciliation']);
    ref('reimbursable_types', ['Reimbursable', 'Non-Reimbursable', 'Owner Contingency', 'Contractor Contingency', 'Internal Cost (Not Billable)']);
    ref('cost_adjustment_reasons', ['Misposted Cost', 'Cost Code Reclass', 'Accrual', 'Credit Received', 'Payroll Correction']);
    ref('direct_cost_types', ['Reimbursable Expense', 'Small Tools', 'Permit Fee', 'Testing & Inspection', 'Travel', 'Equipment Rental']);
    ref('subcontract_types', ['Standard Subcontract', 'Short Form Subcontract', 'Master Service Agreement', 'Design-Build Subcontract']);
  }

  people(): void {
    const t = this.cal.stamp;
    // The demo accounts first: employeeId = position + 1 (admin 1, pm 2, rpm 3, ...).
    DEMO_ACCOUNTS.forEach((account, index) => {
      const id = this.insert('employees', {
        login: account.login, employeeKey: `E${10001 + index}`, firstName: account.firstName, lastName: account.lastName,
        preferredName: account.preferredName, initials: (account.firstName[0]! + account.lastName[0]!).toUpperCase(),
        jobTitle: account.jobTitle, email: account.email, active: 1, betaUser: account.betaUser ? 1 : 0,
        managerEmployeeId: index === 0 ? null : account.login === 'pm' || account.login === 'employee' ? 3 : 1,
        legalEntityId: 1, displayText: account.preferredName, modifiedAt: t,
      });
      this.employeeIds.push(id);
      for (const role of account.roles) {
        this.insert('employee_roles', {
          employeeId: id, applicationId: this.applicationIds.get(role.applicationKey)!, applicationKey: role.applicationKey,
          name: role.name, displayText: `${APPLICATION_NAMES[role.applicationKey]}: ${role.name}`, modifiedAt: t,
        });
      }
    });
    // Other staff, generated (login null: they cannot sign in).
    const used = new Set<string>();
    for (let i = 0; i < 36; i++) {
      let first: string;
      let last: string;
      do {
        first = this.rng.pick(FIRST_NAMES);
        last = this.rng.pick(LAST_NAMES);
      } while (used.has(first + last));
      used.add(first + last);
      const title = i < 10 ? (i % 3 === 0 ? 'Senior Project Manager' : 'Project Manager') : this.rng.pick(FIELD_TITLES);
      const active = i % 17 === 16 ? 0 : 1;
      const id = this.insert('employees', {
        login: null, employeeKey: `E${10101 + i}`, firstName: first, lastName: last, preferredName: `${first} ${last}`,
        initials: first[0]! + last[0]!, jobTitle: title, email: `${first}.${last}@summitbuilders.example`.toLowerCase(),
        active, betaUser: i % 9 === 0 ? 1 : 0, managerEmployeeId: i % 3 === 0 ? 3 : 1, legalEntityId: 1 + (i % 3),
        displayText: `${first} ${last}`, modifiedAt: t,
      });
      this.employeeIds.push(id);
      if (i < 10) this.projectManagers.push(id);
      const roles: Array<[string, string]> = [['keyTC', 'Default'], ['keyPTO', 'Default']];
      if (i < 10) roles.push(['keyPFM', 'Project Manager']);
      for (const [key, name] of roles) {
        this.insert('employee_roles', {
          employeeId: id, applicationId: this.applicationIds.get(key)!, applicationKey: key, name,
          displayText: `${APPLICATION_NAMES[key]}: ${name}`, modifiedAt: t,
        });
      }
    }
  }

  configurableRecords(): void {
    const t = this.cal.stamp;
    for (const [key, name, applicationKey] of APPLICATION_RECORDS) {
      this.insert('application_records', {
        applicationRecordKey: key, applicationId: this.applicationIds.get(applicationKey)!, name, displayText: name, modifiedAt: t,
      });
    }
    for (const [key, states] of Object.entries(RECORD_STATES)) {
      states.forEach(([name, closed], index) => {
        const id = this.insert('application_record_states', {
          applicationRecordKey: key, name, closed: closed ? 1 : 0, displayOrder: index + 1, isInitial: index === 0 ? 1 : 0,
          displayText: name, modifiedAt: t,
        });
        this.stateIds.set(`${key}:${name}`, id);
        this.stateClosed.set(id, closed);
      });
    }
    for (const [key, fromStates] of Object.entries(ADVANCEMENTS)) {
      for (const [from, targets] of Object.entries(fromStates)) {
        targets.forEach(([target, quickRoute], index) => this.insert('state_advancements', {
          applicationRecordStateId: this.state(key, from), targetApplicationRecordStateId: this.state(key, target),
          quickRoute: quickRoute ? 1 : 0, displayOrder: index + 1, modifiedAt: t,
        }));
      }
    }
    // The approval matrix's defaults (migration 022 seeds them on an upgraded database; here the states exist only now).
    this.insertRaw(APPROVAL_DEFAULTS_022);
    // Field security: a default row per state and field, then the exceptions (role rows), then one
    // per-user row: the pm may still correct estimates while an item is Pending Approval.
    for (const [key, fields] of Object.entries(SECURED_FIELDS)) {
      for (const [name, closed] of RECORD_STATES[key] ?? []) {
        for (const fieldName of fields) {
          const exception = FIELD_SECURITY_EXCEPTIONS.find((e) => e[0] === key && e[1] === name && e[2] === fieldName && !e[5]);
          this.insert('field_security', {
            lookupApplicationRecordStateId: this.state(key, name), fieldName, roleName: null, employeeId: null,
            editable: exception ? (exception[3] ? 1 : 0) : closed ? 0 : 1, visible: exception ? (exception[4] ? 1 : 0) : 1, modifiedAt: t,
          });
        }
      }
    }
    for (const [key, name, fieldName, editable, visible, role] of FIELD_SECURITY_EXCEPTIONS) {
      if (!role) continue;
      this.insert('field_security', {
        lookupApplicationRecordStateId: this.state(key, name), fieldName, roleName: role, employeeId: null,
        editable: editable ? 1 : 0, visible: visible ? 1 : 0, modifiedAt: t,
      });
    }
    this.insert('field_security', {
      lookupApplicationRecordStateId: this.state('ChangeEventItem', 'Pending Approval'), fieldName: 'approvedAmount', roleName: null,
      employeeId: SEED_FACTS.employeeIdByLogin.rpm!, editable: 1, visible: 1, modifiedAt: t,
    });
  }

  vendors(): void {
    let n = 0;
    for (const [trade, list] of Object.entries(VENDORS_BY_TRADE)) {
      const ids: number[] = [];
      for (const [name, city, state] of list) {
        n++;
        const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 18);
        const id = this.insert('vendors', {
          vendorNumber: `V${pad(20000 + n * 7, 5)}`, name, trade, city, state,
          phone: `(${214 + (n % 5) * 100}) 555-${pad(1000 + n * 37, 4)}`, email: `estimating@${slug}.example`, active: 1,
          displayText: `${name} (${city}, ${state})`, modifiedAt: this.cal.stamp,
        });
        ids.push(id);
        this.vendorName.set(id, name);
      }
      this.vendorsByTrade.set(trade, ids);
    }
  }

  vendorFor(trade: string, salt: number): number {
    const list = this.vendorsByTrade.get(trade) ?? this.vendorsByTrade.get('supply')!;
    return list[salt % list.length]!;
  }

  // --- projects ------------------------------------------------------------------------------

  project(index: number, [name, city, state, contractMillions]: readonly [string, string, string, number]): void {
    const t = this.cal.stamp;
    const rng = this.rng;
    const projectId = index + 1;
    const yy = index === 0 ? 24 : 23 + (index % 4);
    const number = `${yy}-${index === 0 ? 1032 : 1000 + 3 * index + (index % 3)}`;
    const legalEntityId = /Renovation|Remodel|Fit-Out|TI$/.test(name) ? 3 : /Houston|Galveston|Bellaire|Woodlands|Corpus/.test(city) ? 2 : 1;
    const classification = (SEED_FACTS.cmProjectIds as readonly number[]).includes(projectId) ? 'CM' : index % 5 === 4 ? 'DB' : 'GC';
    const active = !(SEED_FACTS.closedProjectIds as readonly number[]).includes(projectId);
    const pmId = (SEED_FACTS.pmProjectIds as readonly number[]).includes(projectId) ? 2 : this.projectManagers[index % this.projectManagers.length]!;
    const duration = rng.int(12, 30);
    const start = active ? addMonths(this.cal.today, -rng.int(3, Math.min(26, duration + 2))) : addMonths(this.cal.today, -duration - rng.int(2, 8));
    const end = addMonths(start, duration);
    const progress = active ? Math.min(0.97, Math.max(0.05, monthsBetween(start, this.cal.today) / duration)) : 1;
    const contract = contractMillions * 1_000_000;
    this.insert('projects', {
      projectId, legalEntityId, number, name, classification, budgetId: null, legacyProjectId: 10000 + projectId,
      legacyBudgetId: null, buyoutProjectId: 300 + projectId, procoreProjectId: 5629499 + projectId * 13,
      projectDescription: `${name}: ${duration}-month ${classification === 'CM' ? 'CM at-risk' : classification === 'DB' ? 'design-build' : 'general contract'} project in ${city}, ${state} for ${OWNERS[index]}.`,
      city, state, projectManagerEmployeeId: pmId, regionalProjectManagerEmployeeId: index < 15 ? 3 : 1, contractAmount: contract,
      startDate: start, completionDate: end, active: active ? 1 : 0, displayText: `${number} ${name}`, modifiedAt: t,
    });
    const info: ProjectInfo = { projectId, index, number, name, legalEntityId, active, progress, start, pmId, budgets: [], ownerAgreementId: 0 };
    this.projects.push(info);

    // Budgets: one primary; project 5 a roll-up with two children; project 3 a second package.
    const lockedReason = (SEED_FACTS.lockedProjectIds as readonly number[]).includes(projectId)
      ? (active ? (projectId === 13 ? 'Budget locked for month-end close' : 'Budget locked: owner audit in progress') : 'Project closed')
      : null;
    const budgetRow = (jobNumber: string, budgetName: string, rollUpBudgetId: number | null, lock: string | null) => this.insert('budgets', {
      projectId, jobNumber, name: budgetName, displayText: `${jobNumber} ${budgetName}`, budgetLock: lock ? 1 : 0,
      budgetLockReason: lock, rollUpBudgetId, modifiedAt: t,
    });
    const primaryId = budgetRow(number, projectId === SEED_FACTS.rollUpProjectId ? `${name} (Program Roll-Up)` : name, null, lockedReason);
    this.pendingProjectBudget.push([projectId, primaryId]);
    if (projectId === SEED_FACTS.rollUpProjectId) {
      info.budgets.push({ budgetId: primaryId, jobNumber: number, lines: [], locked: false, rollUp: true });
      const a = budgetRow(`${number}-01`, 'Patient Tower Renovation', primaryId, null);
      const b = budgetRow(`${number}-02`, 'Central Plant Upgrade', primaryId, null);
      info.budgets.push({ budgetId: a, jobNumber: `${number}-01`, lines: this.budgetLines(a, projectId, contract * 0.68, 0.9), locked: false, rollUp: false });
      info.budgets.push({ budgetId: b, jobNumber: `${number}-02`, lines: this.budgetLines(b, projectId, contract * 0.32, 0.45), locked: false, rollUp: false });
    } else {
      const share = projectId === 3 ? 0.8 : 1;
      info.budgets.push({ budgetId: primaryId, jobNumber: number, lines: this.budgetLines(primaryId, projectId, contract * share, 1), locked: !!lockedReason, rollUp: false });
      if (projectId === 3) {
        const extra = budgetRow(`${number}-01`, 'Site Work Package', null, null);
        info.budgets.push({ budgetId: extra, jobNumber: `${number}-01`, lines: this.budgetLines(extra, projectId, contract * 0.2, 0.35), locked: false, rollUp: false });
      }
    }

    this.ownerAgreement(info, contract);
    for (const budget of info.budgets) {
      if (budget.rollUp) continue;
      this.commitments(info, budget);
      this.changeManagement(info, budget);
      this.costAdjustmentsAndDirectCosts(info, budget);
      this.transactions(info, budget.lines);
      this.projections(info, budget);
    }
    this.rfis(info);
  }

  /** Pairs [projectId, primary budgetId]; the project row's budgetId is set after insert. */
  pendingProjectBudget: Array<[number, number]> = [];

  budgetLines(budgetId: number, projectId: number, amount: number, breadth: number): LineInfo[] {
    const rng = this.rng;
    const always = new Set(['01310000', '01500000', '03300000', '09210000', '26050000', '23300000', '22100000', '01740000']);
    const chosen = COST_CODE_CATALOG.filter((c) => always.has(c.code) || rng.chance(0.78 * breadth));
    const total = chosen.reduce((sum, c) => sum + c.weight, 0);
    const lines: LineInfo[] = [];
    for (const entry of chosen) {
      const lineAmount = (amount * 0.93 * entry.weight) / total * rng.between(0.75, 1.25);
      const types = entry.types.split('');
      types.forEach((type, i) => {
        const share = types.length === 1 ? 1 : type === 'S' ? 0.6 : i === 0 ? 0.55 / Math.max(1, types.length - 1) + 0.2 : 0.4 / types.length;
        lines.push(this.line(budgetId, projectId, entry, type, Math.round(lineAmount * share)));
      });
    }
    return lines;
  }

  line(budgetId: number, projectId: number, entry: CatalogCode, type: string, amount: number, code = entry.code, description = entry.description): LineInfo {
    const rng = this.rng;
    const unitPrice = entry.unitOfMeasure ? cents(rng.between(8, 140)) : 0;
    const rate = cents(rng.between(42, 86));
    const budgetUnits = unitPrice ? Math.round(amount / unitPrice) : 0;
    const budgetHours = type === 'L' ? Math.round(amount / rate) : 0;
    const display = `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6, 8)} ${description}`;
    const costCodeId = this.insert('cost_codes', {
      budgetId, code, type, description, displayText: `${display} (${type})`, originalBudget: amount,
      unitOfMeasure: entry.unitOfMeasure ?? null, budgetUnits, budgetHours, modifiedAt: this.cal.stamp,
    });
    return {
      costCodeId, budgetId, projectId, code, type, trade: entry.trade, amount, unitOfMeasure: entry.unitOfMeasure ?? null,
      unitPrice, rate, actual: 0, committedVendorId: null, commitmentKey: null, commitmentId: null,
    };
  }

  ownerAgreement(info: ProjectInfo, contract: number): void {
    const primary = info.budgets[0]!;
    info.ownerAgreementId = this.insert('owner_agreements', {
      projectId: info.projectId, budgetId: primary.budgetId, number: `OA-${info.number}`, ownerName: OWNERS[info.index]!,
      description: `Prime contract: ${info.name}`, contractType: this.rng.pick(['GMP', 'Lump Sum', 'Cost Plus Fee']),
      contractAmount: contract, applicationRecordStateId: this.state('OwnerAgreement', info.active ? 'Executed' : 'Closed'),
      executedDate: addDays(info.start, -20), displayText: `OA-${info.number} ${OWNERS[info.index]}`, modifiedAt: this.cal.stamp,
    });
  }

  commitmentState(info: ProjectInfo, key: 'Subcontract' | 'PurchaseAgreement'): number {
    if (!info.active) return this.state(key, 'Closed');
    const roll = this.rng.float();
    return this.state(key, roll < 0.8 ? 'Executed' : roll < 0.9 ? 'Pending Signature' : 'Draft');
  }

  commitments(info: ProjectInfo, budget: ProjectInfo['budgets'][number]): void {
    const rng = this.rng;
    const t = this.cal.stamp;
    const byTrade = new Map<string, LineInfo[]>();
    for (const line of budget.lines) {
      if (line.type !== 'S' && line.type !== 'M') continue;
      const key = `${line.type}:${line.trade}`;
      byTrade.set(key, [...(byTrade.get(key) ?? []), line]);
    }
    for (const [key, lines] of byTrade) {
      const [type, trade] = key.split(':') as [string, string];
      const vendorId = this.vendorFor(trade, info.index + lines.length);
      const vendor = this.vendorName.get(vendorId)!;
      if (type === 'S') {
        const n = this.next(`sc:${budget.budgetId}`);
        const number = `SC-${budget.jobNumber}-${pad(n, 3)}`;
        const subcontractId = this.insertCommitment('Subcontract', 'subcontracts', {
          projectId: info.projectId, budgetId: budget.budgetId, vendorId, subcontractTypeId: rng.chance(0.8) ? 1 : rng.int(2, 4),
          number, description: `${lines.map((l) => COST_CODE_CATALOG.find((c) => c.code === l.code)?.description).join(', ')}`,
          applicationRecordStateId: this.commitmentState(info, 'Subcontract'), retainagePercent: rng.pick([10, 5, 5, 0]),
          excessLiability: rng.pick([null, 3_000_000, 5_000_000, 10_000_000]), executedDate: addDays(info.start, rng.int(0, 90)),
          billedToDate: 0, displayText: `${number} ${vendor}`, modifiedAt: t,
        });
        for (const line of lines) {
          this.insert('subcontract_items', {
            subcontractId, costCodeId: line.costCodeId, description: COST_CODE_CATALOG.find((c) => c.code === line.code)?.description ?? line.code,
            amount: Math.round(line.amount * rng.between(0.9, 1.02)), modifiedAt: t,
          });
          Object.assign(line, { committedVendorId: vendorId, commitmentKey: 'Subcontract', commitmentId: subcontractId });
        }
        this.contractDocuments(info, budget.budgetId, 'Subcontract', subcontractId, vendorId);
      } else if (rng.chance(0.6)) {
        const n = this.next(`pa:${budget.budgetId}`);
        const number = `PA-${budget.jobNumber}-${pad(n, 3)}`;
        const purchaseAgreementId = this.insertCommitment('PurchaseAgreement', 'purchase_agreements', {
          projectId: info.projectId, budgetId: budget.budgetId, vendorId, number, description: `Material supply: ${trade}`,
          applicationRecordStateId: this.commitmentState(info, 'PurchaseAgreement'), retainagePercent: 0,
          executedDate: addDays(info.start, rng.int(10, 120)), billedToDate: 0, displayText: `${number} ${vendor}`, modifiedAt: t,
        });
        for (const line of lines) {
          const quantity = line.unitPrice ? Math.max(1, Math.round(line.amount / line.unitPrice * 0.9)) : 1;
          const unitPrice = line.unitPrice || Math.round(line.amount * 0.9);
          this.insert('purchase_agreement_items', {
            purchaseAgreementId, costCodeId: line.costCodeId, description: line.code, quantity, unitPrice,
            amount: cents(quantity * unitPrice), modifiedAt: t,
          });
          Object.assign(line, { committedVendorId: vendorId, commitmentKey: 'PurchaseAgreement', commitmentId: purchaseAgreementId });
        }
        if (rng.chance(0.35)) {
          const line = lines[0]!;
          const description = 'Additional material per revised quantities';
          const coId = this.insert('purchase_agreement_change_orders', {
            purchaseAgreementId, number: 'PACO-01', description,
            applicationRecordStateId: this.state('PurchaseAgreementChangeOrder', rng.chance(0.7) ? 'Approved' : 'Pending Approval'),
            changeOrderDate: addDays(this.cal.today, -rng.int(5, 150)), displayText: `PACO-01 ${description}`, modifiedAt: t,
          });
          this.insert('purchase_agreement_change_order_items', {
            purchaseAgreementChangeOrderId: coId, costCodeId: line.costCodeId, changeEventItemId: null, description,
            amount: Math.round(line.amount * rng.between(0.02, 0.08)), modifiedAt: t,
          });
        }
      }
    }
    // Purchase orders for warehouse and equipment lines.
    for (const line of budget.lines.filter((l) => l.type === 'W' || l.type === 'E')) {
      const vendorId = this.vendorFor(line.type === 'E' ? 'equipment' : 'supply', line.costCodeId);
      const n = this.next(`po:${budget.budgetId}`);
      const number = `PO-${budget.jobNumber}-${pad(n, 3)}`;
      const purchaseOrderId = this.insertCommitment('PurchaseOrder', 'purchase_orders', {
        projectId: info.projectId, budgetId: budget.budgetId, vendorId, purchaseAgreementId: null, number,
        description: line.type === 'E' ? 'Equipment rental' : 'Warehouse stock issue',
        applicationRecordStateId: this.state('PurchaseOrder', info.active ? rng.pick(['Issued', 'Received', 'Issued', 'Draft']) : 'Closed'),
        orderDate: addDays(info.start, rng.int(5, 200)), billedToDate: 0, displayText: `${number} ${this.vendorName.get(vendorId)}`, modifiedAt: t,
      });
      const quantity = rng.int(1, 12);
      const amount = Math.round(line.amount * rng.between(0.6, 0.95));
      this.insert('purchase_order_items', {
        purchaseOrderId, costCodeId: line.costCodeId, description: line.type === 'E' ? 'Monthly rental' : 'Stock material',
        quantity, unitPrice: cents(amount / quantity), amount, modifiedAt: t,
      });
      Object.assign(line, { committedVendorId: vendorId, commitmentKey: 'PurchaseOrder', commitmentId: purchaseOrderId });
    }
  }

  contractDocuments(info: ProjectInfo, budgetId: number, key: string, commitmentId: number, vendorId: number): void {
    for (const documentType of ['Signed Subcontract', 'Certificate of Insurance', 'W-9', 'Payment & Performance Bond']) {
      const received = this.rng.chance(0.75) ? 1 : 0;
      this.insert('contract_document_tracking', {
        projectId: info.projectId, budgetId, commitmentRecordKey: key, commitmentId, vendorId, documentType,
        required: documentType === 'Payment & Performance Bond' ? (this.rng.chance(0.5) ? 1 : 0) : 1, received,
        receivedDate: received ? addDays(info.start, this.rng.int(0, 60)) : null,
        expirationDate: documentType === 'Certificate of Insurance' ? addMonths(this.cal.today, this.rng.int(-1, 11)) : null,
        modifiedAt: this.cal.stamp,
      });
    }
  }

  // --- change management ---------------------------------------------------------------------

  /** The pm's showcase change events: [CE state, item states (a '>' prefix nests under the previous top item)]. */
  static readonly SHOWCASE: ReadonlyArray<readonly [string, readonly string[], string]> = [
    ['Open', ['Open', 'Route for Proposal', '>Open'], 'Added exam room casework per owner'],
    ['Pending', ['Pending Approval', 'Approved', 'Rejected'], 'Revised MEP coordination at level 2'],
    ['Approved', ['Approved', 'Pending Commitment', '>Committed'], 'Unforeseen rock at elevator pit'],
    ['Approved', ['Committed', 'Canceled'], 'Upgraded lobby storefront hardware'],
    ['Pending', ['Approved', 'Committed', 'Void'], 'Additional fire dampers per fire marshal'],
    ['Complete', ['Committed', 'Void'], 'Owner-requested data outlets'],
    ['No Change', ['Void'], 'Roof drain relocation (no cost)'],
    ['Rejected', ['Canceled'], 'Alternate flooring proposal'],
    ['Canceled', ['Canceled', '>Canceled'], 'Deleted canopy scope'],
    ['Open', [], 'Parking lot striping revisions'],
    ['Pending', ['Proposal Received', '>Pending Approval', 'Open'], 'ASI-07 ceiling height changes'],
    ['Open', ['Open', 'Open'], 'Additional site lighting'],
  ];

  changeManagement(info: ProjectInfo, budget: ProjectInfo['budgets'][number]): void {
    const rng = this.rng;
    const t = this.cal.stamp;
    const showcase = info.projectId === SEED_FACTS.pmProjectId && budget.budgetId === SEED_FACTS.pmBudgetId;
    const ceStates = ['Open', 'Pending', 'Approved', 'Complete', 'No Change', 'Rejected', 'Canceled', 'Approved', 'Complete'];
    const recordCount = showcase ? 6 : info.active ? rng.int(2, 5) : 2;
    const itemLines = budget.lines.filter((l) => l.type === 'S' || l.type === 'M');
    if (itemLines.length === 0) return;
    const plans: Array<{ ceState: string; items: readonly string[]; title: string }> = [];
    if (showcase) for (const [ceState, items, title] of Seeder.SHOWCASE) plans.push({ ceState, items, title });
    else {
      for (let i = 0; i < recordCount; i++) {
        const ceState = info.active ? rng.pick(ceStates) : rng.pick(['Complete', 'No Change', 'Canceled']);
        plans.push({ ceState, items: this.itemStatesFor(ceState), title: rng.pick(CHANGE_TITLES) });
      }
    }
    if (showcase) this.extraChangeRecords(info, budget.budgetId);
    let oacoForBudget = 0;
    plans.forEach((plan, index) => {
      // One initiating document per change event (two per document on the showcase).
      const recordIndex = showcase ? Math.floor(index / 2) : index;
      let changeRecordId = this.crIds.get(`${budget.budgetId}:${recordIndex}`);
      if (!changeRecordId) {
        const crState = plan.ceState === 'Open' || plan.ceState === 'Pending' ? 'Potential Costs' : plan.ceState === 'Approved' ? 'Submitted' : 'Closed';
        const idType = rng.int(1, 7);
        const n = this.next(`cr:${budget.budgetId}`);
        const number = `${['RFI', 'ASI', 'BUL', 'OD', 'FD', 'CCD', 'PR'][idType - 1]}-${pad(n, 3)}`;
        changeRecordId = this.insert('change_records', {
          projectId: info.projectId, budgetId: budget.budgetId, changeRecordTypeId: rng.int(1, 5), initiatingDocumentTypeId: idType,
          changeReasonId: rng.int(1, 8), rfiId: null, number, title: plan.title, description: `${plan.title}. See attached documentation.`,
          documentDate: addDays(this.cal.today, -rng.int(10, 240)), estimatedAmount: Math.round(rng.between(2_000, 90_000)),
          applicationRecordStateId: this.state('ChangeRecord', crState), displayText: `${number} ${plan.title}`, modifiedAt: t,
        });
        this.crIds.set(`${budget.budgetId}:${recordIndex}`, changeRecordId);
      }
      const ceNumber = `CE-${pad(this.next(`ce:${budget.budgetId}`), 3)}`;
      const reimbursableTypeId = showcase ? (index === 3 ? 5 : 1 + (index % 4)) : rng.chance(0.15) ? 5 : rng.int(1, 4);
      let ownerAgreementChangeOrderId: number | null = null;
      if ((plan.ceState === 'Complete' || (plan.ceState === 'Approved' && index % 2 === 1)) && reimbursableTypeId !== 5) {
        if (!oacoForBudget) {
          const n = this.next(`oaco:${info.ownerAgreementId}`);
          oacoForBudget = this.insert('owner_agreement_change_orders', {
            ownerAgreementId: info.ownerAgreementId, budgetId: budget.budgetId, number: `OCO-${pad(n, 3)}`,
            description: 'Owner change order: approved changes', amount: 0,
            applicationRecordStateId: this.state('OwnerAgreementChangeOrder', plan.ceState === 'Complete' ? 'Approved' : 'Pending Approval'),
            changeOrderDate: addDays(this.cal.today, -rng.int(5, 90)), displayText: `OCO-${pad(n, 3)} ${OWNERS[info.index]}`, modifiedAt: t,
          });
        }
        ownerAgreementChangeOrderId = oacoForBudget;
      }
      const changeEventId = this.insert('change_events', {
        changeRecordId, projectId: info.projectId, budgetId: budget.budgetId,
        ownerAgreementId: budget.budgetId === info.budgets[0]!.budgetId || info.budgets[0]!.rollUp ? info.ownerAgreementId : null,
        ownerAgreementChangeOrderId, reimbursableTypeId, changeReasonId: rng.int(1, 8), number: ceNumber, title: plan.title,
        description: `${plan.title}: pricing and schedule impact.`, applicationRecordStateId: this.state('ChangeEvent', plan.ceState),
        displayText: `${ceNumber} ${plan.title}`, modifiedAt: t,
      });
      let parent: number | null = null;
      for (const raw of plan.items) {
        const nested = raw.startsWith('>');
        const itemState = nested ? raw.slice(1) : raw;
        const line = rng.pick(itemLines);
        const vendorId = line.committedVendorId ?? this.vendorFor(line.trade, changeEventId);
        const estimate = Math.round(rng.between(1_500, 65_000));
        const order = RECORD_STATES.ChangeEventItem!.findIndex(([name]) => name === itemState) + 1;
        const proposed = order >= 3 && itemState !== 'Void' ? Math.round(estimate * rng.between(0.9, 1.2)) : null;
        const approved = order >= 6 && order <= 8 ? Math.round((proposed ?? estimate) * rng.between(0.92, 1)) : null;
        const description = `${COST_CODE_CATALOG.find((c) => c.code === line.code)?.description ?? line.code}: ${plan.title.toLowerCase()}`;
        const changeEventItemId = this.insert('change_event_items', {
          changeEventId, parentChangeEventItemId: nested ? parent : null, costCodeId: line.costCodeId, vendorId, description,
          estimatedAmount: estimate, proposedAmount: proposed, approvedAmount: approved, coItemRecordKey: null, coItemRecordId: null,
          applicationRecordStateId: this.state('ChangeEventItem', itemState), displayText: description, modifiedAt: t,
        });
        if (!nested) parent = changeEventItemId;
        if (itemState === 'Committed' && line.commitmentKey === 'Subcontract' && line.commitmentId) {
          this.commitItem(line, changeEventItemId, approved ?? estimate, description);
        }
      }
    });
  }

  crIds = new Map<string, number>();

  /** 'Subcontract:12' for each commitment that can be billed: signed (Executed, Closed) or, for purchase orders, issued. */
  billable = new Set<string>();

  /** Insert a commitment `row` of record key `key` into `table`, noting whether its state can be billed. */
  insertCommitment(key: 'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder', table: string, row: Row): number {
    const billableStates = key === 'PurchaseOrder' ? ['Issued', 'Received', 'Closed'] : ['Executed', 'Closed'];
    const billable = billableStates.some((name) => this.state(key, name) === row.applicationRecordStateId);
    // Only an executed commitment has its executed date (a Draft gets one when it is signed).
    const id = this.insert(table, 'executedDate' in row && !billable ? { ...row, executedDate: null } : row);
    if (billable) this.billable.add(`${key}:${id}`);
    return id;
  }

  /** The commitment a line's costs are billed against: its own once billable, none before. */
  billedTo(line: LineInfo): [string | null, number | null] {
    return line.commitmentKey && line.commitmentId && this.billable.has(`${line.commitmentKey}:${line.commitmentId}`)
      ? [line.commitmentKey, line.commitmentId] : [null, null];
  }

  /** Initiating documents without change events yet (Draft) and a voided one, on the showcase budget. */
  extraChangeRecords(info: ProjectInfo, budgetId: number): void {
    const docs: Array<[string, string, number]> = [
      ['Draft', 'Owner request: additional exterior signage', 4], ['Draft', 'RFI #9 response: revised slab edge detail', 1],
      ['Void', 'Duplicate bulletin (entered twice)', 3],
    ];
    for (const [stateName, title, idType] of docs) {
      const n = this.next(`cr:${budgetId}`);
      const number = `${['RFI', 'ASI', 'BUL', 'OD', 'FD', 'CCD', 'PR'][idType - 1]}-${pad(n, 3)}`;
      this.insert('change_records', {
        projectId: info.projectId, budgetId, changeRecordTypeId: 1, initiatingDocumentTypeId: idType, changeReasonId: 1, rfiId: null, number,
        title, description: `${title}.`, documentDate: addDays(this.cal.today, -n * 3), estimatedAmount: 0,
        applicationRecordStateId: this.state('ChangeRecord', stateName), displayText: `${number} ${title}`, modifiedAt: this.cal.stamp,
      });
    }
  }

  itemStatesFor(ceState: string): string[] {
    const rng = this.rng;
    const count = rng.int(1, 4);
    const pools: Record<string, string[]> = {
      Open: ['Open', 'Route for Proposal', 'Proposal Received'],
      Pending: ['Proposal Received', 'Pending Approval', 'Approved', 'Rejected'],
      Approved: ['Approved', 'Pending Commitment', 'Committed'],
      Complete: ['Committed', 'Void', 'Committed'],
      'No Change': ['Void', 'Canceled'],
      Rejected: ['Canceled'],
      Canceled: ['Canceled'],
    };
    const pool = pools[ceState] ?? ['Open'];
    const list: string[] = [];
    for (let i = 0; i < count; i++) list.push((i > 0 && rng.chance(0.2) ? '>' : '') + rng.pick(pool));
    return list;
  }

  /** A committed item becomes an approved subcontract change order item linked back to it. */
  commitItem(line: LineInfo, changeEventItemId: number, amount: number, description: string): void {
    const t = this.cal.stamp;
    const n = this.next(`sco:${line.commitmentId}`);
    const subcontractChangeOrderId = this.insert('subcontract_change_orders', {
      subcontractId: line.commitmentId!, number: `SCO-${pad(n, 2)}`, description,
      applicationRecordStateId: this.state('SubcontractChangeOrder', 'Approved'), changeOrderDate: addDays(this.cal.today, -this.rng.int(5, 120)),
      displayText: `SCO-${pad(n, 2)} ${description}`, modifiedAt: t,
    });
    const itemId = this.insert('subcontract_change_order_items', {
      subcontractChangeOrderId, costCodeId: line.costCodeId, changeEventItemId, description, amount, modifiedAt: t,
    });
    this.coLinks.push([changeEventItemId, itemId]);
  }

  coLinks: Array<[number, number]> = [];

  rfis(info: ProjectInfo): void {
    const count = info.projectId === 1 ? 8 : this.rng.int(2, 7);
    for (let n = 1; n <= count; n++) {
      const subject = this.rng.pick(RFI_SUBJECTS);
      this.insert('rfis', {
        projectId: info.projectId, number: n, subject, question: `Please clarify: ${subject.toLowerCase()}.`,
        status: this.rng.pick(['Open', 'Answered', 'Closed', 'Answered']), isOfficial: n % 3 === 0 ? 0 : 1,
        dueDate: addDays(this.cal.today, this.rng.int(-60, 21)), procoreRfiId: 880000 + info.projectId * 100 + n,
        displayText: `RFI #${n} ${subject}`, modifiedAt: this.cal.stamp,
      });
    }
  }

  costAdjustmentsAndDirectCosts(info: ProjectInfo, budget: ProjectInfo['budgets'][number]): void {
    const rng = this.rng;
    const t = this.cal.stamp;
    const lines = budget.lines;
    const adjustments = info.projectId === 1 ? 4 : rng.int(0, 3);
    for (let i = 0; i < adjustments; i++) {
      const n = this.next(`ca:${budget.budgetId}`);
      const number = `CA-${budget.jobNumber}-${pad(n, 3)}`;
      const reconciled = i % 2 === 0;
      const amount = Math.round(rng.between(500, 25_000)) * (rng.chance(0.3) ? -1 : 1);
      const costAdjustmentId = this.insert('cost_adjustments', {
        projectId: info.projectId, budgetId: budget.budgetId, costAdjustmentReasonId: rng.int(1, 5), number,
        description: reconciled ? 'Reclass of misposted invoice' : 'Pending reclass: awaiting AP detail', adjustmentDate: addDays(this.cal.today, -rng.int(3, 200)),
        amount, applicationRecordStateId: this.state('CostAdjustment', reconciled ? 'Reconciled' : 'Open'), displayText: number, modifiedAt: t,
      });
      this.insert('cost_adjustment_reference_documents', {
        costAdjustmentId, documentType: rng.pick(['AP Invoice', 'Journal Entry', 'Payroll Batch']), documentNumber: `INV-${rng.int(100000, 999999)}`,
        documentDate: addDays(this.cal.today, -rng.int(10, 220)), amount, modifiedAt: t,
      });
      if (reconciled) {
        const line = rng.pick(lines);
        this.insert('cost_adjustment_items', { costAdjustmentId, costCodeId: line.costCodeId, description: 'Reclass', amount, modifiedAt: t });
        this.transaction(info, line, addDays(this.cal.today, -rng.int(3, 60)), 'Cost Adjustment', 'CostAdjustment', costAdjustmentId, number, null, 'Cost adjustment reclass', amount);
      }
    }
    const directCosts = info.projectId === 1 ? 5 : rng.int(1, 4);
    const candidates = lines.filter((l) => l.type === 'L' || l.type === 'M' || l.type === 'E');
    if (candidates.length === 0) return;
    for (let i = 0; i < directCosts; i++) {
      const n = this.next(`dc:${budget.budgetId}`);
      const number = `DC-${budget.jobNumber}-${pad(n, 3)}`;
      const stateName = this.directCostState(info, i);
      let date = addDays(this.cal.today, -rng.int(2, 400));
      const vendorId = this.vendorFor(rng.pick(['supply', 'equipment', 'testing']), i + info.index);
      const itemCount = rng.int(1, 3);
      const items = Array.from({ length: itemCount }, () => ({ line: rng.pick(candidates), amount: Math.round(rng.between(150, 9_000)) }));
      const total = items.reduce((sum, item) => sum + item.amount, 0);
      const directCostTypeId = rng.int(1, 6);
      // Approval facts (no PRNG draws, so everything seeded after stays as it was): the pm's showcase
      // project has one pending approval for 21 days (data quality flags > 14) and one Draft sent
      // back with a Revise and Resubmit reason; other pending ones were submitted 3 days ago.
      const showcase = info.projectId === SEED_FACTS.pmProjectId;
      let submittedAt: string | null = null;
      let revise: { reason: string; at: string } | null = null;
      if (stateName === 'Pending Approval') {
        submittedAt = addDays(this.cal.today, showcase ? -21 : -3);
        if (date > submittedAt) date = submittedAt;
      } else if (stateName === 'Approved' || stateName === 'Posted') {
        submittedAt = date;
      } else if (stateName === 'Draft' && showcase) {
        submittedAt = addDays(this.cal.today, -9);
        if (date > submittedAt) date = submittedAt;
        revise = { reason: 'Attach the signed delivery ticket, and put the freight charge on its own line.', at: addDays(this.cal.today, -6) };
      }
      const directCostId = this.insert('direct_costs', {
        projectId: info.projectId, budgetId: budget.budgetId, directCostTypeId, vendorId, number, directCostDate: date,
        description: ['Reimbursable expense', 'Small tools purchase', 'Permit fee', 'Testing & inspection', 'Travel', 'Equipment rental'][directCostTypeId - 1]!,
        amount: total, applicationRecordStateId: this.state('DirectCost', stateName), displayText: number, modifiedAt: t,
        invoiceNumber: `INV-${100000 + ((budget.budgetId * 1009 + n * 7919) % 900000)}`,
        submittedAt: submittedAt ? `${submittedAt}T15:00:00.000Z` : null, submittedByEmployeeId: submittedAt ? info.pmId : null,
        reviseReason: revise?.reason ?? null, revisedAt: revise ? `${revise.at}T16:30:00.000Z` : null,
        revisedByEmployeeId: revise ? SEED_FACTS.employeeIdByLogin.rpm! : null,
      });
      for (const item of items) {
        const hours = item.line.type === 'L' ? Math.round(item.amount / item.line.rate) : 0;
        this.insert('direct_cost_items', {
          directCostId, costCodeId: item.line.costCodeId, description: 'Direct cost', units: 0, hours, amount: item.amount, modifiedAt: t,
        });
        // An approved direct cost is cost on the job (as a posted one is).
        if ((stateName === 'Posted' || stateName === 'Approved') && date >= this.windowStart) {
          this.transaction(info, item.line, date, 'Direct Cost', 'DirectCost', directCostId, number, vendorId, 'Direct cost', item.amount, hours);
        }
      }
    }
  }

  /** Set once the seed has voided a direct cost (the first active project after the showcase with two or more). */
  directCostVoided = false;

  /**
   * The state of the `i`-th direct cost of a budget: closed projects' are Posted; active ones run
   * Draft, Pending Approval, Approved, then Posted, but for one Void (a record that had no postings).
   */
  directCostState(info: ProjectInfo, i: number): string {
    if (!info.active) return 'Posted';
    if (i === 1 && info.projectId !== SEED_FACTS.pmProjectId && !this.directCostVoided) {
      this.directCostVoided = true;
      return 'Void';
    }
    return ['Draft', 'Pending Approval', 'Approved'][i] ?? 'Posted';
  }

  // --- actual cost ---------------------------------------------------------------------------

  transaction(
    info: ProjectInfo, line: LineInfo, date: string, sourceType: string, sourceRecordKey: string | null, sourceRecordId: number | null,
    documentNumber: string, vendorId: number | null, description: string, amount: number, hours = 0,
  ): void {
    const units = line.unitPrice ? cents(amount / line.unitPrice) : 0;
    this.insert('cost_code_transactions', {
      costCodeId: line.costCodeId, budgetId: line.budgetId, projectId: info.projectId, transactionDate: date, sourceType,
      sourceRecordKey, sourceRecordId, documentNumber, vendorId, description, units, hours: hours || (line.type === 'L' ? cents(amount / line.rate) : 0),
      amount, modifiedAt: this.cal.stamp,
    });
    line.actual = cents(line.actual + amount);
  }

  /** Monthly postings from the project start (or the 18-month window) to the seed date. */
  transactions(info: ProjectInfo, lines: LineInfo[], perMonth: [number, number] = [0, 2]): void {
    const rng = this.rng;
    const firstMonth = info.start > this.windowStart ? info.start.slice(0, 7) + '-01' : this.windowStart;
    const months = Math.max(1, monthsBetween(firstMonth, this.cal.today));
    for (const line of lines) {
      if (line.type === 'R') continue;
      const target = line.amount * info.progress * rng.between(0.82, 1.08);
      let posted = 0;
      // What fell before the window is one balance-forward posting.
      if (info.start < this.windowStart) {
        const before = target * (monthsBetween(info.start, this.windowStart) / Math.max(1, monthsBetween(info.start, this.cal.today)));
        if (before > 1) {
          this.transaction(info, line, this.windowStart, 'Balance Forward', null, null, `BF-${addPeriods(periodOf(this.windowStart), -1)}`, null,
            `Cost to date before ${monthName(this.windowStart)}`, Math.round(before));
          posted += Math.round(before);
        }
      }
      const remaining = target - posted;
      for (let m = 0; m < months; m++) {
        const month = addMonths(firstMonth, m).slice(0, 7);
        const count = rng.int(perMonth[0], perMonth[1]) + (m === months - 1 ? 1 : 0);
        for (let k = 0; k < count; k++) {
          const amount = Math.round((remaining / months / Math.max(1, (perMonth[0] + perMonth[1]) / 2)) * rng.between(0.5, 1.5));
          if (amount === 0) continue;
          const date = `${month}-${pad(rng.int(1, 28), 2)}`;
          this.postByType(info, line, date, amount);
        }
      }
    }
  }

  postByType(info: ProjectInfo, line: LineInfo, date: string, amount: number): void {
    const ym = date.slice(0, 7);
    // A commitment not yet signed (or a purchase order not issued) is billed nothing: the cost stands on the line alone.
    const [sourceKey, sourceId] = this.billedTo(line);
    switch (line.type) {
      case 'L':
        this.transaction(info, line, date, 'Payroll', null, null, `PR-${ym}-${date.slice(8)}`, null, 'Field labor', amount);
        break;
      case 'S':
        this.transaction(info, line, date, 'Subcontract Pay Application', sourceKey, sourceId, `PAY-${ym.replace('-', '')}`,
          line.committedVendorId, 'Progress billing', amount);
        break;
      case 'M':
        this.transaction(info, line, date, 'AP Invoice', sourceKey, sourceId, `INV-${this.rng.int(100000, 999999)}`,
          line.committedVendorId ?? this.vendorFor(line.trade, line.costCodeId), 'Material invoice', amount);
        break;
      case 'E':
        this.transaction(info, line, date, 'Equipment Charge', sourceKey, sourceId, `EQ-${ym}`, line.committedVendorId, 'Equipment usage', amount);
        break;
      default:
        this.transaction(info, line, date, 'Warehouse Issue', sourceKey, sourceId, `WH-${ym}`, line.committedVendorId, 'Warehouse material', amount);
    }
  }

  /** Submitted projections for the prior period; the current period is pending for the project's PM. */
  projections(info: ProjectInfo, budget: ProjectInfo['budgets'][number]): void {
    if (!info.active) return;
    const rng = this.rng;
    const prior: Array<{ line: LineInfo; method: string; ctc: number }> = [];
    for (const line of budget.lines) {
      const manual = rng.chance(0.12);
      const ctc = Math.max(0, Math.round((line.amount - line.actual) * (manual ? rng.between(0.9, 1.2) : 1)));
      this.insert('projections', {
        costCodeId: line.costCodeId, budgetId: budget.budgetId, month: this.cal.priorPeriod, method: manual ? 'manual' : 'auto',
        projectedCostToComplete: ctc, projectedUnits: line.unitPrice ? Math.round(ctc / line.unitPrice) : null,
        projectedHours: line.type === 'L' ? Math.round(ctc / line.rate) : null, projectedFinalCost: cents(line.actual + ctc),
        reason: manual ? rng.pick(['Buyout savings expected', 'Pending change order', 'Scope growth per field walk', 'Productivity below plan']) : null,
        employeeId: info.pmId, submitted: 1, modifiedAt: this.cal.stamp,
      });
      prior.push({ line, method: manual ? 'manual' : 'auto', ctc });
    }
    // The ten months before that, submitted too (a year of forecasts with the current period, which shows the prior
    // month's carried forward until the PM saves): each month's final cost a little under the next one's, so the
    // forecast drifts up as jobs do. No random draws: the streams of everything seeded after stay as they were.
    for (let back = 2; back <= PROJECTION_HISTORY_MONTHS; back++) {
      const month = addPeriods(this.cal.period, -back);
      const stamp = `${lastDayOf(month)}T22:00:00.000Z`;
      for (const { line, method, ctc } of prior) {
        const finalCost = cents((line.actual + ctc) * (1 - 0.004 * (back - 1)));
        const monthCtc = Math.max(0, Math.round(ctc * (1 + 0.06 * (back - 1))));
        this.insert('projections', {
          costCodeId: line.costCodeId, budgetId: budget.budgetId, month, method, projectedCostToComplete: monthCtc,
          projectedUnits: line.unitPrice ? Math.round(monthCtc / line.unitPrice) : null, projectedHours: line.type === 'L' ? Math.round(monthCtc / line.rate) : null,
          projectedFinalCost: finalCost, reason: null, employeeId: info.pmId, submitted: 1, modifiedAt: stamp,
        });
      }
    }
    if (!budget.locked && (info.pmId === 2 || info.index % 3 !== 0)) {
      this.insert('budgets_pending_projections', { budgetId: budget.budgetId, employeeId: info.pmId, month: this.cal.period, modifiedAt: this.cal.stamp });
    }
  }

  // --- employee tools and open items ------------------------------------------------------------

  employeeTools(): void {
    const t = this.cal.stamp;
    const rng = this.rng;
    // Timecards: six weeks ending Sundays up to the Sunday that starts this week; the last one of 'pm' and 'employee' is not submitted.
    const weeks = [5, 4, 3, 2, 1, 0].map((w) => addDays(this.cal.weekStart, -7 * w));
    const tcEmployees = [1, 2, 3, 4, 5, 6, 7, 9, ...this.employeeIds.slice(9, 25)];
    for (const employeeId of tcEmployees) {
      for (const weekEnding of weeks) {
        const open = weekEnding === this.cal.weekStart && (employeeId === 2 || employeeId === 9);
        const entered = open ? (employeeId === 9 ? 32 : 24) : 40 + (rng.chance(0.2) ? rng.int(1, 10) : 0);
        this.insert('timecards', {
          employeeId, weekEnding, dueDate: weekEnding, enteredHours: entered, expectedHours: 40, submitted: open ? 0 : 1,
          submittedAt: open ? null : `${weekEnding}T22:00:00.000Z`, modifiedAt: t,
        });
      }
    }
    // PTO requests: some pending for rpm (manager of pm, employee and a third of the staff).
    // [employee, title, type, hours, first day as days from the Sunday that starts this week (a weekday), status]
    const requests: Array<[number, string, string, number, number, string]> = [
      [9, 'Vacation', 'Vacation', 24, 22, 'Pending'],
      [2, 'Family visit', 'Vacation', 16, 50, 'Pending'],
      [9, 'Dentist appointment', 'Sick', 4, -18, 'Approved'],
      [2, 'Personal day', 'Personal', 8, -44, 'Approved'],
      [this.employeeIds[9]!, 'Family travel', 'Vacation', 40, 57, 'Pending'],
      [this.employeeIds[12]!, 'Medical leave follow-up', 'Sick', 8, 8, 'Denied'],
      [4, 'Conference attendance', 'Personal', 16, 15, 'Pending'],
      [6, 'Family vacation', 'Vacation', 32, 134, 'Pending'],
    ];
    for (const [employeeId, title, ptoType, hours, fromWeekStart, status] of requests) {
      const start = addDays(this.cal.weekStart, fromWeekStart);
      const managerEmployeeId = employeeId === 2 || employeeId === 9 || employeeId === this.employeeIds[9] || employeeId === this.employeeIds[12] ? 3 : 1;
      this.insert('pto_requests', {
        employeeId, managerEmployeeId, title, ptoType, startDate: start, endDate: addDays(start, Math.max(0, Math.ceil(hours / 8) - 1)),
        ptoHours: hours, status, modifiedAt: t,
      });
    }
  }

  openItems(): void {
    const t = this.cal.stamp;
    const pfm = this.applicationIds.get('keyPFM')!;
    const project = this.projects[0]!;
    const q = `legalEntityId=${project.legalEntityId}&projectId=${project.projectId}&budgetId=${SEED_FACTS.pmBudgetId}`;
    const workflows: Array<[number, string, string, string, string, string, number, number]> = [
      [2, 'SC-24-1032-003', 'Subcontract Approval', 'Project Manager Review', `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=3`, 'Subcontract', 3, 1],
      [2, 'CE-002', 'Change Event Approval', 'Pricing Review', `/pfm/projects/changemanagement?${q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=2`, 'ChangeEvent', 2, 1],
      [2, 'DC-24-1032-002', 'Direct Cost Approval', 'Project Manager Review', `/pfm/projects/directcosts?${q}&workbench=DirectCost&recordKey=DirectCost&recordId=2`, 'DirectCost', 2, 1],
      [3, 'CE-005', 'Change Event Approval', 'Regional Approval', `/pfm/projects/changemanagement?${q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=5`, 'ChangeEvent', 5, 1],
      [3, 'SC-24-1032-001', 'Subcontract Approval', 'Regional Approval', `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=1`, 'Subcontract', 1, 1],
      [3, 'PTO-1', 'PTO Request', 'Manager Approval', '/teammembertoolbox/requests?recordKey=PtoRequest&recordId=1', 'PtoRequest', 1, 1],
      [1, 'OCO-001', 'Owner Change Order', 'Executive Approval', `/pfm/projects/owneragreements?${q}&workbench=OwnerAgreementChangeOrder&recordKey=OwnerAgreementChangeOrder&recordId=1`, 'OwnerAgreementChangeOrder', 1, 1],
      [2, 'SC-24-1032-002', 'Subcontract Approval', 'Complete', `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=2`, 'Subcontract', 2, 0],
    ];
    workflows.forEach(([employeeId, documentNumber, workflowTrigger, phaseName, directLink, key, recordId, open], index) => {
      this.insert('open_workflows', {
        employeeId, documentNumber, workflowTrigger, phaseName, directLink, applicationRecordKey: key, recordId, open,
        startedAt: addDays(this.cal.today, -(index + 2)), modifiedAt: t,
      });
    });
    // Unacknowledged changes for the pm on the showcase change events (made by the rpm).
    const changes: Array<[number, number, string, number, string, number]> = [
      [2, 2, 'ChangeEventItem', 4, 'Approved amount revised', 0],
      [2, 2, 'ChangeEvent', 2, 'Description updated', 0],
      [3, 3, 'ChangeEventItem', 7, 'Vendor proposal attached', 0],
      [5, 5, 'ChangeEvent', 5, 'Moved to Pending', 1],
    ];
    changes.forEach(([parentId, , recordType, recordId, description, acknowledged], index) => {
      this.insert('change_tracking', {
        applicationId: pfm, employeeId: 2, parentApplicationRecordId: parentId, parentRecordType: 'ChangeEvent', applicationRecordId: recordId,
        recordType, changedByEmployeeId: 3, description, acknowledged, changedAt: addDays(this.cal.today, -index), modifiedAt: t,
      });
    });
    // Files on a few showcase records.
    const files: Array<[string, number, string, string, string]> = [
      ['ChangeEvent', 1, 'Owner casework request.txt', 'text/plain', 'Owner requests six additional exam room casework units per revised layout.'],
      ['ChangeEvent', 1, 'Casework pricing.csv', 'text/csv', 'item,qty,unit,amount\nBase cabinet,12,EA,14400\nWall cabinet,12,EA,9600\n'],
      ['ChangeEvent', 3, 'Geotech report excerpt.txt', 'text/plain', 'Refusal encountered at 9 ft below elevator pit; rock excavation required.'],
      ['Subcontract', 1, 'Executed subcontract.txt', 'text/plain', 'Executed subcontract agreement (demo file).'],
      ['ChangeRecord', 4, 'Owner request letter.txt', 'text/plain', 'Owner request letter for additional exam room casework (demo file).'],
    ];
    for (const [key, recordId, name, mime, text] of files) {
      const bytes = Buffer.from(text, 'utf8');
      this.insert('files', {
        applicationRecordKey: key, recordId, name, mime, size: bytes.length, bytes, uploadedByEmployeeId: 2,
        uploadedAt: this.cal.stamp, modifiedAt: t,
      });
    }
    this.finish();
  }

  /** Back-fill what needed later ids: project primary budgets, change-order links, owner change order amounts. */
  finish(): void {
    for (const [projectId, budgetId] of this.pendingProjectBudget) {
      this.insertRaw(`UPDATE projects SET budgetId = ${budgetId}, legacyBudgetId = ${20000 + budgetId} WHERE projectId = ${projectId}`);
    }
    for (const [itemId, coItemId] of this.coLinks) {
      this.insertRaw(`UPDATE change_event_items SET coItemRecordKey = 'SubcontractChangeOrderItem', coItemRecordId = ${coItemId} WHERE changeEventItemId = ${itemId}`);
    }
    // Owner change orders are inserted before their change events and items.
    this.insertRaw(`UPDATE owner_agreement_change_orders SET amount = ${OWNER_CHANGE_ORDER_AMOUNT_SQL}`);
    this.pendingProjectBudget = [];
    this.coLinks = [];
  }

  /**
   * Known defects on the pm's project 1 so the data-quality screen (src/core/data-quality) has work
   * to show: written last and without the PRNG, so every other seeded row stays as it was.
   * - a Draft subcontract without items (rule commitment-without-items);
   * - a Draft purchase order of an inactive vendor whose item is on another project's cost code
   *   (inactive-vendor, item-cost-code-off-budget);
   * - a Draft owner change order without change events (owner-change-order-without-change-events);
   * - direct cost DC-24-1032-002 awaiting approval since 20 days before the seed date
   *   (direct-cost-pending-approval);
   * - the first Approved, unlinked item of CE-003 approved 45 days before the seed date
   *   (approved-item-not-committed).
   * Unreconciled cost adjustments, the unsubmitted projection and long-open change events arise from the data itself.
   */
  dataQualityDefects(): void {
    const t = this.cal.stamp;
    const project = this.projects[0]!;
    const budget = project.budgets[0]!;
    const activeVendor = this.vendorsByTrade.values().next().value![0]!;
    const scNumber = `SC-${budget.jobNumber}-${pad(this.next(`sc:${budget.budgetId}`), 3)}`;
    this.insertCommitment('Subcontract', 'subcontracts', {
      projectId: project.projectId, budgetId: budget.budgetId, vendorId: activeVendor, subcontractTypeId: 2, number: scNumber,
      description: 'Temporary protection and weather enclosures', applicationRecordStateId: this.state('Subcontract', 'Draft'),
      retainagePercent: 10, excessLiability: null, executedDate: null, billedToDate: 0,
      displayText: `${scNumber} ${this.vendorName.get(activeVendor)}`, modifiedAt: t,
    });
    const inactiveName = 'Gulf Coast Shoring Co. (closed)';
    const inactiveVendor = this.insert('vendors', {
      vendorNumber: 'V29999', name: inactiveName, trade: 'equipment', city: 'Houston', state: 'TX', phone: '(713) 555-0199',
      email: 'office@gulfcoastshoring.example', active: 0, displayText: `${inactiveName} (Houston, TX)`, modifiedAt: t,
    });
    this.vendorName.set(inactiveVendor, inactiveName);
    const poNumber = `PO-${budget.jobNumber}-${pad(this.next(`po:${budget.budgetId}`), 3)}`;
    const purchaseOrderId = this.insertCommitment('PurchaseOrder', 'purchase_orders', {
      projectId: project.projectId, budgetId: budget.budgetId, vendorId: inactiveVendor, purchaseAgreementId: null, number: poNumber,
      description: 'Shoring rental (vendor closed)', applicationRecordStateId: this.state('PurchaseOrder', 'Draft'), orderDate: addDays(this.cal.today, -12),
      billedToDate: 0, displayText: `${poNumber} ${inactiveName}`, modifiedAt: t,
    });
    const foreignLine = this.projects[1]!.budgets[0]!.lines[0]!;
    this.insert('purchase_order_items', {
      purchaseOrderId, costCodeId: foreignLine.costCodeId, description: 'Shoring frames (coded to another job)', quantity: 4, unitPrice: 1250, amount: 5000, modifiedAt: t,
    });
    const ocoNumber = `OCO-${pad(this.next(`oaco:${project.ownerAgreementId}`), 3)}`;
    this.insert('owner_agreement_change_orders', {
      ownerAgreementId: project.ownerAgreementId, budgetId: budget.budgetId, number: ocoNumber, description: 'Owner change order: weather protection (no change events yet)',
      amount: 0, applicationRecordStateId: this.state('OwnerAgreementChangeOrder', 'Draft'), changeOrderDate: addDays(this.cal.today, -8),
      displayText: `${ocoNumber} ${OWNERS[project.index]}`, modifiedAt: t,
    });
    this.insertRaw(`UPDATE direct_costs SET modifiedAt = '${addDays(this.cal.today, -20)}T12:00:00.000Z' WHERE budgetId = ${budget.budgetId} AND number = 'DC-${budget.jobNumber}-002'`);
    this.insertRaw(`UPDATE change_event_items SET modifiedAt = '${addDays(this.cal.today, -45)}T12:00:00.000Z' WHERE changeEventItemId = (
      SELECT min(i.changeEventItemId) FROM change_event_items i JOIN change_events ce USING (changeEventId)
      JOIN application_record_states s ON s.applicationRecordStateId = i.applicationRecordStateId
      WHERE ce.budgetId = ${budget.budgetId} AND ce.number = 'CE-003' AND s.name = 'Approved' AND i.coItemRecordId IS NULL)`);
  }

  /**
   * Opportunities (migration 005, issue 12): twelve pursuits across the three statuses, each with two
   * to five labour (L) cost codes. Fixed data, written last and without the PRNG, so every other seeded
   * row stays as it was. The codes were added by the rpm (employee 3) or the admin (employee 1).
   */
  opportunities(): void {
    const t = this.cal.stamp;
    const codes: ReadonlyArray<readonly [string, string]> = [
      ['01010000', 'Preconstruction services'], ['01020000', 'Estimating'], ['01030000', 'Proposal preparation'],
      ['01040000', 'Design-assist meetings'], ['01050000', 'Site visits and logistics planning'],
    ];
    OPPORTUNITIES.forEach(([number, name, client, legalEntityId, status, estimatedValue, codeCount], index) => {
      const opportunityId = this.insert('opportunities', {
        number, name, client, legalEntityId, status, estimatedValue, displayText: `${number} ${name}`, modifiedAt: t,
      });
      codes.slice(0, codeCount).forEach(([code, description], n) => {
        const addedAt = `${addDays(this.cal.today, -(60 - index * 3 - n))}T15:00:00.000Z`;
        this.insert('opportunity_cost_codes', {
          opportunityId, code, description, type: 'L', active: n === 4 ? 0 : 1, addedByEmployeeId: n % 2 === 0 ? 3 : 1, addedAt, modifiedAt: addedAt,
        });
      });
    });
  }

  /** Set by seedDatabase: runs a statement of trusted, integer-only SQL. */
  insertRaw: (sql: string) => void = () => undefined;

  // --- the benchmark project -----------------------------------------------------------------

  scaleProject(): void {
    const t = this.cal.stamp;
    const rng = new Rng(90001);
    const projectId = PROJECTS.length + 1;
    const number = '26-9001';
    // Started 22 months before the current period, finishing 19 months after it.
    const start = firstDayOf(addPeriods(this.cal.period, -22));
    this.insert('projects', {
      projectId, legalEntityId: 1, number, name: 'Benchmark Tower (scale test)', classification: 'GC', budgetId: null,
      legacyProjectId: 19001, legacyBudgetId: null, buyoutProjectId: 9001, procoreProjectId: 5629999,
      projectDescription: 'Synthetic project for benchmarks: 5,000 budget lines and 100,000+ transactions.', city: 'Dallas', state: 'TX',
      projectManagerEmployeeId: 2, regionalProjectManagerEmployeeId: 3, contractAmount: 900_000_000, startDate: start,
      completionDate: lastDayOf(addPeriods(this.cal.period, 19)), active: 1, displayText: `${number} Benchmark Tower (scale test)`, modifiedAt: t,
    });
    const budgetId = this.insert('budgets', {
      projectId, jobNumber: number, name: 'Benchmark Tower', displayText: `${number} Benchmark Tower`, budgetLock: 0,
      budgetLockReason: null, rollUpBudgetId: null, modifiedAt: t,
    });
    this.pendingProjectBudget.push([projectId, budgetId]);
    const info: ProjectInfo = {
      projectId, index: 0, number, name: 'Benchmark Tower', legalEntityId: 1, active: true, progress: 0.55, start, pmId: 2, budgets: [], ownerAgreementId: 0,
    };
    const lines: LineInfo[] = [];
    const saved = this.rng;
    (this as { rng: Rng }).rng = rng;
    outer: for (let suffix = 0; suffix < 100; suffix++) {
      for (const entry of COST_CODE_CATALOG) {
        for (const type of ['L', 'M', 'S', 'E', 'W']) {
          if (lines.length >= 5000) break outer;
          if (!entry.types.includes(type) && (suffix + type.charCodeAt(0)) % 3 !== 0) continue;
          const code = entry.code.slice(0, 6) + pad(suffix, 2);
          lines.push(this.line(budgetId, projectId, entry, type, Math.round(rng.between(5_000, 400_000)), code,
            suffix === 0 ? entry.description : `${entry.description} - Area ${suffix}`));
        }
      }
    }
    // 20-21 postings per line over 18 months: ≥ 100,000 in all.
    const months = 18;
    // Month by month, so posting order (the id) is date order as in a real ledger.
    for (let k = 0; k < 21; k++) {
      for (const line of lines) {
        const date = `${addMonths(this.windowStart, Math.floor((k * months) / 21)).slice(0, 7)}-${pad(1 + ((k * 7 + line.costCodeId) % 28), 2)}`;
        this.postByType(info, line, date, Math.round(line.amount * 0.55 / 21 * rng.between(0.6, 1.4)));
      }
    }
    this.insert('budgets_pending_projections', { budgetId, employeeId: 2, month: this.cal.period, modifiedAt: t });
    this.scaleAdjustmentsAndDirectCosts(info, budgetId, number, lines);
    (this as { rng: Rng }).rng = saved;
    this.finish();
  }
  /** The first of `names` that `key` has as a state (a state renamed by a later issue keeps working). */
  stateOf(key: string, names: readonly string[]): number {
    for (const name of names) if (this.stateIds.has(`${key}:${name}`)) return this.state(key, name);
    return this.state(key, names[0]!);
  }

  /**
   * The benchmark project's 10,000 cost adjustments and 10,000 direct costs (issue 11), one item
   * each, none posted (so the transactions stay as they are). Every 20th adjustment has no item
   * (unreconciled), so the data-quality screen has 500 rows to show. Arithmetic, not the PRNG.
   */
  scaleAdjustmentsAndDirectCosts(info: ProjectInfo, budgetId: number, jobNumber: string, lines: LineInfo[]): void {
    const t = this.cal.stamp;
    const open = this.stateOf('CostAdjustment', ['Open', 'Draft']);
    const vendors = [...this.vendorsByTrade.values()].flat();
    const dcStates = [this.state('DirectCost', 'Draft'), this.stateOf('DirectCost', ['Pending Approval', 'Submitted'])];
    for (let n = 1; n <= 10_000; n++) {
      const line = lines[(n * 7) % lines.length]!;
      const number = `CA-${jobNumber}-${pad(n, 5)}`;
      const amount = ((n * 37) % 2_000 + 100) * (n % 3 === 0 ? -1 : 1);
      const costAdjustmentId = this.insert('cost_adjustments', {
        projectId: info.projectId, budgetId, costAdjustmentReasonId: 1 + (n % 5), number, description: `Benchmark adjustment ${n}`,
        adjustmentDate: addDays(this.cal.today, -(n % 300)), amount, applicationRecordStateId: open, displayText: number, modifiedAt: t,
      });
      if (n % 20 !== 0) this.insert('cost_adjustment_items', { costAdjustmentId, costCodeId: line.costCodeId, description: 'Reclass', amount, modifiedAt: t });
    }
    for (let n = 1; n <= 10_000; n++) {
      const line = lines[(n * 11) % lines.length]!;
      const number = `DC-${jobNumber}-${pad(n, 5)}`;
      const amount = (n * 53) % 5_000 + 150;
      const directCostTypeId = 1 + (n % 6);
      const directCostId = this.insert('direct_costs', {
        projectId: info.projectId, budgetId, directCostTypeId, vendorId: vendors[n % vendors.length]!, number, directCostDate: addDays(this.cal.today, -(n % 365)),
        description: `Benchmark direct cost ${n}`, amount, applicationRecordStateId: dcStates[n % 2]!, displayText: number, modifiedAt: t,
      });
      this.insert('direct_cost_items', { directCostId, costCodeId: line.costCodeId, description: 'Direct cost', units: 0, hours: 0, amount, modifiedAt: t });
    }
  }
}


const CHANGE_TITLES = [
  'Owner-requested finish upgrades', 'Added electrical outlets in break room', 'Revised storefront elevations', 'Unforeseen underground utilities',
  'Code-required fire rated corridor', 'Value engineering: ductwork reroute', 'Additional structural steel bracing', 'Roof top unit curb changes',
  'Revised site grading at entry drive', 'Owner security system rough-in', 'ADA restroom modifications', 'Soil remediation at building pad',
  'Added casework in nurse station', 'Lighting control upgrade', 'Schedule acceleration overtime',
];
const RFI_SUBJECTS = [
  'Conflict between duct and beam at gridline C-4', 'Door hardware set at stair 2', 'Slab depression at restrooms',
  'Curtain wall embed locations', 'Fire damper access at corridor', 'Ceiling height in lobby', 'Masonry control joint spacing',
  'Roof drain sizing', 'Electrical panel clearance in room 114', 'Finish schedule discrepancy on level 3',
];
