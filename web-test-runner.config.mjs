// Unit and element tests in a real Chromium. Each test file is bundled with esbuild first:
// web-test-runner's per-file transform cannot load React 19's CommonJS build.
import { playwrightLauncher } from '@web/test-runner-playwright';
import * as esbuild from 'esbuild';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';
import { scssEsbuildPlugin } from './scripts/scss.mjs';

const bundled = new Map();

/** Serve `tests/**\/*.test.ts(x)` as one esbuild bundle each. */
const bundleTestFiles = {
  name: 'bundle-test-files',
  async serve(context) {
    if (!/\.test\.tsx?$/.test(context.path)) return undefined;
    const entry = path.join(process.cwd(), context.path);
    // Stack-trace mapping asks for odd paths ('/async http://…'); only real files are bundled.
    if (!existsSync(entry)) return undefined;
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      target: 'es2022',
      // No source map by default: inlining one per bundle (React's development build included) cost 12% of the run;
      // WTR_SOURCEMAP=1 maps stack traces back to the source when a failure needs it.
      sourcemap: process.env.WTR_SOURCEMAP === '1' ? 'inline' : false,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [scssEsbuildPlugin],
      logLevel: 'silent',
    });
    const body = result.outputFiles[0].text;
    bundled.set(context.path, body);
    return { body, type: 'js' };
  },
};

export default {
  files: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/elements/**/*.test.ts', 'tests/elements/**/*.test.tsx'],
  nodeResolve: false,
  concurrency: 2,
  testFramework: { config: { timeout: 20000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: findChromium(), args: chromiumArgs },
      // Pinned so date and number formatting tests mean the same on every machine.
      createBrowserContext: ({ browser }) => browser.newContext({ timezoneId: 'America/Chicago', locale: 'en-US' }),
    }),
  ],
  plugins: [bundleTestFiles],
};
