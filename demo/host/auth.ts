/**
 * The bearer-token check of the demo host (§7): every `/api/*` request and the legacy data calls
 * (`/costmanagement/costmanagement/Get*`) need an access token of the product API, verified locally
 * against the identity provider's own public key: signature, issuer, audience, expiry, `typ: at+jwt`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { DEV_RESOURCES } from '../../src/core/env';
import type { AuthenticatedUser } from './types';

export interface BearerCheckOptions {
  /** The identity provider's issuer, `https://localhost:<port>/idp`. */
  issuer: string;
  /** The provider's public signing keys. */
  jwks: { keys: Array<Record<string, unknown>> };
  /** Expected audience; default the product API. */
  audience?: string;
}

/** True for paths that need a product-API token: `/api/…` and `/costmanagement/costmanagement/Get…`. */
export function requiresBearer(url: string): boolean {
  const path = (url.split('?')[0] ?? '').toLowerCase();
  // The e-sign outbox (demo only) is for a signed-in keyAdmin Admin: its page checks the caller the bearer check sets.
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/costmanagement/costmanagement/get') || path === '/esign/outbox';
}

/** A verifier for access tokens: resolves the user, or rejects for any invalid token. */
export function createTokenVerifier(options: BearerCheckOptions): (token: string) => Promise<AuthenticatedUser> {
  const keySet = createLocalJWKSet(options.jwks as Parameters<typeof createLocalJWKSet>[0]);
  const audience = options.audience ?? DEV_RESOURCES.api.identifier;
  return async (token) => {
    const { payload } = await jwtVerify(token, keySet, {
      issuer: options.issuer,
      audience,
      typ: 'at+jwt',
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return userFromPayload(payload);
  };
}

function userFromPayload(payload: JWTPayload): AuthenticatedUser {
  const scope = typeof payload.scope === 'string' ? payload.scope : '';
  if (!payload.sub) throw new Error('token without sub');
  return { login: payload.sub, scopes: scope.split(' ').filter(Boolean) };
}

function unauthorized(reply: FastifyReply, error: 'invalid_request' | 'invalid_token'): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', error === 'invalid_request' ? 'Bearer' : `Bearer error="${error}"`)
    .header('cache-control', 'no-store')
    .send({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
}

/**
 * Add the onRequest hook. `getVerifier` returns the verifier once the provider exists (the issuer
 * needs the listening port); until then every protected request is refused.
 */
export function registerBearerCheck(app: FastifyInstance, getVerifier: () => ((token: string) => Promise<AuthenticatedUser>) | undefined): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!requiresBearer(request.url)) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header.trim());
    const verify = getVerifier();
    if (!match?.[1] || !verify) return unauthorized(reply, 'invalid_request');
    try {
      request.user = await verify(match[1]);
    } catch {
      // Why the token failed stays on the server: never log the token itself.
      request.log.info({ url: request.url.split('?')[0] }, 'bearer token refused');
      return unauthorized(reply, 'invalid_token');
    }
  });
}
