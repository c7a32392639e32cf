/**
 * Security headers on every response of the demo host: a Content-Security-Policy with no inline
 * script, nosniff, a Referrer-Policy and HSTS (the host only speaks https); every answer to a
 * request with credentials (a bearer token) or under /api is `Cache-Control: no-store`. Responses the identity provider writes itself (hijacked
 * replies skip onSend) get the same headers through {@link applySecurityHeaders}.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

/** The policy, one directive per entry (tests check the parts). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Our elements use constructable stylesheets; legacy pages and the IdP use external CSS files.
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // blob: frames show the generated PDFs (document preview) from the bytes the API answered.
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The host serves https only (demo/host/tls.ts); a browser that saw it once never tries http.
  'strict-transport-security': 'max-age=31536000',
};

/** Answers that carry a signed-in user's data: the API, the services, and anything asked for with a token. */
export function isCredentialedRequest(url: string, authorization: string | undefined): boolean {
  return !!authorization || /^\/(api|bi|ai|search)(\/|\?|$)/i.test(url);
}

/** Set the headers on a raw response (for replies that bypass Fastify's hooks). */
export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/** Add the onSend hook that sets the headers on every Fastify reply. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    // Authenticated answers (200s included) are never stored by the browser or a proxy.
    if (isCredentialedRequest(request.url, request.headers.authorization)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
