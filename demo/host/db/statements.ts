/**
 * Statements prepared once per database connection (issue 16: list calls under load prepared the same
 * statements for every row of every request, a large share of their time).
 *
 * Only the host's own SQL texts go in (constant, or built from the schema such as a table name), never
 * SQL built from a request's values, so the cache holds a bounded number of statements and needs no
 * other bound; it goes with its connection (WeakMap). SQLite re-prepares a statement by itself when
 * the schema changes.
 */
import type Database from 'better-sqlite3';

export type StatementMode = 'rows' | 'pluck';

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * `db.prepare(sql)`, once per connection: `mode` 'pluck' answers the first column of each row. Callers
 * use it with `.get()` / `.all()` / `.run()` and never change its mode (pluck, raw, expand) themselves:
 * the statement is shared with every other caller of the same text.
 */
export function prepared(db: Database.Database, sql: string, mode: StatementMode = 'rows'): Database.Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  const key = `${mode}\u0000${sql}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    statements.set(key, statement);
  }
  return statement;
}
