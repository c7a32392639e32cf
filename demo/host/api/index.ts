/**
 * The API of §7 on the demo host. Every route is declared once, beside its handler in its area's
 * folder (declare.ts; route-table.ts gathers them). This plugin adds form parsing (multipart
 * keyValues and urlencoded), then per route: the caller and its access rule, the one parse of the
 * parameters, the team guard on the parsed values, `{ data }` answers and JSON errors. The host has
 * already verified the bearer token and set `request.user` (or answered 401).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import multipart from '@fastify/multipart';
import '../types';
import { authenticatedCaller } from './context';
import { HttpError, sendError, sqliteConstraint, type Params } from './http';
import { ALL_HANDLERS } from './route-table';
import { MAX_FILE_BYTES, MAX_FILES } from './pfm/files';
import { accessAllows, guardParams, parseParams, type RouteDeclaration } from './declare';
import { withHistoryActor } from '../db/history';
import { withProjectCaller } from './project-access';

export { API_ROUTES } from './route-table';


export { accessAllows };

/**
 * One declared route: the caller and the access rule, then the ONE parse of its parameters (400 naming
 * the parameter, nothing read or written), then the team guard on the parsed values and the handler
 * with those values, inside the caller's project scope and the history actor.
 */
function registerDeclared(app: FastifyInstance, db: Database.Database, declaration: RouteDeclaration): void {
  app.route({
    method: declaration.method,
    url: declaration.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        if (!request.user) throw new HttpError(401, 'Unauthorized');
        const user = authenticatedCaller(db, request.user.login);
        if (!accessAllows(user, declaration.access)) {
          throw new HttpError(403, `You do not have access to ${declaration.path}.`, { requiredAccess: declaration.access });
        }
        const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Params;
        const query = (request.query ?? {}) as Params;
        const params = parseParams(declaration, query, body);
        const result = await withProjectCaller(db, user, () => {
          guardParams(db, declaration, params);
          return withHistoryActor(user.employeeId, () => declaration.handler({ db, user, reply, params }));
        });
        if (result === reply) return reply;
        return reply.type('application/json; charset=utf-8').send({ data: result ?? null });
      } catch (error) {
        if (error instanceof HttpError) return sendError(reply, error);
        const constraint = sqliteConstraint(error);
        if (constraint) return sendError(reply, constraint);
        throw error;
      }
    },
  });
}

/**
 * Register every API route of §7. The host has already verified the bearer token for /api/* and the
 * legacy data paths and set `request.user` (or answered 401).
 */
export async function registerApi(app: FastifyInstance, db: Database.Database): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      // Keep a file's name and type beside its bytes (keyValues alone keeps only the bytes).
      async onFile(part) {
        const data = await part.toBuffer();
        (part as unknown as { value: unknown }).value = { filename: part.filename, mimetype: part.mimetype, data };
      },
      // Uploads: 25 MB a file, 10 files a request (pfm/files.ts also holds the 100 MB in all).
      limits: { fileSize: MAX_FILE_BYTES, fieldSize: 1024 * 1024, fields: 5000, files: MAX_FILES },
    });
  }
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      // A repeated name is kept as an array, so the one parse (declare.ts) can refuse it.
      const form: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(String(body))) {
        const seen = form[key];
        form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, form);
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error);
    const constraint = sqliteConstraint(error);
    if (constraint) return sendError(reply, constraint);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'API request failed');
    const message = status === 413 ? 'Request body is too large.' : status === 500 ? 'Internal Server Error' : error.message;
    return sendError(reply, new HttpError(status, message, { code: error.code }));
  });

  const handlers = ALL_HANDLERS;

  // Issue 15: Pending access requests past 14 days become Expired (now, then hourly).

  for (const declaration of Object.values(handlers)) registerDeclared(app, db, declaration);
}
