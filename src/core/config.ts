/**
 * The portal configuration document (issue 33: one build for every environment): the JSON a hosting page gives
 * in `<script type="application/json" id="portal-config">` or at `/portal-config.json`, where the page reads it
 * from ({@link readPageConfig}), and its check field by field ({@link parsePortalConfig}, pure, shared with the demo
 * host). Loaded on demand by `readPortalConfig` (src/core/env) at start, beside MSAL: the first screen carries none of it.
 *
 * @example
 * parsePortalConfig('{"name":"dev", …}', 'https://localhost:8443') // { ok: true, settings, ignored: [] }
 */
import { hostEnvironment, TOKEN_RESOURCES, type ConfigSource, type EnvironmentName, type PageSettings, type PortalConfigState } from './env';

/** The inline document: `<script type="application/json" id="portal-config">`. */
export const PORTAL_CONFIG_SCRIPT_ID = 'portal-config';
/** The host's document, on the page's own origin. */
export const PORTAL_CONFIG_PATH = '/portal-config.json';
/** How long start-up waits for {@link PORTAL_CONFIG_PATH}. */
export const PORTAL_CONFIG_TIMEOUT_MS = 10_000;

/** Where each source is, as the problem names it. */
export const CONFIG_SOURCE_NAMES: Readonly<Record<ConfigSource, string>> = {
  page: `the page's <script id="${PORTAL_CONFIG_SCRIPT_ID}">`,
  file: PORTAL_CONFIG_PATH,
  host: 'the host-name rules',
};

/** The result: the settings, or every problem found, each naming its field. */
export type PortalConfigResult =
  | { ok: true; settings: PageSettings; /** Top-level names the document has and the portal does not read. */ ignored: string[] }
  | { ok: false; problems: string[] };

/** The fields of a document, in the order problems are listed. */
export const PORTAL_CONFIG_FIELDS = [
  'name', 'label', 'headerColor', 'legacyOrigin', 'authority', 'clientId', 'knownAuthorities', 'protocolMode', 'scopes', 'redirectUri', 'postLogoutRedirectUri',
] as const;

const NAMES: readonly EnvironmentName[] = ['dev', 'stage', 'production'];
/** The all-zero GUID of the README's example: copied unchanged, it would sign in against no tenant. */
export const PLACEHOLDER_GUID = '00000000-0000-0000-0000-000000000000';
export const LABEL_MAX = 24;
const HOST_NAME = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** An absolute URL with no query or fragment: https, or http on the local machine (a secure context too). */
function webUrl(value: unknown, httpsOnly = false): URL | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const local = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
  const schemeOk = url.protocol === 'https:' || (!httpsOnly && local && url.protocol === 'http:');
  return schemeOk && !url.search && !url.hash && !url.username ? url : null;
}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Check a portal configuration document (its JSON text, or the value parsed from it) for a page at `origin`
 * (the redirect bridge must be on the page's own origin: MSAL's bridge answers the page that opened it).
 */
export function parsePortalConfig(json: unknown, origin?: string): PortalConfigResult {
  let doc = json;
  if (typeof json === 'string') {
    try {
      doc = JSON.parse(json);
    } catch (error) {
      return { ok: false, problems: [`the document is not valid JSON (${(error as Error).message})`] };
    }
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { ok: false, problems: ['the document must be a JSON object'] };
  const d = doc as Record<string, unknown>;
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };

  need(NAMES.includes(d.name as EnvironmentName), 'name must be one of dev, stage, production');
  need(text(d.label) && d.label.length <= LABEL_MAX, `label must be a non-empty string of at most ${LABEL_MAX} characters`);
  need(typeof d.headerColor === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(d.headerColor), 'headerColor must be a hex colour such as #1f3a5f');
  const legacy = webUrl(d.legacyOrigin);
  need(legacy !== null && legacy.pathname === '/', 'legacyOrigin must be an https origin such as https://legacy.example.com (no path)');
  const authority = webUrl(d.authority, true);
  need(authority !== null, 'authority must be an https URL');
  need(text(d.clientId), 'clientId must be a non-empty string');

  const known = d.knownAuthorities;
  if (!Array.isArray(known)) problems.push('knownAuthorities must be an array of host names (it may be empty)');
  else known.forEach((host, index) => need(typeof host === 'string' && HOST_NAME.test(host), `knownAuthorities[${index}] must be a host name such as login.microsoftonline.com`));
  need(d.protocolMode === 'AAD' || d.protocolMode === 'OIDC', 'protocolMode must be AAD (Entra ID) or OIDC');
  // MSAL trusts an authority that is not Microsoft's only when its host is listed.
  if (d.protocolMode === 'OIDC' && authority && Array.isArray(known)) {
    need(known.includes(authority.host), `knownAuthorities must include the authority's host (${authority.host}) in OIDC mode`);
  }

  const scopes = d.scopes;
  if (typeof scopes !== 'object' || scopes === null || Array.isArray(scopes)) problems.push('scopes must be an object with api, bi, ai and search');
  else {
    const s = scopes as Record<string, unknown>;
    for (const service of TOKEN_RESOURCES) need(text(s[service]) && !/\s/.test(s[service] as string), `scopes.${service} must be a non-empty string (one scope, no spaces)`);
    for (const name of Object.keys(s)) need(TOKEN_RESOURCES.includes(name as never), `scopes.${name} is not a service (api, bi, ai, search)`);
  }

  const redirect = webUrl(d.redirectUri);
  need(redirect !== null, 'redirectUri must be an https URL');
  if (redirect && origin !== undefined) need(redirect.origin === new URL(origin).origin, `redirectUri must be on this page's origin (${new URL(origin).origin})`);
  need(webUrl(d.postLogoutRedirectUri) !== null, 'postLogoutRedirectUri must be an https URL');

  // Last, so a copied example lists every value still to fill in.
  for (const field of ['authority', 'clientId', 'scopes'] as const) {
    const value = JSON.stringify(d[field] ?? '');
    need(!value.includes(PLACEHOLDER_GUID), `${field} still holds the placeholder ${PLACEHOLDER_GUID}`);
  }
  if (problems.length) return { ok: false, problems };

  const scopeMap = d.scopes as PageSettings['signIn']['scopes'];
  return {
    ok: true,
    ignored: Object.keys(d).filter((name) => !(PORTAL_CONFIG_FIELDS as readonly string[]).includes(name)),
    settings: {
      name: d.name as EnvironmentName,
      label: d.label as string,
      headerColor: d.headerColor as string,
      legacyOrigin: (legacy as URL).origin,
      signIn: {
        authority: (authority as URL).href.replace(/\/$/, ''),
        clientId: d.clientId as string,
        knownAuthorities: [...(known as string[])],
        protocolMode: d.protocolMode as 'AAD' | 'OIDC',
        scopes: { api: scopeMap.api, bi: scopeMap.bi, ai: scopeMap.ai, search: scopeMap.search },
        redirectUri: d.redirectUri as string,
        postLogoutRedirectUri: d.postLogoutRedirectUri as string,
      },
    },
  };
}

const refused = (source: ConfigSource, problems: string[]): PortalConfigState => ({ status: 'invalid', source, where: CONFIG_SOURCE_NAMES[source], problems });

/**
 * Read this page's configuration (once per page, through `readPortalConfig` in src/core/env): the inline document,
 * else {@link PORTAL_CONFIG_PATH} on the page's origin (no-cache), else on a 404 the host-name rules, which sign in
 * dev only. A read that fails otherwise (a 5xx, the network, no answer in 10 s) is a problem, not a fallback.
 * `origin` is the page's (tests give another, to see a stage page's rules).
 */
export async function readPageConfig(origin: string = location.origin): Promise<PortalConfigState> {
  const inline = document.querySelector(`script[type="application/json"]#${PORTAL_CONFIG_SCRIPT_ID}`);
  let json: string;
  if (inline) json = inline.textContent ?? '';
  else {
    let response: Response;
    try {
      response = await fetch(PORTAL_CONFIG_PATH, { cache: 'no-cache', credentials: 'same-origin', signal: AbortSignal.timeout(PORTAL_CONFIG_TIMEOUT_MS) });
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? `no answer in ${PORTAL_CONFIG_TIMEOUT_MS / 1000} s` : 'the network failed';
      return refused('file', [`the document could not be read (${why}); reload the page to try again`]);
    }
    if (response.status === 404) {
      const settings = hostEnvironment(origin);
      return settings.signIn
        ? { status: 'ready', source: 'host', settings: settings as PageSettings }
        : refused('host', [`this ${settings.label} page has no configuration document (neither <script id="${PORTAL_CONFIG_SCRIPT_ID}"> nor ${PORTAL_CONFIG_PATH}), and only dev signs in without one`]);
    }
    if (!response.ok) return refused('file', [`the document could not be read (HTTP ${response.status}); reload the page to try again`]);
    json = await response.text();
  }
  const source: ConfigSource = inline ? 'page' : 'file';
  const result = parsePortalConfig(json, origin);
  if (!result.ok) return refused(source, result.problems);
  if (result.ignored.length) console.warn(`Portal configuration (${CONFIG_SOURCE_NAMES[source]}): ignored ${result.ignored.join(', ')}`);
  return { status: 'ready', source, settings: result.settings };
}
