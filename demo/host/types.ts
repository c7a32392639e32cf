/** What the host's token check attaches to every authenticated request. */
export interface AuthenticatedUser {
  /** The demo account login (the access token's `sub`). */
  login: string;
  /** The token's scopes, space-separated in the token. */
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer-token check on /api (and the legacy data paths); undefined when unauthenticated. */
    user?: AuthenticatedUser;
  }
}
