/**
 * Mounts the demo identity provider on the host's Fastify app at `/idp`, plus our own login
 * interaction (`/idp/interaction/:uid`) and the provider pages' assets (`/idp-assets/*`).
 *
 * The provider is created after the server listens (the issuer needs the port), so routes take
 * it from `getProvider()`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Provider } from 'oidc-provider';
import { DEMO_PASSWORD, findDemoAccount } from '../accounts';
import { applySecurityHeaders } from '../security-headers';
import type Database from 'better-sqlite3';
import { USERS_TEXT } from '../../../src/core/admin/users';
import { accountActive, IDP_PATH } from './provider';
import { loginPage } from './views';

export { createIdentityProvider, issuerFor, IDP_PATH } from './provider';
export { ensureIdpKeys, publicJwk, type IdpKeys } from './keys';

const assetsDir = new URL('./assets/', import.meta.url);
const ASSETS: Record<string, { type: string; body: string }> = {
  'idp.css': { type: 'text/css; charset=utf-8', body: readFileSync(fileURLToPath(new URL('idp.css', assetsDir)), 'utf8') },
  'logout.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(fileURLToPath(new URL('logout.js', assetsDir)), 'utf8') },
};

/** Hand a request to the provider's Koa app, as if it were mounted at `/idp`. */
function passToProvider(provider: Provider, request: FastifyRequest, reply: FastifyReply): void {
  const req = request.raw as FastifyRequest['raw'] & { originalUrl?: string };
  reply.hijack();
  applySecurityHeaders(reply.raw);
  // oidc-provider derives its mount path from originalUrl minus url.
  req.originalUrl = req.url;
  req.url = req.url?.slice(IDP_PATH.length) || '/';
  if (!req.url.startsWith('/')) req.url = `/${req.url}`;
  provider.callback()(req, reply.raw);
}

/** Register the provider's routes on `app`. */
export async function registerIdentityProvider(app: FastifyInstance, getProvider: () => Provider, db?: Database.Database): Promise<void> {
  app.get('/idp-assets/:name', async (request, reply) => {
    const asset = ASSETS[(request.params as { name: string }).name];
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
  });

  // The provider reads its own request bodies: no Fastify parser may consume them first.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => passToProvider(getProvider(), request, reply);
    scope.all(IDP_PATH, handler);
    scope.all(`${IDP_PATH}/*`, handler);
  });

  // Our login interaction.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get(`${IDP_PATH}/interaction/:uid`, async (request, reply) => {
      const provider = getProvider();
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'login') {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(loginPage(details.uid));
      }
      // Consent is implicit (loadExistingGrant); finish any other prompt straight away.
      reply.hijack();
      applySecurityHeaders(reply.raw);
      await provider.interactionFinished(request.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
    });

    scope.post(`${IDP_PATH}/interaction/:uid/login`, async (request, reply) => {
      const provider = getProvider();
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const login = (body.login ?? '').trim();
      const account = findDemoAccount(login);
      if (!account || body.password !== DEMO_PASSWORD) {
        return reply
          .code(401)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginPage(details.uid, { login, error: 'Unknown login or wrong password. Every demo account uses the password “demo”.' }));
      }
      if (db && !accountActive(db, account.login)) {
        return reply.code(403).type('text/html; charset=utf-8').header('cache-control', 'no-store')
          .send(loginPage(details.uid, { login, error: USERS_TEXT.deactivatedSignIn }));
      }
      reply.hijack();
      applySecurityHeaders(reply.raw);
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: account.login } }, { mergeWithLastSubmission: false });
    });
  });
}
