// `node --import tsx scripts/release-database.ts`: keep the database this release makes (migrated and seeded, as a
// fresh demo host leaves it) as tests/api/fixtures/previous-release.sqlite.gz. Run it when a release lands; the next
// release's upgrade test (tests/api/upgrade.test.ts) then starts the host on it and finds every record still there.
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../demo/host/db';

const out = path.resolve('tests/api/fixtures/previous-release.sqlite.gz');
const dir = mkdtempSync(path.join(tmpdir(), 'release-db-'));
try {
  const db = openDatabase({ file: path.join(dir, 'seeded.sqlite'), reset: true });
  const file = path.join(dir, 'release.sqlite');
  db.exec(`VACUUM INTO '${file.replace(/'/g, "''")}'`);
  const version = db.pragma('user_version', { simple: true });
  db.close();
  writeFileSync(out, gzipSync(readFileSync(file), { level: 9 }));
  console.log(`${out}: schema version ${version}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
