/**
 * The demo host's own portal configuration document (issue 33): dev's settings written out (its identity provider,
 * the DEV_RESOURCES scopes, its redirect bridge), so the demo signs in the way stage and production do, from a
 * document the page reads at start. `no-cache`: a changed document is picked up on the next page load.
 */
import type { FastifyInstance } from 'fastify';
import { PORTAL_CONFIG_PATH } from '../../src/core/config';
import { devPortalConfig } from '../../src/core/env';

/** Serve {@link PORTAL_CONFIG_PATH} for the host at `origin()` (known once it listens: the port may be picked then). */
export function registerPortalConfig(app: FastifyInstance, origin: () => string): void {
  app.get(PORTAL_CONFIG_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(devPortalConfig(origin())));
}
