/**
 * Seeds, once per run, the database every API test host starts from a copy of (each file used to migrate and seed
 * its own: about a second of CPU per file), with the identity provider's keys beside it; prints its file. Used by scripts/run-api-tests.mjs. Hosts with the
 * benchmark project (`scale`) still seed their own. The seed is relative to its day: this one is made on
 * TEST_SEED_DAY (the clock pinned), so the tests' fixed dates hold whatever day they run; with the envelopes the host
 * makes at start on a fresh seed, made as of that day too.
 */
import path from 'node:path';
import { ensureIdpKeys } from '../../../demo/host/idp/index';
import { openTestDatabase, seedTestEnvelopes } from './seed-day';

const dir = process.argv[2];
if (!dir) throw new Error('usage: prepare-seed.ts <dir>');
const file = path.join(path.resolve(dir), 'seeded.sqlite');
const db = openTestDatabase({ file, reset: true });
await seedTestEnvelopes(db);
// One self-contained file to copy: the write-ahead log folded in.
db.pragma('journal_mode = DELETE');
db.close();
// The identity provider's keys too: generating an RSA key in every test host cost a quarter second of CPU per file.
ensureIdpKeys(path.dirname(file));
process.stdout.write(file);
