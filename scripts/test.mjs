// `npm test`: the one verify command, and exactly what CI runs.
// Type-check, lint (zero warnings), build, size budgets, unit and element tests in Chromium,
// API tests against started demo hosts, and end-to-end tests through real sign-in.
//
// Steps that do not depend on each other run side by side (each step's output is printed whole when it
// ends, so logs stay readable): type-check, lint and the build together; then the size check; then
// unit/element and API tests together; then the end-to-end tests (they need the whole machine).
// `node scripts/test.mjs <step words>` runs only the steps whose name contains one of the words.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

// CI shows the end of the log: each failed end-to-end test's title and the head of its error, last.
function e2eFailureDigest() {
  let report;
  try { report = JSON.parse(readFileSync('.tmp/e2e-report.json', 'utf8')); } catch { return; }
  const failed = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const result = (t.results ?? []).at(-1);
        if (result && result.status !== 'passed' && result.status !== 'skipped') failed.push({ title: [...path, spec.title].join(' › '), result });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  if (!failed.length) return;
  console.log('\n=== end-to-end failures (digest)');
  for (const { title, result } of failed) {
    const text = (result.errors ?? []).map((e) => e.message ?? '').join('\n').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    console.log(`- ${title} [${result.status}, ${(result.duration / 1000).toFixed(1)} s]`);
    for (const line of text.split('\n').filter((l) => l.trim()).slice(0, 25)) console.log(`    ${line.slice(0, 300)}`);
  }
}
if (results.some((r) => r.name === 'end-to-end tests' && !r.ok)) e2eFailureDigest();

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed, ${((Date.now() - startedAll) / 1000).toFixed(1)} s in all`);
process.exit(failed || results.length !== total ? 1 : 0);
