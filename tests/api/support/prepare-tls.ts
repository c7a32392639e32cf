/** Creates (once) the certificate the API tests' hosts share; prints its file. Used by scripts/run-api-tests.mjs. */
import { ensureCertificate } from '../../../demo/host/tls';

const dir = process.argv[2];
if (!dir) throw new Error('usage: prepare-tls.ts <dir>');
const { certFile } = await ensureCertificate(dir);
process.stdout.write(certFile);
