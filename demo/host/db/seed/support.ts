/**
 * What every section of the seed shares: one way to insert a row, to look up a record state, an application and a
 * demo account, and the days the seed is relative to (SeedCalendar) with the date arithmetic on them.
 *
 * Every date the seed writes is an offset from the day it is seeded on (today by the one clock), so a demo started
 * on any day looks like a live company's portal on that day, and two seeds of the same day write the same data.
 * Days are counted with the product's own calendar arithmetic (src/core), so the seed and the screens agree.
 */
import type Database from 'better-sqlite3';
import { addPeriods, periodOf } from '../../../../src/core/clock';
import { addDays, weekOf } from '../../../../src/core/timecards';

export { addDays };

/** A row to insert: column → value. */
export type Row = Record<string, string | number | null | Buffer>;

/** Prepared INSERTs by database, then by table and columns (the seed writes over 100,000 rows with --scale). */
const insertStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Insert `row` into `table` (its keys are the columns); answers the new rowid. */
export function insert(db: Database.Database, table: string, row: Row): number {
  let statements = insertStatements.get(db);
  if (!statements) insertStatements.set(db, (statements = new Map()));
  const columns = Object.keys(row);
  const key = `${table}(${columns.join(',')})`;
  let statement = statements.get(key);
  if (!statement) {
    statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`);
    statements.set(key, statement);
  }
  return Number(statement.run(row).lastInsertRowid);
}

/** The id of record `key`'s state `name`, or undefined when the record has no such state. */
export function findStateId(db: Database.Database, key: string, name: string): number | undefined {
  return db.prepare('SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = ? AND name = ?').pluck().get(key, name) as
    | number
    | undefined;
}

/** The id of record `key`'s state `name` (a seed naming a state that does not exist is a bug: it throws). */
export function stateId(db: Database.Database, key: string, name: string): number {
  const id = findStateId(db, key, name);
  if (id === undefined) throw new Error(`seed: no state ${key}:${name}`);
  return id;
}

/** The ids of the timecard's states, by name (the weekly cards and the benchmark's both write them). */
export const timecardStates = (db: Database.Database) => ({
  Draft: stateId(db, 'Timecard', 'Draft'), Submitted: stateId(db, 'Timecard', 'Submitted'),
  Approved: stateId(db, 'Timecard', 'Approved'), Processed: stateId(db, 'Timecard', 'Processed'),
});

/** The id of the application `applicationKey` ('keyTC'). */
export const applicationIdOf = (db: Database.Database, applicationKey: string): number =>
  db.prepare('SELECT applicationId FROM applications WHERE applicationKey = ?').pluck().get(applicationKey) as number;

/** The employee id of the demo account `login` ('pm'). */
export const employeeIdOf = (db: Database.Database, login: string): number =>
  db.prepare('SELECT employeeId FROM employees WHERE login = ?').pluck().get(login) as number;

// --- the seed day --------------------------------------------------------------------------------

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

// --- dates relative to it --------------------------------------------------------------------------

/** `n` as digits, zero-padded to `width`. */
export const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `hour`:00 UTC (15:00 unless told: mid-morning Central) on `day`, as an ISO instant. */
export const atHour = (day: string, hour = 15): string => `${day}T${pad(hour)}:00:00.000Z`;

/** The ISO instant `days` (any fraction of them) after `instant`. */
export const addDaysToInstant = (instant: string, days: number): string => new Date(Date.parse(instant) + days * 86_400_000).toISOString();

/** `isoDate` moved by `months` months (on the 28th at most, so every month has the day). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, Math.min(d, 28)));
  return date.toISOString().slice(0, 10);
}

/** Whole months from the month of `a` to the month of `b`. */
export function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split('-').map(Number) as [number, number];
  const [yb, mb] = b.split('-').map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma);
}

/** 'May 2025' for a day or period of May 2025. */
export const monthName = (dayOrPeriod: string): string =>
  new Date(`${dayOrPeriod.slice(0, 7)}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
