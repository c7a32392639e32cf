/**
 * The main seed's shared state (the company, its projects and their records, on the stream 20261101): what one
 * section leaves for the next, in the order index.ts runs them. Every draw comes from `rng` in that order, so a
 * section moved or a draw added changes everything seeded after it: add new data on a stream of its own.
 */
import type Database from 'better-sqlite3';
import { addPeriods, firstDayOf } from '../../../../src/core/clock';
import type { Rng } from '../prng';
import type { SeedCalendar } from './support';

/** Months of cost-code transactions before the current period. */
export const TRANSACTION_MONTHS = 18;

/** A budget line as the sections after it need it (its cost so far, the commitment that covers it). */
export interface LineInfo {
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

export interface BudgetInfo {
  budgetId: number;
  jobNumber: string;
  lines: LineInfo[];
  locked: boolean;
  rollUp: boolean;
}

export interface ProjectInfo {
  projectId: number;
  index: number;
  number: string;
  name: string;
  legalEntityId: number;
  active: boolean;
  progress: number;
  start: string;
  pmId: number;
  budgets: BudgetInfo[];
  ownerAgreementId: number;
}

export class Seeder {
  readonly vendorsByTrade = new Map<string, number[]>();
  readonly vendorName = new Map<number, string>();
  applicationIds = new Map<string, number>();
  employeeIds: number[] = [];
  projectManagers: number[] = [];
  projects: ProjectInfo[] = [];
  counters = new Map<string, number>();
  /** Pairs [projectId, primary budgetId]; the project row's budgetId is set after insert. */
  pendingProjectBudget: Array<[number, number]> = [];
  /** Change records by `${budgetId}:${index}`. */
  crIds = new Map<string, number>();
  /** 'Subcontract:12' for each commitment that can be billed: signed (Executed, Closed) or, for purchase orders, issued. */
  billable = new Set<string>();
  /** [change event item, subcontract change order item] links, written once both exist. */
  coLinks: Array<[number, number]> = [];
  /** Set once the seed has voided a direct cost (the first active project after the showcase with two or more). */
  directCostVoided = false;

  /** The first day of the months of transactions (the 18 before the current period). */
  readonly windowStart: string;

  /** `rng` is swapped for the benchmark project's own stream while it is written (scale-project.ts). */
  constructor(readonly db: Database.Database, public rng: Rng, readonly cal: SeedCalendar) {
    this.windowStart = firstDayOf(addPeriods(cal.period, -TRANSACTION_MONTHS));
  }

  /** The next number of `counter` (1, 2, …): record numbers per budget. */
  next(counter: string): number {
    const value = (this.counters.get(counter) ?? 0) + 1;
    this.counters.set(counter, value);
    return value;
  }
}
