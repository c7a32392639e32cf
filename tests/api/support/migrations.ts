/**
 * A database as an earlier version of the host left it: every migration below `version` applied and
 * recorded (schema_migrations and user_version, as the runner in demo/host/db/index.ts writes them),
 * nothing else. The migration tests add the rows they need, close it, and open it with the current
 * `openDatabase` to see the upgrade keep them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../demo/host/db/index';
import { registerHistoryFunctions } from '../../../demo/host/db/history';
import { MIGRATIONS } from '../../../demo/host/db/migrations';

export function databaseBefore(file: string, version: number): Database.Database {
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, appliedAt TEXT NOT NULL)');
  for (const migration of MIGRATIONS.filter((m) => m.version < version)) {
    db.exec(migration.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(migration.version, migration.name, '2026-01-01T00:00:00.000Z');
    db.pragma(`user_version = ${migration.version}`);
  }
  return db;
}

/**
 * Runs a migration test in a fresh temporary folder (`dir`), with the path of its old database there (`file`,
 * `old.sqlite`); the folder is removed after, whether the test passes or not.
 */
export function inTempFolder(prefix: string, test: (file: string, dir: string) => void): void {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    test(path.join(dir, 'old.sqlite'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A test of migration `version` on the previous release's database (migrated and seeded by that release, kept as
 * tests/api/fixtures/previous-release.sqlite.gz by scripts/release-database.ts), in a fresh temporary folder:
 * `before` reads (and may add) rows in the database as that release left it; `after` gets the same database opened
 * with the current `openDatabase`, which runs the migration, and what `before` returned.
 */
export function upgradePreviousRelease<T>(prefix: string, version: number, before: (old: Database.Database) => T,
  after: (db: Database.Database, seen: T) => void): void {
  inTempFolder(prefix, (file) => {
    writeFileSync(file, gunzipSync(readFileSync(path.join('tests/api/fixtures/previous-release.sqlite.gz'))));
    const old = new Database(file);
    // The release's history triggers call the host's SQL functions.
    registerHistoryFunctions(old);
    assert.ok((old.pragma('user_version', { simple: true }) as number) < version);
    const seen = before(old);
    old.close();

    const db = openDatabase({ file });
    try {
      after(db, seen);
    } finally {
      db.close();
    }
  });
}
