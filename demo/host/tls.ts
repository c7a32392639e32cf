/**
 * The demo host's self-signed certificate for `localhost` (SAN DNS:localhost, IP:127.0.0.1),
 * generated once into the data folder and reused, so a browser exception or trust entry stays valid.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TlsFiles {
  /** PEM certificate (also usable as a trust anchor, e.g. NODE_EXTRA_CA_CERTS). */
  cert: string;
  /** PEM private key. */
  key: string;
  /** Where the certificate file lives. */
  certFile: string;
}

/** Certificate and key in `dir` (`localhost-cert.pem`, `localhost-key.pem`), created when missing. */
export async function ensureCertificate(dir: string): Promise<TlsFiles> {
  const certFile = path.join(dir, 'localhost-cert.pem');
  const keyFile = path.join(dir, 'localhost-key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) {
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
  }
  mkdirSync(dir, { recursive: true });
  const notBeforeDate = new Date(Date.now() - 24 * 3600 * 1000);
  const notAfterDate = new Date(notBeforeDate.getTime() + 825 * 24 * 3600 * 1000);
  // Loaded only to make one: every start after the first (and every test host) reads the files.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  writeFileSync(certFile, pems.cert);
  return { cert: pems.cert, key: pems.private, certFile };
}
