// End-to-end tests: real Chromium against a real demo host (real sign-in, real API).
// `npm test` builds the bundle before this runs; on its own: `npx rollup -c && npx playwright test`.
import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

// E2E_PORT lets two suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 8543);
const executablePath = process.env.CHROME_PATH ?? findChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the failure digest that `npm test` prints last (scripts/test.mjs): CI shows a log's tail.
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-report.json' }], ...(process.env.CI ? [['html', { open: 'never' }] as const] : [])],
  use: {
    baseURL: `https://localhost:${PORT}`,
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    // No trace by default: recording one for every test (DOM snapshots at each action) cost 13% of the suite's time
    // on 2 cores (a11y: 229 → 200 test-seconds). A failure still leaves its error context (the page's ARIA snapshot)
    // and a screenshot; `--trace retain-on-failure` on the command line records traces when a failure needs one.
    trace: 'off',
    screenshot: 'only-on-failure',
    // No CSS transitions (Bootstrap honours prefers-reduced-motion): an axe scan right after a colour-scheme switch
    // must see the settled colours, not a button halfway through its transition.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node --import tsx demo/host/main.ts --port ${PORT} --data .tmp/e2e-data-${PORT} --reset`,
    url: `https://localhost:${PORT}/idp/.well-known/openid-configuration`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
