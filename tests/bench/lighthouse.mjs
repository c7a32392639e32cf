// Issue 33's outside audit in the bench: Google Lighthouse (desktop preset) on five pages, signed in as pm,
// against the bench's own host. For each page: performance, accessibility, best practices (0–100) and CLS.
//
// Lighthouse is NOT a devDependency: it adds about 60 packages (88 MB, a second puppeteer-core, Sentry…) and
// measured +7 to +20 s on a fresh `npm ci` on our 2-core machines, which the suite's 15-minute goal counts.
// The bench installs the pinned version once into .tmp/lighthouse (about 30 s, reused by every later run).
// 12.2.3 is pinned: 13 needs Node 22.
//
// The sign-in: MSAL's cache is in localStorage (with its key cookie), which Lighthouse keeps between runs
// (it clears only file systems, shader cache, service workers and cache storage). So Chromium starts with a
// persistent profile and a DevTools port, Playwright signs pm in in that profile, and Lighthouse's Node API
// connects to the same browser by its port: the tab it opens shares the sign-in, as a new tab of a signed-in
// user does (tests/bench/issue16.mjs measureNewTab).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../scripts/chromium.mjs';
import { median } from './report.mjs';

export const LIGHTHOUSE_VERSION = '12.2.3';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** The five pages of issue 33's table: [label, path]. `query` is the bench's scale project/budget query. */
export function lighthousePages(query) {
  return [
    ['Projects', '/pfm/projects'],
    ['Timecard', '/teammembertoolbox/timecards/timecard'],
    ['Projection grid', `/pfm/projects/projectiongrid?${query}`],
    ['Commitments', `/pfm/projects/commitments?${query}`],
    // The legacy ASP.NET page with the embedded grid, opened as tests/e2e/legacy-pages.spec.ts opens it.
    ['Legacy page (cm)', '/costmanagement/costmanagement/cm?projectId=1&budgetId=1'],
  ];
}

/** Lighthouse's module, installed into `<root>/.tmp/lighthouse` on first use. */
async function loadLighthouse(root, log) {
  const dir = resolve(root, '.tmp/lighthouse');
  const manifest = join(dir, 'node_modules/lighthouse/package.json');
  const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : null;
  if (installed !== LIGHTHOUSE_VERSION) {
    log(`installing lighthouse@${LIGHTHOUSE_VERSION} into .tmp/lighthouse (once; not a devDependency, see tests/bench/lighthouse.mjs)…`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-lighthouse', private: true }, null, 2)}\n`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', `lighthouse@${LIGHTHOUSE_VERSION}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const entry = (path) => pathToFileURL(join(dir, 'node_modules/lighthouse', path)).href;
  const [{ default: lighthouse }, { default: desktopConfig }] = await Promise.all([import(entry('core/index.js')), import(entry('core/config/desktop-config.js'))]);
  return { lighthouse, desktopConfig };
}

const score = (category) => (category && typeof category.score === 'number' ? Math.round(category.score * 100) : NaN);

/** The figures and the failed audits of one Lighthouse result (LHR). */
export function summarizeLhr(lhr) {
  const failed = (categoryId) => (lhr.categories[categoryId]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual' && typeof audit.score === 'number' && audit.score < 1)
    .map((audit) => audit.id);
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories['best-practices']),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    findings: { accessibility: failed('accessibility'), bestPractices: failed('best-practices') },
    runtimeError: lhr.runtimeError?.message,
  };
}

/**
 * Sign pm in in a persistent Chromium profile, then run Lighthouse's desktop preset on each page in that
 * browser, `runs` times (the median of each figure). Each page's last report (JSON) goes to
 * .tmp/lighthouse-reports/. Returns [{ label, path, performance, accessibility, bestPractices, cls, findings }].
 */
export async function measureLighthouse({ root, origin, query, executablePath, signIn, runs = 1, log }) {
  const { lighthouse, desktopConfig } = await loadLighthouse(root, log);
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const reports = resolve(root, '.tmp/lighthouse-reports');
  mkdirSync(reports, { recursive: true });
  // Port 0: Chromium picks a free DevTools port and writes it into the profile's DevToolsActivePort.
  const context = await chromium.launchPersistentContext(profile, {
    ...(executablePath ? { executablePath } : {}),
    args: [...chromiumArgs, '--remote-debugging-port=0', '--ignore-certificate-errors'],
    ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'America/Chicago', viewport: { width: 1350, height: 940 },
  });
  const results = [];
  try {
    log('lighthouse: signing in as pm in its own browser profile…');
    const page = context.pages()[0] ?? await context.newPage();
    await signIn(page, 'pm');
    const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    for (const [label, path] of lighthousePages(query)) {
      const samples = [];
      let lastLhr = null;
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${origin}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, desktopConfig);
        lastLhr = result?.lhr ?? null;
        if (lastLhr) samples.push(summarizeLhr(lastLhr));
      }
      const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      if (lastLhr) writeFileSync(join(reports, `${slug}.json`), JSON.stringify(lastLhr));
      const mid = (key) => median(samples.map((sample) => sample[key]));
      const last = samples.at(-1);
      const figures = {
        label, path, performance: mid('performance'), accessibility: mid('accessibility'), bestPractices: mid('bestPractices'), cls: mid('cls'),
        findings: last?.findings ?? { accessibility: [], bestPractices: [] }, runtimeError: last?.runtimeError,
      };
      results.push(figures);
      const findings = [...figures.findings.accessibility, ...figures.findings.bestPractices];
      log(`  lighthouse ${label} (${path.split('?')[0]}): performance ${figures.performance}, accessibility ${figures.accessibility}, best practices ${figures.bestPractices}, CLS ${Number.isFinite(figures.cls) ? figures.cls.toFixed(3) : '–'}`
        + `${findings.length ? `; failed audits: ${findings.join(', ')}` : ''}${figures.runtimeError ? `; error: ${figures.runtimeError}` : ''}`);
    }
    log(`lighthouse reports (JSON) in ${reports}`);
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}
