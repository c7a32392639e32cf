/**
 * The demo OpenID Connect provider (oidc-provider 9): authorization code + PKCE (S256) only, one public
 * client `portal`, refresh tokens, RP-initiated logout, and JWT access tokens (`typ: at+jwt`) for the
 * four resource servers of `DEV_RESOURCES`. Accounts are the demo accounts; consent is implicit.
 */
import { Provider, type KoaContextWithOIDC } from 'oidc-provider';
import { DEV_CLIENT_ID, DEV_REDIRECT_BRIDGE_PATH, DEV_RESOURCES, TOKEN_RESOURCES } from '../../../src/core/env';
import { findDemoAccount } from '../accounts';
import type Database from 'better-sqlite3';
import { sqliteAdapter } from './adapter';
import type { IdpKeys } from './keys';
import { errorPage, logoutPage, logoutSuccessPage } from './views';

export interface IdentityProviderOptions {
  /** `https://localhost:<port>` */
  origin: string;
  keys: IdpKeys;
  /** Where sessions, grants and tokens are kept (they survive a restart). */
  db: Database.Database;
}

/** False when the login's employee is deactivated (user management); an account without an employee row stays usable. */
export function accountActive(db: Database.Database, login: string): boolean {
  const row = db.prepare('SELECT active FROM employees WHERE login = ? COLLATE NOCASE').get(login) as { active: number } | undefined;
  return row === undefined || row.active === 1;
}

/** The mount path and the issuer of the provider for an origin. */
export const IDP_PATH = '/idp';
export const issuerFor = (origin: string): string => `${origin}${IDP_PATH}`;

const RESOURCE_LIST = TOKEN_RESOURCES.map((name) => DEV_RESOURCES[name]);
const API_RESOURCE = DEV_RESOURCES.api.identifier;
const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'];

/**
 * True when the end-session request carries an id_token_hint (oidc-provider has validated its
 * signature and audience) of the account signed in to this session: the portal's own sign-out
 * (src/core/auth signOut sends it). A plain GET of the end-session URL, from a link on any site,
 * has none and must be confirmed by the user.
 */
export function hintedBySignedInUser(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown; sid?: unknown } } | undefined;
  const session = ctx.oidc.session;
  if (!hint?.payload || !session?.accountId || hint.payload.sub !== session.accountId) return false;
  const clientId = ctx.oidc.client?.clientId;
  const sid = clientId ? session.sidFor(clientId) : undefined;
  return hint.payload.sid === undefined || hint.payload.sid === sid;
}

/** Resources whose scope the request names (`scope` parameter), in table order. */
function requestedResources(ctx: KoaContextWithOIDC): string[] {
  const scope = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope : '';
  const asked = new Set(scope.toLowerCase().split(/\s+/).filter(Boolean));
  return RESOURCE_LIST.filter((resource) => asked.has(resource.scope)).map((resource) => resource.identifier);
}

/** Create the provider for the demo host at `origin` (mounted at `/idp` by the host). */
export function createIdentityProvider(options: IdentityProviderOptions): Provider {
  const { origin, keys, db } = options;
  const provider = new Provider(issuerFor(origin), {
    adapter: sqliteAdapter(db),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_name: 'Business Applications Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}/`, `${origin}${DEV_REDIRECT_BRIDGE_PATH}`],
        post_logout_redirect_uris: [`${origin}/`],
      },
    ],
    jwks: { keys: [keys.signingKey] },
    cookies: { keys: keys.cookieKeys },
    pkce: { required: () => true },
    scopes: OIDC_SCOPES,
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    // MSAL builds its account from the id token, so the profile claims belong in it.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      const account = findDemoAccount(sub);
      // A deactivated employee's session, refresh and silent renewal end here too.
      if (!account || !accountActive(db, account.login)) return undefined;
      return {
        accountId: account.login,
        async claims() {
          return { sub: account.login, name: account.preferredName, email: account.email, preferred_username: account.login };
        },
      };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${IDP_PATH}/interaction/${interaction.uid}`,
    },
    // Consent is implicit: every sign-in gets a grant for all OIDC scopes and all four resources.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      for (const resource of RESOURCE_LIST) grant.addResourceScope(resource.identifier, resource.scope);
      await grant.save();
      return grant;
    },
    // A refresh token for every code exchange of the portal (MSAL renews tokens silently with it).
    async issueRefreshToken(_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) {
      return client.grantTypeAllowed('refresh_token');
    },
    clientBasedCORS: (_ctx: unknown, requestOrigin: string) => requestOrigin === origin,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          ctx.body = logoutPage(form, hintedBySignedInUser(ctx));
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = logoutSuccessPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        // At the authorization endpoint: every resource whose scope is asked for (so one sign-in
        // covers all four). At the token endpoint: the one resource whose scope is asked for.
        async defaultResource(ctx: KoaContextWithOIDC, _client: unknown, oneOf?: string[]) {
          const named = requestedResources(ctx);
          if (oneOf) return oneOf.find((resource) => named.includes(resource)) ?? (oneOf.includes(API_RESOURCE) ? API_RESOURCE : oneOf[0]);
          if (ctx.oidc.route === 'authorization') return named.length ? named : API_RESOURCE;
          return named[0] ?? API_RESOURCE;
        },
        useGrantedResource: () => true,
        async getResourceServerInfo(_ctx: unknown, resourceIndicator: string) {
          const resource = RESOURCE_LIST.find((candidate) => candidate.identifier === resourceIndicator);
          if (!resource) throw new Error(`unknown resource ${resourceIndicator}`);
          return {
            scope: resource.scope,
            audience: resource.identifier,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 60 * 60,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
      RefreshToken: 12 * 60 * 60,
    },
    async renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
      ctx.type = 'html';
      ctx.body = errorPage(out.error, out.error_description);
    },
  });
  return provider;
}
