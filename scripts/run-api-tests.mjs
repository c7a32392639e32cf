// `npm run test:api [-- files…]`: the API tests (Node's test runner) against in-process demo hosts.
// Every test host shares one self-signed certificate in .tmp/test-tls, trusted through
// NODE_EXTRA_CA_CERTS, so the tests' plain fetch() calls verify TLS for real.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const tlsDir = path.resolve('.tmp/test-tls');
const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'tests/api/support/prepare-tls.ts', tlsDir], { encoding: 'utf8' });
if (prepared.status !== 0) {
  process.stderr.write(prepared.stderr);
  console.error('Could not create the test certificate.');
  process.exit(1);
}
const certFile = prepared.stdout.trim();

const args = process.argv.slice(2);
const files = args.length
  ? args
  : readdirSync('tests/api').filter((name) => name.endsWith('.test.ts')).sort().map((name) => path.join('tests/api', name));
if (files.length === 0) {
  console.error('No API test files found in tests/api.');
  process.exit(1);
}

// One file at a time: each starts its own host and seeds its own database.
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, NODE_EXTRA_CA_CERTS: certFile, TEST_TLS_DIR: tlsDir },
});
process.exit(result.status ?? 1);
