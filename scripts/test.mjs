// `npm test`: the one verify command, and exactly what CI runs.
// Type-check, lint (zero warnings), build, size budgets, unit and element tests in Chromium,
// API tests against a started demo host, and end-to-end tests through real sign-in.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const chromium = ensureChromium();
const env = { ...process.env, ...(chromium ? { CHROME_PATH: chromium } : {}) };

const steps = [
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['build', 'npx', ['rollup', '-c']],
  ['size', 'node', ['scripts/size.mjs', '--check']],
  ['unit and element tests', 'npx', ['web-test-runner']],
  ['API tests', 'node', ['scripts/run-api-tests.mjs']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (status !== 0) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed || (only.length === 0 && results.length !== steps.length) ? 1 : 0);
