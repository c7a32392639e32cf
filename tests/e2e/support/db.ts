/**
 * The e2e host's database, read-only: what a test checks against "the database" rather than what the
 * API answers (the host started by playwright.config.ts keeps it in `.tmp/e2e-data-<port>`).
 */
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { seedCalendar, seedDayOf, type SeedCalendar } from '../../../demo/host/db/seed';

const PORT = Number(process.env.E2E_PORT ?? 8543);
let db: Database.Database | undefined;

/** A read-only connection to the running e2e host's database (one per worker). */
export function e2eDb(): Database.Database {
  db ??= new Database(resolve(`.tmp/e2e-data-${PORT}/portal.sqlite`), { readonly: true, fileMustExist: true });
  return db;
}

/**
 * The calendar the e2e host's data was seeded on (the seed is relative to its day: db/seed/): its today, the
 * Sunday of its week (the employee owes the week before) and its period.
 */
export function seeded(): SeedCalendar {
  const day = seedDayOf(e2eDb());
  if (!day) throw new Error('the e2e database has no seedDay setting');
  return seedCalendar(day);
}

const TABLES = {
  ChangeRecord: { table: 'change_records', id: 'changeRecordId' },
  ChangeEvent: { table: 'change_events', id: 'changeEventId' },
  ChangeEventItem: { table: 'change_event_items', id: 'changeEventItemId' },
} as const;

/** The state name of a change event, item or initiating document as stored. */
export function storedState(kind: keyof typeof TABLES, id: number): string {
  const { table, id: idColumn } = TABLES[kind];
  const row = e2eDb().prepare(`SELECT s.name FROM ${table} t JOIN application_record_states s USING (applicationRecordStateId)
    WHERE t.${idColumn} = ?`).get(id) as { name: string } | undefined;
  if (!row) throw new Error(`${kind} ${id} is not in the database`);
  return row.name;
}

/** Stored item states of a change event by item id, nested items included. */
export function storedItemStates(changeEventId: number): Record<number, string> {
  const rows = e2eDb().prepare(`SELECT i.changeEventItemId AS id, s.name FROM change_event_items i JOIN application_record_states s USING (applicationRecordStateId)
    WHERE i.changeEventId = ? ORDER BY i.changeEventItemId`).all(changeEventId) as Array<{ id: number; name: string }>;
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

/** The id of state `name` of record kind `kind`. */
export function stateIdOf(kind: string, name: string): number {
  const row = e2eDb().prepare('SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = ? AND name = ?').get(kind, name) as { id: number } | undefined;
  if (!row) throw new Error(`No state '${name}' of ${kind}`);
  return row.id;
}
