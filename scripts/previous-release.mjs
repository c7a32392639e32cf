// One release back (issue 33): a page that loaded the previous release's loader asks for that release's hashed chunks,
// so they stay served until the next release. The build moves the last build to `<dist>-previous/` before it writes the
// new one (rollup.config.mjs), and the demo host serves a hashed file from there when the new release has no such file.
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The folder that holds the previous release of `dist`. */
export const previousReleaseDir = (dist) => `${path.resolve(dist).replace(/[\\/]+$/, '')}-previous`;

/** Before a build into `dist`: the release in it becomes the previous one (the one before that is deleted). */
export function keepPreviousRelease(dist) {
  const previous = previousReleaseDir(dist);
  if (!existsSync(path.join(dist, 'loader.js'))) {
    rmSync(dist, { recursive: true, force: true });
    return;
  }
  rmSync(previous, { recursive: true, force: true });
  renameSync(dist, previous);
}
