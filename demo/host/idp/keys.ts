/**
 * The identity provider's signing key (RSA, as a private JWK) and cookie keys, generated once into
 * the data folder beside the certificate so tokens and sessions survive a restart.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';

/** A private RSA JWK (what oidc-provider's `jwks.keys` takes). */
export interface PrivateJwk {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
  d: string;
  p: string;
  q: string;
  dp: string;
  dq: string;
  qi: string;
}

export interface IdpKeys {
  signingKey: PrivateJwk;
  cookieKeys: string[];
}

/** The public half of a private RSA JWK (what resource servers verify with). */
export function publicJwk(key: PrivateJwk): { kty: 'RSA'; kid: string; alg: 'RS256'; use: 'sig'; n: string; e: string } {
  return { kty: key.kty, kid: key.kid, alg: key.alg, use: key.use, n: key.n, e: key.e };
}

/** Read `idp-keys.json` from `dir`, creating it on first use. */
export function ensureIdpKeys(dir: string): IdpKeys {
  const file = path.join(dir, 'idp-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as IdpKeys;
  mkdirSync(dir, { recursive: true });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Omit<PrivateJwk, 'kid' | 'alg' | 'use'>;
  const keys: IdpKeys = {
    signingKey: { ...jwk, kty: 'RSA', kid: randomUUID(), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
