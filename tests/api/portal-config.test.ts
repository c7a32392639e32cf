/**
 * Issue 33: the demo host serves its own portal configuration document, so dev signs in through the same path as
 * stage and production: JSON, no-cache (a changed document is read on the next page load), the dev settings (its
 * identity provider, the DEV_RESOURCES scopes, its redirect bridge), valid by the same check the browser runs.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePortalConfig, PORTAL_CONFIG_PATH } from '../../src/core/config';
import { DEV_CLIENT_ID, DEV_REDIRECT_BRIDGE_PATH, DEV_RESOURCES, hostEnvironment } from '../../src/core/env';
import { useTestHost } from './support/use-host';

const { host } = useTestHost();

describe('the demo host serves /portal-config.json', () => {
  it('as JSON, no-cache, with the dev settings the browser accepts', async () => {
    const response = await fetch(host.url + PORTAL_CONFIG_PATH);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const result = parsePortalConfig(await response.text(), host.url);
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.ignored, []);
    assert.deepEqual(result.settings, hostEnvironment(host.url));
    assert.deepEqual(result.settings.signIn, {
      authority: host.issuer,
      clientId: DEV_CLIENT_ID,
      knownAuthorities: [new URL(host.url).host],
      protocolMode: 'OIDC',
      scopes: { api: DEV_RESOURCES.api.scope, bi: DEV_RESOURCES.bi.scope, ai: DEV_RESOURCES.ai.scope, search: DEV_RESOURCES.search.scope },
      redirectUri: host.url + DEV_REDIRECT_BRIDGE_PATH,
      postLogoutRedirectUri: `${host.url}/`,
    });
    assert.equal(result.settings.legacyOrigin, host.url);
  });

  it('names an authority whose OpenID metadata answers with that issuer, and a bridge page the host serves', async () => {
    const doc = (await (await fetch(host.url + PORTAL_CONFIG_PATH)).json()) as { authority: string; redirectUri: string };
    const metadata = await fetch(`${doc.authority}/.well-known/openid-configuration`);
    assert.equal(metadata.status, 200);
    assert.equal(((await metadata.json()) as { issuer: string }).issuer, doc.authority);
    const bridge = await fetch(doc.redirectUri);
    assert.equal(bridge.status, 200);
    assert.match(bridge.headers.get('content-type') ?? '', /^text\/html/);
  });

  it('answers HEAD and is no portal route (a POST is a 404)', async () => {
    const head = await fetch(host.url + PORTAL_CONFIG_PATH, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('cache-control'), 'no-cache');
    const post = await fetch(host.url + PORTAL_CONFIG_PATH, { method: 'POST' });
    assert.equal(post.status, 404);
  });
});
