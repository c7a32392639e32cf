// The build step of the element catalogue: after the bundle is written, generate custom-elements.json
// (repo root and the output folder) and fail the build when README's element table disagrees with it.
import { runManifest } from './manifest.mjs';

/** @param {{ outDir: string }} options */
export function customElementsManifest({ outDir }) {
  return {
    name: 'custom-elements-manifest',
    writeBundle() {
      const { problems } = runManifest({ outDir, log: (line) => this.info(line) });
      if (problems.length) this.error(`custom-elements.json and README.md "### Elements" disagree (scripts/custom-elements/manifest.mjs):\n  ${problems.join('\n  ')}`);
    },
  };
}
