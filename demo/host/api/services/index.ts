/**
 * The three small services of §7 beside the product API: BI (`/bi/…`), AI (`/ai/…`) and search
 * (`/search/…`). Each is its own resource server: it accepts only a bearer token whose audience is
 * its own (`DEV_RESOURCES[name].identifier`, checked by `createTokenVerifier({ audience })`), so an
 * API token is refused here with 401 and a service token is refused by `/api` (whose check expects
 * the API's audience).
 *
 * Why under demo/host/api/: on the demo host they share the API's database, its employee and role
 * lookup (`authenticatedCaller`: a deactivated employee gets 401), its access table (`accessAllows` on the API route a result comes from) and
 * its loads, so a later change to who may see what (team scoping) applies to the API and to the
 * services in one place. One file per service; this one adds the token check and the answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import type { ApiResource } from '../../../../src/core/api';
import { authenticatedCaller } from '../context';
import { parseParams } from '../declare';
import type { ServiceRoute } from './route';

export { serviceRoute, type ServiceRoute } from './route';
import { withProjectCaller } from '../project-access';
import { HttpError, sendError, sqliteConstraint, type Params } from '../http';
import type { AuthenticatedUser } from '../../types';
import { searchRoutes } from './search';
import { biRoutes } from './bi';
import { aiRoutes } from './ai';

/** The services and their path prefixes. */
export type ServiceName = Exclude<ApiResource, 'api'>;
export const SERVICE_PREFIXES: Readonly<Record<ServiceName, string>> = { bi: '/bi', ai: '/ai', search: '/search' };


const ROUTES: Readonly<Record<ServiceName, readonly ServiceRoute[]>> = { bi: biRoutes, ai: aiRoutes, search: searchRoutes };

/** Every service route as `GET /prefix/path` (documentation and tests). */
export const SERVICE_ROUTES: readonly string[] = (Object.keys(ROUTES) as ServiceName[])
  .flatMap((name) => ROUTES[name].map((route) => `GET ${SERVICE_PREFIXES[name]}${route.path}`));

type Verifier = (token: string) => Promise<AuthenticatedUser>;

function unauthorized(reply: FastifyReply, error?: 'invalid_token'): FastifyReply {
  return reply.code(401)
    .header('www-authenticate', error ? `Bearer error="${error}"` : 'Bearer')
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
}

/**
 * Register the three services. `getVerifier(name)` answers the verifier for that service's audience
 * once the identity provider exists (the issuer needs the port); until then every call is refused.
 */
export async function registerServices(app: FastifyInstance, db: Database.Database, getVerifier: (name: ServiceName) => Verifier | undefined): Promise<void> {
  for (const name of Object.keys(ROUTES) as ServiceName[]) {
    await app.register(async (service) => {
      // The audience check of this service only (the API's onRequest hook skips these paths).
      service.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const match = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/i.exec((request.headers.authorization ?? '').trim());
        const verify = getVerifier(name);
        if (!match?.[1] || !verify) return unauthorized(reply);
        try {
          request.user = await verify(match[1]);
        } catch {
          request.log.info({ url: request.url.split('?')[0], service: name }, 'service token refused');
          return unauthorized(reply, 'invalid_token');
        }
      });
      for (const route of ROUTES[name]) {
        service.get(route.path, async (request, reply) => {
          try {
            if (!request.user) throw new HttpError(401, 'Unauthorized');
            const user = authenticatedCaller(db, request.user.login);
            const params = parseParams({ method: 'GET', params: route.params }, (request.query ?? {}) as Params, {});
            const result = await withProjectCaller(db, user, () => route.handler({ db, user, reply, params }));
            if (result === reply) return reply;
            return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ data: result ?? null });
          } catch (error) {
            if (error instanceof HttpError) return sendError(reply, error);
            const constraint = sqliteConstraint(error);
            if (constraint) return sendError(reply, constraint);
            request.log.error({ err: error }, `${name} service request failed`);
            return sendError(reply, new HttpError(500, 'Internal Server Error'));
          }
        });
      }
      // Unknown paths of a service are a JSON 404 (after the token check), not the portal page.
      service.all('/*', async (request, reply) => sendError(reply, new HttpError(404, `Route ${request.method}:${request.url.split('?')[0]} not found`)));
    }, { prefix: SERVICE_PREFIXES[name] });
  }
}
