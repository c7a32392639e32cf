/**
 * The demo host: one https origin on localhost serving the bundle, the demo and portal pages, the
 * OpenID Connect provider (`/idp`), the API of §7 (`/api`), the BI, AI and search services (`/bi`,
 * `/ai`, `/search`, each checking its own token audience) and the legacy hand-off pages.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import path from 'node:path';
import type { Provider } from 'oidc-provider';
import { registerApi } from './api/index';
import { registerServices, type ServiceName } from './api/services/index';
import { registerBearerCheck, createTokenVerifier } from './auth';
import { seedEnvelopes } from './db/seed/esign';
import { openDatabase } from './db/index';
import { createIdentityProvider, ensureIdpKeys, issuerFor, publicJwk, registerIdentityProvider } from './idp/index';
import { registerLegacyPages } from './legacy/index';
import { registerPages, sendPortalPage } from './pages';
import { registerSigningPages } from './api/pfm/esign/pages';
import { registerSecurityHeaders } from './security-headers';
import { registerPortalConfig } from './portal-config';
import { registerCompression } from './compression';
import { ensureCertificate } from './tls';
import { DEV_RESOURCES } from '../../src/core/env';
import type { AuthenticatedUser } from './types';
import { startScheduledWork } from './jobs';
import * as clock from '../../src/core/clock';

/** JSON and form bodies above this are refused with 413. */
export const BODY_LIMIT = 1024 * 1024;
export const DEFAULT_PORT = 8443;

export interface HostOptions {
  /** Port to listen on; 0 picks a free one. Default 8443. */
  port?: number;
  /** The data folder (certificate, keys, database). Default `.data`. */
  dataDir?: string;
  /** Where the certificate lives, if not in the data folder (tests share one trusted certificate). */
  tlsDir?: string;
  /** Recreate the database. */
  reset?: boolean;
  /** Add the benchmark project to the seed. */
  scale?: boolean;
  /** Fastify request logging (default off). */
  logger?: boolean;
}

export interface Host {
  /** `https://localhost:<port>` (always the host name localhost). */
  url: string;
  app: FastifyInstance;
  db: Database.Database;
  /** The identity provider's issuer, `${url}/idp`. */
  issuer: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Start the demo host. Resolves once it listens. */
export async function createHost(options: HostOptions = {}): Promise<Host> {
  const dataDir = path.resolve(options.dataDir ?? '.data');
  const tls = await ensureCertificate(path.resolve(options.tlsDir ?? dataDir));
  const keys = ensureIdpKeys(dataDir);
  const db = openDatabase({ file: path.join(dataDir, 'portal.sqlite'), reset: options.reset ?? false, scale: options.scale ?? false });
  // The seed's e-sign envelopes, once, on a database just seeded (their PDFs are rendered asynchronously).
  await seedEnvelopes(db);

  const app = Fastify({
    https: { cert: tls.cert, key: tls.key },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT,
    logger: options.logger ?? false,
  });

  // Set once listening: the issuer (and so the provider and the token check) need the port.
  const started: {
    provider?: Provider;
    verifier?: (token: string) => Promise<AuthenticatedUser>;
    /** The BI, AI and search services' verifiers: each expects its own audience. */
    services?: Record<ServiceName, (token: string) => Promise<AuthenticatedUser>>;
    /** `https://localhost:<port>`. */
    url?: string;
  } = {};
  const getProvider = (): Provider => {
    if (!started.provider) throw new Error('identity provider not started');
    return started.provider;
  };

  // What time implies and no request writes (expiries, surveys that fell due): at start, then hourly (jobs.ts).
  app.addHook('onClose', startScheduledWork(db));
  registerSecurityHeaders(app);
  await registerCompression(app);
  // The API's answers carry the one clock's time as their Date (it differs from the machine's under --today or a
  // pinned test clock): the browser follows it (src/core/clock followServerClock), so deadlines are the server's.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) void reply.header('Date', clock.now().toUTCString());
  });
  registerBearerCheck(app, () => started.verifier);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    const message = statusCode === 413 ? 'Request body is too large' : statusCode >= 500 ? 'Internal Server Error' : error.message;
    void reply.code(statusCode).type('application/json; charset=utf-8').send({ statusCode, error: error.code ?? 'Error', message });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.url.split('?')[0] ?? '').toLowerCase();
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // Files (/dist/x.js, /favicon.ico) and non-GET requests get a real 404; other paths are portal routes.
    const isFile = /\.[a-z0-9]+$/.test(pathname);
    if (isApi || isFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).type('application/json; charset=utf-8').send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method}:${request.url.split('?')[0]} not found` });
    }
    return sendPortalPage(reply);
  });

  await registerIdentityProvider(app, getProvider, db);
  await registerPages(app);
  registerPortalConfig(app, () => started.url ?? '');
  registerLegacyPages(app);
  app.get('/', async (_request, reply) => sendPortalPage(reply));
  await app.register(async (api) => registerApi(api, db));
  await app.register(async (services) => registerServices(services, db, (name) => started.services?.[name]));
  // The demo signing service of e-sign envelopes (issue 12): HTML pages outside /api, the per-signer token is the credential.
  await registerSigningPages(app, db);

  await app.listen({ port: options.port ?? DEFAULT_PORT, host: 'localhost' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? DEFAULT_PORT;
  const url = `https://localhost:${port}`;
  const issuer = issuerFor(url);
  started.url = url;
  started.provider = createIdentityProvider({ origin: url, keys, db });
  const jwks = { keys: [publicJwk(keys.signingKey)] };
  started.verifier = createTokenVerifier({ issuer, jwks });
  started.services = {
    bi: createTokenVerifier({ issuer, jwks, audience: DEV_RESOURCES.bi.identifier }),
    ai: createTokenVerifier({ issuer, jwks, audience: DEV_RESOURCES.ai.identifier }),
    search: createTokenVerifier({ issuer, jwks, audience: DEV_RESOURCES.search.identifier }),
  };

  let closed = false;
  return {
    url,
    app,
    db,
    issuer,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      db.close();
    },
  };
}
