// `npm run smoke -- https://stage.example.com`: checks a deployed origin the way a browser will use it and prints what is
// wrong (exit 1 when anything is): the configuration document, the loader, one chunk and the redirect bridge with their
// types, cache headers and compression, the security headers, and the authority's OpenID metadata.
// `npm test` runs the same checks against the demo host (tests/api/smoke.test.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_SECURITY_POLICY } from '../demo/host/security-headers.ts';
import { DEV_REDIRECT_BRIDGE_PATH } from '../src/core/env.ts';
import { parsePortalConfig, PORTAL_CONFIG_PATH } from '../src/core/config.ts';

const JS = /^(text|application)\/javascript\b/i;
const YEAR = 31536000;
/** The CSP directives the bundle needs, as the demo host sends them (demo/host/security-headers.ts). */
const CSP_DIRECTIVES = CONTENT_SECURITY_POLICY.split(';').map((part) => part.trim().split(/\s+/)[0]);

const directive = (csp, name) => csp.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name)?.slice(1);

/** What is wrong with the security headers of one answer (`what` names it). */
function securityProblems(what, headers) {
  const problems = [];
  const csp = headers.get('content-security-policy');
  if (!csp) problems.push(`${what}: no Content-Security-Policy`);
  else {
    for (const name of CSP_DIRECTIVES) if (!directive(csp, name)) problems.push(`${what}: the CSP has no ${name}`);
    const scripts = directive(csp, 'script-src') ?? directive(csp, 'default-src') ?? [];
    if (scripts.some((source) => /unsafe-inline|unsafe-eval|^\*$|^https?:$/.test(source))) problems.push(`${what}: the CSP's script-src allows ${scripts.join(' ')}`);
  }
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push(`${what}: X-Content-Type-Options is not nosniff`);
  if (!headers.get('referrer-policy')) problems.push(`${what}: no Referrer-Policy`);
  const hsts = Number(/max-age=(\d+)/.exec(headers.get('strict-transport-security') ?? '')?.[1] ?? 0);
  if (hsts < YEAR) problems.push(`${what}: Strict-Transport-Security max-age is ${hsts || 'missing'} (at least ${YEAR})`);
  return problems;
}

/** What is wrong with a file's type, cache header and compression. */
function fileProblems(what, response, { type, cache, compressed = true }) {
  const problems = [];
  const h = (name) => response.headers.get(name) ?? '';
  if (response.status !== 200) return [`${what}: answered ${response.status}`];
  if (!type.test(h('content-type'))) problems.push(`${what}: Content-Type is '${h('content-type')}'`);
  const cacheControl = h('cache-control');
  if (cache === 'immutable' && !(new RegExp(`max-age=${YEAR}\\b`).test(cacheControl) && /\bimmutable\b/.test(cacheControl) && /\bpublic\b/.test(cacheControl))) {
    problems.push(`${what}: Cache-Control is '${cacheControl}', not 'public, max-age=${YEAR}, immutable'`);
  }
  if (cache === 'no-cache' && !/\bno-cache\b|\bno-store\b|\bmax-age=0\b/.test(cacheControl)) problems.push(`${what}: Cache-Control is '${cacheControl}', not no-cache`);
  if (compressed && !/^(br|gzip)$/.test(h('content-encoding'))) problems.push(`${what}: not compressed (Content-Encoding '${h('content-encoding')}')`);
  if (compressed && h('content-encoding') && !/accept-encoding/i.test(h('vary'))) problems.push(`${what}: compressed without Vary: Accept-Encoding`);
  return problems;
}

/**
 * Check a deployed origin. Answers one entry per check, each with its problems (none: it passed) and what it saw.
 * `fetch` is the global one unless given (tests).
 */
export async function smoke(origin, { fetch: get = globalThis.fetch } = {}) {
  const base = new URL(origin).origin;
  const fetchFrom = (url, init = {}) => get(new URL(url, base), { redirect: 'manual', ...init, headers: { 'accept-encoding': 'br, gzip', ...init.headers } });
  const checks = [];
  const check = async (name, run) => {
    const entry = { name, problems: [], notes: [] };
    try {
      await run(entry);
    } catch (error) {
      entry.problems.push(`could not check: ${error instanceof Error ? error.message : String(error)}`);
    }
    checks.push(entry);
  };

  // 1. The configuration document.
  let settings;
  await check(`configuration document (${PORTAL_CONFIG_PATH})`, async (entry) => {
    const response = await fetchFrom(PORTAL_CONFIG_PATH);
    if (response.status === 404) {
      entry.problems.push(`missing: ${PORTAL_CONFIG_PATH} answers 404 (stage and production show a configuration problem instead of signing in)`);
      return;
    }
    entry.problems.push(...fileProblems(PORTAL_CONFIG_PATH, response, { type: /^application\/json\b/i, cache: 'no-cache', compressed: false }));
    const text = await response.text();
    const result = parsePortalConfig(text, base);
    if (result.ok) settings = result.settings;
    else entry.problems.push(...result.problems.map((problem) => `invalid: ${problem}`));
  });

  // 2. The loader and one chunk it names.
  let chunk;
  await check('loader (/dist/loader.js)', async (entry) => {
    const response = await fetchFrom('/dist/loader.js');
    entry.problems.push(...fileProblems('/dist/loader.js', response, { type: JS, cache: 'no-cache' }));
    entry.problems.push(...securityProblems('/dist/loader.js', response.headers));
    const code = response.status === 200 ? await response.text() : '';
    chunk = /["']\.\/([\w/.-]+-[\w-]{8}\.js)["']/.exec(code)?.[1];
    if (response.status === 200 && !chunk) entry.problems.push('/dist/loader.js names no hashed chunk');
  });
  await check('a chunk', async (entry) => {
    if (!chunk) {
      entry.problems.push('no chunk to check (the loader did not load)');
      return;
    }
    entry.notes.push(`/dist/${chunk}`);
    const response = await fetchFrom(`/dist/${chunk}`);
    entry.problems.push(...fileProblems(`/dist/${chunk}`, response, { type: JS, cache: 'immutable' }));
  });

  // 3. The redirect bridge page (the document's redirectUri) and its script.
  await check('redirect bridge', async (entry) => {
    const bridge = settings?.signIn.redirectUri ?? new URL(DEV_REDIRECT_BRIDGE_PATH, base).href;
    entry.notes.push(bridge);
    if (new URL(bridge).origin !== base) entry.problems.push(`the bridge ${bridge} is not on ${base}`);
    const response = await fetchFrom(bridge);
    entry.problems.push(...fileProblems(bridge, response, { type: /^text\/html\b/i, cache: 'no-cache', compressed: false }));
    entry.problems.push(...securityProblems(bridge, response.headers));
    const html = response.status === 200 ? await response.text() : '';
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
    if (response.status === 200 && !scripts.length) entry.problems.push(`${bridge} loads no script`);
    for (const src of scripts) {
      const script = await fetchFrom(new URL(src, bridge).href);
      entry.problems.push(...fileProblems(src, script, { type: JS, cache: 'any', compressed: false }));
    }
  });

  // 4. The portal page's security headers; the authority reachable under the CSP.
  await check('security headers (the portal page)', async (entry) => {
    const response = await fetchFrom('/');
    await response.arrayBuffer();
    if (response.status !== 200) entry.problems.push(`/ answered ${response.status}`);
    else if (!/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) entry.problems.push(`/ is '${response.headers.get('content-type')}', not HTML`);
    entry.problems.push(...securityProblems('/', response.headers));
    const authority = settings?.signIn.authority;
    const connect = directive(response.headers.get('content-security-policy') ?? '', 'connect-src') ?? [];
    if (authority && new URL(authority).origin !== base && !connect.some((source) => source === new URL(authority).origin || source === `${new URL(authority).origin}/`)) {
      entry.problems.push(`the CSP's connect-src does not allow the authority ${new URL(authority).origin} (MSAL cannot reach its token endpoint)`);
    }
  });

  // 5. The authority's OpenID metadata.
  await check("authority's OpenID metadata", async (entry) => {
    if (!settings) {
      entry.problems.push('no valid configuration document: the authority is unknown');
      return;
    }
    const { authority, protocolMode } = settings.signIn;
    // MSAL asks Entra ID (AAD) for the v2.0 metadata; an OIDC authority is its issuer.
    const url = `${authority.replace(/\/$/, '')}${protocolMode === 'AAD' && !/\/v2\.0$/.test(authority) ? '/v2.0' : ''}/.well-known/openid-configuration`;
    entry.notes.push(url);
    const response = await get(url);
    if (response.status !== 200) {
      entry.problems.push(`${url} answered ${response.status}`);
      return;
    }
    const metadata = await response.json();
    for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
      if (typeof metadata[field] !== 'string') entry.problems.push(`the metadata has no ${field}`);
    }
  });

  return { origin: base, ok: checks.every((entry) => !entry.problems.length), checks };
}

/** The report as lines: each check, then what is wrong with it. */
export function smokeReport(result) {
  const lines = [`Smoke check of ${result.origin}:`];
  for (const entry of result.checks) {
    lines.push(`${entry.problems.length ? 'FAIL' : 'ok  '}  ${entry.name}${entry.notes.length ? ` (${entry.notes.join('; ')})` : ''}`);
    for (const problem of entry.problems) lines.push(`        - ${problem}`);
  }
  lines.push(result.ok ? 'Everything checked is as the deployment guide says.' : 'Something is wrong: see README "Deploying".');
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const origin = process.argv[2];
  if (!origin || !/^https?:\/\//.test(origin)) {
    console.error('Usage: npm run smoke -- https://stage.example.com');
    process.exit(2);
  }
  const result = await smoke(origin);
  for (const line of smokeReport(result)) console.log(line);
  process.exit(result.ok ? 0 : 1);
}
