/**
 * `node --import tsx demo/host/main.ts [--port 8443] [--data .data] [--reset] [--scale] [--today YYYY-MM-DD]`
 * Starts the demo host and prints its URL and the demo accounts. `PORT` sets the default port.
 */
import { parseArgs } from 'node:util';
import { isDay } from '../../src/core/timecards/days';
import * as clock from '../../src/core/clock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { createHost, DEFAULT_PORT } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    data: { type: 'string', default: '.data' },
    reset: { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    today: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(`Usage: node --import tsx demo/host/main.ts [options]
  --port <n>      https port (default $PORT or ${DEFAULT_PORT})
  --data <dir>    data folder: certificate, keys, database (default .data)
  --reset         delete and recreate the database
  --scale         add the benchmark project (100,000+ transactions, 5,000 budget lines)
  --today <day>   run as of another day (YYYY-MM-DD): the one clock starts there and runs on`);
  process.exit(0);
}

const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}

if (values.today !== undefined) {
  if (!isDay(values.today) || values.today.length !== 10) {
    console.error(`Invalid --today: ${values.today} (a day as YYYY-MM-DD)`);
    process.exit(2);
  }
  // Before the host opens the database: a new seed is made as of this day, and every "now" reads it.
  clock.pinClock(values.today, { running: true });
}

const host = await createHost({ port, dataDir: values.data, reset: values.reset, scale: values.scale });

function rolesSummary(roles: Array<{ applicationKey: string; name: string }>): string {
  if (roles.length > 1 && roles.every((role) => role.name === 'Admin')) return 'Admin on every application key';
  return roles.map((role) => `${role.applicationKey}: ${role.name}`).join(', ');
}

const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.login.length));
console.log(`\nDemo host running at ${host.url}/`);
console.log(`Identity provider: ${host.issuer}   Data folder: ${host.dataDir}`);
if (values.today) console.log(`Running as of ${clock.today()} (--today): the current period is ${clock.currentPeriod()}.`);
console.log(`The certificate is self-signed: accept it in the browser or trust ${host.dataDir}/localhost-cert.pem.\n`);
console.log(`Demo accounts (password "${DEMO_PASSWORD}" for all):`);
for (const account of DEMO_ACCOUNTS) {
  console.log(`  ${account.login.padEnd(width)}  ${account.preferredName.padEnd(16)} ${rolesSummary(account.roles)}${account.betaUser ? ' (beta user)' : ''}`);
}
console.log('\nPress Ctrl+C to stop.');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the demo host…`);
  await host.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
