// The identity provider keeps its sessions, grants and refresh tokens in the host's database
// (demo/host/idp/adapter.ts): a restarted demo host still honours a refresh token issued before.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_CLIENT_ID, DEV_RESOURCES } from '../../src/core/env';
import { createHost } from '../../demo/host/server';
import { DEFAULT_TEST_TLS_DIR, signInOverHttp } from './support/host';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bizapps-idp-'));
const tlsDir = process.env.TEST_TLS_DIR ?? DEFAULT_TEST_TLS_DIR;
after(() => rmSync(dataDir, { recursive: true, force: true }));

/** A port free right now (the host must come back on the same origin, so the issuer stays). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function refresh(url: string, refreshToken: string): Promise<Response> {
  return fetch(`${url}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DEV_CLIENT_ID, resource: DEV_RESOURCES.api.identifier }).toString(),
  });
}

async function currentUserEmail(url: string, accessToken: string): Promise<string> {
  const me = await fetch(`${url}/api/employees/GetCurrentUser`, { headers: { authorization: `Bearer ${accessToken}` } });
  assert.equal(me.status, 200);
  return ((await me.json()) as { data: { email: string } }).data.email;
}

describe('identity provider storage', () => {
  it('a refresh token issued before a restart still gives a working access token after it', async () => {
    const port = await freePort();
    const first = await createHost({ port, dataDir, tlsDir, reset: true });
    let tokens: { access_token: string; refresh_token?: string };
    let email: string;
    try {
      tokens = await signInOverHttp(first.url, 'pm');
      email = await currentUserEmail(first.url, tokens.access_token);
      assert.ok(tokens.refresh_token, 'sign-in gives a refresh token');
      const entries = first.db.prepare('SELECT count(*) AS n FROM oidc_entries WHERE model = ?').get('RefreshToken') as { n: number };
      assert.equal(entries.n, 1);
    } finally {
      await first.close();
    }

    const second = await createHost({ port, dataDir, tlsDir, reset: false });
    try {
      const response = await refresh(second.url, tokens.refresh_token!);
      assert.equal(response.status, 200, await response.clone().text());
      const renewed = (await response.json()) as { access_token: string };
      assert.equal(await currentUserEmail(second.url, renewed.access_token), email);
      // A made-up refresh token is still refused.
      assert.equal((await refresh(second.url, 'not-a-refresh-token')).status, 400);
    } finally {
      await second.close();
    }
  });
});
