/**
 * Data kept across upgrades (issue 16). The previous release's database (migrated and seeded by that
 * release, kept as tests/api/fixtures/previous-release.sqlite.gz by scripts/release-database.ts) is
 * upgraded by starting the current host on it: every row of every table it had is still there, with
 * every value it had, the new migrations are recorded, and the API serves the old records. A failed
 * migration leaves the database as it was: schema, rows, recorded versions, even when an earlier
 * migration of the same upgrade had succeeded.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { migrate } from '../../demo/host/db';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { registerHistoryFunctions } from '../../demo/host/db/history';
import { createHost, type Host } from '../../demo/host/server';
import { DEFAULT_TEST_TLS_DIR, signInOverHttp } from './support/host';
import { currentPeriod } from '../../src/core/clock';
import type { Row } from './support/use-host';

const dir = mkdtempSync(path.join(tmpdir(), 'bizapps-upgrade-'));
const pristine = path.join(dir, 'previous-release.sqlite');
writeFileSync(pristine, gunzipSync(readFileSync('tests/api/fixtures/previous-release.sqlite.gz')));
after(() => rmSync(dir, { recursive: true, force: true }));

const tablesOf = (db: Database.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Row[]).map((r) => r.name);
const columnsOf = (db: Database.Database, table: string): string[] =>
  (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as Row[]).map((r) => r.name);
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Everything that must not change when a migration fails: schema text, row counts and a checksum of every table, versions. */
function snapshot(db: Database.Database): string {
  const schema = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
  const tables = tablesOf(db).map((table) => {
    const rows = db.prepare(`SELECT * FROM ${quote(table)} ORDER BY rowid`).raw().all();
    return [table, rows.length, JSON.stringify(rows).length, JSON.stringify(rows).slice(0, 2000)];
  });
  return JSON.stringify({ schema, tables, version: db.pragma('user_version', { simple: true }) });
}

describe('upgrading the previous release\'s database', () => {
  let host: Host;
  let old: Database.Database;
  const dataDir = path.join(dir, 'host');

  before(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    (await import('node:fs')).mkdirSync(dataDir, { recursive: true });
    copyFileSync(pristine, path.join(dataDir, 'portal.sqlite'));
    old = new Database(pristine, { readonly: true });
    host = await createHost({ port: 0, dataDir, tlsDir: process.env.TEST_TLS_DIR ?? DEFAULT_TEST_TLS_DIR, reset: false });
  });
  after(async () => {
    old?.close();
    await host?.close();
  });

  it('is a real earlier database: migrated by the previous release and full of seeded records', () => {
    const version = old.pragma('user_version', { simple: true }) as number;
    assert.ok(version >= 20 && version <= MIGRATIONS.at(-1)!.version, `fixture schema version ${version}`);
    for (const table of ['projects', 'subcontracts', 'change_events', 'weekly_timecards', 'slim_requests', 'project_team_members', 'it_cost_items']) {
      const n = (old.prepare(`SELECT count(*) AS n FROM ${table}`).get() as Row).n as number;
      assert.ok(n > 0, `${table} has rows in the fixture`);
    }
  });

  it('records every migration of this release and keeps every table, column, row and value the old database had', () => {
    const versions = (host.db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Row[]).map((r) => r.version);
    assert.deepEqual(versions, MIGRATIONS.map((m) => m.version));
    assert.equal(host.db.pragma('user_version', { simple: true }), MIGRATIONS.at(-1)!.version);

    host.db.exec(`ATTACH DATABASE '${pristine.replace(/'/g, "''")}' AS old`);
    try {
      let rows = 0;
      for (const table of tablesOf(old)) {
        const columns = columnsOf(old, table);
        const kept = columnsOf(host.db, table);
        assert.deepEqual(columns.filter((c) => !kept.includes(c)), [], `${table} lost columns`);
        const list = columns.map(quote).join(', ');
        // Rows of the old database that the upgraded one does not have with every old value equal.
        const missing = host.db.prepare(`SELECT count(*) AS n FROM (SELECT ${list} FROM old.${quote(table)} EXCEPT SELECT ${list} FROM main.${quote(table)})`).get() as Row;
        assert.equal(missing.n, 0, `${table}: ${missing.n} old rows missing or changed`);
        const counts = host.db.prepare(`SELECT (SELECT count(*) FROM old.${quote(table)}) AS was, (SELECT count(*) FROM main.${quote(table)}) AS now`).get() as Row;
        assert.ok(counts.now >= counts.was, `${table}: ${counts.was} rows before, ${counts.now} after`);
        rows += counts.was as number;
      }
      assert.ok(rows > 10_000, `compared ${rows} rows`);
    } finally {
      host.db.exec('DETACH DATABASE old');
    }
  });

  it('serves the old records through the API after the upgrade (a pm signs in and lists his projects)', async () => {
    const { access_token: token } = await signInOverHttp(host.url, 'pm');
    const answer = await fetch(`${host.url}/api/pfm/getprojects`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(answer.status, 200);
    const projects = ((await answer.json()) as { data: Row[] }).data;
    const expected = (old.prepare(`SELECT count(DISTINCT p.projectId) AS n FROM projects p JOIN project_team_members m USING (projectId)
      JOIN employees e USING (employeeId) WHERE e.login = 'pm' AND m.removedAt IS NULL AND (m.endDate IS NULL OR m.endDate >= date('now')) AND p.active = 1`).get() as Row).n;
    assert.ok(projects.length > 0);
    assert.equal(projects.length, expected);
  });

  it('was made on an earlier day, and the product handles the time since: the current period opens with the last projections carried forward', async () => {
    // The previous release seeded it as of its own fixed day: its newest projections are of an earlier month.
    const newest = old.prepare('SELECT max(month) AS m FROM projections').get() as Row;
    assert.ok(newest.m < currentPeriod(), `the fixture's newest projections (${newest.m}) are before ${currentPeriod()}`);
    const { access_token: token } = await signInOverHttp(host.url, 'pm');
    const answer = await fetch(`${host.url}/api/pfm/getcostcodetransactionsummary?recordKey=Budget&recordId=1`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(answer.status, 200);
    const lines = ((await answer.json()) as { data: Row[] }).data;
    assert.ok(lines.length > 0);
    assert.deepEqual([...new Set(lines.map((l) => l.month))], [currentPeriod()]);
    // A line projected manually in the fixture's last month still shows that projection, carried and not submitted.
    const manual = old.prepare(`SELECT costCodeId, projectedCostToComplete FROM projections WHERE budgetId = 1 AND method = 'manual' AND month = ? ORDER BY costCodeId LIMIT 1`)
      .get(newest.m) as Row | undefined;
    if (manual) {
      const carried = lines.find((l) => l.costCodeId === manual.costCodeId)!;
      assert.deepEqual([carried.projectionMethod, carried.projectedCostToComplete, carried.projectionSubmitted], ['manual', manual.projectedCostToComplete, false]);
    }
  });
});

describe('a failed migration', () => {
  const failing = { version: 100_000, name: '100000_fails_half_way', sql: "CREATE TABLE upgrade_probe (x); ALTER TABLE projects ADD COLUMN upgradeProbe TEXT; UPDATE projects SET name = 'changed'; INSERT INTO no_such_table VALUES (1);" };
  const fine = { version: 99_999, name: '99999_would_work', sql: "CREATE TABLE upgrade_ok (x); UPDATE employees SET jobTitle = 'changed';" };

  it('leaves the database exactly as it was, including what an earlier migration of the same upgrade did, and says which failed', () => {
    const file = path.join(dir, 'failing.sqlite');
    copyFileSync(pristine, file);
    const db = new Database(file);
    // As openDatabase does: the history triggers a migration's UPDATE fires call these.
    registerHistoryFunctions(db);
    try {
      const before = snapshot(db);
      assert.throws(() => migrate(db, [...MIGRATIONS, fine, failing]), (error: Error) => {
        assert.match(error.message, /^Migration 100000_fails_half_way failed, so no migration was applied and the database is as it was \(version \d+\): no such table: no_such_table/);
        return true;
      });
      assert.equal(snapshot(db), before);
      assert.equal(tablesOf(db).includes('upgrade_ok'), false);
      assert.equal(columnsOf(db, 'projects').includes('upgradeProbe'), false);
      // And the database still upgrades once the migration is mended.
      assert.equal(migrate(db, [...MIGRATIONS, fine]), false);
      assert.equal(tablesOf(db).includes('upgrade_ok'), true);
    } finally {
      db.close();
    }
  });
});
