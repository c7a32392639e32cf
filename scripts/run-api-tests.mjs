// `npm run test:api [-- files…]`: the API tests (Node's test runner) against in-process demo hosts.
// Every test host shares one self-signed certificate in .tmp/test-tls, trusted through
// NODE_EXTRA_CA_CERTS, so the tests' plain fetch() calls verify TLS for real.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const tlsDir = path.resolve('.tmp/test-tls');
const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'tests/api/support/prepare-tls.ts', tlsDir], { encoding: 'utf8' });
if (prepared.status !== 0) {
  process.stderr.write(prepared.stderr);
  console.error('Could not create the test certificate.');
  process.exit(1);
}
const certFile = prepared.stdout.trim();
// The seeded database every test host copies (seeding it in each file cost a second of CPU per file).
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tests/api/support/prepare-seed.ts', path.resolve('.tmp/test-seed')], { encoding: 'utf8' });
if (seeded.status !== 0) {
  process.stderr.write(seeded.stderr);
  console.error('Could not seed the test database.');
  process.exit(1);
}
const seededFile = seeded.stdout.trim();

const args = process.argv.slice(2);
const files = args.length
  ? args
  : readdirSync('tests/api').filter((name) => name.endsWith('.test.ts')).sort().map((name) => path.join('tests/api', name));
if (files.length === 0) {
  console.error('No API test files found in tests/api.');
  process.exit(1);
}

// Files run side by side (API_TEST_CONCURRENCY, default 2): each starts its own host on a free port with its
// own temporary data folder and seeds its own database, so they share nothing but the certificate. A file
// that times itself (a line `// api-tests: alone`) runs first, one at a time, so a neighbour cannot slow it.
const concurrency = Math.max(1, Number(process.env.API_TEST_CONCURRENCY ?? 2) || 1);
const alone = files.filter((file) => /^\/\/ api-tests: alone\b/m.test(readFileSync(file, 'utf8')));
const together = files.filter((file) => !alone.includes(file));
const testEnv = { ...process.env, NODE_EXTRA_CA_CERTS: certFile, TEST_TLS_DIR: tlsDir, TEST_SEEDED_DB: seededFile };
const runFiles = (list, count) => spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${count}`, '--test-reporter=spec', ...list], {
  stdio: 'inherit',
  env: testEnv,
}).status ?? 1;
const statuses = [];
if (alone.length) statuses.push(runFiles(alone, 1));
if (together.length) statuses.push(runFiles(together, concurrency));
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
