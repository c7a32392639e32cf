// The built chunk graph, read from the import statements of the files the build wrote (scripts/size.mjs,
// scripts/chunk-areas.mjs): what a chunk loads with it, before any of its code runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /(?:^|[;})\s])(?:import|export)\s*(?:[\w$*{}\s,]+?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

const resolve = (file, specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));

/** The chunks `file` (a path relative to `dist`, with /) imports statically, or with `import()` when `dynamic`. */
export function chunkImports(dist, file, { dynamic = false } = {}) {
  const source = readFileSync(path.join(dist, file), 'utf8');
  return [...source.matchAll(dynamic ? DYNAMIC_IMPORT : STATIC_IMPORT)].map((match) => resolve(file, match[1]));
}

/** `start` and every chunk it imports statically, followed transitively (dynamic `import(...)` excluded). */
export function closure(dist, start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunkImports(dist, file)) visit(next);
  };
  visit(start);
  return seen;
}
