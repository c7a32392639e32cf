/**
 * Environments (§9): dev, stage or production, chosen from the page's host name. The legacy host,
 * the header colour and the sign-in settings depend on it.
 *
 * This file is the one table a deployment edits. Host rules, in order:
 * - dev: `localhost`, `127.0.0.1`, `[::1]`, any host whose first label is `dev` or ends in `-dev`
 *   (`dev.portal.example.com`, `portal-dev.example.com`);
 * - stage: the same with `stage` (`stage.portal.example.com`, `portal-stage.example.com`);
 * - production: every other host.
 *
 * Dev signs in against the demo host's own OpenID Connect provider (`demo/host/idp`), which imports
 * {@link DEV_RESOURCES} from here so both sides agree on audiences and scopes.
 */
import type { ApiResource } from './api';

export type EnvironmentName = 'dev' | 'stage' | 'production';

/** The four services a token is asked for (§7), in a fixed order. */
export const TOKEN_RESOURCES: readonly ApiResource[] = ['api', 'bi', 'ai', 'search'];

/**
 * The demo identity provider's resource servers: the token audience (`identifier`) and the one scope
 * a client asks for. Lowercase on purpose: MSAL lowercases scopes.
 */
export const DEV_RESOURCES: Readonly<Record<ApiResource, { identifier: string; scope: string }>> = {
  api: { identifier: 'api://bizapps-portal', scope: 'api://bizapps-portal/access_as_user' },
  bi: { identifier: 'api://bizapps-bi', scope: 'api://bizapps-bi/access_as_user' },
  ai: { identifier: 'api://bizapps-ai', scope: 'api://bizapps-ai/access_as_user' },
  search: { identifier: 'api://bizapps-search', scope: 'api://bizapps-search/access_as_user' },
};

/** The demo provider's client id and mount path (dev only). */
export const DEV_CLIENT_ID = 'portal';
export const DEV_IDP_PATH = '/idp';
/** The MSAL 5 redirect bridge page (popups, silent renewal and redirects all return through it). */
export const DEV_REDIRECT_BRIDGE_PATH = '/demo/redirect-bridge.html';

/** What `src/core/auth` needs to build its MSAL instance. */
export interface SignInSettings {
  /** `https://…` authority; for OIDC mode the issuer. */
  authority: string;
  clientId: string;
  /** Hosts MSAL may trust as authorities (needed for non-Microsoft authorities). */
  knownAuthorities: string[];
  /** 'OIDC' for a plain OpenID provider (dev), 'AAD' for Entra ID. */
  protocolMode: 'OIDC' | 'AAD';
  /** The scope to ask for, per service. */
  scopes: Record<ApiResource, string>;
  /** Absolute URL of the redirect bridge page. */
  redirectUri: string;
  /** Absolute URL to land on after sign-out. */
  postLogoutRedirectUri: string;
}

interface EnvironmentEntry {
  name: EnvironmentName;
  /** Shown next to the header colour, e.g. in a badge. */
  label: string;
  /** The header background colour (§1: the header colour shows the environment). */
  headerColor: string;
  /** Host-name tests (no port); the first environment with a match wins. */
  hostPatterns: RegExp[];
  /** The legacy ASP.NET host's origin; null means "this page's own origin" (the demo host). */
  legacyOrigin: string | null;
  /** Sign-in settings given the page's origin and host (host includes the port). */
  signIn: (origin: string, host: string) => SignInSettings;
}

// DEPLOYMENT: fill in the Entra ID tenant, the portal's app registration and the API scopes.
const ENTRA_TENANT_ID = '00000000-0000-0000-0000-000000000000';
const ENTRA_CLIENT_ID = '00000000-0000-0000-0000-000000000000';
const ENTRA_SCOPES: Record<ApiResource, string> = {
  api: 'api://00000000-0000-0000-0000-000000000000/access_as_user',
  bi: 'https://analysis.windows.net/powerbi/api/.default',
  ai: 'https://cognitiveservices.azure.com/.default',
  search: 'https://search.azure.com/.default',
};

function entraSignIn(origin: string): SignInSettings {
  return {
    authority: `https://login.microsoftonline.com/${ENTRA_TENANT_ID}`,
    clientId: ENTRA_CLIENT_ID,
    knownAuthorities: ['login.microsoftonline.com'],
    protocolMode: 'AAD',
    scopes: { ...ENTRA_SCOPES },
    // DEPLOYMENT: the legacy host must serve the bridge page (see the README) at this path.
    redirectUri: `${origin}/redirect-bridge.html`,
    postLogoutRedirectUri: `${origin}/`,
  };
}

/** The environment table, most specific first; production is the catch-all. */
export const ENVIRONMENTS: readonly EnvironmentEntry[] = [
  {
    name: 'dev',
    label: 'DEV',
    headerColor: '#2e6b30',
    hostPatterns: [/^localhost$/, /^127\.0\.0\.1$/, /^\[::1\]$/, /^dev\./, /^[^.]*-dev\./],
    legacyOrigin: null,
    signIn: (origin, host) => ({
      authority: `${origin}${DEV_IDP_PATH}`,
      clientId: DEV_CLIENT_ID,
      knownAuthorities: [host],
      protocolMode: 'OIDC',
      scopes: {
        api: DEV_RESOURCES.api.scope,
        bi: DEV_RESOURCES.bi.scope,
        ai: DEV_RESOURCES.ai.scope,
        search: DEV_RESOURCES.search.scope,
      },
      redirectUri: `${origin}${DEV_REDIRECT_BRIDGE_PATH}`,
      postLogoutRedirectUri: `${origin}/`,
    }),
  },
  {
    name: 'stage',
    label: 'STAGE',
    headerColor: '#8a5a00',
    hostPatterns: [/^stage\./, /^[^.]*-stage\./],
    // DEPLOYMENT: the legacy host of stage.
    legacyOrigin: 'https://legacy-stage.example.com',
    signIn: (origin) => entraSignIn(origin),
  },
  {
    name: 'production',
    label: 'PROD',
    headerColor: '#1f3a5f',
    hostPatterns: [/.*/],
    // DEPLOYMENT: the legacy host of production.
    legacyOrigin: 'https://legacy.example.com',
    signIn: (origin) => entraSignIn(origin),
  },
];

/** Strip the port from a `host` (`localhost:8443` → `localhost`, `[::1]:8443` → `[::1]`). */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

function entryFor(host: string): EnvironmentEntry {
  const name = hostName(host);
  const entry = ENVIRONMENTS.find((candidate) => candidate.hostPatterns.some((pattern) => pattern.test(name)));
  // The production entry matches everything, so this only guards against an edited table.
  return entry ?? (ENVIRONMENTS[ENVIRONMENTS.length - 1] as EnvironmentEntry);
}

/** The environment of a host (default: this page's host). */
export function currentEnvironment(host: string = location.host): EnvironmentName {
  return entryFor(host).name;
}

/** Everything that depends on the environment, resolved for a page origin. */
export interface EnvironmentSettings {
  name: EnvironmentName;
  label: string;
  headerColor: string;
  /** The legacy host's origin, without a trailing slash. */
  legacyOrigin: string;
  signIn: SignInSettings;
}

/**
 * The settings for a page at `origin` (default: this page). The host is taken from the origin.
 * @example environmentSettings('https://localhost:8443').signIn.authority // 'https://localhost:8443/idp'
 */
export function environmentSettings(origin: string = location.origin): EnvironmentSettings {
  const url = new URL(origin);
  const entry = entryFor(url.host);
  return {
    name: entry.name,
    label: entry.label,
    headerColor: entry.headerColor,
    legacyOrigin: entry.legacyOrigin ?? url.origin,
    signIn: entry.signIn(url.origin, url.host),
  };
}

/** The legacy host's origin for a page at `origin` (dev: the page's own origin, i.e. the demo host). */
export function legacyHost(origin: string = location.origin): string {
  return environmentSettings(origin).legacyOrigin;
}
