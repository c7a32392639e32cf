/**
 * The identity provider's storage (sessions, grants, authorization codes, refresh tokens,
 * interactions) in the host's SQLite database, so a restart of the demo host keeps everyone signed
 * in. oidc-provider's built-in memory adapter forgets everything on restart and keeps only its
 * 1,000 most recent entries. The table belongs to the provider, not to the §7 data: it is created
 * here, not by the migrations, and holds each model's payload as JSON.
 */
import type Database from 'better-sqlite3';

type Payload = Record<string, unknown>;

/** The adapter interface oidc-provider 9 calls (one instance per model name). */
export interface ProviderAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An adapter factory over `db` for the provider's `adapter` option. */
export function sqliteAdapter(db: Database.Database): (model: string) => ProviderAdapter {
  db.exec(`CREATE TABLE IF NOT EXISTS oidc_entries (
      model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL,
      grantId TEXT, userCode TEXT, uid TEXT, expiresAt INTEGER,
      PRIMARY KEY (model, id));
    CREATE INDEX IF NOT EXISTS oidc_entries_grant ON oidc_entries(grantId);
    CREATE INDEX IF NOT EXISTS oidc_entries_uid ON oidc_entries(model, uid);
    CREATE INDEX IF NOT EXISTS oidc_entries_user_code ON oidc_entries(model, userCode);`);
  // Expired entries are never read; drop them once per start.
  db.prepare('DELETE FROM oidc_entries WHERE expiresAt IS NOT NULL AND expiresAt <= ?').run(nowSeconds());

  const statements = {
    upsert: db.prepare(`INSERT INTO oidc_entries (model, id, payload, grantId, userCode, uid, expiresAt) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grantId = excluded.grantId, userCode = excluded.userCode,
        uid = excluded.uid, expiresAt = excluded.expiresAt`),
    find: db.prepare('SELECT payload FROM oidc_entries WHERE model = ? AND id = ? AND (expiresAt IS NULL OR expiresAt > ?)'),
    findByUid: db.prepare('SELECT payload FROM oidc_entries WHERE model = ? AND uid = ? AND (expiresAt IS NULL OR expiresAt > ?)'),
    findByUserCode: db.prepare('SELECT payload FROM oidc_entries WHERE model = ? AND userCode = ? AND (expiresAt IS NULL OR expiresAt > ?)'),
    consume: db.prepare("UPDATE oidc_entries SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?"),
    destroy: db.prepare('DELETE FROM oidc_entries WHERE model = ? AND id = ?'),
    // The token kinds a grant owns (as oidc-provider's memory adapter counts them).
    revoke: db.prepare(`DELETE FROM oidc_entries WHERE grantId = ? AND model IN ('AccessToken', 'AuthorizationCode', 'RefreshToken',
      'DeviceCode', 'BackchannelAuthenticationRequest', 'PreAuthorizedCode')`),
  };
  const parse = (row: unknown): Payload | undefined => (row ? (JSON.parse((row as { payload: string }).payload) as Payload) : undefined);
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = typeof expiresIn === 'number' ? nowSeconds() + expiresIn : null;
      statements.upsert.run(model, id, JSON.stringify(payload), text(payload.grantId), text(payload.userCode), text(payload.uid), expiresAt);
    },
    async find(id) { return parse(statements.find.get(model, id, nowSeconds())); },
    async findByUid(uid) { return parse(statements.findByUid.get(model, uid, nowSeconds())); },
    async findByUserCode(userCode) { return parse(statements.findByUserCode.get(model, userCode, nowSeconds())); },
    async consume(id) { statements.consume.run(nowSeconds(), model, id); },
    async destroy(id) { statements.destroy.run(model, id); },
    async revokeByGrantId(grantId) { statements.revoke.run(grantId); },
  });
}
