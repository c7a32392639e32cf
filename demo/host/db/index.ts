/**
 * The demo host's database: SQLite through better-sqlite3, WAL, foreign keys on, schema by numbered
 * migrations (migrations.ts), seeded deterministically on first run (seed/).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { installHistoryTriggers, registerHistoryFunctions } from './history';
import { MIGRATIONS, type Migration } from './migrations';
import { seedDatabase } from './seed';

export { SEED_DAY_SETTING, SEED_FACTS, seedCalendar, seedDayOf, type SeedCalendar } from './seed';

export interface OpenDatabaseOptions {
  /** The SQLite file. */
  file: string;
  /** Delete and recreate. */
  reset?: boolean;
  /** Add the benchmark project (5,000 budget lines, ≥ 100,000 transactions). */
  scale?: boolean;
}

/** Open (creating, migrating and seeding on first run) the demo database. */
export function openDatabase(options: OpenDatabaseOptions): Database.Database {
  if (options.reset) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(options.file + suffix, { force: true });
  }
  if (options.file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // 64 MB page cache: the benchmark project's 100,000 transactions stay in memory.
  db.pragma('cache_size = -65536');
  // Before anything writes: the history triggers call these (db/history.ts).
  registerHistoryFunctions(db);
  const fresh = migrate(db);
  if (fresh) seedDatabase(db, { scale: options.scale });
  else if (options.scale && !hasScaleProject(db)) {
    // The benchmark project is written at seed time (it shares the seeder's reference state).
    db.close();
    throw new Error('openDatabase: the benchmark project (--scale) needs a fresh database: add --reset.');
  }
  // After the seed (which has no actor, so would record nothing anyway): from now on writes are recorded.
  installHistoryTriggers(db);
  return db;
}

/**
 * Apply the migrations not yet applied, all in ONE transaction: when any of them fails, none of them
 * stays applied and the database is left exactly as it was (schema, data, recorded versions), and the
 * error names the migration. True when the database was empty (needs seeding).
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): boolean {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, appliedAt TEXT NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version),
  );
  const fresh = applied.size === 0;
  const pending = migrations.filter((migration) => !applied.has(migration.version));
  if (pending.length === 0) return fresh;
  const before = db.pragma('user_version', { simple: true }) as number;
  let current: Migration | undefined;
  try {
    db.transaction(() => {
      for (const migration of pending) {
        current = migration;
        db.exec(migration.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, appliedAt) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, new Date().toISOString());
        db.pragma(`user_version = ${migration.version}`);
      }
    })();
  } catch (error) {
    // user_version is not transactional in every SQLite build: put it back with the rest.
    db.pragma(`user_version = ${before}`);
    throw new Error(`Migration ${current?.name ?? '?'} failed, so no migration was applied and the database is as it was (version ${before}): ${(error as Error).message}`, { cause: error });
  }
  return fresh;
}

function hasScaleProject(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM projects WHERE number = '26-9001'").get() !== undefined;
}
