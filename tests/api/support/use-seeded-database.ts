/**
 * One seeded database for a test file that reads the database without a host: `useSeededDatabase(prefix)` makes a
 * temporary folder, registers the before() that opens `seed.sqlite` in it fresh (seeded as of the test seed day) and
 * the after() that closes it and removes the folder, and answers the folder and readers of the database.
 */
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openTestDatabase } from './seed-day';
import type { Row } from './use-host';

export function useSeededDatabase(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  let opened: Database.Database | undefined;
  before(() => {
    opened = openTestDatabase({ file: path.join(dir, 'seed.sqlite'), reset: true });
  });
  after(() => {
    opened?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const db = (): Database.Database => {
    if (!opened) throw new Error('useSeededDatabase: the database opens in before(); read it in a hook or a test.');
    return opened;
  };
  const one = (sql: string, ...args: unknown[]) => db().prepare(sql).get(...args) as Row;
  return {
    /** The temporary folder (removed after the file's tests): room for other databases a test makes. */
    dir,
    /** The seeded database. */
    db,
    /** The first row of a query. */
    one,
    /** Every row of a query. */
    all: (sql: string, ...args: unknown[]) => db().prepare(sql).all(...args) as Row[],
    /** The `n` column of a query's first row. */
    n: (sql: string, ...args: unknown[]) => one(sql, ...args).n as number,
  };
}
