// `npm run test:api [-- files…]`: the API tests (Node's test runner) against in-process demo hosts.
// Every test host shares one self-signed certificate in .tmp/test-tls, trusted through
// NODE_EXTRA_CA_CERTS, so the tests' plain fetch() calls verify TLS for real.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/** Run a preparation script of tests/api/support into `dir`; the path it prints, or exit saying what failed. */
function prepare(script, dir, failed) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `tests/api/support/${script}`, dir], { encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    console.error(failed);
    process.exit(1);
  }
  return run.stdout.trim();
}

const tlsDir = path.resolve('.tmp/test-tls');
const certFile = prepare('prepare-tls.ts', tlsDir, 'Could not create the test certificate.');
// The seeded database every test host copies (seeding it in each file cost a second of CPU per file).
// Its own folder per run, as the bundles below: a second run beside this one re-seeds into its own.
const seedDir = path.resolve('.tmp/test-seed', String(process.pid));
const seededFile = prepare('prepare-seed.ts', seedDir, 'Could not seed the test database.');

const args = process.argv.slice(2);
const files = args.length
  ? args
  : readdirSync('tests/api').filter((name) => name.endsWith('.test.ts')).sort().map((name) => path.join('tests/api', name));
if (files.length === 0) {
  console.error('No API test files found in tests/api.');
  process.exit(1);
}

// Each test file runs as one esbuild bundle of its own TypeScript (packages stay imports): loading the demo host's
// sources through tsx cost about 1.5 s of CPU per file, a bundle about 0.3 s. A module's `import.meta.url` is its
// source file's, so files read beside their module (the IdP's assets, the legacy sheet) are found as before.
// API_TEST_SOURCEMAP=1 maps stack traces back to the sources when a failure needs it.
// A folder per run: two runs side by side (an engineer's and the suite's) must not remove each other's bundles.
const bundleDir = path.resolve('.tmp/api-tests', String(process.pid));
rmSync(bundleDir, { recursive: true, force: true });
const sourceFileUrl = {
  name: 'source-file-url',
  setup(build) {
    build.onLoad({ filter: /\.(tsx?|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      const contents = text.includes('import.meta.url') ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : text;
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};
const sourcemap = process.env.API_TEST_SOURCEMAP === '1';
await esbuild.build({
  entryPoints: files.map((file) => path.resolve(file)),
  outdir: bundleDir,
  outbase: path.resolve('tests/api'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: sourcemap ? 'linked' : false,
  plugins: [sourceFileUrl],
  logLevel: 'warning',
});
const bundled = (file) => path.join(bundleDir, path.relative(path.resolve('tests/api'), path.resolve(file)).replace(/\.tsx?$/, '.mjs'));

// Files run side by side (API_TEST_CONCURRENCY, default 2): each starts its own host on a free port with its
// own temporary data folder and seeds its own database, so they share nothing but the certificate. A file
// that times itself (a line `// api-tests: alone`) runs first, one at a time, so a neighbour cannot slow it.
const concurrency = Math.max(1, Number(process.env.API_TEST_CONCURRENCY ?? 2) || 1);
const alone = files.filter((file) => /^\/\/ api-tests: alone\b/m.test(readFileSync(file, 'utf8')));
const together = files.filter((file) => !alone.includes(file));
const testEnv = { ...process.env, NODE_EXTRA_CA_CERTS: certFile, TEST_TLS_DIR: tlsDir, TEST_SEEDED_DB: seededFile };
const runFiles = (list, count) => spawnSync(process.execPath, [...(sourcemap ? ['--enable-source-maps'] : []), '--test', `--test-concurrency=${count}`, '--test-reporter=spec', ...list.map(bundled)], {
  stdio: 'inherit',
  env: testEnv,
}).status ?? 1;
const statuses = [];
if (alone.length) statuses.push(runFiles(alone, 1));
if (together.length) statuses.push(runFiles(together, concurrency));
for (const dir of [bundleDir, seedDir]) rmSync(dir, { recursive: true, force: true });
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
