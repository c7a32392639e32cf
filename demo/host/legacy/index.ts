/** Registers the legacy hand-off pages (§2) and their stylesheet on the demo host. */
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LEGACY_PAGES, renderLegacyPage } from './pages';

export { LEGACY_PAGES, findLegacyPage, renderLegacyPage, type LegacyPage } from './pages';

const css = readFileSync(fileURLToPath(new URL('./legacy.css', import.meta.url)), 'utf8');

/** Add a GET route per legacy path (the app routes case-insensitively) and `/legacy-assets/legacy.css`. */
export function registerLegacyPages(app: FastifyInstance): void {
  app.get('/legacy-assets/legacy.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css));
  for (const page of LEGACY_PAGES) {
    app.get(page.path, async (request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderLegacyPage(page, request.url)));
  }
}
