// Builds the widget bundle: a tiny loader entry, one shared core chunk, one chunk per element,
// and one chunk each for React, MSAL and Tabulator so each loads once per page.
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { keepPreviousRelease } from './scripts/previous-release.mjs';
import { scssPlugin } from './scripts/scss.mjs';
import { msalWithoutPlatformBroker } from './scripts/msal-without-platform-broker.mjs';
import { customElementsManifest } from './scripts/custom-elements/rollup-plugin.mjs';
import { modulePreloads } from './scripts/module-preload.mjs';
import { redirectBridge } from './scripts/redirect-bridge.mjs';

const production = process.env.BUILD !== 'development';
/** Output folder; `DIST_DIR` lets parallel test runs each build their own (the demo host reads the same variable). */
const outDir = process.env.DIST_DIR ?? 'dist';

/** Vendor libraries each get one chunk, whatever element pulls them in first. */
function manualChunks(id) {
  const path = id.replaceAll('\\', '/');
  if (/node_modules\/(react|react-dom|scheduler|@r2wc|@nanostores\/react)\//.test(path)) return 'react';
  if (path.includes('node_modules/@azure/msal-')) return 'msal';
  // Tabulator, its theme and the grid's lazy module load with the first grid; the grid wrapper with the first screen that has one.
  // Tabulator's theme is CSS text: its own chunk, loaded beside Tabulator and counted with the CSS.
  if (path.endsWith('/src/styles/tabulator.scss')) return 'tabulator-styles';
  if (path.includes('node_modules/tabulator-tables/') || path.includes('/src/ui/grid/lazy/')) return 'tabulator';
  if (path.includes('/src/ui/grid/')) return 'grid';
  if (path.includes('node_modules/nanostores/') || path.includes('node_modules/@nanostores/router/')) return 'core';
  if (path.includes('/src/styles/')) return 'styles';
  // What the portal's route prefetch reads of the areas (src/core/router/prefetch.ts): each area's load shapes
  // (src/core/<area>/loads.ts) and the workbench's address, a few lines in the core every element loads, so it brings no
  // area's contract or the workbench registry to the first screen.
  if (/\/src\/core\/([\w-]+\/loads|workbench\/search)\.ts$/.test(path)) return 'core';
  // Core modules only PFM screens use travel with them, so the portal's first screen stays within budget.
  if (path.includes('/src/core/workflow/')) return 'workflow';
  if (path.includes('/src/core/workbench/')) return 'workbench';
  // The record machinery without React travels with its views, never with the first screen: a record's files, history
  // and document with the workbench frame (src/ui/workbench), the rest with the record views (src/ui/records).
  if (/\/src\/core\/records\/(files|history|document)\.ts$/.test(path)) return 'workbench';
  if (path.includes('/src/core/records/')) return 'records';
  // The guard's decision travels with <portal-app>, the one element that acts on it.
  if (path.endsWith('/src/core/router/guard.ts')) return undefined;
  if (path.includes('/src/core/lookups/')) return 'lookups';
  // The projections contract and the cost-to-complete rule: one small chunk the projection grid and the data-quality
  // screen share (left unassigned, the rule is pulled into one screen's chunk and the other screen loads all of it).
  if (path.endsWith('/src/core/projections/import.ts')) return undefined; // the Excel import's parser: with its dialog, loaded on the first import
  if (path.endsWith('/src/core/projections/periods.ts')) return undefined; // with the forecast periods screen
  if (path.includes('/src/core/projections/')) return 'projections-core';
  if (path.includes('/src/core/data-quality/')) return undefined; // travels with the data-quality screen
  if (path.includes('/src/core/cost-adjustments/')) return undefined; // travels with the cost adjustment screens
  if (path.includes('/src/core/direct-costs/')) return undefined; // travels with the direct cost screens
  if (path.includes('/src/core/document-templates/')) return 'documents'; // the workbench host (Preview) and the template workbench share it
  if (path.includes('/src/core/esign/')) return undefined; // travels with the e-sign screen and the commitment workbenches
  if (path.includes('/src/core/opportunities/')) return undefined; // travels with the opportunities screen (and later timecards)
  if (path.includes('/src/core/surveys/')) return undefined; // travels with the survey screens
  if (path.includes('/src/core/toolbox/')) return undefined; // issue 15: travels with the project toolbox screens
  // Issue 13's timecard and time-off rules travel with their screens (and the host), never with the first screen.
  if (path.includes('/src/core/timecards/') || path.includes('/src/core/time-off/')) return undefined;
  if (path.endsWith('/src/core/router/strip.ts')) return undefined; // loaded on demand by the router (admin-level routes only)
  if (path.endsWith('/src/core/router/same-origin.ts')) return undefined; // travels with the screens that follow links from data (SRA)
  // Issue 12's services: reports with the Reports workbench, search with the header's lazy search box, the suggestion with the grid.
  if (/\/src\/core\/(search|cost-suggestion)\.ts$/.test(path) || path.includes('/src/core/reports/')) return undefined;
  if (path.endsWith('/src/core/api/content-disposition.ts')) return undefined; // loaded by the first file download (postFileForBlob)
  if (path.endsWith('/src/core/api/form-data.ts')) return undefined; // loaded by the first form write (postForm, deleteForm)
  // Screens' pieces of the core (a load failure's wording, a tab in the address) travel with the screens, not the header.
  if (path.endsWith('/src/core/api/status-failure.ts')) return undefined;
  // What every area's screens share and the header never loads (a tab in the address, the project team's rules and words,
  // the Viewer's read-only line): one chunk of its own, else Rollup puts it in the first area that uses it and every
  // other area's screens load that area's chunk (scripts/chunk-areas.mjs).
  if (/\/src\/core\/(router\/active-tab|projects\/team|projects\/write)\.ts$/.test(path) || path.endsWith('/src/ui/ProjectWrite.tsx')) return 'screens';
  if (path.endsWith('/src/core/lazy.ts')) return undefined; // travels with the screens and workbenches that load lazily (§9)
  if (path.endsWith('/src/core/config.ts')) return undefined; // issue 33: the configuration's reader and check, loaded at start beside MSAL
  // Issue 15's admin contracts (users, …) travel with the admin screens, never with the first screen.
  if (path.includes('/src/core/admin/')) return undefined;
  if (path.includes('/src/core/billing/')) return undefined; // travels with the IT billing screen (issue 15)
  // The budget lines' and owner agreements' contracts (their paths and wire types) travel with their screens.
  if (path.includes('/src/core/budget-lines/') || path.includes('/src/core/owner-agreements/')) return undefined;
  // Commitments' terms and the pay applications' rules: one chunk the two areas share (each imports the other's views).
  if (path.includes('/src/core/commitments/') || path.includes('/src/core/pay-applications/')) return 'commitments-core';
  // The risk rules and call contract: one chunk the SLIM screens, the SRA pieces and the commitment gate share (never the first screen).
  if (path.includes('/src/core/risk/')) return 'risk-core';
  // The calendar clock is for screens; the first screen's API client needs only the server's skew (core/server-clock.ts).
  if (path.endsWith('/src/core/clock.ts')) return 'format-screens';
  // Money, cost-type and option formatting are for screens: the header imports only dates, text and constants.
  if (/\/src\/core\/format\/(numbers|cost-types|options|spreadsheet)\.ts$/.test(path)) return 'format-screens';
  if (path.includes('/src/core/')) return 'core';
  // Screen-specific shared UI gets a chunk per folder, loaded with the first screen that needs it;
  // only the pieces every page needs (element helper, overlays, menus) stay in `ui`.
  // The "not on this project's team" screen (issue 15) loads only when a load is refused.
  if (path.endsWith('/src/ui/ProjectRefusal.tsx')) return undefined;
  if (path.endsWith('/src/ui/ConfigProblem.tsx')) return undefined; // issue 33: loads only when the configuration cannot be used
  if (path.endsWith('/src/ui/drafts.tsx')) return 'drafts'; // forms that keep typed work (issue 16): its own chunk, never the header nor another area's
  // A project screen's definition adds the workbench host: with the screens, never in `ui` (ui → workbench → ui would cycle).
  if (path.endsWith('/src/ui/project-screen.ts')) return undefined;
  if (path.endsWith('/src/ui/MoreRows.tsx')) return undefined; // with the long lists (records, team views), not the header
  if (path.endsWith('/src/ui/record-workbench.ts')) return undefined; // the record workbench elements' body: with them, not the header
  if (path.endsWith('/src/ui/lazy.tsx')) return 'workbench'; // lazy sections: used by workbenches (and their screens), not by the header
  const uiFolder = path.match(/\/src\/ui\/(records|workbench)\//);
  if (uiFolder) return uiFolder[1];
  // The SRA pieces the commitment workbench and the buyout show (the gate line, the buyout's SRA cells and form) apart from
  // the SRA screen and workbench: commitments load those, not the risk area's screens.
  if (/\/src\/features\/risk\/sra\/(Gate|BuyoutSra|SraForm|pieces|text|data)\.tsx?$/.test(path)) return 'sra-gate';
  // The risk room's two parts apart: the commitment workbench and the buyout load the SRA pieces, not the SLIM screens.
  const riskPart = path.match(/\/src\/features\/risk\/(slim|sra)\//);
  if (riskPart) return `feature-risk-${riskPart[1]}`;
  // The project list and its configuration workbench share the projections room but not the grid's code: the list is
  // PFM's first screen, so it does not download the projection grid.
  if (/\/src\/features\/projections\/(ProjectsScreen\.tsx|projects\.ts|ProjectConfigurationWorkbench\.tsx|project-configuration\.ts)$/.test(path)) return 'feature-projects';
  // The forecast periods screen's room is apart from the projection grid: the screen does not download the grid.
  if (path.includes('/src/features/projections/periods/')) return 'feature-forecast-periods';
  // One chunk per business area (src/features/<area>), shared by that area's elements.
  const area = path.match(/\/src\/features\/([^/]+)\//);
  if (area) return `feature-${area[1]}`;
  if (path.includes('/src/ui/')) return 'ui';
  return undefined;
}

export default {
  input: { loader: 'src/loader.ts' },
  output: {
    dir: outDir,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    // An element's chunk is named after its folder: dist/elements/<tag>-<hash>.js.
    chunkFileNames: (chunk) => {
      const element = chunk.facadeModuleId?.replaceAll('\\', '/').match(/\/src\/elements\/([^/]+)\/define\.ts$/);
      return element ? `elements/${element[1]}-[hash].js` : '[name]-[hash].js';
    },
    manualChunks,
  },
  // The loader must stay tiny: no vendor code is hoisted into it.
  preserveEntrySignatures: 'strict',
  // The format modules only define formatters: importing one through the barrel must not drag in the rest.
  treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/]core[\\/]format[\\/]/.test(id) },
  plugins: [
    // The previous release stays beside the new one (dist-previous/): a page that loaded the old loader still finds its chunks.
    { name: 'clean-dist', buildStart: () => keepPreviousRelease(outDir) },
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    }),
    scssPlugin(),
    msalWithoutPlatformBroker(),
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    // Transpile only (noCheck): `tsc --noEmit` type-checks the same files beside the build in `npm test`, and checking
    // twice cost the build a third of its time.
    typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts', 'src/**/*.tsx'], noEmitOnError: true, outputToFilesystem: false, noCheck: true }),
    customElementsManifest({ outDir }),
    // Before terser: the loader's preload map is written into its source, with Rollup's hash placeholders.
    modulePreloads(),
    // The sign-in answers' page and its own script, for the host to deploy beside the loader.
    redirectBridge(),
    production && terser({ module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } }),
  ],
};
