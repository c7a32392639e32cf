// `node scripts/spec-times.mjs [report.json]`: the end-to-end suite's time per spec file, from the JSON report that
// `npm test` leaves in .tmp/e2e-report.json, as the Markdown table the README keeps (test-seconds: the sum of its
// tests' durations; the suite runs two workers, so the wall clock is about half the total).
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? '.tmp/e2e-report.json', 'utf8'));
const specs = new Map();
const walk = (suite, file) => {
  for (const spec of suite.specs ?? []) {
    const name = spec.file ?? file;
    const entry = specs.get(name) ?? { seconds: 0, tests: 0 };
    for (const test of spec.tests ?? []) {
      const result = (test.results ?? []).at(-1);
      if (!result || result.status === 'skipped') continue;
      entry.seconds += result.duration / 1000;
      entry.tests += 1;
    }
    specs.set(name, entry);
  }
  for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
};
for (const suite of report.suites ?? []) walk(suite, suite.file);

const rows = [...specs].filter(([, e]) => e.tests > 0).sort((a, b) => b[1].seconds - a[1].seconds);
const total = rows.reduce((sum, [, e]) => sum + e.seconds, 0);
console.log('| spec | tests | test-seconds | share |');
console.log('|---|---:|---:|---:|');
for (const [name, e] of rows) console.log(`| \`${name}\` | ${e.tests} | ${e.seconds.toFixed(1)} | ${((100 * e.seconds) / total).toFixed(1)}% |`);
console.log(`| all | ${rows.reduce((sum, [, e]) => sum + e.tests, 0)} | ${total.toFixed(1)} | |`);
