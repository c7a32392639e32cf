// `npm start [-- --no-build] [-- --reset --scale --port 8443 --data .data]`: builds the bundle
// (unless --no-build), then runs the demo host in the foreground, passing the other arguments on.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const hostArgs = args.filter((arg) => arg !== '--no-build');

if (build) {
  console.log('Building the bundle (npx rollup -c)…');
  const result = spawnSync('npx', ['rollup', '-c'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const host = spawn(process.execPath, ['--import', 'tsx', 'demo/host/main.ts', ...hostArgs], { stdio: 'inherit' });
// Hand Ctrl+C / SIGTERM to the host, which closes cleanly, and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
host.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
