// Rollup plugin: the loader learns, per element tag, every chunk the element's chunk imports with it (followed
// transitively), so that loading an element adds `<link rel="modulepreload">` for all of them at once. Without it the
// browser finds an element's imports only after it has fetched and parsed the element's chunk, then theirs after
// theirs: loader → element → its feature chunks → theirs, one round trip per level (issue 33, "fewer round trips").
// The map replaces the string ELEMENT_PRELOADS_PLACEHOLDER in the loader while it is rendered, before minifying;
// its file names are Rollup's hash placeholders, which Rollup then replaces with the final names.
import MagicString from 'magic-string';

export const ELEMENT_PRELOADS_PLACEHOLDER = '__ELEMENT_PRELOADS__';
const ELEMENT_FACADE = /\/src\/elements\/([^/]+)\/define\.ts$/;

/**
 * Tag → the chunks (file names relative to the output folder) that an element's chunk imports statically, followed
 * transitively, less those `entry` already imports. `chunks`: file name → { imports, facadeModuleId }.
 */
export function elementPreloads(chunks, entry) {
  const closure = (fileName, seen = new Set()) => {
    for (const next of chunks[fileName]?.imports ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      closure(next, seen);
    }
    return seen;
  };
  const loaded = closure(entry);
  const preloads = {};
  for (const [fileName, chunk] of Object.entries(chunks)) {
    const tag = chunk.facadeModuleId?.replaceAll('\\', '/').match(ELEMENT_FACADE)?.[1];
    if (!tag) continue;
    const files = [...closure(fileName)].filter((file) => !loaded.has(file)).sort();
    if (files.length) preloads[tag] = files;
  }
  return preloads;
}

export function modulePreloads({ entry = 'loader.js' } = {}) {
  return {
    name: 'module-preloads',
    renderChunk(code, chunk, _options, meta) {
      if (chunk.fileName !== entry) return null;
      const quoted = new RegExp(`(["'])${ELEMENT_PRELOADS_PLACEHOLDER}\\1`);
      const found = quoted.exec(code);
      if (!found) this.error(`${entry} has no '${ELEMENT_PRELOADS_PLACEHOLDER}' to fill`);
      const text = new MagicString(code);
      text.overwrite(found.index, found.index + found[0].length, JSON.stringify(JSON.stringify(elementPreloads(meta.chunks, entry))));
      return { code: text.toString(), map: text.generateMap({ hires: true }) };
    },
  };
}
