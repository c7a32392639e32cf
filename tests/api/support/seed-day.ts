/**
 * The day the API tests' databases are seeded on. The seed is relative to the day it is made (db/seed.ts,
 * SeedCalendar), so the tests pin the clock to this instant while seeding and keep their fixed-date
 * expectations: Sunday 2026-11-01, 07:00 Central.
 */
import type Database from 'better-sqlite3';
import { openDatabase, type OpenDatabaseOptions } from '../../../demo/host/db/index';
import { seedEnvelopes } from '../../../demo/host/db/seed/esign';
import { pinClock, setClock } from '../../../src/core/clock';

/** The seed day of every test database. */
export const TEST_SEED_DAY = '2026-11-01';
/** The instant the clock is pinned to while a test database is seeded. */
export const TEST_SEED_INSTANT = '2026-11-01T12:00:00.000Z';

/**
 * `openDatabase`, seeding (when fresh) as of {@link TEST_SEED_DAY}: the clock is pinned while it opens, then
 * put back as it was (a test's own pinned clock stays).
 */
export function openTestDatabase(options: OpenDatabaseOptions): Database.Database {
  const previous = pinClock(TEST_SEED_INSTANT);
  try {
    return openDatabase(options);
  } finally {
    setClock(previous);
  }
}

/**
 * What the host does at start on a database just seeded (server.ts): the seed's e-sign envelopes, made as of
 * {@link TEST_SEED_INSTANT} like the rest of the test seed.
 */
export async function seedTestEnvelopes(db: Database.Database): Promise<void> {
  const previous = pinClock(TEST_SEED_INSTANT);
  try {
    await seedEnvelopes(db);
  } finally {
    setClock(previous);
  }
}
