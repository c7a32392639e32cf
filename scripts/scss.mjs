// Compiles `import css from './x.scss'` into a module whose default export is the CSS text,
// with Bootstrap's `:root` rewritten to `:root,:host` so its --bs-* variables exist inside shadow roots.
import * as sass from 'sass';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Compile one Sass file to compressed CSS that works inside a shadow root. */
export function compileScss(file) {
  const { css } = sass.compile(file, {
    style: 'compressed',
    loadPaths: [path.join(root, 'node_modules')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
  });
  return css.replace(/^\uFEFF/, '').replace(/:root(?![\w-])/g, ':root,:host');
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
