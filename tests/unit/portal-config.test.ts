// Issue 33, one build for every environment: the portal configuration document's checks (each field), the order
// the page reads it in (inline script, else /portal-config.json, else on a 404 the host-name rules), and sign-in
// building MSAL from it only once it is read.
import { expect } from 'chai';
import { $session, resetAuth, startAuth, type AuthClient } from '../../src/core/auth';
import {
  LABEL_MAX, parsePortalConfig, readPageConfig, PLACEHOLDER_GUID, PORTAL_CONFIG_FIELDS, PORTAL_CONFIG_PATH, PORTAL_CONFIG_SCRIPT_ID, PORTAL_CONFIG_TIMEOUT_MS,
} from '../../src/core/config';
import { $environment, $portalConfig, hostEnvironment, readPortalConfig, resetPortalConfig, type SignInSettings } from '../../src/core/env';

const ORIGIN = 'https://portal.example.com';
const TENANT = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const CLIENT = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99';

/** An Entra ID document for a page at ORIGIN (no placeholder left). */
function entra(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'production',
    label: 'PROD',
    headerColor: '#1f3a5f',
    legacyOrigin: 'https://legacy.example.com',
    authority: `https://login.microsoftonline.com/${TENANT}`,
    clientId: CLIENT,
    knownAuthorities: ['login.microsoftonline.com'],
    protocolMode: 'AAD',
    scopes: {
      api: `api://${CLIENT}/access_as_user`,
      bi: 'https://analysis.windows.net/powerbi/api/.default',
      ai: 'https://cognitiveservices.azure.com/.default',
      search: 'https://search.azure.com/.default',
    },
    redirectUri: `${ORIGIN}/redirect-bridge.html`,
    postLogoutRedirectUri: `${ORIGIN}/`,
    ...overrides,
  };
}

const problemsOf = (doc: unknown, origin: string | undefined = ORIGIN): string[] => {
  const result = parsePortalConfig(doc, origin);
  return result.ok ? [] : result.problems;
};

/** What each field's problem says (the exact sentences a host's IT team reads). */
const MISSING: Record<(typeof PORTAL_CONFIG_FIELDS)[number], string> = {
  name: 'name must be one of dev, stage, production',
  label: `label must be a non-empty string of at most ${LABEL_MAX} characters`,
  headerColor: 'headerColor must be a hex colour such as #1f3a5f',
  legacyOrigin: 'legacyOrigin must be an https origin such as https://legacy.example.com (no path)',
  authority: 'authority must be an https URL',
  clientId: 'clientId must be a non-empty string',
  knownAuthorities: 'knownAuthorities must be an array of host names (it may be empty)',
  protocolMode: 'protocolMode must be AAD (Entra ID) or OIDC',
  scopes: 'scopes must be an object with api, bi, ai and search',
  redirectUri: 'redirectUri must be an https URL',
  postLogoutRedirectUri: 'postLogoutRedirectUri must be an https URL',
};

describe('portal configuration: the document, field by field', () => {
  it('accepts an Entra ID document and gives the settings the portal uses', () => {
    const result = parsePortalConfig(JSON.stringify(entra()), ORIGIN);
    expect(result).to.deep.equal({
      ok: true,
      ignored: [],
      settings: {
        name: 'production', label: 'PROD', headerColor: '#1f3a5f', legacyOrigin: 'https://legacy.example.com',
        signIn: {
          authority: `https://login.microsoftonline.com/${TENANT}`, clientId: CLIENT, knownAuthorities: ['login.microsoftonline.com'], protocolMode: 'AAD',
          scopes: entra().scopes, redirectUri: `${ORIGIN}/redirect-bridge.html`, postLogoutRedirectUri: `${ORIGIN}/`,
        },
      },
    });
  });

  it('names each missing field, and only it', () => {
    expect(Object.keys(MISSING)).to.deep.equal([...PORTAL_CONFIG_FIELDS]);
    for (const field of PORTAL_CONFIG_FIELDS) {
      const doc = entra();
      delete doc[field];
      expect(problemsOf(doc), field).to.deep.equal([MISSING[field]]);
    }
  });

  it('lists every problem of a document at once, in field order', () => {
    expect(problemsOf({})).to.deep.equal(Object.values(MISSING));
  });

  it('refuses what is not a JSON object', () => {
    expect(problemsOf('{"name": "dev",')[0]).to.match(/^the document is not valid JSON \(.+\)$/);
    expect(problemsOf('<!doctype html><p>Not here</p>')[0]).to.match(/^the document is not valid JSON/);
    for (const doc of ['[]', 'null', '"text"', '5', [], null]) expect(problemsOf(doc), String(doc)).to.deep.equal(['the document must be a JSON object']);
  });

  it('name: dev, stage or production only', () => {
    for (const name of ['dev', 'stage', 'production']) expect(problemsOf(entra({ name })), name).to.deep.equal([]);
    for (const name of ['Production', 'uat', '', 3]) expect(problemsOf(entra({ name })), String(name)).to.deep.equal([MISSING.name]);
  });

  it(`label: a non-empty string of at most ${LABEL_MAX} characters`, () => {
    expect(problemsOf(entra({ label: 'x'.repeat(LABEL_MAX) }))).to.deep.equal([]);
    for (const label of ['', '   ', 'x'.repeat(LABEL_MAX + 1), 7]) expect(problemsOf(entra({ label })), String(label)).to.deep.equal([MISSING.label]);
  });

  it('headerColor: #rgb or #rrggbb only (it goes into the header style)', () => {
    for (const headerColor of ['#1f3a5f', '#ABC']) expect(problemsOf(entra({ headerColor })), headerColor).to.deep.equal([]);
    for (const headerColor of ['1f3a5f', 'red', '#1f3a5', 'url(x)', '#1f3a5f;color:red']) expect(problemsOf(entra({ headerColor })), headerColor).to.deep.equal([MISSING.headerColor]);
  });

  it('legacyOrigin: an https origin with no path, written without a trailing slash', () => {
    const ok = parsePortalConfig(entra({ legacyOrigin: 'https://legacy.example.com/' }), ORIGIN);
    expect(ok.ok && ok.settings.legacyOrigin).to.equal('https://legacy.example.com');
    for (const legacyOrigin of ['http://legacy.example.com', 'https://legacy.example.com/cm', 'legacy.example.com', 'https://legacy.example.com?x=1', '']) {
      expect(problemsOf(entra({ legacyOrigin })), legacyOrigin).to.deep.equal([MISSING.legacyOrigin]);
    }
  });

  it('authority: https only, with no query or fragment (MSAL refuses an insecure authority)', () => {
    for (const authority of ['http://login.example.com/t', 'http://localhost:8443/idp', 'login.microsoftonline.com', 'https://login.example.com/t?x=1', 'https://login.example.com/t#f', 'https://user@login.example.com/t']) {
      expect(problemsOf(entra({ authority })), authority).to.deep.equal([MISSING.authority]);
    }
  });

  it('clientId: a non-empty string', () => {
    for (const clientId of ['', '  ', 42]) expect(problemsOf(entra({ clientId })), String(clientId)).to.deep.equal([MISSING.clientId]);
  });

  it('knownAuthorities: host names, which must include the authority in OIDC mode', () => {
    expect(problemsOf(entra({ knownAuthorities: [] }))).to.deep.equal([]);
    expect(problemsOf(entra({ knownAuthorities: 'login.microsoftonline.com' }))).to.deep.equal([MISSING.knownAuthorities]);
    expect(problemsOf(entra({ knownAuthorities: ['login.microsoftonline.com', 'https://login.example.com', 5] }))).to.deep.equal([
      'knownAuthorities[1] must be a host name such as login.microsoftonline.com',
      'knownAuthorities[2] must be a host name such as login.microsoftonline.com',
    ]);
    const oidc = { protocolMode: 'OIDC', authority: 'https://idp.example.com:8443/idp' };
    expect(problemsOf(entra({ ...oidc, knownAuthorities: ['idp.example.com:8443'] }))).to.deep.equal([]);
    expect(problemsOf(entra({ ...oidc, knownAuthorities: ['idp.example.com'] }))).to.deep.equal(["knownAuthorities must include the authority's host (idp.example.com:8443) in OIDC mode"]);
  });

  it('protocolMode: AAD or OIDC', () => {
    for (const protocolMode of ['aad', 'oidc', 'B2C', '']) expect(problemsOf(entra({ protocolMode })), protocolMode).to.deep.equal([MISSING.protocolMode]);
  });

  it('scopes: one scope for each of api, bi, ai and search, and no other service', () => {
    expect(problemsOf(entra({ scopes: [] }))).to.deep.equal([MISSING.scopes]);
    for (const service of ['api', 'bi', 'ai', 'search']) {
      const message = `scopes.${service} must be a non-empty string (one scope, no spaces)`;
      for (const value of [undefined, '', 'openid profile', 5]) {
        expect(problemsOf(entra({ scopes: { ...(entra().scopes as object), [service]: value } })), `${service}=${String(value)}`).to.deep.equal([message]);
      }
    }
    expect(problemsOf(entra({ scopes: { ...(entra().scopes as object), graph: 'User.Read' } }))).to.deep.equal(['scopes.graph is not a service (api, bi, ai, search)']);
  });

  it("redirectUri: https (http only on localhost), on the page's own origin", () => {
    expect(problemsOf(entra({ redirectUri: 'https://other.example.com/redirect-bridge.html' }))).to.deep.equal([`redirectUri must be on this page's origin (${ORIGIN})`]);
    // With no page origin to compare (the demo host's own check of what it serves), any https address.
    expect(parsePortalConfig(entra({ redirectUri: 'https://other.example.com/b.html' })).ok).to.equal(true);
    expect(problemsOf(entra({ redirectUri: 'http://localhost:8771/b.html', postLogoutRedirectUri: 'http://localhost:8771/' }), 'http://localhost:8771')).to.deep.equal([]);
    for (const redirectUri of ['http://portal.example.com/redirect-bridge.html', '/redirect-bridge.html', 'https://portal.example.com/b.html#x']) {
      expect(problemsOf(entra({ redirectUri })), redirectUri).to.deep.equal([MISSING.redirectUri]);
    }
  });

  it('postLogoutRedirectUri: https (http only on localhost)', () => {
    for (const postLogoutRedirectUri of ['http://portal.example.com/', '/', 'javascript:alert(1)']) {
      expect(problemsOf(entra({ postLogoutRedirectUri })), postLogoutRedirectUri).to.deep.equal([MISSING.postLogoutRedirectUri]);
    }
  });

  it("refuses the README example's placeholder GUID wherever it is left", () => {
    const zero = PLACEHOLDER_GUID;
    expect(zero).to.equal('00000000-0000-0000-0000-000000000000');
    expect(problemsOf(entra({ authority: `https://login.microsoftonline.com/${zero}`, clientId: zero, scopes: { ...(entra().scopes as object), api: `api://${zero}/access_as_user` } }))).to.deep.equal([
      `authority still holds the placeholder ${zero}`,
      `clientId still holds the placeholder ${zero}`,
      `scopes still holds the placeholder ${zero}`,
    ]);
  });

  it('reads a document it is given already parsed, and lists the names it does not read', () => {
    const result = parsePortalConfig(entra({ clientID: 'typo', comment: 'stage' }), ORIGIN);
    expect(result.ok && result.ignored).to.deep.equal(['clientID', 'comment']);
  });
});

describe('portal configuration: where the page reads it from', () => {
  const realFetch = window.fetch;
  const realError = console.error;
  let asked: Array<{ url: string; init: RequestInit | undefined }> = [];
  let logged: unknown[][] = [];
  const here = (overrides: Record<string, unknown> = {}) =>
    entra({ redirectUri: `${location.origin}/bridge.html`, postLogoutRedirectUri: `${location.origin}/`, ...overrides });

  function answer(respond: () => Response | Promise<Response>): void {
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), init });
      return respond();
    }) as typeof fetch;
  }
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  function inline(doc: unknown, type = 'application/json'): void {
    const script = document.createElement('script');
    script.type = type;
    script.id = PORTAL_CONFIG_SCRIPT_ID;
    script.textContent = typeof doc === 'string' ? doc : JSON.stringify(doc);
    document.head.append(script);
  }

  beforeEach(() => {
    asked = [];
    logged = [];
    console.error = (...args: unknown[]) => { logged.push(args); };
    resetPortalConfig();
  });
  afterEach(() => {
    window.fetch = realFetch;
    console.error = realError;
    document.getElementById(PORTAL_CONFIG_SCRIPT_ID)?.remove();
    resetPortalConfig();
    resetAuth();
  });

  it('takes the inline <script type="application/json" id="portal-config"> over the file, and asks for no file', async () => {
    inline(here({ label: 'FROM PAGE' }));
    answer(() => json(here({ label: 'FROM FILE' })));
    const state = await readPortalConfig();
    expect(state.status === 'ready' && [state.source, state.settings.label]).to.deep.equal(['page', 'FROM PAGE']);
    expect(asked).to.deep.equal([]);
  });

  it('ignores an element with the id that is not a JSON script', async () => {
    inline(here({ label: 'NOT JSON TYPE' }), 'text/plain');
    answer(() => json(here({ label: 'FROM FILE' })));
    const state = await readPortalConfig();
    expect(state.status === 'ready' && [state.source, state.settings.label]).to.deep.equal(['file', 'FROM FILE']);
  });

  it('else reads /portal-config.json on the page origin, no-cache, once per page; $environment follows it', async () => {
    answer(() => json(here({ label: 'UAT', headerColor: '#6a1b9a' })));
    expect($portalConfig.get()).to.deep.equal({ status: 'reading' });
    const [first, second] = await Promise.all([readPortalConfig(), readPortalConfig()]);
    expect(first).to.equal(second);
    expect(first.status === 'ready' && first.source).to.equal('file');
    expect(asked.map((call) => [call.url, call.init?.cache, call.init?.credentials])).to.deep.equal([[PORTAL_CONFIG_PATH, 'no-cache', 'same-origin']]);
    expect([$environment.get().label, $environment.get().headerColor, $environment.get().legacyOrigin]).to.deep.equal(['UAT', '#6a1b9a', 'https://legacy.example.com']);
    expect(logged).to.deep.equal([]);
  });

  it("falls back to the host-name rules on a 404 (this test page's host is dev)", async () => {
    answer(() => json({ message: 'Not Found' }, 404));
    const state = await readPortalConfig();
    expect(state).to.deep.equal({ status: 'ready', source: 'host', settings: hostEnvironment(location.origin) });
    expect($environment.get().name).to.equal('dev');
  });

  it('on a stage or production page, a 404 is a problem: only dev signs in by the host-name rules', async () => {
    answer(() => json({}, 404));
    for (const [origin, label] of [['https://stage.portal.example.com', 'STAGE'], ['https://portal.example.com', 'PROD']]) {
      expect(await readPageConfig(origin)).to.deep.equal({
        status: 'invalid', source: 'host', where: 'the host-name rules',
        problems: [`this ${label} page has no configuration document (neither <script id="portal-config"> nor /portal-config.json), and only dev signs in without one`],
      });
    }
  });

  it('refuses an invalid document, naming its problems in the store and in the console', async () => {
    answer(() => json(here({ clientId: '', protocolMode: 'saml' })));
    const state = await readPortalConfig();
    expect(state).to.deep.equal({ status: 'invalid', source: 'file', where: PORTAL_CONFIG_PATH, problems: [MISSING.clientId, MISSING.protocolMode] });
    expect(logged.map((args) => String(args[0]))).to.deep.equal([
      `Portal configuration (${PORTAL_CONFIG_PATH}) is not usable:\n- ${MISSING.clientId}\n- ${MISSING.protocolMode}`,
    ]);
    // The header keeps the host's label meanwhile.
    expect($environment.get().label).to.equal('DEV');
  });

  it("refuses an invalid inline document without asking for the file (the page's word is final)", async () => {
    inline('{ not json');
    answer(() => json(here()));
    const state = await readPortalConfig();
    expect(state.status === 'invalid' && [state.source, state.problems[0]?.startsWith('the document is not valid JSON')]).to.deep.equal(['page', true]);
    expect(asked).to.deep.equal([]);
  });

  it('says a failed read (a 500, an HTML page, the network) and does not fall back to the host-name rules', async () => {
    answer(() => json({}, 500));
    expect(await readPortalConfig()).to.deep.equal({ status: 'invalid', source: 'file', where: PORTAL_CONFIG_PATH, problems: ['the document could not be read (HTTP 500); reload the page to try again'] });
    resetPortalConfig();
    answer(() => new Response('<!doctype html><title>Home</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const html = await readPortalConfig();
    expect(html.status === 'invalid' && html.problems[0]).to.match(/^the document is not valid JSON/);
    resetPortalConfig();
    answer(() => { throw new TypeError('Failed to fetch'); });
    expect(await readPortalConfig()).to.deep.equal({ status: 'invalid', source: 'file', where: PORTAL_CONFIG_PATH, problems: ['the document could not be read (the network failed); reload the page to try again'] });
  });

  it(`gives up on the file after ${PORTAL_CONFIG_TIMEOUT_MS / 1000} s`, async () => {
    expect(PORTAL_CONFIG_TIMEOUT_MS).to.equal(10_000);
    answer(() => { throw new DOMException('signal timed out', 'TimeoutError'); });
    expect(await readPortalConfig()).to.deep.equal({ status: 'invalid', source: 'file', where: PORTAL_CONFIG_PATH, problems: ['the document could not be read (no answer in 10 s); reload the page to try again'] });
  });

  it("builds MSAL only once the document is read, from the document's settings", async () => {
    inline(here({ name: 'dev', clientId: 'second-client', protocolMode: 'OIDC', authority: 'https://localhost:8443/idp', knownAuthorities: ['localhost:8443'] }));
    const built: SignInSettings[] = [];
    resetAuth({
      buildClient: (settings) => {
        built.push(settings);
        expect($portalConfig.get().status).to.equal('ready');
        return { handleRedirectPromise: async () => null, getActiveAccount: () => null, getAllAccounts: () => [] } as unknown as AuthClient;
      },
    });
    await startAuth({ autoSignIn: false });
    expect(built.map((settings) => [settings.clientId, settings.authority, settings.redirectUri])).to.deep.equal([
      ['second-client', 'https://localhost:8443/idp', `${location.origin}/bridge.html`],
    ]);
    expect($session.get().status).to.equal('signedOut');
  });

  it('builds no MSAL with an unusable document: the session ends in error, with no second log line', async () => {
    inline(here({ authority: 'http://login.example.com' }));
    let builds = 0;
    resetAuth({ buildClient: () => { builds += 1; return {} as AuthClient; } });
    await startAuth();
    expect(builds).to.equal(0);
    expect($session.get().status).to.equal('error');
    expect(logged.length).to.equal(1);
  });
});
