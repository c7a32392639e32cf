/**
 * Issue 33, deploying: the demo host's cache headers per file kind (hashed chunks immutable, the loader, pages and the
 * configuration document no-cache), the previous release's hashed chunks still served, compression by Accept-Encoding,
 * and `npm run smoke` (scripts/smoke.mjs) passing against the host and naming what a broken host gets wrong.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DIST_DIR, IMMUTABLE, PREVIOUS_DIST_DIR } from '../../demo/host/pages';
import { DEV_REDIRECT_BRIDGE_PATH } from '../../src/core/env';
import { smoke, smokeReport } from '../../scripts/smoke.mjs';
import { useTestHost } from './support/use-host';

const { host } = useTestHost();

/** The largest hashed chunk the loader names (the build's). */
const loaderChunk = (): string => {
  const chunks = [...readFileSync(path.join(DIST_DIR, 'loader.js'), 'utf8').matchAll(/["']\.\/([\w/.-]+-[\w-]{8}\.js)["']/g)].map((match) => match[1] as string);
  assert.ok(chunks.length, 'the loader names chunks');
  const size = (chunk: string) => readFileSync(path.join(DIST_DIR, chunk)).length;
  return chunks.reduce((largest, chunk) => (size(chunk) > size(largest) ? chunk : largest));
};

/** A GET whose body is read as sent (fetch would decode it). */
function rawGet(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(host.url + pathAndQuery, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cache headers per file kind', () => {
  it('hashed chunks are immutable for a year; the loader, the manifest, pages and the bridge revalidate', async () => {
    const chunk = loaderChunk();
    const cacheOf = async (target: string) => {
      const response = await fetch(host.url + target);
      await response.arrayBuffer();
      assert.equal(response.status, 200, target);
      return response.headers.get('cache-control');
    };
    assert.equal(IMMUTABLE, 'public, max-age=31536000, immutable');
    assert.equal(await cacheOf(`/dist/${chunk}`), IMMUTABLE);
    assert.equal(await cacheOf(`/dist/${chunk}.map`), IMMUTABLE, 'a chunk’s source map');
    assert.equal(await cacheOf('/dist/loader.js'), 'no-cache');
    assert.equal(await cacheOf('/dist/custom-elements.json'), 'no-cache');
    for (const page of ['/', '/pfm/projects', DEV_REDIRECT_BRIDGE_PATH]) assert.equal(await cacheOf(page), 'no-cache', page);
    const config = await fetch(`${host.url}/portal-config.json`);
    await config.arrayBuffer();
    if (config.status !== 404) assert.equal(config.headers.get('cache-control'), 'no-cache', '/portal-config.json');
  });

  describe("the previous release's hashed chunks stay served", () => {
    const previousChunk = 'elements/previous-release-AbCd_123.js';
    const previousLoader = 'previous-only-entry.js';
    after(() => {
      rmSync(path.join(PREVIOUS_DIST_DIR, previousChunk), { force: true });
      rmSync(path.join(PREVIOUS_DIST_DIR, previousLoader), { force: true });
    });

    it('a hashed file only the previous release has is served immutable; an unhashed one is not served from it', async () => {
      mkdirSync(path.join(PREVIOUS_DIST_DIR, 'elements'), { recursive: true });
      writeFileSync(path.join(PREVIOUS_DIST_DIR, previousChunk), 'export const previous = 1;\n');
      writeFileSync(path.join(PREVIOUS_DIST_DIR, previousLoader), 'export const previous = 1;\n');
      const chunk = await fetch(`${host.url}/dist/${previousChunk}`);
      assert.equal(chunk.status, 200);
      assert.match(chunk.headers.get('content-type') ?? '', /javascript/);
      assert.equal(chunk.headers.get('cache-control'), IMMUTABLE);
      assert.equal(await chunk.text(), 'export const previous = 1;\n');
      const loader = await fetch(`${host.url}/dist/${previousLoader}`);
      assert.equal(loader.status, 404, 'a file without a hash is the current release’s or nothing');
      assert.equal((await fetch(`${host.url}/dist/elements/..%2f..%2fpackage.json`)).status, 404);
    });
  });
});

describe('compression', () => {
  it('a chunk asked with Accept-Encoding: br comes back brotli, smaller, the same bytes; gzip when only gzip is allowed', async () => {
    const chunk = `/dist/${loaderChunk()}`;
    const plain = await rawGet(chunk);
    assert.equal(plain.headers['content-encoding'], undefined, 'no encoding when none is accepted');
    const br = await rawGet(chunk, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.ok(br.body.length < plain.body.length * 0.6, `br ${br.body.length} bytes against ${plain.body.length}`);
    assert.deepEqual(brotliDecompressSync(br.body), plain.body);
    assert.equal(br.headers['cache-control'], IMMUTABLE, 'compression keeps the cache header');
    const gzip = await rawGet(chunk, { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.body), plain.body);
  });

  it('HTML, CSS and JSON are compressed too', async () => {
    for (const [target, type, headers] of [
      ['/costmanagement/costmanagement/cm?projectId=1', /text\/html/, {}],
      ['/demo/bootstrap3-like.css', /text\/css/, {}],
      ['/dist/custom-elements.json', /application\/json/, {}],
    ] as const) {
      const plain = await rawGet(target, headers);
      assert.equal(plain.status, 200, target);
      assert.match(String(plain.headers['content-type']), type, target);
      assert.ok(plain.body.length > 1024, `${target} is over the 1 KB threshold (${plain.body.length})`);
      const br = await rawGet(target, { ...headers, 'accept-encoding': 'br' });
      assert.equal(br.headers['content-encoding'], 'br', target);
      assert.ok(br.body.length < plain.body.length, target);
    }
  });
});

describe('npm run smoke against the demo host', () => {
  it('passes', async () => {
    const result = await smoke(host.url);
    assert.ok(result.ok, smokeReport(result).join('\n'));
    assert.deepEqual(result.checks.map((check) => check.name), [
      'configuration document (/portal-config.json)', 'loader (/dist/loader.js)', 'a chunk', 'redirect bridge',
      'security headers (the portal page)', "authority's OpenID metadata",
    ]);
  });

  it('names what a host that sends no cache header, no compression and no CSP gets wrong', async () => {
    const broken: typeof fetch = async (input, init) => {
      const response = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'accept-encoding': 'identity' } });
      const headers = new Headers(response.headers);
      for (const name of ['cache-control', 'content-security-policy', 'strict-transport-security']) headers.delete(name);
      return new Response(response.status === 204 || response.status === 304 ? null : await response.arrayBuffer(), { status: response.status, headers });
    };
    const result = await smoke(host.url, { fetch: broken });
    assert.equal(result.ok, false);
    const problems = result.checks.flatMap((check) => check.problems).join('\n');
    assert.match(problems, /\/dist\/[\w/.-]+-[\w-]{8}\.js: Cache-Control is '', not 'public, max-age=31536000, immutable'/);
    assert.match(problems, /\/dist\/loader\.js: Cache-Control is '', not no-cache/);
    assert.match(problems, /\/dist\/loader\.js: not compressed/);
    assert.match(problems, /\/: no Content-Security-Policy/);
    assert.match(problems, /Strict-Transport-Security max-age is missing/);
  });
});
