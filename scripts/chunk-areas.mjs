// `node scripts/chunk-areas.mjs` (after the build; `npm run size -- --check` runs it too): no screen loads a chunk of
// another business area. For each element chunk (dist/elements/<folder>-<hash>.js), the chunks it loads before its code
// runs (its static imports, followed) may hold its own area's `feature-*` chunks, the shared chunks (core, ui, records,
// workbench, grid, screens, sra-gate, …) and the areas its area declares below; any other `feature-*` chunk is a problem.
// An element's own areas are the src/features/<area> its folder imports. Exit 1 with one line per problem.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure } from './chunk-graph.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Feature chunks named apart from their room's folder (rollup.config.mjs manualChunks). */
const CHUNK_AREA = { projects: 'projections', 'forecast-periods': 'projections', 'risk-slim': 'risk', 'risk-sra': 'risk' };

/**
 * What one area's screens legitimately load of another area (its index.ts, as ARCHITECTURE.md allows), each with why.
 * Each entry is a decision: a new cross-area load fails the build until it is split into a shared chunk or added here.
 */
export const DECLARED = {
  commitments: {
    'budget-lines': 'the cost code picker and the project budgets of the commitment workbench and the change order',
    'change-management': 'a new commitment from change event items',
    'pay-applications': 'the pay applications section of a billable commitment workbench',
  },
  'change-management': { 'budget-lines': 'the cost code picker of a change event item' },
  'direct-costs': { 'budget-lines': 'the cost code picker of a direct cost line' },
  'cost-adjustments': {
    'budget-lines': 'the cost code picker and the screen scope',
    commitments: 'a cost adjustment against a commitment (its list and field rules)',
  },
  'owner-agreements': {
    'budget-lines': 'the screen scope and the project budgets',
    commitments: 'owner agreements are contracts: the commitments record machinery and links',
  },
  esign: {
    'budget-lines': 'the screen scope',
    commitments: 'the envelopes of commitments',
  },
  timecards: { opportunities: "a timecard line picks an opportunity's cost codes" },
  'time-off': { timecards: 'the time-off screens share the timecard week and its employee views' },
};

/** The area of a `feature-*` chunk file, or undefined for a shared chunk. */
export function chunkArea(file) {
  const name = path.posix.basename(file).match(/^feature-(.+)-[\w-]{8}\.js$/)?.[1];
  return name === undefined ? undefined : (CHUNK_AREA[name] ?? name);
}

/** The areas an element's folder imports (src/elements/<folder>/*: `features/<area>`). */
export function elementAreas(folder, root = ROOT) {
  const dir = path.join(root, 'src', 'elements', folder);
  if (!existsSync(dir)) return [];
  const areas = new Set();
  for (const name of readdirSync(dir).filter((file) => /\.tsx?$/.test(file))) {
    for (const match of readFileSync(path.join(dir, name), 'utf8').matchAll(/from\s+'(?:\.\.\/)+features\/([^/']+)/g)) areas.add(match[1]);
  }
  return [...areas];
}

/**
 * One line per element chunk of `dist` that loads a `feature-*` chunk of an area that is neither its own nor declared.
 * `areasOf(folder)` names an element's own areas (default: what its folder imports).
 */
export function chunkAreaProblems(dist, { areasOf = elementAreas, declared = DECLARED } = {}) {
  const elementsDir = path.join(dist, 'elements');
  if (!existsSync(elementsDir)) return [`${elementsDir} is missing: run the build first`];
  const problems = [];
  for (const file of readdirSync(elementsDir).filter((name) => name.endsWith('.js')).sort()) {
    const folder = file.replace(/-[\w-]{8}\.js$/, '');
    const own = areasOf(folder);
    // A declared area brings its own declared areas (cost adjustments → commitments → pay applications).
    const allowed = new Set(own);
    for (const area of allowed) for (const next of Object.keys(declared[area] ?? {})) allowed.add(next);
    const foreign = [...closure(dist, `elements/${file}`)].filter((chunk) => {
      const area = chunkArea(chunk);
      return area !== undefined && !allowed.has(area);
    });
    if (foreign.length) {
      problems.push(`${folder} (${own.length ? `area ${own.join(', ')}` : 'no area'}) loads ${foreign.sort().join(', ')}: split the shared piece into a chunk of its own (rollup.config.mjs) or declare the dependency in scripts/chunk-areas.mjs`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.env.DIST_DIR ?? 'dist';
  const problems = chunkAreaProblems(dist);
  for (const problem of problems) console.error(`chunk of another area: ${problem}`);
  if (!problems.length) console.log(`chunk areas: no screen of ${dist} loads a chunk of another area`);
  process.exit(problems.length ? 1 : 0);
}
