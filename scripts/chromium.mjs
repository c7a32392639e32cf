// Finds a Chromium for the browser tests, installing Debian's when none is present.
// Playwright's own browser download cannot reach its servers from our machines, so Debian's package comes first.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

/** Flags every headless Chromium of ours runs with (our network is closed; background calls only fail). */
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const candidates = () => [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);

/** The path of a Chromium binary, or undefined. */
export function findChromium() {
  return candidates().find((path) => existsSync(path));
}

/** A Chromium path; installs one (apt-get as root on Debian, else Playwright's installer) when missing. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium from Debian packages (apt-get)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.log('Installing Chromium with Playwright…');
    execSync('npx playwright install chromium', { stdio: 'inherit' });
    return undefined; // Playwright finds its own build
  }
  const path = findChromium();
  if (!path) throw new Error('Chromium could not be installed; set CHROME_PATH to a Chromium binary.');
  return path;
}
