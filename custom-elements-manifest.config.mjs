// @custom-elements-manifest/analyzer configuration: `npx cem analyze` writes custom-elements.json from the source.
// The build runs the same analysis (scripts/custom-elements/manifest.mjs) and checks it against README's element table.
import { r2wcPlugin } from './scripts/custom-elements/r2wc-plugin.mjs';

export default {
  globs: ['src/elements/*/define.ts', 'src/ui/element.ts'],
  /** Beside the elements' define.ts files: where `<portal-overlays>` is documented (a `@customElement` JSDoc). */
  extraGlobs: ['src/ui/element.ts'],
  outdir: '.',
  packagejson: false,
  plugins: [r2wcPlugin()],
};
