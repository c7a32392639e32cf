// Compiles `import css from './x.scss'` into a module whose default export is the CSS text,
// with Bootstrap's `:root` rewritten to `:root,:host` so its --bs-* variables exist inside shadow roots,
// and every `rem` turned into px (scripts/rem-to-px.mjs): a shadow root does not shield `rem` from
// the page's root font size (Bootstrap 3 pages set `html { font-size: 10px }`).
import * as sass from 'sass';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { remToPx } from './rem-to-px.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Compile one Sass file to compressed CSS that works inside a shadow root, whatever the page's root font size. */
export function compileScss(file) {
  const { css } = sass.compile(file, {
    style: 'compressed',
    loadPaths: [path.join(root, 'node_modules')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
  });
  return remToPx(css.replace(/^\uFEFF/, '').replace(/:root(?![\w-])/g, ':root,:host'));
}

/** Rollup plugin. */
export function scssPlugin() {
  return {
    name: 'scss-text',
    load(id) {
      if (!id.endsWith('.scss')) return null;
      return `export default ${JSON.stringify(compileScss(id))};`;
    },
  };
}

/** esbuild plugin (used by the web-test-runner bundling step). */
export const scssEsbuildPlugin = {
  name: 'scss-text',
  setup(build) {
    build.onLoad({ filter: /\.scss$/ }, (args) => ({ contents: `export default ${JSON.stringify(compileScss(args.path))};`, loader: 'js' }));
  },
};
