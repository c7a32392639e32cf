/**
 * Environments (§9) and the settings that differ between them: name and label, header colour, legacy host and
 * the sign-in settings. Issue 33: one build for every environment, so they are read at start, not compiled in:
 * {@link readPortalConfig} takes the page's configuration document (`<script type="application/json"
 * id="portal-config">`, else `/portal-config.json`, checked by `./config`), and only with none falls back to the
 * host-name rules:
 * - dev: `localhost`, `127.0.0.1`, `[::1]`, any host whose first label is `dev` or ends in `-dev`
 *   (`dev.portal.example.com`, `portal-dev.example.com`);
 * - stage: the same with `stage` (`stage.portal.example.com`, `portal-stage.example.com`);
 * - production: every other host.
 * Only dev can sign in by the rules (the demo host's own OpenID Connect provider, `demo/host/idp`, which imports
 * {@link DEV_RESOURCES} from here so both sides agree on audiences and scopes); stage and production need a document.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ApiResource } from './api';
import { pageSingleton } from './singleton';

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
/** The MSAL 5 redirect bridge page (popups, silent renewal and redirects all return through it): the build's (scripts/redirect-bridge.mjs). */
export const DEV_REDIRECT_BRIDGE_PATH = '/dist/redirect-bridge.html';

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
  /**
   * Sign-in settings given the page's origin and host (host includes the port); null where only a configuration
   * document can say them (stage and production: the tenant, the app registration and the scopes are the company's).
   */
  signIn: ((origin: string, host: string) => SignInSettings) | null;
}

/** The dev sign-in: the demo host's own OpenID Connect provider at `origin`. */
function devSignIn(origin: string, host: string): SignInSettings {
  return {
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
  };
}

/**
 * The host-name rules: what a page shows when it has no configuration document. Most specific first; production
 * is the catch-all. With no document, stage and production show the configuration problem instead of signing in.
 */
export const ENVIRONMENTS: readonly EnvironmentEntry[] = [
  {
    name: 'dev',
    label: 'DEV',
    headerColor: '#2e6b30',
    hostPatterns: [/^localhost$/, /^127\.0\.0\.1$/, /^\[::1\]$/, /^dev\./, /^[^.]*-dev\./],
    signIn: devSignIn,
  },
  { name: 'stage', label: 'STAGE', headerColor: '#8a5a00', hostPatterns: [/^stage\./, /^[^.]*-stage\./], signIn: null },
  { name: 'production', label: 'PROD', headerColor: '#1f3a5f', hostPatterns: [/.*/], signIn: null },
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

/** The environment of a host by the host-name rules (default: this page's host). */
export function currentEnvironment(host: string = location.host): EnvironmentName {
  return entryFor(host).name;
}

/** Everything that depends on the environment. */
export interface EnvironmentSettings {
  name: EnvironmentName;
  label: string;
  headerColor: string;
  /** The legacy host's origin, without a trailing slash. */
  legacyOrigin: string;
  /** Null when nothing says how to sign in (stage or production with no configuration document). */
  signIn: SignInSettings | null;
}

/** Settings a page can sign in with: a valid configuration document's, or dev's host rules. */
export type PageSettings = EnvironmentSettings & { signIn: SignInSettings };

/**
 * The host-name rules for a page at `origin` (the fallback when the page has no configuration document); the
 * legacy host is then the page's own origin (the demo host serves the legacy pages).
 * @example hostEnvironment('https://localhost:8443').signIn?.authority // 'https://localhost:8443/idp'
 */
export function hostEnvironment(origin: string): EnvironmentSettings {
  const url = new URL(origin);
  const entry = entryFor(url.host);
  return { name: entry.name, label: entry.label, headerColor: entry.headerColor, legacyOrigin: url.origin, signIn: entry.signIn?.(url.origin, url.host) ?? null };
}

/**
 * The demo host's own configuration document (served at `/portal-config.json`): dev's host rules written out,
 * so dev reads its settings the way stage and production do.
 */
export function devPortalConfig(origin: string): Omit<PageSettings, 'signIn'> & SignInSettings {
  const url = new URL(origin);
  const entry = ENVIRONMENTS[0] as EnvironmentEntry;
  return { name: entry.name, label: entry.label, headerColor: entry.headerColor, legacyOrigin: url.origin, ...devSignIn(url.origin, url.host) };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the settings at start (issue 33). The reading and the checks are `./config`, loaded on demand: the first
// screen carries only this store.

/** Where the page's settings came from: its inline document, the host's file, or the host-name rules. */
export type ConfigSource = 'page' | 'file' | 'host';

/** The page's configuration: being read, read, or refused with every problem (each naming its field). */
export type PortalConfigState =
  | { status: 'reading' }
  | { status: 'ready'; source: ConfigSource; settings: PageSettings }
  | { status: 'invalid'; source: ConfigSource; /** Where it was read from, as a sentence names it. */ where: string; problems: string[] };

// One per page, shared by every bundle copy: the document is read once, and every element shows the same problem.
const config = pageSingleton('env.config', () => ({ read: null as Promise<PortalConfigState> | null, store: atom<PortalConfigState>({ status: 'reading' }) }));

/** The page's configuration. Subscribing reads nothing: sign-in's start and the portal do ({@link readPortalConfig}). */
export const $portalConfig: ReadableAtom<PortalConfigState> = config.store;

/** The page's settings: the document's once read, the host-name rules until then (or when it was refused). */
export const $environment: ReadableAtom<EnvironmentSettings> = computed($portalConfig, (state) =>
  state.status === 'ready' ? state.settings : hostEnvironment(location.origin));

/** The page's settings now (see {@link $environment}). */
export function environmentSettings(): EnvironmentSettings {
  return $environment.get();
}

/** The legacy host's origin for this page (with no document: the page's own origin, i.e. the demo host). */
export function legacyHost(): string {
  return environmentSettings().legacyOrigin;
}

/**
 * Read the page's configuration once (later calls get the first call's promise): the inline document, else
 * `/portal-config.json` (no-cache), else on a 404 the host-name rules (`readPageConfig` in ./config). A refused
 * document's problems go to the console and to {@link $portalConfig}, which every element shows in place of its view.
 * Never rejects.
 */
export function readPortalConfig(): Promise<PortalConfigState> {
  config.read ??= import('./config')
    .then(
      (module) => module.readPageConfig(),
      (): PortalConfigState => ({ status: 'invalid', source: 'file', where: 'the bundle', problems: ['the configuration reader could not be loaded; reload the page to try again'] }),
    )
    .then((state) => {
      if (state.status === 'invalid') console.error(`Portal configuration (${state.where}) is not usable:\n- ${state.problems.join('\n- ')}`);
      config.store.set(state);
      return state;
    });
  return config.read;
}

/** Forget the page's configuration (tests): the next {@link readPortalConfig} reads again. */
export function resetPortalConfig(): void {
  config.read = null;
  config.store.set({ status: 'reading' });
}
