// `npm test`: the one verify command, and exactly what CI runs.
// Type-check, lint (zero warnings), build, size budgets, unit and element tests in Chromium,
// API tests against started demo hosts, and end-to-end tests through real sign-in.
//
// Steps that do not depend on each other run side by side (each step's output is printed whole when it
// ends, so logs stay readable): type-check, lint and the build together; then the size check; then
// unit/element and API tests together; then the end-to-end tests (they need the whole machine).
// `node scripts/test.mjs <step words>` runs only the steps whose name contains one of the words.
import { spawn } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const chromium = ensureChromium();
const env = { ...process.env, ...(chromium ? { CHROME_PATH: chromium } : {}) };

/** Groups run one after another; the steps of a group run side by side. */
const groups = [
  [
    ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
    ['build', 'npx', ['rollup', '-c']],
  ],
  [['size', 'node', ['scripts/size.mjs', '--check']]],
  [
    ['unit and element tests', 'npx', ['web-test-runner']],
    ['API tests', 'node', ['scripts/run-api-tests.mjs']],
  ],
  [['end-to-end tests', 'npx', ['playwright', 'test']]],
];

const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.some((word) => name.includes(word));

/** Run one step; alone it prints as it goes, beside others its output is kept and printed when it ends. */
function run([name, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const header = `\n=== ${name}: ${command} ${args.join(' ')}`;
    if (alone) console.log(header);
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(`${header}  (ran beside other steps)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, ok: status === 0, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });
}

const startedAll = Date.now();
const results = [];
let total = 0;
for (const group of groups) {
  const steps = group.filter(([name]) => wanted(name));
  total += steps.length;
  if (!steps.length) continue;
  const started = Date.now();
  const done = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  results.push(...done);
  if (steps.length > 1) console.log(`\n=== ${steps.map(([name]) => name).join(' + ')} side by side: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (done.some((r) => !r.ok)) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed, ${((Date.now() - startedAll) / 1000).toFixed(1)} s in all`);
process.exit(failed || results.length !== total ? 1 : 0);
