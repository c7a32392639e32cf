/**
 * Static and page routes of the demo host: the built bundle (`/dist/**`, with `custom-elements.json`; hashed chunks cached
 * for a year and served one release back, the loader revalidated: README "Deploying"), the demo pages
 * (`/demo/**` from `demo/pages/`, where `/demo/<name>.js` is an esbuild bundle of
 * `demo/pages/<name>.ts` when that file exists), the element gallery (`/gallery`), and the portal page for every other path.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import * as esbuild from 'esbuild';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { previousReleaseDir } from '../../scripts/previous-release.mjs';

export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** The built bundle; `DIST_DIR` lets parallel test runs each serve their own build. */
export const DIST_DIR = path.resolve(ROOT_DIR, process.env.DIST_DIR ?? 'dist');
/** The release before it (the build keeps it: scripts/previous-release.mjs). */
export const PREVIOUS_DIST_DIR = previousReleaseDir(DIST_DIR);

/** Cache-Control of a file whose name carries its content's hash: its bytes never change, so it is kept a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A built chunk's name ends with Rollup's 8-character content hash (`core-DTP5RVoQ.js`); the loader's does not. */
export const isHashedFile = (relative: string): boolean => /-[\w-]{8}\.(?:js|css)(?:\.map)?$/.test(relative);
/**
 * A bundle file's Cache-Control: hashed chunks (and their CSS and maps) immutable; the loader and the manifest `no-cache`,
 * so a release is picked up on the next load and a page never mixes two releases.
 */
export const distCacheControl = (relative: string): string => (isHashedFile(relative) ? IMMUTABLE : 'no-cache');
export const DEMO_PAGES_DIR = path.join(ROOT_DIR, 'demo', 'pages');
const PORTAL_PAGE = path.join(DEMO_PAGES_DIR, 'portal.html');

// Shown only until demo/pages/portal.html exists.
const FALLBACK_PORTAL = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>localhost</title>
<script type="module" src="/dist/loader.js"></script></head>
<body><portal-app>Loading the portal…</portal-app></body></html>`;

/** A path inside `root`, or undefined when it would leave it (`..`, absolute, NUL). */
export function safeJoin(root: string, relative: string): string | undefined {
  if (relative.includes('\0')) return undefined;
  const resolved = path.resolve(root, `.${path.posix.sep}${relative}`);
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

interface Bundle {
  code: string;
  inputs: Array<{ file: string; mtimeMs: number }>;
}

const bundles = new Map<string, Bundle>();

function isFresh(bundle: Bundle): boolean {
  return bundle.inputs.every((input) => existsSync(input.file) && statSync(input.file).mtimeMs === input.mtimeMs);
}

/** Bundle a demo page script with esbuild (cached until one of its inputs changes). */
async function bundleDemoScript(entry: string): Promise<string> {
  const cached = bundles.get(entry);
  if (cached && isFresh(cached)) return cached.code;
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    sourcemap: 'inline',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const inputs = Object.keys(result.metafile.inputs).map((file) => {
    const absolute = path.resolve(ROOT_DIR, file);
    return { file: absolute, mtimeMs: existsSync(absolute) ? statSync(absolute).mtimeMs : 0 };
  });
  bundles.set(entry, { code, inputs });
  return code;
}

/** The portal page's HTML (read per request so edits show without a restart). */
export function portalPage(): string {
  return existsSync(PORTAL_PAGE) ? readFileSync(PORTAL_PAGE, 'utf8') : FALLBACK_PORTAL;
}

/** Send the portal page. */
export function sendPortalPage(reply: FastifyReply): FastifyReply {
  return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(portalPage());
}

/** Register `/dist/**` and `/demo/**`. The portal page for other paths is the not-found handler's job. */
export async function registerPages(app: FastifyInstance): Promise<void> {
  // reply.sendFile only (ETag, Last-Modified, ranges); each route below says its own Cache-Control.
  await app.register(fastifyStatic, { root: DIST_DIR, serve: false, decorateReply: true, cacheControl: false, index: false });

  // The bundle: a hashed file from this release, else from the previous one (a page that still runs the old loader);
  // the loader and the manifest only from this release.
  app.get('/dist/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    const hashed = isHashedFile(relative);
    const root = [DIST_DIR, ...(hashed ? [PREVIOUS_DIST_DIR] : [])].find((dir) => {
      const file = safeJoin(dir, relative);
      return file !== undefined && existsSync(file) && statSync(file).isFile();
    });
    if (!root) return reply.callNotFound();
    return reply.header('cache-control', distCacheControl(relative)).sendFile(relative, root);
  });

  // The element gallery (issue 16): every element of dist/custom-elements.json live on a plain page (demo/pages/gallery.html,
  // its script /demo/gallery.js from demo/pages/gallery.ts); not part of the product bundle.
  app.get('/gallery', async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('gallery.html', DEMO_PAGES_DIR));

  app.get('/demo/*', async (request: FastifyRequest, reply: FastifyReply) => {
    // find-my-way has already percent-decoded the wildcard.
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    const file = safeJoin(DEMO_PAGES_DIR, relative);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if (file.endsWith('.js') && !existsSync(file)) {
      const entry = file.replace(/\.js$/, '.ts');
      if (existsSync(entry)) {
        const code = await bundleDemoScript(entry);
        return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(code);
      }
    }
    if (!existsSync(file) || !statSync(file).isFile() || file.endsWith('.ts')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return reply.header('cache-control', 'no-cache').sendFile(path.relative(DEMO_PAGES_DIR, file), DEMO_PAGES_DIR);
  });
}
