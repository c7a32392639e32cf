/**
 * The build's preload map (scripts/module-preload.mjs): per element tag, every chunk its element's chunk imports,
 * followed transitively, less what the loader itself imports; and the built loader carries it for every element.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DIST_DIR } from '../../demo/host/pages';
import { ELEMENT_PRELOADS_PLACEHOLDER, elementPreloads } from '../../scripts/module-preload.mjs';

const facade = (tag: string) => `/work/src/elements/${tag}/define.ts`;

describe('the loader\'s preload map', () => {
  it('lists what an element chunk imports, and what those import, once each, sorted; not what the loader imports', () => {
    const chunks = {
      'loader.js': { imports: ['tiny-1.js'], facadeModuleId: '/work/src/loader.ts' },
      'elements/pfm-commitments-a.js': { imports: ['core-1.js', 'feature-commitments-1.js'], facadeModuleId: facade('pfm-commitments') },
      'feature-commitments-1.js': { imports: ['core-1.js', 'grid-1.js', 'tiny-1.js'], facadeModuleId: null },
      'grid-1.js': { imports: ['tabulator-1.js'], facadeModuleId: null },
      'tabulator-1.js': { imports: [], facadeModuleId: null },
      'core-1.js': { imports: [], facadeModuleId: null },
      'tiny-1.js': { imports: [], facadeModuleId: null },
      'elements/portal-not-found-b.js': { imports: [], facadeModuleId: facade('portal-not-found') },
      'feature-risk-1.js': { imports: ['core-1.js'], facadeModuleId: '/work/src/features/risk/index.ts' },
    };
    assert.deepEqual(elementPreloads(chunks, 'loader.js'), {
      'pfm-commitments': ['core-1.js', 'feature-commitments-1.js', 'grid-1.js', 'tabulator-1.js'],
    });
  });

  it('is filled into the built loader: every element with chunks of its own names each of its chunk\'s imports', { skip: !existsSync(path.join(DIST_DIR, 'loader.js')) && 'no build' }, () => {
    const loader = readFileSync(path.join(DIST_DIR, 'loader.js'), 'utf8');
    assert.ok(!loader.includes(ELEMENT_PRELOADS_PLACEHOLDER), 'the placeholder is replaced');
    const map = JSON.parse(/JSON\.parse\((['"])(\{.*?\})\1\)/.exec(loader)?.[2] ?? '{}') as Record<string, string[]>;
    const elements = [...loader.matchAll(/"([a-z-]+)":\(\)=>import\("\.\/(elements\/[\w.-]+\.js)"\)/g)];
    assert.ok(elements.length > 50, `the loader names the elements (${elements.length})`);
    for (const [, tag, file] of elements) {
      const own = [...readFileSync(path.join(DIST_DIR, file!), 'utf8').matchAll(/import\s*(?:[\w${},\s*]+from\s*)?"\.\.\/([\w/.-]+\.js)"/g)].map((m) => m[1]!);
      for (const chunk of own) assert.ok(map[tag!]?.includes(chunk), `<${tag}> preloads ${chunk}`);
      for (const chunk of map[tag!] ?? []) assert.ok(existsSync(path.join(DIST_DIR, chunk)), `${chunk} exists`);
    }
  });
});
