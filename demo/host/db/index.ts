// PLACEHOLDER until the database helper lands: the real module creates, migrates and seeds SQLite.
import Database from 'better-sqlite3';

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
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  return db;
}
